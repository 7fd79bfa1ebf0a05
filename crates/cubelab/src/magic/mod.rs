//! Magic cubes: n³ numbers in an n×n×n cube whose lines all have the same sum.
//!
//! - [`cube`]: the cube of numbers, its text form and the lines through it;
//! - [`verify`]: which properties (semi-perfect, diagonal, pantriagonal, perfect) hold;
//! - [`symmetry`]: the 48 rotations and reflections, canonical forms and classes;
//! - [`search`]: exhaustive, parallel, checkpointed search of any order and property;
//! - [`enumerate`]: all cubes of order 3 and their classes;
//! - [`construct`]: a semi-perfect cube of every order n ≥ 3.
//!
//! Cells are listed layer by layer from the top, rows from the back, cells from the left.

pub mod construct;
pub mod cube;
pub mod enumerate;
pub mod search;
pub mod symmetry;
pub mod verify;

pub use cube::NumberCube;
pub use verify::{verify, Property, Verdict};

/// The magic sum n(n³+1)/2 of a cube holding 1..n³.
pub fn magic_sum(n: usize) -> u128 {
    let n = n as u128;
    n * (n * n * n + 1) / 2
}
