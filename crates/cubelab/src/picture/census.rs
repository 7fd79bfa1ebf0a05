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

use super::checkpoint;
use crate::census::checkpoint::Resume;
use crate::{Error, Result};
use rayon::prelude::*;
use serde::Serialize;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::time::{Duration, Instant};

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

/// Progress of a running census, reported to a callback.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    /// The layer (distance) being expanded.
    pub layer: usize,
    /// Table entries scanned so far in this layer.
    pub scanned: u64,
    /// Table entries in all.
    pub total: u64,
    /// States found so far (all layers).
    pub found: u64,
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
        // Binomials C(x, k) for x < row_values + m, k <= m, failing on overflow.
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
        let size = binom[(row_values + m - 1) * width + m];
        if size > max_bytes {
            return Err(Error::out_of_range(format!(
                "{}x{} board needs {} bytes for its distance table, more than the {} allowed",
                puzzle.rows, puzzle.cols, size, max_bytes
            )));
        }
        let digits = |v: usize| -> Vec<usize> { (0..n).map(|j| v / a.pow(j as u32) % a).collect() };
        let pack = |d: &[usize]| -> u32 { d.iter().rev().fold(0usize, |acc, &x| acc * a + x) as u32 };
        let row_move = rows_moves
            .iter()
            .map(|t| {
                (0..row_values).map(|v| pack(&digits(v).iter().map(|&x| t[x] as usize).collect::<Vec<_>>())).collect()
            })
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
        let col_perm = crate::census::combin::permutations(n)
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
            // Largest b in [k, hi) with C(b, k + 1) <= r.
            let (mut lo, mut top) = (k, hi);
            while top - lo > 1 {
                let mid = (lo + top) / 2;
                if self.binom[mid * w + k + 1] <= r {
                    lo = mid;
                } else {
                    top = mid;
                }
            }
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

    /// Table index of a board given row-major cells.
    pub fn index_of(&self, cells: &[u8]) -> u64 {
        let mut s = [0u32; MAX_ROWS];
        self.state_of(cells, &mut s);
        self.rank(&s[..self.m])
    }
}

/// A finished distance table: the distance of every reachable board, by orbit.
#[derive(Debug)]
pub struct Table {
    space: Space,
    dist: Vec<AtomicU8>,
    census: Census,
}

/// Checkpointing of a census run, for [`Table::build_resumable`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Checkpointing<'a> {
    /// The checkpoint file, and whether to continue from it if it exists (a missing file
    /// with `resume` set starts the census from the beginning).
    pub resume: Resume<'a>,
    /// What the census is, for messages, e.g. "picture 3x1, quarter-turn metric".
    pub label: &'a str,
    /// Stop once layers 0..=K are expanded, saving the checkpoint.
    pub stop_after_layer: Option<usize>,
}

/// How a resumable census ended.
#[derive(Debug)]
pub enum Outcome {
    /// The census is complete.
    Complete(Box<Table>),
    /// Stopped by [`Checkpointing::stop_after_layer`]; the checkpoint holds the state.
    Stopped {
        /// The last layer expanded.
        layer: usize,
        /// Boards at distances 0..=layer.
        found: u64,
    },
}

impl Table {
    /// Runs the census. `progress` is called now and then from worker threads.
    pub fn build(puzzle: &LinePuzzle, max_bytes: u64, progress: &(dyn Fn(Progress) + Sync)) -> Result<Table> {
        match Table::build_resumable(puzzle, max_bytes, progress, &Checkpointing::default())? {
            Outcome::Complete(t) => Ok(*t),
            Outcome::Stopped { .. } => unreachable!("no stop was asked for"),
        }
    }

