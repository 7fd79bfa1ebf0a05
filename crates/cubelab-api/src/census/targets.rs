//! `census targets`: how many targets every K-subset builds (Table 2).
//!
//! Over at most 32 cubes (MacMahon's 30, C_1..C_3) on the subset tables: exhaustive, by
//! shard and checkpoint, or sampled. Over the 256-bit representation of [`Engine`]:
//! `palette` 7 (Sadisticube 7, the 210 blocks colored with six of seven colors and the
//! 210 proper targets) and `colors` 4 or 5 (68 and 75 cubes), exhaustive only over the
//! subsets of a given set (`within`), otherwise sampled (`sample`), always labelled as
//! such, with the exact figures that are cheap (the mean, the number of sets building
//! each target).

use super::{bad, check_stop, engine, internal, no_shards, palette7, run_census, CensusOutput};
use crate::error::{Error, Result};
use crate::Context;
use cubelab::census::engine::Engine;
use cubelab::census::report::universe_label;
use cubelab::census::report::{round6, tag, AllSizes, CensusReport, Exact, Sample, Targets, TargetsBase};
use cubelab::census::Tally;
use cubelab::combin::{binomial, binomial_u128};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// `size`: a set size K, or every size in one pass. Written (and echoed) as a string,
/// `"8"` or `"all"`; read from a string or a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetSize {
    /// Sets of K cubes.
    K(usize),
    /// Every size from 0 to the number of cubes.
    All,
}

impl FromStr for SetSize {
    type Err = Error;
    fn from_str(s: &str) -> Result<SetSize> {
        match s {
            "all" => Ok(SetSize::All),
            _ => s.parse().map(SetSize::K).map_err(|_| bad(format!("{{size}}: '{s}' is not a number or 'all'"))),
        }
    }
}

impl fmt::Display for SetSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetSize::K(k) => write!(f, "{k}"),
            SetSize::All => f.write_str("all"),
        }
    }
}

impl Serialize for SetSize {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for SetSize {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<SetSize, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            K(usize),
            S(String),
        }
        match Raw::deserialize(d)? {
            Raw::K(k) => Ok(SetSize::K(k)),
            Raw::S(s) => s.parse().map_err(|_| serde::de::Error::custom(format!("'{s}' is not a number or 'all'"))),
        }
    }
}

census_request! {
/// Arguments of `census targets`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "TargetsArgs")]
pub struct TargetsRequest {
    /// Set size K (0..=30), or `all` for every size in one pass.
    #[schemars(with = "String")]
    pub size: SetSize,
    /// List the sets that reach the maximum.
    #[serde(default)]
    pub list_max: bool,
    /// Only subsets of this set (comma-separated cubes, e.g. Haraguchi's twelve).
    #[serde(default)]
    pub within: Option<Vec<String>>,
    /// Sample N random sets instead of all of them (as Johnson-Roldan's study did);
    /// 1 to 10^12 (beyond that no printed digit of the mean changes).
    #[serde(default)]
    pub sample: Option<u64>,
    /// Seed of the random sample.
    #[serde(default = "one")]
    pub seed: u64,
} with method universe shards
}

/// The default seed of a sample.
pub const DEFAULT_SEED: u64 = 1;

fn one() -> u64 {
    DEFAULT_SEED
}

/// Largest `sample`: the standard error of a mean over 10^12 sets is below 10^-6 times
/// the spread of the counts, the precision every figure is printed to, so a larger sample
/// changes no printed digit of the mean (and would take days here).
pub const MAX_SAMPLES: u64 = 1_000_000_000_000;

