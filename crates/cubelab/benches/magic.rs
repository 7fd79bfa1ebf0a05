//! Benchmarks of the magic cube search: all 192 semi-perfect cubes of order 3, with and
//! without grouping them into symmetry classes.

use criterion::{criterion_group, criterion_main, Criterion};
use cubelab::magic::enumerate::{order3, order3_classes};
use cubelab::magic::square::SquareKind;
use cubelab::magic::square_census::{census, FixedCell, SquareMethod, SquareSpec};
use cubelab::magic::verify::Property;
use cubelab::run::Options;
use cubelab::shard::Shard;
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

/// Magic squares: all 7040 of order 4, and an order-5 shard (centre 13, corner 1: the
/// squares with those two cells, every one counted) by the fast diagonals method.
fn square_benches(c: &mut Criterion) {
    let spec = |order, fixed: Vec<FixedCell>| SquareSpec {
        order,
        kind: SquareKind::Normal,
        method: SquareMethod::Diagonals,
        fixed,
        shard: Shard::ALL,
        classes: false,
    };
    let four = spec(4, vec![]);
    c.bench_function("squares_order4_count", |b| {
        b.iter(|| census(black_box(&four), &Options::default(), None).unwrap())
    });
    let shard = spec(5, ["3,3=13", "1,1=1"].map(|f| FixedCell::parse(f).unwrap()).to_vec());
    let mut group = c.benchmark_group("squares");
    group.sample_size(10);
    group.bench_function("order5_shard_centre13_corner1", |b| {
        b.iter(|| census(black_box(&shard), &Options::default(), None).unwrap())
    });
    group.finish();
}

criterion_group!(benches, order3_benches, square_benches);
criterion_main!(benches);
