//! The 2x2x2 target puzzle (Eight Blocks to Madness, Sadisticube): which outer cubes a
//! set of blocks can build, in how many ways, and exactly how.
//!
//! An *arrangement* holds the outer cube (the target) fixed and says, for each of the 8
//! corner positions, which block sits there and how it is turned. Two arrangements are
//! the same when every corner shows the same fully colored block in the same position, so
//! swapping identical blocks, or turning a block by one of its own symmetries, changes
//! nothing. The *solution number* is the number of distinct arrangements.
//!
//! Counting works on corner triples: a block fits corner `p` of the target in as many
//! distinct orientations as it has (corner, cyclic start) pairs reading the target's three
//! colors clockwise, divided by the order of its own symmetry group. The count is then a
//! sum over assignments of block types to corners of the product of these weights, done by
//! dynamic programming over corners with the used-count of every type as state.

//! ```
//! use cubelab::notation::{parse_cube, parse_cubes};
//! use cubelab::target::{BlockGraph, Blocks, Explanation};
//!
//! // Johnson and Roldán's Figure 6: eight MacMahon cubes as blocks.
//! let blocks = Blocks::new(&parse_cubes(&["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]).unwrap()).unwrap();
//! let cb = parse_cube("Cb").unwrap();
//! assert_eq!(blocks.count(&cb).unwrap(), 4);
//! // Build: every proper target they can build, with its solution number.
//! let targets = blocks.buildable_targets(false).unwrap();
//! assert_eq!(targets.len(), 5);
//! // Solve: list the arrangements (at most 10 here), each checked face by face.
//! let (found, listed) = blocks.arrangements(&cb, false, Some(10), true).unwrap();
//! assert_eq!((found, listed.len()), (4, 4));
//! // And why a target cannot be built.
//! let ab = parse_cube("Ab").unwrap();
//! assert_eq!(blocks.count(&ab).unwrap(), 0);
//! assert_ne!(BlockGraph::new(&blocks, &ab).unwrap().explain(), Explanation::Buildable);
//! ```

mod arrangement;
mod explain;

pub(crate) use arrangement::interior_contacts;
pub use arrangement::{Arrangement, Placement, SearchTree};
pub use explain::{corner_names, BlockGraph, Component, Explanation};

use crate::coloring::{canonical_patterns, Color, Coloring};
use crate::geometry::{Corner, Rotation};
use crate::Error;
use std::collections::HashMap;

/// One distinct block type in a set of blocks, with its multiplicity.
#[derive(Debug, Clone)]
pub struct BlockType {
    /// Canonical coloring of the block.
    pub coloring: Coloring,
    /// 0-based positions of the blocks of this type in the input.
    pub inputs: Vec<usize>,
    /// Order of the block's own rotation group.
    pub symmetry: usize,
    /// Distinct orientations fitting each ordered color triple, indexed by
    /// [`Blocks::triple_index`].
    weight: Vec<u8>,
}

impl BlockType {
    /// How many blocks of this type there are.
    pub fn count(&self) -> usize {
        self.inputs.len()
    }
}

/// A set of blocks (repeats allowed), prepared for fast fitting against any target.
#[derive(Debug, Clone)]
pub struct Blocks {
    /// The distinct colors used by the blocks, sorted; targets are indexed over these.
    palette: Vec<Color>,
    types: Vec<BlockType>,
    /// Input position → type index.
    of_input: Vec<usize>,
}

/// The number of blocks a 2x2x2 target needs.
pub const CORNERS: usize = 8;

impl Blocks {
    /// Prepares a set of blocks. At least one block is needed; fewer than 8 build nothing
    /// but are accepted here (the CLI refuses them).
    pub fn new(blocks: &[Coloring]) -> Result<Blocks, Error> {
        if blocks.is_empty() {
            return Err(Error::out_of_range("no blocks given"));
        }
        let mut palette: Vec<Color> = blocks.iter().flat_map(|b| b.faces()).collect();
        palette.sort();
        palette.dedup();
        let k = palette.len();
        let mut types: Vec<BlockType> = Vec::new();
        let mut of_input = Vec::with_capacity(blocks.len());
        for (i, b) in blocks.iter().enumerate() {
            let canon = b.canonical();
            match types.iter().position(|t| t.coloring == canon) {
                Some(t) => {
                    types[t].inputs.push(i);
                    of_input.push(t);
                }
                None => {
                    let symmetry = canon.symmetry_count();
                    let mut counts = vec![0u8; k * k * k];
                    let index = |c: Color| palette.binary_search(&c).expect("block colors are in the palette");
                    // Each of the 24 rotations puts one (corner, cyclic start) of the block at
                    // a given corner of the target; count how often each ordered triple occurs.
                    for corner in Corner::all() {
                        let [a, b2, c] = canon.corner_colors(corner).map(index);
                        for (x, y, z) in [(a, b2, c), (b2, c, a), (c, a, b2)] {
                            counts[(x * k + y) * k + z] += 1;
                        }
                    }
                    let weight = counts.iter().map(|&n| n / symmetry as u8).collect();
                    of_input.push(types.len());
                    types.push(BlockType { coloring: canon, inputs: vec![i], symmetry, weight });
                }
            }
        }
        Ok(Blocks { palette, types, of_input })
    }

