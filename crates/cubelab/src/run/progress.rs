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

    /// The next phase to [start](Progress::start) is the `index`th (from 1) of the
    /// run's `count` phases: called before `start` by runs of several phases whose number
    /// is known at the outset (a census of every target: one phase a target), so that one
    /// display can span the run. Runs of one phase, or of phases not known in advance
    /// (a picture census's layers), do not call it.
    fn next_phase(&self, index: u64, count: u64) {
        let _ = (index, count);
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

/// A [`Progress`] for tests: every phase started, as (name, total, done at the start,
/// units advanced in it).
#[cfg(test)]
#[derive(Debug, Default)]
pub(crate) struct Phases(pub(crate) std::sync::Mutex<Vec<(String, u64, u64, u64)>>);

#[cfg(test)]
impl Phases {
    /// The phases seen so far.
    pub(crate) fn seen(&self) -> Vec<(String, u64, u64, u64)> {
        self.0.lock().expect("not poisoned").clone()
    }
}

#[cfg(test)]
impl Progress for Phases {
    fn start(&self, phase: &str, total: u64, done: u64) {
        self.0.lock().expect("not poisoned").push((phase.to_string(), total, done, 0));
    }

    fn advance(&self, units: u64) {
        if let Some(last) = self.0.lock().expect("not poisoned").last_mut() {
            last.3 += units;
        }
    }
}

/// A [`Progress`] for tests that raises its `stop` once `after` units are done (in any
/// phase), and counts the units advanced: a run ended then was ended by its own polling.
#[cfg(test)]
#[derive(Debug, Default)]
pub(crate) struct RaiseAfter {
    /// The token it raises.
    pub(crate) stop: super::Stop,
    after: u64,
    done: std::sync::atomic::AtomicU64,
}

#[cfg(test)]
impl RaiseAfter {
    /// Raises its token once `after` units are done.
    pub(crate) fn new(after: u64) -> RaiseAfter {
        RaiseAfter { after, ..RaiseAfter::default() }
    }

    /// The units advanced so far.
    pub(crate) fn done(&self) -> u64 {
        self.done.load(std::sync::atomic::Ordering::SeqCst)
    }
}

#[cfg(test)]
impl Progress for RaiseAfter {
    fn advance(&self, units: u64) {
        if self.done.fetch_add(units, std::sync::atomic::Ordering::SeqCst) + units >= self.after {
            self.stop.request();
        }
    }
}
