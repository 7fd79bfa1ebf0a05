//! `cubelab magic estimate`: a statistical estimate of the number of semi-perfect magic
//! cubes of order 4 (and of families with an exact count, to check the estimator).

use crate::output::{render, Format, Report};
use crate::progress;
use anyhow::Context;
use cubelab::magic::estimate::{
    estimate, estimate_tempering, exact, Estimate, EstimateSpec, Family, TemperingEstimate, TemperingSpec,
};
use cubelab::magic::square::SquareKind;
use cubelab::magic::square_census::{census, SquareMethod, SquareSpec};
use cubelab::run::Options;
use cubelab::shard::Shard;
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
    #[arg(long, default_value_t = 4)]
    order: usize,
    /// What to count: cubes (semi-perfect magic cubes) or squares (normal magic squares).
    #[arg(long, default_value = "cubes")]
    of: String,
    /// Cubes only: fix the first K cells (reading order) to those of `magic construct`.
    #[arg(long, value_name = "K", default_value_t = 0)]
    fixed_cells: usize,
    /// Number of probes (--method tree).
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = clap::builder::RangedU64ValueParser::<u64>::new().range(cubelab::bounds::ESTIMATE_SAMPLES.range()))]
    samples: u64,
    /// Independent repetitions (--method tempering).
    #[arg(long, value_name = "R", default_value_t = 8, value_parser = clap::builder::RangedU64ValueParser::<u64>::new().range(cubelab::bounds::TEMPERING_REPEATS.range()))]
    repeats: u64,
    /// Sweeps per repetition (--method tempering).
    #[arg(long, value_name = "S", default_value_t = 20_000, value_parser = clap::builder::RangedU64ValueParser::<u64>::new().range(cubelab::bounds::TEMPERING_SWEEPS.range()))]
    sweeps: u64,
    /// The top inverse temperature of the ladder (--method tempering).
    #[arg(long, value_name = "B", default_value_t = cubelab::magic::estimate::BETA_MAX)]
    beta_max: f64,
    /// Seed of the probes.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Count exactly once at most T cells are open (--method tree).
    #[arg(long, value_name = "T", default_value_t = 4, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(cubelab::bounds::ESTIMATE_TAIL.range()))]
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
        let mut s = headline(e.family, e.order, e.fixed_cells, e.estimate);
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

/// The input of `cubelab magic estimate --method tempering`.
#[derive(Serialize, JsonSchema)]
pub struct TemperingInput {
    /// `"tempering"`.
    method: String,
    /// Order.
    order: usize,
    /// `"cubes"` or `"squares"`.
    of: Family,
    /// Cells fixed.
    fixed_cells: usize,
    /// Independent repetitions.
    repeats: u64,
    /// Sweeps per repetition.
    sweeps: u64,
    /// The top of the ladder.
    beta_max: f64,
    /// Seed.
    seed: u64,
    /// Exact count asked for.
    exact: bool,
}

/// `cubelab magic estimate --method tempering`: the estimate, and the exact count when
/// asked for.
#[derive(Serialize, JsonSchema)]
struct TemperingReport {
    /// `"tempering"`.
    method: String,
    /// The estimate, its interval and the repetitions.
    #[serde(flatten)]
    estimate: TemperingEstimate,
    /// The exact number (with `--exact`), else null.
    exact: Option<u64>,
    /// Whether the 95% interval holds the exact number (with `--exact`), else null.
    within: Option<bool>,
}

impl Report for TemperingReport {
    const KIND: &'static str = "magic-estimate-tempering";
    type Input = TemperingInput;

