//! `cubelab census`: figures, shards, merge, checkpoints.

use super::{bad, ok};

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).expect("valid JSON")
}

#[test]
fn table_1_distribution_for_ba() {
    let v = json(&["census", "solution-numbers", "--json"]);
    assert_eq!(v["collections"], 5_852_925);
    assert_eq!(v["buildable"], 133_680);
    let h = super::histogram(&v["histogram"]);
    let sum: u64 = h.values().sum();
    assert_eq!(sum, 133_680);
    // Johnson-Roldan: 81 collections reach the maximum 16, and 93000 the minimum 2.
    assert_eq!(h[&16], 81);
    assert_eq!(h[&2], 93_000);
    insta::assert_json_snapshot!("table_1", v);
}

#[test]
fn table_2_and_theorem_7() {
    let v = json(&["census", "targets", "--size", "8", "--json"]);
    assert_eq!(v["sets"], 5_852_925);
    assert_eq!(v["max"], 5);
    assert_eq!(v["max_count"], 360);
    insta::assert_json_snapshot!("table_2", v);
    let m = json(&["census", "max-targets", "--json"]);
    assert_eq!(m["max"], 5);
    assert_eq!(m["collections"], 360);
    assert_eq!(m["construction"], 360);
    assert_eq!(m["agree"], true);
}

#[test]
fn shards_merge_to_the_unsharded_output() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "census",
        "targets",
        "--size",
        "9",
        "--within",
        "Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd,Be,Bf,Ca,Cb,Cd,Ce",
        "--list-max",
        "--json",
    ];
    let whole = ok(&args);
    let mut files = Vec::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let mut sharded = args.to_vec();
        sharded.extend(["--shard", &shard]);
        let out = ok(&sharded);
        let path = dir.path().join(format!("part{i}.json"));
        std::fs::write(&path, out).unwrap();
        files.push(path.to_str().unwrap().to_string());
    }
    // Any order of the shards.
    let merged = ok(&["census", "merge", &files[2], &files[0], &files[1], "--json"]);
    assert_eq!(merged, whole);
    let e = bad(&["census", "merge", &files[0], &files[1]]);
    assert!(e.contains("each of 1..3 once"), "{e}");
    let solution = dir.path().join("sol.json");
    std::fs::write(&solution, ok(&["census", "solution-numbers", "--json", "--shard", "1/2"])).unwrap();
    assert!(bad(&["census", "merge", &files[0], solution.to_str().unwrap()]).contains("not a shard of the same census"));
}

#[test]
fn killed_census_resumes_to_identical_output() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("run.ckpt");
    let args = ["census", "targets", "--size", "all", "--shard", "2/8", "--json"];
    let straight = ok(&args);
    super::kill_after_first_checkpoint(&args, &ckpt);
    assert!(ckpt.exists(), "a checkpoint was written");
    let mut resumed_args: Vec<&str> = args.to_vec();
    resumed_args.extend(["--checkpoint", ckpt.to_str().unwrap(), "--resume"]);
    assert_eq!(ok(&resumed_args), straight);
    // A checkpoint of another census, or a corrupt one, is refused.
    let mut other: Vec<&str> = vec!["census", "targets", "--size", "all", "--shard", "3/8", "--json"];
    other.extend(["--checkpoint", ckpt.to_str().unwrap(), "--resume"]);
    assert!(bad(&other).contains("belongs to another census"));
    std::fs::write(&ckpt, "{\"format\": 3").unwrap();
    assert!(bad(&resumed_args).contains("corrupt"));
}

#[test]
fn plots_and_csv() {
    let dir = tempfile::tempdir().unwrap();
    let plot = dir.path().join("t8.svg");
    let csv = ok(&["census", "targets", "--size", "8", "--csv", "--plot", plot.to_str().unwrap()]);
    assert_eq!(csv.lines().next().unwrap(), "size,targets,sets");
    assert_eq!(csv.lines().count(), 7);
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert_eq!(svg.matches("<rect").count(), 6);
}

#[test]
fn samples_are_reproducible() {
    let a = ok(&["census", "targets", "--size", "10", "--sample", "2000", "--seed", "5", "--json"]);
    let b = ok(&["census", "targets", "--size", "10", "--sample", "2000", "--seed", "5", "--json"]);
    assert_eq!(a, b);
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["sets"], 2000);
    let c = ok(&["census", "targets", "--size", "10", "--sample", "2000", "--seed", "6", "--json"]);
    assert_ne!(a, c);
}

