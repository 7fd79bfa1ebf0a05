//! All magic cubes of one order and property, grouped into symmetry classes.

use super::cube::NumberCube;
use super::search::{Search, SearchSpec};
use super::symmetry::{classes, SymmetryClass};
use super::verify::Property;
use crate::Result;

/// Every cube of order 3 with `property` on A, A+D, …, A+26D, in search order.
pub fn order3(property: Property, start: i64, step: i64) -> Result<Vec<NumberCube>> {
    Ok(Search::new(SearchSpec::new(3, property, start, step)?)?.run_all())
}

/// Every semi-perfect cube of order 3 on A..A+26D and its symmetry classes.
pub fn order3_classes(start: i64, step: i64) -> Result<(usize, Vec<SymmetryClass>)> {
    let cubes = order3(Property::SemiPerfect, start, step)?;
    Ok((cubes.len(), classes(&cubes)))
}

#[cfg(test)]
mod tests {
    use super::super::verify::has_property;
    use super::*;

    /// An independent count in the seed's way: all 3×3 squares of distinct numbers
    /// 1..27 whose rows and columns sum to 42, then all triples of disjoint squares
    /// stacked as layers, checked by the verifier. Different order, different pruning.
    fn brute_force_by_layers() -> Vec<NumberCube> {
        let triples: Vec<[i64; 3]> = (1..=27)
            .flat_map(|a| (1..=27).flat_map(move |b| (1..=27).map(move |c| [a, b, c])))
            .filter(|t| t[0] + t[1] + t[2] == 42 && t[0] != t[1] && t[1] != t[2] && t[0] != t[2])
            .collect();
        let mask = |xs: &[i64]| xs.iter().fold(0u32, |m, &x| m | 1 << x);
        let mut layers: Vec<([i64; 9], u32)> = vec![];
        for a in &triples {
            for b in &triples {
                if mask(a) & mask(b) != 0 {
                    continue;
                }
                for c in &triples {
                    if (mask(a) | mask(b)) & mask(c) != 0 || (0..3).any(|i| a[i] + b[i] + c[i] != 42) {
                        continue;
                    }
                    let cells = [a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2]];
                    layers.push((cells, mask(&cells)));
                }
            }
        }
        // The bottom layer is forced by the pillars: look it up instead of looping.
        let known: std::collections::HashSet<[i64; 9]> = layers.iter().map(|l| l.0).collect();
        let mut found = vec![];
        for top in &layers {
            for mid in &layers {
                if top.1 & mid.1 != 0 {
                    continue;
                }
                let bottom: [i64; 9] = std::array::from_fn(|i| 42 - top.0[i] - mid.0[i]);
                if !known.contains(&bottom) || (top.1 | mid.1) & mask(&bottom) != 0 {
                    continue;
                }
                let cube = NumberCube::new(3, [top.0, mid.0, bottom].concat()).unwrap();
                if has_property(&cube, Property::SemiPerfect) {
                    found.push(cube);
                }
            }
        }
        found
    }

    #[test]
    #[ignore = "brute force over 70,992 layers, slow; run with --ignored"]
    fn search_agrees_with_brute_force_by_layers() {
        let mut fast = order3(Property::SemiPerfect, 1, 1).unwrap();
        let mut slow = brute_force_by_layers();
        assert!(!slow.is_empty());
        fast.sort();
        slow.sort();
        assert_eq!(fast, slow);
    }

    /// Two ways to the extra-property counts: a search that uses the property's lines, and
    /// a filter of the 192 semi-perfect cubes (each property includes the 4 triagonals).
    #[test]
    fn extra_property_counts_agree_with_filtering_the_semi_perfect_cubes() {
        let semi = order3(Property::SemiPerfect, 1, 1).unwrap();
        for property in [Property::Diagonal, Property::Pantriagonal, Property::Perfect] {
            let searched = order3(property, 1, 1).unwrap();
            let filtered: Vec<&NumberCube> = semi.iter().filter(|c| has_property(c, property)).collect();
            assert_eq!(searched.len(), filtered.len(), "{property:?}");
            assert!(searched.iter().all(|c| has_property(c, property)));
        }
    }

    #[test]
    fn classes_partition_the_cubes_into_full_orbits() {
        let (count, classes) = order3_classes(1, 1).unwrap();
        assert_eq!(classes.iter().map(|c| c.size).sum::<usize>(), count);
        // No symmetry but the identity fixes a cube of distinct numbers, so every orbit
        // has 48 members and the enumeration is complete on each orbit.
        assert!(classes.iter().all(|c| c.size == 48));
        for class in &classes {
            assert_eq!(class.representative.get(1, 1, 1), 14, "the centre of an order-3 cube is 14");
        }
    }
}
