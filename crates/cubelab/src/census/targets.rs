//! How many targets every set of K cubes can build (Johnson–Roldán Table 2 for K = 8,
//! Figures 7 and 9, universal sets).
//!
//! A set builds a target when some 8 of its cubes do. Cubes that fit no corner of the
//! target never help, so for each target we keep a bit table over the subsets of its
//! usable cubes (21 of the 30 MacMahon cubes): the buildable 8-sets, closed upwards.
//! Looking a set up is then a few byte-table lookups per target.

use super::combin::{binomial, for_each_subset_in};
use super::shard::chunked;
use super::{graph, Method, Universe};
use crate::rng::SplitMix64;
use crate::target::Blocks;
use crate::Error;
use rayon::prelude::*;
use std::sync::OnceLock;

/// Largest number of usable cubes per target for which a table is built (2^26 bits = 8 MiB).
pub const MAX_USABLE: usize = 26;

/// Per-target tables of buildable sub-collections.
#[derive(Debug)]
pub struct BuildTables {
    /// The method the 8-sets were decided by.
    pub method: Method,
    /// Number of cubes in the universe.
    pub universe: usize,
    /// Per target: every buildable set of 8 distinct cubes (cube bitmasks); in colex order
    /// for targets decided directly, in the carried-over order for the others.
    pub minimal: Vec<Vec<u32>>,
    /// Per target: how its list was obtained (`None`: decided directly; `Some(s)`: carried
    /// over from target `s` by a checked color symmetry).
    pub derived_from: Vec<Option<usize>>,
    /// Per target: the usable cubes.
    members: Vec<Vec<usize>>,
    /// Lookup tables, built on first use.
    lookup: OnceLock<Vec<Lookup>>,
}

/// One target's lookup table.
#[derive(Debug)]
struct Lookup {
    /// Byte of a set → table-index bits, for the four bytes of a set.
    compress: [[u32; 256]; 4],
    /// Bitset over subsets of the usable cubes: buildable, closed upwards.
    bits: Vec<u64>,
}

fn deposit(positions: u32, members: &[usize]) -> u32 {
    let mut out = 0;
    let mut p = positions;
    while p != 0 {
        out |= 1 << members[p.trailing_zeros() as usize];
        p &= p - 1;
    }
    out
}

/// Whether 8 distinct cubes of the universe build target `t`, by `method`.
pub fn eight_build(u: &Universe, t: usize, set: u32, method: Method) -> bool {
    match method {
        Method::Graph => {
            let mut fits = [0u8; 8];
            let mut s = set;
            for f in fits.iter_mut() {
                *f = u.fits[t][s.trailing_zeros() as usize];
                s &= s - 1;
            }
            if u.simple {
                graph::solution_number(&fits).expect("six-colored cubes") > 0
            } else {
                graph::hall_fillable(&fits)
            }
        }
        Method::Backtrack => {
            Blocks::new(&u.set_cubes(set)).expect("eight cubes").count(&u.cubes[t]).expect("same colors") > 0
        }
    }
}

/// Every buildable 8-set for target `t`, decided one by one (colex order; in parallel
/// chunks, concatenated in order).
fn minimal_direct(u: &Universe, t: usize, members: &[usize], method: Method) -> Vec<u32> {
    let parts = chunked(0..binomial(members.len() as u64, 8), 1 << 15, |r| {
        let mut minimal = Vec::new();
        for_each_subset_in(8, r.start, r.end, |positions| {
            let set = deposit(positions, members);
            if eight_build(u, t, set, method) {
                minimal.push(set);
            }
        });
        minimal
    });
    parts.concat()
}

