//! Sadisticube 7: blocks colored with six of seven colors.
//!
//! The universe has 210 cubes: for each of the seven colors left out, the 30 MacMahon
//! cubes over the other six. They are the blocks, and the same 210 colorings are the
//! targets (proper outer cubes: six different colors of the seven, one per face). Outer
//! cubes with a repeated color are not targets here (`cubelab build --improper` tries them
//! for one set of blocks).
//!
//! The same engine takes any list of at most 256 distinct cubes ([`Seven::from_cubes`], for
//! example C_4 or C_5). Shortcuts that need the color relabelings to act transitively on
//! the blocks check it ([`Seven::orbits`]): the exact mean sums over orbits
//! ([`Seven::exact_mean_all`]), the exhaustive 8-set search tries every first block when
//! there are several orbits, and the averaged lower bound is refused.
//!
//! Sets of blocks are [`BlockSet`]s (256-bit masks); the census engine of
//! [`super::targets`] (32-bit masks, tables over every subset) does not reach this far.
//! What is computed:
//!
//! - exactly: the corner fits of every block in every target, how many j-subsets of the
//!   blocks build a given target ([`Seven::building_subsets`], a dynamic program over the
//!   blocks grouped by the corners they fit), hence the exact mean number of targets a
//!   random K-set builds; a lower bound on the size of a universal set
//!   ([`Seven::universal_lower_bound`]); censuses over the subsets of a small set of
//!   blocks ([`Seven::tally_within`]); whether any 8 blocks build a given number of
//!   targets ([`Seven::eight_building_at_least`], exhaustive branch-and-bound);
//! - by sampling: the distribution of the number of targets built by random K-sets
//!   ([`Seven::sample`]);
//! - by seeded local search: universal sets and 8-sets building many targets.
//!
//! Every decision has two independent methods, as elsewhere in [`super`]: Hall's
//! condition on the corner fits ([`Method::Graph`], decided by growing the family of
//! corner sets distinct blocks can fill, [`fills_all_corners`]; tested against the
//! direct check of Hall's condition, [`super::graph::hall_fillable`]) and the general solver
//! ([`Method::Backtrack`]).

use super::combin::{binomial_f64, for_each_subset_in};
// compat: remove once the CLI calls Engine (it imports `seven::binomial_u128`).
pub use super::combin::binomial_u128;
use super::search::swap_step;
use super::shard::chunked;
use super::targets::Tally;
use super::Method;
use crate::coloring::{Color, Coloring};
use crate::geometry::Corner;
use crate::macmahon;
use crate::notation::names_of;
use crate::rng::SplitMix64;
use crate::target::Blocks;
use crate::Error;
use std::collections::{BTreeMap, HashMap};

/// Number of colors of Sadisticube 7.
pub const COLORS: usize = 7;

/// Number of blocks (and of proper targets): 7 colors to leave out × 30 cubes.
pub const BLOCKS: usize = 210;

/// A set of blocks, as a 256-bit mask.
pub type BlockSet = super::set::WideSet;

/// The Sadisticube 7 universe: 210 blocks, the same 210 colorings as targets.
#[derive(Debug, Clone)]
pub struct Seven {
    /// The blocks in canonical form: first the 30 without color 7 (MacMahon's, in Conway's
    /// tableau order), then those without 6, ..., without 1, each in the tableau order of
    /// the MacMahon cube they relabel.
    pub cubes: Vec<Coloring>,
    /// Display names: Conway's for the 30 over colors 1-6, else the face string.
    pub names: Vec<String>,
    /// `fits[t][c]`: bitmask over [`Corner::all`] of the corners of target `t` that block
    /// `c` fits (from the general solver's corner weights; every weight is 0 or 1).
    pub fits: Vec<Vec<u8>>,
    /// Per target, the blocks fitting at least one of its corners.
    usable: Vec<BlockSet>,
    index: HashMap<Coloring, usize>,
    /// What a block is, for error messages.
    what: &'static str,
}

/// The color left out by a block (the one of 1..=7 it does not use).
pub fn missing_color(c: &Coloring) -> u8 {
    let used = c.color_set();
    (1..=COLORS as u8).find(|&x| used >> x & 1 == 0).unwrap_or(0)
}

impl Seven {
    /// Builds the universe and its fit table.
    pub fn new() -> Seven {
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
        let mut seven = Seven::from_cubes(cubes).expect("210 distinct cubes");
        seven.what = "a Sadisticube 7 block (six different colors of 1-7)";
        seven
    }

