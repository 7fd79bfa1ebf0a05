//! Every flag of every subcommand either changes what the command does or is refused
//! (issue 10): one table per subcommand, run by [`check_flags`]. The census tables are in
//! `census/flags.rs`; the helpers here serve both.

use crate::{bad, cubelab, ok};

/// What a flag must do in a mode: change stdout (against the base run, or against another
/// run given by its extra flags), write the file it names, be refused (exit 2, one line),
/// or end the run with another code (3: stopped, 4: a limit reached; one line).
#[derive(Clone, Copy)]
pub(crate) enum Effect {
    Changes,
    ChangesFrom(&'static [&'static str]),
    Writes,
    Refused,
    Exits(i32),
}

/// A flag's arguments may name `FILE` (a fresh path) or `JUNK` (a file holding junk).
fn with_files(args: &[&str], dir: &std::path::Path, n: usize) -> (Vec<String>, Option<std::path::PathBuf>) {
    let mut file = None;
    let args = args
        .iter()
        .map(|a| match *a {
            "FILE" | "FILE.svg" => {
                let p = dir.join(format!("f{n}.{}", if *a == "FILE" { "ckpt" } else { "svg" }));
                file = Some(p.clone());
                p.to_str().unwrap().to_string()
            }
            "JUNK" => {
                let p = dir.join(format!("junk{n}"));
                std::fs::write(&p, "{\"format\": 3").unwrap();
                p.to_str().unwrap().to_string()
            }
            other => other.to_string(),
        })
        .collect();
    (args, file)
}

/// The base arguments with the extra ones, an extra flag replacing the base's (with its value).
fn combine<'a>(base: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    let mut all = Vec::new();
    let mut i = 0;
    while i < base.len() {
        let takes_value = i + 1 < base.len() && !base[i + 1].starts_with("--");
        if base[i].starts_with("--") && extra.contains(&base[i]) {
            i += if takes_value { 2 } else { 1 };
            continue;
        }
        all.push(base[i]);
        i += 1;
    }
    all.extend(extra);
    all
}

