//! `census multisets`: targets built by every multiset of 8 cubes (Sobczyk's puzzles), run
//! by [`cubelab_api::census::multisets`].

use super::{print, request, typed, MethodArgs, PlotArgs, UniverseArgs};
use crate::output::FormatArgs;
use cubelab_api::census::multisets::{self, MultisetsRequest, DEFAULT_SIZE};

// Arguments of `census multisets` (a census of seconds: no shards, no checkpoints).
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct MultisetArgs {
    /// Multiset size (only 8: the 2x2x2 puzzle uses all its blocks).
    #[arg(long, default_value_t = DEFAULT_SIZE)]
    size: usize,
    #[command(flatten)]
    method: MethodArgs,
    #[command(flatten)]
    universe: UniverseArgs,
    #[command(flatten)]
    plot: PlotArgs,
    #[command(flatten)]
    format: FormatArgs,
}

/// Runs `census multisets`.
pub(super) fn run(a: MultisetArgs, ctx: &crate::context::Context) -> anyhow::Result<String> {
    let req = request!(MultisetsRequest { size: a.size, } from a with method universe);
    let out = typed(ctx, true, None, |c| multisets::run(&req, c))?;
    print(&out, a.plot.plot.as_deref(), &a.format)
}
