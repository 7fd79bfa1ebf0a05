//! `cubelab census`: exhaustive censuses over collections of cubes.
//!
//! One file per subcommand; the flags come in small groups, each flattened only into the
//! subcommands that honour all of its flags (a mode that cannot honour one refuses it in
//! one line). Each builds the typed request of [`cubelab_api::census`], runs it with the
//! terminal's progress bar (and Ctrl-C, for the runs that poll it) and prints the report
//! (its histogram to `--plot`).

use crate::output::FormatArgs;
use cubelab_api::census::CensusOutput;
use std::path::{Path, PathBuf};

mod infeasible;
mod max_targets;
mod merge;
mod multisets;
mod sobczyk;
mod solution;
mod targets;
mod universal;

// Arguments of `cubelab census`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Examples (times on 2 cores; the others take under a second):
  cubelab census solution-numbers                  Johnson-Roldan Table 1 (target Ba)
  cubelab census solution-numbers --all-targets --method backtrack
                                                   all 30 targets by the solver (about 15 min;
                                                   20 CPU-minutes; resumable per shard)
  cubelab census targets --size 8                  Table 2: targets built by all 5,852,925 collections
  cubelab census targets --size 10 --list-max     (about 3 s)
  cubelab census targets --size 9 --sample 20000 --seed 1
  cubelab census targets --size all --checkpoint all.ckpt --resume
                                                   every size at once (about 10 s)
  cubelab census universal --size 12               the minimum universal sets (about 4 s)
  cubelab census infeasible                        the largest multisets building no target (about 6 s)
  cubelab census targets --size 8 --shard 1/2 --json > part1.json
  cubelab census targets --size 8 --shard 2/2 --json > part2.json
  cubelab census merge part*.json                  identical to the unsharded run
  cubelab census targets --palette 7 --size 8 --sample 100000 --seed 1
  cubelab census universal --palette 7 --size 20 --search --seed 1")]
pub struct Args {
    #[command(subcommand)]
    command: CensusCommand,
}

#[derive(clap::Subcommand, Debug)]
#[command(defer = true)]
enum CensusCommand {
    /// Distribution of solution numbers over all 8-collections for one target (Table 1 of
    /// Johnson & Roldán, "Solution Numbers for Eight Blocks to Madness Puzzle").
    SolutionNumbers(solution::SolutionArgs),
    /// How many targets every K-subset builds (Johnson & Roldán's Table 2 for K = 8;
    /// their Figures 7 and 9).
    Targets(targets::TargetsArgs),
    /// The sets of K cubes that build every target.
    Universal(universal::UniversalArgs),
    /// Every multiset of 8 cubes (Sobczyk's puzzles, repeats allowed): targets built.
    Multisets(multisets::MultisetArgs),
    /// The 8-collections building the most targets, checked against Johnson & Roldán's
    /// Theorem 7.
    MaxTargets(max_targets::MaxArgs),
    /// The largest multisets building no target (Haraguchi's maximum infeasible multiset),
    /// by exhausting every possible support.
    Infeasible(infeasible::InfeasibleArgs),
    /// Sobczyk's statements on puzzles with repeated blocks, checked over every multiset
    /// they speak about (Theorem 1, Corollaries 2-3, P6 and P7 primed every way).
    Sobczyk(sobczyk::SobczykArgs),
    /// Merge the JSON outputs of the shards of one census.
    Merge(merge::MergeArgs),
}

/// The typed request `$ty` of the arguments `$a`: its own fields as written, then the
/// fields of the groups named after `with`, from the flattened flag groups, in the order
/// of [`cubelab_api::census`]'s `census_request!` (`method`: [`MethodArgs`]; `universe`:
/// [`UniverseArgs`]; `shards`: [`ShardArgs`] and [`CheckpointArgs`]), so that each
/// shared field is copied in one place.
macro_rules! request {
    ($ty:ident { $($own:tt)* } from $a:ident with $($group:ident)+) => {
        request!(@acc $ty [$($own)*] $a $($group)+)
    };
    (@acc $ty:ident [$($acc:tt)*] $a:ident method $($rest:ident)*) => {
        request!(@acc $ty [$($acc)* method: $a.method.method,] $a $($rest)*)
    };
    (@acc $ty:ident [$($acc:tt)*] $a:ident universe $($rest:ident)*) => {
        request!(@acc $ty [$($acc)* colors: $a.universe.colors, palette: $a.universe.palette,] $a $($rest)*)
    };
    (@acc $ty:ident [$($acc:tt)*] $a:ident shards $($rest:ident)*) => {
        request!(@acc $ty [$($acc)*
            shard: $a.shard.shard,
            checkpoint: $a.checkpoint.checkpoint,
            resume: $a.checkpoint.resume,
            force: $a.checkpoint.force,
        ] $a $($rest)*)
    };
    (@acc $ty:ident [$($acc:tt)*] $a:ident) => {
        $ty { $($acc)* }
    };
}
use request;

// `--method`.
#[derive(clap::Args, Debug, Clone)]
#[command(allow_negative_numbers = true)]
struct MethodArgs {
    /// graph: corner-graph theorems and Hall's condition; backtrack: the general solver.
    #[arg(long, value_enum, default_value_t)]
    method: cubelab_api::census::Method,
}

