//! `show`: one cube in any notation.

use crate::cubes::CubeRow;
use crate::error::Result;
use crate::report::Report;
use crate::{svg, Context};
use cubelab::coloring::Coloring;
use cubelab::geometry::{Corner, Face};
use cubelab::macmahon::kahan_to_numbers;
use cubelab::notation::{labelled, names_of, parse_cube_with_notation, Notation};
use cubelab::relations::to_letters;
use cubelab::words::noun;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The request of `show`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShowRequest {
    /// The cube, in any notation.
    pub cube: String,
}

/// The input of `cubelab show`.
#[derive(Serialize, JsonSchema)]
pub struct Input {
    /// The cube as given, in any notation.
    cube: String,
}

impl Input {
    /// The input echoed for a request.
    pub fn of(req: &ShowRequest) -> Input {
        Input { cube: req.cube.clone() }
    }
}

/// `cubelab show`: one cube.
#[derive(Serialize, JsonSchema)]
pub struct Shown {
    /// The notation the cube was read in.
    pub notation: Notation,
    /// The coloring as given (not canonicalised), face string U D F B L R.
    pub given: String,
    /// The coloring as given, labelled form `U=..,D=..,F=..,B=..,L=..,R=..`.
    pub labelled: String,
    /// The canonical form and its names.
    #[serde(flatten)]
    pub row: CubeRow,
    #[serde(skip)]
    coloring: Coloring,
    /// How the input was read, in words.
    #[serde(skip)]
    read_as: &'static str,
    /// The canonical cube in the other color alphabet of a MacMahon cube: ("in numbers:",
    /// faces) for Kahan's letters, ("in letters:", faces) for MacMahon's numbers.
    #[serde(skip)]
    other_colors: Option<(&'static str, String)>,
    #[serde(skip)]
    input: String,
}

impl Shown {
    /// Every name the cube has: Conway's (directly, or through the identification of
    /// Kahan's letters with MacMahon's numbers), Kahan's and Sobczyk's.
    fn names_text(&self) -> String {
        let names: Vec<String> = [
            (self.row.name.as_deref(), "Conway"),
            (self.row.kahan.as_deref(), "Kahan"),
            (self.row.sobczyk.as_deref(), "Sobczyk"),
        ]
        .into_iter()
        .filter_map(|(n, who)| n.map(|n| format!("{n} ({who})")))
        .collect();
        if names.is_empty() {
            "none (only MacMahon's 30 cubes, colors 1-6 or w y b g p r each once, are named)".to_string()
        } else {
            names.join(", ")
        }
    }

    fn net(&self) -> String {
        let c = &self.coloring;
        let cell = |f: Face| c.color(f).to_char();
        format!(
            "      +---+\n      | {u} |\n  +---+---+---+---+\n  | {l} | {f} | {r} | {b} |\n  +---+---+---+---+\n      | {d} |\n      +---+\n",
            u = cell(Face::U),
            l = cell(Face::L),
            f = cell(Face::F),
            r = cell(Face::R),
            b = cell(Face::B),
            d = cell(Face::D)
        )
    }
}

impl Report for Shown {
    const KIND: &'static str = "show";
    type Input = Input;

    fn text(&self) -> String {
        let r = &self.row;
        let mut s = String::new();
        s += &format!("cube:       {} (read as {})\n", self.input, self.read_as);
        s += &format!("as given:   {}\n", self.labelled);
        s += &format!("canonical:  {}  (U D F B L R)\n", r.faces);
        s += &format!("names:      {}\n", self.names_text());
        if let Some((what, faces)) = &self.other_colors {
            s += &format!("{what:<11} {faces}  (identified w=1 y=2 b=3 g=4 p=5 r=6)\n");
        }
        s += &format!("net of the canonical form:\n{}", self.net());
        s += "corners:    ";
        let corners: Vec<String> =
            Corner::all().iter().zip(&r.corners).map(|(k, v)| format!("{}={v}", k.name())).collect();
        s += &corners.join(" ");
        s.push('\n');
        s += &format!(
            "mirror:     {}{}\n",
            r.mirror,
            r.mirror_name.as_ref().map(|n| format!(" ({n})")).unwrap_or_default()
        );
        s += &format!("symmetries: {} of the 24 rotations {} it\n", r.symmetries, noun(r.symmetries, "fixes", "fix"));
        s
    }

    fn svg(&self) -> Option<String> {
        let size = 60;
        let colors = self.coloring.faces();
        let title = match self.names_text() {
            n if self.row.name.is_some() || self.row.kahan.is_some() => format!("{} {n}", self.row.faces),
            _ => self.row.faces.clone(),
        };
        let net_w = 4 * size + 20;
        let legend_x = net_w + 10;
        let width = (legend_x + svg::legend_width(&colors) + 10).max(20 + svg::text_width(&title, svg::TITLE_SIZE));
        let height = (3 * size + 50).max(40 + svg::legend_height(&colors));
        let mut out = svg::open(width, height);
        svg::title(&mut out, 10, 22, &title);
        svg::net(&mut out, &self.coloring, 10, 36, size);
        svg::legend(&mut out, legend_x, 36, &colors);
        out += "</svg>\n";
        Some(out)
    }
}

/// Runs `show`.
pub fn run(req: &ShowRequest, _ctx: &Context) -> Result<Shown> {
    let (given, notation) = parse_cube_with_notation(&req.cube)?;
    let canonical = given.canonical();
    let row = CubeRow::new(&given);
    // A MacMahon cube in Kahan's letters (its Conway name comes through w=1 … r=6).
    let in_letters = row.kahan.is_some() && names_of(&canonical).conway.is_none();
    let other_colors = match (row.kahan.is_some(), in_letters) {
        (false, _) => None,
        (true, true) => Some(("in numbers:", kahan_to_numbers(&canonical).canonical().face_string())),
        (true, false) => to_letters(&canonical).ok().map(|c| ("in letters:", c.canonical().face_string())),
    };
    Ok(Shown {
        input: req.cube.clone(),
        notation,
        given: given.face_string(),
        labelled: labelled(&given),
        read_as: notation.description(),
        other_colors,
        row,
        coloring: canonical,
    })
}
