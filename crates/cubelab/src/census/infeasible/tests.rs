mod unit {
    use super::super::direct::{infeasible, matches_all_corners};
    use super::super::graph::graph_cover;
    use super::super::*;
    use crate::rng::SplitMix64;

    #[test]
    fn graph_cover_agrees_with_the_matching_on_random_multisets() {
        let u = Universe::macmahon();
        let f = Fits::new(&u);
        let mut rng = SplitMix64(5);
        for _ in 0..3000 {
            let mut m = vec![0u8; 30];
            for _ in 0..rng.below(14) {
                m[rng.below(30) as usize] += 1;
            }
            let t = rng.below(30) as usize;
            assert_eq!(graph_cover(&f, t, &m) >= 8, matches_all_corners(&f, t, &m), "{m:?} target {t}");
        }
    }

    /// Why 7 + 7 + 7 + 1 + 1 cubes of one row (or column) of the tableau build nothing: the
    /// five share no corner type, so a target in the line is fitted only by its own copies
    /// (7), and for a target outside it four of the five are disjoint edges covering its 8
    /// corners, the fifth fits nothing; a cube with one copy covers one corner, so at most
    /// 2 + 2 + 2 + 1 = 7 corners are covered. Four cubes with two copies would cover 8.
    #[test]
    fn lines_of_the_tableau_are_perfect_matchings_of_every_other_target() {
        let u = Universe::macmahon();
        for line in 0..12 {
            let letter = if line < 6 { (b'A' + line as u8) as char } else { (b'a' + line as u8 - 6) as char };
            let cubes: Vec<usize> = (0..30).filter(|&c| u.names[c].contains(letter)).collect();
            assert_eq!(cubes.len(), 5);
            for t in 0..30 {
                let masks: Vec<u8> = cubes.iter().filter(|&&c| c != t).map(|&c| u.fits[t][c]).collect();
                if cubes.contains(&t) {
                    assert!(masks.iter().all(|&m| m == 0), "{} in line {letter}", u.names[t]);
                } else {
                    assert_eq!(masks.iter().filter(|&&m| m == 0).count(), 1);
                    assert!(masks.iter().all(|&m| m == 0 || m.count_ones() == 2));
                    assert_eq!(masks.iter().fold(0u8, |a, &m| a | m), 0xFF, "{} and line {letter}", u.names[t]);
                }
            }
        }
    }

    #[test]
    fn seven_copies_of_one_cube_build_nothing_and_eight_build_it() {
        let u = Universe::macmahon();
        let f = Fits::new(&u);
        let mut m = vec![0u8; 30];
        m[4] = 7;
        assert!(infeasible(&f, &m));
        m[4] = 8;
        assert!(!infeasible(&f, &m));
        assert!(matches_all_corners(&f, 4, &m));
    }
}

mod slice {
    use super::super::direct::infeasible;
    use super::super::*;
    use crate::run::NoProgress;

    /// The CI slice: multisets of the last 13 cubes of the tableau, both methods, every
    /// maximum checked by the solver (in `finish`), and each one maximal: one more copy of
    /// any cube builds something.
    #[test]
    fn both_methods_agree_on_the_multisets_of_thirteen_cubes() {
        let u = Universe::macmahon();
        let within = (17..30).fold(0u32, |s, c| s | 1 << c);
        let run = |method| {
            let search = InfeasibleSearch::new(&u, method, within).unwrap();
            let items = search.items();
            // In two pieces, merged in the other order.
            let a = search.run(0..items / 3, 0, &NoProgress);
            let b = search.run(items / 3..items, 0, &NoProgress);
            search.finish(b.merge(a)).unwrap()
        };
        let (g, d) = (run(Method::Graph), run(Method::Backtrack));
        assert_eq!(g, d);
        assert!(g.max >= 21 && g.count > 0, "{g:?}");
        let f = Fits::new(&u);
        for m in &g.maximum {
            assert_eq!(m.iter().map(|&k| k as usize).sum::<usize>(), g.max);
            for c in 0..30 {
                let mut more = m.clone();
                more[c] += 1;
                assert!(!infeasible(&f, &more), "{m:?} plus cube {c}");
            }
        }
    }
}

