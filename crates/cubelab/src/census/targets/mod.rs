//! How many targets every set of K cubes can build (Johnson–Roldán Table 2 for K = 8,
//! Figures 7 and 9, universal sets).
//!
//! A set builds a target when some 8 of its cubes do. Cubes that fit no corner of the
//! target never help, so for each target we keep a bit table over the subsets of its
//! usable cubes (21 of the 30 MacMahon cubes): the buildable 8-sets, closed upwards.
//! Looking a set up is then a few byte-table lookups per target.

mod tally;
mod walk;

pub use tally::{tally, tally_sample, universal_sets, Tally, MAX_LISTED};
pub use walk::{prefix_count, tally_all_sizes};

use super::combin::{binomial, for_each_subset_in};
use super::shard::chunked;
use super::{graph, Method, Universe};
use crate::target::Blocks;
use crate::Error;
use rayon::prelude::*;
use std::sync::OnceLock;

/// Largest number of usable cubes per target for which a table is built (2^26 bits = 8 MiB).
pub const MAX_USABLE: usize = 26;

/// Per-target tables of buildable sub-collections.
#[derive(Debug)]
pub struct BuildTables {
    /// Per target: every buildable set of 8 distinct cubes (cube bitmasks); in colex order
    /// for targets decided directly, in the carried-over order for the others.
    pub minimal: Vec<Vec<u32>>,
    /// Per target: how its list was obtained (`None`: decided directly; `Some(s)`: carried
    /// over from target `s` by a checked color symmetry, set by set in the order of the
    /// list of `s`).
    pub derived_from: Vec<Option<usize>>,
    /// Per target: the usable cubes.
    members: Vec<Vec<usize>>,
    /// Lookup tables, built on first use.
    lookup: OnceLock<Vec<Lookup>>,
}

/// One target's lookup table.
#[derive(Debug)]
pub(super) struct Lookup {
    /// Byte of a set → table-index bits, for the four bytes of a set.
    pub(super) compress: [[u32; 256]; 4],
    /// Bitset over subsets of the usable cubes: buildable, closed upwards.
    pub(super) bits: Vec<u64>,
}

/// The members at the positions (bits) of `positions`, as a set.
#[inline]
pub(super) fn deposit(positions: u32, members: &[usize]) -> u32 {
    let mut out = 0;
    let mut p = positions;
    while p != 0 {
        out |= 1 << members[p.trailing_zeros() as usize];
        p &= p - 1;
    }
    out
}

/// Whether 8 distinct cubes of the universe build target `t`, by `method`.
pub fn eight_build(u: &Universe, t: usize, set: u32, method: Method) -> bool {
    match method {
        Method::Graph => {
            let mut fits = [0u8; 8];
            let mut s = set;
            for f in fits.iter_mut() {
                *f = u.fits[t][s.trailing_zeros() as usize];
                s &= s - 1;
            }
            if u.simple {
                graph::solution_number(&fits).expect("six-colored cubes") > 0
            } else {
                graph::hall_fillable(&fits)
            }
        }
        Method::Backtrack => {
            Blocks::new(&u.set_cubes(set)).expect("eight cubes").count(&u.cubes[t]).expect("same colors") > 0
        }
    }
}

/// Every buildable 8-set for target `t`, decided one by one (colex order; in parallel
/// chunks, concatenated in order).
fn minimal_direct(u: &Universe, t: usize, members: &[usize], method: Method) -> Vec<u32> {
    let parts = chunked(0..binomial(members.len() as u64, 8), 1 << 15, |r| {
        let mut minimal = Vec::new();
        for_each_subset_in(8, r.start, r.end, |positions| {
            let set = deposit(positions, members);
            if eight_build(u, t, set, method) {
                minimal.push(set);
            }
        });
        minimal
    });
    parts.concat()
}