    /// Any list of distinct cubes (at most 256) as blocks and targets alike: the same
    /// engine for cube sets too large for 32-bit sets, such as C_4 (68) and C_5 (75).
    pub fn from_cubes(cubes: Vec<Coloring>) -> Result<Seven, Error> {
        if cubes.len() > 256 {
            return Err(Error::out_of_range(format!("at most 256 cubes, {} given", cubes.len())));
        }
        let fits = super::search::fit_matrix(&cubes, &cubes)?;
        let n = cubes.len();
        let names = cubes.iter().map(|c| names_of(c).short().unwrap_or_else(|| c.canonical().face_string())).collect();
        let usable =
            fits.iter().map(|row| BlockSet::of(&(0..n).filter(|&c| row[c] != 0).collect::<Vec<_>>())).collect();
        let index = cubes.iter().enumerate().map(|(i, c)| (c.canonical(), i)).collect();
        Ok(Seven { cubes, names, fits, usable, index, what: "one of the cubes of this census" })
    }

    /// Number of blocks (and of targets).
    pub fn len(&self) -> usize {
        self.cubes.len()
    }

    /// Whether there are no blocks.
    pub fn is_empty(&self) -> bool {
        self.cubes.is_empty()
    }

    /// Index of a block given as any coloring of it.
    pub fn index_of(&self, c: &Coloring) -> Option<usize> {
        self.index.get(&c.canonical()).copied()
    }

