//! `cubelab census`: every flag of every subcommand is honoured or refused; shards carry
//! a checksum that `merge` checks.

use crate::{bad, ok};

use crate::flags::{check_flags, Effect};

/// The cases every one-shot census mode shares (samples and searches: no shards, no
/// checkpoints; both output formats), after the mode's own `cases`, with what `--plot`
/// must do there.
fn one_shot(cases: &[(&'static [&'static str], Effect)], plot: Effect) -> Vec<(&'static [&'static str], Effect)> {
    let mut all = cases.to_vec();
    all.extend([
        (&["--shard", "1/2"][..], Effect::Refused),
        (&["--checkpoint", "FILE"], Effect::Refused),
        (&["--plot", "FILE.svg"], plot),
        (&["--json"], Effect::Changes),
        (&["--csv"], Effect::Changes),
    ]);
    all
}

const W12: &str = "Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd,Be,Bf,Ca,Cb";

#[test]
fn every_flag_of_solution_numbers_is_honoured_or_refused() {
    use Effect::*;
    check_flags(
        &["census", "solution-numbers", "--colors", "2", "--method", "backtrack", "--target", "111122"],
        &[
            (&["--target", "121212"], Changes),
            // --all-targets contradicts the base's --target (its own cases follow).
            (&["--all-targets"], Refused),
            (&["--method", "graph"], Refused),
            (&["--colors", "1", "--target", "111111"], Changes),
            (&["--colors", "4"], Refused),
            (&["--palette", "7"], Refused),
            (&["--shard", "1/2"], Changes),
            (&["--checkpoint", "FILE"], Writes),
            (&["--checkpoint", "JUNK", "--resume"], Refused),
            (&["--resume"], Refused),
            (&["--plot", "FILE.svg"], Writes),
            (&["--json"], Changes),
            (&["--csv"], Changes),
        ],
    );
    check_flags(
        &["census", "solution-numbers", "--colors", "2", "--method", "backtrack", "--all-targets"],
        &[
            (&["--shard", "1/2", "--json"], Changes),
            (&["--checkpoint", "FILE"], Refused),
            (&["--plot", "FILE.svg"], Writes),
        ],
    );
}

#[test]
fn every_flag_of_targets_is_honoured_or_refused() {
    use Effect::*;
    check_flags(
        &["census", "targets", "--size", "8", "--within", W12],
        &[
            (&["--size", "9"], Changes),
            (&["--size", "all"], Changes),
            (&["--list-max"], Changes),
            (&["--within", "Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd,Be,Bf,Ca,Cd"], Changes),
            (&["--sample", "50"], Changes),
            (&["--sample", "50", "--seed", "2"], ChangesFrom(&["--sample", "50"])),
            (&["--sample", "50", "--shard", "1/2"], Refused),
            (&["--sample", "50", "--checkpoint", "FILE"], Refused),
            (&["--sample", "50", "--plot", "FILE.svg"], Writes),
            (&["--sample", "0"], Refused),
            (&["--sample", "1000000000001"], Refused),
            (&["--sample", "18446744073709551615"], Refused),
            (&["--colors", "3"], Refused),
            (&["--palette", "7"], Changes),
            (&["--palette", "7", "--list-max"], ChangesFrom(&["--palette", "7"])),
            (&["--palette", "7", "--plot", "FILE.svg"], Writes),
            (&["--palette", "7", "--shard", "1/2"], Refused),
            (&["--palette", "7", "--checkpoint", "FILE"], Refused),
            (&["--palette", "5"], Refused),
            (&["--shard", "1/2"], Changes),
            (&["--size", "all", "--shard", "1/2"], ChangesFrom(&["--size", "all"])),
            (&["--checkpoint", "FILE"], Writes),
            (&["--checkpoint", "JUNK", "--resume"], Refused),
            (&["--plot", "FILE.svg"], Writes),
            (&["--size", "all", "--plot", "FILE.svg"], Writes),
            (&["--json"], Changes),
            (&["--csv"], Changes),
        ],
    );
    // The method (over C_2: the backtrack tables of MacMahon's cubes take minutes).
    check_flags(
        &["census", "targets", "--colors", "2", "--size", "8", "--json"],
        &[(&["--method", "backtrack"], Effect::Changes)],
    );
    // --colors 4 and 5 (the 256-bit engine): samples and --within, no shards or checkpoints.
    check_flags(
        &["census", "targets", "--colors", "5", "--size", "9", "--sample", "40"],
        &one_shot(
            &[
                (&["--seed", "3"], Changes),
                (&["--list-max"], Changes),
                (&["--method", "backtrack", "--json"], ChangesFrom(&["--json"])),
            ],
            Writes,
        ),
    );
}

