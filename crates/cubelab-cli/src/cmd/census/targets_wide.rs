//! `census targets` on the 256-bit engine ([`Wide`]): `--palette 7` (Sadisticube 7, the
//! 210 blocks colored with six of seven colors and the 210 proper targets) and
//! `--colors 4|5` (68 and 75 cubes). Exhaustive only over the subsets of a given set
//! (`--within`); otherwise sampled (`--sample`), always labelled as such, with the exact
//! figures that are cheap (the mean, the number of sets building each target).

use super::targets::TargetsArgs;
use super::{finish, plot_histogram};
use crate::progress::Bar;
use anyhow::bail;
use cubelab::census::combin::binomial;
use cubelab::census::combin::binomial_u128;
use cubelab::census::report::{round6, tag, AllSizes, CensusReport, Exact, Sample, Targets, TargetsBase};
use cubelab::census::wide::Wide;
use cubelab::run::Progress;

/// A cube set for the 256-bit engine: the blocks, their label in outputs and the flag that
/// chose them (for messages).
struct Big {
    s: Wide,
    label: String,
    flag: String,
    what: String,
}

/// Largest number of sets an exhaustive `--within` census runs through.
const MAX_WITHIN_SETS: u64 = 1 << 24;

/// Runs `census targets --palette 7`.
pub(super) fn run_palette7(a: TargetsArgs) -> anyhow::Result<()> {
    if a.shard.shard.is_some() || a.checkpoint.checkpoint.is_some() {
        bail!(
            "--palette 7 censuses are samples, searches or small exhaustive runs: they take no --shard or --checkpoint"
        );
    }
    let big = Big {
        s: Wide::new(),
        label: "palette7".into(),
        flag: "--palette 7".into(),
        what: "Sadisticube 7 blocks".into(),
    };
    targets(&big, a)
}

/// Runs `census targets --colors 4|5`: sampled or `--within`, as for `--palette 7`.
pub(super) fn run_colors(n: usize, a: TargetsArgs) -> anyhow::Result<()> {
    if a.shard.shard.is_some() || a.checkpoint.checkpoint.is_some() {
        bail!("--colors {n} censuses are samples or small exhaustive runs: they take no --shard or --checkpoint");
    }
    let s = Wide::from_cubes(cubelab::coloring::exact_colorings(n)?)?;
    let big = Big { s, label: format!("C{n}"), flag: format!("--colors {n}"), what: format!("cubes of C_{n}") };
    targets(&big, a)
}

fn names(s: &Wide, blocks: &[usize]) -> Vec<String> {
    blocks.iter().map(|&b| s.names[b].clone()).collect()
}

fn base(big: &Big, a: &TargetsArgs) -> TargetsBase {
    TargetsBase { universe: big.label.clone(), method: a.method.method(), within: None, sample: None, shard: None }
}

