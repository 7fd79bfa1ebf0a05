//! What the web server runs, apart from HTTP: the typed layer's [`cubelab_api::web`]
//! (its commands, [`run`], [`print()`](fn@print), [`ApiError`] with the HTTP statuses,
//! and [`command_line`] for work refused or stopped), re-exported here, and the one thing
//! only the command line knows: the shape of each command's command line, read off clap's
//! definition ([`command_shapes`]), which the typed layer stores
//! (`crates/cubelab-api/src/web/command-lines.json`, checked against clap by the tests).
//!
//! ```
//! use cubelab_cli::web::{run, ErrorKind};
//! let ctx = cubelab_api::Context::new().with_limits(cubelab_api::Limits::default());
//! let json = run("show", serde_json::json!({ "cube": "Ab" }), &ctx).unwrap();
//! assert!(json.starts_with("{\n  \"kind\": \"show\""));
//! let bad = run("show", serde_json::json!({ "cube": "Zz" }), &ctx).unwrap_err();
//! assert_eq!(bad.kind(), ErrorKind::BadInput);
//! let many = serde_json::json!({ "blocks": vec!["Ab"; 40] });
//! let refused = run("build", many, &ctx).unwrap_err();
//! assert!(refused.command().unwrap().starts_with("cubelab build Ab Ab"));
//! ```

use crate::cli;
pub use cubelab_api::web::{
    command_input, command_line, error_body, input, print, run, ApiError, CommandShape, ErrorKind, COMMANDS,
    FILE_COMMANDS,
};
use std::collections::BTreeMap;

/// Argument ids that only choose where or how output goes, or name a file: never part
/// of the command line shown for a request ([`command_line`]; `--json` is added).
const OUTPUT_ONLY: &[&str] = &[
    "json",
    "csv",
    "svg",
    "plot",
    "output",
    "checkpoint",
    "resume",
    "force",
    "stop_after",
    "stop_after_layer",
    "max_memory",
    "table",
    "save_table",
];

/// The command-line shape of every web command ([`COMMANDS`], [`FILE_COMMANDS`]), read
/// off the program's own definition of the commands (clap's), as the pretty JSON the
/// typed layer stores (`cubelab_api::web::SHAPES_FILE`).
pub fn command_shapes() -> String {
    let mut shapes = BTreeMap::new();
    for command in COMMANDS.iter().chain(FILE_COMMANDS) {
        let mut cmd = cli::command();
        for p in command.split_whitespace() {
            cmd = cmd.find_subcommand(p).unwrap_or_else(|| panic!("no subcommand {command}")).clone();
        }
        let args: Vec<&clap::Arg> = cmd
            .get_arguments()
            .filter(|a| {
                let id = a.get_id().as_str();
                id != "help" && id != "version" && !OUTPUT_ONLY.contains(&id)
            })
            .collect();
        let shape = CommandShape {
            positional: args.iter().filter(|a| a.is_positional()).map(|a| a.get_id().to_string()).collect(),
            flags: args
                .iter()
                .filter(|a| !a.is_positional())
                .map(|a| (a.get_id().to_string(), format!("--{}", a.get_long().unwrap_or(a.get_id().as_str()))))
                .collect(),
            json: cmd.get_arguments().any(|a| a.get_id() == "json"),
        };
        shapes.insert(command.to_string(), shape);
    }
    serde_json::to_string_pretty(&shapes).expect("JSON") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stored shapes are clap's (rewrite them with `UPDATE_COMMAND_LINES=1 cargo test
    /// -p cubelab-cli --lib command_lines_match_clap`).
    #[test]
    fn command_lines_match_clap() {
        let now = command_shapes();
        if std::env::var_os("UPDATE_COMMAND_LINES").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../cubelab-api/src/web/command-lines.json");
            std::fs::write(path, &now).unwrap();
            return;
        }
        assert_eq!(
            cubelab_api::web::SHAPES_JSON,
            now,
            "the command-line shapes changed: run UPDATE_COMMAND_LINES=1 cargo test -p cubelab-cli --lib command_lines_match_clap"
        );
    }
}
