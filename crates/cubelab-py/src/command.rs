//! `cubelab._native.call`: runs a `cubelab` command and returns exactly the JSON
//! `cubelab COMMAND ... --json` prints, as Python objects (no JSON text in between): the
//! input dict is deserialized into the command's typed request and run by the typed
//! layer (`cubelab_api::run_any`), and the report's envelope is converted to dicts and
//! lists ([`crate::objects`]).

use crate::errors::{exception, Class};
use crate::run::{run_here, run_long, Observer};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
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
    if let Some((at, m)) = e.mismatch() {
        let (class, line) = python_words(at, m);
        return exception(py, class, &line);
    }
    let line = match e.field() {
        Some((name, value)) => format!("{name}={value}: {}", e.message()),
        None => e.message().to_string(),
    };
    exception(py, class, &line)
}

/// A request field that did not fit, in Python's words: a wrong type is a `TypeError`
/// (`InputTypeError`, also an `InputError`), a bad value or an unknown argument a
/// `ValueError` (`InputError`), each naming the argument and what it takes (`limit must be
/// a non-negative int, got -1`; `blocks[1] must be a str, got int 1`).
fn python_words(at: &str, m: &cubelab_api::Mismatch) -> (Class, String) {
    use cubelab_api::Mismatch as M;
    match m {
        M::Type { got, expected } => {
            (Class::InputType, format!("{at} must be {}, got {}", expected_words(expected), got_words(got)))
        }
        M::Value { got, expected } => {
            (Class::Input, format!("{at} must be {}, got {}", expected_words(expected), got_words(got)))
        }
        M::Missing => (Class::InputType, format!("missing required argument: '{at}'")),
        M::Unknown => (Class::InputType, format!("unexpected argument: '{at}'")),
    }
}

/// What a field takes, from serde's words (`a string`, `usize`, `a sequence`) to Python's.
fn expected_words(expected: &str) -> String {
    match expected {
        "a string" | "a borrowed string" | "a character" => "a str".into(),
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => "a non-negative int".into(),
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "an int".into(),
        "f32" | "f64" => "a number".into(),
        "a boolean" => "a bool".into(),
        "a sequence" => "a list".into(),
        "a map" => "a dict".into(),
        e if e.starts_with("struct ") || e.starts_with("a map") => "a dict".into(),
        e if e.starts_with("a sequence") || e.starts_with("an array") || e.starts_with("a tuple") => {
            format!("a list ({e})")
        }
        e => e.to_string(),
    }
}

/// What was given, from serde's words (`integer \`1\``, `string "x"`) to Python's.
fn got_words(got: &str) -> String {
    let inner = |prefix: &str| got.strip_prefix(prefix).map(|r| r.trim_matches('`').to_string());
    if let Some(n) = inner("integer ") {
        format!("int {n}")
    } else if let Some(x) = inner("floating point ") {
        format!("float {x}")
    } else if let Some(b) = inner("boolean ") {
        format!("bool {}", if b == "true" { "True" } else { "False" })
    } else if let Some(t) = got.strip_prefix("string ") {
        format!("str '{}'", t.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(t))
    } else {
        match got {
            "sequence" => "a list".into(),
            "map" => "a dict".into(),
            "unit" | "null" => "None".into(),
            g => g.to_string(),
        }
    }
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
    observer: Arc<Observer>,
) -> PyResult<Bound<'py, PyAny>> {
    run_rendered(py, command, input, progress, stdin, observer).and_then(|r| report_objects(py, r.as_ref()))
}

/// Runs `command` on `input` (see [`call`]) and returns the typed layer's report.
fn run_rendered<'py>(
    py: Python<'py>,
    command: &str,
    input: Value,
    progress: Option<&Bound<'py, PyAny>>,
    stdin: Option<String>,
    observer: Arc<Observer>,
) -> PyResult<cubelab_api::AnyReport> {
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
    let here = progress.is_none() && observer.reports_nothing() && quick(command, &input);
    let command = command.to_string();
    let work = move |observer: Arc<Observer>, stop: cubelab::run::Stop| {
        let ctx = cubelab_api::Context::new().with_stop(stop);
        // A quick call has no one to report to (no callback, no polling thread): without
        // an observer the library's progress calls cost nothing (they were about 4% of a
        // `build` call).
        let ctx = if here { ctx } else { ctx.with_progress(observer) };
        cubelab_api::run_any(&command, input, &ctx)
    };
    let outcome = if here { run_here(py, work)? } else { run_long(py, progress, observer, work)? };
    outcome.map_err(|e| typed_exception(py, &e))
}

