//! `cubelab stack`: Instant Insanity stacks: solve one, the census over C_N, the classics.

use crate::output::{render, write_svg, Format, FormatArgs, Report};
use crate::progress;
use crate::svg;
use anyhow::Context;
use cubelab::coloring::Coloring;
use cubelab::geometry::Face;
use cubelab::notation::parse_cubes;
use cubelab::run::Options;
use cubelab::shard::Shard;
use cubelab::stack::{self, CensusOptions, Method, Placement, Stack, StackCensus};
use cubelab::words::count;
use cubelab_api::stack_census::CensusInput;
use schemars::JsonSchema;
use serde::Serialize;
use std::fmt::Write as _;
use std::path::PathBuf;

/// Arguments of `cubelab stack`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
n cubes stand in a column; it is solved when each long side (front, right, back, left)
shows n different colors. The cubes of a stack use exactly n colors in all.

Examples:
  cubelab stack solve rrgwrb wgrgbb grwrbw bwbrwg      Instant Insanity: 1 solution
  cubelab stack solve --classic tantalizer --svg tantalizer.svg
  cubelab stack solve 112233 123123 321321 --method backtrack --json
  cubelab stack classics
  cubelab stack census --colors 4                      every set of 4 cubes of C_4
  cubelab stack census --colors 5 --multisets --json
  cubelab stack census --colors 4 --shard 1/2 --json > part1.json
  cubelab stack census --colors 4 --shard 2/2 --json > part2.json
  cubelab stack merge part*.json                       identical to the unsharded run")]
pub struct Args {
    #[command(subcommand)]
    command: StackCommand,
}

#[derive(clap::Subcommand, Debug)]
enum StackCommand {
    /// Every solution of one stack: counts, and how to stand each cube.
    Solve(SolveArgs),
    /// Every set (or multiset) of N cubes using exactly N colors, by number of solutions.
    Census(CensusArgs),
    /// The built-in classic sets (Instant Insanity, the Tantalizer) and their solutions.
    Classics(ClassicsArgs),
    /// Merge the JSON outputs of every shard of one stack census.
    Merge(MergeArgs),
}

/// Arguments of `cubelab stack merge`.
#[derive(clap::Args, Debug)]
struct MergeArgs {
    /// JSON outputs of `stack census --shard I/N --json` (every shard once, any order).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    #[command(flatten)]
    format: FormatArgs,
}

/// `--method`.
#[derive(clap::Args, Debug, Clone)]
struct MethodArgs {
    /// graph: the opposite-face multigraph; backtrack: direct search over orientations.
    #[arg(long, default_value = "graph", value_parser = ["graph", "backtrack"])]
    method: String,
}

impl MethodArgs {
    fn method(&self) -> Method {
        if self.method == "backtrack" {
            Method::Backtrack
        } else {
            Method::Graph
        }
    }
}

