//! The one integration test binary: drives the real `cubelab` executable.
//! Each area of the tool has its own module here.

mod adversarial;
mod api;
mod browser;
mod census;
mod cubes;
mod design;
mod docs;
mod extended;
mod flags;
mod help;
mod hostile;
mod json;
mod ledger;
mod magic;
mod picture;
mod print;
mod relations;
mod run;
mod scale;
mod stack;
mod target;
mod text;
mod web;

use assert_cmd::Command;

/// A histogram of the JSON contract (`[{"value": v, "count": c}, ...]`) as value → count.
pub fn histogram(v: &serde_json::Value) -> std::collections::BTreeMap<u64, u64> {
    v.as_array()
        .expect("a histogram is an array")
        .iter()
        .map(|b| (b["value"].as_u64().expect("value"), b["count"].as_u64().expect("count")))
        .collect()
}

/// A histogram of the JSON contract as counts indexed by value (zeros between filled in).
pub fn dense(v: &serde_json::Value) -> Vec<u64> {
    let h = histogram(v);
    let mut out = vec![0; h.keys().next_back().map_or(0, |&k| k as usize + 1)];
    for (k, c) in h {
        out[k as usize] = c;
    }
    out
}

/// A JSON object without some of its keys (to compare outputs of different inputs).
pub fn without(mut v: serde_json::Value, keys: &[&str]) -> serde_json::Value {
    for k in keys {
        v.as_object_mut().expect("an object").remove(*k);
    }
    v
}

/// The `cubelab` binary under test.
pub fn cubelab() -> Command {
    Command::cargo_bin("cubelab").expect("the cubelab binary is built")
}

/// Runs `cubelab` with arguments, asserting exit 0, and returns stdout.
pub fn ok(args: &[&str]) -> String {
    let out = cubelab().args(args).output().expect("runs");
    assert!(out.status.success(), "cubelab {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs `cubelab` with arguments, asserting exit 2 and a one-line error, and returns it.
pub fn bad(args: &[&str]) -> String {
    let out = cubelab().args(args).output().expect("runs");
    assert_eq!(out.status.code(), Some(2), "cubelab {args:?} should exit 2");
    let err = String::from_utf8(out.stderr).expect("utf-8 error");
    assert_eq!(err.trim_end().lines().count(), 1, "one-line error expected, got: {err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// Runs `cubelab` with arguments, asserting exit 3 (stopped on request, checkpoint saved)
/// and a one-line message saying how to resume, and returns it.
pub fn stopped(args: &[&str]) -> String {
    let out = cubelab().args(args).output().expect("runs");
    assert_eq!(out.status.code(), Some(3), "cubelab {args:?} should exit 3");
    let err = String::from_utf8(out.stderr).expect("utf-8 error");
    assert_eq!(err.trim_end().lines().count(), 1, "one-line message expected, got: {err}");
    assert!(err.contains("--resume"), "{err}");
    err
}

/// The content of a checkpoint file holding JSON (its second line).
pub fn checkpoint_content(path: &std::path::Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::from_str(text.lines().nth(1).expect("a content line")).unwrap()
}

/// Runs `cubelab` with arguments, asserting exit 1 (an I/O failure) and a one-line
/// error, and returns it.
pub fn io_fail(args: &[&str]) -> String {
    let out = cubelab().args(args).output().expect("runs");
    assert_eq!(out.status.code(), Some(1), "cubelab {args:?} should exit 1");
    let err = String::from_utf8(out.stderr).expect("utf-8 error");
    assert_eq!(err.trim_end().lines().count(), 1, "one-line error expected, got: {err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// Waits, without a clock, until `path` exists or `child` has exited (whichever first).
pub fn wait_for_file(child: &mut std::process::Child, path: &std::path::Path) {
    while !path.exists() && child.try_wait().unwrap().is_none() {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// Starts `cubelab` with arguments and `--checkpoint ckpt`, and kills it (SIGKILL) as soon
/// as the checkpoint file exists (or the run has ended by itself).
pub fn kill_after_first_checkpoint(args: &[&str], ckpt: &std::path::Path) {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("cubelab"))
        .args(args)
        .args(["--checkpoint", ckpt.to_str().unwrap()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    crate::wait_for_file(&mut child, ckpt);
    let _ = child.kill();
    let _ = child.wait();
}
