//! The propagation tree: a search that keeps, for every open cell, the set of numbers it
//! can still take (its domain), and branches on an open cell with the smallest domain.
//!
//! After every choice, propagation runs to a fixed point:
//! - a cell whose domain is a single number takes it; the number leaves every other
//!   domain (numbers are distinct);
//! - a closed line must sum to the magic sum; a line lacking r with one open cell forces
//!   r; with two open cells a and b, a keeps only the numbers x with r − x in b's domain
//!   and x ≠ r − x (and the same for b); with k ≥ 3 open cells, each keeps the numbers
//!   between r minus the largest and r minus the smallest sums the others can make
//!   (their domains' maxima and minima);
//! - an empty domain is a dead end.
//!
//! Every rule only removes numbers no solution below the node can use, so the leaves
//! (every cell filled, every line summing to the magic sum) are exactly the solutions,
//! each once: children differ in the number of the branching cell. Which cell branches
//! depends only on the node, so Knuth's estimator over this tree is unbiased.

use super::System;

/// Cells and lines a node can hold (order-4 cubes: 64 cells, 52 lines).
const MAX: usize = 64;

/// A node: the domains of the cells and the state of the lines.
#[derive(Clone, Copy)]
pub(super) struct Node {
    /// A bit per number a cell can take (a single bit once filled).
    dom: [u128; MAX],
    /// Filled cells, a bit per cell.
    filled: u64,
    /// Numbers used by filled cells.
    used: u128,
    /// Sums of the filled cells of each line.
    sums: [u16; MAX],
    /// Open cells of each line.
    open: [u8; MAX],
    /// All numbers 1..max, a bit per number.
    all: u128,
}

/// Bit j of the result is bit r − j of `x` (for j ≤ r ≤ 127).
fn mirror(x: u128, r: u32) -> u128 {
    x.reverse_bits() >> (127 - r)
}

/// The numbers between `lo` and `hi` (clamped to 1..127), a bit per number.
fn between(lo: i64, hi: i64) -> u128 {
    let lo = lo.max(1);
    let hi = hi.min(127);
    if lo > hi {
        return 0;
    }
    let upto = |x: i64| if x >= 127 { u128::MAX } else { (1u128 << (x + 1)) - 1 };
    upto(hi) & !upto(lo - 1)
}

impl Node {
    /// The root: `fixed` numbers in the first cells, then propagation; `None` if that
    /// already fails.
    pub(super) fn root(sys: &System, fixed: &[u32]) -> Option<Node> {
        assert!(sys.cells() <= MAX && sys.lines.len() <= MAX && sys.max < 127);
        let all = ((1u128 << (sys.max + 1)) - 1) & !1;
        let mut open = [0; MAX];
        for (l, cells) in sys.lines.iter().enumerate() {
            open[l] = cells.len() as u8;
        }
        let mut n = Node { dom: [0; MAX], filled: 0, used: 0, sums: [0; MAX], open, all };
        n.dom[..sys.cells()].fill(all);
        for (c, &v) in fixed.iter().enumerate() {
            if v == 0 || v > sys.max || n.dom[c] & (1 << v) == 0 {
                return None;
            }
            n.dom[c] = 1 << v;
        }
        n.propagate(sys).then_some(n)
    }

    /// Whether every cell is filled.
    fn is_leaf(&self, sys: &System) -> bool {
        self.filled.count_ones() as usize == sys.cells()
    }

    /// Fills cell `c` with the single number of its domain.
    fn fill(&mut self, sys: &System, c: usize) -> bool {
        let bit = self.dom[c];
        if self.used & bit != 0 {
            return false;
        }
        let v = bit.trailing_zeros() as u16;
        self.filled |= 1 << c;
        self.used |= bit;
        for &l in &sys.through[c] {
            self.sums[l] += v;
            self.open[l] -= 1;
        }
        true
    }

