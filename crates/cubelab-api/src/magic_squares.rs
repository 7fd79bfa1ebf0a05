//! The census of magic squares (`magic squares`, `magic squares-merge`): its input and
//! its text.

use crate::report::Report;
use cubelab::magic::square::SquareKind;
use cubelab::magic::square_census::{SquareCensus, SquareMethod};
use schemars::JsonSchema;
use serde::Serialize;

/// The input of `cubelab magic squares` (and of the report `squares-merge` rebuilds).
#[derive(Serialize, JsonSchema)]
pub struct SquaresInput {
    /// Order n.
    order: usize,
    /// `"normal"`, `"semi"`, `"pandiagonal"` or `"associative"`.
    kind: SquareKind,
    /// `"diagonals"` or `"backtrack"`.
    method: SquareMethod,
    /// The fixed cells as given (`"ROW,CELL=VALUE"`).
    fix: Vec<String>,
    /// Dudeney's groups asked for.
    classes: bool,
    /// The squares listed.
    list: bool,
    /// The shard run, or null.
    shard: Option<String>,
}

impl SquaresInput {
    /// The input of a census report, with the flags that do not appear in it.
    pub fn of(r: &SquareCensus, classes: bool, list: bool) -> SquaresInput {
        SquaresInput {
            order: r.order,
            kind: r.square_kind,
            method: r.method,
            fix: r.fixed.iter().map(|f| f.to_string()).collect(),
            classes,
            list,
            shard: r.shard.clone(),
        }
    }
}

impl Report for SquareCensus {
    const KIND: &'static str = "magic-squares";
    type Input = SquaresInput;

    fn text(&self) -> String {
        let fixed: Vec<String> = self.fixed.iter().map(|f| f.to_string()).collect();
        let mut s = format!(
            "{} magic squares of order {}{}{}: ",
            self.square_kind.name(),
            self.order,
            if fixed.is_empty() { String::new() } else { format!(" with {}", fixed.join(" ")) },
            self.shard.as_ref().map(|x| format!(" (shard {x})")).unwrap_or_default(),
        );
        s += &match self.count {
            Some(c) => format!("{c} essentially different, {} in all\n", self.total),
            None => format!("{} (every square with these cells)\n", self.total),
        };
        s += &format!(
            "method: {} ({} tasks)\n",
            match self.method {
                SquareMethod::Diagonals => "diagonals first, halves joined by masks of used numbers",
                SquareMethod::Backtrack => "plain backtracking with line-sum pruning",
            },
            self.tasks
        );
        if !self.by_centre.is_empty() {
            s += "\ncentre  squares (all)\n";
            for b in &self.by_centre {
                s += &format!("{:>6}  {:>13}\n", b.value, b.count);
            }
        }
        if let Some(classes) = &self.classes {
            s += "\nDudeney's groups (complementary pairs summing to 17, up to rotations and reflections):\n";
            s += "group         squares  pandiagonal  associative  example\n";
            for c in classes {
                let ex: Vec<String> = c.example.iter().map(|v| v.to_string()).collect();
                let yes = |b: bool| if b { "yes" } else { "no" };
                s += &format!(
                    "{:<12}  {:>7}  {:<11}  {:<11}  {}\n",
                    c.dudeney,
                    c.count,
                    yes(c.pandiagonal),
                    yes(c.associative),
                    ex.join(" ")
                );
            }
        }
        s
    }
}
