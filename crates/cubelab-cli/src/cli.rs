//! `cubelab`: the command-line face of the cubelab library.
//!
//! Each subcommand lives in its own file under `cmd/` and returns its rendered output
//! (text, JSON or CSV), which [`main`] prints; output formats share one `Report` trait
//! (`output.rs`). Every error ends the program with one line on stderr and the exit code
//! of its kind (`exit_code`).

use crate::cmd;
use crate::context::Context;
use crate::files::check_files;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;

/// The mathematics of colored-cube puzzles.
#[derive(Parser, Debug)]
#[command(name = "cubelab", version, about, long_about = None, allow_negative_numbers = true, after_help = "\
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

// Every subcommand's arguments are built only when it is invoked (`defer`): building the
// whole tree of some 40 commands and 300 arguments was a third of a quick command's
// start-up (docs/benchmarks.md, "Start-up"). Under `defer` clap applies an argument
// struct's doc comment after the variant's, so the `clap::Args` structs carry plain `//`
// comments: the variant's doc comment is the subcommand's help (a test checks each).
#[derive(Subcommand, Debug)]
#[command(defer = true)]
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
    /// Make your own puzzle: stacks and blocks with exactly the properties asked for.
    Design(cmd::design::Args),
    /// Print blocks or stack cubes to cut, fold and glue (SVG or PDF, true scale, instructions), or a magic cube's layers.
    Print(cmd::print::Args),
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

/// The definition of the command line, built whole (for introspection: the web API
/// reads its arguments to show the command line of a request; the tests walk it). Every
/// command takes negative numbers as values (`allow_negative_numbers` on each argument
/// struct), so that `--restarts -1` is refused by the option's own parser, naming the
/// option, rather than as an unexpected argument `-1`. [`main`] parses with the unbuilt
/// definition, in which only the invoked subcommand is ever built.
pub fn command() -> clap::Command {
    // The subcommands are deferred: each is built on its own first, given the names its
    // parent would give it (for its own subcommands' usage lines). The `help` subcommand
    // mirrors the tree as it stands when its parent is built, so it is taken from a copy
    // whose subcommands were built without help subcommands of their own: the tree clap
    // builds without `defer` (the completion scripts list `cubelab help census targets`,
    // and no `cubelab help census help`).
    let mut probe = Cli::command().mut_subcommands(|sub| {
        let mut sub = sub.disable_help_subcommand(true);
        sub.build();
        sub
    });
    probe.build();
    let top = probe.get_name().to_string();
    let mut cmd = Cli::command().disable_help_subcommand(true).mut_subcommands(|sub| {
        let name = sub.get_name().to_string();
        let mut sub = sub.bin_name(format!("{top} {name}")).display_name(format!("{top}-{name}"));
        sub.build();
        sub
    });
    if let Some(help) = probe.find_subcommand("help") {
        cmd = cmd.subcommand(help.clone());
    }
    cmd.build();
    cmd
}

/// Longest argument quoted whole in an error line; longer ones are shortened to their
/// start and end around `…`.
const QUOTED_MAX: usize = 60;

/// `text` with every quoted stretch ('…') longer than [`QUOTED_MAX`] characters shortened
/// to its start and end around `…` and the number of characters left out.
pub(crate) fn shorten_quoted(text: &str) -> String {
    let parts: Vec<&str> = text.split('\'').collect();
    let mut out = String::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.push('\'');
        }
        let n = part.chars().count();
        // Odd parts are inside quotes (when a closing quote follows).
        if i % 2 == 1 && n > QUOTED_MAX && i + 1 < parts.len() {
            let (keep_head, keep_tail) = (QUOTED_MAX / 2, QUOTED_MAX / 4);
            let head: String = part.chars().take(keep_head).collect();
            let tail: String = part.chars().skip(n - keep_tail).collect();
            out += &format!("{head}…[{} characters]…{tail}", n - keep_head - keep_tail);
        } else {
            out.push_str(part);
        }
    }
    out
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
        Command::Design(a) => cmd::design::run(a),
        Command::Print(a) => cmd::print::run(a, ctx),
        Command::Extended(a) => cmd::extended::run(a),
        Command::Verify(a) => cmd::verify::run(a),
        Command::Completions(a) => cmd::completions::run(a),
        Command::Man(a) => cmd::man::run(a),
        #[cfg(feature = "web")]
        Command::Serve(a) => cmd::serve::run(a),
    }
}

