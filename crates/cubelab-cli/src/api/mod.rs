//! The API layer: run a `cubelab` command from a JSON object and get exactly the JSON the
//! command prints with `--json`.
//!
//! [`call`] takes a command path (`"build"`, `"picture solve"`, ...) and the `"input"`
//! object that the command's `--json` output echoes (keys: the argument and flag names in
//! snake_case; a missing key or `null` takes the command line's default). It turns the
//! object into a command line with clap's own definition of the command (positional
//! arguments in order after `--`, flags as `--flag=value`, `true` as a bare `--flag`,
//! arrays as repeated values), parses it exactly as the `cubelab` program does and runs
//! the same command function, which returns its rendered output. So the result is, by
//! construction, byte for byte what `cubelab COMMAND ... --json` prints.
//!
//! The API never touches the file system: arguments that name files (`--svg`,
//! `--output`, `--checkpoint`, ...) are refused, and `magic check` reads its cube from
//! [`Context::with_stdin`] (`"file": "-"`). Work too long for a request (the censuses,
//! large boards, many blocks) is refused up front with the command to run instead
//! ([`ErrorKind::Refused`]); see [`COMMANDS`] and `docs/web.md`. A library caller (the
//! Python package) uses [`Context::unlimited`] instead: no limits, and the censuses
//! ([`CENSUS_COMMANDS`]) run too.
//!
//! ```
//! use cubelab_cli::api::{call, Context};
//! let input = serde_json::json!({ "cube": "Ab" });
//! let json = call("show", &input, &Context::new()).unwrap();
//! assert!(json.starts_with("{\n  \"kind\": \"show\""));
//! let bad = call("show", &serde_json::json!({ "cube": "Zz" }), &Context::new()).unwrap_err();
//! assert_eq!(bad.kind(), cubelab_cli::api::ErrorKind::BadInput);
//! ```

use crate::cli::{self, Cli};
use crate::progress::Bar;
use clap::builder::ArgAction;
use clap::{ArgMatches, FromArgMatches};
use cubelab::picture::census::twobit::distances::DistanceTable;
use cubelab::run::{Progress, Stop};
use serde_json::Value;
use std::fmt;
use std::sync::Arc;

mod limits;
pub use cubelab_api::Limits;

/// The commands the API runs (command paths, subcommands separated by a space), in the
/// order `GET /api/commands` lists them. Every other command is refused: the censuses
/// take minutes (their published results are stored, `docs/data/census/`), `merge`
/// reads files, `completions`, `man` and `serve` are not computations.
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
];

/// The version of the JSON contract every output of [`call`] follows (`docs/json.md`).
pub use cubelab_api::FORMAT_VERSION;

/// The censuses and the other long runs (the magic-square census, the magic-cube
/// estimate), which only an unlimited context runs ([`Context::unlimited`]: the Python
/// package); the merges (`census merge`, `stack merge`, `magic squares-merge`) read files
/// and are never run.
pub const CENSUS_COMMANDS: &[&str] = &[
    "census solution-numbers",
    "census targets",
    "census universal",
    "census multisets",
    "census max-targets",
    "census infeasible",
    "magic squares",
    "magic estimate",
];

/// Argument ids that only choose where or how output goes, or name a file: never taken
/// from an API input (`json` is always set; the others are refused when given).
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

/// What a command runs with: where its progress goes, what stops it, its standard input
/// and its limits. [`Context::new`] is the API's (quiet, no input, [`Limits::default`]);
/// the `cubelab` program runs with a terminal progress bar and Ctrl-C as its stop flag.
pub struct Context {
    progress: Option<Arc<dyn Progress + Send + Sync>>,
    stop: Option<Stop>,
    stdin: Option<String>,
    limits: Limits,
    /// No limits and the census commands too ([`Context::unlimited`]).
    unlimited: bool,
    cli: bool,
    /// A distance table for optimal picture solutions (`serve --picture-table`).
    picture_table: Option<Arc<DistanceTable>>,
}

impl Default for Context {
    fn default() -> Self {
        Context::new()
    }
}

impl Context {
    /// A context for API calls: no progress reports, a fresh stop flag, no standard
    /// input, the default limits.
    pub fn new() -> Context {
        Context {
            progress: None,
            stop: Some(Stop::new()),
            stdin: None,
            limits: Limits::default(),
            unlimited: false,
            cli: false,
            picture_table: None,
        }
    }

    /// A context for a program calling the API as a library (the Python package): like
    /// [`Context::new`], but nothing is refused as too expensive (no [`Limits`]) and the
    /// censuses run too ([`CENSUS_COMMANDS`]); the caller stops long runs with the stop
    /// flag.
    pub fn unlimited() -> Context {
        Context { unlimited: true, ..Context::new() }
    }

