//! `census solution-numbers`: the distribution of solution numbers (Table 1), run by
//! [`cubelab_api::census::solution_numbers`].

use super::{print, request, typed, CheckpointArgs, MethodArgs, PlotArgs, ShardArgs, UniverseArgs};
use crate::output::FormatArgs;
use cubelab_api::census::solution_numbers::{self, SolutionNumbersRequest, DEFAULT_TARGET};

// Arguments of `census solution-numbers`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct SolutionArgs {
    /// The target (any notation); default Ba.
    #[arg(long, default_value = DEFAULT_TARGET)]
    target: String,
    /// Run every target and say whether their distributions agree (not with --target).
    #[arg(long, conflicts_with = "target")]
    all_targets: bool,
    #[command(flatten)]
    method: MethodArgs,
    #[command(flatten)]
    universe: UniverseArgs,
    #[command(flatten)]
    shard: ShardArgs,
    #[command(flatten)]
    checkpoint: CheckpointArgs,
    #[command(flatten)]
    plot: PlotArgs,
    #[command(flatten)]
    format: FormatArgs,
}

/// Runs `census solution-numbers`.
pub(super) fn run(a: SolutionArgs, ctx: &crate::context::Context) -> anyhow::Result<String> {
    let req = request!(SolutionNumbersRequest {
        target: (!a.all_targets).then_some(a.target),
        all_targets: a.all_targets,
    } from a with method universe shards);
    let out = typed(ctx, true, req.checkpoint.as_deref(), |c| solution_numbers::run(&req, c))?;
    print(&out, a.plot.plot.as_deref(), &a.format)
}
