//! Eight blocks with chosen targets and arrangements.

use super::DesignError;
use crate::census::engine::Engine;
use crate::census::{graph, multiset, Method, Universe};
use crate::coloring::Coloring;
use crate::combin::{binomial, unrank_subset, unrank_subset_u64};
use crate::rng::SplitMix64;
use crate::run::{NoProgress, Stop};
use crate::target::Blocks;
use crate::words::count;
use crate::{Error, ErrorKind, Result};
use rayon::prelude::*;
use std::collections::BTreeSet;

/// What the eight blocks must do (every condition given must hold).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlocksSpec {
    /// Build exactly this many of the 30 targets.
    pub targets: Option<usize>,
    /// Build this target (one of the 30 MacMahon cubes).
    pub target: Option<Coloring>,
    /// The number of arrangements: of `target` when it is given, else of every target
    /// the blocks build.
    pub arrangements: Option<u64>,
    /// Count only arrangements whose touching inner faces all match (Conway's puzzle): a
    /// target is built when it has at least one such arrangement.
    pub interior: bool,
    /// Draw from the multisets of 8 MacMahon cubes (a cube may be repeated, Sobczyk's
    /// puzzles) instead of the sets of 8 distinct ones.
    pub repeats: bool,
    /// Where the blocks (and targets) come from: MacMahon's 30 cubes, or for a named
    /// `target` with or without `arrangements` (and nothing else), `C_5` or Sadisticube
    /// 7's 210 blocks ([`super::BlockCubes`]; other `C_n` are refused).
    pub cubes: super::BlockCubes,
    /// The seed of the draw.
    pub seed: u64,
}

/// One target the designed blocks build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuiltTarget {
    /// The target.
    pub target: Coloring,
    /// Its Conway name.
    pub name: String,
    /// Its arrangements (with matching inner faces when asked).
    pub arrangements: u64,
    /// Partial assemblies (1 to 7 corners filled) met placing blocks corner by corner in
    /// the fixed corner order ([`Blocks::search_tree`]).
    pub partial: u128,
    /// Dead ends among them (the empty start included): no remaining block fits the next
    /// corner. The difficulty figure (docs/design.md).
    pub dead_ends: u128,
}

/// Eight designed blocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlocksDesign {
    /// The request.
    pub spec: BlocksSpec,
    /// How many sets of 8 distinct MacMahon cubes (multisets with `repeats`) meet it (the
    /// draw is uniform among them).
    pub count: u64,
    /// How many sets of 8 there are in all (C(30, 8)), or multisets (C(37, 8)).
    pub collections: u64,
    /// The blocks drawn, as indices of Conway's tableau order, increasing (with repeats,
    /// non-decreasing).
    pub blocks: Vec<usize>,
    /// Their cubes.
    pub cubes: Vec<Coloring>,
    /// Their Conway names.
    pub names: Vec<String>,
    /// Every target they build, in tableau order, solved again by the general solver.
    pub built: Vec<BuiltTarget>,
}

/// What a set of 8 builds: (target, arrangements) for each target, targets increasing.
type Profile<'a> = &'a [u64];

