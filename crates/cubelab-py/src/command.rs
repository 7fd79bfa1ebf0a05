//! `cubelab._native.call`: runs a `cubelab` command through the command line's API layer
//! (`cubelab_cli::api::call`), which returns exactly the JSON `cubelab COMMAND ... --json`
//! prints, so every Python result is the command line's by construction.

use crate::errors::{exception, Class};
use crate::run::run_long;
use cubelab_cli::api::{self, ApiError, Context, ErrorKind};
use pyo3::prelude::*;

/// The Python exception for an API error: bad input is `InputError`; a refusal can only
/// be a reached search limit here (the context sets no other limit; a stop requested by
/// Ctrl-C or the callback raises their own exception first); the rest is internal.
fn api_exception(py: Python<'_>, e: &ApiError) -> PyErr {
    let class = match e.kind() {
        ErrorKind::BadInput => Class::Input,
        ErrorKind::Refused => Class::LimitReached,
        _ => Class::Cubelab,
    };
    exception(py, class, e.message())
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
    let input: serde_json::Value = serde_json::from_str(input)
        .map_err(|e| exception(py, Class::Input, &format!("the input is not JSON: {e}")))?;
    let outcome = run_long(py, progress.as_ref(), |observer, stop| {
        let mut ctx = Context::unlimited().with_progress(observer.clone()).with_stop(stop.clone());
        if let Some(text) = stdin {
            ctx = ctx.with_stdin(text);
        }
        api::call(command, &input, &ctx)
    })?;
    outcome.map_err(|e| api_exception(py, &e))
}
