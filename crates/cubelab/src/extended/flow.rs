//! The capacitated assignment of block types to position classes, as a maximum flow.
//!
//! Source → fit pattern (capacity: blocks with that pattern) → class (any amount, when the
//! pattern fits it) → sink (capacity: the class size). Types with the same fit mask are
//! merged first, so the graph has at most 27 + (distinct masks) inner nodes whatever the
//! number of blocks. Augmenting paths are found breadth first (Edmonds–Karp).

use super::CLASSES;
use std::collections::VecDeque;

/// The flow from fit patterns to classes: `amount[g][c]` blocks of pattern `g` in class `c`.
struct Flow {
    masks: Vec<u32>,
    supply: Vec<u64>,
    amount: Vec<[u64; CLASSES]>,
    used: Vec<u64>,
    filled: [u64; CLASSES],
}

impl Flow {
    fn new(masks: Vec<u32>, supply: Vec<u64>) -> Flow {
        let g = masks.len();
        Flow { masks, supply, amount: vec![[0; CLASSES]; g], used: vec![0; g], filled: [0; CLASSES] }
    }

    /// Pushes flow until no augmenting path is left; returns the total.
    fn run(&mut self, demand: &[u64; CLASSES]) -> u64 {
        let g = self.masks.len();
        // Nodes: patterns 0..g, classes g..g+27.
        loop {
            let mut parent: Vec<Option<usize>> = vec![None; g + CLASSES];
            let mut seen = vec![false; g + CLASSES];
            let mut queue = VecDeque::new();
            for p in 0..g {
                if self.used[p] < self.supply[p] {
                    seen[p] = true;
                    queue.push_back(p);
                }
            }
            let mut end = None;
            while let Some(v) = queue.pop_front() {
                if v < g {
                    for c in 0..CLASSES {
                        if self.masks[v] >> c & 1 == 1 && !seen[g + c] {
                            seen[g + c] = true;
                            parent[g + c] = Some(v);
                            if self.filled[c] < demand[c] {
                                end = Some(c);
                                break;
                            }
                            queue.push_back(g + c);
                        }
                    }
                    if end.is_some() {
                        break;
                    }
                } else {
                    let c = v - g;
                    for p in 0..g {
                        if self.amount[p][c] > 0 && !seen[p] {
                            seen[p] = true;
                            parent[p] = Some(v);
                            queue.push_back(p);
                        }
                    }
                }
            }
            let Some(c_end) = end else {
                return self.filled.iter().sum();
            };
            // Bottleneck along the path (class, pattern, class, …, pattern at the source).
            let mut bottleneck = demand[c_end] - self.filled[c_end];
            let mut v = g + c_end;
            loop {
                let p = parent[v].expect("a class on the path has a parent");
                match parent[p] {
                    None => {
                        bottleneck = bottleneck.min(self.supply[p] - self.used[p]);
                        break;
                    }
                    Some(prev) => {
                        bottleneck = bottleneck.min(self.amount[p][prev - g]);
                        v = prev;
                    }
                }
            }
            let mut v = g + c_end;
            self.filled[c_end] += bottleneck;
            loop {
                let p = parent[v].expect("a class on the path has a parent");
                self.amount[p][v - g] += bottleneck;
                match parent[p] {
                    None => {
                        self.used[p] += bottleneck;
                        break;
                    }
                    Some(prev) => {
                        self.amount[p][prev - g] -= bottleneck;
                        v = prev;
                    }
                }
            }
        }
    }
}

/// Types merged by fit mask: (masks, supplies, for each type its pattern index).
fn group(masks: &[u32], counts: &[u64]) -> (Vec<u32>, Vec<u64>, Vec<usize>) {
    let mut gm: Vec<u32> = Vec::new();
    let mut gs: Vec<u64> = Vec::new();
    let mut of = Vec::with_capacity(masks.len());
    for (&m, &k) in masks.iter().zip(counts) {
        match gm.iter().position(|&x| x == m) {
            Some(i) => {
                gs[i] = gs[i].saturating_add(k);
                of.push(i);
            }
            None => {
                of.push(gm.len());
                gm.push(m);
                gs.push(k);
            }
        }
    }
    (gm, gs, of)
}

/// Whether types with fit `masks` and multiplicities `counts` can fill every class.
pub(crate) fn feasible(masks: &[u32], counts: &[u64], demand: &[u64; CLASSES]) -> bool {
    max_fill(masks, counts, demand) == demand.iter().sum::<u64>()
}

/// The most positions the blocks can fill (the maximum flow).
pub(crate) fn max_fill(masks: &[u32], counts: &[u64], demand: &[u64; CLASSES]) -> u64 {
    let (gm, gs, _) = group(masks, counts);
    Flow::new(gm, gs).run(demand)
}

/// A full assignment: for each type, how many of its blocks go to each class; `None` when
/// the classes cannot all be filled.
pub(crate) fn assignment(masks: &[u32], counts: &[u64], demand: &[u64; CLASSES]) -> Option<Vec<[u64; CLASSES]>> {
    let (gm, gs, of) = group(masks, counts);
    let mut flow = Flow::new(gm, gs);
    if flow.run(demand) != demand.iter().sum::<u64>() {
        return None;
    }
    // Split each pattern's amounts over its types, types in order.
    let mut left = flow.amount;
    let mut out = Vec::with_capacity(masks.len());
    for (t, &k) in counts.iter().enumerate() {
        let mut a = [0u64; CLASSES];
        let mut room = k;
        for c in 0..CLASSES {
            let take = left[of[t]][c].min(room);
            a[c] = take;
            left[of[t]][c] -= take;
            room -= take;
        }
        out.push(a);
    }
    Some(out)
}