/// Draws eight distinct MacMahon blocks meeting `spec` uniformly among all such sets
/// (colex order of the sets, an index drawn from the seed). Errors of kind `OutOfRange`
/// or `Malformed` for a request that cannot be met or makes no sense, naming the census
/// fact; `Stopped` when `stop` is raised.
pub fn blocks(spec: &BlocksSpec, stop: &Stop) -> std::result::Result<BlocksDesign, DesignError> {
    if spec.cubes != super::BlockCubes::MacMahon {
        return super::palette::blocks_in_palette(spec, stop);
    }
    check(spec)?;
    let engine = Engine::macmahon();
    let u = engine.universe().ok_or_else(|| Error::new(ErrorKind::Internal, "MacMahon's engine has no tables"))?;
    let named = match &spec.target {
        Some(c) => Some(engine.index_of(c).ok_or_else(|| {
            DesignError::at(
                "target",
                Error::out_of_range(format!("{} is not one of the 30 MacMahon cubes", c.face_string())),
            )
        })?),
        None => None,
    };
    if spec.repeats {
        return with_repeats(spec, u, named, stop);
    }
    let interior = spec.interior;
    let lists = engine.eight_sets_by_target(Method::Graph, |u, t, set| arrangements(u, t, set, interior), stop)?;
    // Every (set, target, arrangements) with a nonzero number, grouped by set in colex
    // (= numeric) order of the sets.
    let mut keys: Vec<u64> = lists
        .par_iter()
        .enumerate()
        .flat_map_iter(|(t, sets)| {
            sets.iter().filter(|&&(_, n)| n > 0).map(move |&(set, n)| (set as u64) << 32 | (t as u64) << 24 | n)
        })
        .collect();
    keys.par_sort_unstable();
    stop.check()?;
    let collections = binomial(u.len() as u64, 8);
    let groups = keys.chunk_by(|a, b| a >> 32 == b >> 32);
    let mut rng = SplitMix64(spec.seed);
    let (count, chosen) = if spec.targets == Some(0) {
        // The complement of every set building something: drawn by rejection (uniform
        // colex ranks until one builds nothing), counted exactly.
        let building: Vec<u32> = groups.map(|g| (g[0] >> 32) as u32).collect();
        let count = collections - building.len() as u64;
        if count == 0 {
            return Err(DesignError::at(
                "targets",
                Error::out_of_range("every set of 8 MacMahon cubes builds some target"),
            ));
        }
        let chosen = loop {
            let set = unrank_subset(rng.below(collections), 8);
            if building.binary_search(&set).is_err() {
                break set;
            }
        };
        (count, chosen)
    } else {
        let mut most = 0usize;
        let mut eligible = 0u64;
        let mut values = BTreeSet::new();
        let mut matching: Vec<u32> = Vec::new();
        for group in groups {
            let targets = group.len();
            let find = |t: usize| group.iter().find(|&&k| (k >> 24 & 0xff) as usize == t).map(|&k| k & 0xff_ffff);
            let named_number = named.map(find);
            if named_number == Some(None) {
                continue;
            }
            most = most.max(targets);
            if spec.targets.is_some_and(|want| want != targets) {
                continue;
            }
            eligible += 1;
            let value = match named_number {
                Some(n) => n,
                None => same_number(group),
            };
            if let Some(v) = value {
                values.insert(v);
            }
            if spec.arrangements.is_none() || spec.arrangements == value {
                matching.push((group[0] >> 32) as u32);
            }
        }
        if matching.is_empty() {
            return Err(none_exists(spec, named.map(|t| u.names[t].as_str()), eligible, most, &values, collections));
        }
        let count = matching.len() as u64;
        (count, matching[rng.below(count) as usize])
    };
    let blocks: Vec<usize> = (0..u.len()).filter(|&c| chosen >> c & 1 == 1).collect();
    let cubes = u.set_cubes(chosen);
    let names = u.set_names(chosen);
    let built = solve_back(&u.cubes, &u.names, &cubes, interior, stop)?;
    checked(BlocksDesign { spec: spec.clone(), count, collections, blocks, cubes, names, built })
}

/// [`blocks`] over the multisets of 8 (`spec.repeats`): the lists of the multiset census
/// (`census multisets`), the qualifying multisets in colex rank order, the index drawn as
/// for sets.
fn with_repeats(
    spec: &BlocksSpec,
    u: &Universe,
    named: Option<usize>,
    stop: &Stop,
) -> std::result::Result<BlocksDesign, DesignError> {
    // The lists numbered as the request needs (the numbers are carried with them).
    let numbering = match (spec.interior, spec.arrangements) {
        (true, _) => Some(multiset::Numbering::Interior),
        (false, Some(_)) => Some(multiset::Numbering::Arrangements),
        (false, None) => None,
    };
    let lists = multiset::numbered_lists(u, Method::Graph, numbering, &NoProgress, stop)?;
    let (count, multiset) = draw_multiset(spec, named.map(|t| (t, u.names[t].as_str())), u, &lists, stop)?;
    let cubes: Vec<Coloring> = multiset.iter().map(|&c| u.cubes[c]).collect();
    let names = multiset.iter().map(|&c| u.names[c].clone()).collect();
    let built = solve_back(&u.cubes, &u.names, &cubes, spec.interior, stop)?;
    checked(BlocksDesign {
        spec: spec.clone(),
        count,
        collections: lists.multisets,
        blocks: multiset,
        cubes,
        names,
        built,
    })
}

/// The number of multisets meeting `spec` (targets built, the named target among them,
/// the arrangements: of the named target, else of every target built, counted by the
/// corner multigraph, or with `interior` those with matching inner faces) and the one
/// drawn from the seed, as its 8 cube indices.
pub(crate) fn draw_multiset(
    spec: &BlocksSpec,
    named: Option<(usize, &str)>,
    u: &Universe,
    lists: &multiset::TargetLists,
    stop: &Stop,
) -> std::result::Result<(u64, Vec<usize>), DesignError> {
    let (counts, numbers) = multiset_numbers(spec, named.map(|(t, _)| t), u, lists, stop)?;
    pick_multiset(spec, named, lists, &counts, numbers.as_deref())
}

