//! Stacks of colored cubes: Instant Insanity and its generalisations.
//!
//! Conventions (see `docs/stacks.md`): n cubes stand in a column, each in one of its 24
//! orientations (proper rotations, counted as rotations even when a cube with repeated
//! colors looks the same in two of them); the column is **solved** when each of the four
//! long sides F, R, B, L shows n different colors. The cubes of a stack must use exactly
//! n colors in all (so each side shows every color once).
//!
//! - A **placement** is an n-tuple of orientations, cubes in the given order, that
//!   solves the column.
//! - The 8 symmetries of the column (quarter turns about the vertical axis, turning it
//!   over) act freely on placements; **solutions** = placements / 8.
//! - **Distinct** solutions are those that look different: the four sides' colors of
//!   every cube (cubes keep their positions in the given order), up to the same 8
//!   symmetries. Cubes with repeated colors make this smaller than solutions.
//!
//! Two independent methods ([`Method`]) compute everything and are checked against each
//! other in the tests:
//!
//! - [`Method::Graph`]: the opposite-face multigraph (one vertex per color, one edge per
//!   pair of opposite faces of every cube). A placement is two edge-disjoint spanning
//!   subgraphs of degree 2 taking one edge of every cube (front/back and right/left),
//!   each cycle of each traversed in one of its 2 directions (a loop: either of its 2
//!   faces in front); so placements = Σ over ordered pairs (H, K) of 2^(cycles of H +
//!   cycles of K).
//! - [`Method::Backtrack`]: direct search over the orientations, cube by cube, with the
//!   colors already shown on each side; the first cube only in one orientation per axis
//!   held vertical (one of each orbit of the 8 column symmetries), so every solution is
//!   met exactly once.
//!
//! ```
//! use cubelab::stack::{classic, Stack};
//! use cubelab::census::Method;
//! let insanity = classic("instant-insanity").unwrap();
//! let stack = Stack::new(insanity.cubes().unwrap()).unwrap();
//! let solved = stack.solve(Method::Graph, 10).unwrap();
//! assert_eq!((solved.placements, solved.solutions, solved.distinct), (8, 1, 1));
//! assert_eq!(solved, stack.solve(Method::Backtrack, 10).unwrap());
//! ```

mod census;
mod classics;
#[cfg(test)]
mod tests;

pub use census::{census, collections, merge, Bin, CensusOptions, Selection, StackCensus};
pub use classics::{classic, classics, Classic};

pub use crate::census::Method;
use crate::coloring::{Color, Coloring};
use crate::geometry::{Face, Rotation};
use crate::{Error, Result};
use std::collections::BTreeSet;

/// Fewest cubes in a stack.
pub const MIN_CUBES: usize = 2;
/// Most cubes in a stack (the number of colors; beyond it the counts grow too large to
/// list and the direct search too long).
pub const MAX_CUBES: usize = 8;

/// The four long sides of the column, in order around it (each next to the one before).
pub const SIDES: [Face; 4] = [Face::F, Face::R, Face::B, Face::L];

/// The 8 symmetries of the column as permutations of the side positions in [`SIDES`]
/// order: after symmetry `p`, side `k` shows what side `p[k]` showed (4 quarter turns,
/// then 4 turnings over).
const COLUMN_SYMMETRIES: [[usize; 4]; 8] =
    [[0, 1, 2, 3], [1, 2, 3, 0], [2, 3, 0, 1], [3, 0, 1, 2], [0, 3, 2, 1], [1, 0, 3, 2], [2, 1, 0, 3], [3, 2, 1, 0]];

/// Side colors of one cube as it stands: color indices on F, R, B, L.
type Sides = [u8; 4];

/// Side colors of every cube (4 per cube, cube 1 first; zeros beyond the last cube).
type Pattern = [u8; 4 * MAX_CUBES];

/// A stack of n cubes using exactly n colors, ready to be solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stack {
    cubes: Vec<Coloring>,
    palette: Vec<Color>,
    /// Each cube's colors as indices into `palette`, in face order U D F B L R.
    faces: Vec<[u8; 6]>,
}

/// One placement that solves the column: every cube's orientation.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The rotation applied to each cube (as given) to stand it in the column.
    pub rotations: Vec<Rotation>,
    /// Each cube as it stands (face string U D F B L R), cube 1 at the bottom.
    pub oriented: Vec<Coloring>,
}

