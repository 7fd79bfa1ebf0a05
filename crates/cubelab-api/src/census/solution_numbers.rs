//! `census solution-numbers`: the distribution of solution numbers over every collection
//! of 8 cubes for one target or every target (Johnson-Roldán's Table 1).

use super::{bad, engine, internal, palette7, run_census, CensusOutput};
use crate::error::{Error, Result};
use crate::Context;
use cubelab::census::engine::Engine;
use cubelab::census::report::universe_label;
use cubelab::census::report::{tag, AllTargets, CensusReport, SolutionNumbers};
use cubelab::notation::parse_cube;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

census_request! {
/// Arguments of `census solution-numbers`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "SolutionArgs")]
pub struct SolutionNumbersRequest {
    /// The target (any notation); default Ba.
    #[serde(default, serialize_with = "target_or_default")]
    #[schemars(with = "String")]
    pub target: Option<String>,
    /// Run every target and say whether their distributions agree (not with --target).
    #[serde(default)]
    pub all_targets: bool,
} with method universe shards
}

/// The default target of `census solution-numbers`.
pub const DEFAULT_TARGET: &str = "Ba";

/// The echo of `target`: the target run (Ba when none was given).
fn target_or_default<S: serde::Serializer>(target: &Option<String>, s: S) -> std::result::Result<S::Ok, S::Error> {
    s.serialize_str(target.as_deref().unwrap_or(DEFAULT_TARGET))
}

fn solution_for(e: &Engine, t: usize, req: &SolutionNumbersRequest, ctx: &Context) -> Result<SolutionNumbers> {
    let total = e.collections();
    let name = &e.names()[t];
    let shard = req.shards().part()?;
    let method = req.method.into();
    let fingerprint = format!("solution-numbers {} {} {:?} {}", universe_label(req.colors), name, method, shard);
    let histogram = run_census(
        ctx,
        &format!("solution numbers for {name}"),
        &fingerprint,
        shard.range(total),
        1 << 20,
        req.shards().resume(),
        BTreeMap::new(),
        |r, p| e.solution_numbers_until(t, method, r, p, ctx.stop()),
        |mut a: BTreeMap<u64, u64>, b| {
            for (k, v) in b {
                *a.entry(k).or_insert(0) += v;
            }
            a
        },
    )?;
    Ok(SolutionNumbers {
        census: tag::SolutionNumbers,
        universe: universe_label(req.colors),
        method,
        target: name.clone(),
        shard: req.shards().label()?,
        collections: total,
        buildable: histogram.values().sum(),
        histogram,
        checksum: None,
    })
}

/// Runs `census solution-numbers`.
pub fn run(req: &SolutionNumbersRequest, ctx: &Context) -> Result<CensusOutput> {
    req.shards().check_limits("census solution-numbers", ctx)?;
    if palette7(req.palette)? {
        return Err(bad(format!(
            "solution-numbers with {{palette}} 7 is not available: each target has C({},8) collections of usable \
             blocks; `census targets {{palette}} 7 {{size}} 8 {{sample}} N` gives the exact number of 8-sets building each \
             target",
            Engine::sadisticube7().usable_count(0)
        )));
    }
    let e = engine(req.colors)?;
    let method: cubelab::census::Method = req.method.into();
    if method == cubelab::census::Method::Graph && !e.six_colored() {
        return Err(bad(
            "{method} graph needs six-colored cubes (each fits a corner in one way); use {method} backtrack",
        ));
    }
    let targets: Vec<usize> = if req.all_targets {
        if let Some(t) = &req.target {
            return Err(Error::bad("every target is run with all_targets: give no target").about("target", t));
        }
        if req.checkpoint.is_some() {
            return Err(bad("{checkpoint} is for one target at a time; shard {all_targets} runs instead"));
        }
        (0..e.len()).collect()
    } else {
        let target = req.target.as_deref().unwrap_or(DEFAULT_TARGET);
        let t = parse_cube(target).map_err(|e| Error::at_field(e, "target"))?;
        let index =
            e.index_of(&t).ok_or_else(|| bad(format!("{{target}}: '{target}' is not one of this census's cubes")))?;
        vec![index]
    };
    // One phase a target; with every target, numbered so that one display spans the run.
    let count = targets.len() as u64;
    let outs: Vec<SolutionNumbers> = (targets.iter().zip(1..))
        .map(|(&t, index)| {
            if count > 1 {
                ctx.progress().next_phase(index, count);
            }
            solution_for(&e, t, req, ctx)
        })
        .collect::<Result<_>>()?;
    let report = if req.all_targets {
        CensusReport::AllTargets(AllTargets {
            census: tag::AllTargets,
            universe: universe_label(req.colors),
            method,
            shard: req.shards().label()?,
            collections: e.collections(),
            agree: outs.windows(2).all(|w| w[0].histogram == w[1].histogram),
            targets: outs,
            checksum: None,
        })
    } else {
        CensusReport::SolutionNumbers(outs.into_iter().next().ok_or_else(|| internal("one target"))?)
    };
    CensusOutput::new(report, req)
}