// `--colors N` and `--palette 7`: which cubes the census is over.
#[derive(clap::Args, Debug, Clone)]
#[command(allow_negative_numbers = true)]
struct UniverseArgs {
    /// Cubes using exactly N colors (C_N, N = 1..6): exhaustive censuses take N = 1, 2, 3
    /// or 6 (at most 32 cubes); `targets` and `universal` also take 4 and 5 (68 and 75
    /// cubes) for samples, --within and searches. An N a census cannot run is refused.
    #[arg(long, value_name = "N", default_value_t = cubelab_api::census::DEFAULT_COLORS)]
    colors: usize,
    /// Sadisticube 7: the 210 blocks colored with six of seven colors, and the 210 proper
    /// targets (K = 7 is the only palette supported; sampled, --within and search censuses).
    #[arg(long, value_name = "K", conflicts_with = "colors")]
    palette: Option<usize>,
}

// `--shard I/N`.
#[derive(clap::Args, Debug, Clone)]
#[command(allow_negative_numbers = true)]
struct ShardArgs {
    /// Run only part I of N of the census (merge the parts with `census merge`).
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
}

// `--checkpoint FILE` and `--resume`.
#[derive(clap::Args, Debug, Clone)]
#[command(allow_negative_numbers = true)]
struct CheckpointArgs {
    /// Save progress to this file after every batch.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Continue from the checkpoint file if it exists.
    #[arg(long, requires = "checkpoint")]
    resume: bool,
    /// Start afresh and replace an existing --checkpoint file (without it, or --resume, an
    /// existing file is refused).
    #[arg(long, requires = "checkpoint", conflicts_with = "resume")]
    force: bool,
}

// `--plot FILE.svg`.
#[derive(clap::Args, Debug, Clone)]
#[command(allow_negative_numbers = true)]
struct PlotArgs {
    /// Draw the histogram as SVG to this file.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

// `--json` alone, for reports without a CSV form.
#[derive(clap::Args, Debug, Clone)]
#[command(allow_negative_numbers = true)]
struct JsonArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

impl JsonArgs {
    fn format(&self) -> FormatArgs {
        FormatArgs { json: self.json, csv: false }
    }
}

/// Runs `cubelab census`.
pub fn run(args: Args, ctx: &crate::context::Context) -> anyhow::Result<String> {
    match args.command {
        CensusCommand::SolutionNumbers(a) => solution::run(a, ctx),
        CensusCommand::Targets(a) => targets::run(a, ctx),
        CensusCommand::Universal(a) => universal::run(a, ctx),
        CensusCommand::Multisets(a) => multisets::run(a, ctx),
        CensusCommand::MaxTargets(a) => max_targets::run(a, ctx),
        CensusCommand::Infeasible(a) => infeasible::run(a, ctx),
        CensusCommand::Sobczyk(a) => sobczyk::run(a, ctx),
        CensusCommand::Merge(a) => merge::run(a, ctx),
    }
}

/// Runs a typed census (`run`) with the program's progress bar and, when the census polls
/// it in its loops (`stoppable`: every census but the merge, which only checks figures), Ctrl-C as
/// its stop token; a stopped run's error says how to resume.
fn typed<T>(
    ctx: &crate::context::Context,
    stoppable: bool,
    checkpoint: Option<&Path>,
    run: impl FnOnce(&cubelab_api::Context) -> cubelab_api::Result<T>,
) -> anyhow::Result<T> {
    let bar = std::sync::Arc::new(ctx.bars());
    let mut typed = cubelab_api::Context::new().with_progress(bar.clone());
    if stoppable {
        typed = typed.with_stop(ctx.stop());
    }
    let out = run(&typed);
    drop(typed);
    drop(bar);
    out.map_err(|e| match (e.kind(), checkpoint) {
        (cubelab_api::ErrorKind::Stopped, Some(_)) => crate::cli::failure(cubelab_api::Error::new(
            cubelab_api::ErrorKind::Stopped,
            format!("{}; resume with the same command and --resume", e.message()),
        )),
        _ => crate::cli::failure(e),
    })
}

/// Draws a typed census's histogram if asked (`--plot`) and prints it in `format`.
fn print(out: &CensusOutput, plot: Option<&Path>, format: &FormatArgs) -> anyhow::Result<String> {
    let svg = match plot {
        Some(p) => match out.svg() {
            Some(svg) => Some((p, svg)),
            None => anyhow::bail!("--plot: the {} census has no histogram to draw", out.report.census()),
        },
        None => None,
    };
    let printed = out.render(format.format()).map_err(|e| {
        if e.message() == cubelab_api::report::NO_CSV {
            anyhow::anyhow!("{}; use --json", cubelab_api::report::NO_CSV)
        } else {
            crate::cli::failure(e)
        }
    });
    crate::output::with_files(printed, || svg.map_or(Ok(()), |(p, svg)| crate::output::write_atomic(p, svg.as_bytes())))
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    use cubelab::census::report::*;
    use cubelab_api::census::{infeasible, max_targets, multisets, solution_numbers, targets, universal};
    out.add_input::<SolutionNumbers, solution_numbers::SolutionNumbersRequest>();
    out.add_input::<AllTargets, solution_numbers::SolutionNumbersRequest>();
    out.add_input::<Targets, targets::TargetsRequest>();
    out.add_input::<AllSizes, targets::TargetsRequest>();
    out.add_input::<Universal, universal::UniversalRequest>();
    out.add_input::<Multisets, multisets::MultisetsRequest>();
    out.add_input::<MaxTargets, max_targets::MaxTargetsRequest>();
    out.add_input::<MaxTargetsSearch, max_targets::MaxTargetsRequest>();
    out.add_input::<Infeasible, infeasible::InfeasibleRequest>();
    sobczyk::schemas(out);
}
