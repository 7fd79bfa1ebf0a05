//! MacMahon's extended target puzzle (N x N x N): `build` and `solve` with `size` N ≠ 2
//! (here), and the command `extended`: its request and output (here), the census
//! questions (`census.rs`) and the exhaustive guarantee search (`guarantee.rs`).

use crate::build::BuildRequest;
use crate::error::{Error, Result};
use crate::report::{Format, Report};
use crate::solve::SolveRequest;
use crate::{limits, svg, Context};
use cubelab::extended::{check_size, Assembly, ClassKind, Extended};
use cubelab::geometry::Face;
use cubelab::notation::{at_position, names_of, parse_cube, parse_cubes};
use cubelab::words::count;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

mod census;
mod guarantee;
pub use census::{
    CensusInput, ExtendedCensusReport, MultisetOut, NamedCount, ObstructionOut, QuestionA, QuestionB, QuestionC,
};
pub use guarantee::{GuaranteeInput, GuaranteeReport, SearchedOut};

/// N of `extended` by default.
pub const DEFAULT_SIZE: usize = 3;
/// The target of questions (a) and (c) by default.
pub const DEFAULT_TARGET: &str = "Ba";
/// Random multisets drawn by default.
pub const DEFAULT_SAMPLES: u64 = 2000;
/// Restarts of the local search by default.
pub const DEFAULT_RESTARTS: u64 = 10;
/// Steps per restart of the local search by default.
pub const DEFAULT_STEPS: u64 = 300;
/// The seed by default.
pub const DEFAULT_SEED: u64 = 1;
/// The guarantee search's most nodes for each number of cubes, by default.
pub const DEFAULT_BUDGET: u64 = 10_000_000_000;
/// Most samples, restarts and steps (each) of the census questions.
pub const MAX_COUNT: u64 = 1_000_000;

fn default_size() -> usize {
    DEFAULT_SIZE
}
fn default_target() -> String {
    DEFAULT_TARGET.to_string()
}
fn default_samples() -> u64 {
    DEFAULT_SAMPLES
}
fn default_restarts() -> u64 {
    DEFAULT_RESTARTS
}
fn default_steps() -> u64 {
    DEFAULT_STEPS
}
fn default_seed() -> u64 {
    DEFAULT_SEED
}

/// The request of `extended`: the census questions over MacMahon's 30 cubes for one N, or
/// with `guarantee` only question (b) for some target, by exhaustive search.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExtendedRequest {
    /// N: the big cube is N x N x N (2..=32).
    #[serde(default = "default_size")]
    pub size: usize,
    /// The target of questions (a) and (c), a MacMahon cube in any notation.
    #[serde(default = "default_target")]
    pub target: String,
    /// Random multisets of N³ cubes drawn for the checks of (a) and (b).
    #[serde(default = "default_samples")]
    pub samples: u64,
    /// Restarts of the local search for the largest multiset building nothing.
    #[serde(default = "default_restarts")]
    pub restarts: u64,
    /// Improvement steps per restart of that search (remove 1-3 blocks, refill).
    #[serde(default = "default_steps")]
    pub steps: u64,
    /// Seed of the random multisets and of the search.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// Only question (b) for some target, by exhaustive search (N ≥ 3).
    #[serde(default)]
    pub guarantee: bool,
    /// With `guarantee`: the most search nodes for each number of cubes (null: 10^10).
    /// A budget that runs out before a decision is an error of kind `LimitReached`.
    #[serde(default)]
    pub budget: Option<u64>,
}

impl Default for ExtendedRequest {
    fn default() -> Self {
        ExtendedRequest {
            size: DEFAULT_SIZE,
            target: default_target(),
            samples: DEFAULT_SAMPLES,
            restarts: DEFAULT_RESTARTS,
            steps: DEFAULT_STEPS,
            seed: DEFAULT_SEED,
            guarantee: false,
            budget: None,
        }
    }
}

/// The output of `extended`: the census questions, or the guarantee.
pub enum ExtendedOutput {
    /// The census questions (kind `extended-census`).
    Census(Box<ExtendedCensusReport>),
    /// The guarantee search (kind `extended-guarantee`).
    Guarantee(GuaranteeReport),
}

impl ExtendedOutput {
    /// The output with the input echoed for `req`, ready to render in any format or hand
    /// over its envelope: the one place that pairs each report with its input.
    pub fn rendered(self, req: &ExtendedRequest) -> crate::AnyReport {
        match self {
            ExtendedOutput::Census(r) => Box::new((*r, CensusInput::of(req))),
            ExtendedOutput::Guarantee(r) => Box::new((r, GuaranteeInput::of(req))),
        }
    }

