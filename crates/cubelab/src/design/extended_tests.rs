use super::*;
use crate::extended::ClassKind;
use crate::notation::parse_cube;
use crate::target::Blocks;
use proptest::prelude::*;
use std::collections::{BTreeMap, HashMap};

fn spec(size: usize, target: &str, types: Option<usize>, seed: u64) -> ExtendedSpec {
    ExtendedSpec { size, target: parse_cube(target).unwrap(), types, seed }
}

/// The number of assignments of `counts[t]` blocks of each type to the classes (blocks of
/// one type interchangeable, type t allowed in class c when bit c of `masks[t]` is set),
/// by plain recursion over the classes with the blocks left as the memo key: a method
/// sharing nothing with the residual cycles of the enumeration nor with the flow.
fn solutions(masks: &[u32], sizes: &[u64; CLASSES], counts: &[u64]) -> u128 {
    fn fill(
        c: usize,
        t: usize,
        room: u64,
        masks: &[u32],
        sizes: &[u64; CLASSES],
        left: &mut Vec<u64>,
        memo: &mut HashMap<(usize, usize, u64, Vec<u64>), u128>,
    ) -> u128 {
        if c == CLASSES {
            return u128::from(left.iter().all(|&k| k == 0));
        }
        if room == 0 {
            let next = if c + 1 < CLASSES { sizes[c + 1] } else { 0 };
            return fill(c + 1, 0, next, masks, sizes, left, memo);
        }
        if t == masks.len() {
            return 0;
        }
        let key = (c, t, room, left.clone());
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut total = fill(c, t + 1, room, masks, sizes, left, memo);
        if masks[t] >> c & 1 == 1 {
            for k in 1..=room.min(left[t]) {
                left[t] -= k;
                total += fill(c, t + 1, room - k, masks, sizes, left, memo);
                left[t] += k;
            }
        }
        memo.insert(key, total);
        total
    }
    let mut left = counts.to_vec();
    fill(0, 0, sizes[0], masks, sizes, &mut left, &mut HashMap::new())
}

/// Every multiset of `total` blocks over `types` types, as counts.
fn multisets(types: usize, total: u64) -> Vec<Vec<u64>> {
    if types == 1 {
        return vec![vec![total]];
    }
    let mut out = Vec::new();
    for k in 0..=total {
        for mut rest in multisets(types - 1, total - k) {
            rest.insert(0, k);
            out.push(rest);
        }
    }
    out
}

