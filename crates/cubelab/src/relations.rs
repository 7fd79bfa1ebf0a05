//! Sobczyk's relations over the 30 block types ("More progress to madness via Eight
//! Blocks", 1974, sections 2, 4 and 5).
//!
//! Every relation is computed from the geometry of the colorings, never read from a
//! printed table:
//!
//! - *antitype*: the mirror image (checked to be Kahan's odd/even partner);
//! - *one-parallel*: two different, non-antitypical types with exactly one pair of
//!   parallel faces carrying the same two colors (two different splittings of six colors
//!   into three opposite pairs share at most one pair); otherwise *no-parallel*;
//! - *incompatible*: the block fits no corner of the other type taken as outer cube (o.c.).
//!   Fitting is [`Blocks`]' corner-triple weight table, the same code the target solver
//!   uses; the tests check it against an independent second method (a block
//!   fits some corner exactly when the two types share a corner number).
//!
//! Types are indexed `0..30` by Kahan number minus one, so index `2i` and `2i + 1` are an
//! antitype pair.
//!
//! ```
//! use cubelab::relations::{self, antitype, index_of_symbol, relation, Relation, TypeIndex};
//! let y1 = index_of_symbol("Y1").unwrap();
//! assert_eq!(relation(y1, antitype(y1)), Relation::Antitype);
//! // Sobczyk's Table 1 is the 30 x 30 table of relations.
//! let table = relations::table();
//! let one_parallel = TypeIndex::all().filter(|&b| table[y1.index()][b.index()] == Relation::OneParallel).count();
//! assert_eq!(one_parallel, relations::graph_facts().one_parallel_valency.unwrap());
//! assert_eq!(relations::largest_incompatible_set(), 5);
//! ```

use crate::coloring::{Color, Coloring};
use crate::geometry::{Corner, Face};
use crate::macmahon;
use crate::target::Blocks;
use crate::Error;
use std::sync::OnceLock;

/// Number of block types.
pub const TYPES: usize = 30;

/// Sobczyk's order of the fifteen unprimed types in the rows and columns of his Table 1.
pub const TABLE_1_ORDER: [&str; 15] =
    ["Y1", "B1", "G1", "P1", "R1", "R2", "Y2", "B2", "G2", "P2", "P3", "R3", "Y3", "B3", "G3"];

/// How two types are related.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Relation {
    /// The same type.
    Identical,
    /// Mirror images: one is the other with one pair of parallel faces swapped.
    Antitype,
    /// Exactly one pair of parallel faces with the same two colors (always compatible).
    OneParallel,
    /// No common pair of parallel faces, and the block fits some corner of the o.c.
    NoParallelCompatible,
    /// No common pair of parallel faces, and the block fits no corner of the o.c.
    NoParallelIncompatible,
}

impl Relation {
    /// Whether the block fits no corner of the o.c. (antitypes included).
    pub(crate) fn is_incompatible(self) -> bool {
        matches!(self, Relation::Antitype | Relation::NoParallelIncompatible)
    }

    /// Sobczyk's mark in Table 1: `·` one-parallel, `×` incompatible, blank otherwise.
    pub fn mark(self) -> char {
        match self {
            Relation::OneParallel => '·',
            Relation::NoParallelIncompatible | Relation::Antitype => '×',
            _ => ' ',
        }
    }
}

/// One of the 30 types: Kahan number minus one, so always below [`TYPES`]. Index `2i`
/// and `2i + 1` are antitypes of each other.
///
/// ```
/// use cubelab::relations::TypeIndex;
/// assert_eq!(TypeIndex::new(29).map(TypeIndex::index), Some(29));
/// assert_eq!(TypeIndex::new(30), None);
/// assert_eq!(TypeIndex::all().count(), 30);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TypeIndex(u8);

impl TypeIndex {
    /// The type with index `i` (Kahan number `i + 1`), if `i < 30`.
    pub fn new(i: usize) -> Option<TypeIndex> {
        (i < TYPES).then_some(TypeIndex(i as u8))
    }

    /// The 30 types in index order.
    pub fn all() -> impl DoubleEndedIterator<Item = TypeIndex> + ExactSizeIterator + Clone {
        (0..TYPES as u8).map(TypeIndex)
    }

    /// The index, `0..30`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl TryFrom<usize> for TypeIndex {
    type Error = Error;

    fn try_from(i: usize) -> Result<TypeIndex, Error> {
        TypeIndex::new(i).ok_or_else(|| Error::out_of_range(format!("type index {i} is not below {TYPES}")))
    }
}

