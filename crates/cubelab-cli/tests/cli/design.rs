//! `cubelab design`: stacks and blocks with exactly the properties asked for.

use super::{bad, ok};

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).expect("valid JSON")
}

#[test]
fn a_designed_stack_is_solved_back_by_stack_solve() {
    let v = json(&["design", "stack", "--cubes", "4", "--solutions", "1", "--seed", "5", "--json"]);
    assert_eq!(v["kind"], "design-stack");
    assert_eq!(v["input"]["cubes"], 4);
    assert_eq!(v["count"], 25524);
    assert_eq!(v["solutions"], 1);
    let faces: Vec<String> =
        v["stack"].as_array().unwrap().iter().map(|c| c["faces"].as_str().unwrap().into()).collect();
    let mut args = vec!["stack", "solve", "--json"];
    args.extend(faces.iter().map(String::as_str));
    let solved = json(&args);
    assert_eq!(solved["solutions"], 1);
    // The same seed, the same stack; the text says how many there were to draw from.
    assert_eq!(json(&["design", "stack", "--cubes", "4", "--solutions", "1", "--seed", "5", "--json"]), v);
    let text = ok(&["design", "stack", "--cubes", "4", "--solutions", "1", "--seed", "5"]);
    assert!(text.starts_with("4 cubes of C_4 stacking with exactly 1 solution: one of 25,524 collections"), "{text}");
}

#[test]
fn designed_blocks_are_solved_back_by_build() {
    let v = json(&["design", "blocks", "--targets", "5", "--seed", "2", "--json"]);
    assert_eq!(v["kind"], "design-blocks");
    assert_eq!(v["count"], 360);
    let names: Vec<String> =
        v["blocks"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap().into()).collect();
    let mut args = vec!["build", "--json"];
    args.extend(names.iter().map(String::as_str));
    let built = json(&args);
    assert_eq!(built["targets"].as_array().unwrap().len(), 5);
    // build lists the targets by face string, design by name: compare them by name.
    let by_name = |list: &serde_json::Value, key: &str| -> std::collections::BTreeMap<String, serde_json::Value> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|t| (t[key].as_str().unwrap().to_string(), t["arrangements"].clone()))
            .collect()
    };
    assert_eq!(by_name(&built["targets"], "name"), by_name(&v["targets"], "target"));
    let v = json(&["design", "blocks", "--target", "Ba", "--arrangements", "16", "--json"]);
    assert_eq!(v["count"], 81);
}

#[test]
fn impossible_or_contradictory_designs_exit_2_in_one_line() {
    let e = bad(&["design", "blocks", "--targets", "6"]);
    assert!(e.contains("--targets 6: no set of 8 distinct MacMahon cubes builds exactly 6 targets"), "{e}");
    assert!(e.contains("at most 5"), "{e}");
    let e = bad(&["design", "blocks", "--targets", "1", "--arrangements", "1"]);
    assert!(e.contains("--arrangements 1: ") && e.contains("2, 4, 6, 8, 10, 12, 16"), "{e}");
    let e = bad(&["design", "stack", "--cubes", "6", "--solutions", "1"]);
    assert!(e.contains("--solutions 1: no set of 6 cubes of C_6") && e.contains("0 and 3"), "{e}");
    assert!(bad(&["design", "stack", "--cubes", "9", "--solutions", "1"]).contains("--cubes 9: "));
    assert!(bad(&["design", "blocks", "--targets", "31"]).contains("--targets 31: "));
    assert!(bad(&["design", "blocks", "--targets", "2", "--arrangements", "0"]).contains("--arrangements 0: "));
    assert!(bad(&["design", "blocks", "--targets", "0", "--target", "Ba"]).contains("--targets 0: "));
    assert!(bad(&["design", "blocks", "--target", "Xx"]).contains("--target Xx: "));
    assert!(bad(&["design", "blocks", "--target", "112233"]).contains("not one of the 30 MacMahon cubes"));
    assert!(bad(&["design", "blocks"]).contains("say how many targets"));
    let e = bad(&["design", "blocks", "--targets", "0", "--arrangements", "2", "--repeats"]);
    assert!(e.contains("--targets 0: blocks building 0 targets have no arrangements"), "{e}");
    bad(&["design", "stack", "--cubes", "-1", "--solutions", "1"]);
    bad(&["design", "stack", "--solutions", "1"]);
    bad(&["design"]);
}

