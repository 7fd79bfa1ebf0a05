//! The picture cube census by a plain breadth-first search over every board: 2 bits per
//! board (unreached, current layer, earlier layer, next layer), no symmetry, no orbit
//! tables, no code of `picture`. The rotation group is the seed's: S4 acting on the four
//! main diagonals, the moves u = (1423), d = (1324) on rows and l = (1342), r = (1243) on
//! columns, quarter-turn metric (the seed's §2).
//!
//! Boards are numbered in base 24 (cell c is digit c, cells row by row). The state array
//! is cut into chunks of the 576 boards sharing every digit but the first two; a layer is
//! computed chunk by chunk from the chunks one move away, by whole 64-bit words where a
//! move leaves the first two cells alone, board by board where it turns them.

use crate::{Error, Result};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The 2-bit fields' low bits.
const LOW: u64 = 0x5555_5555_5555_5555;
/// Boards per chunk (24 × 24) and words per chunk (32 boards a word).
const CHUNK: usize = 576;
const WORDS: usize = CHUNK / 32;
/// Most cells: 24^7 boards take 1.15 GB.
pub const MAX_CELLS: usize = 7;

/// S4 as the 24 permutations of 0..4 in lexicographic order, with its product.
struct S4 {
    perms: Vec<[u8; 4]>,
}

impl S4 {
    fn new() -> S4 {
        let mut perms = Vec::new();
        for a in 0..4u8 {
            for b in 0..4u8 {
                for c in 0..4u8 {
                    for d in 0..4u8 {
                        let p = [a, b, c, d];
                        if (0..4).all(|i| (0..i).all(|j| p[i] != p[j])) {
                            perms.push(p);
                        }
                    }
                }
            }
        }
        S4 { perms }
    }

    fn index(&self, p: [u8; 4]) -> u8 {
        self.perms.iter().position(|&q| q == p).expect("a permutation of 0..4") as u8
    }

    /// The cycle (a b c d) on 1..4, as the seed writes it.
    fn cycle(&self, c: [u8; 4]) -> u8 {
        let mut p = [0, 1, 2, 3];
        for i in 0..4 {
            p[(c[i] - 1) as usize] = c[(i + 1) % 4] - 1;
        }
        self.index(p)
    }

    /// `a` then `b`, as a table: `times(b)[a]`.
    fn times(&self, b: u8) -> [u8; 24] {
        let q = self.perms[b as usize];
        std::array::from_fn(|a| {
            let p = self.perms[a];
            self.index([q[p[0] as usize], q[p[1] as usize], q[p[2] as usize], q[p[3] as usize]])
        })
    }
}

/// One move: the cells it turns and what it does to a cell's value, and its inverse.
struct Move {
    cells: u32,
    backward: [u8; 24],
    /// What it does to the first two cells (a board within a chunk), if it turns either.
    inner: Option<Vec<u16>>,
}

/// Number of boards at each distance from the solved board of the `rows` x `cols` picture
/// cube puzzle (quarter-turn metric), by visiting all 24^(rows·cols) boards.
/// A raised `stop` ends it, between two layers, with a `Stopped` error.
pub fn census(rows: usize, cols: usize, stop: &crate::run::Stop) -> Result<Vec<u64>> {
    let k = rows * cols;
    if !(2..=MAX_CELLS).contains(&k) {
        return Err(Error::out_of_range(format!(
            "the plain breadth-first search takes boards of 2 to {MAX_CELLS} cells, not {k}"
        )));
    }
    let moves = moves(rows, cols);
    let chunks = 24usize.pow(k as u32 - 2);
    let states: Vec<AtomicU64> = (0..chunks * WORDS).map(|_| AtomicU64::new(0)).collect();
    states[0].store(1, Relaxed); // the solved board, current layer
    let mut frontier = vec![false; chunks];
    let mut open = vec![true; chunks];
    frontier[0] = true;
    let mut distances = vec![1u64];
    loop {
        // The next layer, chunk by chunk.
        (0..chunks).into_par_iter().with_min_len(256).for_each(|q| {
            if open[q] && !stop.is_requested() {
                next_layer(q, k, &moves, &states, &frontier);
            }
        });
        stop.check()?;
        let flags = close_layer(&states, chunks);
        let count: u64 = flags.iter().map(|f| f.0).sum();
        if count == 0 {
            break;
        }
        distances.push(count);
        for (q, f) in flags.into_iter().enumerate() {
            frontier[q] = f.1;
            open[q] = f.2;
        }
    }
    Ok(distances)
}

