use super::combin::binomial;
use super::targets::{tally, BuildTables};
use super::*;
use crate::run::{NoProgress, Stop};

#[test]
fn table_2_by_the_graph_tables() {
    let u = Universe::macmahon();
    let tables = BuildTables::new(&u, Method::Graph).unwrap();
    let t = tally(&tables, 8, (1 << 30) - 1, 0..binomial(30, 8), true, &NoProgress, &Stop::new()).unwrap();
    assert_eq!(t.sets, 5_852_925);
    assert_eq!(t.max(), Some(5));
    assert_eq!(t.max_sets.len() as u64, t.histogram[5]);
    println!("{:?}", t.histogram);
}

#[test]
fn color_symmetry_maps_targets_to_targets() {
    let u = Universe::macmahon();
    for to in 0..30 {
        let (perm, corners) = u.target_symmetry(0, to).expect("S6 is transitive on the 30 cubes");
        let mut seen = perm.clone();
        seen.sort();
        assert_eq!(seen, (0..30).collect::<Vec<_>>());
        assert_eq!(perm[0], to);
        let mut c = corners.to_vec();
        c.sort();
        assert_eq!(c, (0..8).collect::<Vec<_>>());
    }
}

/// Johnson–Roldán Conjecture 4 (exactly ten minimum universal sets of 12) and the rules of
/// their Conjecture 8, checked on the exhaustive list.
#[test]
fn ten_universal_sets_of_12_follow_conjecture_8() {
    let u = Universe::macmahon();
    let tables = BuildTables::new(&u, Method::Graph).unwrap();
    let sets =
        super::targets::universal_sets(&tables, 12, (1 << 30) - 1, 0..binomial(30, 12), &NoProgress, &Stop::new())
            .unwrap();
    assert_eq!(sets.len(), 10);
    let name = |r: u8, c: u8| format!("{}{}", (b'A' + r) as char, (b'a' + c) as char);
    for &s in &sets {
        let names = u.set_names(s);
        let has = |n: &str| names.iter().any(|x| x == n);
        let row_a: Vec<u8> = (1..6).filter(|&c| has(&name(0, c))).collect();
        assert_eq!(row_a.len(), 2, "two cubes from row A in {names:?}");
        let (x, y) = (row_a[0], row_a[1]);
        for n in [name(x, 0), name(y, 0), name(x, y), name(y, x)] {
            assert!(has(&n), "{n} in {names:?}");
        }
        let rest: Vec<u8> = (1..6).filter(|&r| r != x && r != y).collect();
        for &w in &rest {
            for &z in &rest {
                if w != z {
                    assert!(has(&name(w, z)), "{} in {names:?}", name(w, z));
                }
            }
        }
    }
}

/// The 720 permutations of the colors 1..=6, as relabeling maps indexed by color.
fn color_permutations() -> Vec<Vec<crate::coloring::Color>> {
    use crate::coloring::Color;
    let mut out = Vec::new();
    let mut p = [1u8, 2, 3, 4, 5, 6];
    // Heap's algorithm over the six colors.
    fn heap(k: usize, p: &mut [u8; 6], out: &mut Vec<Vec<Color>>) {
        if k == 1 {
            out.push(std::iter::once(Color(0)).chain(p.iter().map(|&c| Color(c))).collect());
            return;
        }
        for i in 0..k {
            heap(k - 1, p, out);
            if k % 2 == 0 {
                p.swap(i, k - 1);
            } else {
                p.swap(0, k - 1);
            }
        }
    }
    heap(6, &mut p, &mut out);
    out
}