/// Arguments of `cubelab stack solve`.
#[derive(clap::Args, Debug)]
struct SolveArgs {
    /// The cubes, bottom first, in any notation (2 to 8 cubes, as many colors in all).
    #[arg(value_name = "CUBE", required_unless_present = "classic")]
    cubes: Vec<String>,
    /// A built-in set instead of cubes (see `cubelab stack classics`).
    #[arg(long, value_name = "NAME", conflicts_with = "cubes")]
    classic: Option<String>,
    #[command(flatten)]
    method: MethodArgs,
    /// List at most N distinct solutions (the counts are always complete).
    #[arg(long, value_name = "N", default_value_t = 100)]
    limit: usize,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Draw the four sides of every listed solution as SVG to this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// Arguments of `cubelab stack census`.
#[derive(clap::Args, Debug)]
struct CensusArgs {
    /// N: stacks of N cubes from C_N, the cubes using exactly N colors (2 to 6).
    #[arg(long, value_name = "N")]
    colors: usize,
    /// Multisets (a cube may repeat) instead of sets.
    #[arg(long)]
    multisets: bool,
    #[command(flatten)]
    method: MethodArgs,
    /// Run only shard I of N (contiguous ranks).
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Save progress to this file (and resume from it with --resume).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Continue from the checkpoint file if it exists.
    #[arg(long, requires = "checkpoint")]
    resume: bool,
    /// Start afresh and replace an existing --checkpoint file (without it, or --resume, an
    /// existing file is refused).
    #[arg(long, requires = "checkpoint", conflicts_with = "resume")]
    force: bool,
    #[command(flatten)]
    format: FormatArgs,
}

/// Arguments of `cubelab stack classics`.
#[derive(clap::Args, Debug)]
struct ClassicsArgs {
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `cubelab stack`.
pub fn run(args: Args, ctx: &crate::api::Context) -> anyhow::Result<String> {
    match args.command {
        StackCommand::Solve(a) => solve(a),
        StackCommand::Census(a) => census(a, ctx),
        StackCommand::Classics(a) => classics(a),
        StackCommand::Merge(a) => merge(a),
    }
}

// ------------------------------------------------------------------------ inputs

/// The input of `cubelab stack solve`.
#[derive(Serialize, JsonSchema)]
struct SolveInput {
    /// The cubes as given, bottom first (empty with `classic`).
    cubes: Vec<String>,
    /// The built-in set solved instead, or null.
    classic: Option<String>,
    /// The method.
    method: Method,
    /// At most this many distinct solutions listed.
    limit: usize,
}

/// The input of `cubelab stack classics`: none.
#[derive(Serialize, JsonSchema)]
struct ClassicsInput {}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<SolveReport>();
    out.add::<StackCensus>();
    out.add::<ClassicsReport>();
}

// ------------------------------------------------------------------------ solve

/// One cube as it stands: its face string and the color at every position.
#[derive(Serialize, JsonSchema)]
struct CubeOut {
    /// 1-based position from the bottom.
    cube: usize,
    /// The cube as it stands, face string U D F B L R.
    faces: String,
    top: String,
    bottom: String,
    front: String,
    right: String,
    back: String,
    left: String,
}

/// The four long sides, each read bottom to top.
#[derive(Serialize, JsonSchema)]
struct SidesOut {
    front: String,
    right: String,
    back: String,
    left: String,
}

#[derive(Serialize, JsonSchema)]
struct StackOut {
    cubes: Vec<CubeOut>,
    sides: SidesOut,
}

fn color(c: &Coloring, f: Face) -> String {
    c.color(f).to_char().to_string()
}

fn stack_out(p: &Placement) -> StackOut {
    let side = |f: Face| p.side(f).iter().map(|c| c.to_char()).collect::<String>();
    StackOut {
        cubes: p
            .oriented
            .iter()
            .enumerate()
            .map(|(i, c)| CubeOut {
                cube: i + 1,
                faces: c.face_string(),
                top: color(c, Face::U),
                bottom: color(c, Face::D),
                front: color(c, Face::F),
                right: color(c, Face::R),
                back: color(c, Face::B),
                left: color(c, Face::L),
            })
            .collect(),
        sides: SidesOut { front: side(Face::F), right: side(Face::R), back: side(Face::B), left: side(Face::L) },
    }
}

#[derive(Serialize, JsonSchema)]
struct SolveReport {
    /// The classic set solved, if one was named.
    classic: Option<String>,
    /// The cubes as given (face strings), bottom first.
    given: Vec<String>,
    method: Method,
    cubes: usize,
    solutions: u64,
    placements: u64,
    distinct: u64,
    listed: usize,
    stacks: Vec<StackOut>,
    #[serde(skip)]
    title: String,
}

impl Report for SolveReport {
    const KIND: &'static str = "stack-solve";
    type Input = SolveInput;

    fn text(&self) -> String {
        let mut s = format!("{}\n", self.title);
        s += &format!(
            "{}, {}, {} (the 8 placements of a solution: 4 quarter turns of the column, each upright or turned over)\n",
            count(self.solutions, "solution", "solutions"),
            count(self.distinct, "distinct", "distinct"),
            count(self.placements, "placement", "placements"),
        );
        if (self.listed as u64) < self.distinct {
            s += &format!("listing the first {} distinct solutions (raise --limit for more)\n", self.listed);
        }
        for (i, st) in self.stacks.iter().enumerate() {
            s += &format!("\nsolution {} of {}: stand the cubes with cube 1 at the bottom\n", i + 1, self.distinct);
            for c in &st.cubes {
                s += &format!(
                    "  cube {}: {} on top, {} at the bottom; around it front {}, right {}, back {}, left {}   [{}]\n",
                    c.cube, c.top, c.bottom, c.front, c.right, c.back, c.left, c.faces
                );
            }
            s += &format!(
                "  sides, bottom to top: front {}  right {}  back {}  left {}\n",
                st.sides.front, st.sides.right, st.sides.back, st.sides.left
            );
        }
        s
    }

