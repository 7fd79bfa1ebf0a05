//! Magnier's graph view of a target puzzle, and the reason when there is no arrangement.
//!
//! Vertices are the 8 corners of the target; each block is an edge between the corners it
//! can fill (for six-colored blocks that is 0, 2 or all 8 corners). An arrangement is a
//! matching of blocks to corners covering every corner, so when none exists Hall's
//! condition fails somewhere, and we name where.

use super::{Blocks, CORNERS};
use crate::coloring::Coloring;
use crate::geometry::Corner;
use crate::Error;

/// Which corners each input block can fill, for one target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockGraph {
    /// `fits[i]`: bitmask over [`Corner::all`] of the corners input block `i` fits.
    pub fits: Vec<u8>,
}

/// A connected component of the corner graph (blocks fitting exactly two corners as edges).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Component {
    /// Corners in the component (bitmask).
    pub corners: u8,
    /// Input blocks whose two corners lie in it.
    pub blocks: Vec<usize>,
}

impl Component {
    /// "tree" (one edge fewer than corners: one corner left for a block that fits more
    /// widely), "cycle" (as many edges as corners: exactly two ways round), or "overfull".
    pub fn kind(&self) -> &'static str {
        let v = self.corners.count_ones() as usize;
        match self.blocks.len() {
            e if e + 1 == v => "tree",
            e if e == v => "cycle",
            e if e < v => "forest",
            _ => "overfull",
        }
    }
}

/// Why there is no arrangement, in terms of the blocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Explanation {
    /// There is at least one arrangement.
    Buildable,
    /// Fewer than 8 blocks.
    TooFewBlocks(usize),
    /// These input blocks fit no corner, yet all 8 blocks must be used.
    BlockFitsNowhere(Vec<usize>),
    /// No block fits this corner.
    CornerUnfillable(Corner),
    /// These corners can only be filled by these blocks, fewer than the corners.
    HallCorners {
        /// The corners (bitmask).
        corners: u8,
        /// The only blocks that fit any of them.
        blocks: Vec<usize>,
    },
}

/// Corner names of a bitmask, in [`Corner::all`] order.
pub fn corner_names(mask: u8) -> Vec<String> {
    Corner::all().iter().filter(|k| mask >> k.index() & 1 == 1).map(|k| k.name()).collect()
}

/// Corner names of a bitmask, comma-separated.
pub(crate) fn corner_list(mask: u8) -> String {
    corner_names(mask).join(", ")
}

impl BlockGraph {
    /// The corners each block of `blocks` can fill for `target`.
    pub fn new(blocks: &Blocks, target: &Coloring) -> Result<BlockGraph, Error> {
        let triples = blocks.target_triples(target)?;
        let fits = (0..blocks.len())
            .map(|i| {
                let t = blocks.type_of_input(i);
                (0..CORNERS).filter(|&p| blocks.weight(t, triples[p]) > 0).fold(0u8, |m, p| m | 1 << p)
            })
            .collect();
        Ok(BlockGraph { fits })
    }

