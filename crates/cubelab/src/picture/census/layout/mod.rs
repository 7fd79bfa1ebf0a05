//! The symmetric layout of the two-bit census ([`super::twobit`]): which boards share a
//! table entry, how an entry is ranked and unranked, and how many boards it stands for.
//!
//! The board is transposed so that it has at least as many rows as columns; a row is a
//! value in `0..A^n` (cell `j` is digit `j` in base `A`). Three kinds of symmetry map
//! moves to moves of the same metric and fix the solved board, so a board and its images
//! are at the same distance (each is checked on the move tables, not assumed):
//!
//! - permuting the rows (`S_m`) or the columns (`S_n`);
//! - a *cell map* `σ` applied to every cell, with `σ(0) = 0`, that conjugates the set of
//!   row moves to itself and the set of column moves to itself (`σ t σ⁻¹`); for the
//!   picture cube these are the conjugations by the half turns about the three axes
//!   (`u ↔ d` and/or `l ↔ r`);
//! - on a square board, the transpose followed by a cell map that conjugates the row moves
//!   to the column moves and back (the quarter turns about the vertical axis and the half
//!   turns about the two horizontal diagonals).
//!
//! A *parity* `h` of the cell values with `h(t(a)) = h(a) ⊕ e_t` for every move `t`
//! (checked) makes the parity pattern of a reachable board `a_i ⊕ b_j`: every row of it
//! has the pattern of the first row or its complement. Only such rows share an entry.
//!
//! Let `G_c` be the column permutations times the non-transposing cell maps, acting on
//! row values; its orbits are numbered by their least value. An entry is a pair
//! (`o`, multiset of `m − 1` rows) with the rows drawn from the values whose orbit is
//! at least `o` and whose parity pattern is that of `rep(o)` or its complement, ranked
//! by the combinatorial number system after the offset of `o`. A board's *canonical*
//! entry is the least entry among its images: `o` is the least orbit of its rows (or of
//! its transpose's), some `g ∈ G_c` takes a row of that orbit to `rep(o)`, and the other
//! rows' images form the multiset. Entries that are no board's canonical entry are
//! unused. The number of boards of an entry's class is `|G| / |Stab|`, computed from the
//! number of images that tie for the least entry.

use super::{colex_digit, MAX_ROWS};

mod build;
mod canonical;
#[cfg(test)]
use canonical::sort_small;
use canonical::Imaged;

/// Where a search is in the table: an entry and the digits of its rows (see
/// [`Layout::seek`]).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Cursor {
    valid: bool,
    index: u64,
    digits: [u32; MAX_ROWS],
    /// The end of the entry's orbit (the next orbit's offset), its parity class and the
    /// position of its first value in the class: what a successor step needs.
    end: u64,
    class: usize,
    first: usize,
}

/// What a canonical form reads of an orbit: its first entry (`offset[o]`, here too so
/// that one record holds all three), and the parity class of its least value with the
/// position there of the first value of the orbits from o on (the other rows' positions
/// are counted from it).
#[derive(Debug, Clone, Copy)]
struct OrbitEntry {
    offset: u64,
    first: u32,
    class: u32,
}

/// Cell maps and parity of a puzzle, for the two-bit census.
#[derive(Debug, Clone, Default)]
pub struct CellSymmetry {
    /// Parity (0 or 1) of every cell value; empty for none.
    pub parity: Vec<u8>,
    /// Candidate cell maps (permutations of the alphabet); the layout keeps those that
    /// are symmetries of the puzzle and drops the others.
    pub maps: Vec<Vec<u8>>,
}

