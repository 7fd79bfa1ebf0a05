//! Tallies of a targets census over the K-subsets of a set (one size at a time, by
//! colex rank range), sampled tallies and the exhaustive universal-set search.

use super::{deposit, BuildTables};
use crate::combin::{binomial, for_each_subset_in};
use crate::rng::SplitMix64;
use crate::run::{Progress, Stop};
use crate::shard::chunked_until;
use crate::Error;
use rayon::prelude::*;

/// The tally of a targets census over some sets of one size.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    /// Number of sets looked at.
    pub sets: u64,
    /// `histogram[n]`: sets building exactly n targets.
    pub histogram: Vec<u64>,
    /// Sets attaining the largest count seen (at most `MAX_LISTED` kept).
    pub max_sets: Vec<u32>,
}

/// How many sets attaining the maximum a tally keeps.
pub const MAX_LISTED: usize = 100_000;

impl Tally {
    /// An empty tally for a census with `targets` targets.
    pub fn new(targets: usize) -> Tally {
        Tally { sets: 0, histogram: vec![0; targets + 1], max_sets: Vec::new() }
    }

    /// The largest count with a nonzero histogram entry.
    pub fn max(&self) -> Option<usize> {
        self.histogram.iter().rposition(|&n| n > 0)
    }

    #[inline]
    pub(crate) fn add(&mut self, set: u32, n: u32, keep: bool) {
        let n = n as usize;
        let before = self.max();
        self.sets += 1;
        self.histogram[n] += 1;
        if keep {
            match before {
                Some(m) if n < m => {}
                Some(m) if n == m => {
                    if self.max_sets.len() < MAX_LISTED {
                        self.max_sets.push(set)
                    }
                }
                _ => self.max_sets = vec![set],
            }
        }
    }

    /// Combines two tallies (of disjoint sets); the result is the same in any grouping.
    pub fn merge(mut self, other: Tally) -> Tally {
        let (a, b) = (self.max(), other.max());
        self.sets += other.sets;
        for (x, y) in self.histogram.iter_mut().zip(&other.histogram) {
            *x += y;
        }
        match a.cmp(&b) {
            std::cmp::Ordering::Less => self.max_sets = other.max_sets,
            std::cmp::Ordering::Equal => self.max_sets.extend(other.max_sets),
            std::cmp::Ordering::Greater => {}
        }
        self.max_sets.sort_unstable_by_key(|&s| (s.count_ones(), s));
        self.max_sets.dedup();
        self.max_sets.truncate(MAX_LISTED);
        self
    }

    /// Mean number of targets per set.
    pub fn mean(&self) -> f64 {
        if self.sets == 0 {
            return 0.0;
        }
        self.histogram.iter().enumerate().map(|(n, &c)| n as f64 * c as f64).sum::<f64>() / self.sets as f64
    }

    /// Population standard deviation of the number of targets.
    pub fn std_dev(&self) -> f64 {
        if self.sets == 0 {
            return 0.0;
        }
        let m = self.mean();
        let var = self.histogram.iter().enumerate().map(|(n, &c)| (n as f64 - m).powi(2) * c as f64).sum::<f64>()
            / self.sets as f64;
        var.sqrt()
    }
}

/// Sorts 32-bit values by three passes of an 11-bit counting sort.
pub(super) fn radix_sort(v: &mut Vec<u32>) {
    let mut buf = vec![0u32; v.len()];
    for shift in [0u32, 11, 22] {
        let mut counts = vec![0usize; 1 << 11];
        for &x in v.iter() {
            counts[(x >> shift & 0x7FF) as usize] += 1;
        }
        let mut sum = 0;
        for c in counts.iter_mut() {
            let n = *c;
            *c = sum;
            sum += n;
        }
        for &x in v.iter() {
            let d = (x >> shift & 0x7FF) as usize;
            buf[counts[d]] = x;
            counts[d] += 1;
        }
        std::mem::swap(v, &mut buf);
    }
}