    /// The output in `format` (text or JSON; neither has CSV).
    pub fn render(self, req: &ExtendedRequest, format: Format) -> Result<String> {
        self.rendered(req).render(format)
    }
}

/// Runs `extended`: the census questions with the context's progress (the samples, then
/// the restarts of the local search) and its stop token (looked at between samples,
/// restarts and steps, and in the direct search of (c)), or the guarantee search (stop
/// token looked at every few thousand nodes).
pub fn run(req: &ExtendedRequest, ctx: &Context) -> Result<ExtendedOutput> {
    if let Some(l) = ctx.limits() {
        limits::extended(req, l)?;
    }
    let n = req.size;
    check_size(n).map_err(|e| Error::from(e).about("size", n))?;
    if req.guarantee {
        return Ok(ExtendedOutput::Guarantee(guarantee::run(n, req.budget.unwrap_or(DEFAULT_BUDGET), ctx)?));
    }
    if let Some(b) = req.budget {
        return Err(Error::bad("a budget is for the guarantee search only").about("budget", b));
    }
    for (field, v) in [("samples", req.samples), ("restarts", req.restarts), ("steps", req.steps)] {
        if v > MAX_COUNT {
            return Err(Error::bad(format!("limited to {MAX_COUNT}")).about(field, v));
        }
    }
    Ok(ExtendedOutput::Census(Box::new(census::run(req, ctx)?)))
}

/// Checks the size and that enough blocks were given.
fn prepare(size: usize, blocks: &[String]) -> Result<Extended> {
    check_size(size).map_err(|e| Error::from(e).about("size", size))?;
    let cubes = parse_cubes(blocks)?;
    let need = size * size * size;
    if cubes.len() < need {
        return Err(Error::bad(format!("a {size}x{size}x{size} cube needs {need} blocks, {} given", cubes.len())));
    }
    Ok(Extended::new(size, &cubes)?)
}

/// The input of `cubelab build --size N` (N ≠ 2).
#[derive(Serialize, JsonSchema)]
pub struct BuildInput {
    /// The blocks as given, in any notation.
    blocks: Vec<String>,
    /// `--size`: the big cube is N x N x N.
    size: usize,
    /// `--improper`: improper targets are tried too.
    improper: bool,
}

/// One target the blocks build as an N x N x N cube.
#[derive(Serialize, JsonSchema)]
pub struct BuiltOut {
    /// The target's canonical face string U D F B L R.
    pub target: String,
    /// Its Conway name (or Sobczyk symbol), or null.
    pub name: Option<String>,
    /// Number of arrangements building it (docs/extended.md), or null when too many to
    /// count exactly.
    pub arrangements: Option<u128>,
    /// Whether it uses six different colors.
    pub proper: bool,
}

/// `cubelab build --size N`: every target the blocks build as an N x N x N cube.
#[derive(Serialize, JsonSchema)]
pub struct BuildExtendedReport {
    /// Number of blocks.
    pub blocks: usize,
    /// The blocks' colors, one character each.
    pub colors: String,
    /// Improper targets were tried too.
    pub improper: bool,
    /// N: the targets are built as N x N x N cubes.
    pub size: usize,
    /// The targets built, with their numbers of arrangements.
    pub targets: Vec<BuiltOut>,
}

impl Report for BuildExtendedReport {
    const KIND: &'static str = "build-extended";
    type Input = BuildInput;

    fn text(&self) -> String {
        let n = self.targets.len();
        let kind = if self.improper {
            format!("{} (proper and improper)", count(n, "target", "targets"))
        } else {
            count(n, "proper target", "proper targets")
        };
        let s3 = self.size;
        let mut s = format!(
            "{} blocks over colors {}: {kind} can be built as {s3}x{s3}x{s3} cubes\n",
            self.blocks, self.colors
        );
        if !self.targets.is_empty() {
            s += &format!("{:<8} {:<6} {}\n", "target", "name", "arrangements");
        }
        for t in &self.targets {
            let a = t.arrangements.map_or_else(|| "-".to_string(), |a| a.to_string());
            s += &format!("{:<8} {:<6} {a}\n", t.target, t.name.as_deref().unwrap_or("-"));
        }
        if self.targets.iter().any(|t| t.arrangements.is_none()) {
            s += "(-: buildable, but too many arrangements to count exactly; see docs/extended.md)\n";
        }
        if self.targets.is_empty() && !self.improper && self.colors.chars().count() < 6 {
            s += "(a proper target needs six different colors; try --improper)\n";
        }
        s
    }
}