impl BuildTables {
    /// Decides every 8-set of usable cubes for every target by `method`. With the graph
    /// method, targets related to the first one by a checked color symmetry
    /// ([`Universe::target_symmetry`]) get its list carried over; all others, and every
    /// target with the backtrack method, are decided directly (in parallel).
    pub fn new(u: &Universe, method: Method) -> Result<BuildTables, Error> {
        let members: Vec<Vec<usize>> =
            (0..u.len()).map(|t| (0..u.len()).filter(|&c| u.fits[t][c] != 0).collect()).collect();
        let symmetric: Vec<Option<Vec<usize>>> = (0..u.len())
            .into_par_iter()
            .map(|t| match method {
                Method::Graph if t > 0 => u.target_symmetry(0, t).map(|(perm, _)| perm),
                _ => None,
            })
            .collect();
        let first = minimal_direct(u, 0, &members[0], method);
        let minimal: Vec<Vec<u32>> = (0..u.len())
            .into_par_iter()
            .map(|t| match (&symmetric[t], t) {
                (_, 0) => first.clone(),
                (Some(perm), _) => {
                    // Carried-over lists stay in the order of the first target's list: no
                    // consumer needs them sorted.
                    let bytes = byte_maps(perm);
                    first.iter().map(|&s| apply_byte_maps(&bytes, s)).collect()
                }
                (None, _) => minimal_direct(u, t, &members[t], method),
            })
            .collect();
        let derived_from = symmetric.iter().map(|s| s.as_ref().map(|_| 0)).collect();
        Ok(BuildTables { method, universe: u.len(), minimal, derived_from, members, lookup: OnceLock::new() })
    }

    /// Whether lookup tables (needed for sets of other than 8 cubes) can be built for this
    /// universe: each target's table has 2^(usable cubes) bits, at most 2^[`MAX_USABLE`].
    /// Cheap; call it before [`BuildTables::new`] to fail early.
    pub fn check_lookup_possible(u: &Universe) -> Result<(), Error> {
        for t in 0..u.len() {
            let m = u.fits[t].iter().filter(|&&f| f != 0).count();
            if m > MAX_USABLE {
                return Err(Error::out_of_range(format!(
                    "target {} has {m} usable cubes; lookup tables for sets of other than 8 cubes are built for at most {MAX_USABLE}",
                    u.names[t]
                )));
            }
        }
        Ok(())
    }

    fn check_lookup(&self) -> Result<(), Error> {
        match self.members.iter().position(|m| m.len() > MAX_USABLE) {
            Some(t) => Err(Error::out_of_range(format!("target {} has too many usable cubes for a table", t + 1))),
            None => Ok(()),
        }
    }

    fn lookup(&self) -> &[Lookup] {
        self.lookup.get_or_init(|| {
            self.check_lookup().expect("callers check that lookup tables can be built");
            (0..self.minimal.len())
                .into_par_iter()
                .map(|t| {
                    let members = &self.members[t];
                    let m = members.len();
                    let mut positions = [u8::MAX; 32];
                    for (i, &c) in members.iter().enumerate() {
                        positions[c] = i as u8;
                    }
                    let position = |c: usize| (positions[c] != u8::MAX).then_some(positions[c] as usize);
                    let mut bits = vec![0u64; (1usize << m).div_ceil(64)];
                    for &set in &self.minimal[t] {
                        let mut idx = 0usize;
                        let mut s = set;
                        while s != 0 {
                            idx |= 1 << position(s.trailing_zeros() as usize).expect("usable");
                            s &= s - 1;
                        }
                        bits[idx >> 6] |= 1 << (idx & 63);
                    }
                    close_upwards(&mut bits, m);
                    let mut compress = [[0u32; 256]; 4];
                    for (b, table) in compress.iter_mut().enumerate() {
                        for (v, slot) in table.iter_mut().enumerate() {
                            for i in 0..8 {
                                if v >> i & 1 == 1 {
                                    if let Some(pos) = position(b * 8 + i) {
                                        *slot |= 1 << pos;
                                    }
                                }
                            }
                        }
                    }
                    Lookup { compress, bits }
                })
                .collect()
        })
    }

    /// Number of targets.
    pub fn targets(&self) -> usize {
        self.minimal.len()
    }

    /// Whether the set builds target `t` (some 8 of its cubes do).
    #[inline]
    pub fn builds(&self, t: usize, set: u32) -> bool {
        let l = &self.lookup()[t];
        let c = &l.compress;
        let idx = (c[0][(set & 255) as usize]
            | c[1][(set >> 8 & 255) as usize]
            | c[2][(set >> 16 & 255) as usize]
            | c[3][(set >> 24) as usize]) as usize;
        l.bits[idx >> 6] >> (idx & 63) & 1 == 1
    }

    /// The targets the set builds, as a bitmask.
    pub fn built(&self, set: u32) -> u32 {
        (0..self.targets()).filter(|&t| self.builds(t, set)).fold(0, |m, t| m | 1 << t)
    }

