//! Tests of the layout: ranks, canonical forms, weights and the searches' shortcuts.
use super::*;
use crate::picture::board::Metric;
use crate::picture::census::{cube_puzzle, cube_symmetry};
use std::collections::HashSet;

fn layout(m: usize, n: usize, metric: Metric) -> Layout {
    Layout::new(&cube_puzzle(m, n, metric), &cube_symmetry(), 1 << 40).unwrap()
}

#[test]
fn the_cube_has_the_expected_symmetries() {
    // 4 cell maps (half turns about the axes) times column permutations, and the
    // transpose on square boards.
    assert_eq!(layout(3, 3, Metric::Quarter).symmetries(), 6 * 6 * 4 * 2);
    assert_eq!(layout(3, 3, Metric::Half).symmetries(), 6 * 6 * 4 * 2);
    assert_eq!(layout(3, 2, Metric::Quarter).symmetries(), 6 * 2 * 4);
    assert_eq!(layout(2, 3, Metric::Quarter).symmetries(), 6 * 2 * 4);
    assert_eq!(layout(5, 1, Metric::Quarter).symmetries(), 120 * 4);
}

#[test]
fn entries_round_trip_and_canonical_classes_weigh_all_consistent_boards() {
    for (m, n) in [(1, 1), (2, 1), (3, 1), (2, 2), (1, 3)] {
        let l = layout(m, n, Metric::Quarter);
        let mut rows = [0u32; MAX_ROWS];
        let mut total = 0u64;
        for index in 0..l.size() {
            l.unrank(index, &mut rows[..l.m]);
            let (canonical, ties) = l.canonical(&rows[..l.m]).unwrap();
            assert!(canonical <= index);
            assert_eq!(l.canonical_ties(index, &rows[..l.m]), (canonical == index).then_some(ties));
            assert_eq!(l.is_canonical(index, &rows[..l.m]), canonical == index);
            if canonical == index {
                total += l.weight(&rows[..l.m], ties);
            }
        }
        // Every board with a consistent parity pattern: 2^(m+n-1) 12^(mn).
        assert_eq!(Some(total), crate::picture::census::reachable_count(m, n), "{m}x{n}");
    }
}

#[test]
fn the_sorting_networks_sort_every_input() {
    // The 0-1 principle: a network sorting every 0-1 input sorts every input.
    for len in [7usize, 8] {
        for bits in 0u32..1 << len {
            let mut x: Vec<u32> = (0..len).map(|i| bits >> i & 1).collect();
            let mut want = x.clone();
            want.sort_unstable();
            sort_small(&mut x);
            assert_eq!(x, want, "{len} values, input {bits:b}");
        }
    }
    let mut x = [5, 3, 9, 3, 0, 7, 1, 8, 2];
    sort_small(&mut x);
    assert_eq!(x, [0, 1, 2, 3, 3, 5, 7, 8, 9]);
}

#[test]
fn seeking_forward_is_unranking() {
    for (m, n) in [(8, 1), (3, 2), (2, 2), (3, 3)] {
        let l = layout(m, n, Metric::Quarter);
        let mut cursor = Cursor::default();
        let mut rows = [0u32; MAX_ROWS];
        let mut want = [0u32; MAX_ROWS];
        let size = l.size();
        let step = (size / 20_000).max(1);
        let mut i = 0u64;
        let mut k = 0u64;
        while i < size {
            l.seek(&mut cursor, i, &mut rows[..l.m]);
            l.unrank(i, &mut want[..l.m]);
            assert_eq!(rows[..l.m], want[..l.m], "{m}x{n} entry {i}");
            // Runs of consecutive entries, and jumps of 2 to 5, of 5 to 404 and of a stride.
            k += 1;
            i += match k % 7 {
                0 => step,
                1 | 2 => 2 + k % 4,
                3 => 5 + k % 400,
                _ => 1,
            };
        }
    }
}

