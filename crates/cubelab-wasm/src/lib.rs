//! `cubelab_wasm`: the cubelab engine in WebAssembly, for the static site (docs/web.md,
//! "The static site"). The typed layer's web functions ([`cubelab_api::web`]: the very
//! code `cubelab serve` answers with) behind a raw C ABI, with JSON and files through
//! linear memory, so that no binding generator is needed:
//!
//! - `cubelab_alloc(len) -> ptr`, `cubelab_free(ptr, len)`: buffers for the arguments;
//! - `cubelab_call(kind, path_ptr, path_len, body_ptr, body_len) -> status`: the request
//!   ([`Kind`]: a computing command, a print command, a stored result, or the command
//!   line of a request); the status is the HTTP status `cubelab serve` would answer with
//!   (200, 400, 404, 422, 500);
//! - `cubelab_out_ptr()`, `cubelab_out_len()`: the answer's bytes (the JSON, the file, or
//!   the error body `{"error": …, "command": …}`); `cubelab_name_ptr()`,
//!   `cubelab_name_len()`: a file's name, `cubelab_type_ptr()`, `cubelab_type_len()` its
//!   media type.
//!
//! The module imports `env.cubelab_now_ms() -> f64` (the library's clock,
//! [`cubelab::time`]), `env.cubelab_progress(phase_ptr, phase_len, total, done)` (a long
//! run's progress, posted to the page) and `env.cubelab_panic(ptr, len)` (a panic's
//! message, before the module traps: built with `panic = "abort"`, a panicked instance is
//! discarded by the worker, web/js/worker.js).
//!
//! Threads: rayon runs every parallel loop on the calling thread (the browser gives a
//! module no threads without cross-origin isolation); the context has no deadline (the
//! page's Cancel ends the worker) but the server's [`cubelab_api::Limits`], so the same
//! requests are refused up front in the same words.

// The out-of-memory hook (std::alloc::set_alloc_error_hook) is unstable: the wasm build
// has it (scripts/build-wasm.sh builds with RUSTC_BOOTSTRAP=1), the native build does not
// need it.
#![cfg_attr(target_arch = "wasm32", feature(alloc_error_hook))]
// A C ABI over linear memory is raw pointers and imported functions: `unsafe` by nature,
// each use with its SAFETY comment.
#![allow(unsafe_code)]

use cubelab_api::web::{self, ApiError};
use cubelab_api::{Context, Limits};
use std::cell::RefCell;

/// What `cubelab_call` is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A computing command (`POST /api/<path>`): its `--json` output.
    Run = 0,
    /// A print command (`POST /api/print/<what>`): the file.
    Print = 1,
    /// A stored result (`GET /api/census`, `GET /api/census/<name>`).
    Get = 2,
    /// The `cubelab` command line of a request (for a request whose worker ran out of
    /// memory or panicked: the page names the command that does it natively).
    CommandLine = 3,
}

/// An answer: its status, bytes, and for a file its name and media type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The HTTP status the server would answer with.
    pub status: u16,
    /// The body.
    pub body: Vec<u8>,
    /// A file's name (empty for JSON).
    pub name: String,
    /// The body's media type.
    pub media_type: &'static str,
}

impl Answer {
    fn json(status: u16, body: String) -> Answer {
        Answer { status, body: body.into_bytes(), name: String::new(), media_type: "application/json" }
    }

    fn error(e: &ApiError) -> Answer {
        Answer::json(e.kind().http_status(), web::error_body(e.message(), e.command()))
    }
}

/// The context of every call: the server's limits, no deadline, progress to the page.
fn context() -> Context {
    let ctx = Context::new().with_limits(Limits::default());
    #[cfg(target_arch = "wasm32")]
    let ctx = ctx.with_progress(std::sync::Arc::new(host::Posted::default()));
    ctx
}

