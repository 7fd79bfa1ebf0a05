//! `cubelab picture`: check, solve, scramble, census and the group generalisation.

use super::{bad, ok, stopped};
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).expect("valid JSON")
}

/// Applies moves to a board by asking the tool for a scramble-free check: the solved board
/// reached by applying the inverse is tested through `solve --method optimal` lengths instead.
fn solution_length(board: &str, method: &str) -> (usize, Vec<String>, bool) {
    let v = json(&["picture", "solve", board, "--method", method, "--json"]);
    let moves: Vec<String> = v["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect();
    (v["length"].as_u64().unwrap() as usize, moves, v["optimal"].as_bool().unwrap())
}

#[test]
fn check_explains_solvable_and_unsolvable_boards() {
    let out = ok(&["picture", "check", "UF RB / DL UF"]);
    assert!(out.contains("solvable"), "{out}");
    let v = json(&["picture", "check", "FD UF / UF UF", "--json"]);
    assert_eq!(v["solvable"], false);
    assert!(v["reason"].as_str().unwrap().contains("(2,2)"));
}

#[test]
fn bad_boards_and_moves_give_one_line_and_exit_2() {
    assert!(bad(&["picture", "check", "UF UD"]).contains("row 1, column 2"));
    assert!(bad(&["picture", "check", "UF UF / UF"]).contains("ragged rows"));
    assert!(bad(&["picture", "check", "UF XY"]).contains("not a face letter"));
    assert!(bad(&["picture", "solve", "FD UF / UF UF"]).contains("cannot be solved"));
    assert!(bad(&["picture", "scramble", "0", "3"]).contains("0x3"));
    assert!(bad(&["picture", "census", "5", "5"]).contains("5x5"));
    assert!(bad(&["picture", "census", "14", "1"]).contains("too many to count in 64 bits"));
    assert!(bad(&["picture", "census", "2", "2", "--group", "Q8"]).contains("unknown group"));
    assert!(bad(&["picture", "census", "2", "1", "--group", "S3", "--row-moves", "(1 4)"]).contains("outside"));
}

#[test]
fn every_method_solves_scrambles_and_optimal_is_shortest() {
    for seed in ["1", "2", "3"] {
        let board = ok(&["picture", "scramble", "2", "2", "--seed", seed]).trim().to_string();
        let (local, local_moves, local_opt) = solution_length(&board, "local");
        let (sub, _, _) = solution_length(&board, "subgroup");
        let (best, best_moves, best_opt) = solution_length(&board, "optimal");
        assert!(!local_opt && best_opt);
        assert_eq!(local, local_moves.len());
        assert_eq!(best, best_moves.len());
        assert!(best <= local && best <= sub && best <= 12, "{board}: {best} {local} {sub}");
        assert!(local <= 8 * 4 + 3);
    }
}

#[test]
fn scramble_is_deterministic_and_move_scrambles_list_their_moves() {
    let a = ok(&["picture", "scramble", "3", "3", "--seed", "9"]);
    assert_eq!(a, ok(&["picture", "scramble", "3", "3", "--seed", "9"]));
    assert_ne!(a, ok(&["picture", "scramble", "3", "3", "--seed", "10"]));
    let v = json(&["picture", "scramble", "2", "3", "--moves", "5", "--seed", "4", "--json"]);
    assert_eq!(v["moves"].as_array().unwrap().len(), 5);
    // A 5-move scramble is solved optimally in at most 5 moves.
    let (best, _, _) = solution_length(v["board"].as_str().unwrap(), "optimal");
    assert!(best <= 5);
}

#[test]
fn census_json_matches_theorem_8_and_the_seed() {
    let v = json(&["picture", "census", "2", "2", "--json"]);
    assert_eq!(v["states"], 165888);
    assert_eq!(v["diameter"], 12);
    assert_eq!(v["median"], 8);
    let d = super::dense(&v["distances"]);
    assert_eq!(d.iter().sum::<u64>(), 165888);
    assert_eq!(d[..2], [1, 8]);
    // Transposed board, same census.
    let (wide, tall) =
        (json(&["picture", "census", "1", "4", "--json"]), json(&["picture", "census", "4", "1", "--json"]));
    assert_eq!(
        (&wide["rows"], &wide["cols"], &tall["rows"], &tall["cols"]),
        (&1.into(), &4.into(), &4.into(), &1.into())
    );
    let board = ["input", "rows", "cols"];
    assert_eq!(super::without(wide, &board), super::without(tall, &board));
    let h = json(&["picture", "census", "2", "2", "--metric", "half", "--json"]);
    assert_eq!(h["states"], 165888);
    assert!(h["diameter"].as_u64() < v["diameter"].as_u64());
}

#[test]
fn census_output_is_the_same_for_any_thread_count() {
    let run = |threads: &str| {
        let out = super::cubelab()
            .env("RAYON_NUM_THREADS", threads)
            .args(["picture", "census", "3", "1", "--json"])
            .output()
            .unwrap();
        assert!(out.status.success());
        out.stdout
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn census_csv_is_the_histogram_of_distances() {
    let v = json(&["picture", "census", "3", "1", "--json"]);
    let csv = ok(&["picture", "census", "3", "1", "--csv"]);
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("distance,count"));
    let rows: Vec<(u64, u64)> = lines
        .map(|l| {
            let (d, c) = l.split_once(',').expect("two fields");
            (d.parse().unwrap(), c.parse().unwrap())
        })
        .collect();
    // The JSON's histogram, distance by distance, adding up to the states.
    let bins: Vec<(u64, u64)> = v["distances"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["value"].as_u64().unwrap(), b["count"].as_u64().unwrap()))
        .collect();
    assert_eq!(rows, bins);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), v["states"].as_u64().unwrap());
    assert_eq!(rows.len() as u64, v["diameter"].as_u64().unwrap() + 1);
    let err = bad(&["picture", "census", "3", "1", "--csv", "--json"]);
    assert!(err.contains("--csv") && err.contains("--json"), "{err}");
}

