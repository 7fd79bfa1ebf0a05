//! Times optimal solves from a picture distance table (docs/benchmarks.md):
//!
//! ```text
//! cubelab picture census 3 3 --save-table T --watch 1000 --seed 0 --json --output C.json
//! cargo run --release -p cubelab --example picture_table_solve -- T 10000 C.json
//! ```
//!
//! Loads the table once, then solves board i = `picture scramble M N --seed i` for
//! i < N by descent, timing each solve; checks that each solution solves its board and,
//! given the census JSON, that its length is the distance the census recorded for the
//! board (`--watch`, at most 1,000 boards: the first ones are checked; the census's own
//! layer, not the table). Prints the load time and
//! the median, 90th percentile, maximum and mean of the solve times.

use cubelab::picture::board::Board;
use cubelab::picture::census::twobit::distances::DistanceTable;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(path), Some(count)) = (args.first(), args.get(1)) else {
        return Err("usage: picture_table_solve TABLE N [CENSUS_JSON]".into());
    };
    let count: u64 = count.parse()?;
    let watched: Vec<(String, u64)> = match args.get(2) {
        Some(json) => {
            let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(json)?)?;
            let list = v["watched"].as_array().ok_or("the census JSON has no watch list")?;
            list.iter()
                .map(|w| Some((w["board"].as_str()?.to_string(), w["distance"].as_u64()?)))
                .collect::<Option<_>>()
                .ok_or("bad watch list")?
        }
        None => Vec::new(),
    };
    let started = Instant::now();
    let table = DistanceTable::load(std::path::Path::new(path))?;
    let load = started.elapsed();
    let mut times = Vec::with_capacity(count as usize);
    let mut lengths = vec![0u64; table.diameter() + 1];
    let mut checked = 0;
    for seed in 0..count {
        let board = Board::random_reachable(table.rows(), table.cols(), seed)?;
        let t = Instant::now();
        let moves = table.solve(&board)?;
        times.push(t.elapsed());
        let mut b = board.clone();
        b.apply_all(&moves)?;
        if !b.is_solved() {
            return Err(format!("board {seed}: the solution does not solve it").into());
        }
        if let Some((text, distance)) = watched.get(seed as usize) {
            // The census must watch the boards of seeds 0, 1, … (--watch K --seed 0).
            if *text != board.to_string() || *distance != moves.len() as u64 {
                return Err(format!("board {seed}: {} moves, the census says {distance}", moves.len()).into());
            }
            checked += 1;
        }
        lengths[moves.len()] += 1;
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let mean = times.iter().sum::<std::time::Duration>() / times.len().max(1) as u32;
    println!("table: {} ({} bytes), loaded in {:.2?}", table.describe(), table.bytes(), load);
    println!(
        "{count} boards: median {:.1?}, 90% {:.1?}, max {:.1?}, mean {:.1?}; {checked} lengths equal to the census's",
        at(0.5),
        at(0.9),
        at(1.0),
        mean
    );
    let histogram: Vec<String> =
        lengths.iter().enumerate().filter(|(_, &c)| c > 0).map(|(d, c)| format!("{d}:{c}")).collect();
    println!("lengths: {}", histogram.join(" "));
    Ok(())
}
