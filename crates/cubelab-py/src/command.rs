//! `cubelab._native.call`: runs a `cubelab` command and returns exactly the JSON
//! `cubelab COMMAND ... --json` prints: the input object is deserialized into the
//! command's typed request and run by the typed layer (`cubelab_api::run_any`).

use crate::errors::{exception, Class};
use crate::run::run_long;
use pyo3::prelude::*;
use serde_json::Value;

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
    let mut input = input;
    if let Some(text) = stdin {
        // The text of `magic check` (its standard input on the command line) is its
        // request's `text` field.
        match (command, &mut input) {
            ("magic check", Value::Object(fields)) => {
                fields.insert("text".to_string(), Value::String(text));
            }
            ("magic check", _) => {}
            _ => {
                return Err(exception(
                    py,
                    Class::Input,
                    &format!("stdin is read only by 'magic check', not by '{command}'"),
                ))
            }
        }
    }
    let command = command.to_string();
    let outcome = run_long(py, progress, move |observer, stop| {
        let ctx = cubelab_api::Context::new().with_progress(observer).with_stop(stop);
        cubelab_api::run_any(&command, input, &ctx).and_then(|r| r.render(cubelab_api::Format::Json))
    })?;
    outcome.map_err(|e| typed_exception(py, &e))
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