/// Answers one request: what `cubelab serve` answers for the same endpoint and body.
/// `path` is the command path (`"build"`, `"print blocks"`) or, for [`Kind::Get`], the
/// part of the URL after `/api/` (`"census"`, `"census/targets-8"`).
pub fn answer(kind: Kind, path: &str, body: &[u8]) -> Answer {
    match kind {
        Kind::Get => stored(path),
        Kind::CommandLine => match web::input(path, body) {
            Ok(input) => Answer::json(200, web::command_line(path, &web::command_input(&input)) + "\n"),
            Err(message) => Answer::json(400, web::error_body(&message, None)),
        },
        Kind::Run | Kind::Print => {
            let known = if kind == Kind::Run { web::COMMANDS } else { web::FILE_COMMANDS };
            if !known.contains(&path) {
                let endpoint = path.replace(' ', "/");
                return Answer::json(404, web::error_body(&format!("unknown endpoint /api/{endpoint}"), None));
            }
            let input = match web::input(path, body) {
                Ok(input) => input,
                Err(message) => return Answer::json(400, web::error_body(&message, None)),
            };
            let ctx = context();
            if kind == Kind::Run {
                match web::run(path, input, &ctx) {
                    Ok(json) => Answer::json(200, json),
                    Err(e) => Answer::error(&e),
                }
            } else {
                match web::print(path, input, &ctx) {
                    Ok(file) => {
                        Answer { status: 200, body: file.bytes, name: file.name, media_type: file.format.media_type() }
                    }
                    Err(e) => Answer::error(&e),
                }
            }
        }
    }
}

/// `GET /api/census` and `GET /api/census/<name>`, as the server answers them.
fn stored(path: &str) -> Answer {
    match path.strip_prefix("census/") {
        None if path == "census" => Answer::json(200, web::stored::index()),
        None => Answer::json(404, web::error_body(&format!("unknown endpoint /api/{path}"), None)),
        Some(name) => match web::stored::find(name) {
            Some(s) => Answer::json(200, s.json.to_string()),
            None => Answer::json(404, web::error_body(&format!("no stored census '{name}' (see /api/census)"), None)),
        },
    }
}

thread_local! {
    /// The last answer, read by the host through `cubelab_out_*` and `cubelab_name_*`.
    static LAST: RefCell<Answer> = RefCell::new(Answer::json(200, String::new()));
}

/// A buffer of `len` bytes for the host to write an argument into (freed by
/// `cubelab_free`); null when `len` is 0.
#[no_mangle]
pub extern "C" fn cubelab_alloc(len: usize) -> *mut u8 {
    if len == 0 {
        return std::ptr::null_mut();
    }
    let mut v = Vec::<u8>::with_capacity(len);
    let p = v.as_mut_ptr();
    std::mem::forget(v);
    p
}

/// Frees a buffer of `cubelab_alloc`.
///
/// # Safety
/// `ptr` and `len` are those of one `cubelab_alloc` call, freed once.
#[no_mangle]
pub unsafe extern "C" fn cubelab_free(ptr: *mut u8, len: usize) {
    if !ptr.is_null() && len > 0 {
        // SAFETY: the caller's contract: a buffer of `cubelab_alloc(len)`.
        drop(unsafe { Vec::from_raw_parts(ptr, 0, len) });
    }
}

/// Runs one request ([`answer`]) and keeps its answer for `cubelab_out_*`; returns its
/// status. `kind` is a [`Kind`] (an unknown one answers 400).
///
/// # Safety
/// The pointers and lengths describe readable buffers (null with length 0 for none).
#[no_mangle]
pub unsafe extern "C" fn cubelab_call(
    kind: u32,
    path_ptr: *const u8,
    path_len: usize,
    body_ptr: *const u8,
    body_len: usize,
) -> u32 {
    // SAFETY: the caller's contract.
    let (path, body) = unsafe { (bytes(path_ptr, path_len), bytes(body_ptr, body_len)) };
    let answer = match (kind, std::str::from_utf8(path)) {
        (_, Err(_)) => Answer::json(400, web::error_body("the command is not UTF-8", None)),
        (0, Ok(p)) => answer(Kind::Run, p, body),
        (1, Ok(p)) => answer(Kind::Print, p, body),
        (2, Ok(p)) => answer(Kind::Get, p, body),
        (3, Ok(p)) => answer(Kind::CommandLine, p, body),
        (k, Ok(_)) => Answer::json(400, web::error_body(&format!("unknown call kind {k}"), None)),
    };
    let status = answer.status;
    LAST.with(|l| *l.borrow_mut() = answer);
    u32::from(status)
}