    /// Runs the census, saving the distance table to `ck.resume.path` (if set) after
    /// completed layers, and continuing from it with `ck.resume.resume`. The result does
    /// not depend on where a run was interrupted (see [`super::checkpoint`]).
    ///
    /// A save is skipped when the layers since the last save took less than four times
    /// as long as that save, so checkpointing costs at most about a fifth of the run; the
    /// first layer and a stop are always saved.
    pub fn build_resumable(
        puzzle: &LinePuzzle,
        max_bytes: u64,
        progress: &(dyn Fn(Progress) + Sync),
        ck: &Checkpointing<'_>,
    ) -> Result<Outcome> {
        let space = Space::new(puzzle, max_bytes)?;
        let size = space.size;
        let dist: Vec<AtomicU8> = std::iter::repeat_with(|| AtomicU8::new(UNSET)).take(size as usize).collect();
        let fingerprint = checkpoint::Fingerprint::new(puzzle, ck.label, size);
        let mut counts = Vec::new();
        if let (Some(path), true) = (ck.resume.path, ck.resume.resume) {
            if path.exists() {
                counts = checkpoint::load(path, &fingerprint, &dist)?;
            }
        }
        if counts.is_empty() {
            let solved = vec![0u8; puzzle.rows * puzzle.cols];
            dist[space.index_of(&solved) as usize].store(0, Ordering::Relaxed);
        }
        const CHUNK: u64 = 1 << 16;
        let chunks = size.div_ceil(CHUNK);
        let found = AtomicU64::new(counts.iter().sum());
        let mut last_save_cost = Duration::ZERO;
        let mut since_save = Instant::now();
        for layer in counts.len().. {
            if ck.stop_after_layer.is_some_and(|k| layer > k) {
                return Ok(Outcome::Stopped { layer: layer - 1, found: found.into_inner() });
            }
            if layer + 1 >= UNSET as usize {
                return Err(Error::out_of_range("distances beyond 254 do not fit the table"));
            }
            let d = layer as u8;
            let scanned = AtomicU64::new(0);
            let count: u128 = (0..chunks)
                .into_par_iter()
                .map(|c| {
                    let mut state = [0u32; MAX_ROWS];
                    let mut next = [0u32; MAX_ROWS];
                    let mut weight = 0u64;
                    let (start, end) = (c * CHUNK, ((c + 1) * CHUNK).min(size));
                    for idx in start..end {
                        if dist[idx as usize].load(Ordering::Relaxed) != d {
                            continue;
                        }
                        space.unrank(idx, &mut state[..space.m]);
                        weight += space.orbit_size(&state[..space.m]);
                        for k in 0..space.moves() {
                            next[..space.m].copy_from_slice(&state[..space.m]);
                            space.apply(k, &mut next[..space.m]);
                            space.canonicalize(&mut next[..space.m]);
                            let r = space.rank(&next[..space.m]) as usize;
                            // A benign race: two threads may both store the same d + 1.
                            if dist[r].load(Ordering::Relaxed) == UNSET {
                                dist[r].store(d + 1, Ordering::Relaxed);
                            }
                        }
                    }
                    let done = scanned.fetch_add(end - start, Ordering::Relaxed) + end - start;
                    let total_found = found.fetch_add(weight, Ordering::Relaxed).wrapping_add(weight);
                    progress(Progress { layer, scanned: done, total: size, found: total_found });
                    weight as u128
                })
                .sum();
            if count == 0 {
                break;
            }
            // More than 2^64 boards (24^14 > 2^64 for 14x1) would wrap: refuse instead.
            match u64::try_from(count).ok().filter(|c| counts.iter().try_fold(*c, |a, &b| a.checked_add(b)).is_some()) {
                Some(c) => counts.push(c),
                None => {
                    return Err(Error::out_of_range(format!(
                        "{}x{} board: more than 2^64 boards within distance {layer}; counts do not fit",
                        puzzle.rows, puzzle.cols
                    )))
                }
            }
            let stopping = ck.stop_after_layer == Some(layer);
            if let Some(path) = ck.resume.path {
                if stopping || since_save.elapsed() >= 4 * last_save_cost {
                    let t = Instant::now();
                    checkpoint::save(path, &fingerprint, &counts, &dist)?;
                    last_save_cost = t.elapsed();
                    since_save = Instant::now();
                }
            }
            if stopping {
                return Ok(Outcome::Stopped { layer, found: found.into_inner() });
            }
        }
        Ok(Outcome::Complete(Box::new(Table { space, dist, census: Census::from_counts(counts) })))
    }

    /// The census.
    pub fn census(&self) -> &Census {
        &self.census
    }

