//! The largest multiset of cubes from which no target can be built (Haraguchi's maximum
//! infeasible multiset: 23 MacMahon cubes), found and proved largest by exhaustion.
//!
//! Building no target passes to sub-multisets, so the distinct cubes of an infeasible
//! multiset (its *support*) form an infeasible set. Both methods walk the infeasible sets
//! depth first (cubes in index order, a branch stops at the first feasible set), then find
//! the largest multiplicities on each support:
//!
//! - [`Method::Graph`]: for a MacMahon target t, copies of t fit every corner and every other
//!   cube fits 0 or 2 corners (an edge of t's corner graph). Blocks cover
//!   `m_t + Σ_C min(V_C, E_C)` corners, over the components C of the support's edges (E_C
//!   counting copies). A component covers `V_C − 1` corners only when it is a tree with every
//!   edge used once. So on a fixed support, with each cube once, target t has a slack
//!   `7 − [t in support] − cover`; a set R of cubes raised to two or more copies costs t one
//!   unit per tree component that R touches, and each raised cube c takes the rest of its own
//!   target's slack as extra copies. The largest multiset is a maximum over the subsets R.
//! - [`Method::Backtrack`] (direct search): multiplicities raised one copy at a time, each
//!   multiset decided for every target by an augmenting-path matching of the 8 corners to the
//!   blocks on the corner-fit table (which the solver computes from the rotations), pruned by
//!   the most copies of each cube that the support alone tolerates. It uses neither the
//!   component count nor the tree argument.
//!
//! Every maximum multiset reported is checked with the general solver on every target.

mod direct;
mod graph;

use super::{Method, Universe};
use crate::coloring::Coloring;
use crate::run::{Poll, Progress, Stop};
use crate::shard::chunked_until;
use crate::target::Blocks;
use crate::Error;
use direct::{direct_best, matches_all_corners};
use graph::{graph_best, TargetGraph};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Most maximum multisets kept in a result (all are counted).
pub const MAX_KEPT: usize = 100_000;

/// The result of the search for the largest infeasible multisets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InfeasibleCensus {
    /// Number of infeasible sets of distinct cubes (the possible supports), the empty set included.
    pub supports: u64,
    /// `sets_by_size[k]`: infeasible sets of k distinct cubes.
    pub sets_by_size: Vec<u64>,
    /// The largest size of a multiset building no target.
    pub max: usize,
    /// Number of multisets of that size building no target.
    pub count: u64,
    /// Those multisets as multiplicities per cube, sorted (at most `MAX_KEPT`).
    pub maximum: Vec<Vec<u8>>,
}

/// What part of the search found: mergeable in any order, serializable for checkpoints
/// and shards.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Part {
    /// `sets_by_size[k]`: infeasible supports of k cubes walked.
    pub sets_by_size: Vec<u64>,
    /// The largest multiset size found.
    pub max: usize,
    /// Multisets of that size found.
    pub count: u64,
    /// Those multisets (at most `MAX_KEPT`), sorted.
    pub multisets: Vec<Vec<u8>>,
}

impl Part {
    fn record(&mut self, total: usize, m: Vec<u8>) {
        if total > self.max {
            self.max = total;
            self.count = 0;
            self.multisets.clear();
        }
        if total == self.max {
            self.count += 1;
            if self.multisets.len() < MAX_KEPT {
                self.multisets.push(m);
            }
        }
    }

    /// Both parts together (the result does not depend on the order of merging).
    pub fn merge(mut self, other: Part) -> Part {
        if other.max > self.max {
            self.max = other.max;
            self.count = 0;
            self.multisets.clear();
        }
        if other.max == self.max {
            self.count += other.count;
            self.multisets.extend(other.multisets);
            self.multisets.sort();
            self.multisets.truncate(MAX_KEPT);
        }
        if self.sets_by_size.len() < other.sets_by_size.len() {
            self.sets_by_size.resize(other.sets_by_size.len(), 0);
        }
        for (a, b) in self.sets_by_size.iter_mut().zip(other.sets_by_size) {
            *a += b;
        }
        self
    }
}

/// Per target: its corner fits by cube, and the cubes fitting some corner.
struct Fits<'a> {
    fits: &'a [Vec<u8>],
    usable: Vec<u32>,
    n: usize,
}

impl<'a> Fits<'a> {
    fn new(u: &'a Universe) -> Fits<'a> {
        let n = u.len();
        let usable = (0..n).map(|t| (0..n).filter(|&c| u.fits[t][c] != 0).fold(0u32, |s, c| s | 1 << c)).collect();
        Fits { fits: &u.fits, usable, n }
    }
}

/// The search for the largest infeasible multisets, cut into items (seed supports and
/// everything above them) for progress, shards and checkpoints.
pub struct InfeasibleSearch<'a> {
    u: &'a Universe,
    f: Fits<'a>,
    method: Method,
    /// Infeasible sets of fewer than [`SEED_SIZE`] cubes (evaluated as they are), then those
    /// of exactly [`SEED_SIZE`] (walked upwards).
    seeds: Vec<u32>,
    within: u32,
}

