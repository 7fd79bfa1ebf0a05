//! Text and CSV of the library's census reports ([`cubelab::census::report`]).

use super::{infeasible::InfeasibleArgs, max_targets::MaxArgs, multisets::MultisetArgs};
use super::{solution::SolutionArgs, targets::TargetsArgs, universal::UniversalArgs};
use crate::output::{JsonInput, Report};
use cubelab::census::report::{
    AllSizes, AllTargets, Infeasible, MaxSet, MaxTargets, MaxTargetsSearch, Multisets, SolutionNumbers, Targets,
    Universal,
};
use cubelab::census::Method;
use std::collections::BTreeMap;

fn method_name(m: Method) -> &'static str {
    match m {
        Method::Graph => "graph",
        Method::Backtrack => "backtrack",
    }
}

fn max_set_lines(sets: &[MaxSet]) -> String {
    sets.iter().map(|m| format!("  {}  ->  {}\n", m.collection.join(" "), m.targets.join(" "))).collect()
}

impl Report for SolutionNumbers {
    const KIND: &'static str = "census-solution-numbers";
    type Input = JsonInput<SolutionArgs>;

    fn text(&self) -> String {
        let mut s = format!(
            "solution numbers for target {} over {} collections of 8 ({} method{})\n",
            self.target,
            self.collections,
            method_name(self.method),
            self.shard.as_ref().map(|x| format!(", shard {x}")).unwrap_or_default()
        );
        s += &format!("{:>16} {:>12}\n", "solution number", "collections");
        for (k, v) in &self.histogram {
            s += &format!("{k:>16} {v:>12}\n");
        }
        s += &format!("{:>16} {:>12}\n", "total", self.buildable);
        s
    }

    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let mut rows = vec![vec!["target".into(), "solution_number".into(), "collections".into()]];
        for (k, v) in &self.histogram {
            rows.push(vec![self.target.clone(), k.to_string(), v.to_string()]);
        }
        Some(rows)
    }
}

impl Report for AllTargets {
    const KIND: &'static str = "census-solution-numbers-all";
    type Input = JsonInput<SolutionArgs>;

    fn text(&self) -> String {
        let mut s = format!(
            "solution numbers for every target over {} collections of 8: {}\n",
            self.collections,
            if self.agree { "all targets have the same distribution" } else { "THE DISTRIBUTIONS DIFFER" }
        );
        for t in &self.targets {
            let cells: Vec<String> = t.histogram.iter().map(|(k, v)| format!("{k}:{v}")).collect();
            s += &format!("{:<8} {:>8}  {}\n", t.target, t.buildable, cells.join(" "));
        }
        s
    }

    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let mut rows = vec![vec!["target".into(), "solution_number".into(), "collections".into()]];
        for t in &self.targets {
            rows.extend(t.csv_rows()?.into_iter().skip(1));
        }
        Some(rows)
    }
}

impl Report for Targets {
    const KIND: &'static str = "census-targets";
    type Input = JsonInput<TargetsArgs>;

