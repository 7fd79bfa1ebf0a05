//! `print blocks` and `print stack`: sheets to print, cut, fold and glue (docs/print.md);
//! `print magic`: the layers of a magic cube or a magic square as a sheet (`magic.rs`);
//! `print picture` (feature `images`): the picture cube maker (`picture.rs`).
//!
//! One net per block or cube at true scale (faces of `edge` mm), with glue tabs, each
//! face in its color, drawn over with the color's pattern ([`svg::pattern`]) and lettered
//! with its face and color; every page has a title, a scale bar and the key of the
//! colors; the last page(s) say how to assemble the puzzle (for blocks: every target they
//! build and one arrangement of each, corner by corner; for a stack: one solution, cube
//! by cube). The sheet is drawn once in millimetres (`layout.rs`) and written as SVG
//! ([`Sheet::svg`]) or, with the feature `pdf`, as PDF ([`Sheet::pdf`]). The web server
//! and the Python package run a JSON request to the file with [`run_file`] (`file.rs`).

mod file;
mod layout;
mod magic;
#[cfg(feature = "pdf")]
mod pdf;
#[cfg(feature = "images")]
mod picture;

pub use file::{run_file, PrintedFile, COMMANDS, FORMAT_KEY};
pub use layout::Line;
pub use magic::{run_magic, PrintMagicRequest, DEFAULT_CELL, MIN_CELL};
#[cfg(feature = "images")]
pub use picture::{
    run_picture, solved_states, PrintPictureRequest, SolvedState, DPI, MAX_PIXELS, MAX_SIDE, MIN_TILE_PIXELS, PICTURES,
};

use crate::census::check_stop;
use crate::error::{Error, Result};
use crate::{svg, Context};
use cubelab::coloring::{Color, Coloring};
use cubelab::geometry::{Face, Rotation};
use cubelab::notation::{names_of, parse_cubes};
use cubelab::stack::Stack;
use cubelab::target::{Blocks, CORNERS};
use cubelab::words::count;
use layout::{Grid, Page};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The default edge of the printed cubes, in mm.
pub const DEFAULT_EDGE: f64 = 40.0;
/// The smallest edge printed, in mm: smaller nets are hard to fold and glue.
pub const MIN_EDGE: f64 = 10.0;

fn default_edge() -> f64 {
    DEFAULT_EDGE
}

/// The paper size (`a4` by default).
#[derive(Serialize, Deserialize, JsonSchema, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 in (215.9 x 279.4 mm).
    Letter,
}

impl Paper {
    /// Width and height in mm (portrait).
    pub fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }

    /// The name as the option writes it.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "Letter",
        }
    }
}

/// The file format of a sheet (`svg` by default).
#[derive(Serialize, Deserialize, JsonSchema, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum PrintFormat {
    /// One SVG document in mm, the pages stacked from top to bottom.
    #[default]
    Svg,
    /// A PDF with one page per sheet page (needs the feature `pdf`).
    Pdf,
}

/// The request of `print blocks`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PrintBlocksRequest {
    /// The blocks, in any notation (at least one; repeats allowed).
    pub blocks: Vec<String>,
    /// The paper size.
    #[serde(default)]
    pub paper: Paper,
    /// The edge of the printed cubes in mm (at least 10, at most what fits the paper).
    #[serde(default = "default_edge")]
    pub edge: f64,
}

/// The request of `print stack`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PrintStackRequest {
    /// The cubes, bottom first, in any notation (2 to 8 cubes, as many colors in all).
    pub cubes: Vec<String>,
    /// The paper size.
    #[serde(default)]
    pub paper: Paper,
    /// The edge of the printed cubes in mm (at least 10, at most what fits the paper).
    #[serde(default = "default_edge")]
    pub edge: f64,
}

/// A printable sheet: its pages, drawn once, written as SVG or PDF.
#[derive(Debug, Clone)]
pub struct Sheet {
    pages: Vec<Page>,
    paper: Paper,
    /// The number of nets (or layers of numbers) drawn.
    pub nets: usize,
    /// The pages holding them (the rest are instructions).
    pub net_pages: usize,
    /// The instructions, as printed on the last page(s) before wrapping.
    pub instructions: Vec<Line>,
}

impl Sheet {
    /// The number of pages.
    pub fn pages(&self) -> usize {
        self.pages.len()
    }

    /// The paper.
    pub fn paper(&self) -> Paper {
        self.paper
    }

    /// The sheet as one SVG document in mm: the pages stacked from top to bottom, each a
    /// nested `<svg class="page">` of the paper's size.
    pub fn svg(&self) -> String {
        layout::to_svg(&self.pages, self.paper.size_mm(), self.paper.name())
    }