/// # Safety
/// `ptr..ptr+len` is readable, or `len` is 0.
unsafe fn bytes<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if ptr.is_null() || len == 0 {
        &[]
    } else {
        // SAFETY: the caller's contract.
        unsafe { std::slice::from_raw_parts(ptr, len) }
    }
}

/// Where the last answer's body starts.
#[no_mangle]
pub extern "C" fn cubelab_out_ptr() -> *const u8 {
    LAST.with(|l| l.borrow().body.as_ptr())
}

/// The last answer's body length.
#[no_mangle]
pub extern "C" fn cubelab_out_len() -> usize {
    LAST.with(|l| l.borrow().body.len())
}

/// Where the last answer's file name starts.
#[no_mangle]
pub extern "C" fn cubelab_name_ptr() -> *const u8 {
    LAST.with(|l| l.borrow().name.as_ptr())
}

/// The last answer's file name length (0 for JSON).
#[no_mangle]
pub extern "C" fn cubelab_name_len() -> usize {
    LAST.with(|l| l.borrow().name.len())
}

/// Where the last answer's media type starts.
#[no_mangle]
pub extern "C" fn cubelab_type_ptr() -> *const u8 {
    LAST.with(|l| l.borrow().media_type.as_ptr())
}

/// The last answer's media type length.
#[no_mangle]
pub extern "C" fn cubelab_type_len() -> usize {
    LAST.with(|l| l.borrow().media_type.len())
}

/// What the module imports from the page's worker (wasm only).
#[cfg(target_arch = "wasm32")]
mod host {
    use cubelab::run::Progress;
    use cubelab::time::Instant;
    use std::sync::Mutex;
    use std::time::Duration;

    #[link(wasm_import_module = "env")]
    extern "C" {
        fn cubelab_progress(phase_ptr: *const u8, phase_len: usize, total: f64, done: f64);
        fn cubelab_panic(ptr: *const u8, len: usize);
    }

    /// Sends a panic's message, or a failed allocation's, to the host before the module
    /// traps.
    #[no_mangle]
    pub extern "C" fn cubelab_init() {
        std::panic::set_hook(Box::new(|info| {
            let message = info.to_string();
            // SAFETY: a readable buffer for the length of the call.
            unsafe { cubelab_panic(message.as_ptr(), message.len()) }
        }));
        std::alloc::set_alloc_error_hook(|layout| {
            // No allocation here: the memory is exhausted. "memory allocation of N bytes
            // failed", written into a buffer on the stack.
            let mut buf = [0u8; 64];
            let mut n = 0;
            for part in
                [&b"memory allocation of "[..], &digits(layout.size(), &mut [0u8; 20])[..], &b" bytes failed"[..]]
            {
                buf[n..n + part.len()].copy_from_slice(part);
                n += part.len();
            }
            // SAFETY: a readable buffer for the length of the call.
            unsafe { cubelab_panic(buf.as_ptr(), n) }
        });
    }

    /// `n` in decimal, in the end of `buf`.
    fn digits(mut n: usize, buf: &mut [u8; 20]) -> &[u8] {
        let mut i = buf.len();
        loop {
            i -= 1;
            buf[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                return &buf[i..];
            }
        }
    }

    /// Progress posted to the page, at most every [`EVERY_MS`] milliseconds and not in a
    /// call's first [`EVERY_MS`] (a message costs tens of microseconds: a small call posts
    /// none).
    pub(crate) struct Posted(Mutex<State>);

    const EVERY_MS: u64 = 100;
    const CLOCK_EVERY: u32 = 256;

    struct State {
        phase: String,
        total: u64,
        done: u64,
        /// When the last message was posted (the call's start, at first).
        posted_at: Instant,
        /// Advances since the clock was last read: it is read once in [`CLOCK_EVERY`]
        /// (a read is a call out to the host, about 0.5 µs in Chromium; a small build
        /// reports 2,228 advances, which cost it a millisecond).
        unclocked: u32,
    }

    impl Default for Posted {
        fn default() -> Posted {
            Posted(Mutex::new(State {
                phase: String::new(),
                total: 0,
                done: 0,
                posted_at: Instant::now(),
                unclocked: 0,
            }))
        }
    }

