//! Puzzles with repeated blocks (Sobczyk): every multiset of 8 cubes, and how many
//! targets each builds.
//!
//! A multiset of 8 of the universe's n cubes is ranked through its stars-and-bars set:
//! the sorted types a_0 ≤ … ≤ a_7 become the 8-set {a_i + i} of {0, …, n + 6}.
//!
//! Two methods decide whether 8 blocks build a target:
//! - [`Method::Graph`]: every block must fit some corner; blocks fitting two corners are
//!   edges of a multigraph on the 8 corners, copies of the target fit anywhere. The blocks
//!   fill the corners exactly when no component has more edges than corners (a component
//!   with one edge fewer than corners leaves one corner for a copy of the target, and the
//!   numbers add up because there are 8 blocks and 8 corners).
//! - [`Method::Backtrack`]: the general solver of [`crate::target`].

use super::combin::{binomial, for_each_subset_in};
use super::shard::chunked_until;
use super::{Method, Universe};
use crate::run::{Progress, Stop};
use crate::target::Blocks;
use crate::Error;
use rayon::prelude::*;

/// The 8 types of a multiset from its stars-and-bars set.
pub fn types_of(stars: u64) -> [usize; 8] {
    let mut out = [0usize; 8];
    let mut s = stars;
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = s.trailing_zeros() as usize - i;
        s &= s - 1;
    }
    out
}

/// Colex rank of a multiset given by its sorted types.
pub fn rank_multiset(types: &[usize; 8]) -> u64 {
    types.iter().enumerate().map(|(i, &a)| binomial((a + i) as u64, i as u64 + 1)).sum()
}

/// Number of multisets of 8 from n cubes.
pub fn multiset_count(n: usize) -> u64 {
    binomial(n as u64 + 7, 8)
}

/// Whether blocks with these corner fits (one mask per block, masks of 2 or 8 corners)
/// fill all 8 corners, by the component criterion.
pub fn components_fill(fits: &[u8; 8]) -> bool {
    if fits.contains(&0) {
        return false;
    }
    let c = super::graph::CornerComponents::of(fits);
    (0..8).all(|r| c.edges[r] <= c.vertices[r])
}

/// Whether the multiset (sorted types) builds target `t`.
pub fn multiset_builds(u: &Universe, t: usize, types: &[usize; 8], method: Method) -> Result<bool, Error> {
    match method {
        Method::Graph => {
            if !u.simple {
                return Err(Error::out_of_range(
                    "the component criterion needs six-colored cubes; the backtrack method does not",
                ));
            }
            Ok(components_fill(&types.map(|c| u.fits[t][c])))
        }
        Method::Backtrack => {
            let cubes: Vec<_> = types.iter().map(|&c| u.cubes[c]).collect();
            Ok(Blocks::new(&cubes)?.count(&u.cubes[t])? > 0)
        }
    }
}

/// The solution number of target `t` for the multiset (sorted types) of a simple
/// universe (six-colored cubes): arrangements up to swapping identical blocks, as
/// [`Blocks::count`] counts them, by the corner multigraph
/// ([`super::graph::multiset_solution_number`]).
pub(crate) fn multiset_arrangements(u: &Universe, t: usize, types: &[usize; 8]) -> u64 {
    debug_assert!(u.simple, "the corner multigraph needs six-colored cubes");
    super::graph::multiset_solution_number(&types.map(|c| u.fits[t][c]), types)
}

/// The blocks of a simple universe placed at the corners of one target, for counting
/// arrangements whose touching inner faces all match (Conway's puzzle) without the
/// general search: each cube fits a corner in at most one orientation (six-colored
/// cubes), so a block's colors at a corner are fixed once the corner is chosen.
pub(crate) struct InteriorFits {
    /// `placed[c][p]`: the face colors (by [`crate::geometry::Face::index`]) of cube `c`
    /// standing at corner `p` of the target, when `fits[c]` has bit `p`.
    placed: Vec<[[u8; 6]; 8]>,
    /// `fits[c]`: the corners of the target cube `c` fits.
    fits: Vec<u8>,
    /// `touching[p]`: the inner contacts of corner `p` with an earlier corner `a`, as
    /// (a, face of a, face of p) face indices, whose colors must be equal.
    touching: [Vec<(usize, usize, usize)>; 8],
}

