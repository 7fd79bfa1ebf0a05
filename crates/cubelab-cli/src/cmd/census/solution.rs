//! `census solution-numbers`: the distribution of solution numbers (Table 1).

use super::{finish, run_census, CheckpointArgs, MethodArgs, PlotArgs, ShardArgs, UniverseArgs};
use crate::output::FormatArgs;
use anyhow::Context;
use cubelab::census::engine::Engine;
use cubelab::census::report::{tag, AllTargets, CensusReport, SolutionNumbers};
use cubelab::census::Method;
use cubelab::notation::parse_cube;
use std::collections::BTreeMap;

/// Arguments of `census solution-numbers`.
#[derive(clap::Args, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct SolutionArgs {
    /// The target (any notation); default Ba.
    #[arg(long, default_value = "Ba")]
    target: String,
    /// Run every target and say whether their distributions agree (not with --target).
    #[arg(long, conflicts_with = "target")]
    all_targets: bool,
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
    plot: PlotArgs,
    #[command(flatten)]
    #[serde(skip)]
    format: FormatArgs,
}

fn solution_for(e: &Engine, t: usize, a: &SolutionArgs, ctx: &crate::api::Context) -> anyhow::Result<SolutionNumbers> {
    let total = e.collections();
    let name = &e.names()[t];
    let shard = a.shard.shard()?;
    let method = a.method.method();
    let fingerprint = format!("solution-numbers {} {} {:?} {}", a.universe.label(), name, method, shard);
    let histogram = run_census(
        ctx,
        &format!("solution numbers for {name}"),
        &fingerprint,
        shard.range(total),
        1 << 20,
        &a.checkpoint,
        BTreeMap::new(),
        |r, p| e.solution_numbers(t, method, r, p).expect("method checked before the run"),
        |mut a: BTreeMap<u64, u64>, b| {
            for (k, v) in b {
                *a.entry(k).or_insert(0) += v;
            }
            a
        },
    )?;
    Ok(SolutionNumbers {
        census: tag::SolutionNumbers,
        universe: a.universe.label(),
        method,
        target: name.clone(),
        shard: a.shard.label()?,
        collections: total,
        buildable: histogram.values().sum(),
        histogram,
        checksum: None,
    })
}

/// Runs `census solution-numbers`.
pub(super) fn run(a: SolutionArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    if a.universe.palette7()? {
        anyhow::bail!(
            "solution-numbers with --palette 7 is not available: each target has C({},8) collections of usable \
             blocks; `census targets --palette 7 --size 8 --sample N` gives the exact number of 8-sets building each \
             target",
            Engine::sadisticube7().usable_count(0)
        );
    }
    let e = a.universe.engine()?;
    if a.method.method() == Method::Graph && !e.six_colored() {
        anyhow::bail!("--method graph needs six-colored cubes (each fits a corner in one way); use --method backtrack");
    }
    let targets: Vec<usize> = if a.all_targets {
        if a.checkpoint.checkpoint.is_some() {
            anyhow::bail!("--checkpoint is for one target at a time; shard --all-targets runs instead");
        }
        (0..e.len()).collect()
    } else {
        let t = parse_cube(&a.target).map_err(|e| cubelab::notation::at_position(e, "--target"))?;
        vec![e.index_of(&t).with_context(|| format!("--target: '{}' is not one of this census's cubes", a.target))?]
    };
    let outs: Vec<SolutionNumbers> =
        targets.iter().map(|&t| solution_for(&e, t, &a, ctx)).collect::<anyhow::Result<_>>()?;
    let report = if a.all_targets {
        CensusReport::AllTargets(AllTargets {
            census: tag::AllTargets,
            universe: a.universe.label(),
            method: a.method.method(),
            shard: a.shard.label()?,
            collections: e.collections(),
            agree: outs.windows(2).all(|w| w[0].histogram == w[1].histogram),
            targets: outs,
            checksum: None,
        })
    } else {
        CensusReport::SolutionNumbers(outs.into_iter().next().context("one target")?)
    };
    finish(&a, report, a.plot.plot.as_deref(), &a.format)
}
