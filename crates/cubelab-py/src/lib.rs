//! The native part of the `cubelab` Python package (`cubelab._native`): the `Cube`
//! class over the library, the command runner that returns the command line's JSON,
//! and the long-run driver (interpreter lock released, progress callback, Ctrl-C). The
//! Python modules in `python/cubelab/` give it its Pythonic API; `docs/python.md`
//! is the guide.

mod cube;
mod errors;
mod run;

use pyo3::prelude::*;

/// The native module `cubelab._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<cube::Cube>()?;
    m.add("FORMAT_VERSION", 1)?;
    Ok(())
}
