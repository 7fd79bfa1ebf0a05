//! `census multisets`: targets built by every multiset of 8 cubes (Sobczyk's puzzles).

use super::{finish, MethodArgs, PlotArgs, UniverseArgs};
use crate::output::FormatArgs;
use anyhow::Context;
use cubelab::census::report::{tag, CensusReport, MaxSet, Multisets};
use cubelab::census::Method;
use cubelab::run::Progress;
use std::collections::BTreeMap;

/// Arguments of `census multisets` (a census of seconds: no shards, no checkpoints).
#[derive(clap::Args, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct MultisetArgs {
    /// Multiset size (only 8: the 2x2x2 puzzle uses all its blocks).
    #[arg(long, default_value_t = 8)]
    size: usize,
    #[command(flatten)]
    #[serde(flatten)]
    method: MethodArgs,
    #[command(flatten)]
    #[serde(flatten)]
    universe: UniverseArgs,
    #[command(flatten)]
    #[serde(skip)]
    plot: PlotArgs,
    #[command(flatten)]
    #[serde(skip)]
    format: FormatArgs,
}

/// Runs `census multisets`.
pub(super) fn run(a: MultisetArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    if a.universe.palette7()? {
        anyhow::bail!(
            "multisets with --palette 7 is not available (C(217,8) multisets); try `cubelab build` on one multiset"
        );
    }
    if a.size != 8 {
        anyhow::bail!("--size: a 2x2x2 puzzle uses exactly 8 blocks, so only --size 8 is a census of puzzles");
    }
    let e = a.universe.engine()?;
    let method = a.method.method();
    let bar = ctx.bar();
    // The library says why the graph method cannot run; the command line names the flag.
    let colors = a.universe.colors;
    let graph = if method == Method::Graph && !e.six_colored() { " --method graph" } else { "" };
    let census = e.multiset_census(method, &bar).with_context(|| format!("--colors {colors}{graph}"))?;
    bar.finish();
    let histogram: BTreeMap<u64, u64> =
        census.histogram.iter().enumerate().filter(|(_, &v)| v > 0).map(|(k, &v)| (k as u64, v)).collect();
    let max = histogram.keys().next_back().copied().unwrap_or(0);
    let examples = census
        .max_examples
        .iter()
        .take(20)
        .map(|types| {
            let mut targets = Vec::new();
            for t in 0..e.len() {
                if e.multiset_builds(t, types, method)? {
                    targets.push(e.names()[t].clone());
                }
            }
            Ok(MaxSet { collection: types.iter().map(|&i| e.names()[i].clone()).collect(), targets })
        })
        .collect::<anyhow::Result<_>>()?;
    let report = Multisets {
        census: tag::Multisets,
        universe: a.universe.label(),
        method,
        multisets: census.multisets,
        max,
        max_count: histogram.get(&max).copied().unwrap_or(0),
        histogram,
        examples,
    };
    finish(&a, CensusReport::Multisets(report), a.plot.plot.as_deref(), &a.format)
}
