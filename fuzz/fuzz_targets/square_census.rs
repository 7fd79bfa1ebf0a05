//! Fuzzes the magic squares shard reader and merge behind `cubelab magic squares-merge`
//! (`SquareCensus::from_json`, `cubelab::magic::square_census::merge`): the input is
//! split at 0xFF bytes into files, each read, the reports read merged. Read, merged or
//! refused with a one-line error; never a panic.
#![no_main]
use cubelab::magic::square_census::{merge, SquareCensus};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut parts = Vec::new();
    for (k, file) in data.split(|&b| b == 0xFF).enumerate() {
        let Ok(text) = std::str::from_utf8(file) else { continue };
        match SquareCensus::from_json(text) {
            Ok(report) => parts.push((format!("part{k}.json"), report)),
            Err(e) => assert!(!e.to_string().contains('\n'), "{e}"),
        }
    }
    if let Err(e) = merge(&parts) {
        assert!(!e.to_string().contains('\n'), "{e}");
    }
});
