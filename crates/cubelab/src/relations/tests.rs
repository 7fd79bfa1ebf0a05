use super::*;
use crate::notation::parse_cube;

/// Sobczyk's Table 1 as printed (extracted from the seed): row `i` lists columns in
/// [`TABLE_1_ORDER`]; right of the diagonal the column type is unprimed, left of it primed.
/// `x` incompatible, `.` one-parallel, `-` blank.
const PRINTED_TABLE_1: [&str; 15] = [
    "-xxxxx.-..x....",
    "--xxx.x.-.-x...",
    "---xx..x.-.-x..",
    "----x-..x...-x.",
    "-----.-..x..--x",
    "-..x.-.--.x.x--",
    ".-..x.-.---x.x-",
    "x.-..x.-.---x.x",
    ".x...xx.-.x--x.",
    "..x...xx.-.x--x",
    "-x...-xx-.--..-",
    ".-x...-xx-x--..",
    "..-x.-.-xx.x--.",
    "...-xx-.-x..x--",
    "x....xx-.-x..x-",
];

/// Sobczyk's six five-sets as printed in section 4 (the other six are their antitypes),
/// with the color interchange he says produces each from the first.
const PRINTED_FIVE_SETS: [(&str, [&str; 5]); 6] = [
    ("", ["Y1", "B1", "G1", "P1", "R1"]),
    ("bg", ["Y2", "G3", "B3", "P2", "R1'"]),
    ("rg", ["Y3", "B3'", "R2", "P1'", "G2'"]),
    ("gp", ["Y1'", "B2", "P3'", "G3", "R2'"]),
    ("gy", ["G2", "B1'", "Y2'", "P3", "R3'"]),
    ("ry", ["R3", "B2'", "G1'", "P2", "Y3'"]),
];

/// Figure 2 as printed (extracted from the seed): o.c., side colors (top = back, left,
/// right, bottom = front), then the ground-layer corners DBL, DBR, DFL, DFR as
/// "one-parallel / no-parallel".
const PRINTED_FIGURE_2: &str = "\
Y1 bpgr | Y3 P2 B3 / P3' B1 | Y2' G2 B3 / G1' B2 | Y2 P2 R3 / P1' R2 | Y3' R3 G2 / R1' G3
Y2 gpbr | Y3' P1 G1 / P3 G3 | Y1' G1 B2 / G2 B3 | Y1 P1 R2 / P2 R3 | Y3 R2 B2 / R1 B1
Y3 bprg | Y1 P3 B1 / P2 B3 | Y2 R1 B1 / R2' B2 | Y2' P3 G3 / P1 G1 | Y1' R1 G3 / R3 G2
P1 gybr | Y2' P3 G3 / Y3 G1 | P2 G3 B2 / G2 B1 | Y2' P2 R3 / Y1' R2 | P3 R3 B2 / R1' B3
P2 rygb | Y1 P1 R2 / Y2 R3 | P3 R2 G2 / R1' G1 | Y1 P3 B1 / Y3 B3 | P1 G2 B1 / G3 B2
P3 byrg | Y3' P2 B3 / Y1' B1 | P1 R1 B3 / R3 B2 | Y3' P1 G1 / Y2 G3 | P2 R1 G1 / R2' G2
R1 ygbp | Y3 R3 G2 / Y1' G3 | Y3 R2 B2 / Y2 B1 | P3 R2 G2 / P2' G1 | P3' R3 B2 / P1' B3
R2 bgyp | R3' G1 B1 / G3 B3 | Y2' R1 B1 / Y3 B2 | P2' R1 G1 / P3 G2 | Y2' P2 R3 / Y1' P1
R3 ygpb | Y1' R1 G3 / Y3 G2 | Y1' P1 R2 / Y2' P2 | R2' G3 B3 / G1 B1 | P1 R1 B3 / P3 B2
G1 bryp | R2' G3 B3 / R3 B1 | Y2 G2 B3 / Y1' B2 | P3 R2 G2 / P2 R1 | Y2 P3 G3 / Y3' P1
G2 prby | P2' R1 G1 / P3' R2 | P2' G3 B2 / P1' B1 | Y1' R1 G2 / Y3 R3 | Y1' G1 B2 / Y2 B3
G3 yrpb | Y3' R3 G2 / Y1 R1 | Y3' P1 G1 / Y2 P3 | R3' G1 B1 / R2 B3 | P1' G2 B1 / P2' B2
B1 grpy | R2 G3 B3 / R3' G1 | P2' G3 B2 / P1' G2 | Y3' R2 B2 / Y2' R1 | Y3' P2 B3 / Y1' P3
B2 prgy | P1 R1 B3 / P3 R3 | P1 G2 B1 / P2 G3 | Y2' R1 B1 / Y3 R2 | Y2' G2 B3 / Y1 G1
B3 grpb | R3' G1 B1 / R2 G3 | Y1 G1 B2 / Y2' G2 | P3' R3 B2 / P1' R1 | Y1 P3 B1 / Y3 P2";

