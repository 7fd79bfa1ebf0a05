//! `cubelab.Cube`: one colored cube, read in any notation, over the library's
//! [`Coloring`].

use cubelab::coloring::Coloring;
use cubelab::geometry::{Corner, Face};
use cubelab::notation::{all_names_of, labelled, names_of, parse_cube_with_notation, CubeNames, Notation};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::hash::{Hash, Hasher};

/// The kebab-case name of a notation (as in the JSON output).
fn notation_name(n: Notation) -> &'static str {
    match n {
        Notation::Conway => "conway",
        Notation::FaceString => "face-string",
        Notation::Labelled => "labelled",
        Notation::Kahan => "kahan",
        Notation::Sobczyk => "sobczyk",
    }
}

/// A colored cube, held in a fixed position (the faces as given) and compared up to
/// rotation (see the Python docstrings in `cubelab/_native.pyi`).
#[pyclass(frozen, eq, hash, module = "cubelab", name = "Cube")]
#[derive(Clone)]
pub(crate) struct Cube {
    coloring: Coloring,
    canonical: Coloring,
    notation: Option<Notation>,
    /// The text the cube was read from (a face string for derived cubes).
    spec: String,
}

impl PartialEq for Cube {
    fn eq(&self, other: &Cube) -> bool {
        self.canonical == other.canonical
    }
}

impl Hash for Cube {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.canonical.hash(state);
    }
}

impl Cube {
    /// The cube held as `coloring` (made, not read from text).
    pub(crate) fn of(coloring: Coloring) -> Cube {
        Cube { coloring, canonical: coloring.canonical(), notation: None, spec: coloring.face_string() }
    }

    /// Reads a cube in any notation; bad text raises `InputError`.
    pub(crate) fn parse(py: Python<'_>, spec: &str) -> PyResult<Cube> {
        let (coloring, notation) = parse_cube_with_notation(spec).map_err(|e| crate::errors::from_library(py, &e))?;
        Ok(Cube { coloring, canonical: coloring.canonical(), notation: Some(notation), spec: spec.to_string() })
    }

    fn names(&self) -> CubeNames {
        all_names_of(&self.coloring)
    }
}

