//! `cubelab magic`: enumerate, check and construct magic cubes.

mod check;
mod estimate;
mod squares;

use crate::output::{render, FormatArgs, Report};
use crate::progress;
use anyhow::bail;
use check::{check, CheckArgs};
use cubelab::magic::construct::semi_perfect;
use cubelab::magic::cube::NumberCube;
use cubelab::magic::search::{Search, SearchSpec};
use cubelab::magic::symmetry::classes;
use cubelab::magic::verify::{has_property, Property};
use cubelab::run::Options;
use schemars::JsonSchema;
use serde::Serialize;
use std::path::PathBuf;

/// Arguments of `cubelab magic`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cubelab magic enumerate --classes          the 192 cubes of order 3 in 4 classes
  cubelab magic check cube.txt               which properties a cube has, which lines fail
  cubelab magic construct --order 6 --json   a semi-perfect cube of order 6
  cubelab magic squares --order 4 --classes  the 880 squares of order 4 in Dudeney's groups
  cubelab magic estimate --order 3 --exact   the estimator checked on the 192 cubes (about 30 s)

Cells are listed layer by layer from the top, each layer row by row from the back,
each row from left to right.")]
pub struct Args {
    #[command(subcommand)]
    command: MagicCommand,
}

#[derive(clap::Subcommand, Debug)]
enum MagicCommand {
    /// Every magic cube of an order and property, optionally grouped into symmetry classes.
    Enumerate(EnumerateArgs),
    /// Report which magic properties a cube has and which lines fail.
    Check(CheckArgs),
    /// Build a semi-perfect magic cube of any order n >= 3.
    Construct(ConstructArgs),
    /// Count (and list) the magic squares of order 3, 4 or 5 of a kind.
    Squares(squares::SquaresArgs),
    /// Merge the JSON outputs of every shard of one `magic squares` census.
    SquaresMerge(squares::MergeArgs),
    /// Estimate the number of semi-perfect magic cubes of order 4 (or check the estimator).
    Estimate(estimate::EstimateArgs),
}

/// Arguments of `cubelab magic enumerate`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cubelab magic enumerate --classes --json          the 192 cubes in their 4 classes as JSON
  cubelab magic enumerate --start 0 --step 2        the cubes on 0, 2, ..., 52
  cubelab magic enumerate --property pantriagonal   none of order 3 (see docs/magic.md)
  cubelab magic enumerate --order 4 --property pantriagonal --origin-pinned --checkpoint pan4.json --stop-after 12
  cubelab magic enumerate --order 4 --property pantriagonal --origin-pinned --checkpoint pan4.json --resume --stop-after 12
                                                    (each about 5 s, exit 3; without --stop-after: hours)

Long searches show progress on stderr. With --checkpoint the search saves its state
every few seconds, at the end and when stopped (by --stop-after or Ctrl-C, exit 3);
--resume continues from it without losing or repeating a cube, or starts afresh if the
file does not exist yet. The output is the same for any number of threads
(RAYON_NUM_THREADS).")]
pub struct EnumerateArgs {
    /// Order n of the cubes (2 to 8; only order 3 finishes quickly).
    #[arg(long, default_value_t = 3)]
    order: usize,
    /// First number A of the progression A, A+D, ..., A+(n³-1)D.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    start: i64,
    /// Step D of the progression (nonzero).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    step: i64,
    /// Property the cubes must have: semi-perfect, diagonal, pantriagonal or perfect.
    #[arg(long, default_value = "semi-perfect")]
    property: String,
    /// Only cubes with the first number in the top-back-left cell (pantriagonal and perfect
    /// only: each cube is a cyclic translate of exactly one of these, so multiply by n³).
    #[arg(long)]
    origin_pinned: bool,
    /// Group the cubes into classes under the 48 rotations and reflections.
    #[arg(long)]
    classes: bool,
    /// Save the search state to FILE (atomically, every few seconds, at the end and when stopped).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Continue the search saved in the --checkpoint file (if it exists).
    #[arg(long, requires = "checkpoint")]
    resume: bool,
    /// Start afresh and replace an existing --checkpoint file (without it, or --resume, an
    /// existing file is refused).
    #[arg(long, requires = "checkpoint", conflicts_with = "resume")]
    force: bool,
    /// Stop after N more work units, saving the checkpoint (exit 3; continue with --resume).
    #[arg(long, value_name = "N", requires = "checkpoint")]
    stop_after: Option<usize>,
    #[command(flatten)]
    format: FormatArgs,
}

