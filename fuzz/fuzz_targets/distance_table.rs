//! Fuzzes the picture distance-table reader behind `cubelab picture solve --table` and
//! `serve --picture-table` (`cubelab::picture::census::twobit::distances::DistanceTable::load`):
//! the input is written to a file and loaded; loaded or refused with a one-line error of
//! kind Checkpoint; never a panic, and never more memory than libFuzzer's limit.
#![no_main]
use cubelab::picture::census::twobit::distances::DistanceTable;
use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use std::sync::OnceLock;

fn path() -> &'static PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| std::env::temp_dir().join(format!("cubelab-fuzz-table-{}", std::process::id())))
}

fuzz_target!(|data: &[u8]| {
    std::fs::write(path(), data).expect("the temporary folder is writable");
    match DistanceTable::load(path()) {
        Ok(table) => assert!(table.rows() * table.cols() >= 1),
        Err(e) => {
            assert_eq!(e.kind(), cubelab::ErrorKind::Checkpoint, "{e}");
            assert!(!e.to_string().contains('\n'), "{e}");
        }
    }
});
