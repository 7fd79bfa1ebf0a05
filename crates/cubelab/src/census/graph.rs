//! The corner-graph characterisation (Johnson–Roldán §§3–4; Magnier's graph).
//!
//! For a target T, each usable cube other than T fits exactly two corners of T and is an
//! edge between them; T itself fits every corner. For 8 distinct cubes W with graph G_W:
//!
//! - without T (8 edges): if no component of G_W is a tree, the solution number is 2^n
//!   for n components, else 0 (Theorem 5);
//! - with T (7 edges): if exactly one component is a tree, with k edges, T goes at any
//!   of its k + 1 corners and each other component (one cycle each) contributes a factor
//!   2, so the number is (k + 1)·2^(n−1); with more than one tree it is 0 (Theorem 6,
//!   whose printed table gives the values for n = 1..4, see docs/errata.md).
//!
//! For more than 8 cubes, or repeated cubes, existence is Hall's condition: every set of
//! k corners must be fillable by at least k of the blocks.

use super::combin::{binomial, for_each_subset_in};
use super::Universe;
use crate::target::Blocks;
use crate::Error;
use std::collections::BTreeMap;

/// Solution number of 8 cubes by the corner-graph theorems, from the corners each cube
/// fits (bitmasks over the 8 corners). Every fit must have exactly one orientation and
/// every mask must have 0, 2 or 8 corners (true for six-colored cubes).
pub fn solution_number(fits: &[u8]) -> Result<u64, Error> {
    if fits.len() != 8 {
        return Err(Error::out_of_range(format!("the corner graph needs 8 cubes, not {}", fits.len())));
    }
    let mut targets = 0;
    for &m in fits {
        match m.count_ones() {
            0 => return Ok(0),
            2 => {}
            8 => targets += 1,
            k => {
                return Err(Error::out_of_range(format!(
                    "the corner-graph theorems need cubes fitting 0, 2 or 8 corners, one fits {k}"
                )))
            }
        }
    }
    if targets > 1 {
        // Two copies of the target: not a collection of distinct cubes.
        return Err(Error::out_of_range("the corner-graph theorems are for distinct cubes"));
    }
    let (components, trees, tree_edges) = CornerComponents::of(fits).shape();
    Ok(match (targets, trees, tree_edges) {
        (0, 0, _) => 1 << components,
        (1, 1, Some(k)) => (k as u64 + 1) << (components - 1),
        _ => 0,
    })
}

/// Solution number of a multiset of 8 six-colored cubes ([`crate::target::Blocks::count`]:
/// arrangements up to swapping identical blocks), from the corners each block fits
/// (`fits[i]`, masks of 0, 2 or 8 corners, each fit in one orientation: a simple
/// universe) and the blocks' types (`types[i]`, equal for identical blocks; copies of
/// the target are the masks of 8 corners).
///
/// An arrangement gives each block a corner it fits, every corner one block, identical
/// blocks interchangeable. The blocks fitting two corners are the edges of a multigraph
/// on the 8 corners and each sits at one end of its edge; the target's copies (the
/// jokers, all identical) fill the corners left. So the number is a product over the
/// components (V corners, E edges): E > V gives 0 (too many blocks for its corners);
/// E = V (one cycle) gives 2, the two directions of the cycle with every tree edge
/// pointing away from it, except when the cycle is two identical blocks fitting the same
/// two corners, whose two directions swap them and so are one arrangement (1); E = V − 1
/// (a tree) gives V, the corner left for a joker (every other edge pointing away from
/// it). The corners add up (8 blocks, 8 corners), so the trees are exactly as many as
/// the jokers. Three identical blocks on one edge make E > V. For distinct cubes this is
/// Theorems 5 and 6 ([`solution_number`]).
pub(crate) fn multiset_solution_number(fits: &[u8; 8], types: &[usize; 8]) -> u64 {
    if fits.contains(&0) {
        return 0;
    }
    debug_assert!(fits.iter().all(|m| matches!(m.count_ones(), 2 | 8)), "{fits:?}");
    let c = CornerComponents::of(fits);
    // Components holding two identical blocks fitting two corners (a doubled edge).
    let mut doubled = [false; 8];
    for i in 0..8 {
        if fits[i].count_ones() == 2 && types[i + 1..].contains(&types[i]) {
            doubled[c.root[fits[i].trailing_zeros() as usize]] = true;
        }
    }
    let mut number = 1u64;
    for r in 0..8 {
        let (v, e) = (c.vertices[r], c.edges[r]);
        if v == 0 {
            continue;
        }
        number *= match e.cmp(&v) {
            std::cmp::Ordering::Greater => return 0,
            std::cmp::Ordering::Equal if doubled[r] => 1,
            std::cmp::Ordering::Equal => 2,
            std::cmp::Ordering::Less => v as u64,
        };
    }
    number
}

/// The shape of a corner graph: its components, how many of them are trees, and the edges
/// of the tree when exactly one is (Theorem 6's k; `Some(0)` is a single corner).
pub(crate) type Shape = (u32, u32, Option<u32>);

