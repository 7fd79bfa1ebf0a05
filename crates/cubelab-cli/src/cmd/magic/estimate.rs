//! `cubelab magic estimate`: a statistical estimate of the number of semi-perfect magic
//! cubes of order 4 (and of families with an exact count, to check the estimator).

use super::long_run;
use crate::cli::failure;
use crate::output::Format;
use crate::progress;
use anyhow::Context;
use cubelab_api::magic::Checkpoint;
use cubelab_api::magic_estimate::{self as api, EstimateMethod, EstimateRequest, Family};
use std::path::PathBuf;
use std::sync::Arc;

// Arguments of `cubelab magic estimate`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Examples:
  cubelab magic estimate --order 4 --samples 20000   semi-perfect cubes of order 4 (about 3 min;
                                                     no probe reaches a cube yet, so the
                                                     estimate is 0 and marked unreliable)
  cubelab magic estimate --order 4 --fixed-cells 24 --samples 10000 --exact
                                             checks it on a family of 130 cubes (about 10 s)
  cubelab magic estimate --order 3 --samples 20000 --exact   checks it on 192 cubes (about 5 s)
  cubelab magic estimate --of squares --order 5 --exact   checks it on 2202441792 squares
                                                          (about 15 min)
  cubelab magic estimate --method tempering --order 4 --repeats 2 --sweeps 100000
                                  parallel tempering on order-4 cubes (about 1 min; no
                                  replica reaches a cube yet, so no estimate: docs/magic.md)
  cubelab magic estimate --method tempering --order 3 --sweeps 30000 --exact
                                             checks it on 192 cubes (about 15 s)

Knuth's estimator: random probes down the propagation tree (every choice propagated:
forced cells, pairs, bounds), each the product of the numbers of feasible choices on its
way times the exact count of its node once at most --tail cells are open;
the mean of the probes is unbiased, the interval is mean +- 1.96 standard errors
(docs/magic.md). The result depends only on --seed and --samples, not on the threads.

--method tempering: free-energy estimate by parallel tempering (energy: sum of squared
line deviations; Bennett's acceptance ratio between neighbouring temperatures; the
count is (free cells)! Z(beta_max)/Z(0) P(E = 0) at the top); --repeats independent
runs of --sweeps sweeps each, the interval exp(mean ln N +- t standard errors). The
result depends only on --seed, --repeats and --sweeps, not on the threads.")]
pub struct EstimateArgs {
    /// The estimator: tree (Knuth's, on the propagation tree) or tempering (parallel
    /// tempering free energies).
    #[arg(long, default_value = "tree")]
    method: String,
    /// Order: cubes 3 or 4, squares 3 to 5.
    #[arg(long, default_value_t = api::order())]
    order: usize,
    /// What to count: cubes (semi-perfect magic cubes) or squares (normal magic squares).
    #[arg(long, default_value = "cubes")]
    of: String,
    /// Cubes only: fix the first K cells (reading order) to those of `magic construct`.
    #[arg(long, value_name = "K", default_value_t = 0)]
    fixed_cells: usize,
    /// Number of probes (--method tree).
    #[arg(long, value_name = "N", default_value_t = api::samples(), value_parser = clap::builder::RangedU64ValueParser::<u64>::new().range(cubelab::bounds::ESTIMATE_SAMPLES.range()))]
    samples: u64,
    /// Independent repetitions (--method tempering).
    #[arg(long, value_name = "R", default_value_t = api::repeats(), value_parser = clap::builder::RangedU64ValueParser::<u64>::new().range(cubelab::bounds::TEMPERING_REPEATS.range()))]
    repeats: u64,
    /// Sweeps per repetition (--method tempering).
    #[arg(long, value_name = "S", default_value_t = api::sweeps(), value_parser = clap::builder::RangedU64ValueParser::<u64>::new().range(cubelab::bounds::TEMPERING_SWEEPS.range()))]
    sweeps: u64,
    /// The top inverse temperature of the ladder (--method tempering).
    #[arg(long, value_name = "B", default_value_t = api::beta_max())]
    beta_max: f64,
    /// Seed of the probes.
    #[arg(long, value_name = "S", default_value_t = api::seed())]
    seed: u64,
    /// Count exactly once at most T cells are open (--method tree).
    #[arg(long, value_name = "T", default_value_t = api::tail(), value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(cubelab::bounds::ESTIMATE_TAIL.range()))]
    tail: usize,
    /// Also count exactly (squares: by the diagonals census; cubes: by exhaustive
    /// backtracking, only for order 3 or with many cells fixed) and say whether the
    /// interval holds the exact number.
    #[arg(long)]
    exact: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Save the state to FILE (atomically, every few seconds and when stopped).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Continue the run saved in the --checkpoint file (if it exists).
    #[arg(long, requires = "checkpoint")]
    resume: bool,
    /// Start afresh and replace an existing --checkpoint file (without it, or --resume, an
    /// existing file is refused).
    #[arg(long, requires = "checkpoint", conflicts_with = "resume")]
    force: bool,
}

/// Runs `cubelab magic estimate`.
pub fn run(args: EstimateArgs, ctx: &crate::context::Context) -> anyhow::Result<String> {
    let family = Family::from_name(&args.of).map_err(failure).with_context(|| format!("--of '{}'", args.of))?;
    let method = EstimateMethod::from_name(&args.method).map_err(failure).context("--method")?;
    if args.exact && family == Family::Cubes && args.order == 4 && args.fixed_cells < 20 {
        anyhow::bail!(
            "--exact with --fixed-cells {}: no exact count of order-4 cubes is within reach below 20 fixed cells",
            args.fixed_cells
        );
    }
    let req = EstimateRequest {
        method,
        order: args.order,
        of: family,
        fixed_cells: args.fixed_cells,
        samples: args.samples,
        repeats: args.repeats,
        sweeps: args.sweeps,
        beta_max: args.beta_max,
        seed: args.seed,
        tail: args.tail,
        exact: args.exact,
    };
    let bar = Arc::new(ctx.bar());
    let checkpoint = args.checkpoint.as_deref();
    progress::note_fresh_start(&bar, checkpoint, args.resume);
    let files = Checkpoint { path: checkpoint, resume: args.resume, overwrite: args.force };
    let out = api::run_with(&req, &long_run(&bar, ctx), files)
        .map_err(|e| progress::with_resume_hint_typed(e, checkpoint))?;
    drop(bar);
    Ok(out.render(&req, Format::json_or_text(args.json))?)
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(super) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<api::EstimateReport>();
    out.add::<api::TemperingReport>();
}