/// `--repeats`: a multiset of 8 (repeats allowed) building exactly the targets asked for,
/// the named one in exactly the arrangements asked for (identical blocks interchangeable),
/// solved back by `build`.
#[test]
fn designed_blocks_with_repeats_are_solved_back_by_build() {
    let v = json(&[
        "design",
        "blocks",
        "--target",
        "Ba",
        "--targets",
        "2",
        "--arrangements",
        "1",
        "--repeats",
        "--seed",
        "5",
        "--json",
    ]);
    assert_eq!(v["collections"].as_u64(), Some(38_608_020));
    assert!(v["count"].as_u64().unwrap() > 0, "{v}");
    let names: Vec<String> =
        v["blocks"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap().into()).collect();
    let mut args = vec!["build", "--json"];
    args.extend(names.iter().map(String::as_str));
    let built = json(&args);
    let targets = built["targets"].as_array().unwrap();
    assert_eq!(targets.len(), 2, "{names:?}");
    let ba = targets.iter().find(|t| t["name"] == "Ba").unwrap_or_else(|| panic!("{names:?}"));
    assert_eq!(ba["arrangements"].as_u64(), Some(1), "{names:?}");
    // The census's own 1,980 is checked by `ledger::multiset_histogram_and_its_1980`.
}

/// `--interior --repeats`: repeats add nothing inside, the one multiset is Conway's set,
/// solved back by `solve --interior` in its 2 arrangements; another number is refused
/// with the census fact.
#[test]
fn the_one_interior_design_with_repeats_is_conways_set() {
    let v = json(&["design", "blocks", "--target", "Ba", "--interior", "--repeats", "--json"]);
    assert_eq!(v["count"].as_u64(), Some(1), "{v}");
    let names: Vec<&str> = v["blocks"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, ["Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb"]);
    assert_eq!(v["targets"][0]["arrangements"].as_u64(), Some(2), "{v}");
    let e = bad(&["design", "blocks", "--target", "Ba", "--interior", "--repeats", "--arrangements", "1"]);
    assert!(
        e.contains("--arrangements 1: ") && e.contains("of the 1 such multisets in the census, they have 2"),
        "{e}"
    );
}

