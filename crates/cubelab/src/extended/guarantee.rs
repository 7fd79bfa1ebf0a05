//! The largest multiset of MacMahon cubes that fills no target's *frame* (its corners and
//! edges), by exhaustive search: question (b) of issue 13 for *some* target.
//!
//! MacMahon's cubes fit every face centre and the interior of every target, so a multiset
//! of at least N³ cubes builds a target iff it fills that target's frame (8 corner
//! positions and 12 edges of N − 2 positions each). Filling a frame only gets easier when
//! cubes are added, so the multisets filling no frame are closed under taking
//! sub-multisets, and if L is the size of the largest, every multiset of max(N³, L + 1)
//! cubes builds some target and no smaller number guarantees it.
//!
//! **The condition.** By Hall's theorem (positions of one class are interchangeable), a
//! multiset m fills the frame of target T iff for every set C of frame classes,
//! `m(fit(C)) ≥ cap(C)`, where `fit(C)` is the set of types fitting some class of C and
//! `cap(C)` the number of positions of C. Only *closed* C (every frame class whose fitting
//! types lie inside `fit(C)`) need checking; [`frame_obstructions`] lists them as
//! [`FrameObstruction`]s. So m fills no frame iff for **every** target T some closed C_T
//! has `m(fit(C_T)) ≤ cap(C_T) − 1`: fewer cubes than positions among the types that fit C.
//!
//! **The search** ([`Guarantee::search`]): multisets of exactly k cubes are built type by
//! type (a depth-first search over multiplicity vectors). Symmetry: the 1440 color
//! permutations and reflections act transitively on the 30 cubes, so without loss of
//! generality type 0 is a most frequent type, with `c` copies, and every other type has at
//! most `c`. At every node, for every target, an obstruction C stays *alive* while the
//! smallest mass the completed multiset can still put on `fit(C)` (the fixed types' mass
//! plus whatever the remaining cubes cannot put on the free types outside `fit(C)`, at most
//! `c` each) is at most `cap(C) − 1`; a node is cut as soon as some target has no live
//! obstruction (every completion fills that target's frame). A leaf (all k cubes placed)
//! with a live obstruction for every target fills no frame; it is checked again by the
//! maximum flow ([`super::census::Census::fills_some_frame`]) before it is reported.
//! Nothing else is assumed (in particular not the lemma that 11 copies of a cube build it),
//! so a search that finds no leaf proves that no multiset of k cubes fails.

use super::census::Census;
use crate::run::{Progress, Stop};
use crate::Error;

/// Search nodes between two looks at the stop token.
const POLL: u64 = 1 << 14;

/// A closed set C of frame classes of one target: a multiset fills the target's frame only
/// if it has at least `positions` cubes among the types `fit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FrameObstruction {
    /// Bit `t` set for the types fitting some class of C.
    pub fit: u32,
    /// `cap(C)`: the number of frame positions in C.
    pub positions: u64,
    /// The classes of C (bit `c` for class `c`, corners 0..8 and edges 8..20).
    pub classes: u32,
}

/// The frame classes (corners and edges): bits 0..20 of a class mask.
pub const FRAME: u32 = (1 << 20) - 1;

/// Every closed set of frame classes of target `target` of the census (module docs), the
/// empty set excluded, sorted by size of `fit` then by `positions` descending.
pub fn frame_obstructions(census: &Census, target: usize) -> Result<Vec<FrameObstruction>, Error> {
    let masks = census.masks(target).ok_or_else(|| Error::out_of_range(format!("no target {target}")))?;
    let sizes: Vec<u64> = super::classes(census.size())?.iter().map(|c| c.size).collect();
    // fit[c]: the types fitting frame class c.
    let mut fit = [0u32; 20];
    for (t, &m) in masks.iter().enumerate() {
        for (c, f) in fit.iter_mut().enumerate() {
            if m >> c & 1 == 1 {
                *f |= 1 << t;
            }
        }
    }
    let fit_of = |cls: u32| -> u32 { (0..20).filter(|&c| cls >> c & 1 == 1).fold(0, |a, c| a | fit[c]) };
    let closure = |cls: u32| -> u32 {
        let f = fit_of(cls);
        (0..20).filter(|&c| fit[c] | f == f).fold(0, |a, c| a | 1 << c)
    };
    let mut seen = std::collections::BTreeSet::new();
    let mut stack = Vec::new();
    for c in 0..20 {
        let s = closure(1 << c);
        if seen.insert(s) {
            stack.push(s);
        }
    }
    while let Some(s) = stack.pop() {
        for c in 0..20 {
            if s >> c & 1 == 0 {
                let s2 = closure(s | 1 << c);
                if seen.insert(s2) {
                    stack.push(s2);
                }
            }
        }
    }
    let mut out: Vec<FrameObstruction> = seen
        .into_iter()
        .map(|cls| FrameObstruction {
            fit: fit_of(cls),
            positions: (0..20).filter(|&c| cls >> c & 1 == 1).map(|c| sizes[c]).sum(),
            classes: cls,
        })
        .collect();
    out.sort_by_key(|o| (o.fit.count_ones(), std::cmp::Reverse(o.positions), o.classes));
    Ok(out)
}

