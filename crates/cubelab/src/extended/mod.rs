//! MacMahon's extended target puzzle: an N x N x N copy of a target cube built from a
//! multiset of k ≥ N³ blocks (N = 2 is the 2x2x2 puzzle of [`crate::target`]).
//!
//! The N³ positions of the big cube fall into 27 *classes* by the faces of the big cube
//! they touch: 8 corners (3 visible faces, one position each), 12 edges (2 faces, N − 2
//! positions each), 6 face centres (1 face, (N − 2)² positions each) and the interior
//! (no face, (N − 2)³ positions). A block fits a position when some orientation shows the
//! target's color on each visible face, and that depends only on the class. So building
//! the target is a capacitated assignment: block *types* (equal cubes grouped, with their
//! multiplicities as capacities) to classes (their sizes as demands), a maximum flow on a
//! bipartite graph of at most 27 + (number of distinct fit patterns) nodes.
//!
//! - [`Extended::builds`]: the flow decides (blocks grouped by type, then by the bit mask
//!   of classes they fit);
//! - [`Extended::assembly`]: one assembly from the flow: which input block at which
//!   position, held how (its face string as it sits);
//! - [`Extended::count`]: the exact number of *arrangements* when it can be computed
//!   (below), `None` otherwise;
//! - [`search`]: the second, independent method: backtracking over positions and
//!   orientations, for small cases (the tests check that both agree);
//! - [`census`]: the census questions over MacMahon's 30 cubes;
//! - [`guarantee`]: the exhaustive search for the largest multiset filling no target's
//!   frame (every 24 MacMahon cubes fill some 3x3x3 frame, so every 27 build some target).
//!
//! **What is counted.** An arrangement says, for every position, which block sits there
//! and how it is turned; equal blocks are interchangeable and a block's own symmetries
//! change nothing (exactly the definition of [`crate::target`], so for N = 2 the count is
//! the solution number). For N ≥ 3 these numbers explode (27 distinct MacMahon cubes in a
//! 3x3x3 target: 7 free positions alone give 7! · 4⁶ · 24 orderings), and computing them is
//! a permanent-like sum. [`Extended::count`] computes it exactly by a dynamic program over
//! the constrained positions (state: how many blocks of each type are used) followed by a
//! closed formula for *uniform* classes (those every remaining block fits in the same
//! number of ways, such as the face centres and the interior for MacMahon cubes); it gives
//! up (`None`) when that program would exceed [`COUNT_STATE_LIMIT`] states or the count
//! would exceed `u128`. Existence and assemblies never depend on counting.
//!
//! ```
//! use cubelab::extended::Extended;
//! use cubelab::notation::{parse_cube, parse_cubes};
//!
//! // 27 blocks: 26 copies of Af and one Ab. Af itself is built (the Ab goes inside).
//! let mut names = vec!["Af"; 26];
//! names.push("Ab");
//! let puzzle = Extended::new(3, &parse_cubes(&names).unwrap()).unwrap();
//! let af = parse_cube("Af").unwrap();
//! assert!(puzzle.builds(&af).unwrap());
//! let assembly = puzzle.assembly(&af).unwrap().expect("buildable");
//! assembly.verify(&af, puzzle.cubes()).unwrap();
//! assert_eq!(assembly.placements.len(), 27);
//! // Ab's mirror image Ba fits no corner of Ab: 27 copies of Ba never build Ab.
//! let bas = Extended::new(3, &parse_cubes(&["Ba"; 27]).unwrap()).unwrap();
//! assert!(!bas.builds(&parse_cube("Ab").unwrap()).unwrap());
//! // Every target the multiset builds, with the number of arrangements where computable.
//! let built = puzzle.buildable_targets(false, &cubelab::run::NoProgress, &cubelab::run::Stop::new()).unwrap();
//! assert!(built.iter().any(|b| b.target == af));
//! ```

pub mod census;
mod count;
mod flow;
pub mod guarantee;
pub mod search;

#[cfg(test)]
mod tests;

use crate::coloring::{canonical_patterns, Coloring};
use crate::geometry::{Corner, Face, Rotation};
use crate::target::Blocks;
use crate::Error;

/// The largest N accepted. Above it the N³ blocks could not be passed on one command line
/// (32³ = 32768 names already take about 100 kB of the usual 2 MB argument limit) and a
/// drawing of the N layers (N³ squares) stops being readable; the mathematics (27 classes)
/// does not depend on N.
pub const MAX_SIZE: usize = 32;

/// Number of position classes: 8 corners, 12 edges, 6 face centres, the interior.
pub const CLASSES: usize = 27;

