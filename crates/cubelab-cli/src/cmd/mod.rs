//! One module per subcommand.

pub mod build;
pub mod census;
pub mod completions;
pub mod cubes;
pub mod design;
pub mod extended;
pub mod magic;
pub mod man;
pub mod picture;
pub mod print;
pub mod relations;
#[cfg(feature = "web")]
pub mod serve;
pub mod show;
pub mod solve;
pub mod stack;
pub mod verify;
