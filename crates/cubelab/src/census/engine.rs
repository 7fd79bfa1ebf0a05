//! One census engine for every universe of cubes: [`Engine`].
//!
//! An engine is built from a list of distinct cubes (blocks and targets alike) and picks
//! the representation of cube sets from the universe's size ([`Representation`]):
//!
//! - [`Representation::Small`] (at most 32 cubes: MacMahon's 30, C_1, C_2, C_3): sets are
//!   `u32` bitmasks, and exhaustive censuses run on the per-target tables of buildable
//!   sub-collections of `super::targets` (the Table 2 census over all 5,852,925 8-sets
//!   of the 30 MacMahon cubes in a fraction of a second) whenever each target has at most
//!   `targets::MAX_USABLE` usable cubes, else the engine without tables on `u32` sets
//!   (C_3, whose targets have 28 usable cubes, for sets of other than 8 cubes);
//! - [`Representation::Wide`] (at most 256 cubes: Sadisticube 7's 210, C_4's 68, C_5's
//!   75): sets are [`WideSet`]s (256-bit masks) and everything runs on the engine without
//!   tables of `super::wide` (exact means by dynamic programming, sampling, searches;
//!   exhaustive censuses only within at most 32 cubes).
//!
//! The choice is the library's: [`Engine::for_universe`] takes the small representation
//! whenever it fits. [`Engine::with_representation`] forces one (the wide one also fits a
//! small universe, which the tests use to check that both give identical results).
//! Operations that only the small representation offers (solution numbers, the multiset
//! census, the infeasible search, tallies by prefix range and samples within a set on the
//! subset tables) return an [`crate::ErrorKind::OutOfRange`] error on a wide engine; no
//! operation panics on caller input. Runs cut into shards and checkpointed batches call
//! the range operations ([`Engine::tally`], [`Engine::tally_all_sizes_in`],
//! [`Engine::solution_numbers`], [`Engine::infeasible_search`]) once per batch.
//!
//! Sets of cubes cross the API as sorted lists of cube indices (`&[usize]`), and tallies
//! of exhaustive censuses record their sets as bitmasks over positions in the `within`
//! list they were taken from (equal to cube indices when `within` is the whole universe).
//!
//! ```
//! use cubelab::census::engine::{Engine, Representation};
//! use cubelab::census::Method;
//! use cubelab::run::NoProgress;
//!
//! let engine = Engine::macmahon();
//! assert_eq!(engine.representation(), Representation::Small);
//! assert_eq!(engine.len(), 30);
//! // Every 8-subset of the first 10 cubes, exactly.
//! let within: Vec<usize> = (0..10).collect();
//! let tally = engine.tally(8, &within, None, Method::Graph, false, &NoProgress).unwrap();
//! assert_eq!(tally.sets, 45);
//! // The exact mean number of targets a random 8-set builds (Johnson–Roldán Table 2).
//! let mean = engine.exact_mean(8).unwrap();
//! assert!(mean > 0.0 && mean < 30.0);
//! // A set of cubes by name, and what it builds.
//! let set = engine.parse_set(&["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]).unwrap();
//! assert!(!engine.built(&set, Method::Graph).unwrap().is_empty());
//! ```

use super::combin::{binomial, for_each_subset_in};
use super::infeasible::InfeasibleCensus;
use super::set::{CubeSet, WideSet};
use super::targets::{self, BuildTables, Tally};
use super::wide::{UniversalBound, Wide};
use super::{Method, Universe};
use crate::coloring::{exact_colorings, Coloring};
use crate::run::{Progress, Stop};
use crate::Error;
use std::ops::Range;
use std::sync::OnceLock;

/// How an [`Engine`] represents sets of cubes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Representation {
    /// `u32` bitmasks and per-target subset tables: universes of at most 32 cubes.
    Small,
    /// 256-bit masks, no tables: universes of at most 256 cubes.
    Wide,
}

impl Representation {
    /// The representation [`Engine::for_universe`] picks for `n` cubes: the small one
    /// whenever it fits.
    pub fn for_size(n: usize) -> Representation {
        if n <= u32::CAPACITY {
            Representation::Small
        } else {
            Representation::Wide
        }
    }

