//! `cubelab build`: every outer cube a set of blocks can build, with its solution number.

use crate::api::Context;
use crate::output::{render, Format, Report};
use cubelab::notation::{names_of, parse_cubes};
use cubelab::target::{Blocks, CORNERS};
use cubelab::words::count;
use schemars::JsonSchema;
use serde::Serialize;

/// Arguments of `cubelab build`.
#[derive(clap::Args, Debug)]
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

/// The input of `cubelab build`.
#[derive(Serialize, JsonSchema)]
struct Input {
    /// The blocks as given, in any notation.
    blocks: Vec<String>,
    /// `--improper`: improper targets are tried too.
    improper: bool,
}

/// One target the blocks build.
#[derive(Serialize, JsonSchema)]
struct Built {
    /// The target's canonical face string U D F B L R.
    target: String,
    /// Its Conway name (or Sobczyk symbol), or null.
    name: Option<String>,
    /// Number of arrangements building it.
    arrangements: u128,
    /// Whether it uses six different colors.
    proper: bool,
}

/// `cubelab build`: every target the blocks build.
#[derive(Serialize, JsonSchema)]
struct BuildReport {
    /// Number of blocks.
    blocks: usize,
    /// The blocks' colors, one character each.
    colors: String,
    /// Improper targets were tried too.
    improper: bool,
    /// The targets built, with their solution numbers.
    targets: Vec<Built>,
}

impl Report for BuildReport {
    const KIND: &'static str = "build";
    type Input = Input;

    fn text(&self) -> String {
        let n = self.targets.len();
        let kind = if self.improper {
            format!("{} (proper and improper)", count(n, "target", "targets"))
        } else {
            count(n, "proper target", "proper targets")
        };
        let mut s = format!("{} blocks over colors {}: {kind} can be built\n", self.blocks, self.colors);
        if !self.targets.is_empty() {
            s += &format!("{:<8} {:<6} {}\n", "target", "name", "arrangements");
        }
        for t in &self.targets {
            s += &format!("{:<8} {:<6} {}\n", t.target, t.name.as_deref().unwrap_or("-"), t.arrangements);
        }
        if self.targets.is_empty() && !self.improper && self.colors.chars().count() < 6 {
            s += "(a proper target needs six different colors; try --improper)\n";
        }
        s
    }
}

/// Runs `cubelab build`.
pub fn run(args: Args, ctx: &Context) -> anyhow::Result<String> {
    if args.size != 2 {
        return super::extended::build(args.size, args.blocks, args.improper, args.json, ctx);
    }
    let cubes = parse_cubes(&args.blocks)?;
    if cubes.len() < CORNERS {
        anyhow::bail!("a 2x2x2 cube needs 8 blocks, {} given", cubes.len());
    }
    let blocks = Blocks::new(&cubes)?;
    // Finite but long with many blocks (60 with --improper: minutes): a bar over the
    // candidate targets, with its estimate of the time left.
    let bar = ctx.bar();
    let targets = blocks.buildable_targets_with(args.improper, &bar)?;
    drop(bar);
    let targets = targets
        .into_iter()
        .map(|(t, n)| Built {
            target: t.face_string(),
            name: names_of(&t).short(),
            arrangements: n,
            proper: t.is_proper(),
        })
        .collect();
    let report = BuildReport {
        blocks: cubes.len(),
        colors: blocks.palette().iter().map(|c| c.to_char()).collect(),
        improper: args.improper,
        targets,
    };
    let input = Input { blocks: args.blocks, improper: args.improper };
    render(&report, &input, Format::json_or_text(args.json))
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<BuildReport>();
}
