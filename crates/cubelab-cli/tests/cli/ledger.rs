//! Pins of the headline figures of docs/results.md and docs/seed-ledger.md, each through
//! the real CLI. The expensive ones are `#[ignore]`d with their command in the ledger.

use super::{dense, ok};
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).expect("JSON output")
}

/// The JSON of a command whose kind `json.rs` leaves to this module, checked against its
/// schema.
fn checked_json(args: &[&str]) -> Value {
    let text = ok(args);
    super::json::check_output(args, &text);
    serde_json::from_str(&text).expect("JSON output")
}

/// One of the ten minimum universal sets (Figure 9 is the same for all ten).
const UNIVERSAL_12: &str = "Ab,Af,Ba,Bf,Cd,Ce,Dc,De,Ec,Ed,Fa,Fb";

/// Every subset of the 30 (2^30): the k-set minima, maxima and the sets attaining them,
/// the missing 29, and the largest set building nothing.
#[test]
fn every_subset_minima_maxima_and_the_missing_29() {
    let v = json(&["census", "targets", "--size", "all", "--json"]);
    let sizes = v["sizes"].as_array().unwrap();
    assert_eq!(sizes.len(), 31);
    assert_eq!(sizes.iter().map(|s| s["sets"].as_u64().unwrap()).sum::<u64>(), 1 << 30);
    // (size, min, max, sets at max)
    for (k, min, max, at_max) in [(8, 0, 5, 360), (9, 0, 9, 20), (10, 1, 20, 36), (11, 2, 22, 720), (12, 8, 30, 10)] {
        let s = &sizes[k];
        assert_eq!(s["size"], k);
        assert_eq!(
            (s["min"].as_u64(), s["max"].as_u64(), s["max_count"].as_u64()),
            (Some(min), Some(max), Some(at_max)),
            "size {k}"
        );
    }
    for (k, mean) in [(8, "0.6852"), (9, "3.0345"), (10, "7.3228"), (11, "12.7847"), (12, "18.1739")] {
        assert_eq!(format!("{:.4}", sizes[k]["mean"].as_f64().unwrap()), mean, "mean of size {k}");
    }
    let h = |k: usize| dense(&sizes[k]["histogram"]);
    assert_eq!(h(12)[28..], [720, 0, 10], "no 12-set builds exactly 29");
    let first_29 = (0..=30).find(|&k| h(k).get(29).copied().unwrap_or(0) > 0);
    assert_eq!(first_29, Some(13));
    let largest_nothing = (0..=30).rev().find(|&k| h(k)[0] > 0);
    assert_eq!(largest_nothing, Some(9));
    assert!((25..=30).all(|k| h(k)[..30].iter().all(|&c| c == 0)), "25 or more build all 30");
    assert_eq!(sizes[24]["min"], 24);
}

/// Conjecture 4 and "no universal set of 11 or fewer".
#[test]
fn exactly_ten_universal_sets_of_12_and_none_smaller() {
    let v = json(&["census", "universal", "--json"]);
    assert_eq!(v["size"], 12);
    assert_eq!(v["sets"].as_array().unwrap().len(), 10);
    assert_eq!(v["none_below"], serde_json::json!([8, 9, 10, 11]));
}

/// Figure 9 of Johnson–Roldán, for a minimum universal set.
#[test]
fn figure_9_histograms() {
    let v = json(&["census", "targets", "--size", "all", "--within", UNIVERSAL_12, "--json"]);
    let sizes = v["sizes"].as_array().unwrap();
    let h = |k: usize| super::histogram(&sizes[k]["histogram"]);
    use std::collections::BTreeMap;
    assert_eq!(h(8), BTreeMap::from([(0, 441), (1, 18), (3, 36)]));
    assert_eq!(h(9), BTreeMap::from([(0, 36), (1, 72), (3, 112)]));
    assert_eq!(h(10), BTreeMap::from([(3, 12), (6, 6), (8, 36), (9, 12)]));
    assert_eq!(h(11), BTreeMap::from([(18, 12)]));
    assert_eq!(h(12), BTreeMap::from([(30, 1)]));
}

/// Sobczyk's Theorem 6 over all 38,608,020 multisets: at most six, 1,980 reach six.
#[test]
fn multiset_histogram_and_its_1980() {
    let v = checked_json(&["census", "multisets", "--json"]);
    assert_eq!(v["multisets"], 38_608_020u64);
    assert_eq!(dense(&v["histogram"]), [22_849_650, 11_910_150, 3_422_460, 370_080, 49_500, 4_200, 1_980]);
}

/// Haraguchi: 23 is the largest multiset building nothing; exactly 120 of them. On the way
/// the census finds every set of distinct cubes building nothing, by size: all C(30, k)
/// sets of 7 or fewer (they fill at most 7 corners), Table 2's 2,774,940 of 8, 253,320 of
/// 9 and none of 10 or more (docs/results.md). The 9-cube count is checked against the
/// subset-table census (`census targets --size 9`), which shares no code with the
/// infeasible census's search.
#[test]
fn the_infeasible_23() {
    let v = json(&["census", "infeasible", "--json"]);
    assert_eq!(v["max"], 23);
    assert_eq!(v["count"], 120);
    assert_eq!(v["classes"].as_array().unwrap().len(), 1);
    let by_size = dense(&v["sets_by_size"]);
    let choose = |n: u64, k: u64| (0..k).fold(1u64, |a, i| a * (n - i) / (i + 1));
    assert_eq!(by_size[..8], (0..8).map(|k| choose(30, k)).collect::<Vec<_>>()[..]);
    assert_eq!(by_size[8..], [2_774_940, 253_320]);
    assert_eq!(v["supports"], by_size.iter().sum::<u64>());
    assert_eq!(v["supports"], 5_832_272u64);
    let nine = json(&["census", "targets", "--size", "9", "--json"]);
    assert_eq!(dense(&nine["histogram"])[0], by_size[9]);
}

