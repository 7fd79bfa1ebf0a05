//! The m x n board, its text format, the row and column moves and their notation.

use super::cube::{self, tables, Turn};
use crate::rng::SplitMix64;
use crate::{Error, Result};
use std::fmt;

/// Largest board side accepted by the parser and the move generator.
pub(crate) const MAX_SIDE: usize = 64;

/// An m x n board of cube orientations, row-major; orientation 0 is solved.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    cubes: Vec<u8>,
}

/// How moves are counted (in JSON: `"quarter"`, `"half"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Metric {
    /// Every quarter turn of a row or column is one move (the metric of "Analysis of the
    /// picture cube puzzle").
    #[default]
    #[serde(alias = "q")]
    Quarter,
    /// A half turn of a row or column also counts as one move.
    #[serde(alias = "h")]
    Half,
}

impl std::str::FromStr for Metric {
    type Err = Error;
    fn from_str(s: &str) -> Result<Metric> {
        match s {
            "quarter" | "q" => Ok(Metric::Quarter),
            "half" | "h" => Ok(Metric::Half),
            _ => Err(Error::unknown(format!("unknown metric '{s}' (expected quarter or half)"))),
        }
    }
}

/// The kind of a move: a quarter turn in one of four directions, or a half turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A quarter turn.
    Quarter(Turn),
    /// A half turn of a row (`uu`, the same as `u u` and `d d`).
    RowHalf,
    /// A half turn of a column (`ll`, the same as `l l` and `r r`).
    ColumnHalf,
}

/// One move: a kind and the (0-based) row or column it turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// What the move does.
    pub kind: MoveKind,
    /// Row index for row moves, column index for column moves (0-based).
    pub line: usize,
}

impl Move {
    /// True for moves that turn a row (u, d, uu).
    pub(crate) fn is_row(&self) -> bool {
        matches!(self.kind, MoveKind::Quarter(Turn::Up | Turn::Down) | MoveKind::RowHalf)
    }

    /// The move that undoes this one.
    pub fn inverse(&self) -> Move {
        let kind = match self.kind {
            MoveKind::Quarter(t) => MoveKind::Quarter(t.inverse()),
            k => k,
        };
        Move { kind, line: self.line }
    }

    /// Number of quarter turns this move stands for.
    pub(crate) fn quarter_turns(&self) -> usize {
        match self.kind {
            MoveKind::Quarter(_) => 1,
            _ => 2,
        }
    }

    /// The effect on one cube, as a table over the 24 orientations.
    pub(crate) fn cube_table(&self) -> [u8; cube::ORIENTATIONS] {
        let t = tables();
        match self.kind {
            MoveKind::Quarter(turn) => t.turn[turn as usize],
            MoveKind::RowHalf => t.turn[Turn::Up as usize].map(|a| t.turn[Turn::Up as usize][a as usize]),
            MoveKind::ColumnHalf => t.turn[Turn::Left as usize].map(|a| t.turn[Turn::Left as usize][a as usize]),
        }
    }

    /// Parses one move token (`u2`, `d1`, `l3`, `r1`, `uu2`, `ll1`; 1-based index).
    pub fn parse(s: &str) -> Result<Move> {
        let split = s.find(|c: char| c.is_ascii_digit()).unwrap_or(s.len());
        let (letters, digits) = s.split_at(split);
        let kind = match letters {
            "u" => MoveKind::Quarter(Turn::Up),
            "d" => MoveKind::Quarter(Turn::Down),
            "l" => MoveKind::Quarter(Turn::Left),
            "r" => MoveKind::Quarter(Turn::Right),
            "uu" | "dd" => MoveKind::RowHalf,
            "ll" | "rr" => MoveKind::ColumnHalf,
            _ => {
                return Err(Error::malformed(format!(
                    "unknown move '{s}' (expected u, d, l, r, uu or ll followed by a 1-based row or column number)"
                )))
            }
        };
        let number: usize = digits
            .parse()
            .map_err(|_| Error::malformed(format!("move '{s}' needs a row or column number, e.g. {letters}1")))?;
        if number == 0 || number > MAX_SIDE {
            return Err(Error::out_of_range(format!("move '{s}': rows and columns are numbered from 1")));
        }
        Ok(Move { kind, line: number - 1 })
    }