/// Johnson–Roldán §6: "These ten minimum universal sets ... form an orbit of the S6 group
/// action on sets of 12 MacMahon cubes. We have observed many 3-cycles within this orbit
/// that send a minimum universal set of cubes to itself. However, these 3-cycles are not
/// the identity on individual cubes." Computed: the orbit of one set under the 720 color
/// permutations is exactly the ten universal sets (its stabilizer has order 72); each of
/// the 40 3-cycles fixes exactly one of the ten, so 4 fix each set, and each of them moves
/// all 12 of its cubes.
#[test]
fn the_ten_universal_sets_are_one_s6_orbit_fixed_by_3_cycles_that_move_cubes() {
    let u = Universe::macmahon();
    let tables = BuildTables::new(&u, Method::Graph).unwrap();
    let start = u.parse_set(&["Ab", "Af", "Ba", "Bf", "Cd", "Ce", "Dc", "De", "Ec", "Ed", "Fa", "Fb"]).unwrap();
    assert_eq!(tables.count(start).unwrap(), 30);
    let perms = color_permutations();
    assert_eq!(perms.len(), 720);
    let cube_perms: Vec<Vec<usize>> =
        perms.iter().map(|map| u.cubes.iter().map(|c| u.index_of(&c.recolored(map)).unwrap()).collect()).collect();
    let image = |p: &[usize], set: u32| (0..30).filter(|&c| set >> c & 1 == 1).fold(0u32, |s, c| s | 1 << p[c]);
    let orbit: std::collections::BTreeSet<u32> = cube_perms.iter().map(|p| image(p, start)).collect();
    assert_eq!(orbit.len(), 10, "one orbit of ten sets (stabilizer of order 720 / 10 = 72)");
    assert!(orbit.iter().all(|&s| tables.count(s).unwrap() == 30), "every image is universal");
    assert_eq!(cube_perms.iter().filter(|p| image(p, start) == start).count(), 72);
    let mut fixing_start = 0;
    for (map, p) in perms.iter().zip(&cube_perms) {
        // A permutation moving exactly three colors is a 3-cycle.
        if (1..=6).filter(|&c| map[c].0 as usize != c).count() != 3 {
            continue;
        }
        assert_eq!(orbit.iter().filter(|&&s| image(p, s) == s).count(), 1, "a 3-cycle fixes one of the ten");
        if image(p, start) == start {
            fixing_start += 1;
            let moved = (0..30).filter(|&c| start >> c & 1 == 1 && p[c] != c).count();
            assert_eq!(moved, 12, "a 3-cycle fixing the set moves every cube of it");
        }
    }
    assert_eq!(fixing_start, 4);
}

/// Johnson–Roldán §6 on Haraguchi's set: "a target in the set has 9 collections (two with
/// solution number 8, seven with 2); a target outside it has one collection, with 4".
/// Checked per collection of 8, for every one of the ten minimum universal sets (found as
/// the orbit of one under the color permutations).
#[test]
fn haraguchis_set_splits_into_collections_as_printed_for_all_ten_sets() {
    let u = Universe::macmahon();
    let start = u.parse_set(&["Ab", "Af", "Ba", "Bf", "Cd", "Ce", "Dc", "De", "Ec", "Ed", "Fa", "Fb"]).unwrap();
    let mut sets = std::collections::BTreeSet::new();
    for map in &color_permutations() {
        let cube_perm: Vec<usize> = u.cubes.iter().map(|c| u.index_of(&c.recolored(map)).unwrap()).collect();
        sets.insert((0..30).filter(|&c| start >> c & 1 == 1).fold(0u32, |s, c| s | 1 << cube_perm[c]));
    }
    assert_eq!(sets.len(), 10);
    for &set in &sets {
        let members: Vec<usize> = (0..30).filter(|&c| set >> c & 1 == 1).collect();
        for t in 0..30 {
            // "Exactly three other cubes from his set have no corner numbers in common with
            // the target" (its mirror, and the cubes in its row and its column) when the
            // target is in the set; four (in its row or column) when it is not.
            let useless: Vec<usize> = members.iter().copied().filter(|&c| u.fits[t][c] == 0).collect();
            let (row, col) = (u.names[t].as_bytes()[0], u.names[t].as_bytes()[1].to_ascii_uppercase());
            let mirror = crate::macmahon::cubes()[t].mirror_name();
            let expected: Vec<usize> = members
                .iter()
                .copied()
                .filter(|&c| {
                    let n = u.names[c].as_bytes();
                    c != t && (n[0] == row || n[1].to_ascii_uppercase() == col || u.names[c] == mirror)
                })
                .collect();
            assert_eq!(useless, expected, "target {}", u.names[t]);
            assert_eq!(useless.len(), if set >> t & 1 == 1 { 3 } else { 4 }, "target {}", u.names[t]);
            let mut numbers = Vec::new();
            for w in 0u32..1 << 12 {
                if w.count_ones() != 8 {
                    continue;
                }
                let fits: Vec<u8> = (0..12).filter(|&i| w >> i & 1 == 1).map(|i| u.fits[t][members[i]]).collect();
                let n = super::graph::solution_number(&fits).unwrap();
                if n > 0 {
                    numbers.push(n);
                }
            }
            numbers.sort();
            if set >> t & 1 == 1 {
                assert_eq!(numbers, [2, 2, 2, 2, 2, 2, 2, 8, 8], "target {} in {:?}", u.names[t], u.set_names(set));
            } else {
                assert_eq!(numbers, [4], "target {} outside {:?}", u.names[t], u.set_names(set));
            }
        }
    }
}
