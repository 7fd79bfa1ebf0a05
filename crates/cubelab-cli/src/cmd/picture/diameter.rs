//! `cubelab picture bounds`: proved bounds on the diameter of a board's Cayley graph.

use super::*;
use cubelab::picture::bounds;

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

/// `cubelab picture bounds`: proved bounds on the diameter.
#[derive(Serialize, JsonSchema)]
pub struct BoundsReport {
    /// The bounds.
    #[serde(flatten)]
    bounds: bounds::Bounds,
    /// Optimal lengths of the sampled boards (seeds 0, 1, ...), empty without `--sample`.
    sample_lengths: Vec<usize>,
    #[serde(skip)]
    title: String,
    /// One column: the split is of the transposed board (text wording only).
    #[serde(skip)]
    one_column: bool,
}

impl Report for BoundsReport {
    const KIND: &'static str = "picture-bounds";
    type Input = BoundsInput;

    fn text(&self) -> String {
        let b = &self.bounds;
        let mut s = format!(
            "{}
states:        {}
",
            self.title, b.states
        );
        s += &format!(
            "lower bound:   {} (counting canonical move sequences)
",
            b.lower
        );
        s += &format!(
            "Eq. (1) lower: {:.2} (log|H| / log(moves per board) - 1, the seed's bound)
",
            b.eq1_lower
        );
        s += &format!(
            "upper bound:   {} = {} (first {}, census diameter) + {} (worst last {}, solved optimally)
",
            b.upper,
            b.first_columns_diameter,
            if self.one_column { "cubes of the column" } else { "columns" },
            b.last_column_max,
            if self.one_column { "cube" } else { "column" }
        );
        s += &format!(
            "local method:  {}
",
            b.local
        );
        if !self.sample_lengths.is_empty() {
            let n = self.sample_lengths.len();
            let max = self.sample_lengths.iter().max().copied().unwrap_or(0);
            let mean = self.sample_lengths.iter().sum::<usize>() as f64 / n as f64;
            s += &format!(
                "sample:        {n} random boards solved optimally: max {max}, mean {mean:.2} (not a bound)
"
            );
        }
        s
    }
}

pub(super) fn run_bounds(
    m: usize,
    n: usize,
    metric: Metric,
    sample: u64,
    limits: LimitArgs,
    json: bool,
    ctx: &crate::api::Context,
) -> anyhow::Result<String> {
    Board::solved(m, n)?;
    if sample == 0 && limits.given() {
        bail!("--max-nodes and --timeout limit the optimal solves of --sample only (add --sample K)");
    }
    let bar = ctx.bar();
    let b = bounds::bounds(m, n, metric, &bar)?;
    let solver = optimal::Solver::new(m, n, metric, optimal::default_max_entries(m, n))?;
    bar.start("random sample", sample, 0);
    let mut sample_lengths = Vec::new();
    for seed in 0..sample {
        let board = Board::random_reachable(m, n, seed)?;
        let started = std::time::Instant::now();
        let (moves, _) = solver
            .solve_within(&board, &limits.limits(), &bar)
            .map_err(|e| limits.hint(e, started).context(format!("random board {}", seed + 1)))?;
        sample_lengths.push(moves.len());
        bar.advance(1);
    }
    bar.finish();
    let title = format!(
        "diameter bounds for {m}x{n}, {} metric",
        if metric == Metric::Half { "half-turn" } else { "quarter-turn" }
    );
    render(
        &BoundsReport { bounds: b, sample_lengths, title, one_column: n == 1 },
        &BoundsInput { m, n, metric, sample },
        Format::json_or_text(json),
    )
}
