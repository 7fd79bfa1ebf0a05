use super::combin::binomial;
use super::targets::{tally, BuildTables};
use super::*;
use crate::run::NoProgress;

#[test]
fn table_2_by_the_graph_tables() {
    let u = Universe::macmahon();
    let tables = BuildTables::new(&u, Method::Graph).unwrap();
    let t = tally(&tables, 8, (1 << 30) - 1, 0..binomial(30, 8), true, &NoProgress).unwrap();
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
    let sets = super::targets::universal_sets(&tables, 12, (1 << 30) - 1, 0..binomial(30, 12), &NoProgress).unwrap();
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
