//! The census questions of the extended puzzle over a universe of at most 32 cube types
//! (MacMahon's 30 by default), for multisets given as multiplicities per type.
//!
//! **Hall's condition, exactly.** For a target T, a multiset m builds T iff for every set
//! U of types, `m(U^c) + cap(N(U)) ≥ N³`, where `N(U)` is the set of classes some type of
//! U fits and `cap` adds class sizes (max-flow = min-cut on the assignment of
//! [`super`]). Only *closed* U matter (every type whose fit mask lies inside `N(U)`), and
//! only those with a positive *deficit* `D = N³ − cap(N(U))`. [`Census::obstructions`]
//! lists them; a multiset builds T iff it has at least `D` blocks outside each, so this
//! list is a complete description of the multisets building T (question (a)).
//! [`Census::builds`] (the flow) and [`Census::builds_by_obstructions`] are two methods
//! that must agree.

use super::{flow, Extended, CLASSES};
use crate::coloring::Coloring;
use crate::rng::SplitMix64;
use crate::run::{Progress, Stop};
use crate::Error;

/// A closed set U of types with a positive deficit for one target: a multiset builds the
/// target only if it has at least `deficit` blocks among the types `outside` U.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Obstruction {
    /// Bit `t` set for the types not in U.
    pub outside: u32,
    /// `N³ − cap(N(U))`: how many positions the types of U cannot fill.
    pub deficit: u64,
    /// The classes U fits (bit `c` for class `c`).
    pub classes: u32,
}

/// A universe of cube types and the proper targets over them, for one N.
#[derive(Debug, Clone)]
pub struct Census {
    n: usize,
    types: Vec<Coloring>,
    targets: Vec<Coloring>,
    /// `masks[target][type]`: the classes the type fits for the target.
    masks: Vec<Vec<u32>>,
    demand: [u64; CLASSES],
}

impl Census {
    /// MacMahon's 30 cubes as types, and the 30 of them as targets (the proper targets),
    /// in Conway's tableau order.
    pub fn macmahon(n: usize) -> Result<Census, Error> {
        let cubes: Vec<Coloring> = crate::macmahon::cubes().iter().map(|c| c.coloring).collect();
        Census::new(n, &cubes, &cubes)
    }

    /// A universe of distinct cube `types` (at most 32) and the `targets` to consider.
    pub fn new(n: usize, types: &[Coloring], targets: &[Coloring]) -> Result<Census, Error> {
        if types.is_empty() || types.len() > 32 {
            return Err(Error::out_of_range(format!("a census universe has 1..=32 types, not {}", types.len())));
        }
        let ext = Extended::new(n, types)?;
        if ext.blocks().types().len() != types.len() {
            return Err(Error::malformed("the types of a census universe must be distinct cubes"));
        }
        let mut masks = Vec::with_capacity(targets.len());
        for t in targets {
            masks.push(ext.fits(t)?.masks);
        }
        let mut demand = [0u64; CLASSES];
        for c in ext.classes() {
            demand[c.index] = c.size;
        }
        Ok(Census { n, types: types.to_vec(), targets: targets.to_vec(), masks, demand })
    }

    /// The size N.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The types, in order.
    pub fn types(&self) -> &[Coloring] {
        &self.types
    }

    /// The targets, in order.
    pub fn targets(&self) -> &[Coloring] {
        &self.targets
    }

    /// The classes each type fits for target `target`.
    pub fn masks(&self, target: usize) -> Option<&[u32]> {
        self.masks.get(target).map(|v| v.as_slice())
    }

    /// Whether the multiset (`counts[t]` blocks of type `t`) builds target `target`,
    /// by the maximum flow. `false` for a target index or counts of the wrong length.
    pub fn builds(&self, target: usize, counts: &[u64]) -> bool {
        match self.masks.get(target) {
            Some(m) if counts.len() == m.len() => flow::feasible(m, counts, &self.demand),
            _ => false,
        }
    }

    /// Whether the multiset builds some target.
    pub fn builds_any(&self, counts: &[u64]) -> bool {
        (0..self.targets.len()).any(|t| self.builds(t, counts))
    }

    /// The most positions of target `target` the multiset can fill (0 for a bad index).
    pub fn max_fill(&self, target: usize, counts: &[u64]) -> u64 {
        match self.masks.get(target) {
            Some(m) if counts.len() == m.len() => flow::max_fill(m, counts, &self.demand),
            _ => 0,
        }
    }

    /// Every closed set of types with a positive deficit for target `target` (module
    /// docs), sorted; the empty set (deficit N³: fewer than N³ blocks) comes first.
    pub fn obstructions(&self, target: usize) -> Vec<Obstruction> {
        let Some(masks) = self.masks.get(target) else { return Vec::new() };
        let all: u32 = if masks.len() == 32 { u32::MAX } else { (1u32 << masks.len()) - 1 };
        let total: u64 = self.demand.iter().sum();
        let cap = |c: u32| -> u64 { (0..CLASSES).filter(|&i| c >> i & 1 == 1).map(|i| self.demand[i]).sum() };
        let inside = |c: u32| -> u32 {
            let mut u = 0u32;
            for (t, &m) in masks.iter().enumerate() {
                if m | c == c {
                    u |= 1 << t;
                }
            }
            u
        };
        let closure = |mut c: u32| -> u32 {
            loop {
                let u = inside(c);
                let mut c2 = 0u32;
                for (t, &m) in masks.iter().enumerate() {
                    if u >> t & 1 == 1 {
                        c2 |= m;
                    }
                }
                if c2 == c {
                    return c;
                }
                c = c2;
            }
        };
        let start = closure(0);
        let mut seen = std::collections::BTreeSet::from([start]);
        let mut stack = vec![start];
        while let Some(c) = stack.pop() {
            for &m in masks {
                if m | c != c {
                    let c2 = closure(c | m);
                    if cap(c2) < total && seen.insert(c2) {
                        stack.push(c2);
                    }
                }
            }
        }
        let mut out: Vec<Obstruction> = seen
            .into_iter()
            .filter(|&c| cap(c) < total)
            .map(|c| Obstruction { outside: all & !inside(c), deficit: total - cap(c), classes: c })
            .collect();
        out.sort_by_key(|o| (std::cmp::Reverse(o.deficit), o.outside.count_ones(), o.outside));
        out
    }

