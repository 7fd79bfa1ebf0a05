//! A small deterministic random generator (SplitMix64), so that seeded samples, scrambles
//! and searches give the same results on every machine and crate version.

/// SplitMix64: 64 bits of state, one multiply-xorshift output per step.
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// An exactly uniform integer below `n` (n > 0): `uniform_below` on this generator's
    /// outputs (multiply-shift with Lemire's rejection).
    pub fn below(&mut self, n: u64) -> u64 {
        uniform_below(n, || self.next_u64())
    }

    /// An exactly uniform integer below `n` (n > 0) in 128 bits: the same draw as
    /// [`SplitMix64::below`] when `n` fits 64 bits; beyond, 128 random bits masked to the
    /// bit length of `n`, drawn again until below `n`.
    pub fn below_u128(&mut self, n: u128) -> u128 {
        if let Ok(small) = u64::try_from(n) {
            return self.below(small) as u128;
        }
        let mask = u128::MAX >> n.leading_zeros();
        loop {
            let r = ((self.next_u64() as u128) << 64 | self.next_u64() as u128) & mask;
            if r < n {
                return r;
            }
        }
    }
}

/// An exactly uniform integer below `n` (n > 0) from 64-bit words `next` draws (Lemire,
/// "Fast random integer generation in an interval", 2019): a word x gives the high 64 bits
/// of x·n, and is rejected (another word drawn) when the low 64 bits of x·n fall below
/// 2^64 mod n. Multiply-shift alone gives every value ⌊2^64/n⌋ or ⌈2^64/n⌉ of the 2^64
/// words; the rejected words are exactly one surplus word of each value that has one, so
/// every value keeps ⌊2^64/n⌋ words. A word that is accepted gives the value
/// multiply-shift gave, so the draw differs from multiply-shift only when the first word
/// is rejected (probability (2^64 mod n)/2^64 < n/2^64, never when n is a power of two).
pub(crate) fn uniform_below(n: u64, mut next: impl FnMut() -> u64) -> u64 {
    assert!(n > 0, "uniform_below(0)");
    let mut m = next() as u128 * n as u128;
    if (m as u64) < n {
        // 2^64 mod n, computed only when a rejection is possible (the low word below n).
        let zone = n.wrapping_neg() % n;
        while (m as u64) < zone {
            m = next() as u128 * n as u128;
        }
    }
    (m >> 64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_in_range() {
        let mut a = SplitMix64(5);
        let mut b = SplitMix64(5);
        for _ in 0..100 {
            let x = a.below(7);
            assert_eq!(x, b.below(7));
            assert!(x < 7);
        }
    }

    /// Draws `uniform_below(n, ..)` from the word `x`, then `u64::MAX` (always accepted):
    /// the value and whether `x` itself was accepted.
    fn from_word(n: u64, x: u64) -> (u64, bool) {
        let mut words = 0;
        let v = uniform_below(n, || {
            words += 1;
            if words == 1 {
                x
            } else {
                u64::MAX
            }
        });
        (v, words == 1)
    }

    /// Every word that multiply-shift maps to `v`, and how many of them the rejection
    /// accepts (each accepted one giving `v` itself).
    fn words_of(n: u64, v: u64) -> (u64, u64) {
        let two64 = 1u128 << 64;
        let first = (v as u128 * two64).div_ceil(n as u128) as u64;
        let (mut all, mut accepted) = (0, 0);
        let mut x = first;
        while ((x as u128 * n as u128) >> 64) as u64 == v {
            all += 1;
            let (got, kept) = from_word(n, x);
            if kept {
                assert_eq!(got, v, "an accepted word gives the multiply-shift value");
                accepted += 1;
            }
            if x == u64::MAX {
                break;
            }
            x += 1;
        }
        (all, accepted)
    }

    /// Counts near 2^64 (and the 327,916,948,500,932,041 designs of `design extended
    /// --size 32`): multiply-shift gives some values one word more than others (2 against
    /// 1, 57 against 56); after the rejection every value keeps exactly ⌊2^64/n⌋ words.
    #[test]
    fn the_rejection_leaves_every_value_the_same_number_of_words() {
        let ns = [(1u64 << 63) + 1, 3 << 62, u64::MAX, u64::MAX - 2, 327_916_948_500_932_041, 1 << 60];
        for n in ns {
            let q = ((1u128 << 64) / n as u128) as u64;
            let mut rng = SplitMix64(n);
            let mut values = vec![0, 1, 2, 3, n / 2, n - 2, n - 1];
            values.extend((0..40).map(|_| rng.next_u64() % n));
            let mut surplus = 0;
            for v in values {
                let (all, accepted) = words_of(n, v);
                assert!(all == q || all == q + 1, "n = {n}, v = {v}: {all} words");
                assert_eq!(accepted, q, "n = {n}, v = {v}: {accepted} of {all} words accepted");
                surplus += all - q;
            }
            if n.is_power_of_two() {
                assert_eq!(surplus, 0, "a power of two needs no rejection");
            } else {
                assert!(surplus > 0, "n = {n}: the sample should meet a value with a surplus word");
            }
        }
    }

    /// A rejected word costs exactly one more word: for 3·2^62 the words 4j are rejected
    /// (multiply-shift gave 3j to both 4j and 4j + 1), and the next word decides.
    #[test]
    fn words_in_the_rejected_zone_are_redrawn() {
        let n = 3u64 << 62;
        for j in [0u64, 1, 5, 1 << 40, (1 << 62) - 1] {
            assert_eq!(from_word(n, 4 * j), (n - 1, false));
            assert_eq!(from_word(n, 4 * j + 1), (3 * j, true));
        }
    }

    /// Pearson's chi-square of counts against equal expectations.
    fn chi_square(counts: &[u64]) -> f64 {
        let total: u64 = counts.iter().sum();
        let e = total as f64 / counts.len() as f64;
        counts.iter().map(|&c| (c as f64 - e).powi(2) / e).sum()
    }

    /// Fixed seeds, so the figures cannot change from run to run. One generator per seed,
    /// first draw only (as the designs draw): over 6 values, 60,000 seeds; and for
    /// n = 3·2^62 the value mod 3, where multiply-shift put half of all words on 0 mod 3
    /// (a chi-square in the thousands). The bounds are the 0.999 quantiles of chi-square
    /// with 5 and 2 degrees of freedom (20.52, 13.82).
    #[test]
    fn draws_pass_a_chi_square_test() {
        let mut six = [0u64; 6];
        for seed in 0..60_000 {
            six[SplitMix64(seed).below(6) as usize] += 1;
        }
        assert!(chi_square(&six) < 20.52, "{six:?}: {}", chi_square(&six));
        let n = 3u64 << 62;
        let mut thirds = [0u64; 3];
        let mut old = [0u64; 3];
        for seed in 0..30_000 {
            thirds[(SplitMix64(seed).below(n) % 3) as usize] += 1;
            old[(((SplitMix64(seed).next_u64() as u128 * n as u128) >> 64) as u64 % 3) as usize] += 1;
        }
        assert!(chi_square(&thirds) < 13.82, "{thirds:?}: {}", chi_square(&thirds));
        assert!(chi_square(&old) > 1000.0, "multiply-shift alone is biased here: {old:?}");
    }
}