    /// The largest universe this representation holds.
    pub fn capacity(self) -> usize {
        match self {
            Representation::Small => u32::CAPACITY,
            Representation::Wide => WideSet::CAPACITY,
        }
    }
}

/// A census engine over one universe of cubes (see the [module docs](self)).
#[derive(Debug)]
pub struct Engine {
    inner: Inner,
}

#[derive(Debug)]
enum Inner {
    Small(Box<Small>),
    Wide(Box<Wide<WideSet>>),
}

/// The small representation: the table engine, and the engine without tables on `u32`
/// sets for what has no table path (exact means, searches).
#[derive(Debug)]
struct Small {
    universe: Universe,
    core: Wide<u32>,
    /// Build tables by method (graph, backtrack), built on first use.
    tables: [OnceLock<BuildTables>; 2],
}

impl Engine {
    /// The engine for a list of distinct cubes, in the representation
    /// [`Representation::for_size`] picks (the fast `u32` one whenever it fits).
    pub fn for_universe(cubes: Vec<Coloring>) -> Result<Engine, Error> {
        let r = Representation::for_size(cubes.len());
        Engine::with_representation(cubes, r)
    }

    /// The engine for a list of distinct cubes in a given representation (an error when
    /// the universe is larger than it holds).
    pub fn with_representation(cubes: Vec<Coloring>, r: Representation) -> Result<Engine, Error> {
        if cubes.len() > r.capacity() {
            return Err(Error::out_of_range(format!(
                "a census universe of {} cubes does not fit the {r:?} representation (at most {})",
                cubes.len(),
                r.capacity()
            )));
        }
        let inner = match r {
            Representation::Small => Inner::Small(Box::new(Small {
                core: Wide::from_cubes_in(cubes.clone())?,
                universe: Universe::new(cubes)?,
                tables: [OnceLock::new(), OnceLock::new()],
            })),
            Representation::Wide => Inner::Wide(Box::new(Wide::from_cubes(cubes)?)),
        };
        Ok(Engine { inner })
    }

    /// MacMahon's 30 cubes in Conway's tableau order (small representation).
    pub fn macmahon() -> Engine {
        Engine::from_universe(Universe::macmahon()).expect("MacMahon's 30 cubes are distinct")
    }

    /// Sadisticube 7: 210 blocks colored with six of seven colors (wide representation).
    pub fn sadisticube7() -> Engine {
        Engine { inner: Inner::Wide(Box::default()) }
    }

    /// `C_n`: the cubes using exactly n colors (n = 1..=6; C_6 is MacMahon's 30 in tableau
    /// order). C_4 (68 cubes) and C_5 (75) take the wide representation.
    pub fn exact_colors(n: usize) -> Result<Engine, Error> {
        if n == 6 {
            return Ok(Engine::macmahon());
        }
        Engine::for_universe(exact_colorings(n)?)
    }

    /// The engine over an existing [`Universe`] (small representation).
    pub fn from_universe(universe: Universe) -> Result<Engine, Error> {
        let core = Wide::from_cubes_in(universe.cubes.clone())?;
        Ok(Engine {
            inner: Inner::Small(Box::new(Small { universe, core, tables: [OnceLock::new(), OnceLock::new()] })),
        })
    }

    /// The representation in use.
    pub fn representation(&self) -> Representation {
        match &self.inner {
            Inner::Small(_) => Representation::Small,
            Inner::Wide(_) => Representation::Wide,
        }
    }

    /// The universe of the table engine, when the representation is small.
    pub fn universe(&self) -> Option<&Universe> {
        match &self.inner {
            Inner::Small(s) => Some(&s.universe),
            Inner::Wide(_) => None,
        }
    }

    /// Number of cubes (blocks and targets).
    pub fn len(&self) -> usize {
        self.cubes().len()
    }

    /// Refuses a set of `k` cubes larger than the universe.
    pub(crate) fn check_set_size(&self, k: usize) -> Result<(), Error> {
        if k > self.len() {
            return Err(Error::out_of_range(format!("a set of {k} cubes is more than the {} there are", self.len())));
        }
        Ok(())
    }

    /// Whether the universe is empty.
    pub fn is_empty(&self) -> bool {
        self.cubes().is_empty()
    }