#[test]
fn census_writes_its_json_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.json");
    ok(&["picture", "census", "2", "1", "--output", path.to_str().unwrap()]);
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(v["states"], 576);
    assert_eq!(v["diameter"], 7);
}

#[test]
fn group_census_checks_theorems_4_and_7() {
    let out = ok(&["picture", "census", "2", "3", "--group", "C4"]);
    assert!(out.contains("Theorem 4") && out.contains("holds"), "{out}");
    let v = json(&["picture", "census", "2", "3", "--group", "C4", "--json"]);
    assert_eq!(v["states"], 4u64.pow(4));
    let out = ok(&["picture", "census", "2", "1", "--group", "A5"]);
    assert!(out.contains("Theorem 7") && out.contains("holds"), "{out}");
    let v = json(&["picture", "census", "2", "1", "--group", "S3", "--json"]);
    assert_eq!(v["states"], 9 * 4);
}

#[test]
fn census_2x1_json_snapshot() {
    insta::assert_snapshot!("picture_census_2x1", ok(&["picture", "census", "2", "1", "--json"]));
}

#[test]
fn help_has_examples_for_every_command() {
    for sub in ["check", "solve", "scramble", "census", "bounds"] {
        let out = ok(&["picture", sub, "--help"]);
        assert!(out.contains("Examples:"), "{sub}");
    }
}

#[test]
fn bounds_bracket_the_2x2_diameter() {
    let v = json(&["picture", "bounds", "2", "2", "--sample", "5", "--json"]);
    let (lower, upper) = (v["lower"].as_u64().unwrap(), v["upper"].as_u64().unwrap());
    assert!(lower <= 12 && 12 <= upper, "{v}");
    assert!(v["sample_lengths"].as_array().unwrap().iter().all(|x| x.as_u64().unwrap() <= 12));
    // One column is bounded too (by the transposed board); a side of 0 is refused.
    let one = json(&["picture", "bounds", "3", "1", "--json"]);
    assert!(one["lower"].as_u64().unwrap() <= 10 && 10 <= one["upper"].as_u64().unwrap(), "{one}");
    assert!(bad(&["picture", "bounds", "0", "2"]).contains("board size 0x2"));
}

