//! Library errors as Python exceptions: the classes live in `cubelab/errors.py`
//! (`CubelabError`, `InputError` which is also a `ValueError`, `LimitReachedError`), each
//! raised with the library's one-line message and a `kind` attribute naming the
//! [`ErrorKind`] in kebab-case.

use cubelab::ErrorKind;
use pyo3::prelude::*;

/// The kebab-case name of an error kind (the `kind` attribute of the exception).
fn kind_name(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Malformed => "malformed",
        ErrorKind::Unknown => "unknown",
        ErrorKind::OutOfRange => "out-of-range",
        ErrorKind::Checkpoint => "checkpoint",
        ErrorKind::Io => "io",
        ErrorKind::Stopped => "stopped",
        ErrorKind::LimitReached => "limit-reached",
        _ => "internal",
    }
}

/// The exception class for an error kind (a name in `cubelab.errors`).
fn class_name(kind: ErrorKind) -> &'static str {
    if kind.is_input() {
        "InputError"
    } else if kind == ErrorKind::LimitReached {
        "LimitReachedError"
    } else {
        "CubelabError"
    }
}

/// The Python exception for a library error of `kind` with `message`.
pub(crate) fn exception(py: Python<'_>, kind: ErrorKind, message: &str) -> PyErr {
    let made = (|| -> PyResult<PyErr> {
        let class = py.import("cubelab.errors")?.getattr(class_name(kind))?;
        let value = class.call1((message,))?;
        value.setattr("kind", kind_name(kind))?;
        Ok(PyErr::from_value(value))
    })();
    made.unwrap_or_else(|e| e)
}

/// The Python exception for a library error.
pub(crate) fn from_library(py: Python<'_>, e: &cubelab::Error) -> PyErr {
    exception(py, e.kind(), &e.to_string())
}

/// The exception for a failure inside the extension (a bug), such as a panic caught at
/// the boundary.
pub(crate) fn internal(py: Python<'_>, what: &str) -> PyErr {
    exception(py, ErrorKind::Internal, &format!("internal error: {what} (please report it)"))
}
