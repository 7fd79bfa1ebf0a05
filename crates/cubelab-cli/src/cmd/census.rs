//! `cubelab census`: exhaustive censuses over collections of cubes.

use crate::output::{emit, write_atomic, FormatArgs, Report};
use crate::svg;
use anyhow::Context;
use cubelab::census::checkpoint::{run_resumable, Resume};
use cubelab::census::combin::binomial;
use cubelab::census::infeasible::{classes, InfeasibleCensus, InfeasibleSearch, Part};
use cubelab::census::shard::Shard;
use cubelab::census::solution::{collections, solution_numbers};
use cubelab::census::targets::{
    prefix_count, tally, tally_all_sizes, tally_sample, universal_sets, BuildTables, Tally,
};
use cubelab::census::{Method, Universe};
use cubelab::notation::parse_cube;
use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod seven;

/// Arguments of `cubelab census`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cubelab census solution-numbers                  Johnson-Roldan Table 1 (target Ba)
  cubelab census solution-numbers --all-targets --method backtrack
  cubelab census targets --size 8                  Table 2: targets built by all 5,852,925 collections
  cubelab census targets --size 10 --list-max
  cubelab census targets --size 9 --sample 20000 --seed 1
  cubelab census targets --size all --checkpoint all.ckpt --resume
  cubelab census universal --size 12               the minimum universal sets
  cubelab census infeasible                        the largest multisets building no target
  cubelab census targets --size 8 --shard 3/8 --json > part3.json
  cubelab census merge part*.json                  identical to the unsharded run
  cubelab census targets --palette 7 --size 8 --sample 100000 --seed 1
  cubelab census universal --palette 7 --size 20 --search --seed 1")]
pub struct Args {
    #[command(subcommand)]
    command: CensusCommand,
}

#[derive(clap::Subcommand, Debug)]
enum CensusCommand {
    /// Distribution of solution numbers over all 8-collections for one target (Table 1).
    SolutionNumbers(SolutionArgs),
    /// How many targets every K-subset builds (Table 2 for K = 8; Figures 7 and 9).
    Targets(TargetsArgs),
    /// The sets of K cubes that build every target.
    Universal(UniversalArgs),
    /// Every multiset of 8 cubes (Sobczyk's puzzles, repeats allowed): targets built.
    Multisets(MultisetArgs),
    /// The 8-collections building the most targets, checked against Theorem 7.
    MaxTargets(MaxArgs),
    /// The largest multisets building no target (Haraguchi's maximum infeasible multiset),
    /// by exhausting every possible support.
    Infeasible(InfeasibleArgs),
    /// Merge the JSON outputs of the shards of one census.
    Merge(MergeArgs),
}

/// Flags shared by every census.
#[derive(clap::Args, Debug, Clone)]
struct Common {
    /// graph: corner-graph theorems and Hall's condition; backtrack: the general solver.
    #[arg(long, default_value = "graph", value_parser = ["graph", "backtrack"])]
    method: String,
    /// Cubes using exactly N colors (C_N); only N with at most 32 cubes (1, 2, 3, 6).
    #[arg(long, value_name = "N", default_value_t = 6)]
    colors: usize,
    /// Sadisticube 7: the 210 blocks colored with six of seven colors, and the 210 proper
    /// targets (only 7 is supported; sampled, --within and search censuses).
    #[arg(long, value_name = "7", conflicts_with = "colors")]
    palette: Option<usize>,
    /// Run only part I of N of the census (merge the parts with `census merge`).
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Save progress to this file after every batch.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Continue from the checkpoint file if it exists.
    #[arg(long, requires = "checkpoint")]
    resume: bool,
    /// Draw the histogram as SVG to this file.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    #[command(flatten)]
    format: FormatArgs,
}

#[derive(clap::Args, Debug)]
struct SolutionArgs {
    /// The target (any notation); default Ba.
    #[arg(long, default_value = "Ba")]
    target: String,
    /// Run every target and say whether their distributions agree.
    #[arg(long)]
    all_targets: bool,
    #[command(flatten)]
    common: Common,
}

#[derive(clap::Args, Debug)]
struct TargetsArgs {
    /// Set size K (0..=30), or `all` for every size in one pass.
    #[arg(long, value_name = "K|all")]
    size: String,
    /// List the sets that reach the maximum.
    #[arg(long)]
    list_max: bool,
    /// Only subsets of this set (comma-separated cubes, e.g. Haraguchi's twelve).
    #[arg(long, value_name = "SET", value_delimiter = ',')]
    within: Option<Vec<String>>,
    /// Sample N random sets instead of all of them (as Johnson-Roldan's study did).
    #[arg(long, value_name = "N")]
    sample: Option<u64>,
    /// Seed of the random sample.
    #[arg(long, value_name = "S", default_value_t = 1, requires = "sample")]
    seed: u64,
    #[command(flatten)]
    common: Common,
}

#[derive(clap::Args, Debug)]
struct UniversalArgs {
    /// Set size K; without it, the smallest K for which a universal set exists.
    #[arg(long, value_name = "K")]
    size: Option<usize>,
    /// Look for one universal set by seeded local search instead of enumerating all sets
    /// (for cube sets too large to enumerate, such as --colors 4: C(68,10) sets).
    #[arg(long, requires = "size")]
    search: bool,
    /// Seed of the search.
    #[arg(long, default_value_t = 1, requires = "search")]
    seed: u64,
    /// Random starts of the search.
    #[arg(long, default_value_t = 100, requires = "search")]
    restarts: usize,
    /// Swaps per start of the search.
    #[arg(long, default_value_t = 20_000, requires = "search")]
    steps: usize,
    #[command(flatten)]
    common: Common,
}

