//! The cost of expanding a class without a table (the example `picture_expansion_cost`,
//! for the 4x3 plan of docs/scale-out.md: the 4x3 table cannot be built on one machine,
//! but its classes can be expanded one by one).

use super::passes::neighbour;
use crate::picture::census::layout::{CellSymmetry, Layout};
use crate::picture::census::{LinePuzzle, MAX_ROWS};
use crate::time::Instant;
use crate::Result;

/// What the census's work on one entry costs on this machine (see [`expansion_cost`]):
/// nanoseconds on one thread, without table accesses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExpansionCost {
    /// An entry of the prepare step: its rows (unranked) and its board's canonical entry.
    pub prepare_ns: f64,
    /// A canonical entry expanded forward: its rows and every move's canonical entry.
    pub expand_ns: f64,
    /// The share of the entries sampled that are canonical (a class each).
    pub canonical_share: f64,
    /// The moves of a board.
    pub moves: usize,
}

/// Measures, on the calling thread, the prepare step on `samples` entries spread evenly
/// over the two-bit table of `puzzle` under the symmetries `sym` (at least one, at most
/// every entry), then the forward expansion of the canonical ones among them, without
/// allocating the table. Fails as [`super::run`] does on a puzzle it cannot lay out.
pub fn expansion_cost(puzzle: &LinePuzzle, sym: &CellSymmetry, samples: u64) -> Result<ExpansionCost> {
    let layout = Layout::new(puzzle, sym, u64::MAX / 4)?;
    let (size, l) = (layout.size(), &layout);
    let samples = samples.clamp(1, size.max(1));
    let mut rows = [0u32; MAX_ROWS];
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
    let prepare_ns = t.elapsed().as_nanos() as f64 / samples as f64;
    let t = Instant::now();
    let mut sum = 0u64;
    for &i in &canonical {
        l.unrank(i, &mut rows[..l.m]);
        for j in (0..l.moves()).filter_map(|k| neighbour(l, &rows, k)) {
            sum = sum.wrapping_add(j);
        }
    }
    std::hint::black_box(sum);
    Ok(ExpansionCost {
        prepare_ns,
        expand_ns: t.elapsed().as_nanos() as f64 / canonical.len().max(1) as f64,
        canonical_share: canonical.len() as f64 / samples as f64,
        moves: l.moves(),
    })
}
