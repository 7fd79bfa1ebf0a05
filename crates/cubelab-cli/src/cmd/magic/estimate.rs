//! `cubelab magic estimate`: a statistical estimate of the number of semi-perfect magic
//! cubes of order 4 (and of families with an exact count, to check the estimator).

use crate::output::{render, Format, Report};
use crate::progress;
use anyhow::Context;
use cubelab::census::shard::Shard;
use cubelab::magic::estimate::{estimate, exact, Estimate, EstimateSpec, Family};
use cubelab::magic::square::SquareKind;
use cubelab::magic::square_census::{census, SquareMethod, SquareSpec};
use cubelab::run::Options;
use schemars::JsonSchema;
use serde::Serialize;
use std::path::PathBuf;

/// Arguments of `cubelab magic estimate`.
#[derive(clap::Args, Debug)]
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

Knuth's estimator: random probes down the propagation tree (every choice propagated:
forced cells, pairs, bounds), each the product of the numbers of feasible choices on its
way times the exact count of its node once at most --tail cells are open;
the mean of the probes is unbiased, the interval is mean +- 1.96 standard errors
(docs/magic.md). The result depends only on --seed and --samples, not on the threads.")]
pub struct EstimateArgs {
    /// Order: cubes 3 or 4, squares 3 to 5.
    #[arg(long, default_value_t = 4)]
    order: usize,
    /// What to count: cubes (semi-perfect magic cubes) or squares (normal magic squares).
    #[arg(long, default_value = "cubes")]
    of: String,
    /// Cubes only: fix the first K cells (reading order) to those of `magic construct`.
    #[arg(long, value_name = "K", default_value_t = 0)]
    fixed_cells: usize,
    /// Number of probes.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    samples: u64,
    /// Seed of the probes.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Count exactly once at most T cells are open.
    #[arg(long, value_name = "T", default_value_t = 4)]
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
}

/// The input of `cubelab magic estimate`.
#[derive(Serialize, JsonSchema)]
pub struct EstimateInput {
    /// Order.
    order: usize,
    /// `"cubes"` or `"squares"`.
    of: Family,
    /// Cells fixed.
    fixed_cells: usize,
    /// Probes.
    samples: u64,
    /// Seed.
    seed: u64,
    /// Open cells from which each probe counts exactly.
    tail: usize,
    /// Exact count asked for.
    exact: bool,
}

/// `cubelab magic estimate`: the estimate, and the exact count when asked for.
#[derive(Serialize, JsonSchema)]
struct EstimateReport {
    /// The estimate and its interval.
    #[serde(flatten)]
    estimate: Estimate,
    /// The exact number (with `--exact`), else null.
    exact: Option<u64>,
    /// Whether the 95% interval holds the exact number (with `--exact`), else null.
    within: Option<bool>,
}

impl Report for EstimateReport {
    const KIND: &'static str = "magic-estimate";
    type Input = EstimateInput;

    fn text(&self) -> String {
        let e = &self.estimate;
        let what = match e.family {
            Family::Cubes => "semi-perfect magic cubes",
            Family::Squares => "magic squares",
        };
        let mut s = format!(
            "{what} of order {}{}: about {:.4e}\n",
            e.order,
            if e.fixed_cells > 0 {
                format!(" with the first {} cells of `magic construct --order {}`", e.fixed_cells, e.order)
            } else {
                String::new()
            },
            e.estimate
        );
        s += &format!("95% interval {:.4e} .. {:.4e} (standard error {:.3e})\n", e.low, e.high, e.std_error);
        if e.fixed_cells == 0 {
            let g = e.symmetries as f64;
            s += &format!(
                "essentially different (/{}): about {:.4e}, 95% interval {:.4e} .. {:.4e}\n",
                e.symmetries,
                e.estimate / g,
                e.low / g,
                e.high / g
            );
        }
        s += &format!(
            "Knuth's estimator on the propagation tree: {} probes (seed {}), {} reaching a solution, exact counts from {} open cells, {} nodes\n",
            e.samples, e.seed, e.hits, e.tail, e.nodes
        );
        if !e.reliable {
            s += &format!(
                "only {} probes reached a solution (fewer than {}): the interval is not reliable, use more --samples\n",
                e.hits,
                cubelab::magic::estimate::MIN_HITS
            );
        }
        if let (Some(x), Some(w)) = (self.exact, self.within) {
            s += &format!("exact: {x}, {} the interval\n", if w { "inside" } else { "OUTSIDE" });
        }
        s
    }
}

/// Runs `cubelab magic estimate`.
pub fn run(args: EstimateArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    let family = Family::from_name(&args.of).with_context(|| format!("--of '{}'", args.of))?;
    let tail = args.tail;
    let spec = EstimateSpec {
        family,
        order: args.order,
        fixed_cells: args.fixed_cells,
        samples: args.samples,
        seed: args.seed,
        tail,
    };
    if args.exact && family == Family::Cubes && args.order == 4 && args.fixed_cells < 20 {
        anyhow::bail!(
            "--exact with --fixed-cells {}: no exact count of order-4 cubes is within reach below 20 fixed cells",
            args.fixed_cells
        );
    }
    let bar = ctx.bar();
    let checkpoint = args.checkpoint.as_deref();
    progress::note_fresh_start(&bar, checkpoint, args.resume);
    let opts = Options { progress: &bar, stop: ctx.stop(), checkpoint, resume: args.resume, ..Options::default() };
    let est = estimate(&spec, &opts).map_err(|e| progress::with_resume_hint(e, checkpoint))?;
    let exact = if !args.exact {
        None
    } else if family == Family::Squares && args.order == 5 {
        let s = SquareSpec {
            order: 5,
            kind: SquareKind::Normal,
            method: SquareMethod::Diagonals,
            fixed: vec![],
            shard: Shard::ALL,
            classes: false,
        };
        Some(census(&s, &Options { progress: &bar, ..Options::default() }, None)?.total)
    } else {
        Some(exact(&spec)?.0)
    };
    drop(bar);
    let within = exact.map(|x| est.low <= x as f64 && x as f64 <= est.high);
    let input = EstimateInput {
        order: args.order,
        of: family,
        fixed_cells: args.fixed_cells,
        samples: args.samples,
        seed: args.seed,
        tail,
        exact: args.exact,
    };
    render(&EstimateReport { estimate: est, exact, within }, &input, Format::json_or_text(args.json))
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(super) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<EstimateReport>();
}