impl BuildTables {
    /// Decides every 8-set of usable cubes for every target by `method`. With the graph
    /// method, targets related to the first one by a checked color symmetry
    /// ([`Universe::target_symmetry`]) get its list carried over; all others, and every
    /// target with the backtrack method, are decided directly (in parallel).
    pub fn new(u: &Universe, method: Method) -> Result<BuildTables, Error> {
        let members: Vec<Vec<usize>> =
            (0..u.len()).map(|t| (0..u.len()).filter(|&c| u.fits[t][c] != 0).collect()).collect();
        let symmetric: Vec<Option<Vec<usize>>> = (0..u.len())
            .into_par_iter()
            .map(|t| match method {
                Method::Graph if t > 0 => u.target_symmetry(0, t).map(|(perm, _)| perm),
                _ => None,
            })
            .collect();
        let first = minimal_direct(u, 0, &members[0], method);
        let minimal: Vec<Vec<u32>> = (0..u.len())
            .into_par_iter()
            .map(|t| match (&symmetric[t], t) {
                (_, 0) => first.clone(),
                (Some(perm), _) => {
                    // Carried-over lists stay in the order of the first target's list: no
                    // consumer needs them sorted.
                    let bytes = byte_maps(perm);
                    first.iter().map(|&s| apply_byte_maps(&bytes, s)).collect()
                }
                (None, _) => minimal_direct(u, t, &members[t], method),
            })
            .collect();
        let derived_from = symmetric.iter().map(|s| s.as_ref().map(|_| 0)).collect();
        Ok(BuildTables { minimal, derived_from, members, lookup: OnceLock::new() })
    }

    /// Whether lookup tables (needed for sets of other than 8 cubes) can be built for this
    /// universe: each target's table has 2^(usable cubes) bits, at most 2^[`MAX_USABLE`].
    /// Cheap; call it before [`BuildTables::new`] to fail early.
    pub fn check_lookup_possible(u: &Universe) -> Result<(), Error> {
        for t in 0..u.len() {
            let m = u.fits[t].iter().filter(|&&f| f != 0).count();
            if m > MAX_USABLE {
                return Err(Error::out_of_range(format!(
                    "target {} has {m} usable cubes; lookup tables for sets of other than 8 cubes are built for at most {MAX_USABLE}",
                    u.names[t]
                )));
            }
        }
        Ok(())
    }

    pub(super) fn check_lookup(&self) -> Result<(), Error> {
        match self.members.iter().position(|m| m.len() > MAX_USABLE) {
            Some(t) => Err(Error::out_of_range(format!("target {} has too many usable cubes for a table", t + 1))),
            None => Ok(()),
        }
    }

    #[inline]
    pub(super) fn lookup(&self) -> &[Lookup] {
        match self.lookup.get() {
            Some(l) => l,
            None => self.build_lookup(),
        }
    }

    /// Builds the lookup tables (in parallel) and keeps the first built. Not
    /// `OnceLock::get_or_init`: a rayon worker blocked in it while a thread outside the
    /// pool builds would leave the build's own jobs without workers (a deadlock when every
    /// worker waits, as two web requests could make it); a thread that finds the tables
    /// missing builds them too, and the copy that loses the race is dropped.
    #[cold]
    fn build_lookup(&self) -> &[Lookup] {
        self.check_lookup().expect("public callers check that lookup tables can be built");
        let built: Vec<Lookup> = (0..self.minimal.len())
            .into_par_iter()
            .map(|t| {
                let members = &self.members[t];
                let m = members.len();
                let mut positions = [u8::MAX; 32];
                for (i, &c) in members.iter().enumerate() {
                    positions[c] = i as u8;
                }
                let position = |c: usize| (positions[c] != u8::MAX).then_some(positions[c] as usize);
                let mut bits = vec![0u64; (1usize << m).div_ceil(64)];
                for &set in &self.minimal[t] {
                    let mut idx = 0usize;
                    let mut s = set;
                    while s != 0 {
                        idx |= 1 << position(s.trailing_zeros() as usize).expect("usable");
                        s &= s - 1;
                    }
                    bits[idx >> 6] |= 1 << (idx & 63);
                }
                close_upwards(&mut bits, m);
                let mut compress = [[0u32; 256]; 4];
                for (b, table) in compress.iter_mut().enumerate() {
                    for (v, slot) in table.iter_mut().enumerate() {
                        for i in 0..8 {
                            if v >> i & 1 == 1 {
                                if let Some(pos) = position(b * 8 + i) {
                                    *slot |= 1 << pos;
                                }
                            }
                        }
                    }
                }
                Lookup { compress, bits }
            })
            .collect();
        let _ = self.lookup.set(built);
        self.lookup.get().expect("the lookup tables were set")
    }

