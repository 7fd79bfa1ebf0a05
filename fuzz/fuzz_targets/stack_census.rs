//! Fuzzes the stack census shard reader and merge behind `cubelab stack merge`
//! (`StackCensus::from_json`, `cubelab::stack::merge`): the input is split at 0xFF bytes
//! into files, each read, the reports read merged. Read, merged or refused with a
//! one-line error; never a panic.
#![no_main]
use cubelab::stack::{merge, StackCensus};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut parts = Vec::new();
    for (k, file) in data.split(|&b| b == 0xFF).enumerate() {
        let Ok(text) = std::str::from_utf8(file) else { continue };
        match StackCensus::from_json(text) {
            Ok(report) => parts.push((format!("part{k}.json"), report)),
            Err(e) => assert!(!e.to_string().contains('\n'), "{e}"),
        }
    }
    if let Err(e) = merge(&parts) {
        assert!(!e.to_string().contains('\n'), "{e}");
    }
});
