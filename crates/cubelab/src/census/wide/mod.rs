//! The census engine without subset tables: any list of at most 256 distinct cubes as
//! blocks and targets alike, sets of cubes in any [`CubeSet`] representation (by default
//! the 256-bit [`WideSet`]). Formerly `census::seven`: Sadisticube 7 ([`Wide::new`]) is one
//! universe it serves, C_4 and C_5 ([`Wide::from_cubes`]) are others. Most callers want
//! [`super::engine::Engine`], which picks this engine or the table engine of
//! [`super::targets`] from the universe size.
//!
//! Sadisticube 7: blocks colored with six of seven colors. The universe has 210 cubes: for
//! each of the seven colors left out, the 30 MacMahon cubes over the other six. They are
//! the blocks, and the same 210 colorings are the targets (proper outer cubes: six
//! different colors of the seven, one per face). Outer cubes with a repeated color are not
//! targets here (`cubelab build --improper` tries them for one set of blocks).
//!
//! Shortcuts that need the color relabelings to act transitively on the blocks check it
//! ([`Wide::orbits`]): the exact mean sums over orbits ([`Wide::exact_mean_all`]), the
//! exhaustive 8-set search tries every first block when there are several orbits, and the
//! averaged lower bound is refused. What is computed:
//!
//! - exactly ([`exact`]): the corner fits of every block in every target, how many
//!   j-subsets of the blocks build a given target ([`Wide::building_subsets`], a dynamic
//!   program over the blocks grouped by the corners they fit, [`family`]), hence the exact
//!   mean number of targets a random K-set builds; a lower bound on the size of a
//!   universal set ([`Wide::universal_lower_bound`]); censuses over the subsets of a small
//!   set of blocks ([`Wide::tally_within`]);
//! - by search ([`search`]): whether any 8 blocks build a given number of targets
//!   ([`Wide::eight_building_at_least`], exhaustive branch-and-bound); the distribution of
//!   the number of targets built by random K-sets ([`Wide::sample`]); seeded local search
//!   for universal sets and 8-sets building many targets.
//!
//! Every decision has two independent methods, as elsewhere in [`super`]: Hall's
//! condition on the corner fits ([`Method::Graph`], decided by growing the family of
//! corner sets distinct blocks can fill, [`fills_all_corners`]; tested against the
//! direct check of Hall's condition, [`super::graph::hall_fillable`]) and the general solver
//! ([`Method::Backtrack`]).

pub mod exact;
pub mod family;
pub mod search;

pub use super::set::WideSet;
pub use exact::UniversalBound;
pub use family::{corners_fillable, fills_all_corners};

use super::set::CubeSet;
use super::Method;
use crate::coloring::{Color, Coloring};
use crate::macmahon;
use crate::notation::names_of;
use crate::rng::SplitMix64;
use crate::target::Blocks;
use crate::Error;
use std::collections::HashMap;

/// Number of colors of Sadisticube 7.
pub const COLORS: usize = 7;

/// Number of blocks (and of proper targets) of Sadisticube 7: 7 colors to leave out × 30 cubes.
pub const BLOCKS: usize = 210;

/// A universe of blocks (the same cubes as targets) with its fit table, sets of blocks
/// represented by `S` (only the quick rejection in [`Wide::builds`] uses it: every other
/// operation takes blocks as index lists, so results do not depend on `S`).
#[derive(Debug, Clone)]
pub struct Wide<S: CubeSet = WideSet> {
    /// The blocks in canonical form. For Sadisticube 7: first the 30 without color 7
    /// (MacMahon's, in Conway's tableau order), then those without 6, ..., without 1, each
    /// in the tableau order of the MacMahon cube they relabel.
    pub cubes: Vec<Coloring>,
    /// Display names: Conway's where they exist, else the face string.
    pub names: Vec<String>,
    /// `fits[t][c]`: bitmask over [`crate::geometry::Corner::all`] of the corners of target
    /// `t` that block `c` fits (from the general solver's corner weights).
    pub fits: Vec<Vec<u8>>,
    /// Per target, the blocks fitting at least one of its corners.
    usable: Vec<S>,
    index: HashMap<Coloring, usize>,
    /// What a block is, for error messages.
    what: &'static str,
}

