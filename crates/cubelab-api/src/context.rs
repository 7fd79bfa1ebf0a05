//! What a typed call runs with: where its progress goes, its cancellation token, an
//! optional deadline and its limits.
//!
//! The deadline is enforced by a **watcher**: while a call runs ([`Context::watch`], done by
//! [`crate::run_any`] and the surfaces), a small thread sleeps until the deadline and then
//! raises the cancellation token, so every long loop that polls the token (the library's
//! `run::Stop`) stops at the deadline too, with no clock reads in the loops. Work ended by
//! the deadline fails with [`ErrorKind::Stopped`](crate::ErrorKind::Stopped).

use crate::limits::Limits;
use cubelab::picture::board::Metric;
use cubelab::picture::census::twobit::distances::DistanceTable;
use cubelab::run::{NoProgress, Progress, Stop};
use cubelab::time::Instant;
use std::sync::mpsc;
use std::sync::Arc;

/// The context of a call. [`Context::default`] reports no progress, has a fresh token, no
/// deadline and no limits (a library caller's context); the web server sets limits and a
/// deadline, the command line its terminal bar and Ctrl-C.
#[derive(Clone, Default)]
pub struct Context {
    progress: Option<Arc<dyn Progress + Send + Sync>>,
    stop: Stop,
    deadline: Option<Instant>,
    limits: Option<Limits>,
    picture_table: Option<PictureTable>,
}

/// A distance table for optimal picture solutions, and which boards it solves.
#[derive(Clone)]
struct PictureTable {
    table: Arc<DistanceTable>,
    /// Every optimal solve uses it (boards of another size or metric are refused), not
    /// only those of its size and metric.
    only: bool,
}

impl Context {
    /// A context with no progress, a fresh cancellation token, no deadline, no limits.
    pub fn new() -> Context {
        Context::default()
    }

    /// Reports the progress of long runs to `observer`.
    pub fn with_progress(mut self, observer: Arc<dyn Progress + Send + Sync>) -> Context {
        self.progress = Some(observer);
        self
    }

    /// Stops long runs when `stop` is raised (clones of a token share it).
    pub fn with_stop(mut self, stop: Stop) -> Context {
        self.stop = stop;
        self
    }

    /// Stops long runs at `deadline` (see the module documentation).
    pub fn with_deadline(mut self, deadline: Instant) -> Context {
        self.deadline = Some(deadline);
        self
    }

    /// Refuses requests beyond `limits` up front (each command's `run` checks them).
    pub fn with_limits(mut self, limits: Limits) -> Context {
        self.limits = Some(limits);
        self
    }

    /// Solves the picture boards of `table`'s size and metric optimally by a descent in
    /// it (`picture solve` with the method `optimal`; the web server's
    /// `--picture-table`): a look-up, allowed whatever the limits say of the board's
    /// size. Other boards are searched as without it.
    pub fn with_picture_table(mut self, table: Arc<DistanceTable>) -> Context {
        self.picture_table = Some(PictureTable { table, only: false });
        self
    }

    /// Solves every picture board optimally by a descent in `table` (`picture solve
    /// --table FILE`): a board of another size or metric is refused.
    pub fn with_only_picture_table(mut self, table: Arc<DistanceTable>) -> Context {
        self.picture_table = Some(PictureTable { table, only: true });
        self
    }

    /// The distance table that solves `rows` x `cols` boards in `metric`, if any (see
    /// [`Context::with_picture_table`]).
    pub fn picture_table_for(&self, rows: usize, cols: usize, metric: Metric) -> Option<&DistanceTable> {
        let t = self.picture_table.as_ref()?;
        (t.only || t.table.covers(rows, cols, metric)).then_some(t.table.as_ref())
    }

    /// The rows, columns and metric of the context's distance table, if it has one.
    pub fn picture_table_shape(&self) -> Option<(usize, usize, Metric)> {
        self.picture_table.as_ref().map(|t| (t.table.rows(), t.table.cols(), t.table.metric()))
    }

    /// The progress observer (one that ignores everything when none was given).
    pub fn progress(&self) -> &(dyn Progress + Send + Sync) {
        static NONE: NoProgress = NoProgress;
        match &self.progress {
            Some(p) => p.as_ref(),
            None => &NONE,
        }
    }

    /// The cancellation token.
    pub fn stop(&self) -> &Stop {
        &self.stop
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The limits, if any.
    pub fn limits(&self) -> Option<&Limits> {
        self.limits.as_ref()
    }

    /// Whether the call should stop now: the token is raised or the deadline has passed.
    pub fn should_stop(&self) -> bool {
        self.stop.is_requested() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Starts the deadline's watcher (nothing without a deadline): until the returned
    /// guard is dropped, the token is raised when the deadline passes.
    /// A deadline already past raises the token at once.
    pub fn watch(&self) -> Option<Watcher> {
        let deadline = self.deadline?;
        if Instant::now() >= deadline {
            self.stop.request();
            return None;
        }
        let (tx, rx) = mpsc::channel::<()>();
        let stop = self.stop.clone();
        std::thread::Builder::new()
            .name("cubelab-deadline".into())
            .spawn(move || {
                let wait = deadline.saturating_duration_since(Instant::now());
                // A message or a dropped sender: the call is over before its deadline.
                if let Err(mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(wait) {
                    stop.request();
                }
            })
            .ok()?;
        Some(Watcher { _done: tx })
    }
}

/// The guard of a deadline's watcher ([`Context::watch`]): dropping it ends the watcher.
pub struct Watcher {
    _done: mpsc::Sender<()>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_passed_deadline_raises_the_token_and_a_dropped_watch_does_not() {
        let ctx = Context::new().with_deadline(Instant::now());
        assert!(ctx.watch().is_none());
        assert!(ctx.stop().is_requested() && ctx.should_stop());
        let later = Context::new().with_deadline(Instant::now() + Duration::from_secs(3600));
        drop(later.watch());
        assert!(!later.should_stop());
    }
}
