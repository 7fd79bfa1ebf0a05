//! `cubelab magic`: enumerate, check and construct magic cubes.

mod check;
mod estimate;
mod squares;

use crate::cli::failure;
use crate::output::{render, FormatArgs};
use crate::progress;
use check::{check, CheckArgs};
use cubelab_api::magic::{self as api, Checkpoint, ConstructRequest, EnumerateInput, EnumerateRequest, Property};
use cubelab_api::Context;
use std::path::PathBuf;
use std::sync::Arc;

// Arguments of `cubelab magic`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
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
#[command(defer = true)]
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

// Arguments of `cubelab magic enumerate`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
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
    #[arg(long, default_value_t = api::order())]
    order: usize,
    /// First number A of the progression A, A+D, ..., A+(n³-1)D.
    #[arg(long, default_value_t = api::start(), allow_negative_numbers = true)]
    start: i64,
    /// Step D of the progression (nonzero).
    #[arg(long, default_value_t = api::step(), allow_negative_numbers = true)]
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

// Arguments of `cubelab magic construct`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
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
pub fn run(args: Args, ctx: &crate::context::Context) -> anyhow::Result<String> {
    match args.command {
        MagicCommand::Enumerate(a) => enumerate(a, ctx),
        MagicCommand::Check(a) => check(a, ctx),
        MagicCommand::Construct(a) => construct(a),
        MagicCommand::Squares(a) => squares::run(a, ctx),
        MagicCommand::SquaresMerge(a) => squares::merge(a),
        MagicCommand::Estimate(a) => estimate::run(a, ctx),
    }
}

/// The typed context of a long run: the program's progress bar and its stop flag (Ctrl-C).
pub(crate) fn long_run(bar: &Arc<progress::Bar>, ctx: &crate::context::Context) -> Context {
    Context::new().with_progress(bar.clone()).with_stop(ctx.stop())
}

fn enumerate(args: EnumerateArgs, ctx: &crate::context::Context) -> anyhow::Result<String> {
    let property = Property::from_name(&args.property).map_err(failure)?;
    let req = EnumerateRequest {
        order: args.order,
        start: args.start,
        step: args.step,
        property,
        origin_pinned: args.origin_pinned,
        classes: args.classes,
    };
    let bar = Arc::new(ctx.bar());
    let checkpoint = args.checkpoint.as_deref();
    progress::note_fresh_start(&bar, checkpoint, args.resume);
    let files = Checkpoint { path: checkpoint, resume: args.resume, overwrite: args.force };
    let report = api::enumerate_with(&req, &long_run(&bar, ctx), files, args.stop_after)
        .map_err(|e| progress::with_resume_hint_typed(e, checkpoint))?;
    drop(bar);
    render(&report, &EnumerateInput::of(&req), args.format.format())
}

fn construct(args: ConstructArgs) -> anyhow::Result<String> {
    let req = ConstructRequest { order: args.order };
    let report = api::construct(&req, &Context::new()).map_err(failure)?;
    render(&report, &api::ConstructInput { order: req.order }, args.format.format())
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<api::Enumerated>();
    check::schemas(out);
    out.add::<api::Constructed>();
    squares::schemas(out);
    estimate::schemas(out);
}
