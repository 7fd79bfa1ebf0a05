//! The direct method of the infeasible search: augmenting-path matchings of corners to
//! blocks, multiplicities raised one copy at a time.

use super::Fits;

/// Whether the blocks (copies per cube) fill all 8 corners of target t: Kuhn's augmenting
/// paths from each corner, blocks with capacities.
pub(super) fn matches_all_corners(f: &Fits, t: usize, m: &[u8]) -> bool {
    let fits = &f.fits[t];
    let mut assigned = [usize::MAX; 8];
    let mut used = vec![0u8; f.n];
    fn augment(k: usize, fits: &[u8], m: &[u8], assigned: &mut [usize; 8], used: &mut [u8], seen: &mut u8) -> bool {
        for c in 0..m.len() {
            if m[c] == 0 || fits[c] >> k & 1 == 0 {
                continue;
            }
            if used[c] < m[c] {
                used[c] += 1;
                assigned[k] = c;
                return true;
            }
            for k2 in 0..8 {
                if assigned[k2] == c && *seen >> k2 & 1 == 0 {
                    *seen |= 1 << k2;
                    if augment(k2, fits, m, assigned, used, seen) {
                        assigned[k] = c;
                        return true;
                    }
                }
            }
        }
        false
    }
    (0..8).all(|k| {
        let mut seen = 1u8 << k;
        augment(k, fits, m, &mut assigned, &mut used, &mut seen)
    })
}

pub(super) fn infeasible(f: &Fits, m: &[u8]) -> bool {
    (0..f.n).all(|t| {
        let blocks: u32 = (0..f.n).filter(|&c| f.usable[t] >> c & 1 == 1).map(|c| m[c] as u32).sum();
        blocks < 8 || !matches_all_corners(f, t, m)
    })
}

pub(super) fn direct_best(f: &Fits, set: u32, floor: usize, out: &mut Vec<(usize, Vec<u8>)>) {
    let support: Vec<usize> = (0..f.n).filter(|&c| set >> c & 1 == 1).collect();
    let mut m: Vec<u8> = (0..f.n).map(|c| (set >> c & 1) as u8).collect();
    // The most extra copies of each cube the support tolerates on its own.
    let ceiling: Vec<usize> = support
        .iter()
        .map(|&c| {
            let mut extra = 0;
            loop {
                m[c] += 1;
                if !infeasible(f, &m) {
                    m[c] -= (extra + 1) as u8;
                    return extra;
                }
                extra += 1;
            }
        })
        .collect();
    let size = support.len();
    if size + ceiling.iter().sum::<usize>() < floor {
        return;
    }
    #[allow(clippy::too_many_arguments)]
    fn raise(
        f: &Fits,
        support: &[usize],
        ceiling: &[usize],
        i: usize,
        m: &mut Vec<u8>,
        total: usize,
        floor: usize,
        out: &mut Vec<(usize, Vec<u8>)>,
    ) {
        if total + ceiling[i..].iter().sum::<usize>() < floor {
            return;
        }
        if i == support.len() {
            out.push((total, m.clone()));
            return;
        }
        let c = support[i];
        raise(f, support, ceiling, i + 1, m, total, floor, out);
        for extra in 1..=ceiling[i] {
            m[c] += 1;
            if !infeasible(f, m) {
                break;
            }
            raise(f, support, ceiling, i + 1, m, total + extra, floor, out);
        }
        m[c] = 1;
    }
    raise(f, &support, &ceiling, 0, &mut m, size, floor, out);
}
