//! `census infeasible`: the largest multisets building no target (Haraguchi's maximum
//! infeasible multiset), by exhausting every possible support.

use super::{finish, run_census, CheckpointArgs, MethodArgs, ShardArgs, UniverseArgs};
use crate::output::FormatArgs;
use anyhow::Context;
use cubelab::census::report::{CensusReport, Infeasible};
use cubelab::census::Part;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Arguments of `census infeasible` (no plot: the census has no histogram).
#[derive(clap::Args, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct InfeasibleArgs {
    /// Only multisets of these cubes (comma-separated).
    #[arg(long, value_name = "SET", value_delimiter = ',')]
    within: Option<Vec<String>>,
    #[command(flatten)]
    #[serde(flatten)]
    method: MethodArgs,
    #[command(flatten)]
    #[serde(flatten)]
    universe: UniverseArgs,
    #[command(flatten)]
    #[serde(flatten)]
    shard: ShardArgs,
    #[command(flatten)]
    #[serde(skip)]
    checkpoint: CheckpointArgs,
    #[command(flatten)]
    #[serde(skip)]
    format: FormatArgs,
}

/// Runs `census infeasible`.
pub(super) fn run(a: InfeasibleArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    if a.universe.palette7()? {
        anyhow::bail!("infeasible with --palette 7 is not available: the walk over supports is for MacMahon's cubes");
    }
    let colors = a.universe.colors;
    if colors != 6 {
        anyhow::bail!(
            "--colors {colors}: the infeasible census is for MacMahon's cubes (--colors 6); over fewer colors almost every set builds nothing, so the supports are too many to walk"
        );
    }
    let e = a.universe.engine()?;
    let cubes: Vec<usize> = match &a.within {
        Some(names) => e.parse_set(names).map_err(|e| cubelab::notation::at_position(e, "--within"))?,
        None => (0..e.len()).collect(),
    };
    // The fingerprint names the set as a bitmask, all ones for every cube (as checkpoints always have).
    let within = match &a.within {
        Some(_) => cubes.iter().fold(0u32, |m, &c| m | 1 << c),
        None => u32::MAX,
    };
    let method = a.method.method();
    let search = e.infeasible_search(method, &cubes)?;
    let shard = a.shard.shard()?;
    let range = shard.range(search.items());
    let fingerprint = format!("infeasible {} {:?} within={within:#x} shard={shard}", a.universe.label(), method);
    // The largest size found so far only prunes what is strictly smaller (see the library).
    let best = AtomicUsize::new(0);
    let part = run_census(
        ctx,
        "supports",
        &fingerprint,
        range,
        64,
        &a.checkpoint,
        Part::default(),
        |r, progress| {
            let p = search.run(r, best.load(Ordering::Relaxed), progress);
            best.fetch_max(p.max, Ordering::Relaxed);
            p
        },
        Part::merge,
    )?;
    let census = search.finish(part)?;
    let u = e.universe().context("the infeasible census runs on the small representation")?;
    let report = Infeasible::new(
        u,
        &a.universe.label(),
        method,
        a.within.as_ref().map(|_| e.set_names(&cubes)),
        a.shard.label()?,
        &census,
    );
    finish(&a, CensusReport::Infeasible(report), None, &a.format)
}
