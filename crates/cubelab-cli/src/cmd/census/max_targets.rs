//! `census max-targets`: the 8-collections building the most targets. Over MacMahon's
//! cubes an exhaustive census checked against Theorem 7's construction
//! ([`cubelab::census::theorem7`]); over Sadisticube 7 (`--palette 7`) a local search,
//! optionally proven maximal by an exhaustive branch-and-bound.

use super::{finish, JsonArgs, UniverseArgs};
use anyhow::{bail, Context};
use cubelab::census::engine::Engine;
use cubelab::census::report::{tag, CensusReport, MaxSet, MaxTargets, MaxTargetsSearch, SearchInfo};
use cubelab::census::theorem7::theorem_7;
use cubelab::census::Method;
use cubelab::combin::binomial;
use cubelab::run::Progress;

/// Arguments of `census max-targets` (no shards, checkpoints, plot or CSV: the census
/// takes seconds and its report is a list of sets).
#[derive(clap::Args, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct MaxArgs {
    /// Seed of the local search (--palette 7, where the census is a search) [default: 1].
    #[arg(long)]
    seed: Option<u64>,
    /// Random starts of the local search (--palette 7) [default: 40].
    #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(cubelab::bounds::SEARCH_RESTARTS.range()))]
    restarts: Option<usize>,
    /// Swaps per start of the local search (--palette 7) [default: 5000].
    #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(cubelab::bounds::SEARCH_STEPS.range()))]
    steps: Option<usize>,
    /// With --palette 7: also prove that no 8 blocks build one target more than the search
    /// found (an exhaustive branch-and-bound; minutes).
    #[arg(long)]
    prove: bool,
    #[command(flatten)]
    #[serde(flatten)]
    universe: UniverseArgs,
    #[command(flatten)]
    #[serde(skip)]
    format: JsonArgs,
}

/// Runs `census max-targets`.
pub(super) fn run(a: MaxArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    if a.universe.palette7()? {
        return search(&Engine::sadisticube7(), &a, ctx);
    }
    if a.prove {
        bail!("--prove is for --palette 7: the census over MacMahon's cubes is exhaustive already");
    }
    if a.seed.is_some() || a.restarts.is_some() || a.steps.is_some() {
        bail!("--seed, --restarts and --steps are for --palette 7: the census over MacMahon's cubes is exhaustive");
    }
    if a.universe.colors != 6 {
        bail!("max-targets checks Theorem 7, which is about MacMahon's cubes (--colors 6)");
    }
    let e = Engine::macmahon();
    let u = e.universe().context("MacMahon's 30 cubes take the small representation")?;
    let all: Vec<usize> = (0..e.len()).collect();
    let bar = ctx.counting(binomial(30, 8), "max targets");
    // Over the whole universe a tally's sets are bitmasks of cube indices.
    let t = e.tally(8, &all, None, Method::Graph, true, &bar)?;
    bar.finish();
    let max = t.max().unwrap_or(0);
    let mask = |set: &[usize]| set.iter().fold(0u32, |m, &c| m | 1 << c);
    let members = |s: u32| (0..32).filter(|&c| s >> c & 1 == 1).collect::<Vec<usize>>();
    let mut found: Vec<(u32, u32)> = t
        .max_sets
        .iter()
        .map(|&s| Ok((s, mask(&e.built(&members(s), Method::Graph)?))))
        .collect::<anyhow::Result<_>>()?;
    found.sort_unstable();
    let construction = theorem_7(u);
    let report = MaxTargets {
        census: tag::MaxTargets,
        universe: cubelab::census::report::universe_label(6),
        method: Method::Graph,
        max,
        collections: found.len(),
        construction: construction.len(),
        agree: found == construction,
        sets: found.iter().map(|&(s, t)| MaxSet { collection: u.set_names(s), targets: u.set_names(t) }).collect(),
    };
    finish(&a, CensusReport::MaxTargets(report), None, &a.format.format())
}

fn search(s: &Engine, a: &MaxArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    let (seed, restarts, steps) = (a.seed.unwrap_or(1), a.restarts.unwrap_or(40), a.steps.unwrap_or(5_000));
    if restarts == 0 {
        bail!("--restarts: give at least one start");
    }
    let bar = ctx.bar();
    let (max_found, sets) = s.search_max_targets(seed, restarts, steps, &bar)?;
    bar.finish();
    let mut listed = Vec::new();
    for set in &sets {
        let by_graph = s.built(set, Method::Graph)?;
        let by_solver = s.built(set, Method::Backtrack)?;
        if by_graph != by_solver || by_graph.len() != max_found {
            bail!("internal error: the methods disagree on {}", s.set_names(set).join(" "));
        }
        listed.push(MaxSet { collection: s.set_names(set), targets: s.set_names(&by_solver) });
    }
    let proven_maximum = if a.prove {
        let bar = ctx.bar();
        let better = s.eight_building_at_least(max_found + 1, &bar);
        bar.finish();
        if let Some(set) = better {
            bail!(
                "the exhaustive search found 8 blocks building more than the local search: {} ({} targets); \
                 rerun with more --restarts",
                s.set_names(&set).join(" "),
                s.built(&set, Method::Backtrack)?.len()
            );
        }
        Some(true)
    } else {
        None
    };
    let report = MaxTargetsSearch {
        census: tag::MaxTargets,
        universe: "palette7".into(),
        method: Method::Graph,
        search: SearchInfo { seed, restarts, verified: true },
        steps,
        max_found,
        verified: true,
        proven_maximum,
        sets: listed,
    };
    finish(&a, CensusReport::MaxTargetsSearch(report), None, &a.format.format())
}
