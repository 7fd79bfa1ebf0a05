//! Times optimal solves without a distance table (issue 42's goal; docs/benchmarks.md):
//!
//! ```text
//! cargo run --release -p cubelab --example picture_optimal_solve -- 3 3 1000 [TABLE]
//! ```
//!
//! Builds the default optimal solver of M x N boards (its pattern databases: the time
//! and the table bytes are printed), then solves board i = `Board::random_reachable(M, N,
//! i)` for i < COUNT (the boards of `picture bounds --sample`), timing each solve and
//! checking that each solution solves its board. Given TABLE (`picture census M N
//! --save-table TABLE`), each length is also checked against the table's distance.
//! Prints the median, 90th percentile, maximum and mean of the solve times, the
//! histogram of lengths and the largest node count.

use cubelab::picture::board::Board;
use cubelab::picture::board::Metric;
use cubelab::picture::census::twobit::distances::DistanceTable;
use cubelab::picture::optimal::{default_max_entries, Limits, Solver};
use std::time::{Duration, Instant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [m, n, count] = [0, 1, 2].map(|i| args.get(i).and_then(|a| a.parse::<u64>().ok()));
    let (Some(m), Some(n), Some(count)) = (m, n, count) else {
        return Err("usage: picture_optimal_solve M N COUNT [TABLE]".into());
    };
    let (m, n) = (m as usize, n as usize);
    let table = match args.get(3) {
        Some(p) => Some(DistanceTable::load(std::path::Path::new(p))?),
        None => None,
    };
    let started = Instant::now();
    let solver = Solver::new(m, n, Metric::Quarter, default_max_entries(m, n))?;
    println!("pattern databases: {:.2} s, {} table bytes", started.elapsed().as_secs_f64(), solver.table_bytes());
    let limits = Limits { max_nodes: u64::MAX, timeout: None };
    let mut times = Vec::new();
    let mut lengths = std::collections::BTreeMap::<usize, u64>::new();
    let mut most_nodes = 0;
    for seed in 0..count {
        let board = Board::random_reachable(m, n, seed)?;
        let t = Instant::now();
        let (moves, stats) = solver.solve_within(&board, &limits, &cubelab::run::NoProgress)?;
        times.push(t.elapsed());
        most_nodes = most_nodes.max(stats.nodes);
        let mut check = board.clone();
        check.apply_all(&moves)?;
        assert!(check.is_solved(), "board {seed}: the solution does not solve it");
        if let Some(t) = &table {
            let d = t.distance(&board)?;
            assert_eq!(moves.len(), d, "board {seed}: length {} but distance {d}", moves.len());
        }
        *lengths.entry(moves.len()).or_default() += 1;
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let mean = times.iter().sum::<Duration>() / times.len().max(1) as u32;
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{count} solves: median {:.2} ms, p90 {:.2} ms, max {:.2} ms, mean {:.2} ms; most nodes {most_nodes}",
        ms(at(0.5)),
        ms(at(0.9)),
        ms(at(1.0)),
        ms(mean)
    );
    println!("lengths: {lengths:?}{}", if table.is_some() { " (every one the table's distance)" } else { "" });
    Ok(())
}
