//! Exact counts of the engine without tables: subsets building a target, the exact mean,
//! orbits of relabelings, censuses within a small set, and the averaged Hall bound.

use super::family::{fillable_subsets, overflow};
use super::{CubeSet, Wide};
use crate::census::targets::Tally;
use crate::census::Method;
use crate::coloring::Color;
use crate::combin::{binomial_f64, binomial_u128, for_each_subset_in};
use crate::geometry::Corner;
use crate::run::{Progress, Stop};
use crate::shard::chunked_until;
use crate::Error;

impl<S: CubeSet> Wide<S> {
    /// `result[j]` for j = 0..=kmax: the number of j-subsets of the 210 blocks that build
    /// target `t` (some 8 of them do). Exact, by a dynamic program over the usable blocks
    /// grouped by the corners they fit, whose state is the family of corner sets that
    /// distinct chosen blocks can fill (Hall's condition in constructive form); the
    /// unusable blocks are then added freely. A raised `stop` ends it within
    /// milliseconds, with kind `Stopped`.
    pub fn building_subsets(&self, t: usize, kmax: usize, stop: &Stop) -> Result<Vec<u128>, Error> {
        let masks: Vec<u8> = self.fits[t].iter().copied().filter(|&m| m != 0).collect();
        let within = fillable_subsets(&masks, kmax, stop)?;
        let free = (self.len() - masks.len()) as u64;
        let mut out = vec![0u128; kmax + 1];
        for (j, slot) in out.iter_mut().enumerate() {
            let mut sum = 0u128;
            for (i, &w) in within.iter().enumerate().take(j + 1) {
                let ways = binomial_u128(free, (j - i) as u64).and_then(|b| b.checked_mul(w));
                sum = ways.and_then(|x| sum.checked_add(x)).ok_or_else(overflow)?;
            }
            *slot = sum;
        }
        Ok(out)
    }

    /// The exact mean number of targets built by a uniformly random K-set of the blocks:
    /// 210 times the share of K-sets building one target (the same share for every target,
    /// since color relabelings carry targets onto each other with their fits). The counts
    /// of fillable subsets of the usable blocks are exact integers; they are combined with
    /// the hypergeometric weights in floating point (relative error about 1e-12). A raised
    /// `stop` ends it within milliseconds, with kind `Stopped`.
    pub fn exact_mean(&self, t: usize, k: usize, stop: &Stop) -> Result<f64, Error> {
        if k > self.len() {
            return Err(Error::out_of_range(format!("a set of {k} blocks is more than the {} there are", self.len())));
        }
        let masks: Vec<u8> = self.fits[t].iter().copied().filter(|&m| m != 0).collect();
        let u = masks.len();
        let within = fillable_subsets(&masks, k.min(u), stop)?;
        let free = self.len() - u;
        let all = binomial_f64(self.len(), k);
        let share: f64 = within
            .iter()
            .enumerate()
            .filter(|&(j, &w)| w > 0 && k - j <= free)
            .map(|(j, &w)| w as f64 * binomial_f64(free, k - j) / all)
            .sum();
        Ok(self.len() as f64 * share)
    }

    /// The exact mean number of targets built by a uniformly random K-set: the sum over
    /// targets of the share of K-sets building it, one dynamic program per orbit. A
    /// raised `stop` ends it within milliseconds, with kind `Stopped`.
    pub fn exact_mean_all(&self, k: usize, stop: &Stop) -> Result<f64, Error> {
        let mut mean = 0.0;
        for orbit in self.orbits() {
            mean += self.exact_mean(orbit[0], k, stop)? * orbit.len() as f64 / self.len() as f64;
        }
        Ok(mean)
    }

