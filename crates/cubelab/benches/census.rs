//! Census benchmarks (issue: Table 2 under 0.2 s, every sub-collection under 60 s, all
//! multisets of 8 under 10 s), each against the plain method where that is feasible.

use criterion::{criterion_group, criterion_main, Criterion};
use cubelab::census::{Engine, Method};
use cubelab::combin::binomial;
use cubelab::run::{NoProgress, Stop};
use std::hint::black_box;

fn census(c: &mut Criterion) {
    let e = Engine::macmahon();
    let all: Vec<usize> = (0..30).collect();
    let mut g = c.benchmark_group("census");
    g.sample_size(10);
    g.bench_function("table-1/graph", |b| {
        b.iter(|| black_box(e.solution_numbers(5, Method::Graph, 0..binomial(30, 8), &NoProgress).unwrap()))
    });
    // A new engine each time: its subset tables are built on first use and kept.
    g.bench_function("table-2/graph (tables + tally of 5,852,925 sets x 30 targets)", |b| {
        b.iter(|| black_box(Engine::macmahon().tally(8, &all, None, Method::Graph, false, &NoProgress).unwrap()))
    });
    g.bench_function("multisets-of-8/graph", |b| {
        b.iter(|| black_box(e.multiset_census(Method::Graph, &NoProgress, &Stop::new()).unwrap()))
    });
    g.bench_function("every-subset/graph (2^30 sets x 30 targets)", |b| {
        b.iter(|| black_box(Engine::macmahon().tally_all_sizes(&all, Method::Graph, false, &NoProgress).unwrap()))
    });
    g.bench_function("largest-infeasible-multiset/graph (every support)", |b| {
        b.iter(|| black_box(e.infeasible(Method::Graph, &all, &NoProgress).unwrap()))
    });
    // The plain baseline: the general solver on every collection (one target).
    g.bench_function("table-1/backtrack (solver on every collection)", |b| {
        b.iter(|| black_box(e.solution_numbers(5, Method::Backtrack, 0..binomial(30, 8), &NoProgress).unwrap()))
    });
    g.finish();
}

/// Sadisticube 7 (`--palette 7`): sampling, the exact count, the universal-set search.
fn seven(c: &mut Criterion) {
    let s = Engine::sadisticube7();
    let mut g = c.benchmark_group("seven");
    g.sample_size(10);
    g.bench_function("universe (210 blocks, 210x210 fits)", |b| b.iter(|| black_box(Engine::sadisticube7())));
    g.bench_function("sample 10,000 sets of 8", |b| {
        b.iter(|| black_box(s.sample(8, 10_000, 1, Method::Graph, &NoProgress, &Stop::new()).unwrap()))
    });
    g.bench_function("sample 10,000 sets of 8 by the solver", |b| {
        b.iter(|| black_box(s.sample(8, 10_000, 1, Method::Backtrack, &NoProgress, &Stop::new()).unwrap()))
    });
    g.bench_function("exact count of 8-sets building a target", |b| {
        b.iter(|| black_box(s.sets_building_each_target(8).unwrap()))
    });
    g.bench_function("exact mean for 20-sets", |b| b.iter(|| black_box(s.exact_mean(20).unwrap())));
    g.bench_function("universal search, 20 blocks, seed 1", |b| {
        b.iter(|| black_box(s.search_universal(20, 1, 100, 20_000, &NoProgress, &Stop::new()).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, census, seven);
criterion_main!(benches);