    /// The cubes, in universe order.
    pub fn cubes(&self) -> &[Coloring] {
        match &self.inner {
            Inner::Small(s) => &s.universe.cubes,
            Inner::Wide(w) => &w.cubes,
        }
    }

    /// Display names of the cubes (Conway's where they exist, else the face string).
    pub fn names(&self) -> &[String] {
        match &self.inner {
            Inner::Small(s) => &s.universe.names,
            Inner::Wide(w) => &w.names,
        }
    }

    /// `fits()[t][c]`: bitmask over [`crate::geometry::Corner::all`] of the corners of
    /// target `t` that cube `c` fits.
    pub fn fits(&self) -> &[Vec<u8>] {
        match &self.inner {
            Inner::Small(s) => &s.core.fits,
            Inner::Wide(w) => &w.fits,
        }
    }

    /// Index of a cube given in any notation.
    pub fn index_of(&self, c: &Coloring) -> Option<usize> {
        match &self.inner {
            Inner::Small(s) => s.universe.index_of(c),
            Inner::Wide(w) => w.index_of(c),
        }
    }

    /// Parses distinct cubes (any notation) into their indices, sorted.
    pub fn parse_set<S: AsRef<str>>(&self, tokens: &[S]) -> Result<Vec<usize>, Error> {
        let mut set = match &self.inner {
            Inner::Small(s) => s.universe.parse_set(tokens)?.iter().collect(),
            Inner::Wide(w) => w.parse_blocks(tokens)?,
        };
        set.sort_unstable();
        Ok(set)
    }

    /// Names of the cubes of a set.
    pub fn set_names(&self, set: &[usize]) -> Vec<String> {
        set.iter().filter_map(|&c| self.names().get(c).cloned()).collect()
    }

    /// The distinct cubes of `set`, sorted; an error when one is out of range or repeated.
    fn checked(&self, set: &[usize]) -> Result<Vec<usize>, Error> {
        let mut v = set.to_vec();
        v.sort_unstable();
        if let Some(&c) = v.iter().find(|&&c| c >= self.len()) {
            return Err(Error::out_of_range(format!("cube {c} is not one of the {} of this census", self.len())));
        }
        if v.windows(2).any(|w| w[0] == w[1]) {
            return Err(Error::malformed("a set of cubes lists a cube twice"));
        }
        Ok(v)
    }

    /// The targets the distinct cubes of `set` build (some 8 of them do), by `method`.
    /// On the small representation the graph method reads the subset tables.
    pub fn built(&self, set: &[usize], method: Method) -> Result<Vec<usize>, Error> {
        let set = self.checked(set)?;
        Ok(match &self.inner {
            Inner::Small(s) if method == Method::Graph && s.lookups() => {
                let tables = s.tables(method)?;
                tables.built(u32::of(&set))?.iter().collect()
            }
            Inner::Small(s) => s.core.built(&set, method),
            Inner::Wide(w) => w.built(&set, method),
        })
    }

    /// Tallies the K-subsets of `within` (at most 32 distinct cubes, in any order) with
    /// colex ranks (of their positions in `within`) in `ranks` (all of them with `None`):
    /// how many targets each builds. Sets in the tally are bitmasks over positions in
    /// `within` as given. `keep_max` keeps the sets attaining the largest count. On the
    /// small representation an unsorted `within` runs without the subset tables.
    pub fn tally(
        &self,
        k: usize,
        within: &[usize],
        ranks: Option<Range<u64>>,
        method: Method,
        keep_max: bool,
        progress: &dyn Progress,
    ) -> Result<Tally, Error> {
        self.tally_until(k, within, ranks, method, keep_max, progress, &Stop::new())
    }

