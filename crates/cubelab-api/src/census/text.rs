//! The text, CSV and SVG of the library's census reports ([`cubelab::census::report`]):
//! their [`Report`] implementations, apart from the census commands in the parent module.

use crate::report::Report;
use crate::svg::BarChart;
use cubelab::census::report::{
    universe_cubes, AllSizes, AllTargets, Infeasible, MaxSet, MaxTargets, MaxTargetsSearch, Multisets, SolutionNumbers,
    Targets, Universal,
};
use cubelab::combin::binomial_u128;
use cubelab::words::{count, noun, thousands};
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

    fn svg(&self) -> Option<String> {
        Some(histogram_svg(
            &format!(
                "Solution numbers for target {} ({})",
                self.target,
                count(self.collections, "collection", "collections")
            ),
            "solution number",
            "collections of 8",
            &self.histogram,
        ))
    }

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
            s += &format!("{k:>16} {:>12}\n", thousands(v));
        }
        s += &format!("{:>16} {:>12}\n", "total", thousands(self.buildable));
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

    fn svg(&self) -> Option<String> {
        let first = self.targets.first()?;
        Some(histogram_svg(
            &format!(
                "Solution numbers of target {}{}",
                first.target,
                if self.agree { " (every target has this distribution)" } else { " (the distributions differ)" }
            ),
            "solution number",
            "collections of 8",
            &first.histogram,
        ))
    }

    fn text(&self) -> String {
        let mut s = format!(
            "solution numbers for every target over {} of 8: {}\n",
            count(self.collections, "collection", "collections"),
            if self.agree { "all targets have the same distribution" } else { "THE DISTRIBUTIONS DIFFER" }
        );
        for t in &self.targets {
            let cells: Vec<String> = t.histogram.iter().map(|(k, v)| format!("{k}:{}", thousands(v))).collect();
            s += &format!("{:<8} {:>8}  {}\n", t.target, thousands(t.buildable), cells.join(" "));
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

    /// A sample over a universe beyond 32 cubes (the one with exact figures) says so in its
    /// title.
    fn svg(&self) -> Option<String> {
        let title = match (&self.sample, &self.exact) {
            (Some(sample), Some(_)) => format!(
                "Targets built by {} random sets of {} {} (sample, seed {})",
                sample.samples,
                self.size,
                match self.universe.as_str() {
                    "palette7" => "Sadisticube 7 blocks".to_string(),
                    other => format!("cubes of {}", universe_words(other)),
                },
                sample.seed
            ),
            _ => {
                format!("Targets built by {} of {}", count(self.sets, "set", "sets"), count(self.size, "cube", "cubes"))
            }
        };
        Some(histogram_svg(&title, "number of targets built", "sets", &self.histogram))
    }

    /// The title names the source where the paper prints the figures (Johnson & Roldán),
    /// the next line says what a set is and how many there are, then the histogram.
    fn text(&self) -> String {
        let (cube, cubes) = members(self);
        let mut s = format!(
            "targets built by each set of {}{}{}{}{}{}\n",
            count(self.size, cube, cubes),
            match self.universe.as_str() {
                "palette7" => " of Sadisticube 7 (210 targets)".to_string(),
                "macmahon" => String::new(),
                other => format!(" of {}", universe_words(other)),
            },
            self.within.as_ref().map(|w| format!(" within {{{}}}", w.join(","))).unwrap_or_default(),
            self.sample.as_ref().map(|x| format!(", in a random sample (seed {})", x.seed)).unwrap_or_default(),
            self.shard.as_ref().map(|x| format!(", in shard {x}")).unwrap_or_default(),
            targets_source(self).map(|x| format!(" ({x})")).unwrap_or_default(),
        );
        s += &set_definition(self);
        s += &target_definition(self);
        let counts: Vec<String> = self.histogram.values().map(thousands).collect();
        let w = counts.iter().map(|c| c.len() + 1).max().unwrap_or(0).max(12);
        s += &format!("{:>8} {:>w$} {:>9}\n", "targets", "sets", "share");
        for ((k, v), c) in self.histogram.iter().zip(&counts) {
            s += &format!("{k:>8} {c:>w$} {:>9.5}\n", *v as f64 / self.sets.max(1) as f64);
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
                x.sets.as_deref().map_or("the".to_string(), thousands),
                self.size,
                x.mean
            );
            if let Some(per) = &x.sets_building_each_target {
                s += &format!("; each target is built by exactly {} of them", thousands(per));
            }
            s += "\n";
        }
        if let Some(sets) = &self.max_sets {
            for set in sets {
                s += &format!("  {}\n", set.join(" "));
            }
            if (sets.len() as u64) < self.max_count {
                s += &format!("  (first {} of {} listed)\n", thousands(sets.len()), thousands(self.max_count));
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

/// Where Johnson & Roldán print this census over MacMahon's 30 cubes, if they do: Table 2
/// (every set of 8) and Figure 7 (20,000 random sets of each size 9 to 12). Their paper
/// has no other table or figure of it.
fn targets_source(t: &Targets) -> Option<String> {
    if t.universe != "macmahon" || t.within.is_some() {
        return None;
    }
    let paper = "Johnson & Roldán's";
    match (t.size, &t.sample, &t.shard) {
        (8, None, None) => Some(format!("{paper} Table 2")),
        (8, None, Some(_)) => Some(format!("one part of {paper} Table 2")),
        (8, Some(_), _) => Some(format!("a sample of the sets {paper} Table 2 counts")),
        (9..=12, _, _) => Some(format!("compare {paper} Figure 7, from 20,000 random sets of each size")),
        _ => None,
    }
}

/// What the sets of a census are made of, singular and plural: Sadisticube 7's blocks, or
/// cubes.
fn members(t: &Targets) -> (&'static str, &'static str) {
    if t.universe == "palette7" {
        ("block", "blocks")
    } else {
        ("cube", "cubes")
    }
}

/// One line: what a set is (its size, the cubes it is drawn from, distinct cubes) and how
/// many there are (and how many a shard or a sample counts).
fn set_definition(t: &Targets) -> String {
    let (cube, cubes) = members(t);
    let (n, of) = match (&t.within, t.universe.as_str()) {
        (Some(w), _) => (Some(w.len()), format!("these {}", w.len())),
        (None, "macmahon") => (Some(30), "MacMahon's 30".to_string()),
        (None, label) => {
            let n = universe_cubes(label);
            (n, format!("the {} of {}", n.map_or("-".to_string(), |n| n.to_string()), universe_words(label)))
        }
    };
    let all = match n.map(|n| (n, binomial_u128(n as u64, t.size as u64))) {
        Some((n, Some(c))) => format!("C({n},{}) = {}", t.size, thousands(c)),
        Some((n, None)) => format!("C({n},{}), more than 2^128,", t.size),
        None => "all the".to_string(),
    };
    let how_many = match (&t.sample, &t.shard) {
        (Some(x), _) => format!("{} drawn at random from the {all} sets", thousands(x.samples)),
        (None, Some(_)) => format!("this shard counts {} of the {all} sets", thousands(t.sets)),
        (None, None) => format!("there are {all} sets"),
    };
    format!("a set is {} distinct {} of {of}; {how_many}\n", t.size, noun(t.size, cube, cubes))
}

/// What a target is and what the columns count (two lines): the census's main figure
/// is read by someone who may not have the paper (docs/target.md says more).
fn target_definition(t: &Targets) -> String {
    let (_, cubes) = members(t);
    let target = match t.universe.as_str() {
        "macmahon" => "a target is one of MacMahon's 30 cubes enlarged to 2x2x2",
        "palette7" => "a target is a 2x2x2 cube with six different colors of the seven on its faces",
        _ => "a target is a 2x2x2 cube with one color on each face",
    };
    format!(
        "{target}; a set builds it when 8 of its {cubes} can be put together into it (docs/target.md)\n\
         targets: how many targets a set builds; sets: how many sets build that many; share: their part of the {} \
         sets counted\n",
        thousands(t.sets),
    )
}

impl Report for AllSizes {
    const KIND: &'static str = "census-targets-all";
    type Input = serde_json::Value;

    fn svg(&self) -> Option<String> {
        let maxes: Vec<(u64, u64)> = self.sizes.iter().map(|t| (t.size as u64, t.max.unwrap_or(0))).collect();
        let means: Vec<(u64, f64)> = self.sizes.iter().map(|t| (t.size as u64, t.mean)).collect();
        let chart = BarChart {
            title: &format!("Targets built by every subset, by size ({})", count(self.sets, "set", "sets")),
            x_label: "set size (number of cubes)",
            y_label: "targets built",
            bars: &maxes,
            marks: Some(("mean over the sets of this size", "most built by one set of this size", &means)),
        };
        Some(chart.svg())
    }

    fn text(&self) -> String {
        let mut s = format!("targets built by every subset ({})\n", count(self.sets, "set", "sets"));
        s += &format!(
            "{:>4} {:>13} {:>9} {:>9} {:>4} {:>4} {:>11}\n",
            "size", "sets", "mean", "std dev", "min", "max", "at max"
        );
        for t in &self.sizes {
            s += &format!(
                "{:>4} {:>13} {:>9.4} {:>9.4} {:>4} {:>4} {:>11}\n",
                t.size,
                thousands(t.sets),
                t.mean,
                t.std_dev,
                t.min.unwrap_or(0),
                t.max.unwrap_or(0),
                thousands(t.max_count)
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

    fn svg(&self) -> Option<String> {
        Some(histogram_svg(
            &format!("Targets built by {} of 8 cubes", count(self.multisets, "multiset", "multisets")),
            "number of targets built",
            "multisets",
            &self.histogram,
        ))
    }

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

/// A histogram (value -> count) as an SVG bar chart.
fn histogram_svg(title: &str, x_label: &str, y_label: &str, hist: &BTreeMap<u64, u64>) -> String {
    let bars: Vec<(u64, u64)> = hist.iter().map(|(k, v)| (*k, *v)).collect();
    BarChart { title, x_label, y_label, bars: &bars, marks: None }.svg()
}
