//! One module per subcommand.

pub mod cubes;
pub mod show;
