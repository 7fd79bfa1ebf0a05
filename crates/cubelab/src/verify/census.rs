//! The census figures of the target puzzle by a second method: the corner fits of the
//! seed's Table 3 ([`super::table3`]) and the plain corner-set program of
//! `super::matching`, set by set. No corner graph, no subset tables, no upward closure,
//! no symmetry between targets: every target is worked out on its own.

use super::matching::{fills_exactly, Reach};
use super::table3::SeedFits;
use crate::run::Stop;
use crate::Result;
use rayon::prelude::*;
use std::collections::BTreeMap;

/// The first eight primes, the "indices" of Johnson–Roldán §7.
const PRIMES: [u64; 8] = [2, 3, 5, 7, 11, 13, 17, 19];

/// All k-subsets of `items` (in lexicographic order), passed to `f`.
fn each_subset(items: &[usize], k: usize, f: &mut dyn FnMut(&[usize])) {
    fn go(items: &[usize], k: usize, from: usize, chosen: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
        if chosen.len() == k {
            f(chosen);
            return;
        }
        for i in from..=items.len() - (k - chosen.len()) {
            chosen.push(items[i]);
            go(items, k, i + 1, chosen, f);
            chosen.pop();
        }
    }
    if k <= items.len() {
        go(items, k, 0, &mut Vec::with_capacity(k), f);
    }
}

fn bits(mask: u32) -> Vec<usize> {
    (0..32).filter(|&i| mask >> i & 1 == 1).collect()
}

/// Johnson–Roldán's algorithm of §7, as printed: for every collection of 8 usable cubes,
/// the corner count vector of prime indices, then every tuple of the Cartesian product
/// counted when the product of its primes is divisible by 2·3·5·…·19. Returns the
/// histogram of nonzero solution numbers for target `t` (a row of Table 3). A raised
/// `stop` skips the remaining collections and ends it with a `Stopped` error.
pub fn solution_numbers_by_prime_products(fits: &SeedFits, t: usize, stop: &Stop) -> Result<BTreeMap<u64, u64>> {
    let usable = bits(fits.usable[t]);
    let mut histogram = BTreeMap::new();
    each_subset(&usable, 8, &mut |collection| {
        if stop.is_requested() {
            return;
        }
        let n = prime_product_count(fits, t, collection);
        if n > 0 {
            *histogram.entry(n).or_insert(0) += 1;
        }
    });
    stop.check()?;
    Ok(histogram)
}

/// The §7 count for one collection of 8 cubes (rows of Table 3) and target `t`: the tuples
/// of the Cartesian product of the corners' prime lists whose product is divisible by
/// 2·3·5·…·19.
fn prime_product_count(fits: &SeedFits, t: usize, collection: &[usize]) -> u64 {
    let all: u64 = PRIMES.iter().product();
    let lists: Vec<Vec<u64>> = (0..8)
        .map(|corner| {
            collection
                .iter()
                .zip(PRIMES)
                .filter(|(&c, _)| fits.corners[t][c] >> corner & 1 == 1)
                .map(|(_, p)| p)
                .collect()
        })
        .collect();
    if lists.iter().any(|l| l.is_empty()) {
        return 0;
    }
    fn product(lists: &[Vec<u64>], so_far: u64, all: u64) -> u64 {
        match lists.split_first() {
            None => u64::from(so_far % all == 0),
            Some((first, rest)) => first.iter().map(|p| product(rest, so_far * p, all)).sum(),
        }
    }
    product(&lists, 1, all)
}

