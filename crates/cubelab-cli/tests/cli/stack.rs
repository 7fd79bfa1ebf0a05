//! `cubelab stack`: solve, census, classics.

use super::{bad, checkpoint_content, kill_after_first_checkpoint, ok};

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).unwrap()
}

#[test]
fn instant_insanity_has_one_solution_both_ways() {
    let cubes = ["rrgwrb", "wgrgbb", "grwrbw", "bwbrwg"];
    for method in ["graph", "backtrack"] {
        let mut args = vec!["stack", "solve", "--json", "--method", method];
        args.extend(cubes);
        let v = json(&args);
        assert_eq!((v["cubes"].as_u64(), v["solutions"].as_u64()), (Some(4), Some(1)));
        assert_eq!((v["placements"].as_u64(), v["distinct"].as_u64()), (Some(8), Some(1)));
        assert_eq!(v["method"], method);
        let stack = &v["stacks"][0];
        // Every side shows the four colors once, and matches the cubes as they stand.
        for side in ["front", "right", "back", "left"] {
            let mut colors: Vec<char> = stack["sides"][side].as_str().unwrap().chars().collect();
            let read: String = stack["cubes"].as_array().unwrap().iter().map(|c| c[side].as_str().unwrap()).collect();
            assert_eq!(read, stack["sides"][side].as_str().unwrap());
            colors.sort();
            assert_eq!(colors, ['b', 'g', 'r', 'w'], "{side}");
        }
        // Each cube stands as a rotation of the cube given.
        for (c, given) in stack["cubes"].as_array().unwrap().iter().zip(cubes) {
            let faces = c["faces"].as_str().unwrap();
            let shown = json(&["show", faces, "--json"]);
            let original = json(&["show", given, "--json"]);
            assert_eq!(shown["faces"], original["faces"], "faces is the canonical form");
        }
    }
    let classic = json(&["stack", "solve", "--classic", "instant-insanity", "--json"]);
    assert_eq!(classic["classic"], "instant-insanity");
    assert_eq!(classic["given"], serde_json::json!(cubes));
}

#[test]
fn text_is_instructions_and_svg_draws_every_side() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("t.svg");
    let text = ok(&["stack", "solve", "--classic", "tantalizer", "--svg", svg.to_str().unwrap()]);
    assert!(text.contains("5 solutions, 5 distinct, 40 placements"), "{text}");
    assert!(text.contains("cube 1: g on top, g at the bottom; around it front"), "{text}");
    assert!(text.contains("sides, bottom to top: front "), "{text}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg"));
    assert_eq!(picture.matches(" front</text>").count(), 5);
    assert_eq!(picture.matches(">left</text>").count(), 5);
    assert_eq!(picture.matches("<rect").count(), 5 * 4 * 4);
}

#[test]
fn repeated_colors_and_no_solution() {
    let v = json(&["stack", "solve", "001122", "112200", "220011", "--json"]);
    assert!(v["distinct"].as_u64().unwrap() < v["solutions"].as_u64().unwrap());
    // Color 1 is on one face only, so at most one side can show it.
    let none = json(&["stack", "solve", "122222", "232323", "323232", "--json"]);
    assert_eq!(none["solutions"], 0);
    assert_eq!(none["stacks"].as_array().unwrap().len(), 0);
    let limited = json(&["stack", "solve", "001122", "112200", "220011", "--json", "--limit", "1"]);
    assert_eq!(limited["listed"], 1);
    assert_eq!(limited["distinct"], v["distinct"]);
}

#[test]
fn bad_stacks_exit_2_in_one_line() {
    assert!(bad(&["stack", "solve", "Ab"]).contains("not 1"));
    assert!(bad(&["stack", "solve", "Ab", "Ac", "Ad", "Ae"]).contains("4 cubes needs exactly 4 colors"));
    assert!(bad(&["stack", "solve", "rrgwrb", "wgrgbb", "grw#bw", "bwbrwg"]).contains("cube 3"));
    let many: Vec<&str> = std::iter::repeat_n("012345", 9).collect();
    let mut args = vec!["stack", "solve"];
    args.extend(many);
    assert!(bad(&args).contains("not 9"));
    assert!(bad(&["stack", "solve", "--classic", "nope"]).contains("--classic 'nope'"));
    bad(&["stack", "solve"]);
    assert!(bad(&["stack", "census", "--colors", "7"]).contains("--colors 7"));
    assert!(bad(&["stack", "census", "--colors", "4", "--shard", "3/2"]).contains("--shard"));
}

