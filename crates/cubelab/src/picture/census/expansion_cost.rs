//! The cost of expanding a class, 3x3 against 4x3 (an ignored test, for the 4x3 plan of
//! docs/scale-out.md: the 4x3 table cannot be built on one machine, but its classes can
//! be expanded one by one). Run with
//! `cargo test --release -p cubelab --lib expansion_cost -- --ignored --nocapture`.

use super::layout::Layout;
use super::{cube_puzzle, cube_symmetry, MAX_ROWS};
use crate::picture::board::Metric;
use std::time::Instant;

/// Nanoseconds per canonical entry of a forward expansion (unrank, every move's
/// canonical entry) and per entry of the prepare pass (unrank, canonical entry), over
/// `samples` entries spread evenly over the table.
fn cost(m: usize, n: usize, samples: u64) -> (f64, f64, f64, usize) {
    let layout = Layout::new(&cube_puzzle(m, n, Metric::Quarter), &cube_symmetry(), u64::MAX / 4).unwrap();
    let (size, l) = (layout.size(), &layout);
    let mut rows = [0u32; MAX_ROWS];
    let mut next = [0u32; MAX_ROWS];
    let step = size / samples;
    let t = Instant::now();
    let mut canonical = Vec::new();
    for k in 0..samples {
        let i = k * step;
        l.unrank(i, &mut rows[..l.m]);
        if l.canonical_entry(&rows[..l.m]) == Some(i) {
            canonical.push(i);
        }
    }
    let prepare = t.elapsed().as_nanos() as f64 / samples as f64;
    let t = Instant::now();
    let mut sum = 0u64;
    for &i in &canonical {
        l.unrank(i, &mut rows[..l.m]);
        for k in (0..l.moves()).filter(|&k| !l.repeats_a_move(k, &rows[..l.m])) {
            next[..l.m].copy_from_slice(&rows[..l.m]);
            l.apply(k, &mut next[..l.m]);
            sum = sum.wrapping_add(l.canonical_entry(&next[..l.m]).unwrap());
        }
    }
    let expand = t.elapsed().as_nanos() as f64 / canonical.len() as f64;
    assert!(sum > 0);
    (prepare, expand, canonical.len() as f64 / samples as f64, l.moves())
}

#[test]
#[ignore = "a measurement: a few seconds in a release build"]
fn expansion_cost_3x3_against_4x3() {
    for (m, n) in [(3, 3), (4, 3)] {
        let (prepare, expand, share, moves) = cost(m, n, 2_000_000);
        println!(
            "{m}x{n}: prepare {prepare:.0} ns an entry, forward expansion {expand:.0} ns a class \
             ({moves} moves), {:.1}% of entries canonical",
            share * 100.0
        );
    }
}