/// Most states the counting program may hold before [`Extended::count`] gives up.
pub const COUNT_STATE_LIMIT: usize = 1 << 16;

/// What kind of position a class holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ClassKind {
    /// A corner of the big cube: three visible faces.
    Corner,
    /// A position on an edge between two corners: two visible faces.
    Edge,
    /// A position inside a face: one visible face.
    FaceCentre,
    /// A hidden position: no visible face.
    Interior,
}

impl ClassKind {
    /// The kind in words (`"corner"`, `"edge"`, `"face centre"`, `"interior"`).
    pub fn word(self) -> &'static str {
        match self {
            ClassKind::Corner => "corner",
            ClassKind::Edge => "edge",
            ClassKind::FaceCentre => "face centre",
            ClassKind::Interior => "interior",
        }
    }
}

/// The 12 edges as their two faces (the first in U D F B L R order).
const EDGE_FACES: [[Face; 2]; 12] = [
    [Face::U, Face::F],
    [Face::U, Face::B],
    [Face::U, Face::L],
    [Face::U, Face::R],
    [Face::D, Face::F],
    [Face::D, Face::B],
    [Face::D, Face::L],
    [Face::D, Face::R],
    [Face::F, Face::L],
    [Face::F, Face::R],
    [Face::B, Face::L],
    [Face::B, Face::R],
];

/// One class of positions: every position of it shows the same faces of the big cube.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionClass {
    /// Its index 0..27: corners 0..8 (in [`Corner::all`] order), edges 8..20, face centres
    /// 20..26 (U D F B L R), the interior 26.
    pub index: usize,
    /// Corner, edge, face centre or interior.
    pub kind: ClassKind,
    /// The faces of the big cube its positions show (corners clockwise from outside).
    pub faces: Vec<Face>,
    /// Number of positions in the class for this N (0 for all but the corners when N = 2).
    pub size: u64,
}

impl PositionClass {
    /// A short name: `UFL` for a corner, `UF` for an edge, `U` for a face centre,
    /// `inside` for the interior.
    pub fn name(&self) -> String {
        if self.faces.is_empty() {
            return "inside".into();
        }
        if self.kind == ClassKind::Corner {
            if let Some(k) = Corner::all().into_iter().find(|k| k.index() == self.index) {
                return k.name();
            }
        }
        self.faces.iter().map(|f| f.letter()).collect()
    }
}

/// The 27 classes of positions of an N x N x N cube, with their sizes.
pub fn classes(n: usize) -> Result<Vec<PositionClass>, Error> {
    check_size(n)?;
    let m = (n - 2) as u64;
    let mut out = Vec::with_capacity(CLASSES);
    for k in Corner::all() {
        out.push(PositionClass { index: out.len(), kind: ClassKind::Corner, faces: k.faces().to_vec(), size: 1 });
    }
    for e in EDGE_FACES {
        out.push(PositionClass { index: out.len(), kind: ClassKind::Edge, faces: e.to_vec(), size: m });
    }
    for f in Face::ALL {
        out.push(PositionClass { index: out.len(), kind: ClassKind::FaceCentre, faces: vec![f], size: m * m });
    }
    out.push(PositionClass { index: out.len(), kind: ClassKind::Interior, faces: Vec::new(), size: m * m * m });
    Ok(out)
}

/// Checks N: at least 2 (a 1x1x1 "target" is one block) and at most [`MAX_SIZE`].
pub fn check_size(n: usize) -> Result<(), Error> {
    if n < 2 {
        return Err(Error::out_of_range(format!("the big cube must be at least 2 x 2 x 2, not {n} x {n} x {n}")));
    }
    if n > MAX_SIZE {
        let need = (n as u128).checked_pow(3).map_or_else(|| "more than 10^38".to_string(), |v| v.to_string());
        return Err(Error::out_of_range(format!(
            "a {n} x {n} x {n} cube needs {need} blocks; sizes up to {MAX_SIZE} are supported"
        )));
    }
    Ok(())
}

/// A position of the N x N x N cube: `layer` 0 is the top (U) layer, `row` 0 the back row,
/// `column` 0 the left column (the order of the instructions: top layer first, each layer
/// seen from above, back to front, left to right).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Position {
    /// 0 = top layer … N − 1 = bottom layer.
    pub layer: usize,
    /// 0 = back row … N − 1 = front row.
    pub row: usize,
    /// 0 = left column … N − 1 = right column.
    pub column: usize,
}

