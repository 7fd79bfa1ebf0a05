//! The engine gives identical results through both representations on universes that
//! fit in 32 bits (the wide representation forced), and matches the table engine.

use super::*;
use crate::coloring::Coloring;
use crate::rng::SplitMix64;
use crate::run::{NoProgress, Stop};
use proptest::prelude::*;
use std::sync::LazyLock;

/// C_3 (30 cubes, several orbits of relabelings) in both representations.
static C3: LazyLock<(Engine, Engine)> = LazyLock::new(|| {
    let cubes = exact_colorings(3).unwrap();
    let small = Engine::for_universe(cubes.clone()).unwrap();
    let wide = Engine::with_representation(cubes, Representation::Wide).unwrap();
    (small, wide)
});

/// The first 14 MacMahon cubes (a small universe whose targets are not all symmetric) in
/// both representations.
static SUB14: LazyLock<(Engine, Engine)> = LazyLock::new(|| {
    let cubes: Vec<Coloring> = Engine::macmahon().cubes()[..14].to_vec();
    let small = Engine::for_universe(cubes.clone()).unwrap();
    let wide = Engine::with_representation(cubes, Representation::Wide).unwrap();
    (small, wide)
});

/// MacMahon's 30 in both representations.
static MACMAHON: LazyLock<(Engine, Engine)> = LazyLock::new(|| {
    let small = Engine::macmahon();
    let wide = Engine::with_representation(small.cubes().to_vec(), Representation::Wide).unwrap();
    (small, wide)
});

#[test]
fn the_library_picks_the_representation_from_the_size() {
    assert_eq!(Engine::macmahon().representation(), Representation::Small);
    assert_eq!(Engine::exact_colors(3).unwrap().representation(), Representation::Small);
    assert_eq!(Engine::exact_colors(4).unwrap().representation(), Representation::Wide);
    assert_eq!(Engine::exact_colors(4).unwrap().len(), 68);
    assert_eq!(Engine::sadisticube7().len(), 210);
    assert_eq!(Representation::for_size(32), Representation::Small);
    assert_eq!(Representation::for_size(33), Representation::Wide);
    let c4 = exact_colorings(4).unwrap();
    assert!(Engine::with_representation(c4, Representation::Small).is_err());
    assert!(Engine::exact_colors(7).is_err());
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let (small, wide) = &*C3;
    for e in [small, wide] {
        assert!(e.built(&[0, 0, 1], Method::Graph).is_err());
        assert!(e.built(&[99], Method::Graph).is_err());
        assert!(e.tally(8, &(0..33).collect::<Vec<_>>(), None, Method::Graph, false, &NoProgress).is_err());
        assert!(e.tally(8, &(0..10).collect::<Vec<_>>(), Some(0..46), Method::Graph, false, &NoProgress).is_err());
        assert!(e.sample(31, 10, 1, Method::Graph, &NoProgress, &Stop::new()).is_err());
        assert!(e.exact_mean(31).is_err());
        assert!(e.universal_sets(8, Some(0..u64::MAX), Method::Graph, &NoProgress).is_err());
    }
    assert!(wide.infeasible(Method::Backtrack, &[0, 1], &NoProgress).is_err());
    assert!(Engine::sadisticube7().universal_sets(8, Some(0..1), Method::Graph, &NoProgress).is_err());
}

#[test]
fn exhaustive_tallies_agree_across_representations() {
    for (small, wide) in [&*SUB14, &*MACMAHON] {
        let within: Vec<usize> = (0..small.len()).filter(|c| c % 2 == 0 || *c < 5).collect();
        // (The graph method only: the backtrack method's tables decide every 8-set of
        // usable cubes for every target with the solver, minutes in a test build.)
        for k in [8usize, 9, 11] {
            let a = small.tally(k, &within, None, Method::Graph, true, &NoProgress).unwrap();
            let b = wide.tally(k, &within, None, Method::Graph, true, &NoProgress).unwrap();
            assert_eq!(a, b, "k={k}");
        }
        let within: Vec<usize> = (small.len() - 12..small.len()).collect();
        let a = small.tally_all_sizes(&within, Method::Graph, true, &NoProgress).unwrap();
        let b = wide.tally_all_sizes(&within, Method::Graph, true, &NoProgress).unwrap();
        assert_eq!(a, b);
        let shard = Some(1000..3000);
        let all: Vec<usize> = (0..small.len()).collect();
        let a = small.tally(7, &all, shard.clone(), Method::Graph, true, &NoProgress).unwrap();
        let b = wide.tally(7, &all, shard, Method::Graph, true, &NoProgress).unwrap();
        assert_eq!(a, b);
    }
}

