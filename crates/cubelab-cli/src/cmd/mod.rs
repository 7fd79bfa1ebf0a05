//! One module per subcommand.

pub mod build;
pub mod census;
pub mod cubes;
pub mod show;
pub mod solve;
