//! Censuses over collections of cubes: solution numbers, targets built by every
//! K-subset, universal sets, multisets.
//!
//! A *universe* is a list of at most 32 distinct cubes that are both the blocks and the
//! targets (MacMahon's 30 by default). Every census has two independent methods:
//!
//! - [`Method::Backtrack`]: the general solver of [`crate::target`] run on each
//!   collection and target (corner-triple weights, dynamic programming over corners);
//! - [`Method::Graph`]: the corner-graph characterisation (Johnson–Roldán Theorems 5
//!   and 6 for solution numbers of 8 distinct cubes, Hall's condition for existence), using
//!   only which corners each cube can fill.
//!
//! The fast paths (tables of buildable sub-collections per target, and the color
//! permutation symmetry between targets) are built on the graph method and checked
//! against the direct computation in the tests.
//!
//! The entry point is [`engine::Engine`]: it takes any list of at most 256 distinct cubes
//! and picks the representation of cube sets ([`set::CubeSet`]: `u32` bitmasks with the
//! subset tables of `targets` up to 32 cubes, 256-bit [`set::WideSet`]s with the engine
//! without tables of `wide` beyond). Those internals are crate-private: every census
//! operation, including the batch operations that shards and checkpoints need (rank
//! ranges, prefix ranges, the infeasible search in batches), is a method of the engine,
//! and the types its methods return are re-exported here ([`Tally`], [`Part`],
//! [`MultisetCensus`], [`InfeasibleCensus`], [`UniversalBound`]).

pub mod checkpoint;
pub use crate::combin;
pub mod engine;
pub(crate) mod graph;
pub(crate) mod infeasible;
pub(crate) mod multiset;
pub mod repeated;
pub mod report;
pub(crate) mod search;
pub mod set;
pub use crate::shard;
pub(crate) mod solution;
pub(crate) mod targets;
pub mod theorem7;
pub(crate) mod wide;

pub use engine::{Engine, Representation};
pub use infeasible::{InfeasibleCensus, InfeasibleSearch, Part};
pub use multiset::MultisetCensus;
pub use targets::Tally;
pub use wide::UniversalBound;

use crate::coloring::{exact_colorings, Coloring};
use crate::geometry::Rotation;
use crate::macmahon;
use crate::notation::names_of;
use crate::target::Blocks;
use crate::Error;

/// The two independent ways every census can be computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// The general target solver on every collection and target.
    Backtrack,
    /// The corner-graph theorems and Hall's condition.
    Graph,
}

impl Method {
    /// The method's name as the command line and the JSON spell it: `graph`, `backtrack`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Graph => "graph",
            Method::Backtrack => "backtrack",
        }
    }
}

impl std::str::FromStr for Method {
    type Err = Error;
    fn from_str(s: &str) -> Result<Method, Error> {
        match s {
            "backtrack" => Ok(Method::Backtrack),
            "graph" => Ok(Method::Graph),
            _ => Err(Error::unknown(format!("unknown method '{s}': expected 'graph' or 'backtrack'"))),
        }
    }
}

/// The cubes of a census: blocks and targets alike, at most 32 so that sets fit a `u32`.
#[derive(Debug, Clone)]
pub struct Universe {
    /// The cubes, in a fixed order (tableau order for MacMahon's 30).
    pub cubes: Vec<Coloring>,
    /// Display names (Conway's where they exist, else the face string).
    pub names: Vec<String>,
    /// `fits[t][c]`: bitmask over [`crate::geometry::Corner::all`] of the corners of target `t` that cube `c` fits.
    pub fits: Vec<Vec<u8>>,
    /// Every fit has exactly one orientation (true for six distinct colors).
    pub simple: bool,
    /// Canonical forms of the cubes, for lookups.
    canonical: Vec<Coloring>,
}

/// The largest universe a census handles (sets are `u32` bitmasks).
pub const MAX_UNIVERSE: usize = 32;

impl Universe {
    /// MacMahon's 30 cubes in Conway's tableau order.
    pub fn macmahon() -> Universe {
        Universe::new(macmahon::cubes().iter().map(|c| c.coloring).collect()).expect("30 cubes fit")
    }

    /// `C_n`: the cubes using exactly n colors, when there are at most 32 of them
    /// (n = 1, 2, 3, 6); C_4 (68) and C_5 (75) are too large for exhaustive subset censuses.
    pub fn exact(n: usize) -> Result<Universe, Error> {
        if n == 6 {
            return Ok(Universe::macmahon());
        }
        Universe::new(exact_colorings(n)?)
    }

    /// A universe of distinct cubes.
    pub fn new(cubes: Vec<Coloring>) -> Result<Universe, Error> {
        if cubes.len() > MAX_UNIVERSE {
            return Err(Error::out_of_range(format!(
                "a census universe has at most {MAX_UNIVERSE} cubes, this one has {}",
                cubes.len()
            )));
        }
        let blocks = Blocks::new(&cubes)?;
        if blocks.types().len() != cubes.len() {
            return Err(Error::malformed("the cubes of a census universe must be distinct"));
        }
        let mut simple = true;
        let fits = cubes
            .iter()
            .map(|t| {
                let triples = blocks.target_triples(t).expect("targets use the universe's colors");
                (0..cubes.len())
                    .map(|c| {
                        let mut mask = 0u8;
                        for (p, &x) in triples.iter().enumerate() {
                            let w = blocks.weight(c, x);
                            simple &= w <= 1;
                            if w > 0 {
                                mask |= 1 << p;
                            }
                        }
                        mask
                    })
                    .collect()
            })
            .collect();
        let names = cubes.iter().map(|c| names_of(c).short().unwrap_or_else(|| c.canonical().face_string())).collect();
        let canonical = cubes.iter().map(|c| c.canonical()).collect();
        Ok(Universe { cubes, names, fits, simple, canonical })
    }