#[test]
fn exact_means_searches_and_universal_sets_agree_across_representations() {
    for (small, wide) in [&*SUB14, &*MACMAHON] {
        for k in [8, 12, 14] {
            assert_eq!(small.exact_mean(k).unwrap(), wide.exact_mean(k).unwrap());
        }
        assert_eq!(small.universal_lower_bound(), wide.universal_lower_bound());
        assert_eq!(
            small.search_max_targets(3, 2, 200, &NoProgress, &Stop::new()).unwrap(),
            wide.search_max_targets(3, 2, 200, &NoProgress, &Stop::new()).unwrap()
        );
        assert!(small.search_max_targets(3, usize::MAX, 200, &NoProgress, &Stop::new()).is_err());
        assert!(small.search_max_targets(3, 2, usize::MAX, &NoProgress, &Stop::new()).is_err());
        assert_eq!(
            small.search_universal(12, 1, 2, 500, &NoProgress, &Stop::new()).unwrap(),
            wide.search_universal(12, 1, 2, 500, &NoProgress, &Stop::new()).unwrap()
        );
        let ranks = Some(0..binomial(small.len() as u64, 12).min(1000));
        assert_eq!(
            small.universal_sets(12, ranks.clone(), Method::Graph, &NoProgress).unwrap(),
            wide.universal_sets(12, ranks, Method::Graph, &NoProgress).unwrap()
        );
    }
    let (small, wide) = &*SUB14;
    let max =
        small.tally(8, &(0..14).collect::<Vec<_>>(), None, Method::Graph, false, &NoProgress).unwrap().max().unwrap();
    let a = small.eight_building_at_least(max, &NoProgress, &Stop::new()).unwrap();
    assert_eq!(a, wide.eight_building_at_least(max, &NoProgress, &Stop::new()).unwrap());
    assert_eq!(small.built(&a.unwrap(), Method::Graph).unwrap().len(), max);
    assert_eq!(small.eight_building_at_least(max + 1, &NoProgress, &Stop::new()).unwrap(), None);
}

#[test]
fn the_exact_mean_matches_the_exhaustive_census_for_macmahon() {
    let (small, _) = &*MACMAHON;
    let t = small.tally(8, &(0..30).collect::<Vec<_>>(), None, Method::Graph, false, &NoProgress).unwrap();
    assert_eq!(t.sets, 5_852_925);
    assert!((small.exact_mean(8).unwrap() - t.mean()).abs() < 1e-9);
}

#[test]
fn samples_are_reproducible_in_both_representations() {
    let (small, wide) = &*MACMAHON;
    for e in [small, wide] {
        let a = e.sample(9, 3000, 5, Method::Graph, &NoProgress, &Stop::new()).unwrap();
        assert_eq!(a, e.sample(9, 3000, 5, Method::Graph, &NoProgress, &Stop::new()).unwrap());
        assert_eq!(a.sets, 3000);
        // Both estimate the same exact mean.
        assert!((a.mean() - e.exact_mean(9).unwrap()).abs() < 0.5, "{} vs {}", a.mean(), e.exact_mean(9).unwrap());
    }
}

#[test]
fn the_infeasible_search_runs_through_the_engine() {
    let (small, _) = &*MACMAHON;
    let within: Vec<usize> = (20..30).collect();
    let g = small.infeasible(Method::Graph, &within, &NoProgress).unwrap();
    assert_eq!(g, small.infeasible(Method::Backtrack, &within, &NoProgress).unwrap());
    assert!(g.max >= 10);
}