/// Rank of `set` among the subsets of `within` of its size (colex over positions in `within`).
#[inline]
fn rank_within(set: u32, within: u32) -> u64 {
    let mut positions = 0u32;
    let mut s = set;
    while s != 0 {
        let c = s.trailing_zeros();
        positions |= 1 << (within & ((1u32 << c) - 1)).count_ones();
        s &= s - 1;
    }
    crate::combin::rank_subset(positions)
}

/// The K = 8 tally straight from the lists of buildable 8-sets: a set builds as many
/// targets as the lists it appears in, and every set in no list builds none.
///
/// Its work is not over ranks, so its progress is the `ranks` it tallies advanced in
/// proportion to its three steps, about 45 reports in all: half as the lists are read
/// (each list's share by its length), a quarter once they are sorted, a quarter as the
/// runs of equal sets are counted (in [`EIGHTS_STEPS`] steps). The units add up to the
/// number of ranks whatever the thread count.
fn tally_eights(
    tables: &BuildTables,
    within: u32,
    ranks: std::ops::Range<u64>,
    keep_max: bool,
    progress: &dyn Progress,
) -> Tally {
    let whole = ranks.start == 0 && ranks.end == binomial(within.count_ones() as u64, 8);
    let units = ranks.end - ranks.start;
    let (read, sorted) = (units / 2, units / 4);
    let counted = units - read - sorted;
    // The units after the first `part` of `whole` items, of `share` units in all.
    let upto = |share: u64, part: u64, whole: u64| (share as u128 * part as u128 / whole.max(1) as u128) as u64;
    let lengths: Vec<u64> = tables.minimal.iter().map(|l| l.len() as u64).collect();
    let items: u64 = lengths.iter().sum();
    let before: Vec<u64> = lengths.iter().scan(0, |sum, &n| Some(std::mem::replace(sum, *sum + n))).collect();
    let mut all: Vec<u32> = tables
        .minimal
        .par_iter()
        .enumerate()
        .flat_map_iter(|(l, list)| {
            let step = upto(read, before[l] + lengths[l], items) - upto(read, before[l], items);
            let read_all = std::iter::once_with(move || progress.advance(step)).filter_map(|()| None);
            list.iter().copied().filter(|&s| s & !within == 0).chain(read_all)
        })
        .filter(|&s| whole || ranks.contains(&rank_within(s, within)))
        .collect();
    if items == 0 {
        progress.advance(read);
    }
    radix_sort(&mut all);
    progress.advance(sorted);
    let mut t = Tally::new(tables.targets());
    let mut i = 0;
    let mut distinct = 0u64;
    let mut runs: Vec<(u32, usize)> = Vec::new();
    // The next report is due once `next_at` sets are counted (step `step` of EIGHTS_STEPS).
    let at = |step: u64| (all.len() as u128 * step as u128 / EIGHTS_STEPS as u128) as usize;
    let (mut step, mut reported) = (1u64, 0u64);
    let mut next_at = at(step);
    while i < all.len() {
        let mut j = i;
        while j < all.len() && all[j] == all[i] {
            j += 1;
        }
        t.histogram[j - i] += 1;
        distinct += 1;
        runs.push((all[i], j - i));
        i = j;
        // One report each time another 1/EIGHTS_STEPS of the sets has been counted.
        if i >= next_at {
            while step < EIGHTS_STEPS && at(step + 1) <= i {
                step += 1;
            }
            let now = upto(counted, step, EIGHTS_STEPS);
            progress.advance(now - reported);
            reported = now;
            step += 1;
            next_at = if step <= EIGHTS_STEPS { at(step) } else { usize::MAX };
        }
    }
    progress.advance(counted - reported);
    t.sets = ranks.end - ranks.start;
    t.histogram[0] += t.sets - distinct;
    if keep_max {
        if let Some(m) = t.max() {
            if m > 0 {
                t.max_sets = runs.iter().filter(|r| r.1 == m).map(|r| r.0).take(MAX_LISTED).collect();
                t.max_sets.sort_unstable();
            } else {
                // Every set builds nothing: list them in rank order, as the general tally does.
                for_each_subset_in(8, ranks.start, ranks.end.min(ranks.start + MAX_LISTED as u64), |p| {
                    let members: Vec<usize> = (0..32).filter(|&c| within >> c & 1 == 1).collect();
                    t.max_sets.push(deposit(p, &members));
                });
            }
        }
    }
    t
}

