//! Long runs that report progress, stop on request and resume from a checkpoint.
//!
//! Every long run of the library (a census over ranks, a picture census, a magic cube
//! search) takes the same [`Options`]:
//!
//! - a [`Progress`] observer ([`NoProgress`] by default);
//! - a [`Stop`] flag: once it is set (from a Ctrl-C handler, say) the run saves its
//!   checkpoint, if it has one, and returns an [`Error`] of kind
//!   [`ErrorKind::Stopped`](crate::ErrorKind::Stopped) saying what was saved;
//! - a checkpoint file, and whether to resume from it: a run killed at any moment
//!   (SIGKILL included) and started again with `resume` ends with the same result. With
//!   `resume` and no file yet, the run starts from the beginning;
//! - a [`SavePolicy`]: when to save.
//!
//! Checkpoint files have one format ([`CheckpointFile`]): a header naming the run family
//! and a fingerprint of the run's parameters, the content, and a checksum over
//! everything before it. They are written atomically (a temporary file beside the target,
//! synced, renamed, the folder synced). A file of another run, or one edited, truncated
//! or extended, is refused with an error of kind
//! [`ErrorKind::Checkpoint`](crate::ErrorKind::Checkpoint) and one line naming the file
//! and the problem.
//!
//! [`run_batches`] is the generic driver for work over a range of ranks in batches:
//!
//! ```
//! use cubelab::run::{run_batches, Batches, Options};
//! let dir = std::env::temp_dir().join(format!("cubelab-run-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("sum.ckpt");
//! let job = Batches { kind: "sum", fingerprint: "sum 0..1000", label: "the sum of 0..1000", range: 0..1000, batch: 100, split: true };
//! let sum = |opts: &Options| run_batches(&job, opts, 0u64, |r| Ok(r.sum::<u64>()), |a, b| a + b);
//! // Save after every batch, and stop after the first.
//! let opts = Options { checkpoint: Some(&path), policy: cubelab::run::SavePolicy::ALWAYS, ..Options::default() };
//! let stopper = opts.stop.clone();
//! let first = run_batches(&job, &opts, 0u64, |r| { stopper.request(); Ok(r.sum::<u64>()) }, |a, b| a + b);
//! assert_eq!(first.unwrap_err().kind(), cubelab::ErrorKind::Stopped);
//! // Resume: the same result as a run without a checkpoint.
//! let resumed = sum(&Options { checkpoint: Some(&path), resume: true, ..Options::default() }).unwrap();
//! assert_eq!(resumed, sum(&Options::default()).unwrap());
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

mod file;
mod progress;
#[cfg(test)]
mod tests;

#[cfg(test)]
pub(crate) use file::forge_checkpoint;
pub use file::{CheckpointFile, FORMAT};
pub use progress::{NoProgress, Progress};
#[cfg(test)]
pub(crate) use progress::{Phases, RaiseAfter};

use crate::time::Instant;
use crate::{Error, Result};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::ops::Range;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A request to stop a run, shared between the run and whoever may ask it to stop.
///
/// Clones share one flag. Runs look at it between units of work (batches, chunks of a
/// layer), so a stop takes effect within one unit.
#[derive(Debug, Clone, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag not yet set.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks the runs sharing this flag to stop (safe from any thread or signal handler).
    pub fn request(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether a stop was asked for.
    pub fn is_requested(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// An error of kind `Stopped` ("stopped on request") if a stop was asked for: the one
    /// check of the loops that poll the flag.
    pub(crate) fn check(&self) -> Result<(), crate::Error> {
        if self.is_requested() {
            return Err(crate::Error::stopped("stopped on request"));
        }
        Ok(())
    }
}

/// A loop's countdown to its next look at a [`Stop`]: for loops that are not split into
/// chunks (a depth-first walk, a recursive enumeration), [`Poll::tick`] once per item and
/// [`Stop::check`] every `every` items.
pub(crate) struct Poll<'a> {
    stop: &'a Stop,
    every: u32,
    left: u32,
}

impl<'a> Poll<'a> {
    /// A countdown looking at `stop` at every `every`th tick (`every` at least 1).
    pub(crate) fn every(stop: &'a Stop, every: u32) -> Poll<'a> {
        let every = every.max(1);
        Poll { stop, every, left: every }
    }

    /// Counts one item; at every `every`th, an error of kind `Stopped` if a stop was asked for.
    pub(crate) fn tick(&mut self) -> Result<(), crate::Error> {
        self.left -= 1;
        if self.left == 0 {
            self.left = self.every;
            self.stop.check()?;
        }
        Ok(())
    }
}

/// When a run saves its checkpoint: after its first unit of work, then whenever at least
/// `min_interval` has passed since the last save *and* the work since then took at
/// least `cost_factor` times as long as that save took (so saving costs at most about
/// 1/(1 + `cost_factor`) of the run), and always when it stops. Runs with a small state
/// also save when they finish.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SavePolicy {
    /// Least time between two saves.
    pub min_interval: Duration,
    /// Least ratio of work time to save time between two saves.
    pub cost_factor: u32,
}

