//! `census universal`: the sets of K cubes that build every target, by enumeration (32-cube
//! sets) or by seeded local search (`--search`, also for `--colors 4` and `--palette 7`);
//! run by [`cubelab_api::census::universal`].

use super::{print, request, typed, CheckpointArgs, MethodArgs, ShardArgs, UniverseArgs};
use crate::output::FormatArgs;
use cubelab_api::census::universal::{self, UniversalRequest, DEFAULT_RESTARTS, DEFAULT_SEED, DEFAULT_STEPS};

// Arguments of `census universal`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct UniversalArgs {
    /// Set size K; without it, the smallest K for which a universal set exists.
    #[arg(long, value_name = "K")]
    size: Option<usize>,
    /// Look for one universal set by seeded local search instead of enumerating all sets
    /// (for cube sets too large to enumerate, such as --colors 4: C(68,10) sets).
    #[arg(long, requires = "size")]
    search: bool,
    /// Seed of the search.
    #[arg(long, default_value_t = DEFAULT_SEED, requires = "search")]
    seed: u64,
    /// Random starts of the search.
    #[arg(long, default_value_t = DEFAULT_RESTARTS, requires = "search", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(cubelab::bounds::SEARCH_RESTARTS.range()))]
    restarts: usize,
    /// Swaps per start of the search.
    #[arg(long, default_value_t = DEFAULT_STEPS, requires = "search", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(cubelab::bounds::SEARCH_STEPS.range()))]
    steps: usize,
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

/// Runs `census universal`.
pub(super) fn run(a: UniversalArgs, ctx: &crate::context::Context) -> anyhow::Result<String> {
    let req = request!(UniversalRequest {
        size: a.size,
        search: a.search,
        seed: a.seed,
        restarts: a.restarts,
        steps: a.steps,
    } from a with method universe shards);
    let out = typed(ctx, true, req.checkpoint.as_deref(), |c| universal::run(&req, c))?;
    print(&out, None, &a.format)
}
