//! The census of magic squares of orders 3 to 5: counts (all squares, and essentially
//! different ones up to the 8 rotations and reflections), squares by centre, Dudeney's
//! groups of order 4, the squares themselves in Frénicle's standard form; run in task
//! order through [`crate::run::run_batches`] (progress, stop, checkpoint and resume),
//! split into shards and merged like the other censuses.
//!
//! Two methods ([`SquareMethod`]): **diagonals**, the fast counter of
//! `super::square_diagonals` (normal, associative and pandiagonal squares), and
//! **backtrack**, plain backtracking with line-sum pruning (every kind), which checks it.

mod dudeney;
mod engine;
mod report;
mod spec;
#[cfg(test)]
mod tests;

pub use report::{merge, PatternClass, SquareCensus};
pub use spec::{FixedCell, SquareMethod, SquareSpec};

use crate::histogram::Bin;
use crate::run::{run_batches, Batches, Options};
use crate::shard::{chunked_until, Shard};
use crate::Result;
use dudeney::dudeney_classes;
use engine::{Engine, Partial};
use spec::validate;
use std::ops::Range;

/// Tasks per parallel chunk.
const CHUNK: u64 = 64;
/// Tasks per batch (progress, stop requests and checkpoints come between batches).
const BATCH: u64 = 4096;

/// A receiver of listed squares (cells row by row), called in task order.
pub type ListFn<'a> = dyn Fn(&[u8]) + Sync + 'a;

/// A short name of the census for messages and checkpoints.
fn describe(spec: &SquareSpec) -> String {
    let fixed: Vec<String> = spec.fixed.iter().map(|f| f.to_string()).collect();
    format!(
        "{} magic squares of order {} ({}{}{})",
        spec.kind.name(),
        spec.order,
        spec.method.name(),
        if fixed.is_empty() { String::new() } else { format!(", fixed {}", fixed.join(" ")) },
        if spec.shard == Shard::ALL { String::new() } else { format!(", shard {}", spec.shard) }
    )
}

/// Counts the squares of `spec` (see the module documentation), reporting to `opts`.
/// With `list`, every essentially different square found (every square when cells are
/// fixed) is given to it, cells row by row, in Frénicle's standard form, in task order
/// (the same for every thread count).
pub fn census(spec: &SquareSpec, opts: &Options<'_>, list: Option<&ListFn<'_>>) -> Result<SquareCensus> {
    let fixed = validate(spec)?;
    let n = spec.order;
    let engine = Engine::new(spec, &fixed, list.is_some());
    let all = engine.len();
    let range = spec.shard.range(all);
    let label = describe(spec);
    let fingerprint = format!("{label} tasks={all}");
    let job = Batches {
        kind: "magic-squares",
        fingerprint: &fingerprint,
        label: &label,
        range: range.clone(),
        batch: BATCH,
        split: true,
    };
    let is_fixed = !fixed.is_empty();
    let work = |r: Range<u64>| {
        let parts = chunked_until(r, CHUNK, &opts.stop, |r| {
            let mut out = Vec::new();
            let p = engine.run(n, r, is_fixed, list.is_some().then_some(&mut out));
            (p, out)
        })?;
        let mut acc = Partial::default();
        for (p, out) in parts {
            if let Some(f) = list {
                out.chunks(n * n).for_each(f);
            }
            acc = acc.merge(p);
        }
        Ok(acc)
    };
    let p = run_batches(&job, opts, Partial::default(), work, Partial::merge)?;
    let classes = if spec.classes { Some(dudeney_classes(&engine, n)) } else { None };
    let mut report = SquareCensus {
        order: n,
        square_kind: spec.kind,
        method: spec.method,
        fixed: spec.fixed.clone(),
        shard: (spec.shard != Shard::ALL).then(|| spec.shard.to_string()),
        tasks: range.end - range.start,
        count: (!is_fixed).then_some(p.count),
        total: p.total,
        by_centre: p.by_centre.iter().filter(|(_, &c)| c > 0).map(|(&value, &count)| Bin { value, count }).collect(),
        classes,
        checksum: None,
    };
    if spec.shard != Shard::ALL {
        report.checksum = Some(report.content_checksum()?);
    }
    Ok(report)
}
