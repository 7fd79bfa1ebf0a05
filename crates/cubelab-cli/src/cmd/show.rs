//! `cubelab show`: one cube in any notation.

use crate::cmd::cubes::CubeRow;
use crate::output::{emit, write_svg, Format, Report};
use crate::svg;
use cubelab::coloring::Coloring;
use cubelab::geometry::{Corner, Face};
use cubelab::notation::{labelled, parse_cube_with_notation, Notation};
use schemars::JsonSchema;
use serde::Serialize;
use std::path::PathBuf;

/// Arguments of `cubelab show`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cubelab show Ab
  cubelab show 152463            (the same cube as a face string U D F B L R)
  cubelab show 'U=w,D=y,F=r,B=b,L=p,R=g'
  cubelab show \"Y1'\" --json
  cubelab show K17 --svg k17.svg")]
pub struct Args {
    /// The cube: Conway name, face string, labelled form, K1..K30 or Sobczyk symbol.
    cube: String,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Also draw the cube's net as SVG to this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// The input of `cubelab show`.
#[derive(Serialize, JsonSchema)]
struct Input {
    /// The cube as given, in any notation.
    cube: String,
}

/// `cubelab show`: one cube.
#[derive(Serialize, JsonSchema)]
struct Shown {
    /// The notation the cube was read in.
    notation: Notation,
    /// The coloring as given (not canonicalised), face string U D F B L R.
    given: String,
    /// The coloring as given, labelled form `U=..,D=..,F=..,B=..,L=..,R=..`.
    labelled: String,
    /// The canonical form and its names.
    #[serde(flatten)]
    row: CubeRow,
    #[serde(skip)]
    coloring: Coloring,
    #[serde(skip)]
    input: String,
}

impl Shown {
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
        s += &format!("cube:       {} (read as {:?})\n", self.input, self.notation);
        s += &format!("canonical:  {}  (U D F B L R)\n", r.faces);
        if let Some(n) = &r.name {
            s += &format!("name:       {n}\n");
        }
        if r.kahan.is_some() {
            s += &format!(
                "Kahan:      {}   Sobczyk: {}\n",
                r.kahan.as_deref().unwrap_or(""),
                r.sobczyk.as_deref().unwrap_or("")
            );
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
        s += &format!("symmetries: {} of the 24 rotations fix it\n", r.symmetries);
        s
    }

    fn svg(&self) -> Option<String> {
        let size = 60;
        let mut out = svg::open(4 * size + 20, 3 * size + 40);
        let title = match &self.row.name {
            Some(n) => format!("{n} {}", self.row.faces),
            None => self.row.faces.clone(),
        };
        out += &format!("  <text x=\"10\" y=\"20\" font-size=\"16\">{}</text>\n", svg::escape(&title));
        svg::net(&mut out, &self.coloring, 10, 30, size);
        out += "</svg>\n";
        Some(out)
    }
}

/// Runs `cubelab show`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let (given, notation) = parse_cube_with_notation(&args.cube)?;
    let canonical = given.canonical();
    let shown = Shown {
        input: args.cube.clone(),
        notation,
        given: given.face_string(),
        labelled: labelled(&given),
        row: CubeRow::new(&given),
        coloring: canonical,
    };
    if let Some(path) = &args.svg {
        write_svg(&shown, path)?;
    }
    emit(&shown, &Input { cube: args.cube }, if args.json { Format::Json } else { Format::Text })
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<Shown>();
}
