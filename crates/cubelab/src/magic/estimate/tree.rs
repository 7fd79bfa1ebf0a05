//! The propagation tree: a search over the free cells only, in an order that closes lines
//! as early as possible, every forced cell computed at once and every line checked.
//!
//! A node is a set of filled cells closed under forcing: a line with one open cell fixes
//! it (the magic sum minus the others). Which cells are filled after which free cells are
//! chosen does not depend on the numbers, so the order is planned once: the free cells,
//! each with the cells it forces (and the line forcing each). Choosing a free cell's
//! number places the forced ones and checks every line: closed lines sum to the magic
//! sum, a line with two open cells still has two distinct unused numbers summing to what
//! it lacks, a line with k ≥ 3 open cells lacks between the sums of the k smallest and k
//! largest unused numbers. A child is feasible only if all of that holds.

use super::System;

/// Cells and lines a tree node can hold (order-4 cubes: 64 cells, 52 lines).
const MAX: usize = 64;

/// One level of the tree: a free cell and the cells its choice forces, in order.
#[derive(Debug, Clone)]
pub(super) struct Step {
    pub(super) cell: usize,
    /// (cell, line whose other cells are all filled when it is reached).
    pub(super) forced: Vec<(usize, usize)>,
}

/// The planned order of the tree.
#[derive(Debug, Clone)]
pub(super) struct Plan {
    /// Forced by the root's filled cells (the fixed cells), before any choice.
    pub(super) root_forced: Vec<(usize, usize)>,
    /// The free cells, each with its forced cells.
    pub(super) steps: Vec<Step>,
}

/// The cells forced by closing `filled` (a bit per cell), in order, and the new set.
fn closure(sys: &System, mut filled: u64) -> (Vec<(usize, usize)>, u64) {
    let mut forced = Vec::new();
    loop {
        let mut progress = false;
        for (l, cells) in sys.lines.iter().enumerate() {
            let open: Vec<usize> = cells.iter().copied().filter(|&c| filled & (1 << c) == 0).collect();
            if open.len() == 1 {
                forced.push((open[0], l));
                filled |= 1 << open[0];
                progress = true;
            }
        }
        if !progress {
            return (forced, filled);
        }
    }
}

impl Plan {
    /// Plans the tree below the `filled` cells (a bit per cell): greedily, the next free
    /// cell is the one forcing the most cells, ties going to the one whose lines are the
    /// most filled, then to the first.
    pub(super) fn new(sys: &System, filled: u64) -> Plan {
        let n = sys.cells();
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let (root_forced, mut filled) = closure(sys, filled);
        let mut steps = Vec::new();
        while filled != all {
            let mut best: Option<(usize, usize, usize)> = None;
            for c in (0..n).filter(|&c| filled & (1 << c) == 0) {
                let (f, _) = closure(sys, filled | 1 << c);
                let fill: usize = sys.through[c]
                    .iter()
                    .map(|&l| sys.lines[l].iter().filter(|&&d| filled & (1 << d) != 0).count())
                    .sum();
                if best.is_none_or(|(bf, bfill, _)| (f.len(), fill) > (bf, bfill)) {
                    best = Some((f.len(), fill, c));
                }
            }
            let (_, _, c) = best.expect("an open cell");
            let (forced, now) = closure(sys, filled | 1 << c);
            filled = now;
            steps.push(Step { cell: c, forced });
        }
        Plan { root_forced, steps }
    }
}

/// A node: the numbers placed so far and the lines' sums and open cells.
#[derive(Clone, Copy)]
pub(super) struct Node {
    cells: [u8; MAX],
    sums: [u16; MAX],
    open: [u8; MAX],
    used: u128,
}

impl Node {
    /// The empty node.
    pub(super) fn new(sys: &System) -> Node {
        assert!(sys.cells() <= MAX && sys.lines.len() <= MAX && sys.max < 128);
        let mut open = [0; MAX];
        for (l, cells) in sys.lines.iter().enumerate() {
            open[l] = cells.len() as u8;
        }
        Node { cells: [0; MAX], sums: [0; MAX], open, used: 0 }
    }

    /// The numbers placed (0: open).
    pub(super) fn cells(&self, sys: &System) -> Vec<u32> {
        self.cells[..sys.cells()].iter().map(|&v| u32::from(v)).collect()
    }

