//! `cubelab`: the command-line face of the cubelab library.
//!
//! Each subcommand lives in its own file under `cmd/`; output formats share one
//! [`output::Report`] trait. Every error ends the program with one line on stderr and
//! exit code 2.

mod cmd;
mod output;
mod svg;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// The mathematics of colored-cube puzzles.
#[derive(Parser, Debug)]
#[command(name = "cubelab", version, about, long_about = None, after_help = "\
Examples:
  cubelab cubes                      the 30 MacMahon cubes with Conway's names
  cubelab show Ab                    one cube: net, corners, mirror, symmetry
  cubelab show 'U=r,D=g,F=b,B=y,L=p,R=w' --json

Cubes are read in any notation: Conway names (Ab..Fe), face strings in the order
U D F B L R (152463), labelled forms (U=1,D=5,...), Kahan types (K1..K30) and
Sobczyk symbols (Y1..B3, ' for the antitype).")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List a set of cubes (default: the 30 MacMahon cubes).
    Cubes(cmd::cubes::Args),
    /// Show one cube in any notation.
    Show(cmd::show::Args),
    /// The picture cube puzzle: check, solve, scramble, census (and --group).
    Picture(cmd::picture::Args),
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Cubes(a) => cmd::cubes::run(a),
        Command::Show(a) => cmd::show::run(a),
        Command::Picture(a) => cmd::picture::run(a),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // One line, whatever the error chain.
            let msg = format!("{e:#}").replace('\n', " ");
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}
