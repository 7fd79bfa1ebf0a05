//! `cubelab census … --palette 7`: Sadisticube 7, the 210 blocks colored with six of seven
//! colors and the 210 proper targets. Exhaustive only over the subsets of a given set
//! (`--within`); otherwise sampled (`--sample`) or searched (`--search`, `max-targets`),
//! always labelled as such, with the exact figures that are cheap (the mean, the number of
//! sets building each target, a lower bound on universal sets).

use super::{
    plot_histogram, progress_bar, round6, AllSizesOut, CensusCommand, Common, Exact, LowerBound, MaxArgs, MaxSet,
    Sample, SearchInfo, TargetsArgs, TargetsOut, UniversalArgs, UniversalOut,
};
use crate::output::{emit, Report};
use anyhow::bail;
use cubelab::census::combin::binomial;
use cubelab::census::seven::{binomial_u128, Seven, BLOCKS};
use cubelab::census::targets::Tally;
use cubelab::census::Method;
use indicatif::ProgressBar;
use serde::Serialize;
use std::collections::BTreeMap;

const UNIVERSE: &str = "palette7";

/// A cube set for the 256-bit engine: the blocks, their label in outputs and the flag that
/// chose them (for messages).
pub(super) struct Big {
    s: Seven,
    label: String,
    flag: String,
    what: String,
}

impl Big {
    fn palette7() -> Big {
        Big { s: Seven::new(), label: UNIVERSE.into(), flag: "--palette 7".into(), what: "Sadisticube 7 blocks".into() }
    }

    /// C_n for n = 4, 5 (68 and 75 cubes), beyond the 32-cube engine.
    fn colors(n: usize) -> anyhow::Result<Big> {
        let s = Seven::from_cubes(cubelab::coloring::exact_colorings(n)?)?;
        Ok(Big { s, label: format!("C{n}"), flag: format!("--colors {n}"), what: format!("cubes of C_{n}") })
    }
}

/// Runs `census targets --colors 4|5`: sampled or `--within`, as for `--palette 7`.
pub(super) fn run_colors(n: usize, a: TargetsArgs) -> anyhow::Result<()> {
    let c = &a.common;
    if c.shard.is_some() || c.checkpoint.is_some() {
        bail!("--colors {n} censuses are samples or small exhaustive runs: they take no --shard or --checkpoint");
    }
    targets(&Big::colors(n)?, a)
}

/// Largest number of sets an exhaustive `--within` census runs through.
const MAX_WITHIN_SETS: u64 = 1 << 24;

/// Refuses every palette but 7, in one line.
pub(super) fn check_palette(p: usize) -> anyhow::Result<()> {
    if p != 7 {
        bail!(
            "--palette {p} is not supported: only --palette 7 (Sadisticube 7, blocks over six of seven colors); \
             MacMahon's six colors are the default and other cube sets are --colors N"
        );
    }
    Ok(())
}

/// Runs a census with `--palette 7`.
pub(super) fn run(command: CensusCommand) -> anyhow::Result<()> {
    let c = command.common().expect("merge has no --palette");
    if c.shard.is_some() || c.checkpoint.is_some() {
        bail!(
            "--palette 7 censuses are samples, searches or small exhaustive runs: they take no --shard or --checkpoint"
        );
    }
    let big = Big::palette7();
    let s = &big.s;
    match command {
        CensusCommand::SolutionNumbers(_) => bail!(
            "solution-numbers with --palette 7 is not available: each target has C({},8) collections of usable blocks; \
             `census targets --palette 7 --size 8 --sample N` gives the exact number of 8-sets building each target",
            s.usable(0).len()
        ),
        CensusCommand::Multisets(_) => {
            bail!(
                "multisets with --palette 7 is not available (C(217,8) multisets); try `cubelab build` on one multiset"
            )
        }
        CensusCommand::Infeasible(_) => {
            bail!("infeasible with --palette 7 is not available: the walk over supports is for MacMahon's cubes")
        }
        CensusCommand::Targets(a) => targets(&big, a),
        CensusCommand::Universal(a) => universal(s, a),
        CensusCommand::MaxTargets(a) => max_targets(s, a),
        CensusCommand::Merge(_) => unreachable!("merge has no --palette"),
    }
}

