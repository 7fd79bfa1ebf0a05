//! The clock of the library's own timers: time limits (`picture::optimal::Limits::timeout`),
//! the save policy of long runs, the batch sizing of `run`, the timings `verify` reports.
//!
//! Natively [`Instant`] is [`std::time::Instant`], unchanged. On `wasm32-unknown-unknown`
//! the standard library has no clock (`std::time::Instant::now` panics there), so
//! [`Instant`] is a monotonic instant read from the host: the module imports
//! `env.cubelab_now_ms() -> f64`, milliseconds from any fixed origin (the browser's
//! `performance.now()`, node's `performance.now()`), which the embedder must provide
//! (crates/cubelab-wasm does).
//!
//! ```
//! use cubelab::time::Instant;
//! let started = Instant::now();
//! assert!(started.elapsed() >= std::time::Duration::ZERO);
//! ```

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;

#[cfg(target_arch = "wasm32")]
pub use host::Instant;

// The host's clock is an imported function, which Rust calls only in `unsafe`.
#[cfg(target_arch = "wasm32")]
#[allow(unsafe_code)]
mod host {
    use std::ops::{Add, Sub};
    use std::time::Duration;

    #[link(wasm_import_module = "env")]
    extern "C" {
        /// Milliseconds since a fixed origin, never decreasing (`performance.now()`).
        fn cubelab_now_ms() -> f64;
    }

    /// A moment of the host's monotonic clock, in nanoseconds from its origin.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Instant(u64);

    impl Instant {
        /// Now.
        pub fn now() -> Instant {
            // SAFETY: an imported function of no arguments returning a number.
            let ms = unsafe { cubelab_now_ms() };
            Instant(if ms.is_finite() && ms > 0.0 { (ms * 1e6) as u64 } else { 0 })
        }

        /// The time since `self`.
        pub fn elapsed(&self) -> Duration {
            Instant::now().saturating_duration_since(*self)
        }

        /// The time from `earlier` to `self`, zero if `earlier` is later.
        pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
            Duration::from_nanos(self.0.saturating_sub(earlier.0))
        }

        /// The time from `earlier` to `self`, zero if `earlier` is later (as std's, which
        /// also saturates).
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0.saturating_add(u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)))
        }
    }

    impl Sub<Instant> for Instant {
        type Output = Duration;
        fn sub(self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }
    }
}
