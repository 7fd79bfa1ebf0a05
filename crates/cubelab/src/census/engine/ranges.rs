//! Parts of exhaustive and sampled censuses on the subset tables of the small
//! representation, for runs cut into shards and checkpointed batches. Each returns an
//! [`crate::ErrorKind::OutOfRange`] error on a wide engine.

use super::{to_positions, Engine};
use crate::census::set::CubeSet;
use crate::census::targets::{self, BuildTables, Tally};
use crate::census::Method;
use crate::run::{Progress, Stop};
use crate::Error;
use std::ops::Range;

impl Engine {
    /// Number of work units ("prefixes") of [`Engine::tally_all_sizes_in`] for a `within`
    /// of `n` cubes: each fixes which of the highest cubes are chosen.
    pub fn prefixes(n: usize) -> u64 {
        targets::prefix_count(n)
    }

    /// Checks that the subset tables serve sets of any size (each target has at most
    /// `targets::MAX_USABLE` usable cubes); sets of 8 need no check.
    pub fn check_subset_tables(&self) -> Result<(), Error> {
        BuildTables::check_lookup_possible(&self.small("a census of sets of other than 8 cubes")?.universe)
    }

    /// Builds the subset tables for `method` now (small representation; nothing to do on a
    /// wide one), so that a census reports a method it cannot run before it starts.
    pub fn prepare(&self, method: Method) -> Result<(), Error> {
        match &self.inner {
            super::Inner::Small(s) => s.tables(method).map(|_| ()),
            super::Inner::Wide(_) => Ok(()),
        }
    }

    /// Tallies every subset of `within` (at most 32 distinct cubes), of every size at once
    /// (`result[k]` for size k), for the prefixes in `prefixes` (see [`Engine::prefixes`]),
    /// on the subset tables; sets as in [`Engine::tally`]. A raised `stop` ends it within a
    /// prefix (milliseconds), with kind `Stopped`.
    pub fn tally_all_sizes_in(
        &self,
        within: &[usize],
        prefixes: Range<u64>,
        method: Method,
        keep_max: bool,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> Result<Vec<Tally>, Error> {
        let s = self.small("a census of every subset on the subset tables")?;
        let within = self.checked_within(within)?;
        let all = Engine::prefixes(within.len());
        if prefixes.start > prefixes.end || prefixes.end > all {
            return Err(Error::out_of_range(format!("prefixes {prefixes:?} are not within 0..{all}")));
        }
        let mask = u32::of(&within);
        let all = targets::tally_all_sizes(s.tables(method)?, mask, prefixes, keep_max, progress, stop)?;
        Ok(all.into_iter().map(|t| to_positions(t, mask)).collect())
    }

    /// Tallies `samples` K-subsets of `within` (at most 32 distinct cubes) drawn
    /// independently and uniformly at random (uniform colex ranks) from `seed`, on the
    /// subset tables; sets as in [`Engine::tally`]. A raised `stop` ends it within 65,536
    /// samples, with kind `Stopped`.
    #[allow(clippy::too_many_arguments)]
    pub fn sample_within(
        &self,
        k: usize,
        within: &[usize],
        samples: u64,
        seed: u64,
        method: Method,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> Result<Tally, Error> {
        let s = self.small("a sample on the subset tables")?;
        let within = self.checked_within(within)?;
        if k > within.len() {
            return Err(Error::out_of_range(format!("a set of {k} cubes is more than the {} given", within.len())));
        }
        let mask = u32::of(&within);
        let t = targets::tally_sample(s.tables(method)?, k, mask, samples, seed, progress, stop)?;
        Ok(to_positions(t, mask))
    }
}