    /// Parses a list of blocks (any notation) into distinct block indices, in input order.
    pub fn parse_blocks<S: AsRef<str>>(&self, tokens: &[S]) -> Result<Vec<usize>, Error> {
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
    pub fn usable(&self, t: usize) -> &BlockSet {
        &self.usable[t]
    }

    /// Whether the blocks of `set` (distinct, listed in `blocks`) build target `t`.
    pub fn builds(&self, t: usize, set: &BlockSet, blocks: &[usize], method: Method) -> bool {
        if set.and(&self.usable[t]).len() < 8 {
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
        let set = BlockSet::of(blocks);
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

    /// `result[j]` for j = 0..=kmax: the number of j-subsets of the 210 blocks that build
    /// target `t` (some 8 of them do). Exact, by a dynamic program over the usable blocks
    /// grouped by the corners they fit, whose state is the family of corner sets that
    /// distinct chosen blocks can fill (Hall's condition in constructive form); the
    /// unusable blocks are then added freely.
    pub fn building_subsets(&self, t: usize, kmax: usize) -> Result<Vec<u128>, Error> {
        let masks: Vec<u8> = self.fits[t].iter().copied().filter(|&m| m != 0).collect();
        let within = fillable_subsets(&masks, kmax)?;
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
    /// the hypergeometric weights in floating point (relative error about 1e-12).
    pub fn exact_mean(&self, t: usize, k: usize) -> Result<f64, Error> {
        if k > self.len() {
            return Err(Error::out_of_range(format!("a set of {k} blocks is more than the {} there are", self.len())));
        }
        let masks: Vec<u8> = self.fits[t].iter().copied().filter(|&m| m != 0).collect();
        let u = masks.len();
        let within = fillable_subsets(&masks, k.min(u))?;
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

    /// Tallies `samples` K-sets drawn independently and uniformly at random from seed
    /// `seed`. Sample i depends only on the seed and i (chunks of 1024 samples with their
    /// own generator), so the result is the same for any number of threads. Also returns,
    /// for the largest count seen, the first sample sets reaching it (at most 10).
    pub fn sample(
        &self,
        k: usize,
        samples: u64,
        seed: u64,
        method: Method,
        progress: &(dyn Fn(u64) + Sync),
    ) -> (Tally, Vec<Vec<usize>>) {
        const CHUNK: u64 = 1024;
        let chunks = samples.div_ceil(CHUNK);
        let parts = chunked(0..chunks, 1, |r| {
            let mut t = Tally::new(self.len());
            let mut best: (usize, Vec<Vec<usize>>) = (0, Vec::new());
            for c in r {
                let mut rng = SplitMix64(SplitMix64(seed ^ c.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64());
                let n = CHUNK.min(samples - c * CHUNK);
                for _ in 0..n {
                    let set = random_subset(&mut rng, self.len(), k);
                    let built = self.targets_built(&set, method);
                    t.sets += 1;
                    t.histogram[built] += 1;
                    keep_best(&mut best, built, set);
                }
                progress(n);
            }
            (t, best)
        });
        let mut tally = Tally::new(self.len());
        let mut best: (usize, Vec<Vec<usize>>) = (0, Vec::new());
        for (t, b) in parts {
            tally = tally.merge(t);
            for s in b.1 {
                keep_best(&mut best, b.0, s);
            }
        }
        (tally, best.1)
    }

    /// Tallies the K-subsets of `within` (distinct blocks, at most 32) with colex ranks in
    /// `ranks`; sets in the tally are bitmasks over positions in `within`.
    pub fn tally_within(
        &self,
        within: &[usize],
        k: usize,
        ranks: std::ops::Range<u64>,
        method: Method,
        keep_max: bool,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Tally {
        let parts = chunked(ranks, 1 << 12, |range| {
            let mut t = Tally::new(self.len());
            let n = range.end - range.start;
            let mut blocks = Vec::with_capacity(k);
            for_each_subset_in(k, range.start, range.end, |positions| {
                blocks.clear();
                blocks.extend((0..within.len()).filter(|&i| positions >> i & 1 == 1).map(|i| within[i]));
                let built = self.targets_built(&blocks, method);
                t.add(positions, built as u32, keep_max);
            });
            progress(n);
            t
        });
        parts.into_iter().fold(Tally::new(self.len()), Tally::merge)
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

    /// Looks for `k` blocks building every target by seeded local search: from a random
    /// k-set, swap one block at a time for a random other one and keep the swap when the
    /// number of targets built does not drop; `restarts` starts of at most `steps` swaps.
    /// Start r has its own generator (from the seed and r), starts run in parallel, and the
    /// set returned is the one of the first successful start, so the result does not depend
    /// on the number of threads. A set found is checked by the general solver.
    pub fn search_universal(&self, k: usize, seed: u64, restarts: usize, steps: usize) -> Option<Vec<usize>> {
        use std::sync::atomic::{AtomicU64, Ordering};
        if !(8..=self.len()).contains(&k) {
            return None;
        }
        let first_success = AtomicU64::new(u64::MAX);
        let parts = chunked(0..restarts as u64, 1, |r| {
            let start = r.start;
            if first_success.load(Ordering::Relaxed) < start {
                return None;
            }
            let mut rng = SplitMix64(SplitMix64(seed ^ start.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64());
            let mut chosen = random_subset(&mut rng, self.len(), k);
            let goal = 8 * self.len();
            let mut score = self.corner_score(&chosen);
            for _ in 0..steps {
                if score == goal {
                    chosen.sort_unstable();
                    first_success.fetch_min(start, Ordering::Relaxed);
                    return Some(chosen);
                }
                if first_success.load(Ordering::Relaxed) < start {
                    return None;
                }
                score = swap_step(&mut rng, &mut chosen, self.len(), score, |c| self.corner_score(c));
            }
            None
        });
        let found = parts.into_iter().flatten().next()?;
        (self.targets_built(&found, Method::Backtrack) == self.len()).then_some(found)
    }

    /// A proven lower bound on the size of a set of blocks building every target, with the
    /// corner set and target attaining it. See [`UniversalBound`].
    /// `None` when the relabelings are not transitive on the blocks (the averaging needs it).
    pub fn universal_lower_bound(&self) -> Option<UniversalBound> {
        self.relabelings_transitive().then(|| averaged_hall_bound(&self.fits))
    }

    /// Whether the color relabelings act transitively on the 210 blocks (the premise of
    /// [`Seven::universal_lower_bound`]): the orbit of block 0 under the transpositions of
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

    /// The exact mean number of targets built by a uniformly random K-set: the sum over
    /// targets of the share of K-sets building it, one dynamic program per orbit.
    pub fn exact_mean_all(&self, k: usize) -> Result<f64, Error> {
        let mut mean = 0.0;
        for orbit in self.orbits() {
            mean += self.exact_mean(orbit[0], k)? * orbit.len() as f64 / self.len() as f64;
        }
        Ok(mean)
    }

    /// Looks for 8 blocks building as many targets as possible: seeded local search
    /// (swap one block, keep moves that do not lower the count), `restarts` starts of
    /// `steps` swaps. Returns the best count, and the distinct best sets found (sorted).
    pub fn search_max_targets(&self, seed: u64, restarts: usize, steps: usize) -> (usize, Vec<Vec<usize>>) {
        let parts = chunked(0..restarts as u64, 1, |r| {
            let mut best: (usize, Vec<Vec<usize>>) = (0, Vec::new());
            for start in r {
                let mut rng = SplitMix64(SplitMix64(seed ^ start.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64());
                let mut chosen = random_subset(&mut rng, self.len(), 8);
                let mut score = self.score(&chosen);
                for _ in 0..steps {
                    score = swap_step(&mut rng, &mut chosen, self.len(), score, |c| self.score(c));
                }
                let mut set = chosen.clone();
                set.sort_unstable();
                keep_best(&mut best, score, set);
            }
            best
        });
        let mut best: (usize, Vec<Vec<usize>>) = (0, Vec::new());
        for (n, sets) in parts {
            for s in sets {
                keep_best(&mut best, n, s);
            }
        }
        best
    }

    /// Exhaustive: 8 blocks building at least `goal` targets, if there are any (the first
    /// in a fixed order), else `None`, which proves that no 8 blocks build `goal`.
    ///
    /// Relabelings act transitively on the blocks and preserve what a set builds, so some
    /// best set contains block 0; the others are chosen in increasing order. For every
    /// target the search keeps the family of corner sets that exactly the chosen blocks
    /// fill, one block per corner (8 blocks build a target only when every one of them
    /// takes a corner), drops the target when the family is empty, and cuts a branch when
    /// fewer than `goal` targets remain. Branches on the second block run in parallel and
    /// are combined in order.
    pub fn eight_building_at_least(&self, goal: usize, progress: &(dyn Fn(u64) + Sync)) -> Option<Vec<usize>> {
        // With transitive relabelings some best set contains block 0, its smallest; else
        // every block is tried as the smallest.
        let firsts = if self.relabelings_transitive() { 1 } else { self.len() };
        (0..firsts).find_map(|a| {
            let start: Vec<(usize, [u64; 4])> = (0..self.len())
                .filter(|&t| self.fits[t][a] != 0)
                .map(|t| (t, place_block(&[1, 0, 0, 0], self.fits[t][a])))
                .collect();
            let parts = chunked(a as u64 + 1..self.len() as u64, 1, |r| {
                let b = r.start as usize;
                let states = self.place(&start, b);
                let found =
                    (states.len() >= goal).then(|| self.extend_eight(&mut vec![a, b], &states, b + 1, goal)).flatten();
                progress(1);
                found
            });
            parts.into_iter().flatten().next()
        })
    }

    fn place(&self, states: &[(usize, [u64; 4])], b: usize) -> Vec<(usize, [u64; 4])> {
        states
            .iter()
            .filter_map(|&(t, f)| {
                let m = self.fits[t][b];
                let g = place_block(&f, m);
                (m != 0 && g != [0; 4]).then_some((t, g))
            })
            .collect()
    }

    fn extend_eight(
        &self,
        chosen: &mut Vec<usize>,
        states: &[(usize, [u64; 4])],
        next: usize,
        goal: usize,
    ) -> Option<Vec<usize>> {
        if chosen.len() == 8 {
            return Some(chosen.clone());
        }
        for b in next..=self.len() - (8 - chosen.len()) {
            let after = self.place(states, b);
            if after.len() >= goal {
                chosen.push(b);
                if let Some(x) = self.extend_eight(chosen, &after, b + 1, goal) {
                    return Some(x);
                }
                chosen.pop();
            }
        }
        None
    }

    /// Number of blocks of each missing color (index 1..=7) in a set.
    pub fn classes(&self, blocks: &[usize]) -> [usize; 8] {
        let mut out = [0usize; 8];
        for &b in blocks {
            out[missing_color(&self.cubes[b]) as usize] += 1;
        }
        out
    }
}

impl Default for Seven {
    fn default() -> Seven {
        Seven::new()
    }
}

/// The lower bound of [`Seven::universal_lower_bound`].
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

fn keep_best(best: &mut (usize, Vec<Vec<usize>>), n: usize, set: Vec<usize>) {
    if n > best.0 || best.1.is_empty() {
        *best = (n, vec![set]);
    } else if n == best.0 && best.1.len() < 10 && !best.1.contains(&set) {
        best.1.push(set);
    }
}

/// A uniform k-subset of 0..n, sorted (Floyd's algorithm).
pub fn random_subset(rng: &mut SplitMix64, n: usize, k: usize) -> Vec<usize> {
    let mut set = BlockSet::default();
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

fn overflow() -> Error {
    Error::out_of_range("the number of sets is beyond 128-bit integers")
}

/// `result[j]`: the number of j-subsets of the blocks (one corner mask each, over the 8
/// corners of one target) that can fill all 8 corners with distinct blocks.
///
/// Blocks with the same mask are interchangeable, so the program runs over the distinct
/// masks, choosing how many blocks of each; its state is the family of corner sets the
/// chosen blocks can fill (a 256-bit set; once it holds all 8 corners it stays full).
pub fn fillable_subsets(masks: &[u8], kmax: usize) -> Result<Vec<u128>, Error> {
    let mut groups: BTreeMap<u8, u64> = BTreeMap::new();
    for &m in masks {
        *groups.entry(m).or_insert(0) += 1;
    }
    const FULL: [u64; 4] = [0, 0, 0, 1 << 63];
    // state → ways by number chosen.
    let mut states: HashMap<[u64; 4], Vec<u128>> = HashMap::new();
    let mut start = vec![0u128; kmax + 1];
    start[0] = 1;
    states.insert([1, 0, 0, 0], start);
    for (&mask, &n) in &groups {
        let mut next: HashMap<[u64; 4], Vec<u128>> = HashMap::with_capacity(states.len() * 2);
        for (family, ways) in &states {
            let mut f = *family;
            for r in 0..=n.min(kmax as u64) {
                if r > 0 {
                    f = if f[3] >> 63 & 1 == 1 { FULL } else { extend_family(&f, mask) };
                }
                let choose = binomial_u128(n, r).ok_or_else(overflow)?;
                let key = if f[3] >> 63 & 1 == 1 { FULL } else { f };
                let slot = next.entry(key).or_insert_with(|| vec![0u128; kmax + 1]);
                for j in 0..=kmax - r as usize {
                    if ways[j] != 0 {
                        let add = ways[j].checked_mul(choose).ok_or_else(overflow)?;
                        slot[j + r as usize] = slot[j + r as usize].checked_add(add).ok_or_else(overflow)?;
                    }
                }
            }
        }
        states = next;
    }
    Ok(states.remove(&FULL).unwrap_or_else(|| vec![0u128; kmax + 1]))
}

/// The family of corner sets after one more block must take a corner: every old set plus
/// one corner of `mask` it lacks (the old sets themselves are dropped).
fn place_block(f: &[u64; 4], mask: u8) -> [u64; 4] {
    let mut out = [0u64; 4];
    for p in (0..8).filter(|&p| mask >> p & 1 == 1) {
        let shifted = shift_without(f, p);
        for w in 0..4 {
            out[w] |= shifted[w];
        }
    }
    out
}

/// Whether distinct blocks with these corner masks can fill all 8 corners: the family of
/// fillable corner sets grown one block at a time (equivalent to Hall's condition,
/// [`super::graph::hall_fillable`], and much faster for many blocks).
pub fn fills_all_corners(masks: impl Iterator<Item = u8>) -> bool {
    let mut f = [1u64, 0, 0, 0];
    for m in masks {
        if m != 0 {
            f = extend_family(&f, m);
            if f[3] >> 63 == 1 {
                return true;
            }
        }
    }
    false
}

/// The most corners distinct blocks with these corner masks can fill at once (the size of
/// a maximum matching of blocks to corners).
pub fn corners_fillable(masks: impl Iterator<Item = u8>) -> usize {
    let mut f = [1u64, 0, 0, 0];
    for m in masks {
        if m != 0 {
            f = extend_family(&f, m);
        }
    }
    (0..=8).rev().find(|&l| (0..4).any(|w| f[w] & popcount_level(l)[w] != 0)).unwrap_or(0)
}

/// The 256-bit mask of corner sets (indices 0..256) with exactly `l` corners.
fn popcount_level(l: usize) -> [u64; 4] {
    static LEVELS: std::sync::OnceLock<[[u64; 4]; 9]> = std::sync::OnceLock::new();
    LEVELS.get_or_init(|| {
        let mut out = [[0u64; 4]; 9];
        for i in 0..256usize {
            out[i.count_ones() as usize][i >> 6] |= 1 << (i & 63);
        }
        out
    })[l]
}

/// The family of corner sets fillable after adding one block fitting the corners `mask`:
/// every old set, and every old set plus one corner of `mask` it lacks.
fn extend_family(f: &[u64; 4], mask: u8) -> [u64; 4] {
    let mut out = *f;
    for p in 0..8 {
        if mask >> p & 1 == 0 {
            continue;
        }
        // Sets without corner p move to set | 1 << p, i.e. index + 2^p.
        let shifted = shift_without(f, p);
        for w in 0..4 {
            out[w] |= shifted[w];
        }
    }
    out
}

fn shift_without(f: &[u64; 4], p: usize) -> [u64; 4] {
    match p {
        0..=5 => f.map(|w| (w & super::combin::LACKS[p]) << (1 << p)),
        6 => [0, f[0], 0, f[2]],
        _ => [0, 0, f[0], f[1]],
    }
}

#[cfg(test)]
mod tests;
