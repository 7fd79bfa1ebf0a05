//! Output writers: every result type implements [`Report`] once and is then printed as
//! text, JSON or CSV (and drawn as SVG where it has a picture) by the same code.

use anyhow::Context;
use schemars::JsonSchema;
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

/// The version of the JSON contract (`docs/json.md`): every `--json` output carries it as
/// `"format_version"`. It changes only when an existing field changes meaning or shape or
/// is removed; new fields and new kinds keep it.
pub const FORMAT_VERSION: u32 = 1;

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

/// An input kept as JSON (so that `census merge` can print the input read from the
/// shards), with the schema of the arguments type `T` it was made from.
#[derive(Serialize)]
#[serde(transparent)]
pub struct JsonInput<T> {
    value: serde_json::Value,
    #[serde(skip)]
    of: std::marker::PhantomData<T>,
}

impl<T> JsonInput<T> {
    /// The input `value` (the JSON of a `T`).
    pub fn new(value: serde_json::Value) -> JsonInput<T> {
        JsonInput { value, of: std::marker::PhantomData }
    }
}

impl<T: JsonSchema> JsonSchema for JsonInput<T> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }

    fn schema_id() -> std::borrow::Cow<'static, str> {
        T::schema_id()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        T::json_schema(generator)
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

/// The JSON text of a report with its input (pretty-printed, ending with a newline): what
/// `--json` prints and what files written with `--output` hold.
pub fn json<R: Report>(report: &R, input: &R::Input) -> anyhow::Result<String> {
    let envelope = Envelope { kind: R::KIND.to_string(), format_version: FORMAT_VERSION, input, body: report };
    let mut s = serde_json::to_string_pretty(&envelope)?;
    s.push('\n');
    Ok(s)
}

/// Renders a report in the given format.
pub fn render<R: Report>(report: &R, input: &R::Input, format: Format) -> anyhow::Result<String> {
    Ok(match format {
        Format::Text => report.text(),
        Format::Json => json(report, input)?,
        Format::Csv => csv_text(&report.csv_rows().context("this result has no CSV form; use --json")?)?,
    })
}

/// Writes bytes to stdout and flushes.
pub fn write_stdout(bytes: &[u8]) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}

/// The JSON Schema of a report kind's output (draft 2020-12): the envelope's schema with
/// `kind` and `format_version` fixed to their values (tests write them to `docs/schemas/`).
#[cfg(test)]
pub fn schema<R: Report>() -> serde_json::Value {
    let settings = schemars::generate::SchemaSettings::draft2020_12().for_serialize();
    let root = settings.into_generator().into_root_schema_for::<Envelope<R::Input, R>>();
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
        s
    }
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
            "{\n  \"kind\": \"r\",\n  \"format_version\": 1,\n  \"input\": [\n    1\n  ],\n  \"x\": 3\n}\n"
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
