//! `cubelab verify`: re-derives the census figures by second methods that share no
//! tables or shortcuts with the main ones (`cubelab::verify`) and compares them.

use crate::cli::failure;
use crate::output::{render, write_stdout, Format};
use crate::progress::Bar;
use cubelab_api::verify::{self as api, VerifyRequest};
use cubelab_api::Context;
use std::sync::Arc;

// Arguments of `cubelab verify`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Each line: agree or DISAGREE, the figure, its key numbers, and the wall time of the main
and of the second method. Exit 1 if any figure disagrees. The times vary from run to run;
everything else is deterministic.

Quick (seconds): Table 3, Table 1 (Ba), Theorem 6 case by case (Ba), Table 2, Figure 9,
Darby's 85 and 70,992, the picture censuses 2x1 to 3x2. Full (about 6 CPU-minutes and 1.4 GB): also Table 1
for all 30 targets, every subset of the 30 (the k-set maxima and minima, no 29 from 12,
the universal sets), the multisets of 8, and the picture censuses 5x1, 6x1, 7x1 (the last
over all 24^7 boards).

Examples:
  cubelab verify --quick          the quick checks (about 10 s)
  cubelab verify --json           every check (about 6 min)")]
pub struct Args {
    /// Only the checks that take seconds.
    #[arg(long)]
    quick: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<api::Verified>();
}

/// Runs `cubelab verify`.
pub fn run(args: Args) -> anyhow::Result<String> {
    let req = VerifyRequest { quick: args.quick };
    let bar = Arc::new(Bar::new());
    let report = api::run(&req, &Context::new().with_progress(bar.clone())).map_err(failure)?;
    drop(bar);
    let out = render(&report, &api::Input::of(&req), Format::json_or_text(args.json))?;
    if !report.all_agree {
        // The report shows which figure disagrees: print it before the error.
        write_stdout(out.as_bytes())?;
        anyhow::bail!("a figure disagrees between the two methods");
    }
    Ok(out)
}
