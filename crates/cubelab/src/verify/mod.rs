//! Second methods: figures of the census and of the seeds re-derived by code that shares
//! no tables, shortcuts or representations with the main methods, and compared with them.
//!
//! - [`table3`]: the corner numbers as the seed prints them (Johnson–Roldán, Table 3),
//!   the only input of the census checks (the main methods compute corner numbers from
//!   colorings);
//! - [`census`]: the target-puzzle censuses set by set (Johnson–Roldán's own prime-product
//!   algorithm for Table 1, and with Table 3's own corner graph for Theorem 6 case by
//!   case; a plain corner-set program per set and target for Table 2,
//!   every subset, Figure 9 and the multisets), where the main method uses the corner-graph
//!   theorems, subset tables, upward closure and symmetry between targets;
//! - [`picture_bfs`]: the picture census by a plain bit-packed breadth-first search over
//!   every board, where the main method searches orbits of row permutations;
//! - [`darby`]: Darby's triples and layers, each counted two ways;
//! - [`unique_designs`]: the designs of `design extended` for N = 2 and N = 3 by the
//!   cycle-free type graphs, where the main method fills classes by reachability.
//!
//! [`figures`] lists every check; `cubelab verify` runs them.

pub mod census;
pub mod darby;
pub(crate) mod matching;
pub mod picture_bfs;
pub mod table3;
pub mod unique_designs;

use crate::census::engine::Engine;
use crate::census::Method;
use crate::picture::board::Metric;
use crate::picture::census::{cube_puzzle, Table};
use crate::run::{NoProgress, Stop};
use crate::time::Instant;
use crate::{Error, Result};
use serde::Serialize;
use std::collections::BTreeMap;
use table3::{SeedFits, TABLE_3};

/// One figure computed by the main method and by a second method.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Check {
    /// Short name (`"table-2"`).
    pub figure: String,
    /// What the figure is, where it is stated, and what is compared.
    pub title: String,
    /// The figure by the main method (its key numbers).
    pub main: String,
    /// The figure by the second method.
    pub second: String,
    /// True when the two agree in full (not only in the key numbers shown).
    pub agree: bool,
    /// Wall seconds of the main method (shared by the checks of one run).
    pub main_seconds: f64,
    /// Wall seconds of the second method.
    pub second_seconds: f64,
}

/// A group of checks run together (they share one computation).
pub struct Figure {
    /// Short name of the group.
    pub name: &'static str,
    /// True when `cubelab verify --quick` runs it (seconds).
    pub quick: bool,
    run: fn(&Stop) -> Result<Vec<Check>>,
}

impl Figure {
    /// Runs both methods and compares them. A raised `stop` ends the run with an error of
    /// kind `Stopped` before and after each method (and inside the multiset census).
    pub fn check(&self, stop: &Stop) -> Result<Vec<Check>> {
        (self.run)(stop)
    }
}

/// Every group of checks, quick ones first.
pub fn figures() -> Vec<Figure> {
    vec![
        Figure { name: "table-3", quick: true, run: table_3 },
        Figure { name: "table-1", quick: true, run: table_1_ba },
        Figure { name: "theorem-6", quick: true, run: theorem_6 },
        Figure { name: "table-2", quick: true, run: table_2 },
        Figure { name: "figure-9", quick: true, run: figure_9 },
        Figure { name: "darby", quick: true, run: darby_counts },
        Figure { name: "picture-small", quick: true, run: picture_small },
        Figure { name: "extended-designs", quick: true, run: extended_designs },
        Figure { name: "table-1-all-targets", quick: false, run: table_1_all },
        Figure { name: "every-subset", quick: false, run: every_subset },
        Figure { name: "multisets", quick: false, run: multisets },
        Figure { name: "picture-large", quick: false, run: picture_large },
    ]
}

