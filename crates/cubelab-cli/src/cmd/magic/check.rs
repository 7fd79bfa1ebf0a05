//! `cubelab magic check`: which properties a cube or a square has, which lines fail.

use crate::cli::failure;
use crate::output::FormatArgs;
use cubelab_api::magic_check::{self as api, CheckRequest};

// Arguments of `cubelab magic check`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Examples:
  cubelab magic check cube.txt
  cubelab magic construct --order 5 | cubelab magic check - --json
  printf '2 7 6\\n9 5 1\\n4 3 8\\n' | cubelab magic check -     a square (the Lo Shu)
  echo '8 1 6/3 5 7/4 9 2' | cubelab magic check -             a Lo Shu on one line, a row after each '/'

Input: a cube is n layers separated by blank lines, each n rows of n integers (spaces,
tabs or commas); '#' starts a comment line. The numbers must be A, A+D, ...,
A+(n³-1)D in some order, such as 1..n³. A single block of n rows of n >= 3 distinct
integers, without blank lines, is a square. A '/' ends a row as a line break does
('//' ends a layer).")]
pub(super) struct CheckArgs {
    /// The cube or square file, or - for standard input.
    file: String,
    #[command(flatten)]
    format: FormatArgs,
}

pub(super) fn check(args: CheckArgs, ctx: &crate::context::Context) -> anyhow::Result<String> {
    let text = ctx.read_input(&args.file)?;
    let format = args.format.format();
    let req = CheckRequest { file: args.file, cube: None, square: None, text: Some(text) };
    let out = api::run(&req, &cubelab_api::Context::new()).map_err(failure)?;
    Ok(out.render(&req, format)?)
}

/// The schemas of `magic check`'s kinds.
#[cfg(test)]
pub(super) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<api::CheckReport>();
    out.add::<api::SquareCheckReport>();
}
