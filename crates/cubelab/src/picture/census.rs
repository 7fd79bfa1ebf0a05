//! Breadth-first census of a row/column puzzle, reduced by the symmetry of the board.
//!
//! Permuting the rows (or the columns) of a board maps every move to a move of the same
//! kind, so distances from solved are constant on orbits of `S_m x S_n`. A state is
//! stored as the sorted multiset of its row values (a row value packs its n cells in
//! base `A`), minimised over the `n!` column permutations. Multisets are ranked by the
//! combinatorial number system, so the distance table is one byte per multiset, and each
//! orbit is counted with its size `m! n! / (c · Π mult!)`.
//!
//! The engine is generic over the alphabet: the picture cube puzzle uses the 24 cube
//! orientations; the group generalisation uses the elements of any small group.

use crate::io::Checksum;
use crate::{Error, Result};
use serde::Serialize;

#[cfg(feature = "mpi")]
pub mod distributed;
mod layout;
mod memory;
mod table;
pub mod twobit;

pub use layout::CellSymmetry;
pub use table::{Checkpointing, Table};

/// Distance byte of a state not (yet) reached.
const UNSET: u8 = u8::MAX;
/// Largest number of rows (after transposing so that rows >= columns).
pub const MAX_ROWS: usize = 16;
/// Largest number of row values `A^n` the engine tabulates.
const MAX_ROW_VALUES: u64 = 1 << 22;

/// A puzzle on an m x n board: an alphabet of cell values (0 = solved) and the moves a
/// row or a column can make, each a permutation of the alphabet applied to every cell of
/// the line.
#[derive(Debug, Clone)]
pub struct LinePuzzle {
    /// Number of cell values (at most 256).
    pub alphabet: usize,
    /// Rows m.
    pub rows: usize,
    /// Columns n.
    pub cols: usize,
    /// Permutations a row can apply to its cells.
    pub row_moves: Vec<Vec<u8>>,
    /// Permutations a column can apply to its cells.
    pub col_moves: Vec<Vec<u8>>,
}

impl LinePuzzle {
    /// A fingerprint of the puzzle (shape, alphabet and every move table, hence metric
    /// and group) for checkpoints of its census.
    pub(crate) fn fingerprint(&self) -> String {
        let mut c = Checksum::default();
        for x in [self.alphabet, self.rows, self.cols] {
            c.update(&(x as u64).to_le_bytes());
        }
        for moves in [&self.row_moves, &self.col_moves] {
            c.update(&(moves.len() as u64).to_le_bytes());
            for t in moves {
                c.update(&(t.len() as u64).to_le_bytes());
                c.update(t);
            }
        }
        format!("{:016x}", c.value())
    }
}

/// The result of a census.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Census {
    /// Number of reachable states.
    pub states: u64,
    /// Largest distance from solved.
    pub diameter: usize,
    /// Average distance.
    pub average: f64,
    /// Median distance (the least d with at least half the states within d).
    pub median: usize,
    /// Number of states at each distance 0, 1, 2, …
    pub distances: Vec<u64>,
}

impl Census {
    /// Summarises distance counts.
    pub fn from_counts(distances: Vec<u64>) -> Census {
        let states: u64 = distances.iter().sum();
        let weighted: f64 = distances.iter().enumerate().map(|(d, &c)| d as f64 * c as f64).sum();
        let mut cumulative = 0u64;
        let mut median = 0;
        for (d, &c) in distances.iter().enumerate() {
            cumulative += c;
            if 2 * cumulative >= states {
                median = d;
                break;
            }
        }
        Census {
            states,
            diameter: distances.len().saturating_sub(1),
            average: if states == 0 { 0.0 } else { weighted / states as f64 },
            median,
            distances,
        }
    }
}

