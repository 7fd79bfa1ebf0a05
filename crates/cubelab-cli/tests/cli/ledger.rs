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
    let v = json(&["census", "multisets", "--json"]);
    assert_eq!(v["multisets"], 38_608_020u64);
    assert_eq!(dense(&v["histogram"]), [22_849_650, 11_910_150, 3_422_460, 370_080, 49_500, 4_200, 1_980]);
}

/// Haraguchi: 23 is the largest multiset building nothing; exactly 120 of them.
#[test]
fn the_infeasible_23() {
    let v = json(&["census", "infeasible", "--json"]);
    assert_eq!(v["max"], 23);
    assert_eq!(v["count"], 120);
    assert_eq!(v["classes"].as_array().unwrap().len(), 1);
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
    assert!(checks.iter().all(|c| c["agree"] == true && c["main"] == c["second"]));
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