/// Whether the multiset fills the frame of the target with these obstructions (Hall's
/// condition; [`Census::fills_frame`] decides the same by the flow).
pub fn fills_frame_by_obstructions(obstructions: &[FrameObstruction], counts: &[u64]) -> bool {
    obstructions.iter().all(|o| mass(o.fit, counts) >= o.positions)
}

fn mass(set: u32, counts: &[u64]) -> u64 {
    counts.iter().enumerate().filter(|&(t, _)| t < 32 && set >> t & 1 == 1).map(|(_, &c)| c).sum()
}

/// The outcome of [`Guarantee::search`] for one k.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchOutcome {
    /// The number of cubes k.
    pub k: u64,
    /// Search nodes visited (multiplicity choices tried).
    pub nodes: u64,
    /// Multisets of k cubes filling no frame, with type 0 most frequent (at most the
    /// number asked for; the flow confirmed each).
    pub found: Vec<Vec<u64>>,
    /// Whether the search ran to the end (or stopped after finding enough); `false` when
    /// the node budget ran out first.
    pub complete: bool,
    /// Leaves the obstructions call failing but the flow fills (must be 0: the two
    /// methods disagree otherwise).
    pub disagreements: u64,
}

/// The exhaustive search of the module docs over a census universe.
#[derive(Debug, Clone)]
pub struct Guarantee {
    census: Census,
    /// Per target, its frame obstructions.
    obstructions: Vec<Vec<FrameObstruction>>,
}

struct Dfs<'a> {
    g: &'a Guarantee,
    stop: &'a Stop,
    /// The node count at which the stop token is looked at next.
    next_poll: u64,
    /// The stop token was raised: the search ended early (not complete).
    stopped: bool,
    c: u64,
    counts: Vec<u64>,
    nodes: u64,
    budget: u64,
    want: usize,
    found: Vec<Vec<u64>>,
    out_of_budget: bool,
    disagreements: u64,
}

impl Guarantee {
    /// The search over MacMahon's 30 cubes and targets for an N x N x N cube (N ≥ 3: for
    /// N = 2 the frame is the 8 corners, see `census infeasible`).
    pub fn macmahon(n: usize) -> Result<Guarantee, Error> {
        if n < 3 {
            return Err(Error::out_of_range("the frame search is for N ≥ 3 (N = 2: census infeasible)"));
        }
        Guarantee::new(Census::macmahon(n)?)
    }

    /// The search over a census universe (its types must be acted on transitively by
    /// symmetries that permute its targets, for "type 0 is a most frequent type" to lose
    /// nothing: true of MacMahon's cubes).
    pub fn new(census: Census) -> Result<Guarantee, Error> {
        let obstructions =
            (0..census.targets().len()).map(|t| frame_obstructions(&census, t)).collect::<Result<_, _>>()?;
        Ok(Guarantee { census, obstructions })
    }

    /// The census universe.
    pub fn census(&self) -> &Census {
        &self.census
    }

    /// The frame obstructions of target `target` (empty for a bad index).
    pub fn obstructions(&self, target: usize) -> &[FrameObstruction] {
        self.obstructions.get(target).map_or(&[], |v| v.as_slice())
    }

    /// Searches every multiset of exactly `k` cubes with type 0 most frequent, stopping
    /// after `want` (at least 1) multisets filling no frame are found or after `budget`
    /// nodes. Complete with nothing found: no multiset of k cubes (nor, by the module docs,
    /// of more) fills no frame.
    pub fn search(&self, k: u64, want: usize, budget: u64) -> SearchOutcome {
        self.search_copies(k, 1..=k, want, budget)
    }

