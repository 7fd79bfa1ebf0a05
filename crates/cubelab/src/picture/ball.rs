//! The ball of radius r around the solved board: every board within r moves, with its
//! distance, found by a plain breadth-first search over whole boards (no symmetry, no
//! census table).
//!
//! A board is a key of 5 bits per cube (row-major, up to 12 cubes); a layer is a sorted
//! vector of keys: the next layer is the sorted, deduplicated neighbours of the current
//! one minus the current and the previous layer (a move is invertible, so a neighbour of
//! layer d lies in layer d − 1, d or d + 1). The ball is all layers merged into one sorted
//! vector with a distance byte per key: 8 + 1 bytes a board.
//!
//! Used by [`super::optimal::Solver::with_ball`]: a board not in the ball is more than r
//! moves from solved, which bounds the search at depth `bound − r − 1` and lets an
//! optimal search of a 3x3 board at distance 20 finish (a meet in the middle).

use super::board::{Board, Metric, Move};
use crate::{Error, Result};
use rayon::prelude::*;

/// Most cubes a key holds.
const MAX_CELLS: usize = 12;

/// The boards within `radius` of solved and their distances.
#[derive(Debug)]
pub struct Ball {
    rows: usize,
    cols: usize,
    metric: Metric,
    radius: u8,
    keys: Vec<u64>,
    dist: Vec<u8>,
    /// Boards at each distance 0..=radius.
    counts: Vec<u64>,
}

/// The key of a board (row-major cells).
pub(crate) fn key(cells: &[u8]) -> u64 {
    cells.iter().rev().fold(0u64, |k, &c| k << 5 | c as u64)
}

fn unkey(mut k: u64, cells: &mut [u8]) {
    for c in cells.iter_mut() {
        *c = (k & 31) as u8;
        k >>= 5;
    }
}

/// Applies `mv` to row-major `cells` of a board with `cols` columns.
pub(crate) fn apply(cells: &mut [u8], cols: usize, mv: &Move, table: &[u8; 24]) {
    if mv.is_row() {
        for c in &mut cells[mv.line * cols..(mv.line + 1) * cols] {
            *c = table[*c as usize];
        }
    } else {
        for c in cells.iter_mut().skip(mv.line).step_by(cols) {
            *c = table[*c as usize];
        }
    }
}

/// Elements of sorted `a` in neither sorted `b` nor sorted `c`.
fn minus(a: Vec<u64>, b: &[u64], c: &[u64]) -> Vec<u64> {
    let (mut i, mut j) = (0, 0);
    a.into_iter()
        .filter(|&x| {
            while i < b.len() && b[i] < x {
                i += 1;
            }
            while j < c.len() && c[j] < x {
                j += 1;
            }
            b.get(i) != Some(&x) && c.get(j) != Some(&x)
        })
        .collect()
}

impl Ball {
    /// Every board of a rows x cols board within `radius` moves of solved.
    pub fn build(rows: usize, cols: usize, metric: Metric, radius: u8) -> Result<Ball> {
        Board::solved(rows, cols)?;
        if rows * cols > MAX_CELLS {
            return Err(Error::out_of_range(format!("a ball keeps boards of at most {MAX_CELLS} cubes")));
        }
        let moves = Move::all(rows, cols, metric);
        let tables: Vec<[u8; 24]> = moves.iter().map(|m| m.cube_table()).collect();
        let cells = rows * cols;
        let mut layers: Vec<Vec<u64>> = vec![vec![0]];
        for _ in 0..radius {
            let cur = layers.last().expect("a layer");
            let mut next: Vec<u64> = cur
                .par_chunks(1 << 14)
                .flat_map_iter(|chunk| {
                    let mut out = Vec::with_capacity(chunk.len() * moves.len());
                    let mut b = [0u8; MAX_CELLS];
                    for &k in chunk {
                        for (mv, t) in moves.iter().zip(&tables) {
                            unkey(k, &mut b[..cells]);
                            apply(&mut b[..cells], cols, mv, t);
                            out.push(key(&b[..cells]));
                        }
                    }
                    out
                })
                .collect();
            next.par_sort_unstable();
            next.dedup();
            let prev: &[u64] = if layers.len() >= 2 { &layers[layers.len() - 2] } else { &[] };
            let next = minus(next, cur, prev);
            if next.is_empty() {
                break;
            }
            layers.push(next);
        }
        let counts = layers.iter().map(|l| l.len() as u64).collect();
        let mut all: Vec<(u64, u8)> =
            layers.iter().enumerate().flat_map(|(d, l)| l.iter().map(move |&k| (k, d as u8))).collect();
        drop(layers);
        all.par_sort_unstable();
        let (keys, dist) = all.into_iter().unzip();
        Ok(Ball { rows, cols, metric, radius, keys, dist, counts })
    }

    /// The distance of a board (row-major cells) if it is within the radius.
    pub fn distance(&self, cells: &[u8]) -> Option<u8> {
        self.keys.binary_search(&key(cells)).ok().map(|i| self.dist[i])
    }

    /// The radius.
    pub fn radius(&self) -> u8 {
        self.radius
    }

    /// Boards at each distance 0..=radius.
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// The board size and metric.
    pub fn shape(&self) -> (usize, usize, Metric) {
        (self.rows, self.cols, self.metric)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::census::{cube_puzzle, Table};
    use crate::run::NoProgress;

    #[test]
    fn balls_hold_the_census_layers_and_distances() {
        for (m, n, metric) in [(2, 2, Metric::Quarter), (2, 2, Metric::Half), (3, 1, Metric::Quarter)] {
            let table = Table::build(&cube_puzzle(m, n, metric), 1 << 30, &NoProgress).unwrap();
            let census = table.census().distances.clone();
            let ball = Ball::build(m, n, metric, 5).unwrap();
            assert_eq!(ball.counts(), &census[..=5], "{m}x{n} {metric:?}");
            for seed in 0..200 {
                let b = Board::random_reachable(m, n, seed).unwrap();
                let d = table.distance(b.cubes()).unwrap();
                assert_eq!(ball.distance(b.cubes()), (d <= 5).then_some(d));
            }
            // A radius past the diameter holds every board.
            let whole = Ball::build(m, n, metric, 40).unwrap();
            assert_eq!(whole.counts(), &census[..]);
        }
    }
}
