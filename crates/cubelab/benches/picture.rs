//! Picture cube benchmarks: the seed's two largest censuses and optimal solves.
//!
//! Run with `cargo bench -p cubelab --bench picture`; results in docs/benchmarks.md.

use criterion::{criterion_group, criterion_main, Criterion};
use cubelab::picture::board::{Board, Metric};
use cubelab::picture::census::{cube_puzzle, Table};
use cubelab::picture::optimal::{default_max_entries, Solver};
use std::hint::black_box;
use std::time::Duration;

fn censuses(c: &mut Criterion) {
    let mut g = c.benchmark_group("picture_census");
    g.sample_size(10).measurement_time(Duration::from_secs(30));
    for (m, n) in [(3, 2), (6, 1)] {
        g.bench_function(format!("{m}x{n}"), |b| {
            b.iter(|| {
                let t = Table::build(&cube_puzzle(m, n, Metric::Quarter), 1 << 34, &cubelab::run::NoProgress).unwrap();
                black_box(t.census().states)
            })
        });
    }
    g.finish();
}

fn solves(c: &mut Criterion) {
    let mut g = c.benchmark_group("picture_optimal_solve");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    for (m, n, boards) in [(2, 2, 50u64), (3, 2, 50), (3, 3, 10)] {
        // Pattern databases are built once per process, outside the timing.
        let solver = Solver::new(m, n, Metric::Quarter, default_max_entries(m, n)).unwrap();
        let random: Vec<Board> = (0..boards).map(|s| Board::random_reachable(m, n, 1000 + s).unwrap()).collect();
        g.bench_function(format!("{m}x{n}_random_board"), |b| {
            let mut k = 0;
            b.iter(|| {
                k = (k + 1) % random.len();
                black_box(solver.solve(&random[k]).unwrap().0.len())
            })
        });
    }
    g.finish();
}

criterion_group!(benches, censuses, solves);
criterion_main!(benches);
