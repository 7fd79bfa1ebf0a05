//! `cubelab relations`.

use super::{bad, ok};

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).expect("valid JSON")
}

#[test]
fn relations_json_has_graph_facts_theorems_and_twelve_five_sets() {
    let v = json(&["relations", "--json"]);
    assert_eq!(v["graph"]["edges"], 135);
    assert_eq!(v["graph"]["valency"], 9);
    assert_eq!(v["graph"]["antitype_edges"], 15);
    assert_eq!(v["antitypes"].as_array().unwrap().len(), 15);
    assert_eq!(v["one_parallel"].as_array().unwrap().len(), 180);
    assert_eq!(v["incompatible"].as_array().unwrap().len(), 120);
    assert_eq!(v["largest_incompatible_set"], 5);
    for t in v["theorems"].as_array().unwrap() {
        assert!(t["counterexample"].is_null(), "{t}");
    }
    let parts = v["partitions"].as_array().unwrap();
    assert_eq!(parts.len(), 2);
    for p in parts {
        let mut all: Vec<&str> =
            p.as_array().unwrap().iter().flat_map(|s| s.as_array().unwrap()).map(|x| x.as_str().unwrap()).collect();
        assert_eq!(p.as_array().unwrap().len(), 6);
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 30);
    }
    assert_eq!(parts[0][0], serde_json::json!(["Y1", "P1", "R1", "G1", "B1"]));
    // Table 1: Y1 with R2 incompatible, with Y2 one-parallel, with B2 neither.
    let row = &v["table_1"]["rows"][0];
    assert_eq!(row["type"], "Y1");
    assert_eq!(row["marks"][5], "×");
    assert_eq!(row["marks"][6], "·");
    assert_eq!(row["marks"][7], "");
    insta::assert_json_snapshot!("relations", v);
}

#[test]
fn relations_text_shows_table_and_sets() {
    let t = ok(&["relations"]);
    assert!(t.contains("135 edges"));
    assert!(t.contains("regular of valency 9"));
    assert!(t.contains("Theorem 4 (360 block/o.c. pairs): holds."));
    assert!(t.contains("Theorem 5 (480 block/o.c. pairs): holds."));
    assert!(t.contains("    Y1 P1 R1 G1 B1\n"));
    assert!(t.contains("Y1' B1' G1' P1'"));
}

#[test]
fn ground_layers_in_any_notation() {
    let y1 = json(&["relations", "--ground", "Y1", "--json"]);
    assert_eq!(y1["outer_cube"], "Y1");
    assert_eq!(y1["faces"], "wyrbpg");
    assert_eq!(y1["sides"], serde_json::json!(["b", "p", "g", "r"]));
    assert_eq!(y1["ground"][0]["corner"], "DBL");
    assert_eq!(y1["ground"][0]["one_parallel"], serde_json::json!(["Y3", "P2", "B3"]));
    assert_eq!(y1["ground"][0]["no_parallel"], serde_json::json!(["P3'", "B1'"]));
    // The same cube and orientation over MacMahon's numbers, as K1, and labelled.
    for token in ["K1", "126354", "U=w,D=y,F=r,B=b,L=p,R=g"] {
        let other = json(&["relations", "--ground", token, "--json"]);
        assert_eq!(other["input"]["ground"], token);
        assert_eq!(super::without(other, &["input"]), super::without(y1.clone(), &["input"]), "{token}");
    }
    let text = ok(&["relations", "--ground", "Y1"]);
    assert!(text.contains("| Y3 P2 B3      | Y2' G2' B3    |"));
    assert!(text.contains("Ceiling layer"));
    // A Conway name is taken in its canonical orientation.
    assert_eq!(json(&["relations", "--ground", "Ab", "--json"])["outer_cube"], "P2");
}

#[test]
fn bad_outer_cubes_get_one_line_and_exit_2() {
    assert!(bad(&["relations", "--ground", "112345"]).contains("repeats color 1 (faces U and D)"));
    assert!(bad(&["relations", "--ground", "abcdef"]).contains("1-6"));
    assert!(bad(&["relations", "--ground", "Zz"]).contains("not a cube"));
}
