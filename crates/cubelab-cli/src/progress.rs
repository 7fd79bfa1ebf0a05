//! Progress bars and stop requests for long runs, shared by every command.
//!
//! [`Bar`] implements the library's [`Progress`] observer with one style for every
//! command: `{elapsed} [{bar}] {pos}/{len} {msg} ETA {eta}`, on stderr, shown only on a
//! terminal and only once the work has taken more than a second (so quick commands and
//! scripts never see it); in API calls ([`Bar::forwarding`]) it is never drawn and passes
//! every report on to the caller's observer. [`ctrl_c`] turns the first Ctrl-C into a stop request (runs
//! save their checkpoint and exit 3); a second Ctrl-C exits at once.

use cubelab::run::{Progress, Stop};
use cubelab::ErrorKind;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long work runs before its bar appears.
const DELAY: Duration = Duration::from_secs(1);

/// A progress bar on stderr (see the module documentation). Cleared when finished or
/// dropped.
pub struct Bar {
    bar: ProgressBar,
    started: Instant,
    terminal: bool,
    shown: AtomicBool,
    phase: Mutex<String>,
    forward: Option<Arc<dyn Progress + Send + Sync>>,
}

impl Bar {
    /// A bar for work announced later through [`Progress::start`].
    pub fn new() -> Bar {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        let bar = Bar {
            bar,
            started: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
            shown: AtomicBool::new(false),
            phase: Mutex::new(String::new()),
            forward: None,
        };
        bar.style(false);
        bar
    }

    /// A bar that is never drawn and reports everything to `observer` (the API's).
    pub fn forwarding(observer: Option<Arc<dyn Progress + Send + Sync>>) -> Bar {
        let mut bar = Bar::new();
        bar.terminal = false;
        bar.forward = observer;
        bar
    }

    /// A bar for `total` units of work described by `what` (for commands that count
    /// their work themselves with [`Progress::advance`]).
    pub fn counting(total: u64, what: &str) -> Bar {
        let bar = Bar::new();
        bar.start(what, total, 0);
        bar
    }

    /// A bar for work of unknown size: elapsed time and `what`.
    pub fn spinner(what: &str) -> Bar {
        let bar = Bar::new();
        bar.start(what, 0, 0);
        bar.bar.enable_steady_tick(Duration::from_millis(200));
        bar
    }

    /// Runs `f` with the bar hidden, for a line of its own on stderr.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    fn style(&self, counted: bool) {
        let template = if counted {
            "{elapsed_precise} [{wide_bar}] {pos}/{len} {msg} ETA {eta}"
        } else {
            "{elapsed_precise} {spinner} {msg}"
        };
        self.bar.set_style(ProgressStyle::with_template(template).expect("valid template").progress_chars("=> "));
    }

    /// Shows the bar once the work has taken long enough, on a terminal.
    fn reveal(&self) {
        if self.terminal
            && !self.shown.load(Ordering::Relaxed)
            && self.started.elapsed() > DELAY
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }
}

impl Default for Bar {
    fn default() -> Self {
        Bar::new()
    }
}

impl Progress for Bar {
    fn start(&self, phase: &str, total: u64, done: u64) {
        *self.phase.lock().unwrap_or_else(|e| e.into_inner()) = phase.to_string();
        self.style(total > 0);
        self.bar.set_length(total);
        self.bar.set_position(done);
        self.bar.set_message(phase.to_string());
        self.reveal();
        if let Some(f) = &self.forward {
            f.start(phase, total, done);
        }
    }

    fn advance(&self, units: u64) {
        self.bar.inc(units);
        self.reveal();
        if let Some(f) = &self.forward {
            f.advance(units);
        }
    }

    fn note(&self, note: &str) {
        let phase = self.phase.lock().unwrap_or_else(|e| e.into_inner()).clone();
        self.bar.set_message(if phase.is_empty() { note.to_string() } else { format!("{phase}, {note}") });
        self.reveal();
        if let Some(f) = &self.forward {
            f.note(note);
        }
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
        if let Some(f) = &self.forward {
            f.finish();
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// The stop flag raised by Ctrl-C: the first sets it (a run with a checkpoint saves it
/// and exits 3), a second exits at once with 130. The handler is installed on the first
/// call; later calls share its flag.
pub fn ctrl_c() -> Stop {
    static STOP: OnceLock<Stop> = OnceLock::new();
    STOP.get_or_init(|| {
        let stop = Stop::new();
        let flag = stop.clone();
        // Without a handler (one already set elsewhere) Ctrl-C keeps its default effect.
        let _ = ctrlc::set_handler(move || {
            if flag.is_requested() {
                std::process::exit(130);
            }
            flag.request();
            if std::io::stderr().is_terminal() {
                eprintln!("\nstopping: saving the checkpoint (Ctrl-C again to quit at once)");
            }
        });
        stop
    })
    .clone()
}

/// Says on stderr that `--resume` found no checkpoint file, so the run starts afresh.
pub fn note_fresh_start(bar: &Bar, checkpoint: Option<&Path>, resume: bool) {
    if let (Some(p), true) = (checkpoint, resume) {
        if !p.exists() {
            bar.suspend(|| eprintln!("note: no checkpoint '{}' yet; starting from the beginning", p.display()));
        }
    }
}

/// A run's error, with the way to resume added when the run was stopped with a
/// checkpoint saved.
pub fn with_resume_hint(e: cubelab::Error, checkpoint: Option<&Path>) -> anyhow::Error {
    if e.kind() == ErrorKind::Stopped && checkpoint.is_some() {
        return cubelab::Error::new(ErrorKind::Stopped, resume_hint(e.message())).into();
    }
    e.into()
}

/// [`with_resume_hint`] for an error of the typed layer.
pub fn with_resume_hint_api(e: cubelab_api::Error, checkpoint: Option<&Path>) -> cubelab_api::Error {
    if e.kind() == cubelab_api::ErrorKind::Stopped && checkpoint.is_some() {
        return cubelab_api::Error::new(e.kind(), resume_hint(e.message()));
    }
    e
}

/// A stopped run's message with the way to resume it.
fn resume_hint(message: &str) -> String {
    format!("{message}; resume with the same command and --resume")
}