/// Tallies the K-subsets of `within` (a set of the universe) with colex ranks (among the
/// K-subsets of `within`) in `ranks`. Runs in parallel chunks, merged in order; a raised
/// `stop` ends it within a chunk of 262,144 sets (milliseconds), with kind `Stopped`.
pub fn tally(
    tables: &BuildTables,
    k: usize,
    within: u32,
    ranks: std::ops::Range<u64>,
    keep_max: bool,
    progress: &dyn Progress,
    stop: &Stop,
) -> Result<Tally, Error> {
    if k == 8 {
        // This path takes a fraction of a second for any universe of at most 32 cubes (its
        // tables were built before); it reports in steps, once per list read and per
        // 1/EIGHTS_STEPS of the counting (a report per set read cost 2-4% more
        // instructions, callgrind, Table 2).
        return Ok(tally_eights(tables, within, ranks, keep_max, progress));
    }
    tables.check_lookup()?;
    let members: Vec<usize> = (0..32).filter(|&c| within >> c & 1 == 1).collect();
    let parts = chunked_until(ranks, 1 << 18, stop, |range| {
        let mut t = Tally::new(tables.targets());
        let n = range.end - range.start;
        for_each_subset_in(k, range.start, range.end, |positions| {
            let set = deposit(positions, &members);
            t.add(set, tables.count_unchecked(set), keep_max);
        });
        progress.advance(n);
        t
    })?;
    Ok(parts.into_iter().fold(Tally::new(tables.targets()), Tally::merge))
}

/// Every set of K cubes within `within` that builds all targets, with colex ranks in `ranks`.
/// A raised `stop` ends it within a chunk of 262,144 sets, with kind `Stopped`.
pub fn universal_sets(
    tables: &BuildTables,
    k: usize,
    within: u32,
    ranks: std::ops::Range<u64>,
    progress: &dyn Progress,
    stop: &Stop,
) -> Result<Vec<u32>, Error> {
    tables.check_lookup()?;
    let members: Vec<usize> = (0..32).filter(|&c| within >> c & 1 == 1).collect();
    let n = tables.targets();
    let parts = chunked_until(ranks, 1 << 18, stop, |range| {
        let units = range.end - range.start;
        let mut found = Vec::new();
        for_each_subset_in(k, range.start, range.end, |positions| {
            let set = deposit(positions, &members);
            if (0..n).all(|t| tables.builds_unchecked(t, set)) {
                found.push(set);
            }
        });
        progress.advance(units);
        found
    })?;
    Ok(parts.into_iter().flatten().collect())
}

/// Tallies `samples` K-subsets of `within` drawn uniformly at random (independently, as in
/// the Johnson–Roldán sampling study) from seed `seed`.
/// Progress advances, and a raised `stop` ends it (kind `Stopped`), every 65,536 samples.
pub fn tally_sample(
    tables: &BuildTables,
    k: usize,
    within: u32,
    samples: u64,
    seed: u64,
    progress: &dyn Progress,
    stop: &Stop,
) -> Result<Tally, Error> {
    tables.check_lookup()?;
    let members: Vec<usize> = (0..32).filter(|&c| within >> c & 1 == 1).collect();
    let mut rng = SplitMix64(seed);
    let total = binomial(members.len() as u64, k as u64);
    let mut t = Tally::new(tables.targets());
    let mut left = samples;
    while left > 0 {
        stop.check()?;
        let n = left.min(PROGRESS_CHUNK);
        for _ in 0..n {
            let rank = rng.below(total);
            let set = deposit(crate::combin::unrank_subset(rank, k), &members);
            t.add(set, tables.count_unchecked(set), false);
        }
        left -= n;
        progress.advance(n);
    }
    Ok(t)
}

/// In how many steps [`tally_eights`] reports its counting of the runs of equal sets.
const EIGHTS_STEPS: u64 = 16;

/// How many sampled sets [`tally_sample`] tallies between two progress reports.
const PROGRESS_CHUNK: u64 = 1 << 16;
