//! Computations from Python, without the interpreter lock. A long one runs on a worker
//! thread, watched from the calling thread, which reports progress to an optional Python
//! callback and checks for Ctrl-C; either one raising requests the library's [`Stop`]
//! and raises that exception at once ([`run_long`]). A quick one runs on the calling
//! thread ([`run_here`]).

use cubelab::run::{Progress, Stop};
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

/// How often the calling thread wakes up to check for Ctrl-C and report progress.
const POLL: Duration = Duration::from_millis(100);

/// The worker threads' stack: deep searches recurse (the command line runs them on the
/// 8 MiB main thread).
const STACK: usize = 64 << 20;

/// How many idle worker threads are kept for the next calls.
const IDLE_WORKERS: usize = 4;

/// The worker threads of long calls, kept for the next call when idle: starting a thread
/// with a 64 MiB stack costs tens of microseconds, more than a small call's own work.
/// (A thread pool crate such as rayon's would run the library's own parallel loops on its
/// threads instead of the global pool; this is a free list of plain threads.)
mod workers {
    use super::{IDLE_WORKERS, STACK};
    use std::sync::{mpsc, Mutex};

    /// One call's work on a worker thread.
    pub(crate) type Job = Box<dyn FnOnce() + Send>;

    /// The idle workers, each waiting on its channel.
    static IDLE: Mutex<Vec<mpsc::Sender<Job>>> = Mutex::new(Vec::new());

    /// Runs `job` on an idle worker, or on a new one when none is idle.
    pub(crate) fn run(job: Job) -> std::io::Result<()> {
        let mut job = job;
        while let Some(worker) = IDLE.lock().ok().and_then(|mut idle| idle.pop()) {
            match worker.send(job) {
                Ok(()) => return Ok(()),
                // The worker has ended (it never does while listed; kept for safety).
                Err(mpsc::SendError(back)) => job = back,
            }
        }
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new().name("cubelab".into()).stack_size(STACK).spawn(move || {
            let mut next = Some(job);
            while let Some(job) = next.take() {
                job();
                // Listed as idle again, unless enough are; then the thread ends.
                let listed = match IDLE.lock() {
                    Ok(mut idle) if idle.len() < IDLE_WORKERS => {
                        idle.push(tx.clone());
                        true
                    }
                    _ => false,
                };
                if listed {
                    next = rx.recv().ok();
                }
            }
        })?;
        Ok(())
    }
}

/// The library's progress observer for a Python call: it records the phase, its place
/// among the run's phases and the counts; the calling thread reads them. With a trace
/// ([`Observer::tracing`]) it also records every report as it comes.
#[derive(Default)]
pub(crate) struct Observer {
    phase: Mutex<Phase>,
    done: AtomicU64,
    trace: Option<Mutex<Vec<Report>>>,
}

/// The current phase: its name, total units, place (from 1) among the run's phases and
/// their number (0: not known), and the place announced for the next phase, if any.
#[derive(Default, Clone)]
struct Phase {
    name: String,
    total: u64,
    index: u64,
    count: u64,
    next: Option<(u64, u64)>,
}

/// What a progress callback is given: the phase, units done, total units (0: unknown),
/// the phase's place (from 1) among the run's phases and their number (0: unknown).
pub(crate) type Report = (String, u64, u64, u64, u64);

impl Progress for Observer {
    fn next_phase(&self, index: u64, count: u64) {
        if let Ok(mut p) = self.phase.lock() {
            p.next = Some((index, count));
        }
    }

    fn start(&self, phase: &str, total: u64, done: u64) {
        if let Ok(mut p) = self.phase.lock() {
            // Numbered by the run when it said where this phase stands, else counted: the
            // next phase of as many as were last announced (none: not known).
            let counted = (p.index + 1, if p.count > 0 { p.count.max(p.index + 1) } else { 0 });
            let (index, count) = p.next.take().unwrap_or(counted);
            *p = Phase { name: phase.to_string(), total, index, count, next: None };
            self.done.store(done, Ordering::Relaxed);
        }
        self.record();
    }

    fn advance(&self, units: u64) {
        self.done.fetch_add(units, Ordering::Relaxed);
        self.record();
    }
}

