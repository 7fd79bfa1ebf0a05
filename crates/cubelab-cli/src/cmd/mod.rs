//! One module per subcommand.

pub mod cubes;
pub mod magic;
pub mod show;
