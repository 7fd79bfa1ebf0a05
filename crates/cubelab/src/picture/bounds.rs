//! Bounds on the diameter where an exhaustive census is out of reach.
//!
//! - Counting lower bound: the boards within distance d number at most the canonical move
//!   sequences of length at most d (counted by the optimal solver's move-pruning rules), so the
//!   diameter is at least the least d where that count reaches `|H|`.
//! - Column-split upper bound: solve the first n−1 columns as an m x (n−1) board (at most
//!   its census diameter; row moves also turn the last column, which does not matter),
//!   then the last column. With the first columns solved, every row has the parity of the
//!   first, so the last column holds cubes of one parity: `2 · 12^m` residual boards, each
//!   solved optimally on the full board. The sum of the two maxima bounds the diameter.
//!   An m x 1 board (one column) is split as the 1 x m board, its transpose: exchanging
//!   rows and columns maps the puzzle onto itself (a quarter turn of every cube about the
//!   vertical axis takes row turns to column turns), so both have the same diameter. The
//!   first m − 1 cubes are then solved as an (m−1) x 1 board and the last cube's 24
//!   positions optimally; a 1 x 1 board is all residual (its 24 positions).
//! - The seed's Eq. (1) lower bound `log|H| / log(d) − 1`, d the moves at each board
//!   (2(m+n) quarter turns; 3(m+n) with half turns), weaker than the counting bound and
//!   reported beside it.

use super::board::{Board, Metric};
use super::census::reachable_count;
use super::cube::{tables, Turn, ORIENTATIONS};
use super::optimal::{default_max_entries, pattern_table_until, Limits, Solver};
use crate::run::{Progress, Stop};
use crate::{Error, Result};
use serde::Serialize;

/// Proven bounds on the diameter of an m x n board.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Bounds {
    /// Number of reachable boards `2^(m+n-1)·12^(mn)`.
    pub states: u64,
    /// Counting lower bound on the diameter.
    pub lower: usize,
    /// The lower bound of Eq. (1) of "Analysis of the picture cube puzzle",
    /// `log|H| / log(d) − 1` (d moves per board), a real number; the diameter is at least
    /// its ceiling. Weaker than `lower`.
    pub eq1_lower: f64,
    /// Diameter of the m x (n−1) board solved first (for one column, of the (m−1) x 1
    /// board: the board is split as its transpose; 0 for 1 x 1).
    pub first_columns_diameter: usize,
    /// Largest optimal distance of a residual board (first columns solved).
    pub last_column_max: usize,
    /// Upper bound: `first_columns_diameter + last_column_max`.
    pub upper: usize,
    /// Local method bound `8mn + m + n − 1`, for comparison.
    pub local: usize,
}

/// The refusal of a board whose number of reachable states does not fit 64 bits.
fn too_many_states(rows: usize, cols: usize) -> Error {
    Error::out_of_range(format!(
        "a {rows}x{cols} board is too large: its 12^{}·2^{} reachable states do not fit 64 bits (the bounds count them)",
        rows.saturating_mul(cols),
        (rows + cols).saturating_sub(1)
    ))
}

/// The counting lower bound on the diameter.
pub(crate) fn counting_lower_bound(rows: usize, cols: usize, metric: Metric) -> Result<usize> {
    let states = reachable_count(rows, cols).ok_or_else(|| too_many_states(rows, cols))? as u128;
    let solver = Solver::new(rows, cols, metric, 1)?;
    let counts = solver.canonical_sequence_counts(200);
    // Saturating: once the running total reaches |H| the answer is found.
    let mut total = 0u128;
    for (d, c) in counts.iter().enumerate() {
        total = total.saturating_add(*c);
        if total >= states {
            return Ok(d);
        }
    }
    Err(Error::out_of_range("no counting bound below 200 moves"))
}

/// The seed's Eq. (1) lower bound: `log|H| / log(d) − 1`, where |H| counts the reachable
/// boards and d = m|R| + n|C| the moves at each board (|R| = |C| = 2 quarter turns, 3 with
/// half turns).
pub fn eq1_lower_bound(rows: usize, cols: usize, metric: Metric) -> Result<f64> {
    let states = reachable_count(rows, cols).ok_or_else(|| too_many_states(rows, cols))? as f64;
    let per_line = if metric == Metric::Half { 3 } else { 2 };
    Ok(states.ln() / (((rows + cols) * per_line) as f64).ln() - 1.0)
}

/// Both bounds; `progress` sees one phase, "last columns", of one unit per residual
/// board solved.
pub fn bounds(rows: usize, cols: usize, metric: Metric, progress: &dyn Progress) -> Result<Bounds> {
    bounds_until(rows, cols, metric, progress, &Stop::new())
}

