//! `cubelab magic check`: which properties a cube or a square has, which lines fail.

use crate::cli::failure;
use crate::output::FormatArgs;
use anyhow::Context;
use cubelab::magic::cube::NumberCube;
use cubelab::magic::square::Square;
use cubelab_api::magic_check::{self as api, CheckRequest};

/// Arguments of `cubelab magic check`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cubelab magic check cube.txt
  cubelab magic construct --order 5 | cubelab magic check - --json
  printf '2 7 6\n9 5 1\n4 3 8\n' | cubelab magic check -     a square (the Lo Shu)

Input: a cube is n layers separated by blank lines, each n rows of n integers (spaces,
tabs or commas); '#' starts a comment line. The numbers must be A, A+D, ...,
A+(n³-1)D in some order, such as 1..n³. A single block of n rows of n >= 3 distinct
integers, without blank lines, is a square.")]
pub(super) struct CheckArgs {
    /// The cube or square file, or - for standard input.
    file: String,
    #[command(flatten)]
    format: FormatArgs,
}

pub(super) fn check(args: CheckArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    let text = if args.file == "-" {
        ctx.read_stdin()?
    } else {
        std::fs::read_to_string(&args.file).with_context(|| format!("cannot read '{}'", args.file))?
    };
    let format = args.format.format();
    let req = request_of_text(args.file, &text)?;
    let out = api::run(&req, &cubelab_api::Context::new()).map_err(failure)?;
    Ok(out.render(&req, format)?)
}

/// The request for the text of a cube or a square read from `file` (`-`: standard
/// input): the text is parsed here (its errors name the file, row and cell), the numbers
/// go to the check as a typed field.
fn request_of_text(file: String, text: &str) -> anyhow::Result<CheckRequest> {
    let name = if file == "-" { "stdin".to_string() } else { file.clone() };
    let mut req = CheckRequest { file, cube: None, square: None };
    if is_square(text) {
        let square = Square::parse(text).with_context(|| name.clone())?;
        req.square = Some(square.cells().chunks(square.order()).map(<[i64]>::to_vec).collect());
    } else {
        req.cube = Some(NumberCube::parse(text).with_context(|| name)?.layers());
    }
    Ok(req)
}

/// The old API's `magic check` input, `{"file": "-"}` with the text as the context's
/// standard input, as the typed request's JSON (an input with `cube` or `square` as is).
pub(crate) fn api_input(input: &serde_json::Value, ctx: &crate::api::Context) -> anyhow::Result<serde_json::Value> {
    if input.get("cube").is_some_and(|v| !v.is_null()) || input.get("square").is_some_and(|v| !v.is_null()) {
        return Ok(input.clone());
    }
    let file = input.get("file").and_then(|f| f.as_str()).unwrap_or("-");
    if file != "-" {
        anyhow::bail!("'file': the API reads no files; give \"-\" and send the text as \"stdin\"");
    }
    let req = request_of_text(file.to_string(), &ctx.read_stdin()?)?;
    Ok(serde_json::to_value(req)?)
}

/// A square is one block of rows (no blank line between them) of at least 3 numbers;
/// a cube of order 3 or more has several blocks, and order 2 stays a cube.
fn is_square(text: &str) -> bool {
    let data: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.starts_with('#')).collect();
    let first = data.iter().position(|l| !l.is_empty());
    let last = data.iter().rposition(|l| !l.is_empty());
    let (Some(a), Some(b)) = (first, last) else { return false };
    let numbers = data[a].split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).count();
    numbers >= 3 && data[a..=b].iter().all(|l| !l.is_empty())
}

/// The schemas of `magic check`'s kinds.
#[cfg(test)]
pub(super) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<api::CheckReport>();
    out.add::<api::SquareCheckReport>();
}
