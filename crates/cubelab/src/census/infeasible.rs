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

use super::{Method, Universe};
use crate::coloring::Coloring;
use crate::target::Blocks;
use crate::Error;
use rayon::prelude::*;
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
    /// Those multisets as multiplicities per cube, sorted (at most [`MAX_KEPT`]).
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
    /// Those multisets (at most [`MAX_KEPT`]), sorted.
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
    pub fn run(&self, range: std::ops::Range<u64>, floor: usize, progress: &(dyn Fn(u64) + Sync)) -> Part {
        let best = AtomicUsize::new(floor);
        let seeds = &self.seeds[range.start as usize..range.end as usize];
        let parts: Vec<Part> = seeds
            .par_iter()
            .map(|&s| {
                let mut part = Part::default();
                let state = self.state_of(s);
                if s.count_ones() < SEED_SIZE {
                    self.evaluate(s, &state, &best, &mut part);
                } else {
                    self.walk(s, &state, &best, &mut part);
                }
                progress(1);
                part
            })
            .collect();
        parts.into_iter().fold(Part::default(), Part::merge)
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

    /// Depth-first walk over the infeasible supersets of `set` adding cubes above its largest.
    fn walk(&self, set: u32, state: &State, best: &AtomicUsize, part: &mut Part) {
        self.evaluate(set, state, best, part);
        for c in (32 - set.leading_zeros() as usize..self.f.n).filter(|&c| self.within >> c & 1 == 1) {
            if let Some(next) = self.extend(state, set, c) {
                self.walk(set | 1 << c, &next, best, part);
            }
        }
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

/// Finds the largest multisets of the universe's cubes from which no target can be built.
pub fn largest_infeasible(u: &Universe, method: Method) -> Result<InfeasibleCensus, Error> {
    let search = InfeasibleSearch::new(u, method, u32::MAX)?;
    let part = search.run(0..search.items(), 0, &|_| {});
    search.finish(part)
}

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

// ---- graph method ----

/// One target's corner graph (union-find by size over its 8 corners, no path compression so
/// that it is cheap to copy) and the number of corners its blocks can cover: copies of the
/// target plus, per component, the smaller of its corners and its edges.
#[derive(Clone, Copy)]
struct TargetGraph {
    parent: [u8; 8],
    vertices: [u8; 8],
    edges: [u8; 8],
    cover: u8,
}

impl TargetGraph {
    const EMPTY: TargetGraph =
        TargetGraph { parent: [0, 1, 2, 3, 4, 5, 6, 7], vertices: [1; 8], edges: [0; 8], cover: 0 };

    fn find(&self, mut x: u8) -> u8 {
        while self.parent[x as usize] != x {
            x = self.parent[x as usize];
        }
        x
    }

    fn add_edge(&mut self, a: u8, b: u8) {
        let (ra, rb) = (self.find(a) as usize, self.find(b) as usize);
        let covered = |v: u8, e: u8| v.min(e);
        if ra == rb {
            self.cover -= covered(self.vertices[ra], self.edges[ra]);
            self.edges[ra] += 1;
            self.cover += covered(self.vertices[ra], self.edges[ra]);
        } else {
            let (big, small) = if self.vertices[ra] >= self.vertices[rb] { (ra, rb) } else { (rb, ra) };
            self.cover -=
                covered(self.vertices[big], self.edges[big]) + covered(self.vertices[small], self.edges[small]);
            self.parent[small] = big as u8;
            self.vertices[big] += self.vertices[small];
            self.edges[big] += self.edges[small] + 1;
            self.cover += covered(self.vertices[big], self.edges[big]);
        }
    }
}

/// Union-find over the 8 corners of target t with the edges of the cubes in `m` (other than
/// t), from scratch: per corner its root; per root its corners, copies of edges, and cubes.
#[cfg(test)]
fn corner_components(f: &Fits, t: usize, m: &[u8]) -> ([usize; 8], [u32; 8], [u32; 8], [u32; 8]) {
    let mut parent = [0usize, 1, 2, 3, 4, 5, 6, 7];
    fn find(parent: &mut [usize; 8], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    let edges_of = |c: usize| {
        let e = f.fits[t][c];
        (e.trailing_zeros() as usize, 7 - e.leading_zeros() as usize)
    };
    let cubes = f.usable[t] & !(1 << t);
    for c in (0..f.n).filter(|&c| cubes >> c & 1 == 1 && m[c] > 0) {
        let (a, b) = edges_of(c);
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        parent[ra] = rb;
    }
    let mut root = [0usize; 8];
    let (mut vertices, mut copies, mut members) = ([0u32; 8], [0u32; 8], [0u32; 8]);
    for v in 0..8 {
        root[v] = find(&mut parent, v);
        vertices[root[v]] += 1;
    }
    for c in (0..f.n).filter(|&c| cubes >> c & 1 == 1 && m[c] > 0) {
        let r = root[edges_of(c).0];
        copies[r] += m[c] as u32;
        members[r] |= 1 << c;
    }
    (root, vertices, copies, members)
}

/// Corners of target t the multiset can cover (the formula behind [`TargetGraph`], from
/// scratch with copies; checked against the matching in the tests).
#[cfg(test)]
fn graph_cover(f: &Fits, t: usize, m: &[u8]) -> u32 {
    let (root, vertices, copies, _) = corner_components(f, t, m);
    let cover: u32 = (0..8).filter(|&v| root[v] == v).map(|v| vertices[v].min(copies[v])).sum();
    cover + m[t] as u32
}

fn graph_best(f: &Fits, set: u32, graphs: &[TargetGraph; 32], floor: usize, out: &mut Vec<(usize, Vec<u8>)>) {
    let n = f.n;
    // Only the support's own targets can take extra copies.
    let size = set.count_ones() as usize;
    let mut bound = size;
    let mut rest = set;
    while rest != 0 {
        bound += 7 - graphs[rest.trailing_zeros() as usize].cover as usize;
        rest &= rest - 1;
    }
    if bound < floor {
        return;
    }
    let slack: Vec<u32> = (0..n).map(|t| 7 - graphs[t].cover as u32).collect();
    // Per target, the cubes of each tree component (edges = corners - 1).
    let trees: Vec<Vec<u32>> = (0..n)
        .map(|t| {
            let g = &graphs[t];
            let mut members = [0u32; 8];
            for c in (0..n).filter(|&c| c != t && set >> c & 1 == 1 && f.fits[t][c] != 0) {
                members[g.find(f.fits[t][c].trailing_zeros() as u8) as usize] |= 1 << c;
            }
            (0..8)
                .filter(|&r| g.parent[r] as usize == r && g.edges[r] > 0 && g.edges[r] + 1 == g.vertices[r])
                .map(|r| members[r])
                .collect()
        })
        .collect();
    let candidates: Vec<usize> = (0..n).filter(|&c| set >> c & 1 == 1 && slack[c] >= 1).collect();
    for r in 0u32..1 << candidates.len() {
        let raised = candidates.iter().enumerate().filter(|(i, _)| r >> i & 1 == 1).fold(0u32, |s, (_, &c)| s | 1 << c);
        let broken = |t: usize| trees[t].iter().filter(|&&mask| mask & raised != 0).count() as u32;
        let mut total = size;
        let mut ok = true;
        for t in 0..n {
            let b = broken(t) + (raised >> t & 1);
            if b > slack[t] {
                ok = false;
                break;
            }
            if raised >> t & 1 == 1 {
                total += (slack[t] - broken(t)) as usize;
            }
        }
        if ok && total >= floor {
            let m: Vec<u8> = (0..n)
                .map(|c| match (set >> c & 1, raised >> c & 1) {
                    (0, _) => 0,
                    (_, 0) => 1,
                    _ => 1 + (slack[c] - broken(c)) as u8,
                })
                .collect();
            out.push((total, m));
        }
    }
}

// ---- direct method ----

/// Whether the blocks (copies per cube) fill all 8 corners of target t: Kuhn's augmenting
/// paths from each corner, blocks with capacities.
fn matches_all_corners(f: &Fits, t: usize, m: &[u8]) -> bool {
    let fits = &f.fits[t];
    let mut assigned = [usize::MAX; 8];
    let mut used = vec![0u8; f.n];
    fn augment(k: usize, fits: &[u8], m: &[u8], assigned: &mut [usize; 8], used: &mut [u8], seen: &mut u8) -> bool {
        for c in 0..m.len() {
            if m[c] == 0 || fits[c] >> k & 1 == 0 {
                continue;
            }
            if used[c] < m[c] {
                used[c] += 1;
                assigned[k] = c;
                return true;
            }
            for k2 in 0..8 {
                if assigned[k2] == c && *seen >> k2 & 1 == 0 {
                    *seen |= 1 << k2;
                    if augment(k2, fits, m, assigned, used, seen) {
                        assigned[k] = c;
                        return true;
                    }
                }
            }
        }
        false
    }
    (0..8).all(|k| {
        let mut seen = 1u8 << k;
        augment(k, fits, m, &mut assigned, &mut used, &mut seen)
    })
}

fn infeasible(f: &Fits, m: &[u8]) -> bool {
    (0..f.n).all(|t| {
        let blocks: u32 = (0..f.n).filter(|&c| f.usable[t] >> c & 1 == 1).map(|c| m[c] as u32).sum();
        blocks < 8 || !matches_all_corners(f, t, m)
    })
}

fn direct_best(f: &Fits, set: u32, floor: usize, out: &mut Vec<(usize, Vec<u8>)>) {
    let support: Vec<usize> = (0..f.n).filter(|&c| set >> c & 1 == 1).collect();
    let mut m: Vec<u8> = (0..f.n).map(|c| (set >> c & 1) as u8).collect();
    // The most extra copies of each cube the support tolerates on its own.
    let ceiling: Vec<usize> = support
        .iter()
        .map(|&c| {
            let mut extra = 0;
            loop {
                m[c] += 1;
                if !infeasible(f, &m) {
                    m[c] -= (extra + 1) as u8;
                    return extra;
                }
                extra += 1;
            }
        })
        .collect();
    let size = support.len();
    if size + ceiling.iter().sum::<usize>() < floor {
        return;
    }
    #[allow(clippy::too_many_arguments)]
    fn raise(
        f: &Fits,
        support: &[usize],
        ceiling: &[usize],
        i: usize,
        m: &mut Vec<u8>,
        total: usize,
        floor: usize,
        out: &mut Vec<(usize, Vec<u8>)>,
    ) {
        if total + ceiling[i..].iter().sum::<usize>() < floor {
            return;
        }
        if i == support.len() {
            out.push((total, m.clone()));
            return;
        }
        let c = support[i];
        raise(f, support, ceiling, i + 1, m, total, floor, out);
        for extra in 1..=ceiling[i] {
            m[c] += 1;
            if !infeasible(f, m) {
                break;
            }
            raise(f, support, ceiling, i + 1, m, total + extra, floor, out);
        }
        m[c] = 1;
    }
    raise(f, &support, &ceiling, 0, &mut m, size, floor, out);
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
mod tests {
    use super::*;
    use crate::census::targets::SplitMix64;

    #[test]
    fn graph_cover_agrees_with_the_matching_on_random_multisets() {
        let u = Universe::macmahon();
        let f = Fits::new(&u);
        let mut rng = SplitMix64(5);
        for _ in 0..3000 {
            let mut m = vec![0u8; 30];
            for _ in 0..rng.below(14) {
                m[rng.below(30) as usize] += 1;
            }
            let t = rng.below(30) as usize;
            assert_eq!(graph_cover(&f, t, &m) >= 8, matches_all_corners(&f, t, &m), "{m:?} target {t}");
        }
    }

    /// Why 7 + 7 + 7 + 1 + 1 cubes of one row (or column) of the tableau build nothing: the
    /// five share no corner type, so a target in the line is fitted only by its own copies
    /// (7), and for a target outside it four of the five are disjoint edges covering its 8
    /// corners, the fifth fits nothing; a cube with one copy covers one corner, so at most
    /// 2 + 2 + 2 + 1 = 7 corners are covered. Four cubes with two copies would cover 8.
    #[test]
    fn lines_of_the_tableau_are_perfect_matchings_of_every_other_target() {
        let u = Universe::macmahon();
        for line in 0..12 {
            let letter = if line < 6 { (b'A' + line as u8) as char } else { (b'a' + line as u8 - 6) as char };
            let cubes: Vec<usize> = (0..30).filter(|&c| u.names[c].contains(letter)).collect();
            assert_eq!(cubes.len(), 5);
            for t in 0..30 {
                let masks: Vec<u8> = cubes.iter().filter(|&&c| c != t).map(|&c| u.fits[t][c]).collect();
                if cubes.contains(&t) {
                    assert!(masks.iter().all(|&m| m == 0), "{} in line {letter}", u.names[t]);
                } else {
                    assert_eq!(masks.iter().filter(|&&m| m == 0).count(), 1);
                    assert!(masks.iter().all(|&m| m == 0 || m.count_ones() == 2));
                    assert_eq!(masks.iter().fold(0u8, |a, &m| a | m), 0xFF, "{} and line {letter}", u.names[t]);
                }
            }
        }
    }

    #[test]
    fn seven_copies_of_one_cube_build_nothing_and_eight_build_it() {
        let u = Universe::macmahon();
        let f = Fits::new(&u);
        let mut m = vec![0u8; 30];
        m[4] = 7;
        assert!(infeasible(&f, &m));
        m[4] = 8;
        assert!(!infeasible(&f, &m));
        assert!(matches_all_corners(&f, 4, &m));
    }
}

#[cfg(test)]
mod slice {
    use super::*;

    /// The CI slice: multisets of the last 13 cubes of the tableau, both methods, every
    /// maximum checked by the solver (in `finish`), and each one maximal: one more copy of
    /// any cube builds something.
    #[test]
    fn both_methods_agree_on_the_multisets_of_thirteen_cubes() {
        let u = Universe::macmahon();
        let within = (17..30).fold(0u32, |s, c| s | 1 << c);
        let run = |method| {
            let search = InfeasibleSearch::new(&u, method, within).unwrap();
            let items = search.items();
            // In two pieces, merged in the other order.
            let a = search.run(0..items / 3, 0, &|_| {});
            let b = search.run(items / 3..items, 0, &|_| {});
            search.finish(b.merge(a)).unwrap()
        };
        let (g, d) = (run(Method::Graph), run(Method::Backtrack));
        assert_eq!(g, d);
        assert!(g.max >= 21 && g.count > 0, "{g:?}");
        let f = Fits::new(&u);
        for m in &g.maximum {
            assert_eq!(m.iter().map(|&k| k as usize).sum::<usize>(), g.max);
            for c in 0..30 {
                let mut more = m.clone();
                more[c] += 1;
                assert!(!infeasible(&f, &more), "{m:?} plus cube {c}");
            }
        }
    }
}

#[cfg(test)]
mod full {
    use super::*;

    #[test]
    #[ignore = "exhaustive; run with --release --ignored"]
    fn both_methods_find_the_same_maximum() {
        let u = Universe::macmahon();
        let t0 = std::time::Instant::now();
        let g = largest_infeasible(&u, Method::Graph).unwrap();
        eprintln!(
            "graph {:?}: max {} count {} supports {} {:?}",
            t0.elapsed(),
            g.max,
            g.count,
            g.supports,
            g.sets_by_size
        );
        eprintln!("{:?}", g.maximum.first());
        let t0 = std::time::Instant::now();
        let d = largest_infeasible(&u, Method::Backtrack).unwrap();
        eprintln!("direct {:?}: max {} count {}", t0.elapsed(), d.max, d.count);
        assert_eq!(g, d);
        // Haraguchi's 23, and the 120 multisets: 12 lines of the tableau x C(5, 2) singles.
        assert_eq!((g.max, g.count), (23, 120));
    }
}

#[cfg(test)]
mod symmetry {
    use super::*;

    #[test]
    fn macmahon_symmetries_are_1440_and_keep_infeasibility() {
        let u = Universe::macmahon();
        assert_eq!(u.symmetries(false).len(), 720);
        let all = u.symmetries(true);
        assert_eq!(all.len(), 1440);
        // Random multisets and their images under random symmetries: infeasibility is invariant.
        let f = Fits::new(&u);
        let mut rng = crate::census::targets::SplitMix64(11);
        for _ in 0..200 {
            let mut m = vec![0u8; 30];
            for _ in 0..rng.below(12) {
                m[rng.below(30) as usize] += 1;
            }
            let perm = &all[rng.below(1440) as usize];
            let mut image = vec![0u8; 30];
            for c in 0..30 {
                image[perm[c]] = m[c];
            }
            assert_eq!(infeasible(&f, &m), infeasible(&f, &image));
        }
        let classes = classes(&[vec![1; 30]], &all);
        assert_eq!(classes, vec![(vec![1; 30], 1)]);
    }
}
