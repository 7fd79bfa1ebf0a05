//! Text, CSV and SVG of the library's census reports ([`cubelab::census::report`]). Their
//! `"input"` is kept as JSON (a merge prints the input read from the shards); the command
//! line registers the schema of each census's arguments for it.

use crate::report::Report;
use cubelab::census::report::{
    AllSizes, AllTargets, Infeasible, MaxSet, MaxTargets, MaxTargetsSearch, Multisets, SolutionNumbers, Targets,
    Universal,
};
use cubelab::words::{count, noun};
use std::collections::BTreeMap;

/// A universe label of the reports (`macmahon`, `C4`, `palette7`) in words.
fn universe_words(label: &str) -> String {
    match label {
        "macmahon" => "MacMahon".to_string(),
        "palette7" => "Sadisticube 7".to_string(),
        c => match c.strip_prefix('C') {
            Some(n) => format!("C_{n}"),
            None => c.to_string(),
        },
    }
}

fn max_set_lines(sets: &[MaxSet]) -> String {
    sets.iter().map(|m| format!("  {}  ->  {}\n", m.collection.join(" "), m.targets.join(" "))).collect()
}

impl Report for SolutionNumbers {
    const KIND: &'static str = "census-solution-numbers";
    type Input = serde_json::Value;

    fn text(&self) -> String {
        let mut s = format!(
            "solution numbers for target {} over {} of 8 ({} method{})\n",
            self.target,
            count(self.collections, "collection", "collections"),
            self.method.name(),
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
    type Input = serde_json::Value;

    fn text(&self) -> String {
        let mut s = format!(
            "solution numbers for every target over {} of 8: {}\n",
            count(self.collections, "collection", "collections"),
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
    type Input = serde_json::Value;

    fn text(&self) -> String {
        let mut s = format!(
            "targets built by {} of {} {}{}{}{}\n",
            count(self.sets, "set", "sets"),
            self.size,
            match self.universe.as_str() {
                "palette7" => "Sadisticube 7 blocks (of 210; 210 targets)".to_string(),
                "macmahon" => noun(self.size, "cube", "cubes").to_string(),
                other => format!("{} of {}", noun(self.size, "cube", "cubes"), universe_words(other)),
            },
            self.within.as_ref().map(|w| format!(" within {{{}}}", w.join(","))).unwrap_or_default(),
            self.sample.as_ref().map(|x| format!(" (random sample, seed {})", x.seed)).unwrap_or_default(),
            self.shard.as_ref().map(|x| format!(" (shard {x})")).unwrap_or_default()
        );
        s += &format!("{:>8} {:>12} {:>9}\n", "targets", "sets", "share");
        for (k, v) in &self.histogram {
            s += &format!("{k:>8} {v:>12} {:>9.5}\n", *v as f64 / self.sets.max(1) as f64);
        }
        s += &format!(
            "mean {:.4}, standard deviation {:.4}, min {}, max {} ({})\n",
            self.mean,
            self.std_dev,
            self.min.map(|m| m.to_string()).unwrap_or("-".into()),
            self.max.map(|m| m.to_string()).unwrap_or("-".into()),
            count(self.max_count, "set", "sets")
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
    type Input = serde_json::Value;

    fn text(&self) -> String {
        let mut s = format!("targets built by every subset ({})\n", count(self.sets, "set", "sets"));
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
    type Input = serde_json::Value;

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
                "local search (seed {}, {}): {}\n",
                info.seed,
                count(info.restarts, "start", "starts"),
                if self.sets.is_empty() {
                    "no universal set found (which does not prove there is none)"
                } else {
                    "found a universal set, checked by the solver against every target"
                }
            );
        }
        s += &format!(
            "{} of {} {} every target{}\n",
            count(self.sets.len(), "set", "sets"),
            count(self.size, "cube", "cubes"),
            noun(self.sets.len(), "builds", "build"),
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
    type Input = serde_json::Value;

    fn text(&self) -> String {
        let mut s = format!("targets built by all {} of 8 cubes\n", count(self.multisets, "multiset", "multisets"));
        s += &format!("{:>8} {:>12}\n", "targets", "multisets");
        for (k, v) in &self.histogram {
            s += &format!("{k:>8} {v:>12}\n");
        }
        s +=
            &format!("most targets: {} ({}), for example:\n", self.max, count(self.max_count, "multiset", "multisets"));
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
    type Input = serde_json::Value;

    fn text(&self) -> String {
        let s = format!(
            "{} of 8 {} the most targets, {}; Theorem 7's construction gives {}: {}\n",
            count(self.collections, "collection", "collections"),
            noun(self.collections, "builds", "build"),
            self.max,
            count(self.construction, "collection", "collections"),
            if self.agree { "the same collections, with the same targets" } else { "THEY DIFFER" }
        );
        s + &max_set_lines(&self.sets)
    }
}

impl Report for MaxTargetsSearch {
    const KIND: &'static str = "census-max-targets-search";
    type Input = serde_json::Value;

    fn text(&self) -> String {
        let mut s = format!(
            "local search (seed {}, {} of {}): 8 blocks building {}, checked by the solver; ",
            self.search.seed,
            count(self.search.restarts, "start", "starts"),
            count(self.steps, "swap", "swaps"),
            count(self.max_found, "target", "targets")
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
    type Input = serde_json::Value;

    fn text(&self) -> String {
        let mut s = format!(
            "largest multisets of {} cubes{} building no target ({} method{})\n",
            universe_words(&self.universe),
            self.within.as_ref().map(|w| format!(" within {{{}}}", w.join(","))).unwrap_or_default(),
            self.method.name(),
            self.shard.as_ref().map(|x| format!(", shard {x}")).unwrap_or_default()
        );
        let sizes: Vec<String> = self.sets_by_size.iter().enumerate().map(|(k, v)| format!("{k}:{v}")).collect();
        s += &format!("sets of distinct cubes building no target: {} (by size {})\n", self.supports, sizes.join(" "));
        s += &format!(
            "largest: {}; {} of {} {} no target, in {} under color permutations and mirror images\n",
            count(self.max, "cube", "cubes"),
            count(self.count, "multiset", "multisets"),
            self.max,
            noun(self.count, "builds", "build"),
            count(self.classes.len(), "class", "classes")
        );
        if self.shard.is_none() {
            s += &format!(
                "every multiset of {} {} builds some target (every possible support was searched)\n",
                self.max + 1,
                if self.within.is_some() { "of these cubes" } else { "cubes" }
            );
        }
        for c in &self.classes {
            s += &format!(
                "  {}   ({})\n",
                multiset_text(&c.representative),
                count(c.multisets, "multiset", "multisets")
            );
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
