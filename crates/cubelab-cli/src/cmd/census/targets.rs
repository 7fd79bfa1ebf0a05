//! `census targets`: how many targets every K-subset builds (Table 2), on the 32-cube
//! engine; `--palette 7` and `--colors 4|5` go to [`super::targets_wide`].

use super::{finish, run_census, CheckpointArgs, MethodArgs, PlotArgs, ShardArgs, UniverseArgs};
use crate::output::FormatArgs;
use cubelab::census::combin::binomial;
use cubelab::census::report::{tag, AllSizes, CensusReport, Sample, Targets, TargetsBase};
use cubelab::census::targets::{prefix_count, tally, tally_all_sizes, tally_sample, BuildTables, Tally};
use cubelab::census::Universe;

/// Arguments of `census targets`.
#[derive(clap::Args, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct TargetsArgs {
    /// Set size K (0..=30), or `all` for every size in one pass.
    #[arg(long, value_name = "K|all")]
    pub(super) size: String,
    /// List the sets that reach the maximum.
    #[arg(long)]
    pub(super) list_max: bool,
    /// Only subsets of this set (comma-separated cubes, e.g. Haraguchi's twelve).
    #[arg(long, value_name = "SET", value_delimiter = ',')]
    pub(super) within: Option<Vec<String>>,
    /// Sample N random sets instead of all of them (as Johnson-Roldan's study did).
    #[arg(long, value_name = "N")]
    pub(super) sample: Option<u64>,
    /// Seed of the random sample.
    #[arg(long, value_name = "S", default_value_t = 1, requires = "sample")]
    pub(super) seed: u64,
    #[command(flatten)]
    #[serde(flatten)]
    pub(super) method: MethodArgs,
    #[command(flatten)]
    #[serde(flatten)]
    pub(super) universe: UniverseArgs,
    #[command(flatten)]
    #[serde(flatten)]
    pub(super) shard: ShardArgs,
    #[command(flatten)]
    #[serde(skip)]
    pub(super) checkpoint: CheckpointArgs,
    #[command(flatten)]
    #[serde(skip)]
    pub(super) plot: PlotArgs,
    #[command(flatten)]
    #[serde(skip)]
    pub(super) format: FormatArgs,
}

/// Runs `census targets`.
pub(super) fn run(a: TargetsArgs) -> anyhow::Result<()> {
    if a.universe.palette7()? {
        return super::targets_wide::run_palette7(a);
    }
    // C_4 and C_5 are beyond the 32-cube engine: the census runs on the 256-bit one.
    if matches!(a.universe.colors, 4 | 5) {
        return super::targets_wide::run_colors(a.universe.colors, a);
    }
    let u = a.universe.universe()?;
    let within = match &a.within {
        Some(names) => u.parse_set(names).map_err(|e| cubelab::notation::at_position(e, "--within"))?,
        None if u.len() == 32 => u32::MAX,
        None => (1u32 << u.len()) - 1,
    };
    let n = within.count_ones() as usize;
    let sizes: Vec<usize> = if a.size == "all" {
        (0..=n).collect()
    } else {
        let k: usize = a.size.parse().map_err(|_| anyhow::anyhow!("--size: '{}' is not a number or 'all'", a.size))?;
        if k > n {
            anyhow::bail!("--size: {k} is larger than the {n} cubes available");
        }
        vec![k]
    };
    if a.sample.is_some() && (a.size == "all" || a.shard.shard.is_some() || a.checkpoint.checkpoint.is_some()) {
        anyhow::bail!("--sample takes one --size and no --shard or --checkpoint");
    }
    if sizes != [8] {
        BuildTables::check_lookup_possible(&u)?;
    }
    let tables = BuildTables::new(&u, a.method.method())?;
    let base = TargetsBase {
        universe: a.universe.label(),
        method: a.method.method(),
        within: a.within.as_ref().map(|_| u.set_names(within)),
        sample: a.sample.map(|samples| Sample { samples, seed: a.seed }),
        shard: a.shard.label()?,
    };
    let report = if let Some(samples) = a.sample {
        let t = tally_sample(&tables, sizes[0], within, samples, a.seed)?;
        CensusReport::Targets(report_of(&base, sizes[0], &t, &u, a.list_max))
    } else if a.size == "all" {
        all_sizes(&a, &tables, &u, within, &base)?
    } else {
        one_size(&a, &tables, &u, within, sizes[0], &base)?
    };
    finish(&a, report, a.plot.plot.as_deref(), &a.format)
}

fn report_of(base: &TargetsBase, k: usize, t: &Tally, u: &Universe, list_max: bool) -> Targets {
    Targets::new(base, k, t, list_max.then(|| t.max_sets.iter().map(|&s| u.set_names(s)).collect()))
}

/// Every subset at once: a depth-first walk, split into prefixes of the highest cubes.
fn all_sizes(
    a: &TargetsArgs,
    tables: &BuildTables,
    u: &Universe,
    within: u32,
    base: &TargetsBase,
) -> anyhow::Result<CensusReport> {
    let n = within.count_ones() as usize;
    let shard = a.shard.shard()?;
    let range = shard.range(prefix_count(n));
    let fingerprint = format!(
        "targets-all {} {:?} within={within:#x} list_max={} shard={shard}",
        base.universe, base.method, a.list_max
    );
    let tallies: Vec<Tally> = run_census(
        "every subset",
        &fingerprint,
        range,
        16,
        &a.checkpoint,
        vec![Tally::new(u.len()); n + 1],
        |r| tally_all_sizes(tables, within, r, a.list_max, &|_| {}).expect("lookup tables checked before the run"),
        |acc: Vec<Tally>, part| acc.into_iter().zip(part).map(|(x, y)| x.merge(y)).collect(),
    )?;
    let sizes: Vec<Targets> = tallies.iter().enumerate().map(|(k, t)| report_of(base, k, t, u, a.list_max)).collect();
    Ok(CensusReport::AllSizes(AllSizes {
        census: tag::AllSizes,
        universe: base.universe.clone(),
        method: base.method,
        size: "all".into(),
        within: base.within.clone(),
        shard: base.shard.clone(),
        sets: sizes.iter().map(|o| o.sets).sum(),
        sizes,
        checksum: None,
    }))
}

fn one_size(
    a: &TargetsArgs,
    tables: &BuildTables,
    u: &Universe,
    within: u32,
    k: usize,
    base: &TargetsBase,
) -> anyhow::Result<CensusReport> {
    let n = within.count_ones() as u64;
    let shard = a.shard.shard()?;
    let range = shard.range(binomial(n, k as u64));
    let fingerprint = format!(
        "targets {} {:?} size={k} within={within:#x} list_max={} shard={shard}",
        base.universe, base.method, a.list_max
    );
    let t = run_census(
        "targets census",
        &fingerprint,
        range,
        1 << 24,
        &a.checkpoint,
        Tally::new(u.len()),
        |r| tally(tables, k, within, r, a.list_max, &|_| {}).expect("lookup tables checked before the run"),
        Tally::merge,
    )?;
    Ok(CensusReport::Targets(report_of(base, k, &t, u, a.list_max)))
}