    /// How many targets the set builds.
    #[inline]
    pub fn count(&self, set: u32) -> u32 {
        let lookup = self.lookup();
        let mut n = 0;
        for l in lookup {
            let c = &l.compress;
            let idx = (c[0][(set & 255) as usize]
                | c[1][(set >> 8 & 255) as usize]
                | c[2][(set >> 16 & 255) as usize]
                | c[3][(set >> 24) as usize]) as usize;
            n += (l.bits[idx >> 6] >> (idx & 63) & 1) as u32;
        }
        n
    }
}

/// Byte tables applying a cube permutation to a set: four lookups per set.
fn byte_maps(perm: &[usize]) -> [[u32; 256]; 4] {
    let mut maps = [[0u32; 256]; 4];
    for (b, map) in maps.iter_mut().enumerate() {
        for (v, slot) in map.iter_mut().enumerate() {
            for i in 0..8 {
                let c = b * 8 + i;
                if v >> i & 1 == 1 && c < perm.len() {
                    *slot |= 1 << perm[c];
                }
            }
        }
    }
    maps
}

fn apply_byte_maps(maps: &[[u32; 256]; 4], set: u32) -> u32 {
    maps[0][(set & 255) as usize]
        | maps[1][(set >> 8 & 255) as usize]
        | maps[2][(set >> 16 & 255) as usize]
        | maps[3][(set >> 24) as usize]
}

/// Closes a bitset over subsets of `m` items upwards (superset closure, one item at a time).
fn close_upwards(bits: &mut [u64], m: usize) {
    for i in 0..m.min(6) {
        let shift = 1u32 << i;
        for w in bits.iter_mut() {
            *w |= (*w & super::combin::LACKS[i]) << shift;
        }
    }
    for i in 6..m {
        let step = 1usize << (i - 6);
        for j in 0..bits.len() {
            if j & step == 0 {
                bits[j | step] |= bits[j];
            }
        }
    }
}

/// The tally of a targets census over some sets of one size.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    /// Number of sets looked at.
    pub sets: u64,
    /// `histogram[n]`: sets building exactly n targets.
    pub histogram: Vec<u64>,
    /// Sets attaining the largest count seen (at most [`MAX_LISTED`] kept).
    pub max_sets: Vec<u32>,
}

/// How many sets attaining the maximum a tally keeps.
pub const MAX_LISTED: usize = 100_000;

impl Tally {
    /// An empty tally for a census with `targets` targets.
    pub fn new(targets: usize) -> Tally {
        Tally { sets: 0, histogram: vec![0; targets + 1], max_sets: Vec::new() }
    }

    /// The largest count with a nonzero histogram entry.
    pub fn max(&self) -> Option<usize> {
        self.histogram.iter().rposition(|&n| n > 0)
    }

    pub(crate) fn add(&mut self, set: u32, n: u32, keep: bool) {
        let n = n as usize;
        let before = self.max();
        self.sets += 1;
        self.histogram[n] += 1;
        if keep {
            match before {
                Some(m) if n < m => {}
                Some(m) if n == m => {
                    if self.max_sets.len() < MAX_LISTED {
                        self.max_sets.push(set)
                    }
                }
                _ => self.max_sets = vec![set],
            }
        }
    }

    /// Combines two tallies (of disjoint sets); the result is the same in any grouping.
    pub fn merge(mut self, other: Tally) -> Tally {
        let (a, b) = (self.max(), other.max());
        self.sets += other.sets;
        for (x, y) in self.histogram.iter_mut().zip(&other.histogram) {
            *x += y;
        }
        match a.cmp(&b) {
            std::cmp::Ordering::Less => self.max_sets = other.max_sets,
            std::cmp::Ordering::Equal => self.max_sets.extend(other.max_sets),
            std::cmp::Ordering::Greater => {}
        }
        self.max_sets.sort_unstable_by_key(|&s| (s.count_ones(), s));
        self.max_sets.dedup();
        self.max_sets.truncate(MAX_LISTED);
        self
    }

    /// Mean number of targets per set.
    pub fn mean(&self) -> f64 {
        if self.sets == 0 {
            return 0.0;
        }
        self.histogram.iter().enumerate().map(|(n, &c)| n as f64 * c as f64).sum::<f64>() / self.sets as f64
    }

    /// Population standard deviation of the number of targets.
    pub fn std_dev(&self) -> f64 {
        if self.sets == 0 {
            return 0.0;
        }
        let m = self.mean();
        let var = self.histogram.iter().enumerate().map(|(n, &c)| (n as f64 - m).powi(2) * c as f64).sum::<f64>()
            / self.sets as f64;
        var.sqrt()
    }
}

