//! The 48 symmetries (rotations and reflections) of a cube acting on its cells, canonical
//! representatives and symmetry classes.
//!
//! A symmetry permutes the three axes (layer, row, cell) and reverses some of them; the
//! 6 × 8 = 48 such maps are exactly the rotations and reflections of the cube.

use super::cube::NumberCube;
use std::collections::BTreeMap;

/// One symmetry: the new (layer, row, cell) takes its `a`-th coordinate from old axis
/// `axes[a]`, reversed when `reverse[a]` is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Symmetry {
    /// For each new axis, the old axis it reads.
    pub axes: [usize; 3],
    /// For each new axis, whether it runs the other way.
    pub reverse: [bool; 3],
}

const AXIS_PERMUTATIONS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// The 48 symmetries, identity first.
pub(crate) fn symmetries() -> Vec<Symmetry> {
    let mut all = vec![];
    for axes in AXIS_PERMUTATIONS {
        for bits in 0..8u8 {
            all.push(Symmetry { axes, reverse: [bits & 1 != 0, bits & 2 != 0, bits & 4 != 0] });
        }
    }
    all
}

impl Symmetry {
    /// Whether this is a proper rotation (determinant +1).
    #[cfg(test)]
    pub(crate) fn is_rotation(&self) -> bool {
        let odd_permutation = matches!(self.axes, [0, 2, 1] | [1, 0, 2] | [2, 1, 0]);
        let flips = self.reverse.iter().filter(|&&r| r).count();
        (odd_permutation as usize + flips) & 1 == 0
    }

    /// For each new cell index, the old cell index it takes its number from.
    pub(crate) fn cell_map(&self, n: usize) -> Vec<usize> {
        let mut map = Vec::with_capacity(n * n * n);
        for l in 0..n {
            for r in 0..n {
                for c in 0..n {
                    let new = [l, r, c];
                    let mut old = [0; 3];
                    for a in 0..3 {
                        old[self.axes[a]] = if self.reverse[a] { n - 1 - new[a] } else { new[a] };
                    }
                    map.push((old[0] * n + old[1]) * n + old[2]);
                }
            }
        }
        map
    }

    /// The image of a cube under this symmetry.
    #[cfg(test)]
    pub(crate) fn apply(&self, cube: &NumberCube) -> NumberCube {
        let cells = self.cell_map(cube.order()).iter().map(|&i| cube.cells()[i]).collect();
        NumberCube::new(cube.order(), cells).expect("same size")
    }
}

/// The 48 cell maps of order `n`, identity first (precompute once for many cubes).
pub(crate) fn cell_maps(n: usize) -> Vec<Vec<usize>> {
    symmetries().iter().map(|s| s.cell_map(n)).collect()
}

/// The least of the 48 images of `cells` in lexicographic order of the cell lists.
pub(crate) fn canonical_cells(cells: &[i64], maps: &[Vec<usize>]) -> Vec<i64> {
    let mut best: Vec<i64> = cells.to_vec();
    let mut candidate = vec![0; cells.len()];
    for map in &maps[1..] {
        for (slot, &from) in candidate.iter_mut().zip(map) {
            *slot = cells[from];
        }
        if candidate < best {
            best.copy_from_slice(&candidate);
        }
    }
    best
}

/// A class of cubes equivalent under the 48 symmetries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymmetryClass {
    /// The lexicographically least member (cells in layer/row/cell order).
    pub representative: NumberCube,
    /// How many of the given cubes fall into this class.
    pub size: usize,
}