/// [`draw_multiset`] given the number of targets every multiset builds (by rank; with
/// `interior`, with matching inner faces) and, when arrangements or the interior are asked
/// for, the numbers of [`multiset_numbers`].
pub(crate) fn pick_multiset(
    spec: &BlocksSpec,
    named: Option<(usize, &str)>,
    lists: &multiset::TargetLists,
    counts: &[u8],
    numbers: Option<&[u8]>,
) -> std::result::Result<(u64, Vec<usize>), DesignError> {
    let wanted = |r: u64| spec.targets.is_none_or(|t| counts[r as usize] as usize == t);
    let number_fits =
        |n: Option<u8>| spec.arrangements.is_none_or(|a| n.is_some_and(|n| n != MIXED && u64::from(n) == a));
    let number = |i: usize| numbers.map(|v| v[i]);
    // The candidates (list positions of the named target, else ranks), those with the
    // targets asked for (`eligible`), and those with the arrangements too (`matching`).
    let (candidates, eligible): (u64, Box<dyn Fn(u64) -> bool + Sync + '_>) = match named {
        Some((t, _)) => {
            let list = &lists.lists[t];
            (list.len() as u64, Box::new(move |i| number(i as usize) != Some(0) && wanted(list[i as usize])))
        }
        None => (lists.multisets, Box::new(wanted)),
    };
    let matching = |i: u64| eligible(i) && number_fits(number(i as usize));
    let count = (0..candidates).into_par_iter().filter(|&i| matching(i)).count() as u64;
    if count == 0 {
        // The census fact: the most targets built, and the numbers that occur.
        let most = match named {
            Some((t, _)) => (0..lists.lists[t].len())
                .filter(|&i| number(i) != Some(0))
                .map(|i| counts[lists.lists[t][i] as usize])
                .max()
                .unwrap_or(0),
            None => counts.iter().copied().max().unwrap_or(0),
        };
        let (eligible, values) = match spec.arrangements {
            None => (0, BTreeSet::new()),
            Some(_) => (0..candidates)
                .into_par_iter()
                .filter(|&i| eligible(i))
                .fold(
                    || (0u64, BTreeSet::new()),
                    |(n, mut values), i| {
                        values.extend(number(i as usize).filter(|&n| n != MIXED).map(u64::from));
                        (n + 1, values)
                    },
                )
                .reduce(
                    || (0, BTreeSet::new()),
                    |(a, mut x), (b, y)| {
                        x.extend(y);
                        (a + b, x)
                    },
                ),
        };
        return Err(none_exists(spec, named.map(|(_, n)| n), eligible, most as usize, &values, lists.multisets));
    }
    let index = SplitMix64(spec.seed).below(count);
    let at = (0..candidates).filter(|&i| matching(i)).nth(index as usize).expect("the index is below the count");
    let rank = match named {
        Some((t, _)) => lists.lists[t][at as usize],
        None => at,
    };
    Ok((count, multiset::types_of(unrank_subset_u64(rank, 8)).to_vec()))
}

/// The arrangements of a multiset whose targets have different numbers.
const MIXED: u8 = u8::MAX;