/// The packed symmetric state space of a [`LinePuzzle`].
#[derive(Debug)]
pub struct Space {
    /// True when the puzzle was transposed so that rows >= columns.
    transposed: bool,
    m: usize,
    n: usize,
    alphabet: usize,
    row_values: usize,
    /// `row_move[t][v]`: row value after row move t.
    row_move: Vec<Vec<u32>>,
    /// `col_move[t * n + j][v]`: row value after column move t on column j.
    col_move: Vec<Vec<u32>>,
    /// `col_perm[p][v]`: row value with its cells permuted by column permutation p.
    col_perm: Vec<Vec<u32>>,
    /// `binom[x * (m + 1) + k] = C(x, k)`.
    binom: Vec<u64>,
    size: u64,
    factorial: Vec<u64>,
}

/// One digit of the combinatorial number system: the largest b in [k, hi) with
/// C(b, k + 1) <= r (`binom` as [`binomials`] builds it, rows of width `w`). The two
/// lowest digits directly (C(b, 1) = b; C(b, 2) = b(b − 1)/2 by a square root, corrected
/// on the table), the others by bisection: an unranking costs a bisection per digit above
/// the second (a third of the CPU of a 3x3 layer's counting pass went to bisecting).
#[inline]
fn colex_digit(binom: &[u64], w: usize, k: usize, hi: usize, r: u64) -> usize {
    match k {
        0 => usize::try_from(r).map_or(hi - 1, |r| r.min(hi - 1)),
        1 => {
            let c2 = |b: usize| binom[b * w + 2];
            let guess = (1.0 + (1.0 + 8.0 * r as f64).sqrt()) / 2.0;
            let mut b = (guess as usize).clamp(1, hi - 1);
            while b + 1 < hi && c2(b + 1) <= r {
                b += 1;
            }
            while b > 1 && c2(b) > r {
                b -= 1;
            }
            b
        }
        _ => colex_bisect(binom, w, k, hi, r),
    }
}

/// [`colex_digit`] by bisection, for any digit.
fn colex_bisect(binom: &[u64], w: usize, k: usize, hi: usize, r: u64) -> usize {
    let (mut lo, mut top) = (k, hi);
    while top - lo > 1 {
        let mid = (lo + top) / 2;
        if binom[mid * w + k + 1] <= r {
            lo = mid;
        } else {
            top = mid;
        }
    }
    lo
}

/// Binomials `C(x, k)` for `x < row_values + m`, `k <= m`, at `x * (m + 1) + k`,
/// failing on overflow.
fn binomials(row_values: usize, m: usize, puzzle: &LinePuzzle) -> Result<Vec<u64>> {
    let width = m + 1;
    let xs = row_values + m;
    let mut binom = vec![0u64; xs * width];
    for x in 0..xs {
        binom[x * width] = 1;
        for k in 1..width.min(x + 1) {
            let v = binom[(x - 1) * width + k - 1] as u128 + binom[(x - 1) * width + k] as u128;
            binom[x * width + k] = u64::try_from(v)
                .map_err(|_| Error::out_of_range(format!("{}x{} board is too large", puzzle.rows, puzzle.cols)))?;
        }
        if x < width {
            binom[x * width + x] = 1;
        }
    }
    Ok(binom)
}

/// The row-value tables of a [`Space`]: after each row move, after each column move on
/// each column, and under each permutation of the columns.
type ValueTables = (Vec<Vec<u32>>, Vec<Vec<u32>>, Vec<Vec<u32>>);

