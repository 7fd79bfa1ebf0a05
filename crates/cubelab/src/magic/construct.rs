//! A semi-perfect magic cube of every order n ≥ 3 holding 1..n³.
//!
//! - **Odd n** (linear congruential method): with centred coordinates x, y, z in
//!   −h..h (h = (n−1)/2) for cell, row and layer, the cube holds 1 + n²·a + n·b + c with
//!   a = (x + y + 2z + h) mod n, b = (x + 2y + z + h) mod n, c = (2x + y + z + h) mod n.
//!   Every coefficient is a unit mod n, so each digit runs through 0..n−1 along every row,
//!   column and pillar; the coefficient matrix has determinant −4, a unit, so the cells
//!   get distinct numbers; and along any line through the centre each digit takes values
//!   h + u·t (t = −h..h) which pair up to 2h, so the triagonals are magic too.
//! - **Doubly even n = 4k** (complement method): number the cells 0..n³−1 in layer/row/cell
//!   order and replace k by n³−1−k where s(layer) ⊕ s(row) ⊕ s(cell) = 1, with s(i) true
//!   when i mod 4 is 0 or 3. Every line meets each run of four cells in two complemented
//!   and two kept cells whose positions sum alike (0 + 3 = 1 + 2), so it sums to n(n³−1)/2.
//! - **Singly even n = 2m, m odd** (block method, in the spirit of the Medjig and LUX
//!   methods for squares): the cube holds 1 + 8·M + D where M is the odd cube of order m
//!   (on 0..m³−1) blown up into 2×2×2 blocks and D puts 0..7 into every block so that
//!   every line of D sums to 7m. Blocks get one of five 2×2×2 patterns by the residue
//!   ρ = (I + J + 2K) mod m of their block coordinates: three patterns whose pairs sum to
//!   7 along one axis each (ρ = 0, 1, 2), whose deviations cancel along every other axis
//!   and along the block diagonals, and the pattern 4a+2b+c or its complement for ρ ≥ 3,
//!   alternating so that they cancel. This needs m ≥ 5: for m = 3 the triagonal through
//!   the blocks of residue 1 does not cancel. For order 6 the digit cube D is instead read
//!   off the order-6 cube printed by W. S. Andrews (kept as a table in this module).

use super::cube::NumberCube;
use crate::{Error, Result};

/// A semi-perfect magic cube of order `n` on 1..n³ (n ≥ 3; order 2 has none).
pub fn semi_perfect(n: usize) -> Result<NumberCube> {
    if n < 2 {
        return Err(Error::out_of_range(format!("order {n} is too small; use an order of at least 3")));
    }
    if n == 2 {
        return Err(Error::out_of_range(format!(
            "order {n}: no magic cube of order {n} exists (in order 2 a row a, b and a column a, c through the same cell would force b = c); use an order of at least 3"
        )));
    }
    if n > 200 {
        return Err(Error::out_of_range(format!("order {n} is too large (at most 200)")));
    }
    let digits = if n % 2 == 1 {
        odd(n)
    } else if n % 4 != 2 {
        doubly_even(n)
    } else if n == 6 {
        block(6, &ORDER6_DIGITS)
    } else {
        singly_even(n)
    };
    NumberCube::new(n, digits.into_iter().map(|k| k as i64 + 1).collect())
}

/// The odd construction on 0..n³−1, cells in layer/row/cell order.
fn odd(n: usize) -> Vec<u64> {
    let h = (n - 1) / 2;
    let n = n as i64;
    let mut cells = Vec::with_capacity((n * n * n) as usize);
    for l in 0..n {
        for r in 0..n {
            for c in 0..n {
                let (x, y, z) = (c - h as i64, r - h as i64, l - h as i64);
                let digit = |v: i64| (v + h as i64).rem_euclid(n) as u64;
                let (a, b, d) = (digit(x + y + 2 * z), digit(x + 2 * y + z), digit(2 * x + y + z));
                cells.push(a * (n * n) as u64 + b * n as u64 + d);
            }
        }
    }
    cells
}

