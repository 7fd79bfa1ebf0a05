//! Consistency checks of a report that need no checksum: the figures of a report must
//! agree with each other.

use super::{universe_colors, AllTargets, CensusReport, Infeasible, SolutionNumbers, Targets};
use crate::census::targets::Tally;
use crate::combin::binomial;
use crate::shard::Shard;
use crate::Error;

fn ensure(ok: bool, what: impl FnOnce() -> String) -> Result<(), Error> {
    if ok {
        Ok(())
    } else {
        Err(Error::checkpoint(format!("its figures disagree: {}", what())))
    }
}

/// Checks that the figures of a report agree with each other.
pub(super) fn consistent(r: &CensusReport) -> Result<(), Error> {
    match r {
        CensusReport::SolutionNumbers(s) => solution(s),
        CensusReport::AllTargets(a) => all_targets(a),
        CensusReport::Targets(t) => {
            targets(t)?;
            sets_in_shard(t)
        }
        CensusReport::AllSizes(a) => {
            for t in &a.sizes {
                targets(t)?;
            }
            let sum: u64 = a.sizes.iter().map(|t| t.sets).sum();
            ensure(sum == a.sets, || format!("{} sets in all, but the sizes add up to {sum}", a.sets))
        }
        CensusReport::Universal(u) => {
            let bad = u.sets.iter().find(|s| s.len() != u.size);
            ensure(bad.is_none(), || {
                format!("a universal set of {} cubes listed as size {}", bad.map_or(0, |s| s.len()), u.size)
            })
        }
        CensusReport::Infeasible(i) => infeasible(i),
        CensusReport::Multisets(_) | CensusReport::MaxTargets(_) | CensusReport::MaxTargetsSearch(_) => Ok(()),
    }
}

fn solution(s: &SolutionNumbers) -> Result<(), Error> {
    let sum: u64 = s.histogram.values().sum();
    ensure(sum == s.buildable, || {
        format!("{} buildable collections, but the histogram adds up to {sum}", s.buildable)
    })?;
    ensure(sum <= s.collections, || format!("{sum} buildable collections of only {}", s.collections))
}

fn all_targets(a: &AllTargets) -> Result<(), Error> {
    for t in &a.targets {
        solution(t)?;
        ensure(t.collections == a.collections, || {
            format!("target {} counts {} collections, not {}", t.target, t.collections, a.collections)
        })?;
    }
    let agree = a.targets.windows(2).all(|w| w[0].histogram == w[1].histogram);
    ensure(agree == a.agree, || format!("\"agree\" is {} but the distributions say {agree}", a.agree))
}

fn targets(t: &Targets) -> Result<(), Error> {
    let sum: u64 = t.histogram.values().sum();
    ensure(sum == t.sets, || format!("{} sets of {}, but the histogram adds up to {sum}", t.sets, t.size))?;
    let (min, max) = (t.histogram.keys().next().copied(), t.histogram.keys().next_back().copied());
    ensure(t.min == min && t.max == max, || format!("min and max of the sets of {} are not the histogram's", t.size))?;
    let at_max = max.map_or(0, |m| t.histogram[&m]);
    ensure(t.max_count == at_max, || {
        format!("{} sets of {} at the maximum, but the histogram says {at_max}", t.max_count, t.size)
    })?;
    let top = max.unwrap_or(0);
    ensure(top <= 1 << 16, || format!("a set of {} builds {top} targets", t.size))?;
    let top = top as usize;
    let mut tally = Tally::new(top + 1);
    tally.sets = t.sets;
    for (&k, &v) in &t.histogram {
        tally.histogram[k as usize] = v;
    }
    let (mean, sd) = (super::round6(tally.mean()), super::round6(tally.std_dev()));
    ensure(mean == t.mean && sd == t.std_dev, || {
        format!("the mean or standard deviation of the sets of {} is not the histogram's", t.size)
    })?;
    if let Some(sets) = &t.max_sets {
        let bad = sets.iter().find(|s| s.len() != t.size);
        ensure(bad.is_none(), || {
            format!("a set of {} cubes listed among the sets of {}", bad.map_or(0, |s| s.len()), t.size)
        })?;
        ensure(sets.len() as u64 <= t.max_count, || {
            format!("{} sets listed at the maximum, of {}", sets.len(), t.max_count)
        })?;
    }
    Ok(())
}

/// An exhaustive census of K-sets counts exactly its shard's part of C(n, K) sets.
fn sets_in_shard(t: &Targets) -> Result<(), Error> {
    if t.sample.is_some() {
        return Ok(());
    }
    let n = match &t.within {
        Some(w) => w.len(),
        None => match universe_colors(&t.universe) {
            Ok(colors) => crate::coloring::exact_colorings(colors)?.len(),
            Err(_) => return Ok(()),
        },
    };
    let shard = match &t.shard {
        Some(s) => Shard::parse(s)?,
        None => Shard::ALL,
    };
    let range = shard.range(binomial(n as u64, t.size as u64));
    let expected = range.end - range.start;
    ensure(t.sets == expected, || format!("{} sets of {}, but this shard has {expected}", t.sets, t.size))
}

fn infeasible(i: &Infeasible) -> Result<(), Error> {
    let sum: u64 = i.sets_by_size.iter().sum();
    ensure(sum == i.supports, || format!("{} supports, but the sizes add up to {sum}", i.supports))?;
    ensure(i.count == i.multisets.len() as u64, || {
        format!("{} multisets counted, {} listed", i.count, i.multisets.len())
    })?;
    let in_classes: u64 = i.classes.iter().map(|c| c.multisets as u64).sum();
    ensure(in_classes == i.count, || format!("{} multisets counted, {in_classes} in classes", i.count))?;
    let bad = i.multisets.iter().map(|m| m.values().map(|&k| k as usize).sum::<usize>()).find(|&n| n != i.max);
    ensure(bad.is_none(), || format!("a multiset of {} cubes listed among those of {}", bad.unwrap_or(0), i.max))
}