/// Kahan's type with Kahan number `t.index() + 1`, as a coloring over `w y b g p r` in
/// Sobczyk's standard position (white ceiling).
///
/// ```
/// use cubelab::relations::{coloring, index_of_symbol, symbol};
/// let y1 = index_of_symbol("Y1").unwrap();
/// assert_eq!(symbol(y1), "Y1");
/// assert!(coloring(y1).is_proper());
/// ```
pub fn coloring(t: TypeIndex) -> Coloring {
    macmahon::kahan_coloring(t.index() + 1).expect("a TypeIndex is below 30")
}

/// Sobczyk's symbol of a type, e.g. `Y1` or `B3'`.
pub fn symbol(t: TypeIndex) -> String {
    macmahon::kahan_to_sobczyk(t.index() + 1)
}

/// The type of a Sobczyk symbol.
pub fn index_of_symbol(s: &str) -> Option<TypeIndex> {
    macmahon::sobczyk_to_kahan(s).and_then(|k| TypeIndex::new(k - 1))
}

/// The type (index) of a proper coloring over `w y b g p r` or over `1..=6` (identified
/// w=1 … r=6), in any orientation.
pub(crate) fn type_of(c: &Coloring) -> Result<TypeIndex, Error> {
    let letters = to_letters(c)?;
    TypeIndex::all().find(|&i| coloring(i).same_cube(&letters)).ok_or_else(|| {
        let why = match c.repeated_color() {
            Some((color, f, g)) => format!("it repeats color {color} (faces {f} and {g})"),
            None => "it matches none of them".to_string(),
        };
        Error::out_of_range(format!("'{c}' is not one of the 30 types: {why}"))
    })
}

/// Sorting key in Sobczyk's order: letter Y P R G B, then number, then unprimed first.
pub fn sobczyk_key(t: TypeIndex) -> (usize, char, bool) {
    let s = symbol(t);
    let letter = "YPRGB".find(s.chars().next().expect("symbol")).expect("Sobczyk letter");
    (letter, s.chars().nth(1).expect("digit"), s.ends_with('\''))
}

/// A coloring over `1..=6` mapped to Kahan's letters; one over Kahan's letters unchanged.
pub fn to_letters(c: &Coloring) -> Result<Coloring, Error> {
    let faces = c.faces();
    let in_numbers = faces.iter().all(|x| (1..=6).contains(&x.0));
    let in_letters = faces.iter().all(|x| macmahon::KAHAN_COLORS.contains(&x.to_char()));
    let out = if in_numbers {
        macmahon::numbers_to_kahan(c)
    } else if in_letters {
        *c
    } else {
        return Err(Error::out_of_range(format!(
            "'{c}' must use MacMahon's colors 1-6 or Kahan's letters w y b g p r"
        )));
    };
    if let Some((color, f, g)) = c.repeated_color() {
        return Err(Error::out_of_range(format!(
            "'{c}' repeats color {color} (faces {f} and {g}); an outer cube has six different colors"
        )));
    }
    Ok(out)
}

/// The three pairs of colors on parallel faces, each sorted, sorted.
pub(crate) fn parallel_pairs(c: &Coloring) -> [[Color; 2]; 3] {
    let mut pairs = [(Face::U, Face::D), (Face::F, Face::B), (Face::L, Face::R)].map(|(a, b)| {
        let mut p = [c.color(a), c.color(b)];
        p.sort();
        p
    });
    pairs.sort();
    pairs
}

/// How many pairs of parallel faces two cubes have in common (as color pairs).
pub(crate) fn shared_parallel_pairs(a: &Coloring, b: &Coloring) -> usize {
    let pb = parallel_pairs(b);
    parallel_pairs(a).iter().filter(|p| pb.contains(p)).count()
}

/// The corners of `oc` (in its orientation as given) at which `block` fits in some
/// rotation, by [`Blocks`]' corner-triple weights (method 1).
pub(crate) fn fit_positions(block: &Coloring, oc: &Coloring) -> Vec<Corner> {
    let blocks = Blocks::new(&[*block]).expect("one block");
    match blocks.target_triples(oc) {
        Ok(triples) => Corner::all().into_iter().filter(|p| blocks.weight(0, triples[p.index()]) > 0).collect(),
        Err(_) => Vec::new(),
    }
}

/// Method 2: a block fits some corner of an o.c. exactly when some clockwise corner triple
/// of the one is a clockwise corner triple of the other, i.e. they share a corner number.
#[cfg(test)]
pub(crate) fn compatible_by_corner_numbers(block: &Coloring, oc: &Coloring) -> bool {
    let theirs = oc.corner_numbers();
    block.corner_numbers().iter().any(|k| theirs.contains(k))
}