#[test]
fn the_passes_tests_of_an_entry_are_the_canonical_forms() {
    // is_canonical and canonical_ties take shortcuts on most entries: on square boards
    // (the transpose) and others, sampled over the whole table, they agree with the
    // canonical form.
    for (m, n, metric) in [(3, 3, Metric::Quarter), (3, 2, Metric::Half), (8, 1, Metric::Quarter)] {
        let l = layout(m, n, metric);
        let mut rows = [0u32; MAX_ROWS];
        let (mut shortcuts, mut canonical) = (0, 0);
        let step = (l.size() / 200_000).max(1);
        for index in (0..l.size()).step_by(step as usize) {
            l.unrank(index, &mut rows[..l.m]);
            let (least, ties) = l.canonical(&rows[..l.m]).unwrap();
            let want = (least == index).then_some(ties);
            assert_eq!(l.canonical_ties(index, &rows[..l.m]), want, "{m}x{n} entry {index}");
            assert_eq!(l.is_canonical(index, &rows[..l.m]), want.is_some(), "{m}x{n} entry {index}");
            canonical += usize::from(want.is_some());
            let r0 = rows[0] as usize;
            shortcuts += usize::from(l.maps_at[r0 + 1] - l.maps_at[r0] == 1);
        }
        assert!(canonical > 0 && shortcuts > 0, "{m}x{n}");
    }
}

#[test]
fn the_searches_entry_is_the_canonical_entry() {
    // canonical_entry skips rows equal to earlier ones and counts no ties: the same
    // entry as canonical on boards with many equal rows (8x1) and on square ones (3x3,
    // with the transpose).
    for (m, n) in [(8, 1), (9, 1), (3, 3), (3, 2)] {
        let l = layout(m, n, Metric::Quarter);
        for seed in 0..300 {
            let b = crate::picture::board::Board::random_reachable(m, n, seed).unwrap();
            let mut r = [0u32; MAX_ROWS];
            assert!(l.rows_of(b.cubes(), &mut r[..l.m]));
            for k in 0..l.moves() {
                let mut next = r;
                l.apply(k, &mut next[..l.m]);
                let entry = l.canonical(&next[..l.m]).map(|(i, _)| i);
                assert_eq!(l.canonical_entry(&next[..l.m]), entry, "{m}x{n} seed {seed} move {k}");
                if l.repeats_a_move(k, &r[..l.m]) {
                    // the same move on the earlier equal row: the same entry
                    let per_row = l.row_move.len();
                    let i = k / per_row;
                    let j = r[..i].iter().position(|&v| v == r[i]).unwrap();
                    let mut twin = r;
                    l.apply(j * per_row + k % per_row, &mut twin[..l.m]);
                    assert_eq!(l.canonical_entry(&twin[..l.m]), entry, "{m}x{n} seed {seed} move {k}");
                }
            }
        }
    }
}

