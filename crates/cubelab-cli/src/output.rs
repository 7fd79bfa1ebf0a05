//! Output writers: every result type implements [`Report`] once and is then printed as
//! text, JSON or CSV (and drawn as SVG where it has a picture) by the same code.

use anyhow::Context;
use serde::Serialize;
use std::io::Write;
use std::path::Path;

/// The format chosen on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Human-readable text.
    Text,
    /// JSON (pretty-printed, stable key order).
    Json,
    /// CSV with a header row.
    Csv,
}

/// `--json` / `--csv` flags shared by the subcommands that offer them.
#[derive(clap::Args, Debug, Clone, Default)]
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

/// A result that can be written in every output format.
pub trait Report: Serialize {
    /// Human-readable text, ending with a newline.
    fn text(&self) -> String;

    /// CSV rows (the first is the header), if the result is tabular.
    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        None
    }

    /// An SVG picture, if the result has one.
    fn svg(&self) -> Option<String> {
        None
    }
}

/// Renders a report in the given format.
pub fn render(report: &impl Report, format: Format) -> anyhow::Result<String> {
    Ok(match format {
        Format::Text => report.text(),
        Format::Json => {
            let mut s = serde_json::to_string_pretty(report)?;
            s.push('\n');
            s
        }
        Format::Csv => csv_text(&report.csv_rows().context("this result has no CSV form; use --json")?)?,
    })
}

/// Prints a report to stdout.
pub fn emit(report: &impl Report, format: Format) -> anyhow::Result<()> {
    write_stdout(render(report, format)?.as_bytes())
}

/// Writes bytes to stdout and flushes.
pub fn write_stdout(bytes: &[u8]) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}

/// Writes the report's SVG to `path` atomically.
pub fn write_svg(report: &impl Report, path: &Path) -> anyhow::Result<()> {
    let svg = report.svg().context("this result has no picture")?;
    write_atomic(path, svg.as_bytes())
}

/// CSV text of the rows: `\n` line ends, fields quoted only when they hold a comma, a
/// quote, `\r` or `\n` (the `csv` crate's defaults); rows may differ in length.
fn csv_text(rows: &[Vec<String>]) -> anyhow::Result<String> {
    let mut w = csv::WriterBuilder::new().flexible(true).from_writer(Vec::new());
    for row in rows {
        w.write_record(row)?;
    }
    Ok(String::from_utf8(w.into_inner().map_err(|e| e.into_error())?)?)
}

/// Writes a file atomically (the library's one implementation).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    Ok(cubelab::io::write_atomic(path, bytes)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(fields: &[&str]) -> Vec<String> {
        fields.iter().map(|f| f.to_string()).collect()
    }

    #[test]
    fn csv_quotes_only_when_needed() {
        let text = csv_text(&[row(&["a", "b,c", "d\"e"]), row(&["1", "2.5", "x y"])]).unwrap();
        assert_eq!(text, "a,\"b,c\",\"d\"\"e\"\n1,2.5,x y\n");
    }

    #[test]
    fn csv_quotes_line_breaks_including_carriage_returns() {
        let text = csv_text(&[row(&["a\rb", "c\nd", "e\r\nf", "plain"])]).unwrap();
        assert_eq!(text, "\"a\rb\",\"c\nd\",\"e\r\nf\",plain\n");
    }

    #[test]
    fn csv_rows_may_differ_in_length() {
        let text = csv_text(&[row(&["h1", "h2", "h3"]), row(&["1"]), row(&["", "x"])]).unwrap();
        assert_eq!(text, "h1,h2,h3\n1\n,x\n");
    }
}