/// The complement construction on 0..n³−1 for n divisible by 4.
fn doubly_even(n: usize) -> Vec<u64> {
    let s = |i: usize| matches!(i % 4, 0 | 3);
    let last = (n * n * n - 1) as u64;
    let mut cells = Vec::with_capacity(n * n * n);
    for l in 0..n {
        for r in 0..n {
            for c in 0..n {
                let k = ((l * n + r) * n + c) as u64;
                cells.push(if s(l) ^ s(r) ^ s(c) { last - k } else { k });
            }
        }
    }
    cells
}

/// Block patterns, indexed by 4a + 2b + c for the local layer, row and cell bits. Each pairs
/// to 7 along one axis: `ALONG_CELLS` for (a, b, 0)–(a, b, 1), and so on. Found by an
/// exhaustive search over such patterns; the conditions are checked by a unit test.
const ALONG_CELLS: [u64; 8] = [0, 7, 6, 1, 5, 2, 3, 4];
const ALONG_ROWS: [u64; 8] = [7, 4, 0, 3, 2, 1, 5, 6];
const ALONG_LAYERS: [u64; 8] = [3, 0, 5, 6, 4, 7, 2, 1];

/// The block construction on 0..n³−1 for n = 2m, m odd, m ≥ 5.
fn singly_even(n: usize) -> Vec<u64> {
    let m = n / 2;
    let mut digits = vec![0; n * n * n];
    for l in 0..n {
        for r in 0..n {
            for c in 0..n {
                let (bl, br, bc) = (l / 2, r / 2, c / 2);
                let local = (l % 2) * 4 + (r % 2) * 2 + c % 2;
                digits[(l * n + r) * n + c] = match (bl + br + 2 * bc) % m {
                    0 => ALONG_CELLS[local],
                    1 => ALONG_ROWS[local],
                    2 => ALONG_LAYERS[local],
                    rho if rho % 2 == 1 => local as u64,
                    _ => 7 - local as u64,
                };
            }
        }
    }
    block(n, &digits)
}

/// 8·M + D: the odd cube M of order n/2 blown up into 2×2×2 blocks plus a digit cube D
/// (0..7 in every block, every line summing to 7n/2).
fn block(n: usize, digits: &[u64]) -> Vec<u64> {
    let m = n / 2;
    let inner = odd(m);
    let mut cells = vec![0; n * n * n];
    for l in 0..n {
        for r in 0..n {
            for c in 0..n {
                let i = (l * n + r) * n + c;
                cells[i] = 8 * inner[(l / 2 * m + r / 2) * m + c / 2] + digits[i];
            }
        }
    }
    cells
}

/// The digit cube D of order 6: the quotients (v − 1) div 27 of the order-6 magic cube in
/// W. S. Andrews, *Magic Squares and Cubes* (2nd ed. 1917; Dover 1960, p. 197), whose
/// remainders (v − 1) mod 27 are an order-3 cube blown up into 2×2×2 blocks. Every block
/// holds 0..7 and every row, column, pillar and triagonal sums to 21 (checked by a test).
#[rustfmt::skip]
const ORDER6_DIGITS: [u64; 216] = [
    // layer 1
    0, 5, 5, 0, 6, 5,
    3, 6, 3, 6, 3, 0,
    3, 5, 5, 0, 3, 5,
    6, 0, 3, 6, 6, 0,
    6, 0, 0, 6, 3, 6,
    3, 5, 5, 3, 0, 5,
    // layer 2
    7, 2, 2, 7, 1, 2,
    4, 1, 4, 1, 4, 7,
    4, 2, 2, 7, 4, 2,
    1, 7, 4, 1, 1, 7,
    1, 7, 7, 1, 4, 1,
    4, 2, 2, 4, 7, 2,
    // layer 3
    0, 5, 5, 6, 0, 5,
    3, 6, 0, 3, 3, 6,
    6, 0, 3, 6, 6, 0,
    3, 5, 5, 0, 3, 5,
    6, 0, 3, 6, 6, 0,
    3, 5, 5, 0, 3, 5,
    // layer 4
    7, 2, 2, 1, 7, 2,
    4, 1, 7, 4, 4, 1,
    1, 7, 4, 1, 1, 7,
    4, 2, 2, 7, 4, 2,
    1, 7, 4, 1, 1, 7,
    4, 2, 2, 7, 4, 2,
    // layer 5
    5, 0, 5, 0, 6, 5,
    3, 6, 3, 6, 3, 0,
    0, 3, 3, 6, 3, 6,
    5, 6, 5, 0, 0, 5,
    5, 0, 5, 3, 3, 5,
    3, 6, 0, 6, 6, 0,
    // layer 6
    2, 7, 2, 7, 1, 2,
    4, 1, 4, 1, 4, 7,
    7, 4, 4, 1, 4, 1,
    2, 1, 2, 7, 7, 2,
    2, 7, 2, 4, 4, 2,
    4, 1, 7, 1, 1, 7,
];

