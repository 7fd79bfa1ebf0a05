//! The native part of the `cubelab` Python package (`cubelab._native`): the `Cube`
//! class over the library, the command runner that returns the command line's JSON as
//! Python objects (`objects`: no JSON text in between), and the long-run driver
//! (interpreter lock released, progress callback, Ctrl-C). The Python modules in
//! `python/cubelab/` give it its Pythonic API; `docs/python.md` is the guide.

mod command;
mod cube;
mod errors;
mod objects;
mod run;

use pyo3::prelude::*;

/// The native module `cubelab._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<cube::Cube>()?;
    m.add_class::<command::Picture>()?;
    m.add_function(wrap_pyfunction!(command::call, m)?)?;
    m.add_function(wrap_pyfunction!(command::print_file, m)?)?;
    m.add_function(wrap_pyfunction!(command::trace, m)?)?;
    m.add_function(wrap_pyfunction!(command::call_svg, m)?)?;
    m.add("FORMAT_VERSION", cubelab_api::FORMAT_VERSION)?;
    m.add("COMMANDS", cubelab_api::COMMANDS.to_vec())?;
    Ok(())
}