/// The layer counts saved in a picture census checkpoint (the state in its header line).
fn checkpoint_counts(path: &std::path::Path) -> Vec<u64> {
    let bytes = std::fs::read(path).unwrap();
    let end = bytes.iter().position(|&b| b == b'\n').expect("a header line");
    let header: Value = serde_json::from_slice(&bytes[..end]).unwrap();
    header["state"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect()
}

#[test]
fn stopped_census_resumes_to_identical_output() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("3x1.ckpt");
    let cp = ckpt.to_str().unwrap();
    let full = ok(&["picture", "census", "3", "1", "--json"]);
    let distances = super::dense(&serde_json::from_str::<Value>(&full).unwrap()["distances"]);
    // The byte engine's checkpoints (`auto` runs the two-bit engine, whose checkpoints
    // are tested with the engines' comparison).
    let b = ["--engine", "byte"];
    let err = stopped(
        &[&["picture", "census", "3", "1", "--json", "--checkpoint", cp, "--stop-after-layer", "2"][..], &b].concat(),
    );
    let found: u64 = distances[..=2].iter().sum();
    assert!(err.contains(&format!("stopped after layer 2 with {found} boards found")), "{err}");
    assert_eq!(checkpoint_counts(&ckpt), distances[..=2]);
    stopped(
        &[
            &["picture", "census", "3", "1", "--json", "--checkpoint", cp, "--resume", "--stop-after-layer", "6"][..],
            &b,
        ]
        .concat(),
    );
    assert_eq!(checkpoint_counts(&ckpt), distances[..=6]);
    // `auto` resumes a byte checkpoint on the byte engine.
    assert_eq!(ok(&["picture", "census", "3", "1", "--json", "--checkpoint", cp, "--resume"]), full);
    // The text output too, and the group census.
    let text = ok(&["picture", "census", "2", "2", "--group", "S3"]);
    let g = dir.path().join("s3.ckpt");
    let g = g.to_str().unwrap();
    stopped(&["picture", "census", "2", "2", "--group", "S3", "--checkpoint", g, "--stop-after-layer", "1"]);
    assert_eq!(ok(&["picture", "census", "2", "2", "--group", "S3", "--checkpoint", g, "--resume"]), text);
    // --resume without a checkpoint file starts from the beginning.
    let fresh = dir.path().join("fresh.ckpt");
    assert_eq!(
        ok(&["picture", "census", "3", "1", "--json", "--checkpoint", fresh.to_str().unwrap(), "--resume"]),
        full
    );
    assert!(fresh.exists());
}

#[test]
fn killed_census_resumes_to_identical_output() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("6x1.ckpt");
    let args = ["picture", "census", "6", "1", "--json", "--engine", "byte"];
    let straight = ok(&args);
    // The first checkpoint is written after layer 0.
    super::kill_after_first_checkpoint(&args, &ckpt);
    let saved = checkpoint_counts(&ckpt);
    let distances = super::dense(&serde_json::from_str::<Value>(&straight).unwrap()["distances"]);
    for (d, c) in saved.iter().enumerate() {
        assert_eq!(distances.get(d), Some(c), "saved count at distance {d}");
    }
    assert_eq!(
        ok(&["picture", "census", "6", "1", "--json", "--checkpoint", ckpt.to_str().unwrap(), "--resume"]),
        straight
    );
}