    fn svg(&self) -> Option<String> {
        let cell = 40u32;
        let gap = 24u32;
        let n = self.cubes as u32;
        let col_w = cell + gap;
        let block_w = 4 * col_w + gap;
        let block_h = n * cell + 50;
        let count = self.stacks.len().max(1) as u32;
        let width = block_w.max(360);
        let height = 30 + count * block_h;
        let mut out = svg::open(width, height);
        let _ = writeln!(out, "  <text x=\"10\" y=\"20\" font-size=\"14\">{}</text>", svg::escape(&self.title));
        for (i, st) in self.stacks.iter().enumerate() {
            let y0 = 30 + i as u32 * block_h;
            let sides = [
                ("front", &st.sides.front),
                ("right", &st.sides.right),
                ("back", &st.sides.back),
                ("left", &st.sides.left),
            ];
            for (k, (name, colors)) in sides.iter().enumerate() {
                let x = gap + k as u32 * col_w;
                let label = if k == 0 { format!("#{} {name}", i + 1) } else { name.to_string() };
                let _ = writeln!(
                    out,
                    "  <text x=\"{x}\" y=\"{}\" font-size=\"11\">{}</text>",
                    y0 + 14,
                    svg::escape(&label)
                );
                // Cube 1 at the bottom.
                for (j, ch) in colors.chars().enumerate() {
                    let y = y0 + 20 + (n - 1 - j as u32) * cell;
                    let c = cubelab::coloring::Color::from_char(ch).unwrap_or(cubelab::coloring::Color(0));
                    svg::square(&mut out, x, y, cell, c, &format!("{}", j + 1));
                }
            }
        }
        out += "</svg>\n";
        Some(out)
    }
}

fn solve(args: SolveArgs) -> anyhow::Result<String> {
    let (cubes, classic) = match &args.classic {
        Some(name) => {
            let c = stack::classic(name).with_context(|| {
                let names: Vec<&str> = stack::classics().iter().map(|c| c.name).collect();
                format!("--classic '{name}' is not a classic set (known: {})", names.join(", "))
            })?;
            (c.cubes()?, Some(c))
        }
        None => (parse_cubes(&args.cubes)?, None),
    };
    let stack = Stack::new(cubes)?;
    let method = args.method.method();
    let solved = stack.solve(method, args.limit)?;
    for p in &solved.stacks {
        // Every printed solution is checked side by side before it is shown.
        if !stack.verify(p) {
            anyhow::bail!("internal error: a listed stack does not solve the column");
        }
    }
    let given: Vec<String> = stack.cubes().iter().map(|c| c.face_string()).collect();
    let title = match classic {
        Some(c) => format!("{}: {} cubes {}", c.title, stack.len(), given.join(" ")),
        None => format!("{} cubes {}", stack.len(), given.join(" ")),
    };
    let report = SolveReport {
        classic: classic.map(|c| c.name.to_string()),
        given,
        method,
        cubes: stack.len(),
        solutions: solved.solutions,
        placements: solved.placements,
        distinct: solved.distinct,
        listed: solved.stacks.len(),
        stacks: solved.stacks.iter().map(stack_out).collect(),
        title,
    };
    if let Some(path) = &args.svg {
        write_svg(&report, path)?;
    }
    let input = SolveInput { cubes: args.cubes.clone(), classic: args.classic.clone(), method, limit: args.limit };
    render(&report, &input, Format::json_or_text(args.json))
}

// ------------------------------------------------------------------------ census

fn census(args: CensusArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    let shard = match &args.shard {
        Some(s) => Shard::parse(s).with_context(|| format!("--shard '{s}'"))?,
        None => Shard::ALL,
    };
    stack::collections(args.colors, args.multisets).with_context(|| format!("--colors {}", args.colors))?;
    let spec = CensusOptions { colors: args.colors, multisets: args.multisets, method: args.method.method(), shard };
    let bar = ctx.bar();
    let checkpoint = args.checkpoint.as_deref();
    progress::note_fresh_start(&bar, checkpoint, args.resume);
    let opts = Options {
        progress: &bar,
        stop: ctx.stop(),
        checkpoint,
        resume: args.resume,
        overwrite: args.force,
        ..Options::default()
    };
    let report = stack::census(&spec, &opts).map_err(|e| progress::with_resume_hint(e, checkpoint))?;
    drop(bar);
    render(&report, &CensusInput::of(&report), args.format.format())
}

/// Reads every shard's report (naming the file in any error) and prints the merged one.
fn merge(args: MergeArgs) -> anyhow::Result<String> {
    let mut parts = Vec::with_capacity(args.files.len());
    for (i, f) in args.files.iter().enumerate() {
        let name = format!("file {} '{}'", i + 1, f.display());
        let text = cubelab::io::read_text(f.as_ref()).with_context(|| format!("{name} cannot be read"))?;
        let report = StackCensus::from_json(&text).with_context(|| name.clone())?;
        parts.push((name, report));
    }
    let merged = stack::merge(&parts)?;
    render(&merged, &CensusInput::of(&merged), args.format.format())
}

// ------------------------------------------------------------------------ classics

#[derive(Serialize, JsonSchema)]
struct ClassicOut {
    name: &'static str,
    title: &'static str,
    year: u16,
    colors: &'static str,
    source: &'static str,
    cubes: Vec<&'static str>,
    solutions: u64,
    placements: u64,
    distinct: u64,
}

#[derive(Serialize, JsonSchema)]
struct ClassicsReport {
    classics: Vec<ClassicOut>,
}

impl Report for ClassicsReport {
    const KIND: &'static str = "stack-classics";
    type Input = ClassicsInput;

