//! `magic estimate`: a statistical estimate of the number of semi-perfect magic cubes of
//! order 4 (and of families with an exact count, to check the estimator).

use crate::error::{Error, Result};
use crate::magic::{choice, Checkpoint};
use crate::report::{Format, Report};
use crate::Context;
use cubelab::bounds;
use cubelab::magic::estimate::Family as LibFamily;
use cubelab::magic::estimate::{
    self as lib, estimate, estimate_tempering, exact, Estimate, EstimateSpec, TemperingEstimate, TemperingSpec,
};
use cubelab::magic::square::SquareKind;
use cubelab::magic::square_census::{census, SquareMethod, SquareSpec};
use cubelab::run::Options;
use cubelab::shard::Shard;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The estimator of `magic estimate`.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum EstimateMethod {
    /// Knuth's estimator on the propagation tree.
    #[default]
    Tree,
    /// Parallel tempering free energies.
    Tempering,
}

impl EstimateMethod {
    /// Parses a method name (`tree` or `tempering`).
    pub fn from_name(name: &str) -> Result<EstimateMethod> {
        match name {
            "tree" => Ok(EstimateMethod::Tree),
            "tempering" => Ok(EstimateMethod::Tempering),
            m => Err(Error::bad(format!("unknown method '{m}': expected 'tree' or 'tempering'"))),
        }
    }
}

choice! {
    /// What is counted (the library's [`lib::Family`]).
    Family = LibFamily {
        /// Semi-perfect magic cubes (rows, columns, pillars and the 4 triagonals) on 1..n³.
        Cubes,
        /// Normal magic squares (rows, columns, both diagonals) on 1..n².
        Squares,
    }
}

/// The request of `magic estimate` (the defaults are the command line's).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EstimateRequest {
    /// The estimator: tree (Knuth's, on the propagation tree) or tempering; tree by default.
    #[serde(default)]
    pub method: EstimateMethod,
    /// Order: cubes 3 or 4, squares 3 to 5; 4 by default.
    #[serde(default = "order")]
    pub order: usize,
    /// What to count: cubes (semi-perfect magic cubes, the default) or squares (normal magic squares).
    #[serde(default = "cubes")]
    pub of: Family,
    /// Cubes only: fix the first K cells (reading order) to those of `magic construct`; 0 by default.
    #[serde(default)]
    pub fixed_cells: usize,
    /// Number of probes (tree); 100000 by default.
    #[serde(default = "samples")]
    pub samples: u64,
    /// Independent repetitions (tempering); 8 by default.
    #[serde(default = "repeats")]
    pub repeats: u64,
    /// Sweeps per repetition (tempering); 20000 by default.
    #[serde(default = "sweeps")]
    pub sweeps: u64,
    /// The top inverse temperature of the ladder (tempering).
    #[serde(default = "beta_max")]
    pub beta_max: f64,
    /// Seed of the probes; 1 by default.
    #[serde(default = "seed")]
    pub seed: u64,
    /// Count exactly once at most T cells are open (tree); 4 by default.
    #[serde(default = "tail")]
    pub tail: usize,
    /// Also count exactly and say whether the interval holds the exact number.
    #[serde(default)]
    pub exact: bool,
}

/// The default order.
pub fn order() -> usize {
    4
}
/// The default number of open cells counted exactly.
pub fn tail() -> usize {
    4
}
fn cubes() -> Family {
    Family::Cubes
}
/// The default number of probes.
pub fn samples() -> u64 {
    100_000
}
/// The default number of repetitions.
pub fn repeats() -> u64 {
    8
}
/// The default number of sweeps.
pub fn sweeps() -> u64 {
    20_000
}
/// The default top of the ladder.
pub fn beta_max() -> f64 {
    cubelab::magic::estimate::BETA_MAX
}
/// The default seed.
pub fn seed() -> u64 {
    1
}

/// The input of `cubelab magic estimate`.
#[derive(Serialize, JsonSchema)]
pub struct EstimateInput {
    /// Order.
    pub order: usize,
    /// `"cubes"` or `"squares"`.
    pub of: lib::Family,
    /// Cells fixed.
    pub fixed_cells: usize,
    /// Probes.
    pub samples: u64,
    /// Seed.
    pub seed: u64,
    /// Open cells from which each probe counts exactly.
    pub tail: usize,
    /// Exact count asked for.
    pub exact: bool,
}

/// `cubelab magic estimate`: the estimate, and the exact count when asked for.
#[derive(Serialize, JsonSchema)]
pub struct EstimateReport {
    /// The estimate and its interval.
    #[serde(flatten)]
    pub estimate: Estimate,
    /// The exact number (with `--exact`), else null.
    pub exact: Option<u64>,
    /// Whether the 95% interval holds the exact number (with `--exact`), else null.
    pub within: Option<bool>,
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
    pub method: String,
    /// Order.
    pub order: usize,
    /// `"cubes"` or `"squares"`.
    pub of: lib::Family,
    /// Cells fixed.
    pub fixed_cells: usize,
    /// Independent repetitions.
    pub repeats: u64,
    /// Sweeps per repetition.
    pub sweeps: u64,
    /// The top of the ladder.
    pub beta_max: f64,
    /// Seed.
    pub seed: u64,
    /// Exact count asked for.
    pub exact: bool,
}

