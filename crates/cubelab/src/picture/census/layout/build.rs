//! The construction of a [`Layout`]: the cell maps that are symmetries, the action of
//! `G_c` on row values and its orbits, the parity classes and the entry offsets.

use super::super::{binomials, value_tables, LinePuzzle, MAX_ROWS};
use super::canonical::Imaged;
use super::{maps_moves, CellSymmetry, Layout, OrbitEntry};
use crate::{Error, ErrorKind, Result};

/// The parity of the cell values in `sym` (none: all 0), checked to be a homomorphism:
/// every move flips the parity of every value or of none.
fn checked_parity(a: usize, sym: &CellSymmetry, moves: &[&Vec<u8>]) -> Result<Vec<u8>> {
    let parity: Vec<u8> = if sym.parity.len() == a { sym.parity.iter().map(|&p| p & 1).collect() } else { vec![0; a] };
    let homomorphic =
        moves.iter().all(|t| (0..a).all(|x| parity[t[x] as usize] ^ parity[x] == parity[t[0] as usize] ^ parity[0]));
    if !homomorphic {
        return Err(Error::new(ErrorKind::Internal, "the parity is not preserved by the moves"));
    }
    Ok(parity)
}

/// The cell maps of `sym` that are symmetries of the puzzle: those keeping the row moves
/// and the column moves (the identity first if it was not given), and on a `square`
/// board the first one exchanging them (the transpose's).
fn cell_maps(
    sym: &CellSymmetry,
    parity: &[u8],
    square: bool,
    rows_moves: &[Vec<u8>],
    cols_moves: &[Vec<u8>],
) -> (Vec<Vec<u8>>, Option<Vec<u8>>) {
    let a = parity.len();
    let valid = |s: &Vec<u8>| {
        let mut seen = vec![false; a];
        s.len() == a
            && s[0] == 0
            && s.iter().all(|&x| (x as usize) < a && !std::mem::replace(&mut seen[x as usize], true))
            && (0..a).all(|x| parity[s[x] as usize] == parity[x])
    };
    let mut plain: Vec<Vec<u8>> = Vec::new();
    let mut transpose = None;
    for s in sym.maps.iter().filter(|s| valid(s)) {
        if maps_moves(s, rows_moves, rows_moves) && maps_moves(s, cols_moves, cols_moves) {
            if !plain.contains(s) {
                plain.push(s.clone());
            }
        } else if square
            && transpose.is_none()
            && maps_moves(s, rows_moves, cols_moves)
            && maps_moves(s, cols_moves, rows_moves)
        {
            transpose = Some(s.clone());
        }
    }
    let identity: Vec<u8> = (0..a as u8).collect();
    if !plain.contains(&identity) {
        plain.insert(0, identity);
    }
    (plain, transpose)
}

/// `digits[v * n + j]`: cell j of row value v (digit j in base `a`).
fn digit_table(a: usize, n: usize, values: usize) -> Vec<u8> {
    let mut digits = vec![0u8; values * n];
    for v in 0..values {
        for j in 0..n {
            digits[v * n + j] = (v / a.pow(j as u32) % a) as u8;
        }
    }
    digits
}

/// The action of `G_c` on row values: for each cell map of `plain` and each column
/// permutation of `perms`, the row value after it.
fn actions(plain: &[Vec<u8>], perms: &[Vec<u32>], digits: &[u8], a: usize, n: usize) -> Vec<Vec<u32>> {
    let values = digits.len() / n;
    let pack = |d: &mut dyn Iterator<Item = u8>| -> u32 {
        d.enumerate().map(|(j, x)| x as u32 * (a as u32).pow(j as u32)).sum()
    };
    let mut act = Vec::new();
    for s in plain {
        for p in perms {
            // `p[v]` permutes the cells of v; then the cell map on every cell.
            act.push(
                (0..values)
                    .map(|v| pack(&mut (0..n).map(|j| s[digits[p[v] as usize * n + j] as usize])))
                    .collect::<Vec<u32>>(),
            );
        }
    }
    act
}

