//! No public function panics on caller input: arbitrary values go through the public API
//! (as a library user sees it) and every call must return, with `Ok`/`Err`/`None` where
//! the input is not acceptable.

use cubelab::coloring::{all_colorings, exact_colorings, Color, Coloring};
use cubelab::geometry::{Corner, Face, Rotation};
use cubelab::magic::cube::NumberCube;
use cubelab::magic::verify::{verify, Property};
use cubelab::picture::board::{format_moves, length_in, parse_moves, Board, Metric, Move};
use cubelab::picture::{local, parity};
use cubelab::relations::{self, TypeIndex};
use cubelab::target::{corner_names, Arrangement, BlockGraph, Blocks, Placement};
use cubelab::{macmahon, magic, notation};
use proptest::prelude::*;

/// Any coloring, colors outside the 62-color palette included.
fn any_coloring() -> impl Strategy<Value = Coloring> {
    prop::array::uniform6(any::<u8>()).prop_map(|f| Coloring::new(f.map(Color)))
}

/// A coloring over a few colors (cheap to build targets from).
fn small_coloring() -> impl Strategy<Value = Coloring> {
    prop::array::uniform6(0u8..8).prop_map(|f| Coloring::new(f.map(Color)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn geometry_indices(i in any::<usize>(), c in any::<char>()) {
        prop_assert_eq!(Face::try_from(i).is_ok(), i < 6);
        prop_assert_eq!(Corner::try_from(i).is_ok(), i < 8);
        let _ = Face::from_letter(c);
        if let Ok(k) = Corner::try_from(i) {
            prop_assert_eq!(k.index(), i);
        }
    }

    #[test]
    fn relations_by_type_index(i in any::<usize>(), j in 0usize..40, s in ".{0,6}") {
        prop_assert_eq!(TypeIndex::new(i).is_some(), i < relations::TYPES);
        prop_assert_eq!(TypeIndex::try_from(i).is_ok(), i < relations::TYPES);
        if let (Some(a), Some(b)) = (TypeIndex::new(i % 64), TypeIndex::new(j)) {
            let _ = (relations::coloring(a), relations::symbol(a), relations::sobczyk_key(a));
            let _ = relations::relation(a, relations::antitype(b));
        }
        let _ = relations::index_of_symbol(&s);
    }

    #[test]
    fn relations_of_any_coloring(c in any_coloring(), sets in prop::collection::vec(prop::collection::vec(0usize..30, 0..6), 0..14)) {
        let _ = relations::to_letters(&c);
        let _ = relations::layer_list(&c);
        let sets: Vec<Vec<TypeIndex>> = sets.iter().map(|s| s.iter().filter_map(|&t| TypeIndex::new(t)).collect()).collect();
        let _ = relations::five_set_families(&sets);
    }

    #[test]
    fn colorings_and_names(c in any_coloring(), d in any_coloring(), r in 0usize..24) {
        let _ = (c.face_string(), c.to_string(), c.canonical(), c.symmetries(), c.symmetry_count());
        let _ = (c.mirror(), c.is_achiral(), c.is_proper(), c.same_cube(&d), c.rotation_to(&d));
        let _ = c.rotated(&Rotation::all()[r]);
        for k in c.corner_numbers() {
            let _ = k.as_integer();
        }
        let _ = (notation::labelled(&c), notation::names_of(&c).short());
        let _ = (macmahon::identify(&c), macmahon::kahan_to_numbers(&c));
    }

    #[test]
    fn parsing_cubes(s in "\\PC{0,24}", k in any::<usize>()) {
        let _ = notation::parse_cube(&s);
        let _ = notation::parse_cube_with_notation(&s);
        let _ = notation::parse_cubes(&[s.as_str(), "Ab"]);
        let _ = (macmahon::by_name(&s), macmahon::index_of(&s));
        if k > 12 || k == 0 {
            prop_assert!(all_colorings(k).is_err());
            prop_assert!(exact_colorings(k).is_err());
        }
    }

    #[test]
    fn targets(blocks in prop::collection::vec(small_coloring(), 0..10), target in any_coloring(), mask in any::<u8>()) {
        let _ = corner_names(mask);
        let Ok(b) = Blocks::new(&blocks) else { return Ok(()) };
        let _ = b.count(&target);
        let _ = b.arrangements(&target, false, Some(3), false);
        if let Ok(g) = BlockGraph::new(&b, &target) {
            let _ = (g.components(), g.explain().describe(&|i| i.to_string()));
        }
        if b.palette().len() <= 6 {
            let _ = b.buildable_targets(true);
        }
    }

    #[test]
    fn arrangements_built_by_hand(n in 0usize..10, block in any::<usize>(), c in any_coloring(), blocks in prop::collection::vec(any_coloring(), 0..9)) {
        let placements = Corner::all().into_iter().cycle().take(n).map(|corner| Placement { corner, block, oriented: c }).collect();
        let a = Arrangement { placements };
        let _ = (a.verify(&c, &blocks), a.interior_matches());
    }

    #[test]
    fn extended_puzzles(n in any::<usize>(), small_n in 0usize..6, blocks in prop::collection::vec(small_coloring(), 0..70), target in any_coloring(), counts in prop::collection::vec(prop_oneof![0u64..5, Just(u64::MAX)], 0..40), t in any::<usize>(), k in prop_oneof![0u64..60, Just(u64::MAX)]) {
        use cubelab::extended::{census::Census, classes, search::search, Assembly, Extended};
        let _ = classes(n);
        let _ = Extended::new(n, &blocks);
        if let Ok(e) = Extended::new(small_n, &blocks) {
            let _ = e.builds(&target);
            let _ = e.max_fill(&target);
            let _ = e.count(&target);
            if let Ok(Some(a)) = e.assembly(&target) {
                prop_assert!(a.verify(&target, e.cubes()).is_ok());
            }
        }
        let _ = search(small_n, &blocks, &target, 5_000, true);
        let _ = Assembly { n, placements: Vec::new() }.verify(&target, &blocks);
        if let Ok(c) = Census::macmahon(small_n.min(4)) {
            let _ = c.builds(t, &counts);
            let _ = c.fills_frame(t % 31, &counts);
            let _ = c.max_fill(t, &counts);
            let obs = c.obstructions(t % 31);
            let _ = Census::builds_by_obstructions(&obs, &counts);
            let m = c.random_multiset(k, &mut cubelab::rng::SplitMix64(t as u64));
            prop_assert_eq!(m.iter().fold(0u64, |a, &x| a.saturating_add(x)), k.saturating_add(29) - 29);
        }
    }

    #[test]
    fn magic_cubes(order in 0usize..6, cells in prop::collection::vec(any::<i64>(), 0..130), huge in any::<usize>(), s in "\\PC{0,40}", i in any::<usize>()) {
        let _ = NumberCube::new(huge, Vec::new());
        let _ = NumberCube::parse(&s);
        let _ = Property::from_name(&s);
        let _ = magic::magic_sum(huge);
        if let Ok(cube) = NumberCube::new(order, cells) {
            let _ = (cube.layers(), cube.to_text(), cube.position(i), cube.progression());
            let v = verify(&cube);
            for p in Property::ALL {
                let _ = v.holds(p);
            }
        }
    }

    #[test]
    fn picture_boards(s in "\\PC{0,30}", rows in any::<usize>(), cols in any::<usize>(), cubes in prop::collection::vec(any::<u8>(), 0..12), line in 0usize..70) {
        let _ = Board::parse(&s);
        let _ = Board::solved(rows, cols);
        let _ = Board::from_cubes(rows % 5, cols % 5, cubes);
        let _ = Move::parse(&s);
        if let Ok(moves) = parse_moves(&s) {
            let _ = (format_moves(&moves), length_in(&moves, Metric::Quarter));
        }
        if let Ok(mut b) = Board::random_reachable(1 + rows % 3, 1 + cols % 3, rows as u64) {
            let _ = parity::check(&b);
            let _ = local::solve(&b);
            if let Some(mv) = Move::all(line, line, Metric::Half).pop() {
                let _ = b.apply_all(&[mv]);
            }
        }
    }
}

#[test]
fn magic_extremes() {
    for (start, step) in [(i64::MAX, 1), (i64::MIN, -1), (0, i64::MAX), (1, 0)] {
        let _ = magic::enumerate::order3(Property::SemiPerfect, start, step);
    }
    for n in [0, 1, 2, 1 << 20, usize::MAX] {
        let _ = magic::construct::semi_perfect(n);
        let _ = Property::Pantriagonal.lines(n.min(2));
    }
}
