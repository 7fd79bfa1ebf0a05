//! Fuzzes the cube-list parsers of the censuses over palettes: `--within`/`--blocks`
//! lists over MacMahon's 30, `C_n` (`--colors n`) and Sadisticube 7's 210 blocks of the
//! palette of 7 colors (`--palette 7`) (`Engine::parse_set`, `Engine::parse_list`) and
//! `notation::parse_cubes`. The first byte picks the universe, the rest is a
//! whitespace-separated list. Parsed or refused with a one-line error; never a panic.
#![no_main]
use cubelab::census::Engine;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn engines() -> &'static [Engine] {
    static ENGINES: OnceLock<Vec<Engine>> = OnceLock::new();
    ENGINES.get_or_init(|| {
        let mut v = vec![Engine::macmahon(), Engine::sadisticube7()];
        v.extend((1..=5).map(|n| Engine::exact_colors(n).expect("C_1..C_5")));
        v
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(s) = std::str::from_utf8(rest) else { return };
    let tokens: Vec<&str> = s.split_whitespace().collect();
    let engine = &engines()[pick as usize % engines().len()];
    let one_line = |r: Result<Vec<usize>, cubelab::Error>| match r {
        Ok(set) => assert!(set.iter().all(|&c| c < engine.len())),
        Err(e) => assert!(!e.to_string().contains('\n'), "{e}"),
    };
    one_line(engine.parse_set(&tokens));
    one_line(engine.parse_list(&tokens));
    if let Err(e) = cubelab::notation::parse_cubes(&tokens) {
        assert!(!e.to_string().contains('\n'), "{e}");
    }
});
