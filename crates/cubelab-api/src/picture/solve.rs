//! `picture solve`: a verified solution of a board, by one of three methods.

use super::{metric_name, Method, Metric, SearchLimits};
use crate::error::{Error, ErrorKind, Result};
use crate::report::Report;
use crate::{limits, svg, Context};
use cubelab::picture::board::{format_moves, length_in, Board, Move};
use cubelab::picture::{local, parity, subgroup};
use cubelab::words::count;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The request of `picture solve`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The board, e.g. `UF RB / DL UF`.
    pub board: String,
    /// The solving method (`local` by default).
    #[serde(default)]
    pub method: Method,
    /// How moves are counted (`quarter` by default).
    #[serde(default)]
    pub metric: Metric,
    /// Stop an optimal search after this many nodes (at least 1; by default
    /// [`DEFAULT_MAX_NODES`](super::DEFAULT_MAX_NODES)).
    #[serde(default)]
    pub max_nodes: Option<u64>,
    /// Stop an optimal search after this many seconds, counted from the start: the pattern
    /// databases it builds first included (none by default).
    #[serde(default)]
    pub timeout: Option<f64>,
}

impl SolveRequest {
    /// The request's search limits.
    fn limits(&self) -> SearchLimits {
        SearchLimits { max_nodes: self.max_nodes, timeout: self.timeout }
    }
}

/// The input of `cubelab picture solve`.
#[derive(Serialize, JsonSchema)]
pub struct SolveInput {
    /// The board as given.
    board: String,
    /// The solving method.
    method: Method,
    /// How moves are counted.
    metric: Metric,
}

impl SolveInput {
    /// The input echoed for `req`.
    pub fn of(req: &SolveRequest) -> SolveInput {
        SolveInput { board: req.board.clone(), method: req.method, metric: req.metric }
    }
}

/// How a solution was found (for the text).
#[derive(Debug, Clone)]
pub enum How {
    /// The local method: its steps, each with what it does and its moves.
    Local(Vec<(String, Vec<Move>)>),
    /// The subgroup method: its two phases.
    Subgroup(Vec<Move>, Vec<Move>),
    /// A descent in a distance table.
    Table,
    /// IDA*, with the nodes it visited.
    Search {
        /// Nodes visited.
        nodes: u64,
    },
}

/// `cubelab picture solve`: a verified solution.
#[derive(Serialize, JsonSchema)]
pub struct Solved {
    /// The moves, in order.
    pub moves: Vec<String>,
    /// Its length in the metric of the input.
    pub length: usize,
    /// Whether the solution is a shortest one (method optimal).
    pub optimal: bool,
    /// The board solved (normalised).
    #[serde(skip)]
    pub board: Board,
    /// The moves.
    #[serde(skip)]
    pub solution: Vec<Move>,
    /// How they were found.
    #[serde(skip)]
    pub how: How,
    /// The metric of `length`.
    #[serde(skip)]
    pub metric: Metric,
}

/// Solutions up to this many moves are drawn board by board; longer ones as the start only.
const DRAWN_MOVES: usize = 35;

impl Solved {
    /// The boards `svg` draws: the start and, for solutions of at most `DRAWN_MOVES`
    /// moves, the board after each move (caption, board).
    pub fn panels(&self) -> Vec<(String, String)> {
        let mut panels = vec![("start".to_string(), self.board.to_string())];
        if self.solution.len() <= DRAWN_MOVES {
            let mut b = self.board.clone();
            for (k, m) in self.solution.iter().enumerate() {
                b.apply_all(std::slice::from_ref(m)).expect("a verified solution applies");
                panels.push((format!("{}. {m}", k + 1), b.to_string()));
            }
        } else {
            panels[0].0 = format!("start ({} moves: not drawn one by one)", self.solution.len());
        }
        panels
    }
}

impl Report for Solved {
    const KIND: &'static str = "picture-solve";
    type Input = SolveInput;