/// Sorts 32-bit values by three passes of an 11-bit counting sort.
fn radix_sort(v: &mut Vec<u32>) {
    let mut buf = vec![0u32; v.len()];
    for shift in [0u32, 11, 22] {
        let mut counts = vec![0usize; 1 << 11];
        for &x in v.iter() {
            counts[(x >> shift & 0x7FF) as usize] += 1;
        }
        let mut sum = 0;
        for c in counts.iter_mut() {
            let n = *c;
            *c = sum;
            sum += n;
        }
        for &x in v.iter() {
            let d = (x >> shift & 0x7FF) as usize;
            buf[counts[d]] = x;
            counts[d] += 1;
        }
        std::mem::swap(v, &mut buf);
    }
}

/// Rank of `set` among the subsets of `within` of its size (colex over positions in `within`).
fn rank_within(set: u32, within: u32) -> u64 {
    let mut positions = 0u32;
    let mut s = set;
    while s != 0 {
        let c = s.trailing_zeros();
        positions |= 1 << (within & ((1u32 << c) - 1)).count_ones();
        s &= s - 1;
    }
    super::combin::rank_subset(positions)
}

/// The K = 8 tally straight from the lists of buildable 8-sets: a set builds as many
/// targets as the lists it appears in, and every set in no list builds none.
fn tally_eights(tables: &BuildTables, within: u32, ranks: std::ops::Range<u64>, keep_max: bool) -> Tally {
    let whole = ranks.start == 0 && ranks.end == binomial(within.count_ones() as u64, 8);
    let mut all: Vec<u32> = tables
        .minimal
        .par_iter()
        .flat_map_iter(|list| list.iter().copied().filter(|&s| s & !within == 0))
        .filter(|&s| whole || ranks.contains(&rank_within(s, within)))
        .collect();
    radix_sort(&mut all);
    let mut t = Tally::new(tables.targets());
    let mut i = 0;
    let mut distinct = 0u64;
    let mut runs: Vec<(u32, usize)> = Vec::new();
    while i < all.len() {
        let mut j = i;
        while j < all.len() && all[j] == all[i] {
            j += 1;
        }
        t.histogram[j - i] += 1;
        distinct += 1;
        runs.push((all[i], j - i));
        i = j;
    }
    t.sets = ranks.end - ranks.start;
    t.histogram[0] += t.sets - distinct;
    if keep_max {
        if let Some(m) = t.max() {
            if m > 0 {
                t.max_sets = runs.iter().filter(|r| r.1 == m).map(|r| r.0).take(MAX_LISTED).collect();
                t.max_sets.sort_unstable();
            } else {
                // Every set builds nothing: list them in rank order, as the general tally does.
                for_each_subset_in(8, ranks.start, ranks.end.min(ranks.start + MAX_LISTED as u64), |p| {
                    let members: Vec<usize> = (0..32).filter(|&c| within >> c & 1 == 1).collect();
                    t.max_sets.push(deposit(p, &members));
                });
            }
        }
    }
    t
}