/// [`bounds`], stopped with [`ErrorKind::Stopped`](crate::ErrorKind::Stopped) when
/// `stop` is raised (while the tables are built, between residual boards and within each
/// optimal search).
pub fn bounds_until(rows: usize, cols: usize, metric: Metric, progress: &dyn Progress, stop: &Stop) -> Result<Bounds> {
    let states = reachable_count(rows, cols).ok_or_else(|| too_many_states(rows, cols))?;
    let lower = counting_lower_bound(rows, cols, metric)?;
    let eq1_lower = eq1_lower_bound(rows, cols, metric)?;
    // One column: split the transposed board (same puzzle, same diameter).
    let (rows, cols) = if cols == 1 { (cols, rows) } else { (rows, cols) };
    let first_columns_diameter =
        if cols > 1 { pattern_table_until(rows, cols - 1, metric, stop)?.census().diameter } else { 0 };
    let solver = Solver::new_until(rows, cols, metric, default_max_entries(rows, cols), stop)?;
    let t = tables();
    let even: Vec<u8> = (0..ORIENTATIONS as u8).filter(|&a| !t.odd[a as usize]).collect();
    let up = t.turn[Turn::Up as usize][0];
    let residuals = 2 * 12usize.pow(rows as u32);
    let mut last_column_max = 0;
    progress.start("last columns", residuals as u64, 0);
    for k in 0..residuals {
        if stop.is_requested() {
            return Err(Error::stopped(format!("stopped after {k} of the {residuals} last-column boards")));
        }
        let odd = k % 2 == 1;
        let mut code = k / 2;
        let mut board = Board::solved(rows, cols)?;
        for i in 0..rows {
            let e = even[code % 12];
            code /= 12;
            board.set(i, cols - 1, if odd { t.compose[e as usize][up as usize] } else { e });
        }
        let (moves, _) = solver.solve_until(&board, &Limits::NONE, &crate::run::NoProgress, stop)?;
        last_column_max = last_column_max.max(moves.len());
        progress.advance(1);
    }
    Ok(Bounds {
        states,
        lower,
        eq1_lower,
        first_columns_diameter,
        last_column_max,
        upper: first_columns_diameter + last_column_max,
        local: super::local::bound(rows, cols),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_bracket_the_known_diameters() {
        // Table 1: 2x2 has diameter 12, 3x2 has 14.
        for (m, n, diameter) in [(2, 2, 12), (3, 2, 14), (2, 1, 7)] {
            let lower = counting_lower_bound(m, n, Metric::Quarter).unwrap();
            assert!(lower <= diameter && lower >= diameter / 2, "{m}x{n}: {lower}");
        }
        let b = bounds(2, 2, Metric::Quarter, &crate::run::NoProgress).unwrap();
        assert!(b.lower <= 12 && 12 <= b.upper && b.upper <= b.local, "{b:?}");
    }

    /// One column: the bounds of the transposed board bracket the m x 1 diameters of the
    /// seed's Table 1 (1x1 is solved whole: its upper bound is its diameter), and the
    /// seed's Eq. (1) lower bound is below the counting bound.
    #[test]
    fn one_column_boards_have_bounds_too() {
        for (m, diameter) in [(1, 4), (2, 7), (3, 10), (4, 12), (5, 15)] {
            let b = bounds(m, 1, Metric::Quarter, &crate::run::NoProgress).unwrap();
            assert!(b.lower <= diameter && diameter <= b.upper && b.upper <= b.local, "{m}x1: {b:?}");
            assert!(b.eq1_lower.ceil() as usize <= b.lower, "{m}x1: {b:?}");
            let t = bounds(1, m, Metric::Quarter, &crate::run::NoProgress).unwrap();
            assert_eq!((t.lower, t.upper, t.first_columns_diameter), (b.lower, b.upper, b.first_columns_diameter));
        }
        assert_eq!(bounds(1, 1, Metric::Quarter, &crate::run::NoProgress).unwrap().upper, 4);
        // Eq. (1) for m x 1: m·log 24 / log(2m + 2) − 1, e.g. 10.7 at m = 12.
        let e = eq1_lower_bound(12, 1, Metric::Quarter).unwrap();
        assert!((e - (12.0 * 24f64.ln() / 26f64.ln() - 1.0)).abs() < 1e-9 && (e - 10.71).abs() < 0.01, "{e}");
        // 3x3: log(2^5·12^9) / log 12 − 1 ≈ 9.4 (docs/results.md).
        assert!((eq1_lower_bound(3, 3, Metric::Quarter).unwrap() - 9.39).abs() < 0.01);
    }

    /// Eq. (1) of the seed on every size whose diameter is computed (the seed's Table 1,
    /// and docs/results.md: m x 1 to 12x1, 4x2, 3x3): the counting lower bound ≤ the
    /// diameter ≤ the local method's bound 8mn + m + n − 1 (quarter-turn metric).
    #[test]
    fn bounds_bracket_every_computed_diameter() {
        let diameters = [
            (1, 1, 4),
            (2, 1, 7),
            (3, 1, 10),
            (4, 1, 12),
            (5, 1, 15),
            (6, 1, 17),
            (7, 1, 20),
            (8, 1, 22),
            (9, 1, 25),
            (10, 1, 27),
            (11, 1, 30),
            (12, 1, 32),
            (2, 2, 12),
            (3, 2, 14),
            (4, 2, 19),
            (3, 3, 20),
        ];
        for (m, n, diameter) in diameters {
            let lower = counting_lower_bound(m, n, Metric::Quarter).unwrap();
            let local = crate::picture::local::bound(m, n);
            assert!(lower <= diameter && diameter <= local, "{m}x{n}: {lower} <= {diameter} <= {local}");
        }
    }
}
