//! `census max-targets`: the 8-collections building the most targets (checked against
//! Theorem 7; a local search over Sadisticube 7), run by
//! [`cubelab_api::census::max_targets`].

use super::{print, request, typed, JsonArgs, UniverseArgs};
use cubelab_api::census::max_targets::{self, MaxTargetsRequest};

// Arguments of `census max-targets` (no shards, checkpoints, plot or CSV: the census
// takes seconds and its report is a list of sets).
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct MaxArgs {
    /// Seed of the local search (--palette 7, where the census is a search) [default: 1].
    #[arg(long)]
    seed: Option<u64>,
    /// Random starts of the local search (--palette 7) [default: 40].
    #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(cubelab::bounds::SEARCH_RESTARTS.range()))]
    restarts: Option<usize>,
    /// Swaps per start of the local search (--palette 7) [default: 5000].
    #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(cubelab::bounds::SEARCH_STEPS.range()))]
    steps: Option<usize>,
    /// With --palette 7: also prove that no 8 blocks build one target more than the search
    /// found (an exhaustive branch-and-bound; minutes).
    #[arg(long)]
    prove: bool,
    #[command(flatten)]
    universe: UniverseArgs,
    #[command(flatten)]
    format: JsonArgs,
}

/// Runs `census max-targets`.
pub(super) fn run(a: MaxArgs, ctx: &crate::context::Context) -> anyhow::Result<String> {
    let req = request!(MaxTargetsRequest {
        seed: a.seed,
        restarts: a.restarts,
        steps: a.steps,
        prove: a.prove,
    } from a with universe);
    let out = typed(ctx, true, None, |c| max_targets::run(&req, c))?;
    print(&out, None, &a.format.format())
}