#[test]
fn bad_picture_checkpoints_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("c.ckpt");
    let cp = ckpt.to_str().unwrap();
    stopped(&["picture", "census", "3", "1", "--checkpoint", cp, "--stop-after-layer", "4", "--engine", "byte"]);
    let bytes = std::fs::read(&ckpt).unwrap();
    let resume = |extra: &[&str]| {
        let mut a = vec!["picture", "census", "3", "1", "--checkpoint", cp, "--resume"];
        a.extend(extra);
        bad(&a)
    };
    for other in [&["--metric", "half"][..], &["--group", "C4"][..]] {
        let e = resume(other);
        assert!(e.contains("belongs to another picture census (picture cube 3x1, quarter-turn metric)"), "{e}");
    }
    let e = bad(&["picture", "census", "1", "3", "--checkpoint", cp, "--resume"]);
    assert!(e.contains("not this one (picture cube 1x3"), "{e}");
    let mut flipped = bytes.clone();
    let middle = flipped.len() / 2 + 100;
    flipped[middle] ^= 0x10;
    std::fs::write(&ckpt, &flipped).unwrap();
    assert!(resume(&[]).contains("is corrupt: checksum mismatch"));
    std::fs::write(&ckpt, &bytes[..bytes.len() - 5]).unwrap();
    assert!(resume(&[]).contains("is corrupt: truncated"));
    std::fs::write(&ckpt, b"\x00\xff garbage\n").unwrap();
    assert!(resume(&[]).contains("is corrupt"));
    // The intact file still resumes.
    std::fs::write(&ckpt, &bytes).unwrap();
    assert_eq!(
        ok(&["picture", "census", "3", "1", "--json", "--checkpoint", cp, "--resume"]),
        ok(&["picture", "census", "3", "1", "--json"])
    );
    assert!(bad(&["picture", "census", "3", "1", "--resume"]).contains("--checkpoint"));
    assert!(bad(&["picture", "census", "3", "1", "--stop-after-layer", "2"]).contains("--checkpoint"));
}

#[test]
fn the_metric_is_refused_with_a_group() {
    let e = bad(&["picture", "census", "2", "2", "--group", "S3", "--metric", "half"]);
    assert!(e.contains("--metric") && e.contains("--group"), "{e}");
}

#[test]
fn two_bit_census_equals_the_byte_census_and_resumes_after_a_stop_or_a_kill() {
    let byte = json(&["picture", "census", "2", "2", "--json", "--engine", "byte"]);
    let two = json(&["picture", "census", "2", "2", "--json", "--engine", "two-bit", "--antipodes", "3"]);
    for key in ["states", "diameter", "average", "median", "distances"] {
        assert_eq!(byte[key], two[key], "{key}");
    }
    assert_eq!(byte["antipodes"], Value::Null);
    assert_eq!(two["input"]["antipodes"], 3);
    // Every antipode is solved optimally in exactly the diameter (2x2: the 36 boards at
    // distance 12 form 2 classes, so 2 are listed).
    let antipodes = two["antipodes"].as_array().unwrap();
    assert_eq!(antipodes.len(), 2);
    for a in antipodes {
        let (length, _, optimal) = solution_length(a.as_str().unwrap(), "optimal");
        assert!(optimal);
        assert_eq!(length as u64, two["diameter"].as_u64().unwrap(), "{a}");
    }
    // --antipodes picks the two-bit engine by itself, and the byte engine refuses it.
    assert_eq!(json(&["picture", "census", "2", "2", "--json", "--antipodes", "3"]), two);
    assert!(bad(&["picture", "census", "2", "2", "--engine", "byte", "--antipodes", "1"]).contains("two-bit"));
    assert!(bad(&["picture", "census", "2", "2", "--engine", "two-bit", "--group", "C2"]).contains("picture cube only"));

    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("2x2.ckpt");
    let cp = ckpt.to_str().unwrap();
    let args = ["picture", "census", "2", "2", "--json", "--engine", "two-bit", "--antipodes", "3"];
    let straight = ok(&args);
    let err = stopped(&[&args[..], &["--checkpoint", cp, "--stop-after-layer", "4"]].concat());
    assert!(err.contains("stopped after layer 4") && err.contains("--resume"), "{err}");
    assert_eq!(ok(&[&args[..], &["--checkpoint", cp, "--resume"]].concat()), straight);
    // The byte engine does not take the two-bit engine's checkpoint.
    stopped(&[&args[..], &["--checkpoint", cp, "--stop-after-layer", "2", "--force"]].concat());
    let e = bad(&["picture", "census", "2", "2", "--engine", "byte", "--checkpoint", cp, "--resume"]);
    assert!(e.contains("two-bit table"), "{e}");
    // A kill right after the first save, then --resume: the same output, byte for byte.
    std::fs::remove_file(&ckpt).unwrap();
    super::kill_after_first_checkpoint(&args, &ckpt);
    assert_eq!(ok(&[&args[..], &["--checkpoint", cp, "--resume"]].concat()), straight);
}