/// Arguments of `cubelab magic construct`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cubelab magic construct --order 3
  cubelab magic construct --order 10 --json     the cube as layers of rows of cells (docs/json.md)

Odd orders use a linear congruential construction, orders divisible by 4 the
complement method, other even orders a block method (docs/magic.md). Every cube is
checked by the verifier before it is printed.")]
pub struct ConstructArgs {
    /// Order n >= 3 (up to 200).
    #[arg(long)]
    order: usize,
    #[command(flatten)]
    format: FormatArgs,
}

/// Runs `cubelab magic`.
pub fn run(args: Args, ctx: &crate::api::Context) -> anyhow::Result<String> {
    match args.command {
        MagicCommand::Enumerate(a) => enumerate(a, ctx),
        MagicCommand::Check(a) => check(a, ctx),
        MagicCommand::Construct(a) => construct(a),
        MagicCommand::Squares(a) => squares::run(a, ctx),
        MagicCommand::SquaresMerge(a) => squares::merge(a),
        MagicCommand::Estimate(a) => estimate::run(a, ctx),
    }
}

/// The input of `cubelab magic enumerate`.
#[derive(Serialize, JsonSchema)]
struct EnumerateInput {
    /// Order n.
    order: usize,
    /// First number A of the progression.
    start: i64,
    /// Step D of the progression.
    step: i64,
    /// The property: `"semi-perfect"`, `"diagonal"`, `"pantriagonal"` or `"perfect"`.
    property: Property,
    /// Only cubes with A in the top-back-left cell.
    origin_pinned: bool,
    /// The cubes are grouped into symmetry classes.
    classes: bool,
}

/// One symmetry class.
#[derive(Serialize, JsonSchema)]
struct ClassRow {
    /// Its first cube, cells in reading order.
    representative: Vec<i64>,
    /// Cubes in the class.
    size: usize,
}

/// `cubelab magic enumerate`: every magic cube of an order and property.
#[derive(Serialize, JsonSchema)]
struct Enumerated {
    /// Number of cubes found.
    count: usize,
    /// With `--classes`: the symmetry classes; else null.
    classes: Option<Vec<ClassRow>>,
    /// Without `--classes`: every cube (cells in reading order), sorted; else null.
    cubes: Option<Vec<Vec<i64>>>,
    /// The text heading.
    #[serde(skip)]
    heading: String,
    /// The order, for the text.
    #[serde(skip)]
    order: usize,
}

impl Report for Enumerated {
    const KIND: &'static str = "magic-enumerate";
    type Input = EnumerateInput;

    fn text(&self) -> String {
        let cube = |cells: &[i64]| NumberCube::new(self.order, cells.to_vec()).expect("size").to_text();
        let mut s = self.heading.clone();
        match (&self.classes, &self.cubes) {
            (Some(classes), _) => {
                s += &format!("{} classes under the 48 rotations and reflections\n", classes.len());
                for (i, c) in classes.iter().enumerate() {
                    s += &format!("\nclass {} ({} cubes), representative:\n{}", i + 1, c.size, cube(&c.representative));
                }
            }
            (None, cubes) => {
                for (i, c) in cubes.iter().flatten().enumerate() {
                    s += &format!("\ncube {}:\n{}", i + 1, cube(c));
                }
            }
        }
        s
    }

    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let join = |cells: &[i64]| cells.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ");
        Some(match (&self.classes, &self.cubes) {
            (Some(classes), _) => std::iter::once(vec!["class".into(), "size".into(), "representative".into()])
                .chain(
                    classes
                        .iter()
                        .enumerate()
                        .map(|(i, c)| vec![(i + 1).to_string(), c.size.to_string(), join(&c.representative)]),
                )
                .collect(),
            (None, cubes) => std::iter::once(vec!["cube".into(), "cells".into()])
                .chain(cubes.iter().flatten().enumerate().map(|(i, c)| vec![(i + 1).to_string(), join(c)]))
                .collect(),
        })
    }
}