#[test]
fn sets_parse_to_sorted_indices() {
    for e in [&MACMAHON.0, &MACMAHON.1] {
        let set = e.parse_set(&["Fc", "Ac"]).unwrap();
        assert_eq!(e.set_names(&set), vec!["Ac", "Fc"]);
        assert!(e.parse_set(&["Ac", "Ac"]).is_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// What a random set builds is the same through the subset tables (small), Hall's
    /// condition on 256-bit sets (wide) and the general solver.
    #[test]
    fn built_agrees_across_representations(seed in any::<u64>(), k in 6usize..16) {
        for (small, wide) in [&*C3, &*SUB14, &*MACMAHON] {
            let mut rng = SplitMix64(seed);
            let set = crate::census::wide::random_subset(&mut rng, small.len(), k.min(small.len()));
            let a = small.built(&set, Method::Graph).unwrap();
            prop_assert_eq!(&a, &wide.built(&set, Method::Graph).unwrap());
            if k <= 10 {
                prop_assert_eq!(&a, &wide.built(&set, Method::Backtrack).unwrap());
            }
        }
    }
}

/// The batch operations: prefix ranges add up to the whole walk, an unsorted `within`
/// tallies the same sets (over its own positions), and what only the small representation
/// offers is refused on a wide engine.
#[test]
fn batch_operations_agree_and_refuse_the_wide_representation() {
    let small = Engine::macmahon();
    let within: Vec<usize> = (0..12).collect();
    let whole = small.tally_all_sizes(&within, Method::Graph, false, &NoProgress).unwrap();
    let cut = Engine::prefixes(within.len()) / 3;
    let parts = [0..cut, cut..Engine::prefixes(within.len())]
        .map(|r| small.tally_all_sizes_in(&within, r, Method::Graph, false, &NoProgress, &Stop::new()).unwrap());
    let [a, b] = parts;
    let merged: Vec<Tally> = a.into_iter().zip(b).map(|(x, y)| x.merge(y)).collect();
    assert_eq!(merged, whole);
    let reversed: Vec<usize> = within.iter().rev().copied().collect();
    let r = small.tally(5, &reversed, None, Method::Graph, true, &NoProgress).unwrap();
    let s = small.tally(5, &within, None, Method::Graph, true, &NoProgress).unwrap();
    assert_eq!((r.histogram.clone(), r.sets), (s.histogram.clone(), s.sets));
    let flip = |p: u32| (0..12).filter(|&i| p >> i & 1 == 1).fold(0u32, |m, i| m | 1 << (11 - i));
    let mut rs: Vec<u32> = r.max_sets.iter().map(|&p| flip(p)).collect();
    let mut ss = s.max_sets.clone();
    rs.sort_unstable();
    ss.sort_unstable();
    assert_eq!(rs, ss);
    let t = small.sample_within(8, &within, 500, 7, Method::Graph, &NoProgress, &Stop::new()).unwrap();
    assert_eq!(t.sets, 500);
    let wide = Engine::sadisticube7();
    let out = |e: Result<(), Error>| e.unwrap_err().kind() == crate::ErrorKind::OutOfRange;
    assert!(out(wide.sample_within(8, &within, 5, 7, Method::Graph, &NoProgress, &Stop::new()).map(|_| ())));
    assert!(out(wide.solution_numbers(0, Method::Graph, 0..1, &NoProgress).map(|_| ())));
    assert!(out(wide.infeasible_search(Method::Graph, &within).map(|_| ())));
    assert!(out(wide.multiset_census(Method::Graph, &NoProgress, &Stop::new()).map(|_| ())));
    assert_eq!(
        small.solution_numbers(5, Method::Graph, 0..small.collections(), &NoProgress).unwrap().values().sum::<u64>(),
        133_680
    );
}

/// Runs `op` with a token that a progress observer raises once `after` units are done,
/// and checks that it ends with `Stopped` (no result) before half of its `total` units.
fn stops_midway<T: std::fmt::Debug>(
    what: &str,
    total: u64,
    after: u64,
    op: impl FnOnce(&dyn crate::run::Progress, &Stop) -> Result<T, Error>,
) {
    let progress = crate::run::RaiseAfter::new(after);
    let e = op(&progress, &progress.stop).expect_err(what);
    assert_eq!(e.kind(), crate::ErrorKind::Stopped, "{what}: {e}");
    assert!(progress.done() < total / 2, "{what}: {} of {total} units done", progress.done());
}

/// The exhaustive universal-set search polls the token per chunk of sets, on the subset
/// tables (86,493,225 sets of 12 in chunks of 262,144) and without them (chunks of 4,096).
#[test]
fn a_stop_raised_mid_run_ends_a_universal_set_search() {
    // A fresh engine: the first lookup of its subset tables is built inside the search (a
    // table shared with a concurrent test could be first built outside the thread pool,
    // which blocks the pool's threads waiting on it).
    let small = Engine::macmahon();
    let (_, wide) = &*MACMAHON;
    let total = binomial(30, 12);
    for e in [&small, wide] {
        stops_midway("universal sets", total, 1, |p, stop| e.universal_sets_until(12, None, Method::Graph, p, stop));
    }
}

/// The solution-number census polls the token per chunk of collections, by either method.
#[test]
fn a_stop_raised_mid_run_ends_a_solution_number_census() {
    let small = Engine::macmahon();
    for method in [Method::Graph, Method::Backtrack] {
        let total = small.collections();
        stops_midway("solution numbers", total, 1, |p, stop| {
            small.solution_numbers_until(5, method, 0..total, p, stop)
        });
    }
}

/// The census of every subset on the subset tables polls the token per prefix (1,024
/// prefixes of 2^20 sets each for the 30 cubes).
#[test]
fn a_stop_raised_mid_run_ends_a_census_of_every_subset() {
    let small = Engine::macmahon();
    let within: Vec<usize> = (0..30).collect();
    let total = Engine::prefixes(30);
    stops_midway("every subset", total, 1, |p, stop| {
        small.tally_all_sizes_in(&within, 0..total, Method::Graph, false, p, stop)
    });
}