/// What [`pick_multiset`] reads, for `spec`: how many targets each multiset builds (by
/// rank) and, when arrangements or the interior are asked for, the numbers of
/// arrangements. With a named target `t`: its number for each multiset of its list, by
/// list position. Without: for every multiset (by rank), the one number all its targets
/// share, [`MIXED`] when they differ, 0 when it builds nothing. Counted by the corner
/// multigraph ([`multiset::multiset_arrangements`]), or with `interior` by the search of
/// [`multiset::InteriorFits`] (0 for a multiset of the list with no arrangement whose
/// inner faces match: it does not build the target then), in parallel, the same for any
/// thread count.
pub(crate) fn multiset_numbers(
    spec: &BlocksSpec,
    named: Option<usize>,
    u: &Universe,
    lists: &multiset::TargetLists,
    stop: &Stop,
) -> Result<(Vec<u8>, Option<Vec<u8>>)> {
    let interior = spec.interior;
    let numbering = if interior { multiset::Numbering::Interior } else { multiset::Numbering::Arrangements };
    let numbers_of = |t: usize| -> Result<Vec<u8>> {
        stop.check()?;
        // Carried with the lists when they were numbered so, else counted here for each
        // multiset of the list.
        let numbers = match lists.numbering == Some(numbering) {
            true => lists.numbers[t].clone(),
            false => {
                let table = interior.then(|| multiset::InteriorFits::new(u, t));
                lists.lists[t]
                    .par_iter()
                    .map(|&r| {
                        let types = multiset::types_of(unrank_subset_u64(r, 8));
                        let n = match &table {
                            Some(table) => table.arrangements(&types),
                            None => multiset::multiset_arrangements(u, t, &types),
                        };
                        // At most 2^4 or a product of tree sizes summing to 8 (18).
                        u8::try_from(n)
                            .ok()
                            .filter(|&n| n != MIXED)
                            .ok_or_else(|| Error::new(ErrorKind::Internal, "a multiset has too many arrangements"))
                    })
                    .collect::<Result<_>>()?
            }
        };
        if !interior && numbers.contains(&0) {
            return Err(Error::new(ErrorKind::Internal, "a multiset of the census list has no arrangement"));
        }
        Ok(numbers)
    };
    if !interior {
        let numbers = match (spec.arrangements, named) {
            (None, _) => None,
            (Some(_), Some(t)) => Some(numbers_of(t)?),
            (Some(_), None) => Some(common_numbers(lists, numbers_of)?.1),
        };
        return Ok((lists.counts(), numbers));
    }
    // With the interior a multiset builds the targets whose number is not 0: every list is
    // numbered to count them, unless only the named target matters (no number of targets
    // asked; its list holds every multiset building it, so the census's counts only bound
    // the numbers of targets then, and they are read only to say that none builds it).
    match named {
        Some(t) if spec.targets.is_none() => Ok((lists.counts(), Some(numbers_of(t)?))),
        Some(t) => {
            let all: Vec<Vec<u8>> = (0..lists.lists.len()).map(numbers_of).collect::<Result<_>>()?;
            let mut counts = vec![0u8; lists.multisets as usize];
            for (list, numbers) in lists.lists.iter().zip(&all) {
                for (&r, &n) in list.iter().zip(numbers) {
                    counts[r as usize] += u8::from(n > 0);
                }
            }
            Ok((counts, all.into_iter().nth(t)))
        }
        None => {
            let (counts, common) = common_numbers(lists, numbers_of)?;
            Ok((counts, Some(common)))
        }
    }
}

/// For every multiset (by rank): how many targets it builds (those numbered above 0) and
/// the one number all of them share ([`MIXED`] when they differ, 0 when none).
fn common_numbers(
    lists: &multiset::TargetLists,
    numbers_of: impl Fn(usize) -> Result<Vec<u8>>,
) -> Result<(Vec<u8>, Vec<u8>)> {
    let mut counts = vec![0u8; lists.multisets as usize];
    let mut common = vec![0u8; lists.multisets as usize];
    for (t, list) in lists.lists.iter().enumerate() {
        for (&r, n) in list.iter().zip(numbers_of(t)?) {
            if n == 0 {
                continue;
            }
            counts[r as usize] += 1;
            let c = &mut common[r as usize];
            *c = if *c == 0 || *c == n { n } else { MIXED };
        }
    }
    Ok((counts, common))
}

/// Refuses requests that contradict themselves or the 30 targets, before any work.
fn check(spec: &BlocksSpec) -> std::result::Result<(), DesignError> {
    if spec.targets.is_none() && spec.target.is_none() {
        return Err(Error::malformed("say how many targets the blocks build, or which target").into());
    }
    if let Some(t) = spec.targets.filter(|&t| t > 30) {
        return Err(DesignError::at(
            "targets",
            Error::out_of_range(format!("there are 30 targets, so no set builds {t}")),
        ));
    }
    if spec.arrangements == Some(0) {
        return Err(DesignError::at(
            "arrangements",
            Error::out_of_range(
                "a target with 0 arrangements is not built; ask for 0 targets instead, or at least 1 arrangement",
            ),
        ));
    }
    if spec.targets == Some(0) && spec.target.is_some() {
        return Err(DesignError::at(
            "targets",
            Error::out_of_range("blocks building 0 targets cannot build a named target"),
        ));
    }
    if spec.targets == Some(0) && spec.arrangements.is_some() {
        return Err(DesignError::at(
            "targets",
            Error::out_of_range("blocks building 0 targets have no arrangements to count"),
        ));
    }
    Ok(())
}