impl Position {
    /// The faces of the big cube this position shows, in U D F B L R order.
    pub fn faces(&self, n: usize) -> Vec<Face> {
        let last = n.saturating_sub(1);
        let mut out = Vec::with_capacity(3);
        let checks = [
            (Face::U, self.layer == 0),
            (Face::D, self.layer == last),
            (Face::F, self.row == last),
            (Face::B, self.row == 0),
            (Face::L, self.column == 0),
            (Face::R, self.column == last),
        ];
        for (f, on) in checks {
            if on {
                out.push(f);
            }
        }
        out
    }

    /// The index of this position's class (see [`PositionClass::index`]).
    pub fn class(&self, n: usize) -> usize {
        class_of_faces(&self.faces(n))
    }

    /// Every position of the N x N x N cube in instruction order (layer, row, column).
    pub fn all(n: usize) -> Vec<Position> {
        let mut out = Vec::with_capacity(n * n * n);
        for layer in 0..n {
            for row in 0..n {
                for column in 0..n {
                    out.push(Position { layer, row, column });
                }
            }
        }
        out
    }
}

/// The class showing exactly these faces (sorted in U D F B L R order, as
/// [`Position::faces`] gives them).
fn class_of_faces(faces: &[Face]) -> usize {
    match faces.len() {
        3 => Corner::from_faces(faces[0], faces[1], faces[2]).map(|k| k.index()).unwrap_or(26),
        2 => EDGE_FACES.iter().position(|e| e[0] == faces[0] && e[1] == faces[1]).map(|i| 8 + i).unwrap_or(26),
        1 => 20 + faces[0].index(),
        _ => 26,
    }
}

/// How the block types fit one target: for every type and class, the number of distinct
/// orientations showing the target's colors there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fits {
    /// `weights[t][c]`: distinct orientations of type `t` fitting class `c` (0..=24).
    pub weights: Vec<[u8; CLASSES]>,
    /// `masks[t]`: bit `c` set when type `t` fits class `c`.
    pub masks: Vec<u32>,
}

/// One block of an assembly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    /// Where it sits.
    pub position: Position,
    /// The 0-based input position of the block.
    pub block: usize,
    /// The block as it sits: its color on every face (face string U D F B L R).
    pub oriented: Coloring,
}

/// An assembly: one block per position, in [`Position::all`] order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assembly {
    /// The size N.
    pub n: usize,
    /// The N³ placements, top layer first.
    pub placements: Vec<Placed>,
}

impl Assembly {
    /// Checks the assembly face by face: N³ placements in order, every block a rotation of
    /// its input block, no input block used twice, every visible face showing the target's
    /// color.
    pub fn verify(&self, target: &Coloring, blocks: &[Coloring]) -> Result<(), Error> {
        let n = self.n;
        check_size(n)?;
        let all = Position::all(n);
        if self.placements.len() != all.len() {
            return Err(Error::malformed(format!(
                "an assembly of size {n} has {} positions, not {}",
                all.len(),
                self.placements.len()
            )));
        }
        let mut used = vec![false; blocks.len()];
        for (p, pos) in self.placements.iter().zip(all) {
            if p.position != pos {
                return Err(Error::malformed("placements out of order"));
            }
            let b =
                blocks.get(p.block).ok_or_else(|| Error::malformed(format!("block {} does not exist", p.block + 1)))?;
            if std::mem::replace(&mut used[p.block], true) {
                return Err(Error::malformed(format!("block {} is used twice", p.block + 1)));
            }
            if !b.same_cube(&p.oriented) {
                return Err(Error::malformed(format!("block {} is not held as itself", p.block + 1)));
            }
            for f in pos.faces(n) {
                if p.oriented.color(f) != target.color(f) {
                    return Err(Error::malformed(format!("block {} shows the wrong color on face {f}", p.block + 1)));
                }
            }
        }
        Ok(())
    }
}

/// One target a multiset builds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Built {
    /// The target, canonical.
    pub target: Coloring,
    /// The number of arrangements, when [`Extended::count`] can compute it.
    pub arrangements: Option<u128>,
}

/// A multiset of blocks prepared for building N x N x N targets.
#[derive(Debug, Clone)]
pub struct Extended {
    n: usize,
    cubes: Vec<Coloring>,
    blocks: Blocks,
    classes: Vec<PositionClass>,
    /// Per type: its distinct orientations (rotated colorings), sorted.
    orientations: Vec<Vec<Coloring>>,
}