/// Johnson–Roldán's Theorem 6 case by case, by the second method: every collection of
/// target `t` (a row of Table 3) and 7 of its other usable cubes, keyed by the graph on the
/// 8 corners whose edges are the cubes' corner pairs read from Table 3: (components, how
/// many are trees, i.e. have one corner more than edges, and the edges of the tree when
/// there is exactly one). The values are histograms of the collections' solution numbers
/// by the prime-product algorithm, zeros included. Components are found by a depth-first
/// walk, not by the census's union-find. A raised `stop` ends it with a `Stopped` error.
pub fn theorem_6_cases(fits: &SeedFits, t: usize, stop: &Stop) -> Result<Cases> {
    let others: Vec<usize> = bits(fits.usable[t]).into_iter().filter(|&c| c != t).collect();
    let mut cases: Cases = BTreeMap::new();
    each_subset(&others, 7, &mut |seven| {
        if stop.is_requested() {
            return;
        }
        let mut collection = seven.to_vec();
        collection.push(t);
        let number = prime_product_count(fits, t, &collection);
        // Corner pairs of the seven cubes.
        let pairs: Vec<Vec<usize>> = seven.iter().map(|&c| bits(u32::from(fits.corners[t][c]))).collect();
        let mut label = [usize::MAX; 8];
        let (mut components, mut trees, mut tree_edges) = (0u32, 0u32, None);
        for start in 0..8 {
            if label[start] != usize::MAX {
                continue;
            }
            label[start] = start;
            let (mut stack, mut corners) = (vec![start], 0u32);
            while let Some(v) = stack.pop() {
                corners += 1;
                for p in pairs.iter().filter(|p| p.contains(&v)) {
                    for &w in p {
                        if label[w] == usize::MAX {
                            label[w] = start;
                            stack.push(w);
                        }
                    }
                }
            }
            let edges = pairs.iter().filter(|p| label[p[0]] == start).count() as u32;
            components += 1;
            if edges + 1 == corners {
                trees += 1;
                tree_edges = Some(edges);
            }
        }
        let key = (components, trees, if trees == 1 { tree_edges } else { None });
        *cases.entry(key).or_default().entry(number).or_default() += 1;
    });
    stop.check()?;
    Ok(cases)
}

/// Theorem 6's cases: (components, trees, the edges of the one tree) to a histogram of
/// solution numbers.
pub type Cases = BTreeMap<(u32, u32, Option<u32>), BTreeMap<u64, u64>>;

/// Table 2 by the second method: for each target, every 8-subset of its usable cubes
/// checked by the corner-set program; then the number of targets of each 8-set.
/// `histogram[n]` = 8-sets of the 30 building exactly n targets. A raised `stop` ends it
/// with a `Stopped` error.
pub fn targets_per_eight_set(fits: &SeedFits, stop: &Stop) -> Result<Vec<u64>> {
    let per_target: Vec<Vec<u32>> = (0..30)
        .into_par_iter()
        .map(|t| {
            let mut built = Vec::new();
            each_subset(&bits(fits.usable[t]), 8, &mut |set| {
                if stop.is_requested() {
                    return;
                }
                let blocks: Vec<u8> = set.iter().map(|&c| fits.corners[t][c]).collect();
                if fills_exactly(&blocks) {
                    built.push(set.iter().fold(0u32, |m, &c| m | 1 << c));
                }
            });
            built
        })
        .collect();
    stop.check()?;
    let mut all: Vec<u32> = per_target.into_iter().flatten().collect();
    all.sort_unstable();
    let mut histogram = vec![0u64; 31];
    let mut distinct = 0u64;
    for run in all.chunk_by(|a, b| a == b) {
        histogram[run.len()] += 1;
        distinct += 1;
    }
    histogram[0] = choose(30, 8) - distinct;
    Ok(trim(histogram))
}

fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

fn trim(mut h: Vec<u64>) -> Vec<u64> {
    while h.len() > 1 && h.last() == Some(&0) {
        h.pop();
    }
    h
}