fn names(s: &Seven, blocks: &[usize]) -> Vec<String> {
    blocks.iter().map(|&b| s.names[b].clone()).collect()
}

fn histogram_of(t: &Tally) -> BTreeMap<u64, u64> {
    t.histogram.iter().enumerate().filter(|(_, &v)| v > 0).map(|(k, &v)| (k as u64, v)).collect()
}

/// The common part of a targets report from a tally.
fn targets_out(label: &str, c: &Common, size: usize, t: &Tally, max_sets: Option<Vec<Vec<String>>>) -> TargetsOut {
    let histogram = histogram_of(t);
    let max = t.max();
    TargetsOut {
        census: "targets".into(),
        universe: label.into(),
        method: c.method(),
        size,
        within: None,
        sample: None,
        shard: None,
        sets: t.sets,
        mean: round6(t.mean()),
        std_dev: round6(t.std_dev()),
        min: histogram.keys().next().copied(),
        max: max.map(|m| m as u64),
        max_count: max.map(|m| t.histogram[m]).unwrap_or(0),
        max_sets,
        histogram,
        std_error: None,
        exact: None,
    }
}

fn targets(big: &Big, a: TargetsArgs) -> anyhow::Result<()> {
    let (s, flag, n) = (&big.s, &big.flag, big.s.len());
    let c = &a.common;
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
    let bar = progress_bar(samples, "random sets");
    let (tally, examples) = s.sample(k, samples, a.seed, c.method(), &|n| bar.inc(n));
    bar.finish_and_clear();
    let spinner = ProgressBar::new_spinner();
    spinner.set_message("exact mean");
    let exact = exact_for(s, k)?;
    spinner.finish_and_clear();
    let mut out =
        targets_out(&big.label, c, k, &tally, a.list_max.then(|| examples.iter().map(|b| names(s, b)).collect()));
    out.sample = Some(Sample { samples, seed: a.seed });
    out.std_error = Some(round6(tally.std_dev() / (tally.sets as f64).sqrt()));
    out.exact = Some(exact);
    if let Some(p) = &c.plot {
        plot_histogram(
            p,
            &format!("Targets built by {samples} random sets of {k} {} (sample, seed {})", big.what, a.seed),
            "number of targets built",
            &out.histogram,
        )?;
    }
    emit(&out, c.format.format())
}

/// The exact mean and, where it fits 128 bits and every target is alike (one orbit of
/// relabelings), the number of K-sets building each target.
fn exact_for(s: &Seven, k: usize) -> anyhow::Result<Exact> {
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
    let c = &a.common;
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
    let bar = progress_bar(total, "every subset");
    let names_of_positions =
        |p: u32| -> Vec<String> { (0..n).filter(|&i| p >> i & 1 == 1).map(|i| s.names[within[i]].clone()).collect() };
    let outs: Vec<TargetsOut> = sizes
        .iter()
        .map(|&k| {
            let t =
                s.tally_within(&within, k, 0..binomial(n as u64, k as u64), c.method(), a.list_max, &|x| bar.inc(x));
            let mut out = targets_out(
                &big.label,
                c,
                k,
                &t,
                a.list_max.then(|| t.max_sets.iter().map(|&p| names_of_positions(p)).collect()),
            );
            out.within = Some(names(s, &within));
            out
        })
        .collect();
    bar.finish_and_clear();
    if a.size == "all" {
        let out = AllSizesOut {
            census: "targets-all".into(),
            universe: big.label.clone(),
            method: c.method(),
            size: "all".into(),
            within: Some(names(s, &within)),
            shard: None,
            sets: outs.iter().map(|o| o.sets).sum(),
            sizes: outs,
        };
        super::finish_all_sizes(&out, c.plot.as_deref(), &c.format)
    } else {
        super::finish_targets(&outs[0], c.plot.as_deref(), &c.format)
    }
}