    /// [`Engine::tally`] that a raised `stop` ends within a chunk of sets (milliseconds;
    /// the sets of 8 on the subset tables, a fraction of a second in all, look at it before
    /// and after), with kind `Stopped`.
    #[allow(clippy::too_many_arguments)]
    pub fn tally_until(
        &self,
        k: usize,
        within: &[usize],
        ranks: Option<Range<u64>>,
        method: Method,
        keep_max: bool,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> Result<Tally, Error> {
        unless_stopped(stop, ())?;
        self.checked_within(within)?;
        let total = binomial(within.len() as u64, k as u64);
        let ranks = ranks.unwrap_or(0..total);
        if ranks.start > ranks.end || ranks.end > total {
            return Err(Error::out_of_range(format!("ranks {ranks:?} are not within 0..{total}")));
        }
        let sorted = within.windows(2).all(|w| w[0] < w[1]);
        match &self.inner {
            Inner::Small(s) if !sorted || (k != 8 && !s.lookups()) => {
                s.core.tally_within(within, k, ranks, method, keep_max, progress, stop)
            }
            Inner::Small(s) => {
                let mask = u32::of(within);
                let t = targets::tally(s.tables(method)?, k, mask, ranks, keep_max, progress, stop)?;
                unless_stopped(stop, to_positions(t, mask))
            }
            Inner::Wide(w) => w.tally_within(within, k, ranks, method, keep_max, progress, stop),
        }
    }

    /// Tallies every subset of `within` (at most 32 distinct cubes), of every size at once
    /// (`result[k]` for size k); sets as in [`Engine::tally`].
    pub fn tally_all_sizes(
        &self,
        within: &[usize],
        method: Method,
        keep_max: bool,
        progress: &dyn Progress,
    ) -> Result<Vec<Tally>, Error> {
        let within = self.checked_within(within)?;
        match &self.inner {
            Inner::Small(s) if s.lookups() => {
                let prefixes = 0..Engine::prefixes(within.len());
                self.tally_all_sizes_in(&within, prefixes, method, keep_max, progress, &Stop::new())
            }
            Inner::Small(s) => every_size(&s.core, &within, method, keep_max, progress),
            Inner::Wide(w) => every_size(w, &within, method, keep_max, progress),
        }
    }

    fn checked_within(&self, within: &[usize]) -> Result<Vec<usize>, Error> {
        let within = self.checked(within)?;
        if within.len() > 32 {
            return Err(Error::out_of_range(format!(
                "an exhaustive census runs within at most 32 cubes, {} given",
                within.len()
            )));
        }
        Ok(within)
    }

    /// Tallies `samples` K-sets of the whole universe drawn independently and uniformly at
    /// random from `seed`. The stream of samples depends on the representation (the small
    /// one unranks uniform colex ranks, the wide one draws subsets by Floyd's algorithm in
    /// chunks of 1024); either is reproducible for a given seed. A raised `stop` ends it
    /// within a chunk of samples, with kind `Stopped`.
    pub fn sample(
        &self,
        k: usize,
        samples: u64,
        seed: u64,
        method: Method,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> Result<Tally, Error> {
        self.check_set_size(k)?;
        match &self.inner {
            Inner::Small(s) if s.lookups() => {
                let all = u32::full(self.len());
                targets::tally_sample(s.tables(method)?, k, all, samples, seed, progress, stop)
            }
            Inner::Small(s) => unless_stopped(stop, s.core.sample(k, samples, seed, method, progress, stop).0),
            Inner::Wide(w) => unless_stopped(stop, w.sample(k, samples, seed, method, progress, stop).0),
        }
    }

    /// The exact mean number of targets built by a uniformly random K-set (one dynamic
    /// program per orbit of color relabelings; the same code for both representations).
    pub fn exact_mean(&self, k: usize) -> Result<f64, Error> {
        self.exact_mean_until(k, &Stop::new())
    }

    /// [`Engine::exact_mean`] that a raised `stop` ends within milliseconds (it is looked
    /// at per group of cubes of the dynamic program), with kind `Stopped`.
    pub fn exact_mean_until(&self, k: usize, stop: &Stop) -> Result<f64, Error> {
        match &self.inner {
            Inner::Small(s) => s.core.exact_mean_all(k, stop),
            Inner::Wide(w) => w.exact_mean_all(k, stop),
        }
    }

    /// Every K-set of the universe (at most 32 cubes) that builds every target, among the
    /// K-sets with colex ranks in `ranks` (all with `None`), by `method`.
    /// Progress: the sets looked at.
    pub fn universal_sets(
        &self,
        k: usize,
        ranks: Option<Range<u64>>,
        method: Method,
        progress: &dyn Progress,
    ) -> Result<Vec<Vec<usize>>, Error> {
        self.universal_sets_until(k, ranks, method, progress, &Stop::new())
    }

    /// [`Engine::universal_sets`] that a raised `stop` ends with kind `Stopped`, within a
    /// chunk of sets (262,144 on the subset tables, 4,096 without).
    pub fn universal_sets_until(
        &self,
        k: usize,
        ranks: Option<Range<u64>>,
        method: Method,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> Result<Vec<Vec<usize>>, Error> {
        let n = self.len();
        if n > 32 {
            return Err(Error::out_of_range(format!(
                "an exhaustive universal-set search needs at most 32 cubes, this census has {n}"
            )));
        }
        let total = binomial(n as u64, k as u64);
        let ranks = ranks.unwrap_or(0..total);
        if ranks.start > ranks.end || ranks.end > total {
            return Err(Error::out_of_range(format!("ranks {ranks:?} are not within 0..{total}")));
        }
        match &self.inner {
            Inner::Small(s) if s.lookups() => {
                let found = targets::universal_sets(s.tables(method)?, k, u32::full(n), ranks, progress, stop)?;
                Ok(found.iter().map(|s| s.iter().collect()).collect())
            }
            Inner::Small(s) => universal_by_hall(&s.core, k, ranks, method, progress, stop),
            Inner::Wide(w) => universal_by_hall(w, k, ranks, method, progress, stop),
        }
    }

    /// Looks for `k` cubes building every target by seeded local search
    /// (`Wide::search_universal`; a set found is checked by the general solver). A
    /// raised `stop` ends it within a thousand swaps, with kind `Stopped`.
    pub fn search_universal(
        &self,
        k: usize,
        seed: u64,
        restarts: usize,
        steps: usize,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> crate::Result<Option<Vec<usize>>> {
        crate::bounds::SEARCH_RESTARTS.check_usize(restarts)?;
        crate::bounds::SEARCH_STEPS.check_usize(steps)?;
        unless_stopped(
            stop,
            match &self.inner {
                Inner::Small(s) => s.core.search_universal(k, seed, restarts, steps, progress, stop),
                Inner::Wide(w) => w.search_universal(k, seed, restarts, steps, progress, stop),
            },
        )
    }

    /// Looks for `k` cubes building every target by the first local search of this crate:
    /// one generator for all starts, run one after another, a set scored by the targets
    /// Hall's condition lets it fill, the first universal set returned (sorted). Unlike
    /// [`Engine::search_universal`] it is sequential and does not check the set with the
    /// solver; it is kept because `census universal --search` over C_1..C_6 has always
    /// printed the sets it finds for a seed. Progress: one unit per start. A raised
    /// `stop` ends it within a thousand swaps, with kind `Stopped`.
    pub fn search_universal_sequential(
        &self,
        k: usize,
        seed: u64,
        restarts: usize,
        steps: usize,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> crate::Result<Option<Vec<usize>>> {
        crate::bounds::SEARCH_RESTARTS.check_usize(restarts)?;
        crate::bounds::SEARCH_STEPS.check_usize(steps)?;
        let found = super::search::search_universal(self.fits(), self.len(), k, seed, restarts, steps, progress, stop);
        unless_stopped(stop, found)
    }

    /// Looks for 8 cubes building as many targets as possible by seeded local search
    /// (`Wide::search_max_targets`). `restarts` and `steps` are checked against
    /// [`crate::bounds::SEARCH_RESTARTS`] and [`crate::bounds::SEARCH_STEPS`] first. A
    /// raised `stop` ends it within a thousand swaps, with kind `Stopped`.
    pub fn search_max_targets(
        &self,
        seed: u64,
        restarts: usize,
        steps: usize,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> crate::Result<(usize, Vec<Vec<usize>>)> {
        crate::bounds::SEARCH_RESTARTS.check_usize(restarts)?;
        crate::bounds::SEARCH_STEPS.check_usize(steps)?;
        unless_stopped(
            stop,
            match &self.inner {
                Inner::Small(s) => s.core.search_max_targets(seed, restarts, steps, progress, stop),
                Inner::Wide(w) => w.search_max_targets(seed, restarts, steps, progress, stop),
            },
        )
    }

    /// Exhaustive: 8 cubes building at least `goal` targets, or `None`, which proves there
    /// are none (`Wide::eight_building_at_least`). A raised `stop` ends it at the next
    /// block tried, with kind `Stopped`.
    pub fn eight_building_at_least(
        &self,
        goal: usize,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> crate::Result<Option<Vec<usize>>> {
        if self.len() < 8 {
            return Ok(None);
        }
        unless_stopped(
            stop,
            match &self.inner {
                Inner::Small(s) => s.core.eight_building_at_least(goal, progress, stop),
                Inner::Wide(w) => w.eight_building_at_least(goal, progress, stop),
            },
        )
    }

    /// A proven lower bound on the size of a universal set, when the color relabelings act
    /// transitively on the cubes (`Wide::universal_lower_bound`).
    pub fn universal_lower_bound(&self) -> Option<UniversalBound> {
        match &self.inner {
            Inner::Small(s) => s.core.universal_lower_bound(),
            Inner::Wide(w) => w.universal_lower_bound(),
        }
    }

    /// The largest multisets of the cubes in `within` from which no target can be built
    /// (`super::infeasible`); small representation only.
    /// Progress: a phase of one unit per support walked.
    pub fn infeasible(
        &self,
        method: Method,
        within: &[usize],
        progress: &dyn Progress,
    ) -> Result<InfeasibleCensus, Error> {
        let search = self.infeasible_search(method, within)?;
        progress.start("supports", search.items(), 0);
        let part = search.run(0..search.items(), 0, progress);
        search.finish(part)
    }
}

impl Small {
    /// Whether the subset tables serve sets of other than 8 cubes (at most
    /// [`targets::MAX_USABLE`] usable cubes per target); otherwise the engine without
    /// tables runs on `u32` sets.
    fn lookups(&self) -> bool {
        BuildTables::check_lookup_possible(&self.universe).is_ok()
    }

    fn tables(&self, method: Method) -> Result<&BuildTables, Error> {
        let lock = &self.tables[match method {
            Method::Graph => 0,
            Method::Backtrack => 1,
        }];
        if let Some(t) = lock.get() {
            return Ok(t);
        }
        let built = BuildTables::new(&self.universe, method)?;
        // Another thread may have won the race: either table is the same.
        let _ = lock.set(built);
        lock.get().ok_or_else(|| Error::new(crate::ErrorKind::Internal, "build tables were not kept"))
    }
}

/// Every size of subset of `within`, one tally each, by the engine without tables.
fn every_size<S: CubeSet>(
    w: &Wide<S>,
    within: &[usize],
    method: Method,
    keep_max: bool,
    progress: &dyn Progress,
) -> Result<Vec<Tally>, Error> {
    (0..=within.len())
        .map(|k| {
            let ranks = 0..binomial(within.len() as u64, k as u64);
            w.tally_within(within, k, ranks, method, keep_max, progress, &Stop::new())
        })
        .collect()
}

/// The K-sets of the whole universe (at most 32 cubes) with colex ranks in `ranks` that
/// build every target, by the engine without tables.
fn universal_by_hall<S: CubeSet>(
    w: &Wide<S>,
    k: usize,
    ranks: Range<u64>,
    method: Method,
    progress: &dyn Progress,
    stop: &Stop,
) -> Result<Vec<Vec<usize>>, Error> {
    const CHUNK: u64 = 1 << 12;
    let mut found = Vec::new();
    let mut start = ranks.start;
    while start < ranks.end {
        stop.check()?;
        let end = ranks.end.min(start + CHUNK);
        for_each_subset_in(k, start, end, |p| {
            let set: Vec<usize> = p.iter().collect();
            if w.targets_built(&set, method) == w.len() {
                found.push(set);
            }
        });
        progress.advance(end - start);
        start = end;
    }
    Ok(found)
}

/// A tally over universe masks, its sets rewritten over positions in `within`.
fn to_positions(mut t: Tally, within: u32) -> Tally {
    for s in t.max_sets.iter_mut() {
        let mut p = 0u32;
        for (i, c) in within.iter().enumerate() {
            if s.contains(c) {
                p |= 1 << i;
            }
        }
        *s = p;
    }
    t
}

mod ranges;
mod sampling;
mod small_only;

/// `value`, unless `stop` was raised while it was computed (a run ended early leaves a
/// partial value): then an error of kind `Stopped`.
fn unless_stopped<T>(stop: &Stop, value: T) -> Result<T, Error> {
    stop.check().map(|()| value)
}

#[cfg(test)]
mod tests;
