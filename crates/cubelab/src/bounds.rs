//! The accepted range of every numeric run parameter that would otherwise let a request
//! run without end or exhaust memory (random starts, sweeps, samples, moves, ...).
//!
//! Each [`Bound`] names its quantity and its range; the library's entry points check
//! their parameters with [`Bound::check`] before any work starts, so every caller (the
//! command line, the web API, Python) is refused the same way: an error of kind
//! [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) and one line such as
//! `restarts 0 is out of range (accepted: 1 to 100000)`. The command line declares the
//! same ranges on its options, so its message names the option too. The table in
//! `docs/runs.md` ("Bounds") lists every bound of [`ALL`], and a test keeps the two equal.
//!
//! ```
//! use cubelab::bounds::SEARCH_RESTARTS;
//! assert_eq!(SEARCH_RESTARTS.check(40).unwrap(), 40);
//! let e = SEARCH_RESTARTS.check(u64::MAX).unwrap_err();
//! assert_eq!(e.kind(), cubelab::ErrorKind::OutOfRange);
//! assert!(e.to_string().starts_with("restarts 18446744073709551615 is out of range (accepted: 1 to"));
//! ```

use crate::{Error, Result};
use std::ops::RangeInclusive;

/// The accepted range of one numeric quantity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    /// What the number counts, as messages name it (e.g. `restarts`).
    pub quantity: &'static str,
    /// Where it is used (for the documentation table).
    pub used_by: &'static str,
    /// The least value accepted.
    pub min: u64,
    /// The largest value accepted.
    pub max: u64,
}

impl Bound {
    /// The range as a `RangeInclusive`.
    pub fn range(&self) -> RangeInclusive<u64> {
        self.min..=self.max
    }

    /// `value`, or an out-of-range error naming the quantity and the accepted range.
    pub fn check(&self, value: u64) -> Result<u64> {
        if self.range().contains(&value) {
            Ok(value)
        } else {
            Err(Error::out_of_range(format!(
                "{} {value} is out of range (accepted: {} to {})",
                self.quantity, self.min, self.max
            )))
        }
    }

    /// [`Bound::check`] for a `usize`.
    pub fn check_usize(&self, value: usize) -> Result<usize> {
        self.check(value as u64).map(|_| value)
    }
}

/// Random starts of a local search (the max-targets and universal-set searches).
pub const SEARCH_RESTARTS: Bound =
    Bound { quantity: "restarts", used_by: "census max-targets, census universal --search", min: 1, max: 100_000 };
/// Swaps per start of a local search.
pub const SEARCH_STEPS: Bound =
    Bound { quantity: "steps", used_by: "census max-targets, census universal --search", min: 0, max: 10_000_000 };
/// Probes of the magic estimate on the propagation tree.
pub const ESTIMATE_SAMPLES: Bound =
    Bound { quantity: "samples", used_by: "magic estimate (tree)", min: 2, max: 1_000_000_000 };
/// Open cells below which a probe of the magic estimate counts exactly.
pub const ESTIMATE_TAIL: Bound = Bound { quantity: "tail", used_by: "magic estimate (tree)", min: 0, max: 8 };
/// Independent repetitions of the tempering estimate.
pub const TEMPERING_REPEATS: Bound =
    Bound { quantity: "repeats", used_by: "magic estimate --method tempering", min: 2, max: 1_000 };
/// Sweeps of each repetition of the tempering estimate.
pub const TEMPERING_SWEEPS: Bound =
    Bound { quantity: "sweeps", used_by: "magic estimate --method tempering", min: 10, max: 10_000_000 };
/// Random moves of a picture scramble.
pub const SCRAMBLE_MOVES: Bound = Bound { quantity: "moves", used_by: "picture scramble", min: 0, max: 100_000 };
/// Random boards solved optimally by `picture bounds`.
pub const BOUNDS_SAMPLE: Bound = Bound { quantity: "sample", used_by: "picture bounds", min: 0, max: 1_000 };
/// Random boards whose distances a picture census reports.
pub const CENSUS_WATCH: Bound = Bound { quantity: "watched boards", used_by: "picture census", min: 0, max: 1_000 };
/// Antipodes a picture census lists.
pub const CENSUS_ANTIPODES: Bound = Bound { quantity: "antipodes", used_by: "picture census", min: 0, max: 100_000 };
/// Points a permutation group of the picture puzzle acts on.
pub const GROUP_DEGREE: Bound =
    Bound { quantity: "group degree", used_by: "picture census --group (generators)", min: 1, max: 64 };

/// Every bound, in the order of the documentation table.
pub const ALL: &[Bound] = &[
    SEARCH_RESTARTS,
    SEARCH_STEPS,
    ESTIMATE_SAMPLES,
    ESTIMATE_TAIL,
    TEMPERING_REPEATS,
    TEMPERING_SWEEPS,
    SCRAMBLE_MOVES,
    BOUNDS_SAMPLE,
    CENSUS_WATCH,
    CENSUS_ANTIPODES,
    GROUP_DEGREE,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_check_both_ends_and_name_the_quantity() {
        for b in ALL {
            assert!(b.min <= b.max, "{b:?}");
            assert_eq!(b.check(b.min).unwrap(), b.min);
            assert_eq!(b.check(b.max).unwrap(), b.max);
            let e = b.check(b.max + 1).unwrap_err();
            assert_eq!(e.kind(), crate::ErrorKind::OutOfRange);
            assert!(e.to_string().starts_with(b.quantity), "{e}");
            assert!(e.to_string().contains(&format!("{} to {}", b.min, b.max)), "{e}");
            if b.min > 0 {
                assert!(b.check(b.min - 1).is_err());
            }
        }
    }

    /// The table of docs/runs.md lists every bound with its range.
    #[test]
    fn the_documented_table_lists_every_bound() {
        let doc = include_str!("../../../docs/runs.md");
        for b in ALL {
            let row = format!("| {} | {} | {} to {} |", b.used_by, b.quantity, b.min, b.max);
            assert!(doc.contains(&row), "docs/runs.md lacks the row `{row}`");
        }
    }
}