/// The layout (see the module documentation).
#[derive(Debug)]
pub(crate) struct Layout {
    /// Rows and columns after transposing (rows >= columns).
    pub(crate) m: usize,
    pub(crate) n: usize,
    /// True when the puzzle was transposed.
    transposed: bool,
    alphabet: usize,
    /// `row_move[t][v]`, `col_move[t * n + j][v]`: row value after a move.
    row_move: Vec<Vec<u32>>,
    col_move: Vec<Vec<u32>>,
    /// `act[g][v]`: row value after element g of `G_c`.
    act: Vec<Vec<u32>>,
    /// The class and position of `act[g][v]` at `g * values + v`, one look-up where
    /// [`Layout::fold`] needed three: as `class << 14 | position` in 16 bits where every
    /// value fits (rows of at most 3 cells of 24 values: 3x3's table of 24 maps is 663 KB, which stays in a core's 1 MB cache where 32 bits did not), else as
    /// `class << 24 | position` in 32 (values are at most 2^22, classes below 2^4).
    imaged: Imaged,
    /// The cell map of the transpose symmetry (square boards).
    transpose: Option<Vec<u8>>,
    /// What the canonical form reads of each row value, in one 16-byte record (one cache
    /// line, not four tables): `[orbit, mapped digits, first map, end of maps]`. The mapped
    /// digits (square boards) are the transpose's cell map of each digit, a byte each
    /// (digit j at bits 8j), so the transpose reads one word per row instead of n digits
    /// and n maps; the maps are `maps[first..end]`, those taking the value to its orbit's
    /// least value.
    info: Vec<[u32; 4]>,
    /// `digits[v * n + j]`: cell j of row value v.
    digits: Vec<u8>,
    /// Orbit of each row value, and the least value of each orbit.
    orbit: Vec<u32>,
    reps: Vec<u32>,
    /// The elements of `G_c` taking v to its orbit's least value: `maps[maps_at[v]..maps_at[v + 1]]`.
    maps_at: Vec<u32>,
    maps: Vec<u8>,
    /// `by_class[c][k]`: the value at position k of class c.
    by_class: Vec<Vec<u32>>,
    /// What the canonical forms and the unranking read of orbit o, in one record (see
    /// [`OrbitEntry`]).
    by_orbit: Vec<OrbitEntry>,
    /// `offset[o]`: first entry of orbit o (one more entry at the end: the size).
    offset: Vec<u64>,
    /// `binom[x * (m + 1) + k] = C(x, k)`.
    binom: Vec<u64>,
    /// The rank's terms by digit: `terms[k * span + p] = C(p + k, k + 1)` for a position p
    /// (the k-th least other row's), so [`Layout::index`] ranks without a multiplication.
    terms: Vec<u64>,
    span: usize,
    /// Bits per position in a *key* (see [`Layout::value`]), or 0 where the m − 1 positions
    /// do not fit in 64 bits (values are then ranks).
    key_bits: u32,
    /// The element of `G_c` that is the identity (its row of `imaged` gives the positions).
    identity: usize,
    /// `m! · |G_c| · (2 if square)`: the order of the symmetry group.
    group_order: u64,
    factorial: Vec<u64>,
}

/// `σ t σ⁻¹` of a move table.
fn conjugate(sigma: &[u8], t: &[u8]) -> Vec<u8> {
    let mut inverse = vec![0u8; sigma.len()];
    for (a, &s) in sigma.iter().enumerate() {
        inverse[s as usize] = a as u8;
    }
    (0..sigma.len()).map(|x| sigma[t[inverse[x] as usize] as usize]).collect()
}

/// True if conjugating every table of `from` by `sigma` gives exactly the set `to`.
fn maps_moves(sigma: &[u8], from: &[Vec<u8>], to: &[Vec<u8>]) -> bool {
    let mut image: Vec<Vec<u8>> = from.iter().map(|t| conjugate(sigma, t)).collect();
    let mut target = to.to_vec();
    image.sort();
    image.dedup();
    target.sort();
    target.dedup();
    image == target
}

impl Layout {
    /// Number of table entries.
    pub(crate) fn size(&self) -> u64 {
        *self.offset.last().expect("at least the start")
    }

    /// Number of symmetries used (rows, columns, cell maps, transpose).
    pub(crate) fn symmetries(&self) -> u64 {
        self.group_order
    }

    /// Number of moves.
    pub(crate) fn moves(&self) -> usize {
        self.row_move.len() * self.m + self.col_move.len()
    }

    /// Applies move k (rows first) to m row values.
    pub(crate) fn apply(&self, k: usize, rows: &mut [u32]) {
        let per_row = self.row_move.len();
        if k < per_row * self.m {
            let (t, i) = (k % per_row, k / per_row);
            rows[i] = self.row_move[t][rows[i] as usize];
        } else {
            let table = &self.col_move[k - per_row * self.m];
            for v in rows.iter_mut() {
                *v = table[*v as usize];
            }
        }
    }

    /// True when move k turns a row equal to an earlier row: its board is a row permutation
    /// of the board the same move on that earlier row gives, so it has the same canonical
    /// entry (row permutations are symmetries of every layout) and a search can skip it.
    #[inline]
    pub(crate) fn repeats_a_move(&self, k: usize, rows: &[u32]) -> bool {
        let per_row = self.row_move.len();
        k < per_row * self.m && {
            let i = k / per_row;
            rows[..i].contains(&rows[i])
        }
    }

    /// The rows of entry `index` (`rep(o)` first, then the others in class order).
    pub(crate) fn unrank(&self, index: u64, rows: &mut [u32]) {
        self.unrank_digits(index, rows, &mut [0; MAX_ROWS]);
    }

    /// [`Layout::unrank`] for a search visiting entries in increasing order: an entry past
    /// the cursor's that differs in the lowest digit only is reached by moving that digit,
    /// one a few past by colex successors of its digits (each changes the lowest digits
    /// only), any other by unranking. `rows` must hold the cursor's entry's
    /// rows (as the last call left them) unless the cursor is new.
    #[inline]
    pub(crate) fn seek(&self, cursor: &mut Cursor, index: u64, rows: &mut [u32]) {
        let s = self.m - 1;
        if cursor.valid && index > cursor.index && index < cursor.end && s > 0 {
            // Within the orbit, a jump that only moves the lowest digit (below the next one).
            let gap = index - cursor.index;
            let q = &mut cursor.digits;
            if s == 1 || u64::from(q[0]) + gap < u64::from(q[1]) {
                q[0] += gap as u32;
                rows[1] = self.by_class[cursor.class][cursor.first + q[0] as usize];
                cursor.index = index;
                return;
            }
        }
        if cursor.valid && index > cursor.index && index - cursor.index <= 4 && s > 0 {
            while cursor.index < index {
                if !self.successor(cursor, rows) {
                    break;
                }
            }
            if cursor.index == index {
                return;
            }
        }
        let o = self.unrank_digits(index, rows, &mut cursor.digits);
        (cursor.valid, cursor.index, cursor.end) = (true, index, self.offset[o + 1]);
        (cursor.class, cursor.first) = (self.by_orbit[o].class as usize, self.by_orbit[o].first as usize);
    }