/// Johnson–Roldán's Theorem 6 case by case, for target `t`: every collection of the target
/// and 7 other usable cubes (C(20, 7) = 77,520 for MacMahon's cubes), keyed by the
/// [`Shape`] of its corner graph, with the histogram of the collections' solution numbers
/// counted by the general solver (not by the graph count), zeros included.
pub(crate) fn theorem_6_cases(u: &Universe, t: usize) -> BTreeMap<Shape, BTreeMap<u64, u64>> {
    let others: Vec<usize> = (0..u.len()).filter(|&c| c != t && u.fits[t][c] != 0).collect();
    let target = u.cubes[t];
    let mut cases: BTreeMap<Shape, BTreeMap<u64, u64>> = BTreeMap::new();
    for_each_subset_in(7, 0, binomial(others.len() as u64, 7), |s| {
        let picks: Vec<usize> = (0..others.len()).filter(|&i| s >> i & 1 == 1).map(|i| others[i]).collect();
        let edges: Vec<u8> = picks.iter().map(|&c| u.fits[t][c]).collect();
        let mut cubes: Vec<_> = picks.iter().map(|&c| u.cubes[c]).collect();
        cubes.push(target);
        let number = Blocks::new(&cubes).and_then(|b| b.count(&target)).expect("eight cubes of the universe") as u64;
        *cases.entry(CornerComponents::of(&edges).shape()).or_default().entry(number).or_default() += 1;
    });
    cases
}

/// The connected components of the corner graph whose edges are the masks with exactly two
/// corners (other masks are ignored): per component root, its corners and its edges.
pub(crate) struct CornerComponents {
    /// `vertices[r]`: corners in the component with root r (0 for non-roots).
    pub vertices: [u32; 8],
    /// `edges[r]`: edges in the component with root r.
    pub edges: [u32; 8],
    /// `root[v]`: the root of corner v's component.
    pub root: [usize; 8],
}

