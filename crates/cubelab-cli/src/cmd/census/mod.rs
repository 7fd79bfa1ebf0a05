//! `cubelab census`: exhaustive censuses over collections of cubes.
//!
//! One file per subcommand; the flags come in small groups, each flattened only into the
//! subcommands that honour all of its flags (a mode that cannot honour one refuses it in
//! one line). The reports are the library's ([`cubelab::census::report`]); this module
//! runs the censuses, draws their histograms and prints them ([`render`]).

use crate::output::{emit, write_atomic, FormatArgs};
use crate::progress::{self, Bar};
use crate::svg;
use anyhow::Context;
use cubelab::census::checkpoint::run_resumable_with;
use cubelab::census::checkpoint::Resume;
use cubelab::census::report::CensusReport;
use cubelab::census::shard::Shard;
use cubelab::census::{Method, Universe};
use cubelab::run::{Options, Progress};
use serde::{de::DeserializeOwned, Serialize};
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

mod infeasible;
mod max_targets;
mod merge;
mod multisets;
mod render;
mod solution;
mod targets;
mod targets_wide;
mod universal;

/// Arguments of `cubelab census`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cubelab census solution-numbers                  Johnson-Roldan Table 1 (target Ba)
  cubelab census solution-numbers --all-targets --method backtrack   (about 15 min)
  cubelab census targets --size 8                  Table 2: targets built by all 5,852,925 collections
  cubelab census targets --size 10 --list-max     (about 3 s)
  cubelab census targets --size 9 --sample 20000 --seed 1
  cubelab census targets --size all --checkpoint all.ckpt --resume   (about 10 s)
  cubelab census universal --size 12               the minimum universal sets (about 4 s)
  cubelab census infeasible                        the largest multisets building no target (about 6 s)
  cubelab census targets --size 8 --shard 1/2 --json > part1.json
  cubelab census targets --size 8 --shard 2/2 --json > part2.json
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
    SolutionNumbers(solution::SolutionArgs),
    /// How many targets every K-subset builds (Table 2 for K = 8; Figures 7 and 9).
    Targets(targets::TargetsArgs),
    /// The sets of K cubes that build every target.
    Universal(universal::UniversalArgs),
    /// Every multiset of 8 cubes (Sobczyk's puzzles, repeats allowed): targets built.
    Multisets(multisets::MultisetArgs),
    /// The 8-collections building the most targets, checked against Theorem 7.
    MaxTargets(max_targets::MaxArgs),
    /// The largest multisets building no target (Haraguchi's maximum infeasible multiset),
    /// by exhausting every possible support.
    Infeasible(infeasible::InfeasibleArgs),
    /// Merge the JSON outputs of the shards of one census.
    Merge(merge::MergeArgs),
}

/// `--method`.
#[derive(clap::Args, Debug, Clone)]
struct MethodArgs {
    /// graph: corner-graph theorems and Hall's condition; backtrack: the general solver.
    #[arg(long, default_value = "graph", value_parser = ["graph", "backtrack"])]
    method: String,
}

impl MethodArgs {
    fn method(&self) -> Method {
        if self.method == "backtrack" {
            Method::Backtrack
        } else {
            Method::Graph
        }
    }
}

/// `--colors N` and `--palette 7`: which cubes the census is over.
#[derive(clap::Args, Debug, Clone)]
struct UniverseArgs {
    /// Cubes using exactly N colors (C_N, N = 1..6): exhaustive censuses take N = 1, 2, 3
    /// or 6 (at most 32 cubes); `targets` and `universal` also take 4 and 5 (68 and 75
    /// cubes) for samples, --within and searches. An N a census cannot run is refused.
    #[arg(long, value_name = "N", default_value_t = 6)]
    colors: usize,
    /// Sadisticube 7: the 210 blocks colored with six of seven colors, and the 210 proper
    /// targets (K = 7 is the only palette supported; sampled, --within and search censuses).
    #[arg(long, value_name = "K", conflicts_with = "colors")]
    palette: Option<usize>,
}

impl UniverseArgs {
    /// The palette asked for, refusing every palette but 7 in one line.
    fn palette7(&self) -> anyhow::Result<bool> {
        match self.palette {
            None => Ok(false),
            Some(7) => Ok(true),
            Some(p) => anyhow::bail!(
                "--palette {p} is not supported: only --palette 7 (Sadisticube 7, blocks over six of seven colors); \
                 MacMahon's six colors are the default and other cube sets are --colors N"
            ),
        }
    }

    /// The 32-cube universe C_N (refused, naming the flag, when it has more cubes).
    fn universe(&self) -> anyhow::Result<Universe> {
        Universe::exact(self.colors).with_context(|| format!("--colors {}", self.colors))
    }

    fn label(&self) -> String {
        cubelab::census::report::universe_label(self.colors)
    }
}

/// `--shard I/N`.
#[derive(clap::Args, Debug, Clone)]
struct ShardArgs {
    /// Run only part I of N of the census (merge the parts with `census merge`).
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
}

impl ShardArgs {
    fn shard(&self) -> anyhow::Result<Shard> {
        Ok(match &self.shard {
            Some(s) => Shard::parse(s)?,
            None => Shard::ALL,
        })
    }

