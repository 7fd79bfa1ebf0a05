//! Merging the shards of one census into the report of the whole census.

use super::{
    universe_colors, AllSizes, AllTargets, CensusReport, Infeasible, SolutionNumbers, Targets, TargetsBase, Universal,
};
use crate::census::infeasible::{InfeasibleSearch, Part};
use crate::census::targets::Tally;
use crate::census::Universe;
use crate::shard::Shard;
use crate::Error;
use std::collections::BTreeMap;

/// Merges the reports of the shards of one census into the report of the whole census,
/// byte for byte the report an unsharded run prints.
///
/// Each part comes with the name messages use for it (a file name, say) and the input it
/// was printed with (see [`CensusReport::from_json`]). Every part must pass
/// [`CensusReport::verify`] (its checksum matches, its figures agree), be a shard of the
/// same census as the first (same kind and parameters, compared field by field, and the
/// same input but for `"shard"`), and the shards must be `1/N`, ..., `N/N`, each exactly
/// once, in any order. Returns the input of the whole census (`"shard"` null) and its
/// report.
///
/// ```
/// use cubelab::census::report::{merge, CensusReport};
/// let err = merge::<&str>(&[]).unwrap_err();
/// assert!(err.to_string().contains("no shards"));
/// ```
pub fn merge<S: AsRef<str>>(
    parts: &[(S, serde_json::Value, CensusReport)],
) -> Result<(serde_json::Value, CensusReport), Error> {
    let Some((first_name, first_input, first)) = parts.first() else {
        return Err(Error::out_of_range("no shards to merge"));
    };
    let whole_input = |input: &serde_json::Value| {
        let mut i = input.clone();
        if let Some(o) = i.as_object_mut() {
            o.insert("shard".into(), serde_json::Value::Null);
        }
        i
    };
    let mut shards = Vec::new();
    for (name, input, r) in parts {
        let name = name.as_ref();
        r.verify(input).map_err(|e| e.at(name))?;
        let s = r.shard().ok_or_else(|| Error::checkpoint(format!("{name}: not a shard (no \"shard\" field)")))?;
        if !same_census(first, r) || whole_input(input) != whole_input(first_input) {
            return Err(Error::checkpoint(format!(
                "{name}: not a shard of the same census as {}",
                first_name.as_ref()
            )));
        }
        shards.push(Shard::parse(s).map_err(|e| e.at(name))?);
    }
    let count = shards[0].count;
    let mut seen: Vec<u64> = shards.iter().map(|s| s.index).collect();
    seen.sort_unstable();
    if shards.iter().any(|s| s.count != count) || seen != (1..=count).collect::<Vec<_>>() {
        return Err(Error::checkpoint(format!(
            "the files hold shards {} but a census of {count} shards needs each of 1..{count} once",
            shards.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
        )));
    }
    let reports: Vec<&CensusReport> = parts.iter().map(|(_, _, r)| r).collect();
    macro_rules! all {
        ($variant:ident) => {
            reports
                .iter()
                .filter_map(|r| match r {
                    CensusReport::$variant(x) => Some(x),
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
    }
    let whole = match first {
        CensusReport::SolutionNumbers(_) => CensusReport::SolutionNumbers(merge_solution(&all!(SolutionNumbers))),
        CensusReport::AllTargets(_) => CensusReport::AllTargets(merge_all_targets(&all!(AllTargets))),
        CensusReport::Targets(_) => CensusReport::Targets(merge_targets(&all!(Targets))?),
        CensusReport::AllSizes(_) => CensusReport::AllSizes(merge_all_sizes(&all!(AllSizes))?),
        CensusReport::Universal(_) => CensusReport::Universal(merge_universal(&all!(Universal))?),
        CensusReport::Infeasible(_) => CensusReport::Infeasible(merge_infeasible(&all!(Infeasible))?),
        other => return Err(Error::checkpoint(format!("census '{}' cannot be merged", other.census()))),
    };
    Ok((whole_input(first_input), whole))
}

/// Whether two reports are of the same census: same kind, same parameters.
fn same_census(a: &CensusReport, b: &CensusReport) -> bool {
    use CensusReport as R;
    match (a, b) {
        (R::SolutionNumbers(a), R::SolutionNumbers(b)) => solution_params(a) == solution_params(b),
        (R::AllTargets(a), R::AllTargets(b)) => {
            (&a.universe, a.method, a.collections) == (&b.universe, b.method, b.collections)
                && a.targets.iter().map(solution_params).eq(b.targets.iter().map(solution_params))
        }
        (R::Targets(a), R::Targets(b)) => targets_params(a) == targets_params(b),
        (R::AllSizes(a), R::AllSizes(b)) => {
            (&a.universe, a.method, &a.size, &a.within) == (&b.universe, b.method, &b.size, &b.within)
                && a.sizes.iter().map(targets_params).eq(b.sizes.iter().map(targets_params))
        }
        (R::Universal(a), R::Universal(b)) => {
            (&a.universe, a.method, a.size, &a.none_below, &a.search, &a.lower_bound)
                == (&b.universe, b.method, b.size, &b.none_below, &b.search, &b.lower_bound)
        }
        (R::Infeasible(a), R::Infeasible(b)) => {
            (&a.universe, a.method, &a.within) == (&b.universe, b.method, &b.within)
        }
        _ => false,
    }
}

fn solution_params(s: &SolutionNumbers) -> (&str, crate::census::Method, &str, u64) {
    (&s.universe, s.method, &s.target, s.collections)
}

type TargetsParams<'a> =
    (&'a str, crate::census::Method, usize, &'a Option<Vec<String>>, &'a Option<super::Sample>, bool, bool);

fn targets_params(t: &Targets) -> TargetsParams<'_> {
    (&t.universe, t.method, t.size, &t.within, &t.sample, t.max_sets.is_some(), t.exact.is_some())
}

fn add_histograms<'a>(hs: impl Iterator<Item = &'a BTreeMap<u64, u64>>) -> BTreeMap<u64, u64> {
    let mut out = BTreeMap::new();
    for h in hs {
        for (k, v) in h {
            *out.entry(*k).or_insert(0) += v;
        }
    }
    out
}

fn merge_solution(parts: &[&SolutionNumbers]) -> SolutionNumbers {
    let mut out = parts[0].clone();
    out.shard = None;
    out.checksum = None;
    out.histogram = add_histograms(parts.iter().map(|p| &p.histogram));
    out.buildable = out.histogram.values().sum();
    out
}

fn merge_all_targets(parts: &[&AllTargets]) -> AllTargets {
    let mut out = parts[0].clone();
    out.shard = None;
    out.checksum = None;
    for (i, t) in out.targets.iter_mut().enumerate() {
        t.shard = None;
        t.histogram = add_histograms(parts.iter().map(|p| &p.targets[i].histogram));
        t.buildable = t.histogram.values().sum();
    }
    out.agree = out.targets.windows(2).all(|w| w[0].histogram == w[1].histogram);
    out
}

fn universe_of(label: &str) -> Result<Universe, Error> {
    Universe::exact(universe_colors(label)?)
}

fn merge_targets(parts: &[&Targets]) -> Result<Targets, Error> {
    let first = parts[0];
    let u = universe_of(&first.universe)?;
    let mut tally = Tally::new(u.len());
    for p in parts {
        tally = tally.merge(p.to_tally(&u)?);
    }
    let base = TargetsBase {
        universe: first.universe.clone(),
        method: first.method,
        within: first.within.clone(),
        sample: first.sample.clone(),
        shard: None,
    };
    let max_sets = first.max_sets.as_ref().map(|_| tally.max_sets.iter().map(|&s| u.set_names(s)).collect());
    Ok(Targets::new(&base, first.size, &tally, max_sets))
}

fn merge_all_sizes(parts: &[&AllSizes]) -> Result<AllSizes, Error> {
    let mut out = parts[0].clone();
    out.shard = None;
    out.checksum = None;
    out.sizes = (0..out.sizes.len())
        .map(|i| merge_targets(&parts.iter().map(|p| &p.sizes[i]).collect::<Vec<_>>()))
        .collect::<Result<_, _>>()?;
    out.sets = out.sizes.iter().map(|s| s.sets).sum();
    Ok(out)
}

fn merge_universal(parts: &[&Universal]) -> Result<Universal, Error> {
    let mut out = parts[0].clone();
    out.shard = None;
    out.checksum = None;
    let u = universe_of(&out.universe)?;
    let mut sets: Vec<u32> =
        parts.iter().flat_map(|p| p.sets.iter().map(|s| u.parse_set(s))).collect::<Result<_, _>>()?;
    sets.sort_unstable_by_key(|&s| (s.count_ones(), s));
    out.sets = sets.iter().map(|&s| u.set_names(s)).collect();
    Ok(out)
}

fn merge_infeasible(parts: &[&Infeasible]) -> Result<Infeasible, Error> {
    let first = parts[0];
    let u = universe_of(&first.universe)?;
    let within = match &first.within {
        Some(names) => u.parse_set(names)?,
        None => u32::MAX,
    };
    let mut whole = Part::default();
    for p in parts {
        whole = whole.merge(p.to_part(&u)?);
    }
    let search = InfeasibleSearch::new(&u, first.method, within)?;
    let census = search.finish(whole)?;
    Ok(Infeasible::new(&u, &first.universe, first.method, first.within.clone(), None, &census))
}
