//! Progress bars and stop requests for long runs, shared by every command.
//!
//! [`Bar`] implements the library's [`Progress`] observer with one style for every
//! command: `{elapsed} [{bar}] {pos}/{len} {msg} ETA {eta}`, on stderr, shown only on a
//! terminal and only once the work has taken more than a second (so quick commands and
//! scripts never see it). [`ctrl_c`] turns the first Ctrl-C into a stop request (runs
//! save their checkpoint and exit 3); a second Ctrl-C exits at once.

use cubelab::run::{Progress, Stop};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock, RwLock};
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
        };
        bar.style(false);
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
    }

    fn advance(&self, units: u64) {
        self.bar.inc(units);
        self.reveal();
    }

    fn note(&self, note: &str) {
        let phase = self.phase.lock().unwrap_or_else(|e| e.into_inner()).clone();
        self.bar.set_message(if phase.is_empty() { note.to_string() } else { format!("{phase}, {note}") });
        self.reveal();
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// A fresh [`Bar`] for every phase: each [`Progress::start`] begins a new bar (made by
/// `make`), so a typed run of several phases (a bar
/// finished is not drawn again) shows each as its own bar, as separate bars did.
///
/// The current bar is behind a read-write lock: the census threads advance it many
/// millions of times, and a mutex there made `census universal --size 12` eight times
/// slower (threads queueing on it); readers of an `RwLock` do not block each other.
pub struct Bars {
    make: Box<dyn Fn() -> Bar + Send + Sync>,
    current: RwLock<Option<Bar>>,
}

impl Bars {
    /// Bars made by `make`.
    pub fn new(make: impl Fn() -> Bar + Send + Sync + 'static) -> Bars {
        Bars { make: Box::new(make), current: RwLock::new(None) }
    }

    fn with(&self, f: impl FnOnce(&Bar)) {
        if let Some(bar) = self.current.read().unwrap_or_else(|e| e.into_inner()).as_ref() {
            f(bar);
        }
    }
}

impl Progress for Bars {
    fn start(&self, phase: &str, total: u64, done: u64) {
        let bar = (self.make)();
        bar.start(phase, total, done);
        if total == 0 {
            bar.bar.enable_steady_tick(Duration::from_millis(200));
        }
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Some(bar);
    }

    fn advance(&self, units: u64) {
        self.with(|b| b.advance(units));
    }

    fn note(&self, note: &str) {
        self.with(|b| b.note(note));
    }

    fn finish(&self) {
        if let Some(bar) = self.current.write().unwrap_or_else(|e| e.into_inner()).take() {
            bar.finish();
        }
    }
}

/// Installs the program's Ctrl-C handler (`cli::main` calls it before any command's work,
/// issue 47): until a command takes the stop flag ([`ctrl_c`]), Ctrl-C ends the program
/// at once with exit code 130, as it would without a handler; once taken, the first
/// Ctrl-C raises the flag (a run with a checkpoint saves it and exits 3) and a second
/// exits at once with 130. Installed this early, the handler also takes over from a
/// SIGINT the program inherited as ignored (a program started in the background of a
/// non-interactive shell), which until then swallowed every Ctrl-C sent before the
/// command's first call to [`ctrl_c`].
pub fn install_ctrl_c() -> Stop {
    static STOP: OnceLock<Stop> = OnceLock::new();
    STOP.get_or_init(|| {
        let stop = Stop::new();
        let flag = stop.clone();
        // Without a handler (one already set elsewhere) Ctrl-C keeps its default effect.
        let _ = ctrlc::set_handler(move || {
            if !TAKEN.load(Ordering::SeqCst) || flag.is_requested() {
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

/// Whether a command has taken the stop flag ([`ctrl_c`]): before that, Ctrl-C exits.
static TAKEN: AtomicBool = AtomicBool::new(false);

/// The stop flag raised by Ctrl-C, for a command that polls it: from this call on, the
/// first Ctrl-C raises the flag instead of ending the program ([`install_ctrl_c`], which
/// this installs if `cli::main` has not).
pub fn ctrl_c() -> Stop {
    let stop = install_ctrl_c();
    TAKEN.store(true, Ordering::SeqCst);
    stop
}

/// Says on stderr that `--resume` found no checkpoint file, so the run starts afresh.
pub fn note_fresh_start(bar: &Bar, checkpoint: Option<&Path>, resume: bool) {
    if let (Some(p), true) = (checkpoint, resume) {
        if !p.exists() {
            bar.suspend(|| eprintln!("note: no checkpoint '{}' yet; starting from the beginning", p.display()));
        }
    }
}

/// What a stopped run's message ends with when its checkpoint is saved.
const RESUME_HINT: &str = "; resume with the same command and --resume";

/// A typed run's error as the command line's error, with the way to resume added when the
/// run was stopped with a checkpoint saved.
pub fn with_resume_hint_typed(e: cubelab_api::Error, checkpoint: Option<&Path>) -> anyhow::Error {
    crate::cli::failure(with_resume_hint_api(e, checkpoint))
}

/// A typed run's error with the way to resume added when the run was stopped with a
/// checkpoint saved.
pub fn with_resume_hint_api(e: cubelab_api::Error, checkpoint: Option<&Path>) -> cubelab_api::Error {
    if e.kind() == cubelab_api::ErrorKind::Stopped && checkpoint.is_some() && e.field().is_none() {
        let hinted = cubelab_api::Error::new(e.kind(), resume_hint(e.message()));
        return if e.is_quiet() { hinted.quiet() } else { hinted };
    }
    e
}

/// A stopped run's message with the way to resume it.
fn resume_hint(message: &str) -> String {
    format!("{message}{RESUME_HINT}")
}
