//! `verify`: the census figures re-derived by second methods that share no tables or
//! shortcuts with the main ones ([`cubelab::verify`]), compared.

use crate::error::{Error, ErrorKind, Result};
use crate::report::Report;
use crate::Context;
use cubelab::verify::{figures, Check};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The request of `verify`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VerifyRequest {
    /// Only the checks that take seconds.
    #[serde(default)]
    pub quick: bool,
}

/// The input of `cubelab verify`.
#[derive(Serialize, JsonSchema)]
pub struct Input {
    /// `--quick`: only the quick checks.
    pub quick: bool,
}

impl Input {
    /// The input echoed for `req`.
    pub fn of(req: &VerifyRequest) -> Input {
        Input { quick: req.quick }
    }
}

/// `cubelab verify`: figures by the main and by a second method.
#[derive(Serialize, JsonSchema)]
pub struct Verified {
    /// One entry per figure, in the order run.
    pub checks: Vec<Check>,
    /// True when every figure agrees.
    pub all_agree: bool,
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

/// Runs the checks (the quick ones only with `quick`), one group of figures at a time
/// (progress: one unit per group). A raised cancellation token or a passed deadline stops
/// the run between groups and inside them, before and after each of the two methods
/// (between boards of the picture groups; inside the multiset census). A disagreement is not an error: see [`Verified::all_agree`].
/// Refused in a context with limits (the full checks take minutes).
pub fn run(req: &VerifyRequest, ctx: &Context) -> Result<Verified> {
    if let Some(l) = ctx.limits() {
        crate::limits::unlimited_only("verify", l)?;
    }
    let groups: Vec<_> = figures().into_iter().filter(|f| f.quick || !req.quick).collect();
    let progress = ctx.progress();
    progress.start("figure groups", groups.len() as u64, 0);
    let mut checks = Vec::new();
    for g in &groups {
        if ctx.should_stop() {
            progress.finish();
            return Err(Error::new(ErrorKind::Stopped, "stopped before every figure was checked"));
        }
        progress.note(g.name);
        checks.extend(g.check(ctx.stop())?);
        progress.advance(1);
    }
    progress.finish();
    let all_agree = checks.iter().all(|c| c.agree);
    Ok(Verified { checks, all_agree })
}