impl Placement {
    /// The colors shown on one long side, cube 1 (bottom) first.
    pub fn side(&self, f: Face) -> Vec<Color> {
        self.oriented.iter().map(|c| c.color(f)).collect()
    }
}

/// Everything about a stack: the counts and the distinct solutions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// Number of cubes.
    pub cubes: usize,
    /// Placements (n-tuples of orientations that solve the column).
    pub placements: u64,
    /// Solutions: placements up to the 8 column symmetries (placements / 8).
    pub solutions: u64,
    /// Solutions that look different (side colors of every cube up to the symmetries).
    pub distinct: u64,
    /// One placement per distinct solution, in a fixed order (at most the limit asked).
    pub stacks: Vec<Placement>,
}

/// The counts alone (what a census needs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Placements.
    pub placements: u64,
    /// Solutions (placements / 8).
    pub solutions: u64,
}

impl Stack {
    /// A stack of the given cubes (in order, cube 1 at the bottom): 2 to [`MAX_CUBES`]
    /// cubes using exactly as many colors in all as there are cubes.
    pub fn new(cubes: Vec<Coloring>) -> Result<Stack> {
        let n = cubes.len();
        if !(MIN_CUBES..=MAX_CUBES).contains(&n) {
            return Err(Error::out_of_range(format!("a stack has {MIN_CUBES} to {MAX_CUBES} cubes, not {n}")));
        }
        let mut palette: Vec<Color> = cubes.iter().flat_map(|c| c.faces()).collect();
        palette.sort();
        palette.dedup();
        if palette.len() != n {
            let list: String = palette.iter().map(|c| c.to_char()).collect();
            return Err(Error::out_of_range(format!(
                "a stack of {n} cubes needs exactly {n} colors in all (each side shows each once); these cubes use {} ({list})",
                palette.len()
            )));
        }
        let faces =
            cubes.iter().map(|c| c.faces().map(|x| palette.iter().position(|&p| p == x).unwrap_or(0) as u8)).collect();
        Ok(Stack { cubes, palette, faces })
    }

    /// The cubes as given.
    pub fn cubes(&self) -> &[Coloring] {
        &self.cubes
    }

    /// The colors used, sorted.
    pub fn palette(&self) -> &[Color] {
        &self.palette
    }

    /// Number of cubes.
    pub fn len(&self) -> usize {
        self.cubes.len()
    }

    /// Always false: a stack has at least [`MIN_CUBES`] cubes.
    pub fn is_empty(&self) -> bool {
        self.cubes.is_empty()
    }

    /// Placements and solutions, by `method`.
    pub fn count(&self, method: Method) -> Counts {
        let placements = match method {
            Method::Graph => count_graph(&self.faces, &mut Vec::new()),
            Method::Backtrack => 8 * count_direct(&self.faces),
        };
        Counts { placements, solutions: placements / 8 }
    }

    /// How many ways there are to choose one pair of opposite faces of every cube so that
    /// each color is on exactly two of the chosen faces: the choices for the front and
    /// back sides (each such choice shows every color once in front and once at the back
    /// when its cycles are turned the right way). A solution takes two of them using
    /// different pairs on every cube (the front/back and right/left sides), so this says
    /// why a stack has none: no choice at all, or no two that differ on every cube.
    ///
    /// ```
    /// use cubelab::notation::parse_cubes;
    /// use cubelab::stack::{classic, Stack};
    /// // b is on one pair only: never twice among the chosen faces with g and w too
    /// let none = Stack::new(parse_cubes(&["rrrrrr", "rrrrrr", "bbbbbb", "gwgwgw"]).unwrap()).unwrap();
    /// assert_eq!(none.front_back_choices(), 0);
    /// let insanity = Stack::new(classic("instant-insanity").unwrap().cubes().unwrap()).unwrap();
    /// assert!(insanity.front_back_choices() >= 2);
    /// ```
    pub fn front_back_choices(&self) -> usize {
        let mut buf = Vec::new();
        factors(&self.faces, &mut buf);
        buf.len()
    }

