//! The exact number of arrangements (module docs of [`super`]): a dynamic program over the
//! constrained positions with the used count of every type as state, then a closed formula
//! for the uniform classes.

use super::{PositionClass, CLASSES, COUNT_STATE_LIMIT};
use std::collections::HashMap;

/// Most elementary steps the final formula may take before the count gives up.
const WORK_LIMIT: u128 = 1 << 18;

/// Number of arrangements of the blocks (`counts[t]` blocks of type `t`, fitting class `c`
/// in `weights[t][c]` orientations) filling every class, or `None` when the program would
/// be too large or the number exceeds `u128`.
pub(crate) fn arrangements(weights: &[[u8; CLASSES]], counts: &[u64], classes: &[PositionClass]) -> Option<u128> {
    let total: u64 = classes.iter().map(|c| c.size).sum();
    let caps: Vec<u64> = counts.iter().map(|&k| k.min(total)).collect();
    // A class is uniform when every type fits it in the same (nonzero) number of ways; its
    // positions are then filled by whatever blocks are left, in any order.
    let mut uniform = [false; CLASSES];
    let mut factor: u128 = 1;
    let mut rest: u64 = 0;
    let mut constrained: Vec<usize> = Vec::new();
    for c in classes.iter().filter(|c| c.size > 0) {
        let w0 = weights.first().map_or(0, |w| w[c.index]);
        if w0 > 0 && weights.iter().all(|w| w[c.index] == w0) {
            uniform[c.index] = true;
            factor = factor.checked_mul(checked_pow(w0 as u128, c.size)?)?;
            rest += c.size;
        } else {
            if c.size > 4096 || constrained.len() > 4096 {
                return None;
            }
            constrained.extend(std::iter::repeat_n(c.index, c.size as usize));
        }
    }
    let types = caps.len();
    // The state (used count of every type) packed into a u128, `bits[t]` bits for type t.
    let bits: Vec<u32> = caps.iter().map(|&c| 64 - c.leading_zeros()).collect();
    if bits.iter().sum::<u32>() > 128 {
        return None;
    }
    let mut shift = Vec::with_capacity(types);
    let mut at = 0u32;
    for &b in &bits {
        shift.push(at);
        at += b;
    }
    let used_of = |state: u128, t: usize| -> u64 { ((state >> shift[t]) & ((1u128 << bits[t]) - 1)) as u64 };
    let mut states: HashMap<u128, u128> = HashMap::from([(0u128, 1u128)]);
    let mut work: u128 = 0;
    for &c in &constrained {
        let fitting: Vec<(usize, u128)> =
            (0..types).filter(|&t| weights[t][c] > 0).map(|t| (t, weights[t][c] as u128)).collect();
        work += (states.len() * fitting.len()) as u128;
        if work > WORK_LIMIT {
            return None;
        }
        let mut next: HashMap<u128, u128> = HashMap::with_capacity(states.len() * 2);
        for (&used, &ways) in &states {
            for &(t, w) in &fitting {
                if used_of(used, t) == caps[t] {
                    continue;
                }
                let add = ways.checked_mul(w)?;
                let slot = next.entry(used + (1u128 << shift[t])).or_insert(0);
                *slot = slot.checked_add(add)?;
            }
        }
        if next.len() > COUNT_STATE_LIMIT {
            return None;
        }
        states = next;
    }
    let r = rest as usize;
    let work = (states.len() as u128) * (types as u128) * (r as u128 + 1) * (r as u128 + 1);
    if work > WORK_LIMIT << 4 {
        return None;
    }
    let mut sum: u128 = 0;
    for (&used, ways) in &states {
        let left: Vec<u64> = (0..types).map(|t| caps[t] - used_of(used, t)).collect();
        let seq = sequences(&left, r)?;
        sum = sum.checked_add(ways.checked_mul(seq)?.checked_mul(factor)?)?;
    }
    Some(sum)
}

/// Number of sequences of length `r` drawn from a multiset with `left[t]` items of type
/// `t` (items of one type identical): `r! [x^r] Π_t Σ_{i ≤ left[t]} x^i / i!`.
fn sequences(left: &[u64], r: usize) -> Option<u128> {
    let mut s = vec![0u128; r + 1];
    s[0] = 1;
    for &l in left {
        let mut next = vec![0u128; r + 1];
        for j in 0..=r {
            if s[j] == 0 {
                continue;
            }
            // binom = C(j + i, i), updated as i grows.
            let mut binom: u128 = 1;
            let mut i = 0usize;
            loop {
                let add = s[j].checked_mul(binom)?;
                next[j + i] = next[j + i].checked_add(add)?;
                if i as u64 == l || j + i == r {
                    break;
                }
                binom = binom.checked_mul((j + i + 1) as u128)? / (i as u128 + 1);
                i += 1;
            }
        }
        s = next;
    }
    Some(s[r])
}

fn checked_pow(base: u128, exp: u64) -> Option<u128> {
    let mut out: u128 = 1;
    for _ in 0..exp {
        out = out.checked_mul(base)?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::sequences;

    #[test]
    fn sequences_are_multinomials() {
        // Two identical items and one other in 3 places: 3 sequences; pick 2 of them: 3.
        assert_eq!(sequences(&[2, 1], 3), Some(3));
        assert_eq!(sequences(&[2, 1], 2), Some(3));
        assert_eq!(sequences(&[1, 1, 1], 3), Some(6));
        assert_eq!(sequences(&[0, 0], 1), Some(0));
        assert_eq!(sequences(&[5], 0), Some(1));
    }
}