/// The orbits of `G_c` on the row values, numbered by their least value: the orbit of
/// each value, and the least value of each orbit.
fn orbits(act: &[Vec<u32>], values: usize) -> (Vec<u32>, Vec<u32>) {
    let mut orbit = vec![u32::MAX; values];
    let mut reps = Vec::new();
    for v in 0..values {
        if orbit[v] == u32::MAX {
            for g in act {
                orbit[g[v] as usize] = reps.len() as u32;
            }
            reps.push(v as u32);
        }
    }
    (orbit, reps)
}

/// The elements of `G_c` taking each value to its orbit's least value, as
/// `maps[maps_at[v]..maps_at[v + 1]]`: (`maps_at`, `maps`).
fn maps_to_reps(act: &[Vec<u32>], orbit: &[u32], reps: &[u32]) -> (Vec<u32>, Vec<u8>) {
    let values = orbit.len();
    let mut maps_at = vec![0u32; values + 1];
    let mut maps = Vec::new();
    for v in 0..values {
        let rep = reps[orbit[v] as usize];
        maps.extend((0..act.len()).filter(|&g| act[g][v] == rep).map(|g| g as u8));
        maps_at[v + 1] = maps.len() as u32;
    }
    (maps_at, maps)
}

/// The row values by parity class, as the [`Layout`] fields of the same names.
struct Classes {
    class: Vec<u8>,
    position: Vec<u32>,
    by_class: Vec<Vec<u32>>,
    start: Vec<Vec<u32>>,
}

impl Classes {
    /// The parity class of every row value (its parity pattern or the complement,
    /// whichever is less), and the values of each class ordered by (orbit, value).
    fn new(parity: &[u8], digits: &[u8], n: usize, orbit: &[u32], orbits: usize) -> Classes {
        let values = orbit.len();
        let mask = (1usize << n) - 1;
        let class: Vec<u8> = (0..values)
            .map(|v| {
                let p = (0..n).fold(0usize, |acc, j| acc | (parity[digits[v * n + j] as usize] as usize) << j);
                p.min(p ^ mask) as u8
            })
            .collect();
        let mut by_class = vec![Vec::new(); 1 << n];
        let mut sorted: Vec<u32> = (0..values as u32).collect();
        sorted.sort_by_key(|&v| (orbit[v as usize], v));
        let mut position = vec![0u32; values];
        for &v in &sorted {
            let c = &mut by_class[class[v as usize] as usize];
            position[v as usize] = c.len() as u32;
            c.push(v);
        }
        let start: Vec<Vec<u32>> = by_class
            .iter()
            .map(|list| {
                let mut s = vec![0u32; orbits + 1];
                for &v in list {
                    s[orbit[v as usize] as usize + 1] += 1;
                }
                for o in 0..orbits {
                    s[o + 1] += s[o];
                }
                s
            })
            .collect();
        Classes { class, position, by_class, start }
    }
}

/// `offset[o]`: the first entry of orbit o, and the number of entries at the end; fails
/// past `max_entries`.
fn entry_offsets(
    reps: &[u32],
    classes: &Classes,
    binom: &[u64],
    m: usize,
    max_entries: u64,
    puzzle: &LinePuzzle,
) -> Result<Vec<u64>> {
    let w = m + 1;
    let mut offset = vec![0u64];
    for (o, &rep) in reps.iter().enumerate() {
        let c = classes.class[rep as usize] as usize;
        let free = classes.by_class[c].len() - classes.start[c][o] as usize;
        let block = binom[(free + m - 2) * w + m - 1];
        let next = offset[o].checked_add(block).filter(|&s| s <= max_entries).ok_or_else(|| {
            Error::out_of_range(format!(
                "{}x{} board needs more than {max_entries} table entries",
                puzzle.rows, puzzle.cols
            ))
        })?;
        offset.push(next);
    }
    Ok(offset)
}

