//! Benchmarks of the magic cube search: all 192 semi-perfect cubes of order 3, with and
//! without grouping them into symmetry classes.

use criterion::{criterion_group, criterion_main, Criterion};
use cubelab::magic::enumerate::{order3, order3_classes};
use cubelab::magic::verify::Property;
use std::hint::black_box;

fn order3_benches(c: &mut Criterion) {
    c.bench_function("order3_all_192_with_classes", |b| b.iter(|| order3_classes(black_box(1), black_box(1)).unwrap()));
    c.bench_function("order3_all_192", |b| {
        b.iter(|| order3(Property::SemiPerfect, black_box(1), black_box(1)).unwrap())
    });
    c.bench_function("order3_pantriagonal_none", |b| {
        b.iter(|| order3(Property::Pantriagonal, black_box(1), black_box(1)).unwrap())
    });
}

criterion_group!(benches, order3_benches);
criterion_main!(benches);
