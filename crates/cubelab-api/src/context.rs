//! What a typed call runs with: where its progress goes, its cancellation token, an
//! optional deadline and its limits.
//!
//! The deadline is enforced by a **watcher**: while a call runs ([`Context::watch`], done by
//! [`crate::run_any`] and the surfaces), the call's deadline is registered with one timer
//! thread shared by every call of the process, which sleeps until the earliest deadline and
//! raises that call's cancellation token, so every long loop that polls the token (the
//! library's `run::Stop`) stops at the deadline too, with no clock reads in the loops.
//! Work ended by the deadline fails with [`ErrorKind::Stopped`](crate::ErrorKind::Stopped).
//! One thread for all calls, started on the first deadline: a thread per call cost a
//! `clone3` and 66–74 µs of CPU per web request, about twice the library's own time for a
//! small build (issue 43). Where no thread can start (wasm32), no watcher runs and the
//! deadline is seen by [`Context::should_stop`] only.

use crate::limits::Limits;
use cubelab::picture::board::Metric;
use cubelab::picture::census::twobit::distances::DistanceTable;
use cubelab::run::{NoProgress, Progress, Stop};
use cubelab::time::Instant;
use std::collections::BTreeMap;
use std::sync::{Arc, Condvar, Mutex, OnceLock};

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
        let timers = timers()?;
        let mut state = timers.state.lock().unwrap_or_else(|e| e.into_inner());
        let key = (deadline, state.next);
        state.next += 1;
        state.waiting.insert(key, self.stop.clone());
        // The thread is woken only when it sleeps past this deadline: a server's calls
        // come with deadlines later than the one it sleeps until, and each wake-up was
        // two context switches a request (issue 43).
        if state.until.is_none_or(|until| deadline < until) {
            timers.wake.notify_one();
        }
        Some(Watcher { key })
    }
}

/// The deadlines of the calls being watched, and the one thread that raises their tokens.
struct Timers {
    state: Mutex<Waiting>,
    wake: Condvar,
}

#[derive(Default)]
struct Waiting {
    /// Each watched call's token by (deadline, sequence number).
    waiting: BTreeMap<(Instant, u64), Stop>,
    next: u64,
    /// When the thread wakes of itself (it sleeps until the earliest deadline it saw,
    /// even when that call's watch has ended since): `None` while it waits with no
    /// deadline, or has not started waiting yet.
    until: Option<Instant>,
}

/// The process's timers, their thread started on first use; `None` where no thread can
/// start (then no deadline is watched).
fn timers() -> Option<&'static Timers> {
    static TIMERS: OnceLock<Option<&'static Timers>> = OnceLock::new();
    *TIMERS.get_or_init(|| {
        let timers: &'static Timers =
            Box::leak(Box::new(Timers { state: Mutex::new(Waiting::default()), wake: Condvar::new() }));
        std::thread::Builder::new().name("cubelab-deadlines".into()).spawn(move || timers.run()).ok()?;
        Some(timers)
    })
}

impl Timers {
    /// Raises each token at its deadline; sleeps until the earliest one, or until a call
    /// with an earlier one is watched. (A watch that ends does not wake it: it wakes at
    /// the deadline it slept until and finds that call gone.)
    fn run(&self) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let Some((&(deadline, id), _)) = state.waiting.iter().next() else {
                state.until = None;
                state = self.wake.wait(state).unwrap_or_else(|e| e.into_inner());
                continue;
            };
            let now = Instant::now();
            if now >= deadline {
                if let Some(stop) = state.waiting.remove(&(deadline, id)) {
                    stop.request();
                }
                continue;
            }
            state.until = Some(deadline);
            state = self.wake.wait_timeout(state, deadline - now).unwrap_or_else(|e| e.into_inner()).0;
        }
    }
}

/// The guard of a deadline's watcher ([`Context::watch`]): dropping it ends the watch.
pub struct Watcher {
    key: (Instant, u64),
}

impl Drop for Watcher {
    fn drop(&mut self) {
        if let Some(timers) = timers() {
            timers.state.lock().unwrap_or_else(|e| e.into_inner()).waiting.remove(&self.key);
        }
    }
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

    #[test]
    fn one_thread_watches_every_deadline_and_raises_each_token_at_its_own() {
        // many watched calls, their deadlines in any order: each guard dropped before its
        // deadline leaves its token alone; the one kept is raised (waited for, not timed)
        let far = Instant::now() + Duration::from_secs(3600);
        let calls: Vec<Context> =
            (0..100).map(|i| Context::new().with_deadline(far - Duration::from_secs(i * 7 % 100))).collect();
        let guards: Vec<_> = calls.iter().map(|c| c.watch().expect("a watcher")).collect();
        let soon = Context::new().with_deadline(Instant::now() + Duration::from_millis(20));
        let _kept = soon.watch().expect("a watcher");
        drop(guards);
        while !soon.stop().is_requested() {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(calls.iter().all(|c| !c.stop().is_requested()));
    }

    #[test]
    fn a_later_deadline_watched_without_waking_the_thread_is_still_raised() {
        // the thread sleeps until the first call's deadline (that call's watch ended at
        // once); the second, later, does not wake it, and is raised after it wakes
        let first = Context::new().with_deadline(Instant::now() + Duration::from_millis(30));
        drop(first.watch().expect("a watcher"));
        let second = Context::new().with_deadline(Instant::now() + Duration::from_millis(60));
        let _kept = second.watch().expect("a watcher");
        while !second.stop().is_requested() {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(!first.stop().is_requested());
    }
}
