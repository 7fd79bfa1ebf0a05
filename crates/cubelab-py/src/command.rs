//! `cubelab._native.call`: runs a `cubelab` command and returns exactly the JSON
//! `cubelab COMMAND ... --json` prints, as Python objects (no JSON text in between): the
//! input dict is deserialized into the command's typed request and run by the typed
//! layer (`cubelab_api::run_any`), and the report's envelope is converted to dicts and
//! lists ([`crate::objects`]).

use crate::errors::{exception, Class};
use crate::run::{run_here, run_long, Observer};
use pyo3::prelude::*;
use serde_json::Value;
use std::sync::Arc;

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

/// Whether a call of `command` on `input` ends within about a millisecond whatever the
/// values in `input`: `show` (one cube) and `build` of exactly 8 blocks into a 2x2x2 cube
/// (one multiset of blocks). Such a call runs on the calling thread ([`run_here`]);
/// every other one on a worker thread that Ctrl-C and progress reports can reach.
fn quick(command: &str, input: &Value) -> bool {
    match command {
        "show" => true,
        "build" => {
            let size = input.get("size").filter(|s| !s.is_null()).map(Value::as_u64);
            let blocks = input.get("blocks").and_then(Value::as_array).map(Vec::len);
            matches!(size, None | Some(Some(2))) && blocks == Some(8)
        }
        _ => false,
    }
}

/// Runs `command` on `input` (see [`call`]) and returns its JSON as Python objects
/// ([`report_objects`]).
pub(crate) fn run_command<'py>(
    py: Python<'py>,
    command: &str,
    input: Value,
    progress: Option<&Bound<'py, PyAny>>,
    stdin: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
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
    let here = progress.is_none() && quick(command, &input);
    let command = command.to_string();
    let work = move |observer: Arc<Observer>, stop: cubelab::run::Stop| {
        let ctx = cubelab_api::Context::new().with_stop(stop);
        // A quick call has no one to report to (no callback, no polling thread): without
        // an observer the library's progress calls cost nothing (they were about 4% of a
        // `build` call).
        let ctx = if here { ctx } else { ctx.with_progress(observer) };
        cubelab_api::run_any(&command, input, &ctx)
    };
    let outcome = if here { run_here(py, work)? } else { run_long(py, progress, work)? };
    let report = outcome.map_err(|e| typed_exception(py, &e))?;
    report_objects(py, report.as_ref())
}

/// A report's JSON (exactly what `cubelab COMMAND ... --json` prints) as Python objects:
/// its envelope converted directly ([`crate::objects`]), with no JSON text in between.
fn report_objects<'py>(py: Python<'py>, report: &dyn cubelab_api::Rendered) -> PyResult<Bound<'py, PyAny>> {
    crate::objects::to_python(py, &*report.envelope())
}

/// Runs the command `command` on `input` (its `"input"` object: a dict of plain data)
/// and returns its JSON as Python objects; see `cubelab/_native.pyi`.
#[pyfunction]
#[pyo3(signature = (command, input, progress=None, stdin=None))]
pub(crate) fn call<'py>(
    py: Python<'py>,
    command: &str,
    input: &Bound<'py, PyAny>,
    progress: Option<Bound<'py, PyAny>>,
    stdin: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let input = crate::objects::from_python(input).map_err(|e| exception(py, Class::Input, &format!("input: {e}")))?;
    run_command(py, command, input, progress.as_ref(), stdin)
}

/// Runs the print command `command` (`"print blocks"`, `"print stack"`, `"print magic"`
/// or `"print picture"`) on `input` (its request's fields and `format`, SVG or PDF) and
/// returns the file's bytes, exactly what `cubelab print ... -o FILE` writes; see
/// `cubelab/_native.pyi`.
#[pyfunction]
pub(crate) fn print_file<'py>(
    py: Python<'py>,
    command: &str,
    input: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
    let input = crate::objects::from_python(input).map_err(|e| exception(py, Class::Input, &format!("input: {e}")))?;
    let command = command.to_string();
    let outcome = run_long(py, None, move |_observer: Arc<Observer>, stop: cubelab::run::Stop| {
        cubelab_api::print::run_file(&command, input, &cubelab_api::Context::new().with_stop(stop))
    })?;
    let file = outcome.map_err(|e| typed_exception(py, &e))?;
    Ok(pyo3::types::PyBytes::new(py, &file.bytes))
}
