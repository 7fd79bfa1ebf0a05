//! MacMahon's extended target puzzle (N x N x N): `cubelab build --size N`, `cubelab solve
//! --size N` (dispatched here from build.rs and solve.rs when N ≠ 2) and `cubelab extended`,
//! the census questions.

use crate::output::{render, write_svg, Format, Report};
use crate::progress::Bar;
use crate::svg;
use anyhow::Context;
use cubelab::coloring::Coloring;
use cubelab::extended::census::Census;
use cubelab::extended::{check_size, search::search, Assembly, ClassKind, Extended};
use cubelab::geometry::Face;
use cubelab::notation::{at_position, names_of, parse_cube, parse_cubes};
use cubelab::rng::SplitMix64;
use cubelab::words::count;
use schemars::JsonSchema;
use serde::Serialize;
use std::fmt::Write as _;
use std::path::PathBuf;

/// Checks `--size` and that enough blocks were given.
fn prepare(size: usize, blocks: &[String]) -> anyhow::Result<Extended> {
    check_size(size).with_context(|| format!("--size {size}"))?;
    let cubes = parse_cubes(blocks)?;
    let need = size * size * size;
    if cubes.len() < need {
        anyhow::bail!("a {size}x{size}x{size} cube needs {need} blocks, {} given", cubes.len());
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
struct BuiltOut {
    /// The target's canonical face string U D F B L R.
    target: String,
    /// Its Conway name (or Sobczyk symbol), or null.
    name: Option<String>,
    /// Number of arrangements building it (docs/extended.md), or null when too many to
    /// count exactly.
    arrangements: Option<u128>,
    /// Whether it uses six different colors.
    proper: bool,
}

/// `cubelab build --size N`: every target the blocks build as an N x N x N cube.
#[derive(Serialize, JsonSchema)]
struct BuildExtendedReport {
    /// Number of blocks.
    blocks: usize,
    /// The blocks' colors, one character each.
    colors: String,
    /// Improper targets were tried too.
    improper: bool,
    /// N: the targets are built as N x N x N cubes.
    size: usize,
    /// The targets built, with their numbers of arrangements.
    targets: Vec<BuiltOut>,
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

/// Runs `cubelab build --size N` for N ≠ 2.
pub fn build(size: usize, blocks: Vec<String>, improper: bool, json: bool) -> anyhow::Result<String> {
    let puzzle = prepare(size, &blocks)?;
    let bar = Bar::new();
    let built = puzzle.buildable_targets(improper, &bar)?;
    drop(bar);
    let report = BuildExtendedReport {
        blocks: puzzle.cubes().len(),
        colors: puzzle.blocks().palette().iter().map(|c| c.to_char()).collect(),
        improper,
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
    };
    render(&report, &BuildInput { blocks, size, improper }, Format::json_or_text(json))
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
struct PlacedOut {
    /// Layer, 1 = top … N = bottom.
    layer: usize,
    /// Row within the layer seen from above, 1 = back … N = front.
    row: usize,
    /// Column, 1 = left … N = right.
    column: usize,
    /// `"corner"`, `"edge"`, `"face-centre"` or `"interior"`.
    class: &'static str,
    /// The faces of the big cube this position shows (e.g. `UFL`), empty inside.
    shows: String,
    /// 1-based position of the block in the input.
    block: usize,
    /// The block's name, or null.
    name: Option<String>,
    /// The block's color facing up.
    up: String,
    /// The block's color facing front.
    front: String,
    /// The block as it sits, face string U D F B L R.
    faces: String,
}

/// `cubelab solve --size N`: one assembly of an N x N x N target.
#[derive(Serialize, JsonSchema)]
struct SolveExtendedReport {
    /// The target's face string U D F B L R, as held.
    target: String,
    /// The target's name, or null.
    name: Option<String>,
    /// The blocks as given.
    blocks: Vec<String>,
    /// N.
    size: usize,
    /// Whether the blocks build the target.
    builds: bool,
    /// The most positions the blocks can fill (N³ when they build it).
    fillable: u64,
    /// Number of arrangements, or null when too many to count exactly.
    arrangements: Option<u128>,
    /// One assembly, position by position (top layer first), or null.
    assembly: Option<Vec<PlacedOut>>,
    #[serde(skip)]
    drawn: Option<Assembly>,
}

fn class_word(kind: ClassKind) -> &'static str {
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

/// Runs `cubelab solve --size N` for N ≠ 2.
pub fn solve(
    size: usize,
    target: String,
    blocks: Vec<String>,
    json: bool,
    svg_path: Option<PathBuf>,
) -> anyhow::Result<String> {
    let t = parse_cube(&target).map_err(|e| at_position(e, "target"))?;
    let puzzle = prepare(size, &blocks)?;
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
    let report = SolveExtendedReport {
        target: t.face_string(),
        name: names_of(&t).short(),
        blocks: blocks.clone(),
        size,
        builds: assembly.is_some(),
        fillable,
        arrangements,
        assembly: out,
        drawn: assembly,
    };
    if let Some(path) = &svg_path {
        write_svg(&report, path)?;
    }
    render(&report, &SolveInput { target, blocks, size }, Format::json_or_text(json))
}

/// Arguments of `cubelab extended`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Answers the census questions of the extended target puzzle over MacMahon's 30 cubes for
one N (docs/extended.md):
  (a) which multisets build a given target: the complete list of Hall obstructions
      (a multiset builds it iff it has at least `deficit` blocks outside each), checked
      against the flow on random multisets;
  (b) the smallest k such that every k-multiset builds the given target (none: copies of
      its mirror image fit no corner) and such that it builds some target (the largest
      multiset filling no target's frame found by a local search, a lower bound, and a
      sample of random N^3-multisets);
  (c) whether containing a 2x2x2 solution of a target suffices to build that target
      N x N x N (a counterexample, checked by the flow and by direct search).

Examples:
  cubelab extended --size 3
  cubelab extended --size 2 --restarts 20     compare with: cubelab census infeasible
  cubelab extended --size 4 --target Af --json")]
pub struct Args {
    /// N: the big cube is N x N x N (2..=32).
    #[arg(long, default_value_t = 3, value_name = "N")]
    size: usize,
    /// The target of questions (a) and (c), a MacMahon cube in any notation.
    #[arg(long, default_value = "Ba", value_name = "CUBE")]
    target: String,
    /// Random multisets of N^3 cubes drawn for the checks of (a) and (b).
    #[arg(long, default_value_t = 2000, value_name = "S")]
    samples: u64,
    /// Restarts of the local search for the largest multiset building nothing.
    #[arg(long, default_value_t = 10, value_name = "R")]
    restarts: u64,
    /// Improvement steps per restart of that search (remove 1-3 blocks, refill).
    #[arg(long, default_value_t = 300, value_name = "S")]
    steps: u64,
    /// Seed of the random multisets and of the search.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// The input of `cubelab extended`.
#[derive(Serialize, JsonSchema)]
struct CensusInput {
    /// `--size`.
    size: usize,
    /// `--target`, as given.
    target: String,
    /// `--samples`.
    samples: u64,
    /// `--restarts`.
    restarts: u64,
    /// `--steps`.
    steps: u64,
    /// `--seed`.
    seed: u64,
}

/// A multiset of MacMahon cubes.
#[derive(Serialize, JsonSchema)]
struct MultisetOut {
    /// Conway's name of each cube used and how many copies.
    cubes: Vec<NamedCount>,
    /// Total number of cubes.
    size: u64,
}

/// A cube and a count.
#[derive(Serialize, JsonSchema)]
struct NamedCount {
    /// Conway's name.
    cube: String,
    /// Copies.
    count: u64,
}

/// One Hall obstruction.
#[derive(Serialize, JsonSchema)]
struct ObstructionOut {
    /// The cubes outside the closed set U (Conway's names).
    outside: Vec<String>,
    /// At least this many blocks must be among them.
    deficit: u64,
}

/// A bin of a histogram.
#[derive(Serialize, JsonSchema)]
struct Bin {
    /// The value.
    value: u64,
    /// How often it occurs.
    count: u64,
}

/// Question (a).
#[derive(Serialize, JsonSchema)]
struct QuestionA {
    /// Number of obstructions (the empty set, deficit N^3, included).
    obstructions: usize,
    /// How many obstructions have each deficit.
    by_deficit: Vec<Bin>,
    /// The obstructions with the fewest cubes outside (at most 12), deficit descending.
    smallest: Vec<ObstructionOut>,
    /// Random multisets of N^3 cubes drawn.
    samples: u64,
    /// How many of them build the target (flow).
    built: u64,
    /// Whether the flow and the obstruction test agreed on every sample.
    methods_agree: bool,
}

/// Question (b).
#[derive(Serialize, JsonSchema)]
struct QuestionB {
    /// The smallest k such that every k-multiset builds the target: always null (none).
    given_target_k: Option<u64>,
    /// Why: the target's mirror image, any number of copies of which fit no corner.
    given_target_witness: String,
    /// The largest multiset found that fills no target's frame (corners and edges), by the
    /// local search: it builds no target however many cubes are added to it, of no type.
    largest_infeasible_found: MultisetOut,
    /// max(N^3, that size + 1): the smallest k with every k-multiset building some target
    /// is at least this (a lower bound from a search, not a proof).
    lower_bound_k: u64,
    /// Random N^3-multisets drawn.
    samples: u64,
    /// How many of them build some target.
    built_some: u64,
}

/// Question (c).
#[derive(Serialize, JsonSchema)]
struct QuestionC {
    /// Eight cubes building the target as a 2x2x2 cube.
    two_by_two: Vec<String>,
    /// The multiset: those eight and copies of a cube fitting no corner of the target.
    multiset: MultisetOut,
    /// Whether it builds the target N x N x N (flow).
    builds_target: bool,
    /// The same by direct search (null when its node budget ran out).
    builds_target_by_search: Option<bool>,
    /// Whether it builds some target N x N x N.
    builds_some_target: bool,
}

/// `cubelab extended`: the census questions of the extended puzzle.
#[derive(Serialize, JsonSchema)]
struct ExtendedCensusReport {
    /// N.
    size: usize,
    /// The target of (a) and (c), face string.
    target: String,
    /// Its Conway name.
    name: Option<String>,
    /// N^3.
    positions: u64,
    /// (a) the multisets building the target.
    a: QuestionA,
    /// (b) the smallest sizes that guarantee a build.
    b: QuestionB,
    /// (c) a 2x2x2 solution inside a multiset does not suffice for the same target.
    c: QuestionC,
}

fn multiset_out(census: &Census, counts: &[u64]) -> MultisetOut {
    MultisetOut {
        cubes: counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(t, &c)| NamedCount { cube: names_of(&census.types()[t]).short().unwrap_or_default(), count: c })
            .collect(),
        size: counts.iter().sum(),
    }
}

fn multiset_text(m: &MultisetOut) -> String {
    m.cubes
        .iter()
        .map(|c| if c.count == 1 { c.cube.clone() } else { format!("{}x{}", c.count, c.cube) })
        .collect::<Vec<_>>()
        .join(" ")
}

impl Report for ExtendedCensusReport {
    const KIND: &'static str = "extended-census";
    type Input = CensusInput;

    fn text(&self) -> String {
        let n = self.size;
        let name = self.name.as_deref().unwrap_or("-");
        let mut s = format!("extended target puzzle, {n}x{n}x{n} ({} positions), target {name}\n", self.positions);
        let a = &self.a;
        s += &format!(
            "\n(a) a multiset builds {name} iff it has at least `deficit` cubes outside each of {} closed sets (Hall):\n",
            a.obstructions
        );
        s += "    deficit  obstructions\n";
        for b in &a.by_deficit {
            s += &format!("    {:>7}  {}\n", b.value, b.count);
        }
        s += "    fewest cubes outside:\n";
        for o in &a.smallest {
            s += &format!("      at least {:>2} of {}\n", o.deficit, o.outside.join(" "));
        }
        s += &format!(
            "    {} of {} random {}-multisets build it (flow and obstructions {})\n",
            a.built,
            a.samples,
            self.positions,
            if a.methods_agree { "agree" } else { "DISAGREE" }
        );
        let b = &self.b;
        s += &format!("\n(b) every k-multiset builds {name}: no such k ({})\n", b.given_target_witness);
        s += &format!(
            "    largest multiset filling no frame found: {} cubes: {}\n",
            b.largest_infeasible_found.size,
            multiset_text(&b.largest_infeasible_found)
        );
        s += &format!(
            "    so the smallest k with every k-multiset building some target is at least {} (a search, not a proof)\n",
            b.lower_bound_k
        );
        s += &format!("    {} of {} random {}-multisets build some target\n", b.built_some, b.samples, self.positions);
        let c = &self.c;
        s += &format!(
            "\n(c) {} builds {name} as a 2x2x2 cube; with them, {}:\n    builds {name} {n}x{n}x{n}: {} (search: {}); builds some target: {}\n",
            c.two_by_two.join(" "),
            multiset_text(&c.multiset),
            c.builds_target,
            c.builds_target_by_search.map_or("budget ran out".to_string(), |b| b.to_string()),
            c.builds_some_target
        );
        s
    }
}

/// Runs `cubelab extended`.
pub fn run(args: Args) -> anyhow::Result<String> {
    let n = args.size;
    check_size(n).with_context(|| format!("--size {n}"))?;
    if args.samples > 1_000_000 || args.restarts > 1_000_000 || args.steps > 1_000_000 {
        anyhow::bail!("--samples, --restarts and --steps are limited to 1000000 each");
    }
    let target = parse_cube(&args.target).map_err(|e| at_position(e, "--target"))?;
    let census = Census::macmahon(n)?;
    let ti = census
        .targets()
        .iter()
        .position(|t| t.same_cube(&target))
        .with_context(|| format!("--target '{}': not one of MacMahon's 30 cubes", args.target))?;
    let positions = (n as u64).pow(3);
    let bar = Bar::new();
    // (a)
    let obs = census.obstructions(ti);
    let mut by = std::collections::BTreeMap::new();
    for o in &obs {
        *by.entry(o.deficit).or_insert(0u64) += 1;
    }
    let mut small: Vec<_> = obs.iter().filter(|o| o.outside.count_ones() < 30).collect();
    small.sort_by_key(|o| (o.outside.count_ones(), std::cmp::Reverse(o.deficit), o.outside));
    let names = |mask: u32| -> Vec<String> {
        (0..30)
            .filter(|t| mask >> t & 1 == 1)
            .map(|t| names_of(&census.types()[t]).short().unwrap_or_default())
            .collect()
    };
    let mut rng = SplitMix64(args.seed);
    let (mut built, mut agree, mut built_some) = (0u64, true, 0u64);
    cubelab::run::Progress::start(&bar, "samples", args.samples, 0);
    for _ in 0..args.samples {
        let m = census.random_multiset(positions, &mut rng);
        let f = census.builds(ti, &m);
        agree &= f == Census::builds_by_obstructions(&obs, &m);
        built += f as u64;
        built_some += census.builds_any(&m) as u64;
        cubelab::run::Progress::advance(&bar, 1);
    }
    let a = QuestionA {
        obstructions: obs.len(),
        by_deficit: by.into_iter().rev().map(|(value, count)| Bin { value, count }).collect(),
        smallest: small
            .iter()
            .take(12)
            .map(|o| ObstructionOut { outside: names(o.outside), deficit: o.deficit })
            .collect(),
        samples: args.samples,
        built,
        methods_agree: agree,
    };
    // (b)
    let mirror = target.mirror();
    let mirror_name = names_of(&mirror).short().unwrap_or_else(|| mirror.face_string());
    let (best, example) = census.largest_infeasible_found(args.restarts, args.steps, args.seed);
    let b = QuestionB {
        given_target_k: None,
        given_target_witness: format!("any number of copies of its mirror image {mirror_name} fit no corner"),
        largest_infeasible_found: multiset_out(&census, &example),
        lower_bound_k: positions.max(best + 1),
        samples: args.samples,
        built_some,
    };
    // (c): a 2x2x2 solution of the target, then copies of the cube fitting no corner and
    // the fewest positions.
    let all: Vec<Coloring> = census.types().to_vec();
    let blocks2 = cubelab::target::Blocks::new(&all)?;
    let (_, listed) = blocks2.arrangements(&target, false, Some(1), false)?;
    let eight: Vec<usize> = listed
        .first()
        .map(|a| a.placements.iter().map(|p| p.block).collect())
        .context("internal: no 2x2x2 solution over the 30 cubes")?;
    let masks = census.masks(ti).context("internal: target index")?;
    let corners = (1u32 << 8) - 1;
    let filler = (0..30)
        .filter(|&t| masks[t] & corners == 0)
        .min_by_key(|&t| (masks[t].count_ones(), t))
        .context("internal: every cube fits a corner")?;
    let mut counts = vec![0u64; 30];
    for &t in &eight {
        counts[t] += 1;
    }
    counts[filler] += positions.saturating_sub(8);
    let cubes_c: Vec<Coloring> =
        counts.iter().enumerate().flat_map(|(t, &k)| std::iter::repeat_n(all[t], k as usize)).collect();
    let by_search = search(n, &cubes_c, &target, 5_000_000, false)?.builds;
    let c = QuestionC {
        two_by_two: eight.iter().map(|&t| names_of(&all[t]).short().unwrap_or_default()).collect(),
        multiset: multiset_out(&census, &counts),
        builds_target: census.builds(ti, &counts),
        builds_target_by_search: by_search,
        builds_some_target: census.builds_any(&counts),
    };
    drop(bar);
    let report = ExtendedCensusReport {
        size: n,
        target: target.face_string(),
        name: names_of(&target).short(),
        positions,
        a,
        b,
        c,
    };
    let input = CensusInput {
        size: n,
        target: args.target,
        samples: args.samples,
        restarts: args.restarts,
        steps: args.steps,
        seed: args.seed,
    };
    render(&report, &input, Format::json_or_text(args.json))
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<BuildExtendedReport>();
    out.add::<SolveExtendedReport>();
    out.add::<ExtendedCensusReport>();
}