#[test]
fn census_bad_input() {
    assert!(bad(&["census", "targets", "--size", "31"]).contains("larger than"));
    assert!(bad(&["census", "targets", "--size", "x"]).contains("'x'"));
    assert!(bad(&["census", "targets", "--size", "8", "--shard", "0/3"]).contains("shard"));
    assert!(bad(&["census", "targets", "--size", "8", "--within", "Ab,Zz"]).contains("--within"));
    assert!(bad(&["census", "targets", "--size", "8", "--within", "Ab,Ab"]).contains("twice"));
    assert!(bad(&["census", "solution-numbers", "--target", "Qq"]).contains("--target"));
    assert!(bad(&["census", "solution-numbers", "--colors", "3"]).contains("backtrack"));
    assert!(bad(&["census", "targets", "--size", "8", "--colors", "4"]).contains("--sample"));
    assert!(bad(&["census", "multisets", "--colors", "4"]).contains("at most 32"));
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, "not json").unwrap();
    assert!(bad(&["census", "merge", junk.to_str().unwrap()]).contains("not the JSON output"));
}

#[test]
fn universal_search_checks_berkoves_claim_for_four_colors() {
    let v = json(&["census", "universal", "--colors", "4", "--size", "10", "--search", "--json"]);
    assert_eq!(v["search"]["verified"], true);
    let sets = v["sets"].as_array().unwrap();
    assert_eq!(sets.len(), 1);
    // The set found builds all 68 four-colored cubes: check it with `build`.
    let mut args = vec!["build".to_string(), "--improper".to_string(), "--json".to_string()];
    args.extend(sets[0].as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_string()));
    let refs: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
    let built = json(&refs);
    let four_colored = built["targets"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| {
            let mut cs: Vec<char> = t["target"].as_str().unwrap().chars().collect();
            cs.sort();
            cs.dedup();
            cs.len() == 4
        })
        .count();
    assert_eq!(four_colored, 68);
}

/// Row F of the tableau and eight more cubes: the largest infeasible multiset (7 + 7 + 7 +
/// 1 + 1 cubes of one row) is among their multisets.
const INFEASIBLE_WITHIN: &str = "Fa,Fb,Fc,Fd,Fe,Ab,Ac,Ba,Bc,Cd,Ce,Da,Db";

#[test]
fn largest_infeasible_multiset_by_both_methods() {
    let graph = json(&["census", "infeasible", "--within", INFEASIBLE_WITHIN, "--json"]);
    let mut direct = json(&["census", "infeasible", "--within", INFEASIBLE_WITHIN, "--method", "backtrack", "--json"]);
    assert_eq!(direct["method"], "backtrack");
    direct["method"] = graph["method"].clone();
    direct["input"]["method"] = graph["input"]["method"].clone();
    assert_eq!(graph, direct);
    assert_eq!(graph["max"], 23);
    let multisets = graph["multisets"].as_array().unwrap();
    assert_eq!(multisets.len() as u64, graph["count"].as_u64().unwrap());
    for m in multisets {
        let copies: Vec<u64> = m.as_object().unwrap().values().map(|k| k.as_u64().unwrap()).collect();
        assert_eq!(copies.iter().sum::<u64>(), 23);
        // Every one of them is built from row F only.
        assert!(m.as_object().unwrap().keys().all(|k| k.starts_with('F')), "{m}");
    }
    assert_eq!(graph["classes"].as_array().unwrap().len(), 1);
    // Checked once more with `build` on its 23 blocks: no target; with one more block, some.
    let first = multisets[0].as_object().unwrap();
    let mut blocks: Vec<&str> =
        first.iter().flat_map(|(k, n)| std::iter::repeat_n(k.as_str(), n.as_u64().unwrap() as usize)).collect();
    let mut build = vec!["build", "--json"];
    build.extend(&blocks);
    assert_eq!(json(&build)["targets"].as_array().unwrap().len(), 0);
    blocks.push(blocks[0]);
    let mut build = vec!["build", "--json"];
    build.extend(&blocks);
    assert!(!json(&build)["targets"].as_array().unwrap().is_empty());
    let text = ok(&["census", "infeasible", "--within", INFEASIBLE_WITHIN]);
    assert!(text.contains("every multiset of 24 of these cubes builds some target"), "{text}");
    insta::assert_json_snapshot!("infeasible_within", graph);
}

#[test]
fn infeasible_shards_merge_and_checkpoints_resume() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["census", "infeasible", "--within", INFEASIBLE_WITHIN, "--json"];
    let whole = ok(&args);
    let mut files = Vec::new();
    for i in 1..=2 {
        let shard = format!("{i}/2");
        let mut sharded = args.to_vec();
        sharded.extend(["--shard", &shard]);
        let path = dir.path().join(format!("part{i}.json"));
        std::fs::write(&path, ok(&sharded)).unwrap();
        files.push(path.to_str().unwrap().to_string());
    }
    let mut merge = vec!["census", "merge", "--json"];
    merge.extend(files.iter().map(|s| s.as_str()));
    assert_eq!(ok(&merge), whole);
    // A finished checkpoint resumes to the same output; one of another census is refused.
    let ckpt = dir.path().join("inf.ckpt");
    let mut with = args.to_vec();
    with.extend(["--checkpoint", ckpt.to_str().unwrap()]);
    assert_eq!(ok(&with), whole);
    with.push("--resume");
    assert_eq!(ok(&with), whole);
    let err = bad(&["census", "infeasible", "--within", "Fa,Fb", "--checkpoint", ckpt.to_str().unwrap(), "--resume"]);
    assert!(err.contains("another census"), "{err}");
}

