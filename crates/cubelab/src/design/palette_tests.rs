use super::*;
use crate::census::engine::Engine;
use crate::census::Method;
use crate::notation::parse_cube;
use crate::target::Blocks;
use proptest::prelude::*;
use std::sync::OnceLock;

fn seven() -> &'static Wide {
    static W: OnceLock<Wide> = OnceLock::new();
    W.get_or_init(Wide::new)
}

fn index(name: &str) -> usize {
    seven().index_of(&parse_cube(name).unwrap()).unwrap()
}

fn spec(target: &str, arrangements: Option<u64>, seed: u64) -> BlocksSpec {
    BlocksSpec {
        targets: None,
        target: Some(parse_cube(target).unwrap()),
        arrangements,
        interior: false,
        repeats: false,
        cubes: BlockCubes::Sadisticube7,
        seed,
    }
}

#[test]
fn sets_building_a_target_are_the_family_programs() {
    // One target of each orbit of the color relabelings, and Ba: the permanents' program
    // summed over its numbers against Hall's condition in constructive form.
    let w = seven();
    let mut targets: Vec<usize> = w.orbits().iter().map(|o| o[0]).collect();
    targets.push(index("Ba"));
    targets.push(w.len() - 1);
    for t in targets {
        let by = sets_by_arrangements(w, t, |_| true, &Stop::new()).unwrap();
        let building: u64 = by.values().sum();
        let family = w.building_subsets(t, 8, &Stop::new()).unwrap()[8];
        assert_eq!(u128::from(building), family, "target {}", w.names[t]);
        assert!(building > 0);
    }
}

#[test]
fn on_macmahons_blocks_alone_the_counts_are_the_census_engines() {
    // The 30 blocks without color 7 are MacMahon's: the sets of 8 of them building Ba, by
    // arrangements, from the census engine's lists (the corner-graph theorems).
    let w = seven();
    let t = index("Ba");
    let engine = Engine::macmahon();
    let e = engine.index_of(&parse_cube("Ba").unwrap()).unwrap();
    let lists = engine
        .eight_sets_by_target(
            Method::Graph,
            |u, t, set| {
                let fits: Vec<u8> = (0..30).filter(|c| set >> c & 1 == 1).map(|c| u.fits[t][c]).collect();
                crate::census::graph::solution_number(&fits).unwrap_or(0)
            },
            &Stop::new(),
        )
        .unwrap();
    let mut census: BTreeMap<u64, u64> = BTreeMap::new();
    for &(_, n) in lists[e].iter().filter(|&&(_, n)| n > 0) {
        *census.entry(n).or_insert(0) += 1;
    }
    let ours = sets_by_arrangements(w, t, |c| c < 30, &Stop::new()).unwrap();
    assert_eq!(ours, census);
    assert!(ours.len() > 3, "{ours:?}");
}

/// Over 16 of the blocks fitting target `t` of `w`, every 8-subset is solved by the general
/// solver; the program's indices give exactly the subsets with each number of
/// arrangements, each once. Returns the largest weight among the 16.
fn every_index_is_one_set(w: &Wide, t: usize, step: usize) -> u8 {
    let all = weights(w, t).unwrap();
    let some: Vec<usize> = (0..w.len()).filter(|&c| all[c] != [0; 8]).step_by(step).take(16).collect();
    assert_eq!(some.len(), 16);
    let program = Program::run(w, t, |c| some.contains(&c), &Stop::new()).unwrap();
    let mut direct: BTreeMap<u64, Vec<Vec<usize>>> = BTreeMap::new();
    for rank in 0..binomial(16, 8) {
        let subset = unrank_subset_u64(rank, 8);
        let blocks: Vec<usize> = (0..16).filter(|&i| subset >> i & 1 == 1).map(|i| some[i]).collect();
        let cubes: Vec<Coloring> = blocks.iter().map(|&c| w.cubes[c]).collect();
        let n = Blocks::new(&cubes).unwrap().count(&w.cubes[t]).unwrap() as u64;
        if n > 0 {
            direct.entry(n).or_default().push(blocks);
        }
    }
    let counts = program.by_arrangements();
    assert_eq!(counts.keys().collect::<Vec<_>>(), direct.keys().collect::<Vec<_>>());
    for (&n, sets) in &mut direct {
        assert_eq!(counts[&n], sets.len() as u64, "{n} arrangements");
        let mut drawn: Vec<Vec<usize>> = (0..counts[&n]).map(|i| program.nth(|a| a == n, i).unwrap()).collect();
        assert!(program.nth(|a| a == n, counts[&n]).is_none());
        drawn.sort();
        sets.sort();
        assert_eq!(&drawn, sets, "{n} arrangements");
    }
    some.iter().flat_map(|&c| all[c]).max().unwrap()
}

#[test]
fn every_index_is_one_set_and_every_set_has_an_index() {
    assert_eq!(every_index_is_one_set(seven(), index("Ba"), 7), 1);
    assert!(!Program::run(seven(), index("Ba"), |_| true, &Stop::new()).unwrap().by_arrangements().is_empty());
    // C_4 and C_3: cubes with a repeated color fit some corners in several orientations.
    let c4 = BlockCubes::Colors(4).universe().unwrap();
    every_index_is_one_set(&c4, 0, 3);
    let c3 = BlockCubes::Colors(3).universe().unwrap();
    let heavy = (0..c3.len()).step_by(6).map(|t| every_index_is_one_set(&c3, t, 1)).max().unwrap();
    assert!(heavy > 1, "some weight above 1 among C_3's");
}