mod full {
    /// The whole search in one batch (what `Engine::infeasible` does, on a bare universe).
    fn largest_infeasible(u: &Universe, method: Method) -> Result<InfeasibleCensus, Error> {
        let search = InfeasibleSearch::new(u, method, u32::MAX)?;
        let part = search.run(0..search.items(), 0, &NoProgress);
        search.finish(part)
    }

    use super::super::*;
    use crate::run::NoProgress;

    #[test]
    #[ignore = "exhaustive; run with --release --ignored"]
    fn both_methods_find_the_same_maximum() {
        let u = Universe::macmahon();
        let t0 = std::time::Instant::now();
        let g = largest_infeasible(&u, Method::Graph).unwrap();
        eprintln!(
            "graph {:?}: max {} count {} supports {} {:?}",
            t0.elapsed(),
            g.max,
            g.count,
            g.supports,
            g.sets_by_size
        );
        eprintln!("{:?}", g.maximum.first());
        let t0 = std::time::Instant::now();
        let d = largest_infeasible(&u, Method::Backtrack).unwrap();
        eprintln!("direct {:?}: max {} count {}", t0.elapsed(), d.max, d.count);
        assert_eq!(g, d);
        // Haraguchi's 23, and the 120 multisets: 12 lines of the tableau x C(5, 2) singles.
        assert_eq!((g.max, g.count), (23, 120));
    }
}

mod symmetry {
    use super::super::direct::infeasible;
    use super::super::*;

    #[test]
    fn macmahon_symmetries_are_1440_and_keep_infeasibility() {
        let u = Universe::macmahon();
        assert_eq!(u.symmetries(false).len(), 720);
        let all = u.symmetries(true);
        assert_eq!(all.len(), 1440);
        // Random multisets and their images under random symmetries: infeasibility is invariant.
        let f = Fits::new(&u);
        let mut rng = crate::rng::SplitMix64(11);
        for _ in 0..200 {
            let mut m = vec![0u8; 30];
            for _ in 0..rng.below(12) {
                m[rng.below(30) as usize] += 1;
            }
            let perm = &all[rng.below(1440) as usize];
            let mut image = vec![0u8; 30];
            for c in 0..30 {
                image[perm[c]] = m[c];
            }
            assert_eq!(infeasible(&f, &m), infeasible(&f, &image));
        }
        let classes = classes(&[vec![1; 30]], &all);
        assert_eq!(classes, vec![(vec![1; 30], 1)]);
    }
}

mod stop {
    use super::super::*;
    use crate::run::RaiseAfter;
    use crate::ErrorKind;

    /// A raised token ends one item's walk at its next look (after `POLL_EVERY - 1`
    /// supports), and a search over many items soon after the first is done, with
    /// `Stopped` and no part.
    #[test]
    fn a_stop_raised_mid_search_ends_it_with_stopped() {
        let u = Universe::macmahon();
        let search = InfeasibleSearch::new(&u, Method::Graph, (8..30).fold(0u32, |s, c| s | 1 << c)).unwrap();
        let seed = *search.seeds.iter().find(|s| s.count_ones() == SEED_SIZE).unwrap();
        let state = search.state_of(seed);
        let walk = |stop: &Stop| {
            let mut part = Part::default();
            let r = search.walk(
                seed,
                &state,
                &AtomicUsize::new(0),
                &mut part,
                &mut crate::run::Poll::every(stop, POLL_EVERY),
            );
            (r, part.sets_by_size.iter().sum::<u64>())
        };
        let (whole, supports) = walk(&Stop::new());
        whole.unwrap();
        assert!(supports > POLL_EVERY as u64, "{supports} supports above the first seed");
        let raised = Stop::new();
        raised.request();
        let (cut, walked) = walk(&raised);
        assert_eq!(cut.unwrap_err().kind(), ErrorKind::Stopped);
        assert_eq!(walked, POLL_EVERY as u64 - 1);
        let progress = RaiseAfter::new(1);
        let e = search.run_until(0..search.items(), 0, &progress, &progress.stop).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Stopped);
        assert!(progress.done() < search.items() / 2, "{} of {} items done", progress.done(), search.items());
    }
}
