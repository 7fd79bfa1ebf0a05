//! Errors as Python exceptions: the classes live in `cubelab/errors.py`
//! (`CubelabError`; `InputError`, also a `ValueError`; `LimitReachedError`), each raised
//! with the library's one-line message.

use cubelab::ErrorKind;
use pyo3::prelude::*;

/// The exception classes of `cubelab.errors`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// `CubelabError`: internal and I/O failures.
    Cubelab,
    /// `InputError`: bad input.
    Input,
    /// `InputTypeError`: an argument of the wrong type, or missing (a `TypeError` and an
    /// `InputError`).
    InputType,
    /// `LimitReachedError`: a search reached its limit.
    LimitReached,
}

impl Class {
    /// The class of a library error kind.
    pub(crate) fn of(kind: ErrorKind) -> Class {
        if kind.is_input() {
            Class::Input
        } else if kind == ErrorKind::LimitReached {
            Class::LimitReached
        } else {
            Class::Cubelab
        }
    }

    fn name(self) -> &'static str {
        match self {
            Class::Cubelab => "CubelabError",
            Class::Input => "InputError",
            Class::InputType => "InputTypeError",
            Class::LimitReached => "LimitReachedError",
        }
    }
}

/// The Python exception of `class` with `message`.
pub(crate) fn exception(py: Python<'_>, class: Class, message: &str) -> PyErr {
    let made = (|| -> PyResult<PyErr> {
        let class = py.import("cubelab.errors")?.getattr(class.name())?;
        Ok(PyErr::from_value(class.call1((message,))?))
    })();
    made.unwrap_or_else(|e| e)
}

/// The Python exception for a library error.
pub(crate) fn from_library(py: Python<'_>, e: &cubelab::Error) -> PyErr {
    exception(py, Class::of(e.kind()), &e.to_string())
}

/// The exception for a failure inside the extension (a bug), such as a panic caught at
/// the boundary.
pub(crate) fn internal(py: Python<'_>, what: &str) -> PyErr {
    exception(py, Class::Cubelab, &format!("internal error: {what} (please report it)"))
}