    /// The sheet as a PDF, one page per page, sized exactly as the paper.
    #[cfg(feature = "pdf")]
    pub fn pdf(&self) -> Vec<u8> {
        pdf::to_pdf(&self.pages, self.paper.size_mm())
    }
}

/// One cube to print: its net's caption and its coloring.
struct Item {
    caption: String,
    cube: Coloring,
}

/// A length as error messages show it: `40mm`; from a million mm on, in exponent form
/// (`1e9mm`, `1e308mm`) rather than in hundreds of digits.
fn length_value(mm: f64) -> String {
    format!("{}mm", mm_words(mm))
}

/// A number of mm in messages: as drawn (`47.5`), or from a million on in exponent form.
fn mm_words(mm: f64) -> String {
    if mm.abs() >= 1e6 {
        format!("{mm:e}")
    } else {
        layout::num(mm)
    }
}

/// What is printed and how large: the request field giving the size (`edge`, `cell`),
/// its value and least value in mm, the panel's name in messages, and the page grid for a
/// size.
struct Sizing<'a> {
    field: &'static str,
    value: f64,
    least: f64,
    panel: &'a str,
    grid: &'a dyn Fn(f64) -> Grid,
}

/// The page grid, or why the size is refused: below its least value, or a panel that
/// does not fit the page (the message gives the largest size that fits, or says that none
/// does).
///
/// The panel grows with the size, so the panels a page holds only shrink as it grows: the
/// largest size that fits, in tenths of a mm, is found by bisection (about 30 grids for
/// any size a request can give, 1e308 mm included), not by counting down.
fn grid(paper: Paper, sizing: &Sizing) -> Result<Grid> {
    let Sizing { field, value, least, panel, grid } = *sizing;
    if !value.is_finite() || value < least {
        return Err(Error::bad(format!("the {field} must be at least {} mm", layout::num(least)))
            .about(field, length_value(value)));
    }
    let g = grid(value);
    if g.per_page() > 0 {
        return Ok(g);
    }
    let dims = panel_words(g.panel);
    let fits = |tenths: f64| grid(tenths / 10.0).per_page() > 0;
    let least_tenths = least * 10.0;
    if !fits(least_tenths) {
        return Err(Error::bad(format!(
            "{panel} ({dims}) does not fit on {} paper with its margins and header, and none fits even at {} mm",
            paper.title(),
            layout::num(least)
        ))
        .about(field, length_value(value)));
    }
    Err(Error::bad(format!(
        "{panel} ({dims}) does not fit on {} paper with its margins and header; the largest {field} that fits is {} mm",
        paper.title(),
        layout::num(largest_fitting(least_tenths, (value * 10.0).floor(), &fits) / 10.0)
    ))
    .about(field, length_value(value)))
}

/// A panel's size in messages: `328 x 240 mm`, or for a size beyond any float, what it is
/// at least.
fn panel_words((w, h): (f64, f64)) -> String {
    if w.is_finite() && h.is_finite() {
        format!("{} x {} mm", mm_words(w), mm_words(h))
    } else {
        format!("over {:e} mm across", f64::MAX)
    }
}