fn universal(s: &Seven, a: UniversalArgs) -> anyhow::Result<()> {
    let c = &a.common;
    let Some(bound) = s.universal_lower_bound() else {
        bail!("internal error: color relabelings are not transitive on the blocks, the lower bound does not hold");
    };
    if !a.search {
        bail!(
            "universal with --palette 7 needs --search --size K (C(210,K) sets cannot be enumerated); \
             every universal set has at least {} blocks",
            bound.bound
        );
    }
    let k = a.size.expect("clap requires --size with --search");
    if !(8..=BLOCKS).contains(&k) {
        bail!("--size: {k} is not between 8 and the {BLOCKS} blocks of --palette 7");
    }
    let spinner = ProgressBar::new_spinner();
    spinner.set_message(format!("searching for {k} blocks that build all {BLOCKS} targets"));
    let found = s.search_universal(k, a.seed, a.restarts, a.steps);
    spinner.finish_and_clear();
    let argument = format!(
        "Hall's condition for any target, here {}: its {} corners {} need {} distinct blocks among the {} of the 210 \
         fitting one of them; color relabelings carry fits to fits and act transitively on the 210 blocks, so \
         averaging over them gives N*{}/210 >= {}",
        s.names[bound.target],
        bound.needed,
        bound.corner_names().join(" "),
        bound.needed,
        bound.neighbours,
        bound.neighbours,
        bound.needed
    );
    let out = UniversalOut {
        census: "universal".into(),
        universe: UNIVERSE.into(),
        method: c.method(),
        size: k,
        shard: None,
        none_below: Vec::new(),
        sets: found.iter().map(|set| names(s, set)).collect(),
        search: Some(SearchInfo { seed: a.seed, restarts: a.restarts, verified: true }),
        lower_bound: Some(LowerBound { size: bound.bound, argument }),
    };
    emit(&out, c.format.format())
}

#[derive(Serialize)]
struct MaxSevenOut {
    census: String,
    universe: String,
    /// Found by local search: a lower bound on the maximum, not the maximum.
    search: SearchInfo,
    steps: usize,
    /// The most targets an 8-set found by the search builds.
    max_found: usize,
    /// Every set listed builds exactly `max_found` targets by both methods.
    verified: bool,
    /// With --prove: the exhaustive search found no 8 blocks building `max_found` + 1
    /// targets, so `max_found` is the maximum.
    #[serde(skip_serializing_if = "Option::is_none")]
    proven_maximum: Option<bool>,
    sets: Vec<MaxSet>,
}

impl Report for MaxSevenOut {
    fn text(&self) -> String {
        let mut s = format!(
            "local search (seed {}, {} starts of {} swaps): 8 blocks building {} targets, checked by the solver; ",
            self.search.seed, self.search.restarts, self.steps, self.max_found
        );
        s += &match self.proven_maximum {
            Some(true) => format!(
                "exhaustive search: no 8 blocks build {}, so the maximum is exactly {}\n",
                self.max_found + 1,
                self.max_found
            ),
            _ => format!("the maximum is at least {} (no upper bound without --prove)\n", self.max_found),
        };
        for m in &self.sets {
            s += &format!("  {}  ->  {}\n", m.collection.join(" "), m.targets.join(" "));
        }
        s
    }
}

fn max_targets(s: &Seven, a: MaxArgs) -> anyhow::Result<()> {
    let c = &a.common;
    let (seed, restarts, steps) = (a.seed.unwrap_or(1), a.restarts.unwrap_or(40), a.steps.unwrap_or(5_000));
    if restarts == 0 {
        bail!("--restarts: give at least one start");
    }
    let spinner = ProgressBar::new_spinner();
    spinner.set_message("searching for 8 blocks building many targets");
    let (max_found, sets) = s.search_max_targets(seed, restarts, steps);
    spinner.finish_and_clear();
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
        let bar = progress_bar((BLOCKS - 1) as u64, &format!("proving that no 8 blocks build {}", max_found + 1));
        let better = s.eight_building_at_least(max_found + 1, &|n| bar.inc(n));
        bar.finish_and_clear();
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
    let out = MaxSevenOut {
        census: "max-targets".into(),
        proven_maximum,
        universe: UNIVERSE.into(),
        search: SearchInfo { seed, restarts, verified: true },
        steps,
        max_found,
        verified: true,
        sets: listed,
    };
    emit(&out, c.format.format())
}
