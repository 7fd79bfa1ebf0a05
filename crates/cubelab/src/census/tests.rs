use super::combin::binomial;
use super::targets::{tally, BuildTables};
use super::*;

#[test]
fn table_2_by_the_graph_tables() {
    let u = Universe::macmahon();
    let tables = BuildTables::new(&u, Method::Graph).unwrap();
    let t = tally(&tables, 8, (1 << 30) - 1, 0..binomial(30, 8), true, &|_| {});
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
