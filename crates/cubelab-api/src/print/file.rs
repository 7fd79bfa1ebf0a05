//! A print request as the surfaces that receive JSON send it (the web server's
//! `POST /api/print/...`, the Python package): the request's fields and a `format`, run
//! to the file itself, byte for byte what `cubelab print ... --format F -o FILE` writes.

use super::{run_blocks, run_magic, run_stack, PrintBlocksRequest, PrintFormat, PrintMagicRequest};
use super::{PrintStackRequest, Sheet};
use crate::dispatch::request;
use crate::error::{Error, Result};
use crate::Context;
use cubelab::words::count;
use serde_json::Value;

/// The print commands [`run_file`] runs (command paths, as [`crate::COMMANDS`] writes them);
/// `print picture` with the feature `images` only.
#[cfg(feature = "images")]
pub const COMMANDS: &[&str] = &["print blocks", "print stack", "print magic", "print picture"];
/// The print commands [`run_file`] runs (command paths, as [`crate::COMMANDS`] writes them);
/// `print picture` with the feature `images` only.
#[cfg(not(feature = "images"))]
pub const COMMANDS: &[&str] = &["print blocks", "print stack", "print magic"];

/// The key of the input object naming the file format (`"svg"`, the default, or
/// `"pdf"`): not a field of the request, since the sheet is the same in both.
pub const FORMAT_KEY: &str = "format";

/// A sheet written as a file.
#[derive(Debug, Clone)]
pub struct PrintedFile {
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// Its format.
    pub format: PrintFormat,
    /// A name for it: `cubelab-blocks.svg`, `cubelab-stack.pdf`, `cubelab-magic.svg`.
    pub name: String,
}

impl PrintFormat {
    /// The media type of the format: `image/svg+xml` or `application/pdf`.
    pub fn media_type(self) -> &'static str {
        match self {
            PrintFormat::Svg => "image/svg+xml",
            PrintFormat::Pdf => "application/pdf",
        }
    }

    /// The file name extension of the format: `svg` or `pdf`.
    pub fn extension(self) -> &'static str {
        match self {
            PrintFormat::Svg => "svg",
            PrintFormat::Pdf => "pdf",
        }
    }

    /// The format a file's name asks for by its extension (`.pdf` or `.svg`, in any
    /// case; SVG for a name without one, such as `/dev/null`). Any other extension is
    /// refused as bad input naming the known ones and `{format}` (`print -o x.docx` would
    /// otherwise be an SVG named `x.docx`).
    pub fn of_file_name(name: &std::path::Path) -> Result<PrintFormat> {
        let Some(extension) = name.extension() else { return Ok(PrintFormat::Svg) };
        match extension.to_string_lossy().to_ascii_lowercase().as_str() {
            "pdf" => Ok(PrintFormat::Pdf),
            "svg" => Ok(PrintFormat::Svg),
            other => Err(Error::naming(
                crate::ErrorKind::BadInput,
                format!(
                    "{{output}} '{}': the extension '.{other}' names no format (known: .pdf, .svg); give {{format}} svg \
                     or {{format}} pdf",
                    name.display()
                ),
            )),
        }
    }
}

impl Sheet {
    /// The one line a surface that wrote the sheet reports it by: where it went, its
    /// format, pages, paper and size (`wrote conway.pdf: PDF, 6 pages of A4, 31,224
    /// bytes`).
    pub fn written_line(&self, format: PrintFormat, bytes: usize, to: &str) -> String {
        format!(
            "wrote {to}: {}, {} of {}, {}",
            format.extension().to_ascii_uppercase(),
            count(self.pages(), "page", "pages"),
            self.paper().title(),
            count(bytes, "byte", "bytes")
        )
    }
}

impl Sheet {
    /// The sheet as a file of `format`: [`Sheet::svg`]'s text, or [`Sheet::pdf`]. Without
    /// the feature `pdf` (the Python package), PDF is refused as bad input naming `format`.
    pub fn file(&self, format: PrintFormat) -> Result<Vec<u8>> {
        match format {
            PrintFormat::Svg => Ok(self.svg().into_bytes()),
            #[cfg(feature = "pdf")]
            PrintFormat::Pdf => Ok(self.pdf()),
            #[cfg(not(feature = "pdf"))]
            PrintFormat::Pdf => Err(Error::bad(
                "this build writes SVG only (PDF needs cubelab-api's feature pdf, which the command line has)",
            )
            .about(FORMAT_KEY, "pdf")),
        }
    }
}