#[derive(clap::Args, Debug)]
struct MultisetArgs {
    /// Multiset size (only 8: the 2x2x2 puzzle uses all its blocks).
    #[arg(long, default_value_t = 8)]
    size: usize,
    #[command(flatten)]
    common: Common,
}

#[derive(clap::Args, Debug)]
struct MaxArgs {
    /// Seed of the local search (--palette 7, where the census is a search) [default: 1].
    #[arg(long)]
    seed: Option<u64>,
    /// Random starts of the local search (--palette 7) [default: 40].
    #[arg(long)]
    restarts: Option<usize>,
    /// Swaps per start of the local search (--palette 7) [default: 5000].
    #[arg(long)]
    steps: Option<usize>,
    /// With --palette 7: also prove that no 8 blocks build one target more than the search
    /// found (an exhaustive branch-and-bound; minutes).
    #[arg(long)]
    prove: bool,
    #[command(flatten)]
    common: Common,
}

#[derive(clap::Args, Debug)]
struct InfeasibleArgs {
    /// Only multisets of these cubes (comma-separated).
    #[arg(long, value_name = "SET", value_delimiter = ',')]
    within: Option<Vec<String>>,
    #[command(flatten)]
    common: Common,
}

#[derive(clap::Args, Debug)]
struct MergeArgs {
    /// JSON outputs of the shards (all shards of one census, any order).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    #[command(flatten)]
    format: FormatArgs,
    /// Draw the merged histogram as SVG to this file.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

/// Runs `cubelab census`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if let Some(common) = args.command.common() {
        if let Some(p) = common.palette {
            seven::check_palette(p)?;
            return seven::run(args.command);
        }
        // C_4 and C_5 are beyond the 32-cube engine: the targets census runs on the 256-bit one.
        let n = common.colors;
        if matches!(n, 4 | 5) {
            if let CensusCommand::Targets(a) = args.command {
                return seven::run_colors(n, a);
            }
        }
    }
    match args.command {
        CensusCommand::SolutionNumbers(a) => run_solution(a),
        CensusCommand::Targets(a) => run_targets(a),
        CensusCommand::Universal(a) => run_universal(a),
        CensusCommand::Multisets(a) => run_multisets(a),
        CensusCommand::MaxTargets(a) => run_max(a),
        CensusCommand::Infeasible(a) => run_infeasible(a),
        CensusCommand::Merge(a) => run_merge(a),
    }
}

impl CensusCommand {
    /// The common flags, for every census but `merge`.
    fn common(&self) -> Option<&Common> {
        match self {
            CensusCommand::SolutionNumbers(a) => Some(&a.common),
            CensusCommand::Targets(a) => Some(&a.common),
            CensusCommand::Universal(a) => Some(&a.common),
            CensusCommand::Multisets(a) => Some(&a.common),
            CensusCommand::MaxTargets(a) => Some(&a.common),
            CensusCommand::Infeasible(a) => Some(&a.common),
            CensusCommand::Merge(_) => None,
        }
    }
}

fn universe(colors: usize) -> anyhow::Result<Universe> {
    Ok(Universe::exact(colors)?)
}

fn universe_label(colors: usize) -> String {
    if colors == 6 {
        "macmahon".into()
    } else {
        format!("C{colors}")
    }
}

fn progress_bar(total: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{msg} [{elapsed_precise}] {bar:40} {percent}% eta {eta}")
            .expect("valid template"),
    );
    bar.set_message(what.to_string());
    bar
}

impl Common {
    fn method(&self) -> Method {
        self.method.parse().expect("clap checked the value")
    }

    fn shard(&self) -> anyhow::Result<Shard> {
        Ok(match &self.shard {
            Some(s) => Shard::parse(s)?,
            None => Shard::ALL,
        })
    }

    fn shard_label(&self) -> anyhow::Result<Option<String>> {
        let s = self.shard()?;
        Ok((s != Shard::ALL).then(|| s.to_string()))
    }

    fn resume(&self) -> Resume<'_> {
        Resume { path: self.checkpoint.as_deref(), resume: self.resume }
    }
}

fn plot_histogram(path: &Path, title: &str, x_label: &str, hist: &BTreeMap<u64, u64>) -> anyhow::Result<()> {
    let bars: Vec<(String, u64)> = hist.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    write_atomic(path, svg::bar_chart(title, x_label, &bars).as_bytes())
}

// ---------------------------------------------------------------- solution numbers

#[derive(Serialize, Deserialize, Clone)]
struct SolutionOut {
    census: String,
    universe: String,
    method: Method,
    target: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shard: Option<String>,
    collections: u64,
    /// Collections with a nonzero solution number.
    buildable: u64,
    histogram: BTreeMap<u64, u64>,
}

#[derive(Serialize, Deserialize, Clone)]
struct AllTargetsOut {
    census: String,
    universe: String,
    method: Method,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shard: Option<String>,
    collections: u64,
    agree: bool,
    targets: Vec<SolutionOut>,
}

