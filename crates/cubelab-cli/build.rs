//! Generates the table of the web app's files (`web/`) that `cubelab serve` embeds: one
//! `(path, bytes)` entry per file, each through `include_bytes!`, so the binary carries
//! every asset and the server looks paths up in a fixed table (nothing is read from disk
//! at run time; a path not in the table is a 404, whatever it holds: `..`, `%2e`, ...).
//! A generated table rather than a crate (`include_dir`, `rust-embed`): no dependency, no
//! run-time file access in debug builds either, and the list is plain to read in
//! `OUT_DIR/assets.rs`.

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else if path.is_file() {
            out.push(path);
        }
    }
}

fn main() {
    let web = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("web");
    println!("cargo:rerun-if-changed={}", web.display());
    let mut all = Vec::new();
    if std::env::var_os("CARGO_FEATURE_WEB").is_some() {
        files(&web, &mut all);
    }
    let mut table = String::from("/// The embedded files of `web/`: (path relative to it, bytes).\npub(crate) static ASSETS: &[(&str, &[u8])] = &[\n");
    for path in &all {
        println!("cargo:rerun-if-changed={}", path.display());
        let rel = path.strip_prefix(&web).expect("under web/").to_str().expect("UTF-8 file names").replace('\\', "/");
        table += &format!("    ({rel:?}, include_bytes!({:?})),\n", path.to_str().expect("UTF-8 path"));
    }
    table += "];\n";
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets it")).join("assets.rs");
    std::fs::write(out, table).expect("OUT_DIR is writable");
}