/// Tallies the K-subsets of `within` (a set of the universe) with colex ranks (among the
/// K-subsets of `within`) in `ranks`. Runs in parallel chunks, merged in order.
pub fn tally(
    tables: &BuildTables,
    k: usize,
    within: u32,
    ranks: std::ops::Range<u64>,
    keep_max: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> Tally {
    if k == 8 {
        let n = ranks.end - ranks.start;
        let t = tally_eights(tables, within, ranks, keep_max);
        progress(n);
        return t;
    }
    let members: Vec<usize> = (0..32).filter(|&c| within >> c & 1 == 1).collect();
    let parts = chunked(ranks, 1 << 18, |range| {
        let mut t = Tally::new(tables.targets());
        let n = range.end - range.start;
        for_each_subset_in(k, range.start, range.end, |positions| {
            let set = deposit(positions, &members);
            t.add(set, tables.count(set), keep_max);
        });
        progress(n);
        t
    });
    parts.into_iter().fold(Tally::new(tables.targets()), Tally::merge)
}

/// Number of members whose choices form one unit of work ("prefix") in [`tally_all_sizes`].
pub const PREFIX_BITS: usize = 10;

/// Number of prefixes (work units) of [`tally_all_sizes`] for a set of `n` members.
pub fn prefix_count(n: usize) -> u64 {
    1 << n.min(PREFIX_BITS)
}

/// Tallies every subset of `within`, of every size at once (`result[k]` for size k), for
/// the prefixes in `prefixes`: a prefix fixes which of the highest members are chosen.
/// A depth-first walk keeps each target's table index up to date as members are added,
/// so a set costs one table probe per target.
pub fn tally_all_sizes(
    tables: &BuildTables,
    within: u32,
    prefixes: std::ops::Range<u64>,
    keep_max: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> Vec<Tally> {
    let members: Vec<usize> = (0..32).filter(|&c| within >> c & 1 == 1).collect();
    let n = members.len();
    let top = n.min(PREFIX_BITS);
    let low = n - top;
    let lookup = tables.lookup();
    let nt = tables.targets();
    // contrib[i][t]: the index bit member i sets in target t's table (0 if unusable).
    let contrib: Vec<Vec<u32>> =
        members.iter().map(|&c| lookup.iter().map(|l| l.compress[c / 8][1 << (c % 8)]).collect()).collect();
    // The low members can be grouped when, in every target's table, the usable ones sit in
    // the lowest index bits in order (always so when `within` is the whole universe).
    let group: Option<Group> = (low >= GROUP)
        .then(|| {
            let usable = (0..nt)
                .map(|t| {
                    let mut usable = 0u8;
                    let mut next_bit = 1u32;
                    for j in 0..GROUP {
                        match contrib[j][t] {
                            0 => {}
                            b if b == next_bit => {
                                usable |= 1 << j;
                                next_bit <<= 1;
                            }
                            _ => return None,
                        }
                    }
                    Some(usable)
                })
                .collect::<Option<Vec<u8>>>()?;
            let mut low_sets = [0u32; 64];
            for (l, s) in low_sets.iter_mut().enumerate() {
                *s = deposit(l as u32, &members[..GROUP]);
            }
            Some(Group { usable, low_sets })
        })
        .flatten();
    let parts = super::shard::chunked(prefixes, 1, |r| {
        let mut out: Vec<Tally> = (0..=n).map(|_| Tally::new(nt)).collect();
        let mut maxes = vec![0u32; n + 1];
        for prefix in r {
            let mut idx = vec![0u32; nt];
            let mut set = 0u32;
            for j in 0..top {
                if prefix >> j & 1 == 1 {
                    let i = low + j;
                    set |= 1 << members[i];
                    for t in 0..nt {
                        idx[t] |= contrib[i][t];
                    }
                }
            }
            let mut walk = Walk {
                lookup,
                contrib: &contrib,
                members: &members,
                out: &mut out,
                keep_max,
                maxes: std::mem::take(&mut maxes),
                group: group.as_ref(),
            };
            walk.go(low, set, &mut idx);
            maxes = walk.maxes;
            progress(1);
        }
        out
    });
    parts.into_iter().fold((0..=n).map(|_| Tally::new(nt)).collect(), |acc: Vec<Tally>, p| {
        acc.into_iter().zip(p).map(|(a, b)| a.merge(b)).collect()
    })
}

struct Walk<'a> {
    lookup: &'a [Lookup],
    contrib: &'a [Vec<u32>],
    members: &'a [usize],
    out: &'a mut Vec<Tally>,
    keep_max: bool,
    /// Largest count seen so far per size (kept here so a leaf need not scan histograms).
    maxes: Vec<u32>,
    /// When set, the lowest [`GROUP`] members are tallied 64 sets at a time.
    group: Option<&'a Group>,
}

/// The bottom of the walk, 64 sets at a time.
#[derive(Debug, Clone)]
struct Group {
    /// Per target: which of the low members it can use (they occupy its lowest index bits,
    /// in order).
    usable: Vec<u8>,
    /// The set of low members for each of the 64 choices.
    low_sets: [u32; 64],
}

/// Expands the truth table `w` over the low members usable for a target (its lowest
/// 2^m bits) to a 64-bit truth table over all six low members, the unusable ones being
/// variables the table does not depend on.
#[inline]
fn expand_truth_table(w: u64, usable: u8) -> u64 {
    let m = usable.count_ones();
    if m == 6 {
        return w;
    }
    const SPREAD: [(u32, u64); 5] = [
        (16, 0x0000_FFFF_0000_FFFF),
        (8, 0x00FF_00FF_00FF_00FF),
        (4, 0x0F0F_0F0F_0F0F_0F0F),
        (2, 0x3333_3333_3333_3333),
        (1, 0x5555_5555_5555_5555),
    ];
    let mut x = w & ((1u64 << (1u32 << m)) - 1);
    for j in 0..GROUP as u32 {
        if usable >> j & 1 == 1 {
            continue;
        }
        // Insert a variable at position j: blocks of 2^j bits are each written twice.
        let block = 1u32 << j;
        for &(shift, mask) in &SPREAD {
            if shift >= block {
                x = (x | x << shift) & mask;
            }
        }
        x |= x << block;
    }
    x
}

/// Members tallied together at the bottom of the walk (64 sets per table word).
const GROUP: usize = 6;

impl Walk<'_> {
    /// Decides members below `i` (highest first), then tallies the set.
    fn go(&mut self, i: usize, set: u32, idx: &mut [u32]) {
        if i == GROUP {
            if let Some(group) = self.group {
                // One table word per target serves all 64 choices of the low members: expand
                // it to a 64-bit truth table over them, then count targets per choice with
                // bit-sliced (carry-save) adders.
                let mut planes = [0u64; 5];
                for ((l, &x), &usable) in self.lookup.iter().zip(idx.iter()).zip(group.usable.iter()) {
                    let w = expand_truth_table(l.bits[(x >> 6) as usize] >> (x & 63), usable);
                    let mut carry = w;
                    for p in planes.iter_mut() {
                        let next = *p & carry;
                        *p ^= carry;
                        carry = next;
                    }
                }
                for low in 0..64usize {
                    let count = (0..5).fold(0u32, |c, b| c | ((planes[b] >> low & 1) as u32) << b);
                    self.leaf(set | group.low_sets[low], count);
                }
                return;
            }
        }
        if i == 0 {
            let mut count = 0u32;
            for (l, &x) in self.lookup.iter().zip(idx.iter()) {
                count += (l.bits[(x >> 6) as usize] >> (x & 63) & 1) as u32;
            }
            self.leaf(set, count);
            return;
        }
        let m = i - 1;
        self.go(m, set, idx);
        // Members are distinct, so each contributed bit was clear before: OR, then clear.
        for (x, &c) in idx.iter_mut().zip(&self.contrib[m]) {
            *x |= c;
        }
        self.go(m, set | 1 << self.members[m], idx);
        for (x, &c) in idx.iter_mut().zip(&self.contrib[m]) {
            *x &= !c;
        }
    }

    #[inline]
    fn leaf(&mut self, set: u32, count: u32) {
        let size = set.count_ones() as usize;
        let t = &mut self.out[size];
        t.sets += 1;
        t.histogram[count as usize] += 1;
        if self.keep_max && (count >= self.maxes[size] || t.sets == 1) {
            if count > self.maxes[size] || t.sets == 1 {
                self.maxes[size] = count;
                t.max_sets.clear();
            }
            if t.max_sets.len() < MAX_LISTED {
                t.max_sets.push(set);
            }
        }
    }
}