    /// The permutations of the cubes induced by relabeling colors (every permutation of the
    /// colors the cubes use that maps the universe onto itself) and, with `reflections`, by
    /// also taking mirror images. Sorted and without repeats; `perm[c]` is the image of cube c.
    /// Every census count is invariant under them (checked, not assumed, where used).
    pub fn symmetries(&self, reflections: bool) -> Vec<Vec<usize>> {
        use crate::coloring::Color;
        let used = self.cubes.iter().fold(0u64, |m, c| m | c.color_set());
        let colors: Vec<u8> = (0..62u8).filter(|&c| used >> c & 1 == 1).collect();
        let mut order: Vec<usize> = (0..colors.len()).collect();
        let mut out = Vec::new();
        loop {
            let mut map: Vec<Color> = (0..62).map(Color).collect();
            for (i, &c) in colors.iter().enumerate() {
                map[c as usize] = Color(colors[order[i]]);
            }
            for mirror in [false, true].into_iter().take(if reflections { 2 } else { 1 }) {
                let perm: Option<Vec<usize>> = self
                    .cubes
                    .iter()
                    .map(|c| {
                        let x = c.recolored(&map);
                        self.index_of(&if mirror { x.mirror() } else { x })
                    })
                    .collect();
                out.extend(perm);
            }
            if !combin::next_permutation(&mut order) {
                break;
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// Number of cubes.
    pub fn len(&self) -> usize {
        self.cubes.len()
    }

    /// Whether the universe is empty.
    pub fn is_empty(&self) -> bool {
        self.cubes.is_empty()
    }

    /// Index of a cube given in any notation.
    pub fn index_of(&self, c: &Coloring) -> Option<usize> {
        let canon = c.canonical();
        self.canonical.iter().position(|x| *x == canon)
    }

    /// Bitmask of the cubes usable for target `t` (fitting at least one corner).
    pub fn usable(&self, t: usize) -> u32 {
        self.fits[t].iter().enumerate().filter(|(_, &m)| m != 0).fold(0, |s, (c, _)| s | 1 << c)
    }

    /// Names of the cubes in a set, in universe order.
    pub fn set_names(&self, set: u32) -> Vec<String> {
        (0..self.len()).filter(|&c| set >> c & 1 == 1).map(|c| self.names[c].clone()).collect()
    }

    /// The cubes of a set, in universe order.
    pub fn set_cubes(&self, set: u32) -> Vec<Coloring> {
        (0..self.len()).filter(|&c| set >> c & 1 == 1).map(|c| self.cubes[c]).collect()
    }

    /// Parses a list of cubes into a set of this universe.
    pub fn parse_set<S: AsRef<str>>(&self, tokens: &[S]) -> Result<u32, Error> {
        let mut set = 0u32;
        for (i, c) in crate::notation::parse_cubes(tokens)?.iter().enumerate() {
            let idx = self.index_of(c).ok_or_else(|| {
                Error::unknown(format!("cube {}: '{}' is not in this census's cube set", i + 1, tokens[i].as_ref()))
            })?;
            if set >> idx & 1 == 1 {
                return Err(Error::malformed(format!("cube {}: '{}' is listed twice", i + 1, tokens[i].as_ref())));
            }
            set |= 1 << idx;
        }
        Ok(set)
    }

    /// A color relabeling that maps target `from` onto target `to` (up to rotation) and the
    /// universe onto itself, as the permutation of cubes it induces (`cubes[c]` ↦
    /// `cubes[perm[c]]`) and the map of corners of `from` onto corners of `to`
    /// (`corners[p]`). It is returned only after checking that it carries every fit over:
    /// cube `c` fits corner `p` of `from` exactly when `perm[c]` fits `corners[p]` of `to`.
    /// Everything the graph method decides depends only on these fits, so a census for
    /// `to` can be read off the census for `from`.
    pub fn target_symmetry(&self, from: usize, to: usize) -> Option<(Vec<usize>, [usize; 8])> {
        use crate::coloring::Color;
        use crate::geometry::{Corner, Face};
        let source = self.cubes[from];
        for r in Rotation::all() {
            let image = self.cubes[to].rotated(r);
            // The relabeling sending source's color on each face to image's color there.
            let mut map: Vec<Color> = (0..62).map(Color).collect();
            let mut set = [false; 62];
            let mut consistent = true;
            for f in Face::ALL {
                let (a, b) = (source.color(f).0 as usize, image.color(f));
                if set[a] && map[a] != b {
                    consistent = false;
                }
                set[a] = true;
                map[a] = b;
            }
            let mut targets: Vec<u8> = (0..62).filter(|&c| set[c]).map(|c| map[c].0).collect();
            targets.sort();
            targets.dedup();
            if !consistent || targets.len() != set.iter().filter(|&&x| x).count() {
                continue;
            }
            let perm: Option<Vec<usize>> = self.cubes.iter().map(|c| self.index_of(&c.recolored(&map))).collect();
            let Some(perm) = perm else { continue };
            // source's corner p becomes image's corner p, which is corner r⁻¹(p) of `to`.
            let back = r.inverse();
            let corners = Corner::all().map(|k| {
                let [a, b, c] = k.faces().map(|f| back.image(f));
                Corner::from_faces(a, b, c).expect("rotations map corners to corners").index()
            });
            let carried = (0..self.len()).all(|c| {
                let moved = (0..8).filter(|&p| self.fits[from][c] >> p & 1 == 1).fold(0u8, |m, p| m | 1 << corners[p]);
                self.fits[to][perm[c]] == moved
            });
            if carried {
                return Some((perm, corners));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;
