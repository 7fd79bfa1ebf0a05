//! `cubelab build` and `cubelab solve`.

use super::{bad, ok};

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).expect("valid JSON")
}

#[test]
fn build_reproduces_johnson_roldan_figure_6() {
    let v = json(&["build", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc", "--json"]);
    let got: Vec<(String, u64)> = v["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap().to_string(), t["arrangements"].as_u64().unwrap()))
        .collect();
    let mut got = got;
    got.sort();
    assert_eq!(got, [("Cb", 4), ("Cd", 4), ("Ce", 4), ("Db", 2), ("De", 2)].map(|(n, k)| (n.to_string(), k)).to_vec());
    insta::assert_json_snapshot!("build_figure_6", v);
}

#[test]
fn build_with_improper_targets_and_more_blocks() {
    let proper =
        json(&["build", "112345", "123345", "123455", "122345", "112345", "123445", "123451", "512345", "--json"]);
    assert_eq!(proper["targets"].as_array().unwrap().len(), 0, "five colors make no proper target");
    let text = ok(&["build", "112345", "123345", "123455", "122345", "112345", "123445", "123451", "512345"]);
    assert!(text.contains("try --improper"));
    let improper = json(&[
        "build",
        "112345",
        "123345",
        "123455",
        "122345",
        "112345",
        "123445",
        "123451",
        "512345",
        "--improper",
        "--json",
    ]);
    let targets = improper["targets"].as_array().unwrap();
    assert!(!targets.is_empty());
    assert!(targets.iter().all(|t| t["arrangements"].as_u64().unwrap() > 0));
    // Twelve blocks: a target counts when some 8 of them build it.
    let twelve = json(&["build", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc", "Ab", "Ad", "Ae", "Cb", "--json"]);
    assert!(twelve["targets"].as_array().unwrap().len() >= 5);
}

#[test]
fn solve_lists_verified_arrangements_as_instructions() {
    let v = json(&["solve", "Cb", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc", "--json"]);
    assert_eq!(v["arrangements"], 4);
    let sols = v["solutions"].as_array().unwrap();
    assert_eq!(sols.len(), 4);
    for s in sols {
        let p = s["placements"].as_array().unwrap();
        assert_eq!(p.len(), 8);
        let mut used: Vec<u64> = p.iter().map(|x| x["block"].as_u64().unwrap()).collect();
        used.sort();
        assert_eq!(used, (1..=8).collect::<Vec<u64>>());
    }
    insta::assert_json_snapshot!("solve_cb", v);
    let text = ok(&["solve", "Cb", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]);
    assert!(text.contains("up-front-left"));
    assert!(text.contains("hold it with"));
}

#[test]
fn conways_interior_puzzle_has_two_of_sixteen() {
    let all = json(&["solve", "Ba", "Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb", "--json"]);
    assert_eq!(all["arrangements"], 16);
    let inside = json(&["solve", "Ba", "Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb", "--interior", "--json"]);
    assert_eq!(inside["arrangements"], 2);
    assert!(inside["solutions"].as_array().unwrap().iter().all(|s| s["interior_matches"] == true));
}

#[test]
fn explain_names_the_reason() {
    let text = ok(&["solve", "Y1", "Y2", "Y3'", "P1'", "P2", "R2'", "G2'", "B1'", "R3'", "--explain"]);
    assert!(text.contains("0 arrangements"));
    assert!(text.contains("no block fits corner UBL"), "{text}");
    let text = ok(&["solve", "Ba", "Ac", "Ac", "Ac", "Ad", "Ae", "Af", "Cb", "Db", "--explain"]);
    assert!(text.contains("Hall's condition fails"), "{text}");
    let text = ok(&["solve", "Ba", "Bc", "Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "--explain"]);
    assert!(text.contains("block 1 (Bc) fits no corner"), "{text}");
    let v = json(&["solve", "Ba", "Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb", "--explain", "--json"]);
    let kinds: Vec<&str> =
        v["explanation"]["components"].as_array().unwrap().iter().map(|c| c["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["cycle"; 4], "Conway's eight cubes form four 2-cycles");
}

#[test]
fn solve_draws_the_layers() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ba.svg");
    ok(&["solve", "Ba", "Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb", "--interior", "--svg", path.to_str().unwrap()]);
    let svg = std::fs::read_to_string(&path).unwrap();
    // Two arrangements, two layers each, four blocks per layer.
    // Title, two layer labels and eight blocks per arrangement, then the legend (its
    // heading and one line per color).
    let legend = svg.split_once("<g class=\"legend\">").unwrap().1.split_once("</g>").unwrap().0;
    assert_eq!(legend.matches("<text").count(), 1 + 6);
    assert_eq!(svg.matches("<text").count(), 1 + 2 * 2 + 2 * 8 + legend.matches("<text").count());
    insta::assert_snapshot!("solve_ba_interior_svg", svg);
}

#[test]
fn bad_input_is_one_line_exit_2() {
    assert!(bad(&["build", "Ac", "Af"]).contains("needs 8 blocks, 2 given"));
    assert!(bad(&["solve", "Ba", "Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb"]).contains("exactly 8 blocks"));
    assert!(bad(&["solve", "Ba", "Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb", "Ab"]).contains("exactly 8 blocks"));
    assert!(
        bad(&["solve", "123457", "Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb"]).contains("no block has that color")
    );
    assert!(bad(&["solve", "Ba", "Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Xx"]).contains("cube 8: 'Xx'"));
    assert!(bad(&["solve", "Qq", "Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb"]).contains("target: 'Qq'"));
    assert!(bad(&["build", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "12#456"]).contains("cube 8"));
}