/// The moves of a `rows` x `cols` board: u and d on every row, l and r on every column.
fn moves(rows: usize, cols: usize) -> Vec<Move> {
    let g = S4::new();
    let [u, d, l, r] = [[1, 4, 2, 3], [1, 3, 2, 4], [1, 3, 4, 2], [1, 2, 4, 3]].map(|c| g.cycle(c));
    let mut lines: Vec<(u32, u8)> = Vec::new();
    for i in 0..rows {
        let cells = (0..cols).fold(0u32, |m, j| m | 1 << (i * cols + j));
        lines.extend([(cells, u), (cells, d)]);
    }
    for j in 0..cols {
        let cells = (0..rows).fold(0u32, |m, i| m | 1 << (i * cols + j));
        lines.extend([(cells, l), (cells, r)]);
    }
    lines
        .into_iter()
        .map(|(cells, x)| {
            let forward = g.times(x);
            let mut backward = [0u8; 24];
            for (a, &b) in forward.iter().enumerate() {
                backward[b as usize] = a as u8;
            }
            let inner = (cells & 3 != 0).then(|| {
                (0..CHUNK)
                    .map(|b| {
                        let turn = |cell: usize, v: usize| if cells >> cell & 1 == 1 { forward[v] as usize } else { v };
                        (turn(0, b % 24) + 24 * turn(1, b / 24)) as u16
                    })
                    .collect()
            });
            Move { cells, backward, inner }
        })
        .collect()
}

/// Marks next the unreached boards of chunk `q` (of boards of `k` cells) one move away
/// from a board of the current layer: the chunks one move back that hold some, by whole
/// words or board by board.
fn next_layer(q: usize, k: usize, moves: &[Move], states: &[AtomicU64], frontier: &[bool]) {
    let words = &states[q * WORDS..(q + 1) * WORDS];
    let cur: [u64; WORDS] = std::array::from_fn(|w| words[w].load(Relaxed));
    let unreached: [u64; WORDS] = std::array::from_fn(|w| !cur[w] & !(cur[w] >> 1) & LOW);
    let mut reached = [0u64; WORDS];
    let mut digits = [0usize; MAX_CELLS];
    let mut x = q;
    for digit in digits.iter_mut().take(k - 2) {
        *digit = x % 24;
        x /= 24;
    }
    for m in moves {
        let mut p = 0;
        for i in (0..k - 2).rev() {
            let v = digits[i];
            p = p * 24 + if m.cells >> (i + 2) & 1 == 1 { m.backward[v] as usize } else { v };
        }
        if !frontier[p] {
            continue;
        }
        let source = &states[p * WORDS..(p + 1) * WORDS];
        for w in 0..WORDS {
            let s = source[w].load(Relaxed);
            let mut f = s & !(s >> 1) & LOW;
            match &m.inner {
                None => reached[w] |= f,
                Some(inner) => {
                    while f != 0 {
                        let b = w * 32 + f.trailing_zeros() as usize / 2;
                        f &= f - 1;
                        let t = inner[b] as usize;
                        reached[t / 32] |= 1 << (2 * (t % 32));
                    }
                }
            }
        }
    }
    for w in 0..WORDS {
        let new = reached[w] & unreached[w];
        if new != 0 {
            words[w].store(cur[w] | new | new << 1, Relaxed);
        }
    }
}

/// Closes a layer: next -> current, current -> earlier. For each chunk: the boards of
/// the new layer, whether it has any, and whether it still has unreached boards.
fn close_layer(states: &[AtomicU64], chunks: usize) -> Vec<(u64, bool, bool)> {
    (0..chunks)
        .into_par_iter()
        .with_min_len(256)
        .map(|q| {
            let (mut count, mut any_new, mut any_open) = (0u64, false, false);
            for word in &states[q * WORDS..(q + 1) * WORDS] {
                let w = word.load(Relaxed);
                let (lo, hi) = (w & LOW, w >> 1 & LOW);
                let new = lo & hi;
                let done = (lo & !hi) | (hi & !lo);
                count += u64::from(new.count_ones());
                any_new |= new != 0;
                any_open |= !lo & !hi & LOW != 0;
                word.store(done << 1 | new, Relaxed);
            }
            (count, any_new, any_open)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_generators_are_quarter_turns_about_two_axes() {
        let g = S4::new();
        let [u, d, l, r] = [[1, 4, 2, 3], [1, 3, 2, 4], [1, 3, 4, 2], [1, 2, 4, 3]].map(|c| g.cycle(c));
        assert_eq!(g.times(d)[u as usize], 0, "d undoes u");
        assert_eq!(g.times(r)[l as usize], 0, "r undoes l");
        let order = |x: u8| (1..=4).find(|&n| (0..n).fold(0u8, |a, _| g.times(x)[a as usize]) == 0).unwrap();
        assert_eq!((order(u), order(l)), (4, 4));
    }

    #[test]
    fn small_boards_match_theorem_8() {
        // |H| = 2^(m+n-1) 12^(mn).
        for (m, n) in [(2, 1), (3, 1), (2, 2), (4, 1)] {
            let d = census(m, n, &crate::run::Stop::new()).unwrap();
            let states: u64 = d.iter().sum();
            assert_eq!(states, 2u64.pow((m + n - 1) as u32) * 12u64.pow((m * n) as u32), "{m}x{n}");
        }
        assert_eq!(census(3, 1, &crate::run::Stop::new()).unwrap().len() - 1, 10, "the seed's diameter of 3x1");
        assert!(census(1, 1, &crate::run::Stop::new()).is_err());
    }
}
