//! `census multisets`: the targets built by every multiset of 8 cubes (Sobczyk's puzzles).

use super::{bad, engine, palette7, CensusOutput};
use crate::error::{Error, ErrorKind, Result};
use crate::{limits, Context};
use cubelab::census::report::{tag, universe_label, CensusReport, MaxSet, Multisets};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

census_request! {
/// Arguments of `census multisets` (a census of seconds: no shards, no checkpoints).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "MultisetArgs")]
pub struct MultisetsRequest {
    /// Multiset size (only 8: the 2x2x2 puzzle uses all its blocks).
    #[serde(default = "eight")]
    pub size: usize,
} with method universe
}

/// The default (and only) multiset size.
pub const DEFAULT_SIZE: usize = 8;

fn eight() -> usize {
    DEFAULT_SIZE
}

/// Runs `census multisets`.
pub fn run(req: &MultisetsRequest, ctx: &Context) -> Result<CensusOutput> {
    if let Some(l) = ctx.limits() {
        limits::census("census multisets", None, l)?;
    }
    if palette7(req.palette)? {
        return Err(bad(
            "multisets with {palette} 7 is not available (C(217,8) multisets); try `cubelab build` on one multiset",
        ));
    }
    if req.size != 8 {
        return Err(bad("{size}: a 2x2x2 puzzle uses exactly 8 blocks, so only {size} 8 is a census of puzzles"));
    }
    let e = engine(req.colors)?;
    let method: cubelab::census::Method = req.method.into();
    super::check_stop(ctx)?;
    // The library says why the graph method cannot run; the error names the fields.
    let colors = req.colors;
    let graph = if method == cubelab::census::Method::Graph && !e.six_colored() { " {method} graph" } else { "" };
    let census = e.multiset_census(method, ctx.progress(), ctx.stop()).map_err(|e| match e.kind() {
        cubelab::ErrorKind::Stopped => Error::from(e),
        kind => Error::naming(ErrorKind::of(kind), format!("{{colors}} {colors}{graph}: {e}")),
    })?;
    ctx.progress().finish();
    let histogram: BTreeMap<u64, u64> =
        census.histogram.iter().enumerate().filter(|(_, &v)| v > 0).map(|(k, &v)| (k as u64, v)).collect();
    let max = histogram.keys().next_back().copied().unwrap_or(0);
    let examples = census
        .max_examples
        .iter()
        .take(20)
        .map(|types| {
            let mut targets = Vec::new();
            for t in 0..e.len() {
                if e.multiset_builds(t, types, method)? {
                    targets.push(e.names()[t].clone());
                }
            }
            Ok(MaxSet { collection: types.iter().map(|&i| e.names()[i].clone()).collect(), targets })
        })
        .collect::<Result<_>>()?;
    let report = Multisets {
        census: tag::Multisets,
        universe: universe_label(req.colors),
        method,
        multisets: census.multisets,
        max,
        max_count: histogram.get(&max).copied().unwrap_or(0),
        histogram,
        examples,
    };
    CensusOutput::new(CensusReport::Multisets(report), req)
}
