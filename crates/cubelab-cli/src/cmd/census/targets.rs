//! `census targets`: how many targets every K-subset builds (Table 2).
//!
//! Over at most 32 cubes (MacMahon's 30, C_1..C_3) on the subset tables: exhaustive, by
//! shard and checkpoint, or sampled. Over the 256-bit representation of [`Engine`]:
//! `--palette 7` (Sadisticube 7, the 210 blocks colored with six of seven
//! colors and the 210 proper targets) and `--colors 4|5` (68 and 75 cubes), exhaustive
//! only over the subsets of a given set (`--within`), otherwise sampled (`--sample`),
//! always labelled as such, with the exact figures that are cheap (the mean, the number
//! of sets building each target).

use super::{finish, plot_histogram, run_census, CheckpointArgs, MethodArgs, PlotArgs, ShardArgs, UniverseArgs};
use crate::output::FormatArgs;
use anyhow::bail;
use cubelab::census::engine::Engine;
use cubelab::census::report::{round6, tag, AllSizes, CensusReport, Exact, Sample, Targets, TargetsBase};
use cubelab::census::Tally;
use cubelab::combin::{binomial, binomial_u128};
use cubelab::run::Progress;

/// Arguments of `census targets`.
#[derive(clap::Args, Debug, serde::Serialize, schemars::JsonSchema)]
#[command(after_help = "\
Examples:
  cubelab census targets --size 8                      Table 2: all 5,852,925 collections of 8
  cubelab census targets --size 9 --sample 20000 --seed 1
  cubelab census targets --size 8 --within Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd,Be,Bf,Ca,Cb
  cubelab census targets --colors 4 --size 8 --sample 1000 --seed 2")]
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
    /// Sample N random sets instead of all of them (as Johnson-Roldan's study did);
    /// 1 to 10^12 (beyond that no printed digit of the mean changes).
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

/// Largest `--sample`: the standard error of a mean over 10^12 sets is below 10^-6 times
/// the spread of the counts, the precision every figure is printed to, so a larger sample
/// changes no printed digit of the mean (and would take days here).
const MAX_SAMPLES: u64 = 1_000_000_000_000;

/// Runs `census targets`.
pub(super) fn run(a: TargetsArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    match a.sample {
        Some(0) => anyhow::bail!("--sample: give at least one set to sample"),
        Some(n) if n > MAX_SAMPLES => {
            anyhow::bail!("--sample: {n} is more than {MAX_SAMPLES} sets (a larger sample changes no printed digit)")
        }
        _ => {}
    }
    if a.universe.palette7()? {
        return run_palette7(a, ctx);
    }
    // C_4 and C_5 are beyond the 32-cube engine: the census runs on the 256-bit one.
    if matches!(a.universe.colors, 4 | 5) {
        return run_colors(a.universe.colors, a, ctx);
    }
    let e = a.universe.engine()?;
    let within: Vec<usize> = match &a.within {
        Some(names) => e.parse_set(names).map_err(|e| cubelab::notation::at_position(e, "--within"))?,
        None => (0..e.len()).collect(),
    };
    let n = within.len();
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
        e.check_subset_tables()?;
    }
    e.prepare(a.method.method())?;
    let base = TargetsBase {
        universe: a.universe.label(),
        method: a.method.method(),
        within: a.within.as_ref().map(|_| e.set_names(&within)),
        sample: a.sample.map(|samples| Sample { samples, seed: a.seed }),
        shard: a.shard.label()?,
    };
    let report = if let Some(samples) = a.sample {
        let bar = ctx.counting(samples, "random sets");
        let t = e.sample_within(sizes[0], &within, samples, a.seed, a.method.method(), &bar)?;
        bar.finish();
        CensusReport::Targets(report_of(&base, sizes[0], &t, &e, &within, a.list_max))
    } else if a.size == "all" {
        all_sizes(&a, &e, &within, &base, ctx)?
    } else {
        one_size(&a, &e, &within, sizes[0], &base, ctx)?
    };
    finish(&a, report, a.plot.plot.as_deref(), &a.format)
}

/// The report of one size; the tally's sets are bitmasks over positions in `within`.
fn report_of(base: &TargetsBase, k: usize, t: &Tally, e: &Engine, within: &[usize], list_max: bool) -> Targets {
    let names = |p: u32| -> Vec<String> {
        (0..within.len()).filter(|&i| p >> i & 1 == 1).map(|i| e.names()[within[i]].clone()).collect()
    };
    Targets::new(base, k, t, list_max.then(|| t.max_sets.iter().map(|&p| names(p)).collect()))
}