impl Layout {
    /// The layout of a puzzle with the given cell symmetries; fails when its table would
    /// have more than `max_entries` entries.
    pub(crate) fn new(puzzle: &LinePuzzle, sym: &CellSymmetry, max_entries: u64) -> Result<Layout> {
        let transposed = puzzle.cols > puzzle.rows;
        let (m, n, rows_moves, cols_moves) = if transposed {
            (puzzle.cols, puzzle.rows, &puzzle.col_moves, &puzzle.row_moves)
        } else {
            (puzzle.rows, puzzle.cols, &puzzle.row_moves, &puzzle.col_moves)
        };
        let a = puzzle.alphabet;
        let too_large = || Error::out_of_range(format!("{}x{} board is too large", puzzle.rows, puzzle.cols));
        if a == 0 || a > 256 || m == 0 || n == 0 || m > MAX_ROWS || n > 4 {
            return Err(too_large());
        }
        let values = a.checked_pow(n as u32).filter(|&v| v <= 1 << 22).ok_or_else(too_large)?;
        if rows_moves.iter().chain(cols_moves).any(|t| t.len() != a || t.iter().any(|&x| x as usize >= a)) {
            return Err(Error::malformed(format!("a move does not map each of the {a} cell values to a cell value")));
        }
        let moves: Vec<&Vec<u8>> = rows_moves.iter().chain(cols_moves).collect();
        let parity = checked_parity(a, sym, &moves)?;
        let (plain, transpose) = cell_maps(sym, &parity, m == n, rows_moves, cols_moves);
        let (row_move, col_move, perms) = value_tables(a, n, values, rows_moves, cols_moves);
        let digits = digit_table(a, n, values);
        let act = actions(&plain, &perms, &digits, a, n);
        let (orbit, reps) = orbits(&act, values);
        let (maps_at, maps) = maps_to_reps(&act, &orbit, &reps);
        let classes = Classes::new(&parity, &digits, n, &orbit, reps.len());
        let widest = classes.by_class.iter().map(Vec::len).max().unwrap_or(0);
        let binom = binomials(widest, m, puzzle)?;
        let offset = entry_offsets(&reps, &classes, &binom, m, max_entries, puzzle)?;
        let factorial: Vec<u64> = (0..=MAX_ROWS as u64)
            .scan(1u64, |f, k| {
                *f *= k.max(1);
                Some(*f)
            })
            .collect();
        let group_order = factorial[m] * act.len() as u64 * if transpose.is_some() { 2 } else { 1 };
        let Classes { class, position, by_class, start } = classes;
        let by_orbit = reps
            .iter()
            .enumerate()
            .map(|(o, &rep)| {
                let c = class[rep as usize];
                OrbitEntry { offset: offset[o], first: start[c as usize][o], class: u32::from(c) }
            })
            .collect();
        let span = binom.len() / (m + 1);
        // Positions are below `span`: keys where m - 1 of them fit in 64 bits.
        let bits = (usize::BITS - span.saturating_sub(1).leading_zeros()).max(1);
        let key_bits = if (m as u32 - 1) * bits <= 64 { bits } else { 0 };
        let identity = act
            .iter()
            .position(|g| g.iter().enumerate().all(|(v, &x)| x as usize == v))
            .ok_or_else(|| Error::new(ErrorKind::Internal, "no identity among the symmetries"))?;
        let mut terms = vec![0u64; m.saturating_sub(1) * span];
        for k in 0..m.saturating_sub(1) {
            for p in 0..span - k {
                terms[k * span + p] = binom[(p + k) * (m + 1) + k + 1];
            }
        }
        let imaged = Imaged::new(
            act.iter()
                .flat_map(|g| g.iter().map(|&x| u32::from(class[x as usize]) << 24 | position[x as usize]))
                .collect(),
        );
        // n <= 4 digits of at most 256 values: a byte each.
        let info = (0..values)
            .map(|v| {
                let mapped = transpose
                    .as_ref()
                    .map_or(0, |sigma| (0..n).map(|j| u32::from(sigma[digits[v * n + j] as usize]) << (8 * j)).sum());
                [orbit[v], mapped, maps_at[v], maps_at[v + 1]]
            })
            .collect();
        Ok(Layout {
            m,
            n,
            transposed,
            alphabet: a,
            row_move,
            col_move,
            act,
            imaged,
            transpose,
            info,
            digits,
            orbit,
            reps,
            maps_at,
            maps,
            by_class,
            by_orbit,
            offset,
            binom,
            terms,
            span,
            key_bits,
            identity,
            group_order,
            factorial,
        })
    }
}