impl BuildInput {
    /// The input of a request.
    pub(crate) fn of(req: &BuildRequest) -> BuildInput {
        BuildInput { blocks: req.blocks.clone(), size: req.size, improper: req.improper }
    }
}

/// Runs `build` for N ≠ 2.
pub(crate) fn build(req: &BuildRequest, ctx: &Context) -> Result<BuildExtendedReport> {
    let size = req.size;
    let puzzle = prepare(size, &req.blocks)?;
    let built = puzzle.buildable_targets(req.improper, ctx.progress(), ctx.stop())?;
    Ok(BuildExtendedReport {
        blocks: puzzle.cubes().len(),
        colors: puzzle.blocks().palette().iter().map(|c| c.to_char()).collect(),
        improper: req.improper,
        size,
        targets: built
            .into_iter()
            .map(|b| BuiltOut {
                target: b.target.face_string(),
                name: names_of(&b.target).short(),
                arrangements: b.arrangements,
                proper: b.target.is_proper(),
            })
            .collect(),
    })
}

/// The input of `cubelab solve --size N` (N ≠ 2).
#[derive(Serialize, JsonSchema)]
pub struct SolveInput {
    /// The target as given, in any notation.
    target: String,
    /// The blocks as given.
    blocks: Vec<String>,
    /// `--size`: the big cube is N x N x N.
    size: usize,
}

/// One block of the assembly.
#[derive(Serialize, JsonSchema)]
pub struct PlacedOut {
    /// Layer, 1 = top … N = bottom.
    pub layer: usize,
    /// Row within the layer seen from above, 1 = back … N = front.
    pub row: usize,
    /// Column, 1 = left … N = right.
    pub column: usize,
    /// `"corner"`, `"edge"`, `"face-centre"` or `"interior"`.
    pub class: &'static str,
    /// The faces of the big cube this position shows (e.g. `UFL`), empty inside.
    pub shows: String,
    /// 1-based position of the block in the input.
    pub block: usize,
    /// The block's name, or null.
    pub name: Option<String>,
    /// The block's color facing up.
    pub up: String,
    /// The block's color facing front.
    pub front: String,
    /// The block as it sits, face string U D F B L R.
    pub faces: String,
}

/// `cubelab solve --size N`: one assembly of an N x N x N target.
#[derive(Serialize, JsonSchema)]
pub struct SolveExtendedReport {
    /// The target's face string U D F B L R, as held.
    pub target: String,
    /// The target's name, or null.
    pub name: Option<String>,
    /// The blocks as given.
    pub blocks: Vec<String>,
    /// N.
    pub size: usize,
    /// Whether the blocks build the target.
    pub builds: bool,
    /// The most positions the blocks can fill (N³ when they build it).
    pub fillable: u64,
    /// Number of arrangements, or null when too many to count exactly.
    pub arrangements: Option<u128>,
    /// One assembly, position by position (top layer first), or null.
    pub assembly: Option<Vec<PlacedOut>>,
    #[serde(skip)]
    drawn: Option<Assembly>,
}

pub(crate) fn class_word(kind: ClassKind) -> &'static str {
    match kind {
        ClassKind::Corner => "corner",
        ClassKind::Edge => "edge",
        ClassKind::FaceCentre => "face-centre",
        ClassKind::Interior => "interior",
    }
}

fn side_word(i: usize, n: usize, first: &str, last: &str) -> String {
    if i == 1 {
        format!("{i} ({first})")
    } else if i == n {
        format!("{i} ({last})")
    } else {
        i.to_string()
    }
}

impl Report for SolveExtendedReport {
    const KIND: &'static str = "solve-extended";
    type Input = SolveInput;

