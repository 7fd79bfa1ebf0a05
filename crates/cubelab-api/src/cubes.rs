//! `cubes`: a set of cubes with their names, corners and mirrors.

use crate::error::Result;
use crate::report::Report;
use crate::{limits, Context};
use cubelab::coloring::{all_colorings, exact_colorings, Coloring};
use cubelab::macmahon;
use cubelab::notation::all_names_of;
use cubelab::words::count;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The request of `cubes`: which cubes are listed.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct CubesRequest {
    /// C_N: the cubes using exactly the colors 1..N (N = 1..6), or none.
    pub colors: Option<usize>,
    /// Every cube over the colors 1..K, or none.
    pub palette: Option<usize>,
    /// Conway's 6x6 tableau instead of a list.
    pub tableau: bool,
}

/// The input of `cubelab cubes` (both kinds): which cubes are listed.
#[derive(Serialize, JsonSchema)]
pub struct Input {
    /// `--colors N`: the cubes using exactly the colors 1..N, or null.
    colors: Option<usize>,
    /// `--palette K`: every cube over the colors 1..K, or null.
    palette: Option<usize>,
    /// `--tableau`: Conway's tableau instead of a list.
    tableau: bool,
}

impl Input {
    /// The input echoed for a request.
    pub fn of(req: &CubesRequest) -> Input {
        Input { colors: req.colors, palette: req.palette, tableau: req.tableau }
    }
}

/// One listed cube.
#[derive(Serialize, JsonSchema)]
pub struct CubeRow {
    /// Conway's name, if any (for a cube in Kahan's letters, through w=1 y=2 b=3 g=4 p=5 r=6).
    pub name: Option<String>,
    /// Canonical face string U D F B L R.
    pub faces: String,
    /// The eight corner numbers as strings (`"126"`), corner order UFL UFR UBR UBL DFL DFR
    /// DBR DBL.
    pub corners: Vec<String>,
    /// Canonical face string of the mirror image.
    pub mirror: String,
    /// Conway's name of the mirror image, if any (in Kahan's letters as for `name`).
    pub mirror_name: Option<String>,
    /// Kahan's type number.
    pub kahan: Option<String>,
    /// Sobczyk's symbol.
    pub sobczyk: Option<String>,
    /// Number of rotations fixing the cube.
    pub symmetries: usize,
}

impl CubeRow {
    /// Describes one cube.
    pub fn new(c: &Coloring) -> CubeRow {
        let c = c.canonical();
        let names = all_names_of(&c);
        let mirror = c.mirror();
        CubeRow {
            name: names.conway,
            faces: c.face_string(),
            corners: c.corner_numbers().iter().map(|k| k.to_string()).collect(),
            mirror: mirror.face_string(),
            mirror_name: all_names_of(&mirror).conway,
            kahan: names.kahan,
            sobczyk: names.sobczyk,
            symmetries: c.symmetry_count(),
        }
    }

    fn corner_text(&self) -> String {
        self.corners.join(" ")
    }
}

/// The legend under `cubes`: what each column means.
const COLUMNS: &str = "\
columns:
  name     Conway's name (- if none)
  faces    the canonical face string: the colors of U D F B L R
  corners  the corner numbers at UFL UFR UBR UBL DFL DFR DBR DBL (colors clockwise from outside)
  mirror   the mirror image's face string and Conway's name
  K, S     Kahan's type and Sobczyk's symbol (' marks the antitype), with w=1 y=2 b=3 g=4 p=5 r=6
  sym      how many of the 24 rotations fix the cube
";

/// `cubelab cubes`: the listed cubes.
#[derive(Serialize, JsonSchema)]
pub struct CubeList {
    /// Number of cubes listed.
    pub count: usize,
    /// The cubes, in the listed order.
    pub cubes: Vec<CubeRow>,
}

impl Report for CubeList {
    const KIND: &'static str = "cubes";
    type Input = Input;

    fn text(&self) -> String {
        let mut s = format!(
            "{:<5} {:<7} {:<31} {:<13} {:<4} {:<4} {}\n",
            "name", "faces", "corners", "mirror", "K", "S", "sym"
        );
        for r in &self.cubes {
            s += &format!(
                "{:<5} {:<7} {:<31} {:<7} {:<5} {:<4} {:<4} {}\n",
                r.name.as_deref().unwrap_or("-"),
                r.faces,
                r.corner_text(),
                r.mirror,
                r.mirror_name.as_deref().unwrap_or(""),
                r.kahan.as_deref().unwrap_or(""),
                r.sobczyk.as_deref().unwrap_or(""),
                r.symmetries
            );
        }
        s += &format!("{}\n", count(self.cubes.len(), "cube", "cubes"));
        s += COLUMNS;
        s
    }

    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let mut rows = vec![["name", "faces", "corners", "mirror", "mirror_name", "kahan", "sobczyk", "symmetries"]
            .map(String::from)
            .to_vec()];
        for r in &self.cubes {
            rows.push(vec![
                r.name.clone().unwrap_or_default(),
                r.faces.clone(),
                r.corner_text(),
                r.mirror.clone(),
                r.mirror_name.clone().unwrap_or_default(),
                r.kahan.clone().unwrap_or_default(),
                r.sobczyk.clone().unwrap_or_default(),
                r.symmetries.to_string(),
            ]);
        }
        Some(rows)
    }
}

/// `cubelab cubes --tableau`: Conway's 6x6 tableau.
#[derive(Serialize, JsonSchema)]
pub struct Tableau {
    /// Rows A..F, columns a..f: the cube's Conway name, null on the diagonal.
    pub rows: Vec<Vec<Option<String>>>,
}

impl Report for Tableau {
    const KIND: &'static str = "cubes-tableau";
    type Input = Input;

    fn text(&self) -> String {
        let mut s = String::from("    a   b   c   d   e   f\n");
        for (i, row) in self.rows.iter().enumerate() {
            s.push((b'A' + i as u8) as char);
            for cell in row {
                s += &format!("  {}", cell.as_deref().unwrap_or("--"));
            }
            s.push('\n');
        }
        s += "Conway's tableau: the cube in row X, column y is Xy; its mirror image is Yx (the\n\
              transposed cell); the diagonal is empty.\n";
        s
    }

    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        Some(self.rows.iter().map(|r| r.iter().map(|c| c.clone().unwrap_or_default()).collect()).collect())
    }
}

/// The report of `cubes`: a list, or Conway's tableau.
pub enum CubesReport {
    /// The listed cubes.
    List(CubeList),
    /// Conway's tableau (`tableau`).
    Tableau(Tableau),
}

/// Runs `cubes`.
pub fn run(req: &CubesRequest, ctx: &Context) -> Result<CubesReport> {
    if let Some(l) = ctx.limits() {
        limits::palette(req.palette, l)?;
    }
    if req.tableau {
        let t = macmahon::tableau();
        let rows = t.iter().map(|r| r.iter().map(|c| c.map(String::from)).collect()).collect();
        return Ok(CubesReport::Tableau(Tableau { rows }));
    }
    let set: Vec<Coloring> = match (req.colors, req.palette) {
        (Some(n), _) => exact_colorings(n)?,
        (None, Some(k)) => all_colorings(k)?,
        (None, None) => macmahon::cubes().iter().map(|c| c.coloring).collect(),
    };
    let cubes: Vec<CubeRow> = set.iter().map(CubeRow::new).collect();
    Ok(CubesReport::List(CubeList { count: cubes.len(), cubes }))
}
