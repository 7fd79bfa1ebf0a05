//! `census universal`: the sets of K cubes that build every target, by enumeration (32-cube
//! sets) or by seeded local search (`--search`, also for `--colors 4` and `--palette 7`).

use super::{finish, run_census, CheckpointArgs, MethodArgs, ShardArgs, UniverseArgs};
use crate::output::FormatArgs;
use anyhow::bail;
use cubelab::census::engine::Engine;
use cubelab::census::report::{tag, CensusReport, LowerBound, SearchInfo, Universal};
use cubelab::combin::binomial;
use cubelab::run::Progress;
use cubelab::shard::Shard;

/// Arguments of `census universal`.
#[derive(clap::Args, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct UniversalArgs {
    /// Set size K; without it, the smallest K for which a universal set exists.
    #[arg(long, value_name = "K")]
    size: Option<usize>,
    /// Look for one universal set by seeded local search instead of enumerating all sets
    /// (for cube sets too large to enumerate, such as --colors 4: C(68,10) sets).
    #[arg(long, requires = "size")]
    search: bool,
    /// Seed of the search.
    #[arg(long, default_value_t = 1, requires = "search")]
    seed: u64,
    /// Random starts of the search.
    #[arg(long, default_value_t = 100, requires = "search", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(cubelab::bounds::SEARCH_RESTARTS.range()))]
    restarts: usize,
    /// Swaps per start of the search.
    #[arg(long, default_value_t = 20_000, requires = "search", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(cubelab::bounds::SEARCH_STEPS.range()))]
    steps: usize,
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

/// Runs `census universal`.
pub(super) fn run(a: UniversalArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    let palette7 = a.universe.palette7()?;
    if a.shard.shard.is_some() || a.checkpoint.checkpoint.is_some() {
        if palette7 {
            bail!(
                "--palette 7 censuses are samples, searches or small exhaustive runs: they take no --shard or --checkpoint"
            );
        }
        if a.search {
            bail!("--search is one seeded local search: it takes no --shard or --checkpoint");
        }
    }
    if palette7 {
        return palette_7(&a, ctx);
    }
    if a.search {
        return search(&a, ctx);
    }
    enumerate(&a, ctx)
}

fn enumerate(a: &UniversalArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    let u = a.universe.universe()?;
    // Without subset tables (C_3) the enumeration would test Hall's condition set by set
    // for every size from 8 up: refused, as before the engine offered that path.
    let e = Engine::from_universe(u.clone())?;
    e.check_subset_tables()?;
    let shard = a.shard.shard()?;
    let search = |k: usize| -> anyhow::Result<Vec<u32>> {
        let range = shard.range(binomial(u.len() as u64, k as u64));
        let fingerprint = format!("universal {} {:?} size={k} shard={shard}", a.universe.label(), a.method.method());
        run_census(
            ctx,
            &format!("universal sets of {k}"),
            &fingerprint,
            range,
            1 << 24,
            &a.checkpoint,
            Vec::new(),
            |r, p| {
                let sets = e.universal_sets(k, Some(r), a.method.method(), p).expect("ranks within the census");
                sets.iter().map(|s| s.iter().fold(0u32, |m, &c| m | 1 << c)).collect()
            },
            |mut acc: Vec<u32>, part| {
                acc.extend(part);
                acc
            },
        )
    };
    let (size, none_below, found) = match a.size {
        Some(k) => {
            if k > u.len() {
                bail!("--size: {k} is larger than the {} cubes available", u.len());
            }
            (k, Vec::new(), search(k)?)
        }
        None => {
            if shard != Shard::ALL || a.checkpoint.checkpoint.is_some() {
                bail!("give --size to shard or checkpoint a universal-set search");
            }
            let mut none = Vec::new();
            let mut k = 8;
            loop {
                let f = search(k)?;
                if !f.is_empty() || k == u.len() {
                    break (k, none, f);
                }
                none.push(k);
                k += 1;
            }
        }
    };
    let report = Universal {
        census: tag::Universal,
        universe: a.universe.label(),
        method: a.method.method(),
        size,
        shard: a.shard.label()?,
        none_below,
        sets: found.iter().map(|&s| u.set_names(s)).collect(),
        search: None,
        lower_bound: None,
        checksum: None,
    };
    finish(&a, CensusReport::Universal(report), None, &a.format)
}

fn search(a: &UniversalArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    let Some(k) = a.size else { bail!("--search needs --size K") };
    // In the order of exact_colorings (not the tableau order of Engine::exact_colors), so
    // that a seed finds the same set as it always has.
    let e = Engine::for_universe(cubelab::coloring::exact_colorings(a.universe.colors)?)?;
    let cubes = e.cubes();
    if k > cubes.len() || k < 8 {
        bail!("--size: {k} is not between 8 and the {} cubes available", cubes.len());
    }
    let bar = ctx.bar();
    let found = e.search_universal_sequential(k, a.seed, a.restarts, a.steps, &bar)?;
    bar.finish();
    let mut sets = Vec::new();
    if let Some(set) = found {
        let chosen: Vec<_> = set.iter().map(|&i| cubes[i]).collect();
        let blocks = cubelab::target::Blocks::new(&chosen)?;
        for t in cubes {
            if blocks.count(t)? == 0 {
                bail!("internal error: the search's set does not build {t}");
            }
        }
        sets.push(chosen.iter().map(|x| cubelab::notation::names_of(x).short().unwrap_or(x.face_string())).collect());
    }
    let report = Universal {
        census: tag::Universal,
        universe: a.universe.label(),
        method: a.method.method(),
        size: k,
        shard: None,
        none_below: Vec::new(),
        sets,
        search: Some(SearchInfo { seed: a.seed, restarts: a.restarts, verified: true }),
        lower_bound: None,
        checksum: None,
    };
    finish(&a, CensusReport::Universal(report), None, &a.format)
}

fn palette_7(a: &UniversalArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    let s = Engine::sadisticube7();
    let blocks = s.len();
    let Some(bound) = s.universal_lower_bound() else {
        bail!("internal error: color relabelings are not transitive on the blocks, the lower bound does not hold");
    };
    let (true, Some(k)) = (a.search, a.size) else {
        bail!(
            "universal with --palette 7 needs --search --size K (C(210,K) sets cannot be enumerated); \
             every universal set has at least {} blocks",
            bound.bound
        );
    };
    if !(8..=blocks).contains(&k) {
        bail!("--size: {k} is not between 8 and the {blocks} blocks of --palette 7");
    }
    let bar = ctx.bar();
    let found = s.search_universal(k, a.seed, a.restarts, a.steps, &bar)?;
    bar.finish();
    let argument = format!(
        "Hall's condition for any target, here {}: its {} corners {} need {} distinct blocks among the {} of the 210 \
         fitting one of them; color relabelings carry fits to fits and act transitively on the 210 blocks, so \
         averaging over them gives N*{}/210 >= {}",
        s.names()[bound.target],
        bound.needed,
        bound.corner_names().join(" "),
        bound.needed,
        bound.neighbours,
        bound.neighbours,
        bound.needed
    );
    let report = Universal {
        census: tag::Universal,
        universe: "palette7".into(),
        method: a.method.method(),
        size: k,
        shard: None,
        none_below: Vec::new(),
        sets: found.iter().map(|set| s.set_names(set)).collect(),
        search: Some(SearchInfo { seed: a.seed, restarts: a.restarts, verified: true }),
        lower_bound: Some(LowerBound { size: bound.bound, argument }),
        checksum: None,
    };
    finish(&a, CensusReport::Universal(report), None, &a.format)
}
