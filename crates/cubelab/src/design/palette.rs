//! Eight distinct blocks of another palette building a named target in exactly the number
//! of arrangements asked for (docs/design.md): `--palette 7`, the 210 blocks of
//! Sadisticube 7 (six of seven colors each); `--colors 5`, the 75 cubes colored with
//! exactly five colors, `C_5` (Sadisticube 5).
//!
//! The 210 blocks of Sadisticube 7 make C(210, 8) ≈ 8.2 · 10^13 sets of 8, too many to
//! list, so the sets are counted through what decides their arrangements: for the named
//! target each block fits each corner in some number of orientations (its weights: 0 or
//! 1 for six different colors, more for a cube with a repeated color), and the
//! arrangements of 8 blocks are the weighted perfect matchings of blocks to corners, the
//! permanent of their weights. Blocks with the same weights are interchangeable, so a
//! dynamic program runs over the distinct weight vectors,
//! choosing how many blocks of each (C(n, r) ways for r of a group of n); its state is the
//! vector of partial matchings (for every set S of |S| corners, the ways the blocks chosen
//! so far fill exactly S), merged when two choices reach the same vector. At the end the
//! one entry left is the number of arrangements. A set is drawn from the seed by its index
//! in the program's fixed order (groups by mask, within a group the colex order of the
//! chosen blocks), with the completions counted backwards, so the draw is uniform.
//!
//! Two independent checks: the number of sets building the target at all equals the
//! family-of-corner-sets count of [`Wide::building_subsets`] (Hall's condition, no
//! permanents); restricted to the 30 MacMahon blocks the counts by arrangements equal the
//! census engine's over the 5,852,925 sets of 8 (the corner-graph theorems); and every drawn
//! set is solved again by the general solver over all 210 targets.

use super::blocks::{checked, solve_back};
use super::{BlocksDesign, BlocksSpec, DesignError};
use crate::census::wide::Wide;
use crate::coloring::{exact_colorings, Coloring};
use crate::combin::{binomial, unrank_subset_u64};
use crate::rng::SplitMix64;
use crate::run::Stop;
use crate::target::Blocks;
use crate::words::count;
use crate::{Error, ErrorKind, Result};
use foldhash::{HashMap, HashMapExt};
use std::collections::BTreeMap;

/// Where the eight blocks of `design blocks` come from (the same cubes are the targets).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BlockCubes {
    /// MacMahon's 30 cubes (`C_6`): every option of `design blocks`.
    #[default]
    MacMahon,
    /// `C_n`: the cubes colored with exactly the colors 1..n, each at least once, for a
    /// named target. Designs take n = 5 only (75 cubes, Sadisticube 5): for `C_4` and
    /// `C_3` the program's states multiply for some targets (cubes fitting a corner in
    /// several orientations make many more distinct vectors: 95 s and 6.4 GB for
    /// `C_4`'s 121342), so they are refused.
    Colors(u8),
    /// Sadisticube 7: the 210 blocks colored with six different colors of seven, for a
    /// named target.
    Sadisticube7,
}

impl BlockCubes {
    /// The cubes in words: `MacMahon cubes`, `cubes of C_5`, `Sadisticube 7 blocks`.
    pub fn words(self) -> String {
        match self {
            BlockCubes::MacMahon => "MacMahon cubes".to_string(),
            BlockCubes::Colors(n) => format!("cubes of C_{n}"),
            BlockCubes::Sadisticube7 => "Sadisticube 7 blocks".to_string(),
        }
    }

    /// The cubes (blocks and targets alike) with their names: Sadisticube 7's in the order
    /// of the censuses' `--palette 7`, `C_n` canonical and sorted.
    fn universe(self) -> Result<Wide> {
        match self {
            BlockCubes::Sadisticube7 => Ok(Wide::new()),
            BlockCubes::Colors(n) => Wide::from_cubes(exact_colorings(usize::from(n))?),
            BlockCubes::MacMahon => Wide::from_cubes(exact_colorings(6)?),
        }
    }

    /// The cubes in words with their number, for messages: `the 210 Sadisticube 7 blocks
    /// (six different colors of 1-7)`.
    fn described(self, cubes: usize) -> String {
        match self {
            BlockCubes::Sadisticube7 => format!("the {cubes} Sadisticube 7 blocks (six different colors of 1-7)"),
            BlockCubes::Colors(n) => {
                format!("the {cubes} cubes of C_{n} (exactly the colors 1-{n}, each at least once)")
            }
            BlockCubes::MacMahon => format!("the {cubes} MacMahon cubes"),
        }
    }
}