fn idx(s: &str) -> TypeIndex {
    index_of_symbol(s).unwrap_or_else(|| panic!("symbol {s}"))
}

fn syms(v: &[TypeIndex]) -> Vec<String> {
    let mut v = v.to_vec();
    v.sort_by_key(|&t| sobczyk_key(t));
    v.iter().map(|&t| symbol(t)).collect()
}

#[test]
fn antitypes_are_kahan_partners_and_relations_are_symmetric() {
    for a in TypeIndex::all() {
        assert_eq!(relation(a, a), Relation::Identical);
        assert_eq!(relation(a, antitype(a)), Relation::Antitype);
        for b in TypeIndex::all() {
            assert_eq!(relation(a, b), relation(b, a), "{} {}", symbol(a), symbol(b));
            // Priming both keeps the relation; priming one keeps one-parallelism.
            assert_eq!(relation(a, b), relation(antitype(a), antitype(b)));
            if relation(a, b) == Relation::OneParallel {
                assert_eq!(relation(antitype(a), b), Relation::OneParallel);
            }
        }
    }
}

#[test]
fn incompatibility_graph_is_regular_of_valency_9_with_135_edges() {
    let g = graph_facts();
    assert_eq!(g.vertices, 30);
    assert_eq!(g.edges, 135);
    assert_eq!(g.antitype_edges, 15);
    assert_eq!(g.valency, Some(9));
    assert_eq!(g.one_parallel_valency, Some(12));
    assert_eq!(g.no_parallel_compatible_valency, Some(8));
    assert_eq!(incompatible_pairs(false).len(), 120);
}

#[test]
fn two_methods_agree_on_compatibility() {
    for a in TypeIndex::all() {
        for b in TypeIndex::all() {
            let (ca, cb) = (coloring(a), coloring(b));
            let by_weights = !fit_positions(&ca, &cb).is_empty();
            assert_eq!(by_weights, compatible_by_corner_numbers(&ca, &cb), "{} {}", symbol(a), symbol(b));
            assert_eq!(by_weights, !relation(a, b).is_incompatible());
            // A third view: rotations of the block placed at each corner.
            let blocks = Blocks::new(&[ca]).unwrap();
            let by_rotation: Vec<Corner> =
                Corner::all().into_iter().filter(|&p| !blocks.orientations_at(0, &cb, p).is_empty()).collect();
            assert_eq!(by_rotation, fit_positions(&ca, &cb));
            // Over MacMahon's numbers the same answer.
            let (na, nb) = (macmahon::kahan_to_numbers(&ca), macmahon::kahan_to_numbers(&cb));
            assert_eq!(by_weights, compatible_by_corner_numbers(&na, &nb));
        }
    }
}

#[test]
fn theorems_4_and_5_hold_for_all_pairs() {
    let checks = check_theorems();
    assert_eq!(checks.len(), 3);
    for c in &checks {
        assert_eq!(c.counterexample, None, "{}", c.name);
    }
    assert_eq!(checks[0].pairs, 60);
    assert_eq!(checks[1].pairs, 30 * 12);
    assert_eq!(checks[2].pairs, 30 * 16);
}

