use super::tally::radix_sort;
use super::walk::expand_truth_table;
use super::*;
use crate::combin::{binomial, for_each_subset_in};
use crate::rng::SplitMix64;
use crate::run::{NoProgress, Stop};

#[test]
fn all_sizes_walk_matches_per_size_tallies() {
    let u = Universe::macmahon();
    let tables = BuildTables::new(&u, Method::Graph).unwrap();
    // Within a set of 14 cubes: every size by the walk, against the per-size tally.
    // (The first grouped: the lowest members sit in the low index bits of every table;
    // the second not, so it takes the one-set-at-a-time path.)
    for within in [0b1111_1111_1111_1111u32, (0..30).filter(|c| c % 2 == 0 || *c < 3).fold(0, |m, c| m | 1 << c)] {
        let n = within.count_ones() as usize;
        let walk = tally_all_sizes(&tables, within, 0..prefix_count(n), true, &NoProgress, &Stop::new()).unwrap();
        assert_eq!(walk.len(), n + 1);
        for (k, w) in walk.into_iter().enumerate() {
            let direct =
                tally(&tables, k, within, 0..binomial(n as u64, k as u64), true, &NoProgress, &Stop::new()).unwrap();
            assert_eq!(w, direct, "size {k}");
        }
    }
}

#[test]
fn truth_tables_expand_over_unused_variables() {
    let mut rng = SplitMix64(11);
    for usable in 0u8..64 {
        let m = usable.count_ones();
        let w = rng.next_u64() & if m == 6 { u64::MAX } else { (1u64 << (1u32 << m)) - 1 };
        let e = expand_truth_table(w, usable);
        for l in 0..64u32 {
            // Compress l onto the usable variables.
            let mut idx = 0;
            let mut k = 0;
            for j in 0..6 {
                if usable >> j & 1 == 1 {
                    idx |= (l >> j & 1) << k;
                    k += 1;
                }
            }
            assert_eq!(e >> l & 1, w >> idx & 1, "usable {usable:06b} l {l}");
        }
    }
}

#[test]
fn radix_sort_sorts() {
    let mut rng = SplitMix64(3);
    let mut v: Vec<u32> = (0..5000).map(|_| rng.next_u64() as u32).collect();
    let mut w = v.clone();
    radix_sort(&mut v);
    w.sort_unstable();
    assert_eq!(v, w);
}

#[test]
fn upward_closure_is_the_superset_closure() {
    for m in [3usize, 7, 9] {
        let mut bits = vec![0u64; (1usize << m).div_ceil(64)];
        let seeds = [0b101usize, 0b110 << (m - 3)];
        for &s in &seeds {
            bits[s >> 6] |= 1 << (s & 63);
        }
        close_upwards(&mut bits, m);
        for x in 0..1usize << m {
            let want = seeds.iter().any(|&s| x | s == x);
            assert_eq!(bits[x >> 6] >> (x & 63) & 1 == 1, want, "m={m} x={x:b}");
        }
    }
}

#[test]
fn tables_by_both_methods_agree_for_one_target() {
    let u = Universe::macmahon();
    let g = BuildTables::new(&u, Method::Graph).unwrap();
    let t = 17;
    let usable = u.usable(t);
    let members: Vec<usize> = (0..30).filter(|&c| usable >> c & 1 == 1).collect();
    let mut direct = Vec::new();
    for_each_subset_in(8, 0, binomial(members.len() as u64, 8), |p| {
        let set = deposit(p, &members);
        if eight_build(&u, t, set, Method::Backtrack) {
            direct.push(set);
        }
    });
    direct.sort_unstable();
    let mut carried = g.minimal[t].clone();
    carried.sort_unstable();
    assert_eq!(g.derived_from[t], Some(0), "target {t} is carried over from target 0");
    assert_eq!(carried, direct);
    assert_eq!(direct.len(), 133_680, "Johnson-Roldan Theorem 1");
}

#[test]
fn lookups_match_the_solver_on_larger_sets() {
    let u = Universe::macmahon();
    let tables = BuildTables::new(&u, Method::Graph).unwrap();
    let mut rng = SplitMix64(7);
    for k in [8usize, 9, 10, 12] {
        for _ in 0..40 {
            let set = deposit(
                crate::combin::unrank_subset(rng.below(binomial(30, k as u64)), k),
                &(0..30).collect::<Vec<_>>(),
            );
            let blocks = Blocks::new(&u.set_cubes(set)).unwrap();
            for t in 0..30 {
                let direct = blocks.count(&u.cubes[t]).unwrap() > 0;
                assert_eq!(tables.builds(t, set).unwrap(), direct, "k={k} t={t}");
            }
        }
    }
}

#[test]
fn the_eights_tally_advances_in_steps_that_add_up_to_its_ranks() {
    let u = Universe::macmahon();
    let tables = BuildTables::new(&u, Method::Graph).unwrap();
    let within = (1u32 << 30) - 1;
    let all = binomial(30, 8);
    // Every set, and a shard (the sets whose ranks fall in the range are filtered).
    for ranks in [0..all, 1_000_000..2_500_001] {
        let steps = Steps::default();
        let quiet = tally(&tables, 8, within, ranks.clone(), true, &NoProgress, &Stop::new()).unwrap();
        let seen = tally(&tables, 8, within, ranks.clone(), true, &steps, &Stop::new()).unwrap();
        assert_eq!(seen, quiet, "progress changes nothing");
        let steps = steps.0.into_inner().unwrap();
        assert_eq!(steps.iter().sum::<u64>(), ranks.end - ranks.start);
        // In steps: a report per list read and a few more, none of them the whole range.
        assert!(steps.len() > 20 && steps.len() < 100, "{} reports", steps.len());
        assert!(steps.iter().all(|&s| s < (ranks.end - ranks.start) / 2));
    }
}

/// Every advance, in order.
#[derive(Default)]
struct Steps(std::sync::Mutex<Vec<u64>>);

impl crate::run::Progress for Steps {
    fn advance(&self, units: u64) {
        self.0.lock().unwrap().push(units);
    }
}
