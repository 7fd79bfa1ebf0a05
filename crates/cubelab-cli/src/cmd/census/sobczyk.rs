//! `census sobczyk`: Sobczyk's statements on puzzles with repeated blocks (Theorem 1,
//! Corollaries 2 and 3, the remarks after them, the yellow-ground puzzles of section 3,
//! the 256 primings of P6 and P7), checked over every multiset they speak about.

use crate::output::{render, Format, Report};
use crate::progress::Bar;
use cubelab::census::repeated::{sobczyk_claims, SobczykClaims};
use cubelab::histogram::bins;
use cubelab::run::Progress;
use schemars::JsonSchema;
use serde::Serialize;

/// Arguments of `census sobczyk` (no options but the format; about 10 s).
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cubelab census sobczyk          every statement, puzzles and counterexamples (about 10 s)
  cubelab census sobczyk --json   (about 10 s)")]
pub struct SobczykArgs {
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// The input of `census sobczyk` (none).
#[derive(Serialize, JsonSchema)]
struct Input {}

/// `census sobczyk`: the statements, how many puzzles each speaks about, counterexamples.
#[derive(Serialize, JsonSchema)]
struct Sobczyk {
    #[serde(flatten)]
    claims: SobczykClaims,
}

impl Report for Sobczyk {
    const KIND: &'static str = "census-sobczyk";
    type Input = Input;

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

#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<Sobczyk>();
}

/// Runs `census sobczyk`.
pub(super) fn run(a: SobczykArgs) -> anyhow::Result<String> {
    let bar = Bar::spinner("multisets with repeated blocks");
    let claims = sobczyk_claims()?;
    bar.finish();
    render(&Sobczyk { claims }, &Input {}, Format::json_or_text(a.json))
}
