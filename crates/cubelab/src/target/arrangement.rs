//! Listing arrangements: which block goes where and how it is held.

use super::{Blocks, CORNERS};
use crate::coloring::Coloring;
use crate::geometry::{Corner, Face};
use crate::Error;

/// One corner of an arrangement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// The corner position of the outer cube.
    pub corner: Corner,
    /// The 0-based input position of the block placed here.
    pub block: usize,
    /// The block as it sits: its color on every face of the small cube.
    pub oriented: Coloring,
}

impl Placement {
    /// The color on the block's up face, and on its front face: with these two faces the
    /// block is held in a unique way whenever its colors there are distinguishable.
    pub fn up_front(&self) -> (crate::coloring::Color, crate::coloring::Color) {
        (self.oriented.color(Face::U), self.oriented.color(Face::F))
    }
}

/// A full arrangement: one placement per corner, in [`Corner::all`] order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrangement {
    /// The placements, corner by corner.
    pub placements: Vec<Placement>,
}

/// The 12 pairs of touching inner faces of a 2x2x2 cube: (corner, its face, the other
/// corner, its face).
pub(crate) fn interior_contacts() -> Vec<(Corner, Face, Corner, Face)> {
    let mut out = Vec::new();
    for a in Corner::all() {
        for b in Corner::all() {
            let (pa, pb) = (a.position(), b.position());
            let differing: Vec<usize> = (0..3).filter(|&i| pa[i] != pb[i]).collect();
            if a < b && differing.len() == 1 {
                let axis = differing[0];
                // a's inner face points toward b along the axis.
                let mut toward_b = [0i8; 3];
                toward_b[axis] = pb[axis];
                let mut toward_a = [0i8; 3];
                toward_a[axis] = pa[axis];
                out.push((a, Face::from_normal(toward_b), b, Face::from_normal(toward_a)));
            }
        }
    }
    out
}

impl Arrangement {
    /// Checks the arrangement face by face against the target and the input blocks: every
    /// exterior face shows the target's color, every block is a rotation of its input block,
    /// and no input block is used twice.
    pub fn verify(&self, target: &Coloring, blocks: &[Coloring]) -> Result<(), Error> {
        if self.placements.len() != CORNERS {
            return Err(Error::malformed(format!("an arrangement has 8 corners, not {}", self.placements.len())));
        }
        let mut used = vec![false; blocks.len()];
        for (p, k) in self.placements.iter().zip(Corner::all()) {
            if p.corner != k {
                return Err(Error::malformed(format!("placement for {} listed at {}", p.corner, k)));
            }
            let b = blocks
                .get(p.block)
                .ok_or_else(|| Error::malformed(format!("corner {k}: block {} does not exist", p.block + 1)))?;
            if std::mem::replace(&mut used[p.block], true) {
                return Err(Error::malformed(format!("block {} is used twice", p.block + 1)));
            }
            if !b.same_cube(&p.oriented) {
                return Err(Error::malformed(format!("corner {k}: not a rotation of block {}", p.block + 1)));
            }
            for f in k.faces() {
                if p.oriented.color(f) != target.color(f) {
                    return Err(Error::malformed(format!("corner {k}: face {f} does not show the target's color")));
                }
            }
        }
        Ok(())
    }

    /// Whether all 12 pairs of touching inner faces have the same color (Conway's puzzle).
    pub fn interior_matches(&self) -> bool {
        let color = |k: Corner, f: Face| self.placements.get(k.index()).map(|p| p.oriented.color(f));
        interior_contacts().iter().all(|&(a, fa, b, fb)| color(a, fa).is_some() && color(a, fa) == color(b, fb))
    }
}

/// The search tree of [`Blocks::search_tree`]: the partial assemblies met placing blocks
/// corner by corner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchTree {
    /// Complete arrangements (the leaves with all 8 corners filled).
    pub arrangements: u128,
    /// Partial assemblies with 1 to 7 corners filled (the empty start not counted).
    pub partial: u128,
    /// Dead ends: partial assemblies (the empty start included) in which no remaining
    /// block fits the next corner in any orientation.
    pub dead_ends: u128,
}

impl Blocks {
    /// The whole search tree of placing blocks corner by corner in the fixed order of
    /// [`Corner::all`]: at each corner every remaining block type in every distinct
    /// orientation showing the target's three colors there (with `interior`, also
    /// matching every inner face it touches), as [`Blocks::arrangements`] searches it:
    /// how many complete arrangements, partial assemblies and dead ends it has.
    pub fn search_tree(&self, target: &Coloring, interior: bool) -> Result<SearchTree, Error> {
        self.target_triples(target)?;
        let mut tree = SearchTree { arrangements: 0, partial: 0, dead_ends: 0 };
        if self.len() < CORNERS {
            return Ok(tree);
        }
        let (found, _, partial, dead_ends) = self.search(target, interior, Some(0), true)?;
        tree.arrangements = found;
        tree.partial = partial;
        tree.dead_ends = dead_ends;
        Ok(tree)
    }