/// Runs `base` alone and with each case's extra flags, asserting each case's [`Effect`].
pub(crate) fn check_flags(base: &[&str], cases: &[(&[&str], Effect)]) {
    let dir = tempfile::tempdir().unwrap();
    let run = |extra: &[&str], n: usize| with_files(&combine(base, extra), dir.path(), n);
    let out = |args: &[String]| ok(&args.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    let plain = out(&run(&[], 0).0);
    for (n, (extra, effect)) in cases.iter().enumerate() {
        let (args, file) = run(extra, n + 1);
        let refs: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
        match effect {
            Effect::Changes => assert_ne!(ok(&refs), plain, "{refs:?} prints what {base:?} prints"),
            Effect::ChangesFrom(other) => {
                assert_ne!(ok(&refs), out(&run(other, 1000 + n).0), "{refs:?} prints what {other:?} prints")
            }
            Effect::Writes => {
                ok(&refs);
                assert!(file.expect("a FILE argument").exists(), "{refs:?} wrote no file");
            }
            Effect::Refused => {
                bad(&refs);
            }
            Effect::Exits(code) => {
                let out = cubelab().args(&refs).output().unwrap();
                assert_eq!(out.status.code(), Some(*code), "{refs:?}");
                let err = String::from_utf8_lossy(&out.stderr);
                assert_eq!(err.trim_end().lines().count(), 1, "{refs:?}: one line expected, got {err}");
            }
        }
    }
}

/// A 2x2 board 11 quarter turns from solved (the optimal search visits a few hundred nodes).
const BOARD: &str = "FD UF / UF FD";

#[test]
fn every_flag_of_cubes_is_honoured_or_refused() {
    use Effect::*;
    check_flags(
        &["cubes"],
        &[
            (&["--colors", "4"], Changes),
            (&["--colors", "5"], ChangesFrom(&["--colors", "4"])),
            (&["--colors", "7"], Refused),
            (&["--palette", "3"], Changes),
            (&["--palette", "13"], Refused),
            (&["--colors", "4", "--palette", "4"], Refused),
            (&["--tableau"], Changes),
            (&["--tableau", "--colors", "4"], Refused),
            (&["--json"], Changes),
            (&["--csv"], Changes),
            (&["--json", "--csv"], Refused),
        ],
    );
}

#[test]
fn every_flag_of_show_build_and_solve_is_honoured_or_refused() {
    use Effect::*;
    check_flags(
        &["show", "Ab"],
        &[(&["--json"], Changes), (&["--svg", "FILE.svg"], Writes), (&["--svg", "/nonexistent-dir/x.svg"], Exits(1))],
    );
    check_flags(
        &["build", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"],
        &[(&["--improper"], Changes), (&["--json"], Changes), (&["--json", "--improper"], ChangesFrom(&["--json"]))],
    );
    check_flags(
        &["solve", "Ba", "Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb"],
        &[
            (&["--interior"], Changes),
            (&["--limit", "1"], Changes),
            (&["--limit", "x"], Refused),
            (&["--explain"], Changes),
            (&["--json"], Changes),
            (&["--svg", "FILE.svg"], Writes),
        ],
    );
}

#[test]
fn every_flag_of_relations_is_honoured_or_refused() {
    use Effect::*;
    check_flags(
        &["relations"],
        &[
            (&["--ground", "Y1"], Changes),
            (&["--ground", "Zz"], Refused),
            (&["--json"], Changes),
            (&["--ground", "Y1", "--json"], ChangesFrom(&["--ground", "Y1"])),
        ],
    );
}

#[test]
fn every_flag_of_magic_is_honoured_or_refused() {
    use Effect::*;
    check_flags(
        &["magic", "enumerate"],
        &[
            (&["--order", "2"], Changes),
            (&["--order", "9"], Refused),
            (&["--start", "0"], Changes),
            (&["--step", "2"], Changes),
            (&["--step", "0"], Refused),
            (&["--property", "diagonal"], Changes),
            (&["--property", "magic"], Refused),
            (&["--origin-pinned"], Refused),
            (&["--property", "perfect", "--origin-pinned"], ChangesFrom(&["--property", "diagonal"])),
            (&["--classes"], Changes),
            (&["--checkpoint", "FILE"], Writes),
            (&["--checkpoint", "JUNK", "--resume"], Refused),
            (&["--resume"], Refused),
            (&["--stop-after", "1"], Refused),
            (&["--checkpoint", "FILE", "--stop-after", "1"], Exits(3)),
            (&["--json"], Changes),
            (&["--csv"], Changes),
        ],
    );
    check_flags(
        &["magic", "construct", "--order", "3"],
        &[(&["--order", "4"], Changes), (&["--order", "2"], Refused), (&["--json"], Changes), (&["--csv"], Changes)],
    );
    let dir = tempfile::tempdir().unwrap();
    let cube = dir.path().join("cube.txt");
    std::fs::write(&cube, ok(&["magic", "construct", "--order", "3"])).unwrap();
    let cube = cube.to_str().unwrap();
    check_flags(&["magic", "check", cube], &[(&["--json"], Changes), (&["--csv"], Changes)]);
}

#[test]
fn every_flag_of_picture_is_honoured_or_refused() {
    use Effect::*;
    check_flags(&["picture", "check", BOARD], &[(&["--json"], Changes)]);
    check_flags(
        &["picture", "solve", BOARD],
        &[
            (&["--method", "subgroup"], Changes),
            (&["--method", "optimal"], Changes),
            (&["--method", "subgroup", "--metric", "half"], ChangesFrom(&["--method", "subgroup"])),
            (&["--method", "optimal", "--max-nodes", "1"], Exits(4)),
            (&["--method", "optimal", "--max-nodes", "0"], Refused),
            (&["--max-nodes", "100"], Refused),
            (&["--method", "optimal", "--timeout", "0"], Refused),
            (&["--timeout", "10"], Refused),
            (&["--json"], Changes),
        ],
    );
    check_flags(
        &["picture", "scramble", "2", "3"],
        &[(&["--seed", "2"], Changes), (&["--moves", "5"], Changes), (&["--json"], Changes)],
    );
    check_flags(
        &["picture", "bounds", "2", "2"],
        &[
            (&["--metric", "half"], Changes),
            (&["--sample", "3"], Changes),
            (&["--sample", "3", "--max-nodes", "1"], Exits(4)),
            (&["--max-nodes", "100"], Refused),
            // --timeout covers the whole run (hostile::the_time_limit_covers_the_bounds
            // shows it honoured on 3x3, whose bounds take long enough to be stopped).
            (&["--json"], Changes),
        ],
    );
    check_flags(
        &["picture", "census", "2", "1"],
        &[
            (&["--metric", "half"], Changes),
            (&["--group", "S3"], Changes),
            (&["--group", "S3", "--metric", "half"], Refused),
            (&["--group", "S3", "--row-moves", "(1 2)"], ChangesFrom(&["--group", "S3"])),
            (&["--group", "S3", "--col-moves", "(1 2)"], ChangesFrom(&["--group", "S3"])),
            (&["--row-moves", "(1 2)"], Refused),
            (&["--col-moves", "(1 2)"], Refused),
            (&["--max-memory", "0"], Refused),
            (&["--output", "FILE"], Writes),
            (&["--checkpoint", "FILE"], Writes),
            (&["--checkpoint", "JUNK", "--resume"], Refused),
            (&["--resume"], Refused),
            (&["--stop-after-layer", "1"], Refused),
            (&["--checkpoint", "FILE", "--stop-after-layer", "1"], Exits(3)),
            (&["--json"], Changes),
        ],
    );
}

#[test]
fn a_search_past_its_time_limit_stops_and_names_the_flag() {
    // A 4x4 board the default node limit cannot finish quickly: the timeout ends it.
    let board = ok(&["picture", "scramble", "4", "4", "--seed", "3"]);
    let out = cubelab()
        .args(["picture", "solve", board.trim(), "--method", "optimal", "--timeout", "0.2"])
        .args(["--max-nodes", "1000000000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("limit of 0.2 s") && err.contains("raise it with --timeout"), "{err}");
}

#[test]
fn completions_and_man_pages_generate() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = ok(&["completions", shell]);
        assert!(script.contains("cubelab") && script.contains("picture"), "{shell}");
    }
    bad(&["completions", "tcsh"]);
    let page = ok(&["man"]);
    assert!(page.contains(".TH cubelab") && page.contains(".SH SYNOPSIS"), "not a roff page: {page}");
    // NAME says what cubelab is; the examples keep their columns (no-fill), under EXAMPLES.
    let name = page.split(".SH NAME\n").nth(1).and_then(|s| s.lines().next()).unwrap_or_default();
    assert!(name.starts_with("cubelab \\- The mathematics of colored\\-cube puzzles"), "NAME: {name}");
    assert!(!page.contains(".SH EXTRA") && page.contains(".SH EXAMPLES\n.nf\nExamples:"), "{page}");
    assert!(page.contains("\n.fi\n.SH VERSION"), "{page}");
    let help = ok(&["--help"]);
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 10, "{commands:?}");
    for c in &commands {
        let mentioned = page.contains(&format!("cubelab\\-{c}")) || page.contains(&format!("cubelab-{c}"));
        assert!(mentioned, "the man page does not mention `{c}`");
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("man1");
    ok(&["man", "--out", out.to_str().unwrap()]);
    for page in ["cubelab.1", "cubelab-census-targets.1", "cubelab-picture-solve.1", "cubelab-man.1"] {
        let text = std::fs::read_to_string(out.join(page)).unwrap_or_else(|_| panic!("no {page}"));
        assert!(text.contains(".SH SYNOPSIS"), "{page}");
    }
}
