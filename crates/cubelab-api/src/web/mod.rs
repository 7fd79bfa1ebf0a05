//! What the web app runs, apart from its transport: its commands ([`COMMANDS`],
//! [`FILE_COMMANDS`]), one request run as the app answers it ([`run`]: the body
//! deserialized straight into the command's typed request by [`crate::run_any`], the
//! report rendered as the JSON `cubelab COMMAND ... --json` prints; [`print()`](fn@print)
//! for the print commands, answered with a file), its errors with their HTTP statuses
//! ([`ApiError`]), for work refused or stopped the command line that does it
//! ([`command_line`]), and the stored census results ([`stored`]).
//!
//! Two transports answer the same requests with these functions: `cubelab serve` (HTTP,
//! the CLI crate) and the browser's Web Worker (crates/cubelab-wasm, the static site).
//!
//! ```
//! use cubelab_api::web::{run, ErrorKind};
//! let ctx = cubelab_api::Context::new().with_limits(cubelab_api::Limits::default());
//! let json = run("show", serde_json::json!({ "cube": "Ab" }), &ctx).unwrap();
//! assert!(json.starts_with("{\n  \"kind\": \"show\""));
//! let bad = run("show", serde_json::json!({ "cube": "Zz" }), &ctx).unwrap_err();
//! assert_eq!(bad.kind(), ErrorKind::BadInput);
//! let many = serde_json::json!({ "blocks": vec!["Ab"; 40] });
//! let refused = run("build", many, &ctx).unwrap_err();
//! assert!(refused.command().unwrap().starts_with("cubelab build Ab Ab"));
//! ```

mod line;
pub mod stored;

pub use line::{command_line, CommandShape, SHAPES_FILE, SHAPES_JSON};

use serde_json::Value;
use std::fmt;

/// The commands the web app runs (command paths, subcommands separated by a space), in
/// the order `GET /api/commands` lists them, before [`FILE_COMMANDS`] (the print
/// commands, answered with files). Every other command is refused: the censuses take
/// minutes (their published results are stored, `docs/data/census/`, [`stored`]), the
/// merges read files, `completions`, `man` and `serve` are not computations.
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

/// The commands the web app answers with a file (`POST /api/print/blocks`, ...): the
/// typed layer's print commands, run by [`print()`](fn@print).
pub const FILE_COMMANDS: &[&str] = crate::print::COMMANDS;

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
    pub fn refused(why: &str, command: &str) -> ApiError {
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
    pub fn of(e: &crate::Error, shown: impl FnOnce() -> String) -> ApiError {
        use crate::ErrorKind as K;
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

/// Runs the command `command` (a path of [`crate::COMMANDS`]) on `input`, the JSON
/// object of its typed request's fields, with `ctx` (the app's limits, deadline and
/// cancellation token), and returns exactly what `cubelab COMMAND ... --json` prints
/// (pretty JSON ending with a newline). A missing key or `null` takes the request's
/// default. Errors: [`ErrorKind::BadInput`] for an unknown command, a non-object input,
/// an unknown key, a value of the wrong type and every error `cubelab` reports with exit
/// 2 (same message); [`ErrorKind::Refused`] for work beyond the context's limits or
/// stopped, with the command line to run instead; [`ErrorKind::Internal`] otherwise (a
/// panic is caught and reported as one where panics unwind).
pub fn run(command: &str, input: Value, ctx: &crate::Context) -> Result<String, ApiError> {
    caught(command, input, |input| crate::run_any(command, input, ctx).and_then(|r| r.render(crate::Format::Json)))
}

/// `work` on `input` with its errors as [`ApiError`]s (a refused or stopped one with the
/// command line of `command` for `input`) and a panic caught as an internal error.
fn caught<T>(command: &str, input: Value, work: impl FnOnce(Value) -> crate::Result<T>) -> Result<T, ApiError> {
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
pub fn print(command: &str, input: Value, ctx: &crate::Context) -> Result<crate::print::PrintedFile, ApiError> {
    caught(command, input, |input| crate::print::run_file(command, input, ctx))
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

/// The input object of a request body `bytes` for `command` (what [`run`] and
/// [`print()`](fn@print) take): the fields of the command's typed request; an empty body
/// is `{}`. For `magic check` given neither `cube`, `square` nor `text`, the body's
/// `"stdin"` (the text the command line reads from standard input for `"file": "-"`)
/// becomes the request's `text` field, as in the Python package; no other file is read.
/// The error is the one line of a 400.
pub fn input(command: &str, bytes: &[u8]) -> Result<Value, String> {
    let mut input: Value = if bytes.iter().all(u8::is_ascii_whitespace) {
        serde_json::json!({})
    } else {
        serde_json::from_slice(bytes).map_err(|e| format!("malformed JSON: {e}"))?
    };
    let obj = input.as_object_mut().ok_or("the body must be a JSON object")?;
    let magic_check = command == "magic check";
    let stdin = match obj.remove("stdin") {
        None => None,
        Some(Value::String(text)) if magic_check => Some(text),
        Some(_) if magic_check => return Err("'stdin' must be a string".into()),
        Some(_) => return Err(format!("unknown key 'stdin' ({command} reads no standard input)")),
    };
    let given = |key: &str| obj.get(key).is_some_and(|v| !v.is_null());
    if magic_check && !(given("cube") || given("square") || given("text")) {
        if obj.get("file").and_then(Value::as_str).is_some_and(|f| f != "-") {
            return Err("'file': the API reads no files; give \"-\" and send the text as \"stdin\"".into());
        }
        let text = stdin.ok_or("no standard input was given (send the text as \"stdin\")")?;
        obj.insert("text".to_string(), Value::String(text));
    }
    Ok(input)
}

/// The body of an error answer, as both transports send it: `{"error": message}` (and
/// `"command"` when given), one line ending with a newline.
pub fn error_body(message: &str, command: Option<&str>) -> String {
    let body = match command {
        Some(c) => serde_json::json!({ "error": message, "command": c }),
        None => serde_json::json!({ "error": message }),
    };
    format!("{body}\n")
}
