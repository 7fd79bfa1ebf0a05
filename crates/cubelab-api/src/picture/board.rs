//! `picture check` (whether a board can be solved) and `picture scramble` (a random board).

use crate::error::Result;
use crate::report::Report;
use crate::{limits, svg, Context};
use cubelab::picture::board::{Board, Metric};
use cubelab::picture::parity;
use cubelab::words::count;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The request of `picture check`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// The board, e.g. `UF RB / DL UF`.
    pub board: String,
}

/// The input of `cubelab picture check`.
#[derive(Serialize, JsonSchema)]
pub struct CheckInput {
    /// The board as given.
    board: String,
}

impl CheckInput {
    /// The input echoed for `req`.
    pub fn of(req: &CheckRequest) -> CheckInput {
        CheckInput { board: req.board.clone() }
    }
}

/// `cubelab picture check`: whether a board can be solved.
#[derive(Serialize, JsonSchema)]
pub struct Checked {
    /// The board, normalised.
    pub board: String,
    /// Whether it can be solved.
    pub solvable: bool,
    /// Why (the parity criterion of "Analysis of the picture cube puzzle", Section 3).
    pub reason: String,
}

impl Report for Checked {
    const KIND: &'static str = "picture-check";
    type Input = CheckInput;

    fn text(&self) -> String {
        format!("board: {}\n{}\n", self.board, self.reason)
    }

    fn svg(&self) -> Option<String> {
        let verdict = if self.solvable { "solvable" } else { "not solvable" };
        Some(svg::boards(&format!("Picture cube board: {verdict}"), &[("board".into(), self.board.clone())]))
    }
}

/// Runs `picture check`.
pub fn check(req: &CheckRequest, ctx: &Context) -> Result<Checked> {
    if let Some(l) = ctx.limits() {
        limits::picture_board(&req.board, None, l, ctx.picture_table_shape())?;
    }
    let b = Board::parse(&req.board)?;
    let v = parity::check(&b);
    Ok(Checked { board: b.to_string(), solvable: v.solvable, reason: v.reason })
}

/// The request of `picture scramble`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScrambleRequest {
    /// Rows.
    pub m: usize,
    /// Columns.
    pub n: usize,
    /// Random seed (the same seed gives the same board); 1 by default.
    #[serde(default = "one")]
    pub seed: u64,
    /// Scramble with this many random moves instead of a uniformly random board.
    #[serde(default)]
    pub moves: Option<usize>,
}

/// The default seed of `picture scramble`.
pub fn one() -> u64 {
    1
}

/// The input of `cubelab picture scramble`.
#[derive(Serialize, JsonSchema)]
pub struct ScrambleInput {
    /// Rows.
    m: usize,
    /// Columns.
    n: usize,
    /// Random seed.
    seed: u64,
    /// `--moves K`: K random moves from solved, or null for a uniformly random board.
    moves: Option<usize>,
}

impl ScrambleInput {
    /// The input echoed for `req`.
    pub fn of(req: &ScrambleRequest) -> ScrambleInput {
        ScrambleInput { m: req.m, n: req.n, seed: req.seed, moves: req.moves }
    }
}

/// `cubelab picture scramble`: a random board.
#[derive(Serialize, JsonSchema)]
pub struct Scrambled {
    /// The board.
    pub board: String,
    /// The scramble moves (with `--moves`), or null.
    pub moves: Option<Vec<String>>,
}

impl Report for Scrambled {
    const KIND: &'static str = "picture-scramble";
    type Input = ScrambleInput;

    fn text(&self) -> String {
        format!("{}\n", self.board)
    }

    fn svg(&self) -> Option<String> {
        let how = match &self.moves {
            Some(m) => format!("{} from solved", count(m.len(), "random move", "random moves")),
            None => "a uniformly random reachable board".to_string(),
        };
        Some(svg::boards(&format!("Picture cube scramble: {how}"), &[("board".into(), self.board.clone())]))
    }
}

/// Runs `picture scramble`.
pub fn scramble(req: &ScrambleRequest, ctx: &Context) -> Result<Scrambled> {
    if let Some(l) = ctx.limits() {
        limits::picture_scramble(req, l)?;
    }
    if let Some(k) = req.moves {
        cubelab::bounds::SCRAMBLE_MOVES.check_usize(k).map_err(|e| crate::Error::from(e).about("moves", k))?;
    }
    let (board, moves) = match req.moves {
        Some(k) => {
            let (b, s) = Board::scramble(req.m, req.n, k, req.seed, Metric::Quarter)?;
            (b, Some(s.iter().map(|m| m.to_string()).collect()))
        }
        None => (Board::random_reachable(req.m, req.n, req.seed)?, None),
    };
    Ok(Scrambled { board: board.to_string(), moves })
}
