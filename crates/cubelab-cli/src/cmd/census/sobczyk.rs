//! `census sobczyk`: Sobczyk's statements on puzzles with repeated blocks, checked over
//! every multiset they speak about; run by [`cubelab_api::census::sobczyk`].

use super::typed;
use crate::output::{render, Format};
use cubelab_api::census::sobczyk::{self, SobczykRequest};

// Arguments of `census sobczyk` (no options but the format; about 10 s).
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Examples:
  cubelab census sobczyk          every statement, puzzles and counterexamples (about 10 s)
  cubelab census sobczyk --json   (about 10 s)")]
pub struct SobczykArgs {
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<sobczyk::SobczykReport>();
}

/// Runs `census sobczyk`: a progress bar in multisets checked, Ctrl-C stops it.
pub(super) fn run(a: SobczykArgs, ctx: &crate::context::Context) -> anyhow::Result<String> {
    let req = SobczykRequest {};
    let report = typed(ctx, true, None, |c| sobczyk::run(&req, c))?;
    render(&report, &req, Format::json_or_text(a.json))
}