    /// Components of the graph whose edges are the blocks fitting exactly two corners.
    pub fn components(&self) -> Vec<Component> {
        let mut parent: Vec<usize> = (0..CORNERS).collect();
        fn find(parent: &mut [usize], x: usize) -> usize {
            let mut r = x;
            while parent[r] != r {
                r = parent[r];
            }
            parent[x] = r;
            r
        }
        let edges: Vec<(usize, usize, usize)> = self
            .fits
            .iter()
            .enumerate()
            .filter(|(_, m)| m.count_ones() == 2)
            .map(|(i, &m)| (i, m.trailing_zeros() as usize, 7 - m.leading_zeros() as usize))
            .collect();
        for &(_, a, b) in &edges {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb);
        }
        let mut comps: Vec<Component> = Vec::new();
        for p in 0..CORNERS {
            let r = find(&mut parent, p);
            match comps.iter_mut().find(|c| c.corners >> r & 1 == 1) {
                Some(c) => c.corners |= 1 << p,
                None => comps.push(Component { corners: 1 << p, blocks: Vec::new() }),
            }
        }
        for (i, a, _) in edges {
            if let Some(c) = comps.iter_mut().find(|c| c.corners >> a & 1 == 1) {
                c.blocks.push(i);
            }
        }
        comps
    }

    /// A maximum matching of corners to blocks: `result[p]` is the block at corner `p`.
    fn max_matching(&self) -> [Option<usize>; CORNERS] {
        let mut corner_of_block: Vec<Option<usize>> = vec![None; self.fits.len()];
        let mut block_of_corner = [None; CORNERS];
        fn augment(
            g: &BlockGraph,
            p: usize,
            seen: &mut [bool],
            corner_of_block: &mut [Option<usize>],
            block_of_corner: &mut [Option<usize>; CORNERS],
        ) -> bool {
            for (b, &m) in g.fits.iter().enumerate() {
                if m >> p & 1 == 0 || seen[b] {
                    continue;
                }
                seen[b] = true;
                let free = match corner_of_block[b] {
                    None => true,
                    Some(q) => augment(g, q, seen, corner_of_block, block_of_corner),
                };
                if free {
                    corner_of_block[b] = Some(p);
                    block_of_corner[p] = Some(b);
                    return true;
                }
            }
            false
        }
        for p in 0..CORNERS {
            let mut seen = vec![false; self.fits.len()];
            augment(self, p, &mut seen, &mut corner_of_block, &mut block_of_corner);
        }
        block_of_corner
    }

    /// Why the blocks cannot build the target, or [`Explanation::Buildable`].
    pub fn explain(&self) -> Explanation {
        let n = self.fits.len();
        if n < CORNERS {
            return Explanation::TooFewBlocks(n);
        }
        let exact = n == CORNERS;
        let nowhere: Vec<usize> = (0..n).filter(|&i| self.fits[i] == 0).collect();
        if exact && !nowhere.is_empty() {
            return Explanation::BlockFitsNowhere(nowhere);
        }
        for k in Corner::all() {
            if self.fits.iter().all(|m| m >> k.index() & 1 == 0) {
                return Explanation::CornerUnfillable(k);
            }
        }
        let matching = self.max_matching();
        if let Some(p) = (0..CORNERS).find(|&p| matching[p].is_none()) {
            // Corners reachable from the unmatched corner by alternating paths: their
            // neighbourhood is exactly the matched blocks, one fewer than the corners.
            let mut corners = 1u8 << p;
            let mut blocks: Vec<usize> = Vec::new();
            loop {
                let mut grew = false;
                for (b, &m) in self.fits.iter().enumerate() {
                    if m & corners != 0 && !blocks.contains(&b) {
                        blocks.push(b);
                        if let Some(q) = (0..CORNERS).find(|&q| matching[q] == Some(b)) {
                            corners |= 1 << q;
                        }
                        grew = true;
                    }
                }
                if !grew {
                    break;
                }
            }
            blocks.sort();
            return Explanation::HallCorners { corners, blocks };
        }
        Explanation::Buildable
    }
}

impl Explanation {
    /// The blocks (0-based input positions) and corners (bitmask) this reason names: what
    /// a drawing of the corner graph marks.
    pub fn named(&self) -> (Vec<usize>, u8) {
        match self {
            Explanation::Buildable | Explanation::TooFewBlocks(_) => (Vec::new(), 0),
            Explanation::BlockFitsNowhere(v) => (v.clone(), 0),
            Explanation::CornerUnfillable(k) => (Vec::new(), 1 << k.index()),
            Explanation::HallCorners { corners, blocks } => (blocks.clone(), *corners),
        }
    }

    /// One sentence, naming blocks by their 1-based input position via `name`.
    pub fn describe(&self, name: &dyn Fn(usize) -> String) -> String {
        let list = |v: &[usize]| v.iter().map(|&b| name(b)).collect::<Vec<_>>().join(", ");
        match self {
            Explanation::Buildable => "the blocks build this target".into(),
            Explanation::TooFewBlocks(n) => format!("a 2x2x2 cube needs 8 blocks, only {n} given"),
            Explanation::BlockFitsNowhere(v) => {
                format!("{} {} no corner of the target", list(v), crate::words::noun(v.len(), "fits", "fit"))
            }
            Explanation::CornerUnfillable(k) => {
                format!("no block fits corner {} ({})", k.name(), k.words())
            }
            Explanation::HallCorners { corners, blocks } => format!(
                "Hall's condition fails: the {} corners {} can only be filled by {} ({} for {} corners)",
                corners.count_ones(),
                corner_list(*corners),
                list(blocks),
                crate::words::count(blocks.len(), "block", "blocks"),
                corners.count_ones()
            ),
        }
    }
}
