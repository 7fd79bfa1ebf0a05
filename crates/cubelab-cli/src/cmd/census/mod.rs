//! `cubelab census`: exhaustive censuses over collections of cubes.
//!
//! One file per subcommand; the flags come in small groups, each flattened only into the
//! subcommands that honour all of its flags (a mode that cannot honour one refuses it in
//! one line). The reports are the library's ([`cubelab::census::report`]); this module
//! runs the censuses, draws their histograms and prints them ([`render`]).

use crate::output::{render, FormatArgs};
use crate::progress::{self, Bar};
use anyhow::Context;
use cubelab::census::checkpoint::run_resumable_with;
use cubelab::census::checkpoint::Resume;
use cubelab::census::engine::Engine;
use cubelab::census::report::CensusReport;
use cubelab::census::{Method, Universe};
use cubelab::run::{Options, Progress};
use cubelab::shard::Shard;
use serde::{de::DeserializeOwned, Serialize};
use std::ops::Range;
use std::path::{Path, PathBuf};

mod infeasible;
mod max_targets;
mod merge;
mod multisets;
mod render;
mod sobczyk;
mod solution;
mod targets;
mod universal;

use render::plot_histogram;

/// Arguments of `cubelab census`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples (times on 2 cores; the others take under a second):
  cubelab census solution-numbers                  Johnson-Roldan Table 1 (target Ba)
  cubelab census solution-numbers --all-targets --method backtrack
                                                   all 30 targets by the solver (about 15 min;
                                                   20 CPU-minutes; resumable per shard)
  cubelab census targets --size 8                  Table 2: targets built by all 5,852,925 collections
  cubelab census targets --size 10 --list-max     (about 3 s)
  cubelab census targets --size 9 --sample 20000 --seed 1
  cubelab census targets --size all --checkpoint all.ckpt --resume
                                                   every size at once (about 10 s)
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
    /// Sobczyk's statements on puzzles with repeated blocks, checked over every multiset
    /// they speak about (Theorem 1, Corollaries 2-3, P6 and P7 primed every way).
    Sobczyk(sobczyk::SobczykArgs),
    /// Merge the JSON outputs of the shards of one census.
    Merge(merge::MergeArgs),
}

/// `--method`.
#[derive(clap::Args, Debug, Clone, Serialize, schemars::JsonSchema)]
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
#[derive(clap::Args, Debug, Clone, Serialize, schemars::JsonSchema)]
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

    /// The census engine over [`UniverseArgs::universe`].
    fn engine(&self) -> anyhow::Result<Engine> {
        Ok(Engine::from_universe(self.universe()?)?)
    }

    fn label(&self) -> String {
        cubelab::census::report::universe_label(self.colors)
    }
}

/// `--shard I/N`.
#[derive(clap::Args, Debug, Clone, Serialize, schemars::JsonSchema)]
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
    /// Start afresh and replace an existing --checkpoint file (without it, or --resume, an
    /// existing file is refused).
    #[arg(long, requires = "checkpoint", conflicts_with = "resume")]
    force: bool,
}

impl CheckpointArgs {
    fn resume(&self) -> Resume<'_> {
        Resume { path: self.checkpoint.as_deref(), resume: self.resume, overwrite: self.force }
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
pub fn run(args: Args, ctx: &crate::api::Context) -> anyhow::Result<String> {
    match args.command {
        CensusCommand::SolutionNumbers(a) => solution::run(a, ctx),
        CensusCommand::Targets(a) => targets::run(a, ctx),
        CensusCommand::Universal(a) => universal::run(a, ctx),
        CensusCommand::Multisets(a) => multisets::run(a, ctx),
        CensusCommand::MaxTargets(a) => max_targets::run(a, ctx),
        CensusCommand::Infeasible(a) => infeasible::run(a, ctx),
        CensusCommand::Sobczyk(a) => sobczyk::run(a),
        CensusCommand::Merge(a) => merge::run(a),
    }
}

/// The one progress bar under the phase name `what` (a census run's own phase name is
/// its fingerprint, which is for checkpoints, not for people). The run's per-batch
/// advances are dropped: the work inside each batch reports its own units to the bar, so
/// a run of one batch moves too.
struct Phase<'a> {
    bar: &'a Bar,
    what: &'a str,
}