/// The number of orientations in which each cube of `w` fits each corner of target `t`
/// (the general solver's corner weights), by cube.
fn weights(w: &Wide, t: usize) -> Result<Vec<[u8; 8]>> {
    let blocks = Blocks::new(&w.cubes)?;
    let triples = blocks.target_triples(&w.cubes[t])?;
    Ok((0..w.len()).map(|c| std::array::from_fn(|p| blocks.weight(c, triples[p]))).collect())
}

/// The corner sets of each size, in increasing mask order, and the position of every mask
/// within its size.
struct Levels {
    sets: [Vec<u8>; 9],
    position: [u8; 256],
}

impl Levels {
    fn new() -> Levels {
        let mut sets: [Vec<u8>; 9] = Default::default();
        let mut position = [0u8; 256];
        for s in 0..=255u8 {
            let level = &mut sets[s.count_ones() as usize];
            position[s as usize] = level.len() as u8;
            level.push(s);
        }
        Levels { sets, position }
    }

    /// One more block, fitting corner c in `weights[c]` orientations, placed after the `j`
    /// blocks whose partial matchings onto each j-set of corners are `state`: the partial
    /// matchings onto each (j + 1)-set; `None` when every entry is 0 (no matching can be
    /// completed). A weight is at most 24 (the orientations of a cube), so the entries stay
    /// below 8! · 24^8 < 2^53: within u64.
    fn place_at(&self, j: usize, state: &[u64], weights: &[u8; 8]) -> Option<Vec<u64>> {
        let mut next = vec![0u64; self.sets[j + 1].len()];
        let mut any = false;
        for (&s, &ways) in self.sets[j].iter().zip(state) {
            if ways == 0 {
                continue;
            }
            for (c, &weight) in weights.iter().enumerate() {
                if weight > 0 && s >> c & 1 == 0 {
                    next[self.position[(s | 1 << c) as usize] as usize] += ways * u64::from(weight);
                    any = true;
                }
            }
        }
        any.then_some(next)
    }
}

/// A state of the program: how many blocks are chosen, and their partial matchings onto
/// every corner set of that size.
type State = (u8, Vec<u64>);

/// The dynamic program for one target over some of the blocks: the groups of blocks by
/// weights, and the states after each group with the number of sets reaching them.
struct Program {
    levels: Levels,
    /// (weights at the 8 corners, blocks with those weights, increasing).
    groups: Vec<([u8; 8], Vec<usize>)>,
    /// `layers[g]`: the states after the first g groups, with their numbers of sets.
    layers: Vec<HashMap<State, u64>>,
}

impl Program {
    /// Runs the program for target `t` over the blocks `allowed` keeps.
    fn run(w: &Wide, t: usize, allowed: impl Fn(usize) -> bool, stop: &Stop) -> Result<Program> {
        let mut by_weights: BTreeMap<[u8; 8], Vec<usize>> = BTreeMap::new();
        for (c, weights) in weights(w, t)?.into_iter().enumerate().filter(|&(c, _)| allowed(c)) {
            // A block fitting no corner is in no set of 8 building the target.
            if weights != [0; 8] {
                by_weights.entry(weights).or_default().push(c);
            }
        }
        let groups: Vec<([u8; 8], Vec<usize>)> = by_weights.into_iter().collect();
        // Blocks in the groups from g on, to stop at states that cannot reach 8.
        let mut after = vec![0usize; groups.len() + 1];
        for g in (0..groups.len()).rev() {
            after[g] = after[g + 1] + groups[g].1.len();
        }
        let levels = Levels::new();
        let mut layers: Vec<HashMap<State, u64>> = vec![std::iter::once(((0u8, vec![1u64]), 1u64)).collect()];
        for (g, (weights, blocks)) in groups.iter().enumerate() {
            stop.check()?;
            let mut next: HashMap<State, u64> = HashMap::new();
            for ((j, state), &sets) in &layers[g] {
                let mut state = state.clone();
                let mut j = *j as usize;
                for r in 0..=blocks.len().min(8 - j) {
                    if r > 0 {
                        match levels.place_at(j, &state, weights) {
                            Some(s) => state = s,
                            None => break,
                        }
                        j += 1;
                    }
                    if j + after[g + 1] < 8 {
                        continue;
                    }
                    *next.entry((j as u8, state.clone())).or_insert(0) +=
                        sets * binomial(blocks.len() as u64, r as u64);
                }
            }
            layers.push(next);
        }
        Ok(Program { levels, groups, layers })
    }

