//! `census universal`: the sets of K cubes that build every target, by enumeration
//! (32-cube sets) or by seeded local search (`search`, also for `colors` 4 and `palette` 7).

use super::{bad, check_stop, internal, no_shards, palette7, run_census, universe, CensusOutput};
use crate::error::{Error, Result};
use crate::Context;
use cubelab::census::engine::Engine;
use cubelab::census::report::{tag, universe_label, CensusReport, LowerBound, SearchInfo, Universal};
use cubelab::combin::binomial;
use cubelab::shard::Shard;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

census_request! {
/// Arguments of `census universal`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "UniversalArgs")]
pub struct UniversalRequest {
    /// Set size K; without it, the smallest K for which a universal set exists.
    #[serde(default)]
    pub size: Option<usize>,
    /// Look for one universal set by seeded local search instead of enumerating all sets
    /// (for cube sets too large to enumerate, such as --colors 4: C(68,10) sets).
    #[serde(default)]
    pub search: bool,
    /// Seed of the search.
    #[serde(default = "one")]
    pub seed: u64,
    /// Random starts of the search.
    #[serde(default = "default_restarts")]
    pub restarts: usize,
    /// Swaps per start of the search.
    #[serde(default = "default_steps")]
    pub steps: usize,
} with method universe shards
}

/// The default seed of the search.
pub const DEFAULT_SEED: u64 = 1;
/// The default number of random starts of the search.
pub const DEFAULT_RESTARTS: usize = 100;
/// The default number of swaps per start of the search.
pub const DEFAULT_STEPS: usize = 20_000;

fn one() -> u64 {
    DEFAULT_SEED
}

fn default_restarts() -> usize {
    DEFAULT_RESTARTS
}

fn default_steps() -> usize {
    DEFAULT_STEPS
}

/// Runs `census universal`.
pub fn run(req: &UniversalRequest, ctx: &Context) -> Result<CensusOutput> {
    req.shards().check_limits("census universal", ctx)?;
    // The command line checks these with its parsers; the JSON surfaces here.
    cubelab::bounds::SEARCH_RESTARTS
        .check_usize(req.restarts)
        .map_err(|e| Error::from(e).about("restarts", req.restarts))?;
    cubelab::bounds::SEARCH_STEPS.check_usize(req.steps).map_err(|e| Error::from(e).about("steps", req.steps))?;
    let palette7 = palette7(req.palette)?;
    if req.shards().any() {
        if palette7 {
            return Err(no_shards("{palette} 7", "samples, searches or small exhaustive runs"));
        }
        if req.search {
            return Err(bad("{search} is one seeded local search: it takes no {shard} or {checkpoint}"));
        }
    }
    if palette7 {
        return palette_7(req, ctx);
    }
    if req.search {
        return search(req, ctx);
    }
    enumerate(req, ctx)
}

