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

    /// A uniform integer below `n` (n > 0), by multiply-shift.
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// A uniform integer below `n` (n > 0) in 128 bits: the same draw as
    /// [`SplitMix64::below`] when `n` fits 64 bits; beyond, 128 random bits masked to the
    /// bit length of `n`, drawn again until below `n` (exactly uniform).
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
}
