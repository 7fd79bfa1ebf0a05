//! What the web server runs, apart from HTTP: its commands ([`COMMANDS`]), one request
//! run as the server answers it ([`run`]: the body deserialized straight into the
//! command's typed request by `cubelab_api::run_any`, the report rendered as the JSON
//! `cubelab COMMAND ... --json` prints), its errors with their HTTP statuses
//! ([`ApiError`]) and, for work refused or stopped, the command line that does it
//! ([`command_line`]).
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
use serde_json::Value;
use std::fmt;

/// The commands the web server runs (command paths, subcommands separated by a space), in
/// the order `GET /api/commands` lists them, before [`FILE_COMMANDS`] (the print
/// commands, answered with files). Every other command is refused: the censuses take
/// minutes (their published results are stored, `docs/data/census/`), the merges read
/// files, `completions`, `man` and `serve` are not computations.
pub const COMMANDS: &[&str] = &[
    "cubes",
    "show",
    "build",
    "solve",
    "relations",
    "magic enumerate",
    "magic check",
    "magic construct",
    "picture check",
    "picture solve",
    "picture scramble",
    "picture bounds",
    "picture census",
    "stack solve",
    "stack census",
    "stack classics",
    "extended",
    "design stack",
    "design blocks",
    "design extended",
];

/// The commands the web server answers with a file (`POST /api/print/blocks`, ...): the
/// typed layer's print commands, run by [`print()`](fn@print).
pub const FILE_COMMANDS: &[&str] = cubelab_api::print::COMMANDS;

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

/// What went wrong in a call, which decides the HTTP status and the Python exception.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input is wrong (unknown command or key, wrong type, bad cube, too few
    /// blocks, ...): what `cubelab` refuses with exit 2. HTTP 400, Python `ValueError`.
    BadInput,
    /// The input is fine but the work is too long for a call (refused up front, or
    /// stopped at the time limit or a node limit): the message names the command to run
    /// instead. HTTP 422.
    Refused,
    /// An internal failure (a bug): HTTP 500.
    Internal,
}

impl ErrorKind {
    /// The HTTP status of this kind: 400, 422 or 500.
    pub fn http_status(self) -> u16 {
        match self {
            ErrorKind::BadInput => 400,
            ErrorKind::Refused => 422,
            ErrorKind::Internal => 500,
        }
    }
}

/// An error of [`run`]: its kind and one line, the message `cubelab` prints after
/// `error: ` for the same input (or the reason for refusing it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    kind: ErrorKind,
    message: String,
    command: Option<String>,
}

impl ApiError {
    fn new(kind: ErrorKind, message: impl Into<String>) -> ApiError {
        ApiError { kind, message: message.into(), command: None }
    }

    fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorKind::BadInput, message)
    }

    /// Refused as too expensive: the message ends with the command to run instead.
    fn refused(why: &str, command: &str) -> ApiError {
        ApiError {
            kind: ErrorKind::Refused,
            message: format!("{why}; run it with: {command}"),
            command: Some(command.to_string()),
        }
    }

    /// An internal failure.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorKind::Internal, message)
    }

    /// The API error of a typed layer's error; `shown` gives the command line to run
    /// instead, asked for only when the work was refused or stopped.
    pub fn of(e: &cubelab_api::Error, shown: impl FnOnce() -> String) -> ApiError {
        use cubelab_api::ErrorKind as K;
        let message = e.to_string();
        match e.kind() {
            K::BadInput => ApiError::bad(message),
            K::Stopped => ApiError::refused(&format!("stopped ({message})"), &shown()),
            K::Refused | K::LimitReached => ApiError::refused(&message, &shown()),
            K::Internal => ApiError::internal(message),
        }
    }

    /// The kind of error.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The one-line message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// For a refused call, the `cubelab` command line that does the work.
    pub fn command(&self) -> Option<&str> {
        self.command.as_deref()
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ApiError {}

/// Runs the command `command` (a path of `cubelab_api::COMMANDS`) on `input`, the JSON
/// object of its typed request's fields, with `ctx` (the server's limits, deadline and
/// cancellation token), and returns exactly what `cubelab COMMAND ... --json` prints
/// (pretty JSON ending with a newline). A missing key or `null` takes the request's
/// default. Errors: [`ErrorKind::BadInput`] for an unknown command, a non-object input,
/// an unknown key, a value of the wrong type and every error `cubelab` reports with exit
/// 2 (same message); [`ErrorKind::Refused`] for work beyond the context's limits or
/// stopped, with the command line to run instead; [`ErrorKind::Internal`] otherwise (a
/// panic is caught and reported as one).
pub fn run(command: &str, input: Value, ctx: &cubelab_api::Context) -> Result<String, ApiError> {
    caught(command, input, |input| {
        cubelab_api::run_any(command, input, ctx).and_then(|r| r.render(cubelab_api::Format::Json))
    })
}

/// `work` on `input` with its errors as [`ApiError`]s (a refused or stopped one with the
/// command line of `command` for `input`) and a panic caught as an internal error.
fn caught<T>(command: &str, input: Value, work: impl FnOnce(Value) -> cubelab_api::Result<T>) -> Result<T, ApiError> {
    let kept = command_input(&input);
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(input))) {
        Ok(r) => r.map_err(|e| ApiError::of(&e, || command_line(command, &kept))),
        Err(_) => Err(ApiError::internal("internal error: the computation panicked")),
    }
}

