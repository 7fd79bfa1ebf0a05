//! `cubelab solve`: how to build one target from eight blocks, step by step.

use crate::cli::failure;
use crate::output::{write_atomic, Format};
use anyhow::Context as _;
use cubelab_api::solve::{self, SolveRequest};
use cubelab_api::Context;
use std::path::PathBuf;

// Arguments of `cubelab solve`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
The target is the outer 2x2x2 cube, held fixed as written (its face string is read
U D F B L R). Each arrangement says, for every corner position, which block goes there
and how to hold it (which color up, which color front).

Examples:
  cubelab solve Cb Ac Af Ba Bf Ea Ef Fa Fc
  cubelab solve Ba Ac Ad Ae Af Cb Db Eb Fb --interior        Conway's puzzle: 2 of 16
  cubelab solve Y1 Y2 \"Y3'\" \"P1'\" P2 \"R2'\" \"G2'\" \"B1'\" \"R3'\" --explain
  cubelab solve Cb Ac Af Ba Bf Ea Ef Fa Fc --svg cb.svg --json
  cubelab solve --size 3 Af $(printf 'Af %.0s' $(seq 26)) Ab --svg af.svg   (docs/extended.md)")]
pub struct Args {
    /// The target (outer cube), in any notation.
    #[arg(value_name = "TARGET")]
    target: String,
    /// Exactly eight blocks, in any notation (at least N^3 with --size N).
    #[arg(required = true, value_name = "BLOCK")]
    blocks: Vec<String>,
    /// Only arrangements whose 12 pairs of touching inner faces match (Conway's puzzle).
    #[arg(long)]
    interior: bool,
    /// List at most N arrangements (the count is always complete).
    #[arg(long, value_name = "N", default_value_t = 100)]
    limit: usize,
    /// Show Magnier's graph view, and the reason when there is no arrangement.
    #[arg(long)]
    explain: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Draw the listed arrangements, layer by layer, as SVG to this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Build the target N x N x N (MacMahon's extended puzzle): one assembly, layer by layer.
    #[arg(long, default_value_t = 2, value_name = "N", conflicts_with_all = ["interior", "explain"])]
    size: usize,
}

/// Runs `cubelab solve`.
pub fn run(args: Args) -> anyhow::Result<String> {
    let req = SolveRequest {
        target: args.target,
        blocks: args.blocks,
        interior: args.interior,
        limit: args.limit,
        explain: args.explain,
        size: args.size,
    };
    let out = solve::run(&req, &Context::new()).map_err(failure)?;
    let svg = match &args.svg {
        Some(path) => Some((path, out.svg().context("this result has no picture")?)),
        None => None,
    };
    let printed = out.render(&req, Format::json_or_text(args.json)).map_err(anyhow::Error::from);
    crate::output::with_files(printed, || svg.map_or(Ok(()), |(path, svg)| write_atomic(path, svg.as_bytes())))
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<solve::SolveReport>();
}
