//! `cubelab man`: manual pages in roff, generated from the command line's own definition
//! (so they always match `--help`).

use crate::output::write_atomic;
use anyhow::Context;
use clap::CommandFactory;
use std::path::PathBuf;

// Arguments of `cubelab man`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Without --out the page of cubelab itself (which lists every subcommand) goes to standard
output; with --out one page per command and subcommand is written to DIR (cubelab.1,
cubelab-census.1, cubelab-census-targets.1, ...).

Examples:
  cubelab man > cubelab.1                          then: man -l cubelab.1
  cubelab man --out man1                           then: man -l man1/cubelab-picture-solve.1")]
pub struct Args {
    /// Write every page to this directory (created if missing) instead of printing one.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// Runs `cubelab man`: the page of cubelab itself, or nothing when the pages are written
/// to a directory.
pub fn run(args: Args) -> anyhow::Result<String> {
    let mut cli = crate::cli::Cli::command().disable_help_subcommand(true);
    cli.build();
    match args.out {
        None => Ok(String::from_utf8(page(&cli)?)?),
        Some(dir) => {
            std::fs::create_dir_all(&dir).with_context(|| format!("cannot create '{}'", dir.display()))?;
            let mut written = 0;
            write_pages(&cli, &dir, &mut written)?;
            eprintln!("{written} manual pages written to {}", dir.display());
            Ok(String::new())
        }
    }
}

/// The roff page of one command. clap_mangen puts the text after the options (our
/// examples, aligned in columns) in a section "EXTRA" that `man` fills and reflows; here it
/// is "EXAMPLES" (or "NOTES" when it has none) and kept line for line (`.nf`).
fn page(cmd: &clap::Command) -> anyhow::Result<Vec<u8>> {
    let mut roff = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut roff)?;
    let text = String::from_utf8(roff)?;
    let Some(start) = text.find(".SH EXTRA\n") else { return Ok(text.into_bytes()) };
    let body_start = start + ".SH EXTRA\n".len();
    let end = text[body_start..].find("\n.SH ").map_or(text.len(), |i| body_start + i + 1);
    let body = &text[body_start..end];
    let title = if body.contains("Examples:") { "EXAMPLES" } else { "NOTES" };
    Ok(format!("{}.SH {title}\n.nf\n{body}.fi\n{}", &text[..start], &text[end..]).into_bytes())
}

/// Writes the page of `cmd` and of each of its subcommands, each file atomically.
fn write_pages(cmd: &clap::Command, dir: &std::path::Path, written: &mut usize) -> anyhow::Result<()> {
    let man = clap_mangen::Man::new(cmd.clone());
    write_atomic(&dir.join(man.get_filename()), &page(cmd)?)?;
    *written += 1;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(sub, dir, written)?;
    }
    Ok(())
}
