//! The one integration test binary: drives the real `cubelab` executable.
//! Each area of the tool has its own module here.

mod census;
mod cubes;
mod magic;
mod picture;
mod relations;
mod target;

use assert_cmd::Command;

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
