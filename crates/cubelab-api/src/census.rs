//! The census commands (`census targets`, `solution-numbers`, `multisets`, `infeasible`,
//! `universal`, `max-targets`, `sobczyk`, `merge`; one module each) and the text, CSV and
//! SVG of the library's census reports ([`cubelab::census::report`]).
//!
//! A census's JSON `"input"` is its request as serialized (the checkpoint options are
//! never echoed), kept as JSON in [`CensusOutput`] (a merge prints the input read from
//! the shards), which also seals a shard's report. Every long census runs through
//! [`cubelab::census::checkpoint::run_resumable_with`] with the context's progress and
//! stop token; the checkpoint file is a request field (`checkpoint`, `resume`, `force`),
//! which the web API's [`Limits`](crate::Limits) refuse (a request names no files).

use crate::dispatch::Rendered;
use crate::error::{Error, ErrorKind, Result};
use crate::report::{render, Format, Report};
use crate::svg::BarChart;
use crate::Context;
use cubelab::census::checkpoint::{run_resumable_with, Resume};
use cubelab::census::report::{universe_cubes, CensusReport};
use cubelab::combin::binomial_u128;
use cubelab::run::{Options, Progress};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::ops::Range;

#[macro_use]
mod fields;
pub mod infeasible;
pub mod max_targets;
pub mod merge;
pub mod multisets;
pub mod sobczyk;
pub mod solution_numbers;
pub mod targets;
pub mod universal;
use cubelab::census::report::{
    AllSizes, AllTargets, Infeasible, MaxSet, MaxTargets, MaxTargetsSearch, Multisets, SolutionNumbers, Targets,
    Universal,
};
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
            count(thousands(self.max_count), "set", "sets")
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

// ------------------------------------------------------------------ shared by the censuses

/// The default of `colors`: MacMahon's 30 cubes (six colors).
pub const DEFAULT_COLORS: usize = 6;

pub(crate) fn default_colors() -> usize {
    DEFAULT_COLORS
}

/// How a census (or a stack) is computed (`method`): the two independent methods of every
/// census ([`cubelab::census::Method`]), checked against each other in the tests. The
/// command line's `--method` of `census` and `stack`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// The corner-graph theorems for 8 distinct cubes, Hall's condition otherwise (for
    /// stacks: the opposite-face multigraph). The default.
    // No help per value: each command's `--method` help says what the methods are there.
    #[default]
    #[cfg_attr(feature = "clap", value(help = None::<&str>))]
    Graph,
    /// The general solver on every collection and target (for stacks: direct search over
    /// orientations).
    #[cfg_attr(feature = "clap", value(help = None::<&str>))]
    Backtrack,
}

impl From<Method> for cubelab::census::Method {
    fn from(m: Method) -> Self {
        match m {
            Method::Graph => cubelab::census::Method::Graph,
            Method::Backtrack => cubelab::census::Method::Backtrack,
        }
    }
}

/// `palette`: whether the census is over Sadisticube 7, refusing every palette but 7.
pub(crate) fn palette7(palette: Option<usize>) -> Result<bool> {
    match palette {
        None => Ok(false),
        Some(7) => Ok(true),
        Some(p) => Err(bad(format!(
            "{{palette}} {p} is not supported: only {{palette}} 7 (Sadisticube 7, blocks over six of seven colors); \
             MacMahon's six colors are the default and other cube sets are {{colors}} N"
        ))),
    }
}

/// The cube set `C_colors` of at most 32 cubes (refused, naming the field, when larger).
pub(crate) fn universe(colors: usize) -> Result<cubelab::census::Universe> {
    cubelab::census::Universe::exact(colors).map_err(|e| Error::from(e).about("colors", colors))
}

/// The census engine over [`universe`].
pub(crate) fn engine(colors: usize) -> Result<cubelab::census::engine::Engine> {
    Ok(cubelab::census::engine::Engine::from_universe(universe(colors)?)?)
}

/// Bad input whose message names request fields as `{field}` ([`Error::naming`]: the
/// CLI writes its flags, `--size`; the other surfaces the field names).
pub(crate) fn bad(template: impl Into<String>) -> Error {
    Error::naming(ErrorKind::BadInput, template)
}

/// The refusal of `shard` and `checkpoint` by the censuses over `what` (`{palette} 7`,
/// `{colors} 4`), which are samples, searches or runs small enough to need neither.
pub(crate) fn no_shards(what: &str, runs: &str) -> Error {
    bad(format!("{what} censuses are {runs}: they take no {{shard}} or {{checkpoint}}"))
}

/// An error of the typed layer from an internal inconsistency (a bug).
pub(crate) fn internal(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Internal, message)
}

