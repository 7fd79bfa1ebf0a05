//! `census infeasible`: the largest multisets building no target (Haraguchi's maximum
//! infeasible multiset), by exhausting every possible support.

use super::{bad, engine, internal, palette7, run_census, CensusOutput};
use crate::error::{Error, Result};
use crate::Context;
use cubelab::census::report::{universe_label, CensusReport, Infeasible};
use cubelab::census::Part;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicUsize, Ordering};

census_request! {
/// Arguments of `census infeasible` (no plot: the census has no histogram).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "InfeasibleArgs")]
pub struct InfeasibleRequest {
    /// Only multisets of these cubes (comma-separated).
    #[serde(default)]
    pub within: Option<Vec<String>>,
} with method universe shards
}

/// Runs `census infeasible`.
pub fn run(req: &InfeasibleRequest, ctx: &Context) -> Result<CensusOutput> {
    req.shards().check_limits("census infeasible", ctx)?;
    if palette7(req.palette)? {
        return Err(bad(
            "infeasible with {palette} 7 is not available: the walk over supports is for MacMahon's cubes",
        ));
    }
    let colors = req.colors;
    if colors != 6 {
        return Err(bad(format!(
            "{{colors}} {colors}: the infeasible census is for MacMahon's cubes ({{colors}} 6); over fewer colors almost every set builds nothing, so the supports are too many to walk"
        )));
    }
    let e = engine(colors)?;
    let cubes: Vec<usize> = match &req.within {
        Some(names) => e.parse_set(names).map_err(|e| Error::at_field(e, "within"))?,
        None => (0..e.len()).collect(),
    };
    // The fingerprint names the set as a bitmask, all ones for every cube (as checkpoints always have).
    let within = match &req.within {
        Some(_) => cubes.iter().fold(0u32, |m, &c| m | 1 << c),
        None => u32::MAX,
    };
    let method = req.method.into();
    let search = e.infeasible_search(method, &cubes)?;
    let shard = req.shards().part()?;
    let range = shard.range(search.items());
    let fingerprint = format!("infeasible {} {:?} within={within:#x} shard={shard}", universe_label(colors), method);
    // The largest size found so far only prunes what is strictly smaller (see the library).
    let best = AtomicUsize::new(0);
    let part = run_census(
        ctx,
        "supports",
        &fingerprint,
        range,
        64,
        req.shards().resume(),
        Part::default(),
        |r, progress| {
            let p = search.run_until(r, best.load(Ordering::Relaxed), progress, ctx.stop())?;
            best.fetch_max(p.max, Ordering::Relaxed);
            Ok(p)
        },
        Part::merge,
    )?;
    let census = search.finish(part)?;
    let u = e.universe().ok_or_else(|| internal("the infeasible census runs on the small representation"))?;
    let report = Infeasible::new(
        u,
        &universe_label(colors),
        method,
        req.within.as_ref().map(|_| e.set_names(&cubes)),
        req.shards().label()?,
        &census,
    );
    CensusOutput::new(CensusReport::Infeasible(report), req)
}