fn enumerate(req: &UniversalRequest, ctx: &Context) -> Result<CensusOutput> {
    let u = universe(req.colors)?;
    // Without subset tables (C_3) the enumeration would test Hall's condition set by set
    // for every size from 8 up: refused, as before the engine offered that path.
    let e = Engine::from_universe(u.clone())?;
    e.check_subset_tables()?;
    let shard = req.shards().part()?;
    let method = req.method.into();
    let search = |k: usize| -> Result<Vec<u32>> {
        let range = shard.range(binomial(u.len() as u64, k as u64));
        let fingerprint = format!("universal {} {:?} size={k} shard={shard}", universe_label(req.colors), method);
        run_census(
            ctx,
            &format!("universal sets of {k}"),
            &fingerprint,
            range,
            1 << 24,
            req.shards().resume(),
            Vec::new(),
            |r, p| {
                let sets = e.universal_sets_until(k, Some(r), method, p, ctx.stop())?;
                Ok(sets.iter().map(|s| s.iter().fold(0u32, |m, &c| m | 1 << c)).collect())
            },
            |mut acc: Vec<u32>, part| {
                acc.extend(part);
                acc
            },
        )
    };
    let (size, none_below, found) = match req.size {
        Some(k) => {
            if k > u.len() {
                return Err(bad(format!("{{size}}: {k} is larger than the {} cubes available", u.len())));
            }
            (k, Vec::new(), search(k)?)
        }
        None => {
            if shard != Shard::ALL || req.shards().checkpoint.is_some() {
                return Err(bad("give {size} to shard or checkpoint a universal-set search"));
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
        universe: universe_label(req.colors),
        method,
        size,
        shard: req.shards().label()?,
        none_below,
        sets: found.iter().map(|&s| u.set_names(s)).collect(),
        search: None,
        lower_bound: None,
        checksum: None,
    };
    CensusOutput::new(CensusReport::Universal(report), req)
}

fn search(req: &UniversalRequest, ctx: &Context) -> Result<CensusOutput> {
    let Some(k) = req.size else { return Err(bad("{search} needs {size} K")) };
    // In the order of exact_colorings (not the tableau order of Engine::exact_colors), so
    // that a seed finds the same set as it always has.
    let e = Engine::for_universe(cubelab::coloring::exact_colorings(req.colors)?)?;
    let cubes = e.cubes();
    if k > cubes.len() || k < 8 {
        return Err(bad(format!("{{size}}: {k} is not between 8 and the {} cubes available", cubes.len())));
    }
    check_stop(ctx)?;
    let found = e.search_universal_sequential(k, req.seed, req.restarts, req.steps, ctx.progress(), ctx.stop())?;
    ctx.progress().finish();
    let mut sets = Vec::new();
    if let Some(set) = found {
        let chosen: Vec<_> = set.iter().map(|&i| cubes[i]).collect();
        let blocks = cubelab::target::Blocks::new(&chosen)?;
        for t in cubes {
            if blocks.count(t)? == 0 {
                return Err(internal(format!("internal error: the search's set does not build {t}")));
            }
        }
        sets.push(chosen.iter().map(|x| cubelab::notation::names_of(x).short().unwrap_or(x.face_string())).collect());
    }
    let report = Universal {
        census: tag::Universal,
        universe: universe_label(req.colors),
        method: req.method.into(),
        size: k,
        shard: None,
        none_below: Vec::new(),
        sets,
        search: Some(SearchInfo { seed: req.seed, restarts: req.restarts, verified: true }),
        lower_bound: None,
        checksum: None,
    };
    CensusOutput::new(CensusReport::Universal(report), req)
}

fn palette_7(req: &UniversalRequest, ctx: &Context) -> Result<CensusOutput> {
    let s = Engine::sadisticube7();
    let blocks = s.len();
    let Some(bound) = s.universal_lower_bound() else {
        return Err(internal(
            "internal error: color relabelings are not transitive on the blocks, the lower bound does not hold",
        ));
    };
    let (true, Some(k)) = (req.search, req.size) else {
        return Err(bad(format!(
            "universal with {{palette}} 7 needs {{search}} {{size}} K (C(210,K) sets cannot be enumerated); \
             every universal set has at least {} blocks",
            bound.bound
        )));
    };
    if !(8..=blocks).contains(&k) {
        return Err(bad(format!("{{size}}: {k} is not between 8 and the {blocks} blocks of {{palette}} 7")));
    }
    check_stop(ctx)?;
    let found = s.search_universal(k, req.seed, req.restarts, req.steps, ctx.progress(), ctx.stop())?;
    ctx.progress().finish();
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
        method: req.method.into(),
        size: k,
        shard: None,
        none_below: Vec::new(),
        sets: found.iter().map(|set| s.set_names(set)).collect(),
        search: Some(SearchInfo { seed: req.seed, restarts: req.restarts, verified: true }),
        lower_bound: Some(LowerBound { size: bound.bound, argument }),
        checksum: None,
    };
    CensusOutput::new(CensusReport::Universal(report), req)
}
