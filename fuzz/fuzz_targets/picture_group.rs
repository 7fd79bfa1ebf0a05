//! Fuzzes the permutation group parser of `cubelab picture census --group` and
//! `--moves` (`cubelab::picture::group::Group::parse`, `Group::element`): the input up to
//! the first `|` is the group, the `;`-separated rest its elements. Parsed or refused with
//! a one-line error; never a panic.
#![no_main]
use cubelab::picture::group::Group;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else { return };
    let (spec, moves) = s.split_once('|').unwrap_or((s, ""));
    match Group::parse(spec) {
        Ok(group) => {
            assert!(group.order() >= 1);
            let _ = group.is_abelian();
            for m in moves.split(';') {
                if let Err(e) = group.element(m) {
                    assert!(!e.to_string().contains('\n'), "{e}");
                }
            }
        }
        Err(e) => assert!(!e.to_string().contains('\n'), "{e}"),
    }
});
