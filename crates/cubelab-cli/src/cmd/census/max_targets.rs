//! `census max-targets`: the 8-collections building the most targets. Over MacMahon's
//! cubes an exhaustive census checked against Theorem 7's construction
//! ([`cubelab::census::theorem7`]); over Sadisticube 7 (`--palette 7`) a local search,
//! optionally proven maximal by an exhaustive branch-and-bound.

use super::{finish, JsonArgs, UniverseArgs};
use crate::progress::Bar;
use anyhow::bail;
use cubelab::census::combin::binomial;
use cubelab::census::report::{tag, CensusReport, MaxSet, MaxTargets, MaxTargetsSearch, SearchInfo};
use cubelab::census::targets::{tally, BuildTables};
use cubelab::census::theorem7::theorem_7;
use cubelab::census::wide::{Wide, BLOCKS};
use cubelab::census::{Method, Universe};
use cubelab::run::Progress;

/// Arguments of `census max-targets` (no shards, checkpoints, plot or CSV: the census
/// takes seconds and its report is a list of sets).
#[derive(clap::Args, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct MaxArgs {
    /// Seed of the local search (--palette 7, where the census is a search) [default: 1].
    #[arg(long)]
    seed: Option<u64>,
    /// Random starts of the local search (--palette 7) [default: 40].
    #[arg(long)]
    restarts: Option<usize>,
    /// Swaps per start of the local search (--palette 7) [default: 5000].
    #[arg(long)]
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
pub(super) fn run(a: MaxArgs) -> anyhow::Result<()> {
    if a.universe.palette7()? {
        return search(&Wide::new(), &a);
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
    let u = Universe::macmahon();
    let tables = BuildTables::new(&u, Method::Graph)?;
    let all = (1u32 << u.len()) - 1;
    let bar = Bar::counting(binomial(30, 8), "max targets");
    let t = tally(&tables, 8, all, 0..binomial(30, 8), true, &|n| bar.advance(n))?;
    bar.finish();
    let max = t.max().unwrap_or(0);
    let mut found: Vec<(u32, u32)> =
        t.max_sets.iter().map(|&s| Ok((s, tables.built(s)?))).collect::<anyhow::Result<_>>()?;
    found.sort_unstable();
    let construction = theorem_7(&u);
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

fn names(s: &Wide, blocks: &[usize]) -> Vec<String> {
    blocks.iter().map(|&b| s.names[b].clone()).collect()
}

fn search(s: &Wide, a: &MaxArgs) -> anyhow::Result<()> {
    let (seed, restarts, steps) = (a.seed.unwrap_or(1), a.restarts.unwrap_or(40), a.steps.unwrap_or(5_000));
    if restarts == 0 {
        bail!("--restarts: give at least one start");
    }
    let spinner = Bar::spinner("searching for 8 blocks building many targets");
    let (max_found, sets) = s.search_max_targets(seed, restarts, steps);
    spinner.finish();
    let mut listed = Vec::new();
    for set in &sets {
        let by_graph = s.built(set, Method::Graph);
        let by_solver = s.built(set, Method::Backtrack);
        if by_graph != by_solver || by_graph.len() != max_found {
            bail!("internal error: the methods disagree on {}", names(s, set).join(" "));
        }
        listed.push(MaxSet { collection: names(s, set), targets: names(s, &by_solver) });
    }
    let proven_maximum = if a.prove {
        let bar = Bar::counting((BLOCKS - 1) as u64, &format!("proving that no 8 blocks build {}", max_found + 1));
        let better = s.eight_building_at_least(max_found + 1, &|n| bar.advance(n));
        bar.finish();
        if let Some(set) = better {
            bail!(
                "the exhaustive search found 8 blocks building more than the local search: {} ({} targets); \
                 rerun with more --restarts",
                names(s, &set).join(" "),
                s.targets_built(&set, Method::Backtrack)
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