/// Sobczyk's statements on repeated blocks, the Yi/Yi' puzzles and the 256 primings.
#[test]
fn sobczyks_repeated_block_statements() {
    let v = checked_json(&["census", "sobczyk", "--json"]);
    let claims = v["claims"].as_array().unwrap();
    assert_eq!(claims.len(), 7);
    for c in claims {
        assert!(c["multisets"].as_u64().unwrap() > 0, "{c}");
        assert_eq!(c["counterexamples"], 0, "{c}");
    }
    assert_eq!(claims[0]["multisets"], 7_943_130);
    let yellow = v["yellow"].as_array().unwrap();
    assert_eq!(dense(&yellow[0]["histogram"]), [816, 456, 15]);
    assert_eq!(dense(&yellow[1]["histogram"]), [12, 0, 3]);
    assert_eq!(v["yellow_example"]["built"], serde_json::json!([]));
    let six = v["p6_six"].as_array().unwrap();
    assert_eq!(six.len(), 2);
    assert_eq!(six[0]["puzzle"], serde_json::json!(["Y1", "Y1", "G1", "G1", "B1", "B1", "B2'", "P3"]));
    assert!(v["p7_y1_only"].as_array().unwrap().is_empty());
}

/// The 7x1 picture census (beyond the seed), both metrics.
#[test]
fn picture_7x1_both_metrics() {
    let q = json(&["picture", "census", "7", "1", "--json"]);
    assert_eq!(q["states"], 4_586_471_424u64);
    assert_eq!((q["diameter"].as_u64(), q["median"].as_u64()), (Some(20), Some(15)));
    assert_eq!(format!("{:.2}", q["average"].as_f64().unwrap()), "14.74");
    let d = dense(&q["distances"]);
    assert_eq!(d[..5], [1, 16, 148, 1162, 8274]);
    assert_eq!(d[20], 49_000);
    let h = json(&["picture", "census", "7", "1", "--metric", "half", "--json"]);
    assert_eq!(h["states"], 4_586_471_424u64);
    assert_eq!((h["diameter"].as_u64(), h["median"].as_u64()), (Some(16), Some(13)));
    assert_eq!(format!("{:.2}", h["average"].as_f64().unwrap()), "12.85");
}

/// The quick second methods agree (Table 3, Table 1, Table 2, Figure 9, Darby, the
/// picture censuses up to 3x2).
#[test]
fn verify_quick_agrees() {
    let v = checked_json(&["verify", "--quick", "--json"]);
    assert_eq!(v["all_agree"], true);
    let checks = v["checks"].as_array().unwrap();
    assert!(checks.len() >= 11);
    let figure = |name: &str| checks.iter().find(|c| c["figure"] == name).unwrap_or_else(|| panic!("{name}"));
    assert_eq!(figure("darby-triples")["main"], "85");
    assert_eq!(figure("darby-layers")["main"], "70992");
    assert_eq!(figure("table-2")["main"], "2774940 2256390 720405 91920 8910 360");
    // Johnson–Roldán Theorem 6 case by case (Lemmas 4.6–4.8 with an isolated corner,
    // k = 0): 2 components give 2, 3 components give 4 (Lemma 4.7 says 0) and 4 give 8
    // (Lemma 4.8 says 16), by the corner graph with the general solver and by Table 3's
    // graph with the prime-product algorithm (docs/errata.md).
    let theorem_6 = figure("theorem-6")["main"].as_str().unwrap().to_string();
    assert!(theorem_6.contains("3 components with k = 0: 1728 (4: 1728)"), "{theorem_6}");
    assert!(theorem_6.contains("4 components with k = 0: 24 (8: 24)"), "{theorem_6}");
    assert!(checks.iter().all(|c| c["agree"] == true && c["main"] == c["second"]));
}

/// The audit's example of Lemma 4.7's missing case: Ac Ad Ae Cb Cd Cf Db make a 2-cycle on
/// 134 and 265, a five-corner component with a cycle, and leave corner 253 alone; Ba fills
/// it, and Ba is built in 2·2 = 4 ways (the lemma says 0).
#[test]
fn lemma_4_7_example_builds_ba_in_4_ways() {
    let b = built(&["Ba", "Ac", "Ad", "Ae", "Cb", "Cd", "Cf", "Db"], false);
    assert!(b.contains(&("Ba".to_string(), 4)), "{b:?}");
    let explain = json(&["solve", "Ba", "Ba", "Ac", "Ad", "Ae", "Cb", "Cd", "Cf", "Db", "--explain", "--json"]);
    assert_eq!(explain["arrangements"], 4, "{explain}");
}

