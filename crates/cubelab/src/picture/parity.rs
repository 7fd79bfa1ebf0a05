//! The seed's solvability criterion (Section 3, Theorem 8).
//!
//! Every move toggles the parity of the cubes it turns, so the parity pattern of a
//! reachable board is `p[i][j] = a[i] xor b[j]`; every even pattern of cubes is then
//! reachable by commutators. A board is solvable exactly when its parity pattern has
//! that form.

use super::board::Board;
use super::cube::tables;
use serde::Serialize;

/// The outcome of the parity check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// True when the board can be solved.
    pub solvable: bool,
    /// One-line reason.
    pub reason: String,
    /// Parity of each cube (true = odd), row-major.
    pub odd: Vec<bool>,
}

/// Parity of each cube (true = odd permutation of the diagonals).
pub(crate) fn parities(board: &Board) -> Vec<bool> {
    let t = tables();
    board.cubes().iter().map(|&c| t.odd[c as usize]).collect()
}

/// Decides solvability by the parity criterion and explains it.
pub fn check(board: &Board) -> Verdict {
    let odd = parities(board);
    let (m, n) = (board.rows(), board.cols());
    let p = |i: usize, j: usize| odd[i * n + j];
    // With a[i] = p[i][0] and b[j] = p[0][j] xor p[0][0], the pattern must be a[i] xor b[j].
    for i in 1..m {
        for j in 1..n {
            let expected = p(i, 0) ^ p(0, j) ^ p(0, 0);
            if p(i, j) != expected {
                let reason = format!(
                    "not solvable: the cubes at (1,1), (1,{}), ({},1) and ({},{}) have an odd number of odd orientations \
                     between them, but every move changes an even number of them",
                    j + 1,
                    i + 1,
                    i + 1,
                    j + 1
                );
                return Verdict { solvable: false, reason, odd };
            }
        }
    }
    let count = odd.iter().filter(|&&o| o).count();
    let reason = format!(
        "solvable: the {} {} a pattern of whole rows and columns, which row and column turns can make even; even \
         cubes are then solved by commutators",
        crate::words::count(count, "odd cube", "odd cubes"),
        crate::words::noun(count, "forms", "form")
    );
    Verdict { solvable: true, reason, odd }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::board::Metric;

    #[test]
    fn scrambles_are_solvable_and_a_single_odd_cube_is_not() {
        for seed in 0..50 {
            let (b, _) = Board::scramble(3, 4, 25, seed, Metric::Quarter).unwrap();
            assert!(check(&b).solvable);
        }
        // One quarter-turned cube in a 2x2 board cannot be solved.
        let b = Board::parse("FD UF / UF UF").unwrap();
        let v = check(&b);
        assert!(!v.solvable);
        assert!(v.reason.contains("(2,2)"));
        // A single cube (1x1) or a single column: every board is solvable.
        assert!(check(&Board::parse("FD / UF / RF").unwrap()).solvable);
    }
}
