//! The seed's subgroup method (Section 4) with K = all rows: first a shortest sequence
//! into `H1 = <uu_i, l_j, r_j>`, where rows may only make half turns, then a shortest
//! sequence inside `H1`.
//!
//! In `H1` every cube keeps its original front-back axis on the front-back axis, so its
//! cells take 8 values (the dihedral stabiliser of that axis) and `H1` is tabulated by
//! the census engine over that alphabet. Phase 1 is an IDA* search guided by the census
//! of the 3-valued projection "which original axis is now front-back".

use super::board::{Board, Metric, Move, MoveKind};
use super::census::{LinePuzzle, Table};
use super::cube::{tables, Turn, ORIENTATIONS};
use crate::geometry::{Face, Rotation};
use crate::{Error, Result};

/// Largest phase-2 table accepted (entries).
const MAX_TABLE: u64 = 100_000_000;

/// A subgroup solver for one board size and metric.
pub struct SubgroupSolver {
    rows: usize,
    cols: usize,
    metric: Metric,
    /// `axis[g]`: 0 when orientation g keeps the front-back axis, else 1 or 2.
    axis: [u8; ORIENTATIONS],
    /// `in_h1_alphabet[g]`: index of g among the 8 axis-keeping orientations.
    small: [u8; ORIENTATIONS],
    phase1: Table,
    phase2: Table,
    phase1_moves: Vec<Move>,
    phase2_moves: Vec<Move>,
}

fn axis_of(face: Face) -> u8 {
    match face {
        Face::F | Face::B => 0,
        Face::U | Face::D => 1,
        Face::L | Face::R => 2,
    }
}

impl SubgroupSolver {
    /// Builds both tables; fails for boards whose tables are too large.
    pub fn new(rows: usize, cols: usize, metric: Metric) -> Result<SubgroupSolver> {
        Board::solved(rows, cols)?;
        let t = tables();
        let rotations = Rotation::all();
        let mut axis = [0u8; ORIENTATIONS];
        for (g, r) in rotations.iter().enumerate() {
            axis[g] = axis_of(r.image(Face::F));
        }
        let keep: Vec<u8> = (0..ORIENTATIONS as u8).filter(|&g| axis[g as usize] == 0).collect();
        let mut small = [u8::MAX; ORIENTATIONS];
        for (k, &g) in keep.iter().enumerate() {
            small[g as usize] = k as u8;
        }
        let phase1_moves = Move::all(rows, cols, metric);
        let mut phase2_moves: Vec<Move> = phase1_moves.iter().filter(|m| !m.is_row()).copied().collect();
        phase2_moves.extend((0..rows).map(|line| Move { kind: MoveKind::RowHalf, line }));
        // Phase 1 alphabet: the axis of each cell (a right-coset label, so moves act on it).
        let class_move = |mv: Move| -> Vec<u8> {
            let table = mv.cube_table();
            (0..3u8)
                .map(|c| {
                    let rep = (0..ORIENTATIONS).find(|&g| axis[g] == c).expect("each axis occurs");
                    axis[table[rep] as usize]
                })
                .collect()
        };
        let row_kinds: Vec<Move> = phase1_moves.iter().filter(|m| m.is_row() && m.line == 0).copied().collect();
        let col_kinds: Vec<Move> = phase1_moves.iter().filter(|m| !m.is_row() && m.line == 0).copied().collect();
        let p1 = LinePuzzle {
            alphabet: 3,
            rows,
            cols,
            row_moves: row_kinds.iter().map(|&m| class_move(m)).collect(),
            col_moves: col_kinds.iter().map(|&m| class_move(m)).collect(),
        };
        let small_move = |mv: Move| -> Vec<u8> {
            let table = mv.cube_table();
            keep.iter().map(|&g| small[table[g as usize] as usize]).collect()
        };
        let p2 = LinePuzzle {
            alphabet: keep.len(),
            rows,
            cols,
            row_moves: vec![small_move(Move { kind: MoveKind::RowHalf, line: 0 })],
            col_moves: col_kinds.iter().map(|&m| small_move(m)).collect(),
        };
        let phase1 = Table::build(&p1, MAX_TABLE, &crate::run::NoProgress)?;
        let phase2 = Table::build(&p2, MAX_TABLE, &crate::run::NoProgress).map_err(|e| {
            Error::out_of_range(format!("subgroup method: {rows}x{cols} is too large for its phase-2 table ({e})"))
        })?;
        debug_assert_eq!(t.turn[Turn::Up as usize].len(), ORIENTATIONS);
        Ok(SubgroupSolver { rows, cols, metric, axis, small, phase1, phase2, phase1_moves, phase2_moves })
    }