impl Extended {
    /// Prepares `cubes` (repeats allowed) for N x N x N targets. N must be in
    /// 2..=[`MAX_SIZE`] and at least one block given; fewer than N³ blocks are accepted but
    /// build nothing (the command line refuses them).
    pub fn new(n: usize, cubes: &[Coloring]) -> Result<Extended, Error> {
        let classes = classes(n)?;
        let blocks = Blocks::new(cubes)?;
        let orientations = blocks
            .types()
            .iter()
            .map(|t| {
                let mut v: Vec<Coloring> = Rotation::all().iter().map(|r| t.coloring.rotated(r)).collect();
                v.sort();
                v.dedup();
                v
            })
            .collect();
        Ok(Extended { n, cubes: cubes.to_vec(), blocks, classes, orientations })
    }

    /// The size N.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The blocks as given.
    pub fn cubes(&self) -> &[Coloring] {
        &self.cubes
    }

    /// The blocks grouped by type.
    pub fn blocks(&self) -> &Blocks {
        &self.blocks
    }

    /// The 27 classes with their sizes for this N.
    pub fn classes(&self) -> &[PositionClass] {
        &self.classes
    }

    /// Number of positions, N³.
    pub fn positions(&self) -> u64 {
        (self.n as u64).pow(3)
    }

    /// Checks that every color of the target is a color of some block.
    fn check_target(&self, target: &Coloring) -> Result<(), Error> {
        for (i, c) in target.faces().iter().enumerate() {
            if !self.blocks.palette().contains(c) {
                return Err(Error::out_of_range(format!(
                    "the target has color '{c}' on face {} but no block has that color",
                    Face::ALL[i]
                )));
            }
        }
        Ok(())
    }

    /// Which classes every block type fits for `target`, and in how many orientations.
    pub fn fits(&self, target: &Coloring) -> Result<Fits, Error> {
        self.check_target(target)?;
        let mut weights = Vec::with_capacity(self.orientations.len());
        let mut masks = Vec::with_capacity(self.orientations.len());
        for orients in &self.orientations {
            let mut w = [0u8; CLASSES];
            for o in orients {
                for c in &self.classes {
                    if c.faces.iter().all(|&f| o.color(f) == target.color(f)) {
                        w[c.index] += 1;
                    }
                }
            }
            let mut mask = 0u32;
            for (i, &x) in w.iter().enumerate() {
                if x > 0 {
                    mask |= 1 << i;
                }
            }
            weights.push(w);
            masks.push(mask);
        }
        Ok(Fits { weights, masks })
    }

    /// The class sizes as demands.
    fn demands(&self) -> [u64; CLASSES] {
        let mut d = [0u64; CLASSES];
        for c in &self.classes {
            d[c.index] = c.size;
        }
        d
    }

    /// The multiplicity of every type.
    fn counts(&self) -> Vec<u64> {
        self.blocks.types().iter().map(|t| t.count() as u64).collect()
    }

    /// Whether the blocks build `target` as an N x N x N cube (maximum flow).
    pub fn builds(&self, target: &Coloring) -> Result<bool, Error> {
        let fits = self.fits(target)?;
        Ok(flow::feasible(&fits.masks, &self.counts(), &self.demands()))
    }

    /// The most positions the blocks can fill for `target` (the maximum flow): N³ exactly
    /// when the target is built; otherwise how close the blocks come.
    pub fn max_fill(&self, target: &Coloring) -> Result<u64, Error> {
        let fits = self.fits(target)?;
        Ok(flow::max_fill(&fits.masks, &self.counts(), &self.demands()))
    }

