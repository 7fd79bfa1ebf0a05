//! The progress observer every long run reports to.

/// Observes a long run: phases of counted work units, notes on what was found.
///
/// Runs call it from worker threads, so implementations take `&self` and must be
/// [`Sync`]; calls are cheap and may be frequent (a progress bar, say). Every method
/// but [`Progress::advance`] has a no-op default.
pub trait Progress: Sync {
    /// A phase of `total` work units begins (`"layer 7"`, `"tasks"`), of which `done`
    /// are already done (a resumed run).
    fn start(&self, phase: &str, total: u64, done: u64) {
        let _ = (phase, total, done);
    }

    /// `units` more work units of the current phase are done.
    fn advance(&self, units: u64);

    /// A short note on what the run has found so far (`"1234 found"`).
    fn note(&self, note: &str) {
        let _ = note;
    }

    /// The run is over (finished, stopped or failed).
    fn finish(&self) {}
}

/// A [`Progress`] that ignores everything.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn advance(&self, _units: u64) {}
}

/// The one [`NoProgress`], for defaults.
pub(crate) static NO_PROGRESS: NoProgress = NoProgress;
