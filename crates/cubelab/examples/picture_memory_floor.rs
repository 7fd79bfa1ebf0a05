//! The random-access floor of the two-bit picture census on this machine
//! (docs/benchmarks.md, issues 29 and 43):
//!
//! ```text
//! cargo run --release -p cubelab --example picture_memory_floor -- \
//!     [--census FILE.json] [--bytes B] [--probes P] [--timed T] [--threads K]
//! ```
//!
//! Allocates a table of B bytes the way the census does (huge pages where the kernel
//! allows), touches it, and times T random two-bit test-and-sets (and as many random
//! reads) on each of K threads at once on that one table (default 2: the census runs on
//! both cores), with 8, 16, 32 and 64 accesses in flight (each prefetched that many
//! accesses before it is made). The cost of an access is the process's CPU time (user +
//! system, from /proc/self/stat) over the accesses made, so time lost to other work on
//! the machine is not counted.
//!
//! The floor of a census is its counted probes (`picture census --work --json`: `work`'s
//! `probes`, every neighbour look-up the census made) times the least test-and-set cost
//! measured: CPU seconds no census making those look-ups in that table can go below.
//! `--census FILE.json` takes B and P from that output (default: the 3x3 census's table,
//! 419,940,320 bytes, and no P: the costs only). scripts/census-floor.sh runs a census
//! and this program in turn and prints the ratio.

use cubelab::picture::census::twobit::AccessTable;

/// The process's CPU time so far (user + system), in seconds, from /proc/self/stat.
fn cpu_seconds() -> Result<f64, Box<dyn std::error::Error>> {
    let stat = std::fs::read_to_string("/proc/self/stat")?;
    // Fields after the command name (in parentheses, which may hold spaces): utime and
    // stime are the 12th and 13th of them, in clock ticks (100 a second on Linux).
    let rest = stat.rsplit_once(')').ok_or("unexpected /proc/self/stat")?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11).ok_or("short /proc/self/stat")?.parse::<u64>()?
        + fields.get(12).ok_or("short /proc/self/stat")?.parse::<u64>()?;
    Ok(ticks as f64 / 100.0)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut bytes = 419_940_320u64;
    let mut census_probes: Option<u64> = None;
    let (mut timed, mut threads) = (100_000_000u64, 2usize);
    let number = |s: Option<&String>, flag: &str| -> Result<u64, String> {
        s.ok_or(format!("{flag} needs a value"))?.replace(',', "").parse::<u64>().map_err(|e| format!("{flag}: {e}"))
    };
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1);
        match args[i].as_str() {
            "--census" => {
                let path = value.ok_or("--census needs a file")?;
                let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path)?)?;
                let work = v.get("work").ok_or(format!("{path}: no `work` (run the census with --work --json)"))?;
                bytes = work["table_bytes"].as_u64().ok_or(format!("{path}: no work.table_bytes"))?;
                census_probes = Some(work["probes"].as_u64().ok_or(format!("{path}: no work.probes"))?);
            }
            "--bytes" => bytes = number(value, "--bytes")?,
            "--probes" => census_probes = Some(number(value, "--probes")?),
            "--timed" => timed = number(value, "--timed")?,
            "--threads" => threads = number(value, "--threads")?.clamp(1, 64) as usize,
            other => return Err(format!("unknown argument {other}").into()),
        }
        i += 2;
    }
    let table = AccessTable::new(bytes, 1);
    println!("table {bytes} bytes, {timed} accesses on each of {threads} threads, CPU time per access");
    let mut least = f64::INFINITY;
    for in_flight in [8, 16, 32, 64] {
        let cost = |test_and_set: bool| -> Result<f64, Box<dyn std::error::Error>> {
            let before = cpu_seconds()?;
            table.time(test_and_set, timed, in_flight, 1 + in_flight as u64, threads);
            Ok((cpu_seconds()? - before) * 1e9 / (timed as f64 * threads as f64))
        };
        let (read, tas) = (cost(false)?, cost(true)?);
        least = least.min(tas);
        println!("{in_flight:>3} in flight: random read {read:.1} ns, random test-and-set {tas:.1} ns");
    }
    println!("least test-and-set: {least:.1} ns");
    if let Some(p) = census_probes {
        println!("floor of {p} probes: {:.3} CPU-s", p as f64 * least * 1e-9);
    }
    Ok(())
}