    fn text(&self) -> String {
        let mut s = String::new();
        for c in &self.classics {
            s += &format!(
                "{}  {}\n  cubes (U D F B L R, bottom first): {}\n  colors: {}\n  {}, {}, {}\n  source: {}\n\n",
                c.name,
                c.title,
                c.cubes.join(" "),
                c.colors,
                count(c.solutions, "solution", "solutions"),
                count(c.distinct, "distinct", "distinct"),
                count(c.placements, "placement", "placements"),
                c.source
            );
        }
        s += "solve one with: cubelab stack solve --classic NAME\n";
        s
    }
}

fn classics(args: ClassicsArgs) -> anyhow::Result<String> {
    let classics = stack::classics()
        .iter()
        .map(|c| {
            let solved = Stack::new(c.cubes()?)?.solve(Method::Graph, 0)?;
            Ok(ClassicOut {
                name: c.name,
                title: c.title,
                year: c.year,
                colors: c.colors,
                source: c.source,
                cubes: c.faces.to_vec(),
                solutions: solved.solutions,
                placements: solved.placements,
                distinct: solved.distinct,
            })
        })
        .collect::<cubelab::Result<Vec<_>>>()?;
    render(&ClassicsReport { classics }, &ClassicsInput {}, Format::json_or_text(args.json))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubelab::stack::SIDES;

    #[test]
    fn sides_are_read_bottom_to_top() {
        let c = stack::classic("instant-insanity").unwrap();
        let s = Stack::new(c.cubes().unwrap()).unwrap();
        let solved = s.solve(Method::Graph, 1).unwrap();
        let out = stack_out(&solved.stacks[0]);
        for (k, f) in SIDES.iter().enumerate() {
            let side: String = out.cubes.iter().map(|c| [&c.front, &c.right, &c.back, &c.left][k].clone()).collect();
            assert_eq!(side, solved.stacks[0].side(*f).iter().map(|c| c.to_char()).collect::<String>());
        }
        assert_eq!(out.sides.front.len(), 4);
    }
}