/// Every set of K cubes within `within` that builds all targets, with colex ranks in `ranks`.
pub fn universal_sets(tables: &BuildTables, k: usize, within: u32, ranks: std::ops::Range<u64>) -> Vec<u32> {
    let members: Vec<usize> = (0..32).filter(|&c| within >> c & 1 == 1).collect();
    let n = tables.targets();
    let parts = chunked(ranks, 1 << 18, |range| {
        let mut found = Vec::new();
        for_each_subset_in(k, range.start, range.end, |positions| {
            let set = deposit(positions, &members);
            if (0..n).all(|t| tables.builds(t, set)) {
                found.push(set);
            }
        });
        found
    });
    parts.into_iter().flatten().collect()
}

/// Tallies `samples` K-subsets of `within` drawn uniformly at random (independently, as in
/// the Johnson–Roldán sampling study) from seed `seed`.
pub fn tally_sample(tables: &BuildTables, k: usize, within: u32, samples: u64, seed: u64) -> Tally {
    let members: Vec<usize> = (0..32).filter(|&c| within >> c & 1 == 1).collect();
    let mut rng = SplitMix64(seed);
    let total = binomial(members.len() as u64, k as u64);
    let mut t = Tally::new(tables.targets());
    for _ in 0..samples {
        let rank = rng.below(total);
        let set = deposit(super::combin::unrank_subset(rank, k), &members);
        t.add(set, tables.count(set), false);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_sizes_walk_matches_per_size_tallies() {
        let u = Universe::macmahon();
        let tables = BuildTables::new(&u, Method::Graph).unwrap();
        // Within a set of 14 cubes: every size by the walk, against the per-size tally.
        // (The first grouped: the lowest members sit in the low index bits of every table;
        // the second not, so it takes the one-set-at-a-time path.)
        for within in [0b1111_1111_1111_1111u32, (0..30).filter(|c| c % 2 == 0 || *c < 3).fold(0, |m, c| m | 1 << c)] {
            let n = within.count_ones() as usize;
            let walk = tally_all_sizes(&tables, within, 0..prefix_count(n), true, &|_| {});
            assert_eq!(walk.len(), n + 1);
            for (k, w) in walk.into_iter().enumerate() {
                let direct = tally(&tables, k, within, 0..binomial(n as u64, k as u64), true, &|_| {});
                assert_eq!(w, direct, "size {k}");
            }
        }
    }

    #[test]
    fn truth_tables_expand_over_unused_variables() {
        let mut rng = SplitMix64(11);
        for usable in 0u8..64 {
            let m = usable.count_ones();
            let w = rng.next_u64() & if m == 6 { u64::MAX } else { (1u64 << (1u32 << m)) - 1 };
            let e = expand_truth_table(w, usable);
            for l in 0..64u32 {
                // Compress l onto the usable variables.
                let mut idx = 0;
                let mut k = 0;
                for j in 0..6 {
                    if usable >> j & 1 == 1 {
                        idx |= (l >> j & 1) << k;
                        k += 1;
                    }
                }
                assert_eq!(e >> l & 1, w >> idx & 1, "usable {usable:06b} l {l}");
            }
        }
    }

    #[test]
    fn radix_sort_sorts() {
        let mut rng = SplitMix64(3);
        let mut v: Vec<u32> = (0..5000).map(|_| rng.next_u64() as u32).collect();
        let mut w = v.clone();
        radix_sort(&mut v);
        w.sort_unstable();
        assert_eq!(v, w);
    }

    #[test]
    fn upward_closure_is_the_superset_closure() {
        for m in [3usize, 7, 9] {
            let mut bits = vec![0u64; (1usize << m).div_ceil(64)];
            let seeds = [0b101usize, 0b110 << (m - 3)];
            for &s in &seeds {
                bits[s >> 6] |= 1 << (s & 63);
            }
            close_upwards(&mut bits, m);
            for x in 0..1usize << m {
                let want = seeds.iter().any(|&s| x | s == x);
                assert_eq!(bits[x >> 6] >> (x & 63) & 1 == 1, want, "m={m} x={x:b}");
            }
        }
    }

    #[test]
    fn tables_by_both_methods_agree_for_one_target() {
        let u = Universe::macmahon();
        let g = BuildTables::new(&u, Method::Graph).unwrap();
        let t = 17;
        let usable = u.usable(t);
        let members: Vec<usize> = (0..30).filter(|&c| usable >> c & 1 == 1).collect();
        let mut direct = Vec::new();
        for_each_subset_in(8, 0, binomial(members.len() as u64, 8), |p| {
            let set = deposit(p, &members);
            if eight_build(&u, t, set, Method::Backtrack) {
                direct.push(set);
            }
        });
        direct.sort_unstable();
        let mut carried = g.minimal[t].clone();
        carried.sort_unstable();
        assert_eq!(g.derived_from[t], Some(0), "target {t} is carried over from target 0");
        assert_eq!(carried, direct);
        assert_eq!(direct.len(), 133_680, "Johnson-Roldan Theorem 1");
    }

    #[test]
    fn lookups_match_the_solver_on_larger_sets() {
        let u = Universe::macmahon();
        let tables = BuildTables::new(&u, Method::Graph).unwrap();
        let mut rng = SplitMix64(7);
        for k in [8usize, 9, 10, 12] {
            for _ in 0..40 {
                let set = deposit(
                    super::super::combin::unrank_subset(rng.below(binomial(30, k as u64)), k),
                    &(0..30).collect::<Vec<_>>(),
                );
                let blocks = Blocks::new(&u.set_cubes(set)).unwrap();
                for t in 0..30 {
                    let direct = blocks.count(&u.cubes[t]).unwrap() > 0;
                    assert_eq!(tables.builds(t, set), direct, "k={k} t={t}");
                }
            }
        }
    }
}