#[test]
fn watched_boards_are_the_scrambles_with_their_optimal_lengths_and_survive_a_resume() {
    let args = ["picture", "census", "2", "2", "--json", "--watch", "6", "--seed", "10"];
    let two = json(&[&args[..], &["--engine", "two-bit"]].concat());
    let byte = json(&[&args[..], &["--engine", "byte"]].concat());
    assert_eq!(two["watched"], byte["watched"]);
    assert_eq!((two["input"]["watch"].as_u64(), two["input"]["seed"].as_u64()), (Some(6), Some(10)));
    let watched = two["watched"].as_array().unwrap();
    assert_eq!(watched.len(), 6);
    for (i, w) in watched.iter().enumerate() {
        let board = w["board"].as_str().unwrap();
        let seed = (10 + i).to_string();
        assert_eq!(ok(&["picture", "scramble", "2", "2", "--seed", &seed]).trim(), board);
        let (length, _, optimal) = solution_length(board, "optimal");
        assert!(optimal);
        assert_eq!(length as u64, w["distance"].as_u64().unwrap(), "{board}");
    }
    assert_eq!(json(&["picture", "census", "2", "2", "--json"])["watched"], Value::Null);
    // Stopped and resumed: the same output; another watch list is refused.
    let dir = tempfile::tempdir().unwrap();
    let cp = dir.path().join("w.ckpt");
    let cp = cp.to_str().unwrap();
    let two_bit = [&args[..], &["--engine", "two-bit", "--checkpoint", cp]].concat();
    stopped(&[&two_bit[..], &["--stop-after-layer", "5"]].concat());
    let e =
        bad(&["picture", "census", "2", "2", "--engine", "two-bit", "--watch", "5", "--checkpoint", cp, "--resume"]);
    assert!(e.contains("watch"), "{e}");
    assert_eq!(ok(&[&two_bit[..], &["--resume"]].concat()), ok(&[&args[..], &["--engine", "two-bit"]].concat()));
    assert!(bad(&["picture", "census", "2", "2", "--group", "S3", "--watch", "2"]).contains("--watch"));
    assert!(bad(&["picture", "census", "2", "2", "--seed", "2"]).contains("--watch"));
}

#[test]
fn a_saved_distance_table_solves_every_board_optimally_and_bad_tables_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("2x2.table");
    let t = table.to_str().unwrap();
    // The census output is the same with and without keeping the table.
    assert_eq!(
        ok(&["picture", "census", "2", "2", "--json", "--save-table", t]),
        ok(&["picture", "census", "2", "2", "--json"])
    );
    for seed in 1..=6 {
        let seed = seed.to_string();
        let board = ok(&["picture", "scramble", "2", "2", "--seed", &seed]).trim().to_string();
        let v = json(&["picture", "solve", &board, "--table", t, "--json"]);
        let (ida, _, _) = solution_length(&board, "optimal");
        assert_eq!(v["length"].as_u64(), Some(ida as u64), "{board}");
        assert_eq!(v["optimal"], true);
        // The tool verifies every solution before printing it; the text says how it was found.
        let text = ok(&["picture", "solve", &board, "--table", t]);
        assert!(text.contains("descent in the distance table"), "{text}");
    }
    let e = bad(&["picture", "solve", "UF UF UF / UF UF UF", "--table", t]);
    assert!(e.contains("the distance table is for 2x2 boards, not 2x3"), "{e}");
    let e = bad(&["picture", "solve", "UF RB / DL UF", "--table", t, "--metric", "half"]);
    assert!(e.contains("counts quarter turns, not half turns"), "{e}");
    assert!(bad(&["picture", "solve", "UF RB / DL UF", "--table", t, "--method", "subgroup"]).contains("--table"));
    assert!(bad(&["picture", "census", "2", "2", "--engine", "byte", "--save-table", t]).contains("--engine byte"));
    // A tampered or truncated table: one line, exit 2; a missing one: exit 1 (a file
    // that cannot be read).
    let bytes = std::fs::read(&table).unwrap();
    let mut flipped = bytes.clone();
    let at = bytes.len() - 100;
    flipped[at] ^= 4;
    std::fs::write(&table, &flipped).unwrap();
    let e = bad(&["picture", "solve", "UF RB / DL UF", "--table", t]);
    assert!(e.contains("table '") && e.contains("is corrupt: checksum mismatch"), "{e}");
    std::fs::write(&table, &bytes[..bytes.len() - 30]).unwrap();
    assert!(bad(&["picture", "solve", "UF RB / DL UF", "--table", t]).contains("is corrupt"));
    let missing = dir.path().join("none.table");
    let e = crate::io_fail(&["picture", "solve", "UF RB / DL UF", "--table", missing.to_str().unwrap()]);
    assert!(e.contains("cannot be read"), "{e}");
    // A census checkpoint is not a table.
    let ck = dir.path().join("c.ckpt");
    stopped(&[
        "picture",
        "census",
        "2",
        "2",
        "--engine",
        "two-bit",
        "--checkpoint",
        ck.to_str().unwrap(),
        "--stop-after-layer",
        "1",
    ]);
    let e = bad(&["picture", "solve", "UF RB / DL UF", "--table", ck.to_str().unwrap()]);
    assert!(e.contains("belongs to another kind of run"), "{e}");
}