    /// The number of sets of 8 by their number of arrangements (0 left out).
    fn by_arrangements(&self) -> BTreeMap<u64, u64> {
        let mut counts = BTreeMap::new();
        for ((j, state), &sets) in self.layers.last().expect("the layer before any group") {
            if *j == 8 {
                *counts.entry(state[0]).or_insert(0) += sets;
            }
        }
        counts
    }

    /// The index-th set of 8 (in the program's order) whose arrangements `wanted` accepts,
    /// as block indices, increasing; `None` when the index is not below their number.
    fn nth(&self, wanted: impl Fn(u64) -> bool, mut index: u64) -> Option<Vec<usize>> {
        // completions[g][state]: the ways the groups from g on complete `state` to a set
        // whose arrangements are wanted.
        let groups = self.groups.len();
        let mut completions: Vec<HashMap<&State, u64>> = vec![HashMap::new(); groups + 1];
        for key in self.layers[groups].keys() {
            if key.0 == 8 && wanted(key.1[0]) {
                completions[groups].insert(key, 1);
            }
        }
        for g in (0..groups).rev() {
            let (head, tail) = completions.split_at_mut(g + 1);
            for key in self.layers[g].keys() {
                let ways: u64 = self
                    .choices(g, key)
                    .map(|(r, next)| self.weight(g, r) * tail[0].get(&next).copied().unwrap_or(0))
                    .sum();
                if ways > 0 {
                    head[g].insert(key, ways);
                }
            }
        }
        let mut key: State = (0, vec![1u64]);
        let mut blocks = Vec::new();
        for (g, (_, group)) in self.groups.iter().enumerate() {
            let (r, next, each) = self.choices(g, &key).find_map(|(r, next)| {
                let each = completions[g + 1].get(&next).copied().unwrap_or(0);
                let all = self.weight(g, r) * each;
                if index < all {
                    Some((r, next, each))
                } else {
                    index -= all;
                    None
                }
            })?;
            let chosen = unrank_subset_u64(index / each, r);
            index %= each;
            blocks.extend((0..group.len()).filter(|&i| chosen >> i & 1 == 1).map(|i| group[i]));
            key = next;
        }
        (key.0 == 8).then(|| {
            blocks.sort_unstable();
            blocks
        })
    }

    /// C(n, r) for r blocks of group g.
    fn weight(&self, g: usize, r: usize) -> u64 {
        binomial(self.groups[g].1.len() as u64, r as u64)
    }

    /// The states reached from `key` by taking r = 0, 1, ... blocks of group g.
    fn choices<'a>(&'a self, g: usize, key: &State) -> impl Iterator<Item = (usize, State)> + 'a {
        let (weights, blocks) = (&self.groups[g].0, self.groups[g].1.len());
        let mut state = Some(key.clone());
        (0..=blocks).map_while(move |r| {
            let (j, s) = state.take()?;
            if r > 0 {
                if j as usize >= 8 {
                    return None;
                }
                let placed = self.levels.place_at(j as usize, &s, weights)?;
                state = Some((j + 1, placed));
            } else {
                state = Some((j, s));
            }
            state.clone().map(|k| (r, k))
        })
    }
}

/// The number of sets of 8 distinct blocks of `w` that `allowed` keeps building target `t`,
/// by their number of arrangements (those with none left out).
#[cfg(test)]
pub(crate) fn sets_by_arrangements(
    w: &Wide,
    t: usize,
    allowed: impl Fn(usize) -> bool,
    stop: &Stop,
) -> Result<BTreeMap<u64, u64>> {
    Ok(Program::run(w, t, allowed, stop)?.by_arrangements())
}