/// Runs the print command `command` (one of [`FILE_COMMANDS`]) on `input`, the JSON
/// object of its typed request's fields and `"format"` (`"svg"` or `"pdf"`), with `ctx`,
/// and returns the file: byte for byte what `cubelab print ... --format F -o FILE`
/// writes. Errors as for [`run`].
pub fn print(
    command: &str,
    input: Value,
    ctx: &cubelab_api::Context,
) -> Result<cubelab_api::print::PrintedFile, ApiError> {
    caught(command, input, |input| cubelab_api::print::run_file(command, input, ctx))
}

/// Request keys that hold files' contents (the key, and the key of the files' names): the
/// command line names the files instead (`print picture`'s `images`, base64 in JSON, and
/// `names`), or `FILE1`, `FILE2`, ... when their names are not given.
const FILE_CONTENTS: &[(&str, &str)] = &[("images", "names")];

/// `input` as [`command_line`] reads it: a copy without the files' contents (each file an
/// empty string), so that a request of six pictures is not copied whole.
pub fn command_input(input: &Value) -> Value {
    match input.as_object() {
        Some(obj) => Value::Object(
            obj.iter()
                .map(|(k, v)| match (FILE_CONTENTS.iter().any(|(c, _)| c == k), v) {
                    (true, Value::Array(files)) => (k.clone(), Value::Array(vec![Value::from(""); files.len()])),
                    _ => (k.clone(), v.clone()),
                })
                .collect(),
        ),
        None => input.clone(),
    }
}

/// The `cubelab` command line that prints what [`run`] returns for `input` (positional
/// arguments first, then the flags, quoted for a POSIX shell where needed), read off
/// the program's own definition of the command (clap's): each key of `input` is the id
/// of one of its arguments.
pub fn command_line(command: &str, input: &Value) -> String {
    let path: Vec<&str> = command.split_whitespace().collect();
    let mut words: Vec<String> = std::iter::once("cubelab").chain(path.iter().copied()).map(String::from).collect();
    let mut cmd = cli::command();
    for p in &path {
        match cmd.find_subcommand(p) {
            Some(sub) => cmd = sub.clone(),
            None => return format!("cubelab {command}"),
        }
    }
    let Some(obj) = input.as_object() else {
        return words.join(" ");
    };
    let text = |v: &Value| match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    let values = |a: &clap::Arg| -> Vec<String> {
        let id = a.get_id().as_str();
        if let Some((_, names)) = FILE_CONTENTS.iter().find(|(c, _)| *c == id) {
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
    let args: Vec<&clap::Arg> = cmd
        .get_arguments()
        .filter(|a| {
            let id = a.get_id().as_str();
            id != "help" && id != "version" && !OUTPUT_ONLY.contains(&id)
        })
        .collect();
    for a in args.iter().filter(|a| a.is_positional()) {
        words.extend(values(a).iter().map(|v| quote(v)));
    }
    for a in args.iter().filter(|a| !a.is_positional()) {
        let long = format!("--{}", a.get_long().unwrap_or(a.get_id().as_str()));
        match obj.get(a.get_id().as_str()) {
            Some(Value::Bool(true)) => words.push(long),
            _ => {
                for v in values(a) {
                    words.push(format!("{long} {}", quote(&v)));
                }
            }
        }
    }
    if cmd.get_arguments().any(|a| a.get_id() == "json") {
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
    fn a_picture_request_shows_the_files_names_not_their_contents() {
        let images = vec!["iVBORw0KGgo="; 6];
        let names = ["a.png", "b.png", "my c.png", "d.png", "e.png", "f.png"];
        let input = json!({ "images": images, "names": names, "rows": 2, "cols": 3, "format": "pdf" });
        let light = command_input(&input);
        assert_eq!(light["images"], json!(["", "", "", "", "", ""]));
        assert_eq!(light["names"], input["names"]);
        assert_eq!(
            command_line("print picture", &light),
            "cubelab print picture --images a.png --images b.png --images 'my c.png' --images d.png --images e.png \
             --images f.png --rows 2 --cols 3 --format pdf"
        );
        let unnamed = command_input(&json!({ "images": images, "rows": 1, "cols": 1 }));
        assert!(
            command_line("print picture", &unnamed).starts_with("cubelab print picture --images FILE1 --images FILE2")
        );
    }
}
