//! MacMahon's extended target puzzle: `build --size N`, `solve --size N`, `extended`.

use super::{bad, ok};
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).unwrap()
}

/// 26 copies of Af and one Ab.
fn af_and_ab() -> Vec<&'static str> {
    let mut v = vec!["Af"; 26];
    v.push("Ab");
    v
}

#[test]
fn size_two_is_todays_build() {
    let blocks = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"];
    for extra in [&[][..], &["--json"][..], &["--improper", "--json"][..]] {
        let plain = ok(&[&["build"][..], &blocks, extra].concat());
        let sized = ok(&[&["build", "--size", "2"][..], &blocks, extra].concat());
        assert_eq!(plain, sized);
    }
    let plain = ok(&["solve", "Cb", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc", "--json"]);
    let sized = ok(&["solve", "--size", "2", "Cb", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc", "--json"]);
    assert_eq!(plain, sized);
}

#[test]
fn twenty_six_af_and_one_ab_build_af_only() {
    let v = json(&[&["build", "--size", "3", "--json"][..], &af_and_ab()].concat());
    assert_eq!(v["kind"], "build-extended");
    assert_eq!((v["size"].as_u64(), v["blocks"].as_u64()), (Some(3), Some(27)));
    assert_eq!(v["input"]["size"], 3);
    let targets = v["targets"].as_array().unwrap();
    assert_eq!(targets.len(), 1);
    assert_eq!(targets[0]["name"], "Af");
    // Counted by hand: the Ab sits inside (24 ways), at one of the 6 face centres (4 ways,
    // an Af then inside in 24), or at one of the 9 edges of Af whose two colors are
    // adjacent on Ab (1 way, an Af inside); it shares no corner number with Af. Every Af
    // fits a corner or an edge in one way and a face centre in 4.
    let af_centres = |k: u32| 4u128.pow(k);
    let expected = 24 * af_centres(6) + 6 * 4 * 24 * af_centres(5) + 9 * 24 * af_centres(6);
    assert_eq!(targets[0]["arrangements"].as_u64().map(u128::from), Some(expected));
}

#[test]
fn the_assembly_shows_the_target_on_every_face() {
    let v = json(&[&["solve", "--size", "3", "Af", "--json"][..], &af_and_ab()].concat());
    assert_eq!(v["kind"], "solve-extended");
    assert_eq!(v["builds"], true);
    let target: Vec<char> = v["target"].as_str().unwrap().chars().collect();
    let placed = v["assembly"].as_array().unwrap();
    assert_eq!(placed.len(), 27);
    let mut blocks: Vec<u64> = placed.iter().map(|p| p["block"].as_u64().unwrap()).collect();
    blocks.sort();
    assert_eq!(blocks, (1..=27).collect::<Vec<u64>>());
    for p in placed {
        let faces: Vec<char> = p["faces"].as_str().unwrap().chars().collect();
        let (layer, row, column) =
            (p["layer"].as_u64().unwrap(), p["row"].as_u64().unwrap(), p["column"].as_u64().unwrap());
        // The faces the position shows, from its coordinates.
        let mut shows = String::new();
        for (f, on) in [
            ('U', layer == 1),
            ('D', layer == 3),
            ('F', row == 3),
            ('B', row == 1),
            ('L', column == 1),
            ('R', column == 3),
        ] {
            if on {
                shows.push(f);
            }
        }
        assert_eq!(p["shows"].as_str().unwrap(), shows);
        for f in shows.chars() {
            let i = "UDFBLR".find(f).unwrap();
            assert_eq!(faces[i], target[i], "{p}");
        }
        // Held as the block given (Ab or Af): same cube, so same canonical form.
        let name = p["name"].as_str().unwrap();
        let canon = json(&["show", p["faces"].as_str().unwrap(), "--json"]);
        assert_eq!(canon["name"], name);
    }
    let text = ok(&[&["solve", "--size", "3", "Af"][..], &af_and_ab()].concat());
    assert!(text.contains("layer 1 (top) of 3:") && text.contains("layer 3 (bottom) of 3:"), "{text}");
    assert!(text.contains("inside block 27 (Ab)"), "{text}");
}

#[test]
fn the_mirror_never_builds_and_the_svg_has_three_layers() {
    let mut args = vec!["solve", "--size", "3", "Ab", "--json"];
    args.extend(["Ba"; 27]);
    let v = json(&args);
    assert_eq!((v["builds"].as_bool(), v["fillable"].as_u64()), (Some(false), Some(19)));
    assert_eq!(v["assembly"], Value::Null);
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("af.svg");
    let mut args = vec!["solve", "--size", "3", "Af", "--svg", svg.to_str().unwrap()];
    args.extend(af_and_ab());
    ok(&args);
    let drawing = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(drawing.matches(">layer ").count(), 3);
    assert_eq!(drawing.matches("stroke-width=\"1.5\"").count(), 27, "one square per position");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    assert!(bad(&["build", "--size", "3", "Af", "Af"]).contains("needs 27 blocks, 2 given"));
    assert!(bad(&["build", "--size", "1", "Af"]).contains("--size 1"));
    assert!(bad(&["build", "--size", "33", "Af"]).contains("up to 32"));
    assert!(bad(&["build", "--size", "99999999999", "Af"]).contains("up to 32"));
    let mut args = vec!["build", "--size", "3"];
    args.extend(["Af"; 26]);
    args.push("Zz");
    assert!(bad(&args).contains("cube 27"));
    assert!(bad(&["solve", "--size", "3", "Zz", "Af"]).contains("target"));
    bad(&["solve", "--size", "3", "--interior", "Af", "Af"]);
    assert!(bad(&["extended", "--size", "0"]).contains("--size 0"));
    assert!(bad(&["extended", "--target", "111111"]).contains("MacMahon"));
    assert!(bad(&["extended", "--samples", "2000000"]).contains("limited"));
    assert!(bad(&["extended", "--size", "2", "--guarantee"]).contains("census infeasible"));
    assert!(bad(&["extended", "--budget", "5"]).contains("--guarantee"));
    assert!(bad(&["extended", "--guarantee", "--budget", "x"]).contains("--budget"));
}

#[test]
fn guarantee_search_under_a_small_budget_reaches_its_limit() {
    // The whole search (k = 24 complete, about a CPU-minute in release) is the ignored library test
    // `every_24_fill_some_frame`; here k = 20..23 find their examples and k = 24 runs out: no
    // decision, so the limit-reached exit code 4 and one line (issue 25), no report.
    for (budget, k) in [("20000", "24"), ("0", "20")] {
        let out =
            super::cubelab().args(["extended", "--size", "3", "--guarantee", "--budget", budget]).output().unwrap();
        assert_eq!(out.status.code(), Some(4), "--budget {budget}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.starts_with(&format!("error: --budget {budget}: not decided")), "{err}");
        assert!(err.contains(&format!("multisets of {k} cubes")), "{err}");
    }
}

#[test]
fn census_questions_for_the_2x2x2_and_3x3x3_puzzles() {
    let v = json(&["extended", "--size", "2", "--samples", "50", "--restarts", "3", "--steps", "150", "--json"]);
    assert_eq!(v["kind"], "extended-census");
    assert_eq!(v["a"]["methods_agree"], true);
    let found = &v["b"]["largest_infeasible_found"];
    let size = found["size"].as_u64().unwrap();
    // Haraguchi's 23 (cubelab census infeasible, exhaustive) is the most possible.
    assert!((15..=23).contains(&size), "{found}");
    // The example builds no 2x2x2 target, by the target solver.
    let mut cubes = Vec::new();
    for c in found["cubes"].as_array().unwrap() {
        for _ in 0..c["count"].as_u64().unwrap() {
            cubes.push(c["cube"].as_str().unwrap().to_string());
        }
    }
    let mut args = vec!["build", "--json"];
    args.extend(cubes.iter().map(|s| s.as_str()));
    assert_eq!(json(&args)["targets"].as_array().unwrap().len(), 0);

    let v = json(&["extended", "--size", "3", "--samples", "30", "--restarts", "1", "--steps", "20", "--json"]);
    assert_eq!(v["a"]["methods_agree"], true);
    assert_eq!(v["b"]["given_target_k"], Value::Null);
    // (c): the multiset holds a 2x2x2 solution of Ba but does not build Ba 3x3x3, by the
    // flow and by direct search; checked again through solve --size 3.
    let c = &v["c"];
    assert_eq!((c["builds_target"].as_bool(), c["builds_target_by_search"].as_bool()), (Some(false), Some(false)));
    let mut two = vec!["build", "--json"];
    let eight: Vec<String> =
        c["two_by_two"].as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_string()).collect();
    two.extend(eight.iter().map(|s| s.as_str()));
    let built2 = json(&two);
    assert!(built2["targets"].as_array().unwrap().iter().any(|t| t["name"] == "Ba"));
    let mut cubes = Vec::new();
    for x in c["multiset"]["cubes"].as_array().unwrap() {
        for _ in 0..x["count"].as_u64().unwrap() {
            cubes.push(x["cube"].as_str().unwrap().to_string());
        }
    }
    let mut solve = vec!["solve", "--size", "3", "Ba", "--json"];
    solve.extend(cubes.iter().map(|s| s.as_str()));
    assert_eq!(json(&solve)["builds"], false);
}