    fn text(&self) -> String {
        let e = &self.estimate;
        let mut s = headline(e.family, e.order, e.fixed_cells, e.estimate);
        s += &format!(
            "95% interval {:.4e} .. {:.4e} (ln N = {:.3} +- {:.3} standard error, t = {})\n",
            e.low, e.high, e.ln_estimate, e.ln_std_error, e.t
        );
        if e.fixed_cells == 0 && e.estimate > 0.0 {
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
            "parallel tempering: {} repetitions of {} sweeps (seed {}), ln (free cells)! = {:.3}\n",
            e.repeats, e.sweeps, e.seed, e.ln_arrangements
        );
        s += "repetition  ln N       levels  P(E=0) at top  exchange min/mean  top-to-bottom walks\n";
        for (i, r) in e.repetitions.iter().enumerate() {
            s += &format!(
                "{:>10}  {:<9.3}  {:>6}  {:>13.4}  {:>8.3} / {:.3}  {:>19}\n",
                i, r.ln_count, r.levels, r.p_zero, r.min_exchange, r.mean_exchange, r.round_trips
            );
        }
        if e.repetitions.iter().any(|r| r.p_zero == 0.0) {
            s += "some repetition never sampled E = 0 at the top level: no estimate, use more --sweeps\n";
        } else if !e.reliable {
            s += "some repetition sampled a solution yet estimated fewer than 1: not equilibrated, not an estimate; use more --sweeps\n";
        }
        if let (Some(x), Some(w)) = (self.exact, self.within) {
            s += &format!("exact: {x}, {} the interval\n", if w { "inside" } else { "OUTSIDE" });
        }
        s
    }
}

/// The exact count for `--exact` (squares of order 5 by the diagonals census, the rest by
/// the propagation tree).
fn exact_count(spec: &EstimateSpec, bar: &progress::Bar) -> anyhow::Result<u64> {
    if spec.family == Family::Squares && spec.order == 5 {
        let s = SquareSpec {
            order: 5,
            kind: SquareKind::Normal,
            method: SquareMethod::Diagonals,
            fixed: vec![],
            shard: Shard::ALL,
            classes: false,
        };
        Ok(census(&s, &Options { progress: bar, ..Options::default() }, None)?.total)
    } else {
        Ok(exact(spec)?.0)
    }
}

/// Runs `cubelab magic estimate`.
pub fn run(args: EstimateArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    let family = Family::from_name(&args.of).with_context(|| format!("--of '{}'", args.of))?;
    let tempering = match args.method.as_str() {
        "tree" => false,
        "tempering" => true,
        m => {
            return Err(cubelab::Error::new(
                cubelab::ErrorKind::Unknown,
                format!("unknown method '{m}': expected 'tree' or 'tempering'"),
            ))
            .context("--method")
        }
    };
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
    let opts = Options {
        progress: &bar,
        stop: ctx.stop(),
        checkpoint,
        resume: args.resume,
        overwrite: args.force,
        ..Options::default()
    };
    if tempering {
        let tspec = TemperingSpec {
            family,
            order: args.order,
            fixed_cells: args.fixed_cells,
            repeats: args.repeats,
            sweeps: args.sweeps,
            seed: args.seed,
            beta_max: args.beta_max,
        };
        let est = estimate_tempering(&tspec, &opts).map_err(|e| progress::with_resume_hint(e, checkpoint))?;
        let exact = if args.exact { Some(exact_count(&spec, &bar)?) } else { None };
        drop(bar);
        let within = exact.map(|x| est.reliable && est.low <= x as f64 && x as f64 <= est.high);
        let input = TemperingInput {
            method: "tempering".into(),
            order: args.order,
            of: family,
            fixed_cells: args.fixed_cells,
            repeats: args.repeats,
            sweeps: args.sweeps,
            beta_max: args.beta_max,
            seed: args.seed,
            exact: args.exact,
        };
        let report = TemperingReport { method: "tempering".into(), estimate: est, exact, within };
        return render(&report, &input, Format::json_or_text(args.json));
    }
    let est = estimate(&spec, &opts).map_err(|e| progress::with_resume_hint(e, checkpoint))?;
    let exact = if args.exact { Some(exact_count(&spec, &bar)?) } else { None };
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
    out.add::<TemperingReport>();
}

/// The first line of both estimates' text: what is counted and the estimate.
fn headline(family: Family, order: usize, fixed_cells: usize, estimate: f64) -> String {
    let what = match family {
        Family::Cubes => "semi-perfect magic cubes",
        Family::Squares => "magic squares",
    };
    let restricted = if fixed_cells > 0 {
        format!(" with the first {fixed_cells} cells of `magic construct --order {order}`")
    } else {
        String::new()
    };
    format!("{what} of order {order}{restricted}: about {estimate:.4e}\n")
}
