//! Fuzzes the cube notation parser: any input either parses to a coloring that prints
//! back to an equal cube, or is refused with a one-line error; it never panics.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        match cubelab::notation::parse_cube(s) {
            Ok(c) => {
                let again = cubelab::notation::parse_cube(&c.face_string()).expect("face strings re-parse");
                assert_eq!(again, c);
            }
            Err(e) => assert!(!e.to_string().contains('\n')),
        }
    }
});