#[test]
fn c5_counts_what_halls_condition_builds() {
    for p in [5u8] {
        let w = BlockCubes::Colors(p).universe().unwrap();
        for t in (0..w.len()).step_by(15) {
            let by = sets_by_arrangements(&w, t, |_| true, &Stop::new()).unwrap();
            let family = w.building_subsets(t, 8, &Stop::new()).unwrap()[8];
            assert_eq!(u128::from(by.values().sum::<u64>()), family, "C_{p} target {}", w.names[t]);
        }
    }
}

#[test]
fn a_c5_design_is_solved_back() {
    let w = BlockCubes::Colors(5).universe().unwrap();
    let target = w.cubes[11].face_string();
    let d = super::super::blocks(&BlocksSpec { cubes: BlockCubes::Colors(5), ..spec(&target, None, 9) }, &Stop::new())
        .unwrap();
    assert_eq!(d.collections, binomial(75, 8));
    assert!(d.built.iter().any(|b| b.target.canonical() == w.cubes[11].canonical()));
    assert!(d.cubes.iter().all(|c| c.color_set().count_ones() == 5));
}

#[test]
fn a_designed_set_is_solved_back_with_the_number_asked_for() {
    let d = super::super::blocks(&spec("Ba", Some(232), 3), &Stop::new()).unwrap();
    let by = sets_by_arrangements(seven(), index("Ba"), |_| true, &Stop::new()).unwrap();
    assert_eq!(d.count, by[&232]);
    assert_eq!(d.collections, binomial(210, 8));
    assert_eq!(d.blocks.len(), 8);
    assert!(d.blocks.windows(2).all(|p| p[0] < p[1]));
    let ba = d.built.iter().find(|b| b.name == "Ba").unwrap();
    assert_eq!(ba.arrangements, 232);
    assert!(ba.dead_ends > 0 && ba.partial > 0);
    // The blocks use all seven colors or they would be MacMahon's, whose 8-sets build Ba
    // in at most 16 ways.
    assert!(d.cubes.iter().any(|c| c.color_set() >> 7 & 1 == 1));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Every draw meets the request when solved again over all 210 targets, and its count
    /// is the program's.
    #[test]
    fn draws_meet_the_request(seed in any::<u64>(), which in 0usize..210, pick in 0usize..1000) {
        let w = seven();
        let target = w.cubes[which].face_string();
        let by = sets_by_arrangements(w, which, |_| true, &Stop::new()).unwrap();
        let numbers: Vec<u64> = by.keys().copied().collect();
        let a = numbers[pick % numbers.len()];
        let d = super::super::blocks(&spec(&target, Some(a), seed), &Stop::new()).unwrap();
        prop_assert_eq!(d.count, by[&a]);
        let built = d.built.iter().find(|b| b.target.canonical() == w.cubes[which].canonical()).unwrap();
        prop_assert_eq!(built.arrangements, a);
        let any = super::super::blocks(&spec(&target, None, seed), &Stop::new()).unwrap();
        prop_assert_eq!(any.count, by.values().sum::<u64>());
    }
}

#[test]
fn requests_the_palette_cannot_meet_are_refused_with_their_field() {
    let refused = |s: BlocksSpec| super::super::blocks(&s, &Stop::new()).unwrap_err();
    let e = refused(BlocksSpec { targets: Some(1), ..spec("Ba", None, 1) });
    assert_eq!(e.field, Some("targets"));
    let e = refused(BlocksSpec { interior: true, ..spec("Ba", None, 1) });
    assert_eq!(e.field, Some("interior"));
    let e = refused(BlocksSpec { repeats: true, ..spec("Ba", None, 1) });
    assert_eq!(e.field, Some("repeats"));
    let e = refused(BlocksSpec { cubes: BlockCubes::Colors(6), ..spec("Ba", None, 1) });
    assert_eq!(e.field, Some("colors"));
    assert!(e.to_string().contains("no blocks of C_6"), "{e}");
    let e = refused(BlocksSpec { target: None, ..spec("Ba", None, 1) });
    assert_eq!(e.field, Some("target"));
    let e = refused(spec("112345", None, 1));
    assert_eq!(e.field, Some("target"));
    assert!(e.to_string().contains("not one of the 210 Sadisticube 7 blocks"), "{e}");
    let e = refused(BlocksSpec { cubes: BlockCubes::Colors(5), ..spec("Ba", None, 1) });
    assert!(e.to_string().contains("not one of the 75 cubes of C_5"), "{e}");
    let e = refused(BlocksSpec { cubes: BlockCubes::Colors(4), ..spec("112234", None, 1) });
    assert_eq!(e.field, Some("colors"));
    // A number no set has: the message lists the numbers there are.
    let by = sets_by_arrangements(seven(), index("Ba"), |_| true, &Stop::new()).unwrap();
    let missing = (1..).find(|a| !by.contains_key(a)).unwrap();
    let e = refused(spec("Ba", Some(missing), 1));
    assert_eq!(e.field, Some("arrangements"));
    assert!(e.to_string().contains(&ranges(by.keys().copied())), "{e}");
    assert_eq!(e.error.kind(), ErrorKind::OutOfRange);
}

#[test]
fn ranges_join_runs() {
    assert_eq!(ranges([1, 2, 3, 5, 7, 8].into_iter()), "1-3, 5, 7-8");
    assert_eq!(ranges(std::iter::empty()), "");
}
