//! Fuzzes the census shard reader and merge behind `cubelab census merge`
//! (`cubelab::census::report`): the input is split at 0xFF bytes (never in UTF-8) into
//! files; each is read by `CensusReport::from_json` (then checked by `verify`) and the
//! reports read are merged. Anything is read, merged or refused with a one-line error;
//! never a panic.
#![no_main]
use cubelab::census::report::{merge, CensusReport};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut parts = Vec::new();
    for (k, file) in data.split(|&b| b == 0xFF).enumerate() {
        let Ok(text) = std::str::from_utf8(file) else { continue };
        match CensusReport::from_json(text) {
            Ok((input, report)) => {
                if let Err(e) = report.verify(&input) {
                    assert!(!e.to_string().contains('\n'), "{e}");
                }
                parts.push((format!("part{k}.json"), input, report));
            }
            Err(e) => assert!(!e.to_string().contains('\n'), "{e}"),
        }
    }
    if let Err(e) = merge(&parts) {
        assert!(!e.to_string().contains('\n'), "{e}");
    }
});