    /// Every move of an m x n board in the given metric: rows first, then columns.
    pub fn all(rows: usize, cols: usize, metric: Metric) -> Vec<Move> {
        let mut out = Vec::new();
        let row_kinds: &[MoveKind] = match metric {
            Metric::Quarter => &[MoveKind::Quarter(Turn::Up), MoveKind::Quarter(Turn::Down)],
            Metric::Half => &[MoveKind::Quarter(Turn::Up), MoveKind::Quarter(Turn::Down), MoveKind::RowHalf],
        };
        let col_kinds: &[MoveKind] = match metric {
            Metric::Quarter => &[MoveKind::Quarter(Turn::Left), MoveKind::Quarter(Turn::Right)],
            Metric::Half => &[MoveKind::Quarter(Turn::Left), MoveKind::Quarter(Turn::Right), MoveKind::ColumnHalf],
        };
        for line in 0..rows {
            out.extend(row_kinds.iter().map(|&kind| Move { kind, line }));
        }
        for line in 0..cols {
            out.extend(col_kinds.iter().map(|&kind| Move { kind, line }));
        }
        out
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters = match self.kind {
            MoveKind::Quarter(Turn::Up) => "u",
            MoveKind::Quarter(Turn::Down) => "d",
            MoveKind::Quarter(Turn::Left) => "l",
            MoveKind::Quarter(Turn::Right) => "r",
            MoveKind::RowHalf => "uu",
            MoveKind::ColumnHalf => "ll",
        };
        write!(f, "{letters}{}", self.line + 1)
    }
}

/// Parses a move sequence separated by spaces or commas.
pub fn parse_moves(s: &str) -> Result<Vec<Move>> {
    s.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).map(Move::parse).collect()
}

/// Formats a move sequence with single spaces.
pub fn format_moves(moves: &[Move]) -> String {
    moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
}

/// Length of a move sequence in a metric (half turns count 2 in the quarter-turn metric).
pub fn length_in(moves: &[Move], metric: Metric) -> usize {
    match metric {
        Metric::Half => moves.len(),
        Metric::Quarter => moves.iter().map(|m| m.quarter_turns()).sum(),
    }
}

impl Board {
    /// The solved m x n board.
    pub fn solved(rows: usize, cols: usize) -> Result<Board> {
        check_size(rows, cols)?;
        Ok(Board { rows, cols, cubes: vec![0; rows * cols] })
    }

    /// A board from row-major orientations (each 0..24).
    pub fn from_cubes(rows: usize, cols: usize, cubes: Vec<u8>) -> Result<Board> {
        check_size(rows, cols)?;
        if cubes.len() != rows * cols || cubes.iter().any(|&c| c as usize >= cube::ORIENTATIONS) {
            return Err(Error::malformed(format!("{rows}x{cols} board needs {} orientations 0..24", rows * cols)));
        }
        Ok(Board { rows, cols, cubes })
    }

    /// Parses the text format: tokens separated by spaces, rows by `/`.
    pub fn parse(s: &str) -> Result<Board> {
        let mut cubes = Vec::new();
        let mut cols = None;
        let row_texts: Vec<&str> = s.split('/').collect();
        for (i, row) in row_texts.iter().enumerate() {
            let tokens: Vec<&str> = row.split_whitespace().collect();
            if tokens.is_empty() {
                return Err(Error::malformed(format!("row {} is empty", i + 1)));
            }
            match cols {
                None => cols = Some(tokens.len()),
                Some(c) if c != tokens.len() => {
                    return Err(Error::malformed(format!(
                        "ragged rows: row {} has {} but row 1 has {c}",
                        i + 1,
                        crate::words::count(tokens.len(), "cube", "cubes")
                    )))
                }
                _ => {}
            }
            for (j, t) in tokens.iter().enumerate() {
                let c = cube::parse_token(t)
                    .map_err(|why| Error::malformed(format!("row {}, column {}: {why}", i + 1, j + 1)))?;
                cubes.push(c);
            }
        }
        let cols = cols.unwrap_or(0);
        Board::from_cubes(row_texts.len(), cols, cubes)
    }

    /// Number of rows m.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns n.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Row-major orientations.
    pub fn cubes(&self) -> &[u8] {
        &self.cubes
    }

    /// The orientation at row i, column j (0-based).
    pub(crate) fn get(&self, i: usize, j: usize) -> u8 {
        self.cubes[i * self.cols + j]
    }

    /// Sets the orientation at row i, column j (0-based).
    pub(crate) fn set(&mut self, i: usize, j: usize, orientation: u8) {
        self.cubes[i * self.cols + j] = orientation;
    }

    /// True when every cube is solved.
    pub fn is_solved(&self) -> bool {
        self.cubes.iter().all(|&c| c == 0)
    }

    /// Checks that a move fits this board.
    pub(crate) fn check_move(&self, mv: &Move) -> Result<()> {
        let (what, limit) = if mv.is_row() { ("row", self.rows) } else { ("column", self.cols) };
        if mv.line >= limit {
            return Err(Error::out_of_range(format!("move {mv}: the board has {limit} {what}s")));
        }
        Ok(())
    }

    /// Applies one move (which must fit the board; see [`Board::check_move`]).
    pub(crate) fn apply(&mut self, mv: &Move) {
        let table = mv.cube_table();
        if mv.is_row() {
            for j in 0..self.cols {
                let k = mv.line * self.cols + j;
                self.cubes[k] = table[self.cubes[k] as usize];
            }
        } else {
            for i in 0..self.rows {
                let k = i * self.cols + mv.line;
                self.cubes[k] = table[self.cubes[k] as usize];
            }
        }
    }

