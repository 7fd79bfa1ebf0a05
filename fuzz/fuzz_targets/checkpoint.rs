//! Fuzzes the checkpoint reader (`cubelab::run::CheckpointFile`), which every resumable
//! run uses on files a user may have edited: any input is read or refused with a one-line
//! error of kind Checkpoint; never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let file = cubelab::run::CheckpointFile::new("fuzz.ckpt", "fuzz", "f", "a fuzzed run");
    if let Err(e) = file.read_from::<Vec<u64>>(data) {
        assert_eq!(e.kind(), cubelab::ErrorKind::Checkpoint, "{e}");
        assert!(!e.to_string().contains('\n'), "{e}");
    }
});