/// Whether two corners of a 2x2x2 cube share a face of the small cubes (differ in one
/// coordinate).
pub(crate) fn facially_adjacent(a: Corner, b: Corner) -> bool {
    differing_coordinates(a, b) == 1
}

/// Whether two corners are diagonally opposite through the centre of the cube.
pub(crate) fn cubically_diagonal(a: Corner, b: Corner) -> bool {
    differing_coordinates(a, b) == 3
}

fn differing_coordinates(a: Corner, b: Corner) -> usize {
    a.position().iter().zip(b.position()).filter(|(x, y)| **x != *y).count()
}

/// The relation of type `a` (as block) to type `b` (as o.c.), from geometry and fitting.
fn compute_relation(a: TypeIndex, b: TypeIndex) -> Relation {
    let (ca, cb) = (coloring(a), coloring(b));
    if ca.same_cube(&cb) {
        Relation::Identical
    } else if ca.mirror() == cb.canonical() {
        Relation::Antitype
    } else if shared_parallel_pairs(&ca, &cb) == 1 {
        Relation::OneParallel
    } else if fit_positions(&ca, &cb).is_empty() {
        Relation::NoParallelIncompatible
    } else {
        Relation::NoParallelCompatible
    }
}

/// The full 30 x 30 relation table, `table()[a][b]`, indexed by Kahan number minus one.
pub fn table() -> &'static [[Relation; TYPES]; TYPES] {
    static CELL: OnceLock<[[Relation; TYPES]; TYPES]> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut t = [[Relation::Identical; TYPES]; TYPES];
        for (a, row) in TypeIndex::all().zip(t.iter_mut()) {
            for (b, r) in TypeIndex::all().zip(row.iter_mut()) {
                *r = compute_relation(a, b);
            }
        }
        t
    })
}

/// The relation between two types.
pub fn relation(a: TypeIndex, b: TypeIndex) -> Relation {
    table()[a.index()][b.index()]
}

/// The antitype.
pub fn antitype(a: TypeIndex) -> TypeIndex {
    TypeIndex(a.0 ^ 1)
}

/// Facts about the incompatibility graph (vertices the 30 types, an edge for every
/// incompatible pair, antitypes included).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GraphFacts {
    /// Number of vertices (30).
    pub vertices: usize,
    /// Number of edges, antitype edges included.
    pub edges: usize,
    /// Number of antitype edges.
    pub antitype_edges: usize,
    /// The degree of every vertex, if all are equal.
    pub valency: Option<usize>,
    /// The common number of one-parallel partners, if all types have the same.
    pub one_parallel_valency: Option<usize>,
    /// The common number of no-parallel compatible partners, if all types have the same.
    pub no_parallel_compatible_valency: Option<usize>,
}

/// Edges of the incompatibility graph as pairs `a < b`.
pub fn incompatible_pairs(with_antitypes: bool) -> Vec<(TypeIndex, TypeIndex)> {
    let mut out = Vec::new();
    for a in TypeIndex::all() {
        for b in TypeIndex::all().skip(a.index() + 1) {
            let r = relation(a, b);
            if r == Relation::NoParallelIncompatible || (with_antitypes && r == Relation::Antitype) {
                out.push((a, b));
            }
        }
    }
    out
}

/// Pairs `a < b` in a given relation.
pub fn pairs(rel: Relation) -> Vec<(TypeIndex, TypeIndex)> {
    TypeIndex::all()
        .flat_map(|a| TypeIndex::all().skip(a.index() + 1).map(move |b| (a, b)))
        .filter(|&(a, b)| relation(a, b) == rel)
        .collect()
}

fn common_degree(rel: impl Fn(Relation) -> bool) -> Option<usize> {
    let degrees: Vec<usize> =
        TypeIndex::all().map(|a| TypeIndex::all().filter(|&b| rel(relation(a, b))).count()).collect();
    degrees.iter().all(|&d| d == degrees[0]).then_some(degrees[0])
}

/// The incompatibility graph's size and regularity.
pub fn graph_facts() -> GraphFacts {
    GraphFacts {
        vertices: TYPES,
        edges: incompatible_pairs(true).len(),
        antitype_edges: pairs(Relation::Antitype).len(),
        valency: common_degree(Relation::is_incompatible),
        one_parallel_valency: common_degree(|r| r == Relation::OneParallel),
        no_parallel_compatible_valency: common_degree(|r| r == Relation::NoParallelCompatible),
    }
}