#[test]
fn every_flag_of_universal_is_honoured_or_refused() {
    use Effect::*;
    check_flags(
        &["census", "universal", "--colors", "2"],
        &[
            (&["--size", "7"], Changes),
            (&["--method", "backtrack", "--json"], ChangesFrom(&["--json"])),
            (&["--colors", "3"], Refused),
            (&["--palette", "7"], Refused),
            (&["--shard", "1/2"], Refused),
            (&["--size", "8", "--shard", "1/2"], Changes),
            (&["--size", "8", "--checkpoint", "FILE"], Writes),
            (&["--size", "8", "--checkpoint", "JUNK", "--resume"], Refused),
            (&["--plot", "FILE.svg"], Refused),
            (&["--json"], Changes),
            (&["--csv"], Changes),
        ],
    );
    // The local search: every parameter counts; shards and checkpoints are refused. (Seed 2
    // finds a set in a tenth of a second, the default seed 1 in over 3 CPU-seconds.)
    check_flags(
        &["census", "universal", "--colors", "4", "--size", "10", "--search", "--seed", "2"],
        &one_shot(
            &[
                (&["--seed", "5"], Changes),
                (&["--restarts", "1"], Changes),
                (&["--steps", "0"], Changes),
                (&["--method", "backtrack", "--json"], ChangesFrom(&["--json"])),
            ],
            Refused,
        ),
    );
    check_flags(
        &["census", "universal", "--palette", "7", "--size", "9", "--search", "--restarts", "1", "--steps", "10"],
        &[
            (&["--seed", "2"], Changes),
            (&["--size", "7"], Refused),
            (&["--shard", "1/2"], Refused),
            (&["--checkpoint", "FILE"], Refused),
            (&["--json"], Changes),
        ],
    );
}

#[test]
fn every_flag_of_multisets_is_honoured_or_refused() {
    use Effect::*;
    check_flags(
        &["census", "multisets", "--colors", "2", "--method", "backtrack"],
        &one_shot(
            &[(&["--size", "9"], Refused), (&["--method", "graph"], Refused), (&["--palette", "7"], Refused)],
            Writes,
        ),
    );
}

#[test]
fn every_flag_of_max_targets_is_honoured_or_refused() {
    use Effect::*;
    check_flags(
        &["census", "max-targets"],
        &[
            (&["--shard", "1/2"], Refused),
            (&["--plot", "FILE.svg"], Refused),
            (&["--checkpoint", "FILE"], Refused),
            (&["--resume"], Refused),
            (&["--method", "backtrack"], Refused),
            (&["--csv"], Refused),
            (&["--json"], Changes),
            (&["--colors", "3"], Refused),
            (&["--seed", "2"], Refused),
            (&["--restarts", "2"], Refused),
            (&["--steps", "2"], Refused),
            (&["--prove"], Refused),
            (&["--palette", "7", "--restarts", "1", "--steps", "50"], Changes),
            (
                &["--palette", "7", "--restarts", "1", "--steps", "50", "--seed", "2"],
                ChangesFrom(&["--palette", "7", "--restarts", "1", "--steps", "50"]),
            ),
            (
                &["--palette", "7", "--restarts", "2", "--steps", "50"],
                ChangesFrom(&["--palette", "7", "--restarts", "1", "--steps", "50"]),
            ),
            (
                &["--palette", "7", "--restarts", "1", "--steps", "60"],
                ChangesFrom(&["--palette", "7", "--restarts", "1", "--steps", "50"]),
            ),
            // --palette 7 --prove is an exhaustive search of minutes: see palette_7 tests.
        ],
    );
}

#[test]
fn every_flag_of_infeasible_is_honoured_or_refused() {
    use Effect::*;
    check_flags(
        &["census", "infeasible", "--within", "Fa,Fb,Fc,Ab,Ac,Ba,Bc"],
        &[
            (&["--within", "Fa,Fb,Fc,Fd,Ab,Ac,Ba,Bc"], Changes),
            (&["--method", "backtrack", "--json"], ChangesFrom(&["--json"])),
            (&["--colors", "3"], Refused),
            (&["--palette", "7"], Refused),
            (&["--shard", "1/2"], Changes),
            (&["--checkpoint", "FILE"], Writes),
            (&["--checkpoint", "JUNK", "--resume"], Refused),
            (&["--plot", "FILE.svg"], Refused),
            (&["--json"], Changes),
            (&["--csv"], Changes),
        ],
    );
}

