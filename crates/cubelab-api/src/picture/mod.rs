//! `picture`: the picture cube puzzle: `check` and `scramble` ([`board`]), `solve`
//! ([`solve`]), `bounds` ([`bounds`]) and `census` ([`census`]).
//!
//! Each has a typed request (`picture::CheckRequest`, ...), its report and one `run`.
//! The choices are enums: [`Method`] and [`Engine`] here (`clap::ValueEnum` with the
//! `clap` feature, so the command line takes them directly) and the library's
//! [`Metric`] (`"quarter"`, `"half"`), which the command line parses with its own
//! `FromStr` (the library has no clap).
//!
//! A distance table for optimal answers ([`DistanceTable`], made by `picture census M N
//! --save-table FILE`) reaches `solve` through the [`Context`](crate::Context)
//! ([`Context::with_picture_table`](crate::Context::with_picture_table)): boards of its
//! size and metric are then solved by a descent in it, whatever the limits say about
//! their size.

pub mod board;
pub mod bounds;
pub mod census;
pub mod solve;

pub use board::{CheckRequest, ScrambleRequest};
pub use bounds::BoundsRequest;
pub use census::CensusRequest;
pub use cubelab::picture::board::Metric;
pub use cubelab::picture::census::twobit::distances::DistanceTable;
pub use solve::SolveRequest;

use crate::error::{Error, ErrorKind, Result};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A solving method (in JSON: `"local"`, `"subgroup"`, `"optimal"`).
// The variants are described in the command's help and docs/picture.md: doc comments on
// them would change both the help (clap shows them) and the JSON schema.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    #[default]
    Local,
    Subgroup,
    Optimal,
}

impl Method {
    /// The method's name, as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Method::Local => "local",
            Method::Subgroup => "subgroup",
            Method::Optimal => "optimal",
        }
    }
}

/// The engine of `picture census` (the result does not depend on it; in JSON: `"auto"`,
/// `"byte"`, `"two-bit"`, `"mpi"`: the two-bit census on MPI, under `mpirun`, in a build
/// with the feature `mpi`; refused without it).
// Described in the help of `--engine` (variant doc comments would change it).
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum Engine {
    #[default]
    Auto,
    Byte,
    TwoBit,
    Mpi,
}

/// The default node limit of an optimal search: enough for every 3x3 board tried (at most
/// about 10^5 nodes), about 20 s of one core on a 4x4 board and 90 s on a 5x5 one
/// (docs/picture.md).
pub const DEFAULT_MAX_NODES: u64 = 10_000_000;

/// `quarter` or `half`.
pub(crate) fn metric_name(metric: Metric) -> &'static str {
    if metric == Metric::Half {
        "half"
    } else {
        "quarter"
    }
}

/// `quarter-turn` or `half-turn`, for titles.
pub(crate) fn metric_title(metric: Metric) -> &'static str {
    if metric == Metric::Half {
        "half-turn"
    } else {
        "quarter-turn"
    }
}

/// Whether `s` seconds is a time limit an optimal search takes: positive, finite and
/// below 10^9 (the command line's parser of `--timeout` asks the same).
pub fn valid_seconds(s: f64) -> bool {
    s > 0.0 && s.is_finite() && s < 1e9
}

/// The limits of an optimal search (`max_nodes`, `timeout` of `solve` and `bounds`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SearchLimits {
    /// Most nodes (None: [`DEFAULT_MAX_NODES`]).
    pub max_nodes: Option<u64>,
    /// Most seconds.
    pub timeout: Option<f64>,
}

impl SearchLimits {
    /// Whether either limit was given.
    pub fn given(&self) -> bool {
        self.max_nodes.is_some() || self.timeout.is_some()
    }

    /// Bad values: no nodes, or a time that is not a positive number of seconds.
    pub fn check(&self) -> Result<()> {
        if self.max_nodes == Some(0) {
            return Err(Error::bad("the node limit must be at least 1").about("max_nodes", 0));
        }
        if let Some(t) = self.timeout.filter(|&t| !valid_seconds(t)) {
            return Err(Error::bad(format!("'{t}' is not a positive number of seconds")).about("timeout", t));
        }
        Ok(())
    }

    /// The library's limits, with a time limit of at most `time` (a request's) if given.
    pub fn limits(&self, time: Option<std::time::Duration>) -> cubelab::picture::optimal::Limits {
        let timeout = match (self.timeout, time) {
            (Some(s), Some(t)) => Some(s.min(t.as_secs_f64())),
            (s, t) => s.or(t.map(|t| t.as_secs_f64())),
        };
        cubelab::picture::optimal::Limits {
            max_nodes: self.max_nodes.unwrap_or(DEFAULT_MAX_NODES),
            timeout: timeout.map(std::time::Duration::from_secs_f64),
        }
    }

    /// The optimal solver of `rows` x `cols` boards, its pattern databases built within
    /// the time limit (issue 47: `--timeout 1` let a 3x3 solve spend 50 s building them).
    /// (`max_nodes` counts search nodes only, none of them spent here.)
    pub fn solver(
        &self,
        rows: usize,
        cols: usize,
        metric: Metric,
        ctx: &crate::Context,
    ) -> Result<cubelab::picture::optimal::Solver> {
        let max_entries = cubelab::picture::optimal::default_max_entries(rows, cols);
        let begun = cubelab::time::Instant::now();
        self.prepare(ctx, begun, "the pattern databases of the optimal search were built", |stop| {
            cubelab::picture::optimal::Solver::new_until(rows, cols, metric, max_entries, stop)
        })
    }

    /// Runs `work` (building tables: no search nodes) within the time limit counted from
    /// `begun`: while it runs, the limit is a deadline of the call (the earlier of the
    /// context's and `timeout` seconds after `begun`), which raises the token given to
    /// `work` as a context's deadline does; work stopped by it is a reached limit naming
    /// `{timeout}` and saying what was being done (`while`: "the bounds were computed").
    pub fn prepare<T>(
        &self,
        ctx: &crate::Context,
        begun: cubelab::time::Instant,
        while_: &str,
        work: impl FnOnce(&cubelab::run::Stop) -> cubelab::Result<T>,
    ) -> Result<T> {
        let Some(seconds) = self.timeout else {
            return Ok(work(ctx.stop())?);
        };
        let limit = begun + std::time::Duration::from_secs_f64(seconds);
        let deadline = ctx.deadline().map_or(limit, |d| d.min(limit));
        let timed = ctx.clone().with_deadline(deadline);
        let watch = timed.watch();
        let done = work(timed.stop());
        drop(watch);
        done.map_err(|e| {
            if e.kind() == cubelab::ErrorKind::Stopped && cubelab::time::Instant::now() >= limit {
                Error::naming(
                    ErrorKind::LimitReached,
                    format!("the time limit of {seconds} s was reached while {while_}; raise it with {{timeout}}"),
                )
            } else {
                e.into()
            }
        })
    }

    /// The error of a search begun at `started` with `limits` that reached a limit, with
    /// the field that raises it.
    pub fn hint(
        limits: &cubelab::picture::optimal::Limits,
        e: cubelab::Error,
        started: cubelab::time::Instant,
    ) -> Error {
        if e.kind() != cubelab::ErrorKind::LimitReached {
            return e.into();
        }
        let timed_out = limits.timeout.is_some_and(|t| started.elapsed() >= t);
        let field = if timed_out { "{timeout}" } else { "{max_nodes}" };
        Error::naming(ErrorKind::LimitReached, format!("{}; raise it with {field}", e.message()))
    }
}

#[cfg(test)]
mod tests;
