//! `cubelab cubes`: list a set of cubes with their names, corners and mirrors.

use crate::cli::failure;
use crate::output::{render, FormatArgs};
use cubelab_api::cubes::{self, CubesReport, CubesRequest};
use cubelab_api::Context;

// Arguments of `cubelab cubes`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Examples:
  cubelab cubes                  the 30 MacMahon cubes in Conway's tableau order
  cubelab cubes --colors 4       C_4: the 68 cubes using exactly four colors 1..4
  cubelab cubes --palette 6 --csv  all 2226 cubes over colors 1..6
  cubelab cubes --tableau        Conway's 6x6 tableau")]
pub struct Args {
    /// List C_N: the cubes using exactly the N colors 1..N (N = 1..6).
    #[arg(long, value_name = "N", conflicts_with = "palette")]
    colors: Option<usize>,
    /// List every cube over the colors 1..K (2226 for K = 6; K up to 12).
    #[arg(long, value_name = "K")]
    palette: Option<usize>,
    /// Print Conway's 6x6 tableau instead of a list.
    #[arg(long, conflicts_with_all = ["colors", "palette"])]
    tableau: bool,
    #[command(flatten)]
    format: FormatArgs,
}

/// Runs `cubelab cubes`.
pub fn run(args: Args) -> anyhow::Result<String> {
    let req = CubesRequest { colors: args.colors, palette: args.palette, tableau: args.tableau };
    match cubes::run(&req, &Context::new()).map_err(failure)? {
        CubesReport::List(r) => render(&r, &cubes::Input::of(&req), args.format.format()),
        CubesReport::Tableau(r) => render(&r, &cubes::Input::of(&req), args.format.format()),
    }
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<cubes::CubeList>();
    out.add::<cubes::Tableau>();
}