    /// Tallies the K-subsets of `within` (distinct blocks, at most 32) with colex ranks in
    /// `ranks`; sets in the tally are bitmasks over positions in `within`. A raised `stop`
    /// ends it within a chunk of 4,096 sets (milliseconds), with kind `Stopped`.
    #[allow(clippy::too_many_arguments)]
    pub fn tally_within(
        &self,
        within: &[usize],
        k: usize,
        ranks: std::ops::Range<u64>,
        method: Method,
        keep_max: bool,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> Result<Tally, Error> {
        let parts = chunked_until(ranks, 1 << 12, stop, |range| {
            let mut t = Tally::new(self.len());
            let n = range.end - range.start;
            let mut blocks = Vec::with_capacity(k);
            for_each_subset_in(k, range.start, range.end, |positions| {
                blocks.clear();
                blocks.extend((0..within.len()).filter(|&i| positions >> i & 1 == 1).map(|i| within[i]));
                let built = self.targets_built(&blocks, method);
                t.add(positions, built as u32, keep_max);
            });
            progress.advance(n);
            t
        })?;
        Ok(parts.into_iter().fold(Tally::new(self.len()), Tally::merge))
    }

    /// A proven lower bound on the size of a set of blocks building every target, with the
    /// corner set and target attaining it. See [`UniversalBound`].
    /// `None` when the relabelings are not transitive on the blocks (the averaging needs it).
    pub fn universal_lower_bound(&self) -> Option<UniversalBound> {
        self.relabelings_transitive().then(|| averaged_hall_bound(&self.fits))
    }

    /// Whether the color relabelings act transitively on the 210 blocks (the premise of
    /// [`Wide::universal_lower_bound`]): the orbit of block 0 under the transpositions of
    /// colors generates all of them.
    pub fn relabelings_transitive(&self) -> bool {
        self.orbits().len() == 1
    }

    /// The orbits of the blocks (and targets) under the relabelings of colors that map the
    /// whole set of blocks onto itself (generated by such transpositions of two colors),
    /// each sorted, in order of their smallest block. Those relabelings carry blocks,
    /// targets and fits onto each other, so every count is the same for the targets of one
    /// orbit.
    pub fn orbits(&self) -> Vec<Vec<usize>> {
        let used = self.cubes.iter().fold(0u64, |m, c| m | c.color_set());
        let colors: Vec<usize> = (0..62).filter(|&c| used >> c & 1 == 1).collect();
        let mut moves: Vec<Vec<usize>> = Vec::new();
        for (i, &x) in colors.iter().enumerate() {
            for &y in &colors[i + 1..] {
                let mut map: Vec<Color> = (0..62).map(Color).collect();
                map.swap(x, y);
                let perm: Option<Vec<usize>> = self.cubes.iter().map(|c| self.index_of(&c.recolored(&map))).collect();
                moves.extend(perm);
            }
        }
        let mut orbit = vec![usize::MAX; self.len()];
        let mut out: Vec<Vec<usize>> = Vec::new();
        for first in 0..self.len() {
            if orbit[first] != usize::MAX {
                continue;
            }
            orbit[first] = out.len();
            let mut members = vec![first];
            let mut stack = vec![first];
            while let Some(b) = stack.pop() {
                for perm in &moves {
                    if orbit[perm[b]] == usize::MAX {
                        orbit[perm[b]] = out.len();
                        members.push(perm[b]);
                        stack.push(perm[b]);
                    }
                }
            }
            members.sort_unstable();
            out.push(members);
        }
        out
    }
}

/// The lower bound of `Wide::universal_lower_bound`.
///
/// If N blocks U build every target, then for every target T and every set Z of its
/// corners, at least |Z| blocks of U fit some corner of Z (Hall's condition, needed for
/// T). Color relabelings carry blocks, targets and fits onto each other and act
/// transitively on the 210 blocks, so summing this over the relabelings g of (T, Z)
/// counts each block of U in g(N(Z)) for the same share |N(Z)|/210 of them:
/// N·|N(Z)|/210 ≥ |Z|, so N ≥ ⌈210·|Z|/|N(Z)|⌉, where N(Z) is the set of blocks fitting
/// a corner of Z.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UniversalBound {
    /// The bound: every universal set has at least this many blocks.
    pub bound: usize,
    /// A target attaining it.
    pub target: usize,
    /// The corner set Z attaining it (bitmask over [`Corner::all`]).
    pub corners: u8,
    /// |N(Z)|: blocks fitting a corner of Z.
    pub neighbours: usize,
    /// |Z|.
    pub needed: usize,
}

impl UniversalBound {
    /// The corners of Z by name.
    pub fn corner_names(&self) -> Vec<String> {
        Corner::all()
            .iter()
            .enumerate()
            .filter(|(p, _)| self.corners >> p & 1 == 1)
            .map(|(_, c)| c.to_string())
            .collect()
    }
}

/// The bound of [`UniversalBound`] for any fit table `fits[t][c]` (targets × blocks) whose
/// blocks a group of relabelings, preserving fits, permutes transitively (the caller's
/// premise): the largest ⌈n·|Z|/|N(Z)|⌉ over targets and corner sets Z.
pub fn averaged_hall_bound(fits: &[Vec<u8>]) -> UniversalBound {
    let mut best: Option<UniversalBound> = None;
    for (t, row) in fits.iter().enumerate() {
        let n = row.len();
        for z in 1u32..256 {
            let needed = z.count_ones() as usize;
            let neighbours = row.iter().filter(|&&m| m as u32 & z != 0).count();
            if neighbours == 0 {
                continue;
            }
            // N·|N(Z)|/n ≥ |Z|.
            let bound = (n * needed).div_ceil(neighbours);
            if best.as_ref().is_none_or(|b| bound > b.bound) {
                best = Some(UniversalBound { bound, target: t, corners: z as u8, neighbours, needed });
            }
        }
    }
    best.expect("at least one target with a usable block")
}