    /// Every count and up to `limit` distinct solutions (one placement each, sorted by
    /// their side colors in a canonical position), by `method`.
    pub fn solve(&self, method: Method, limit: usize) -> Result<Solved> {
        let mut patterns = BTreeSet::new();
        let placements = match method {
            Method::Graph => patterns_graph(&self.faces, &mut patterns),
            Method::Backtrack => 8 * patterns_direct(&self.faces, &mut patterns),
        };
        let table = side_table(&self.faces);
        let stacks = patterns.iter().take(limit).map(|p| self.representative(&table, p)).collect::<Result<Vec<_>>>()?;
        Ok(Solved { cubes: self.len(), placements, solutions: placements / 8, distinct: patterns.len() as u64, stacks })
    }

    /// Whether a placement stands every cube of this stack (in order) so that each side
    /// shows every color once.
    pub fn verify(&self, p: &Placement) -> bool {
        if p.rotations.len() != self.len() || p.oriented.len() != self.len() {
            return false;
        }
        let same = self.cubes.iter().zip(&p.rotations).zip(&p.oriented).all(|((c, r), o)| c.rotated(r) == *o);
        same && SIDES.iter().all(|&f| {
            let mut side = p.side(f);
            side.sort();
            side.dedup();
            side.len() == self.len()
        })
    }

    /// The placement showing the (canonical) pattern: each cube in the first rotation of
    /// [`Rotation::all`] that shows its four side colors.
    fn representative(&self, table: &[[Sides; 24]], pattern: &Pattern) -> Result<Placement> {
        let mut rotations = Vec::with_capacity(self.len());
        for (i, sides) in table.iter().enumerate() {
            let want = &pattern[4 * i..4 * i + 4];
            let r = sides
                .iter()
                .position(|s| s == want)
                .ok_or_else(|| Error::new(crate::ErrorKind::Internal, "a solution's cube shows no orientation"))?;
            rotations.push(Rotation::all()[r]);
        }
        let oriented = self.cubes.iter().zip(&rotations).map(|(c, r)| c.rotated(r)).collect();
        Ok(Placement { rotations, oriented })
    }
}

/// For every cube and rotation (in [`Rotation::all`] order), the side colors shown.
fn side_table(faces: &[[u8; 6]]) -> Vec<[Sides; 24]> {
    faces
        .iter()
        .map(|f| {
            let mut t = [[0u8; 4]; 24];
            for (slot, r) in t.iter_mut().zip(Rotation::all()) {
                // The face of the cube that the rotation brings to side s.
                *slot = SIDES.map(|s| f[r.preimage(s).index()]);
            }
            t
        })
        .collect()
}

/// The least image of a pattern (4 side colors per cube) under the column symmetries.
fn canonical(pattern: &Pattern) -> Pattern {
    let mut best = *pattern;
    let mut image = [0u8; 4 * MAX_CUBES];
    for p in &COLUMN_SYMMETRIES[1..] {
        for (dst, src) in image.chunks_exact_mut(4).zip(pattern.chunks_exact(4)) {
            for k in 0..4 {
                dst[k] = src[p[k]];
            }
        }
        if image < best {
            best = image;
        }
    }
    best
}

// ---------------------------------------------------------------- the graph method

/// A spanning subgraph of degree 2 taking one opposite-face pair of every cube: the
/// chosen axis of cube i as bit `3i + axis`, and its number of components (cycles and
/// loops).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Factor {
    axes: u32,
    cycles: u32,
}

/// Collects every factor of the opposite-face multigraph into `out`.
fn factors(faces: &[[u8; 6]], out: &mut Vec<Factor>) {
    out.clear();
    let mut degree = [0u8; MAX_CUBES];
    let mut axes = [0usize; MAX_CUBES];
    factor_search(faces, 0, &mut degree, &mut axes, out);
}

fn factor_search(
    faces: &[[u8; 6]],
    i: usize,
    degree: &mut [u8; MAX_CUBES],
    axes: &mut [usize; MAX_CUBES],
    out: &mut Vec<Factor>,
) {
    let n = faces.len();
    if i == n {
        // n edges on n vertices of degree at most 2: every degree is exactly 2, and
        // the components are n minus the edges joining two components.
        let mut parent = [0u8; MAX_CUBES];
        for (v, p) in parent.iter_mut().enumerate() {
            *p = v as u8;
        }
        fn root(parent: &[u8; MAX_CUBES], mut v: u8) -> u8 {
            while parent[v as usize] != v {
                v = parent[v as usize];
            }
            v
        }
        let mut cycles = n as u32;
        let mut mask = 0u32;
        for (c, &a) in axes[..n].iter().enumerate() {
            mask |= 1 << (3 * c + a);
            let (x, y) = (root(&parent, faces[c][2 * a]), root(&parent, faces[c][2 * a + 1]));
            if x != y {
                parent[x as usize] = y;
                cycles -= 1;
            }
        }
        out.push(Factor { axes: mask, cycles });
        return;
    }
    for a in 0..3 {
        let (x, y) = (faces[i][2 * a] as usize, faces[i][2 * a + 1] as usize);
        degree[x] += 1;
        degree[y] += 1;
        if degree[x] <= 2 && degree[y] <= 2 {
            axes[i] = a;
            factor_search(faces, i + 1, degree, axes, out);
        }
        degree[x] -= 1;
        degree[y] -= 1;
    }
}