impl InteriorFits {
    /// The table of target `t` of a simple universe.
    pub(crate) fn new(u: &Universe, t: usize) -> InteriorFits {
        use crate::geometry::{Corner, Rotation};
        debug_assert!(u.simple, "one orientation per fit needs six-colored cubes");
        let target = u.cubes[t];
        let placed = u
            .cubes
            .iter()
            .enumerate()
            .map(|(c, cube)| {
                let mut at = [[0u8; 6]; 8];
                for p in Corner::all() {
                    if u.fits[t][c] >> p.index() & 1 == 0 {
                        continue;
                    }
                    let standing = Rotation::all()
                        .iter()
                        .map(|r| cube.rotated(r))
                        .find(|o| p.faces().iter().all(|&f| o.color(f) == target.color(f)))
                        .expect("a cube fitting a corner has an orientation there");
                    at[p.index()] = standing.faces().map(|k| k.0);
                }
                at
            })
            .collect();
        let mut touching: [Vec<(usize, usize, usize)>; 8] = Default::default();
        for (a, fa, b, fb) in crate::target::interior_contacts() {
            debug_assert!(a.index() < b.index());
            touching[b.index()].push((a.index(), fa.index(), fb.index()));
        }
        InteriorFits { placed, fits: u.fits[t].clone(), touching }
    }

    /// The arrangements of the multiset (any order of its 8 cube indices) building the
    /// target with every touching inner face matching, up to swapping identical blocks
    /// (as [`Blocks::arrangements`] counts them with `interior`): a search corner by
    /// corner over the block types left.
    pub(crate) fn arrangements(&self, cubes: &[usize; 8]) -> u64 {
        let mut kinds = [0usize; 8];
        let mut left = [0u8; 8];
        let mut n = 0;
        for &c in cubes {
            match kinds[..n].iter().position(|&k| k == c) {
                Some(i) => left[i] += 1,
                None => {
                    kinds[n] = c;
                    left[n] = 1;
                    n += 1;
                }
            }
        }
        let mut standing = [[0u8; 6]; 8];
        self.go(0, &kinds[..n], &mut left, &mut standing)
    }

    fn go(&self, p: usize, kinds: &[usize], left: &mut [u8; 8], standing: &mut [[u8; 6]; 8]) -> u64 {
        if p == 8 {
            return 1;
        }
        let mut found = 0;
        for (i, &c) in kinds.iter().enumerate() {
            if left[i] == 0 || self.fits[c] >> p & 1 == 0 {
                continue;
            }
            let colors = &self.placed[c][p];
            if self.touching[p].iter().all(|&(a, fa, fp)| standing[a][fa] == colors[fp]) {
                standing[p] = *colors;
                left[i] -= 1;
                found += self.go(p + 1, kinds, left, standing);
                left[i] += 1;
            }
        }
        found
    }
}

/// The multisets building target `t`: their ranks, sorted, each with its types.
fn buildable_for(
    u: &Universe,
    t: usize,
    method: Method,
    progress: &dyn Progress,
    stop: &Stop,
) -> Result<Vec<(u64, [u8; 8])>, Error> {
    let members: Vec<usize> = (0..u.len()).filter(|&c| u.fits[t][c] != 0).collect();
    let m = members.len();
    debug_assert!(m + 7 <= 32, "checked by multiset_census");
    let total = binomial(m as u64 + 7, 8);
    let parts = chunked_until(0..total, 1 << 16, stop, |r| {
        let units = r.end - r.start;
        let mut found = Vec::new();
        for_each_subset_in(8, r.start, r.end, |stars| {
            let types = types_of(stars as u64).map(|i| members[i]);
            if multiset_builds(u, t, &types, method).expect("method checked") {
                found.push((rank_multiset(&types), types.map(|c| c as u8)));
            }
        });
        progress.advance(units);
        found
    })?;
    let mut v: Vec<(u64, [u8; 8])> = parts.into_iter().flatten().collect();
    v.sort_unstable_by_key(|&(r, _)| r);
    Ok(v)
}