    fn text(&self) -> String {
        let mut s = format!(
            "targets built by {} sets of {} {}{}{}{}\n",
            self.sets,
            self.size,
            if self.universe == "palette7" { "Sadisticube 7 blocks (of 210; 210 targets)" } else { "cubes" },
            self.within.as_ref().map(|w| format!(" within {{{}}}", w.join(","))).unwrap_or_default(),
            self.sample.as_ref().map(|x| format!(" (random sample, seed {})", x.seed)).unwrap_or_default(),
            self.shard.as_ref().map(|x| format!(" (shard {x})")).unwrap_or_default()
        );
        s += &format!("{:>8} {:>12} {:>9}\n", "targets", "sets", "share");
        for (k, v) in &self.histogram {
            s += &format!("{k:>8} {v:>12} {:>9.5}\n", *v as f64 / self.sets.max(1) as f64);
        }
        s += &format!(
            "mean {:.4}, standard deviation {:.4}, min {}, max {} ({} sets)\n",
            self.mean,
            self.std_dev,
            self.min.map(|m| m.to_string()).unwrap_or("-".into()),
            self.max.map(|m| m.to_string()).unwrap_or("-".into()),
            self.max_count
        );
        if let (Some(se), Some(x)) = (self.std_error, &self.exact) {
            s += &format!(
                "SAMPLED figures above (the maximum is the largest seen); standard error of the mean {se:.4}\n\
                 exact mean over all {} sets of {}: {:.6}",
                x.sets.as_deref().unwrap_or("the"),
                self.size,
                x.mean
            );
            if let Some(per) = &x.sets_building_each_target {
                s += &format!("; each target is built by exactly {per} of them");
            }
            s += "\n";
        }
        if let Some(sets) = &self.max_sets {
            for set in sets {
                s += &format!("  {}\n", set.join(" "));
            }
            if (sets.len() as u64) < self.max_count {
                s += &format!("  (first {} of {} listed)\n", sets.len(), self.max_count);
            }
        }
        s
    }

    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let mut rows = vec![vec!["size".into(), "targets".into(), "sets".into()]];
        for (k, v) in &self.histogram {
            rows.push(vec![self.size.to_string(), k.to_string(), v.to_string()]);
        }
        Some(rows)
    }
}

impl Report for AllSizes {
    const KIND: &'static str = "census-targets-all";
    type Input = JsonInput<TargetsArgs>;

    fn text(&self) -> String {
        let mut s = format!("targets built by every subset ({} sets)\n", self.sets);
        s += &format!(
            "{:>4} {:>12} {:>9} {:>9} {:>4} {:>4} {:>10}\n",
            "size", "sets", "mean", "std dev", "min", "max", "at max"
        );
        for t in &self.sizes {
            s += &format!(
                "{:>4} {:>12} {:>9.4} {:>9.4} {:>4} {:>4} {:>10}\n",
                t.size,
                t.sets,
                t.mean,
                t.std_dev,
                t.min.unwrap_or(0),
                t.max.unwrap_or(0),
                t.max_count
            );
        }
        s
    }

    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let mut rows = vec![vec!["size".into(), "targets".into(), "sets".into()]];
        for t in &self.sizes {
            rows.extend(t.csv_rows()?.into_iter().skip(1));
        }
        Some(rows)
    }
}

impl Report for Universal {
    const KIND: &'static str = "census-universal";
    type Input = JsonInput<UniversalArgs>;

    fn text(&self) -> String {
        let mut s = String::new();
        if !self.none_below.is_empty() {
            s += &format!(
                "no universal set of size {}; smallest size with one: {}\n",
                self.none_below.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(", "),
                self.size
            );
        }
        if let Some(info) = &self.search {
            s += &format!(
                "local search (seed {}, {} starts): {}\n",
                info.seed,
                info.restarts,
                if self.sets.is_empty() {
                    "no universal set found (which does not prove there is none)"
                } else {
                    "found a universal set, checked by the solver against every target"
                }
            );
        }
        s += &format!(
            "{} sets of {} cubes build every target{}\n",
            self.sets.len(),
            self.size,
            self.shard.as_ref().map(|x| format!(" (shard {x})")).unwrap_or_default()
        );
        for set in &self.sets {
            s += &format!("  {}\n", set.join(" "));
        }
        if let Some(b) = &self.lower_bound {
            s += &format!("proven lower bound: every universal set has at least {} cubes ({})\n", b.size, b.argument);
        }
        s
    }

    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let mut rows = vec![vec!["size".into(), "set".into()]];
        for set in &self.sets {
            rows.push(vec![self.size.to_string(), set.join(" ")]);
        }
        Some(rows)
    }
}

impl Report for Multisets {
    const KIND: &'static str = "census-multisets";
    type Input = JsonInput<MultisetArgs>;

