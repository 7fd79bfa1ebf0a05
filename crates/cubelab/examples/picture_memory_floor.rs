//! The random-access floor of the two-bit picture census on this machine
//! (docs/benchmarks.md, issue 29):
//!
//! ```text
//! cargo run --release -p cubelab --example picture_memory_floor -- [BYTES [PROBES [CLASSES]]]
//! ```
//!
//! Allocates a table of BYTES (default: the 3x3 census's, 419,940,320 bytes) the way the
//! census does (huge pages where the kernel allows), touches it, and times PROBES
//! (default 100,000,000) random word reads and then as many random two-bit test-and-sets,
//! 16 in flight, on one thread. Prints both costs and the floor of a census of CLASSES
//! classes (default 3x3's 574,632,032) that looks up 12 neighbours a class (the quarter
//! turns of a 3x3 board) at the test-and-set cost: CPU seconds no census of that table can
//! go below with one table access per neighbour.

use cubelab::picture::census::twobit::access_cost;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |k: usize, default: u64| args.get(k).map_or(Ok(default), |a| a.replace(',', "").parse::<u64>());
    let (bytes, probes, classes) = (arg(0, 419_940_320)?, arg(1, 100_000_000)?, arg(2, 574_632_032)?);
    let cost = access_cost(bytes, probes, 16, 1);
    let floor = classes as f64 * 12.0 * cost.test_and_set_ns * 1e-9;
    println!("table {bytes} bytes, {probes} probes, 16 in flight, one thread");
    println!("random read:         {:.1} ns", cost.read_ns);
    println!("random test-and-set: {:.1} ns", cost.test_and_set_ns);
    println!("floor of {classes} classes x 12 look-ups: {floor:.0} CPU-s");
    Ok(())
}
