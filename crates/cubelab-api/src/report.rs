//! Rendering: every report type implements [`Report`] once and is then written as text,
//! JSON (the one [`Envelope`]) or CSV by [`render`], and drawn as SVG where it has a
//! picture ([`Report::svg`], with the helpers of [`crate::svg`]).

use crate::error::{Error, Result};
use schemars::JsonSchema;
use serde::Serialize;

/// An output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Human-readable text.
    Text,
    /// JSON (pretty-printed, stable key order).
    Json,
    /// CSV with a header row.
    Csv,
}

impl Format {
    /// JSON when `json` (a command's lone `--json` flag) is set, text otherwise.
    pub fn json_or_text(json: bool) -> Format {
        if json {
            Format::Json
        } else {
            Format::Text
        }
    }
}

/// The version of the JSON contract (`docs/json.md`): every `--json` output carries it as
/// `"format_version"`. It changes only when an existing field changes meaning or shape or
/// is removed; new fields and new kinds keep it.
pub const FORMAT_VERSION: u32 = cubelab::FORMAT_VERSION;

/// A result that can be written in every output format.
///
/// Its JSON is the body of the envelope [`Envelope`]: `kind`, `format_version`, `input`
/// and then the fields of the report itself. The schema of each kind is generated from
/// these types (`docs/schemas/<kind>.json`).
pub trait Report: Serialize + JsonSchema {
    /// The `"kind"` of the JSON output: lowercase kebab-case, unique per report type.
    const KIND: &'static str;

    /// The inputs that determined the result, echoed as `"input"` (keys: the command's
    /// argument and flag names in snake_case).
    type Input: Serialize + JsonSchema;

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

/// The one JSON shape of every output: kind and format version first, the input, then
/// the report's own fields.
#[derive(Serialize, JsonSchema)]
pub struct Envelope<I, B> {
    /// The kind of output (lowercase kebab-case).
    pub kind: String,
    /// The version of the JSON contract (docs/json.md).
    pub format_version: u32,
    /// The inputs that determined the result, keyed by argument and flag names in snake_case.
    pub input: I,
    /// The report.
    #[serde(flatten)]
    pub body: B,
}

/// The envelope of a report with its input: what [`json`] writes, as a serde value (the
/// Python package converts it to Python objects without the text).
pub fn envelope<'a, R: Report>(report: &'a R, input: &'a R::Input) -> Envelope<&'a R::Input, &'a R> {
    Envelope { kind: R::KIND.to_string(), format_version: FORMAT_VERSION, input, body: report }
}

/// The JSON text of a report with its input (pretty-printed, ending with a newline): what
/// `--json` prints and what files written with `--output` hold.
pub fn json<R: Report>(report: &R, input: &R::Input) -> Result<String> {
    let mut s = serde_json::to_string_pretty(&envelope(report, input))
        .map_err(|e| Error::new(crate::ErrorKind::Internal, e.to_string()))?;
    s.push('\n');
    Ok(s)
}

/// Renders a report in the given format (bad input for CSV of a result without rows).
pub fn render<R: Report>(report: &R, input: &R::Input, format: Format) -> Result<String> {
    Ok(match format {
        Format::Text => report.text(),
        Format::Json => json(report, input)?,
        Format::Csv => csv_text(&report.csv_rows().ok_or_else(|| Error::bad(NO_CSV))?)?,
    })
}

/// The message for CSV asked of a result without a CSV form.
pub const NO_CSV: &str = "this result has no CSV form";

/// The JSON Schema of a report kind's output (draft 2020-12): the envelope's schema with
/// `kind` and `format_version` fixed to their values (tests write them to `docs/schemas/`).
pub fn schema<R: Report>() -> serde_json::Value {
    schema_with_input::<R, R::Input>()
}

/// The schema of a report kind whose `"input"` has the schema of `I` (the census reports
/// keep their input as JSON; the command line gives their arguments' type).
pub fn schema_with_input<R: Report, I: JsonSchema>() -> serde_json::Value {
    let settings = schemars::generate::SchemaSettings::draft2020_12().for_serialize();
    let root = settings.into_generator().into_root_schema_for::<Envelope<I, R>>();
    let mut v = serde_json::to_value(root).expect("a schema is JSON");
    let o = v.as_object_mut().expect("a schema is an object");
    o.insert("title".into(), format!("cubelab {}", R::KIND).into());
    o.insert(
        "description".into(),
        format!("The output of a cubelab command of kind \"{}\" (docs/json.md).", R::KIND).into(),
    );
    let props = o.get_mut("properties").and_then(|p| p.as_object_mut()).expect("the envelope has properties");
    props.insert("kind".into(), serde_json::json!({ "type": "string", "const": R::KIND }));
    props.insert("format_version".into(), serde_json::json!({ "type": "integer", "const": FORMAT_VERSION }));
    v
}

/// CSV text of the rows: `\n` line ends, fields quoted only when they hold a comma, a
/// quote, `\r` or `\n` (the `csv` crate's defaults); rows may differ in length.
pub fn csv_text(rows: &[Vec<String>]) -> Result<String> {
    let internal = |e: &dyn std::fmt::Display| Error::new(crate::ErrorKind::Internal, e.to_string());
    let mut w = csv::WriterBuilder::new().flexible(true).from_writer(Vec::new());
    for row in rows {
        w.write_record(row).map_err(|e| internal(&e))?;
    }
    let bytes = w.into_inner().map_err(|e| internal(&e.into_error()))?;
    String::from_utf8(bytes).map_err(|e| internal(&e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(fields: &[&str]) -> Vec<String> {
        fields.iter().map(|f| f.to_string()).collect()
    }

    #[test]
    fn envelopes_start_with_kind() {
        #[derive(Serialize, JsonSchema)]
        struct R {
            x: u8,
        }
        impl Report for R {
            const KIND: &'static str = "r";
            type Input = Vec<u8>;
            fn text(&self) -> String {
                String::new()
            }
        }
        let text = json(&R { x: 3 }, &vec![1]).unwrap();
        assert_eq!(
            text,
            "{\n  \"kind\": \"r\",\n  \"format_version\": 2,\n  \"input\": [\n    1\n  ],\n  \"x\": 3\n}\n"
        );
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