/// Builds the [`ValueTables`] of rows of `n` cells over an alphabet of `a` values.
fn value_tables(a: usize, n: usize, row_values: usize, rows_moves: &[Vec<u8>], cols_moves: &[Vec<u8>]) -> ValueTables {
    let digits = |v: usize| -> Vec<usize> { (0..n).map(|j| v / a.pow(j as u32) % a).collect() };
    let pack = |d: &[usize]| -> u32 { d.iter().rev().fold(0usize, |acc, &x| acc * a + x) as u32 };
    let row_move = rows_moves
        .iter()
        .map(|t| (0..row_values).map(|v| pack(&digits(v).iter().map(|&x| t[x] as usize).collect::<Vec<_>>())).collect())
        .collect();
    let mut col_move = Vec::new();
    for t in cols_moves {
        for j in 0..n {
            col_move.push(
                (0..row_values)
                    .map(|v| {
                        let mut d = digits(v);
                        d[j] = t[d[j]] as usize;
                        pack(&d)
                    })
                    .collect(),
            );
        }
    }
    let col_perm = crate::combin::permutations(n)
        .iter()
        .map(|p| {
            (0..row_values)
                .map(|v| {
                    let d = digits(v);
                    pack(&p.iter().map(|&src| d[src]).collect::<Vec<_>>())
                })
                .collect()
        })
        .collect();
    (row_move, col_move, col_perm)
}

impl Space {
    /// Builds the tables; fails when the space is too large to tabulate in `max_bytes`.
    pub fn new(puzzle: &LinePuzzle, max_bytes: u64) -> Result<Space> {
        let (m, n, rows_moves, cols_moves) = if puzzle.cols > puzzle.rows {
            (puzzle.cols, puzzle.rows, &puzzle.col_moves, &puzzle.row_moves)
        } else {
            (puzzle.rows, puzzle.cols, &puzzle.row_moves, &puzzle.col_moves)
        };
        let a = puzzle.alphabet;
        if a == 0 || a > 256 || m == 0 || n == 0 {
            return Err(Error::out_of_range(format!("cannot tabulate a {}x{} board", puzzle.rows, puzzle.cols)));
        }
        if let Some(bad) =
            rows_moves.iter().chain(cols_moves).find(|t| t.len() != a || t.iter().any(|&x| x as usize >= a))
        {
            return Err(Error::malformed(format!(
                "a move {bad:?} does not map each of the {a} cell values to a cell value"
            )));
        }
        if m > MAX_ROWS {
            return Err(Error::out_of_range(format!(
                "{}x{} board: the census handles at most {MAX_ROWS} lines",
                puzzle.rows, puzzle.cols
            )));
        }
        let row_values = (a as u64).checked_pow(n as u32).filter(|&v| v <= MAX_ROW_VALUES).ok_or_else(|| {
            Error::out_of_range(format!(
                "{}x{} board: {a}^{n} row values are too many to tabulate",
                puzzle.rows, puzzle.cols
            ))
        })? as usize;
        let binom = binomials(row_values, m, puzzle)?;
        let width = m + 1;
        let size = binom[(row_values + m - 1) * width + m];
        if size > max_bytes {
            return Err(Error::out_of_range(format!(
                "{}x{} board needs {} bytes for its distance table, more than the {} allowed",
                puzzle.rows, puzzle.cols, size, max_bytes
            )));
        }
        let (row_move, col_move, col_perm) = value_tables(a, n, row_values, rows_moves, cols_moves);
        let factorial = (0..=MAX_ROWS as u64).scan(1u64, |f, k| {
            if k > 0 {
                *f *= k;
            }
            Some(*f)
        });
        Ok(Space {
            transposed: puzzle.cols > puzzle.rows,
            m,
            n,
            alphabet: a,
            row_values,
            row_move,
            col_move,
            col_perm,
            binom,
            size,
            factorial: factorial.collect(),
        })
    }

    /// Number of entries in the distance table.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Number of distinct moves.
    fn moves(&self) -> usize {
        self.row_move.len() * self.m + self.col_move.len()
    }

    /// Applies move k (rows first) to a state of m row values.
    fn apply(&self, k: usize, state: &mut [u32]) {
        let per_row = self.row_move.len();
        if k < per_row * self.m {
            let (t, i) = (k % per_row, k / per_row);
            state[i] = self.row_move[t][state[i] as usize];
        } else {
            let table = &self.col_move[k - per_row * self.m];
            for v in state.iter_mut() {
                *v = table[*v as usize];
            }
        }
    }

