//! `cubelab show`: one cube in any notation.

use crate::cli::failure;
use crate::output::{render, write_svg, Format};
use cubelab_api::show::{self, ShowRequest};
use cubelab_api::Context;
use std::path::PathBuf;

// Arguments of `cubelab show`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Examples:
  cubelab show Ab
  cubelab show 152463            (the same cube as a face string U D F B L R)
  cubelab show 'U=w,D=y,F=r,B=b,L=p,R=g'
  cubelab show \"Y1'\" --json
  cubelab show K17 --svg k17.svg")]
pub struct Args {
    /// The cube: Conway name, face string, labelled form, K1..K30 or Sobczyk symbol.
    cube: String,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Also draw the cube's net as SVG to this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// Runs `cubelab show`.
pub fn run(args: Args) -> anyhow::Result<String> {
    let req = ShowRequest { cube: args.cube };
    let shown = show::run(&req, &Context::new()).map_err(failure)?;
    let printed = render(&shown, &show::Input::of(&req), Format::json_or_text(args.json));
    crate::output::with_files(printed, || args.svg.as_deref().map_or(Ok(()), |path| write_svg(&shown, path)))
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<show::Shown>();
}