/// A report's JSON (exactly what `cubelab COMMAND ... --json` prints) as Python objects:
/// its envelope converted directly ([`crate::objects`]), with no JSON text in between.
fn report_objects<'py>(py: Python<'py>, report: &dyn cubelab_api::Rendered) -> PyResult<Bound<'py, PyAny>> {
    crate::objects::to_python(py, &*report.envelope())
}

/// A call's `input` (a dict of plain data) as a JSON value, its errors the package's
/// input errors.
fn input_value(py: Python<'_>, input: &Bound<'_, PyAny>) -> PyResult<serde_json::Value> {
    crate::objects::from_python(input).map_err(|e| exception(py, Class::Input, &format!("input: {e}")))
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
    let input = input_value(py, input)?;
    run_command(py, command, input, progress.as_ref(), stdin, Arc::default())
}

/// The typed layer's SVG picture of a report (`cubelab COMMAND ... --svg`'s, for the
/// commands whose reports draw one), drawn when first asked for: the report is kept for
/// it, so a call whose result is never shown draws nothing.
#[pyclass(frozen, module = "cubelab._native")]
pub(crate) struct Picture {
    report: cubelab_api::AnyReport,
    drawn: std::sync::OnceLock<Option<String>>,
}

#[pymethods]
impl Picture {
    /// The SVG text (None for a report without a picture), drawn once.
    fn svg(&self, py: Python<'_>) -> Option<String> {
        py.detach(|| self.drawn.get_or_init(|| self.report.svg()).clone())
    }

    /// Pickled as its SVG text (a `str`, or None): the report itself stays here.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        Ok(match self.svg(py) {
            Some(svg) => (py.get_type::<PyString>().into_any(), PyTuple::new(py, [svg])?),
            None => (py.None().into_bound(py).get_type().into_any(), PyTuple::empty(py)),
        })
    }
}

/// [`call`] that also returns the report's [`Picture`], drawn only when asked for (what
/// the Python results show in notebooks, `_repr_svg_`); see `cubelab/_native.pyi`.
#[pyfunction]
#[pyo3(signature = (command, input, progress=None, stdin=None))]
pub(crate) fn call_svg<'py>(
    py: Python<'py>,
    command: &str,
    input: &Bound<'py, PyAny>,
    progress: Option<Bound<'py, PyAny>>,
    stdin: Option<String>,
) -> PyResult<(Bound<'py, PyAny>, Picture)> {
    let input = input_value(py, input)?;
    let report = run_rendered(py, command, input, progress.as_ref(), stdin, Arc::default())?;
    let json = report_objects(py, report.as_ref())?;
    Ok((json, Picture { report, drawn: std::sync::OnceLock::new() }))
}

/// Runs the command `command` on `input` as [`call`] does, recording every progress
/// report of the run as it comes (not ten times a second), and returns the JSON and the
/// reports `(phase, done, total, index, count)`: for tests of the reports themselves;
/// see `cubelab/_native.pyi`.
#[pyfunction]
pub(crate) fn trace<'py>(
    py: Python<'py>,
    command: &str,
    input: &Bound<'py, PyAny>,
) -> PyResult<(Bound<'py, PyAny>, Vec<crate::run::Report>)> {
    let input = input_value(py, input)?;
    let observer = Arc::new(Observer::tracing());
    let report = run_command(py, command, input, None, None, observer.clone())?;
    Ok((report, observer.reports()))
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
    let input = input_value(py, input)?;
    let command = command.to_string();
    let outcome = run_long(py, None, Arc::default(), move |_observer: Arc<Observer>, stop: cubelab::run::Stop| {
        cubelab_api::print::run_file(&command, input, &cubelab_api::Context::new().with_stop(stop))
    })?;
    let file = outcome.map_err(|e| typed_exception(py, &e))?;
    Ok(pyo3::types::PyBytes::new(py, &file.bytes))
}