/// `cubelab magic estimate --method tempering`: the estimate, and the exact count when
/// asked for.
#[derive(Serialize, JsonSchema)]
pub struct TemperingReport {
    /// `"tempering"`.
    pub method: String,
    /// The estimate, its interval and the repetitions.
    #[serde(flatten)]
    pub estimate: TemperingEstimate,
    /// The exact number (with `--exact`), else null.
    pub exact: Option<u64>,
    /// Whether the 95% interval holds the exact number (with `--exact`), else null.
    pub within: Option<bool>,
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

/// The report of `magic estimate`: by the tree estimator or by tempering.
pub enum EstimateOutput {
    /// Knuth's estimator.
    Tree(EstimateReport),
    /// Parallel tempering.
    Tempering(TemperingReport),
}

impl EstimateOutput {
    /// The output with the input echoed for `req`, ready to render in any format or hand
    /// over its envelope: the one place that pairs each report with its input.
    pub fn rendered(self, req: &EstimateRequest) -> crate::AnyReport {
        match self {
            EstimateOutput::Tree(r) => Box::new((r, EstimateInput::of(req))),
            EstimateOutput::Tempering(r) => Box::new((r, TemperingInput::of(req))),
        }
    }

    /// The output in `format`, with the input echoed for `req`.
    pub fn render(self, req: &EstimateRequest, format: Format) -> Result<String> {
        self.rendered(req).render(format)
    }
}

impl EstimateInput {
    /// The input echoed for `req` (tree).
    pub fn of(req: &EstimateRequest) -> EstimateInput {
        EstimateInput {
            order: req.order,
            of: req.of.into(),
            fixed_cells: req.fixed_cells,
            samples: req.samples,
            seed: req.seed,
            tail: req.tail,
            exact: req.exact,
        }
    }
}

impl TemperingInput {
    /// The input echoed for `req` (tempering).
    pub fn of(req: &EstimateRequest) -> TemperingInput {
        TemperingInput {
            method: "tempering".into(),
            order: req.order,
            of: req.of.into(),
            fixed_cells: req.fixed_cells,
            repeats: req.repeats,
            sweeps: req.sweeps,
            beta_max: req.beta_max,
            seed: req.seed,
            exact: req.exact,
        }
    }
}

/// The exact count asked for (squares of order 5 by the diagonals census, the rest by the
/// propagation tree).
fn exact_count(spec: &EstimateSpec, ctx: &Context) -> Result<u64> {
    if spec.family == lib::Family::Squares && spec.order == 5 {
        let s = SquareSpec {
            order: 5,
            kind: SquareKind::Normal,
            method: SquareMethod::Diagonals,
            fixed: vec![],
            shard: Shard::ALL,
            classes: false,
        };
        let opts = Options { progress: ctx.progress(), stop: ctx.stop().clone(), ..Options::default() };
        Ok(census(&s, &opts, None)?.total)
    } else {
        Ok(exact(spec)?.0)
    }
}

/// Runs `magic estimate` without a checkpoint.
pub fn run(req: &EstimateRequest, ctx: &Context) -> Result<EstimateOutput> {
    run_with(req, ctx, Checkpoint::default())
}

/// Runs `magic estimate` with a checkpoint.
pub fn run_with(req: &EstimateRequest, ctx: &Context, checkpoint: Checkpoint<'_>) -> Result<EstimateOutput> {
    if let Some(l) = ctx.limits() {
        crate::limits::unlimited_only("magic estimate", l)?;
    }
    // Every bound, whichever method uses it (as the command line checks its options).
    bounds::ESTIMATE_SAMPLES.check(req.samples)?;
    bounds::ESTIMATE_TAIL.check_usize(req.tail)?;
    bounds::TEMPERING_REPEATS.check(req.repeats)?;
    bounds::TEMPERING_SWEEPS.check(req.sweeps)?;
    let spec = EstimateSpec {
        family: req.of.into(),
        order: req.order,
        fixed_cells: req.fixed_cells,
        samples: req.samples,
        seed: req.seed,
        tail: req.tail,
    };
    if req.exact && req.of == Family::Cubes && req.order == 4 && req.fixed_cells < 20 {
        return Err(Error::bad(
            "no exact count of order-4 cubes is within reach below 20 fixed cells, so none can be compared",
        )
        .about("fixed_cells", req.fixed_cells));
    }
    let opts = checkpoint.options(ctx);
    if req.method == EstimateMethod::Tempering {
        let tspec = TemperingSpec {
            family: req.of.into(),
            order: req.order,
            fixed_cells: req.fixed_cells,
            repeats: req.repeats,
            sweeps: req.sweeps,
            seed: req.seed,
            beta_max: req.beta_max,
        };
        let est = estimate_tempering(&tspec, &opts)?;
        let exact = if req.exact { Some(exact_count(&spec, ctx)?) } else { None };
        let within = exact.map(|x| est.reliable && est.low <= x as f64 && x as f64 <= est.high);
        return Ok(EstimateOutput::Tempering(TemperingReport {
            method: "tempering".into(),
            estimate: est,
            exact,
            within,
        }));
    }
    let est = estimate(&spec, &opts)?;
    let exact = if req.exact { Some(exact_count(&spec, ctx)?) } else { None };
    let within = exact.map(|x| est.low <= x as f64 && x as f64 <= est.high);
    Ok(EstimateOutput::Tree(EstimateReport { estimate: est, exact, within }))
}

/// The first line of both estimates' text: what is counted and the estimate.
fn headline(family: lib::Family, order: usize, fixed_cells: usize, estimate: f64) -> String {
    let what = match family {
        lib::Family::Cubes => "semi-perfect magic cubes",
        lib::Family::Squares => "magic squares",
    };
    let restricted = if fixed_cells > 0 {
        format!(" with the first {fixed_cells} cells of `magic construct --order {order}`")
    } else {
        String::new()
    };
    format!("{what} of order {order}{restricted}: about {estimate:.4e}\n")
}
