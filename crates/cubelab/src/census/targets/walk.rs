//! The census of every subset of a set, all sizes at once: a depth-first walk keeping
//! each target's table index up to date, 64 sets per table word at the bottom.

use super::{deposit, BuildTables, Lookup, Tally, MAX_LISTED};
use crate::run::{Progress, Stop};

/// Number of members whose choices form one unit of work ("prefix") in [`tally_all_sizes`].
pub const PREFIX_BITS: usize = 10;

/// Number of prefixes (work units) of [`tally_all_sizes`] for a set of `n` members.
pub fn prefix_count(n: usize) -> u64 {
    1 << n.min(PREFIX_BITS)
}

/// Tallies every subset of `within`, of every size at once (`result[k]` for size k), for
/// the prefixes in `prefixes`: a prefix fixes which of the highest members are chosen.
/// A depth-first walk keeps each target's table index up to date as members are added,
/// so a set costs one table probe per target. A raised `stop` ends it within a prefix
/// (2^20 sets for 30 members: milliseconds), with kind `Stopped`.
pub fn tally_all_sizes(
    tables: &BuildTables,
    within: u32,
    prefixes: std::ops::Range<u64>,
    keep_max: bool,
    progress: &dyn Progress,
    stop: &Stop,
) -> Result<Vec<Tally>, crate::Error> {
    tables.check_lookup()?;
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
    let parts = crate::shard::chunked_until(prefixes, 1, stop, |r| {
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
            progress.advance(1);
        }
        out
    })?;
    Ok(parts.into_iter().fold((0..=n).map(|_| Tally::new(nt)).collect(), |acc: Vec<Tally>, p| {
        acc.into_iter().zip(p).map(|(a, b)| a.merge(b)).collect()
    }))
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
pub(super) fn expand_truth_table(w: u64, usable: u8) -> u64 {
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
