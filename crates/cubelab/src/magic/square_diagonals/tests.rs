use super::*;
use crate::magic::square::frenicle;

fn total(n: usize, kind: SquareKind) -> u64 {
    let d = Diagonals::new(n, kind, &[]);
    let mut t = Table::new();
    d.tasks().iter().map(|task| d.weight(task) * d.count(task, &mut t, None)).sum::<u64>() * d.reduction.multiplier(n)
}

#[test]
fn orders_three_and_four() {
    assert_eq!(total(3, SquareKind::Normal), 8);
    assert_eq!(total(4, SquareKind::Normal), 7040);
    assert_eq!(total(4, SquareKind::Pandiagonal), 384);
}

/// The squares with the fixed cells (1-based `R,C=V`), summed over the tasks.
fn total_of(d: &Diagonals) -> u64 {
    let mut t = Table::new();
    d.tasks().iter().map(|task| d.weight(task) * d.count(task, &mut t, None)).sum::<u64>() * d.multiplier()
}

#[test]
fn fixed_cells_under_the_kept_symmetry_count_what_the_unreduced_search_finds() {
    // Order, kind, fixed cells (1-based row, cell, value).
    type Case = (usize, SquareKind, &'static [(usize, usize, u8)]);
    let cases: &[Case] = &[
        (4, SquareKind::Normal, &[(1, 1, 3)]),
        (4, SquareKind::Normal, &[(2, 2, 16), (4, 1, 1)]),
        (4, SquareKind::Normal, &[(1, 1, 3), (2, 3, 7), (4, 4, 14)]),
        (4, SquareKind::Associative, &[(1, 4, 2)]),
        (4, SquareKind::Pandiagonal, &[(3, 3, 5)]),
        (5, SquareKind::Normal, &[(3, 3, 13), (1, 1, 1), (5, 5, 25), (2, 4, 7)]),
        (5, SquareKind::Normal, &[(1, 1, 5), (2, 2, 9), (3, 3, 20)]),
        (5, SquareKind::Pandiagonal, &[(3, 3, 1), (1, 1, 7), (4, 2, 20)]),
    ];
    let mut nonzero = 0;
    for &(n, kind, cells) in cases {
        let fixed: Vec<(usize, u8)> = cells.iter().map(|&(r, c, v)| ((r - 1) * n + c - 1, v)).collect();
        let kept = Diagonals::keeping_symmetry(n, kind, &fixed);
        assert!(kept.keeps_symmetry());
        let total = total_of(&kept);
        assert_eq!(total, total_of(&Diagonals::new(n, kind, &fixed)), "order {n} {kind:?} {cells:?}");
        nonzero += usize::from(total > 0);
    }
    assert!(nonzero >= 4, "only {nonzero} cases have squares");
}

#[test]
fn the_groups_have_32_and_8_elements_that_keep_the_diagonals() {
    for n in [4, 5] {
        let diagonal = |i: usize| i / n == i % n || i / n + i % n == n - 1;
        for (reduction, size) in [(Reduction::Group32, 32), (Reduction::Geometric, 8), (Reduction::None, 1)] {
            let g = group(n, reduction);
            assert_eq!(g.len(), size, "order {n} {reduction:?}");
            assert!(g.iter().all(|m| (0..n * n).all(|i| diagonal(i) == diagonal(m[i]))));
        }
    }
}

#[test]
fn coset_images_are_magic_and_distinct_up_to_symmetry() {
    let d = Diagonals::new(4, SquareKind::Normal, &[]);
    let mut t = Table::new();
    let mut all = std::collections::BTreeSet::new();
    for task in d.tasks() {
        d.count(
            &task,
            &mut t,
            Some(&mut |c: &[u8]| {
                for img in coset_images(4, c) {
                    assert!(is_kind(4, &img, SquareKind::Normal));
                    assert!(all.insert(frenicle(4, &img)));
                }
            }),
        );
    }
    assert_eq!(all.len(), 880);
}

/// The diagonal cells of order `n`, row by row.
fn diagonal_cells(n: usize) -> Vec<usize> {
    (0..n * n).filter(|&i| i / n == i % n || i / n + i % n == n - 1).collect()
}

#[test]
fn every_single_fixed_diagonal_cell_of_orders_three_and_four_counts_what_the_unreduced_search_finds() {
    // Each cell and value: the kept symmetry's count equals the unreduced search's, and
    // over the values of one cell the counts add up to the whole census (every square
    // has some number there). Normal squares on every diagonal cell; the other kinds on
    // a corner and an inner diagonal cell (one of each orbit of the 8 symmetries).
    for (n, kind, all) in [
        (3, SquareKind::Normal, 8),
        (4, SquareKind::Normal, 7040),
        (4, SquareKind::Associative, 384),
        (4, SquareKind::Pandiagonal, 384),
    ] {
        let cells = if kind == SquareKind::Normal { diagonal_cells(n) } else { vec![0, 5] };
        for cell in cells {
            let mut sum = 0;
            for v in 1..=(n * n) as u8 {
                let fixed = [(cell, v)];
                let kept = total_of(&Diagonals::keeping_symmetry(n, kind, &fixed));
                assert_eq!(kept, total_of(&Diagonals::new(n, kind, &fixed)), "order {n} {kind:?} cell {cell} = {v}");
                sum += kept;
            }
            assert_eq!(sum, all, "order {n} {kind:?} cell {cell}");
        }
    }
}

#[test]
fn shard_c_of_13_of_order_five_is_exactly_the_centre_c_census() {
    // The help of `--shard` says so: the tasks of shard c/13 are the tasks of centre c
    // (each standing for centre 26 − c too), the same tasks `--fix 3,3=c` searches under
    // the kept symmetry (there counted once).
    for kind in [SquareKind::Normal, SquareKind::Pandiagonal] {
        let whole = Diagonals::new(5, kind, &[]);
        let tasks = whole.tasks();
        for c in 1..=13u8 {
            let range = crate::shard::Shard { index: c as u64, count: 13 }.range(tasks.len() as u64);
            let shard = &tasks[range.start as usize..range.end as usize];
            assert!(!shard.is_empty() && shard.iter().all(|t| t[0] == c), "{kind:?} centre {c}");
            assert!(shard.iter().all(|t| whole.weight(t) == if c < 13 { 2 } else { 1 }));
            assert_eq!(tasks.iter().filter(|t| t[0] == c).count(), shard.len(), "{kind:?} centre {c}");
            if kind == SquareKind::Normal && [1, 7, 13].contains(&c) {
                let fixed = Diagonals::keeping_symmetry(5, kind, &[(12, c)]);
                assert_eq!(fixed.tasks(), shard, "centre {c}");
                assert!(shard.iter().all(|t| fixed.weight(t) == 1));
            }
        }
    }
}

mod random_fixed_cells {
    use super::*;
    use proptest::prelude::*;

    /// Up to `k` distinct diagonal cells of order `n` with distinct values, from raw picks.
    fn pick(n: usize, raw: &[(usize, u8)], k: usize) -> Vec<(usize, u8)> {
        let cells = diagonal_cells(n);
        let mut fixed: Vec<(usize, u8)> = Vec::new();
        for &(c, v) in raw {
            let (cell, value) = (cells[c % cells.len()], (v as usize % (n * n)) as u8 + 1);
            if fixed.len() < k && fixed.iter().all(|&(i, w)| i != cell && w != value) {
                fixed.push((cell, value));
            }
        }
        fixed
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// Order 4, any kind the method counts, one to four random fixed diagonal cells.
        #[test]
        fn order_four(kind in 0..3usize, raw in proptest::collection::vec((0..64usize, 0..=255u8), 1..6), k in 1..=4usize) {
            let kind = [SquareKind::Normal, SquareKind::Associative, SquareKind::Pandiagonal][kind];
            let fixed = pick(4, &raw, k);
            let kept = total_of(&Diagonals::keeping_symmetry(4, kind, &fixed));
            prop_assert_eq!(kept, total_of(&Diagonals::new(4, kind, &fixed)), "{:?} {:?}", kind, fixed);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(6))]
        /// Order 5: the centre and three more random diagonal cells (fewer would make the
        /// unreduced search too slow for a debug test).
        #[test]
        fn order_five(pandiagonal in any::<bool>(), centre in 1..=25u8, raw in proptest::collection::vec((0..64usize, 0..=255u8), 6..10)) {
            let kind = if pandiagonal { SquareKind::Pandiagonal } else { SquareKind::Normal };
            let mut fixed = vec![(12, centre)];
            fixed.extend(pick(5, &raw, 8).into_iter().filter(|&(i, v)| i != 12 && v != centre).take(3));
            prop_assume!(fixed.len() == 4);
            let kept = total_of(&Diagonals::keeping_symmetry(5, kind, &fixed));
            prop_assert_eq!(kept, total_of(&Diagonals::new(5, kind, &fixed)), "{:?} {:?}", kind, fixed);
        }
    }
}