/// The color left out by a Sadisticube 7 block (the one of 1..=7 it does not use).
#[cfg(test)]
pub fn missing_color(c: &Coloring) -> u8 {
    let used = c.color_set();
    (1..=COLORS as u8).find(|&x| used >> x & 1 == 0).unwrap_or(0)
}

impl Wide {
    /// Builds the universe and its fit table.
    pub fn new() -> Wide {
        let macmahon: Vec<Coloring> = macmahon::cubes().iter().map(|c| c.coloring).collect();
        let mut cubes = Vec::with_capacity(BLOCKS);
        for left_out in (1..=COLORS as u8).rev() {
            let mut map: Vec<Color> = (0..62).map(Color).collect();
            let others: Vec<u8> = (1..=COLORS as u8).filter(|&x| x != left_out).collect();
            for (i, &c) in others.iter().enumerate() {
                map[i + 1] = Color(c);
            }
            cubes.extend(macmahon.iter().map(|m| m.recolored(&map).canonical()));
        }
        let mut seven = Wide::from_cubes(cubes).expect("210 distinct cubes");
        seven.what = "a Sadisticube 7 block (six different colors of 1-7)";
        seven
    }
}

impl Wide {
    /// Any list of distinct cubes (at most 256) as blocks and targets alike: the same
    /// engine for cube sets too large for 32-bit sets, such as C_4 (68) and C_5 (75).
    pub fn from_cubes(cubes: Vec<Coloring>) -> Result<Wide, Error> {
        Wide::from_cubes_in(cubes)
    }
}

impl<S: CubeSet> Wide<S> {
    /// [`Wide::from_cubes`] with sets represented by `S` (at most `S::CAPACITY` cubes):
    /// `Wide::<u32>::from_cubes_in` runs the same algorithms on 32-bit sets.
    pub fn from_cubes_in(cubes: Vec<Coloring>) -> Result<Wide<S>, Error> {
        if cubes.len() > S::CAPACITY {
            return Err(Error::out_of_range(format!("at most {} cubes, {} given", S::CAPACITY, cubes.len())));
        }
        let fits = super::search::fit_matrix(&cubes, &cubes)?;
        let n = cubes.len();
        let names = cubes.iter().map(|c| names_of(c).short().unwrap_or_else(|| c.canonical().face_string())).collect();
        let usable = fits.iter().map(|row| S::of(&(0..n).filter(|&c| row[c] != 0).collect::<Vec<_>>())).collect();
        let index = cubes.iter().enumerate().map(|(i, c)| (c.canonical(), i)).collect();
        Ok(Wide { cubes, names, fits, usable, index, what: "one of the cubes of this census" })
    }

    /// Number of blocks (and of targets).
    pub fn len(&self) -> usize {
        self.cubes.len()
    }

    /// Index of a block given as any coloring of it.
    pub fn index_of(&self, c: &Coloring) -> Option<usize> {
        self.index.get(&c.canonical()).copied()
    }

    /// Parses a list of blocks (any notation) into distinct block indices, in input order.
    pub fn parse_blocks<T: AsRef<str>>(&self, tokens: &[T]) -> Result<Vec<usize>, Error> {
        let mut out: Vec<usize> = Vec::with_capacity(tokens.len());
        for (i, c) in crate::notation::parse_cubes(tokens)?.iter().enumerate() {
            let idx = self.index_of(c).ok_or_else(|| {
                Error::unknown(format!("cube {}: '{}' is not {}", i + 1, tokens[i].as_ref(), self.what))
            })?;
            if out.contains(&idx) {
                return Err(Error::malformed(format!("cube {}: '{}' is listed twice", i + 1, tokens[i].as_ref())));
            }
            out.push(idx);
        }
        Ok(out)
    }