    fn text(&self) -> String {
        let n = self.size;
        let total = n * n * n;
        let mut s = format!(
            "target {}{} as a {n}x{n}x{n} cube from {}\n",
            self.target,
            self.name.as_ref().map(|x| format!(" ({x})")).unwrap_or_default(),
            count(self.blocks.len(), "block", "blocks")
        );
        let Some(assembly) = &self.assembly else {
            s += &format!("no assembly: the blocks can fill at most {} of the {total} positions\n", self.fillable);
            return s;
        };
        s += &match self.arrangements {
            Some(a) => format!("{}; one of them:\n", count(a, "arrangement", "arrangements")),
            None => "buildable (too many arrangements to count exactly); one assembly:\n".to_string(),
        };
        s += "Build it layer by layer from the top, each layer seen from above with the front\n\
              toward you: rows from the back, columns from the left. Hold each block with the\n\
              colors shown up and front.\n";
        for layer in 1..=n {
            s += &format!("\nlayer {} of {n}:\n", side_word(layer, n, "top", "bottom"));
            for p in assembly.iter().filter(|p| p.layer == layer) {
                let who = match &p.name {
                    Some(x) => format!("block {} ({x})", p.block),
                    None => format!("block {}", p.block),
                };
                let place = format!(
                    "row {}, column {}",
                    side_word(p.row, n, "back", "front"),
                    side_word(p.column, n, "left", "right")
                );
                let shows = if p.shows.is_empty() { "inside".to_string() } else { p.shows.clone() };
                s += &format!(
                    "  {place:<31} {shows:<6} {who:<14} hold it with {} up and {} front   [{}]\n",
                    p.up, p.front, p.faces
                );
            }
        }
        let unused = self.blocks.len() - total;
        if unused > 0 {
            s += &format!("\n{} left over\n", count(unused, "block", "blocks"));
        }
        s
    }

    fn svg(&self) -> Option<String> {
        let n = self.size as u32;
        let cell = (320 / n).clamp(14, 48);
        let strip = (cell / 5).max(3);
        let panel = n * cell + 2 * strip;
        let gap = 30u32;
        let per_row = 3u32.min(n);
        let rows = n.div_ceil(per_row);
        let title = format!(
            "{}{}: {n}x{n}x{n}, layers from the top, each seen from above",
            self.target,
            self.name.as_ref().map(|x| format!(" ({x})")).unwrap_or_default()
        );
        let Some(a) = &self.drawn else {
            let mut out = svg::open(20 + svg::text_width(&title, svg::TITLE_SIZE), 60);
            svg::title(&mut out, 10, 20, &title);
            let _ = writeln!(out, "  <text x=\"10\" y=\"45\" font-size=\"12\">no assembly</text>");
            out += "</svg>\n";
            return Some(out);
        };
        let colors: Vec<_> = a.placements.iter().flat_map(|p| p.oriented.faces()).collect();
        let legend_x = gap + per_row * (panel + gap);
        let width = (legend_x + svg::legend_width(&colors) + 10).max(20 + svg::text_width(&title, svg::TITLE_SIZE));
        let height = (40 + rows * (panel + 30)).max(40 + svg::legend_height(&colors));
        let mut out = svg::open(width, height);
        svg::title(&mut out, 10, 20, &title);
        svg::legend(&mut out, legend_x, 36, &colors);
        let last = n as usize - 1;
        for p in &a.placements {
            let l = p.position.layer as u32;
            let x0 = gap + (l % per_row) * (panel + gap);
            let y0 = 40 + (l / per_row) * (panel + 30);
            if p.position.row == 0 && p.position.column == 0 {
                let _ = writeln!(out, "  <text x=\"{x0}\" y=\"{}\" font-size=\"11\">layer {}</text>", y0 + 10, l + 1);
            }
            let x = x0 + strip + p.position.column as u32 * cell;
            let y = y0 + 14 + strip + p.position.row as u32 * cell;
            let label = if cell >= 24 { (p.block + 1).to_string() } else { String::new() };
            svg::square(&mut out, x, y, cell, p.oriented.color(Face::U), &label);
            let mut strips = Vec::new();
            if p.position.column == 0 {
                strips.push((Face::L, x - strip, y, strip, cell));
            }
            if p.position.column == last {
                strips.push((Face::R, x + cell, y, strip, cell));
            }
            if p.position.row == 0 {
                strips.push((Face::B, x, y - strip, cell, strip));
            }
            if p.position.row == last {
                strips.push((Face::F, x, y + cell, cell, strip));
            }
            for (f, rx, ry, w, h) in strips {
                let _ = writeln!(
                    out,
                    "  <rect x=\"{rx}\" y=\"{ry}\" width=\"{w}\" height=\"{h}\" fill=\"{}\" stroke=\"#000\"/>",
                    svg::fill(p.oriented.color(f))
                );
            }
        }
        out += "</svg>\n";
        Some(out)
    }
}

impl SolveInput {
    /// The input of a request.
    pub(crate) fn of(req: &SolveRequest) -> SolveInput {
        SolveInput { target: req.target.clone(), blocks: req.blocks.clone(), size: req.size }
    }
}