    /// Propagates to a fixed point (see the module documentation); false at a dead end.
    ///
    /// Hot loop: run at every node of every probe and of every exact count, it keeps its
    /// three rules (singletons, the bijection of open cells and unused numbers, the line
    /// sums) in one loop over the same bitmask state rather than in helpers, so that a
    /// dead end found by any rule returns at once; it is over the project's 80-line
    /// guideline on purpose.
    fn propagate(&mut self, sys: &System) -> bool {
        let cells = sys.cells();
        let target = sys.target as i64;
        loop {
            let mut changed = false;
            // Singletons fill their cells; their numbers leave the other domains.
            for c in 0..cells {
                if self.filled & (1 << c) == 0 && self.dom[c].count_ones() == 1 {
                    if !self.fill(sys, c) {
                        return false;
                    }
                    changed = true;
                }
            }
            if changed {
                for c in 0..cells {
                    if self.filled & (1 << c) == 0 {
                        self.dom[c] &= !self.used;
                        if self.dom[c] == 0 {
                            return false;
                        }
                    }
                }
            }
            // As many open cells as unused numbers: every unused number must be in some
            // open cell's domain, and one in a single domain fills that cell.
            let (mut once, mut twice) = (0u128, 0u128);
            for c in 0..cells {
                if self.filled & (1 << c) == 0 {
                    twice |= once & self.dom[c];
                    once |= self.dom[c];
                }
            }
            let unused = self.all & !self.used;
            if unused & !once != 0 {
                return false;
            }
            let single = unused & !twice;
            if single != 0 {
                for c in 0..cells {
                    if self.filled & (1 << c) == 0 {
                        let s = self.dom[c] & single;
                        if s != 0 && s != self.dom[c] {
                            if s.count_ones() > 1 {
                                return false;
                            }
                            self.dom[c] = s;
                            changed = true;
                        }
                    }
                }
            }
            for (l, line) in sys.lines.iter().enumerate() {
                let r = target - i64::from(self.sums[l]);
                let k = self.open[l];
                if k == 0 {
                    if r != 0 {
                        return false;
                    }
                    continue;
                }
                if r < i64::from(k) {
                    return false;
                }
                let mut open = line.iter().copied().filter(|&c| self.filled & (1 << c) == 0);
                if k == 1 {
                    let c = open.next().expect("an open cell");
                    let d = self.dom[c] & between(r, r);
                    if d != self.dom[c] {
                        if d == 0 {
                            return false;
                        }
                        self.dom[c] = d;
                        changed = true;
                    }
                } else if k == 2 {
                    let a = open.next().expect("an open cell");
                    let b = open.next().expect("an open cell");
                    if r > 127 {
                        return false;
                    }
                    let r = r as u32;
                    let half = if r % 2 == 0 { !(1u128 << (r / 2)) } else { u128::MAX };
                    let da = self.dom[a] & mirror(self.dom[b], r) & half;
                    let db = self.dom[b] & mirror(da, r) & half;
                    if da == 0 || db == 0 {
                        return false;
                    }
                    if da != self.dom[a] || db != self.dom[b] {
                        self.dom[a] = da;
                        self.dom[b] = db;
                        changed = true;
                    }
                } else {
                    let (mut lo, mut hi) = (0i64, 0i64);
                    for c in open.clone() {
                        lo += i64::from(self.dom[c].trailing_zeros());
                        hi += i64::from(127 - self.dom[c].leading_zeros());
                    }
                    if r < lo || r > hi {
                        return false;
                    }
                    for c in open {
                        let min = i64::from(self.dom[c].trailing_zeros());
                        let max = i64::from(127 - self.dom[c].leading_zeros());
                        // The others make between lo − min and hi − max.
                        let d = self.dom[c] & between(r - (hi - max), r - (lo - min));
                        if d != self.dom[c] {
                            if d == 0 {
                                return false;
                            }
                            self.dom[c] = d;
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// The open cell to branch on: a smallest domain, the first such.
    fn branch_cell(&self, sys: &System) -> usize {
        (0..sys.cells())
            .filter(|&c| self.filled & (1 << c) == 0)
            .min_by_key(|&c| self.dom[c].count_ones())
            .expect("an open cell")
    }

    /// The feasible children, into `out`. Empty at a leaf: use [`Node::is_leaf`].
    pub(super) fn children(&self, sys: &System, out: &mut Vec<Node>) {
        out.clear();
        if self.is_leaf(sys) {
            return;
        }
        let c = self.branch_cell(sys);
        let mut d = self.dom[c];
        while d != 0 {
            let bit = d & d.wrapping_neg();
            d &= d - 1;
            let mut n = *self;
            n.dom[c] = bit;
            if n.propagate(sys) {
                out.push(n);
            }
        }
    }

    /// Open cells.
    pub(super) fn open_cells(&self, sys: &System) -> usize {
        sys.cells() - self.filled.count_ones() as usize
    }

    /// The leaves below this node, counted exactly; `nodes` counts the nodes visited.
    pub(super) fn count(&self, sys: &System, nodes: &mut u64) -> u64 {
        *nodes += 1;
        if self.is_leaf(sys) {
            return 1;
        }
        let mut kids = Vec::new();
        self.children(sys, &mut kids);
        kids.iter().map(|k| k.count(sys, nodes)).sum()
    }
}
