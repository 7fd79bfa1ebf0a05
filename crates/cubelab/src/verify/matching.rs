//! Whether blocks can fill all eight corners of a target, decided by a plain dynamic
//! program over the 256 sets of corners: after each block, the set of corner sets the
//! blocks so far can fill one block per corner. No corner graph, no Hall shortcut.

/// A set of corner sets (a 256-bit set: bit s for the corner set s).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Reach([u64; 4]);

/// Within one 64-bit word (corner sets sharing corners 6 and 7), the positions whose
/// corner set lacks corner c, for c < 6.
const LACKS: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

impl Reach {
    /// Nothing placed: only the empty corner set.
    pub(crate) const START: Reach = Reach([1, 0, 0, 0]);

    /// Places one more block, which fits the corners of `fits` (bit i = corner i): every
    /// corner set gains one corner the block fits and the set lacks.
    #[inline]
    pub(crate) fn place(self, fits: u8) -> Reach {
        let s = self.0;
        let mut out = [0u64; 4];
        for c in 0..8 {
            if fits >> c & 1 == 0 {
                continue;
            }
            match c {
                6 => {
                    out[1] |= s[0];
                    out[3] |= s[2];
                }
                7 => {
                    out[2] |= s[0];
                    out[3] |= s[1];
                }
                _ => {
                    for w in 0..4 {
                        out[w] |= (s[w] & LACKS[c]) << (1 << c);
                    }
                }
            }
        }
        Reach(out)
    }

    /// Places a block or leaves it out.
    #[inline]
    pub(crate) fn offer(self, fits: u8) -> Reach {
        let p = self.place(fits);
        Reach([self.0[0] | p.0[0], self.0[1] | p.0[1], self.0[2] | p.0[2], self.0[3] | p.0[3]])
    }

    /// True when all eight corners can be filled.
    #[inline]
    pub(crate) fn full(self) -> bool {
        self.0[3] >> 63 == 1
    }
}

/// True when the blocks with corner fits `blocks` (exactly eight) fill the eight corners,
/// one each.
pub(crate) fn fills_exactly(blocks: &[u8]) -> bool {
    blocks.iter().fold(Reach::START, |r, &f| r.place(f)).full()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same question by trying every assignment of blocks to corners.
    fn by_permutations(blocks: &[u8; 8]) -> bool {
        fn go(blocks: &[u8; 8], i: usize, used: u8) -> bool {
            i == 8 || (0..8).any(|c| used >> c & 1 == 0 && blocks[i] >> c & 1 == 1 && go(blocks, i + 1, used | 1 << c))
        }
        go(blocks, 0, 0)
    }

    #[test]
    fn agrees_with_trying_every_assignment() {
        let mut x: u64 = 12345;
        for _ in 0..20_000 {
            let blocks: [u8; 8] = std::array::from_fn(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Sparse masks, so that both answers occur.
                (x & (x >> 8) & (x >> 16)) as u8 | (1 << ((x >> 40) % 8))
            });
            assert_eq!(fills_exactly(&blocks), by_permutations(&blocks), "{blocks:?}");
        }
        assert!(fills_exactly(&[1, 2, 4, 8, 16, 32, 64, 128]));
        assert!(!fills_exactly(&[3, 3, 3, 8, 16, 32, 64, 128]));
    }

    #[test]
    fn offering_extra_blocks_saturates_when_some_eight_do() {
        let r = [1u8, 1, 2, 4, 8, 16, 32, 64, 128].iter().fold(Reach::START, |r, &f| r.offer(f));
        assert!(r.full());
        let r = [1u8, 1, 2, 4, 8, 16, 32, 64].iter().fold(Reach::START, |r, &f| r.offer(f));
        assert!(!r.full());
    }
}