/// A cube's **pair structure**: its three pairs of opposite faces, each pair's two
/// colors in order and the pairs sorted, written as the faces U D F B L R of a cube
/// with those pairs.
///
/// Every count here depends on the cubes only through their pair structures: with the
/// pair `(u, d)` held vertical, the 8 orientations of a cube show on F, R, B, L the 8
/// images of `(x, y, x', y')` under the symmetries of the square, where `(x, x')` and
/// `(y, y')` are the other two pairs, and the 3 choices of the vertical pair give all
/// 24 orientations once each. So the orientations show the same side colors for a cube
/// and its mirror image, and for any two cubes with the same pairs (tested in
/// `stack::tests`); the census uses it to count each sorted tuple of structures once.
pub(crate) fn pair_structure(faces: &[u8; 6]) -> [u8; 6] {
    let mut pairs = [0, 1, 2].map(|a| {
        let (x, y) = (faces[2 * a], faces[2 * a + 1]);
        (x.min(y), x.max(y))
    });
    pairs.sort_unstable();
    let [(a, b), (c, d), (e, f)] = pairs;
    [a, b, c, d, e, f]
}

/// Placements by the graph method; `buf` is scratch space (kept between calls).
pub(crate) fn count_graph(faces: &[[u8; 6]], buf: &mut Vec<Factor>) -> u64 {
    factors(faces, buf);
    let mut placements = 0u64;
    for h in buf.iter() {
        for k in buf.iter() {
            if h.axes & k.axes == 0 {
                placements += 1 << (h.cycles + k.cycles);
            }
        }
    }
    placements
}

/// The faces (front, back) of every cube in one factor, each cycle traversed in one
/// direction, and the cycles that are not loops (as lists of cubes), which may be turned.
fn orient(faces: &[[u8; 6]], f: Factor) -> (Vec<(usize, usize)>, Vec<Vec<usize>>) {
    let n = faces.len();
    let axis = |c: usize| (0..3).find(|a| f.axes >> (3 * c + a) & 1 == 1).unwrap_or(0);
    let mut ends = vec![(0usize, 0usize); n];
    let mut used = vec![false; n];
    let mut cycles = Vec::new();
    for start in 0..n {
        if used[start] {
            continue;
        }
        let a = axis(start);
        let (p, q) = (2 * a, 2 * a + 1);
        used[start] = true;
        ends[start] = (p, q);
        if faces[start][p] == faces[start][q] {
            continue;
        }
        // Walk the cycle: from the back color of the last cube to the next unused cube.
        let mut cycle = vec![start];
        let mut at = faces[start][q];
        let home = faces[start][p];
        while at != home {
            let next = (0..n).find(|&c| {
                !used[c] && {
                    let a = axis(c);
                    faces[c][2 * a] == at || faces[c][2 * a + 1] == at
                }
            });
            let Some(c) = next else { break };
            let a = axis(c);
            let (p, q) = if faces[c][2 * a] == at { (2 * a, 2 * a + 1) } else { (2 * a + 1, 2 * a) };
            used[c] = true;
            ends[c] = (p, q);
            at = faces[c][q];
            cycle.push(c);
        }
        cycles.push(cycle);
    }
    (ends, cycles)
}