    /// The next entry's rows and digits in place; false at the end of the cursor's orbit
    /// (the next entry is then found by unranking).
    fn successor(&self, cursor: &mut Cursor, rows: &mut [u32]) -> bool {
        let s = self.m - 1;
        if cursor.index + 1 >= cursor.end {
            return false;
        }
        let (c, first) = (cursor.class, cursor.first);
        let q = &mut cursor.digits;
        // The least digit that can grow without meeting the next one; the ones below it
        // restart at their least values (colex order of strictly increasing digits).
        let Some(k) = (0..s).find(|&k| k + 1 == s || q[k] + 1 < q[k + 1]) else { return false };
        q[k] += 1;
        for j in 0..k {
            q[j] = j as u32;
        }
        for j in 0..=k {
            rows[j + 1] = self.by_class[c][first + q[j] as usize - j];
        }
        cursor.index += 1;
        true
    }

    /// [`Layout::unrank`], keeping the digits (the shifted positions of the other rows);
    /// returns the entry's orbit.
    fn unrank_digits(&self, index: u64, rows: &mut [u32], digits: &mut [u32; MAX_ROWS]) -> usize {
        let o = self.offset.partition_point(|&x| x <= index) - 1;
        let rep = self.reps[o];
        let (c, first) = (self.by_orbit[o].class as usize, self.by_orbit[o].first as usize);
        let free = self.by_class[c].len() - first;
        let s = self.m - 1;
        let w = self.m + 1;
        let mut r = index - self.offset[o];
        let mut hi = free + s - 1;
        rows[0] = rep;
        for k in (0..s).rev() {
            let lo = colex_digit(&self.binom, w, k, hi, r);
            r -= self.binom[lo * w + k + 1];
            rows[k + 1] = self.by_class[c][first + lo - k];
            digits[k] = lo as u32;
            hi = lo;
        }
        o
    }

    /// Number of boards whose canonical entry is that of `rows` (the rows of an entry, as
    /// given by [`Layout::unrank`]), given the ties of its canonical form.
    pub(crate) fn weight(&self, rows: &[u32], ties: u32) -> u64 {
        // rows[0] is rep(o) and the others follow in class order, so equal rows are adjacent.
        let mut stabiliser = ties as u64;
        let mut run = 1usize;
        let rep_count = rows.iter().filter(|&&v| v == rows[0]).count() as u64;
        for k in 1..=self.m {
            if k < self.m && rows[k] == rows[k - 1] {
                run += 1;
            } else {
                stabiliser *= self.factorial[run];
                run = 1;
            }
        }
        self.group_order * rep_count / stabiliser
    }

    /// Row values of a board given row-major cells in the puzzle's own orientation.
    pub(crate) fn rows_of(&self, cells: &[u8], out: &mut [u32]) -> bool {
        if cells.len() != self.m * self.n || cells.iter().any(|&c| c as usize >= self.alphabet) {
            return false;
        }
        let a = self.alphabet as u32;
        for (i, o) in out.iter_mut().enumerate().take(self.m) {
            *o = (0..self.n).rev().fold(0u32, |acc, j| {
                acc * a + if self.transposed { cells[j * self.m + i] } else { cells[i * self.n + j] } as u32
            });
        }
        true
    }

    /// The least board (row-major cells in the puzzle's own orientation) among all images
    /// of a board given as row values.
    pub(crate) fn least_board(&self, rows: &[u32]) -> Vec<u8> {
        let (m, n) = (self.m, self.n);
        let mut best: Option<Vec<u8>> = None;
        let mut t = [0u32; MAX_ROWS];
        let mut sources: Vec<&[u32]> = vec![rows];
        if self.transpose.is_some() {
            self.transpose_rows::<0>(rows, &mut t);
            sources.push(&t[..m]);
        }
        for src in sources {
            for act in &self.act {
                let mut cells: Vec<Vec<u8>> = src
                    .iter()
                    .map(|&v| {
                        let x = act[v as usize] as usize;
                        self.digits[x * n..x * n + n].to_vec()
                    })
                    .collect();
                cells.sort();
                let flat: Vec<u8> = if self.transposed {
                    (0..n).flat_map(|j| cells.iter().map(move |r| r[j])).collect()
                } else {
                    cells.concat()
                };
                if best.as_ref().is_none_or(|b| flat < *b) {
                    best = Some(flat);
                }
            }
        }
        best.expect("at least the identity")
    }
}

#[cfg(test)]
mod tests;
