//! The web app in a real browser: `web-tests/e2e.mjs` starts `cubelab serve --port 0`,
//! drives Debian's headless Chromium through playwright-core and checks pages, DOM and
//! pixels against the CLI (docs/web.md).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root (two levels above this crate).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Why the browser tests cannot run here, if they cannot: no node, no Chromium, or
/// `npm ci --prefix web-tests` not run. Without them the test is skipped with a note,
/// except in CI (the `CI` variable set), where `.ci/run` installs them and their absence
/// is a failure.
fn missing() -> Option<String> {
    let chromium = std::env::var_os("CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
    let node = Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success());
    let why = if !node {
        "node is not on PATH (apt-get install nodejs npm)".to_string()
    } else if !chromium.exists() {
        format!("{} does not exist (apt-get install chromium)", chromium.display())
    } else if !["playwright-core", "pngjs", "axe-core"]
        .iter()
        .all(|m| root().join("web-tests/node_modules").join(m).is_dir())
    {
        "web-tests/node_modules is missing (npm ci --prefix web-tests)".to_string()
    } else {
        return None;
    };
    assert!(
        std::env::var_os("CI").is_none(),
        "browser tests cannot run, and CI is set: {why}; `.ci/run` installs them"
    );
    eprintln!("note: skipping the browser tests: {why}");
    Some(why)
}

#[test]
fn pages_work_in_headless_chromium() {
    if missing().is_some() {
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin("cubelab");
    let out = Command::new("node")
        .arg(root().join("web-tests/e2e.mjs"))
        .arg(&bin)
        .current_dir(root())
        .output()
        .expect("runs node");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "browser tests failed:\n{text}");
    assert!(text.contains("scenarios passed"), "{text}");
}