impl Observer {
    /// An observer that also records every report ([`Observer::reports`]).
    pub(crate) fn tracing() -> Observer {
        Observer { trace: Some(Mutex::default()), ..Observer::default() }
    }

    /// The phase, units done, total units, and the phase's place and count so far.
    fn snapshot(&self) -> Report {
        // Read under the lock that `start` holds while it resets the count, so a report
        // never pairs a phase with the next one's count.
        let (p, done) = match self.phase.lock() {
            Ok(p) => (p.clone(), self.done.load(Ordering::Relaxed)),
            Err(_) => (Phase::default(), 0),
        };
        (p.name, done, p.total, p.index, p.count)
    }

    /// Whether nothing reads this observer's reports but a callback (it keeps no trace).
    pub(crate) fn reports_nothing(&self) -> bool {
        self.trace.is_none()
    }

    /// Records the current report when tracing.
    fn record(&self) {
        if let Some(trace) = &self.trace {
            let now = self.snapshot();
            if let Ok(mut t) = trace.lock() {
                t.push(now);
            }
        }
    }

    /// Every report recorded so far (none without a trace).
    pub(crate) fn reports(&self) -> Vec<Report> {
        self.trace.as_ref().and_then(|t| t.lock().ok().map(|t| t.clone())).unwrap_or_default()
    }
}

/// The message of a caught panic.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}

/// Runs `work` on the calling thread with the interpreter lock released: for a call that
/// ends within about a millisecond whatever its input ([`crate::command`] decides which),
/// where handing it to a worker thread and waiting for its answer would cost more than the
/// work. Nothing reports progress or checks for Ctrl-C meanwhile (a signal is handled
/// when the call returns); a panic is an internal error.
pub(crate) fn run_here<T: Send>(py: Python<'_>, work: impl FnOnce(Arc<Observer>, Stop) -> T + Send) -> PyResult<T> {
    let outcome = py.detach(move || catch_unwind(AssertUnwindSafe(|| work(Arc::default(), Stop::new()))));
    outcome.map_err(|payload| crate::errors::internal(py, &panic_message(payload.as_ref())))
}

/// Runs `work` on a worker thread with the interpreter lock released, reporting to
/// `observer`. Every [`POLL`] the calling thread checks for signals (Ctrl-C raises
/// `KeyboardInterrupt`) and calls `progress(phase, done, total, index, count)` (a
/// [`Report`]; once more at the end with the final counts).
/// When either raises, the stop flag given to `work` is requested and the exception is
/// raised at once: the worker winds down on its own (runs that check the flag end
/// within a batch; its result is dropped). A panic of the worker is an internal error.
pub(crate) fn run_long<T: Send + 'static>(
    py: Python<'_>,
    progress: Option<&Bound<'_, PyAny>>,
    observer: Arc<Observer>,
    work: impl FnOnce(Arc<Observer>, Stop) -> T + Send + 'static,
) -> PyResult<T> {
    let stop = Stop::new();
    let (tx, mut rx) = mpsc::channel();
    let (obs, stp) = (observer.clone(), stop.clone());
    workers::run(Box::new(move || {
        // The receiver may be gone (the caller raised): the result is dropped.
        let _ = tx.send(catch_unwind(AssertUnwindSafe(|| work(obs, stp))));
    }))
    .map_err(|e| crate::errors::internal(py, &format!("cannot start a worker thread: {e}")))?;
    let mut reported = None;
    let outcome = loop {
        let (back, got) = py.detach(move || {
            let got = rx.recv_timeout(POLL);
            (rx, got)
        });
        rx = back;
        match got {
            Ok(outcome) => break outcome,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(crate::errors::internal(py, "the worker thread ended without a result"))
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        let step = py.check_signals().and_then(|()| match progress {
            Some(callback) => {
                let now = observer.snapshot();
                reported = Some(now.clone());
                callback.call1(now).map(drop)
            }
            None => Ok(()),
        });
        if let Err(e) = step {
            stop.request();
            return Err(e);
        }
    };
    let value = outcome.map_err(|payload| crate::errors::internal(py, &panic_message(payload.as_ref())))?;
    // A last report, so that a progress display ends at the final count.
    if let Some(callback) = progress {
        let now = observer.snapshot();
        if reported.as_ref() != Some(&now) && !now.0.is_empty() {
            callback.call1(now)?;
        }
    }
    Ok(value)
}
