//! `picture bounds`: proved bounds on the diameter of a board's Cayley graph.

use super::{metric_title, Metric, SearchLimits};
use crate::error::{Error, ErrorKind, Result};
use crate::report::Report;
use crate::{limits, Context};
use cubelab::picture::board::Board;
use cubelab::picture::bounds;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The request of `picture bounds`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoundsRequest {
    /// Rows.
    pub m: usize,
    /// Columns.
    pub n: usize,
    /// How moves are counted (`quarter` by default).
    #[serde(default)]
    pub metric: Metric,
    /// Also solve this many random boards optimally and report their lengths (0 by
    /// default).
    #[serde(default)]
    pub sample: u64,
    /// Stop each optimal solve of the sample after this many nodes (at least 1; by
    /// default [`DEFAULT_MAX_NODES`](super::DEFAULT_MAX_NODES)).
    #[serde(default)]
    pub max_nodes: Option<u64>,
    /// Stop each optimal solve of the sample after this many seconds (none by default);
    /// the pattern databases the solves share are built within the same limit.
    #[serde(default)]
    pub timeout: Option<f64>,
}

/// The input of `cubelab picture bounds`.
#[derive(Serialize, JsonSchema)]
pub struct BoundsInput {
    /// Rows.
    m: usize,
    /// Columns.
    n: usize,
    /// How moves are counted.
    metric: Metric,
    /// Random boards solved optimally.
    sample: u64,
}

impl BoundsInput {
    /// The input echoed for `req`.
    pub fn of(req: &BoundsRequest) -> BoundsInput {
        BoundsInput { m: req.m, n: req.n, metric: req.metric, sample: req.sample }
    }
}

/// `cubelab picture bounds`: proved bounds on the diameter.
#[derive(Serialize, JsonSchema)]
pub struct BoundsReport {
    /// The bounds.
    #[serde(flatten)]
    pub bounds: bounds::Bounds,
    /// Optimal lengths of the sampled boards (seeds 0, 1, ...), empty without `--sample`.
    pub sample_lengths: Vec<usize>,
    /// Rows and columns of the board.
    #[serde(skip)]
    pub shape: (usize, usize),
    /// How moves are counted.
    #[serde(skip)]
    pub metric: Metric,
}

impl Report for BoundsReport {
    const KIND: &'static str = "picture-bounds";
    type Input = BoundsInput;

    fn text(&self) -> String {
        let b = &self.bounds;
        let (m, n) = self.shape;
        // One column: the split is of the transposed board.
        let one_column = n == 1;
        let mut s =
            format!("diameter bounds for {m}x{n}, {} metric\nstates:        {}\n", metric_title(self.metric), b.states);
        s += &format!("lower bound:   {} (counting canonical move sequences)\n", b.lower);
        s += &format!("Eq. (1) lower: {:.2} (log|H| / log(moves per board) - 1, the bound of \"Analysis of the picture cube puzzle\")\n", b.eq1_lower);
        s += &format!(
            "upper bound:   {} = {} (first {}, census diameter) + {} (worst last {}, solved optimally)\n",
            b.upper,
            b.first_columns_diameter,
            if one_column { "cubes of the column" } else { "columns" },
            b.last_column_max,
            if one_column { "cube" } else { "column" }
        );
        s += &format!("local method:  {}\n", b.local);
        if !self.sample_lengths.is_empty() {
            let n = self.sample_lengths.len();
            let max = self.sample_lengths.iter().max().copied().unwrap_or(0);
            let mean = self.sample_lengths.iter().sum::<usize>() as f64 / n as f64;
            s += &format!(
                "sample:        {n} random boards solved optimally: max {max}, mean {mean:.2} (not a bound)\n"
            );
        }
        s
    }
}

/// Runs `picture bounds`: the sample's optimal solves first (so that a node limit too
/// small for them ends the run before the bounds' long tables), then the bounds. A time
/// limit (`timeout`) counts from the start and covers every phase, the pattern
/// databases and the bounds' tables included; `max_nodes` limits each solve's search.
/// The token or deadline of the context stops any phase.
pub fn run(req: &BoundsRequest, ctx: &Context) -> Result<BoundsReport> {
    if let Some(l) = ctx.limits() {
        limits::picture_bounds(req, l)?;
    }
    let (m, n, metric) = (req.m, req.n, req.metric);
    Board::solved(m, n)?;
    cubelab::bounds::BOUNDS_SAMPLE.check(req.sample).map_err(|e| Error::from(e).about("sample", req.sample))?;
    let search = SearchLimits { max_nodes: req.max_nodes, timeout: req.timeout };
    search.check()?;
    if req.sample == 0 && search.max_nodes.is_some() {
        return Err(Error::naming(
            ErrorKind::BadInput,
            "{max_nodes} limits the optimal solves of {sample} only (add {sample} K)",
        ));
    }
    let begun = cubelab::time::Instant::now();
    let progress = ctx.progress();
    let mut sample_lengths = Vec::new();
    if req.sample > 0 {
        let solver = search.solver(m, n, metric, ctx)?;
        progress.start("random sample", req.sample, 0);
        for seed in 0..req.sample {
            let board = Board::random_reachable(m, n, seed)?;
            let mut limits = search.limits(None);
            limits.timeout = limits.timeout.map(|t| t.saturating_sub(begun.elapsed()));
            let started = cubelab::time::Instant::now();
            let (moves, _) = solver.solve_until(&board, &limits, progress, ctx.stop()).map_err(|e| {
                let e = SearchLimits::hint(&limits, e, started);
                let template = format!("random board {}: {}", seed + 1, e.message_naming(&|f| format!("{{{f}}}")));
                Error::naming(e.kind(), template)
            })?;
            sample_lengths.push(moves.len());
            progress.advance(1);
        }
        progress.finish();
    }
    let b = search
        .prepare(ctx, begun, "the bounds were computed", |stop| bounds::bounds_until(m, n, metric, progress, stop))?;
    Ok(BoundsReport { bounds: b, sample_lengths, shape: (m, n), metric })
}