    fn text(&self) -> String {
        let mut text = format!("board:    {}\n", self.board);
        match &self.how {
            How::Local(steps) => {
                text += "method:   local (parity fix, then one cube at a time by commutators)\nsteps:\n";
                for (k, (what, moves)) in steps.iter().enumerate() {
                    text += &format!("  {:>2}. {what}: {}\n", k + 1, format_moves(moves));
                }
            }
            How::Subgroup(p1, p2) => {
                text += "method:   subgroup (rows restricted to half turns in phase 2)\n";
                text += &format!("phase 1:  {} (into <uu_i, l_j, r_j>)\n", format_moves(p1));
                text += &format!("phase 2:  {}\n", format_moves(p2));
            }
            How::Table => text += "method:   optimal (descent in the distance table)\n",
            How::Search { nodes } => text += &format!("method:   optimal (IDA*, {nodes} nodes)\n"),
        }
        text += &format!(
            "solution: {}\nlength:   {} ({}-turn metric)\n",
            format_moves(&self.solution),
            self.length,
            metric_name(self.metric)
        );
        text
    }

    fn svg(&self) -> Option<String> {
        Some(svg::boards(
            &format!("Picture cube solution: {}", count(self.moves.len(), "move", "moves")),
            &self.panels(),
        ))
    }
}

/// Runs `picture solve`: the solution by the request's method, verified by applying it.
/// An optimal search stops at the limits of the request (and, in a context with limits,
/// at their time), when the context's token is raised, or at its deadline.
pub fn run(req: &SolveRequest, ctx: &Context) -> Result<Solved> {
    let table_shape = ctx.picture_table_shape();
    if let Some(l) = ctx.limits() {
        limits::picture_board(&req.board, Some((req.method, req.metric)), l, table_shape)?;
    }
    let board = Board::parse(&req.board)?;
    let search = req.limits();
    search.check()?;
    if req.method != Method::Optimal && search.given() {
        return Err(Error::naming(
            ErrorKind::BadInput,
            "{max_nodes} and {timeout} limit the optimal search only (add {method} optimal)",
        ));
    }
    let verdict = parity::check(&board);
    if !verdict.solvable {
        return Err(Error::bad(format!(
            "board cannot be solved: {}",
            verdict.reason.trim_start_matches("not solvable: ")
        )));
    }
    let metric = req.metric;
    let (moves, how) = match req.method {
        Method::Local => {
            let steps = local::solve(&board)?;
            let moves: Vec<Move> = steps.iter().flat_map(|s| s.moves.iter().copied()).collect();
            (moves, How::Local(steps.into_iter().map(|s| (s.what, s.moves)).collect()))
        }
        Method::Subgroup => {
            let solver = subgroup::SubgroupSolver::new(board.rows(), board.cols(), metric)?;
            let (p1, p2) = solver.solve(&board)?;
            ([p1.clone(), p2.clone()].concat(), How::Subgroup(p1, p2))
        }
        Method::Optimal => match ctx.picture_table_for(board.rows(), board.cols(), metric) {
            Some(t) => {
                if t.metric() != metric {
                    return Err(Error::naming(
                        ErrorKind::BadInput,
                        format!(
                            "the distance table counts {} turns, not {} turns ({{metric}})",
                            metric_name(t.metric()),
                            metric_name(metric)
                        ),
                    ));
                }
                (t.solve(&board)?, How::Table)
            }
            None => {
                let progress = ctx.progress();
                progress.next_phase(1, 2);
                progress.start("building pattern databases", 0, 0);
                let (rows, cols) = (board.rows(), board.cols());
                let begun = cubelab::time::Instant::now();
                let solver = search.solver(rows, cols, metric, ctx)?;
                progress.next_phase(2, 2);
                progress.start("searching", 0, 0);
                // The time limit counts from the start, the databases' building included.
                let mut limits = search.limits(ctx.limits().map(|l| l.time));
                limits.timeout = limits.timeout.map(|t| t.saturating_sub(begun.elapsed()));
                let started = cubelab::time::Instant::now();
                let (moves, stats) = solver
                    .solve_until(&board, &limits, progress, ctx.stop())
                    .map_err(|e| SearchLimits::hint(&limits, e, started))?;
                progress.finish();
                (moves, How::Search { nodes: stats.nodes })
            }
        },
    };
    // Verify by applying, whatever the method promised.
    let mut check = board.clone();
    check.apply_all(&moves)?;
    if !check.is_solved() {
        return Err(Error::new(ErrorKind::Internal, "internal error: the solution does not solve the board"));
    }
    Ok(Solved {
        moves: moves.iter().map(|m| m.to_string()).collect(),
        length: length_in(&moves, metric),
        optimal: req.method == Method::Optimal,
        board,
        solution: moves,
        how,
        metric,
    })
}
