//! Fuzzes the picture-cube board and move parsers: any input parses or is refused with a
//! one-line error; never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        if let Err(e) = cubelab::picture::board::Board::parse(s) {
            assert!(!e.to_string().contains('\n'), "{e}");
        }
        if let Err(e) = cubelab::picture::board::parse_moves(s) {
            assert!(!e.to_string().contains('\n'), "{e}");
        }
    }
});