/// The 8x1 picture census (10 s of CPU).
#[test]
#[ignore = "10 s of CPU: cubelab picture census 8 1 --json"]
fn picture_8x1() {
    let q = json(&["picture", "census", "8", "1", "--json"]);
    assert_eq!(q["states"], 110_075_314_176u64);
    assert_eq!(q["diameter"], 22);
    assert_eq!(dense(&q["distances"])[22], 625_240);
}

/// Every second method, in full: Table 1 for all targets, every subset, the multisets and
/// the picture censuses to 7x1 (a plain BFS over all 24^7 boards).
#[test]
#[ignore = "about 6 CPU-minutes and 1.4 GB: cubelab verify --json"]
fn verify_full_agrees() {
    let v = json(&["verify", "--json"]);
    assert_eq!(v["all_agree"], true);
    let checks = v["checks"].as_array().unwrap();
    assert!(checks.iter().any(|c| c["figure"] == "picture-7x1"));
    assert!(checks.iter().any(|c| c["figure"] == "multisets"));
}

/// The rows of docs/seed-ledger.md's tables: (id, status, command, pin) cells.
fn ledger_rows() -> (String, Vec<[String; 4]>) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/seed-ledger.md");
    let text = std::fs::read_to_string(path).unwrap();
    let mut rows = Vec::new();
    for line in text.lines() {
        let cells: Vec<String> = line.replace("\\|", "¦").split('|').map(|c| c.trim().to_string()).collect();
        // "| J1 | statement | § | status | command | pin | methods |"
        let id = cells.get(1).map(String::as_str).unwrap_or("");
        let is_row = id.len() >= 2 && "JSMDP".contains(&id[..1]) && id[1..].chars().all(|c| c.is_ascii_digit());
        if is_row {
            assert_eq!(cells.len(), 9, "{id}: seven columns");
            rows.push([id.to_string(), cells[4].clone(), cells[5].clone(), cells[6].clone()]);
        }
    }
    (text, rows)
}

/// The status category of a row (the first word(s) of its status cell).
fn category(status: &str) -> &'static str {
    ["reproduced", "corrected", "refuted", "answered", "out of scope", "open"]
        .into_iter()
        .find(|c| status.starts_with(c))
        .unwrap_or_else(|| panic!("status '{status}' starts with no category"))
}

/// The ledger's header counts are the counts of its rows' statuses; every row has a
/// command or a stated reason for none, and a pinning test or a stated reason for none.
#[test]
fn seed_ledger_counts_and_every_row_has_a_command_and_a_pin() {
    let (text, rows) = ledger_rows();
    let mut ids = std::collections::BTreeSet::new();
    let mut counts = std::collections::BTreeMap::<&str, Vec<String>>::new();
    for [id, status, _, _] in &rows {
        assert!(ids.insert(id.clone()), "{id} twice");
        counts.entry(category(status)).or_default().push(id.clone());
    }
    // A cell names a command or test (in backticks), says why there is none ("none: …",
    // "— (…)"), or refers to another row ("as J4").
    let fine = |cell: &str| {
        cell.contains('`')
            || cell.starts_with("none:")
            || cell.starts_with("— (")
            || cell.strip_prefix("as ").is_some_and(|other| ids.contains(other.split_whitespace().next().unwrap_or("")))
    };
    for [id, _, command, pin] in &rows {
        assert!(fine(command), "{id}: command '{command}'");
        assert!(fine(pin), "{id}: pin '{pin}'");
    }
    let header = text.lines().find(|l| l.starts_with("Counts:")).expect("a Counts: line");
    let mut expected = format!("Counts: {} rows — ", rows.len());
    let parts: Vec<String> = ["reproduced", "corrected", "refuted", "answered", "out of scope", "open"]
        .into_iter()
        .map(|c| {
            let ids = counts.get(c).cloned().unwrap_or_default();
            if c == "open" {
                format!("{} open ({})", ids.len(), ids.join("; "))
            } else {
                format!("{} {c}", ids.len())
            }
        })
        .collect();
    expected += &parts.join(", ");
    assert!(header.starts_with(&expected), "header:\n{header}\nrecounted:\n{expected}");
}

/// Every test a ledger row names as its pin exists (a function of that name in the
/// workspace's sources), so no pin names a module or a test that was renamed.
#[test]
fn every_pin_of_the_seed_ledger_names_an_existing_test() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut sources = String::new();
    let mut dirs = vec![std::path::PathBuf::from(root).join("crates")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                sources += &std::fs::read_to_string(&p).unwrap();
            }
        }
    }
    let (_, rows) = ledger_rows();
    for [id, _, _, pin] in &rows {
        for (k, token) in pin.split('`').enumerate() {
            if k % 2 == 1 && token.contains("::") {
                let name = token.rsplit("::").next().unwrap();
                assert!(
                    sources.contains(&format!("fn {name}(")),
                    "{id}: the pin `{token}` names no test function `{name}`"
                );
            }
        }
    }
}

/// A picture census row of docs/results.md: states, average (2 decimals), median and every
/// layer (the diameter is the last).
fn picture_row(args: &[&str], states: u64, average: &str, median: u64, distances: &[u64]) {
    let q = json(args);
    assert_eq!(q["states"], states, "{args:?}");
    assert_eq!(distances.iter().sum::<u64>(), states);
    assert_eq!(q["diameter"].as_u64(), Some(distances.len() as u64 - 1), "{args:?}");
    assert_eq!(format!("{:.2}", q["average"].as_f64().unwrap()), average, "{args:?}");
    assert_eq!(q["median"].as_u64(), Some(median), "{args:?}");
    assert_eq!(dense(&q["distances"]), distances, "{args:?}");
}