/// Runs `census targets`.
pub fn run(req: &TargetsRequest, ctx: &Context) -> Result<CensusOutput> {
    req.shards().check_limits("census targets", ctx)?;
    match req.sample {
        Some(0) => return Err(bad("{sample}: give at least one set to sample")),
        Some(n) if n > MAX_SAMPLES => {
            return Err(bad(format!(
                "{{sample}}: {n} is more than {MAX_SAMPLES} sets (a larger sample changes no printed digit)"
            )))
        }
        _ => {}
    }
    if palette7(req.palette)? {
        return run_palette7(req, ctx);
    }
    // C_4 and C_5 are beyond the 32-cube engine: the census runs on the 256-bit one.
    if matches!(req.colors, 4 | 5) {
        return run_colors(req.colors, req, ctx);
    }
    let e = engine(req.colors)?;
    let within: Vec<usize> = match &req.within {
        Some(names) => e.parse_set(names).map_err(|e| Error::at_field(e, "within"))?,
        None => (0..e.len()).collect(),
    };
    let n = within.len();
    let sizes: Vec<usize> = match req.size {
        SetSize::All => (0..=n).collect(),
        SetSize::K(k) if k > n => {
            return Err(bad(format!("{{size}}: {k} is larger than the {n} cubes available")));
        }
        SetSize::K(k) => vec![k],
    };
    if req.sample.is_some() && (req.size == SetSize::All || req.shards().any()) {
        return Err(bad("{sample} takes one {size} and no {shard} or {checkpoint}"));
    }
    if sizes != [8] {
        e.check_subset_tables()?;
    }
    let method = req.method.into();
    e.prepare(method)?;
    let base = TargetsBase {
        universe: universe_label(req.colors),
        method,
        within: req.within.as_ref().map(|_| e.set_names(&within)),
        sample: req.sample.map(|samples| Sample { samples, seed: req.seed }),
        shard: req.shards().label()?,
    };
    let report = if let Some(samples) = req.sample {
        check_stop(ctx)?;
        let p = ctx.progress();
        p.start("random sets", samples, 0);
        let t = e.sample_within(sizes[0], &within, samples, req.seed, method, p, ctx.stop())?;
        p.finish();
        CensusReport::Targets(report_of(&base, sizes[0], &t, &e, &within, req.list_max))
    } else if req.size == SetSize::All {
        all_sizes(req, &e, &within, &base, ctx)?
    } else {
        one_size(req, &e, &within, sizes[0], &base, ctx)?
    };
    CensusOutput::new(report, req)
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
    req: &TargetsRequest,
    e: &Engine,
    within: &[usize],
    base: &TargetsBase,
    ctx: &Context,
) -> Result<CensusReport> {
    let n = within.len();
    let shard = req.shards().part()?;
    let range = shard.range(Engine::prefixes(n));
    let mask = mask_of(within);
    let fingerprint = format!(
        "targets-all {} {:?} within={mask:#x} list_max={} shard={shard}",
        base.universe, base.method, req.list_max
    );
    let tallies: Vec<Tally> = run_census(
        ctx,
        "every subset",
        &fingerprint,
        range,
        16,
        req.shards().resume(),
        vec![Tally::new(e.len()); n + 1],
        |r, p| e.tally_all_sizes_in(within, r, base.method, req.list_max, p, ctx.stop()),
        |acc: Vec<Tally>, part| acc.into_iter().zip(part).map(|(x, y)| x.merge(y)).collect(),
    )?;
    let sizes: Vec<Targets> =
        tallies.iter().enumerate().map(|(k, t)| report_of(base, k, t, e, within, req.list_max)).collect();
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
    req: &TargetsRequest,
    e: &Engine,
    within: &[usize],
    k: usize,
    base: &TargetsBase,
    ctx: &Context,
) -> Result<CensusReport> {
    let n = within.len() as u64;
    let mask = mask_of(within);
    let shard = req.shards().part()?;
    let range = shard.range(binomial(n, k as u64));
    let fingerprint = format!(
        "targets {} {:?} size={k} within={mask:#x} list_max={} shard={shard}",
        base.universe, base.method, req.list_max
    );
    let t = run_census(
        ctx,
        "targets census",
        &fingerprint,
        range,
        1 << 24,
        req.shards().resume(),
        Tally::new(e.len()),
        |r, p| e.tally_until(k, within, Some(r), base.method, req.list_max, p, ctx.stop()),
        Tally::merge,
    )?;
    Ok(CensusReport::Targets(report_of(base, k, &t, e, within, req.list_max)))
}

// ---------------------------------------------------------------- the 256-bit engine

/// A cube set for the 256-bit engine: the blocks, their label in outputs and the field that
/// chose them, as a template for messages (`{palette} 7`, [`Error::naming`]).
struct Big<'a> {
    s: &'a Engine,
    label: String,
    flag: String,
}

/// Largest number of sets an exhaustive `within` census runs through.
pub const MAX_WITHIN_SETS: u64 = 1 << 24;

/// `palette` 7.
fn run_palette7(req: &TargetsRequest, ctx: &Context) -> Result<CensusOutput> {
    if req.shards().any() {
        return Err(no_shards("{palette} 7", "samples, searches or small exhaustive runs"));
    }
    let engine = Engine::sadisticube7();
    let big = Big { s: &engine, label: "palette7".into(), flag: "{palette} 7".into() };
    targets(&big, req, ctx)
}

/// `colors` 4 or 5: sampled or `within`, as for `palette` 7.
fn run_colors(n: usize, req: &TargetsRequest, ctx: &Context) -> Result<CensusOutput> {
    if req.shards().any() {
        return Err(no_shards(&format!("{{colors}} {n}"), "samples or small exhaustive runs"));
    }
    let engine = Engine::for_universe(cubelab::coloring::exact_colorings(n)?)?;
    let big = Big { s: &engine, label: format!("C{n}"), flag: format!("{{colors}} {n}") };
    targets(&big, req, ctx)
}

fn names(s: &Engine, blocks: &[usize]) -> Vec<String> {
    blocks.iter().map(|&b| s.names()[b].clone()).collect()
}

fn base(big: &Big<'_>, req: &TargetsRequest) -> TargetsBase {
    TargetsBase { universe: big.label.clone(), method: req.method.into(), within: None, sample: None, shard: None }
}