/// The set `within` as a bitmask over the universe (fingerprints of checkpoints name it so).
fn mask_of(within: &[usize]) -> u32 {
    within.iter().fold(0u32, |m, &c| m | 1 << c)
}

/// Every subset at once: a depth-first walk, split into prefixes of the highest cubes.
fn all_sizes(
    a: &TargetsArgs,
    e: &Engine,
    within: &[usize],
    base: &TargetsBase,
    ctx: &crate::api::Context,
) -> anyhow::Result<CensusReport> {
    let n = within.len();
    let shard = a.shard.shard()?;
    let range = shard.range(Engine::prefixes(n));
    let mask = mask_of(within);
    let fingerprint = format!(
        "targets-all {} {:?} within={mask:#x} list_max={} shard={shard}",
        base.universe, base.method, a.list_max
    );
    let tallies: Vec<Tally> = run_census(
        ctx,
        "every subset",
        &fingerprint,
        range,
        16,
        &a.checkpoint,
        vec![Tally::new(e.len()); n + 1],
        |r, p| {
            e.tally_all_sizes_in(within, r, base.method, a.list_max, p).expect("lookup tables checked before the run")
        },
        |acc: Vec<Tally>, part| acc.into_iter().zip(part).map(|(x, y)| x.merge(y)).collect(),
    )?;
    let sizes: Vec<Targets> =
        tallies.iter().enumerate().map(|(k, t)| report_of(base, k, t, e, within, a.list_max)).collect();
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
    e: &Engine,
    within: &[usize],
    k: usize,
    base: &TargetsBase,
    ctx: &crate::api::Context,
) -> anyhow::Result<CensusReport> {
    let n = within.len() as u64;
    let mask = mask_of(within);
    let shard = a.shard.shard()?;
    let range = shard.range(binomial(n, k as u64));
    let fingerprint = format!(
        "targets {} {:?} size={k} within={mask:#x} list_max={} shard={shard}",
        base.universe, base.method, a.list_max
    );
    let t = run_census(
        ctx,
        "targets census",
        &fingerprint,
        range,
        1 << 24,
        &a.checkpoint,
        Tally::new(e.len()),
        |r, p| e.tally(k, within, Some(r), base.method, a.list_max, p).expect("lookup tables checked before the run"),
        Tally::merge,
    )?;
    Ok(CensusReport::Targets(report_of(base, k, &t, e, within, a.list_max)))
}

// ---------------------------------------------------------------- the 256-bit engine

/// A cube set for the 256-bit engine: the blocks, their label in outputs and the flag that
/// chose them (for messages).
struct Big<'a> {
    s: &'a Engine,
    label: String,
    flag: String,
    what: String,
}

/// Largest number of sets an exhaustive `--within` census runs through.
const MAX_WITHIN_SETS: u64 = 1 << 24;

/// Runs `census targets --palette 7`.
fn run_palette7(a: TargetsArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    if a.shard.shard.is_some() || a.checkpoint.checkpoint.is_some() {
        bail!(
            "--palette 7 censuses are samples, searches or small exhaustive runs: they take no --shard or --checkpoint"
        );
    }
    let engine = Engine::sadisticube7();
    let big =
        Big { s: &engine, label: "palette7".into(), flag: "--palette 7".into(), what: "Sadisticube 7 blocks".into() };
    targets(&big, a, ctx)
}

/// Runs `census targets --colors 4|5`: sampled or `--within`, as for `--palette 7`.
fn run_colors(n: usize, a: TargetsArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    if a.shard.shard.is_some() || a.checkpoint.checkpoint.is_some() {
        bail!("--colors {n} censuses are samples or small exhaustive runs: they take no --shard or --checkpoint");
    }
    let engine = Engine::for_universe(cubelab::coloring::exact_colorings(n)?)?;
    let big =
        Big { s: &engine, label: format!("C{n}"), flag: format!("--colors {n}"), what: format!("cubes of C_{n}") };
    targets(&big, a, ctx)
}

fn names(s: &Engine, blocks: &[usize]) -> Vec<String> {
    blocks.iter().map(|&b| s.names()[b].clone()).collect()
}

fn base(big: &Big<'_>, a: &TargetsArgs) -> TargetsBase {
    TargetsBase { universe: big.label.clone(), method: a.method.method(), within: None, sample: None, shard: None }
}

