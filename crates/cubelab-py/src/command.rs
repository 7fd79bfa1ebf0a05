//! `cubelab._native.call`: runs a `cubelab` command and returns exactly the JSON
//! `cubelab COMMAND ... --json` prints. The commands of the typed layer
//! (`cubelab_api::COMMANDS`) run there directly (the input object deserialized into the
//! command's request); the others still go through the command line's API layer
//! (`cubelab_cli::api::call`).

use crate::errors::{exception, Class};
use crate::run::run_long;
use cubelab_cli::api::{self, ApiError, Context, ErrorKind};
use pyo3::prelude::*;
use serde_json::Value;

/// The Python exception for an API error: bad input is `InputError`; a refusal can only
/// be a reached search limit here (the context sets no other limit; a stop requested by
/// Ctrl-C or the callback raises their own exception first); the rest is internal.
fn api_exception(py: Python<'_>, e: &ApiError) -> PyErr {
    let class = match e.kind() {
        ErrorKind::BadInput => Class::Input,
        ErrorKind::Refused => Class::LimitReached,
        ErrorKind::Internal => Class::Cubelab,
    };
    // A refusal names the command line that would run the work; here it is the limit
    // the caller gave, and the message ends at the library's line.
    let message = e.message();
    let line = match e.command() {
        Some(command) => message.strip_suffix(&format!("; run it with: {command}")).unwrap_or(message),
        None => message,
    };
    exception(py, class, line)
}

/// The Python exception for an error of the typed layer, in the caller's words: the
/// request field at fault as its keyword (`size=99: ...`).
fn typed_exception(py: Python<'_>, e: &cubelab_api::Error) -> PyErr {
    use cubelab_api::ErrorKind as K;
    let class = match e.kind() {
        K::BadInput => Class::Input,
        K::LimitReached | K::Refused => Class::LimitReached,
        K::Stopped | K::Internal => Class::Cubelab,
    };
    let line = match e.field() {
        Some((name, value)) => format!("{name}={value}: {}", e.message()),
        None => e.message().to_string(),
    };
    exception(py, class, &line)
}

/// Runs `command` on `input` (see [`call`]) and returns its JSON text.
pub(crate) fn run_command(
    py: Python<'_>,
    command: &str,
    input: Value,
    progress: Option<&Bound<'_, PyAny>>,
    stdin: Option<String>,
) -> PyResult<String> {
    let command = command.to_string();
    // With a text as standard input (`magic check`), the command line's API layer reads it.
    if stdin.is_none() && cubelab_api::COMMANDS.contains(&command.as_str()) {
        let outcome = run_long(py, progress, move |observer, stop| {
            let ctx = cubelab_api::Context::new().with_progress(observer).with_stop(stop);
            cubelab_api::run_any(&command, input, &ctx).and_then(|r| r.render(cubelab_api::Format::Json))
        })?;
        return outcome.map_err(|e| typed_exception(py, &e));
    }
    let outcome = run_long(py, progress, move |observer, stop| {
        let mut ctx = Context::unlimited().with_progress(observer).with_stop(stop);
        if let Some(text) = stdin {
            ctx = ctx.with_stdin(text);
        }
        api::call(&command, &input, &ctx)
    })?;
    outcome.map_err(|e| api_exception(py, &e))
}

/// Runs the command `command` on `input` (the JSON text of its `"input"` object) and
/// returns its JSON text; see `cubelab/_native.pyi`.
#[pyfunction]
#[pyo3(signature = (command, input, progress=None, stdin=None))]
pub(crate) fn call(
    py: Python<'_>,
    command: &str,
    input: &str,
    progress: Option<Bound<'_, PyAny>>,
    stdin: Option<String>,
) -> PyResult<String> {
    let input: Value =
        serde_json::from_str(input).map_err(|e| exception(py, Class::Input, &format!("the input is not JSON: {e}")))?;
    run_command(py, command, input, progress.as_ref(), stdin)
}