/// `--engine mpi` in a binary built without the feature `mpi` (the default build): one
/// line saying how to build it, exit 2 (the MPI census itself: tests/mpi.rs).
#[cfg(not(feature = "mpi"))]
#[test]
fn census_engine_mpi_needs_the_feature() {
    let err = super::bad(&["picture", "census", "2", "2", "--engine", "mpi"]);
    assert!(err.contains("--features mpi"), "{err}");
}

/// A table the system will not allocate (issue 47: "memory allocation of 372623852104
/// bytes failed", an abort with exit 134): one line naming the bytes, exit 1. The limit
/// is the process's address space (`ulimit -v`, about 3.8 GiB), so the refusal does not
/// depend on the machine's free memory.
#[cfg(target_os = "linux")]
#[test]
fn a_table_the_system_refuses_is_one_line_and_exit_1() {
    let bin = super::cubelab().get_program().to_owned();
    for (args, bytes) in [
        ("picture census 4 3 --max-memory 1000", "372623852104 bytes"),
        ("picture census 4 2 --engine byte", "bytes ("),
    ] {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 4000000 && exec \"$0\" {args}"))
            .arg(&bin)
            .output()
            .expect("sh runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args}: {err}");
        assert!(err.contains(bytes) && err.contains("of memory the table needs"), "{args}: {err}");
    }
}

/// The reference searches of scripts/picture-reference-bfs.c (the yardsticks of
/// docs/benchmarks.md, written independently of the library: their own rotation matrices
/// and moves) find the census's distance counts: the plain search on 2x2, the orbit search
/// (insertion sort, and the qsort version) on 4x1. Needs a C compiler (`cc`, which cargo's
/// linker already is here); without one the test is skipped, except under CI.
#[test]
fn the_reference_searches_find_the_census_counts() {
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("picture-bfs");
    let source = format!("{}/../../scripts/picture-reference-bfs.c", env!("CARGO_MANIFEST_DIR"));
    let built = std::process::Command::new("cc").args(["-O2", "-o"]).arg(&exe).arg(&source).status();
    if !built.is_ok_and(|s| s.success()) {
        assert!(std::env::var_os("CI").is_none(), "cc could not build {source}");
        eprintln!("skipped: no C compiler to build {source}");
        return;
    }
    let reference = |args: &[&str]| -> Vec<u64> {
        let out = std::process::Command::new(&exe).args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        let mut counts = Vec::new();
        for (d, line) in text.lines().enumerate() {
            let (distance, count) = line.split_once(' ').unwrap();
            assert_eq!(distance.parse::<usize>().unwrap(), d, "{args:?}: {line}");
            counts.push(count.parse().unwrap());
        }
        counts
    };
    let census = |m: &str, n: &str| super::dense(&json(&["picture", "census", m, n, "--json"])["distances"]);
    assert_eq!(reference(&["plain", "2", "2"]), census("2", "2"));
    let four = census("4", "1");
    assert_eq!(reference(&["orbit", "4"]), four);
    assert_eq!(reference(&["orbit-qsort", "4"]), four);
}