    /// Canonical form in place: least sorted image over column permutations.
    fn canonicalize(&self, state: &mut [u32]) {
        let m = self.m;
        let mut best = [u32::MAX; MAX_ROWS];
        let mut image = [0u32; MAX_ROWS];
        for perm in &self.col_perm {
            for k in 0..m {
                image[k] = perm[state[k] as usize];
            }
            image[..m].sort_unstable();
            if image[..m] < best[..m] {
                best[..m].copy_from_slice(&image[..m]);
            }
        }
        state.copy_from_slice(&best[..m]);
    }

    fn rank(&self, sorted: &[u32]) -> u64 {
        let w = self.m + 1;
        sorted.iter().enumerate().map(|(k, &a)| self.binom[(a as usize + k) * w + k + 1]).sum()
    }

    fn unrank(&self, mut r: u64, out: &mut [u32]) {
        let w = self.m + 1;
        let mut hi = self.row_values + self.m - 1; // exclusive bound on b
        for k in (0..self.m).rev() {
            let lo = colex_digit(&self.binom, w, k, hi, r);
            r -= self.binom[lo * w + k + 1];
            out[k] = (lo - k) as u32;
            hi = lo;
        }
    }

    /// Number of boards in the orbit of a canonical state.
    fn orbit_size(&self, canonical: &[u32]) -> u64 {
        let m = self.m;
        let mut image = [0u32; MAX_ROWS];
        let mut fixing_perms = 0u64;
        for perm in &self.col_perm {
            for k in 0..m {
                image[k] = perm[canonical[k] as usize];
            }
            image[..m].sort_unstable();
            if image[..m] == canonical[..m] {
                fixing_perms += 1;
            }
        }
        let mut row_stabiliser = 1u64;
        let mut run = 1usize;
        for k in 1..=m {
            if k < m && canonical[k] == canonical[k - 1] {
                run += 1;
            } else {
                row_stabiliser *= self.factorial[run];
                run = 1;
            }
        }
        self.factorial[m] * self.factorial[self.n] / (fixing_perms * row_stabiliser)
    }

    /// The canonical state of a board given row-major cells in the puzzle's own orientation.
    fn state_of(&self, cells: &[u8], out: &mut [u32]) {
        let a = self.alphabet as u32;
        for i in 0..self.m {
            let mut v = 0u32;
            for j in (0..self.n).rev() {
                let cell = if self.transposed { cells[j * self.m + i] } else { cells[i * self.n + j] };
                v = v * a + cell as u32;
            }
            out[i] = v;
        }
        self.canonicalize(&mut out[..self.m]);
    }

