//! `cubelab build`: every outer cube a set of blocks can build, with its solution number.

use crate::output::{emit, Format, Report};
use crate::progress::Bar;
use cubelab::notation::{names_of, parse_cubes};
use cubelab::target::{Blocks, CORNERS};
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
  cubelab build Ab Ac Ad Ae Af Ba Bc Bd Be Bf Ca Cb --json")]
pub struct Args {
    /// The blocks (at least 8; repeats allowed).
    #[arg(required = true, value_name = "BLOCK")]
    blocks: Vec<String>,
    /// Also try improper targets: every coloring over the blocks' colors.
    #[arg(long)]
    improper: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Built {
    target: String,
    name: Option<String>,
    arrangements: u128,
    proper: bool,
}

#[derive(Serialize)]
struct BuildReport {
    blocks: usize,
    colors: String,
    improper: bool,
    targets: Vec<Built>,
}

impl Report for BuildReport {
    fn text(&self) -> String {
        let kind = if self.improper { "targets (proper and improper)" } else { "proper targets" };
        let mut s = format!(
            "{} blocks over colors {}: {} {} can be built\n",
            self.blocks,
            self.colors,
            self.targets.len(),
            kind
        );
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
pub fn run(args: Args) -> anyhow::Result<()> {
    let cubes = parse_cubes(&args.blocks)?;
    if cubes.len() < CORNERS {
        anyhow::bail!("a 2x2x2 cube needs 8 blocks, {} given", cubes.len());
    }
    let blocks = Blocks::new(&cubes)?;
    // Finite but long with many blocks (60 with --improper: minutes): say what runs.
    let spinner = Bar::spinner(&format!("counting arrangements of {} blocks", cubes.len()));
    let targets = blocks.buildable_targets(args.improper)?;
    drop(spinner);
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
    emit(&report, if args.json { Format::Json } else { Format::Text })
}