/// The half-turn metric rows of docs/results.md up to 6x1 and 3x2 (the seed defines the
/// metric but computes nothing in it).
#[test]
fn picture_half_turn_rows_to_6x1_and_3x2() {
    for (m, n, states, diameter, average, median) in [
        ("1", "1", 24u64, 3u64, "1.83", 2u64),
        ("2", "1", 576, 6, "3.99", 4),
        ("3", "1", 13824, 8, "5.85", 6),
        ("4", "1", 331776, 10, "7.63", 8),
        ("5", "1", 7962624, 12, "9.39", 10),
    ] {
        let q = json(&["picture", "census", m, n, "--metric", "half", "--json"]);
        assert_eq!(q["states"], states);
        assert_eq!(q["diameter"], diameter);
        assert_eq!(format!("{:.2}", q["average"].as_f64().unwrap()), average);
        assert_eq!(q["median"], median);
    }
    let half = |m: &str, n: &str| ["picture", "census", m, n, "--metric", "half", "--json"].map(String::from);
    let run = |m: &str, n: &str, states: u64, average: &str, median: u64, d: &[u64]| {
        let a = half(m, n);
        picture_row(&a.iter().map(String::as_str).collect::<Vec<_>>(), states, average, median, d)
    };
    run("2", "2", 165888, "7.33", 7, &[1, 12, 86, 524, 2577, 9564, 26964, 49648, 47712, 23644, 5156]);
    run(
        "3",
        "2",
        47775744,
        "9.94",
        10,
        &[1, 15, 138, 1122, 8121, 50337, 266326, 1171018, 4132334, 10209214, 15730578, 12183312, 3828564, 194664],
    );
    run(
        "6",
        "1",
        191102976,
        "11.13",
        11,
        &[
            1, 21, 225, 1899, 14601, 95199, 487707, 1937793, 6025210, 14645440, 29226400, 50576640, 64646640, 23156400,
            288800,
        ],
    );
}

/// The 9x1 picture census (docs/results.md).
#[test]
#[ignore = "49 s of CPU: cubelab picture census 9 1 --json"]
fn picture_9x1() {
    picture_row(
        &["picture", "census", "9", "1", "--json"],
        2641807540224,
        "18.78",
        19,
        &[
            1,
            20,
            226,
            2130,
            18519,
            142290,
            928842,
            5139384,
            24501642,
            102746564,
            386016776,
            1316549652,
            4105160358,
            11721464784,
            30581038872,
            72601220568,
            155437544229,
            294036007446,
            474796318996,
            617216804042,
            568959128635,
            314671297104,
            86323047912,
            9230173488,
            290065104,
            2222640,
        ],
    );
}

/// The 10x1 picture census (docs/results.md).
#[test]
#[ignore = "3 CPU-minutes, 94 MB: cubelab picture census 10 1 --json"]
fn picture_10x1() {
    picture_row(
        &["picture", "census", "10", "1", "--json"],
        63403380965376,
        "20.73",
        21,
        &[
            1,
            22,
            271,
            2760,
            26055,
            219944,
            1590391,
            9780072,
            51828450,
            241258610,
            1004724876,
            3798593056,
            13165009726,
            42020891336,
            123592614950,
            334270271584,
            828606904677,
            1875810669384,
            3852619765093,
            7063761739440,
            11222453475131,
            14665547677112,
            13858612680667,
            7500320291080,
            1842880808480,
            170058342240,
            4522214160,
            29585808,
        ],
    );
}

/// The 11x1 picture census (docs/results.md).
#[test]
#[ignore = "10 CPU-minutes, 285 MB: cubelab picture census 11 1 --json"]
fn picture_11x1() {
    picture_row(
        &["picture", "census", "11", "1", "--json"],
        1521681143169024,
        "22.82",
        23,
        &[
            1,
            24,
            320,
            3498,
            35552,
            326480,
            2588344,
            17513210,
            102179517,
            523137010,
            2392518634,
            9924380248,
            37764295236,
            132741065958,
            432247450822,
            1303749330180,
            3635263057019,
            9345036534306,
            22086211137474,
            47808594410654,
            94006902105380,
            165192008753574,
            252868161694710,
            323811180307914,
            314598793865511,
            200645136487400,
            72278417192916,
            12572219963336,
            894205887300,
            19439370720,
            107575776,
        ],
    );
}

/// The 12x1 picture census (docs/results.md).
#[test]
#[ignore = "31 CPU-minutes, 822 MB: cubelab picture census 12 1 --json"]
fn picture_12x1() {
    picture_row(
        &["picture", "census", "12", "1", "--json"],
        36520347436056576,
        "24.79",
        25,
        &[
            1,
            26,
            373,
            4352,
            47294,
            468648,
            4039210,
            29819328,
            190003099,
            1061700508,
            5292211837,
            23895808048,
            98941791972,
            378903448744,
            1348525190484,
            4467632177360,
            13769588063511,
            39409418486214,
            104506512033363,
            256213513529072,
            579601456288734,
            1206651823390464,
            2297275190680482,
            3944965855921360,
            5971423135212973,
            7680129631237188,
            7621232888598799,
            4866868171962164,
            1655782036987152,
            259694878932192,
            16192319475772,
            305064684540,
            1473861312,
        ],
    );
}