    /// The context of the `cubelab` program: progress bars on a terminal's stderr,
    /// Ctrl-C as the stop flag, the real standard input, no limits.
    pub(crate) fn cli() -> Context {
        Context {
            progress: None,
            stop: None,
            stdin: None,
            limits: Limits::default(),
            unlimited: false,
            cli: true,
            picture_table: None,
        }
    }

    /// Reports the progress of long runs to `observer` (phases, units done, notes).
    pub fn with_progress(mut self, observer: Arc<dyn Progress + Send + Sync>) -> Context {
        self.progress = Some(observer);
        self
    }

    /// Stops long runs (picture and stack censuses, magic searches) when `stop` is
    /// requested: the call then fails with [`ErrorKind::Refused`].
    pub fn with_stop(mut self, stop: Stop) -> Context {
        self.stop = Some(stop);
        self
    }

    /// The text a command reads as standard input (`magic check` with `"file": "-"`).
    pub fn with_stdin(mut self, text: impl Into<String>) -> Context {
        self.stdin = Some(text.into());
        self
    }

    /// Other limits than [`Limits::default`].
    pub fn with_limits(mut self, limits: Limits) -> Context {
        self.limits = limits;
        self
    }

    /// The stop flag of this context (clones share the flag): request it to stop the
    /// call running with it.
    pub fn stop(&self) -> Stop {
        match &self.stop {
            Some(s) => s.clone(),
            None => crate::progress::ctrl_c(),
        }
    }

    /// The limits of this context.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Solves picture boards of the table's size and metric optimally from `table` (a
    /// look-up, allowed whatever the board's size; [`Limits::optimal_table`] is set to it).
    pub fn with_picture_table(mut self, table: Arc<DistanceTable>) -> Context {
        self.limits.optimal_table = Some((table.rows(), table.cols(), table.metric()));
        self.picture_table = Some(table);
        self
    }

    /// A progress bar for one run: the terminal bar in the program, a silent one
    /// reporting to the observer (if any) in the API.
    pub(crate) fn bar(&self) -> Bar {
        if self.cli {
            Bar::new()
        } else {
            Bar::forwarding(self.progress.clone())
        }
    }

    /// A bar for `total` units of work described by `what` (see [`Bar::counting`]).
    pub(crate) fn counting(&self, total: u64, what: &str) -> Bar {
        if self.cli {
            Bar::counting(total, what)
        } else {
            let bar = self.bar();
            bar.start(what, total, 0);
            bar
        }
    }

    /// A bar for work of unknown size described by `what` (see [`Bar::spinner`]).
    pub(crate) fn spinner(&self, what: &str) -> Bar {
        if self.cli {
            Bar::spinner(what)
        } else {
            let bar = self.bar();
            bar.start(what, 0, 0);
            bar
        }
    }

    /// Standard input as text: the program's, or the text given with
    /// [`Context::with_stdin`].
    pub(crate) fn read_stdin(&self) -> anyhow::Result<String> {
        use anyhow::Context as _;
        use std::io::Read;
        if self.cli {
            let mut s = String::new();
            std::io::stdin().read_to_string(&mut s).context("cannot read standard input")?;
            return Ok(s);
        }
        self.stdin.clone().ok_or_else(|| anyhow::anyhow!("no standard input was given (send the text as \"stdin\")"))
    }
}

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

/// An error of [`call`]: its kind and one line, the message `cubelab` prints after
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

