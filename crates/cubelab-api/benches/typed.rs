//! The cost of the typed layer (issue 28): `run_any` on a JSON object (deserializing the
//! request, running, with and without rendering the report as the JSON text
//! `cubelab ... --json` prints) next to the library's own `build` for the same blocks,
//! so the layer's overhead shows. Figures in docs/benchmarks.md.

use criterion::{criterion_group, criterion_main, Criterion};
use cubelab::notation::parse_cubes;
use cubelab::target::Blocks;
use cubelab_api::{run_any, Context, Format};
use serde_json::json;
use std::hint::black_box;

/// Figure 6's eight blocks.
const FIGURE6: [&str; 8] = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"];

fn typed(c: &mut Criterion) {
    let ctx = Context::new();
    let cubes = parse_cubes(&FIGURE6).unwrap();
    // Warm the one-time tables.
    Blocks::new(&cubes).unwrap().buildable_targets(false).unwrap();
    let build = json!({ "blocks": FIGURE6 });
    let show = json!({ "cube": "Ab" });
    c.bench_function("library/build/figure-6", |b| {
        b.iter(|| {
            let blocks = Blocks::new(black_box(&cubes)).unwrap();
            black_box(blocks.buildable_targets(false).unwrap())
        })
    });
    c.bench_function("run_any/build/figure-6", |b| {
        b.iter(|| black_box(run_any("build", black_box(build.clone()), &ctx).unwrap()))
    });
    c.bench_function("run_any/build/figure-6/json", |b| {
        b.iter(|| {
            let report = run_any("build", black_box(build.clone()), &ctx).unwrap();
            black_box(report.render(Format::Json).unwrap())
        })
    });
    c.bench_function("run_any/show/Ab", |b| {
        b.iter(|| black_box(run_any("show", black_box(show.clone()), &ctx).unwrap()))
    });
    c.bench_function("run_any/show/Ab/json", |b| {
        b.iter(|| {
            let report = run_any("show", black_box(show.clone()), &ctx).unwrap();
            black_box(report.render(Format::Json).unwrap())
        })
    });
}

criterion_group!(benches, typed);
criterion_main!(benches);