    fn phase2_distance(&self, cells: &[u8]) -> Option<u8> {
        let small: Vec<u8> = cells.iter().map(|&c| self.small[c as usize]).collect();
        if small.contains(&u8::MAX) {
            return None;
        }
        self.phase2.distance(&small)
    }

    fn phase1_bound(&self, cells: &[u8]) -> u8 {
        let classes: Vec<u8> = cells.iter().map(|&c| self.axis[c as usize]).collect();
        self.phase1.distance(&classes).expect("every axis pattern of a reachable board is reachable")
    }

    fn search(&self, board: &mut Board, path: &mut Vec<Move>, bound: usize) -> bool {
        if self.phase2_distance(board.cubes()).is_some() {
            return true;
        }
        if path.len() + self.phase1_bound(board.cubes()) as usize > bound {
            return false;
        }
        for &mv in &self.phase1_moves {
            if let Some(last) = path.last() {
                if last.is_row() == mv.is_row() && mv.line <= last.line && (mv.line < last.line || *last != mv) {
                    continue;
                }
            }
            board.apply(&mv);
            path.push(mv);
            if self.search(board, path, bound) {
                return true;
            }
            path.pop();
            board.apply(&mv.inverse());
        }
        false
    }

    /// Solves a board: phase-1 moves, then phase-2 moves (verified by applying them).
    pub fn solve(&self, board: &Board) -> Result<(Vec<Move>, Vec<Move>)> {
        if (board.rows(), board.cols()) != (self.rows, self.cols) {
            return Err(Error::out_of_range("solver built for another board size"));
        }
        if !super::parity::check(board).solvable {
            return Err(Error::out_of_range("board cannot be solved (parity)"));
        }
        let mut work = board.clone();
        let mut phase1 = Vec::new();
        let mut bound = 0;
        while !self.search(&mut work, &mut phase1, bound) {
            bound += 1;
        }
        let mut phase2 = Vec::new();
        while let Some(d) = self.phase2_distance(work.cubes()).filter(|&d| d > 0) {
            let mv = self
                .phase2_moves
                .iter()
                .copied()
                .find(|mv| {
                    let mut next = work.clone();
                    next.apply(mv);
                    self.phase2_distance(next.cubes()) == Some(d - 1)
                })
                .expect("a table distance always has a move one step closer");
            work.apply(&mv);
            phase2.push(mv);
        }
        if !work.is_solved() {
            return Err(Error::out_of_range("internal error: subgroup solution does not verify"));
        }
        if self.metric == Metric::Quarter {
            phase2 = expand_half_turns(&phase2);
        }
        Ok((phase1, phase2))
    }
}

/// Writes every half turn as two quarter turns (`uu2` -> `u2 u2`).
pub(crate) fn expand_half_turns(moves: &[Move]) -> Vec<Move> {
    let mut out = Vec::new();
    for &m in moves {
        match m.kind {
            MoveKind::RowHalf => out.extend([Move { kind: MoveKind::Quarter(Turn::Up), line: m.line }; 2]),
            MoveKind::ColumnHalf => out.extend([Move { kind: MoveKind::Quarter(Turn::Left), line: m.line }; 2]),
            _ => out.push(m),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::optimal::{pattern_table, Solver};

    #[test]
    fn subgroup_solutions_verify_and_are_not_shorter_than_optimal() {
        let exact = pattern_table(2, 2, Metric::Quarter).unwrap();
        let s = SubgroupSolver::new(2, 2, Metric::Quarter).unwrap();
        for seed in 0..30 {
            let b = Board::random_reachable(2, 2, seed).unwrap();
            let (p1, p2) = s.solve(&b).unwrap();
            let mut w = b.clone();
            w.apply_all(&p1).unwrap();
            w.apply_all(&p2).unwrap();
            assert!(w.is_solved());
            assert!(p1.len() + p2.len() >= exact.distance(b.cubes()).unwrap() as usize);
        }
        let h = SubgroupSolver::new(3, 3, Metric::Half).unwrap();
        let b = Board::random_reachable(3, 3, 7).unwrap();
        let (p1, p2) = h.solve(&b).unwrap();
        let mut w = b.clone();
        w.apply_all(&p1).unwrap();
        w.apply_all(&p2).unwrap();
        assert!(w.is_solved());
        let _ = Solver::new;
    }
}
