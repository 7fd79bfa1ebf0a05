//! `census sobczyk`: Sobczyk's statements on puzzles with repeated blocks (Theorem 1,
//! Corollaries 2 and 3, the remarks after them, the yellow-ground puzzles of section 3,
//! the 256 primings of P6 and P7), checked over every multiset they speak about.

use crate::error::Result;
use crate::report::Report;
use crate::{limits, Context};
use cubelab::census::repeated::{sobczyk_claims_with, SobczykClaims};
use cubelab::histogram::bins;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The input of `census sobczyk` (none).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Input")]
pub struct SobczykRequest {}

/// `census sobczyk`: the statements, how many puzzles each speaks about, counterexamples.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "Sobczyk")]
pub struct SobczykReport {
    /// The statements and the puzzles they were checked on.
    #[serde(flatten)]
    pub claims: SobczykClaims,
}

impl Report for SobczykReport {
    const KIND: &'static str = "census-sobczyk";
    type Input = SobczykRequest;

    fn text(&self) -> String {
        let c = &self.claims;
        let mut s = String::new();
        for claim in &c.claims {
            s += &format!(
                "{}: {} puzzles, {} counterexamples\n",
                claim.statement, claim.multisets, claim.counterexamples
            );
        }
        for f in &c.yellow {
            let h: Vec<String> = bins(&f.histogram).iter().map(|b| format!("{}: {}", b.value, b.count)).collect();
            s += &format!("{}: outer cubes built {{{}}}\n", f.family, h.join(", "));
        }
        s += &format!(
            "section 3 example {}: builds {}\n",
            c.yellow_example.puzzle.join(" "),
            list(&c.yellow_example.built)
        );
        s += &format!("P6: {} of the 256 primings build six outer cubes\n", c.p6_six.len());
        for p in &c.p6_six {
            s += &format!("  {} -> {}\n", p.puzzle.join(" "), list(&p.built));
        }
        s += &format!("P7: {} of the 256 primings build Y1 and nothing else\n", c.p7_y1_only.len());
        for p in &c.p7_y1_only {
            s += &format!("  {} -> {}\n", p.puzzle.join(" "), list(&p.built));
        }
        s
    }
}

fn list(v: &[String]) -> String {
    if v.is_empty() {
        "nothing".into()
    } else {
        v.join(" ")
    }
}

/// Runs `census sobczyk` (about 10 s on 2 cores): progress in multisets with a repeated
/// type checked; stops soon after the context's token is raised.
pub fn run(_req: &SobczykRequest, ctx: &Context) -> Result<SobczykReport> {
    if let Some(l) = ctx.limits() {
        limits::census("census sobczyk", None, l)?;
    }
    let claims = sobczyk_claims_with(ctx.progress(), ctx.stop())?;
    Ok(SobczykReport { claims })
}
