//! Extended target puzzle benchmarks (issue 13): `build --size 3` on 27 and on 40
//! MacMahon cubes (every proper target decided by the flow, arrangements counted where the
//! counting program stays within its limits), and one assembly.

use criterion::{criterion_group, criterion_main, Criterion};
use cubelab::extended::Extended;
use cubelab::macmahon::cubes;
use cubelab::run::{NoProgress, Stop};
use std::hint::black_box;

fn build(c: &mut Criterion) {
    let all: Vec<_> = cubes().iter().map(|c| c.coloring).collect();
    // 27 distinct cubes (the first 27 in tableau order) and 40 (all 30 and the first 10 again).
    let first27: Vec<_> = all[..27].to_vec();
    let forty: Vec<_> = all.iter().chain(all[..10].iter()).copied().collect();
    let mut same = vec![all[4]; 26];
    same.push(all[0]);
    let mut g = c.benchmark_group("extended");
    g.sample_size(10);
    g.bench_function("build-size-3/27-distinct-macmahon", |b| {
        b.iter(|| {
            black_box(Extended::new(3, &first27).unwrap().buildable_targets(false, &NoProgress, &Stop::new()).unwrap())
        })
    });
    g.bench_function("build-size-3/40-macmahon", |b| {
        b.iter(|| {
            black_box(Extended::new(3, &forty).unwrap().buildable_targets(false, &NoProgress, &Stop::new()).unwrap())
        })
    });
    g.bench_function("build-size-3/26-af-1-ab-counted", |b| {
        b.iter(|| {
            black_box(Extended::new(3, &same).unwrap().buildable_targets(false, &NoProgress, &Stop::new()).unwrap())
        })
    });
    let e = Extended::new(3, &forty).unwrap();
    g.bench_function("solve-size-3/40-macmahon/assembly", |b| b.iter(|| black_box(e.assembly(&all[0]).unwrap())));
    g.bench_function("solve-size-3/40-macmahon/builds", |b| b.iter(|| black_box(e.builds(&all[0]).unwrap())));
    g.finish();
}

criterion_group!(benches, build);
criterion_main!(benches);
