//! The second method: direct backtracking over positions and orientations, independent of
//! the classes, the flow and the counting program of [`super`].
//!
//! Equal input blocks are grouped (by [`Coloring::same_cube`]); positions are visited
//! corners first, then edges, face centres and the interior (each in instruction order);
//! at every position each group with a block left is tried in each of its distinct
//! orientations that shows the target's colors on the position's visible faces. Every leaf
//! is one arrangement. Exponential: meant for small cases and for checking the flow.

use super::{check_size, Assembly, Placed, Position};
use crate::coloring::Coloring;
use crate::geometry::Rotation;
use crate::run::Stop;
use crate::Error;

/// Search nodes between two looks at the stop token.
const POLL: u64 = 1 << 14;

/// What the search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchOutcome {
    /// Whether some arrangement exists, or `None` when the node budget ran out first.
    pub builds: Option<bool>,
    /// The number of arrangements, or `None` when the node budget ran out (or counting was
    /// not asked for).
    pub arrangements: Option<u128>,
    /// The first arrangement found (in the search order).
    pub first: Option<Assembly>,
}

struct Search<'a> {
    n: usize,
    target: Coloring,
    order: Vec<Position>,
    /// Per group: its distinct orientations.
    orientations: Vec<Vec<Coloring>>,
    /// Per group: its input blocks, in input order.
    inputs: &'a [Vec<usize>],
    left: Vec<usize>,
    stack: Vec<Placed>,
    count_all: bool,
    nodes: u64,
    limit: u64,
    found: u128,
    first: Option<Vec<Placed>>,
    out_of_budget: bool,
    stop: &'a Stop,
    /// The stop token was raised: the search ended early.
    stopped: bool,
}

impl Search<'_> {
    fn go(&mut self, i: usize) {
        if self.out_of_budget || self.stopped || (!self.count_all && self.found > 0) {
            return;
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            self.out_of_budget = true;
            return;
        }
        if self.nodes % POLL == 0 && self.stop.is_requested() {
            self.stopped = true;
            return;
        }
        if i == self.order.len() {
            self.found += 1;
            if self.first.is_none() {
                self.first = Some(self.stack.clone());
            }
            return;
        }
        let position = self.order[i];
        let faces = position.faces(self.n);
        for g in 0..self.orientations.len() {
            if self.left[g] == 0 {
                continue;
            }
            let block = self.inputs[g][self.inputs[g].len() - self.left[g]];
            for k in 0..self.orientations[g].len() {
                let o = self.orientations[g][k];
                if faces.iter().all(|&f| o.color(f) == self.target.color(f)) {
                    self.left[g] -= 1;
                    self.stack.push(Placed { position, block, oriented: o });
                    self.go(i + 1);
                    self.stack.pop();
                    self.left[g] += 1;
                }
            }
        }
    }
}

/// Searches for arrangements of `cubes` building `target` as an N x N x N cube, visiting
/// at most `node_limit` nodes. With `count_all` every arrangement is counted; otherwise the
/// search stops at the first.
pub fn search(
    n: usize,
    cubes: &[Coloring],
    target: &Coloring,
    node_limit: u64,
    count_all: bool,
) -> Result<SearchOutcome, Error> {
    search_until(n, cubes, target, node_limit, count_all, &Stop::new())
}

/// [`search`], ended with an error of kind `Stopped` when `stop` is raised (looked at
/// every few thousand nodes).
pub fn search_until(
    n: usize,
    cubes: &[Coloring],
    target: &Coloring,
    node_limit: u64,
    count_all: bool,
    stop: &Stop,
) -> Result<SearchOutcome, Error> {
    check_size(n)?;
    let total = n * n * n;
    if cubes.len() < total {
        return Ok(SearchOutcome { builds: Some(false), arrangements: Some(0), first: None });
    }
    let mut groups: Vec<(Coloring, Vec<usize>)> = Vec::new();
    for (i, c) in cubes.iter().enumerate() {
        match groups.iter_mut().find(|(g, _)| g.same_cube(c)) {
            Some((_, v)) => v.push(i),
            None => groups.push((*c, vec![i])),
        }
    }
    let orientations: Vec<Vec<Coloring>> = groups
        .iter()
        .map(|(c, _)| {
            let mut v: Vec<Coloring> = Rotation::all().iter().map(|r| c.rotated(r)).collect();
            v.sort();
            v.dedup();
            v
        })
        .collect();
    let inputs: Vec<Vec<usize>> = groups.iter().map(|(_, v)| v.clone()).collect();
    let mut order = Position::all(n);
    order.sort_by_key(|p| std::cmp::Reverse(p.faces(n).len()));
    let mut s = Search {
        n,
        target: *target,
        order,
        left: inputs.iter().map(|v| v.len()).collect(),
        orientations,
        inputs: &inputs,
        stack: Vec::with_capacity(total),
        count_all,
        nodes: 0,
        limit: node_limit,
        found: 0,
        first: None,
        out_of_budget: false,
        stop,
        stopped: false,
    };
    s.go(0);
    if s.stopped {
        return Err(Error::stopped("stopped during the direct search"));
    }
    let first = s.first.map(|mut v| {
        v.sort_by_key(|p| p.position);
        Assembly { n, placements: v }
    });
    let builds = if s.found > 0 {
        Some(true)
    } else if s.out_of_budget {
        None
    } else {
        Some(false)
    };
    let arrangements = if count_all && !s.out_of_budget { Some(s.found) } else { None };
    Ok(SearchOutcome { builds, arrangements, first })
}
