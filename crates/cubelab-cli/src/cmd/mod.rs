//! One module per subcommand.

pub mod cubes;
pub mod picture;
pub mod show;