/// Runs the print command `path` (one of [`COMMANDS`]) on `input`, a JSON object of its
/// request's fields (`blocks`, `paper`, `edge`; `cubes`, ...; `numbers`, `paper`, `cell`;
/// `images` as base64 strings, `rows`, `cols`, ...) and [`FORMAT_KEY`], and returns the
/// file. A missing key or `null` takes the default; an unknown key, a value of the wrong
/// type or bad input is an error naming the field.
pub fn run_file(path: &str, input: Value, ctx: &Context) -> Result<PrintedFile> {
    let _watch = ctx.watch();
    let mut input = match input {
        Value::Null => Value::Object(Default::default()),
        Value::Object(o) => Value::Object(o),
        _ => return Err(Error::bad("the input must be a JSON object")),
    };
    let format = match input.as_object_mut().and_then(|o| o.remove(FORMAT_KEY)) {
        None | Some(Value::Null) => PrintFormat::default(),
        Some(v) => request::<FormatOnly>(serde_json::json!({ FORMAT_KEY: v }))?.format,
    };
    let (sheet, kind): (Sheet, &str) = match path {
        "print blocks" => (run_blocks(&request::<PrintBlocksRequest>(input)?, ctx)?, "blocks"),
        "print stack" => (run_stack(&request::<PrintStackRequest>(input)?, ctx)?, "stack"),
        "print magic" => (run_magic(&request::<PrintMagicRequest>(input)?, ctx)?, "magic"),
        #[cfg(feature = "images")]
        "print picture" => (super::run_picture(&request::<super::PrintPictureRequest>(input)?, ctx)?, "picture"),
        _ => return Err(Error::bad(format!("unknown print command '{path}'"))),
    };
    let bytes = sheet.file(format)?;
    Ok(PrintedFile { bytes, format, name: format!("cubelab-{kind}.{}", format.extension()) })
}

/// The format key alone, read as the requests read their fields (`'format': unknown
/// variant ...`).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct FormatOnly {
    format: PrintFormat,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_file_is_the_sheet_in_its_format() {
        let ctx = Context::new();
        let input = json!({ "blocks": ["Ab", "Ac"], "edge": 30 });
        let file = run_file("print blocks", input, &ctx).unwrap();
        let req = PrintBlocksRequest { blocks: vec!["Ab".into(), "Ac".into()], paper: Default::default(), edge: 30.0 };
        assert_eq!(file.bytes, run_blocks(&req, &ctx).unwrap().svg().into_bytes());
        assert_eq!((file.name.as_str(), file.format.media_type()), ("cubelab-blocks.svg", "image/svg+xml"));
        let stack = json!({ "cubes": ["rgbyrr", "gbyrgg", "byrgbb", "yrgbyy"], "paper": "letter", "format": "svg" });
        assert_eq!(run_file("print stack", stack, &ctx).unwrap().name, "cubelab-stack.svg");
    }

    #[test]
    fn bad_inputs_name_their_field() {
        let ctx = Context::new();
        let e = |path: &str, v: Value| run_file(path, v, &ctx).unwrap_err().to_string();
        assert!(e("print blocks", json!({ "blocks": ["Ab"], "format": "png" }))
            .starts_with("'format': unknown variant `png`"));
        assert!(e("print blocks", json!({ "blocks": ["Ab"], "colour": 1 })).contains("unknown field `colour`"));
        assert!(e("print stack", json!({ "cubes": ["rgbyrr", "gbyrgg", "byrgbb", "yrgbyy"], "edge": 5 }))
            .starts_with("edge 5mm: the edge must be"));
        assert!(e("print blocks", json!([1])).contains("JSON object"));
        assert!(e("print cubes", json!({})).contains("unknown print command"));
    }

    #[cfg(not(feature = "pdf"))]
    #[test]
    fn pdf_is_refused_without_the_feature() {
        let input = json!({ "cubes": ["rgbyrr", "gbyrgg", "byrgbb", "yrgbyy"], "format": "pdf" });
        let e = run_file("print stack", input, &Context::new()).unwrap_err();
        assert_eq!(e.field().map(|(f, _)| f), Some(FORMAT_KEY));
        assert!(e.to_string().contains("SVG only"), "{e}");
    }

    #[cfg(feature = "pdf")]
    #[test]
    fn pdf_is_the_sheets_pdf() {
        let ctx = Context::new();
        let input = json!({ "cubes": ["rgbyrr", "gbyrgg", "byrgbb", "yrgbyy"], "format": "pdf" });
        let file = run_file("print stack", input, &ctx).unwrap();
        let cubes = ["rgbyrr", "gbyrgg", "byrgbb", "yrgbyy"].map(String::from).to_vec();
        let req = PrintStackRequest { cubes, paper: Default::default(), edge: 40.0 };
        assert_eq!(file.bytes, run_stack(&req, &ctx).unwrap().pdf());
        assert_eq!(file.name, "cubelab-stack.pdf");
    }
}
