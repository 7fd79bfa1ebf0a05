//! Combinatorial enumeration: binomials, K-subsets of up to 32 items as bitmasks in
//! colexicographic order (ranked, so that any rank range can be a shard), permutations
//! and multisets. The crate's only binomial ([`binomial`], with its 128-bit and float
//! forms) and permutation enumerator ([`next_permutation`], [`permutations`]) live here.

/// Pascal's triangle up to n = 64, so that ranking a set costs table lookups only.
static PASCAL: std::sync::LazyLock<[[u64; 65]; 65]> = std::sync::LazyLock::new(|| {
    let mut t = [[0u64; 65]; 65];
    for n in 0..65 {
        t[n][0] = 1;
        for k in 1..=n {
            t[n][k] = t[n - 1][k - 1].wrapping_add(if k < n { t[n - 1][k] } else { 0 });
        }
    }
    t
});

/// In a 64-bit word of a bitset indexed by subsets (bit i of word w is subset 64w + i),
/// `LACKS[p]` marks the subsets without element p, for p < 6.
pub(crate) const LACKS: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

/// Binomial coefficient C(n, k) (0 when k > n): the one exact binomial of the crate in
/// its 64-bit form (a table lookup for n ≤ 64, used in the hot ranking loops). Beyond
/// 64 bits it saturates at `u64::MAX`; use [`binomial_u128`] where that can happen.
#[inline]
pub fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    if n <= 64 {
        return PASCAL[n as usize][k as usize];
    }
    binomial_u128(n, k).and_then(|x| u64::try_from(x).ok()).unwrap_or(u64::MAX)
}

/// Binomial coefficient C(n, k) in 128 bits, `None` when it (or an intermediate product)
/// does not fit; 0 when k > n.
pub fn binomial_u128(n: u64, k: u64) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        // r·(n−i)/(i+1) stays an integer.
        r = r.checked_mul((n - i) as u128)? / (i + 1) as u128;
    }
    Some(r)
}

/// Binomial coefficient C(n, k) in floating point (relative error about 1e-14). Needed
/// only for ratios of binomials too large for 128 bits (the hypergeometric weights of the
/// exact mean over 210 cubes, where C(210, 105) ≈ 1e62): everything countable uses
/// [`binomial`] or [`binomial_u128`].
pub fn binomial_f64(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    (0..k).fold(1.0, |r, i| r * (n - i) as f64 / (i + 1) as f64)
}

/// The K-subset of {0..n} (n ≤ 32) with the given colex rank, as a bitmask.
pub fn unrank_subset(rank: u64, k: usize) -> u32 {
    unrank_subset_u64(rank, k) as u32
}

/// The K-subset of {0..n} (n ≤ 64) with the given colex rank, as a bitmask.
///
/// Each element is the largest c with C(c, i) ≤ the rank left (i elements to go): the
/// first by binary search below 64, each next one by stepping down from the one before
/// (the elements decrease), so a whole set costs at most about 70 table look-ups.
pub fn unrank_subset_u64(mut rank: u64, k: usize) -> u64 {
    if k == 0 {
        return 0;
    }
    let mut set = 0u64;
    // C(c, k) ≤ rank holds at c = k − 1 (it is 0) and then until some c, as C(c, k) grows.
    let (mut c, mut above) = (k as u64 - 1, 64u64);
    while above - c > 1 {
        let mid = (c + above) / 2;
        if binomial(mid, k as u64) <= rank {
            c = mid;
        } else {
            above = mid;
        }
    }
    for i in (1..=k as u64).rev() {
        while binomial(c, i) > rank {
            c -= 1;
        }
        rank -= binomial(c, i);
        set |= 1 << c;
        c = c.saturating_sub(1);
    }
    set
}

/// Colex rank of a set (among sets of its size; colex order is the numeric order of masks).
pub fn rank_subset(set: u32) -> u64 {
    let mut r = 0;
    let mut s = set;
    let mut i = 1;
    while s != 0 {
        let c = s.trailing_zeros() as u64;
        r += binomial(c, i);
        i += 1;
        s &= s - 1;
    }
    r
}

/// The next set of the same size in colex order (Gosper's hack); 0 is never a successor.
pub fn next_subset(set: u32) -> u32 {
    let c = set & set.wrapping_neg();
    let r = set.wrapping_add(c);
    if r == 0 {
        return 0;
    }
    (((r ^ set) >> 2) / c) | r
}

/// Calls `f` on every K-subset of {0..n} with colex rank in `start..end`, in order.
pub fn for_each_subset_in(k: usize, start: u64, end: u64, mut f: impl FnMut(u32)) {
    if start >= end {
        return;
    }
    if k == 0 {
        f(0);
        return;
    }
    let mut set = unrank_subset(start, k);
    for _ in start..end {
        f(set);
        set = next_subset(set);
    }
}

/// Rearranges `v` into the next permutation in lexicographic order; false after the last.
pub fn next_permutation(v: &mut [usize]) -> bool {
    if v.len() < 2 {
        return false;
    }
    let mut i = v.len() - 1;
    while i > 0 && v[i - 1] >= v[i] {
        i -= 1;
    }
    if i == 0 {
        return false;
    }
    let mut j = v.len() - 1;
    while v[j] <= v[i - 1] {
        j -= 1;
    }
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// Every permutation of `0..n` in lexicographic order (n! of them; [`next_permutation`]
/// from the identity).
pub fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut p: Vec<usize> = (0..n).collect();
    let mut out = vec![p.clone()];
    while next_permutation(&mut p) {
        out.push(p.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials() {
        assert_eq!(binomial(30, 8), 5_852_925);
        assert_eq!(binomial(37, 8), 38_608_020);
        assert_eq!(binomial(5, 7), 0);
        assert_eq!(binomial(30, 0), 1);
    }

    #[test]
    fn subsets_rank_and_unrank_in_colex_order() {
        let mut count = 0;
        let mut prev = None;
        for_each_subset_in(3, 0, binomial(7, 3), |s| {
            assert_eq!(s.count_ones(), 3);
            assert!(s < 1 << 7);
            assert_eq!(rank_subset(s), count);
            assert_eq!(unrank_subset(count, 3), s);
            if let Some(p) = prev {
                assert!(s > p);
            }
            prev = Some(s);
            count += 1;
        });
        assert_eq!(count, 35);
        let mut all = Vec::new();
        for_each_subset_in(2, 3, 7, |s| all.push(s));
        assert_eq!(all.len(), 4);
        assert_eq!(all[0], unrank_subset(3, 2));
    }

    #[test]
    fn permutations() {
        let mut v = vec![0, 1, 2, 3];
        let mut n = 1;
        while next_permutation(&mut v) {
            n += 1;
        }
        assert_eq!(n, 24);
        assert_eq!(v, [3, 2, 1, 0]);
        let all = super::permutations(4);
        assert_eq!(all.len(), 24);
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(super::permutations(0), vec![Vec::<usize>::new()]);
    }

    #[test]
    fn binomials_agree_across_widths() {
        for n in 0..80u64 {
            for k in 0..=n + 1 {
                let wide = binomial_u128(n, k).unwrap();
                assert_eq!(binomial(n, k) as u128, wide.min(u64::MAX as u128), "C({n}, {k})");
                let f = binomial_f64(n as usize, k as usize);
                assert!((f - wide as f64).abs() <= wide as f64 * 1e-12, "C({n}, {k})");
            }
        }
        assert_eq!(binomial(75, 8) as u128, binomial_u128(75, 8).unwrap());
        assert_eq!(binomial_u128(300, 150), None);
    }
}