    /// Number of blocks (with repeats).
    pub fn len(&self) -> usize {
        self.of_input.len()
    }

    /// Whether there are no blocks (never true for a constructed set).
    pub fn is_empty(&self) -> bool {
        self.of_input.is_empty()
    }

    /// The distinct block types in order of first appearance.
    pub fn types(&self) -> &[BlockType] {
        &self.types
    }

    /// Type index of the block at an input position.
    pub(crate) fn type_of_input(&self, i: usize) -> usize {
        self.of_input[i]
    }

    /// The distinct colors used by the blocks, sorted.
    pub fn palette(&self) -> &[Color] {
        &self.palette
    }

    /// Palette index of a color, if the blocks use it.
    pub(crate) fn color_index(&self, c: Color) -> Option<usize> {
        self.palette.binary_search(&c).ok()
    }

    /// Index of an ordered triple of palette indices into the weight tables.
    pub(crate) fn triple_index(&self, t: [usize; 3]) -> usize {
        let k = self.palette.len();
        (t[0] * k + t[1]) * k + t[2]
    }

    /// The target's corner triples as palette indices, or an error naming a color that no
    /// block has.
    pub(crate) fn target_triples(&self, target: &Coloring) -> Result<[usize; CORNERS], Error> {
        for (i, c) in target.faces().iter().enumerate() {
            if self.color_index(*c).is_none() {
                return Err(Error::out_of_range(format!(
                    "the target has color '{c}' on face {} but no block has that color",
                    crate::geometry::Face::from_index(i)
                )));
            }
        }
        Ok(Corner::all().map(|k| {
            let t = target.corner_colors(k).map(|c| self.color_index(c).expect("checked above"));
            self.triple_index(t)
        }))
    }

    /// Number of distinct orientations in which a block of type `t` fits the corner whose
    /// clockwise triple has index `triple`.
    pub(crate) fn weight(&self, t: usize, triple: usize) -> u8 {
        self.types[t].weight[triple]
    }

    /// The solution number for a target: the number of distinct arrangements of 8 of the
    /// blocks (all of them when there are exactly 8) building it.
    pub fn count(&self, target: &Coloring) -> Result<u128, Error> {
        Ok(self.count_triples(&self.target_triples(target)?))
    }

    /// [`Blocks::count`] for a target given by its corner triple indices.
    pub(crate) fn count_triples(&self, triples: &[usize; CORNERS]) -> u128 {
        let n_types = self.types.len();
        if self.len() < CORNERS {
            return 0;
        }
        let exact = self.len() == CORNERS;
        // Types that fit some corner; with exactly 8 blocks every type must fit somewhere.
        let mut active: Vec<usize> = Vec::with_capacity(n_types);
        for t in 0..n_types {
            let fits = triples.iter().any(|&x| self.types[t].weight[x] > 0);
            if fits {
                active.push(t);
            } else if exact {
                return 0;
            }
        }
        for &x in triples {
            if !active.iter().any(|&t| self.types[t].weight[x] > 0) {
                return 0;
            }
        }
        let caps: Vec<usize> = active.iter().map(|&t| self.types[t].count().min(CORNERS)).collect();
        let supply: usize = caps.iter().sum();
        if supply < CORNERS {
            return 0;
        }
        let weights: Vec<[u8; CORNERS]> = active.iter().map(|&t| triples.map(|x| self.types[t].weight[x])).collect();
        count_assignments(&weights, &caps)
    }