    /// The blocks usable for target `t` (fitting at least one of its corners).
    #[cfg(test)]
    pub fn usable(&self, t: usize) -> &S {
        &self.usable[t]
    }

    /// Whether the blocks of `set` (distinct, listed in `blocks`) build target `t`.
    pub fn builds(&self, t: usize, set: &S, blocks: &[usize], method: Method) -> bool {
        if set.intersection(&self.usable[t]).len() < 8 {
            return false;
        }
        match method {
            Method::Graph => fills_all_corners(blocks.iter().map(|&c| self.fits[t][c])),
            Method::Backtrack => {
                let cubes: Vec<Coloring> = blocks.iter().map(|&c| self.cubes[c]).collect();
                Blocks::new(&cubes).expect("blocks").count(&self.cubes[t]).unwrap_or(0) > 0
            }
        }
    }

    /// Number of targets the distinct blocks build.
    pub fn targets_built(&self, blocks: &[usize], method: Method) -> usize {
        self.built(blocks, method).len()
    }

    /// The targets the distinct blocks build, in universe order.
    pub fn built(&self, blocks: &[usize], method: Method) -> Vec<usize> {
        let set = S::of(blocks);
        match method {
            Method::Graph => (0..self.len()).filter(|&t| self.builds(t, &set, blocks, method)).collect(),
            Method::Backtrack => {
                if blocks.len() < 8 {
                    return Vec::new();
                }
                let cubes: Vec<Coloring> = blocks.iter().map(|&c| self.cubes[c]).collect();
                let solver = Blocks::new(&cubes).expect("blocks");
                (0..self.len()).filter(|&t| solver.count(&self.cubes[t]).unwrap_or(0) > 0).collect()
            }
        }
    }

    /// Number of targets the distinct blocks build, decided by [`fills_all_corners`] (the
    /// fast form of Hall's condition used by the searches).
    pub fn score(&self, blocks: &[usize]) -> usize {
        (0..self.len()).filter(|&t| fills_all_corners(blocks.iter().map(|&c| self.fits[t][c]))).count()
    }

    /// The sum over targets of the most corners the distinct blocks can fill at once
    /// (8 × 210 exactly when they build every target): the finer score that guides the
    /// universal-set search.
    pub fn corner_score(&self, blocks: &[usize]) -> usize {
        (0..self.len()).map(|t| corners_fillable(blocks.iter().map(|&c| self.fits[t][c]))).sum()
    }

    /// Number of blocks of each missing color (index 1..=7) in a set.
    #[cfg(test)]
    pub fn classes(&self, blocks: &[usize]) -> [usize; 8] {
        let mut out = [0usize; 8];
        for &b in blocks {
            out[missing_color(&self.cubes[b]) as usize] += 1;
        }
        out
    }
}

impl Default for Wide {
    fn default() -> Wide {
        Wide::new()
    }
}

fn keep_best(best: &mut (usize, Vec<Vec<usize>>), n: usize, set: Vec<usize>) {
    if n > best.0 || best.1.is_empty() {
        *best = (n, vec![set]);
    } else if n == best.0 && best.1.len() < 10 && !best.1.contains(&set) {
        best.1.push(set);
    }
}

/// A uniform k-subset of 0..n, sorted (Floyd's algorithm).
pub fn random_subset(rng: &mut SplitMix64, n: usize, k: usize) -> Vec<usize> {
    let mut set = WideSet::default();
    let mut out = Vec::with_capacity(k);
    for j in n - k..n {
        let t = rng.below(j as u64 + 1) as usize;
        let pick = if set.contains(t) { j } else { t };
        set.insert(pick);
        out.push(pick);
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests;