/// Runs the command `command` (a path from [`COMMANDS`], e.g. `"picture solve"`) on
/// `input`, the object its `--json` output echoes as `"input"`, and returns exactly what
/// `cubelab COMMAND ... --json` prints (pretty JSON ending with a newline).
///
/// Keys are the command's argument ids (snake_case); a missing key or `null` takes the
/// command line's default; `false` leaves a flag off. Values: strings, numbers, booleans
/// for flags, arrays for arguments taking several values. Errors: [`ErrorKind::BadInput`]
/// for an unknown command, a non-object input, an unknown key, a value of the wrong
/// type, and every error `cubelab` reports with exit 2 (same message);
/// [`ErrorKind::Refused`] for work beyond [`Context::limits`] or stopped;
/// [`ErrorKind::Internal`] otherwise (a panic is caught and reported as one).
pub fn call(command: &str, input: &Value, ctx: &Context) -> Result<String, ApiError> {
    let path: Vec<&str> = command.split_whitespace().collect();
    let joined = path.join(" ");
    let census = ctx.unlimited && CENSUS_COMMANDS.contains(&joined.as_str());
    if !COMMANDS.contains(&joined.as_str()) && !census {
        return Err(not_a_command(&joined));
    }
    if cubelab_api::COMMANDS.contains(&joined.as_str()) {
        return typed(&joined, input, ctx);
    }
    let shown = shell_line(&path, input);
    let argv = argv(&path, input)?;
    let matches = cli::command().try_get_matches_from(&argv).map_err(|e| ApiError::bad(cli::usage_line(&e)))?;
    let sub = leaf(&matches, &path);
    if !ctx.unlimited {
        limits::guard(&joined, sub, ctx.limits(), &shown)?;
    }
    let parsed = Cli::from_arg_matches(&matches).map_err(|e| ApiError::bad(cli::usage_line(&e)))?;
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| cli::run(parsed, ctx)));
    match ran {
        Ok(Ok(out)) => Ok(out),
        Ok(Err(e)) => {
            let message = cli::one_line(&e);
            Err(match cli::exit_code(&e) {
                2 => ApiError::bad(message),
                3 => ApiError::refused(&format!("stopped ({message})"), &shown),
                4 => ApiError::refused(&message, &shown),
                _ => ApiError::new(ErrorKind::Internal, message),
            })
        }
        Err(panic) => {
            Err(ApiError::new(ErrorKind::Internal, format!("internal error: {}", panic_text(panic.as_ref()))))
        }
    }
}

/// Runs a command ported to the typed layer: the input is deserialized into its request
/// and run by `cubelab_api::run_any` (no command line in between).
fn typed(path: &str, input: &Value, ctx: &Context) -> Result<String, ApiError> {
    let mut typed = cubelab_api::Context::new().with_stop(ctx.stop());
    if let Some(p) = &ctx.progress {
        typed = typed.with_progress(p.clone());
    }
    if !ctx.unlimited {
        typed = typed.with_limits(ctx.limits);
    }
    if let Some(table) = &ctx.picture_table {
        typed = typed.with_picture_table(table.clone());
    }
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        cubelab_api::run_any(path, input.clone(), &typed).and_then(|r| r.render(cubelab_api::Format::Json))
    }));
    match ran {
        Ok(r) => r.map_err(|e| ApiError::of(&e, || command_line(path, input))),
        Err(panic) => Err(ApiError::internal(format!("internal error: {}", panic_text(panic.as_ref())))),
    }
}

/// The message of a caught panic.
fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}

/// The error for a command path the API does not run.
fn not_a_command(path: &str) -> ApiError {
    let top = path.split(' ').next().unwrap_or("");
    if top == "census" || path == "stack merge" {
        let why = if path.ends_with("merge") { "merging reads files" } else { "a census takes minutes" };
        return ApiError::refused(
            &format!("'{path}' is not run by the API ({why}; the published census results are at /api/census)"),
            &format!("cubelab {path} ... --json"),
        );
    }
    if CENSUS_COMMANDS.contains(&path) || path == "magic squares-merge" {
        let why = if path.ends_with("merge") { "merging reads files" } else { "it runs for seconds to hours" };
        return ApiError::refused(
            &format!("'{path}' is not run by the API ({why})"),
            &format!("cubelab {path} ... --json"),
        );
    }
    ApiError::bad(format!("unknown command '{path}' (known: {})", COMMANDS.join(", ")))
}

/// The clap command of a command path.
fn subcommand(path: &[&str]) -> clap::Command {
    let mut cmd = cli::command();
    for p in path {
        cmd = cmd.find_subcommand(p).cloned().expect("a command of COMMANDS exists");
    }
    cmd
}

/// The matches of the leaf subcommand of `path`.
fn leaf<'a>(matches: &'a ArgMatches, path: &[&str]) -> &'a ArgMatches {
    let mut m = matches;
    for p in path {
        m = m.subcommand_matches(p).expect("the path was parsed");
    }
    m
}

/// The arguments of a command that an input may set (help and output-only ones aside).
fn input_args(cmd: &clap::Command) -> impl Iterator<Item = &clap::Arg> {
    cmd.get_arguments().filter(|a| {
        let id = a.get_id().as_str();
        id != "help" && id != "version" && !OUTPUT_ONLY.contains(&id)
    })
}

/// Whether an argument takes several values (an array in the input).
fn takes_many(a: &clap::Arg) -> bool {
    matches!(a.get_action(), ArgAction::Append) || a.get_num_args().is_some_and(|n| n.max_values() > 1)
}