#[test]
fn twelve_five_sets_partition_the_types_twice() {
    let sets = mutually_incompatible_sets(5);
    assert_eq!(sets.len(), 12);
    assert!(mutually_incompatible_sets(6).is_empty());
    assert_eq!(largest_incompatible_set(), 5);
    // No five-set holds an antitype pair, and every non-antitype edge lies in one set.
    for s in &sets {
        assert!(s.iter().all(|&v| !s.contains(&antitype(v))));
    }
    let mut covered: Vec<(TypeIndex, TypeIndex)> = sets
        .iter()
        .flat_map(|s| s.iter().flat_map(|&a| s.iter().filter(move |&&b| a < b).map(move |&b| (a, b))))
        .collect();
    covered.sort();
    assert_eq!(covered, incompatible_pairs(false));
    let [f0, f1] = five_set_families(&sets).expect("two partitions");
    assert_eq!((f0.len(), f1.len()), (6, 6));
    // The antitype map carries one family onto the other.
    let mut anti: Vec<Vec<TypeIndex>> = f0
        .iter()
        .map(|s| {
            let mut t: Vec<TypeIndex> = s.iter().map(|&v| antitype(v)).collect();
            t.sort();
            t
        })
        .collect();
    anti.sort();
    let mut other = f1.clone();
    other.sort();
    assert_eq!(anti, other);
}

/// Swaps two of Kahan's colors in a type and names the result.
fn interchange(t: TypeIndex, pair: &str) -> TypeIndex {
    let mut cs = pair.chars();
    let (x, y) = (Color::from_char(cs.next().unwrap()).unwrap(), Color::from_char(cs.next().unwrap()).unwrap());
    let mut map: Vec<Color> = (0..62).map(Color).collect();
    map[x.0 as usize] = y;
    map[y.0 as usize] = x;
    type_of(&coloring(t).recolored(&map)).unwrap()
}

#[test]
fn printed_five_sets_against_computed() {
    let computed = mutually_incompatible_sets(5);
    let first: Vec<TypeIndex> = PRINTED_FIVE_SETS[0].1.iter().map(|s| idx(s)).collect();
    let mut wrong = Vec::new();
    for (swap, printed) in PRINTED_FIVE_SETS {
        let mut p: Vec<TypeIndex> = printed.iter().map(|s| idx(s)).collect();
        p.sort();
        if !computed.contains(&p) {
            wrong.push(printed.join(" "));
        }
        if !swap.is_empty() {
            // Sobczyk derives each set from the first by a color interchange; relabeling
            // colors preserves every relation, so the image is again a five-set.
            let mut image: Vec<TypeIndex> = first.iter().map(|&t| interchange(t, swap)).collect();
            image.sort();
            assert!(computed.contains(&image), "{swap}");
            if image != p {
                assert_eq!(swap, "bg");
                assert_eq!(syms(&image), ["Y2", "P2'", "R1'", "G3'", "B3"]);
            }
        }
    }
    // Only the second printed set is wrong; the b-g interchange gives Y2 G3' B3 P2' R1'.
    assert_eq!(wrong, vec!["Y2 G3 B3 P2 R1'".to_string()]);
    // The other five printed sets and their antitypes are computed five-sets.
    assert_eq!(computed.len(), 12);
}