    /// The numbers not yet used, as a bit per number.
    pub(super) fn unused(&self, sys: &System) -> u128 {
        let range = ((1u128 << (sys.max + 1)) - 1) & !1;
        range & !self.used
    }

    /// Places `v` in cell `c` if it is in range and unused.
    fn put(&mut self, sys: &System, c: usize, v: u32) -> bool {
        if v == 0 || v > sys.max || self.used & (1 << v) != 0 {
            return false;
        }
        self.cells[c] = v as u8;
        self.used |= 1 << v;
        for &l in &sys.through[c] {
            self.sums[l] += v as u16;
            self.open[l] -= 1;
        }
        true
    }

    /// Places the forced cells in order; false if one is out of range or used.
    fn force(&mut self, sys: &System, forced: &[(usize, usize)]) -> bool {
        forced.iter().all(|&(c, l)| {
            let s = u32::from(self.sums[l]);
            s < sys.target && self.put(sys, c, sys.target - s)
        })
    }

    /// Whether every line can still reach the magic sum (see the module documentation).
    fn lines_ok(&self, sys: &System) -> bool {
        let free = self.unused(sys);
        // low[k], high[k]: the sums of the k smallest and k largest unused numbers.
        let (mut low, mut high) = ([0u32; 8], [0u32; 8]);
        let (mut lo, mut hi) = (free, free);
        for k in 1..8 {
            if lo == 0 {
                low[k] = u32::MAX / 2;
                high[k] = 0;
                continue;
            }
            let a = lo.trailing_zeros();
            let b = 127 - hi.leading_zeros();
            lo &= lo - 1;
            hi &= !(1 << b);
            low[k] = low[k - 1] + a;
            high[k] = high[k - 1] + b;
        }
        (0..sys.lines.len()).all(|l| {
            let s = u32::from(self.sums[l]);
            if s > sys.target {
                return false;
            }
            let r = sys.target - s;
            match self.open[l] as usize {
                0 => r == 0,
                2 => {
                    // Two distinct unused numbers a + b = r: bit j of `mirror` is bit r − j
                    // of `free`.
                    if r < 3 || r > 2 * sys.max - 1 {
                        return false;
                    }
                    let mirror = free.reverse_bits() >> (127 - r);
                    let mut both = free & mirror;
                    if r % 2 == 0 {
                        both &= !(1 << (r / 2));
                    }
                    both != 0
                }
                k => k >= 8 || (low[k] <= r && r <= high[k]),
            }
        })
    }

    /// The child of choosing `v` for `step`'s cell, if it is feasible.
    pub(super) fn child(&self, sys: &System, step: &Step, v: u32) -> Option<Node> {
        let mut n = *self;
        (n.put(sys, step.cell, v) && n.force(sys, &step.forced) && n.lines_ok(sys)).then_some(n)
    }

    /// The root: `fixed` numbers in the first cells, then the cells they force; `None` if
    /// that already fails.
    pub(super) fn root(sys: &System, plan: &Plan, fixed: &[u32]) -> Option<Node> {
        let mut n = Node::new(sys);
        let ok = fixed.iter().enumerate().all(|(c, &v)| n.put(sys, c, v))
            && n.force(sys, &plan.root_forced)
            && n.lines_ok(sys);
        ok.then_some(n)
    }

    /// The feasible children at `step`, as the numbers chosen, into `out`.
    pub(super) fn children(&self, sys: &System, step: &Step, out: &mut Vec<u32>) {
        out.clear();
        let mut free = self.unused(sys);
        while free != 0 {
            let v = free.trailing_zeros();
            free &= free - 1;
            if self.child(sys, step, v).is_some() {
                out.push(v);
            }
        }
    }

    /// The leaves below this node at level `depth`, counted exactly; `nodes` counts the
    /// nodes visited.
    pub(super) fn count(&self, sys: &System, plan: &Plan, depth: usize, nodes: &mut u64) -> u64 {
        *nodes += 1;
        let Some(step) = plan.steps.get(depth) else { return 1 };
        let mut free = self.unused(sys);
        let mut total = 0;
        while free != 0 {
            let v = free.trailing_zeros();
            free &= free - 1;
            if let Some(c) = self.child(sys, step, v) {
                total += c.count(sys, plan, depth + 1, nodes);
            }
        }
        total
    }
}