/// Every set of `k` mutually incompatible types (antitype pairs count as incompatible),
/// each sorted by index, in lexicographic order.
pub fn mutually_incompatible_sets(k: usize) -> Vec<Vec<TypeIndex>> {
    fn extend(start: usize, k: usize, cur: &mut Vec<TypeIndex>, out: &mut Vec<Vec<TypeIndex>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for v in TypeIndex::all().skip(start) {
            if cur.iter().all(|&u| relation(u, v).is_incompatible()) {
                cur.push(v);
                extend(v.index() + 1, k, cur, out);
                cur.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(0, k, &mut Vec::new(), &mut out);
    out
}

/// The largest size of a mutually incompatible set.
pub fn largest_incompatible_set() -> usize {
    (1..=TYPES).take_while(|&k| !mutually_incompatible_sets(k).is_empty()).last().unwrap_or(0)
}

/// The mutually incompatible five-sets split into families that each partition the 30
/// types: two sets sharing a type go into different families. `None` if that is
/// impossible (the sets' intersection graph is not bipartite) or a family is not a
/// partition.
pub fn five_set_families(sets: &[Vec<TypeIndex>]) -> Option<[Vec<Vec<TypeIndex>>; 2]> {
    let n = sets.len();
    let mut side: Vec<Option<usize>> = vec![None; n];
    for s in 0..n {
        if side[s].is_some() {
            continue;
        }
        side[s] = Some(0);
        let mut stack = vec![s];
        while let Some(x) = stack.pop() {
            let sx = side[x].expect("set");
            for y in 0..n {
                if y != x && sets[x].iter().any(|v| sets[y].contains(v)) {
                    match side[y] {
                        None => {
                            side[y] = Some(1 - sx);
                            stack.push(y);
                        }
                        Some(sy) if sy == sx => return None,
                        _ => {}
                    }
                }
            }
        }
    }
    let fam = |f: usize| -> Vec<Vec<TypeIndex>> {
        (0..n).filter(|&i| side[i] == Some(f)).map(|i| sets[i].clone()).collect::<Vec<_>>()
    };
    let families = [fam(0), fam(1)];
    for f in &families {
        let mut all: Vec<TypeIndex> = f.iter().flatten().copied().collect();
        all.sort();
        if !all.iter().copied().eq(TypeIndex::all()) {
            return None;
        }
    }
    Some(families)
}

/// A theorem of Sobczyk checked over every (block, o.c.) pair it speaks about.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct TheoremCheck {
    /// `"Theorem 4"` etc.
    pub name: String,
    /// The statement checked.
    pub statement: String,
    /// Number of (block, o.c.) pairs examined.
    pub pairs: usize,
    /// The first pair where the statement fails, if any.
    pub counterexample: Option<String>,
}

/// Checks Sobczyk's Theorems 4 and 5 (and the two trivial cases: a type fits all eight
/// corners of itself and none of its antitype) over all ordered pairs of types.
pub fn check_theorems() -> Vec<TheoremCheck> {
    let fits: Vec<Vec<Vec<Corner>>> = TypeIndex::all()
        .map(|a| TypeIndex::all().map(|b| fit_positions(&coloring(a), &coloring(b))).collect())
        .collect();
    let name = |a: TypeIndex, b: TypeIndex| format!("block {} in o.c. {}", symbol(a), symbol(b));
    let mut checks = Vec::new();

    let mut trivial = TheoremCheck {
        name: "Identity and antitype".into(),
        statement: "a type fits every corner of itself and no corner of its antitype".into(),
        pairs: 0,
        counterexample: None,
    };
    let mut t4 = TheoremCheck {
        name: "Theorem 4".into(),
        statement: "a one-parallel block fits the o.c. in exactly two facially adjacent positions, \
                    joined along the axis of the shared pair of colors"
            .into(),
        pairs: 0,
        counterexample: None,
    };
    let mut t5 = TheoremCheck {
        name: "Theorem 5".into(),
        statement: "a no-parallel block fits nowhere or in exactly two cubically diagonal positions, \
                    and exactly one of it and its antitype fits"
            .into(),
        pairs: 0,
        counterexample: None,
    };
    for a in TypeIndex::all() {
        for b in TypeIndex::all() {
            let f = &fits[a.index()][b.index()];
            match relation(a, b) {
                Relation::Identical | Relation::Antitype => {
                    trivial.pairs += 1;
                    let want = if a == b { 8 } else { 0 };
                    if f.len() != want && trivial.counterexample.is_none() {
                        trivial.counterexample = Some(format!("{}: fits {} corners", name(a, b), f.len()));
                    }
                }
                Relation::OneParallel => {
                    t4.pairs += 1;
                    let (ca, cb) = (coloring(a), coloring(b));
                    let shared = parallel_pairs(&ca).into_iter().find(|p| parallel_pairs(&cb).contains(p));
                    let ok = f.len() == 2 && facially_adjacent(f[0], f[1]) && {
                        // The axis along which the two positions differ carries the shared pair.
                        let (p, q) = (f[0].position(), f[1].position());
                        let axis = (0..3).find(|&i| p[i] != q[i]).expect("adjacent");
                        let face = [Face::R, Face::U, Face::F][axis];
                        let mut pair = [cb.color(face), cb.color(face.opposite())];
                        pair.sort();
                        Some(pair) == shared
                    };
                    if !ok && t4.counterexample.is_none() {
                        t4.counterexample = Some(format!("{}: fits at {:?}", name(a, b), names(f)));
                    }
                }
                Relation::NoParallelCompatible | Relation::NoParallelIncompatible => {
                    t5.pairs += 1;
                    let shape = f.is_empty() || (f.len() == 2 && cubically_diagonal(f[0], f[1]));
                    let other = &fits[antitype(a).index()][b.index()];
                    let exactly_one = f.is_empty() != other.is_empty();
                    if !(shape && exactly_one) && t5.counterexample.is_none() {
                        t5.counterexample =
                            Some(format!("{}: fits at {:?}; its antitype at {:?}", name(a, b), names(f), names(other)));
                    }
                }
            }
        }
    }
    checks.push(trivial);
    checks.push(t4);
    checks.push(t5);
    checks
}

fn names(cs: &[Corner]) -> Vec<String> {
    cs.iter().map(|c| c.name()).collect()
}

/// The types that fit one corner position of an o.c., other than the o.c.'s own type.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CornerList {
    /// The corner position, e.g. `DBL`.
    pub corner: String,
    /// One-parallel types that fit here (Sobczyk's upper three), in Sobczyk's order.
    pub one_parallel: Vec<String>,
    /// No-parallel types that fit here (his lower two).
    pub no_parallel: Vec<String>,
}

/// Sobczyk's ground-layer list (and the ceiling layer) for one outer cube.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LayerList {
    /// The o.c.'s Sobczyk symbol.
    pub outer_cube: String,
    /// Its faces U D F B L R over `w y b g p r`, in the orientation used.
    pub faces: String,
    /// Ground layer corners DBL, DBR, DFL, DFR (as drawn: back at the top, seen from above).
    pub ground: Vec<CornerList>,
    /// Ceiling layer corners UBL, UBR, UFL, UFR (same layout).
    pub ceiling: Vec<CornerList>,
}

