//! `cubelab extended`: the census questions of MacMahon's extended target puzzle and the
//! guarantee search, run by `cubelab_api::extended` (as are `build --size N` and
//! `solve --size N`).

use crate::cli::failure;
use crate::output::Format;
use crate::progress::Bar;
use cubelab_api::extended::{self, ExtendedRequest};
use cubelab_api::Context;
use std::sync::Arc;

// Arguments of `cubelab extended`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Answers the census questions of the extended target puzzle over MacMahon's 30 cubes for
one N (docs/extended.md):
  (a) which multisets build a given target: the complete list of Hall obstructions
      (a multiset builds it iff it has at least `deficit` blocks outside each), checked
      against the flow on random multisets;
  (b) the smallest k such that every k-multiset builds the given target (none: copies of
      its mirror image fit no corner) and such that it builds some target (the largest
      multiset filling no target's frame found by a local search, a lower bound, and a
      sample of random N^3-multisets);
  (c) whether containing a 2x2x2 solution of a target suffices to build that target
      N x N x N (a counterexample, checked by the flow and by direct search).

With --guarantee, only (b) for some target, exactly: an exhaustive search for the largest
multiset filling no target's frame (corners and edges), k = frame size, frame size + 1, ...
until a k has none; every larger multiset then fills a frame, and max(N^3, that k) cubes
always build some target (N = 3: about a CPU-minute in a release build; docs/extended.md).

Examples:
  cubelab extended --size 3
  cubelab extended --size 2 --restarts 20     compare with: cubelab census infeasible (about 7 s)
  cubelab extended --size 4 --target Af --json
  cubelab extended --size 3 --guarantee        exhaustive, release build (about 1 min)")]
pub struct Args {
    /// N: the big cube is N x N x N (2..=32).
    #[arg(long, default_value_t = extended::DEFAULT_SIZE, value_name = "N")]
    size: usize,
    /// The target of questions (a) and (c), a MacMahon cube in any notation.
    #[arg(long, default_value = extended::DEFAULT_TARGET, value_name = "CUBE")]
    target: String,
    /// Random multisets of N^3 cubes drawn for the checks of (a) and (b).
    #[arg(long, default_value_t = extended::DEFAULT_SAMPLES, value_name = "S")]
    samples: u64,
    /// Restarts of the local search for the largest multiset building nothing.
    #[arg(long, default_value_t = extended::DEFAULT_RESTARTS, value_name = "R")]
    restarts: u64,
    /// Improvement steps per restart of that search (remove 1-3 blocks, refill).
    #[arg(long, default_value_t = extended::DEFAULT_STEPS, value_name = "S")]
    steps: u64,
    /// Seed of the random multisets and of the search.
    #[arg(long, default_value_t = extended::DEFAULT_SEED)]
    seed: u64,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Only question (b) for some target, by exhaustive search (see below).
    #[arg(long)]
    guarantee: bool,
    /// With --guarantee: the most search nodes for each number of cubes.
    #[arg(long, default_value_t = extended::DEFAULT_BUDGET, value_name = "NODES", requires = "guarantee")]
    budget: u64,
}

/// Runs `cubelab extended`.
pub fn run(args: Args) -> anyhow::Result<String> {
    let req = ExtendedRequest {
        size: args.size,
        target: args.target,
        samples: args.samples,
        restarts: args.restarts,
        steps: args.steps,
        seed: args.seed,
        guarantee: args.guarantee,
        budget: args.guarantee.then_some(args.budget),
    };
    let bar = Arc::new(Bar::new());
    let out = extended::run(&req, &Context::new().with_progress(bar.clone())).map_err(failure)?;
    drop(bar);
    Ok(out.render(&req, Format::json_or_text(args.json))?)
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<extended::BuildExtendedReport>();
    out.add::<extended::SolveExtendedReport>();
    out.add::<extended::ExtendedCensusReport>();
    out.add::<extended::GuaranteeReport>();
}