#[cfg(test)]
mod tests {
    use super::super::verify::{has_property, Property};
    use super::*;

    #[test]
    fn every_order_from_3_to_12_gives_a_semi_perfect_cube_of_1_to_n3() {
        for n in 3..=12 {
            let cube = semi_perfect(n).unwrap();
            assert!(has_property(&cube, Property::SemiPerfect), "order {n}");
            let mut cells = cube.cells().to_vec();
            cells.sort();
            assert_eq!(cells, (1..=(n * n * n) as i64).collect::<Vec<_>>(), "order {n}");
        }
    }

    #[test]
    fn orders_below_3_are_refused_with_the_reason() {
        assert!(semi_perfect(2).unwrap_err().to_string().contains("no magic cube of order 2"));
        assert!(semi_perfect(0).is_err());
    }

    #[test]
    fn the_order_6_digit_cube_has_block_permutations_and_line_sums_21() {
        let n = 6;
        for block in 0..27 {
            let (bl, br, bc) = (block / 9 * 2, block / 3 % 3 * 2, block % 3 * 2);
            let mut digits: Vec<u64> =
                (0..8).map(|q| ORDER6_DIGITS[((bl + q / 4) * n + br + q / 2 % 2) * n + bc + q % 2]).collect();
            digits.sort();
            assert_eq!(digits, (0..8).collect::<Vec<_>>());
        }
        let as_cube = NumberCube::new(n, ORDER6_DIGITS.iter().map(|&d| d as i64).collect()).unwrap();
        for line in Property::SemiPerfect.lines(n) {
            assert_eq!(line.cells.iter().map(|&i| ORDER6_DIGITS[i]).sum::<u64>(), 21, "{}", line.describe());
        }
        assert_eq!(as_cube.order(), 6);
    }

    /// The conditions the singly even construction relies on.
    #[test]
    fn block_patterns_cancel_as_claimed() {
        let pair_sum = |p: &[u64; 8], q: usize, axis: usize| p[q] + p[q | 1 << (2 - axis)];
        let with_bit_clear = |axis: usize| (0..8).filter(move |q| q & (1 << (2 - axis)) == 0);
        let patterns = [ALONG_LAYERS, ALONG_ROWS, ALONG_CELLS];
        for (axis, own) in patterns.iter().enumerate() {
            let mut sorted = own.to_vec();
            sorted.sort();
            assert_eq!(sorted, (0..8).collect::<Vec<_>>());
            for q in with_bit_clear(axis) {
                assert_eq!(pair_sum(own, q, axis), 7, "own axis {axis}");
                let others: u64 = (0..3).filter(|&o| o != axis).map(|o| pair_sum(&patterns[o], q, axis)).sum();
                assert_eq!(others, 14, "deviations cancel along axis {axis}");
            }
        }
        for (q, opposite) in [(0, 7), (1, 6), (2, 5), (4, 3)] {
            assert_eq!(patterns.iter().map(|p| p[q] + p[opposite]).sum::<u64>(), 21, "local diagonal {q}");
        }
    }
}

#[cfg(test)]
mod properties {
    use super::super::cube::NumberCube;
    use super::super::verify::{has_property, Property};
    use super::semi_perfect;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn constructions_verify_and_survive_a_text_round_trip(n in 3usize..=30) {
            let cube = semi_perfect(n).unwrap();
            prop_assert!(has_property(&cube, Property::SemiPerfect));
            prop_assert_eq!(NumberCube::parse(&cube.to_text()).unwrap(), cube);
        }
    }
}