#[pymethods]
impl Cube {
    /// `name`, when given, must be one of the cube's names (its Conway name, Kahan type
    /// or Sobczyk symbol): `repr` writes a cube held off its name's position as
    /// `Cube('153624', name='Ab')`.
    #[new]
    #[pyo3(signature = (cube, name = None))]
    fn new(py: Python<'_>, cube: &Bound<'_, PyAny>, name: Option<&str>) -> PyResult<Cube> {
        let made = if let Ok(c) = cube.cast::<Cube>() {
            c.get().clone()
        } else {
            match cube.extract::<String>() {
                Ok(text) => Cube::parse(py, &text)?,
                Err(_) => {
                    return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                        "a cube is given as text (a Conway name, face string, labelled form, K1..K30 or Sobczyk symbol) or a Cube, not {}",
                        cube.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "this value".to_string())
                    )))
                }
            }
        };
        if let Some(name) = name {
            let names = made.names();
            if ![&names.conway, &names.kahan, &names.sobczyk].iter().any(|n| n.as_deref() == Some(name)) {
                let known = names.short().map(|n| format!("it is {n}")).unwrap_or_else(|| "it has no name".to_string());
                return Err(crate::errors::exception(
                    py,
                    crate::errors::Class::Input,
                    &format!(
                        "name='{}' does not name the cube {}: {known}",
                        name.escape_debug(),
                        made.coloring.face_string()
                    ),
                ));
            }
        }
        Ok(made)
    }

    /// The colors of the faces as held, keyed by face U D F B L R.
    #[getter]
    fn faces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for f in Face::ALL {
            d.set_item(f.letter().to_string(), self.coloring.color(f).to_char().to_string())?;
        }
        Ok(d)
    }

    /// The six colors as held, in face order U D F B L R.
    #[getter]
    fn face_string(&self) -> String {
        self.coloring.face_string()
    }

    /// The labelled form `U=..,D=..,F=..,B=..,L=..,R=..` as held.
    #[getter]
    fn labelled(&self) -> String {
        labelled(&self.coloring)
    }

    /// The color of one face (`"U"`, `"D"`, `"F"`, `"B"`, `"L"` or `"R"`).
    fn color(&self, py: Python<'_>, face: &str) -> PyResult<String> {
        let mut letters = face.chars();
        match (letters.next().and_then(Face::from_letter), letters.next()) {
            (Some(f), None) => Ok(self.coloring.color(f).to_char().to_string()),
            _ => Err(crate::errors::exception(
                py,
                crate::errors::Class::Input,
                &format!("'{}' is not a face: expected one of U D F B L R", face.escape_debug()),
            )),
        }
    }

    /// The notation the cube was read in, or None for a cube made by a method.
    #[getter]
    fn notation(&self) -> Option<&'static str> {
        self.notation.map(notation_name)
    }

    /// The same cube held in its canonical position.
    #[getter]
    fn canonical(&self) -> Cube {
        Cube::of(self.canonical)
    }

    /// The mirror image, in canonical position.
    #[getter]
    fn mirror(&self) -> Cube {
        Cube::of(self.coloring.mirror())
    }

    /// The corner numbers as held, keyed by corner UFL UFR UBR UBL DFL DFR DBR DBL.
    #[getter]
    fn corners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, number) in Corner::all().iter().zip(self.coloring.corner_numbers()) {
            d.set_item(k.name(), number.to_string())?;
        }
        Ok(d)
    }

    /// The number of the 24 rotations that fix the cube.
    #[getter]
    fn symmetries(&self) -> usize {
        self.coloring.symmetry_count()
    }

    /// Whether the cube is its own mirror image.
    #[getter]
    fn is_achiral(&self) -> bool {
        self.coloring.is_achiral()
    }

    /// Whether all six faces have different colors.
    #[getter]
    fn is_proper(&self) -> bool {
        self.coloring.is_proper()
    }

    /// Conway's name, or None (for a cube in Kahan's letters through w=1 y=2 b=3 g=4 p=5 r=6).
    #[getter]
    fn conway(&self) -> Option<String> {
        self.names().conway
    }

    /// Kahan's type `K1`..`K30`, or None.
    #[getter]
    fn kahan(&self) -> Option<String> {
        self.names().kahan
    }

    /// Sobczyk's symbol, or None.
    #[getter]
    fn sobczyk(&self) -> Option<String> {
        self.names().sobczyk
    }

    /// Conway's name if it has one in its own colors (1-6), else Sobczyk's symbol, else None.
    #[getter]
    fn name(&self) -> Option<String> {
        names_of(&self.coloring).short()
    }

    /// The JSON `cubelab show CUBE --json` prints (kind `show`).
    fn to_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let input = serde_json::json!({ "cube": self.spec });
        crate::command::run_command(py, "show", input, None, None, std::sync::Arc::default())
    }

    /// Same as `to_json()`.
    #[getter]
    fn json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.to_json(py)
    }

    /// `Cube('Ab')` when the cube's name (`name`) reads back as the cube held as it is,
    /// else its face string, with `name=` when it has a name (`Cube('153624',
    /// name='Ab')`, a turned Ab); `eval` of it gives the cube in the same position.
    fn __repr__(&self) -> String {
        let faces = self.coloring.face_string();
        match self.name() {
            Some(name) if parse_cube_with_notation(&name).is_ok_and(|(c, _)| c == self.coloring) => {
                format!("Cube('{name}')")
            }
            Some(name) => format!("Cube('{faces}', name='{name}')"),
            None => format!("Cube('{faces}')"),
        }
    }

    fn __str__(&self) -> String {
        self.names().short().unwrap_or_else(|| self.coloring.face_string())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, pyo3::types::PyType>, (String,)) {
        (slf.get_type(), (slf.get().coloring.face_string(),))
    }
}
