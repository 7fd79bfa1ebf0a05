//! The cost of expanding a class of the picture census, 3x3 against 4x3 (the plan for 4x3
//! in docs/scale-out.md: the 4x3 table cannot be built on one machine, but its classes
//! can be expanded one by one):
//!
//! ```text
//! cargo run --release -p cubelab --example picture_expansion_cost -- [SAMPLES]
//! ```
//!
//! For each board (quarter-turn metric), samples SAMPLES (default 2,000,000) entries
//! spread evenly over its two-bit table and prints, on one thread and without a table,
//! the nanoseconds of the prepare step an entry (its rows, its board's canonical entry)
//! and of a forward expansion a class (every move's canonical entry), and the share of
//! the entries that are canonical.

use cubelab::picture::board::Metric;
use cubelab::picture::census::{cube_puzzle, cube_symmetry, twobit::expansion_cost};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let samples = std::env::args().nth(1).map_or(Ok(2_000_000), |a| a.replace(',', "").parse::<u64>())?;
    for (m, n) in [(3, 3), (4, 3)] {
        let cost = expansion_cost(&cube_puzzle(m, n, Metric::Quarter), &cube_symmetry(), samples)?;
        println!(
            "{m}x{n}: prepare {:.0} ns an entry, forward expansion {:.0} ns a class ({} moves), {:.1}% of entries \
             canonical",
            cost.prepare_ns,
            cost.expand_ns,
            cost.moves,
            cost.canonical_share * 100.0
        );
    }
    Ok(())
}