/// The 4x2 picture census (docs/results.md).
#[test]
#[ignore = "10 CPU-minutes, 4.5 GB: cubelab picture census 4 2 --json"]
fn picture_4x2() {
    picture_row(
        &["picture", "census", "4", "2", "--json"],
        13759414272,
        "13.38",
        13,
        &[
            1, 12, 98, 764, 5679, 39264, 253172, 1509368, 8240239, 40770084, 179748174, 682404864, 2058066105,
            4120505884, 4316362492, 2020178392, 316828796, 14298480, 202380, 24,
        ],
    );
}

/// The 8x1 picture census in the half-turn metric (docs/results.md).
#[test]
#[ignore = "12 s of CPU: cubelab picture census 8 1 --metric half --json"]
fn picture_half_turn_8x1() {
    picture_row(
        &["picture", "census", "8", "1", "--metric", "half", "--json"],
        110075314176,
        "14.57",
        15,
        &[
            1,
            27,
            372,
            3972,
            39142,
            344150,
            2499120,
            14580660,
            68835889,
            268280151,
            882049284,
            2474013312,
            5957730880,
            12542557312,
            22892791040,
            33601926568,
            27262454688,
            4088283808,
            18923800,
        ],
    );
}

/// The 9x1 picture census in the half-turn metric (docs/results.md).
#[test]
#[ignore = "57 s of CPU: cubelab picture census 9 1 --metric half --json"]
fn picture_half_turn_9x1() {
    picture_row(
        &["picture", "census", "9", "1", "--metric", "half", "--json"],
        2641807540224,
        "16.29",
        17,
        &[
            1,
            30,
            459,
            5400,
            58716,
            579672,
            4817106,
            32608548,
            180251925,
            826780272,
            3210117289,
            10759957294,
            31525811952,
            80982790704,
            183388269912,
            364810121088,
            615838904736,
            800417257248,
            499306093776,
            50374098432,
            149015664,
        ],
    );
}

/// The 10x1 picture census in the half-turn metric (docs/results.md).
#[test]
#[ignore = "3.5 CPU-minutes, 93 MB: cubelab picture census 10 1 --metric half --json"]
fn picture_half_turn_10x1() {
    picture_row(
        &["picture", "census", "10", "1", "--metric", "half", "--json"],
        63403380965376,
        "18.01",
        18,
        &[
            1,
            33,
            555,
            7125,
            84500,
            922696,
            8620460,
            66400722,
            421082385,
            2227353855,
            9997860129,
            38772298481,
            132130339810,
            400372211616,
            1081397735840,
            2601407620480,
            5551929970272,
            10290360801504,
            15943951214064,
            18113519218320,
            8633465015280,
            602100416400,
            1251790848,
        ],
    );
}

/// The 11x1 picture census in the half-turn metric (docs/results.md).
#[test]
#[ignore = "12 CPU-minutes, 286 MB: cubelab picture census 11 1 --metric half --json"]
fn picture_half_turn_11x1() {
    picture_row(
        &["picture", "census", "11", "1", "--metric", "half", "--json"],
        1521681143169024,
        "19.73",
        20,
        &[
            1,
            36,
            660,
            9174,
            117601,
            1403732,
            14541846,
            125533254,
            898713849,
            5393451602,
            27548254866,
            121687982760,
            472219249449,
            1633063259282,
            5084598244880,
            14287936695648,
            36120902336112,
            81727675422976,
            163160991121216,
            280205275306176,
            398527034524344,
            391054790874528,
            142286557253016,
            6954518861136,
            9910010880,
        ],
    );
}

/// The 12x1 picture census in the half-turn metric (docs/results.md).
#[test]
#[ignore = "40 CPU-minutes, 822 MB: cubelab picture census 12 1 --metric half --json"]
fn picture_half_turn_12x1() {
    picture_row(
        &["picture", "census", "12", "1", "--metric", "half", "--json"],
        36520347436056576,
        "21.44",
        22,
        &[
            1,
            39,
            774,
            11574,
            159207,
            2057907,
            23378682,
            223448940,
            1782823031,
            11978754689,
            68711130246,
            341393043038,
            1490364879137,
            5794715115173,
            20307349606586,
            64682609355264,
            187668940854464,
            494196447957120,
            1174171216924288,
            2491157972462720,
            4632581906675712,
            7388901389099472,
            9650467869414240,
            8082963888876096,
            2246639704969968,
            78815906804448,
            83038253760,
        ],
    );
}

