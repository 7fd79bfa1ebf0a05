//! `census targets`: how many targets every K-subset builds (Table 2), run by
//! [`cubelab_api::census::targets`] (exhaustive over at most 32 cubes, by shard and
//! checkpoint, or sampled; samples and `--within` over Sadisticube 7 and C_4, C_5).

use super::{print, request, typed, CheckpointArgs, MethodArgs, PlotArgs, ShardArgs, UniverseArgs};
use crate::output::FormatArgs;
use cubelab_api::census::targets::{self, TargetsRequest, DEFAULT_SEED};

// Arguments of `census targets`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Examples:
  cubelab census targets --size 8                      Table 2: all 5,852,925 collections of 8
  cubelab census targets --size 9 --sample 20000 --seed 1
  cubelab census targets --size 8 --within Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd,Be,Bf,Ca,Cb
  cubelab census targets --colors 4 --size 8 --sample 1000 --seed 2")]
pub struct TargetsArgs {
    /// Set size K (0..=30), or `all` for every size in one pass.
    #[arg(long, value_name = "K|all")]
    size: String,
    /// List the sets that reach the maximum.
    #[arg(long)]
    list_max: bool,
    /// Only subsets of this set (comma-separated cubes, e.g. Haraguchi's twelve).
    #[arg(long, value_name = "SET", value_delimiter = ',')]
    within: Option<Vec<String>>,
    /// Sample N random sets instead of all of them (as Johnson-Roldan's study did);
    /// 1 to 10^12 (beyond that no printed digit of the mean changes).
    #[arg(long, value_name = "N")]
    sample: Option<u64>,
    /// Seed of the random sample.
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SEED, requires = "sample")]
    seed: u64,
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

/// Runs `census targets`.
pub(super) fn run(a: TargetsArgs, ctx: &crate::context::Context) -> anyhow::Result<String> {
    let req = request!(TargetsRequest {
        size: a.size.parse().map_err(crate::cli::failure)?,
        list_max: a.list_max,
        within: a.within,
        sample: a.sample,
        seed: a.seed,
    } from a with method universe shards);
    let out = typed(ctx, true, req.checkpoint.as_deref(), |c| targets::run(&req, c))?;
    print(&out, a.plot.plot.as_deref(), &a.format)
}
