//! Stack (Instant Insanity) benchmarks (issue 13: any 4-cube stack under 1 ms, any 6-cube
//! stack under 10 ms, each census in seconds and at least 20 times faster than a direct
//! search over orientations run side by side).

use criterion::{criterion_group, criterion_main, Criterion};
use cubelab::notation::parse_cubes;
use cubelab::run::Options;
use cubelab::shard::Shard;
use cubelab::stack::{census, classic, CensusOptions, Method, Stack};
use std::hint::black_box;

fn stack_of(tokens: &[&str]) -> Stack {
    Stack::new(parse_cubes(tokens).unwrap()).unwrap()
}

fn solve(c: &mut Criterion) {
    let insanity = Stack::new(classic("instant-insanity").unwrap().cubes().unwrap()).unwrap();
    // The 6-cube sets of C_6 with the most solutions (180), and the multiset with the most
    // (7200: one cube six times).
    let most = stack_of(&["Ab", "Ac", "Ba", "Bc", "Ca", "Cb"]);
    let same = stack_of(&["Ab"; 6]);
    let mut g = c.benchmark_group("stack");
    for method in [Method::Graph, Method::Backtrack] {
        let m = format!("{method:?}").to_lowercase();
        g.bench_function(format!("solve/instant-insanity/{m}"), |b| {
            b.iter(|| black_box(insanity.solve(method, 100).unwrap()))
        });
        g.bench_function(format!("solve/6-cubes-180-solutions/{m}"), |b| {
            b.iter(|| black_box(most.solve(method, 100).unwrap()))
        });
        g.bench_function(format!("solve/6-times-Ab-7200-solutions/{m}"), |b| {
            b.iter(|| black_box(same.solve(method, 100).unwrap()))
        });
    }
    g.finish();
}

fn censuses(c: &mut Criterion) {
    let mut g = c.benchmark_group("stack-census");
    g.sample_size(10);
    for (colors, multisets) in [(4, false), (6, false), (6, true)] {
        for method in [Method::Graph, Method::Backtrack] {
            let spec = CensusOptions { colors, multisets, method, shard: Shard::ALL };
            let name = format!(
                "colors-{colors}{}/{}",
                if multisets { "-multisets" } else { "" },
                format!("{method:?}").to_lowercase()
            );
            g.bench_function(name, |b| b.iter(|| black_box(census(&spec, &Options::default()).unwrap())));
        }
    }
    g.finish();
}

criterion_group!(benches, solve, censuses);
criterion_main!(benches);