/// The targets a set builds, as (name, arrangements), sorted; with improper targets, as
/// (face string, arrangements).
fn built(blocks: &[&str], improper: bool) -> Vec<(String, u64)> {
    let mut args = vec!["build"];
    args.extend(blocks);
    if improper {
        args.push("--improper");
    }
    args.push("--json");
    let v = json(&args);
    let mut out: Vec<(String, u64)> = v["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                if improper { &t["target"] } else { &t["name"] }.as_str().unwrap().to_string(),
                t["arrangements"].as_u64().unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

/// Magnier's worked example {3, 9, 12, 14, 17, 22, 26, 30} = Fe Ad Ec Ed Ab Ae Af Eb:
/// cube 2 (Ca) is a solution, and its only one, in 4 arrangements (two components with a
/// cycle each, 2^2).
#[test]
fn magniers_worked_example_builds_only_cube_2_in_4_ways() {
    assert_eq!(built(&["Fe", "Ad", "Ec", "Ed", "Ab", "Ae", "Af", "Eb"], false), [("Ca".to_string(), 4)]);
}

/// Magnier's graph rule with "any single edge" for the block identical to the cube fails:
/// Ba Ac Cb Ad Ae Af Cd Ce builds Ba in 12 ways (a 2-cycle and a 5-edge tree on six
/// corners, Ba on any of the six: 2·6), though with Ba's edge drawn on the 2-cycle the
/// rule rejects it (docs/errata.md).
#[test]
fn magniers_graph_rule_counterexample_builds_ba_in_12_ways() {
    let b = built(&["Ba", "Ac", "Cb", "Ad", "Ae", "Af", "Cd", "Ce"], false);
    assert!(b.contains(&("Ba".to_string(), 12)), "{b:?}");
    let explain = ok(&["solve", "Ba", "Ba", "Ac", "Cb", "Ad", "Ae", "Af", "Cd", "Ce", "--explain"]);
    assert!(explain.contains("12"), "{explain}");
}

/// Darby: the eight corner numbers tell order-3 cubes apart up to the 48 symmetries, "this
/// would not be the case for higher order cubes". An order-4 semi-perfect cube and its
/// image under swapping the two middle layers along all three axes (rows, columns,
/// pillars and the four space diagonals go to rows, columns, pillars and space diagonals)
/// are both semi-perfect, differ, and have the same numbers at the same corners; a
/// symmetry fixing eight distinct corner numbers is the identity, so the two are not
/// symmetric images of each other, yet their corner keys agree.
#[test]
fn darbys_corner_keys_do_not_tell_order_4_cubes_apart() {
    let v = json(&["magic", "construct", "--order", "4", "--json"]);
    let cell = |l: usize, r: usize, c: usize| v["cube"][l][r][c].as_i64().unwrap();
    let swap = |i: usize| [0, 2, 1, 3][i];
    let text = |f: &dyn Fn(usize, usize, usize) -> i64| -> String {
        (0..4)
            .map(|l| {
                (0..4)
                    .map(|r| format!("{}\n", (0..4).map(|c| f(l, r, c).to_string()).collect::<Vec<_>>().join(" ")))
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let original = text(&|l, r, c| cell(l, r, c));
    let swapped = text(&|l, r, c| cell(swap(l), swap(r), swap(c)));
    assert_ne!(original, swapped);
    for t in [&original, &swapped] {
        let out = super::cubelab().args(["magic", "check", "-", "--json"]).write_stdin(t.as_str()).output().unwrap();
        assert!(out.status.success());
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(report["semi_perfect"], true, "{t}");
    }
    for (l, r, c) in [0, 3].iter().flat_map(|&l| [0, 3].iter().flat_map(move |&r| [0, 3].map(move |c| (l, r, c)))) {
        assert_eq!(cell(l, r, c), cell(swap(l), swap(r), swap(c)), "corners stay");
    }
}

/// Magnier: "certain sets have improper solutions, that is solutions with only five or
/// four, or even three colors on their faces". One set of 8 distinct blocks for each.
#[test]
fn magniers_improper_solutions_with_five_four_and_three_colors() {
    let colors = |t: &str| t.chars().collect::<std::collections::BTreeSet<_>>().len();
    let fewest = |blocks: &[&str]| {
        let b = built(blocks, true);
        let least = b.iter().map(|(t, _)| colors(t)).min().unwrap();
        (least, b.into_iter().filter(|(t, _)| colors(t) == least).collect::<Vec<_>>())
    };
    let (five, _) = fewest(&["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]);
    assert_eq!(five, 5);
    assert_eq!(fewest(&["Bc", "Ec", "Da", "Dc", "Fb", "Fc", "Cd", "Ea"]), (4, vec![("223345".to_string(), 16)]));
    let (three, targets) = fewest(&["Ab", "Ba", "Ac", "Ca", "Bc", "Cb", "De", "Ed"]);
    assert_eq!(three, 3);
    assert_eq!(targets, [("113344".to_string(), 576), ("225566".to_string(), 576)]);
}

/// The exact means of docs/results.md for C_4 and C_5 and the exact Sadisticube 7 counts
/// (one method each: the dynamic program over corner-fit families, summed over orbits of
/// color relabelings; printed beside any sample, so a sample of one set suffices). About
/// 0.3 s of CPU per size.
#[test]
fn exact_means_of_c4_c5_and_sadisticube_7() {
    let exact = |flag: &str, value: &str, k: &str| {
        json(&["census", "targets", flag, value, "--size", k, "--sample", "1", "--seed", "1", "--json"])["exact"]
            .clone()
    };
    for (colors, k, sets, mean) in [
        ("4", "8", "7392009768", "21.294124"),
        ("4", "9", "49280065120", "33.599465"),
        ("4", "10", "290752384208", "40.575364"),
        ("4", "12", "7282025622664", "49.050801"),
        ("5", "8", "16871053725", "11.859000"),
        ("5", "9", "125595622175", "19.384925"),
        ("5", "10", "828931106355", "26.260525"),
        ("5", "12", "26123889412400", "36.594093"),
    ] {
        let e = exact("--colors", colors, k);
        assert_eq!(e["sets"], sets, "C_{colors}, {k}");
        assert_eq!(format!("{:.6}", e["mean"].as_f64().unwrap()), mean, "C_{colors}, {k}");
    }
    for (k, each, mean) in [
        ("8", "62210581461", "0.159389"),
        ("9", "7537870278314", "0.860465"),
        ("10", "459743715101505", "2.610984"),
        ("11", "18824306069424264", "5.879901"),
        ("12", "582225058092919904", "10.966552"),
        ("14", "303603032961445630296", "26.682424"),
        ("16", "87300224353417875780150", "48.178703"),
        ("20", "2067456706824331987269166974", "96.624566"),
    ] {
        let e = exact("--palette", "7", k);
        assert_eq!(e["sets_building_each_target"], each, "Sadisticube 7, {k}");
        assert_eq!(format!("{:.6}", e["mean"].as_f64().unwrap()), mean, "Sadisticube 7, {k}");
    }
}

/// Sadisticube 7: 8 blocks can build 9 targets (the set the search found, docs/results.md).
#[test]
fn sadisticube_7_eight_blocks_build_9() {
    let set = "Df,Fc,142375,172534,162743,172635,152674,273564";
    let v = json(&["census", "targets", "--palette", "7", "--size", "all", "--within", set, "--json"]);
    assert_eq!(super::histogram(&v["sizes"][8]["histogram"]), std::collections::BTreeMap::from([(9, 1)]));
}

/// Sadisticube 7: no 8 blocks build 10 targets (the exhaustive branch-and-bound), so 9 is
/// the most.
#[test]
#[ignore = "about 5 CPU-minutes: cubelab census max-targets --palette 7 --prove --json"]
fn sadisticube_7_no_8_blocks_build_10() {
    let v = json(&["census", "max-targets", "--palette", "7", "--prove", "--json"]);
    assert_eq!(v["max_found"], 9);
    assert_eq!(v["proven_maximum"], true);
    assert_eq!(v["verified"], true);
}

/// Sobczyk's incompatibility relation from `cubelab relations --json`: the incompatible
/// pairs other than antitypes (both orders), the antitype of each symbol, the 30 symbols.
type SobczykRelation =
    (std::collections::BTreeSet<(String, String)>, std::collections::BTreeMap<String, String>, Vec<String>);

/// [`SobczykRelation`] read from `cubelab relations --json`.
fn sobczyk_relation() -> SobczykRelation {
    let v = json(&["relations", "--json"]);
    let pairs = |key: &str| -> Vec<(String, String)> {
        v[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_str().unwrap().to_string(), p[1].as_str().unwrap().to_string()))
            .collect()
    };
    let incompatible = pairs("incompatible").into_iter().flat_map(|(a, b)| [(a.clone(), b.clone()), (b, a)]).collect();
    let antitype = pairs("antitypes").into_iter().flat_map(|(a, b)| [(a.clone(), b.clone()), (b, a)]).collect();
    let types = v["types"].as_array().unwrap().iter().map(|t| t["symbol"].as_str().unwrap().to_string()).collect();
    (incompatible, antitype, types)
}

/// Sobczyk §5, Step 2 on Kahan's puzzle P1 = (G2, R3, B3', P2', R2', P3', G3, B2): "All
/// eight antitypes already are excluded by the other incompatibilities": the antitype of
/// each block is incompatible with another block of P1 (not only with its own type).
/// And the remark after it: if a puzzle holds the five types of "the second column" (the
/// five-set whose antitypes are Y1, R2, G3', B2', P3, i.e. Y1', R2', G3, B2, P3'), "the
/// exclusion of Y1, R2, G3', B2', P3 is only by the fact that they are the antitypes":
/// none of the five is incompatible with a type of the set other than its own antitype,
/// while every other type is excluded by a non-antitypical incompatibility.
#[test]
fn sobczyks_step_2_statements() {
    let (incompatible, antitype, types) = sobczyk_relation();
    assert_eq!(types.len(), 30);
    let p1 = ["G2", "R3", "B3'", "P2'", "R2'", "P3'", "G3", "B2"];
    for b in p1 {
        let a = &antitype[b];
        let by: Vec<&str> = p1.iter().copied().filter(|x| incompatible.contains(&(x.to_string(), a.clone()))).collect();
        assert!(!by.is_empty(), "P1: the antitype {a} of {b} is excluded by its antitype only");
    }
    let column = ["Y1'", "R2'", "G3", "B2", "P3'"];
    let only_by_antitypes: Vec<&String> = types
        .iter()
        .filter(|t| !column.contains(&t.as_str()))
        .filter(|t| !column.iter().any(|c| incompatible.contains(&(c.to_string(), t.to_string()))))
        .collect();
    let mut got: Vec<&str> = only_by_antitypes.iter().map(|s| s.as_str()).collect();
    got.sort_unstable();
    assert_eq!(got, ["B2'", "G3'", "P3", "R2", "Y1"]);
    assert!(column.iter().all(|c| got.contains(&antitype[*c].as_str())));
    // The five are mutually incompatible, one of the twelve five-sets.
    for a in column {
        for b in column {
            assert!(a == b || incompatible.contains(&(a.to_string(), b.to_string())), "{a} {b}");
        }
    }
}

/// Sobczyk §5, Example 2: P2 = (Y2, Y3', P1', P2, R2', G2', B1', R3') has no solution, as
/// no block fits corner CLB of Y1; "There are, however, several simultaneous and compatible
/// placements of seven of the blocks in o.c. Y1." Counted two ways: from the list of ground
/// layers (`relations --ground Y1`: the blocks that fit each corner; every assignment of
/// seven of the eight blocks to the other seven corners), and by the solver (leave one
/// block out and put Y1 itself in: it must fill CLB, so the arrangements of Y1 are the
/// placements of the seven).
#[test]
fn sobczyks_example_2_places_seven_blocks_in_y1() {
    let p2 = ["Y2", "Y3'", "P1'", "P2", "R2'", "G2'", "B1'", "R3'"];
    let layers = json(&["relations", "--ground", "Y1", "--json"]);
    let corners: Vec<(String, Vec<String>)> = ["ground", "ceiling"]
        .iter()
        .flat_map(|layer| layers[*layer].as_array().unwrap().clone())
        .map(|c| {
            let fits = ["one_parallel", "no_parallel"]
                .iter()
                .flat_map(|k| c[*k].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()))
                .collect();
            (c["corner"].as_str().unwrap().to_string(), fits)
        })
        .collect();
    assert_eq!(corners.len(), 8);
    let clb = corners.iter().position(|(name, _)| name == "UBL").expect("corner UBL (ceiling, left, back)");
    assert!(p2.iter().all(|b| !corners[clb].1.contains(&b.to_string())), "no block of P2 fits CLB");
    // Assignments of distinct blocks to the seven other corners, by brute force.
    fn assign(corners: &[&Vec<String>], p2: &[&str], used: u32) -> u64 {
        match corners.split_first() {
            None => 1,
            Some((fits, rest)) => (0..p2.len())
                .filter(|&i| used >> i & 1 == 0 && fits.contains(&p2[i].to_string()))
                .map(|i| assign(rest, p2, used | 1 << i))
                .sum(),
        }
    }
    let others: Vec<&Vec<String>> = corners.iter().enumerate().filter(|&(i, _)| i != clb).map(|(_, c)| &c.1).collect();
    let by_lists = assign(&others, &p2, 0);
    let by_solver: u64 = (0..8)
        .map(|left_out| {
            let mut args = vec!["solve", "Y1"];
            args.extend(p2.iter().enumerate().filter(|&(i, _)| i != left_out).map(|(_, b)| *b));
            args.extend(["Y1", "--json"]);
            json(&args)["arrangements"].as_u64().unwrap()
        })
        .sum();
    assert_eq!(by_lists, by_solver);
    // Several: 12, two for each of six blocks left out (not for Y2 or G2').
    assert_eq!(by_lists, 12);
}

/// Magnier, "Finding a solution": block 14 (Ed) is printed with "624" underlined as a vertex
/// shared with cube 2 (Ca). Magnier writes a vertex clockwise from its 6, Johnson–Roldán
/// from another digit: 624 is Johnson–Roldán's 246, a corner of Ed but not of Ca (Ca has
/// 264, Magnier's 642, the mirror corner). Ed fits exactly two corners of Ca, 143 and 135,
/// as the printed matrix row 0 1 1 0 0 0 0 0 says.
#[test]
fn magniers_624_is_not_a_vertex_of_cube_2() {
    let corners = |name: &str| -> Vec<String> {
        json(&["show", name, "--json"])["corners"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect()
    };
    let (ed, ca) = (corners("Ed"), corners("Ca"));
    let rotations = |v: &str| -> [String; 3] {
        let b = v.as_bytes();
        [0, 1, 2].map(|i| String::from_utf8(vec![b[i], b[(i + 1) % 3], b[(i + 2) % 3]]).unwrap())
    };
    let has = |cube: &[String], v: &str| rotations(v).iter().any(|r| cube.contains(r));
    assert!(has(&ed, "624") && !has(&ca, "624") && has(&ca, "642"));
    let shared: Vec<&str> = ["124", "143", "135", "152", "642", "634", "653", "625"]
        .into_iter()
        .filter(|v| has(&ed, v) && has(&ca, v))
        .collect();
    assert_eq!(shared, ["143", "135"]);
}

/// `picture bounds` on one column (issue 26): the seed's Eq. (1) lower bound for m x 1 is
/// m·log 24 / log(2m+2) − 1, and the counting and column-split bounds (of the transposed
/// board) bracket the 4x1 diameter 12.
#[test]
fn picture_bounds_for_one_column() {
    let v = json(&["picture", "bounds", "4", "1", "--json"]);
    let eq1 = v["eq1_lower"].as_f64().unwrap();
    assert!((eq1 - (4.0 * 24f64.ln() / 10f64.ln() - 1.0)).abs() < 1e-9, "{eq1}");
    let (lower, upper) = (v["lower"].as_u64().unwrap(), v["upper"].as_u64().unwrap());
    assert!(eq1.ceil() as u64 <= lower && (lower..=upper).contains(&12) && upper <= 36, "{v}");
    assert_eq!(v["first_columns_diameter"], 10, "the 3x1 diameter");
    let text = ok(&["picture", "bounds", "4", "1"]);
    assert!(text.contains("first cubes of the column") && text.contains("Eq. (1) lower: 4.52"), "{text}");
}