    /// [`Guarantee::search`] restricted to the multisets whose most frequent type has a
    /// number of copies in `copies` (a slice of the search: the whole search is the union
    /// of the slices `c..=c` for c = 1..=k).
    pub fn search_copies(
        &self,
        k: u64,
        copies: std::ops::RangeInclusive<u64>,
        want: usize,
        budget: u64,
    ) -> SearchOutcome {
        self.search_until(k, copies, want, budget, &Stop::new()).0
    }

    /// [`Guarantee::search_copies`], also ended when `stop` is raised (then the outcome is
    /// not complete and the flag returned is true).
    fn search_until(
        &self,
        k: u64,
        copies: std::ops::RangeInclusive<u64>,
        want: usize,
        budget: u64,
        stop: &Stop,
    ) -> (SearchOutcome, bool) {
        let types = self.census.types().len();
        let mut dfs = Dfs {
            g: self,
            stop,
            next_poll: POLL,
            stopped: false,
            c: 0,
            counts: vec![0; types],
            nodes: 0,
            budget,
            want: want.max(1),
            found: Vec::new(),
            out_of_budget: false,
            disagreements: 0,
        };
        let lowest = k.div_ceil(types as u64).max(1).max(*copies.start());
        for c in (lowest..=k.min(*copies.end())).rev() {
            dfs.c = c;
            dfs.counts.iter_mut().for_each(|x| *x = 0);
            dfs.counts[0] = c;
            dfs.nodes += 1;
            if !dfs.go(1, k - c) {
                break;
            }
        }
        let complete = !dfs.out_of_budget && !dfs.stopped;
        let outcome =
            SearchOutcome { k, nodes: dfs.nodes, found: dfs.found, complete, disagreements: dfs.disagreements };
        (outcome, dfs.stopped)
    }

    /// The largest multiset filling no frame: searches k = `from`, `from` + 1, … until a k
    /// has none (then every larger k has none either), with `budget` nodes per k. Returns
    /// every outcome in order; the last is complete with nothing found unless the budget
    /// ran out. Notes each k on `progress` (phase `"frame search"`) and fails with kind
    /// `Stopped` when `stop` is raised (looked at every few thousand nodes).
    pub fn largest(
        &self,
        from: u64,
        budget: u64,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> Result<Vec<SearchOutcome>, Error> {
        let mut out = Vec::new();
        let mut k = from;
        progress.start("frame search", 0, 0);
        loop {
            progress.note(&format!("{k} cubes"));
            let (o, stopped) = self.search_until(k, 1..=k, 1, budget, stop);
            if stopped {
                return Err(Error::stopped(format!("stopped while searching the multisets of {k} cubes")));
            }
            let last = o.found.is_empty() || !o.complete;
            out.push(o);
            if last {
                return Ok(out);
            }
            k += 1;
        }
    }
}

impl Dfs<'_> {
    /// Whether some target is certainly filled whatever the free types (index ≥ `next`)
    /// get, `left` cubes in all, at most `c` each.
    fn doomed(&self, next: usize, left: u64) -> bool {
        let types = self.counts.len();
        let free: u32 = if next >= types { 0 } else { (((1u64 << types) - 1) as u32) & !((1u32 << next) - 1) };
        'targets: for obs in &self.g.obstructions {
            for o in obs {
                let fixed = mass(o.fit & !free, &self.counts);
                let absorb = self.c * u64::from((free & !o.fit).count_ones());
                let least = fixed + left.saturating_sub(absorb);
                if least < o.positions {
                    continue 'targets;
                }
            }
            return true;
        }
        false
    }

    /// Chooses the multiplicity of type `t` onwards with `left` cubes to place; `false`
    /// to stop the whole search.
    fn go(&mut self, t: usize, left: u64) -> bool {
        if self.nodes >= self.budget {
            self.out_of_budget = true;
            return false;
        }
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL;
            if self.stop.is_requested() {
                self.stopped = true;
                return false;
            }
        }
        let types = self.counts.len();
        if left > self.c * (types - t) as u64 || self.doomed(t, left) {
            return true;
        }
        if left == 0 {
            // Every target has a violated obstruction: confirm by the flow.
            let v = self.counts.clone();
            if !self.g.census.fills_some_frame(&v) {
                self.found.push(v);
                return self.found.len() < self.want;
            }
            self.disagreements += 1;
            return true;
        }
        let top = self.c.min(left);
        for v in (0..=top).rev() {
            self.counts[t] = v;
            self.nodes += 1;
            let go_on = self.go(t + 1, left - v);
            self.counts[t] = 0;
            if !go_on {
                return false;
            }
        }
        true
    }
}