    /// Lists arrangements building `target`, in a fixed order (corner by corner, block
    /// types in input order, orientations by face string). `interior` keeps only those
    /// whose touching inner faces all match; at most `limit` are listed. With `count_all`
    /// the search goes on past the limit to count every arrangement; without it, it stops
    /// once the listing is full (use [`Blocks::count`] for the total then).
    /// Returns (number found, arrangements listed).
    pub fn arrangements(
        &self,
        target: &Coloring,
        interior: bool,
        limit: Option<usize>,
        count_all: bool,
    ) -> Result<(u128, Vec<Arrangement>), Error> {
        self.target_triples(target)?;
        if self.len() < CORNERS {
            return Ok((0, Vec::new()));
        }
        let (found, listed, _, _) = self.search(target, interior, limit, count_all)?;
        Ok((found, listed))
    }

    /// The search of [`Blocks::arrangements`] (at least 8 blocks, a target over their
    /// colors): arrangements found and listed, partial assemblies and dead ends met.
    fn search(
        &self,
        target: &Coloring,
        interior: bool,
        limit: Option<usize>,
        count_all: bool,
    ) -> Result<(u128, Vec<Arrangement>, u128, u128), Error> {
        let options: Vec<Vec<Vec<Coloring>>> = (0..self.types.len())
            .map(|t| Corner::all().iter().map(|&p| self.orientations_at(t, target, p)).collect())
            .collect();
        let contacts = interior_contacts();
        let mut search = Search {
            blocks: self,
            options: &options,
            contacts: &contacts,
            interior,
            limit,
            count_all,
            remaining: self.types.iter().map(|t| t.count()).collect(),
            chosen: Vec::with_capacity(CORNERS),
            found: 0,
            listed: Vec::new(),
            partial: 0,
            dead_ends: 0,
        };
        search.go(0);
        Ok((search.found, search.listed, search.partial, search.dead_ends))
    }
}

struct Search<'a> {
    blocks: &'a Blocks,
    /// options[type][corner] = distinct orientations fitting there.
    options: &'a [Vec<Vec<Coloring>>],
    contacts: &'a [(Corner, Face, Corner, Face)],
    interior: bool,
    limit: Option<usize>,
    count_all: bool,
    remaining: Vec<usize>,
    chosen: Vec<(usize, Coloring)>,
    found: u128,
    listed: Vec<Arrangement>,
    /// Partial assemblies met (1 to 7 corners filled).
    partial: u128,
    /// Nodes before the last corner with no block to place next.
    dead_ends: u128,
}

impl Search<'_> {
    fn full(&self) -> bool {
        self.limit.is_some_and(|l| self.listed.len() >= l)
    }

    fn done(&self) -> bool {
        !self.count_all && self.full()
    }

    fn go(&mut self, p: usize) {
        if self.done() {
            return;
        }
        if p == CORNERS {
            if self.blocks.len() == CORNERS && self.remaining.iter().any(|&r| r > 0) {
                return;
            }
            self.found += 1;
            if !self.full() {
                self.listed.push(self.to_arrangement());
            }
            return;
        }
        if p > 0 {
            self.partial += 1;
        }
        let corner = Corner::from_index(p);
        let mut children = false;
        for t in 0..self.options.len() {
            if self.remaining[t] == 0 {
                continue;
            }
            for o in &self.options[t][p] {
                if self.interior && !self.touches_match(corner, o) {
                    continue;
                }
                children = true;
                self.remaining[t] -= 1;
                self.chosen.push((t, *o));
                self.go(p + 1);
                self.chosen.pop();
                self.remaining[t] += 1;
                if self.done() {
                    return;
                }
            }
        }
        if !children {
            self.dead_ends += 1;
        }
    }

    fn touches_match(&self, corner: Corner, o: &Coloring) -> bool {
        self.contacts.iter().all(|&(a, fa, b, fb)| {
            if b == corner && a.index() < self.chosen.len() {
                self.chosen[a.index()].1.color(fa) == o.color(fb)
            } else {
                true
            }
        })
    }

    fn to_arrangement(&self) -> Arrangement {
        // The i-th use of a type (in corner order) takes the i-th input block of that type.
        let mut next_of_type = vec![0usize; self.blocks.types.len()];
        let placements = self
            .chosen
            .iter()
            .enumerate()
            .map(|(p, &(t, oriented))| {
                let block = self.blocks.types[t].inputs[next_of_type[t]];
                next_of_type[t] += 1;
                Placement { corner: Corner::from_index(p), block, oriented }
            })
            .collect();
        Arrangement { placements }
    }
}