fn enumerate(args: EnumerateArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    let property = Property::from_name(&args.property)?;
    // The library names the problem; the flag that causes it is named here (the order is
    // checked first, so a zero step is the cause only for an order that can be enumerated).
    let mut spec = match SearchSpec::new(args.order, property, args.start, args.step) {
        Err(e) if args.step == 0 && (2..=8).contains(&args.order) => {
            return Err(anyhow::Error::new(e).context("--step 0"))
        }
        spec => spec?,
    };
    if args.origin_pinned {
        spec = spec.origin_pinned()?;
    }
    let search = Search::new(spec)?;
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
    // Batches stay small whatever --stop-after says, so the checkpoint is saved every
    // few seconds (by the save policy) and a stop request is seen within one batch.
    let batch = 4 * rayon::current_num_threads().max(1);
    let mut cubes = search.run(&opts, batch, args.stop_after).map_err(|e| progress::with_resume_hint(e, checkpoint))?;
    drop(bar);
    let n3 = spec.order.pow(3);
    let heading = format!(
        "{} {} magic cubes of order {} on {}, {}, ..., {}{}\n",
        cubes.len(),
        property.name(),
        spec.order,
        spec.value(0),
        spec.value(1),
        spec.value(n3 - 1),
        if spec.origin_pinned { format!(" with {} in the top-back-left cell", spec.value(0)) } else { String::new() }
    );
    let report = if args.classes {
        let classes = classes(&cubes)
            .into_iter()
            .map(|c| ClassRow { representative: c.representative.cells().to_vec(), size: c.size })
            .collect();
        Enumerated { count: cubes.len(), classes: Some(classes), cubes: None, heading, order: spec.order }
    } else {
        cubes.sort();
        let list = cubes.iter().map(|c| c.cells().to_vec()).collect();
        Enumerated { count: cubes.len(), classes: None, cubes: Some(list), heading, order: spec.order }
    };
    let input = EnumerateInput {
        order: args.order,
        start: args.start,
        step: args.step,
        property,
        origin_pinned: args.origin_pinned,
        classes: args.classes,
    };
    render(&report, &input, args.format.format())
}

/// The input of `cubelab magic construct`.
#[derive(Serialize, JsonSchema)]
struct ConstructInput {
    /// Order n.
    order: usize,
}

/// `cubelab magic construct`: a semi-perfect magic cube.
#[derive(Serialize, JsonSchema)]
struct Constructed {
    /// Order n.
    order: usize,
    /// The cells: layers from the top, rows from the back, cells from the left.
    cube: Vec<Vec<Vec<i64>>>,
}

impl Report for Constructed {
    const KIND: &'static str = "magic-construct";
    type Input = ConstructInput;

    fn text(&self) -> String {
        let cells: Vec<i64> = self.cube.iter().flatten().flatten().copied().collect();
        let n = self.order;
        let total: i128 = cells.iter().map(|&v| v as i128).sum();
        let (low, high) = (cells.iter().min().copied().unwrap_or(0), cells.iter().max().copied().unwrap_or(0));
        // '#' lines are comments for `magic check`, so the text stays valid input.
        format!(
            "# a semi-perfect magic cube of order {n} on {low}..{high}, magic sum {}\n\
             # layers from the top, blank line between them; each layer's rows from the back,\n\
             # each row's cells from left to right\n{}",
            total / (n * n) as i128,
            NumberCube::new(n, cells).expect("size").to_text()
        )
    }

    /// One row per cell: its 1-based layer (from the top), row (from the back), cell
    /// (from the left) and value.
    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let mut rows = vec![["layer", "row", "cell", "value"].map(String::from).to_vec()];
        for (l, layer) in self.cube.iter().enumerate() {
            for (r, row) in layer.iter().enumerate() {
                for (c, v) in row.iter().enumerate() {
                    rows.push(vec![(l + 1).to_string(), (r + 1).to_string(), (c + 1).to_string(), v.to_string()]);
                }
            }
        }
        Some(rows)
    }
}

fn construct(args: ConstructArgs) -> anyhow::Result<String> {
    let cube = semi_perfect(args.order)?;
    if !has_property(&cube, Property::SemiPerfect) {
        bail!("internal error: the construction of order {} is not semi-perfect", args.order);
    }
    render(
        &Constructed { order: cube.order(), cube: cube.layers() },
        &ConstructInput { order: args.order },
        args.format.format(),
    )
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<Enumerated>();
    check::schemas(out);
    out.add::<Constructed>();
    squares::schemas(out);
    estimate::schemas(out);
}