    /// Whether `per_type` (for every type of [`Extended::blocks`], in its order, how many
    /// of its blocks go to each class) is the *only* assignment of the types to the
    /// classes building `target`, by re-solving the flow: another assignment would put
    /// more blocks of some type t into some class c than `per_type` does, so it is unique
    /// iff, for every type and every class it fits, placing one more block of t in c than
    /// `per_type` does leaves the other positions unfillable. An error of kind `Malformed`
    /// when `per_type` is not an assignment (wrong totals, or a type in a class it does not
    /// fit).
    pub fn assignment_is_unique(&self, target: &Coloring, per_type: &[[u64; CLASSES]]) -> Result<bool, Error> {
        let fits = self.fits(target)?;
        let counts = self.counts();
        let demands = self.demands();
        let bad = |what: &str| Error::malformed(format!("not an assignment of the blocks: {what}"));
        if per_type.len() != counts.len() {
            return Err(bad("one row per type"));
        }
        for (t, row) in per_type.iter().enumerate() {
            if row.iter().sum::<u64>() != counts[t] {
                return Err(bad("a type's blocks are not all placed"));
            }
            if (0..CLASSES).any(|c| row[c] > 0 && fits.masks[t] >> c & 1 == 0) {
                return Err(bad("a type in a class it does not fit"));
            }
        }
        if (0..CLASSES).any(|c| per_type.iter().map(|r| r[c]).sum::<u64>() != demands[c]) {
            return Err(bad("a class not filled exactly"));
        }
        for t in 0..counts.len() {
            for c in 0..CLASSES {
                let more = per_type[t][c] + 1;
                if fits.masks[t] >> c & 1 == 0 || more > demands[c] || more > counts[t] {
                    continue;
                }
                let mut left = counts.clone();
                left[t] -= more;
                let mut demand = demands;
                demand[c] -= more;
                if flow::feasible(&fits.masks, &left, &demand) {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// One assembly building `target`, or `None`. Blocks are taken in input order within
    /// each type, positions in instruction order within each class, and every block is
    /// held in the orientation with the least face string among those that fit.
    pub fn assembly(&self, target: &Coloring) -> Result<Option<Assembly>, Error> {
        let fits = self.fits(target)?;
        let demands = self.demands();
        let Some(per_type) = flow::assignment(&fits.masks, &self.counts(), &demands) else {
            return Ok(None);
        };
        // Blocks of each type waiting for each class, in input order.
        let mut queue: Vec<Vec<usize>> = vec![Vec::new(); CLASSES];
        for (t, amounts) in per_type.iter().enumerate() {
            let mut inputs = self.blocks.types()[t].inputs.iter();
            for (c, &a) in amounts.iter().enumerate() {
                for _ in 0..a {
                    let b = inputs.next().ok_or_else(|| {
                        Error::new(crate::ErrorKind::Internal, "the flow used more blocks than given")
                    })?;
                    queue[c].push(*b);
                }
            }
        }
        let mut next = [0usize; CLASSES];
        let mut placements = Vec::with_capacity(self.cubes.len().min(1 << 16));
        for position in Position::all(self.n) {
            let faces = position.faces(self.n);
            let c = class_of_faces(&faces);
            let block = *queue[c]
                .get(next[c])
                .ok_or_else(|| Error::new(crate::ErrorKind::Internal, "the flow left a position empty"))?;
            next[c] += 1;
            let t = self.blocks.type_of_input(block);
            // The type's orientations are sorted: the least fitting face string first.
            let oriented = self.orientations[t]
                .iter()
                .find(|o| faces.iter().all(|&f| o.color(f) == target.color(f)))
                .copied()
                .ok_or_else(|| Error::new(crate::ErrorKind::Internal, "a block was sent to a class it does not fit"))?;
            placements.push(Placed { position, block, oriented });
        }
        Ok(Some(Assembly { n: self.n, placements }))
    }

    /// The number of arrangements building `target` (module docs), `Some(0)` when it is not
    /// built, `None` when the count is beyond [`COUNT_STATE_LIMIT`] states or `u128`.
    pub fn count(&self, target: &Coloring) -> Result<Option<u128>, Error> {
        let fits = self.fits(target)?;
        if !flow::feasible(&fits.masks, &self.counts(), &self.demands()) {
            return Ok(Some(0));
        }
        Ok(count::arrangements(&fits.weights, &self.counts(), &self.classes))
    }

    /// Every target the blocks build, sorted by canonical face string, with its number of
    /// arrangements where computable. With `improper`, every coloring over the blocks'
    /// palette is tried, otherwise only targets with six different colors. Reports one unit
    /// per candidate target to `progress` (phase `"targets"`) and checks `stop` before each
    /// (a requested stop ends it with kind `Stopped`).
    pub fn buildable_targets(
        &self,
        improper: bool,
        progress: &dyn crate::run::Progress,
        stop: &crate::run::Stop,
    ) -> Result<Vec<Built>, Error> {
        let palette = self.blocks.palette();
        let k = palette.len();
        let patterns = canonical_patterns(k).map_err(|_| {
            Error::out_of_range(format!(
                "the blocks use {k} colors; targets can be enumerated for palettes of at most {} colors",
                crate::coloring::MAX_ENUMERATED_PALETTE
            ))
        })?;
        progress.start("targets", patterns.len() as u64, 0);
        let mut out = Vec::new();
        for p in patterns {
            if stop.is_requested() {
                return Err(Error::stopped("stopped while trying the candidate targets"));
            }
            progress.advance(1);
            let target = Coloring::new(p.map(|i| palette[i as usize]));
            if !improper && !target.is_proper() {
                continue;
            }
            if self.builds(&target)? {
                let arrangements = self.count(&target)?;
                out.push(Built { target, arrangements });
            }
        }
        Ok(out)
    }
}