/// `--palette 7`: eight of the 210 Sadisticube 7 blocks building Ba in exactly 232
/// arrangements (the most any set has: 44 sets), solved back by `build`, which
/// finds every target of the seven colors they build; what the palette does not offer is
/// refused in one line.
#[test]
fn sadisticube_7_blocks_are_solved_back_by_build() {
    let args =
        ["design", "blocks", "--target", "Ba", "--arrangements", "232", "--palette", "7", "--seed", "3", "--json"];
    let v = json(&args);
    assert_eq!(v["input"]["palette"], 7);
    assert_eq!(v["count"].as_u64(), Some(44), "{v}");
    assert_eq!(v["collections"].as_u64(), Some(81_964_543_530_870));
    let faces: Vec<&str> = v["blocks"].as_array().unwrap().iter().map(|c| c["faces"].as_str().unwrap()).collect();
    assert!(faces.iter().any(|f| f.contains('7')), "{faces:?}");
    let mut build = vec!["build", "--json"];
    build.extend(&faces);
    let built = json(&build);
    assert_eq!(built["colors"], "1234567");
    let targets = built["targets"].as_array().unwrap();
    let ba = targets.iter().find(|t| t["name"] == "Ba").unwrap_or_else(|| panic!("{built}"));
    assert_eq!(ba["arrangements"].as_u64(), Some(232));
    assert_eq!(targets.len(), v["targets"].as_array().unwrap().len(), "{built}");
    let text = ok(&args[..args.len() - 1]);
    assert!(text.contains("one of 44 of the 81,964,543,530,870 sets of 8 distinct Sadisticube 7 blocks"), "{text}");
    let e = bad(&["design", "blocks", "--target", "Ba", "--arrangements", "37", "--palette", "7"]);
    assert!(e.contains("--arrangements 37: ") && e.contains("the arrangements are 1-36, 38,"), "{e}");
    assert!(bad(&["design", "blocks", "--targets", "1", "--palette", "7"]).contains("--targets 1: "));
    assert!(bad(&["design", "blocks", "--target", "112345", "--palette", "7"]).contains("not one of the 210"));
    assert!(bad(&["design", "blocks", "--target", "Ba", "--palette", "5"]).contains("possible values: 7"));
    // C_5, Sadisticube 5: a target of its own, solved back by build.
    let v = json(&["design", "blocks", "--target", "112345", "--arrangements", "8", "--colors", "5", "--json"]);
    assert_eq!(v["collections"].as_u64(), Some(16_871_053_725));
    let faces: Vec<&str> = v["blocks"].as_array().unwrap().iter().map(|c| c["faces"].as_str().unwrap()).collect();
    // Five colors make only improper targets for build (six faces, five colors); those of
    // C_5 (all five colors) are the design's targets.
    let mut build = vec!["build", "--improper", "--json"];
    build.extend(&faces);
    let built = json(&build);
    let five_colors: Vec<(String, u64)> = built["targets"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| "12345".chars().all(|c| t["target"].as_str().unwrap().contains(c)))
        .map(|t| (t["target"].as_str().unwrap().to_string(), t["arrangements"].as_u64().unwrap()))
        .collect();
    let designed: Vec<(String, u64)> = v["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["faces"].as_str().unwrap().to_string(), t["arrangements"].as_u64().unwrap()))
        .collect();
    assert!(five_colors.contains(&("112345".to_string(), 8)), "{built}");
    assert_eq!(five_colors.len(), designed.len(), "{built} {v}");
    assert!(bad(&["design", "blocks", "--target", "112234", "--colors", "4"]).contains("--colors 4: no blocks of C_4"));
    bad(&["design", "blocks", "--target", "Ba", "--colors", "5", "--palette", "7"]);
}

#[test]
fn a_designed_2x2x2_multiset_is_solved_back_by_build_in_one_arrangement() {
    let v = json(&["design", "extended", "--size", "2", "--target", "Ba", "--types", "5", "--seed", "3", "--json"]);
    assert_eq!(v["kind"], "design-extended");
    assert_eq!(v["input"]["size"], 2);
    assert_eq!(v["count"], 17872);
    assert_eq!(v["arrangements"], 1);
    let mut args = vec!["build".to_string(), "--json".to_string()];
    for c in v["cubes"].as_array().unwrap() {
        for _ in 0..c["copies"].as_u64().unwrap() {
            args.push(c["name"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(args.len(), 2 + 8);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let built = json(&args);
    let ba = built["targets"].as_array().unwrap().iter().find(|t| t["name"] == "Ba").expect("Ba is built");
    assert_eq!(ba["arrangements"], 1);
    let e = bad(&["design", "extended", "--size", "2", "--types", "8"]);
    assert!(e.contains("--types 8: no multiset of 8 MacMahon cubes builds Ba") && e.contains("1 to 7"), "{e}");
    assert!(bad(&["design", "extended", "--size", "2", "--types", "0"]).contains("--types 0: "));
    assert!(bad(&["design", "extended", "--size", "33"]).contains("--size 33: "));
    assert!(bad(&["design", "extended", "--size", "1"]).contains("--size 1: "));
    assert!(bad(&["design", "extended", "--size", "3", "--target", "Zz"]).contains("--target Zz: "));
    let e = bad(&["design", "extended", "--size", "2", "--target", "112345"]);
    assert!(e.contains("--target 112345: ") && e.contains("not one of the 30 MacMahon cubes"), "{e}");
}