    /// The shard's label in reports: `None` for the whole census.
    fn label(&self) -> anyhow::Result<Option<String>> {
        let s = self.shard()?;
        Ok((s != Shard::ALL).then(|| s.to_string()))
    }
}

/// `--checkpoint FILE` and `--resume`.
#[derive(clap::Args, Debug, Clone)]
struct CheckpointArgs {
    /// Save progress to this file after every batch.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Continue from the checkpoint file if it exists.
    #[arg(long, requires = "checkpoint")]
    resume: bool,
}

impl CheckpointArgs {
    fn resume(&self) -> Resume<'_> {
        Resume { path: self.checkpoint.as_deref(), resume: self.resume }
    }
}

/// `--plot FILE.svg`.
#[derive(clap::Args, Debug, Clone)]
struct PlotArgs {
    /// Draw the histogram as SVG to this file.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

/// `--json` alone, for reports without a CSV form.
#[derive(clap::Args, Debug, Clone)]
struct JsonArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

impl JsonArgs {
    fn format(&self) -> FormatArgs {
        FormatArgs { json: self.json, csv: false }
    }
}

/// Runs `cubelab census`.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        CensusCommand::SolutionNumbers(a) => solution::run(a),
        CensusCommand::Targets(a) => targets::run(a),
        CensusCommand::Universal(a) => universal::run(a),
        CensusCommand::Multisets(a) => multisets::run(a),
        CensusCommand::MaxTargets(a) => max_targets::run(a),
        CensusCommand::Infeasible(a) => infeasible::run(a),
        CensusCommand::Merge(a) => merge::run(a),
    }
}

/// The one progress bar under the phase name `what` (a census run's own phase name is
/// its fingerprint, which is for checkpoints, not for people).
struct Phase<'a> {
    bar: &'a Bar,
    what: &'a str,
}

impl Progress for Phase<'_> {
    fn start(&self, _phase: &str, total: u64, done: u64) {
        self.bar.start(self.what, total, done);
    }
    fn advance(&self, units: u64) {
        self.bar.advance(units);
    }
    fn note(&self, note: &str) {
        self.bar.note(note);
    }
    fn finish(&self) {
        self.bar.finish();
    }
}

/// Runs a census over `range` in batches of `batch` ranks (see
/// [`cubelab::census::checkpoint::run_resumable_with`]) with the one progress bar (shown
/// as `what`), Ctrl-C as a stop request (the checkpoint is saved and the command exits
/// 3) and the way to resume in a stopped run's error.
#[allow(clippy::too_many_arguments)]
fn run_census<T: Serialize + DeserializeOwned>(
    what: &str,
    fingerprint: &str,
    range: Range<u64>,
    batch: u64,
    checkpoint: &CheckpointArgs,
    init: T,
    work: impl Fn(Range<u64>) -> T,
    merge: impl Fn(T, T) -> T,
) -> anyhow::Result<T> {
    let bar = Bar::new();
    let phase = Phase { bar: &bar, what };
    let resume = checkpoint.resume();
    let opts = Options { progress: &phase, stop: progress::ctrl_c(), ..Options::default() };
    run_resumable_with(fingerprint, range, batch, resume, &opts, init, work, merge)
        .map_err(|e| progress::with_resume_hint(e, resume.path))
}

fn plot_histogram(path: &Path, title: &str, x_label: &str, hist: &BTreeMap<u64, u64>) -> anyhow::Result<()> {
    let bars: Vec<(String, u64)> = hist.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    write_atomic(path, svg::bar_chart(title, x_label, &bars).as_bytes())
}

/// Draws a report's histogram: refused, in one line, for reports that have none.
fn plot_report(report: &CensusReport, path: &Path) -> anyhow::Result<()> {
    match report {
        CensusReport::SolutionNumbers(r) => {
            plot_histogram(path, &format!("Solution numbers for target {}", r.target), "solution number", &r.histogram)
        }
        CensusReport::AllTargets(r) => match r.targets.first() {
            Some(first) => plot_histogram(path, "Solution numbers (every target)", "solution number", &first.histogram),
            None => Ok(()),
        },
        CensusReport::Targets(r) => plot_histogram(
            path,
            &format!("Targets built by sets of {} cubes ({} sets)", r.size, r.sets),
            "number of targets built",
            &r.histogram,
        ),
        CensusReport::AllSizes(r) => {
            let maxes: BTreeMap<u64, u64> = r.sizes.iter().map(|t| (t.size as u64, t.max.unwrap_or(0))).collect();
            plot_histogram(path, "Most targets built, by set size", "set size", &maxes)
        }
        CensusReport::Multisets(r) => {
            plot_histogram(path, "Targets built by multisets of 8 cubes", "number of targets built", &r.histogram)
        }
        other => anyhow::bail!("--plot: the {} census has no histogram to draw", other.census()),
    }
}

/// Draws the report's histogram if asked, seals it if it is a shard (its JSON then ends
/// with a checksum) and prints it.
fn finish(mut report: CensusReport, plot: Option<&Path>, format: &FormatArgs) -> anyhow::Result<()> {
    if let Some(p) = plot {
        plot_report(&report, p)?;
    }
    report.seal()?;
    emit(&report, format.format())
}