    /// Number of targets.
    pub fn targets(&self) -> usize {
        self.minimal.len()
    }

    /// Whether the set builds target `t` (some 8 of its cubes do). An error when `t` is
    /// not a target or the lookup tables cannot be built (see
    /// [`BuildTables::check_lookup_possible`]).
    #[cfg(test)]
    pub fn builds(&self, t: usize, set: u32) -> Result<bool, Error> {
        if t >= self.targets() {
            return Err(Error::out_of_range(format!("target {t} of {}", self.targets())));
        }
        self.check_lookup()?;
        Ok(self.builds_unchecked(t, set))
    }

    /// [`BuildTables::builds`] for a target in range, on tables checked by the caller
    /// (the hot path).
    #[inline]
    pub(crate) fn builds_unchecked(&self, t: usize, set: u32) -> bool {
        let l = &self.lookup()[t];
        let c = &l.compress;
        let idx = (c[0][(set & 255) as usize]
            | c[1][(set >> 8 & 255) as usize]
            | c[2][(set >> 16 & 255) as usize]
            | c[3][(set >> 24) as usize]) as usize;
        l.bits[idx >> 6] >> (idx & 63) & 1 == 1
    }

    /// The targets the set builds, as a bitmask (an error as for [`BuildTables::builds`]).
    pub fn built(&self, set: u32) -> Result<u32, Error> {
        self.check_lookup()?;
        Ok((0..self.targets()).filter(|&t| self.builds_unchecked(t, set)).fold(0, |m, t| m | 1 << t))
    }

    /// How many targets the set builds (an error as for [`BuildTables::builds`]).
    #[cfg(test)]
    pub fn count(&self, set: u32) -> Result<u32, Error> {
        self.check_lookup()?;
        Ok(self.count_unchecked(set))
    }

    /// [`BuildTables::count`] on tables checked by the caller (the hot path).
    #[inline]
    pub(crate) fn count_unchecked(&self, set: u32) -> u32 {
        let lookup = self.lookup();
        let mut n = 0;
        for l in lookup {
            let c = &l.compress;
            let idx = (c[0][(set & 255) as usize]
                | c[1][(set >> 8 & 255) as usize]
                | c[2][(set >> 16 & 255) as usize]
                | c[3][(set >> 24) as usize]) as usize;
            n += (l.bits[idx >> 6] >> (idx & 63) & 1) as u32;
        }
        n
    }
}

/// Byte tables applying a cube permutation to a set: four lookups per set.
fn byte_maps(perm: &[usize]) -> [[u32; 256]; 4] {
    let mut maps = [[0u32; 256]; 4];
    for (b, map) in maps.iter_mut().enumerate() {
        for (v, slot) in map.iter_mut().enumerate() {
            for i in 0..8 {
                let c = b * 8 + i;
                if v >> i & 1 == 1 && c < perm.len() {
                    *slot |= 1 << perm[c];
                }
            }
        }
    }
    maps
}

#[inline]
fn apply_byte_maps(maps: &[[u32; 256]; 4], set: u32) -> u32 {
    maps[0][(set & 255) as usize]
        | maps[1][(set >> 8 & 255) as usize]
        | maps[2][(set >> 16 & 255) as usize]
        | maps[3][(set >> 24) as usize]
}

/// Closes a bitset over subsets of `m` items upwards (superset closure, one item at a time).
pub(super) fn close_upwards(bits: &mut [u64], m: usize) {
    for i in 0..m.min(6) {
        let shift = 1u32 << i;
        for w in bits.iter_mut() {
            *w |= (*w & super::combin::LACKS[i]) << shift;
        }
    }
    for i in 6..m {
        let step = 1usize << (i - 6);
        for j in 0..bits.len() {
            if j & step == 0 {
                bits[j | step] |= bits[j];
            }
        }
    }
}

#[cfg(test)]
mod tests;