/// Arrangements of the 8 cubes of `set` building target `t` (with matching inner faces
/// when `interior`): the corner-graph theorems, or the general search for the interior.
fn arrangements(u: &Universe, t: usize, set: u32, interior: bool) -> u64 {
    if interior {
        let Ok(blocks) = Blocks::new(&u.set_cubes(set)) else { return 0 };
        return blocks.arrangements(&u.cubes[t], true, Some(0), true).map_or(0, |(n, _)| n as u64);
    }
    let mut fits = [0u8; 8];
    let mut s = set;
    for f in fits.iter_mut() {
        *f = u.fits[t][s.trailing_zeros() as usize];
        s &= s - 1;
    }
    graph::solution_number(&fits).unwrap_or(0)
}

/// The one number of arrangements of every target of a profile, if they are all equal.
fn same_number(group: Profile<'_>) -> Option<u64> {
    let first = group[0] & 0xff_ffff;
    group.iter().all(|&k| k & 0xff_ffff == first).then_some(first)
}

/// The error when no set meets the request, with the census fact that shows it.
fn none_exists(
    spec: &BlocksSpec,
    named: Option<&str>,
    eligible: u64,
    most: usize,
    values: &BTreeSet<u64>,
    collections: u64,
) -> DesignError {
    let inner = if spec.interior { " with matching inner faces" } else { "" };
    let building = named.map(|n| format!(" building {n}{inner}")).unwrap_or_default();
    let (one, all) = match spec.repeats {
        true => ("multiset of 8 MacMahon cubes (repeats allowed)", "multisets"),
        false => ("set of 8 distinct MacMahon cubes", "sets"),
    };
    if eligible == 0 {
        let want = spec.targets.unwrap_or(0);
        let error = Error::out_of_range(format!(
            "no {one}{building} builds exactly {}{inner}: the census of all {} {all} finds at most {most}",
            count(want, "target", "targets"),
            crate::words::thousands(collections)
        ));
        return DesignError::at("targets", error);
    }
    let which = match (named, spec.targets) {
        (Some(n), _) => format!("builds {n} in"),
        (None, Some(t)) => format!("building exactly {} builds each in", count(t, "target", "targets")),
        (None, None) => "builds each of its targets in".to_string(),
    };
    let found: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    let found = if found.is_empty() { "none".to_string() } else { found.join(", ") };
    let a = spec.arrangements.unwrap_or(0);
    let those = if named.is_some() { "they have" } else { "those with one number for all their targets have" };
    let error = Error::out_of_range(format!(
        "no {one}{building} {which} exactly {}{inner}: of the {eligible} such {all} in the census, {those} {found}",
        count(a, "arrangement", "arrangements"),
    ));
    DesignError::at("arrangements", error)
}

/// Every target of `targets` (named by `names`) the cubes build, by the general solver
/// (which shares nothing with the census tables), with its arrangements (with matching
/// inner faces when `interior`) and search tree. A raised `stop` ends it between targets.
pub(crate) fn solve_back(
    targets: &[Coloring],
    names: &[String],
    cubes: &[Coloring],
    interior: bool,
    stop: &Stop,
) -> Result<Vec<BuiltTarget>> {
    let blocks = Blocks::new(cubes)?;
    let mut built = Vec::new();
    for (target, name) in targets.iter().zip(names) {
        stop.check()?;
        let tree = blocks.search_tree(target, interior)?;
        if tree.arrangements == 0 {
            continue;
        }
        if !interior && tree.arrangements != blocks.count(target)? {
            return Err(Error::new(ErrorKind::Internal, "the search and the count disagree"));
        }
        built.push(BuiltTarget {
            target: *target,
            name: name.clone(),
            arrangements: tree.arrangements as u64,
            partial: tree.partial,
            dead_ends: tree.dead_ends,
        });
    }
    Ok(built)
}

/// The design, or an internal error when its blocks, solved again, do not meet its request.
pub(crate) fn checked(design: BlocksDesign) -> std::result::Result<BlocksDesign, DesignError> {
    match meets(&design, &design.spec) {
        true => Ok(design),
        false => {
            Err(Error::new(ErrorKind::Internal, "the drawn blocks do not meet the request when solved again").into())
        }
    }
}

/// Whether a design meets the request, read off its solved targets alone.
pub(crate) fn meets(design: &BlocksDesign, spec: &BlocksSpec) -> bool {
    let built = &design.built;
    let targets = spec.targets.is_none_or(|t| t == built.len());
    let named = spec.target.map(|c| built.iter().find(|b| b.target.canonical() == c.canonical()));
    let arrangements = match (spec.arrangements, named) {
        (None, _) => true,
        (Some(a), Some(Some(b))) => b.arrangements == a,
        (Some(_), Some(None)) => false,
        (Some(a), None) => built.iter().all(|b| b.arrangements == a),
    };
    targets && named.is_none_or(|b| b.is_some()) && arrangements
}