    /// Every target the blocks can build with its solution number, sorted by canonical face
    /// string. With `improper`, every coloring over the blocks' palette is tried; otherwise
    /// only targets with six different colors.
    pub fn buildable_targets(&self, improper: bool) -> Result<Vec<(Coloring, u128)>, Error> {
        self.buildable_targets_with(improper, &crate::run::NoProgress, &crate::run::Stop::new())
    }

    /// [`Blocks::buildable_targets`], reporting to `progress` one unit per candidate
    /// target pattern (phase `"targets"`), for the long runs of many blocks, and checking
    /// `stop` before each candidate (a requested stop ends it with kind `Stopped`).
    pub fn buildable_targets_with(
        &self,
        improper: bool,
        progress: &dyn crate::run::Progress,
        stop: &crate::run::Stop,
    ) -> Result<Vec<(Coloring, u128)>, Error> {
        let k = self.palette.len();
        let patterns = canonical_patterns(k).map_err(|_| {
            Error::out_of_range(format!(
                "the blocks use {k} colors; targets can be enumerated for palettes of at most {} colors",
                crate::coloring::MAX_ENUMERATED_PALETTE
            ))
        })?;
        let corner_faces = Corner::all().map(|c| c.faces().map(|f| f.index()));
        let mut out = Vec::new();
        progress.start("targets", patterns.len() as u64, 0);
        for p in patterns {
            if stop.is_requested() {
                return Err(Error::stopped("stopped while trying the candidate targets"));
            }
            progress.advance(1);
            if !improper {
                let mut seen = 0u32;
                for &c in p {
                    seen |= 1 << c;
                }
                if seen.count_ones() != 6 {
                    continue;
                }
            }
            let triples =
                corner_faces.map(|f| self.triple_index([p[f[0]] as usize, p[f[1]] as usize, p[f[2]] as usize]));
            let n = self.count_triples(&triples);
            if n > 0 {
                out.push((Coloring::new(p.map(|i| self.palette[i as usize])), n));
            }
        }
        Ok(out)
    }

    /// The distinct orientations of block type `t` that fit corner `p` of `target`.
    pub(crate) fn orientations_at(&self, t: usize, target: &Coloring, p: Corner) -> Vec<Coloring> {
        let block = self.types[t].coloring;
        let mut out: Vec<Coloring> = Rotation::all()
            .iter()
            .map(|r| block.rotated(r))
            .filter(|o| p.faces().iter().all(|&f| o.color(f) == target.color(f)))
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

/// Sum over assignments of types to the 8 corners, using type `i` at most `caps[i]` times
/// and exactly 8 blocks in all, of the product of `weights[i][corner]`.
fn count_assignments(weights: &[[u8; CORNERS]], caps: &[usize]) -> u128 {
    let radix: Vec<usize> = caps.iter().map(|&c| c + 1).collect();
    let mut stride = Vec::with_capacity(radix.len());
    let mut size: usize = 1;
    for &r in &radix {
        stride.push(size);
        size = size.saturating_mul(r);
    }
    if size <= 1 << 20 {
        // Dense: a table over every vector of used counts.
        let mut cur = vec![0u128; size];
        let mut next = vec![0u128; size];
        cur[0] = 1;
        for p in 0..CORNERS {
            next.iter_mut().for_each(|v| *v = 0);
            for state in 0..size {
                let ways = cur[state];
                if ways == 0 {
                    continue;
                }
                for (i, w) in weights.iter().enumerate() {
                    if w[p] == 0 || (state / stride[i]) % radix[i] == caps[i] {
                        continue;
                    }
                    next[state + stride[i]] += ways * w[p] as u128;
                }
            }
            std::mem::swap(&mut cur, &mut next);
        }
        cur.iter().sum()
    } else {
        // Sparse: only the vectors reached, for sets with many different types.
        let mut cur: HashMap<Vec<u8>, u128> = HashMap::from([(vec![0u8; caps.len()], 1u128)]);
        for p in 0..CORNERS {
            let mut next: HashMap<Vec<u8>, u128> = HashMap::with_capacity(cur.len() * 2);
            for (used, ways) in &cur {
                for (i, w) in weights.iter().enumerate() {
                    if w[p] == 0 || used[i] as usize == caps[i] {
                        continue;
                    }
                    let mut u = used.clone();
                    u[i] += 1;
                    *next.entry(u).or_insert(0) += ways * w[p] as u128;
                }
            }
            cur = next;
        }
        cur.values().sum()
    }
}

#[cfg(test)]
mod tests;