#[test]
fn classics_lists_both_sets_with_their_counts() {
    let v = json(&["stack", "classics", "--json"]);
    let list = v["classics"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["name"], "instant-insanity");
    assert_eq!(list[0]["solutions"], 1);
    assert_eq!(list[1]["name"], "tantalizer");
    assert_eq!(list[1]["year"], 1947);
    assert!(ok(&["stack", "classics"]).contains("solve one with: cubelab stack solve --classic NAME"));
}

#[test]
fn census_of_three_colors_is_the_same_both_ways_and_sharded() {
    let whole = json(&["stack", "census", "--colors", "3", "--multisets", "--json"]);
    let other = json(&["stack", "census", "--colors", "3", "--multisets", "--json", "--method", "backtrack"]);
    assert_eq!(whole["histogram"], other["histogram"]);
    assert_eq!(whole["collections"], 4960);
    assert!(whole["shard"].is_null());
    let hist = whole["histogram"].as_array().unwrap();
    assert!(hist.windows(2).all(|w| w[0]["value"].as_u64() < w[1]["value"].as_u64()));
    assert_eq!(hist.iter().map(|b| b["count"].as_u64().unwrap()).sum::<u64>(), 4960);
    let mut total = 0;
    for i in 1..=3 {
        let part = json(&["stack", "census", "--colors", "3", "--multisets", "--json", "--shard", &format!("{i}/3")]);
        assert_eq!(part["shard"], format!("{i}/3"));
        total += part["collections"].as_u64().unwrap();
    }
    assert_eq!(total, 4960);
    let args = ["stack", "census", "--colors", "3", "--multisets", "--json"];
    let again = ok(&args);
    assert_eq!(again, ok(&args), "byte-identical runs");
    assert_eq!(serde_json::from_str::<serde_json::Value>(&again).unwrap(), whole);
    let csv = ok(&["stack", "census", "--colors", "3", "--multisets", "--csv"]);
    assert_eq!(csv.lines().count(), hist.len() + 1);
    assert_eq!(csv.lines().next(), Some("solutions,collections"));
}

#[test]
fn merged_shards_print_the_whole_census() {
    let dir = tempfile::tempdir().unwrap();
    let whole = ok(&["stack", "census", "--colors", "4", "--json"]);
    let mut files = Vec::new();
    for i in [2, 1, 3] {
        let part = ok(&["stack", "census", "--colors", "4", "--json", "--shard", &format!("{i}/3")]);
        let f = dir.path().join(format!("part{i}.json"));
        std::fs::write(&f, part).unwrap();
        files.push(f.to_str().unwrap().to_string());
    }
    let mut args = vec!["stack", "merge", "--json"];
    args.extend(files.iter().map(|s| s.as_str()));
    assert_eq!(ok(&args), whole);
    let text = ok(&["stack", "merge", &files[0], &files[1], &files[2]]);
    assert_eq!(text, ok(&["stack", "census", "--colors", "4"]));
    assert!(bad(&["stack", "merge", &files[0], &files[1]]).contains("only 2 of the 3"));
    let edited = std::fs::read_to_string(&files[0]).unwrap().replacen("\"solvable\": ", "\"solvable\": 1", 1);
    std::fs::write(&files[0], edited).unwrap();
    assert!(bad(&["stack", "merge", &files[0], &files[1], &files[2]]).contains("checksum does not match"));
}

#[test]
fn census_resumes_from_a_checkpoint_with_the_same_output() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("stack.ckpt");
    let args = ["stack", "census", "--colors", "4", "--json"];
    kill_after_first_checkpoint(&args, &ckpt);
    let mut resumed = args.to_vec();
    let path = ckpt.to_str().unwrap();
    resumed.extend(["--checkpoint", path, "--resume"]);
    let out = ok(&resumed);
    assert_eq!(out, ok(&args));
    assert!(checkpoint_content(&ckpt).is_object());
    // Another census refuses this checkpoint.
    let err = bad(&["stack", "census", "--colors", "4", "--multisets", "--checkpoint", path, "--resume"]);
    assert!(err.contains(path), "{err}");
}

#[test]
fn a_stack_shards_universe_is_named_as_the_census_names_it() {
    for (colors, cubes) in [("3", 30), ("6", 30), ("4", 68)] {
        let stack = json(&["stack", "census", "--colors", colors, "--shard", "1/2000", "--json"]);
        // A census that runs over every one of these universes in a moment: a short search.
        let census = json(&[
            "census",
            "universal",
            "--colors",
            colors,
            "--size",
            "8",
            "--search",
            "--restarts",
            "1",
            "--steps",
            "10",
            "--json",
        ]);
        assert!(stack["universe"].is_string(), "{stack}");
        assert_eq!(stack["universe"], census["universe"], "colors {colors}");
        assert_eq!(stack["cubes"], cubes, "colors {colors}");
    }
}