impl Progress for Phase<'_> {
    fn start(&self, _phase: &str, total: u64, done: u64) {
        self.bar.start(self.what, total, done);
    }
    fn advance(&self, _units: u64) {}
    fn note(&self, note: &str) {
        self.bar.note(note);
    }
    fn finish(&self) {
        self.bar.finish();
    }
}

/// Runs a census over `range` in batches of `batch` ranks (see
/// [`cubelab::census::checkpoint::run_resumable_with`]) with the one progress bar (shown
/// as `what`; `work` reports the ranks it has done to the progress observer it is given),
/// Ctrl-C as a stop request (the checkpoint is saved and the command exits 3) and the
/// way to resume in a stopped run's error.
#[allow(clippy::too_many_arguments)]
fn run_census<T: Serialize + DeserializeOwned>(
    ctx: &crate::api::Context,
    what: &str,
    fingerprint: &str,
    range: Range<u64>,
    batch: u64,
    checkpoint: &CheckpointArgs,
    init: T,
    work: impl Fn(Range<u64>, &dyn Progress) -> T,
    merge: impl Fn(T, T) -> T,
) -> anyhow::Result<T> {
    let bar = ctx.bar();
    let phase = Phase { bar: &bar, what };
    let resume = checkpoint.resume();
    let opts = Options { progress: &phase, stop: ctx.stop(), ..Options::default() };
    run_resumable_with(fingerprint, range, batch, resume, &opts, init, |r| work(r, &bar), merge)
        .map_err(|e| progress::with_resume_hint(e, resume.path))
}

/// Draws the report's histogram if asked, seals it if it is a shard (its JSON then ends
/// with a checksum, which covers `input` too) and prints it with `input`, the command's
/// arguments (or, for `census merge`, the input the shards share).
fn finish(
    input: &impl Serialize,
    mut report: CensusReport,
    plot: Option<&Path>,
    format: &FormatArgs,
) -> anyhow::Result<String> {
    if let Some(p) = plot {
        render::plot_report(&report, p)?;
    }
    let input = serde_json::to_value(input)?;
    report.seal(&input)?;
    let format = format.format();
    match report {
        CensusReport::SolutionNumbers(r) => render(&r, &input, format),
        CensusReport::AllTargets(r) => render(&r, &input, format),
        CensusReport::Targets(r) => render(&r, &input, format),
        CensusReport::AllSizes(r) => render(&r, &input, format),
        CensusReport::Universal(r) => render(&r, &input, format),
        CensusReport::Multisets(r) => render(&r, &input, format),
        CensusReport::MaxTargets(r) => render(&r, &input, format),
        CensusReport::MaxTargetsSearch(r) => render(&r, &input, format),
        CensusReport::Infeasible(r) => render(&r, &input, format),
    }
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    use cubelab::census::report::*;
    out.add_input::<SolutionNumbers, solution::SolutionArgs>();
    out.add_input::<AllTargets, solution::SolutionArgs>();
    out.add_input::<Targets, targets::TargetsArgs>();
    out.add_input::<AllSizes, targets::TargetsArgs>();
    out.add_input::<Universal, universal::UniversalArgs>();
    out.add_input::<Multisets, multisets::MultisetArgs>();
    out.add_input::<MaxTargets, max_targets::MaxArgs>();
    out.add_input::<MaxTargetsSearch, max_targets::MaxArgs>();
    out.add_input::<Infeasible, infeasible::InfeasibleArgs>();
    sobczyk::schemas(out);
}
