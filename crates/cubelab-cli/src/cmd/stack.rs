//! `cubelab stack`: Instant Insanity stacks: solve one, the census over C_N, the classics.

use crate::cli::failure;
use crate::output::{render, write_svg, Format, FormatArgs};
use crate::progress;
use anyhow::Context as _;
use cubelab::stack::StackCensus;
use cubelab_api::stack::{
    self, Method, StackCensusRequest, StackClassicsRequest, StackMergeRequest, StackSolveRequest,
};
use cubelab_api::stack_census::CensusInput;
use cubelab_api::Context;
use std::path::PathBuf;
use std::sync::Arc;

// Arguments of `cubelab stack`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
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
#[command(defer = true)]
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

// Arguments of `cubelab stack merge`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
struct MergeArgs {
    /// JSON outputs of `stack census --shard I/N --json` (every shard once, any order).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    #[command(flatten)]
    format: FormatArgs,
}

// `--method`.
#[derive(clap::Args, Debug, Clone)]
#[command(allow_negative_numbers = true)]
struct MethodArgs {
    /// graph: the opposite-face multigraph; backtrack: direct search over orientations.
    #[arg(long, value_enum, default_value_t = Method::default())]
    method: Method,
}

// Arguments of `cubelab stack solve`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
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
    #[arg(long, value_name = "N", default_value_t = stack::DEFAULT_LIMIT)]
    limit: usize,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Draw the four sides of every listed solution as SVG to this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

// Arguments of `cubelab stack census`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
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

// Arguments of `cubelab stack classics`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
struct ClassicsArgs {
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `cubelab stack`.
pub fn run(args: Args, ctx: &crate::context::Context) -> anyhow::Result<String> {
    match args.command {
        StackCommand::Solve(a) => solve(a),
        StackCommand::Census(a) => census(a, ctx),
        StackCommand::Classics(a) => classics(a),
        StackCommand::Merge(a) => merge(a),
    }
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<stack::StackSolveReport>();
    out.add::<StackCensus>();
    out.add::<stack::ClassicsReport>();
}

fn solve(args: SolveArgs) -> anyhow::Result<String> {
    let req =
        StackSolveRequest { cubes: args.cubes, classic: args.classic, method: args.method.method, limit: args.limit };
    let report = stack::solve(&req, &Context::new()).map_err(failure)?;
    let printed = render(&report, &stack::SolveInput::of(&req), Format::json_or_text(args.json));
    crate::output::with_files(printed, || args.svg.as_deref().map_or(Ok(()), |path| write_svg(&report, path)))
}

fn census(args: CensusArgs, ctx: &crate::context::Context) -> anyhow::Result<String> {
    let req = StackCensusRequest {
        colors: args.colors,
        multisets: args.multisets,
        method: args.method.method,
        shard: args.shard,
        checkpoint: args.checkpoint,
        resume: args.resume,
        force: args.force,
    };
    // The program's terminal bar.
    let bar = Arc::new(ctx.bar());
    progress::note_fresh_start(&bar, req.checkpoint.as_deref(), req.resume);
    let typed = Context::new().with_progress(bar.clone()).with_stop(ctx.stop());
    let report =
        stack::census(&req, &typed).map_err(|e| progress::with_resume_hint_typed(e, req.checkpoint.as_deref()))?;
    drop((typed, bar));
    render(&report, &CensusInput::of(&report), args.format.format())
}

/// Reads every shard's report (naming the file in any error) and prints the merged one.
fn merge(args: MergeArgs) -> anyhow::Result<String> {
    let mut req = StackMergeRequest::default();
    for (i, f) in args.files.iter().enumerate() {
        let name = format!("file {} '{}'", i + 1, f.display());
        // The reader names the file: the context adds only which one it is.
        let text = cubelab::io::read_text(f.as_ref()).with_context(|| format!("file {}", i + 1))?;
        req.parts.push(StackCensus::from_json(&text).with_context(|| name.clone())?);
        req.names.push(name);
    }
    let merged = stack::merge(&req, &Context::new()).map_err(failure)?;
    render(&merged, &CensusInput::of(&merged), args.format.format())
}

fn classics(args: ClassicsArgs) -> anyhow::Result<String> {
    let report = stack::classics(&StackClassicsRequest {}, &Context::new()).map_err(failure)?;
    render(&report, &stack::ClassicsInput {}, Format::json_or_text(args.json))
}