/// Our Table 1 in Sobczyk's layout, same alphabet as [`PRINTED_TABLE_1`].
fn table_1_rows() -> Vec<String> {
    let order: Vec<TypeIndex> = TABLE_1_ORDER.iter().map(|s| idx(s)).collect();
    order
        .iter()
        .enumerate()
        .map(|(i, &a)| {
            order
                .iter()
                .enumerate()
                .map(|(j, &b)| {
                    if i == j {
                        '-'
                    } else {
                        let b = if j > i { b } else { antitype(b) };
                        match relation(a, b).mark() {
                            '·' => '.',
                            '×' => 'x',
                            _ => '-',
                        }
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn printed_table_1_against_computed() {
    let ours = table_1_rows();
    let mut diffs = Vec::new();
    for (i, (o, p)) in ours.iter().zip(PRINTED_TABLE_1).enumerate() {
        for (j, (x, y)) in o.chars().zip(p.chars()).enumerate() {
            if x != y {
                let col = if j > i { TABLE_1_ORDER[j].to_string() } else { format!("{}'", TABLE_1_ORDER[j]) };
                diffs.push(format!("{} {}: printed {y}, computed {x}", TABLE_1_ORDER[i], col));
            }
        }
    }
    // Every one of these is settled by the definitions: see docs/errata.md.
    assert_eq!(
        diffs,
        [
            "Y1 G3: printed ., computed -",
            "R1 Y3: printed -, computed .",
            "G2 P1': printed ., computed -",
            "P2 R1': printed ., computed -",
            "G3 R1': printed ., computed -",
        ]
    );
    // Each of the five is decided by the parallel pairs alone (one-parallel or not).
    for (a, b, one) in
        [("Y1", "G3", false), ("R1", "Y3", true), ("G2", "P1'", false), ("P2", "R1'", false), ("G3", "R1'", false)]
    {
        assert_eq!(shared_parallel_pairs(&coloring(idx(a)), &coloring(idx(b))) == 1, one, "{a} {b}");
    }
}

#[test]
fn printed_figure_2_against_computed() {
    let mut diffs = Vec::new();
    let (mut total, mut lost_primes) = (0, 0);
    for line in PRINTED_FIGURE_2.lines() {
        let parts: Vec<&str> = line.split(" | ").collect();
        let (oc, sides) = parts[0].split_once(' ').unwrap();
        let c = coloring(idx(oc));
        let want_sides: String = [Face::B, Face::L, Face::R, Face::F].iter().map(|&f| c.color(f).to_char()).collect();
        if want_sides != sides {
            diffs.push(format!("{oc} sides: printed {sides}, computed {want_sides}"));
        }
        let list = layer_list(&c).unwrap();
        assert_eq!(list.outer_cube, oc);
        for (k, cl) in list.ground.iter().enumerate() {
            let ours = format!("{} / {}", cl.one_parallel.join(" "), cl.no_parallel.join(" "));
            let printed = parts[k + 1];
            total += printed.split_whitespace().filter(|t| *t != "/").count();
            for (p, c) in printed.split_whitespace().zip(ours.split_whitespace()) {
                if p == c {
                    continue;
                }
                if format!("{p}'") == c {
                    lost_primes += 1;
                } else {
                    diffs.push(format!("{oc} {}: printed {p}, computed {c}", cl.corner));
                }
            }
        }
    }
    // The extracted figure lost many primes (it never shows one that should not be
    // there); apart from that, one symbol and one square's side labels differ.
    assert_eq!(total, 300);
    assert_eq!(lost_primes, 109);
    assert_eq!(diffs, ["G2 DFL: printed G2, computed G3'", "B3 sides: printed grpb, computed gryp"]);
}

#[test]
fn layer_lists_have_three_plus_two_per_corner_and_sobczyk_diagonal_rule() {
    for oc in TypeIndex::all() {
        let c = coloring(oc);
        let list = layer_list(&c).unwrap();
        let all: Vec<&CornerList> = list.ground.iter().chain(&list.ceiling).collect();
        for cl in &all {
            assert_eq!((cl.one_parallel.len(), cl.no_parallel.len()), (3, 2), "{} {}", list.outer_cube, cl.corner);
        }
        // Sobczyk: the lower two also fit the cubically diagonal corner of the other layer,
        // and the antitypes of the upper three fit there.
        for (k, p) in layer_corners(false).into_iter().enumerate() {
            let q = p.opposite();
            let up = list.ceiling.iter().find(|cl| cl.corner == q.name()).unwrap();
            assert_eq!(up.no_parallel, list.ground[k].no_parallel);
            let anti: Vec<TypeIndex> = list.ground[k].one_parallel.iter().map(|s| antitype(idx(s))).collect();
            assert_eq!(up.one_parallel, syms(&anti));
        }
    }
}

#[test]
fn layer_list_accepts_numbers_and_rejects_other_colors() {
    let y1 = coloring(idx("Y1"));
    let numbers = macmahon::kahan_to_numbers(&y1);
    assert_eq!(layer_list(&numbers).unwrap(), layer_list(&y1).unwrap());
    assert_eq!(layer_list(&parse_cube("Y1").unwrap()).unwrap().outer_cube, "Y1");
    assert!(layer_list(&parse_cube("123456").unwrap()).is_ok());
    assert!(layer_list(&parse_cube("112345").unwrap()).is_err());
    assert!(layer_list(&parse_cube("abcdef").unwrap()).is_err());
}

/// Sobczyk §2: "In any solution of a puzzle which contains an antitype pair of blocks, the
/// pair cannot be in facially adjacent position." For every o.c. and every type, no corner
/// the type fits is facially adjacent to a corner its antitype fits (so no solution can
/// place them so); the pair does fit cubically diagonal corners of some o.c.'s.
#[test]
fn an_antitype_pair_never_fits_facially_adjacent_corners() {
    let mut diagonal = 0;
    for oc in TypeIndex::all() {
        for t in TypeIndex::all() {
            let (here, there) =
                (fit_positions(&coloring(t), &coloring(oc)), fit_positions(&coloring(antitype(t)), &coloring(oc)));
            for &p in &here {
                for &q in &there {
                    assert!(
                        !facially_adjacent(p, q),
                        "{} and {} in o.c. {}",
                        symbol(t),
                        symbol(antitype(t)),
                        symbol(oc)
                    );
                    diagonal += cubically_diagonal(p, q) as usize;
                }
            }
        }
    }
    assert!(diagonal > 0);
}

/// The types Sobczyk's chart (Step 2, Figure 1, with the antitypes) leaves as possible
/// o.c.'s of a puzzle: those no block of the puzzle is incompatible with.
fn chart_survivors(puzzle: &[&str]) -> Vec<String> {
    let blocks: Vec<TypeIndex> = puzzle.iter().map(|s| idx(s)).collect();
    let left: Vec<TypeIndex> =
        TypeIndex::all().filter(|&oc| blocks.iter().all(|&b| !relation(b, oc).is_incompatible())).collect();
    syms(&left)
}

/// Sobczyk §5, "Method for solution", Steps 0–3, on his examples: the chart (Steps 1–2)
/// leaves a superset of the o.c.'s the puzzle builds (an incompatible block fits no corner,
/// so the exclusion is sound), and Step 3 (the list of ground layers, here the solver)
/// decides among them. "The chart shows that P7 is compatible with seven o.c.'s as
/// solutions": it is (P7 builds two of them, Y1 and P1: docs/errata.md). The specific
/// puzzle P1 "contains four mutually incompatible types" (and not five).
#[test]
fn sobczyks_chart_on_his_examples() {
    let build = |puzzle: &[&str]| -> Vec<String> {
        let blocks: Vec<_> = puzzle.iter().map(|s| coloring(idx(s))).collect();
        let b = crate::target::Blocks::new(&blocks).unwrap();
        let built: Vec<TypeIndex> = TypeIndex::all().filter(|&oc| b.count(&coloring(oc)).unwrap() > 0).collect();
        syms(&built)
    };
    let p1 = ["G2", "R3", "B3'", "P2'", "R2'", "P3'", "G3", "B2"];
    let p2 = ["Y2", "Y3'", "P1'", "P2", "R2'", "G2'", "B1'", "R3'"];
    let p3 = ["P2", "P2", "R2'", "G1'", "G2", "G3", "G3", "B1'"];
    let p7 = ["Y2", "Y2", "R3", "R3", "R3'", "G1'", "B1'", "B1'"];
    assert_eq!(chart_survivors(&p1), ["Y1"]);
    assert_eq!(build(&p1), ["Y1"]);
    assert_eq!(chart_survivors(&p2), ["Y1"], "Example 2: the chart leaves Y1 only");
    assert!(build(&p2).is_empty(), "and the list shows P2 has no solution");
    assert_eq!(chart_survivors(&p3), ["Y1", "Y2", "Y3"], "Example 3");
    assert_eq!(build(&p3), ["Y1", "Y2", "Y3"]);
    let seven = chart_survivors(&p7);
    assert_eq!(seven.len(), 7, "P7: {seven:?}");
    let built = build(&p7);
    assert_eq!(built, ["Y1", "P1"]);
    assert!(built.iter().all(|t| seven.contains(t)));
    // Four mutually incompatible types in P1, and no five.
    let types: Vec<TypeIndex> = p1.iter().map(|s| idx(s)).collect();
    let incompatible = |a: TypeIndex, b: TypeIndex| relation(a, b).is_incompatible();
    let mutually =
        |set: &[TypeIndex]| set.iter().enumerate().all(|(i, &a)| set[i + 1..].iter().all(|&b| incompatible(a, b)));
    let largest = (0u32..1 << 8)
        .filter(|m| mutually(&(0..8).filter(|&i| m >> i & 1 == 1).map(|i| types[i]).collect::<Vec<_>>()))
        .map(|m| m.count_ones())
        .max();
    assert_eq!(largest, Some(4));
}
