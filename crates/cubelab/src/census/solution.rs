//! Solution numbers of every collection of 8 distinct cubes for one target
//! (Johnson–Roldán Table 1).

use super::combin::for_each_subset_in;
use super::shard::chunked_until;
use super::{graph, Method, Universe};
use crate::run::{Progress, Stop};
use crate::target::Blocks;
use crate::Error;
use std::collections::BTreeMap;

/// Histogram of nonzero solution numbers over a range of collections (colex ranks of
/// 8-subsets of the universe). A raised `stop` ends it within a chunk of collections
/// (65,536 by the corner graph, 4,096 by the general solver: milliseconds), with kind
/// `Stopped`.
pub fn solution_numbers(
    u: &Universe,
    target: usize,
    method: Method,
    ranks: std::ops::Range<u64>,
    progress: &dyn Progress,
    stop: &Stop,
) -> Result<BTreeMap<u64, u64>, Error> {
    if method == Method::Graph && !u.simple {
        return Err(Error::out_of_range(
            "the corner-graph theorems need six-colored cubes; the backtrack method does not",
        ));
    }
    let usable = u.usable(target);
    let fits = &u.fits[target];
    let tgt = u.cubes[target];
    let chunk = match method {
        Method::Graph => 1 << 16,
        Method::Backtrack => 1 << 12,
    };
    let parts = chunked_until(ranks, chunk, stop, |range| {
        let mut hist: BTreeMap<u64, u64> = BTreeMap::new();
        let n = range.end - range.start;
        for_each_subset_in(8, range.start, range.end, |set| {
            let number = match method {
                Method::Graph => {
                    if set & !usable != 0 {
                        return;
                    }
                    let mut f = [0u8; 8];
                    let mut s = set;
                    for slot in f.iter_mut() {
                        *slot = fits[s.trailing_zeros() as usize];
                        s &= s - 1;
                    }
                    graph::solution_number(&f).expect("six-colored cubes fit 0, 2 or 8 corners")
                }
                Method::Backtrack => {
                    let blocks = Blocks::new(&u.set_cubes(set)).expect("eight cubes");
                    blocks.count(&tgt).expect("the target uses the universe's colors") as u64
                }
            };
            if number > 0 {
                *hist.entry(number).or_insert(0) += 1;
            }
        });
        progress.advance(n);
        hist
    })?;
    let mut total = BTreeMap::new();
    for h in parts {
        for (k, v) in h {
            *total.entry(k).or_insert(0) += v;
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::NoProgress;

    /// A slice of Table 1 by both methods (the full run is an ignored test and a benchmark).
    #[test]
    fn methods_agree_on_a_slice() {
        let u = Universe::macmahon();
        let ba = 5;
        let range = 1_000_000..1_060_000;
        let g = solution_numbers(&u, ba, Method::Graph, range.clone(), &NoProgress, &Stop::new()).unwrap();
        let b = solution_numbers(&u, ba, Method::Backtrack, range, &NoProgress, &Stop::new()).unwrap();
        assert_eq!(g, b);
        assert!(!g.is_empty());
    }

    #[test]
    #[ignore = "full census by both methods (about a minute); run with --ignored"]
    fn table_1_by_both_methods() {
        let u = Universe::macmahon();
        let all = 0..crate::combin::binomial(u.len() as u64, 8);
        let g = solution_numbers(&u, 5, Method::Graph, all.clone(), &NoProgress, &Stop::new()).unwrap();
        let b = solution_numbers(&u, 5, Method::Backtrack, all, &NoProgress, &Stop::new()).unwrap();
        assert_eq!(g, b);
        assert_eq!(g.values().sum::<u64>(), 133_680);
    }
}
