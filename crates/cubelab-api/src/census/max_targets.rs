//! `census max-targets`: the 8-collections building the most targets. Over MacMahon's
//! cubes an exhaustive census checked against Theorem 7's construction
//! ([`cubelab::census::theorem7`]); over Sadisticube 7 (`palette` 7) a local search,
//! optionally proven maximal by an exhaustive branch-and-bound.

use super::{bad, check_stop, internal, palette7, CensusOutput};
use crate::error::{Error, Result};
use crate::{limits, Context};
use cubelab::census::engine::Engine;
use cubelab::census::report::{tag, universe_label, CensusReport, MaxSet, MaxTargets, MaxTargetsSearch, SearchInfo};
use cubelab::census::theorem7::theorem_7;
use cubelab::census::Method;
use cubelab::combin::binomial;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

census_request! {
/// Arguments of `census max-targets` (no shards, checkpoints, plot or CSV: the census
/// takes seconds and its report is a list of sets).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "MaxArgs")]
pub struct MaxTargetsRequest {
    /// Seed of the local search (--palette 7, where the census is a search) [default: 1].
    #[serde(default)]
    pub seed: Option<u64>,
    /// Random starts of the local search (--palette 7) [default: 40].
    #[serde(default)]
    pub restarts: Option<usize>,
    /// Swaps per start of the local search (--palette 7) [default: 5000].
    #[serde(default)]
    pub steps: Option<usize>,
    /// With --palette 7: also prove that no 8 blocks build one target more than the search
    /// found (an exhaustive branch-and-bound; minutes).
    #[serde(default)]
    pub prove: bool,
} with universe
}

/// The defaults of the search (`seed`, `restarts`, `steps`).
pub const SEARCH_DEFAULTS: (u64, usize, usize) = (1, 40, 5_000);

/// Runs `census max-targets`.
pub fn run(req: &MaxTargetsRequest, ctx: &Context) -> Result<CensusOutput> {
    if let Some(l) = ctx.limits() {
        limits::census("census max-targets", None, l)?;
    }
    // The command line checks these with its parsers; the JSON surfaces here.
    if let Some(r) = req.restarts {
        cubelab::bounds::SEARCH_RESTARTS.check_usize(r).map_err(|e| Error::from(e).about("restarts", r))?;
    }
    if let Some(s) = req.steps {
        cubelab::bounds::SEARCH_STEPS.check_usize(s).map_err(|e| Error::from(e).about("steps", s))?;
    }
    if palette7(req.palette)? {
        return search(&Engine::sadisticube7(), req, ctx);
    }
    if req.prove {
        return Err(bad("{prove} is for {palette} 7: the census over MacMahon's cubes is exhaustive already"));
    }
    if req.seed.is_some() || req.restarts.is_some() || req.steps.is_some() {
        return Err(bad(
            "{seed}, {restarts} and {steps} are for {palette} 7: the census over MacMahon's cubes is exhaustive",
        ));
    }
    if req.colors != 6 {
        return Err(bad("max-targets checks Theorem 7, which is about MacMahon's cubes ({colors} 6)"));
    }
    let e = Engine::macmahon();
    let u = e.universe().ok_or_else(|| internal("MacMahon's 30 cubes take the small representation"))?;
    let all: Vec<usize> = (0..e.len()).collect();
    check_stop(ctx)?;
    let p = ctx.progress();
    p.start("max targets", binomial(30, 8), 0);
    // Over the whole universe a tally's sets are bitmasks of cube indices.
    let t = e.tally_until(8, &all, None, Method::Graph, true, p, ctx.stop())?;
    p.finish();
    let max = t.max().unwrap_or(0);
    let mask = |set: &[usize]| set.iter().fold(0u32, |m, &c| m | 1 << c);
    let members = |s: u32| (0..32).filter(|&c| s >> c & 1 == 1).collect::<Vec<usize>>();
    let mut found: Vec<(u32, u32)> =
        t.max_sets.iter().map(|&s| Ok((s, mask(&e.built(&members(s), Method::Graph)?)))).collect::<Result<_>>()?;
    found.sort_unstable();
    let construction = theorem_7(u);
    let report = MaxTargets {
        census: tag::MaxTargets,
        universe: universe_label(6),
        method: Method::Graph,
        max,
        collections: found.len(),
        construction: construction.len(),
        agree: found == construction,
        sets: found.iter().map(|&(s, t)| MaxSet { collection: u.set_names(s), targets: u.set_names(t) }).collect(),
    };
    CensusOutput::new(CensusReport::MaxTargets(report), req)
}

fn search(s: &Engine, req: &MaxTargetsRequest, ctx: &Context) -> Result<CensusOutput> {
    let (seed, restarts, steps) = (
        req.seed.unwrap_or(SEARCH_DEFAULTS.0),
        req.restarts.unwrap_or(SEARCH_DEFAULTS.1),
        req.steps.unwrap_or(SEARCH_DEFAULTS.2),
    );
    if restarts == 0 {
        return Err(bad("{restarts}: give at least one start"));
    }
    check_stop(ctx)?;
    let p = ctx.progress();
    let (max_found, sets) = s.search_max_targets(seed, restarts, steps, p, ctx.stop())?;
    p.finish();
    let mut listed = Vec::new();
    for set in &sets {
        let by_graph = s.built(set, Method::Graph)?;
        let by_solver = s.built(set, Method::Backtrack)?;
        if by_graph != by_solver || by_graph.len() != max_found {
            return Err(internal(format!("internal error: the methods disagree on {}", s.set_names(set).join(" "))));
        }
        listed.push(MaxSet { collection: s.set_names(set), targets: s.set_names(&by_solver) });
    }
    let proven_maximum = if req.prove {
        check_stop(ctx)?;
        let better = s.eight_building_at_least(max_found + 1, p, ctx.stop())?;
        p.finish();
        if let Some(set) = better {
            return Err(bad(format!(
                "the exhaustive search found 8 blocks building more than the local search: {} ({} targets); \
                 rerun with more {{restarts}}",
                s.set_names(&set).join(" "),
                s.built(&set, Method::Backtrack)?.len()
            )));
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
    CensusOutput::new(CensusReport::MaxTargetsSearch(report), req)
}