    /// Distance of a board (row-major cells), or `None` if it is not reachable.
    pub fn distance(&self, cells: &[u8]) -> Option<u8> {
        let d = self.dist[self.space.index_of(cells) as usize].load(Ordering::Relaxed);
        (d != UNSET).then_some(d)
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
    fn stopped_and_resumed_censuses_end_the_same() {
        let dir = std::env::temp_dir().join(format!("cubelab-picture-ckpt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.ckpt");
        let puzzle = cube_puzzle(3, 1, crate::picture::board::Metric::Quarter);
        let whole = Table::build(&puzzle, 1 << 30, &|_| {}).unwrap().census().clone();
        let run = |resume: bool, stop: Option<usize>| {
            let ck =
                Checkpointing { resume: Resume { path: Some(&path), resume }, label: "3x1", stop_after_layer: stop };
            Table::build_resumable(&puzzle, 1 << 30, &|_| {}, &ck)
        };
        for k in 0..=whole.diameter {
            let Outcome::Stopped { layer, found } = run(false, Some(k)).unwrap() else { panic!("no stop at {k}") };
            assert_eq!((layer, found), (k, whole.distances[..=k].iter().sum()));
            // A stop at an earlier layer than the checkpoint's stops at once.
            if k > 0 {
                assert!(matches!(run(true, Some(k - 1)).unwrap(), Outcome::Stopped { layer, .. } if layer == k));
            }
            let Outcome::Complete(t) = run(true, None).unwrap() else { panic!("stopped") };
            assert_eq!(t.census(), &whole, "resumed after layer {k}");
        }
        // Refusals: another puzzle, a truncated file, a flipped byte, trailing bytes.
        run(false, Some(3)).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let other = cube_puzzle(3, 1, crate::picture::board::Metric::Half);
        let ck = Checkpointing {
            resume: Resume { path: Some(&path), resume: true },
            label: "3x1 half",
            ..Default::default()
        };
        let e = Table::build_resumable(&other, 1 << 30, &|_| {}, &ck).unwrap_err().to_string();
        assert!(e.contains("belongs to another census (3x1), not this one (3x1 half)"), "{e}");
        let refused = |b: &[u8]| {
            std::fs::write(&path, b).unwrap();
            run(true, None).unwrap_err().to_string()
        };
        for cut in [1, 20, bytes.len() / 2, bytes.len() - 1] {
            let e = refused(&bytes[..cut]);
            assert!(e.contains("truncated"), "cut at {cut}: {e}");
        }
        for at in [bytes.len() / 2, bytes.len() - 3] {
            let mut b = bytes.clone();
            b[at] ^= 1;
            let e = refused(&b);
            assert!(e.contains("corrupt: checksum mismatch"), "byte {at}: {e}");
        }
        assert!(refused(&[&bytes[..], b"x"].concat()).contains("bytes after the checksum"));
        assert!(refused(b"").contains("is empty"));
        assert!(refused(b"{\"format\": 1}\n").contains("corrupt: bad header"));
        // Without --resume an existing checkpoint is overwritten; with it and no file, a fresh start.
        assert!(matches!(run(false, None).unwrap(), Outcome::Complete(_)));
        std::fs::remove_file(&path).unwrap();
        let Outcome::Complete(t) = run(true, None).unwrap() else { panic!("stopped") };
        assert_eq!(t.census(), &whole);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn coin_puzzle_matches_theorem_4() {
        for (m, n) in [(1, 1), (2, 3), (4, 2), (3, 3)] {
            let t = Table::build(&coin_flips(m, n), 1 << 30, &|_| {}).unwrap();
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
        Table::build(&cube_puzzle(m, n, Metric::Quarter), 1 << 32, &|_| {}).unwrap().census().clone()
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

    #[test]
    #[ignore = "a few seconds in release; run with --ignored"]
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
        let h = Table::build(&cube_puzzle(2, 2, Metric::Half), 1 << 32, &|_| {}).unwrap();
        assert_eq!(h.census().states, q.states);
        assert!(h.census().diameter <= q.diameter);
        assert_eq!(h.census().distances[1], 3 * 4);
    }
}