fn targets(big: &Big, a: TargetsArgs) -> anyhow::Result<()> {
    let (s, flag, n) = (&big.s, &big.flag, big.s.len());
    if a.within.is_some() && a.sample.is_some() {
        bail!("with {flag} give either --within SET (every subset) or --sample N (random sets), not both");
    }
    if let Some(names) = &a.within {
        return targets_within(big, &a, names);
    }
    let k: usize = match a.size.parse() {
        Ok(k) if k <= n => k,
        Ok(k) => bail!("--size: {k} is larger than the {n} cubes of {flag}"),
        Err(_) if a.size == "all" => bail!("--size all with {flag} needs --within SET (2^{n} sets otherwise)"),
        Err(_) => bail!("--size: '{}' is not a number or 'all'", a.size),
    };
    let Some(samples) = a.sample else {
        bail!(
            "{flag}: the {} sets of {k} cubes are too many to enumerate here; give --sample N (random sets) or \
             --within SET (every subset of a set)",
            binomial_u128(n as u64, k as u64).map(|x| x.to_string()).unwrap_or_else(|| "more than 2^128".into())
        );
    };
    if samples == 0 {
        bail!("--sample: give at least one set to sample");
    }
    let method = a.method.method();
    let bar = Bar::counting(samples, "random sets");
    let (tally, examples) = s.sample(k, samples, a.seed, method, &|n| bar.advance(n));
    bar.finish();
    let spinner = Bar::spinner("exact mean");
    let exact = exact_for(s, k)?;
    spinner.finish();
    let max_sets = a.list_max.then(|| examples.iter().map(|b| names(s, b)).collect());
    let mut out = Targets::new(&base(big, &a), k, &tally, max_sets);
    out.sample = Some(Sample { samples, seed: a.seed });
    out.std_error = Some(round6(tally.std_dev() / (tally.sets as f64).sqrt()));
    out.exact = Some(exact);
    if let Some(p) = &a.plot.plot {
        plot_histogram(
            p,
            &format!("Targets built by {samples} random sets of {k} {} (sample, seed {})", big.what, a.seed),
            "number of targets built",
            &out.histogram,
        )?;
    }
    finish(&a, CensusReport::Targets(out), None, &a.format)
}

/// The exact mean and, where it fits 128 bits and every target is alike (one orbit of
/// relabelings), the number of K-sets building each target.
fn exact_for(s: &Wide, k: usize) -> anyhow::Result<Exact> {
    let all = binomial_u128(s.len() as u64, k as u64);
    let per = all.filter(|_| s.relabelings_transitive()).and_then(|_| s.building_subsets(0, k).ok().map(|v| v[k]));
    Ok(Exact {
        mean: round6(s.exact_mean_all(k)?),
        sets: all.map(|x| x.to_string()),
        sets_building_each_target: per.map(|x| x.to_string()),
    })
}

fn targets_within(big: &Big, a: &TargetsArgs, tokens: &[String]) -> anyhow::Result<()> {
    let s = &big.s;
    let within = s.parse_blocks(tokens).map_err(|e| cubelab::notation::at_position(e, "--within"))?;
    let n = within.len();
    if n > 32 {
        bail!("--within: {n} blocks given; an exhaustive census takes at most 32");
    }
    let sizes: Vec<usize> = if a.size == "all" {
        (0..=n).collect()
    } else {
        let k: usize = a.size.parse().map_err(|_| anyhow::anyhow!("--size: '{}' is not a number or 'all'", a.size))?;
        if k > n {
            bail!("--size: {k} is larger than the {n} blocks of --within");
        }
        vec![k]
    };
    let total: u64 = sizes.iter().map(|&k| binomial(n as u64, k as u64)).sum();
    if total > MAX_WITHIN_SETS {
        bail!("--within: {total} sets is more than an exhaustive {} census runs through ({MAX_WITHIN_SETS}); use --sample N", big.flag);
    }
    let bar = Bar::counting(total, "every subset");
    let names_of_positions =
        |p: u32| -> Vec<String> { (0..n).filter(|&i| p >> i & 1 == 1).map(|i| s.names[within[i]].clone()).collect() };
    let mut base = base(big, a);
    base.within = Some(names(s, &within));
    let method = a.method.method();
    let outs: Vec<Targets> = sizes
        .iter()
        .map(|&k| {
            let t =
                s.tally_within(&within, k, 0..binomial(n as u64, k as u64), method, a.list_max, &|x| bar.advance(x));
            let max_sets = a.list_max.then(|| t.max_sets.iter().map(|&p| names_of_positions(p)).collect());
            Targets::new(&base, k, &t, max_sets)
        })
        .collect();
    bar.finish();
    let report = if a.size == "all" {
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
        CensusReport::Targets(outs.into_iter().next().ok_or_else(|| anyhow::anyhow!("one size"))?)
    };
    finish(&a, report, a.plot.plot.as_deref(), &a.format)
}
