//! `census infeasible`: the largest multisets building no target (Haraguchi's maximum
//! infeasible multiset), by exhausting every possible support; run by
//! [`cubelab_api::census::infeasible`].

use super::{print, request, typed, CheckpointArgs, MethodArgs, ShardArgs, UniverseArgs};
use crate::output::FormatArgs;
use cubelab_api::census::infeasible::{self, InfeasibleRequest};

// Arguments of `census infeasible` (no plot: the census has no histogram).
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct InfeasibleArgs {
    /// Only multisets of these cubes (comma-separated).
    #[arg(long, value_name = "SET", value_delimiter = ',')]
    within: Option<Vec<String>>,
    #[command(flatten)]
    method: MethodArgs,
    #[command(flatten)]
    universe: UniverseArgs,
    #[command(flatten)]
    shard: ShardArgs,
    #[command(flatten)]
    checkpoint: CheckpointArgs,
    #[command(flatten)]
    format: FormatArgs,
}

/// Runs `census infeasible`.
pub(super) fn run(a: InfeasibleArgs, ctx: &crate::context::Context) -> anyhow::Result<String> {
    let req = request!(InfeasibleRequest { within: a.within, } from a with method universe shards);
    let out = typed(ctx, true, req.checkpoint.as_deref(), |c| infeasible::run(&req, c))?;
    print(&out, None, &a.format)
}
