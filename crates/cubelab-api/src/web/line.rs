//! The `cubelab` command line of a web request ([`command_line`]), for work refused or
//! stopped: the message says which command does it.
//!
//! The command line's shape of each web command (its positional arguments, its flags, in
//! the order clap declares them) is stored in `command-lines.json` beside this file
//! ([`SHAPES_JSON`]), written from the CLI's own clap definition and checked against it by
//! the CLI's tests (`command_lines_match_clap`), so that the typed layer, the server and
//! the browser's worker (which has no clap) print the same line.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The stored shapes of the web commands' command lines (`command-lines.json`: an object
/// from command path to [`CommandShape`], pretty-printed, ending with a newline).
pub const SHAPES_JSON: &str = include_str!("command-lines.json");

/// Where [`SHAPES_JSON`] lives in the repository (the CLI's test rewrites it with
/// `UPDATE_COMMAND_LINES=1`).
pub const SHAPES_FILE: &str = "crates/cubelab-api/src/web/command-lines.json";

/// The shape of one command's command line: what [`command_line`] reads a request into.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandShape {
    /// The ids of the positional arguments (request keys), in order.
    pub positional: Vec<String>,
    /// The flags: request key and the flag (`["improper", "--improper"]`), in order.
    /// Output-only flags (`--json`, `--output`, `--checkpoint`, ...) are not listed.
    pub flags: Vec<(String, String)>,
    /// Whether the command takes `--json` (added at the end).
    pub json: bool,
}

fn shapes() -> &'static BTreeMap<String, CommandShape> {
    static SHAPES: OnceLock<BTreeMap<String, CommandShape>> = OnceLock::new();
    SHAPES.get_or_init(|| serde_json::from_str(SHAPES_JSON).expect("command-lines.json is valid (tested)"))
}

/// The `cubelab` command line that prints what [`super::run`] returns for `input`
/// (positional arguments first, then the flags, quoted for a POSIX shell where needed):
/// each key of `input` is the id of one of the command's arguments. A file's contents
/// (`print picture`'s `images`) are named by `names`, or `FILE1`, `FILE2`, ...
pub fn command_line(command: &str, input: &Value) -> String {
    let mut words: Vec<String> =
        std::iter::once("cubelab").chain(command.split_whitespace()).map(String::from).collect();
    let Some(shape) = shapes().get(command) else {
        return format!("cubelab {command}");
    };
    let Some(obj) = input.as_object() else {
        return words.join(" ");
    };
    let text = |v: &Value| match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    let values = |id: &str| -> Vec<String> {
        if let Some((_, names)) = super::FILE_CONTENTS.iter().find(|(c, _)| *c == id) {
            let files = obj.get(id).and_then(Value::as_array).map_or(0, Vec::len);
            let given: Vec<String> = obj
                .get(*names)
                .and_then(Value::as_array)
                .map(|n| n.iter().filter_map(text).collect())
                .unwrap_or_default();
            return if given.len() == files { given } else { (1..=files).map(|i| format!("FILE{i}")).collect() };
        }
        match obj.get(id) {
            Some(Value::Array(items)) => items.iter().filter_map(text).collect(),
            Some(v) => text(v).into_iter().collect(),
            None => Vec::new(),
        }
    };
    for id in &shape.positional {
        words.extend(values(id).iter().map(|v| quote(v)));
    }
    for (id, long) in &shape.flags {
        match obj.get(id.as_str()) {
            Some(Value::Bool(true)) => words.push(long.clone()),
            _ => {
                for v in values(id) {
                    words.push(format!("{long} {}", quote(&v)));
                }
            }
        }
    }
    if shape.json {
        words.push("--json".into());
    }
    words.join(" ")
}

/// `s` quoted for a POSIX shell when it holds anything but letters, digits and `-_.,/=:`.
fn quote(s: &str) -> String {
    if !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_.,/=:".contains(c)) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_web_command_has_a_shape() {
        for c in super::super::COMMANDS.iter().chain(super::super::FILE_COMMANDS) {
            assert!(shapes().contains_key(*c), "{c} has no shape in command-lines.json");
        }
    }

    #[test]
    fn a_picture_request_shows_the_files_names_not_their_contents() {
        let images = vec!["iVBORw0KGgo="; 6];
        let names = ["a.png", "b.png", "my c.png", "d.png", "e.png", "f.png"];
        let input = json!({ "images": images, "names": names, "rows": 2, "cols": 3, "format": "pdf" });
        let light = super::super::command_input(&input);
        assert_eq!(light["images"], json!(["", "", "", "", "", ""]));
        assert_eq!(light["names"], input["names"]);
        assert_eq!(
            command_line("print picture", &light),
            "cubelab print picture --images a.png --images b.png --images 'my c.png' --images d.png --images e.png \
             --images f.png --rows 2 --cols 3 --format pdf"
        );
        let unnamed = super::super::command_input(&json!({ "images": images, "rows": 1, "cols": 1 }));
        assert!(
            command_line("print picture", &unnamed).starts_with("cubelab print picture --images FILE1 --images FILE2")
        );
    }
}