    /// Applies a sequence of moves, checking each fits the board.
    pub fn apply_all(&mut self, moves: &[Move]) -> Result<()> {
        for (k, mv) in moves.iter().enumerate() {
            self.check_move(mv).map_err(|e| Error::out_of_range(format!("move {}: {e}", k + 1)))?;
            self.apply(mv);
        }
        Ok(())
    }

    /// A random board reached by `moves` random moves from solved (deterministic in `seed`).
    /// `moves` is checked against [`crate::bounds::SCRAMBLE_MOVES`] first.
    pub fn scramble(rows: usize, cols: usize, moves: usize, seed: u64, metric: Metric) -> Result<(Board, Vec<Move>)> {
        crate::bounds::SCRAMBLE_MOVES.check_usize(moves)?;
        let mut board = Board::solved(rows, cols)?;
        let all = Move::all(rows, cols, metric);
        let mut rng = SplitMix64(seed);
        let mut seq = Vec::with_capacity(moves);
        for _ in 0..moves {
            // Never undo the previous move, so the scramble does not waste its length.
            let mv = loop {
                let mv = all[(rng.next_u64() % all.len() as u64) as usize];
                if seq.last() != Some(&mv.inverse()) {
                    break mv;
                }
            };
            board.apply(&mv);
            seq.push(mv);
        }
        Ok((board, seq))
    }

    /// A uniformly random reachable board (deterministic in `seed`): random row and column
    /// parities, then an even orientation for every cube, which the seed's Theorem 8 shows
    /// covers every reachable board exactly once.
    pub fn random_reachable(rows: usize, cols: usize, seed: u64) -> Result<Board> {
        let mut board = Board::solved(rows, cols)?;
        let t = tables();
        let even: Vec<u8> = (0..cube::ORIENTATIONS as u8).filter(|&a| !t.odd[a as usize]).collect();
        let mut rng = SplitMix64(seed);
        let row_parity: Vec<bool> = (0..rows).map(|_| rng.next_u64() & 1 == 1).collect();
        let col_parity: Vec<bool> = (0..cols).map(|_| rng.next_u64() & 1 == 1).collect();
        let up = t.turn[Turn::Up as usize][0];
        for i in 0..rows {
            for j in 0..cols {
                let e = even[(rng.next_u64() % 12) as usize];
                let c = if row_parity[i] ^ col_parity[j] { t.compose[e as usize][up as usize] } else { e };
                board.set(i, j, c);
            }
        }
        Ok(board)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..self.rows {
            if i > 0 {
                write!(f, " / ")?;
            }
            let row: Vec<String> = (0..self.cols).map(|j| cube::token(self.get(i, j))).collect();
            write!(f, "{}", row.join(" "))?;
        }
        Ok(())
    }
}

fn check_size(rows: usize, cols: usize) -> Result<()> {
    if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(Error::out_of_range(format!("board size {rows}x{cols}: sides must be 1..={MAX_SIDE}")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parse_and_print_round_trip() {
        let b = Board::parse("UF RB / DL UF").unwrap();
        assert_eq!((b.rows(), b.cols()), (2, 2));
        assert_eq!(b.to_string(), "UF RB / DL UF");
        assert!(!b.is_solved());
        assert!(Board::parse("UF UF / UF").unwrap_err().to_string().contains("ragged rows: row 2"));
        let e = Board::parse("UF UF / UF UD").unwrap_err().to_string();
        assert!(e.contains("row 2, column 2") && e.contains("not a rotation"), "{e}");
        assert!(Board::parse("UF QQ").unwrap_err().to_string().contains("row 1, column 2"));
        assert!(Board::parse("UF / ").is_err());
    }

    #[test]
    fn move_notation() {
        for s in ["u1", "d2", "l3", "r10", "uu2", "ll1"] {
            assert_eq!(Move::parse(s).unwrap().to_string(), s);
        }
        for s in ["x1", "u", "u0", "l-1", "U1"] {
            assert!(Move::parse(s).is_err(), "{s}");
        }
        let b = Board::solved(2, 3).unwrap();
        assert!(b.check_move(&Move::parse("u3").unwrap()).is_err());
        assert!(b.check_move(&Move::parse("l3").unwrap()).is_ok());
    }

    proptest! {
        #[test]
        fn inverse_sequence_undoes(seed in any::<u64>(), rows in 1usize..5, cols in 1usize..5, len in 0usize..30) {
            let (board, seq) = Board::scramble(rows, cols, len, seed, Metric::Half).unwrap();
            let mut back = board.clone();
            for mv in seq.iter().rev() {
                back.apply(&mv.inverse());
            }
            prop_assert!(back.is_solved());
        }
    }
}