impl Report for SolutionOut {
    fn text(&self) -> String {
        let mut s = format!(
            "solution numbers for target {} over {} collections of 8 ({} method{})\n",
            self.target,
            self.collections,
            serde_json::to_value(self.method).expect("serialisable").as_str().unwrap_or(""),
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

impl Report for AllTargetsOut {
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

fn solution_for(u: &Universe, t: usize, c: &Common, bar: &ProgressBar) -> anyhow::Result<SolutionOut> {
    let total = collections(u);
    let range = c.shard()?.range(total);
    let fingerprint =
        format!("solution-numbers {} {} {:?} {}", universe_label(c.colors), u.names[t], c.method(), c.shard()?);
    let method = c.method();
    let histogram = run_resumable(
        &fingerprint,
        range,
        1 << 20,
        c.resume(),
        BTreeMap::new(),
        |r| solution_numbers(u, t, method, r, &|n| bar.inc(n)).expect("method checked before the run"),
        |mut a: BTreeMap<u64, u64>, b| {
            for (k, v) in b {
                *a.entry(k).or_insert(0) += v;
            }
            a
        },
    )?;
    Ok(SolutionOut {
        census: "solution-numbers".into(),
        universe: universe_label(c.colors),
        method,
        target: u.names[t].clone(),
        shard: c.shard_label()?,
        collections: total,
        buildable: histogram.values().sum(),
        histogram,
    })
}

fn run_solution(a: SolutionArgs) -> anyhow::Result<()> {
    let c = &a.common;
    let u = universe(c.colors)?;
    if c.method() == Method::Graph && !u.simple {
        anyhow::bail!("--method graph needs six-colored cubes (each fits a corner in one way); use --method backtrack");
    }
    let targets: Vec<usize> = if a.all_targets {
        if c.checkpoint.is_some() {
            anyhow::bail!("--checkpoint is for one target at a time; shard --all-targets runs instead");
        }
        (0..u.len()).collect()
    } else {
        let t = parse_cube(&a.target).map_err(|e| cubelab::notation::at_position(e, "--target"))?;
        vec![u.index_of(&t).with_context(|| format!("--target: '{}' is not one of this census's cubes", a.target))?]
    };
    let bar = progress_bar(c.shard()?.range(collections(&u)).end * targets.len() as u64, "solution numbers");
    let bar_start = c.shard()?.range(collections(&u)).start * targets.len() as u64;
    bar.set_position(bar_start);
    let outs: Vec<SolutionOut> =
        targets.iter().map(|&t| solution_for(&u, t, c, &bar)).collect::<anyhow::Result<_>>()?;
    bar.finish_and_clear();
    if a.all_targets {
        let agree = outs.windows(2).all(|w| w[0].histogram == w[1].histogram);
        let out = AllTargetsOut {
            census: "solution-numbers-all".into(),
            universe: universe_label(c.colors),
            method: c.method(),
            shard: c.shard_label()?,
            collections: collections(&u),
            agree,
            targets: outs,
        };
        finish_solution_all(&out, c.plot.as_deref(), &c.format)
    } else {
        finish_solution(&outs[0], c.plot.as_deref(), &c.format)
    }
}

fn finish_solution(out: &SolutionOut, plot: Option<&Path>, format: &FormatArgs) -> anyhow::Result<()> {
    if let Some(p) = plot {
        plot_histogram(p, &format!("Solution numbers for target {}", out.target), "solution number", &out.histogram)?;
    }
    emit(out, format.format())
}

fn finish_solution_all(out: &AllTargetsOut, plot: Option<&Path>, format: &FormatArgs) -> anyhow::Result<()> {
    if let (Some(p), Some(first)) = (plot, out.targets.first()) {
        plot_histogram(p, "Solution numbers (every target)", "solution number", &first.histogram)?;
    }
    emit(out, format.format())
}

// ---------------------------------------------------------------- targets

#[derive(Serialize, Deserialize, Clone)]
struct TargetsOut {
    census: String,
    universe: String,
    method: Method,
    size: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    within: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sample: Option<Sample>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shard: Option<String>,
    sets: u64,
    histogram: BTreeMap<u64, u64>,
    mean: f64,
    std_dev: f64,
    min: Option<u64>,
    max: Option<u64>,
    /// Number of sets reaching the maximum.
    max_count: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    max_sets: Option<Vec<Vec<String>>>,
    /// For a sample: the standard error of the sampled mean (std_dev / sqrt(sets)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    std_error: Option<f64>,
    /// For a sample, figures computed exactly (not sampled).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    exact: Option<Exact>,
}

/// Exact figures reported beside a sample.
#[derive(Serialize, Deserialize, Clone)]
struct Exact {
    /// The exact mean number of targets over all sets of this size.
    mean: f64,
    /// The number of sets of this size (a decimal string: it can exceed 64 bits; absent
    /// beyond 128 bits).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sets: Option<String>,
    /// How many of them build any one given target (the same for every target).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sets_building_each_target: Option<String>,
}

#[derive(Serialize, Deserialize, Clone, PartialEq, Eq)]
struct Sample {
    samples: u64,
    seed: u64,
}

#[derive(Serialize, Deserialize, Clone)]
struct AllSizesOut {
    census: String,
    universe: String,
    method: Method,
    size: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    within: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shard: Option<String>,
    sets: u64,
    sizes: Vec<TargetsOut>,
}

impl TargetsOut {
    fn from_tally(base: &TargetsBase, size: usize, t: &Tally, u: &Universe) -> TargetsOut {
        let histogram: BTreeMap<u64, u64> =
            t.histogram.iter().enumerate().filter(|(_, &v)| v > 0).map(|(k, &v)| (k as u64, v)).collect();
        let max = t.max();
        TargetsOut {
            census: "targets".into(),
            universe: base.universe.clone(),
            method: base.method,
            size,
            within: base.within.clone(),
            sample: base.sample.clone(),
            shard: base.shard.clone(),
            sets: t.sets,
            mean: round6(t.mean()),
            std_dev: round6(t.std_dev()),
            min: histogram.keys().next().copied(),
            max: max.map(|m| m as u64),
            max_count: max.map(|m| t.histogram[m]).unwrap_or(0),
            max_sets: base.list_max.then(|| t.max_sets.iter().map(|&s| u.set_names(s)).collect()),
            histogram,
            std_error: None,
            exact: None,
        }
    }

    fn to_tally(&self, u: &Universe) -> anyhow::Result<Tally> {
        let mut t = Tally::new(u.len());
        t.sets = self.sets;
        for (&k, &v) in &self.histogram {
            *t.histogram.get_mut(k as usize).context("histogram entry beyond the number of targets")? = v;
        }
        if let Some(sets) = &self.max_sets {
            t.max_sets = sets.iter().map(|names| u.parse_set(names)).collect::<Result<_, _>>()?;
        }
        Ok(t)
    }
}

/// Six decimals, so that text and JSON agree across machines and merges.
fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

struct TargetsBase {
    universe: String,
    method: Method,
    within: Option<Vec<String>>,
    sample: Option<Sample>,
    shard: Option<String>,
    list_max: bool,
}

impl Report for TargetsOut {
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

impl Report for AllSizesOut {
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

fn run_targets(a: TargetsArgs) -> anyhow::Result<()> {
    let c = &a.common;
    let u = universe(c.colors)?;
    let within = match &a.within {
        Some(names) => u.parse_set(names).map_err(|e| cubelab::notation::at_position(e, "--within"))?,
        None => {
            if u.len() == 32 {
                u32::MAX
            } else {
                (1u32 << u.len()) - 1
            }
        }
    };
    let n = within.count_ones() as usize;
    let sizes: Vec<usize> = if a.size == "all" {
        (0..=n).collect()
    } else {
        let k: usize = a.size.parse().map_err(|_| anyhow::anyhow!("--size: '{}' is not a number or 'all'", a.size))?;
        if k > n {
            anyhow::bail!("--size: {k} is larger than the {n} cubes available");
        }
        vec![k]
    };
    if a.sample.is_some() && (a.size == "all" || c.shard.is_some() || c.checkpoint.is_some()) {
        anyhow::bail!("--sample takes one --size and no --shard or --checkpoint");
    }
    if sizes != [8] {
        BuildTables::check_lookup_possible(&u)?;
    }
    let tables = BuildTables::new(&u, c.method())?;
    let base = TargetsBase {
        universe: universe_label(c.colors),
        method: c.method(),
        within: a.within.as_ref().map(|_| u.set_names(within)),
        sample: a.sample.map(|samples| Sample { samples, seed: a.seed }),
        shard: c.shard_label()?,
        list_max: a.list_max,
    };
    let shard = c.shard()?;
    let mut outs = Vec::new();
    if let Some(samples) = a.sample {
        let t = tally_sample(&tables, sizes[0], within, samples, a.seed);
        outs.push(TargetsOut::from_tally(&base, sizes[0], &t, &u));
    } else if a.size == "all" {
        // Every subset at once: a depth-first walk, split into prefixes of the highest cubes.
        let range = shard.range(prefix_count(n));
        let bar = progress_bar(range.end - range.start, "every subset");
        let fingerprint = format!(
            "targets-all {} {:?} within={within:#x} list_max={} shard={shard}",
            base.universe, base.method, a.list_max
        );
        let tallies: Vec<Tally> = run_resumable(
            &fingerprint,
            range,
            16,
            c.resume(),
            vec![Tally::new(u.len()); n + 1],
            |r| tally_all_sizes(&tables, within, r, a.list_max, &|x| bar.inc(x)),
            |acc: Vec<Tally>, part| acc.into_iter().zip(part).map(|(x, y)| x.merge(y)).collect(),
        )?;
        bar.finish_and_clear();
        for (k, t) in tallies.iter().enumerate() {
            outs.push(TargetsOut::from_tally(&base, k, t, &u));
        }
    } else {
        let k = sizes[0];
        let range = shard.range(binomial(n as u64, k as u64));
        let bar = progress_bar(range.end - range.start, "targets census");
        let fingerprint = format!(
            "targets {} {:?} size={k} within={within:#x} list_max={} shard={shard}",
            base.universe, base.method, a.list_max
        );
        let t = run_resumable(
            &fingerprint,
            range,
            1 << 24,
            c.resume(),
            Tally::new(u.len()),
            |r| tally(&tables, k, within, r, a.list_max, &|x| bar.inc(x)),
            Tally::merge,
        )?;
        bar.finish_and_clear();
        outs.push(TargetsOut::from_tally(&base, k, &t, &u));
    }
    if a.size == "all" {
        let out = AllSizesOut {
            census: "targets-all".into(),
            universe: base.universe.clone(),
            method: base.method,
            size: "all".into(),
            within: base.within.clone(),
            shard: base.shard.clone(),
            sets: outs.iter().map(|o| o.sets).sum(),
            sizes: outs,
        };
        finish_all_sizes(&out, c.plot.as_deref(), &c.format)
    } else {
        finish_targets(&outs[0], c.plot.as_deref(), &c.format)
    }
}

fn finish_targets(out: &TargetsOut, plot: Option<&Path>, format: &FormatArgs) -> anyhow::Result<()> {
    if let Some(p) = plot {
        plot_histogram(
            p,
            &format!("Targets built by sets of {} cubes ({} sets)", out.size, out.sets),
            "number of targets built",
            &out.histogram,
        )?;
    }
    emit(out, format.format())
}

fn finish_all_sizes(out: &AllSizesOut, plot: Option<&Path>, format: &FormatArgs) -> anyhow::Result<()> {
    if let Some(p) = plot {
        let maxes: BTreeMap<u64, u64> = out.sizes.iter().map(|t| (t.size as u64, t.max.unwrap_or(0))).collect();
        plot_histogram(p, "Most targets built, by set size", "set size", &maxes)?;
    }
    emit(out, format.format())
}

// ---------------------------------------------------------------- universal

#[derive(Serialize, Deserialize, Clone)]
struct UniversalOut {
    census: String,
    universe: String,
    method: Method,
    size: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shard: Option<String>,
    /// Sizes below `size` that were searched and have no universal set.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    none_below: Vec<usize>,
    sets: Vec<Vec<String>>,
    /// Set when the sets were found by local search (so the list need not be complete).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    search: Option<SearchInfo>,
    /// A proven lower bound on the size of a universal set, with its argument.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lower_bound: Option<LowerBound>,
}

#[derive(Serialize, Deserialize, Clone)]
struct LowerBound {
    /// Every universal set has at least this many cubes.
    size: usize,
    /// Why, in one sentence.
    argument: String,
}

#[derive(Serialize, Deserialize, Clone)]
struct SearchInfo {
    seed: u64,
    restarts: usize,
    /// Every set listed was checked by the general solver against every target.
    verified: bool,
}

impl Report for UniversalOut {
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

fn run_universal(a: UniversalArgs) -> anyhow::Result<()> {
    let c = &a.common;
    if a.search {
        return run_universal_search(&a);
    }
    let u = universe(c.colors)?;
    BuildTables::check_lookup_possible(&u)?;
    let tables = BuildTables::new(&u, c.method())?;
    let all = if u.len() == 32 { u32::MAX } else { (1u32 << u.len()) - 1 };
    let shard = c.shard()?;
    let search = |k: usize| -> anyhow::Result<Vec<u32>> {
        let total = binomial(u.len() as u64, k as u64);
        let range = shard.range(total);
        let bar = progress_bar(range.end - range.start, &format!("universal sets of {k}"));
        let fingerprint = format!("universal {} {:?} size={k} shard={shard}", universe_label(c.colors), c.method());
        let found = run_resumable(
            &fingerprint,
            range,
            1 << 24,
            c.resume(),
            Vec::new(),
            |r| {
                let n = r.end - r.start;
                let v = universal_sets(&tables, k, all, r);
                bar.inc(n);
                v
            },
            |mut acc: Vec<u32>, part| {
                acc.extend(part);
                acc
            },
        )?;
        bar.finish_and_clear();
        Ok(found)
    };
    let (size, none_below, found) = match a.size {
        Some(k) => {
            if k > u.len() {
                anyhow::bail!("--size: {k} is larger than the {} cubes available", u.len());
            }
            (k, Vec::new(), search(k)?)
        }
        None => {
            if shard != Shard::ALL || c.checkpoint.is_some() {
                anyhow::bail!("give --size to shard or checkpoint a universal-set search");
            }
            let mut none = Vec::new();
            let mut k = 8;
            loop {
                let f = search(k)?;
                if !f.is_empty() || k == u.len() {
                    break (k, none, f);
                }
                none.push(k);
                k += 1;
            }
        }
    };
    let out = UniversalOut {
        census: "universal".into(),
        universe: universe_label(c.colors),
        method: c.method(),
        size,
        shard: c.shard_label()?,
        none_below,
        sets: found.iter().map(|&s| u.set_names(s)).collect(),
        search: None,
        lower_bound: None,
    };
    emit(&out, c.format.format())
}

fn run_universal_search(a: &UniversalArgs) -> anyhow::Result<()> {
    use cubelab::census::search::{fit_matrix, search_universal};
    let c = &a.common;
    let k = a.size.expect("clap requires --size with --search");
    let cubes = cubelab::coloring::exact_colorings(c.colors)?;
    if k > cubes.len() || k < 8 {
        anyhow::bail!("--size: {k} is not between 8 and the {} cubes available", cubes.len());
    }
    let fits = fit_matrix(&cubes, &cubes)?;
    let spinner = ProgressBar::new_spinner();
    spinner.set_message(format!("searching for {k} cubes that build all {}", cubes.len()));
    let found = search_universal(&fits, cubes.len(), k, a.seed, a.restarts, a.steps);
    spinner.finish_and_clear();
    let mut sets = Vec::new();
    if let Some(set) = found {
        let chosen: Vec<_> = set.iter().map(|&i| cubes[i]).collect();
        let blocks = cubelab::target::Blocks::new(&chosen)?;
        for t in &cubes {
            if blocks.count(t)? == 0 {
                anyhow::bail!("internal error: the search's set does not build {t}");
            }
        }
        sets.push(chosen.iter().map(|x| cubelab::notation::names_of(x).short().unwrap_or(x.face_string())).collect());
    }
    let out = UniversalOut {
        census: "universal".into(),
        universe: universe_label(c.colors),
        method: c.method(),
        size: k,
        shard: None,
        none_below: Vec::new(),
        sets,
        search: Some(SearchInfo { seed: a.seed, restarts: a.restarts, verified: true }),
        lower_bound: None,
    };
    emit(&out, c.format.format())
}

// ---------------------------------------------------------------- multisets

#[derive(Serialize)]
struct MultisetOut {
    census: String,
    universe: String,
    method: Method,
    multisets: u64,
    histogram: BTreeMap<u64, u64>,
    max: u64,
    max_count: u64,
    /// Some multisets reaching the maximum, with the targets they build.
    examples: Vec<MaxSet>,
}

impl Report for MultisetOut {
    fn text(&self) -> String {
        let mut s = format!("targets built by all {} multisets of 8 cubes\n", self.multisets);
        s += &format!("{:>8} {:>12}\n", "targets", "multisets");
        for (k, v) in &self.histogram {
            s += &format!("{k:>8} {v:>12}\n");
        }
        s += &format!("most targets: {} ({} multisets), for example:\n", self.max, self.max_count);
        for e in &self.examples {
            s += &format!("  {}  ->  {}\n", e.collection.join(" "), e.targets.join(" "));
        }
        s
    }

    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let mut rows = vec![vec!["targets".into(), "multisets".into()]];
        for (k, v) in &self.histogram {
            rows.push(vec![k.to_string(), v.to_string()]);
        }
        Some(rows)
    }
}

fn run_multisets(a: MultisetArgs) -> anyhow::Result<()> {
    let c = &a.common;
    if a.size != 8 {
        anyhow::bail!("--size: a 2x2x2 puzzle uses exactly 8 blocks, so only --size 8 is a census of puzzles");
    }
    if c.shard.is_some() || c.checkpoint.is_some() {
        anyhow::bail!("the multiset census takes seconds; it has no --shard or --checkpoint");
    }
    let u = universe(c.colors)?;
    let spinner = ProgressBar::new_spinner();
    spinner.set_message("multisets of 8");
    let census = cubelab::census::multiset::multiset_census(&u, c.method())?;
    spinner.finish_and_clear();
    let histogram: BTreeMap<u64, u64> =
        census.histogram.iter().enumerate().filter(|(_, &v)| v > 0).map(|(k, &v)| (k as u64, v)).collect();
    let max = histogram.keys().next_back().copied().unwrap_or(0);
    let examples = census
        .max_examples
        .iter()
        .take(20)
        .map(|types| {
            let targets: Vec<String> = (0..u.len())
                .filter(|&t| cubelab::census::multiset::multiset_builds(&u, t, types, c.method()).unwrap_or(false))
                .map(|t| u.names[t].clone())
                .collect();
            MaxSet { collection: types.iter().map(|&i| u.names[i].clone()).collect(), targets }
        })
        .collect();
    let out = MultisetOut {
        census: "multisets".into(),
        universe: universe_label(c.colors),
        method: c.method(),
        multisets: census.multisets,
        max,
        max_count: histogram.get(&max).copied().unwrap_or(0),
        histogram,
        examples,
    };
    if let Some(p) = &c.plot {
        plot_histogram(p, "Targets built by multisets of 8 cubes", "number of targets built", &out.histogram)?;
    }
    emit(&out, c.format.format())
}

// ---------------------------------------------------------------- max targets

#[derive(Serialize)]
struct MaxOut {
    census: String,
    max: usize,
    collections: usize,
    construction: usize,
    /// The census's maximal collections are exactly Theorem 7's construction.
    agree: bool,
    sets: Vec<MaxSet>,
}

#[derive(Serialize)]
struct MaxSet {
    collection: Vec<String>,
    targets: Vec<String>,
}

impl Report for MaxOut {
    fn text(&self) -> String {
        let mut s = format!(
            "{} collections of 8 build the most targets, {}; Theorem 7's construction gives {} collections: {}\n",
            self.collections,
            self.max,
            self.construction,
            if self.agree { "the same collections, with the same targets" } else { "THEY DIFFER" }
        );
        for m in &self.sets {
            s += &format!("  {}  ->  {}\n", m.collection.join(" "), m.targets.join(" "));
        }
        s
    }
}

/// Johnson–Roldán Theorem 7: choose 3 columns P and 4 rows (2 in P, 2 not), or the same with
/// rows and columns exchanged; the five targets are outside the chosen rows and columns, the
/// collection is the 10 cubes at the crossings less the mirrors of two targets.
fn theorem_7(u: &Universe) -> Vec<(u32, u32)> {
    let index = |r: usize, c: usize| -> Option<usize> {
        let name = format!("{}{}", (b'A' + r as u8) as char, (b'a' + c as u8) as char);
        u.names.iter().position(|n| *n == name)
    };
    let mut out = Vec::new();
    for transpose in [false, true] {
        let at = |r: usize, c: usize| if transpose { index(c, r) } else { index(r, c) };
        for p in 0u32..64 {
            if p.count_ones() != 3 {
                continue;
            }
            for rows in 0u32..64 {
                if rows.count_ones() != 4 || (rows & p).count_ones() != 2 {
                    continue;
                }
                let mut targets = 0u32;
                let mut crossing = 0u32;
                for r in 0..6 {
                    for col in 0..6 {
                        if let Some(i) = at(r, col) {
                            let in_rows = rows >> r & 1 == 1;
                            let in_cols = p >> col & 1 == 1;
                            if !in_rows && !in_cols {
                                targets |= 1 << i;
                            }
                            if in_rows && in_cols {
                                crossing |= 1 << i;
                            }
                        }
                    }
                }
                let mut collection = crossing;
                for t in 0..u.len() {
                    if targets >> t & 1 == 1 {
                        let mirror = u.cubes[t].mirror();
                        if let Some(m) = u.index_of(&mirror) {
                            collection &= !(1 << m);
                        }
                    }
                }
                out.push((collection, targets));
            }
        }
    }
    out.sort_unstable();
    out
}

fn run_max(a: MaxArgs) -> anyhow::Result<()> {
    let c = &a.common;
    if a.prove {
        anyhow::bail!("--prove is for --palette 7: the census over MacMahon's cubes is exhaustive already");
    }
    if a.seed.is_some() || a.restarts.is_some() || a.steps.is_some() {
        anyhow::bail!(
            "--seed, --restarts and --steps are for --palette 7: the census over MacMahon's cubes is exhaustive"
        );
    }
    if c.colors != 6 {
        anyhow::bail!("max-targets checks Theorem 7, which is about MacMahon's cubes (--colors 6)");
    }
    let u = universe(6)?;
    let tables = BuildTables::new(&u, c.method())?;
    let all = (1u32 << u.len()) - 1;
    let bar = progress_bar(binomial(30, 8), "max targets");
    let t = tally(&tables, 8, all, 0..binomial(30, 8), true, &|n| bar.inc(n));
    bar.finish_and_clear();
    let max = t.max().unwrap_or(0);
    let mut found: Vec<(u32, u32)> = t.max_sets.iter().map(|&s| (s, tables.built(s))).collect();
    found.sort_unstable();
    let construction = theorem_7(&u);
    let out = MaxOut {
        census: "max-targets".into(),
        max,
        collections: found.len(),
        construction: construction.len(),
        agree: found == construction,
        sets: found.iter().map(|&(s, t)| MaxSet { collection: u.set_names(s), targets: u.set_names(t) }).collect(),
    };
    emit(&out, c.format.format())
}

// ---------------------------------------------------------------- infeasible multisets

#[derive(Serialize, Deserialize, Clone)]
struct InfeasibleOut {
    census: String,
    universe: String,
    method: Method,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    within: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shard: Option<String>,
    /// Sets of distinct cubes building no target (the possible supports), the empty set included.
    supports: u64,
    /// `sets_by_size[k]`: such sets of k cubes.
    sets_by_size: Vec<u64>,
    /// The largest size of a multiset building no target.
    max: usize,
    /// Number of multisets of that size building no target.
    count: u64,
    /// Classes of those multisets under color permutations and mirror images.
    classes: Vec<InfeasibleClass>,
    /// Every multiset of that size building no target: cube name → copies.
    multisets: Vec<BTreeMap<String, u8>>,
}

#[derive(Serialize, Deserialize, Clone)]
struct InfeasibleClass {
    representative: BTreeMap<String, u8>,
    multisets: usize,
}

fn multiset_names(u: &Universe, m: &[u8]) -> BTreeMap<String, u8> {
    m.iter().enumerate().filter(|(_, &k)| k > 0).map(|(c, &k)| (u.names[c].clone(), k)).collect()
}

fn multiset_text(m: &BTreeMap<String, u8>) -> String {
    let mut v: Vec<(&String, &u8)> = m.iter().collect();
    v.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    v.iter().map(|(n, &k)| if k == 1 { n.to_string() } else { format!("{k} {n}") }).collect::<Vec<_>>().join(" + ")
}

impl InfeasibleOut {
    fn new(
        u: &Universe,
        universe: &str,
        method: Method,
        within: Option<Vec<String>>,
        shard: Option<String>,
        c: &InfeasibleCensus,
    ) -> InfeasibleOut {
        let classes = classes(&c.maximum, &u.symmetries(true))
            .into_iter()
            .map(|(rep, n)| InfeasibleClass { representative: multiset_names(u, &rep), multisets: n })
            .collect();
        InfeasibleOut {
            census: "infeasible".into(),
            universe: universe.into(),
            method,
            within,
            shard,
            supports: c.supports,
            sets_by_size: c.sets_by_size.clone(),
            max: c.max,
            count: c.count,
            classes,
            multisets: c.maximum.iter().map(|m| multiset_names(u, m)).collect(),
        }
    }

    fn to_part(&self, u: &Universe) -> anyhow::Result<Part> {
        let multisets = self
            .multisets
            .iter()
            .map(|m| {
                let mut v = vec![0u8; u.len()];
                for (name, &k) in m {
                    let c = parse_cube(name).ok().and_then(|x| u.index_of(&x));
                    v[c.with_context(|| format!("unknown cube '{name}' in a multiset"))?] = k;
                }
                Ok(v)
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Part { sets_by_size: self.sets_by_size.clone(), max: self.max, count: self.count, multisets })
    }
}

impl Report for InfeasibleOut {
    fn text(&self) -> String {
        let mut s = format!(
            "largest multisets of {} cubes{} building no target ({} method{})\n",
            self.universe,
            self.within.as_ref().map(|w| format!(" within {{{}}}", w.join(","))).unwrap_or_default(),
            serde_json::to_value(self.method).expect("serialisable").as_str().unwrap_or(""),
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

fn run_infeasible(a: InfeasibleArgs) -> anyhow::Result<()> {
    let c = &a.common;
    if c.plot.is_some() {
        anyhow::bail!("--plot: the infeasible census has no histogram to draw");
    }
    if c.colors != 6 {
        anyhow::bail!(
            "--colors {}: the infeasible census is for MacMahon's cubes (--colors 6); over fewer colors almost every set builds nothing, so the supports are too many to walk",
            c.colors
        );
    }
    let u = universe(c.colors)?;
    let within = match &a.within {
        Some(names) => u.parse_set(names).map_err(|e| cubelab::notation::at_position(e, "--within"))?,
        None => u32::MAX,
    };
    let method = c.method();
    let search = InfeasibleSearch::new(&u, method, within)?;
    let shard = c.shard()?;
    let range = shard.range(search.items());
    let bar = progress_bar(range.end - range.start, "supports");
    let fingerprint = format!("infeasible {} {:?} within={within:#x} shard={shard}", universe_label(c.colors), method);
    // The largest size found so far only prunes what is strictly smaller (see the library).
    let best = std::sync::atomic::AtomicUsize::new(0);
    let part = run_resumable(
        &fingerprint,
        range,
        64,
        c.resume(),
        Part::default(),
        |r| {
            let p = search.run(r, best.load(std::sync::atomic::Ordering::Relaxed), &|x| bar.inc(x));
            best.fetch_max(p.max, std::sync::atomic::Ordering::Relaxed);
            p
        },
        Part::merge,
    )?;
    bar.finish_and_clear();
    let census = search.finish(part)?;
    let out = InfeasibleOut::new(
        &u,
        &universe_label(c.colors),
        method,
        a.within.as_ref().map(|_| u.set_names(within)),
        c.shard_label()?,
        &census,
    );
    emit(&out, c.format.format())
}

// ---------------------------------------------------------------- merge

fn run_merge(a: MergeArgs) -> anyhow::Result<()> {
    let mut docs: Vec<serde_json::Value> = Vec::new();
    for (i, f) in a.files.iter().enumerate() {
        let text =
            std::fs::read_to_string(f).with_context(|| format!("file {} '{}' cannot be read", i + 1, f.display()))?;
        let v: serde_json::Value = serde_json::from_str(&text)
            .with_context(|| format!("file {} '{}' is not the JSON output of a census", i + 1, f.display()))?;
        docs.push(v);
    }
    let kind = docs[0]["census"].as_str().context("file 1 is not the JSON output of a census")?.to_string();
    // Every file must be a different shard of one census with the same parameters.
    let strip = |v: &serde_json::Value| -> serde_json::Value {
        let mut v = v.clone();
        if let Some(o) = v.as_object_mut() {
            for k in [
                "shard",
                "sets",
                "histogram",
                "mean",
                "std_dev",
                "min",
                "max",
                "max_count",
                "max_sets",
                "buildable",
                "targets",
                "sizes",
                "agree",
                "supports",
                "sets_by_size",
                "count",
                "classes",
                "multisets",
                "maximal",
            ] {
                o.remove(k);
            }
        }
        v
    };
    let mut shards: Vec<Shard> = Vec::new();
    for (i, d) in docs.iter().enumerate() {
        if strip(d) != strip(&docs[0]) {
            anyhow::bail!("file {}: not a shard of the same census as file 1", i + 1);
        }
        let s = d["shard"].as_str().with_context(|| format!("file {}: not a shard (no \"shard\" field)", i + 1))?;
        shards.push(Shard::parse(s)?);
    }
    let count = shards[0].count;
    let mut seen: Vec<u64> = shards.iter().map(|s| s.index).collect();
    seen.sort_unstable();
    if shards.iter().any(|s| s.count != count) || seen != (1..=count).collect::<Vec<_>>() {
        anyhow::bail!(
            "the files hold shards {} but a census of {count} shards needs each of 1..{count} once",
            shards.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
        );
    }
    match kind.as_str() {
        "solution-numbers" => {
            let parts: Vec<SolutionOut> = docs.into_iter().map(serde_json::from_value).collect::<Result<_, _>>()?;
            let mut out = parts[0].clone();
            out.shard = None;
            out.histogram = BTreeMap::new();
            for p in &parts {
                for (k, v) in &p.histogram {
                    *out.histogram.entry(*k).or_insert(0) += v;
                }
            }
            out.buildable = out.histogram.values().sum();
            finish_solution(&out, a.plot.as_deref(), &a.format)
        }
        "solution-numbers-all" => {
            let parts: Vec<AllTargetsOut> = docs.into_iter().map(serde_json::from_value).collect::<Result<_, _>>()?;
            let mut out = parts[0].clone();
            out.shard = None;
            for (i, t) in out.targets.iter_mut().enumerate() {
                t.shard = None;
                t.histogram = BTreeMap::new();
                for p in &parts {
                    for (k, v) in &p.targets[i].histogram {
                        *t.histogram.entry(*k).or_insert(0) += v;
                    }
                }
                t.buildable = t.histogram.values().sum();
            }
            out.agree = out.targets.windows(2).all(|w| w[0].histogram == w[1].histogram);
            finish_solution_all(&out, a.plot.as_deref(), &a.format)
        }
        "targets" => {
            let parts: Vec<TargetsOut> = docs.into_iter().map(serde_json::from_value).collect::<Result<_, _>>()?;
            let out = merge_targets(&parts)?;
            finish_targets(&out, a.plot.as_deref(), &a.format)
        }
        "targets-all" => {
            let parts: Vec<AllSizesOut> = docs.into_iter().map(serde_json::from_value).collect::<Result<_, _>>()?;
            let mut out = parts[0].clone();
            out.shard = None;
            out.sizes = (0..out.sizes.len())
                .map(|i| merge_targets(&parts.iter().map(|p| p.sizes[i].clone()).collect::<Vec<_>>()))
                .collect::<anyhow::Result<_>>()?;
            out.sets = out.sizes.iter().map(|s| s.sets).sum();
            finish_all_sizes(&out, a.plot.as_deref(), &a.format)
        }
        "universal" => {
            let parts: Vec<UniversalOut> = docs.into_iter().map(serde_json::from_value).collect::<Result<_, _>>()?;
            let mut out = parts[0].clone();
            out.shard = None;
            let u = universe(universe_colors(&out.universe)?)?;
            let mut sets: Vec<u32> =
                parts.iter().flat_map(|p| p.sets.iter().map(|s| u.parse_set(s))).collect::<Result<_, _>>()?;
            sets.sort_unstable_by_key(|&s| (s.count_ones(), s));
            out.sets = sets.iter().map(|&s| u.set_names(s)).collect();
            emit(&out, a.format.format())
        }
        "infeasible" => {
            let parts: Vec<InfeasibleOut> = docs.into_iter().map(serde_json::from_value).collect::<Result<_, _>>()?;
            let u = universe(universe_colors(&parts[0].universe)?)?;
            let within = match &parts[0].within {
                Some(names) => u.parse_set(names)?,
                None => u32::MAX,
            };
            let mut whole = Part::default();
            for p in &parts {
                whole = whole.merge(p.to_part(&u)?);
            }
            let search = InfeasibleSearch::new(&u, parts[0].method, within)?;
            let census = search.finish(whole)?;
            let out =
                InfeasibleOut::new(&u, &parts[0].universe, parts[0].method, parts[0].within.clone(), None, &census);
            emit(&out, a.format.format())
        }
        other => anyhow::bail!("census '{other}' cannot be merged"),
    }
}

fn universe_colors(label: &str) -> anyhow::Result<usize> {
    if label == "macmahon" {
        return Ok(6);
    }
    label.strip_prefix('C').and_then(|n| n.parse().ok()).with_context(|| format!("unknown universe '{label}'"))
}

fn merge_targets(parts: &[TargetsOut]) -> anyhow::Result<TargetsOut> {
    let u = universe(universe_colors(&parts[0].universe)?)?;
    let mut tally = Tally::new(u.len());
    for p in parts {
        tally = tally.merge(p.to_tally(&u)?);
    }
    let base = TargetsBase {
        universe: parts[0].universe.clone(),
        method: parts[0].method,
        within: parts[0].within.clone(),
        sample: parts[0].sample.clone(),
        shard: None,
        list_max: parts[0].max_sets.is_some(),
    };
    Ok(TargetsOut::from_tally(&base, parts[0].size, &tally, &u))
}