#[test]
fn infeasible_bad_input() {
    let err = bad(&["census", "infeasible", "--within", "Fa,Zz"]);
    assert!(err.contains("--within") && err.contains("Zz"), "{err}");
    let err = bad(&["census", "infeasible", "--plot", "x.svg"]);
    assert!(err.contains("--plot"), "{err}");
    let err = bad(&["census", "infeasible", "--colors", "3"]);
    assert!(err.contains("--colors 3"), "{err}");
}

// ---------------------------------------------------------------- --palette 7

fn json_env(args: &[&str], threads: &str) -> serde_json::Value {
    let out = super::cubelab().args(args).env("RAYON_NUM_THREADS", threads).output().expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

#[test]
fn palette_7_sample_is_labelled_reproducible_and_near_the_exact_mean() {
    let args = ["census", "targets", "--palette", "7", "--size", "9", "--sample", "3000", "--seed", "4", "--json"];
    let v = json_env(&args, "1");
    assert_eq!(v, json_env(&args, "2"), "any thread count");
    assert_eq!(v["universe"], "palette7");
    assert_eq!(v["sets"], 3000);
    assert_eq!(v["sample"]["seed"], 4);
    let (mean, exact, se) =
        (v["mean"].as_f64().unwrap(), v["exact"]["mean"].as_f64().unwrap(), v["std_error"].as_f64().unwrap());
    assert!(se > 0.0 && (mean - exact).abs() < 5.0 * se, "sampled {mean}, exact {exact}, se {se}");
    // The exact counts: the mean is 210 * (sets building one target) / (all sets).
    let per: f64 = v["exact"]["sets_building_each_target"].as_str().unwrap().parse().unwrap();
    let all: f64 = v["exact"]["sets"].as_str().unwrap().parse().unwrap();
    assert!((210.0 * per / all - exact).abs() < 1e-6);
    // The general solver on the same sample gives the same histogram.
    let mut backtrack = args.to_vec();
    backtrack.extend(["--method", "backtrack"]);
    assert_eq!(json(&backtrack)["histogram"], v["histogram"]);
    let mut other = args.to_vec();
    other[9] = "5";
    assert_ne!(json(&other)["histogram"], v["histogram"]);
    let text = ok(&args[..args.len() - 1]);
    assert!(text.contains("random sample (seed 4)") && text.contains("SAMPLED"), "{text}");
    assert!(text.contains("exact mean over all"), "{text}");
}

#[test]
fn palette_7_within_macmahons_blocks_is_the_macmahon_census() {
    let set = "Ab,Af,Ba,Bf,Cd,Ce,Dc,De,Ec,Ed,Fa,Fb";
    let seven = json(&["census", "targets", "--palette", "7", "--size", "all", "--within", set, "--json"]);
    let six = json(&["census", "targets", "--size", "all", "--within", set, "--json"]);
    assert_eq!(seven["universe"], "palette7");
    let sizes = seven["sizes"].as_array().unwrap();
    assert_eq!(sizes.len(), 13);
    for (a, b) in sizes.iter().zip(six["sizes"].as_array().unwrap()) {
        assert_eq!(a["histogram"], b["histogram"]);
        assert_eq!(a["max"], b["max"]);
    }
    // A set with blocks of every missing color (part of a universal set found by the
    // search): both methods give the same census, and some sets build targets.
    let mixed = [
        "census",
        "targets",
        "--palette",
        "7",
        "--size",
        "10",
        "--within",
        "Be,Fc,123547,152374,172346,142673,132657,162357,162574,152467,124765,134567",
        "--json",
    ];
    let graph = json(&mixed);
    assert_eq!(graph["sets"], 66);
    assert!(graph["max"].as_u64().unwrap() > 0);
    let mut backtrack = mixed.to_vec();
    backtrack.extend(["--method", "backtrack"]);
    assert_eq!(json(&backtrack)["histogram"], graph["histogram"]);
}

#[test]
fn palette_7_universal_search_is_verified_and_bounded_below() {
    let v = json(&["census", "universal", "--palette", "7", "--size", "24", "--search", "--restarts", "4", "--json"]);
    assert_eq!(v["search"]["verified"], true);
    let set: Vec<&str> = v["sets"][0].as_array().unwrap().iter().map(|x| x.as_str().unwrap()).collect();
    assert_eq!(set.len(), 24);
    let bound = v["lower_bound"]["size"].as_u64().unwrap();
    assert!((8..=24).contains(&bound), "{bound}");
    assert!(v["lower_bound"]["argument"].as_str().unwrap().contains("Hall"));
    // `cubelab build` confirms that the 24 build all 210 proper targets.
    let mut args = vec!["build", "--json"];
    args.extend(&set);
    assert_eq!(json(&args)["targets"].as_array().unwrap().len(), 210);
    let m = json(&["census", "max-targets", "--palette", "7", "--restarts", "2", "--steps", "200", "--json"]);
    assert_eq!(m["verified"], true);
    assert!(m["max_found"].as_u64().unwrap() >= 1);
}

#[test]
fn palette_7_bad_input() {
    let t = ["census", "targets", "--size", "8"];
    let with = |extra: &[&'static str]| -> String {
        let mut a = t.to_vec();
        a.extend(extra);
        bad(&a)
    };
    assert!(with(&["--palette", "5"]).contains("only --palette 7"));
    assert!(with(&["--palette", "7", "--colors", "4"]).contains("cannot be used with"));
    assert!(with(&["--palette", "7"]).contains("--sample"));
    assert!(with(&["--palette", "7", "--within", "Ab,Ab,Ac,Ad,Ae,Af,Ba,Bc"]).contains("twice"));
    assert!(with(&["--palette", "7", "--within", "Ab,112233"]).contains("not a Sadisticube 7 block"));
    assert!(with(&["--palette", "7", "--within", "Ab,Ac", "--sample", "5"]).contains("not both"));
    assert!(with(&["--palette", "7", "--sample", "5", "--shard", "1/2"]).contains("--shard"));
    assert!(bad(&["census", "targets", "--size", "all", "--palette", "7", "--sample", "5"]).contains("--within"));
    assert!(bad(&["census", "targets", "--size", "211", "--palette", "7", "--sample", "5"]).contains("210"));
    assert!(bad(&["census", "solution-numbers", "--palette", "7"]).contains("not available"));
    assert!(bad(&["census", "universal", "--palette", "7"]).contains("--search"));
    assert!(bad(&["census", "universal", "--palette", "7", "--size", "7", "--search"]).contains("between 8"));
    assert!(bad(&["census", "max-targets", "--prove"]).contains("--palette 7"));
    assert!(bad(&["census", "max-targets", "--seed", "3"]).contains("--palette 7"));
    assert!(bad(&["census", "infeasible", "--palette", "7"]).contains("MacMahon"));
}

// ---------------------------------------------------------------- --colors 4 and 5

/// C_4 and C_5 run on the 256-bit engine: a labelled sample near the exact mean (summed over
/// the orbits of relabelings), and `--within` by both methods.
#[test]
fn four_and_five_colors_sample_near_the_exact_mean_and_within_by_both_methods() {
    for n in ["4", "5"] {
        let v = json(&["census", "targets", "--colors", n, "--size", "9", "--sample", "3000", "--seed", "2", "--json"]);
        assert_eq!(v["universe"], format!("C{n}"));
        assert_eq!(v["sets"], 3000);
        let (mean, exact, se) =
            (v["mean"].as_f64().unwrap(), v["exact"]["mean"].as_f64().unwrap(), v["std_error"].as_f64().unwrap());
        assert!((mean - exact).abs() < 4.0 * se, "C{n}: sample {mean}, exact {exact}, se {se}");
        // Targets differ between orbits, so no single per-target count is printed.
        assert!(v["exact"]["sets_building_each_target"].is_null());
    }
    let cubes: Vec<String> = ok(&["cubes", "--colors", "4", "--csv"])
        .lines()
        .skip(1)
        .take(12)
        .map(|l| l.split(',').nth(1).unwrap().to_string())
        .collect();
    let within = cubes.join(",");
    let graph = json(&["census", "targets", "--colors", "4", "--size", "9", "--within", &within, "--json"]);
    let mut direct = json(&[
        "census",
        "targets",
        "--colors",
        "4",
        "--size",
        "9",
        "--within",
        &within,
        "--method",
        "backtrack",
        "--json",
    ]);
    direct["method"] = graph["method"].clone();
    direct["input"]["method"] = graph["input"]["method"].clone();
    assert_eq!(graph, direct);
    assert_eq!(graph["sets"], 220);
    assert!(bad(&["census", "targets", "--colors", "5", "--size", "8", "--sample", "9", "--shard", "1/2"])
        .contains("--shard"));
}

/// Flags honoured or refused in every mode; shard integrity.
mod flags;