impl SavePolicy {
    /// Save after every unit of work (for tests and short units).
    pub const ALWAYS: SavePolicy = SavePolicy { min_interval: Duration::ZERO, cost_factor: 0 };
}

impl Default for SavePolicy {
    /// At most once a second, and at most a fifth of the time.
    fn default() -> Self {
        SavePolicy { min_interval: Duration::from_secs(1), cost_factor: 4 }
    }
}

/// How to run: progress, stop flag, checkpoint, save policy.
#[derive(Clone)]
pub struct Options<'a> {
    /// Where progress is reported.
    pub progress: &'a dyn Progress,
    /// Set to stop the run (after saving its checkpoint).
    pub stop: Stop,
    /// The checkpoint file, if any.
    pub checkpoint: Option<&'a Path>,
    /// Continue from the checkpoint file if it exists.
    pub resume: bool,
    /// Start afresh and replace an existing checkpoint file. Without it (and without
    /// `resume`) an existing file is refused before any work, so a run never silently
    /// overwrites another run's saved work.
    pub overwrite: bool,
    /// When to save.
    pub policy: SavePolicy,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            progress: &progress::NO_PROGRESS,
            stop: Stop::new(),
            checkpoint: None,
            resume: false,
            overwrite: false,
            policy: SavePolicy::default(),
        }
    }
}

impl std::fmt::Debug for Options<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("stop", &self.stop)
            .field("checkpoint", &self.checkpoint)
            .field("resume", &self.resume)
            .field("overwrite", &self.overwrite)
            .field("policy", &self.policy)
            .finish_non_exhaustive()
    }
}

/// Saves a run's checkpoint by its [`SavePolicy`].
pub(crate) struct Saver {
    file: Option<CheckpointFile>,
    policy: SavePolicy,
    saved: bool,
    last_save: Instant,
    last_cost: Duration,
}

impl Saver {
    /// A saver for the checkpoint of `opts` (none: every save is skipped). An existing
    /// checkpoint file is refused unless the run resumes from it or may overwrite it.
    pub(crate) fn new(opts: &Options<'_>, kind: &str, fingerprint: &str, label: &str) -> Result<Saver> {
        if let Some(path) = opts.checkpoint {
            if !opts.resume && !opts.overwrite && std::fs::symlink_metadata(path).is_ok() {
                return Err(Error::checkpoint(format!(
                    "checkpoint '{}' already exists: resume from it, or start afresh replacing it explicitly",
                    path.display()
                )));
            }
        }
        Ok(Saver {
            file: opts.checkpoint.map(|p| CheckpointFile::new(p, kind, fingerprint, label)),
            policy: opts.policy,
            saved: false,
            last_save: Instant::now(),
            last_cost: Duration::ZERO,
        })
    }

    /// Records that the checkpoint file holds the run's current state (just loaded).
    pub(crate) fn mark_saved(&mut self) {
        self.saved = true;
    }

    /// The checkpoint to resume from: the file when `opts.resume` is set and it exists.
    pub(crate) fn resume_file(&self, opts: &Options<'_>) -> Option<&CheckpointFile> {
        self.file.as_ref().filter(|_| opts.resume)
    }

    /// Whether the policy says a save is due: there is a checkpoint file, and it was never
    /// saved (or loaded), or `min_interval` has passed since the last save and the work
    /// since then took at least `cost_factor` times what that save cost.
    pub(crate) fn due(&self) -> bool {
        let since = self.last_save.elapsed();
        self.file.is_some()
            && (!self.saved || (since >= self.policy.min_interval && since >= self.last_cost * self.policy.cost_factor))
    }

    /// Saves with `save` if the policy says so ([`Saver::due`]) or `force` is set; returns
    /// whether it did.
    pub(crate) fn save(&mut self, force: bool, save: impl FnOnce(&CheckpointFile) -> Result<()>) -> Result<bool> {
        if !(self.due() || force) {
            return Ok(false);
        }
        let Some(file) = &self.file else { return Ok(false) };
        let t = Instant::now();
        save(file)?;
        self.saved = true;
        self.last_cost = t.elapsed();
        self.last_save = Instant::now();
        Ok(true)
    }

    /// The error of a run stopped `what` (e.g. "after layer 3 with 100 boards found"),
    /// saying what was saved.
    pub(crate) fn stopped(&self, what: &str) -> Error {
        match &self.file {
            Some(f) if self.saved => {
                Error::stopped(format!("stopped {what}; checkpoint '{}' saved", f.path().display()))
            }
            _ => Error::stopped(format!("stopped {what}; nothing was saved")),
        }
    }
}