/// Supports of this many cubes are the items of the search.
const SEED_SIZE: u32 = 3;

impl<'a> InfeasibleSearch<'a> {
    /// Prepares the search over multisets of the cubes in `within` (a bitmask over the universe).
    pub fn new(u: &'a Universe, method: Method, within: u32) -> Result<InfeasibleSearch<'a>, Error> {
        let n = u.len();
        if method == Method::Graph {
            check_graph_shape(u)?;
        }
        let within = within & if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        let mut search = InfeasibleSearch { u, f: Fits::new(u), method, seeds: Vec::new(), within };
        let mut frontier = vec![0u32];
        for _ in 0..SEED_SIZE {
            search.seeds.extend(&frontier);
            let mut next = Vec::new();
            for &s in &frontier {
                let state = search.state_of(s);
                for c in (32 - s.leading_zeros() as usize..n).filter(|&c| within >> c & 1 == 1) {
                    if search.extend(&state, s, c).is_some() {
                        next.push(s | 1 << c);
                    }
                }
            }
            frontier = next;
        }
        search.seeds.extend(frontier);
        Ok(search)
    }

    /// The walk's state for an infeasible set.
    fn state_of(&self, set: u32) -> State {
        let mut state = match self.method {
            Method::Graph => State::Graph([TargetGraph::EMPTY; 32]),
            Method::Backtrack => State::Direct,
        };
        let mut sofar = 0u32;
        for c in (0..self.f.n).filter(|&c| set >> c & 1 == 1) {
            state = self.extend(&state, sofar, c).expect("subsets of infeasible sets are infeasible");
            sofar |= 1 << c;
        }
        state
    }

    /// The state of `set` plus cube x, or `None` when that set builds some target.
    fn extend(&self, state: &State, set: u32, x: usize) -> Option<State> {
        match state {
            State::Graph(graphs) => {
                let mut g = *graphs;
                for t in 0..self.f.n {
                    let e = self.f.fits[t][x];
                    if t == x {
                        g[t].cover += 1;
                    } else if e != 0 {
                        g[t].add_edge(e.trailing_zeros() as u8, 7 - e.leading_zeros() as u8);
                    } else {
                        continue;
                    }
                    if g[t].cover >= 8 {
                        return None;
                    }
                }
                Some(State::Graph(g))
            }
            State::Direct => set_infeasible(&self.f, set | 1 << x).then_some(State::Direct),
        }
    }

    /// Number of items.
    pub fn items(&self) -> u64 {
        self.seeds.len() as u64
    }

    /// Searches the items in `range` in parallel. Supports whose largest multisets are
    /// known to stay below `floor` are not looked at closely (pass the largest size found
    /// so far, or 0).
    pub fn run(&self, range: std::ops::Range<u64>, floor: usize, progress: &dyn Progress) -> Part {
        self.run_until(range, floor, progress, &Stop::new()).expect("a stop never raised")
    }

    /// [`InfeasibleSearch::run`] that a raised `stop` ends with kind `Stopped` (its part is
    /// then incomplete and dropped): each item looks at it before it starts
    /// ([`chunked_until`]) and its walk every `POLL_EVERY` supports.
    pub fn run_until(
        &self,
        range: std::ops::Range<u64>,
        floor: usize,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> Result<Part, Error> {
        let best = AtomicUsize::new(floor);
        let parts = chunked_until(range, 1, stop, |r| {
            let s = self.seeds[r.start as usize];
            let mut part = Part::default();
            let state = self.state_of(s);
            if s.count_ones() < SEED_SIZE {
                self.evaluate(s, &state, &best, &mut part);
            } else {
                self.walk(s, &state, &best, &mut part, &mut Poll::every(stop, POLL_EVERY))?;
            }
            progress.advance(1);
            Ok(part)
        })?;
        parts.into_iter().try_fold(Part::default(), |acc, p| Ok(acc.merge(p?)))
    }

    /// The final result: every maximum multiset is checked with the general solver.
    pub fn finish(&self, part: Part) -> Result<InfeasibleCensus, Error> {
        for m in &part.multisets {
            check_with_solver(self.u, m)?;
        }
        Ok(InfeasibleCensus {
            supports: part.sets_by_size.iter().sum(),
            sets_by_size: part.sets_by_size,
            max: part.max,
            count: part.count,
            maximum: part.multisets,
        })
    }

    /// Depth-first walk over the infeasible supersets of `set` adding cubes above its largest
    /// (`Stopped` once `poll` sees the stop raised).
    fn walk(&self, set: u32, state: &State, best: &AtomicUsize, part: &mut Part, poll: &mut Poll) -> Result<(), Error> {
        poll.tick()?;
        self.evaluate(set, state, best, part);
        for c in (32 - set.leading_zeros() as usize..self.f.n).filter(|&c| self.within >> c & 1 == 1) {
            if let Some(next) = self.extend(state, set, c) {
                self.walk(set | 1 << c, &next, best, part, poll)?;
            }
        }
        Ok(())
    }

    /// The largest multisets on one support, recorded when at least the best seen so far
    /// (the shared best only prunes what is strictly below it, so the result does not
    /// depend on the order in which threads find things).
    fn evaluate(&self, set: u32, state: &State, best: &AtomicUsize, part: &mut Part) {
        let k = set.count_ones() as usize;
        if part.sets_by_size.len() <= k {
            part.sets_by_size.resize(k + 1, 0);
        }
        part.sets_by_size[k] += 1;
        let floor = best.load(Ordering::Relaxed).max(part.max);
        let mut out = Vec::new();
        match state {
            State::Graph(graphs) => graph_best(&self.f, set, graphs, floor, &mut out),
            State::Direct => direct_best(&self.f, set, floor, &mut out),
        }
        for (total, m) in out {
            best.fetch_max(total, Ordering::Relaxed);
            part.record(total, m);
        }
    }
}

/// Supports a walk evaluates between two looks at its stop token: one support costs from
/// microseconds to a millisecond or more (every subset of its cubes raised is tried while
/// the best size found is low), so a stop is seen within milliseconds, and the look (one
/// atomic load) is lost among the allocations of each evaluation.
const POLL_EVERY: u32 = 16;

/// The multisets (multiplicities per cube) sorted into classes under the cube
/// permutations given: one representative (the smallest image) per class, with the
/// class's size among the multisets given.
pub fn classes(multisets: &[Vec<u8>], symmetries: &[Vec<usize>]) -> Vec<(Vec<u8>, usize)> {
    let mut reps: std::collections::BTreeMap<Vec<u8>, usize> = Default::default();
    for m in multisets {
        let rep = symmetries
            .iter()
            .map(|perm| {
                let mut image = vec![0u8; m.len()];
                for (c, &k) in m.iter().enumerate() {
                    image[perm[c]] = k;
                }
                image
            })
            .min()
            .unwrap_or_else(|| m.clone());
        *reps.entry(rep).or_insert(0) += 1;
    }
    reps.into_iter().collect()
}

/// The graph method needs the MacMahon shape: each cube fits all 8 corners of itself and
/// 0 or 2 corners of every other target, in one orientation.
fn check_graph_shape(u: &Universe) -> Result<(), Error> {
    let ok = u.simple
        && (0..u.len()).all(|t| {
            (0..u.len()).all(|c| {
                let k = u.fits[t][c].count_ones();
                if c == t {
                    k == 8
                } else {
                    k == 0 || k == 2
                }
            })
        });
    if ok {
        Ok(())
    } else {
        Err(Error::out_of_range(
            "the component argument needs six-colored cubes (each fits 0 or 2 corners of another); the backtrack method does not",
        ))
    }
}

/// Whether the set builds no target, by matchings (the direct method).
fn set_infeasible(f: &Fits, set: u32) -> bool {
    // Fewer than 8 blocks build nothing.
    if set.count_ones() < 8 {
        return true;
    }
    let mut m = [0u8; 32];
    for c in 0..f.n {
        m[c] = (set >> c & 1) as u8;
    }
    let m = &m[..f.n];
    (0..f.n).filter(|&t| (set & f.usable[t]).count_ones() >= 8).all(|t| !matches_all_corners(f, t, m))
}

/// What the walk carries from a support to its supersets (on the stack: the walk is at most
/// ten deep, and copying 800 bytes is cheaper than allocating).
#[derive(Clone)]
#[allow(clippy::large_enum_variant)]
enum State {
    /// Graph method: every target's corner graph of the support's cubes.
    Graph([TargetGraph; 32]),
    /// Direct method: nothing (each set is decided afresh).
    Direct,
}

/// Checks with the general solver that the multiset builds no target.
fn check_with_solver(u: &Universe, m: &[u8]) -> Result<(), Error> {
    let blocks: Vec<Coloring> =
        m.iter().enumerate().flat_map(|(c, &k)| std::iter::repeat_n(u.cubes[c], k as usize)).collect();
    let b = Blocks::new(&blocks)?;
    for (t, target) in u.cubes.iter().enumerate() {
        if b.count(target)? > 0 {
            return Err(Error::out_of_range(format!("internal check failed: the multiset builds {}", u.names[t])));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
