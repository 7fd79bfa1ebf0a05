//! The stack census (`stack census`, `stack merge`): its input and its text.

use crate::report::Report;
use cubelab::stack::{Method, StackCensus};
use schemars::JsonSchema;
use serde::Serialize;

/// The input of `cubelab stack census` (and of the report `stack merge` rebuilds).
#[derive(Serialize, JsonSchema)]
pub struct CensusInput {
    /// N.
    colors: usize,
    /// Multisets instead of sets.
    multisets: bool,
    /// The method.
    method: Method,
    /// The shard run (`"I/N"`), or null for the whole census.
    shard: Option<String>,
}

impl CensusInput {
    /// The input of a census report.
    pub fn of(r: &StackCensus) -> CensusInput {
        CensusInput { colors: r.colors, multisets: r.multisets, method: r.method, shard: r.shard.clone() }
    }
}

impl Report for StackCensus {
    const KIND: &'static str = "stack-census";
    type Input = CensusInput;

    fn text(&self) -> String {
        let what = if self.multisets { "multiset" } else { "set" };
        let mut s = format!(
            "stack census: every {what} of {n} cubes of C_{n} ({} cubes), stacked {n} high ({} method{})\n",
            self.cubes,
            self.method.name(),
            self.shard.as_ref().map(|x| format!(", shard {x}")).unwrap_or_default(),
            n = self.colors,
        );
        s += &format!(
            "{} collections: {} with a solution, {} with exactly one\n",
            self.collections, self.solvable, self.exactly_one
        );
        if self.max_solutions > 0 {
            s += &format!(
                "most solutions: {}, for {} collections{}\n",
                self.max_solutions,
                self.max_count,
                if self.max_count as usize > self.most.len() { ", the first of them:" } else { ":" }
            );
            for m in &self.most {
                s += &format!("  {}\n", m.join(" "));
            }
        }
        s += "\nsolutions  collections\n";
        for b in &self.histogram {
            s += &format!("{:>9}  {:>11}\n", b.value, b.count);
        }
        s
    }

    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let mut rows = vec![vec!["solutions".to_string(), "collections".to_string()]];
        rows.extend(self.histogram.iter().map(|b| vec![b.value.to_string(), b.count.to_string()]));
        Some(rows)
    }
}