fn targets(big: &Big<'_>, a: TargetsArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    let (s, flag, n) = (big.s, &big.flag, big.s.len());
    if a.within.is_some() && a.sample.is_some() {
        bail!("with {flag} give either --within SET (every subset) or --sample N (random sets), not both");
    }
    if let Some(names) = &a.within {
        return targets_within(big, &a, names, ctx);
    }
    let k: usize = match a.size.parse() {
        Ok(k) if k <= n => k,
        Ok(k) => bail!("--size: {k} is larger than the {n} cubes of {flag}"),
        Err(_) if a.size == "all" => bail!("--size all with {flag} needs --within SET (2^{n} sets otherwise)"),
        Err(_) => bail!("--size: '{}' is not a number or 'all'", a.size),
    };
    let Some(samples) = a.sample else {
        bail!(
            "{flag}: the {} sets of {k} cubes are too many to enumerate here; give --sample N (random sets) or \
             --within SET (every subset of a set)",
            binomial_u128(n as u64, k as u64).map(|x| x.to_string()).unwrap_or_else(|| "more than 2^128".into())
        );
    };
    let method = a.method.method();
    let bar = ctx.counting(samples, "random sets");
    let (tally, examples) = s.sample_with_examples(k, samples, a.seed, method, &bar)?;
    bar.finish();
    let spinner = ctx.spinner("exact mean");
    let exact = exact_for(s, k)?;
    spinner.finish();
    let max_sets = a.list_max.then(|| examples.iter().map(|b| names(s, b)).collect());
    let mut out = Targets::new(&base(big, &a), k, &tally, max_sets);
    out.sample = Some(Sample { samples, seed: a.seed });
    out.std_error = Some(round6(tally.std_dev() / (tally.sets as f64).sqrt()));
    out.exact = Some(exact);
    if let Some(p) = &a.plot.plot {
        plot_histogram(
            p,
            &format!("Targets built by {samples} random sets of {k} {} (sample, seed {})", big.what, a.seed),
            "number of targets built",
            "sets",
            &out.histogram,
        )?;
    }
    finish(&a, CensusReport::Targets(out), None, &a.format)
}

/// The exact mean and, where it fits 128 bits and every target is alike (one orbit of
/// relabelings), the number of K-sets building each target.
fn exact_for(s: &Engine, k: usize) -> anyhow::Result<Exact> {
    let all = binomial_u128(s.len() as u64, k as u64);
    let per = all.and_then(|_| s.sets_building_each_target(k));
    Ok(Exact {
        mean: round6(s.exact_mean(k)?),
        sets: all.map(|x| x.to_string()),
        sets_building_each_target: per.map(|x| x.to_string()),
    })
}

fn targets_within(
    big: &Big<'_>,
    a: &TargetsArgs,
    tokens: &[String],
    ctx: &crate::api::Context,
) -> anyhow::Result<String> {
    let s = big.s;
    let within = s.parse_list(tokens).map_err(|e| cubelab::notation::at_position(e, "--within"))?;
    let n = within.len();
    if n > 32 {
        bail!("--within: {n} blocks given; an exhaustive census takes at most 32");
    }
    let sizes: Vec<usize> = if a.size == "all" {
        (0..=n).collect()
    } else {
        let k: usize = a.size.parse().map_err(|_| anyhow::anyhow!("--size: '{}' is not a number or 'all'", a.size))?;
        if k > n {
            bail!("--size: {k} is larger than the {n} blocks of --within");
        }
        vec![k]
    };
    let total: u64 = sizes.iter().map(|&k| binomial(n as u64, k as u64)).sum();
    if total > MAX_WITHIN_SETS {
        bail!("--within: {total} sets is more than an exhaustive {} census runs through ({MAX_WITHIN_SETS}); use --sample N", big.flag);
    }
    let bar = ctx.counting(total, "every subset");
    let names_of_positions =
        |p: u32| -> Vec<String> { (0..n).filter(|&i| p >> i & 1 == 1).map(|i| s.names()[within[i]].clone()).collect() };
    let mut base = base(big, a);
    base.within = Some(names(s, &within));
    let method = a.method.method();
    let outs: Vec<Targets> = sizes
        .iter()
        .map(|&k| {
            let t = s.tally(k, &within, None, method, a.list_max, &bar)?;
            let max_sets = a.list_max.then(|| t.max_sets.iter().map(|&p| names_of_positions(p)).collect());
            Ok(Targets::new(&base, k, &t, max_sets))
        })
        .collect::<Result<_, cubelab::Error>>()?;
    bar.finish();
    let report = if a.size == "all" {
        CensusReport::AllSizes(AllSizes {
            census: tag::AllSizes,
            universe: big.label.clone(),
            method,
            size: "all".into(),
            within: base.within.clone(),
            shard: None,
            sets: outs.iter().map(|o| o.sets).sum(),
            sizes: outs,
            checksum: None,
        })
    } else {
        CensusReport::Targets(outs.into_iter().next().ok_or_else(|| anyhow::anyhow!("one size"))?)
    };
    finish(&a, report, a.plot.plot.as_deref(), &a.format)
}
