//! The censuses only the small representation runs: solution numbers (Table 1), the
//! multiset census and the infeasible-multiset search. Each returns an
//! [`crate::ErrorKind::OutOfRange`] error on a wide engine.

use super::{Engine, Inner, Small};
use crate::census::infeasible::InfeasibleSearch;
use crate::census::multiset::{self, MultisetCensus};
use crate::census::set::CubeSet;
use crate::census::{solution, Method};
use crate::combin::binomial;
use crate::run::{Progress, Stop};
use crate::shard::chunked_until;
use crate::Error;
use std::collections::BTreeMap;
use std::ops::Range;

impl Engine {
    /// The small representation, or an out-of-range error naming `what` needs it.
    pub(super) fn small(&self, what: &str) -> Result<&Small, Error> {
        match &self.inner {
            Inner::Small(s) => Ok(s),
            Inner::Wide(_) => Err(Error::out_of_range(format!(
                "{what} needs a universe of at most 32 cubes (the small representation)"
            ))),
        }
    }

    /// Whether each cube fits each corner of each target in at most one way, the
    /// condition of the corner-graph theorems (six-colored cubes). On the wide
    /// representation: whether every cube shows six different colors, which implies it.
    pub fn six_colored(&self) -> bool {
        match &self.inner {
            Inner::Small(s) => s.universe.simple,
            Inner::Wide(w) => w.cubes.iter().all(|c| c.repeated_color().is_none()),
        }
    }

    /// How many cubes are usable for target `t` (fit at least one of its corners).
    pub fn usable_count(&self, t: usize) -> usize {
        self.fits().get(t).map_or(0, |row| row.iter().filter(|&&m| m != 0).count())
    }

    /// Number of collections of 8 distinct cubes of the universe.
    pub fn collections(&self) -> u64 {
        binomial(self.len() as u64, 8)
    }

    /// Histogram of the nonzero solution numbers for target `t` over the collections of 8
    /// distinct cubes with colex ranks in `ranks` (`super::super::solution`).
    /// Progress: the collections looked at.
    pub fn solution_numbers(
        &self,
        t: usize,
        method: Method,
        ranks: Range<u64>,
        progress: &dyn Progress,
    ) -> Result<BTreeMap<u64, u64>, Error> {
        self.solution_numbers_until(t, method, ranks, progress, &Stop::new())
    }

    /// [`Engine::solution_numbers`] that a raised `stop` ends with kind `Stopped`, within a
    /// chunk of collections (milliseconds).
    pub fn solution_numbers_until(
        &self,
        t: usize,
        method: Method,
        ranks: Range<u64>,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> Result<BTreeMap<u64, u64>, Error> {
        let s = self.small("the solution-number census")?;
        if t >= self.len() || ranks.start > ranks.end || ranks.end > self.collections() {
            return Err(Error::out_of_range(format!(
                "target {t} or ranks {ranks:?} are out of range for {} cubes",
                self.len()
            )));
        }
        solution::solution_numbers(&s.universe, t, method, ranks, progress, stop)
    }

    /// The census of every multiset of 8 of the cubes (`super::super::multiset`).
    /// Progress: a phase over the candidate multisets. A raised `stop` ends it within a
    /// chunk of multisets (milliseconds), with kind `Stopped`.
    pub fn multiset_census(
        &self,
        method: Method,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> Result<MultisetCensus, Error> {
        multiset::multiset_census(&self.small("the multiset census")?.universe, method, progress, stop)
    }

    /// Whether the multiset `types` (8 sorted cube indices, repeats allowed) builds target `t`.
    pub fn multiset_builds(&self, t: usize, types: &[usize; 8], method: Method) -> Result<bool, Error> {
        if t >= self.len() || types.iter().any(|&c| c >= self.len()) {
            return Err(Error::out_of_range(format!("a cube of the multiset is not one of the {}", self.len())));
        }
        multiset::multiset_builds(&self.small("a multiset check")?.universe, t, types, method)
    }

    /// The search for the largest multisets of the cubes in `within` from which no target
    /// can be built (`super::super::infeasible`), prepared to run in batches of items
    /// ([`InfeasibleSearch::run`]) for shards and checkpoints.
    pub fn infeasible_search(&self, method: Method, within: &[usize]) -> Result<InfeasibleSearch<'_>, Error> {
        let s = self.small("the infeasible-multiset search")?;
        let within = self.checked(within)?;
        InfeasibleSearch::new(&s.universe, method, u32::of(&within))
    }

    /// Every collection of 8 distinct cubes that builds some target, target by target:
    /// `result[t]` lists the collections building target `t` (bitmasks over the universe,
    /// from the subset tables of `method`) each with `number(universe, t, set)`. The
    /// number is computed for the lists decided directly; a list carried over from
    /// another target by a checked color symmetry takes that target's numbers set by set,
    /// so `number` must not change under the color relabelings of the universe (true of
    /// solution numbers, with or without matching inner faces, and of anything else read
    /// off the arrangements). Small representation only. A raised `stop` ends it within a
    /// chunk of 1,024 sets (milliseconds), with kind `Stopped`.
    pub(crate) fn eight_sets_by_target(
        &self,
        method: Method,
        number: impl Fn(&crate::census::Universe, usize, u32) -> u64 + Sync,
        stop: &Stop,
    ) -> Result<Vec<Vec<(u32, u64)>>, Error> {
        use rayon::prelude::*;
        let s = self.small("the collections building each target")?;
        let tables = s.tables(method)?;
        let numbers: Vec<Option<Vec<u64>>> = (0..tables.minimal.len())
            .into_par_iter()
            .map(|t| match tables.derived_from[t] {
                Some(_) => Ok(None),
                None => {
                    let sets = &tables.minimal[t];
                    let parts = chunked_until(0..sets.len() as u64, 1 << 10, stop, |r| {
                        sets[r.start as usize..r.end as usize]
                            .iter()
                            .map(|&set| number(&s.universe, t, set))
                            .collect::<Vec<u64>>()
                    })?;
                    Ok(Some(parts.concat()))
                }
            })
            .collect::<Result<_, Error>>()?;
        let mut out = Vec::with_capacity(numbers.len());
        for (t, sets) in tables.minimal.iter().enumerate() {
            let from = tables.derived_from[t].unwrap_or(t);
            let n = numbers[from]
                .as_ref()
                .ok_or_else(|| Error::new(crate::ErrorKind::Internal, "a list was carried over from a carried list"))?;
            out.push(sets.iter().copied().zip(n.iter().copied()).collect());
        }
        Ok(out)
    }
}