/// The multiset census: `histogram[k]` multisets build exactly k targets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MultisetCensus {
    /// Number of multisets of 8.
    pub multisets: u64,
    /// Multisets by number of targets built.
    pub histogram: Vec<u64>,
    /// Multisets reaching the maximum (sorted types), at most 1000.
    pub max_examples: Vec<[usize; 8]>,
    /// Targets whose lists were carried over from the first target by a checked symmetry.
    pub derived: usize,
}

/// Runs the census over every multiset of 8 of the universe's cubes. A raised `stop` ends
/// it within a chunk of 65,536 multisets (milliseconds), with kind `Stopped`.
pub fn multiset_census(
    u: &Universe,
    method: Method,
    progress: &dyn Progress,
    stop: &Stop,
) -> Result<MultisetCensus, Error> {
    let lists = target_lists(u, method, progress, stop)?;
    let counts = lists.counts();
    let n = u.len();
    let mut histogram = vec![0u64; n + 1];
    for &c in &counts {
        histogram[c as usize] += 1;
    }
    let max = histogram.iter().rposition(|&h| h > 0).unwrap_or(0);
    let max_examples = counts
        .iter()
        .enumerate()
        .filter(|(_, &c)| c as usize == max)
        .take(1000)
        .map(|(r, _)| types_of(super::combin::unrank_subset_u64(r as u64, 8)))
        .collect();
    Ok(MultisetCensus { multisets: lists.multisets, histogram, max_examples, derived: lists.derived })
}

/// For each target, the multisets of 8 of the universe's cubes that build it.
#[derive(Debug, Clone)]
pub(crate) struct TargetLists {
    /// Number of multisets of 8.
    pub(crate) multisets: u64,
    /// `lists[t]`: the colex ranks of the multisets building target t, increasing.
    pub(crate) lists: Vec<Vec<u64>>,
    /// Targets whose lists were carried over from the first target by a checked symmetry.
    pub(crate) derived: usize,
    /// What `numbers` holds, if the lists were numbered.
    pub(crate) numbering: Option<Numbering>,
    /// `numbers[t][i]`: the number of the i-th multiset of `lists[t]` (empty unless
    /// `numbering`).
    pub(crate) numbers: Vec<Vec<u8>>,
}

/// A number given to every multiset of every list, one that color relabelings keep (so
/// it is carried over with the lists).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Numbering {
    /// Its arrangements of the target ([`multiset_arrangements`], the corner multigraph).
    Arrangements,
    /// Its arrangements with every touching inner face matching ([`InteriorFits`]), 0
    /// when none.
    Interior,
}

impl Numbering {
    /// The numbers of target `t` for multisets given by their types, in parallel; an
    /// internal error for a number that does not fit below 255 (they are at most 18).
    fn numbers(self, u: &Universe, t: usize, types: &[[u8; 8]]) -> Result<Vec<u8>, Error> {
        let table = (self == Numbering::Interior).then(|| InteriorFits::new(u, t));
        types
            .par_iter()
            .map(|types| {
                let types = types.map(usize::from);
                let n = match &table {
                    Some(table) => table.arrangements(&types),
                    None => multiset_arrangements(u, t, &types),
                };
                u8::try_from(n)
                    .ok()
                    .filter(|&n| n < u8::MAX)
                    .ok_or_else(|| Error::new(crate::ErrorKind::Internal, "a multiset has too many arrangements"))
            })
            .collect()
    }
}