/// The corner positions of one layer in drawing order: back-left, back-right,
/// front-left, front-right.
pub(crate) fn layer_corners(up: bool) -> [Corner; 4] {
    let v = if up { Face::U } else { Face::D };
    [(Face::B, Face::L), (Face::B, Face::R), (Face::F, Face::L), (Face::F, Face::R)]
        .map(|(a, b)| Corner::from_faces(v, a, b).expect("corner"))
}

/// For each corner of the ground and ceiling layers of `oc` (any orientation, colors
/// `w y b g p r` or `1..=6`), which of the 30 types fit there.
pub fn layer_list(oc: &Coloring) -> Result<LayerList, Error> {
    let oc = to_letters(oc)?;
    let own = type_of(&oc)?;
    let mut order: Vec<TypeIndex> = TypeIndex::all().filter(|&t| t != own).collect();
    order.sort_by_key(|&t| sobczyk_key(t));
    let fits: Vec<(TypeIndex, Vec<Corner>)> = order.iter().map(|&t| (t, fit_positions(&coloring(t), &oc))).collect();
    let list = |up: bool| -> Vec<CornerList> {
        layer_corners(up)
            .into_iter()
            .map(|p| {
                let here = |rel: fn(Relation) -> bool| -> Vec<String> {
                    fits.iter()
                        .filter(|(t, f)| f.contains(&p) && rel(relation(*t, own)))
                        .map(|(t, _)| symbol(*t))
                        .collect()
                };
                CornerList {
                    corner: p.name(),
                    one_parallel: here(|r| r == Relation::OneParallel),
                    no_parallel: here(|r| r == Relation::NoParallelCompatible),
                }
            })
            .collect()
    };
    Ok(LayerList { outer_cube: symbol(own), faces: oc.face_string(), ground: list(false), ceiling: list(true) })
}

mod partition;
pub use partition::five_set_partitions;

#[cfg(test)]
mod tests;