/// Writes the JSON of every shard `i/n` of a census into `dir` and returns the paths.
fn shard_files(dir: &std::path::Path, args: &[&str], n: usize) -> Vec<String> {
    (1..=n)
        .map(|i| {
            let shard = format!("{i}/{n}");
            let mut sharded = args.to_vec();
            sharded.extend(["--shard", &shard, "--json"]);
            let path = dir.join(format!("{}-{i}.json", args[1]));
            std::fs::write(&path, ok(&sharded)).unwrap();
            path.to_str().unwrap().to_string()
        })
        .collect()
}

#[test]
fn every_flag_of_merge_is_honoured_or_refused() {
    use Effect::*;
    let dir = tempfile::tempdir().unwrap();
    let parts = shard_files(dir.path(), &["census", "targets", "--size", "8", "--within", W12], 2);
    let mut base = vec!["census", "merge"];
    base.extend(parts.iter().map(|s| s.as_str()));
    check_flags(&base, &[(&["--json"], Changes), (&["--csv"], Changes), (&["--plot", "FILE.svg"], Writes)]);
    let parts = shard_files(dir.path(), &["census", "infeasible", "--within", "Fa,Fb,Fc,Ab,Ac,Ba,Bc"], 2);
    let mut base = vec!["census", "merge"];
    base.extend(parts.iter().map(|s| s.as_str()));
    check_flags(&base, &[(&["--json"], Changes), (&["--csv"], Changes), (&["--plot", "FILE.svg"], Refused)]);
}

#[test]
fn flags_a_census_cannot_honour_are_refused() {
    for flags in [&["--shard", "1/2"][..], &["--plot", "x.svg"], &["--checkpoint", "x.ckpt"], &["--csv"]] {
        let mut args = vec!["census", "max-targets"];
        args.extend(flags);
        let e = bad(&args);
        assert!(e.contains(flags[0]), "{e}");
    }
    assert!(!std::path::Path::new("x.svg").exists() && !std::path::Path::new("x.ckpt").exists());
    let e = bad(&["census", "universal", "--colors", "4", "--size", "10", "--search", "--shard", "1/2"]);
    assert!(e.contains("--search") && e.contains("--shard"), "{e}");
    assert!(bad(&["census", "multisets", "--shard", "1/2"]).contains("--shard"));
}

// ---------------------------------------------------------------- shard integrity

#[test]
fn an_edited_shard_is_refused_and_unedited_shards_merge_to_the_unsharded_output() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["census", "targets", "--size", "8", "--within", W12];
    let mut whole_args = args.to_vec();
    whole_args.push("--json");
    let whole = ok(&whole_args);
    assert!(whole.contains("\"checksum\": null"), "unsharded outputs carry no checksum");
    let parts = shard_files(dir.path(), &args, 3);
    let text = std::fs::read_to_string(&parts[1]).unwrap();
    assert!(text.trim_end().ends_with("}") && text.lines().rev().nth(1).unwrap().contains("\"checksum\""), "{text}");
    let mut merge = vec!["census", "merge", "--json"];
    merge.extend(parts.iter().map(|s| s.as_str()));
    assert_eq!(ok(&merge), whole);
    // One count raised by one: refused in one line naming the file.
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let count = v["histogram"][0]["count"].as_u64().unwrap();
    v["histogram"][0]["count"] = (count + 1).into();
    std::fs::write(&parts[1], serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let e = bad(&merge);
    assert!(e.contains(&parts[1]) && e.contains("checksum"), "{e}");
    // The same edit with its checksum made to match: the histogram no longer adds up.
    let (input, mut report) = cubelab::census::report::CensusReport::from_json(&v.to_string()).unwrap();
    if let cubelab::census::report::CensusReport::Targets(t) = &mut report {
        t.checksum = None;
    }
    report.seal(&input).unwrap();
    let mut resealed = v.clone();
    resealed["checksum"] = serde_json::to_value(&report).unwrap()["checksum"].clone();
    assert_ne!(resealed["checksum"], v["checksum"]);
    std::fs::write(&parts[1], serde_json::to_string_pretty(&resealed).unwrap()).unwrap();
    let e = bad(&merge);
    assert!(e.contains(&parts[1]) && e.contains("figures disagree"), "{e}");
    // A shard whose checksum was removed is refused too.
    v.as_object_mut().unwrap().remove("checksum");
    std::fs::write(&parts[1], serde_json::to_string_pretty(&v).unwrap()).unwrap();
    assert!(bad(&merge).contains("without a checksum"));
}
