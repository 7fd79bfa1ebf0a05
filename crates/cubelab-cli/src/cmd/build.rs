//! `cubelab build`: every outer cube a set of blocks can build, with its solution number.

use crate::cli::failure;
use crate::output::Format;
use cubelab_api::build::{self, BuildRequest};
use cubelab_api::Context;
use std::sync::Arc;

// Arguments of `cubelab build`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Blocks are read in any notation (Conway names, face strings U D F B L R, labelled forms,
K1..K30, Sobczyk symbols). With more than 8 blocks a target counts when some 8 of them
build it, and its number counts the arrangements over every choice of 8.

Examples:
  cubelab build Ac Af Ba Bf Ea Ef Fa Fc          Johnson-Roldan Figure 6
  cubelab build G2 R3 \"B3'\" \"P2'\" \"R2'\" \"P3'\" G3 B2   Kahan's puzzle (Sobczyk's P1)
  cubelab build 112345 123345 123455 122345 112345 123445 123451 512345 --improper
  cubelab build Ab Ac Ad Ae Af Ba Bc Bd Be Bf Ca Cb --json
  cubelab build --size 3 $(printf 'Af %.0s' $(seq 26)) Ab   3x3x3 targets (docs/extended.md)")]
pub struct Args {
    /// The blocks (at least 8, or N^3 with --size N; repeats allowed).
    #[arg(required = true, value_name = "BLOCK")]
    blocks: Vec<String>,
    /// Also try improper targets: every coloring over the blocks' colors.
    #[arg(long)]
    improper: bool,
    /// Build N x N x N targets (MacMahon's extended puzzle; at least N^3 blocks).
    #[arg(long, default_value_t = 2, value_name = "N")]
    size: usize,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `cubelab build`.
pub fn run(args: Args, ctx: &crate::context::Context) -> anyhow::Result<String> {
    let req = BuildRequest { blocks: args.blocks, improper: args.improper, size: args.size };
    // The program's terminal bar.
    let bar = Arc::new(ctx.bar());
    let out = build::run(&req, &Context::new().with_progress(bar.clone())).map_err(failure)?;
    drop(bar);
    Ok(out.render(&req, Format::json_or_text(args.json))?)
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<build::BuildReport>();
}
