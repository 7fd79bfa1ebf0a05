//! The census commands (`census targets`, `solution-numbers`, `multisets`, `infeasible`,
//! `universal`, `max-targets`, `sobczyk`, `merge`; one module each); the text, CSV and
//! SVG of the library's census reports ([`cubelab::census::report`]) are in `census/text.rs`.
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
use crate::Context;
use cubelab::census::checkpoint::{run_resumable_with, Resume};
use cubelab::census::report::CensusReport;
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
mod text;
pub mod universal;
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
    fn next_phase(&self, index: u64, count: u64) {
        self.progress.next_phase(index, count);
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

#[cfg(test)]
mod tests;