    impl Posted {
        /// Posts if due; `counted`: an advance, which reads the clock only once in
        /// [`CLOCK_EVERY`] (a phase's start always reads it).
        fn post_if_due(s: &mut State, counted: bool) {
            s.unclocked += 1;
            if counted && s.unclocked < CLOCK_EVERY {
                return;
            }
            s.unclocked = 0;
            if s.posted_at.elapsed() >= Duration::from_millis(EVERY_MS) {
                s.posted_at = Instant::now();
                // SAFETY: a readable buffer for the length of the call.
                unsafe { cubelab_progress(s.phase.as_ptr(), s.phase.len(), s.total as f64, s.done as f64) }
            }
        }
    }

    impl Progress for Posted {
        fn start(&self, phase: &str, total: u64, done: u64) {
            let mut s = self.0.lock().unwrap_or_else(|e| e.into_inner());
            s.phase = phase.to_string();
            s.total = total;
            s.done = done;
            Posted::post_if_due(&mut s, false);
        }

        fn advance(&self, units: u64) {
            let mut s = self.0.lock().unwrap_or_else(|e| e.into_inner());
            s.done = s.done.saturating_add(units);
            Posted::post_if_due(&mut s, true);
        }

        fn note(&self, _note: &str) {}

        fn finish(&self) {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn call(kind: u32, path: &str, body: &str) -> (u32, String) {
        // SAFETY: live buffers of the given lengths.
        let status = unsafe { cubelab_call(kind, path.as_ptr(), path.len(), body.as_ptr(), body.len()) };
        let out = unsafe { bytes(cubelab_out_ptr(), cubelab_out_len()) };
        (status, String::from_utf8(out.to_vec()).unwrap())
    }

    #[test]
    fn a_build_answers_the_servers_json() {
        let body = r#"{"blocks":["Ac","Af","Ba","Bf","Ea","Ef","Fa","Fc"]}"#;
        let (status, out) = call(0, "build", body);
        assert_eq!(status, 200);
        let expected = web::run("build", serde_json::from_str(body).unwrap(), &context()).unwrap();
        assert_eq!(out, expected);
    }

    #[test]
    fn refusals_have_the_servers_status_and_line() {
        let (status, out) = call(0, "show", r#"{"cube":"Zz"}"#);
        assert_eq!(status, 400);
        let v: Value = serde_json::from_str(&out).unwrap();
        assert!(v["error"].as_str().unwrap().contains("Zz"), "{out}");
        let (status, out) = call(0, "build", &serde_json::json!({ "blocks": vec!["Ab"; 40] }).to_string());
        assert_eq!(status, 422);
        let v: Value = serde_json::from_str(&out).unwrap();
        assert!(v["command"].as_str().unwrap().starts_with("cubelab build Ab Ab"), "{out}");
        assert_eq!(call(0, "census targets", "{}").0, 404);
        assert_eq!(call(0, "build", "[1]").0, 400);
        assert_eq!(call(7, "build", "{}").0, 400);
    }

    #[test]
    fn a_print_answers_the_file_with_its_name() {
        let (status, out) = call(1, "print blocks", r#"{"blocks":["Ac","Af"]}"#);
        assert_eq!(status, 200);
        assert!(out.starts_with("<svg") || out.starts_with("<?xml"), "{}", &out[..40.min(out.len())]);
        let name = unsafe { bytes(cubelab_name_ptr(), cubelab_name_len()) };
        assert_eq!(name, b"cubelab-blocks.svg");
    }

    #[test]
    fn stored_results_and_command_lines() {
        let (status, out) = call(2, "census", "");
        assert_eq!(status, 200);
        assert!(out.contains("targets-8"));
        assert_eq!(call(2, "census/targets-8", "").0, 200);
        assert_eq!(call(2, "census/nothing", "").0, 404);
        let (status, line) = call(3, "picture census", r#"{"m":4,"n":3}"#);
        assert_eq!(status, 200);
        assert_eq!(line, "cubelab picture census 4 3 --json\n");
    }

    #[test]
    fn buffers_round_trip() {
        let p = cubelab_alloc(16);
        assert!(!p.is_null());
        unsafe { cubelab_free(p, 16) };
        assert!(cubelab_alloc(0).is_null());
    }
}