/// [`super::blocks`] for `spec.cubes` other than MacMahon's: eight distinct cubes of
/// `C_n` or Sadisticube 7 building the named target in exactly the arrangements asked for (any number
/// above 0 when none is asked), drawn uniformly among all such sets, counted exactly.
pub(crate) fn blocks_in_palette(spec: &BlocksSpec, stop: &Stop) -> std::result::Result<BlocksDesign, DesignError> {
    let from = check(spec)?;
    let w = from.universe()?;
    let target = spec.target.ok_or_else(|| DesignError::at("target", Error::malformed("a target is required")))?;
    let t = w.index_of(&target).ok_or_else(|| {
        DesignError::at(
            "target",
            Error::out_of_range(format!("{} is not one of {}", target.face_string(), from.described(w.len()))),
        )
    })?;
    let program = Program::run(&w, t, |_| true, stop)?;
    let counts = program.by_arrangements();
    let wanted = |a: u64| spec.arrangements.is_none_or(|want| want == a);
    let count: u64 = counts.iter().filter(|&(&a, _)| wanted(a)).map(|(_, &n)| n).sum();
    let collections = binomial(w.len() as u64, 8);
    if count == 0 {
        return Err(none_exists(spec, from, &w.names[t], &counts, collections));
    }
    stop.check()?;
    let index = SplitMix64(spec.seed).below(count);
    let blocks = program
        .nth(wanted, index)
        .ok_or_else(|| Error::new(ErrorKind::Internal, "the drawn index has no set in the program"))?;
    let cubes: Vec<Coloring> = blocks.iter().map(|&c| w.cubes[c]).collect();
    let names = blocks.iter().map(|&c| w.names[c].clone()).collect();
    let built = solve_back(&w.cubes, &w.names, &cubes, false, stop)?;
    checked(BlocksDesign { spec: spec.clone(), count, collections, blocks, cubes, names, built })
}

/// Refuses what these cubes do not support, before any work; the cubes.
fn check(spec: &BlocksSpec) -> std::result::Result<BlockCubes, DesignError> {
    let from = spec.cubes;
    if let BlockCubes::Colors(n @ (..=4 | 6..)) = from {
        return Err(DesignError::at(
            "colors",
            Error::out_of_range(format!(
                "no blocks of C_{n}: designs take C_5 (colors 5, Sadisticube 5), MacMahon's 30 cubes (C_6, the \
                 default) or Sadisticube 7 (palette 7); for C_3 and C_4 the exact count of some targets takes \
                 minutes and gigabytes"
            )),
        ));
    }
    let which = from.words();
    let refuse = |field: &'static str, what: &str| {
        Err(DesignError::at(
            field,
            Error::out_of_range(format!(
                "{what} is not offered for {which}: name a target, with or without its arrangements"
            )),
        ))
    };
    if spec.targets.is_some() {
        return refuse("targets", "a number of targets built");
    }
    if spec.interior {
        return refuse("interior", "matching inner faces");
    }
    if spec.repeats {
        return refuse("repeats", "repeated blocks");
    }
    if spec.target.is_none() {
        return Err(DesignError::at(
            "target",
            Error::malformed(format!("{which} are designed for a named target: give one")),
        ));
    }
    if spec.arrangements == Some(0) {
        return Err(DesignError::at(
            "arrangements",
            Error::out_of_range("a target with 0 arrangements is not built; ask for at least 1 arrangement"),
        ));
    }
    Ok(from)
}

/// The error when no set has the arrangements asked for, with the numbers that occur.
fn none_exists(
    spec: &BlocksSpec,
    from: BlockCubes,
    name: &str,
    counts: &BTreeMap<u64, u64>,
    collections: u64,
) -> DesignError {
    let a = spec.arrangements.unwrap_or(0);
    let building: u64 = counts.values().sum();
    let one = format!("set of 8 distinct {}", from.words());
    let error = if building == 0 {
        Error::out_of_range(format!("no {one} builds {name} (of all {collections} sets)"))
    } else {
        Error::out_of_range(format!(
            "no {one} builds {name} in exactly {}: of the {building} sets (of all {collections}) building it, the \
             arrangements are {}",
            count(a, "arrangement", "arrangements"),
            ranges(counts.keys().copied()),
        ))
    };
    DesignError::at("arrangements", error)
}

/// Increasing numbers as runs: `1-4, 6, 8-9`.
fn ranges(values: impl Iterator<Item = u64>) -> String {
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for v in values {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == v => *end = v,
            _ => runs.push((v, v)),
        }
    }
    let run = |&(a, b): &(u64, u64)| if a == b { a.to_string() } else { format!("{a}-{b}") };
    runs.iter().map(run).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
#[path = "palette_tests.rs"]
mod tests;