    fn text(&self) -> String {
        let mut s = format!("targets built by all {} multisets of 8 cubes\n", self.multisets);
        s += &format!("{:>8} {:>12}\n", "targets", "multisets");
        for (k, v) in &self.histogram {
            s += &format!("{k:>8} {v:>12}\n");
        }
        s += &format!("most targets: {} ({} multisets), for example:\n", self.max, self.max_count);
        s + &max_set_lines(&self.examples)
    }

    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let mut rows = vec![vec!["targets".into(), "multisets".into()]];
        for (k, v) in &self.histogram {
            rows.push(vec![k.to_string(), v.to_string()]);
        }
        Some(rows)
    }
}

impl Report for MaxTargets {
    const KIND: &'static str = "census-max-targets";
    type Input = JsonInput<MaxArgs>;

    fn text(&self) -> String {
        let s = format!(
            "{} collections of 8 build the most targets, {}; Theorem 7's construction gives {} collections: {}\n",
            self.collections,
            self.max,
            self.construction,
            if self.agree { "the same collections, with the same targets" } else { "THEY DIFFER" }
        );
        s + &max_set_lines(&self.sets)
    }
}

impl Report for MaxTargetsSearch {
    const KIND: &'static str = "census-max-targets-search";
    type Input = JsonInput<MaxArgs>;

    fn text(&self) -> String {
        let mut s = format!(
            "local search (seed {}, {} starts of {} swaps): 8 blocks building {} targets, checked by the solver; ",
            self.search.seed, self.search.restarts, self.steps, self.max_found
        );
        s += &match self.proven_maximum {
            Some(true) => format!(
                "exhaustive search: no 8 blocks build {}, so the maximum is exactly {}\n",
                self.max_found + 1,
                self.max_found
            ),
            _ => format!("the maximum is at least {} (no upper bound without --prove)\n", self.max_found),
        };
        s + &max_set_lines(&self.sets)
    }
}

fn multiset_text(m: &BTreeMap<String, u8>) -> String {
    let mut v: Vec<(&String, &u8)> = m.iter().collect();
    v.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    v.iter().map(|(n, &k)| if k == 1 { n.to_string() } else { format!("{k} {n}") }).collect::<Vec<_>>().join(" + ")
}

impl Report for Infeasible {
    const KIND: &'static str = "census-infeasible";
    type Input = JsonInput<InfeasibleArgs>;

    fn text(&self) -> String {
        let mut s = format!(
            "largest multisets of {} cubes{} building no target ({} method{})\n",
            self.universe,
            self.within.as_ref().map(|w| format!(" within {{{}}}", w.join(","))).unwrap_or_default(),
            method_name(self.method),
            self.shard.as_ref().map(|x| format!(", shard {x}")).unwrap_or_default()
        );
        let sizes: Vec<String> = self.sets_by_size.iter().enumerate().map(|(k, v)| format!("{k}:{v}")).collect();
        s += &format!("sets of distinct cubes building no target: {} (by size {})\n", self.supports, sizes.join(" "));
        s += &format!(
            "largest: {} cubes; {} multisets of {} build no target, in {} {} under color permutations and mirror images\n",
            self.max,
            self.count,
            self.max,
            self.classes.len(),
            if self.classes.len() == 1 { "class" } else { "classes" }
        );
        if self.shard.is_none() {
            s += &format!(
                "every multiset of {} {} builds some target (every possible support was searched)\n",
                self.max + 1,
                if self.within.is_some() { "of these cubes" } else { "cubes" }
            );
        }
        for c in &self.classes {
            s += &format!("  {}   ({} multisets)\n", multiset_text(&c.representative), c.multisets);
        }
        s
    }

    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let mut rows = vec![vec!["multiset".into(), "cube".into(), "copies".into()]];
        for (i, m) in self.multisets.iter().enumerate() {
            for (name, k) in m {
                rows.push(vec![(i + 1).to_string(), name.clone(), k.to_string()]);
            }
        }
        Some(rows)
    }
}
