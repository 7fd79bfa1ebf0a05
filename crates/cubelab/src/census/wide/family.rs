//! Families of corner sets: which sets of a target's 8 corners distinct blocks can fill
//! (a 256-bit set indexed by corner sets), the constructive form of Hall's condition
//! behind every decision of the engine without tables, and the dynamic program counting
//! the subsets of blocks that fill all 8 corners.

use crate::combin::binomial_u128;
use crate::run::Stop;
use crate::Error;
use std::collections::{BTreeMap, HashMap};

pub(crate) fn overflow() -> Error {
    Error::out_of_range("the number of sets is beyond 128-bit integers")
}

/// `result[j]`: the number of j-subsets of the blocks (one corner mask each, over the 8
/// corners of one target) that can fill all 8 corners with distinct blocks.
///
/// Blocks with the same mask are interchangeable, so the program runs over the distinct
/// masks, choosing how many blocks of each; its state is the family of corner sets the
/// chosen blocks can fill (a 256-bit set; once it holds all 8 corners it stays full).
/// A raised `stop` ends it at the next group of blocks (milliseconds), with kind `Stopped`.
pub fn fillable_subsets(masks: &[u8], kmax: usize, stop: &Stop) -> Result<Vec<u128>, Error> {
    let mut groups: BTreeMap<u8, u64> = BTreeMap::new();
    for &m in masks {
        *groups.entry(m).or_insert(0) += 1;
    }
    const FULL: [u64; 4] = [0, 0, 0, 1 << 63];
    // state → ways by number chosen.
    let mut states: HashMap<[u64; 4], Vec<u128>> = HashMap::new();
    let mut start = vec![0u128; kmax + 1];
    start[0] = 1;
    states.insert([1, 0, 0, 0], start);
    for (&mask, &n) in &groups {
        stop.check()?;
        let mut next: HashMap<[u64; 4], Vec<u128>> = HashMap::with_capacity(states.len() * 2);
        for (family, ways) in &states {
            let mut f = *family;
            for r in 0..=n.min(kmax as u64) {
                if r > 0 {
                    f = if f[3] >> 63 & 1 == 1 { FULL } else { extend_family(&f, mask) };
                }
                let choose = binomial_u128(n, r).ok_or_else(overflow)?;
                let key = if f[3] >> 63 & 1 == 1 { FULL } else { f };
                let slot = next.entry(key).or_insert_with(|| vec![0u128; kmax + 1]);
                for j in 0..=kmax - r as usize {
                    if ways[j] != 0 {
                        let add = ways[j].checked_mul(choose).ok_or_else(overflow)?;
                        slot[j + r as usize] = slot[j + r as usize].checked_add(add).ok_or_else(overflow)?;
                    }
                }
            }
        }
        states = next;
    }
    Ok(states.remove(&FULL).unwrap_or_else(|| vec![0u128; kmax + 1]))
}

/// The family of corner sets after one more block must take a corner: every old set plus
/// one corner of `mask` it lacks (the old sets themselves are dropped).
pub(crate) fn place_block(f: &[u64; 4], mask: u8) -> [u64; 4] {
    let mut out = [0u64; 4];
    for p in (0..8).filter(|&p| mask >> p & 1 == 1) {
        let shifted = shift_without(f, p);
        for w in 0..4 {
            out[w] |= shifted[w];
        }
    }
    out
}

/// Whether distinct blocks with these corner masks can fill all 8 corners: the family of
/// fillable corner sets grown one block at a time (equivalent to Hall's condition,
/// [`crate::census::graph::hall_fillable`], and much faster for many blocks).
pub fn fills_all_corners(masks: impl Iterator<Item = u8>) -> bool {
    let mut f = [1u64, 0, 0, 0];
    for m in masks {
        if m != 0 {
            f = extend_family(&f, m);
            if f[3] >> 63 == 1 {
                return true;
            }
        }
    }
    false
}

/// The most corners distinct blocks with these corner masks can fill at once (the size of
/// a maximum matching of blocks to corners).
pub fn corners_fillable(masks: impl Iterator<Item = u8>) -> usize {
    let mut f = [1u64, 0, 0, 0];
    for m in masks {
        if m != 0 {
            f = extend_family(&f, m);
        }
    }
    (0..=8).rev().find(|&l| (0..4).any(|w| f[w] & popcount_level(l)[w] != 0)).unwrap_or(0)
}

/// The 256-bit mask of corner sets (indices 0..256) with exactly `l` corners.
fn popcount_level(l: usize) -> [u64; 4] {
    static LEVELS: std::sync::OnceLock<[[u64; 4]; 9]> = std::sync::OnceLock::new();
    LEVELS.get_or_init(|| {
        let mut out = [[0u64; 4]; 9];
        for i in 0..256usize {
            out[i.count_ones() as usize][i >> 6] |= 1 << (i & 63);
        }
        out
    })[l]
}

/// The family of corner sets fillable after adding one block fitting the corners `mask`:
/// every old set, and every old set plus one corner of `mask` it lacks.
fn extend_family(f: &[u64; 4], mask: u8) -> [u64; 4] {
    let mut out = *f;
    for p in 0..8 {
        if mask >> p & 1 == 0 {
            continue;
        }
        // Sets without corner p move to set | 1 << p, i.e. index + 2^p.
        let shifted = shift_without(f, p);
        for w in 0..4 {
            out[w] |= shifted[w];
        }
    }
    out
}

fn shift_without(f: &[u64; 4], p: usize) -> [u64; 4] {
    match p {
        0..=5 => f.map(|w| (w & crate::combin::LACKS[p]) << (1 << p)),
        6 => [0, f[0], 0, f[2]],
        _ => [0, 0, f[0], f[1]],
    }
}
