//! `cubelab design`: make your own puzzle: stacks with exactly S solutions, eight blocks
//! with exactly the targets and arrangements asked for, N^3 cubes building an N x N x N
//! target in one way, drawn uniformly at random among all such collections
//! (docs/design.md).

use crate::cli::failure;
use crate::output::{render, Format};
use crate::progress;
use cubelab_api::design::{self, DesignBlocksRequest, DesignExtendedRequest, DesignStackRequest, DEFAULT_SEED};
use cubelab_api::Context;

// Arguments of `cubelab design`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Every design is drawn uniformly at random (from --seed) among all collections with the
properties asked for, and their number is printed; when there is none, one line says so
with the census fact that shows it (exit code 2).

Examples:
  cubelab design stack --cubes 4 --solutions 1            an Instant Insanity of your own
  cubelab design stack --cubes 5 --solutions 2 --seed 7 --json
  cubelab design blocks --targets 5                       one of the 360 sets building five targets
  cubelab design blocks --target Ba --arrangements 2 --interior
  cubelab design blocks --targets 1 --arrangements 2 --seed 3
  cubelab design blocks --target Ba --arrangements 232 --palette 7   Sadisticube 7 blocks
  cubelab design blocks --target 112345 --arrangements 8 --colors 5   Sadisticube 5 (C_5)
  cubelab design extended --size 3 --target Ba --types 6    27 cubes building Ba 3x3x3 in one way")]
pub struct Args {
    #[command(subcommand)]
    command: DesignCommand,
}

#[derive(clap::Subcommand, Debug)]
#[command(defer = true)]
enum DesignCommand {
    /// N cubes of C_N whose stack has exactly S solutions (Instant Insanity: 4 cubes, 1 solution).
    Stack(StackArgs),
    /// Eight distinct MacMahon blocks building exactly the targets asked for, in exactly A arrangements.
    Blocks(BlocksArgs),
    /// N^3 MacMahon cubes building an N x N x N target in exactly one way up to the symmetries of its position classes.
    Extended(ExtendedArgs),
}

// Arguments of `cubelab design stack`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
struct StackArgs {
    /// N: the number of cubes and of colors (the cubes come from C_N, 2 to 6).
    #[arg(long, value_name = "N")]
    cubes: usize,
    /// The exact number of solutions (placements up to the 8 symmetries of the column).
    #[arg(long, value_name = "S")]
    solutions: u64,
    /// Allow a cube more than once.
    #[arg(long)]
    repeats: bool,
    /// Seed of the uniform draw.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

// Arguments of `cubelab design blocks`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
struct BlocksArgs {
    /// Build exactly this many of the 30 targets.
    #[arg(long, value_name = "T")]
    targets: Option<usize>,
    /// Build this target (a MacMahon cube, any notation).
    #[arg(long, value_name = "NAME")]
    target: Option<String>,
    /// Exactly this many arrangements: of --target when given, else of every target built.
    #[arg(long, value_name = "A")]
    arrangements: Option<u64>,
    /// Count only arrangements whose touching inner faces all match (Conway's puzzle).
    #[arg(long)]
    interior: bool,
    /// Allow repeated blocks: draw from the 38,608,020 multisets of 8 (the multiset
    /// census runs first).
    #[arg(long)]
    repeats: bool,
    /// Draw from C_N, the cubes colored with exactly N colors, for a named --target (one of
    /// them) with or without --arrangements: 5 (75 cubes, Sadisticube 5); 6 is MacMahon's
    /// 30, the default (C_3 and C_4 are refused: their exact counts can take minutes).
    #[arg(long, value_name = "N", conflicts_with = "palette")]
    colors: Option<u8>,
    /// Draw from Sadisticube 7's 210 blocks (six of seven colors each), for a named
    /// --target (one of the 210) with or without --arrangements.
    #[arg(long, value_name = "K")]
    palette: Option<Palette>,
    /// Seed of the uniform draw.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// The palettes of `design blocks --palette` (as in `census ... --palette`).
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Palette {
    /// Sadisticube 7: 210 blocks, six of seven colors each.
    #[value(name = "7")]
    Seven,
}

impl Palette {
    fn colors(self) -> u8 {
        match self {
            Palette::Seven => 7,
        }
    }
}

// Arguments of `cubelab design extended`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
struct ExtendedArgs {
    /// N: build the target as an N x N x N cube from N^3 MacMahon cubes (2 to 32).
    #[arg(long, value_name = "N")]
    size: usize,
    /// The target (a MacMahon cube, any notation).
    #[arg(long, value_name = "NAME", default_value = cubelab_api::extended::DEFAULT_TARGET)]
    target: String,
    /// Exactly this many different cubes among the N^3.
    #[arg(long, value_name = "K")]
    types: Option<usize>,
    /// Seed of the uniform draw.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `cubelab design`.
pub fn run(args: Args) -> anyhow::Result<String> {
    let ctx = Context::new().with_stop(progress::ctrl_c());
    match args.command {
        DesignCommand::Stack(a) => {
            let req = DesignStackRequest { cubes: a.cubes, solutions: a.solutions, repeats: a.repeats, seed: a.seed };
            let report = design::run_stack(&req, &ctx).map_err(failure)?;
            render(&report, &req, Format::json_or_text(a.json))
        }
        DesignCommand::Blocks(a) => {
            let req = DesignBlocksRequest {
                targets: a.targets,
                target: a.target,
                arrangements: a.arrangements,
                interior: a.interior,
                repeats: a.repeats,
                colors: a.colors,
                palette: a.palette.map(Palette::colors),
                seed: a.seed,
            };
            let report = design::run_blocks(&req, &ctx).map_err(failure)?;
            render(&report, &req, Format::json_or_text(a.json))
        }
        DesignCommand::Extended(a) => {
            let req = DesignExtendedRequest { size: a.size, target: a.target, types: a.types, seed: a.seed };
            let report = design::run_extended(&req, &ctx).map_err(failure)?;
            render(&report, &req, Format::json_or_text(a.json))
        }
    }
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<design::StackDesignReport>();
    out.add::<design::BlocksDesignReport>();
    out.add::<design::ExtendedDesignReport>();
}
