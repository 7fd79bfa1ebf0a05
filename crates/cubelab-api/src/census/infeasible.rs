//! `census infeasible`: the largest multisets building no target (Haraguchi's maximum
//! infeasible multiset), by exhausting every possible support.

use super::{bad, default_colors, engine, internal, palette7, resume, run_census, shard, shard_label, CensusOutput, Method};
use crate::error::{Error, Result};
use crate::{limits, Context};
use cubelab::census::report::{universe_label, CensusReport, Infeasible};
use cubelab::census::Part;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Arguments of `census infeasible` (no plot: the census has no histogram).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "InfeasibleArgs")]
pub struct InfeasibleRequest {
    /// Only multisets of these cubes (comma-separated).
    #[serde(default)]
    pub within: Option<Vec<String>>,
    /// graph: corner-graph theorems and Hall's condition; backtrack: the general solver.
    #[serde(default)]
    #[schemars(with = "String")]
    pub method: Method,
    /// Cubes using exactly N colors (C_N, N = 1..6): exhaustive censuses take N = 1, 2, 3
    /// or 6 (at most 32 cubes); `targets` and `universal` also take 4 and 5 (68 and 75
    /// cubes) for samples, --within and searches. An N a census cannot run is refused.
    #[serde(default = "default_colors")]
    pub colors: usize,
    /// Sadisticube 7: the 210 blocks colored with six of seven colors, and the 210 proper
    /// targets (K = 7 is the only palette supported; sampled, --within and search censuses).
    #[serde(default)]
    pub palette: Option<usize>,
    /// Run only part I of N of the census (merge the parts with `census merge`).
    #[serde(default)]
    pub shard: Option<String>,
    /// Save progress to this file after every batch (not echoed; refused by the web API).
    #[serde(default, skip_serializing)]
    pub checkpoint: Option<PathBuf>,
    /// Continue from the checkpoint file if it exists.
    #[serde(default, skip_serializing)]
    pub resume: bool,
    /// Start afresh and replace an existing checkpoint file.
    #[serde(default, skip_serializing)]
    pub force: bool,
}

/// Runs `census infeasible`.
pub fn run(req: &InfeasibleRequest, ctx: &Context) -> Result<CensusOutput> {
    if let Some(l) = ctx.limits() {
        limits::census("census infeasible", req.checkpoint.as_deref(), l)?;
    }
    if palette7(req.palette)? {
        return Err(bad("infeasible with {palette} 7 is not available: the walk over supports is for MacMahon's cubes"));
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
    let shard = shard(&req.shard)?;
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
        resume(&req.checkpoint, req.resume, req.force),
        Part::default(),
        |r, progress| {
            let p = search.run(r, best.load(Ordering::Relaxed), progress);
            best.fetch_max(p.max, Ordering::Relaxed);
            p
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
        shard_label(&req.shard)?,
        &census,
    );
    CensusOutput::new(CensusReport::Infeasible(report), req)
}
