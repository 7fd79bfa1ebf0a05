//! # cubelab
//!
//! The mathematics of colored-cube puzzles: MacMahon's 30 six-colored cubes and their
//! notations, 2x2x2 target puzzles (Eight Blocks to Madness, Sadisticube), censuses
//! over collections, the picture cube puzzle and semi-perfect magic cubes.
//!
//! The library has no command-line or web dependencies; the `cubelab` binary lives in
//! the `cubelab-cli` crate.
#![deny(missing_docs)]

pub mod census;
pub mod coloring;
pub mod geometry;
pub mod io;
pub mod macmahon;
pub mod magic;
pub mod notation;
pub mod picture;
pub mod relations;
pub mod rng;
pub mod target;

/// Errors reported by the library. Every message is one line naming the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Input that does not follow its notation.
    #[error("{0}")]
    Malformed(String),
    /// A name that is not known.
    #[error("{0}")]
    Unknown(String),
    /// A size, count or parameter outside what is possible.
    #[error("{0}")]
    OutOfRange(String),
    /// A checkpoint or saved state that cannot be used.
    #[error("{0}")]
    Checkpoint(String),
}

/// Result type of the library.
pub type Result<T, E = Error> = std::result::Result<T, E>;