impl TargetLists {
    /// How many targets each multiset builds, by rank.
    pub(crate) fn counts(&self) -> Vec<u8> {
        let mut counts = vec![0u8; self.multisets as usize];
        for list in &self.lists {
            for &r in list {
                counts[r as usize] += 1;
            }
        }
        counts
    }
}

/// The lists of the multiset census: for every target, the multisets building it (a
/// raised `stop` ends it as [`multiset_census`]).
pub(crate) fn target_lists(
    u: &Universe,
    method: Method,
    progress: &dyn Progress,
    stop: &Stop,
) -> Result<TargetLists, Error> {
    numbered_lists(u, method, None, progress, stop)
}

/// [`target_lists`], each multiset of each list numbered as `numbering` says (six-colored
/// cubes): the first target's list is numbered and the numbers are carried over with it
/// to the targets related to it by a checked color symmetry, which keeps them.
pub(crate) fn numbered_lists(
    u: &Universe,
    method: Method,
    numbering: Option<Numbering>,
    progress: &dyn Progress,
    stop: &Stop,
) -> Result<TargetLists, Error> {
    if let Some(t) = (0..u.len()).find(|&t| u.fits[t].iter().filter(|&&m| m != 0).count() + 7 > 32) {
        return Err(Error::out_of_range(format!(
            "target {} has more than 25 usable cubes; the multiset census handles at most 25",
            u.names[t]
        )));
    }
    if (method == Method::Graph || numbering.is_some()) && !u.simple {
        return Err(Error::out_of_range(
            "the component criterion needs six-colored cubes; the backtrack method does not",
        ));
    }
    let n = u.len();
    let total = multiset_count(n);
    // With the graph method, targets related to the first by a checked color symmetry get
    // its list carried over (a multiset is mapped type by type).
    let symmetric: Vec<Option<Vec<usize>>> = (0..n)
        .into_par_iter()
        .map(|t| if method == Method::Graph && t > 0 { u.target_symmetry(0, t).map(|(p, _)| p) } else { None })
        .collect();
    // Progress: the candidate multisets of every target whose list is computed.
    let candidates = |t: usize| binomial(u.fits[t].iter().filter(|&&m| m != 0).count() as u64 + 7, 8);
    let work = (0..n).filter(|&t| symmetric[t].is_none()).map(candidates).sum();
    progress.start("multisets of 8", work, 0);
    // A computed list: its ranks and numbers.
    let computed = |t: usize, found: &[(u64, [u8; 8])]| -> Result<(Vec<u64>, Vec<u8>), Error> {
        let types: Vec<[u8; 8]> = found.iter().map(|&(_, types)| types).collect();
        let numbers = match numbering {
            Some(numbering) => numbering.numbers(u, t, &types)?,
            None => Vec::new(),
        };
        Ok((found.iter().map(|&(r, _)| r).collect(), numbers))
    };
    let first = buildable_for(u, 0, method, progress, stop)?;
    let (first_ranks, first_numbers) = computed(0, &first)?;
    let lists: Vec<(Vec<u64>, Vec<u8>)> = (0..n)
        .into_par_iter()
        .map(|t| match (t, &symmetric[t]) {
            (0, _) => Ok((first_ranks.clone(), first_numbers.clone())),
            (_, Some(perm)) => {
                // The first target's list carried over by the symmetry, each rank with its
                // number in the low byte (ranks are below 2^56), a stop looked at every
                // 65,536 multisets.
                let mut v: Vec<u64> = Vec::with_capacity(first.len());
                for (i, chunk) in first.chunks(1 << 16).enumerate() {
                    stop.check()?;
                    v.extend(chunk.iter().enumerate().map(|(j, &(_, types))| {
                        let mut mapped = types.map(|c| perm[c as usize]);
                        mapped.sort_unstable();
                        let number = first_numbers.get(i << 16 | j).copied().unwrap_or(0);
                        rank_multiset(&mapped) << 8 | u64::from(number)
                    }));
                }
                v.sort_unstable();
                let numbers = match numbering {
                    Some(_) => v.iter().map(|&x| x as u8).collect(),
                    None => Vec::new(),
                };
                Ok((v.into_iter().map(|x| x >> 8).collect(), numbers))
            }
            (_, None) => computed(t, &buildable_for(u, t, method, progress, stop)?),
        })
        .collect::<Result<_, Error>>()?;
    let (lists, numbers) = lists.into_iter().unzip();
    Ok(TargetLists {
        multisets: total,
        lists,
        derived: symmetric.iter().filter(|s| s.is_some()).count(),
        numbering,
        numbers: if numbering.is_some() { numbers } else { Vec::new() },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    #[test]
    fn ranking_round_trips() {
        assert_eq!(multiset_count(30), 38_608_020);
        let mut rng = SplitMix64(1);
        for _ in 0..200 {
            let r = rng.below(multiset_count(30));
            let stars = super::super::combin::unrank_subset_u64(r, 8);
            let types = types_of(stars);
            assert!(types.windows(2).all(|w| w[0] <= w[1]));
            assert!(types[7] < 30);
            assert_eq!(rank_multiset(&types), r);
        }
    }

    /// The multigraph's solution number against the general solver ([`Blocks::count`],
    /// which shares nothing with it) on 1,000 random multisets with many repeats, targets
    /// included, every target each.
    #[test]
    fn multigraph_solution_numbers_are_the_solvers() {
        let u = Universe::macmahon();
        let mut rng = SplitMix64(27);
        let (mut built, mut doubled, mut jokers) = (0, 0, 0);
        for _ in 0..1000 {
            let t = rng.below(30) as usize;
            // Few distinct usable types, so that repeats and buildable multisets occur.
            let usable: Vec<usize> = (0..30).filter(|&c| u.fits[t][c] != 0).collect();
            let few: Vec<usize> = (0..5).map(|_| usable[rng.below(usable.len() as u64) as usize]).collect();
            let mut types = [0usize; 8];
            for slot in types.iter_mut() {
                *slot = few[rng.below(5) as usize];
            }
            types.sort_unstable();
            let blocks = Blocks::new(&types.map(|c| u.cubes[c])).unwrap();
            for target in 0..30 {
                let n = multiset_arrangements(&u, target, &types);
                assert_eq!(n as u128, blocks.count(&u.cubes[target]).unwrap(), "target {target} types {types:?}");
                if n > 0 {
                    built += 1;
                    doubled += usize::from(types.windows(2).any(|w| w[0] == w[1] && w[0] != target));
                    jokers += usize::from(types.contains(&target));
                }
            }
        }
        assert!(built > 150 && doubled > 100 && jokers > 100, "{built} {doubled} {jokers}");
    }

    /// [`InteriorFits::arrangements`] (one orientation per fit, a search over block types)
    /// is the general solver's count with matching inner faces, for every target, on
    /// Conway's solutions and multisets near them: for target Xy, the eight cubes in the
    /// row or the column of its mirror Yx in Conway's tableau (Johnson–Roldán, section 2;
    /// found by name, not by any table), each with 2 arrangements, and 600 copies with one
    /// to three of the eight replaced by random cubes (repeats among them).
    #[test]
    fn interior_numbers_are_the_solvers() {
        let u = Universe::macmahon();
        let index = |name: String| u.names.iter().position(|n| *n == name).unwrap();
        let tables: Vec<InteriorFits> = (0..30).map(|t| InteriorFits::new(&u, t)).collect();
        let conway = |t: usize| -> [usize; 8] {
            let [x, y]: [char; 2] = u.names[t].chars().collect::<Vec<_>>().try_into().unwrap();
            let (row, column) = (y.to_ascii_uppercase(), x.to_ascii_lowercase());
            let mut set: Vec<usize> = "abcdef"
                .chars()
                .filter(|&c| c != column && c != y)
                .map(|c| index(format!("{row}{c}")))
                .chain("ABCDEF".chars().filter(|&r| r != row && r != x).map(|r| index(format!("{r}{column}"))))
                .collect();
            set.sort_unstable();
            set.try_into().unwrap()
        };
        let mut rng = SplitMix64(2027);
        let (mut built, mut repeated) = (0, 0);
        for round in 0..630 {
            let t = round % 30;
            let mut types = conway(t);
            if round >= 30 {
                for _ in 0..1 + rng.below(3) {
                    types[rng.below(8) as usize] = rng.below(30) as usize;
                }
            }
            types.sort_unstable();
            let blocks = Blocks::new(&types.map(|c| u.cubes[c])).unwrap();
            for (target, table) in tables.iter().enumerate() {
                let n = table.arrangements(&types);
                let (solver, _) = blocks.arrangements(&u.cubes[target], true, Some(0), true).unwrap();
                assert_eq!(n as u128, solver, "target {target} types {types:?}");
                if round < 30 {
                    assert_eq!(n, u64::from(target == t) * 2, "Conway's set of target {t}, target {target}");
                }
                built += usize::from(n > 0);
                repeated += usize::from(types.windows(2).any(|w| w[0] == w[1]));
            }
        }
        assert!(built >= 30 && repeated > 1_000, "{built} {repeated}");
    }

    /// The numbers carried over with the lists by the color symmetries are the ones
    /// counted directly (every 97th multiset of every list), for both numberings; with the
    /// interior, each target's list has exactly one multiset numbered above 0 (Conway's
    /// eight cubes for that target, 2 arrangements).
    #[test]
    fn numbers_carried_with_the_lists_are_the_direct_ones() {
        use crate::run::NoProgress;
        let u = Universe::macmahon();
        for numbering in [Numbering::Arrangements, Numbering::Interior] {
            let lists = numbered_lists(&u, Method::Graph, Some(numbering), &NoProgress, &Stop::new()).unwrap();
            assert_eq!((lists.derived, lists.numbering), (29, Some(numbering)));
            for t in 0..30 {
                let (list, numbers) = (&lists.lists[t], &lists.numbers[t]);
                assert_eq!(numbers.len(), list.len());
                let table = InteriorFits::new(&u, t);
                for (&r, &n) in list.iter().zip(numbers).step_by(97) {
                    let types = types_of(crate::combin::unrank_subset_u64(r, 8));
                    let direct = match numbering {
                        Numbering::Arrangements => multiset_arrangements(&u, t, &types),
                        Numbering::Interior => table.arrangements(&types),
                    };
                    assert_eq!(u64::from(n), direct, "target {t} {types:?}");
                }
                if numbering == Numbering::Interior {
                    let inside: Vec<u8> = numbers.iter().copied().filter(|&n| n > 0).collect();
                    assert_eq!(inside, [2], "target {t}");
                }
            }
        }
    }

    #[test]
    fn component_criterion_agrees_with_the_solver_on_random_multisets() {
        let u = Universe::macmahon();
        let mut rng = SplitMix64(99);
        let mut built = 0;
        for _ in 0..400 {
            let t = rng.below(30) as usize;
            // Mostly usable types, so that buildable multisets occur.
            let usable: Vec<usize> = (0..30).filter(|&c| u.fits[t][c] != 0).collect();
            let mut types = [0usize; 8];
            for slot in types.iter_mut() {
                *slot = usable[rng.below(usable.len() as u64) as usize];
            }
            if rng.below(4) == 0 {
                types[0] = rng.below(30) as usize;
            }
            types.sort_unstable();
            let g = multiset_builds(&u, t, &types, Method::Graph).unwrap();
            let b = multiset_builds(&u, t, &types, Method::Backtrack).unwrap();
            assert_eq!(g, b, "target {t} types {types:?}");
            built += g as usize;
        }
        assert!(built > 10, "the sample should contain buildable multisets ({built})");
    }
}