fn targets(big: &Big<'_>, req: &TargetsRequest, ctx: &Context) -> Result<CensusOutput> {
    let (s, flag, n) = (big.s, &big.flag, big.s.len());
    if req.within.is_some() && req.sample.is_some() {
        return Err(bad(format!(
            "with {flag} give either {{within}} SET (every subset) or {{sample}} N (random sets), not both"
        )));
    }
    if let Some(names) = &req.within {
        return targets_within(big, req, names, ctx);
    }
    let k: usize = match req.size {
        SetSize::K(k) if k <= n => k,
        SetSize::K(k) => return Err(bad(format!("{{size}}: {k} is larger than the {n} cubes of {flag}"))),
        SetSize::All => {
            return Err(bad(format!("{{size}} all with {flag} needs {{within}} SET (2^{n} sets otherwise)")))
        }
    };
    let Some(samples) = req.sample else {
        return Err(bad(format!(
            "{flag}: the {} sets of {k} cubes are too many to enumerate here; give {{sample}} N (random sets) or \
             {{within}} SET (every subset of a set)",
            binomial_u128(n as u64, k as u64).map(|x| x.to_string()).unwrap_or_else(|| "more than 2^128".into())
        )));
    };
    let method = req.method.into();
    check_stop(ctx)?;
    let p = ctx.progress();
    p.next_phase(1, 2);
    p.start("random sets", samples, 0);
    let (tally, examples) = s.sample_with_examples(k, samples, req.seed, method, p, ctx.stop())?;
    check_stop(ctx)?;
    p.next_phase(2, 2);
    p.start("exact mean", 0, 0);
    let exact = exact_for(s, k, ctx)?;
    p.finish();
    let max_sets = req.list_max.then(|| examples.iter().map(|b| names(s, b)).collect());
    let mut out = Targets::new(&base(big, req), k, &tally, max_sets);
    out.sample = Some(Sample { samples, seed: req.seed });
    out.std_error = Some(round6(tally.std_dev() / (tally.sets as f64).sqrt()));
    out.exact = Some(exact);
    CensusOutput::new(CensusReport::Targets(out), req)
}

/// The exact mean and, where it fits 128 bits and every target is alike (one orbit of
/// relabelings), the number of K-sets building each target. Both dynamic programs poll
/// the context's token.
fn exact_for(s: &Engine, k: usize, ctx: &Context) -> Result<Exact> {
    let all = binomial_u128(s.len() as u64, k as u64);
    let per = match all {
        Some(_) => s.sets_building_each_target_until(k, ctx.stop())?,
        None => None,
    };
    Ok(Exact {
        mean: round6(s.exact_mean_until(k, ctx.stop())?),
        sets: all.map(|x| x.to_string()),
        sets_building_each_target: per.map(|x| x.to_string()),
    })
}

fn targets_within(big: &Big<'_>, req: &TargetsRequest, tokens: &[String], ctx: &Context) -> Result<CensusOutput> {
    let s = big.s;
    let within = s.parse_list(tokens).map_err(|e| Error::at_field(e, "within"))?;
    let n = within.len();
    if n > 32 {
        return Err(bad(format!("{{within}}: {n} blocks given; an exhaustive census takes at most 32")));
    }
    let sizes: Vec<usize> = match req.size {
        SetSize::All => (0..=n).collect(),
        SetSize::K(k) if k > n => {
            return Err(bad(format!("{{size}}: {k} is larger than the {n} blocks of {{within}}")));
        }
        SetSize::K(k) => vec![k],
    };
    let total: u64 = sizes.iter().map(|&k| binomial(n as u64, k as u64)).sum();
    if total > MAX_WITHIN_SETS {
        return Err(bad(format!(
            "{{within}}: {total} sets is more than an exhaustive {} census runs through ({MAX_WITHIN_SETS}); use {{sample}} N",
            big.flag
        )));
    }
    check_stop(ctx)?;
    let p = ctx.progress();
    p.start("every subset", total, 0);
    let names_of_positions =
        |q: u32| -> Vec<String> { (0..n).filter(|&i| q >> i & 1 == 1).map(|i| s.names()[within[i]].clone()).collect() };
    let mut base = base(big, req);
    base.within = Some(names(s, &within));
    let method = req.method.into();
    let outs: Vec<Targets> = sizes
        .iter()
        .map(|&k| {
            let t = s.tally_until(k, &within, None, method, req.list_max, p, ctx.stop())?;
            let max_sets = req.list_max.then(|| t.max_sets.iter().map(|&q| names_of_positions(q)).collect());
            Ok(Targets::new(&base, k, &t, max_sets))
        })
        .collect::<Result<_>>()?;
    p.finish();
    let report = if req.size == SetSize::All {
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
        CensusReport::Targets(outs.into_iter().next().ok_or_else(|| internal("one size"))?)
    };
    CensusOutput::new(report, req)
}