    /// Whether the multiset builds the target with these obstructions: at least `deficit`
    /// blocks outside each (Hall's condition; the second method beside [`Census::builds`]).
    pub fn builds_by_obstructions(obstructions: &[Obstruction], counts: &[u64]) -> bool {
        obstructions.iter().all(|o| {
            let outside: u64 = counts
                .iter()
                .enumerate()
                .filter(|&(t, _)| t < 32 && o.outside >> t & 1 == 1)
                .fold(0u64, |a, (_, &c)| a.saturating_add(c));
            outside >= o.deficit
        })
    }

    /// A uniformly random multiset of `k` blocks over the types (stars and bars).
    pub fn random_multiset(&self, k: u64, rng: &mut SplitMix64) -> Vec<u64> {
        let types = self.types.len() as u64;
        let slots = k.saturating_add(types - 1);
        // Choose types − 1 bar positions among the slots (Floyd's algorithm).
        let mut bars = std::collections::BTreeSet::new();
        for j in (slots - (types - 1))..slots {
            let r = rng.below(j + 1);
            if !bars.insert(r) {
                bars.insert(j);
            }
        }
        let mut counts = Vec::with_capacity(types as usize);
        let mut next = 0u64;
        for &b in &bars {
            counts.push(b - next);
            next = b + 1;
        }
        counts.push(slots - next);
        counts
    }

    /// Whether the multiset fills the *frame* of target `target` (its corner and edge
    /// positions), whatever the face centres and the interior need. For MacMahon's cubes,
    /// which fit every face centre and the interior, a multiset of at least N³ cubes builds
    /// the target iff it fills the frame.
    pub fn fills_frame(&self, target: usize, counts: &[u64]) -> bool {
        let mut frame = self.demand;
        for d in frame.iter_mut().skip(20) {
            *d = 0;
        }
        match self.masks.get(target) {
            Some(m) if counts.len() == m.len() => flow::feasible(m, counts, &frame),
            _ => false,
        }
    }

    /// Whether the multiset fills the frame of some target.
    pub fn fills_some_frame(&self, counts: &[u64]) -> bool {
        (0..self.targets.len()).any(|t| self.fills_frame(t, counts))
    }

    /// The largest multiset found that fills no target's frame (so builds no target
    /// however many blocks are added of types it already has… or of any type: see
    /// [`Census::fills_frame`]), by iterated greedy local search: `restarts` runs, each a
    /// random maximal multiset (types tried in random order, one copy at a time, while no
    /// frame is filled) improved `steps` times by removing one to three random blocks and
    /// refilling maximally, keeping the result when it is no smaller. A lower bound on the
    /// largest such multiset, with an example; deterministic in `seed`. Reports one unit of
    /// `progress` per restart (phase `"local search"`) and fails with kind `Stopped` when
    /// `stop` is raised (checked before every restart and step).
    pub fn largest_infeasible_found(
        &self,
        restarts: u64,
        steps: u64,
        seed: u64,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> Result<(u64, Vec<u64>), Error> {
        let stopped = || Error::stopped("stopped during the local search for multisets building nothing");
        let mut rng = SplitMix64(seed);
        let types = self.types.len();
        let mut best = (0u64, vec![0u64; types]);
        let fill = |m: &mut Vec<u64>, rng: &mut SplitMix64| loop {
            let mut order: Vec<usize> = (0..types).collect();
            for i in (1..types).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let mut added = false;
            for t in order {
                m[t] += 1;
                if self.fills_some_frame(m) {
                    m[t] -= 1;
                } else {
                    added = true;
                }
            }
            if !added {
                break;
            }
        };
        progress.start("local search", restarts, 0);
        for _ in 0..restarts {
            if stop.is_requested() {
                return Err(stopped());
            }
            let mut m = vec![0u64; types];
            fill(&mut m, &mut rng);
            for _ in 0..steps {
                if stop.is_requested() {
                    return Err(stopped());
                }
                let mut trial = m.clone();
                let drop = 1 + rng.below(3);
                for _ in 0..drop {
                    let held: Vec<usize> = (0..types).filter(|&t| trial[t] > 0).collect();
                    if held.is_empty() {
                        break;
                    }
                    trial[held[rng.below(held.len() as u64) as usize]] -= 1;
                }
                fill(&mut trial, &mut rng);
                if trial.iter().sum::<u64>() >= m.iter().sum::<u64>() {
                    m = trial;
                }
            }
            let k: u64 = m.iter().sum();
            if k > best.0 || (k == best.0 && m > best.1) {
                best = (k, m);
            }
            progress.advance(1);
        }
        Ok(best)
    }
}
