//! The files of a command line, checked in one place before any work ([`check_files`],
//! run by `cli::main` on every command): no output over an input or over another output
//! (exit 2), and every output writable now (exit 1, the error the write would give); and
//! the one reader of a command's input text ([`read_input`]: a file or standard input,
//! both capped at [`cubelab::io::MAX_INPUT`]).
//!
//! The exit-code rule for files (README, "Exit codes"): a file that cannot be opened,
//! read or written (missing, a directory, no permission) is an I/O failure, exit 1,
//! whichever option names it; a file that was read but is not what it should be (too
//! large, not UTF-8, corrupt, another run's checkpoint) is bad input, exit 2. Readers
//! keep the library's error kinds (`Io` for the first, the others for the second) and
//! `cli::exit_code` maps them; none rewraps an unreadable file as bad input.

use cubelab::io::Input;
use std::path::{Path, PathBuf};

/// The arguments (ids) that name a file a command writes.
const OUTPUT_ARGS: &[&str] = &["output", "svg", "svg_path", "plot", "checkpoint", "save_table"];

/// Refuses, before any work, a command line that would write a file over one of its
/// inputs or over another of its outputs ([`cubelab::io::check_distinct`], kind
/// `OutOfRange`: exit 2), or whose outputs cannot be written ([`cubelab::io::check_writable`],
/// kind `Io`: exit 1). The outputs are the values of [`OUTPUT_ARGS`]; the inputs every
/// other argument that names an existing file, and standard input (the file it was
/// redirected from) when an argument is `-`. Links are followed, to files not yet
/// written too.
pub(crate) fn check_files(m: &clap::ArgMatches) -> cubelab::Result<()> {
    let mut outputs: Vec<(String, PathBuf)> = Vec::new();
    let mut inputs: Vec<PathBuf> = Vec::new();
    let mut stdin = false;
    let mut level = Some(m);
    while let Some(m) = level {
        for id in m.ids() {
            let id = id.as_str();
            let Ok(Some(values)) = m.try_get_raw(id) else { continue };
            for v in values {
                let path = PathBuf::from(v);
                if OUTPUT_ARGS.contains(&id) {
                    outputs.push((format!("--{} file", id.replace('_', "-")), path));
                } else if v == "-" {
                    stdin = true;
                } else if path.is_file() {
                    inputs.push(path);
                }
            }
        }
        level = m.subcommand().map(|(_, sub)| sub);
    }
    let outputs: Vec<(&str, &Path)> = outputs.iter().map(|(r, p)| (r.as_str(), p.as_path())).collect();
    let mut read: Vec<Input<'_>> = inputs.iter().map(|p| Input::Path(p)).collect();
    if stdin {
        read.push(Input::Stdin);
    }
    cubelab::io::check_distinct(&outputs, &read)?;
    for (_, path) in &outputs {
        cubelab::io::check_writable(path)?;
    }
    Ok(())
}

/// The text of a command's input: the file `file`, or standard input for `-`, each at
/// most [`cubelab::io::MAX_INPUT`] bytes of UTF-8 (else one line, exit 2; a file or
/// stream that cannot be read: exit 1).
pub(crate) fn read_input(file: &str) -> anyhow::Result<String> {
    Ok(if file == "-" { cubelab::io::read_stdin()? } else { cubelab::io::read_text(file.as_ref())? })
}
