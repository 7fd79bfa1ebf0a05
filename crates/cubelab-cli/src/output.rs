//! Output writers: every result type implements [`Report`] once and is then printed as
//! text, JSON or CSV (and drawn as SVG where it has a picture) by the same code.

use anyhow::Context;
use std::io::Write;
use std::path::Path;

pub use cubelab_api::report::{Format, Report};

// `--json` / `--csv` flags shared by the subcommands that offer them.
#[derive(clap::Args, Debug, Clone, Default)]
#[command(allow_negative_numbers = true)]
pub struct FormatArgs {
    /// Print JSON instead of text.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print CSV instead of text.
    #[arg(long)]
    pub csv: bool,
}

impl FormatArgs {
    /// The selected format.
    pub fn format(&self) -> Format {
        if self.json {
            Format::Json
        } else if self.csv {
            Format::Csv
        } else {
            Format::Text
        }
    }
}

/// The JSON text of a report with its input (pretty-printed, ending with a newline): what
/// `--json` prints and what files written with `--output` hold.
pub fn json<R: Report>(report: &R, input: &R::Input) -> anyhow::Result<String> {
    Ok(cubelab_api::json(report, input)?)
}

/// Renders a report in the given format.
pub fn render<R: Report>(report: &R, input: &R::Input, format: Format) -> anyhow::Result<String> {
    if format == Format::Csv && report.csv_rows().is_none() {
        anyhow::bail!("{}; use --json", cubelab_api::report::NO_CSV);
    }
    Ok(cubelab_api::render(report, input, format)?)
}

/// Writes bytes to stdout and flushes.
pub fn write_stdout(bytes: &[u8]) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}

/// The JSON Schema of a report kind's output (see [`cubelab_api::report::schema`]).
#[cfg(test)]
pub fn schema<R: Report>() -> serde_json::Value {
    cubelab_api::report::schema::<R>()
}

/// The schemas of every report kind, collected by each command's `schemas` function
/// (tests only: `docs/schemas/` is checked against them).
#[cfg(test)]
#[derive(Default)]
pub(crate) struct Schemas(pub std::collections::BTreeMap<&'static str, serde_json::Value>);

#[cfg(test)]
impl Schemas {
    /// Adds the schema of a report type; a kind may be added only once.
    pub fn add<R: Report>(&mut self) {
        assert!(self.0.insert(R::KIND, schema::<R>()).is_none(), "kind {} used twice", R::KIND);
    }

    /// Adds the schema of a report type whose input is kept as JSON, with the schema of
    /// the arguments type `I` for its `"input"`.
    pub fn add_input<R: Report, I: schemars::JsonSchema>(&mut self) {
        let schema = cubelab_api::report::schema_with_input::<R, I>();
        assert!(self.0.insert(R::KIND, schema).is_none(), "kind {} used twice", R::KIND);
    }

    /// Every kind of every command.
    pub fn all() -> Schemas {
        let mut s = Schemas::default();
        crate::cmd::cubes::schemas(&mut s);
        crate::cmd::show::schemas(&mut s);
        crate::cmd::build::schemas(&mut s);
        crate::cmd::solve::schemas(&mut s);
        crate::cmd::relations::schemas(&mut s);
        crate::cmd::magic::schemas(&mut s);
        crate::cmd::picture::schemas(&mut s);
        crate::cmd::census::schemas(&mut s);
        crate::cmd::stack::schemas(&mut s);
        crate::cmd::verify::schemas(&mut s);
        crate::cmd::extended::schemas(&mut s);
        crate::cmd::design::schemas(&mut s);
        s
    }
}

/// A command's result that was rendered but whose extra file (`--output`, `--svg`,
/// `--plot`) could not be written at the end: `cli::main` prints `printed` on stdout all
/// the same, then `error` on stderr, and exits with `error`'s code. (Every output was
/// checked writable before the work, `files::check_files`: this is for what fails
/// after, a full disk say.)
#[derive(Debug)]
pub struct Unwritten {
    /// What the command prints on stdout.
    pub printed: String,
    /// Why the file was not written.
    pub error: anyhow::Error,
}

impl std::fmt::Display for Unwritten {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.error)
    }
}

impl std::error::Error for Unwritten {}

/// The rendered result `printed` after `write` has written the command's extra files:
/// when a write fails, the result still goes to stdout ([`Unwritten`]).
pub fn with_files(
    printed: anyhow::Result<String>,
    write: impl FnOnce() -> anyhow::Result<()>,
) -> anyhow::Result<String> {
    let printed = printed?;
    match write() {
        Ok(()) => Ok(printed),
        Err(error) => Err(anyhow::Error::new(Unwritten { printed, error })),
    }
}

/// Writes the report's SVG to `path` atomically.
pub fn write_svg(report: &impl Report, path: &Path) -> anyhow::Result<()> {
    let svg = report.svg().context("this result has no picture")?;
    write_atomic(path, svg.as_bytes())
}

/// Writes a file atomically (the library's one implementation).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    Ok(cubelab::io::write_atomic(path, bytes)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `docs/schemas/<kind>.json` holds the schema generated from the Rust types, for every
    /// kind and nothing else. `CUBELAB_UPDATE_SCHEMAS=1 cargo test -p cubelab-cli --lib
    /// schemas` rewrites the folder.
    #[test]
    fn schemas_are_up_to_date() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/schemas");
        let schemas = Schemas::all().0;
        let update = std::env::var_os("CUBELAB_UPDATE_SCHEMAS").is_some_and(|v| v != "0");
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "json") {
                    std::fs::remove_file(path).unwrap();
                }
            }
        }
        let mut stale = Vec::new();
        for (kind, schema) in &schemas {
            let text = serde_json::to_string_pretty(schema).unwrap() + "\n";
            let path = dir.join(format!("{kind}.json"));
            if update {
                std::fs::write(&path, &text).unwrap();
            } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                stale.push(kind.to_string());
            }
        }
        let mut extra: Vec<String> = std::fs::read_dir(&dir)
            .map(|d| {
                d.filter_map(|e| e.ok()?.path().file_stem()?.to_str().map(String::from))
                    .filter(|k| !schemas.contains_key(k.as_str()))
                    .collect()
            })
            .unwrap_or_default();
        extra.sort();
        assert!(
            stale.is_empty() && extra.is_empty(),
            "docs/schemas is out of date (stale: {stale:?}, not a kind: {extra:?}); \
             regenerate with CUBELAB_UPDATE_SCHEMAS=1 cargo test -p cubelab-cli --lib schemas"
        );
    }

    #[test]
    fn kinds_are_kebab_case_and_envelopes_start_with_kind() {
        for kind in Schemas::all().0.keys() {
            assert!(
                kind.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "kind {kind} is not kebab-case"
            );
        }
    }
}