/// For one target, which subsets of its usable cubes within `within` build it: a bitmap
/// over the subsets of those cubes (bit i of the index = the i-th of them), filled by a
/// depth-first walk that offers each cube in turn to the corner-set program. A raised
/// `stop` cuts the walk short (the caller reports it).
fn buildable_subsets(fits: &SeedFits, t: usize, cubes: &[usize], stop: &Stop) -> Vec<u64> {
    let mut map = vec![0u64; (1usize << cubes.len()).div_ceil(64)];
    struct Walk<'a> {
        fits: &'a SeedFits,
        t: usize,
        cubes: &'a [usize],
        stop: &'a Stop,
    }
    fn go(w: &Walk<'_>, i: usize, index: usize, reach: Reach, map: &mut [u64]) {
        let Walk { fits, t, cubes, stop } = *w;
        // A look at the stop flag every 2^16 leaves or so.
        if cubes.len() - i == 16 && stop.is_requested() {
            return;
        }
        if i == cubes.len() {
            if reach.full() {
                map[index >> 6] |= 1 << (index & 63);
            }
            return;
        }
        go(w, i + 1, index, reach, map);
        go(w, i + 1, index | 1 << i, reach.offer(fits.corners[t][cubes[i]]), map);
    }
    go(&Walk { fits, t, cubes, stop }, 0, 0, Reach::START, &mut map);
    map
}

/// Every subset of the cubes `within` (bit c = row c of Table 3), by size:
/// `result[k][n]` = k-subsets building exactly n targets. Each target's buildable subsets
/// of its own usable cubes are found by `buildable_subsets`; a set builds the target
/// when its usable part is one of them. A raised `stop` ends it with a `Stopped` error.
pub fn targets_per_subset(fits: &SeedFits, within: u32, stop: &Stop) -> Result<Vec<Vec<u64>>> {
    let cubes = bits(within);
    let n = cubes.len();
    let low = n / 2;
    // Per target: the bitmap, and the index of its usable part for the low and high
    // halves of a subset (positions in `cubes`).
    struct Part {
        map: Vec<u64>,
        low: Vec<u32>,
        high: Vec<u32>,
    }
    let parts: Vec<Part> = (0..30)
        .into_par_iter()
        .map(|t| {
            let usable: Vec<usize> = (0..n).filter(|&i| fits.usable[t] >> cubes[i] & 1 == 1).collect();
            let map = buildable_subsets(fits, t, &usable.iter().map(|&i| cubes[i]).collect::<Vec<_>>(), stop);
            let index = |from: usize, to: usize, s: usize| -> u32 {
                let mut x = 0u32;
                for (j, &i) in usable.iter().enumerate() {
                    if (from..to).contains(&i) && s >> (i - from) & 1 == 1 {
                        x |= 1 << j;
                    }
                }
                x
            };
            Part {
                map,
                low: (0..1usize << low).map(|s| index(0, low, s)).collect(),
                high: (0..1usize << (n - low)).map(|s| index(low, n, s)).collect(),
            }
        })
        .collect();
    stop.check()?;
    let empty = || vec![vec![0u64; 31]; n + 1];
    let result = (0..1usize << (n - low))
        .into_par_iter()
        .fold(empty, |mut acc, high| {
            if stop.is_requested() {
                return acc;
            }
            let mut counts = vec![0u8; 1 << low];
            for p in &parts {
                let base = p.high[high];
                for (lo, count) in counts.iter_mut().enumerate() {
                    let i = (base | p.low[lo]) as usize;
                    *count += (p.map[i >> 6] >> (i & 63) & 1) as u8;
                }
            }
            let hk = high.count_ones() as usize;
            for (lo, &count) in counts.iter().enumerate() {
                acc[hk + lo.count_ones() as usize][count as usize] += 1;
            }
            acc
        })
        .reduce(empty, |mut a, b| {
            for (x, y) in a.iter_mut().zip(b) {
                for (u, v) in x.iter_mut().zip(y) {
                    *u += v;
                }
            }
            a
        });
    stop.check()?;
    Ok(result.into_iter().map(trim).collect())
}