/// The longest a batch of [`run_batches`] should take: longer ones make the next
/// batches smaller.
const BATCH_TIME: Duration = Duration::from_secs(2);

/// A run over a range of ranks in batches, for [`run_batches`].
#[derive(Debug, Clone)]
pub struct Batches<'a> {
    /// The run family, e.g. `"census"` (checkpoint files of other families are refused).
    pub kind: &'a str,
    /// The run's parameters: a checkpoint with another fingerprint is refused.
    pub fingerprint: &'a str,
    /// What the run is, for messages.
    pub label: &'a str,
    /// The ranks to work through.
    pub range: Range<u64>,
    /// Ranks per batch (0 counts as 1).
    pub batch: u64,
    /// Whether batches that take longer than about two seconds may be split, so that a
    /// stop is seen and a checkpoint saved every few seconds: only for work whose merged
    /// result is exactly the same however the range is split (integer counts, lists in
    /// rank order), not for floating-point sums.
    pub split: bool,
}

#[derive(Serialize, Deserialize)]
struct BatchState<T> {
    start: u64,
    end: u64,
    next: u64,
    partial: T,
}

/// Runs `work` over `job.range` in batches, folding the results with `merge` in rank
/// order, so the result is the same however the run was stopped and resumed.
///
/// Progress: one phase (`job.label`) of `range` units, advanced after every batch. The
/// checkpoint (content: the next rank and the partial result) is saved after batches by
/// `opts.policy`, when stopped, and at the end. A stop request is seen between batches,
/// and inside one by `work` if it polls `opts.stop` (per chunk: [`crate::shard::chunked_until`]):
/// a batch whose `work` fails with kind `Stopped` while `opts.stop` is raised is dropped
/// (its partial result never reaches the checkpoint, which is saved before it). Other
/// errors of `work` end the run as they are.
/// With `job.split`, batches of `job.batch` ranks that take longer than about two seconds
/// are split (down to one rank), so a kill loses only seconds of work.
pub fn run_batches<T: Serialize + DeserializeOwned>(
    job: &Batches<'_>,
    opts: &Options<'_>,
    init: T,
    work: impl Fn(Range<u64>) -> Result<T>,
    merge: impl Fn(T, T) -> T,
) -> Result<T> {
    let range = job.range.clone();
    let mut saver = Saver::new(opts, job.kind, job.fingerprint, job.label)?;
    let mut next = range.start;
    let mut acc = init;
    if let Some(file) = saver.resume_file(opts) {
        if let Some(c) = file.load::<BatchState<T>>()? {
            if (c.start, c.end) != (range.start, range.end) || !(c.start..=c.end).contains(&c.next) {
                return Err(Error::checkpoint(format!(
                    "checkpoint '{}' is corrupt: next rank {} outside {}..{} (this run: {}..{})",
                    file.path().display(),
                    c.next,
                    c.start,
                    c.end,
                    range.start,
                    range.end
                )));
            }
            next = c.next;
            acc = c.partial;
            saver.mark_saved();
        }
    }
    opts.progress.start(job.label, range.end.saturating_sub(range.start), next - range.start);
    let save = |saver: &mut Saver, force: bool, next: u64, acc: T| -> Result<T> {
        let state = BatchState { start: range.start, end: range.end, next, partial: acc };
        saver.save(force, |f| f.save(&state))?;
        Ok(state.partial)
    };
    // Batches shrink (never below one rank, never above `job.batch`) while one takes
    // longer than BATCH_TIME, so a stop request is seen and a checkpoint saved every few
    // seconds of work. The result does not depend on the split: batches are folded in
    // rank order.
    let mut size = job.batch.max(1);
    // A stop request is honoured even when it comes during the last batch: a stopped
    // run always says so (and resuming it then finishes at once).
    loop {
        if opts.stop.is_requested() {
            save(&mut saver, true, next, acc)?;
            opts.progress.finish();
            return Err(saver.stopped(&format!("at rank {next} of {}..{}", range.start, range.end)));
        }
        if next >= range.end {
            break;
        }
        let b = next..next.saturating_add(size).min(range.end);
        let units = b.end - b.start;
        let started = Instant::now();
        match work(b.clone()) {
            Ok(part) => acc = merge(acc, part),
            // Cut short by the stop: dropped, and saved before it at the top of the loop.
            Err(e) if e.kind() == crate::ErrorKind::Stopped && opts.stop.is_requested() => continue,
            Err(e) => return Err(e),
        }
        next = b.end;
        let took = started.elapsed();
        if job.split && took > BATCH_TIME && units > 1 {
            let scaled = (units as f64 * BATCH_TIME.as_secs_f64() / took.as_secs_f64()) as u64;
            size = scaled.clamp(1, size);
        }
        opts.progress.advance(units);
        acc = save(&mut saver, next == range.end, next, acc)?;
    }
    opts.progress.finish();
    Ok(acc)
}