#[test]
fn canonical_entries_are_invariant_and_weights_are_orbit_sizes() {
    // Brute force on 2x2 (cells b0 b1 / b2 b3): the orbit of a board by closure under
    // a row swap, a column swap, the cell maps and the transpose.
    let l = layout(2, 2, Metric::Quarter);
    let p = cube_puzzle(2, 2, Metric::Quarter);
    let sym = cube_symmetry();
    let plain: Vec<&Vec<u8>> = sym
        .maps
        .iter()
        .filter(|s| maps_moves(s, &p.row_moves, &p.row_moves) && maps_moves(s, &p.col_moves, &p.col_moves))
        .collect();
    let turning: Vec<&Vec<u8>> = sym
        .maps
        .iter()
        .filter(|s| maps_moves(s, &p.row_moves, &p.col_moves) && maps_moves(s, &p.col_moves, &p.row_moves))
        .collect();
    assert_eq!((plain.len(), turning.len()), (4, 4));
    let index_of = |b: &[u8]| {
        let mut r = [0u32; 2];
        assert!(l.rows_of(b, &mut r));
        l.canonical(&r).unwrap()
    };
    let mut classes = HashSet::new();
    for seed in 0..200 {
        let b = crate::picture::board::Board::random_reachable(2, 2, seed).unwrap();
        let (index, _) = index_of(b.cubes());
        let mut orbit: HashSet<Vec<u8>> = HashSet::from([b.cubes().to_vec()]);
        let mut stack = vec![b.cubes().to_vec()];
        while let Some(b) = stack.pop() {
            assert_eq!(index_of(&b).0, index, "{b:?}");
            let mut images = vec![vec![b[2], b[3], b[0], b[1]], vec![b[1], b[0], b[3], b[2]]];
            images.extend(plain.iter().map(|s| b.iter().map(|&x| s[x as usize]).collect()));
            images.extend(turning.iter().map(|s| [b[0], b[2], b[1], b[3]].iter().map(|&x| s[x as usize]).collect()));
            for img in images {
                if orbit.insert(img.clone()) {
                    stack.push(img);
                }
            }
        }
        let mut rows = [0u32; 2];
        l.unrank(index, &mut rows);
        let (c, ties) = l.canonical(&rows).unwrap();
        assert_eq!(c, index);
        assert_eq!(orbit.len() as u64, l.weight(&rows, ties), "entry {index}");
        // The least board is the least of the orbit.
        assert_eq!(Some(&l.least_board(&rows)), orbit.iter().min());
        classes.insert(index);
    }
    assert!(classes.len() > 100);
}

#[test]
fn keys_and_ranks_give_the_same_canonical_forms() {
    // Images are compared by packed keys where the positions fit in 64 bits, else by
    // ranks; and the loops are unrolled for 2 to 9 rows, not for 10 (the general code).
    // A layout forced to ranks agrees with the keyed one on sampled entries and on the
    // neighbours of random boards.
    for (m, n) in [(3, 3), (3, 2), (8, 1), (10, 1)] {
        let keyed = layout(m, n, Metric::Quarter);
        let mut ranked = layout(m, n, Metric::Quarter);
        assert!(keyed.key_bits > 0, "{m}x{n}");
        ranked.key_bits = 0;
        let mut rows = [0u32; MAX_ROWS];
        let step = (keyed.size() / 50_000).max(1);
        let mut canonical = 0;
        for index in (0..keyed.size()).step_by(step as usize) {
            keyed.unrank(index, &mut rows[..m]);
            let r = &rows[..m];
            assert_eq!(keyed.canonical(r), ranked.canonical(r), "{m}x{n} entry {index}");
            assert_eq!(keyed.canonical_ties(index, r), ranked.canonical_ties(index, r), "{m}x{n} entry {index}");
            assert_eq!(keyed.is_canonical(index, r), ranked.is_canonical(index, r), "{m}x{n} entry {index}");
            canonical += usize::from(keyed.is_canonical(index, r));
        }
        assert!(canonical > 0, "{m}x{n}");
        for seed in 0..100 {
            let b = crate::picture::board::Board::random_reachable(m, n, seed).unwrap();
            assert!(keyed.rows_of(b.cubes(), &mut rows[..m]));
            for k in 0..keyed.moves() {
                let mut next = rows;
                keyed.apply(k, &mut next[..m]);
                let entry = keyed.canonical_entry(&next[..m]);
                assert!(entry.is_some());
                assert_eq!(entry, ranked.canonical_entry(&next[..m]), "{m}x{n} seed {seed} move {k}");
            }
        }
    }
}

#[test]
fn the_ranks_terms_by_arithmetic_are_the_tables() {
    for (m, n) in [(3, 3), (4, 2), (9, 1)] {
        let l = layout(m, n, Metric::Quarter);
        for k in 0..m - 1 {
            for p in 0..(l.span - k) as u32 {
                assert_eq!(l.term(k, p), l.terms[k * l.span + p as usize], "{m}x{n} k {k} p {p}");
            }
        }
    }
}
