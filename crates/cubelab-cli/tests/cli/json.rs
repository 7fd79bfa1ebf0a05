//! The JSON contract (`docs/json.md`): every `--json` output of every subcommand is one
//! object starting with `kind` and `format_version`, and validates against the schema of
//! its kind in `docs/schemas/` (which a unit test of the binary keeps equal to the schema
//! generated from the Rust types).

use super::ok;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn schema_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/schemas")
}

fn schema_of(kind: &str) -> Value {
    let path = schema_dir().join(format!("{kind}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("no schema for kind {kind} ({e})"));
    serde_json::from_str(&text).unwrap()
}

/// The schema violations of a document, as one line each (empty when it is valid).
fn violations(schema: &Value, doc: &Value) -> Vec<String> {
    let validator = jsonschema::validator_for(schema).expect("a valid schema");
    validator.iter_errors(doc).map(|e| format!("{} at {}", e, e.instance_path())).collect()
}

/// Checks one printed output against the contract and returns its kind.
pub(super) fn check_output(args: &[&str], text: &str) -> String {
    assert!(text.starts_with("{\n  \"kind\": \""), "{args:?}: not an object starting with \"kind\"");
    assert_eq!(text.lines().nth(2), Some("  \"format_version\": 2,"), "{args:?}: format_version second");
    assert_eq!(text.lines().nth(3).map(|l| l.starts_with("  \"input\": ")), Some(true), "{args:?}: input third");
    let doc: Value = serde_json::from_str(text).unwrap();
    let kind = doc["kind"].as_str().unwrap().to_string();
    let errors = violations(&schema_of(&kind), &doc);
    assert!(errors.is_empty(), "cubelab {args:?} does not match docs/schemas/{kind}.json:\n{}", errors.join("\n"));
    kind
}

/// Kinds checked against their schema by `ledger.rs` (`verify --quick`, `census sobczyk`,
/// `census multisets`: each several CPU-seconds, run there once).
const LEDGER_KINDS: &[&str] = &["verify", "census-sobczyk", "census-multisets"];

/// Kinds whose only commands take minutes: checked by the ignored tests below.
/// (`extended --guarantee` prints a report only once its search is decided, about a
/// CPU-minute in release: a budget that runs out is a limit reached, exit 4.)
const LONG_KINDS: &[&str] = &["extended-guarantee"];

/// Every subcommand with `--json`, common and edge cases (each at most a few seconds in a
/// debug build: MacMahon's backtrack solution numbers of one target, 53 CPU-seconds in
/// release, and the 2x2 board over A5, 40 CPU-seconds, gave way to the 2-colour backtrack
/// census and the 2x1 board, whose reports have the same kinds and fields; the golden
/// outputs still run both, the first also as JSON in the ignored API comparison).
const COMMANDS: &[&[&str]] = &[
    &["cubes"],
    &["cubes", "--colors", "1"],
    &["cubes", "--colors", "4"],
    &["cubes", "--palette", "3"],
    &["cubes", "--tableau"],
    &["show", "Ab"],
    &["show", "152463"],
    &["show", "U=w,D=y,F=r,B=b,L=p,R=g"],
    &["show", "Y1'"],
    &["show", "K7"],
    &["show", "112233"],
    &["build", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"],
    &["build", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc", "--improper"],
    &["build", "Ab", "Ac", "Ad", "Ae", "Af", "Ba", "Bc", "Bd", "Be"],
    &["build", "112345", "123345", "123455", "122345", "112345", "123445", "123451", "512345"],
    &["solve", "Cb", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"],
    &["solve", "Cb", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc", "--limit", "0", "--explain"],
    &["solve", "Ba", "Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb", "--interior"],
    &["solve", "Ab", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc", "--explain"],
    &["relations"],
    &["relations", "--ground", "Y1"],
    &["relations", "--ground", "152463"],
    &["magic", "enumerate", "--classes"],
    &["magic", "enumerate", "--start", "0", "--step", "2"],
    &["magic", "enumerate", "--property", "pantriagonal"],
    &["magic", "construct", "--order", "3"],
    &["magic", "construct", "--order", "6"],
    &["magic", "squares", "--order", "3"],
    &["magic", "squares", "--order", "4", "--classes"],
    &["magic", "squares", "--order", "4", "--kind", "pandiagonal", "--shard", "2/3"],
    &["magic", "squares", "--order", "4", "--fix", "1,1=1", "--method", "backtrack"],
    &["magic", "estimate", "--order", "3", "--samples", "200", "--exact"],
    &[
        "magic",
        "estimate",
        "--method",
        "tempering",
        "--of",
        "squares",
        "--order",
        "3",
        "--repeats",
        "2",
        "--sweeps",
        "200",
    ],
    &["picture", "check", "UF RB / DL UF"],
    &["picture", "check", "FD UF / UF UF"],
    &["picture", "solve", "UF RB / DL UF"],
    &["picture", "solve", "UF RB / DL UF", "--method", "subgroup"],
    &["picture", "solve", "FD UF / UF FD", "--method", "optimal", "--metric", "half"],
    &["picture", "solve", "UF UF / UF UF"],
    &["picture", "scramble", "3", "3", "--seed", "7"],
    &["picture", "scramble", "2", "4", "--moves", "10", "--seed", "1"],
    &["picture", "bounds", "2", "2"],
    &["picture", "bounds", "2", "2", "--sample", "2", "--metric", "half"],
    &["picture", "census", "1", "1"],
    &["picture", "census", "2", "2", "--metric", "half"],
    &["picture", "census", "2", "2", "--group", "S3"],
    &["picture", "census", "2", "1", "--group", "A5", "--row-moves", "(1 2 3);(1 2 3 4 5)"],
    &["census", "solution-numbers"],
    &["census", "solution-numbers", "--colors", "2", "--all-targets", "--method", "backtrack"],
    &["census", "solution-numbers", "--shard", "1/2"],
    &["census", "targets", "--size", "0"],
    &["census", "targets", "--size", "all", "--within", "Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd,Be,Bf"],
    &["census", "targets", "--size", "8", "--shard", "2/3"],
    &["census", "targets", "--size", "10", "--list-max", "--within", "Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd,Be,Bf,Ca,Cb"],
    &["census", "targets", "--size", "9", "--sample", "2000", "--seed", "3"],
    &["census", "targets", "--size", "8", "--within", "Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd,Be,Bf,Ca,Cb"],
    &["census", "targets", "--palette", "7", "--size", "8", "--sample", "2000", "--seed", "1"],
    &["census", "targets", "--colors", "4", "--size", "8", "--sample", "1000", "--seed", "2"],
    &["census", "universal", "--size", "12"],
    &[
        "census",
        "universal",
        "--palette",
        "7",
        "--size",
        "20",
        "--search",
        "--seed",
        "1",
        "--restarts",
        "2",
        "--steps",
        "2000",
    ],
    &["census", "max-targets"],
    &["census", "max-targets", "--palette", "7", "--restarts", "1", "--steps", "300"],
    &["census", "infeasible", "--within", "Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd"],
    &["stack", "classics"],
    &[
        "build", "--size", "3", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af",
        "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Ab",
    ],
    &[
        "solve", "--size", "3", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af",
        "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Af", "Ab",
    ],
    &["extended", "--size", "2", "--samples", "10", "--restarts", "1", "--steps", "10"],
    &["stack", "solve", "--classic", "instant-insanity"],
    &["stack", "solve", "Ab", "Ac", "Ad", "Ae", "Af", "Ba", "--method", "backtrack", "--limit", "2"],
    &["stack", "census", "--colors", "3"],
    &["stack", "census", "--colors", "4", "--multisets", "--shard", "2/3"],
    &["design", "stack", "--cubes", "4", "--solutions", "1"],
    &["design", "stack", "--cubes", "5", "--solutions", "0", "--repeats"],
    &["design", "blocks", "--targets", "5"],
    &["design", "blocks", "--targets", "0"],
    &["design", "extended", "--size", "2", "--types", "4"],
];

#[test]
fn every_json_output_matches_its_schema() {
    let mut seen = BTreeSet::new();
    for args in COMMANDS {
        let mut full = args.to_vec();
        full.push("--json");
        seen.insert(check_output(&full, &ok(&full)));
    }
    // Files: a magic cube checked (valid and broken), the merge of shards, --output.
    let dir = tempfile::tempdir().unwrap();
    let cube = ok(&["magic", "construct", "--order", "4"]);
    let good = dir.path().join("good.txt");
    std::fs::write(&good, &cube).unwrap();
    let args = ["magic", "check", good.to_str().unwrap(), "--json"];
    seen.insert(check_output(&args, &ok(&args)));
    let square = dir.path().join("square.txt");
    std::fs::write(&square, "2 7 6\n9 5 1\n4 8 3\n").unwrap();
    let args = ["magic", "check", square.to_str().unwrap(), "--json"];
    seen.insert(check_output(&args, &ok(&args)));
    let mut parts = Vec::new();
    for i in 1..=2 {
        let args = ["census", "targets", "--size", "9", "--within", "Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd,Be,Bf,Ca,Cb", "--shard"];
        let shard = format!("{i}/2");
        let text = ok(&[&args[..], &[shard.as_str(), "--json"]].concat());
        let path = dir.path().join(format!("part{i}.json"));
        std::fs::write(&path, text).unwrap();
        parts.push(path.to_str().unwrap().to_string());
    }
    let merge = ["census", "merge", &parts[0], &parts[1], "--json"];
    seen.insert(check_output(&merge, &ok(&merge)));
    let out = dir.path().join("census.json");
    let args = ["picture", "census", "2", "1", "--json", "--output", out.to_str().unwrap()];
    let printed = ok(&args);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), printed, "--output holds what --json prints");
    // Every published schema is the schema of some output tried here.
    let published: BTreeSet<String> = std::fs::read_dir(schema_dir())
        .unwrap()
        .map(|e| e.unwrap().path().file_stem().unwrap().to_str().unwrap().to_string())
        .collect();
    // Kinds whose (longer) commands the ledger pins already run and check with
    // `check_output`.
    seen.extend(LEDGER_KINDS.iter().chain(LONG_KINDS).map(|k| k.to_string()));
    let untried: Vec<&String> = published.difference(&seen).collect();
    assert!(untried.is_empty(), "no command above prints the kinds {untried:?}");
}

/// The decided guarantee search for N = 3 (about a CPU-minute in release):
/// `cargo test --release -p cubelab-cli --test cli json::the_guarantee_matches_its_schema -- --ignored`
#[test]
#[ignore]
fn the_guarantee_matches_its_schema() {
    let args = ["extended", "--size", "3", "--guarantee", "--json"];
    assert_eq!(check_output(&args, &ok(&args)), "extended-guarantee");
}

/// A magic cube with one failing line: `magic check` lists it (the schema's `failing_lines`).
#[test]
fn a_failing_magic_check_matches_its_schema() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cube.txt");
    std::fs::write(&path, "1 2 3\n4 5 6\n7 8 9\n\n10 11 12\n13 14 15\n16 17 18\n\n19 20 21\n22 23 24\n25 26 27\n")
        .unwrap();
    let args = ["magic", "check", path.to_str().unwrap(), "--json"];
    let text = ok(&args);
    assert_eq!(check_output(&args, &text), "magic-check");
    let doc: Value = serde_json::from_str(&text).unwrap();
    assert!(!doc["failing_lines"].as_array().unwrap().is_empty());
    assert!(doc["failing_lines"][0]["kind"].is_string());
}

/// The validator sees a wrong shape: each document below breaks the contract in one way
/// and must fail its schema, while the unbroken one passes.
#[test]
fn the_validator_refuses_wrong_shapes() {
    let cubes: Value = serde_json::from_str(&ok(&["cubes", "--json"])).unwrap();
    let census: Value = serde_json::from_str(&ok(&["census", "targets", "--size", "7", "--json"])).unwrap();
    let picture: Value = serde_json::from_str(&ok(&["picture", "census", "2", "1", "--json"])).unwrap();
    let show: Value = serde_json::from_str(&ok(&["show", "Ab", "--json"])).unwrap();
    for doc in [&cubes, &census, &picture, &show] {
        assert!(violations(&schema_of(doc["kind"].as_str().unwrap()), doc).is_empty());
    }
    let mut bad: Vec<(&str, Value)> = Vec::new();
    let mut d = cubes.clone();
    d["cubes"][0]["corners"][0] = 126.into();
    bad.push(("a corner as an integer", d));
    let mut d = cubes.clone();
    d["format_version"] = 1.into();
    bad.push(("another format version", d));
    let mut d = cubes.clone();
    d["kind"] = "show".into();
    bad.push(("another kind", d));
    let mut d = cubes.clone();
    d.as_object_mut().unwrap().remove("input");
    bad.push(("no input", d));
    bad.push(("a top-level array", cubes["cubes"].clone()));
    let mut d = census.clone();
    d["histogram"] = serde_json::json!({"0": 5, "1": 7});
    bad.push(("a histogram as an object with string keys", d));
    let mut d = census.clone();
    d.as_object_mut().unwrap().remove("max_sets");
    bad.push(("an absent value left out instead of null", d));
    let mut d = census.clone();
    d["method"] = "Graph".into();
    bad.push(("an enumerated value in another casing", d));
    let mut d = picture.clone();
    d["distances"] = serde_json::json!([1, 3, 4]);
    bad.push(("distances as a bare list", d));
    let mut d = show.clone();
    d["notation"] = "Conway".into();
    bad.push(("a notation in another casing", d));
    for (what, doc) in bad {
        // Each is checked against the schema of the document it was made from.
        let kind = match what {
            w if w.contains("histogram") || w.contains("absent") || w.contains("enumerated") => "census-targets",
            w if w.contains("distances") => "picture-census",
            w if w.contains("notation") => "show",
            _ => "cubes",
        };
        assert!(!violations(&schema_of(kind), &doc).is_empty(), "{what} passed the schema of {kind}");
    }
}
