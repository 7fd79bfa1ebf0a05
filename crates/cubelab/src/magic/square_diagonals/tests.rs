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