/// Runs `solve` for N ≠ 2.
pub(crate) fn solve(req: &SolveRequest, _ctx: &Context) -> Result<SolveExtendedReport> {
    let size = req.size;
    let t = parse_cube(&req.target).map_err(|e| at_position(e, "target"))?;
    let puzzle = prepare(size, &req.blocks)?;
    let fillable = puzzle.max_fill(&t)?;
    let assembly = puzzle.assembly(&t)?;
    if let Some(a) = &assembly {
        // Checked face by face before it is shown.
        a.verify(&t, puzzle.cubes())?;
    }
    let arrangements = if assembly.is_some() { puzzle.count(&t)? } else { Some(0) };
    let classes = puzzle.classes();
    let out = assembly.as_ref().map(|a| {
        a.placements
            .iter()
            .map(|p| {
                let class = &classes[p.position.class(size)];
                PlacedOut {
                    layer: p.position.layer + 1,
                    row: p.position.row + 1,
                    column: p.position.column + 1,
                    class: class_word(class.kind),
                    shows: p.position.faces(size).iter().map(|f| f.letter()).collect(),
                    block: p.block + 1,
                    name: names_of(&puzzle.cubes()[p.block]).short(),
                    up: p.oriented.color(Face::U).to_string(),
                    front: p.oriented.color(Face::F).to_string(),
                    faces: p.oriented.face_string(),
                }
            })
            .collect()
    });
    Ok(SolveExtendedReport {
        target: t.face_string(),
        name: names_of(&t).short(),
        blocks: req.blocks.clone(),
        size,
        builds: assembly.is_some(),
        fillable,
        arrangements,
        assembly: out,
        drawn: assembly,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use std::time::Instant;

    fn small() -> ExtendedRequest {
        ExtendedRequest { samples: 20, restarts: 1, steps: 10, ..ExtendedRequest::default() }
    }

    #[test]
    fn a_raised_token_or_a_past_deadline_stops_an_extended_census() {
        let ctx = Context::new();
        ctx.stop().request();
        let e = run(&small(), &ctx).err().unwrap();
        assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
        // No samples: the local search is the first loop to look at the token.
        let e = run(&ExtendedRequest { samples: 0, ..small() }, &ctx).err().unwrap();
        assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
        let late = Context::new().with_deadline(Instant::now());
        let input = serde_json::json!({"size": 16, "restarts": 300, "steps": 1});
        let e = crate::run_any("extended", input, &late.with_limits(crate::Limits::default())).err().unwrap();
        assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
        // Unstopped, the same small census answers.
        let ExtendedOutput::Census(r) = run(&small(), &Context::new()).unwrap() else { panic!("a census") };
        assert!(r.a.methods_agree && r.a.samples == 20);
    }

    #[test]
    fn a_raised_token_stops_the_guarantee_search() {
        let ctx = Context::new();
        ctx.stop().request();
        let req = ExtendedRequest { guarantee: true, ..ExtendedRequest::default() };
        let e = run(&req, &ctx).err().unwrap();
        assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
    }

    #[test]
    fn a_budget_that_runs_out_before_a_decision_is_a_limit_reached() {
        for budget in [0, 20_000] {
            let req = ExtendedRequest { guarantee: true, budget: Some(budget), ..ExtendedRequest::default() };
            let e = run(&req, &Context::new()).err().unwrap();
            assert_eq!(e.kind(), ErrorKind::LimitReached, "{e}");
            assert_eq!(e.field(), Some(("budget", budget.to_string().as_str())), "{e}");
            assert!(e.message().starts_with("not decided"), "{e}");
        }
    }

    #[test]
    fn bad_and_refused_requests() {
        let ctx = Context::new();
        let e = run(&ExtendedRequest { budget: Some(5), ..small() }, &ctx).err().unwrap();
        assert_eq!((e.kind(), e.field()), (ErrorKind::BadInput, Some(("budget", "5"))), "{e}");
        let e = run(&ExtendedRequest { samples: 2_000_000, ..small() }, &ctx).err().unwrap();
        assert_eq!(e.field(), Some(("samples", "2000000")), "{e}");
        let e = run(&ExtendedRequest { target: "111111".into(), ..small() }, &ctx).err().unwrap();
        assert!(e.to_string().contains("MacMahon"), "{e}");
        let e = run(&ExtendedRequest { size: 2, guarantee: true, ..small() }, &ctx).err().unwrap();
        assert!(e.to_string().contains("census infeasible"), "{e}");
        let limited = Context::new().with_limits(crate::Limits::default());
        for req in [
            ExtendedRequest::default(),
            ExtendedRequest { size: 17, ..small() },
            ExtendedRequest { samples: 2001, ..small() },
            ExtendedRequest { guarantee: true, ..small() },
        ] {
            let e = run(&req, &limited).err().unwrap();
            assert_eq!(e.kind(), ErrorKind::Refused, "{req:?}: {e}");
        }
    }
}
