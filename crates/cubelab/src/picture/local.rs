//! The seed's local method (Section 3): fix parities with single row and column turns,
//! then solve every cube on its own with commutators `[x_i, y_j]` of a row move and a
//! column move, which turn only the cube at (i, j).

use super::board::{Board, Move, MoveKind};
use super::cube::{tables, Turn, ORIENTATIONS};
use super::parity;
use crate::{Error, Result};
use serde::Serialize;
use std::sync::OnceLock;

/// One step a person can follow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// What the step does, in words.
    pub what: String,
    /// Its moves.
    #[serde(serialize_with = "super::serialize_moves")]
    pub moves: Vec<Move>,
}

/// The four moves of the commutator `[x, y] = x y x⁻¹ y⁻¹` with a row turn x and column turn y.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Commutator {
    row_first: bool,
    row: Turn,
    col: Turn,
}

impl Commutator {
    fn all() -> Vec<Commutator> {
        let mut out = Vec::new();
        for row_first in [true, false] {
            for row in [Turn::Up, Turn::Down] {
                for col in [Turn::Left, Turn::Right] {
                    out.push(Commutator { row_first, row, col });
                }
            }
        }
        out
    }

    fn turns(&self) -> [Turn; 4] {
        let (x, y) = if self.row_first { (self.row, self.col) } else { (self.col, self.row) };
        [x, y, x.inverse(), y.inverse()]
    }

    fn moves(&self, i: usize, j: usize) -> Vec<Move> {
        self.turns()
            .iter()
            .map(|&t| Move { kind: MoveKind::Quarter(t), line: if matches!(t, Turn::Up | Turn::Down) { i } else { j } })
            .collect()
    }

    /// Its effect on the one cube it changes.
    fn apply(&self, orientation: u8) -> u8 {
        let t = tables();
        self.turns().iter().fold(orientation, |a, &turn| t.turn[turn as usize][a as usize])
    }
}

/// For every even orientation, a shortest list of commutators solving it (breadth-first
/// over the 12 even orientations; `None` for odd ones).
fn commutator_plans() -> &'static [Option<Vec<Commutator>>; ORIENTATIONS] {
    static CELL: OnceLock<[Option<Vec<Commutator>>; ORIENTATIONS]> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut plans: [Option<Vec<Commutator>>; ORIENTATIONS] = Default::default();
        plans[0] = Some(vec![]);
        let mut frontier = vec![0u8];
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &solved_from in &frontier {
                // plans[x] solves x; to find states one commutator further, invert: if
                // c(y) = x then y is solved by c followed by plans[x].
                for c in Commutator::all() {
                    for y in 0..ORIENTATIONS as u8 {
                        if plans[y as usize].is_none() && c.apply(y) == solved_from {
                            let mut plan = vec![c];
                            plan.extend(plans[solved_from as usize].clone().expect("set"));
                            plans[y as usize] = Some(plan);
                            next.push(y);
                        }
                    }
                }
            }
            frontier = next;
        }
        plans
    })
}

/// Solves a board by the local method, as steps. Fails on an unsolvable board.
pub fn solve(board: &Board) -> Result<Vec<Step>> {
    let verdict = parity::check(board);
    if !verdict.solvable {
        return Err(Error::out_of_range(format!("board cannot be solved: {}", verdict.reason)));
    }
    let t = tables();
    let mut work = board.clone();
    let mut steps = Vec::new();
    let mut parity_moves = Vec::new();
    for j in 0..work.cols() {
        if t.odd[work.get(0, j) as usize] {
            parity_moves.push(Move { kind: MoveKind::Quarter(Turn::Left), line: j });
        }
    }
    for mv in &parity_moves {
        work.apply(mv);
    }
    let mut row_moves = Vec::new();
    for i in 1..work.rows() {
        if t.odd[work.get(i, 0) as usize] {
            row_moves.push(Move { kind: MoveKind::Quarter(Turn::Up), line: i });
        }
    }
    for mv in &row_moves {
        work.apply(mv);
    }
    if !parity_moves.is_empty() || !row_moves.is_empty() {
        parity_moves.extend(row_moves);
        steps.push(Step {
            what: "make every cube even: turn the columns whose top cube is odd left, then the rows whose first cube \
                   is odd up"
                .into(),
            moves: parity_moves,
        });
    }
    debug_assert!(work.cubes().iter().all(|&c| !t.odd[c as usize]));
    let plans = commutator_plans();
    for i in 0..work.rows() {
        for j in 0..work.cols() {
            let c = work.get(i, j);
            if c == 0 {
                continue;
            }
            let plan = plans[c as usize].as_ref().expect("every cube is even after the parity step");
            let mut moves = Vec::new();
            for comm in plan {
                moves.extend(comm.moves(i, j));
            }
            work.apply_all(&moves)?;
            steps.push(Step {
                what: format!(
                    "solve the cube at row {}, column {} ({})",
                    i + 1,
                    j + 1,
                    crate::words::count(plan.len(), "commutator", "commutators")
                ),
                moves,
            });
        }
    }
    if !work.is_solved() {
        return Err(Error::out_of_range("internal error: the local method did not solve the board"));
    }
    Ok(steps)
}

/// The worst-case length of the local method on an m x n board: `8mn + m + n - 1`.
pub(crate) fn bound(rows: usize, cols: usize) -> usize {
    8 * rows * cols + rows + cols - 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::board::Metric;
    use proptest::prelude::*;

    #[test]
    fn two_commutators_solve_every_even_cube() {
        let plans = commutator_plans();
        let t = tables();
        for a in 0..ORIENTATIONS {
            assert_eq!(plans[a].is_some(), !t.odd[a], "orientation {a}");
            if let Some(p) = &plans[a] {
                assert!(p.len() <= 2);
                let solved = p.iter().fold(a as u8, |x, c| c.apply(x));
                assert_eq!(solved, 0);
            }
        }
    }

    #[test]
    fn commutator_changes_one_cube_only() {
        let mut b = Board::solved(3, 3).unwrap();
        b.apply_all(&Commutator::all()[0].moves(1, 2)).unwrap();
        for i in 0..3 {
            for j in 0..3 {
                assert_eq!(b.get(i, j) == 0, (i, j) != (1, 2));
            }
        }
    }

    proptest! {
        #[test]
        fn local_solutions_solve_within_the_bound(seed in any::<u64>(), rows in 1usize..5, cols in 1usize..5) {
            let b = Board::random_reachable(rows, cols, seed).unwrap();
            let steps = solve(&b).unwrap();
            let moves: Vec<Move> = steps.iter().flat_map(|s| s.moves.clone()).collect();
            prop_assert!(moves.len() <= bound(rows, cols));
            let mut w = b.clone();
            w.apply_all(&moves).unwrap();
            prop_assert!(w.is_solved());
            let _ = Metric::Quarter;
        }
    }
}
