//! `cubelab`: the command-line face of the cubelab library.
//!
//! Each subcommand lives in its own file under `cmd/` and returns its rendered output
//! (text, JSON or CSV), which [`main`] prints; output formats share one `Report` trait
//! (`output.rs`). Every error ends the program with one line on stderr and the exit code
//! of its kind (`exit_code`).

use crate::api::Context;
use crate::cmd;
use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

/// The mathematics of colored-cube puzzles.
#[derive(Parser, Debug)]
#[command(name = "cubelab", version, about, long_about = None, after_help = "\
Examples:
  cubelab cubes                      the 30 MacMahon cubes with Conway's names
  cubelab show Ab                    one cube: net, corners, mirror, symmetry
  cubelab show 'U=r,D=g,F=b,B=y,L=p,R=w' --json
  cubelab build Ac Af Ba Bf Ea Ef Fa Fc   what eight blocks build
  cubelab solve Cb Ac Af Ba Bf Ea Ef Fa Fc  and exactly how

Cubes are read in any notation: Conway names (Ab..Fe), face strings in the order
U D F B L R (152463), labelled forms (U=1,D=5,...), Kahan types (K1..K30) and
Sobczyk symbols (Y1..B3, ' for the antitype).")]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List a set of cubes (default: the 30 MacMahon cubes).
    Cubes(cmd::cubes::Args),
    /// Show one cube in any notation.
    Show(cmd::show::Args),
    /// Every outer cube a set of blocks can build, with its number of arrangements.
    Build(cmd::build::Args),
    /// How to build one target from eight blocks: every arrangement, step by step.
    Solve(cmd::solve::Args),
    /// Exhaustive censuses: solution numbers, targets per set, universal sets.
    Census(cmd::census::Args),
    /// Sobczyk's relations over the 30 types: Table 1, incompatibility graph, five-sets, ground layers.
    Relations(cmd::relations::Args),
    /// Magic cubes: enumerate, check, construct.
    Magic(cmd::magic::Args),
    /// The picture cube puzzle: check, solve, scramble, census (and --group).
    Picture(cmd::picture::Args),
    /// Instant Insanity stacks: solve one, the census over C_N, the classic sets.
    Stack(cmd::stack::Args),
    /// MacMahon's extended (N x N x N) target puzzle: the census questions.
    Extended(cmd::extended::Args),
    /// Re-derive the census figures by independent second methods and compare.
    Verify(cmd::verify::Args),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(cmd::completions::Args),
    /// Print the manual page in roff, or write every page to a directory.
    Man(cmd::man::Args),
    /// Serve the web app and its JSON API on a local port (docs/web.md).
    #[cfg(feature = "web")]
    Serve(cmd::serve::Args),
}

/// The definition of the command line (for introspection: the API turns its input
/// objects into arguments with it).
pub fn command() -> clap::Command {
    Cli::command()
}

/// Runs a parsed command line and returns what it prints on stdout.
pub(crate) fn run(cli: Cli, ctx: &Context) -> anyhow::Result<String> {
    match cli.command {
        Command::Cubes(a) => cmd::cubes::run(a),
        Command::Show(a) => cmd::show::run(a),
        Command::Build(a) => cmd::build::run(a, ctx),
        Command::Solve(a) => cmd::solve::run(a),
        Command::Census(a) => cmd::census::run(a, ctx),
        Command::Relations(a) => cmd::relations::run(a),
        Command::Magic(a) => cmd::magic::run(a, ctx),
        Command::Picture(a) => cmd::picture::run(a, ctx),
        Command::Stack(a) => cmd::stack::run(a, ctx),
        Command::Extended(a) => cmd::extended::run(a),
        Command::Verify(a) => cmd::verify::run(a),
        Command::Completions(a) => cmd::completions::run(a),
        Command::Man(a) => cmd::man::run(a),
        #[cfg(feature = "web")]
        Command::Serve(a) => cmd::serve::run(a),
    }
}

/// A usage error of clap (not help or version) on one line: its first paragraph, which
/// names the problem, with a pointer to `--help`.
pub(crate) fn usage_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let first: Vec<&str> = text.lines().take_while(|l| !l.trim().is_empty()).map(|l| l.trim()).collect();
    let first = first.join(" ");
    format!("{} (see --help)", first.trim_start_matches("error: "))
}

/// The `cubelab` program: parses the command line, runs the command, prints its output
/// on stdout, or one line on stderr and the exit code of the error.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion)
                || e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            {
                let _ = e.print();
                return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                    ExitCode::from(2)
                } else {
                    ExitCode::SUCCESS
                };
            }
            eprintln!("error: {}", usage_line(&e));
            return ExitCode::from(2);
        }
    };
    match run(cli, &Context::cli()).and_then(|out| crate::output::write_stdout(out.as_bytes())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", one_line(&e));
            ExitCode::from(exit_code(&e))
        }
    }
}

/// Exit codes, as documented in the README: 2 for bad input or usage (also what the
/// command line itself refuses), 1 for I/O and internal failures, 3 for a run stopped on
/// request that can be resumed from its checkpoint, 4 for a search that reached the limit
/// it was given (nodes, seconds) before an answer.
pub(crate) fn exit_code(e: &anyhow::Error) -> u8 {
    use cubelab::ErrorKind;
    for cause in e.chain() {
        if let Some(Failure(err)) = cause.downcast_ref::<Failure>() {
            return match err.kind() {
                cubelab_api::ErrorKind::Stopped => 3,
                cubelab_api::ErrorKind::LimitReached => 4,
                cubelab_api::ErrorKind::BadInput | cubelab_api::ErrorKind::Refused => 2,
                cubelab_api::ErrorKind::Internal => 1,
            };
        }
        if let Some(err) = cause.downcast_ref::<cubelab::Error>() {
            return match err.kind() {
                ErrorKind::Stopped => 3,
                ErrorKind::LimitReached => 4,
                k if k.is_input() => 2,
                _ => 1,
            };
        }
        if cause.downcast_ref::<std::io::Error>().is_some() {
            return 1;
        }
    }
    // Everything else is raised by the command line's own checks of its arguments.
    2
}

/// The error chain on one line: each cause after the one before it, unless that one's
/// message already ends with it (library errors carry their cause in their message).
pub(crate) fn one_line(e: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in e.chain() {
        let text = cause.to_string().replace('\n', " ");
        if !line.ends_with(&text) {
            if !line.is_empty() {
                line.push_str(": ");
            }
            line.push_str(&text);
        }
    }
    line
}

/// An error of the typed layer ([`cubelab_api::Error`]) in the program: shown by its
/// message, the request field at fault added as its flag ([`failure`]).
#[derive(Debug)]
pub(crate) struct Failure(pub cubelab_api::Error);

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.message())
    }
}

impl std::error::Error for Failure {}

/// A typed layer's error in the command line's words: the field at fault becomes its
/// flag (`size` 99 → `--size 99: …`).
pub(crate) fn failure(e: cubelab_api::Error) -> anyhow::Error {
    match e.field() {
        Some((name, value)) => {
            let flag = format!("--{} {value}", name.replace('_', "-"));
            anyhow::Error::new(Failure(e)).context(flag)
        }
        None => anyhow::Error::new(Failure(e)),
    }
}
