//! Benchmarks of the target-puzzle solver (issue: build under 1 ms with all 2226 improper
//! targets, solve listing every arrangement under 1 ms).

use criterion::{criterion_group, criterion_main, Criterion};
use cubelab::notation::{parse_cube, parse_cubes};
use cubelab::target::Blocks;
use std::hint::black_box;

fn build(c: &mut Criterion) {
    let figure6 = parse_cubes(&["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]).unwrap();
    // Warm the one-time table of the 2226 canonical colorings of six colors.
    Blocks::new(&figure6).unwrap().buildable_targets(true).unwrap();
    c.bench_function("build/8-macmahon-blocks/2226-improper-targets", |b| {
        b.iter(|| {
            let blocks = Blocks::new(black_box(&figure6)).unwrap();
            black_box(blocks.buildable_targets(true).unwrap())
        })
    });
    c.bench_function("build/8-macmahon-blocks/30-proper-targets", |b| {
        b.iter(|| {
            let blocks = Blocks::new(black_box(&figure6)).unwrap();
            black_box(blocks.buildable_targets(false).unwrap())
        })
    });
    let sadisticube5 =
        parse_cubes(&["112345", "123345", "123455", "122345", "112345", "123445", "123451", "512345"]).unwrap();
    Blocks::new(&sadisticube5).unwrap().buildable_targets(true).unwrap();
    c.bench_function("build/8-five-color-blocks/all-improper-targets", |b| {
        b.iter(|| {
            let blocks = Blocks::new(black_box(&sadisticube5)).unwrap();
            black_box(blocks.buildable_targets(true).unwrap())
        })
    });
}

fn solve(c: &mut Criterion) {
    let conway = parse_cubes(&["Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb"]).unwrap();
    let ba = parse_cube("Ba").unwrap();
    c.bench_function("solve/conway-ba/list-all-16", |b| {
        b.iter(|| {
            let blocks = Blocks::new(black_box(&conway)).unwrap();
            let n = blocks.count(&ba).unwrap();
            let (_, listed) = blocks.arrangements(&ba, false, None, false).unwrap();
            for a in &listed {
                a.verify(&ba, &conway).unwrap();
            }
            black_box((n, listed))
        })
    });
    c.bench_function("solve/conway-ba/interior-2", |b| {
        b.iter(|| {
            let blocks = Blocks::new(black_box(&conway)).unwrap();
            black_box(blocks.arrangements(&ba, true, None, true).unwrap())
        })
    });
}

criterion_group!(benches, build, solve);
criterion_main!(benches);