/// Small problems: 2 to 4 types over 2 to 5 classes of 1 to 3 positions, with random fits
/// (every type fitting the classes of `universal`).
fn small_problem() -> impl Strategy<Value = Problem> {
    (2usize..=4, 2usize..=5)
        .prop_flat_map(|(types, classes)| {
            (
                proptest::collection::vec(0u32..(1 << classes), types),
                proptest::collection::vec(1u64..=3, classes),
                0u32..(1 << classes),
            )
        })
        .prop_map(|(masks, sizes, universal)| {
            let mut s = [0u64; CLASSES];
            s[..sizes.len()].copy_from_slice(&sizes);
            {
                let masks: Vec<u32> = masks.into_iter().map(|m| m | universal).collect();
                let same = (0..masks.len()).collect();
                Problem { masks, sizes: s, same }
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The enumeration counts exactly the multisets with one assignment (brute force over
    /// all multisets), by number of types, and every split of every support is such a
    /// multiset, each met once.
    #[test]
    fn supports_count_the_multisets_with_one_assignment(p in small_problem()) {
        let total: u64 = p.sizes.iter().sum();
        let mut want: BTreeMap<usize, u128> = BTreeMap::new();
        for m in multisets(p.masks.len(), total) {
            if solutions(&p.masks, &p.sizes, &m) == 1 {
                *want.entry(m.iter().filter(|&&k| k > 0).count()).or_default() += 1;
            }
        }
        let mut d = p.census(&Stop::new()).unwrap().unwrap();
        let got: BTreeMap<usize, u128> =
            d.total.iter().enumerate().filter(|&(_, &v)| v > 0).map(|(k, &v)| (k, v)).collect();
        let mut seen = std::collections::BTreeSet::new();
        for (&k, &count) in &got {
            for r in 0..count {
                let x = d.assignment(Some(k), r).unwrap();
                let m: Vec<u64> = x.iter().map(|row| row.iter().sum()).collect();
                prop_assert_eq!(m.iter().filter(|&&c| c > 0).count(), k);
                prop_assert_eq!(solutions(&p.masks, &p.sizes, &m), 1);
                prop_assert!(seen.insert(m));
            }
        }
        prop_assert_eq!(d.count(None), got.values().sum::<u128>());
        prop_assert!(d.assignment(None, d.count(None)).is_none());
        prop_assert_eq!(got, want);
    }
}

/// The orientation claim of the module docs: a MacMahon cube fits a corner or an edge of
/// a MacMahon target in at most one orientation, a face centre in 4 and the interior in 24.
#[test]
fn macmahon_cubes_fit_a_class_only_up_to_its_symmetries() {
    let all: Vec<Coloring> = crate::macmahon::cubes().iter().map(|c| c.coloring).collect();
    let universe = Extended::new(3, &all).unwrap();
    for target in &all {
        let fits = universe.fits(target).unwrap();
        for w in &fits.weights {
            for c in universe.classes() {
                let ok = match c.kind {
                    ClassKind::Corner | ClassKind::Edge => w[c.index] <= 1,
                    ClassKind::FaceCentre => w[c.index] == 4,
                    ClassKind::Interior => w[c.index] == 24,
                };
                assert!(ok, "{} in class {}: {}", target.face_string(), c.name(), w[c.index]);
            }
        }
    }
}

/// Checks a design by the plain recursion over all assignments and, for N = 2, by the
/// 2x2x2 solver of `target` (which counts arrangements corner by corner).
fn check(d: &ExtendedDesign) {
    let n = d.spec.size;
    let all: Vec<Coloring> = crate::macmahon::cubes().iter().map(|c| c.coloring).collect();
    let universe = Extended::new(n, &all).unwrap();
    let fits = universe.fits(&d.spec.target).unwrap();
    let mut sizes = [0u64; CLASSES];
    for c in universe.classes() {
        sizes[c.index] = c.size;
    }
    let mut counts = vec![0u64; 30];
    for &(t, k) in &d.blocks {
        counts[t] = k;
    }
    assert_eq!(counts.iter().sum::<u64>(), (n as u64).pow(3));
    if let Some(k) = d.spec.types {
        assert_eq!(d.blocks.len(), k);
    }
    assert_eq!(solutions(&fits.masks, &sizes, &counts), 1, "{:?}", d.blocks);
    // The classes of the report hold the multiset.
    let mut placed = vec![0u64; 30];
    for f in &d.classes {
        assert_eq!(f.blocks.iter().map(|b| b.copies).sum::<u64>(), f.class.size);
        for b in &f.blocks {
            placed[b.block] += b.copies;
        }
    }
    assert_eq!(placed, counts);
    if n == 2 {
        let blocks: Vec<Coloring> =
            d.blocks.iter().flat_map(|&(t, k)| std::iter::repeat_n(all[t], k as usize)).collect();
        assert_eq!(Blocks::new(&blocks).unwrap().count(&d.spec.target).unwrap(), 1);
        assert_eq!(d.arrangements, Some(1));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// Every design has exactly one assignment (by a method of its own), N³ blocks, the
    /// number of types asked for, and for N = 2 exactly one arrangement by the solver
    /// (N = 4 in `a_4x4x4_design_has_exactly_the_requested_properties`).
    #[test]
    fn every_design_has_exactly_the_requested_properties(
        n in 2usize..=3, target in 0usize..30, seed in any::<u64>(), types in proptest::option::of(1usize..=8)
    ) {
        let name = crate::macmahon::cubes()[target].name;
        match extended(&spec(n, name, types, seed), &Stop::new()) {
            Ok(d) => check(&d),
            Err(e) => {
                prop_assert_eq!(e.field, Some("types"));
                prop_assert!(e.error.message().contains("different cubes"), "{}", e.error);
            }
        }
    }
}

/// N = 2: a brute force over the 6^8 ways to fill the corners (one fitting cube each,
/// held in its one fitting orientation), grouped by multiset, finds 308,788 multisets of
/// 8 with one arrangement (a Python script, docs/design.md); by number of different cubes:
#[test]
fn the_2x2x2_designs_are_those_of_the_brute_force() {
    let d = extended(&spec(2, "Ba", None, 1), &Stop::new()).unwrap();
    let want = [(1, 1), (2, 20), (3, 258), (4, 2325), (5, 17872), (6, 98040), (7, 190272)];
    assert_eq!(d.by_types, want.to_vec());
    assert_eq!(d.count, 308_788);
    check(&d);
}

/// The symmetries fixing the target pair cubes with equal numbers of designs: every
/// program counted, none taken from an image (N = 3).
#[test]
fn images_under_the_target_symmetries_count_the_same() {
    let cubes: Vec<Coloring> = crate::macmahon::cubes().iter().map(|c| c.coloring).collect();
    let t = crate::macmahon::index_of("Ba").unwrap();
    let universe = Extended::new(3, &cubes).unwrap();
    let mut sizes = [0u64; CLASSES];
    for c in universe.classes() {
        sizes[c.index] = c.size;
    }
    let same = same_counts(&cubes, t).unwrap();
    assert!(same.iter().enumerate().filter(|&(i, &s)| i == s).count() < 10, "{same:?}");
    let masks = universe.fits(&cubes[t]).unwrap().masks;
    let alone = Problem { masks: masks.clone(), sizes, same: (0..30).collect() };
    let linked = Problem { masks, sizes, same };
    let (a, b) = (alone.census(&Stop::new()).unwrap().unwrap(), linked.census(&Stop::new()).unwrap().unwrap());
    assert_eq!(a.parts, b.parts);
}

#[test]
fn a_4x4x4_design_has_exactly_the_requested_properties() {
    let d = extended(&spec(4, "Cd", Some(6), 7), &Stop::new()).unwrap();
    assert_eq!(d.count, 4_064_948);
    check(&d);
}

#[test]
fn counts_by_size_and_none_exists() {
    // Every target is an image of Ba under the color symmetries: the same numbers.
    let d = extended(&spec(3, "Ba", None, 1), &Stop::new()).unwrap();
    let e = extended(&spec(3, "Fc", None, 1), &Stop::new()).unwrap();
    assert_eq!(d.by_types, e.by_types);
    assert_eq!(d.count, d.by_types.iter().map(|b| b.1).sum::<u128>());
    // N³ copies of the target: the only design with one type.
    assert_eq!(d.by_types[0], (1, 1));
    let one = extended(&spec(3, "Ba", Some(1), 9), &Stop::new()).unwrap();
    assert_eq!(one.blocks, vec![(crate::macmahon::index_of("Ba").unwrap(), 27)]);
    // Every class holds one block when N = 3: 4 turns at each face centre, 24 inside.
    assert_eq!(d.arrangements, Some(4u128.pow(6) * 24));
    let most = d.by_types.last().unwrap().0;
    let e = extended(&spec(3, "Ba", Some(most + 1), 1), &Stop::new()).unwrap_err();
    assert_eq!(e.field, Some("types"));
    assert!(e.error.message().contains(&format!("have 1 to {most} different cubes")), "{}", e.error);
    assert_eq!(extended(&spec(1, "Ba", None, 1), &Stop::new()).unwrap_err().field, Some("size"));
    let bad = ExtendedSpec {
        target: Coloring::new([1, 1, 2, 3, 4, 5].map(crate::coloring::Color)),
        ..spec(3, "Ba", None, 1)
    };
    assert_eq!(extended(&bad, &Stop::new()).unwrap_err().field, Some("target"));
}
