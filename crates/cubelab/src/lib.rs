//! # cubelab
//!
//! The mathematics of colored-cube puzzles: MacMahon's 30 six-colored cubes and their
//! notations, 2x2x2 target puzzles (Eight Blocks to Madness, Sadisticube), censuses
//! over collections, the picture cube puzzle and semi-perfect magic cubes.
//!
//! The library has no command-line or web dependencies; the `cubelab` binary lives in
//! the `cubelab-cli` crate.
#![deny(missing_docs)]

pub mod bounds;
pub mod census;
pub mod coloring;
pub mod combin;
pub mod design;
mod error;
pub mod extended;
pub mod geometry;
pub mod histogram;
pub mod io;
pub mod macmahon;
pub mod magic;
pub mod notation;
pub mod picture;
pub mod relations;
pub mod rng;
pub mod run;
pub mod shard;
pub mod stack;
pub mod target;
pub mod time;
pub mod verify;
pub mod words;

pub use error::{Error, ErrorKind, Result};

/// The version of the JSON contract of every output (`docs/json.md`): every JSON report
/// of the command line, the web API and the Python package carries it as
/// `"format_version"`. It changes only when an existing field changes meaning or shape or
/// is removed; new fields and new kinds keep it. Version 2 made `stack-census`'s
/// `universe` the cube set's name (it was the number of cubes, now `cubes`); nothing else
/// changed, so the readers also take version-1 files ([`OLDEST_READ_FORMAT_VERSION`]),
/// and each reader refuses a shape it does not know.
pub const FORMAT_VERSION: u32 = 2;

/// The oldest `format_version` the census, stack and magic-square readers (the merges)
/// accept: files of version 1 have today's shape in every kind but `stack-census`, whose
/// reader refuses the old numeric `universe` in one line.
pub const OLDEST_READ_FORMAT_VERSION: u32 = 1;