/// The largest whole number `k` in `least..=most` with `fits(k)`, given that `fits(least)`
/// holds and that `fits` holds up to some point and no further (`most` may be infinite):
/// by bisection on the whole numbers between them.
fn largest_fitting(least: f64, most: f64, fits: &dyn Fn(f64) -> bool) -> f64 {
    // The panel of `least` fits and the page is finite: some whole number fails within a
    // few doublings, however large `most` is.
    let (mut lo, mut hi) = (least, least + 1.0);
    while hi < most && fits(hi) {
        lo = hi;
        hi = least + 2.0 * (hi - least);
    }
    if hi >= most {
        if fits(most) {
            return most;
        }
        hi = most;
    }
    // fits(lo), not fits(hi), both whole numbers.
    while hi - lo > 1.0 {
        let mid = (lo + (hi - lo) / 2.0).floor();
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The page grid of nets for these colors, or why the edge is refused.
fn net_grid(paper: Paper, edge: f64, colors: &[Color]) -> Result<Grid> {
    let of = |e: f64| Grid::new(paper.size_mm(), e, colors);
    grid(paper, &Sizing { field: "edge", value: edge, least: MIN_EDGE, panel: "a net with its tabs", grid: &of })
}

/// Draws panel `index` on a page at its top left corner.
type Draw<'a> = &'a dyn Fn(&mut Page, usize, (f64, f64));

/// The sheet: `panels` panels (nets, layers) drawn by `draw` (page, index, top left),
/// several to a page, then the instruction pages; the title names the size as `size`.
struct Panels<'a> {
    kind: &'a str,
    size: String,
    colors: &'a [Color],
    count: usize,
    draw: Draw<'a>,
}

/// The context's token (or deadline) stops it before each page is drawn.
fn sheet(ctx: &Context, paper: Paper, g: &Grid, panels: &Panels, instructions: Vec<Line>) -> Result<Sheet> {
    let per_page = g.per_page();
    let panel_pages = panels.count.div_ceil(per_page);
    let text = layout::text_pages(g, &instructions);
    let total = panel_pages + text.len();
    let title = |n: usize| {
        format!("cubelab print {} - page {n} of {total} - {} paper, {}", panels.kind, paper.title(), panels.size)
    };
    let mut pages = Vec::with_capacity(total);
    for p in 0..panel_pages {
        check_stop(ctx)?;
        let mut page = Page::default();
        layout::header(&mut page, g, &title(p + 1), panels.colors);
        for (k, index) in (p * per_page..panels.count.min((p + 1) * per_page)).enumerate() {
            (panels.draw)(&mut page, index, g.origin(k));
        }
        pages.push(page);
    }
    for (p, lines) in text.iter().enumerate() {
        check_stop(ctx)?;
        let mut page = Page::default();
        layout::header(&mut page, g, &title(panel_pages + p + 1), panels.colors);
        layout::text_page(&mut page, g, lines);
        pages.push(page);
    }
    Ok(Sheet { pages, paper, nets: panels.count, net_pages: panel_pages, instructions })
}

/// The sheet of nets of `items`.
fn net_sheet(ctx: &Context, kind: &str, paper: Paper, g: &Grid, items: &[Item], lines: Vec<Line>) -> Result<Sheet> {
    let colors: Vec<Color> = items.iter().flat_map(|i| i.cube.faces()).collect();
    let draw = |page: &mut Page, k: usize, at: (f64, f64)| {
        layout::net(page, at, g.edge, &items[k].cube, k + 1, &items[k].caption);
    };
    let size = format!("cube edge {} mm", layout::num(g.edge));
    sheet(ctx, paper, g, &Panels { kind, size, colors: &colors, count: items.len(), draw: &draw }, lines)
}

/// A cube's short name (Conway's or Sobczyk's), else its face string.
fn short_name(c: &Coloring) -> String {
    names_of(c).short().unwrap_or_else(|| c.face_string())
}

/// A color in words: its letter and name (`r red`), or its letter.
fn color_words(c: Color) -> String {
    match svg::color_name(c) {
        Some(name) => format!("{} {name}", c.to_char()),
        None => c.to_char().to_string(),
    }
}

/// The net face of `cube` that the rotation `r` (applied to the cube as printed) brings
/// to position `at`, with its color: `face R (g green)`.
fn net_face(cube: &Coloring, r: &Rotation, at: Face) -> String {
    let f = r.inverse().image(at);
    format!("face {f} ({})", color_words(cube.color(f)))
}

fn heading(text: impl Into<String>) -> Line {
    Line { text: text.into(), heading: true }
}

fn line(text: impl Into<String>) -> Line {
    Line { text: text.into(), heading: false }
}

/// The lines every instruction page starts with: how to fold a net.
fn folding(noun: &str) -> Vec<Line> {
    vec![
        heading("Folding"),
        line(format!(
            "Cut each net out along its outline, grey tabs included. Fold every edge between two faces away from you \
             (printed side out) and glue each grey tab under the face edge it meets. Each face shows its letter \
             (U up, D down, F front, B back, L left, R right as printed) and its color, and carries the color's \
             pattern from the key above. Each {noun} is numbered as in the instructions below."
        )),
        line(""),
    ]
}

/// Parses the cubes, refusing an empty list.
fn cubes(tokens: &[String], field: &'static str, noun: &str) -> Result<Vec<Coloring>> {
    if tokens.is_empty() {
        return Err(Error::naming(
            crate::ErrorKind::BadInput,
            format!("{{{field}}}: no {noun} given (give at least one)"),
        ));
    }
    Ok(parse_cubes(tokens)?)
}

/// Runs `print blocks`: one net per block, and how to assemble each target they build.
pub fn run_blocks(req: &PrintBlocksRequest, ctx: &Context) -> Result<Sheet> {
    check_stop(ctx)?;
    if let Some(l) = ctx.limits() {
        // The instructions solve every target, as `build` does.
        crate::limits::blocks(&req.blocks, false, 2, l)?;
    }
    let blocks = cubes(&req.blocks, "blocks", "blocks")?;
    let colors: Vec<Color> = blocks.iter().flat_map(|c| c.faces()).collect();
    let g = net_grid(req.paper, req.edge, &colors)?;
    let items: Vec<Item> = blocks
        .iter()
        .enumerate()
        .map(|(i, c)| Item { caption: format!("block {}: {}", i + 1, short_name(c)), cube: *c })
        .collect();
    let mut lines = folding("block");
    lines.push(heading("Assembly"));
    if blocks.len() < CORNERS {
        lines.push(line(format!(
            "{}: a 2x2x2 cube needs {CORNERS} blocks, so these build none.",
            count(blocks.len(), "block", "blocks")
        )));
    } else {
        let set = Blocks::new(&blocks)?;
        let targets = match set.buildable_targets_with(false, ctx.progress(), ctx.stop()) {
            // Too many colors to enumerate the targets: the nets are printed all the same.
            Err(e) if e.kind() == cubelab::ErrorKind::OutOfRange => {
                lines.push(line(format!("No targets listed: {e}.")));
                return net_sheet(ctx, "blocks", req.paper, &g, &items, lines);
            }
            r => r?,
        };
        let palette: String = set.palette().iter().map(|c| c.to_char()).collect();
        lines.push(line(format!(
            "{} blocks over colors {palette}: {} can be built (a target has one color on each face of the big \
             cube; put the blocks at its 8 corners so that each face of the big cube is one color).",
            blocks.len(),
            count(targets.len(), "proper target", "proper targets"),
        )));
        for (target, n) in &targets {
            check_stop(ctx)?;
            let (_, listed) = set.arrangements(target, false, Some(1), false)?;
            let Some(arrangement) = listed.first() else { continue };
            lines.push(line(""));
            let sides: Vec<String> =
                Face::ALL.iter().map(|&f| format!("{} {}", f.word(), color_words(target.color(f)))).collect();
            lines.push(heading(format!(
                "Target {} ({}): {}; one of them, corner by corner:",
                short_name(target),
                sides.join(", "),
                count(*n, "arrangement", "arrangements")
            )));
            for p in &arrangement.placements {
                let block = &blocks[p.block];
                let r = block.rotation_to(&p.oriented).ok_or_else(|| {
                    Error::new(crate::ErrorKind::Internal, "internal error: a placed block is not a turn of its block")
                })?;
                lines.push(line(format!(
                    "  {}: block {} ({}), {} up, {} front",
                    p.corner.words(),
                    p.block + 1,
                    short_name(block),
                    net_face(block, &r, Face::U),
                    net_face(block, &r, Face::F)
                )));
            }
        }
    }
    net_sheet(ctx, "blocks", req.paper, &g, &items, lines)
}

/// Runs `print stack`: one net per cube, and one solution of the stack, cube by cube.
pub fn run_stack(req: &PrintStackRequest, ctx: &Context) -> Result<Sheet> {
    check_stop(ctx)?;
    let stack = Stack::new(cubes(&req.cubes, "cubes", "cubes")?)?;
    let given = stack.cubes().to_vec();
    let colors: Vec<Color> = given.iter().flat_map(|c| c.faces()).collect();
    let g = net_grid(req.paper, req.edge, &colors)?;
    let items: Vec<Item> = given
        .iter()
        .enumerate()
        .map(|(i, c)| Item { caption: format!("cube {}: {}", i + 1, c.face_string()), cube: *c })
        .collect();
    let mut lines = folding("cube");
    lines.push(heading("Assembly"));
    check_stop(ctx)?;
    let solved = stack.solve(cubelab::stack::Method::Graph, 1)?;
    match solved.stacks.first() {
        None => lines.push(line(format!(
            "Stand the {} cubes in a column so that each of its four long sides shows every color once: this \
             set has no solution.",
            given.len()
        ))),
        Some(p) => {
            lines.push(line(format!(
                "Stand the {} cubes in a column, cube 1 at the bottom, so that each of the four long sides shows \
                 every color once. This set has {} ({}); one of them, cube by cube:",
                given.len(),
                count(solved.solutions, "solution", "solutions"),
                count(solved.distinct, "distinct-looking", "distinct-looking")
            )));
            for (i, (cube, r)) in given.iter().zip(&p.rotations).enumerate() {
                let o = &p.oriented[i];
                lines.push(line(format!(
                    "  cube {}{}: {} on top, {} in front; the sides show front {}, right {}, back {}, left {}",
                    i + 1,
                    if i == 0 { " (bottom)" } else { "" },
                    net_face(cube, r, Face::U),
                    net_face(cube, r, Face::F),
                    o.color(Face::F),
                    o.color(Face::R),
                    o.color(Face::B),
                    o.color(Face::L)
                )));
            }
            let side = |f: Face| p.side(f).iter().map(|c| c.to_char()).collect::<String>();
            lines.push(line(format!(
                "  the four sides, bottom to top: front {}, right {}, back {}, left {}",
                side(Face::F),
                side(Face::R),
                side(Face::B),
                side(Face::L)
            )));
        }
    }
    net_sheet(ctx, "stack", req.paper, &g, &items, lines)
}

#[cfg(test)]
mod tests;
