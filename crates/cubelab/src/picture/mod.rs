//! The picture cube puzzle: an m x n board of cubes turned by whole rows and columns.
//!
//! A board is an element of `S4^(m x n)` (the rotation group of a cube is `S4`); a row
//! move multiplies every cube of its row from the right by the same quarter turn, and so
//! for columns. The reachable boards form a subgroup `H` of order
//! `2^(m+n-1) · 12^(mn)` (the seed's Theorem 8).
//!
//! - [`cube`]: the 24 orientations of one cube, tokens and turns;
//! - [`board`]: boards, moves, text formats, scrambles;
//! - [`parity`]: the solvability criterion;
//! - [`census`]: the symmetry-reduced breadth-first census (also used as pattern databases);
//! - [`checkpoint`]: the checkpoints that let a long census stop and resume;
//! - [`local`], [`subgroup`], [`optimal`]: the three solvers;
//! - [`group`]: the generalisation to any finite permutation group.
//!
//! ```
//! use cubelab::picture::board::{Board, Metric};
//! use cubelab::picture::optimal::{default_max_entries, Solver};
//! use cubelab::picture::parity;
//!
//! let board = Board::parse("UF RB / DL UF").unwrap();
//! assert!(parity::check(&board).solvable);
//! let solver = Solver::new(2, 2, Metric::Quarter, default_max_entries(2, 2)).unwrap();
//! let (moves, _stats) = solver.solve(&board).unwrap();
//! let mut b = board.clone();
//! b.apply_all(&moves).unwrap();
//! assert!(b.is_solved());
//! ```

pub mod ball;
pub mod board;
pub mod census;
pub mod checkpoint;
pub mod cube;
pub mod parity;

use board::Move;
pub mod local;
pub mod optimal;

/// Serialises moves as their notation strings.
pub(crate) fn serialize_moves<S: serde::Serializer>(moves: &[Move], s: S) -> std::result::Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut seq = s.serialize_seq(Some(moves.len()))?;
    for m in moves {
        seq.serialize_element(&m.to_string())?;
    }
    seq.end()
}
pub mod bounds;
pub mod group;
pub mod subgroup;
mod theorem8;
pub use theorem8::check_theorem_8;