/// Placements by the graph method, collecting the canonical side patterns.
///
/// Only one placement of each solution is needed: the symmetries of the column exchange
/// the two subgraphs and turn all the cycles of either round at once, so the pairs with
/// the first cube's front/back axis before its right/left axis, with the cycles through
/// the first cube in their first direction, meet every solution.
fn patterns_graph(faces: &[[u8; 6]], out: &mut BTreeSet<Pattern>) -> u64 {
    let mut fs = Vec::new();
    let placements = count_graph(faces, &mut fs);
    let n = faces.len();
    let oriented: Vec<_> = fs.iter().map(|&f| orient(faces, f)).collect();
    let mut pattern = [0u8; 4 * MAX_CUBES];
    let mut front_back = vec![(0usize, 0usize); n];
    let mut right_left = vec![(0usize, 0usize); n];
    let first_axis = |f: &Factor| f.axes & 7;
    for (h, (h_ends, h_cycles)) in fs.iter().zip(&oriented) {
        for (k, (k_ends, k_cycles)) in fs.iter().zip(&oriented) {
            if h.axes & k.axes != 0 || first_axis(h) > first_axis(k) {
                continue;
            }
            let through_first = |cycles: &[Vec<usize>]| cycles.first().is_some_and(|c| c[0] == 0);
            let fixed = u32::from(through_first(h_cycles)) | u32::from(through_first(k_cycles)) << h_cycles.len();
            let turns = h_cycles.len() + k_cycles.len();
            for t in 0..1u32 << turns {
                if t & fixed != 0 {
                    continue;
                }
                front_back.copy_from_slice(h_ends);
                right_left.copy_from_slice(k_ends);
                for (j, cycle) in h_cycles.iter().chain(k_cycles).enumerate() {
                    if t >> j & 1 == 1 {
                        let ends = if j < h_cycles.len() { &mut front_back } else { &mut right_left };
                        for &c in cycle {
                            ends[c] = (ends[c].1, ends[c].0);
                        }
                    }
                }
                for c in 0..n {
                    let s = [front_back[c].0, right_left[c].0, front_back[c].1, right_left[c].1];
                    for (k, face) in s.into_iter().enumerate() {
                        pattern[4 * c + k] = faces[c][face];
                    }
                }
                out.insert(canonical(&pattern));
            }
        }
    }
    placements
}

// ---------------------------------------------------------------- the direct search

/// One orientation per axis held vertical: one rotation of each orbit of the column
/// symmetries.
fn transversal() -> [usize; 3] {
    [Face::U, Face::F, Face::L].map(|up| Rotation::all().iter().position(|r| r.image(up) == Face::U).unwrap_or(0))
}

/// Solutions by direct search (each met once: the first cube in one orientation per
/// orbit), calling `leaf` with the rotation index of every cube.
fn search_direct(faces: &[[u8; 6]], mut leaf: impl FnMut(&[usize])) -> u64 {
    let table = side_table(faces);
    let n = faces.len();
    let mut chosen = vec![0usize; n];
    let mut count = 0u64;
    #[allow(clippy::too_many_arguments)]
    fn go(
        table: &[[Sides; 24]],
        i: usize,
        used: [u16; 4],
        chosen: &mut [usize],
        count: &mut u64,
        leaf: &mut dyn FnMut(&[usize]),
    ) {
        if i == table.len() {
            *count += 1;
            leaf(chosen);
            return;
        }
        for (r, s) in table[i].iter().enumerate() {
            if (0..4).all(|k| used[k] >> s[k] & 1 == 0) {
                chosen[i] = r;
                let next = [0, 1, 2, 3].map(|k| used[k] | 1 << s[k]);
                go(table, i + 1, next, chosen, count, leaf);
            }
        }
    }
    for r in transversal() {
        let s = table[0][r];
        chosen[0] = r;
        let used = [0, 1, 2, 3].map(|k| 1u16 << s[k]);
        go(&table, 1, used, &mut chosen, &mut count, &mut leaf);
    }
    count
}

/// Solutions by direct search.
pub(crate) fn count_direct(faces: &[[u8; 6]]) -> u64 {
    search_direct(faces, |_| {})
}

/// Solutions by direct search, collecting the canonical side patterns.
fn patterns_direct(faces: &[[u8; 6]], out: &mut BTreeSet<Pattern>) -> u64 {
    let table = side_table(faces);
    let mut pattern = [0u8; 4 * MAX_CUBES];
    search_direct(faces, |chosen| {
        for (c, &r) in chosen.iter().enumerate() {
            pattern[4 * c..4 * c + 4].copy_from_slice(&table[c][r]);
        }
        out.insert(canonical(&pattern));
    })
}