impl CornerComponents {
    pub(crate) fn of(fits: &[u8]) -> CornerComponents {
        let mut parent = [0usize, 1, 2, 3, 4, 5, 6, 7];
        fn find(parent: &mut [usize; 8], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        let ends = |m: u8| (m.trailing_zeros() as usize, 7 - m.leading_zeros() as usize);
        for &m in fits.iter().filter(|m| m.count_ones() == 2) {
            let (a, b) = ends(m);
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[ra] = rb;
        }
        let mut c = CornerComponents { vertices: [0; 8], edges: [0; 8], root: [0; 8] };
        for v in 0..8 {
            c.root[v] = find(&mut parent, v);
            c.vertices[c.root[v]] += 1;
        }
        for &m in fits.iter().filter(|m| m.count_ones() == 2) {
            c.edges[find(&mut parent, ends(m).0)] += 1;
        }
        c
    }

    /// Number of components.
    #[cfg(test)]
    pub(crate) fn count(&self) -> usize {
        self.vertices.iter().filter(|&&v| v > 0).count()
    }

    /// The [`Shape`]: components, tree components, and the edges of the tree if only one.
    pub(crate) fn shape(&self) -> Shape {
        let (mut components, mut trees, mut tree_edges) = (0, 0, None);
        for r in 0..8 {
            if self.vertices[r] == 0 {
                continue;
            }
            components += 1;
            if self.edges[r] + 1 == self.vertices[r] {
                trees += 1;
                tree_edges = Some(self.edges[r]);
            }
        }
        (components, trees, if trees == 1 { tree_edges } else { None })
    }
}

/// Whether blocks (each listed once per copy) can fill all 8 corners, by Hall's condition:
/// every set of k corners is fillable by at least k blocks.
pub fn hall_fillable(fits: &[u8]) -> bool {
    if fits.len() < 8 {
        return false;
    }
    (1u32..256).all(|z| {
        let need = z.count_ones() as usize;
        fits.iter().filter(|&&m| m as u32 & z != 0).take(need).count() >= need
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::Universe;
    use crate::target::Blocks;

    #[test]
    fn conway_and_figure_6_by_the_graph() {
        let u = Universe::macmahon();
        let ba = u.names.iter().position(|n| n == "Ba").unwrap();
        let pick = |names: &[&str]| -> Vec<u8> {
            names.iter().map(|n| u.fits[ba][u.names.iter().position(|x| x == n).unwrap()]).collect()
        };
        assert_eq!(solution_number(&pick(&["Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb"])).unwrap(), 16);
        assert_eq!(solution_number(&pick(&["Ba", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb"])).unwrap(), 16);
        assert!(hall_fillable(&pick(&["Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb"])));
        assert!(!hall_fillable(&pick(&["Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Bc"])));
        assert!(solution_number(&[3, 3, 3]).is_err());
        assert!(solution_number(&[7, 3, 3, 3, 3, 3, 3, 3]).is_err());
    }

    #[test]
    fn graph_agrees_with_the_solver_on_every_collection_for_one_target_slice() {
        let u = Universe::macmahon();
        let t = 7;
        let usable: Vec<usize> = (0..30).filter(|&c| u.fits[t][c] != 0).collect();
        let mut checked = 0;
        // Every 8-subset of the first 14 usable cubes.
        crate::combin::for_each_subset_in(8, 0, crate::combin::binomial(14, 8), |s| {
            let picks: Vec<usize> = (0..14).filter(|&i| s >> i & 1 == 1).map(|i| usable[i]).collect();
            let fits: Vec<u8> = picks.iter().map(|&c| u.fits[t][c]).collect();
            let cubes: Vec<_> = picks.iter().map(|&c| u.cubes[c]).collect();
            let direct = Blocks::new(&cubes).unwrap().count(&u.cubes[t]).unwrap();
            assert_eq!(solution_number(&fits).unwrap() as u128, direct, "{picks:?}");
            assert_eq!(hall_fillable(&fits), direct > 0);
            checked += 1;
        });
        assert_eq!(checked, 3003);
    }
}
/// Errata evidence: Theorem 6's printed table gives 16 for four components, but a tree
/// component can be a single corner (k = 0), and then the number is 8.
#[cfg(test)]
mod theorem_6_table {
    use crate::census::Universe;
    use crate::combin::{binomial, for_each_subset_in};
    use crate::target::Blocks;

    #[test]
    fn four_components_give_8_or_16() {
        let u = Universe::macmahon();
        let t = 5; // Ba
        let usable: Vec<usize> = (0..30).filter(|&c| u.fits[t][c] != 0 && c != t).collect();
        let (mut eights, mut sixteens) = (0, 0);
        for_each_subset_in(7, 0, binomial(usable.len() as u64, 7), |s| {
            let picks: Vec<usize> = (0..usable.len()).filter(|&i| s >> i & 1 == 1).map(|i| usable[i]).collect();
            let edges: Vec<u8> = picks.iter().map(|&c| u.fits[t][c]).collect();
            if super::CornerComponents::of(&edges).count() != 4 {
                return;
            }
            let mut cubes: Vec<_> = picks.iter().map(|&c| u.cubes[c]).collect();
            cubes.push(u.cubes[t]);
            match Blocks::new(&cubes).unwrap().count(&u.cubes[t]).unwrap() {
                8 => eights += 1,
                16 => sixteens += 1,
                _ => {}
            }
        });
        assert_eq!((eights, sixteens), (24, 8));
    }

    /// Lemma 4.7 says that with the target and three components the one tree has
    /// k ∈ {1, 2, 3} edges, "otherwise the solution number is 0". Its proof assumes every
    /// component has an edge; an isolated corner (k = 0) can be filled by the target, and
    /// then the number is 4 = 4(k + 1). Counted for every target (the general solver gives
    /// every solution number; the graph count must agree with it on every collection).
    #[test]
    fn three_components_with_an_isolated_corner_give_4() {
        let u = Universe::macmahon();
        let ba = u.names.iter().position(|n| n == "Ba").unwrap();
        let cases = super::theorem_6_cases(&u, ba);
        assert_eq!(cases.values().flat_map(|h| h.values()).sum::<u64>(), binomial(20, 7));
        let isolated = &cases[&(3, 1, Some(0))];
        assert_eq!(isolated.keys().collect::<Vec<_>>(), [&4], "{isolated:?}");
        assert_eq!(isolated[&4], 1728);
        // Theorem 6's other entries with the target: one tree with k edges, n components,
        // gives (k + 1)·2^(n−1) for every collection; two or more trees give 0.
        for (&(n, trees, k), numbers) in &cases {
            let expected = match (trees, k) {
                (1, Some(k)) => (k as u64 + 1) << (n - 1),
                _ => 0,
            };
            assert_eq!(numbers.keys().collect::<Vec<_>>(), [&expected], "{n} components, {trees} trees, k = {k:?}");
        }
        // Every target alike (by the graph count, which agrees with the solver above).
        for t in 0..30 {
            let others: Vec<usize> = (0..30).filter(|&c| c != t && u.fits[t][c] != 0).collect();
            let mut n = 0;
            for_each_subset_in(7, 0, binomial(others.len() as u64, 7), |s| {
                let edges: Vec<u8> =
                    (0..others.len()).filter(|&i| s >> i & 1 == 1).map(|i| u.fits[t][others[i]]).collect();
                n += u64::from(super::CornerComponents::of(&edges).shape() == (3, 1, Some(0)));
            });
            assert_eq!(n, 1728, "{}", u.names[t]);
        }
        // The example: a 2-cycle {134, 265}, a five-corner component with a cycle, and 253
        // alone, which Ba must fill.
        let ix = |n: &str| u.names.iter().position(|x| x == n).unwrap();
        let example = ["Ac", "Ad", "Ae", "Cb", "Cd", "Cf", "Db"];
        let edges: Vec<u8> = example.iter().map(|n| u.fits[ba][ix(n)]).collect();
        assert_eq!(super::CornerComponents::of(&edges).shape(), (3, 1, Some(0)));
        let mut fits = edges.clone();
        fits.push(u.fits[ba][ba]);
        assert_eq!(super::solution_number(&fits).unwrap(), 4);
    }
}