/// The command line for `input`: `cubelab PATH --flag=value ... --json -- POSITIONAL ...`.
fn argv(path: &[&str], input: &Value) -> Result<Vec<String>, ApiError> {
    let obj = input.as_object().ok_or_else(|| ApiError::bad("the input must be a JSON object"))?;
    let cmd = subcommand(path);
    let known: Vec<&clap::Arg> = input_args(&cmd).collect();
    for (key, value) in obj {
        if known.iter().any(|a| a.get_id() == key.as_str()) {
            continue;
        }
        if OUTPUT_ONLY.contains(&key.as_str()) && cmd.get_arguments().any(|a| a.get_id() == key.as_str()) {
            if value.is_null() || *value == Value::Bool(false) {
                continue;
            }
            return Err(ApiError::bad(format!(
                "'{key}' is not available through the API (it chooses an output or names a file)"
            )));
        }
        let names: Vec<&str> = known.iter().map(|a| a.get_id().as_str()).collect();
        return Err(ApiError::bad(format!("unknown key '{key}' (known: {})", names.join(", "))));
    }
    let mut args: Vec<String> = std::iter::once("cubelab").chain(path.iter().copied()).map(String::from).collect();
    let mut positional = Vec::new();
    for a in known {
        let id = a.get_id().as_str();
        let Some(value) = obj.get(id).filter(|v| !v.is_null()) else {
            continue;
        };
        let type_error = |what: &str| ApiError::bad(format!("'{id}' must be {what}"));
        if matches!(a.get_action(), ArgAction::SetTrue) {
            match value {
                Value::Bool(true) => args.push(format!("--{}", a.get_long().unwrap_or(id))),
                Value::Bool(false) => {}
                _ => return Err(type_error("true or false")),
            }
            continue;
        }
        let values: Vec<String> = if takes_many(a) {
            let items = value.as_array().ok_or_else(|| type_error("an array"))?;
            items.iter().map(scalar).collect::<Option<_>>().ok_or_else(|| type_error("an array of strings"))?
        } else {
            vec![scalar(value).ok_or_else(|| type_error("a string or a number"))?]
        };
        let names_file = a.get_value_names().is_some_and(|n| n.iter().any(|n| n == "FILE" || n == "DIR"));
        if (names_file || id == "file") && values.iter().any(|v| v != "-") {
            return Err(ApiError::bad(format!(
                "'{id}': the API reads no files; give \"-\" and send the text as \"stdin\""
            )));
        }
        if a.is_positional() {
            positional.extend(values);
        } else {
            let long = a.get_long().unwrap_or(id);
            args.extend(values.into_iter().map(|v| format!("--{long}={v}")));
        }
    }
    if cmd.get_arguments().any(|a| a.get_id() == "json") {
        args.push("--json".into());
    }
    if !positional.is_empty() {
        args.push("--".into());
        args.extend(positional);
    }
    Ok(args)
}

/// A JSON string or number as an argument value.
fn scalar(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The keys an input of `command` may hold (its argument ids, in the command's order), or
/// `None` for a command the API does not run.
pub fn keys(command: &str) -> Option<Vec<String>> {
    let path: Vec<&str> = command.split_whitespace().collect();
    if !COMMANDS.contains(&path.join(" ").as_str()) {
        return None;
    }
    Some(input_args(&subcommand(&path)).map(|a| a.get_id().to_string()).collect())
}

/// The `cubelab` command line that prints what [`call`] returns for `input` (positional
/// arguments first, then the flags, quoted for a POSIX shell where needed).
pub fn command_line(command: &str, input: &Value) -> String {
    let path: Vec<&str> = command.split_whitespace().collect();
    if !COMMANDS.contains(&path.join(" ").as_str()) {
        return format!("cubelab {command}");
    }
    shell_line(&path, input)
}

/// The command line a person would type for `input` (for refusals): positionals first,
/// then the flags, each quoted for a POSIX shell where needed.
fn shell_line(path: &[&str], input: &Value) -> String {
    let cmd = subcommand(path);
    let mut words: Vec<String> = std::iter::once("cubelab").chain(path.iter().copied()).map(String::from).collect();
    let Some(obj) = input.as_object() else {
        return words.join(" ");
    };
    let values = |a: &clap::Arg| -> Vec<String> {
        match obj.get(a.get_id().as_str()) {
            Some(Value::Array(items)) => items.iter().filter_map(scalar).collect(),
            Some(v) => scalar(v).into_iter().collect(),
            None => Vec::new(),
        }
    };
    for a in input_args(&cmd).filter(|a| a.is_positional()) {
        words.extend(values(a).iter().map(|v| quote(v)));
    }
    for a in input_args(&cmd).filter(|a| !a.is_positional()) {
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