/// Runs `f`, returning its value and wall seconds; a raised `stop` ends the run before and
/// after it (the independent second methods have no stop of their own).
fn timed<T>(stop: &Stop, f: impl FnOnce() -> Result<T>) -> Result<(T, f64)> {
    stop.check()?;
    let start = Instant::now();
    let v = f()?;
    let seconds = start.elapsed().as_secs_f64();
    stop.check()?;
    Ok((v, seconds))
}

fn check<T: PartialEq>(
    figure: &str,
    title: &str,
    main: (T, f64),
    second: (T, f64),
    show: impl Fn(&T) -> String,
) -> Check {
    Check {
        figure: figure.to_string(),
        title: title.to_string(),
        main: show(&main.0),
        second: show(&second.0),
        agree: main.0 == second.0,
        main_seconds: main.1,
        second_seconds: second.1,
    }
}

/// `v0 v1 v2 …` of a histogram by value (trailing zeros dropped).
fn list(h: &[u64]) -> String {
    let mut h = h.to_vec();
    while h.len() > 1 && h.last() == Some(&0) {
        h.pop();
    }
    h.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

/// `value: count` of the nonzero entries of a histogram by value.
fn sparse(h: &[u64]) -> String {
    h.iter().enumerate().filter(|(_, &c)| c > 0).map(|(v, c)| format!("{v}: {c}")).collect::<Vec<_>>().join(", ")
}

fn pairs(h: &BTreeMap<u64, u64>) -> String {
    h.iter().map(|(k, v)| format!("{k}: {v}")).collect::<Vec<_>>().join(", ")
}

/// The engine's index of each row of Table 3 (by Conway name).
fn engine_order(e: &Engine) -> Result<Vec<usize>> {
    TABLE_3
        .iter()
        .map(|(name, _)| {
            e.names()
                .iter()
                .position(|n| n == name)
                .ok_or_else(|| Error::new(crate::ErrorKind::Internal, format!("the census has no cube named {name}")))
        })
        .collect()
}

fn table_3(stop: &Stop) -> Result<Vec<Check>> {
    let e = Engine::macmahon();
    let order = engine_order(&e)?;
    let main = timed(stop, || {
        Ok(order
            .iter()
            .map(|&i| {
                let mut v: Vec<u32> = e.cubes()[i].corner_numbers().iter().filter_map(|c| c.as_integer()).collect();
                v.sort_unstable();
                v
            })
            .collect::<Vec<_>>())
    })?;
    let second = timed(stop, || {
        Ok(TABLE_3
            .iter()
            .map(|(_, c)| {
                let mut v: Vec<u32> = c.iter().map(|&x| x as u32).collect();
                v.sort_unstable();
                v
            })
            .collect::<Vec<_>>())
    })?;
    Ok(vec![check(
        "table-3",
        "Johnson-Roldan Table 3: the 8 corner numbers of each of the 30 cubes (colorings vs the printed table)",
        main,
        second,
        |v| format!("{} cubes, {} corner numbers", v.len(), v.iter().map(Vec::len).sum::<usize>()),
    )])
}

fn ba() -> usize {
    SeedFits::index("Ba").expect("Ba is in Table 3")
}

fn table_1_ba(stop: &Stop) -> Result<Vec<Check>> {
    let e = Engine::macmahon();
    let order = engine_order(&e)?;
    let t = order[ba()];
    let main = timed(stop, || e.solution_numbers(t, Method::Graph, 0..e.collections(), &NoProgress))?;
    let fits = SeedFits::new();
    let second = timed(stop, || census::solution_numbers_by_prime_products(&fits, ba(), stop))?;
    Ok(vec![check(
        "table-1",
        "Johnson-Roldan Table 1: solution numbers of the 5,852,925 collections for Ba (corner graph vs the paper's prime-product algorithm, section 7)",
        main,
        second,
        pairs,
    )])
}

/// Theorem 6 case by case for Ba: the collections with Ba by the shape of their corner
/// graph, each with its solution numbers (corner graph from the colorings and the general
/// solver vs the graph of Table 3's corner numbers and the prime-product algorithm). Shown:
/// the cases with an isolated corner (k = 0), which Lemmas 4.7 and 4.8 get wrong.
fn theorem_6(stop: &Stop) -> Result<Vec<Check>> {
    let u = crate::census::Universe::macmahon();
    let t = u.names.iter().position(|n| n == "Ba").ok_or_else(|| Error::new(crate::ErrorKind::Internal, "no Ba"))?;
    let main = timed(stop, || Ok(crate::census::graph::theorem_6_cases(&u, t)))?;
    let fits = SeedFits::new();
    let second = timed(stop, || census::theorem_6_cases(&fits, ba(), stop))?;
    Ok(vec![check(
        "theorem-6",
        "Johnson-Roldan Theorem 6 for Ba: the 77,520 collections with Ba by components, trees and tree edges k, with their solution numbers (corner graph and the general solver vs Table 3's graph and prime products); shown: an isolated corner (k = 0)",
        main,
        second,
        |cases| {
            (2..=4)
                .map(|n| {
                    let h = cases.get(&(n, 1, Some(0))).cloned().unwrap_or_default();
                    format!("{n} components with k = 0: {} ({})", h.values().sum::<u64>(), pairs(&h))
                })
                .collect::<Vec<_>>()
                .join("; ")
        },
    )])
}

fn table_1_all(stop: &Stop) -> Result<Vec<Check>> {
    let e = Engine::macmahon();
    let order = engine_order(&e)?;
    let main = timed(stop, || {
        order
            .iter()
            .map(|&t| e.solution_numbers(t, Method::Graph, 0..e.collections(), &NoProgress))
            .collect::<Result<Vec<_>>>()
    })?;
    let fits = SeedFits::new();
    let second = timed(stop, || {
        (0..30).map(|t| census::solution_numbers_by_prime_products(&fits, t, stop)).collect::<Result<Vec<_>>>()
    })?;
    Ok(vec![check(
        "table-1-all-targets",
        "Johnson-Roldan Theorem 1 for every target: the solution-number histogram of each of the 30 (corner graph vs prime products)",
        main,
        second,
        |v| {
            let same = v.windows(2).all(|w| w[0] == w[1]);
            format!("{} targets, {}: {}", v.len(), if same { "all alike" } else { "NOT alike" }, pairs(&v[0]))
        },
    )])
}

fn table_2(stop: &Stop) -> Result<Vec<Check>> {
    let e = Engine::macmahon();
    let all: Vec<usize> = (0..30).collect();
    let main = timed(stop, || Ok(e.tally_until(8, &all, None, Method::Graph, false, &NoProgress, stop)?.histogram))?;
    let fits = SeedFits::new();
    let second = timed(stop, || census::targets_per_eight_set(&fits, stop))?;
    let main = (trimmed(main.0), main.1);
    Ok(vec![check(
        "table-2",
        "Johnson-Roldan Table 2: 8-sets of the 30 by number of targets built (subset tables vs a corner-set program per set and target)",
        main,
        second,
        |h| list(h),
    )])
}

fn trimmed(mut h: Vec<u64>) -> Vec<u64> {
    while h.len() > 1 && h.last() == Some(&0) {
        h.pop();
    }
    h
}

/// One of the ten minimum universal sets (the one results.md uses for Figure 9).
pub const UNIVERSAL_12: [&str; 12] = ["Ab", "Af", "Ba", "Bf", "Cd", "Ce", "Dc", "De", "Ec", "Ed", "Fa", "Fb"];

fn by_size(e: &Engine, within: &[usize]) -> Result<Vec<Vec<u64>>> {
    Ok(e.tally_all_sizes(within, Method::Graph, false, &NoProgress)?
        .into_iter()
        .map(|t| trimmed(t.histogram))
        .collect())
}

fn figure_9(stop: &Stop) -> Result<Vec<Check>> {
    let e = Engine::macmahon();
    let order = engine_order(&e)?;
    let rows: Vec<usize> = UNIVERSAL_12.iter().map(|n| SeedFits::index(n).expect("in Table 3")).collect();
    let mut within: Vec<usize> = rows.iter().map(|&r| order[r]).collect();
    within.sort_unstable();
    let main = timed(stop, || by_size(&e, &within))?;
    let fits = SeedFits::new();
    let second = timed(stop, || census::targets_per_subset(&fits, rows.iter().fold(0, |m, &r| m | 1 << r), stop))?;
    Ok(vec![check(
        "figure-9",
        "Johnson-Roldan Figure 9: subsets of a minimum universal set by size and targets built (all 4,096; sizes 8-11 shown)",
        main,
        second,
        |h| (8..=11).map(|k| format!("{k}: {{{}}}", sparse(&h[k]))).collect::<Vec<_>>().join("; "),
    )])
}

fn every_subset(stop: &Stop) -> Result<Vec<Check>> {
    let e = Engine::macmahon();
    let all: Vec<usize> = (0..30).collect();
    let main = timed(stop, || by_size(&e, &all))?;
    let fits = SeedFits::new();
    let second = timed(stop, || census::targets_per_subset(&fits, (1 << 30) - 1, stop))?;
    let (mt, st) = (main.1, second.1);
    let title = "every one of the 2^30 subsets, histograms by size (upward closure of subset tables vs a corner-set program per set)";
    let mut checks = vec![check("every-subset", title, main.clone(), second.clone(), |h| {
        format!("{} sizes, {} sets", h.len(), h.iter().flatten().sum::<u64>())
    })];
    let facts = |h: &Vec<Vec<u64>>| -> Vec<(String, String)> {
        let max = |k: usize| (h[k].len() - 1, *h[k].last().unwrap_or(&0));
        let at = |k: usize, n: usize| h[k].get(n).copied().unwrap_or(0);
        vec![
            (
                "k-set-maxima".into(),
                (8..=12)
                    .map(|k| {
                        let (m, c) = max(k);
                        format!("{k}: max {m} ({c} sets), min {}", h[k].iter().position(|&x| x > 0).unwrap_or(0))
                    })
                    .collect::<Vec<_>>()
                    .join("; "),
            ),
            (
                "no-29-from-12".into(),
                format!(
                    "12-sets building 29: {}; smallest size with a set building 29: {}",
                    at(12, 29),
                    (0..=30).find(|&k| at(k, 29) > 0).map_or("none".into(), |k| k.to_string())
                ),
            ),
            (
                "universal".into(),
                format!(
                    "sets building all 30: {} of 12, {} of 11 or fewer",
                    at(12, 30),
                    (0..=11).map(|k| at(k, 30)).sum::<u64>()
                ),
            ),
            (
                "largest-building-nothing".into(),
                format!("largest set building no target: {}", (0..=30).rev().find(|&k| at(k, 0) > 0).unwrap_or(0)),
            ),
        ]
    };
    let (fm, fs) = (facts(&main.0), facts(&second.0));
    for ((name, m), (_, s)) in fm.into_iter().zip(fs) {
        checks.push(Check {
            figure: name,
            title: "read off the every-subset histograms above (Johnson-Roldan section 6 questions, Conjecture 4, results.md)".into(),
            agree: m == s,
            main: m,
            second: s,
            main_seconds: mt,
            second_seconds: st,
        });
    }
    Ok(checks)
}

fn multisets(stop: &Stop) -> Result<Vec<Check>> {
    let e = Engine::macmahon();
    let main = timed(stop, || Ok(trimmed(e.multiset_census(Method::Graph, &NoProgress, stop)?.histogram)))?;
    let fits = SeedFits::new();
    let second = timed(stop, || census::targets_per_multiset(&fits, stop))?;
    Ok(vec![check(
        "multisets",
        "Sobczyk Theorem 6: all 38,608,020 multisets of 8 by targets built (Hall's condition on usable cubes vs a corner-set program per multiset and target)",
        main,
        second,
        |h| list(h),
    )])
}

fn picture(m: usize, n: usize, stop: &Stop) -> Result<Check> {
    let main = timed(stop, || {
        Ok(Table::build(&cube_puzzle(m, n, Metric::Quarter), u64::MAX, &NoProgress)?.census().distances.clone())
    })?;
    let second = timed(stop, || picture_bfs::census(m, n, stop))?;
    Ok(check(
        &format!("picture-{m}x{n}"),
        &format!("picture cube {m}x{n}: boards by distance (orbit census vs plain breadth-first search over all 24^{} boards)", m * n),
        main,
        second,
        |d| format!("{} boards, diameter {}", d.iter().sum::<u64>(), d.len().saturating_sub(1)),
    ))
}

fn picture_small(stop: &Stop) -> Result<Vec<Check>> {
    [(2, 1), (3, 1), (4, 1), (2, 2), (3, 2)].into_iter().map(|(m, n)| picture(m, n, stop)).collect()
}

fn picture_large(stop: &Stop) -> Result<Vec<Check>> {
    [(5, 1), (6, 1), (7, 1)].into_iter().map(|(m, n)| picture(m, n, stop)).collect()
}

fn darby_counts(stop: &Stop) -> Result<Vec<Check>> {
    let main = timed(stop, || Ok(darby::triples().len() as u64))?;
    let second = timed(stop, || Ok(darby::triples_by_partitions()))?;
    let a = check(
        "darby-triples",
        "Darby: 3-sets of 1..27 summing to 42 (listed vs partitions by dynamic programming)",
        main,
        second,
        u64::to_string,
    );
    let main = timed(stop, || Ok(darby::layers_from_triples()))?;
    let second = timed(stop, || Ok(darby::layers_by_cells()))?;
    let b = check(
        "darby-layers",
        "Darby: 3x3 layers, rows and columns 42 ('nearly 71,000'; rows from the triples vs cell-by-cell filling)",
        main,
        second,
        u64::to_string,
    );
    Ok(vec![a, b])
}

/// `design extended --size N` for N = 2 and 3 (target Ba): the design program's count by
/// number of different cubes against [`unique_designs`].
fn extended_designs(stop: &Stop) -> Result<Vec<Check>> {
    let ba = crate::macmahon::by_name("Ba").expect("Ba is a MacMahon cube").coloring;
    [2, 3]
        .into_iter()
        .map(|n| {
            let main = timed(stop, || {
                let spec = crate::design::ExtendedSpec { size: n, target: ba, types: None, seed: 0 };
                let d = crate::design::extended(&spec, stop).map_err(|e| e.error)?;
                let mut v = vec![0u128; 31];
                for (k, c) in d.by_types {
                    v[k] = c;
                }
                Ok(v)
            })?;
            let second = timed(stop, || unique_designs::unique_multisets(&ba, n))?;
            let title = format!(
                "design extended --size {n}: multisets building Ba in exactly one way up to the class symmetries, \
                 by number of different cubes (the support program vs cycle-free type graphs)"
            );
            Ok(check(&format!("extended-designs-{n}"), &title, main, second, |v: &Vec<u128>| {
                let total: u128 = v.iter().sum();
                let parts: Vec<String> =
                    v.iter().enumerate().filter(|(_, &c)| c > 0).map(|(k, c)| format!("{k}: {c}")).collect();
                format!("{total} ({})", parts.join(", "))
            }))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A raised stop ends every group of figures with `Stopped` before its first method
    /// runs (the check `timed` makes), so a stopped `verify` never starts the next
    /// computation.
    #[test]
    fn a_raised_stop_ends_every_group_before_its_first_method() {
        let stop = Stop::new();
        stop.request();
        for f in figures() {
            let e = f.check(&stop).err().unwrap_or_else(|| panic!("{} ran although stopped", f.name));
            assert_eq!(e.kind(), crate::ErrorKind::Stopped, "{}: {e}", f.name);
        }
    }
}
