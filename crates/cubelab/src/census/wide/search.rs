//! Searches of the engine without tables: sampling, seeded local search for universal
//! sets and for 8-sets building many targets, and the exhaustive 8-set branch-and-bound.

use super::family::place_block;
use super::{keep_best, random_subset, CubeSet, Wide};
use crate::census::search::{swap_step, STOP_EVERY};
use crate::census::targets::Tally;
use crate::census::Method;
use crate::rng::SplitMix64;
use crate::run::{Progress, Stop};
use crate::shard::chunked;

impl<S: CubeSet> Wide<S> {
    /// Tallies `samples` K-sets drawn independently and uniformly at random from seed
    /// `seed`. Sample i depends only on the seed and i (chunks of 1024 samples with their
    /// own generator), so the result is the same for any number of threads. Also returns,
    /// for the largest count seen, the first sample sets reaching it (at most 10). A
    /// raised `stop` ends it between chunks (the tally is then partial: the caller fails).
    pub fn sample(
        &self,
        k: usize,
        samples: u64,
        seed: u64,
        method: Method,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> (Tally, Vec<Vec<usize>>) {
        const CHUNK: u64 = 1024;
        let chunks = samples.div_ceil(CHUNK);
        let parts = chunked(0..chunks, 1, |r| {
            let mut t = Tally::new(self.len());
            let mut best: (usize, Vec<Vec<usize>>) = (0, Vec::new());
            for c in r {
                if stop.is_requested() {
                    break;
                }
                let mut rng = SplitMix64(SplitMix64(seed ^ c.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64());
                let n = CHUNK.min(samples - c * CHUNK);
                for _ in 0..n {
                    let set = random_subset(&mut rng, self.len(), k);
                    let built = self.targets_built(&set, method);
                    t.sets += 1;
                    t.histogram[built] += 1;
                    keep_best(&mut best, built, set);
                }
                progress.advance(n);
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

    /// Looks for `k` blocks building every target by seeded local search: from a random
    /// k-set, swap one block at a time for a random other one and keep the swap when the
    /// number of targets built does not drop; `restarts` starts of at most `steps` swaps.
    /// Start r has its own generator (from the seed and r), starts run in parallel, and the
    /// set returned is the one of the first successful start, so the result does not depend
    /// on the number of threads. A set found is checked by the general solver.
    /// Progress: one unit per start. A raised `stop` ends every start within
    /// [`STOP_EVERY`] swaps (nothing is found then: the caller fails).
    pub fn search_universal(
        &self,
        k: usize,
        seed: u64,
        restarts: usize,
        steps: usize,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> Option<Vec<usize>> {
        use std::sync::atomic::{AtomicU64, Ordering};
        if !(8..=self.len()).contains(&k) {
            return None;
        }
        progress.start("random starts", restarts as u64, 0);
        let first_success = AtomicU64::new(u64::MAX);
        let parts = chunked(0..restarts as u64, 1, |r| {
            let start = r.start;
            if first_success.load(Ordering::Relaxed) < start || stop.is_requested() {
                return None;
            }
            let mut rng = SplitMix64(SplitMix64(seed ^ start.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64());
            let mut chosen = random_subset(&mut rng, self.len(), k);
            let goal = 8 * self.len();
            let mut score = self.corner_score(&chosen);
            let mut found = None;
            for step in 0..steps {
                if step % STOP_EVERY == 0 && stop.is_requested() {
                    return None;
                }
                if score == goal {
                    chosen.sort_unstable();
                    first_success.fetch_min(start, Ordering::Relaxed);
                    found = Some(chosen);
                    break;
                }
                if first_success.load(Ordering::Relaxed) < start {
                    break;
                }
                score = swap_step(&mut rng, &mut chosen, self.len(), score, |c| self.corner_score(c));
            }
            progress.advance(1);
            found
        });
        let found = parts.into_iter().flatten().next()?;
        (self.targets_built(&found, Method::Backtrack) == self.len()).then_some(found)
    }

    /// Looks for 8 blocks building as many targets as possible: seeded local search
    /// (swap one block, keep moves that do not lower the count), `restarts` starts of
    /// `steps` swaps. Returns the best count, and the distinct best sets found (sorted).
    /// Progress: one unit per start. A raised `stop` ends every start within
    /// [`STOP_EVERY`] swaps (the result is then partial: the caller fails).
    pub fn search_max_targets(
        &self,
        seed: u64,
        restarts: usize,
        steps: usize,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> (usize, Vec<Vec<usize>>) {
        progress.start("random starts", restarts as u64, 0);
        let parts = chunked(0..restarts as u64, 1, |r| {
            let mut best: (usize, Vec<Vec<usize>>) = (0, Vec::new());
            for start in r {
                if stop.is_requested() {
                    return best;
                }
                let mut rng = SplitMix64(SplitMix64(seed ^ start.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64());
                let mut chosen = random_subset(&mut rng, self.len(), 8);
                let mut score = self.score(&chosen);
                for step in 0..steps {
                    if step % STOP_EVERY == 0 && stop.is_requested() {
                        return best;
                    }
                    score = swap_step(&mut rng, &mut chosen, self.len(), score, |c| self.score(c));
                }
                let mut set = chosen.clone();
                set.sort_unstable();
                keep_best(&mut best, score, set);
                progress.advance(1);
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
    /// are combined in order. A raised `stop` ends every branch at its next block (`None`
    /// then proves nothing: the caller fails).
    pub fn eight_building_at_least(&self, goal: usize, progress: &dyn Progress, stop: &Stop) -> Option<Vec<usize>> {
        // With transitive relabelings some best set contains block 0, its smallest; else
        // every block is tried as the smallest.
        let firsts = if self.relabelings_transitive() { 1 } else { self.len() };
        let n = self.len() as u64;
        progress.start("second blocks", (0..firsts as u64).map(|a| n.saturating_sub(a + 1)).sum(), 0);
        (0..firsts).find_map(|a| {
            let start: Vec<(usize, [u64; 4])> = (0..self.len())
                .filter(|&t| self.fits[t][a] != 0)
                .map(|t| (t, place_block(&[1, 0, 0, 0], self.fits[t][a])))
                .collect();
            let parts = chunked(a as u64 + 1..self.len() as u64, 1, |r| {
                let b = r.start as usize;
                if stop.is_requested() {
                    return None;
                }
                let states = self.place(&start, b);
                let found = (states.len() >= goal)
                    .then(|| self.extend_eight(&mut vec![a, b], &states, b + 1, goal, stop))
                    .flatten();
                progress.advance(1);
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
        stop: &Stop,
    ) -> Option<Vec<usize>> {
        if chosen.len() == 8 {
            return Some(chosen.clone());
        }
        if stop.is_requested() {
            return None;
        }
        for b in next..=self.len() - (8 - chosen.len()) {
            let after = self.place(states, b);
            if after.len() >= goal {
                chosen.push(b);
                if let Some(x) = self.extend_eight(chosen, &after, b + 1, goal, stop) {
                    return Some(x);
                }
                chosen.pop();
            }
        }
        None
    }
}