#[test]
fn the_pulled_back_cells_come_once_per_coset_of_the_stabiliser() {
    // Order, kind, fixed cells, the size of their stabiliser in the group.
    type Case = (usize, SquareKind, &'static [(usize, u8)], u64);
    let cases: &[Case] = &[
        (5, SquareKind::Normal, &[(12, 1)], 32),
        (5, SquareKind::Pandiagonal, &[(12, 1)], 8),
        (5, SquareKind::Normal, &[(0, 1)], 4),
        (5, SquareKind::Normal, &[(12, 1), (0, 2)], 4),
        (5, SquareKind::Normal, &[(0, 1), (6, 2)], 2),
        (5, SquareKind::Normal, &[(0, 1), (6, 2), (4, 3)], 1),
        (4, SquareKind::Normal, &[(0, 1), (15, 2)], 4),
        (4, SquareKind::Pandiagonal, &[(5, 1)], 2),
    ];
    for &(n, kind, fixed, stabiliser) in cases {
        let d = Diagonals::keeping_symmetry(n, kind, fixed);
        let g = group(n, d.reduction);
        let h = g.iter().filter(|m| fixed.iter().all(|&(c, _)| m[c] == c)).count() as u64;
        assert_eq!(h, stabiliser, "order {n} {kind:?} {fixed:?}");
        assert!(d.pulled.iter().all(|&(_, times)| times == h), "order {n} {kind:?} {fixed:?}");
        assert_eq!(d.pulled.len() as u64 * h, g.len() as u64, "order {n} {kind:?} {fixed:?}");
    }
}
