//! Designing puzzles: collections of cubes with exactly the properties asked for, drawn
//! uniformly at random among all such collections, with their number (`docs/design.md`).
//!
//! - [`stack()`]: N cubes of `C_N` whose stack (Instant Insanity) has exactly S solutions,
//!   from the stack census ([`crate::stack::Selection`]).
//! - [`blocks()`]: eight distinct MacMahon blocks that build exactly the targets asked
//!   for in exactly the number of arrangements asked for, from the census engine's
//!   tables of buildable collections, with a difficulty figure (the dead ends of the
//!   corner-by-corner search, [`crate::target::Blocks::search_tree`]).
//! - [`extended()`]: N³ MacMahon cubes building an N x N x N target in exactly one way up
//!   to the symmetries of its position classes, from an enumeration of the unique
//!   solutions of the transportation problem of [`crate::extended`].
//!
//! All three count every qualifying collection exactly, order them in a fixed order
//! independent of threads (colexicographic rank; for `extended` the enumeration's), and draw one with
//! [`crate::rng::SplitMix64`] from the seed: the index below the count, drawn by
//! rejection ([`crate::rng::SplitMix64::below`]), so each collection is drawn with
//! probability exactly 1 / count. When none qualifies the
//! error (kind `OutOfRange`) says so with the census fact that proves it.

mod blocks;
mod extended;
mod palette;
mod stack;
#[cfg(test)]
mod tests;

pub use blocks::{blocks, BlocksDesign, BlocksSpec, BuiltTarget};
pub use extended::{extended, ClassBlocks, ClassFill, ExtendedDesign, ExtendedSpec};
pub use palette::BlockCubes;
pub use stack::{stack, StackDesign};

/// An error of a design, with the part of the request at fault when there is one
/// (`"targets"`, `"target"`, `"arrangements"` for blocks, `"cubes"`, `"solutions"` for
/// stacks, `"size"`, `"target"`, `"types"` for extended targets), for the surfaces to
/// name it their way.
#[derive(Debug)]
pub struct DesignError {
    /// The part of the request at fault.
    pub field: Option<&'static str>,
    /// The error (its message does not name the field).
    pub error: crate::Error,
}

impl DesignError {
    /// `error`, caused by `field`.
    pub(crate) fn at(field: &'static str, error: crate::Error) -> DesignError {
        DesignError { field: Some(field), error }
    }
}

impl From<crate::Error> for DesignError {
    fn from(error: crate::Error) -> DesignError {
        DesignError { field: None, error }
    }
}

impl std::fmt::Display for DesignError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for DesignError {}
