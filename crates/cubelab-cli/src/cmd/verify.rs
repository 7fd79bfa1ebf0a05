//! `cubelab verify`: re-derives the census figures by second methods that share no
//! tables or shortcuts with the main ones (`cubelab::verify`) and compares them.

use crate::output::{render, write_stdout, Format, Report};
use crate::progress::Bar;
use cubelab::run::Progress;
use cubelab::verify::{figures, Check};
use schemars::JsonSchema;
use serde::Serialize;

/// Arguments of `cubelab verify`.
#[derive(clap::Args, Debug)]
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

/// The input of `cubelab verify`.
#[derive(Serialize, JsonSchema)]
struct Input {
    /// `--quick`: only the quick checks.
    quick: bool,
}

/// `cubelab verify`: figures by the main and by a second method.
#[derive(Serialize, JsonSchema)]
struct Verified {
    /// One entry per figure, in the order run.
    checks: Vec<Check>,
    /// True when every figure agrees.
    all_agree: bool,
}

impl Report for Verified {
    const KIND: &'static str = "verify";
    type Input = Input;

    fn text(&self) -> String {
        let mut s = String::new();
        for c in &self.checks {
            let verdict = if c.agree { "agree   " } else { "DISAGREE" };
            s +=
                &format!("{verdict} {}: {}  ({:.1} s / {:.1} s)\n", c.figure, c.main, c.main_seconds, c.second_seconds);
            if !c.agree {
                s += &format!("         second method: {}\n", c.second);
            }
        }
        let bad = self.checks.iter().filter(|c| !c.agree).count();
        s += &if bad == 0 {
            format!("all {} figures agree\n", self.checks.len())
        } else {
            format!("{bad} of {} figures DISAGREE\n", self.checks.len())
        };
        s
    }
}

#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<Verified>();
}

/// Runs `cubelab verify`.
pub fn run(args: Args) -> anyhow::Result<String> {
    let groups: Vec<_> = figures().into_iter().filter(|f| f.quick || !args.quick).collect();
    let bar = Bar::counting(groups.len() as u64, "figure groups");
    let mut checks = Vec::new();
    for g in &groups {
        bar.note(g.name);
        checks.extend(g.check()?);
        bar.advance(1);
    }
    bar.finish();
    let all_agree = checks.iter().all(|c| c.agree);
    let report = Verified { checks, all_agree };
    let out = render(&report, &Input { quick: args.quick }, Format::json_or_text(args.json))?;
    if !all_agree {
        // The report shows which figure disagrees: print it before the error.
        write_stdout(out.as_bytes())?;
        anyhow::bail!("a figure disagrees between the two methods");
    }
    Ok(out)
}