/// The context's progress under one phase name `what` (a census run's own phase name is
/// its fingerprint, which is for checkpoints, not for people). The run's per-batch
/// advances are dropped: the work inside each batch reports its own units, so a run of
/// one batch moves too.
struct Phase<'a> {
    progress: &'a (dyn Progress + Send + Sync),
    what: &'a str,
}

impl Progress for Phase<'_> {
    fn start(&self, _phase: &str, total: u64, done: u64) {
        self.progress.start(self.what, total, done);
    }
    fn advance(&self, _units: u64) {}
    fn note(&self, note: &str) {
        self.progress.note(note);
    }
    fn finish(&self) {
        self.progress.finish();
    }
}

/// Runs a census over `range` in batches of `batch` ranks
/// ([`cubelab::census::checkpoint::run_resumable_with`]) with the context's progress
/// (shown as `what`; `work` reports the ranks it has done to the observer it is given)
/// and stop token: a stop saves the checkpoint and fails with kind `Stopped`. `work` may
/// poll the token itself (the batch it cuts short is dropped, not saved).
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_census<T: Serialize + DeserializeOwned>(
    ctx: &Context,
    what: &str,
    fingerprint: &str,
    range: Range<u64>,
    batch: u64,
    resume: Resume<'_>,
    init: T,
    work: impl Fn(Range<u64>, &dyn Progress) -> cubelab::Result<T>,
    merge: impl Fn(T, T) -> T,
) -> Result<T> {
    let progress = ctx.progress();
    let phase = Phase { progress, what };
    let opts = Options { progress: &phase, stop: ctx.stop().clone(), ..Options::default() };
    Ok(run_resumable_with(fingerprint, range, batch, resume, &opts, init, |r| work(r, progress), merge)?)
}

/// Fails with kind `Stopped` when the context's token is raised (or its deadline has
/// passed): checked between the phases of the censuses whose loops take no token.
pub(crate) fn check_stop(ctx: &Context) -> Result<()> {
    if ctx.should_stop() {
        return Err(Error::new(ErrorKind::Stopped, "stopped on request"));
    }
    Ok(())
}

/// A census's report with the input it was run with (the request as serialized, or for a
/// merge the input the shards share), a shard's report sealed with it
/// ([`CensusReport::seal`]): what every census command returns.
#[derive(Debug, Clone)]
pub struct CensusOutput {
    /// The report.
    pub report: CensusReport,
    /// The input echoed in its JSON.
    pub input: serde_json::Value,
}

/// `$body` with `$r` bound to the report inside `$report` (a `&CensusReport`), whatever
/// its kind: the one match over the kinds that rendering needs.
macro_rules! each_report {
    ($report:expr, $r:ident => $body:expr) => {
        match $report {
            CensusReport::SolutionNumbers($r) => $body,
            CensusReport::AllTargets($r) => $body,
            CensusReport::Targets($r) => $body,
            CensusReport::AllSizes($r) => $body,
            CensusReport::Universal($r) => $body,
            CensusReport::Multisets($r) => $body,
            CensusReport::MaxTargets($r) => $body,
            CensusReport::MaxTargetsSearch($r) => $body,
            CensusReport::Infeasible($r) => $body,
        }
    };
}

impl CensusOutput {
    /// The output of `report` run with `input` (serialized; a shard's report is sealed).
    pub fn new(mut report: CensusReport, input: &impl Serialize) -> Result<CensusOutput> {
        let input = serde_json::to_value(input).map_err(|e| internal(e.to_string()))?;
        report.seal(&input)?;
        Ok(CensusOutput { report, input })
    }

    /// The report in `format` (bad input for CSV of a report without a CSV form).
    pub fn render(&self, format: Format) -> Result<String> {
        each_report!(&self.report, r => render(r, &self.input, format))
    }

    /// The histogram as an SVG bar chart, for the reports that have one.
    pub fn svg(&self) -> Option<String> {
        each_report!(&self.report, r => r.svg())
    }
}

impl Rendered for CensusOutput {
    fn render(&self, format: Format) -> Result<String> {
        CensusOutput::render(self, format)
    }

    fn svg(&self) -> Option<String> {
        CensusOutput::svg(self)
    }

    fn envelope(&self) -> Box<dyn erased_serde::Serialize + '_> {
        each_report!(&self.report, r => Box::new(crate::report::envelope(r, &self.input)))
    }
}

/// A histogram (value -> count) as an SVG bar chart.
fn histogram_svg(title: &str, x_label: &str, y_label: &str, hist: &BTreeMap<u64, u64>) -> String {
    let bars: Vec<(u64, u64)> = hist.iter().map(|(k, v)| (*k, *v)).collect();
    BarChart { title, x_label, y_label, bars: &bars, marks: None }.svg()
}

#[cfg(test)]
mod tests;
