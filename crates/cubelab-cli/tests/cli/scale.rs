//! The scale-out recipe of `docs/scale-out.md`: the shards of a census run as a job array
//! through GNU parallel, merged with `census merge`, equal the unsharded run byte for byte.

use super::ok;
use std::process::Command;

/// Whether GNU parallel is on PATH. Without it the test is skipped with a note, except in
/// CI (the `CI` variable set), where `.ci/run` installs it and its absence is a failure.
fn gnu_parallel_available() -> bool {
    let found = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success() && String::from_utf8_lossy(&o.stdout).contains("GNU parallel"));
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "GNU parallel is not installed, and CI is set: `.ci/run` installs it"
        );
        eprintln!("note: GNU parallel not found on PATH; skipping the sharded census test (apt-get install parallel)");
    }
    found
}

#[test]
fn shards_through_gnu_parallel_merge_to_the_unsharded_census() {
    if !gnu_parallel_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("cubelab");
    let job = format!(
        "'{}' census targets --size 6 --shard {{}}/4 --json > '{}'/part{{}}.json",
        bin.display(),
        dir.path().display()
    );
    let out = Command::new("parallel")
        .args(["--will-cite", "--halt", "now,fail=1", "-j", "2", &job, ":::", "1", "2", "3", "4"])
        .output()
        .expect("runs GNU parallel");
    assert!(out.status.success(), "parallel failed: {}", String::from_utf8_lossy(&out.stderr));
    let parts: Vec<String> = (1..=4).map(|i| dir.path().join(format!("part{i}.json")).display().to_string()).collect();
    let mut merge = vec!["census", "merge"];
    merge.extend(parts.iter().map(String::as_str));
    merge.push("--json");
    let merged = ok(&merge);
    let unsharded = ok(&["census", "targets", "--size", "6", "--json"]);
    assert_eq!(merged, unsharded);
}