/// Every multiset of 8 of the 30 cubes (38,608,020), each target checked by the
/// corner-set program on its eight blocks: `histogram[n]` = multisets building exactly n
/// targets. A raised `stop` ends it with a `Stopped` error.
pub fn targets_per_multiset(fits: &SeedFits, stop: &Stop) -> Result<Vec<u64>> {
    fn go(fits: &SeedFits, items: &mut [usize; 8], depth: usize, from: usize, alive: u32, h: &mut [u64; 31]) {
        if depth == 8 {
            let mut n = 0;
            let mut a = alive;
            while a != 0 {
                let t = a.trailing_zeros() as usize;
                a &= a - 1;
                let blocks: [u8; 8] = std::array::from_fn(|i| fits.corners[t][items[i]]);
                n += usize::from(fills_exactly(&blocks));
            }
            h[n] += 1;
            return;
        }
        for c in from..30 {
            items[depth] = c;
            // Targets for which every block so far is usable (8 blocks, 8 corners: each
            // block takes one).
            let usable_for: u32 = (0..30).filter(|&t| fits.usable[t] >> c & 1 == 1).fold(0, |m, t| m | 1 << t);
            go(fits, items, depth + 1, c, alive & usable_for, h);
        }
    }
    let firsts: Vec<(usize, usize)> = (0..30).flat_map(|a| (a..30).map(move |b| (a, b))).collect();
    let h = firsts
        .into_par_iter()
        .map(|(a, b)| {
            let mut h = [0u64; 31];
            if stop.is_requested() {
                return h;
            }
            let mut items = [0usize; 8];
            items[0] = a;
            items[1] = b;
            let alive = (0..30)
                .filter(|&t| fits.usable[t] >> a & 1 == 1 && fits.usable[t] >> b & 1 == 1)
                .fold(0u32, |m, t| m | 1 << t);
            go(fits, &mut items, 2, b, alive, &mut h);
            h
        })
        .reduce(
            || [0u64; 31],
            |mut x, y| {
                for (u, v) in x.iter_mut().zip(y) {
                    *u += v;
                }
                x
            },
        );
    stop.check()?;
    Ok(trim(h.to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prime_product_algorithm_gives_16_for_conways_eight() {
        let f = SeedFits::new();
        let ba = SeedFits::index("Ba").unwrap();
        // Only the collection Ac Ad Ae Af Cb Db Eb Fb, restricted by `usable`.
        let mut g = f.clone();
        let eight = ["Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb"];
        g.usable[ba] = eight.iter().fold(0, |m, n| m | 1 << SeedFits::index(n).unwrap());
        let h = solution_numbers_by_prime_products(&g, ba, &Stop::new()).unwrap();
        assert_eq!(h, BTreeMap::from([(16, 1)]));
    }

    #[test]
    fn subsets_of_a_small_set_by_size() {
        // Figure 6's collection builds 5 targets; its 7-subsets build none.
        let f = SeedFits::new();
        let set = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]
            .iter()
            .fold(0, |m, n| m | 1 << SeedFits::index(n).unwrap());
        let h = targets_per_subset(&f, set, &Stop::new()).unwrap();
        assert_eq!(h[8], vec![0, 0, 0, 0, 0, 1]);
        assert_eq!(h[7], vec![8]);
    }

    /// Each second method looks at the stop flag inside its own loops: raised before the
    /// call, every one ends with `Stopped` (`verify` raises it while they run).
    #[test]
    fn a_raised_stop_ends_every_second_method() {
        let f = SeedFits::new();
        let stop = Stop::new();
        stop.request();
        let stopped = |r: Result<()>| assert_eq!(r.unwrap_err().kind(), crate::ErrorKind::Stopped);
        stopped(solution_numbers_by_prime_products(&f, 0, &stop).map(drop));
        stopped(theorem_6_cases(&f, 0, &stop).map(drop));
        stopped(targets_per_eight_set(&f, &stop).map(drop));
        stopped(targets_per_subset(&f, (1 << 20) - 1, &stop).map(drop));
        stopped(targets_per_multiset(&f, &stop).map(drop));
        stopped(super::super::picture_bfs::census(2, 2, &stop).map(drop));
    }
}