/// A usage error of clap (not help or version) on one line: its first paragraph, which
/// names the problem, clap's suggestion if it has one ("a similar subcommand exists:
/// 'cubes'"), and a pointer to `--help`. Long quoted arguments are shortened.
pub(crate) fn usage_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let first: Vec<&str> = text.lines().take_while(|l| !l.trim().is_empty()).map(|l| l.trim()).collect();
    let mut line = first.join(" ").trim_start_matches("error: ").to_string();
    for tip in text.lines().map(str::trim).filter_map(|l| l.strip_prefix("tip: ")) {
        line += &format!("; {tip}");
    }
    format!("{} (see --help)", shorten_quoted(&line))
}

/// The one line printed for a command that needs a subcommand and got none: the
/// subcommands to choose from (read from the help clap rendered) and where to read more.
fn missing_subcommand_line(e: &clap::Error) -> String {
    let help = e.render().to_string();
    let usage = help.lines().find_map(|l| l.trim().strip_prefix("Usage: ")).unwrap_or("cubelab");
    let path: Vec<&str> = usage.split_whitespace().take_while(|w| !w.starts_with(['[', '<'])).collect();
    let path = path.join(" ");
    let subs: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    format!("'{path}' needs a subcommand: {} (see {path} --help)", subs.join(", "))
}

/// The `cubelab` program: parses the command line, runs the command, prints its output
/// on stdout, or one line on stderr and the exit code of the error.
pub fn main() -> ExitCode {
    let matches = Cli::command().try_get_matches();
    if let Ok(m) = &matches {
        if let Err(e) = check_files(m) {
            let e = anyhow::Error::new(e);
            print_error(&e);
            return ExitCode::from(exit_code(&e));
        }
    }
    let parsed = matches.and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                eprintln!("error: {}", missing_subcommand_line(&e));
                return ExitCode::from(2);
            }
            eprintln!("error: {}", usage_line(&e));
            return ExitCode::from(2);
        }
    };
    // Ctrl-C handled before any work (`serve` shuts down on tokio's own Ctrl-C instead).
    if !matches!(cli.command, Command::Serve(_)) {
        crate::progress::install_ctrl_c();
    }
    match run(cli, &Context).and_then(|out| crate::output::write_stdout(out.as_bytes())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A result whose extra file failed at the end is printed all the same.
            let e = match e.downcast::<crate::output::Unwritten>() {
                Ok(unwritten) => match crate::output::write_stdout(unwritten.printed.as_bytes()) {
                    Ok(()) => unwritten.error,
                    Err(out) => out,
                },
                Err(e) => e,
            };
            if !quiet(&e) {
                print_error(&e);
            }
            ExitCode::from(exit_code(&e))
        }
    }
}

/// Prints the error line on stderr, in one write (under mpirun, other ranks' output and
/// mpirun's own go to the same stream).
pub(crate) fn print_error(e: &anyhow::Error) {
    use std::io::Write;
    let line = format!("error: {}\n", shorten_quoted(&one_line(e)));
    let _ = std::io::stderr().write_all(line.as_bytes());
}

/// Whether another process reports the error (an MPI rank other than 0 of `picture census
/// --engine mpi`: [`cubelab_api::Error::quiet`]), so that this one only exits with its code.
fn quiet(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| cause.downcast_ref::<Failure>().is_some_and(|Failure(err)| err.is_quiet()))
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
    /// The message, the request fields it names written as their flags.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.message_naming(&|field| format!("--{}", field.replace('_', "-"))))
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

#[cfg(test)]
mod tests;