    /// Table index of a board given row-major cells; `None` when the cells do not form a
    /// board of this space (wrong count, or a value outside the alphabet).
    pub fn index_of(&self, cells: &[u8]) -> Option<u64> {
        if cells.len() != self.m * self.n || cells.iter().any(|&c| c as usize >= self.alphabet) {
            return None;
        }
        let mut s = [0u32; MAX_ROWS];
        self.state_of(cells, &mut s);
        Some(self.rank(&s[..self.m]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coin_flips(rows: usize, cols: usize) -> LinePuzzle {
        // The folklore coin puzzle: Z2, every row and column may flip.
        LinePuzzle { alphabet: 2, rows, cols, row_moves: vec![vec![1, 0]], col_moves: vec![vec![1, 0]] }
    }

    #[test]
    fn moves_and_boards_outside_the_alphabet_are_refused() {
        for bad in [vec![1], vec![1, 2], vec![0, 1, 0]] {
            let p = LinePuzzle { row_moves: vec![bad], ..coin_flips(2, 2) };
            assert_eq!(Space::new(&p, 1 << 30).unwrap_err().kind(), crate::ErrorKind::Malformed);
        }
        let t = Table::build(&coin_flips(2, 2), 1 << 30, &crate::run::NoProgress).unwrap();
        assert_eq!(t.distance(&[0, 0, 0, 0]), Some(0));
        assert_eq!(t.distance(&[0, 0, 0]), None);
        assert_eq!(t.distance(&[0, 0, 0, 2]), None);
    }

    #[test]
    fn colex_digits_equal_bisection() {
        // The two lowest digits are found directly; every digit must be the bisection's.
        let (xs, w) = (70_000usize, 4usize);
        let p = LinePuzzle { alphabet: 2, rows: 3, cols: 1, row_moves: vec![], col_moves: vec![] };
        let binom = binomials(xs - 3, 3, &p).unwrap();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for t in 0..200_000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let k = (t % 3) as usize;
            let hi = k + 1 + (x % (xs as u64 - k as u64 - 1)) as usize;
            // r below C(hi, k + 1), as in an unranking, and at the edges of the digits.
            let bound = binom[hi * w + k + 1].max(1);
            let r = match t % 5 {
                0 => binom[(x as usize >> 20) % hi * w + k + 1].min(bound - 1),
                1 => binom[(x as usize >> 20) % hi * w + k + 1].saturating_sub(1),
                _ => (x >> 7) % bound,
            };
            assert_eq!(colex_digit(&binom, w, k, hi, r), colex_bisect(&binom, w, k, hi, r), "k {k} hi {hi} r {r}");
        }
    }

    #[test]
    fn rank_unrank_round_trip() {
        let p = LinePuzzle { alphabet: 5, rows: 3, cols: 2, row_moves: vec![], col_moves: vec![] };
        let s = Space::new(&p, 1 << 30).unwrap();
        assert_eq!(s.size(), 25 * 26 * 27 / 6);
        let mut out = [0u32; 3];
        for r in 0..s.size() {
            s.unrank(r, &mut out);
            assert!(out.windows(2).all(|w| w[0] <= w[1]));
            assert_eq!(s.rank(&out), r);
        }
    }

    #[test]
    fn orbit_sizes_add_up_to_all_boards() {
        // Every board of the identity puzzle is its own orbit member; canonical orbits sum to A^(mn).
        let p = LinePuzzle { alphabet: 3, rows: 3, cols: 2, row_moves: vec![], col_moves: vec![] };
        let s = Space::new(&p, 1 << 30).unwrap();
        let mut out = [0u32; 3];
        let mut total = 0;
        for r in 0..s.size() {
            s.unrank(r, &mut out);
            let mut c = out;
            s.canonicalize(&mut c);
            if c == out {
                total += s.orbit_size(&out);
            }
        }
        assert_eq!(total, 3u64.pow(6));
    }

    #[test]
    fn coin_puzzle_matches_theorem_4() {
        for (m, n) in [(1, 1), (2, 3), (4, 2), (3, 3)] {
            let t = Table::build(&coin_flips(m, n), 1 << 30, &crate::run::NoProgress).unwrap();
            assert_eq!(t.census().states, 1 << (m + n - 1), "{m}x{n}");
        }
    }
}

/// The picture cube puzzle as a [`LinePuzzle`] over the 24 orientations.
pub fn cube_puzzle(rows: usize, cols: usize, metric: super::board::Metric) -> LinePuzzle {
    use super::board::{Metric, Move, MoveKind};
    use super::cube::Turn;
    let table = |kind| Move { kind, line: 0 }.cube_table().to_vec();
    let mut row_moves = vec![table(MoveKind::Quarter(Turn::Up)), table(MoveKind::Quarter(Turn::Down))];
    let mut col_moves = vec![table(MoveKind::Quarter(Turn::Left)), table(MoveKind::Quarter(Turn::Right))];
    if metric == Metric::Half {
        row_moves.push(table(MoveKind::RowHalf));
        col_moves.push(table(MoveKind::ColumnHalf));
    }
    LinePuzzle { alphabet: super::cube::ORIENTATIONS, rows, cols, row_moves, col_moves }
}

/// The cell symmetries of the picture cube for the two-bit census: the parity of each
/// orientation, and the conjugations `a ↦ c⁻¹ a c` by the 24 rotations as candidate cell
/// maps (the census keeps those that map the row moves and the column moves to moves).
pub fn cube_symmetry() -> CellSymmetry {
    let t = super::cube::tables();
    let n = super::cube::ORIENTATIONS;
    let inverse = |c: usize| (0..n).find(|&b| t.compose[c][b] == 0).expect("a group");
    let maps = (0..n).map(|c| (0..n).map(|a| t.compose[t.compose[inverse(c)][a] as usize][c]).collect()).collect();
    CellSymmetry { parity: t.odd.iter().map(|&o| o as u8).collect(), maps }
}

/// `2^(m+n-1) · 12^(mn)`, the number of reachable boards (Theorem 8), if it fits in u64.
pub fn reachable_count(rows: usize, cols: usize) -> Option<u64> {
    let twelve = 12u64.checked_pow(u32::try_from(rows.checked_mul(cols)?).ok()?)?;
    let two = 2u64.checked_pow(u32::try_from(rows + cols - 1).ok()?)?;
    twelve.checked_mul(two)
}

#[cfg(test)]
mod seed_tables {
    use super::*;
    use crate::picture::board::Metric;

    fn census(m: usize, n: usize) -> Census {
        Table::build(&cube_puzzle(m, n, Metric::Quarter), 1 << 32, &crate::run::NoProgress).unwrap().census().clone()
    }

    /// Table 1 of the seed: size, diameter, average (2 decimals), median, states.
    /// The seed prints 16588 states for 2x2; Theorem 8 and the census both give 165888
    /// (docs/errata.md).
    const TABLE_1: [(usize, usize, usize, f64, usize, u64); 8] = [
        (1, 1, 4, 2.17, 2, 24),
        (2, 1, 7, 4.44, 5, 576),
        (3, 1, 10, 6.59, 7, 13824),
        (4, 1, 12, 8.59, 9, 331776),
        (2, 2, 12, 7.82, 8, 165888),
        (5, 1, 15, 10.69, 11, 7962624),
        (6, 1, 17, 12.65, 13, 191102976),
        (3, 2, 14, 10.54, 11, 47775744),
    ];

    fn check_row(row: (usize, usize, usize, f64, usize, u64)) {
        let (m, n, diameter, average, median, states) = row;
        let c = census(m, n);
        assert_eq!(c.states, states, "{m}x{n} states");
        assert_eq!(Some(c.states), reachable_count(m, n));
        assert_eq!(c.diameter, diameter, "{m}x{n} diameter");
        assert_eq!(format!("{:.2}", c.average), format!("{average:.2}"), "{m}x{n} average");
        assert_eq!(c.median, median, "{m}x{n} median");
        // Also the transposed board.
        assert_eq!(census(n, m), c);
    }

    #[test]
    fn table_1_small_rows() {
        for row in &TABLE_1[..6] {
            check_row(*row);
        }
    }

    /// In CI: about 10 s of CPU in the test profile (6x1 and 1x6, 3x2 and 2x3).
    #[test]
    fn table_1_large_rows_and_table_2() {
        for row in &TABLE_1[6..] {
            check_row(*row);
        }
        let table_2 = [
            1u64, 10, 69, 456, 2846, 16208, 84428, 395566, 1622641, 5536264, 13587945, 17558644, 8100138, 843444, 27084,
        ];
        assert_eq!(census(3, 2).distances, table_2);
    }

    #[test]
    fn half_metric_counts_the_same_states() {
        let q = census(2, 2);
        let h = Table::build(&cube_puzzle(2, 2, Metric::Half), 1 << 32, &crate::run::NoProgress).unwrap();
        assert_eq!(h.census().states, q.states);
        assert!(h.census().diameter <= q.diameter);
        assert_eq!(h.census().distances[1], 3 * 4);
    }
}