/// Groups cubes into symmetry classes, sorted by order, then by representative (cubes
/// of different orders are never in one class).
pub fn classes(cubes: &[NumberCube]) -> Vec<SymmetryClass> {
    let mut maps_of: BTreeMap<usize, Vec<Vec<usize>>> = BTreeMap::new();
    let mut by_rep: BTreeMap<(usize, Vec<i64>), usize> = BTreeMap::new();
    for cube in cubes {
        let n = cube.order();
        let maps = maps_of.entry(n).or_insert_with(|| cell_maps(n));
        *by_rep.entry((n, canonical_cells(cube.cells(), maps))).or_default() += 1;
    }
    by_rep
        .into_iter()
        .map(|((n, cells), size)| SymmetryClass { representative: NumberCube::new(n, cells).expect("size"), size })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cubes_of_different_orders_fall_into_different_classes() {
        let two = NumberCube::new(2, (1..=8).collect()).unwrap();
        let three = NumberCube::new(3, (1..=27).collect()).unwrap();
        let got = classes(&[three.clone(), two.clone(), three]);
        assert_eq!(got.iter().map(|c| (c.representative.order(), c.size)).collect::<Vec<_>>(), [(2, 1), (3, 2)]);
    }

    #[test]
    fn forty_eight_distinct_symmetries_half_of_them_rotations() {
        let maps = cell_maps(3);
        assert_eq!(maps.len(), 48);
        let mut sorted = maps.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 48);
        assert_eq!(maps[0], (0..27).collect::<Vec<_>>());
        assert_eq!(symmetries().iter().filter(|s| s.is_rotation()).count(), 24);
        // Closed under composition: every composite map is one of the 48.
        for a in &maps {
            for b in &maps {
                let ab: Vec<usize> = (0..27).map(|i| a[b[i]]).collect();
                assert!(sorted.binary_search(&ab).is_ok());
            }
        }
    }
}

#[cfg(test)]
mod properties {
    use super::super::enumerate::order3;
    use super::super::verify::{has_property, Property};
    use super::*;
    use proptest::prelude::*;
    use std::sync::OnceLock;

    fn all_192() -> &'static [NumberCube] {
        static CUBES: OnceLock<Vec<NumberCube>> = OnceLock::new();
        CUBES.get_or_init(|| order3(Property::SemiPerfect, 1, 1).unwrap())
    }

    proptest! {
        #[test]
        fn every_symmetry_maps_magic_cubes_to_magic_cubes(cube in 0..192usize, symmetry in 0..48usize) {
            let image = symmetries()[symmetry].apply(&all_192()[cube]);
            prop_assert!(has_property(&image, Property::SemiPerfect));
            prop_assert!(all_192().contains(&image), "the enumeration is closed under symmetry");
        }

        #[test]
        fn swapping_two_cells_is_always_flagged(cube in 0..192usize, a in 0..27usize, b in 0..27usize) {
            prop_assume!(a != b);
            let mut cells = all_192()[cube].cells().to_vec();
            cells.swap(a, b);
            prop_assert!(!has_property(&NumberCube::new(3, cells).unwrap(), Property::SemiPerfect));
        }

        #[test]
        fn the_canonical_form_is_the_same_for_the_whole_orbit(cube in 0..192usize, symmetry in 0..48usize) {
            let maps = cell_maps(3);
            let c = &all_192()[cube];
            let image = symmetries()[symmetry].apply(c);
            prop_assert_eq!(canonical_cells(c.cells(), &maps), canonical_cells(image.cells(), &maps));
        }
    }

    /// The seed's trick: the set of the 8 corner numbers is kept by every symmetry, and for
    /// order 3 it tells the 4 classes apart.
    #[test]
    fn corner_sets_tell_the_order_3_classes_apart() {
        let corners = |c: &NumberCube| {
            let mut k: Vec<i64> = [0, 2, 6, 8, 18, 20, 24, 26].iter().map(|&i| c.cells()[i]).collect();
            k.sort();
            k
        };
        let classes = classes(all_192());
        let mut keys: Vec<Vec<i64>> = classes.iter().map(|c| corners(&c.representative)).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), classes.len());
        for cube in all_192() {
            let rep = classes.iter().find(|k| canonical_cells(cube.cells(), &cell_maps(3)) == k.representative.cells());
            assert_eq!(corners(cube), corners(&rep.unwrap().representative));
        }
    }
}
