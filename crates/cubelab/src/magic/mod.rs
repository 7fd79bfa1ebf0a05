//! Magic cubes: n³ numbers in an n×n×n cube whose lines all have the same sum.
//!
//! - [`cube`]: the cube of numbers, its text form and the lines through it;
//! - [`verify`]: which properties (semi-perfect, diagonal, pantriagonal, perfect) hold;
//! - [`symmetry`]: the 48 rotations and reflections, canonical forms and classes;
//! - [`search`]: exhaustive, parallel, checkpointed search of any order and property;
//! - [`enumerate`]: all cubes of order 3 and their classes;
//! - [`construct`]: a semi-perfect cube of every order n ≥ 3;
//! - [`square`]: magic squares (kinds, checks, symmetries, Frénicle's standard form);
//! - [`square_census`]: counts of the squares of orders 3 to 5 by two methods, the fast
//!   one in `square_diagonals` and plain backtracking in `square_backtrack`;
//! - [`estimate`]: statistical estimates of the number of magic cubes and squares.
//!
//! Cells are listed layer by layer from the top, rows from the back, cells from the left.
//!
//! ```
//! use cubelab::magic::construct::semi_perfect;
//! use cubelab::magic::cube::NumberCube;
//! use cubelab::magic::verify::{verify, Property};
//!
//! // Construct a semi-perfect cube of order 5 and check it.
//! let cube = semi_perfect(5).unwrap();
//! assert!(verify(&cube).holds(Property::SemiPerfect));
//! // Check a cube given as text: it round-trips, and order 3 is never pantriagonal.
//! let again = NumberCube::parse(&semi_perfect(3).unwrap().to_text()).unwrap();
//! let verdict = verify(&again);
//! assert!(verdict.holds(Property::SemiPerfect) && !verdict.holds(Property::Pantriagonal));
//! ```

pub mod construct;
pub mod cube;
pub mod enumerate;
pub mod estimate;
pub mod search;
pub mod square;
mod square_backtrack;
pub mod square_census;
mod square_diagonals;
pub mod symmetry;
pub mod verify;

/// The lines of a text of numbers as [`cube::NumberCube::parse`] and
/// [`square::Square::parse`] read it: lines starting with `#` (comments) dropped, every
/// other line cut at each `/` and each piece trimmed. So a square fits on one line
/// (`8 1 6/3 5 7/4 9 2`, as the picture boards' rows are written) and `//`, an empty piece,
/// is the blank line that ends a layer of a cube.
///
/// ```
/// use cubelab::magic::data_lines;
/// assert_eq!(data_lines("# Lo Shu\n8 1 6 / 3 5 7/4 9 2\n"), ["8 1 6", "3 5 7", "4 9 2"]);
/// assert_eq!(data_lines("1 2/3 4//5 6/7 8"), ["1 2", "3 4", "", "5 6", "7 8"]);
/// ```
pub fn data_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.trim_start().starts_with('#')).flat_map(|l| l.split('/')).map(str::trim).collect()
}

/// The magic sum n(n³+1)/2 of a cube holding 1..n³; `None` when it does not fit in a
/// `u128` (n above about 2^31).
///
/// ```
/// assert_eq!(cubelab::magic::magic_sum(3), Some(42));
/// assert_eq!(cubelab::magic::magic_sum(usize::MAX), None);
/// ```
pub fn magic_sum(n: usize) -> Option<u128> {
    let n = n as u128;
    let cube = n.checked_mul(n)?.checked_mul(n)?;
    Some(n.checked_mul(cube.checked_add(1)?)? / 2)
}
