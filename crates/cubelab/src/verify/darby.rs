//! Darby's counts for order 3 ("Magic Cubes", DelphiForFun), each by two independent
//! counts: the 85 sets of three numbers of 1..27 summing to 42, and the 70,992 layers
//! (3×3 squares of distinct numbers of 1..27 whose rows and columns all sum to 42).

/// The magic sum of order 3, (27 + 1)·3/2.
pub const SUM: u32 = 42;

/// The 3-sets of 1..27 summing to 42, listed (Darby's way).
pub fn triples() -> Vec<[u32; 3]> {
    let mut out = Vec::new();
    for a in 1..=27 {
        for b in a + 1..=27 {
            let c = SUM as i64 - a as i64 - b as i64;
            if c > b as i64 && c <= 27 {
                out.push([a, b, c as u32]);
            }
        }
    }
    out
}

/// The same number counted as partitions of 42 into 3 distinct parts of at most 27, by a
/// dynamic program over the parts (`ways[j][s]`: j distinct parts summing to s).
pub fn triples_by_partitions() -> u64 {
    let mut ways = vec![vec![0u64; SUM as usize + 1]; 4];
    ways[0][0] = 1;
    for part in 1..=27usize {
        for j in (1..=3).rev() {
            for s in (part..=SUM as usize).rev() {
                ways[j][s] += ways[j - 1][s - part];
            }
        }
    }
    ways[3][SUM as usize]
}

/// Darby's layers counted his way: three rows, each an ordering of one of the
/// [`triples`], no number twice, the three columns summing to 42.
pub fn layers_from_triples() -> u64 {
    let rows: Vec<([u32; 3], u32)> = triples()
        .iter()
        .flat_map(|&[a, b, c]| [[a, b, c], [a, c, b], [b, a, c], [b, c, a], [c, a, b], [c, b, a]])
        .map(|r| (r, r.iter().fold(0u32, |m, &x| m | 1 << x)))
        .collect();
    let mut n = 0;
    for (x, mx) in &rows {
        for (y, my) in &rows {
            if mx & my != 0 {
                continue;
            }
            for (z, mz) in &rows {
                if (mx | my) & mz == 0 && (0..3).all(|i| x[i] + y[i] + z[i] == SUM) {
                    n += 1;
                }
            }
        }
    }
    n
}

/// The same number by filling the nine cells one by one with unused numbers of 1..27,
/// the last cell of each row and column forced by its sum.
pub fn layers_by_cells() -> u64 {
    fn go(cells: &mut [u32; 9], i: usize, used: u32) -> u64 {
        if i == 9 {
            return 1;
        }
        let (row, col) = (i / 3, i % 3);
        let forced = if col == 2 {
            Some(SUM as i64 - cells[3 * row] as i64 - cells[3 * row + 1] as i64)
        } else if row == 2 {
            Some(SUM as i64 - cells[col] as i64 - cells[3 + col] as i64)
        } else {
            None
        };
        let candidates: Vec<u32> = match forced {
            Some(v) if (1..=27).contains(&v) => vec![v as u32],
            Some(_) => vec![],
            None => (1..=27).collect(),
        };
        let mut n = 0;
        for v in candidates {
            if used >> v & 1 == 1 {
                continue;
            }
            // The corner cell (2, 2) closes a row and a column: both must hold.
            if i == 8 && cells[2] + cells[5] + v != SUM {
                continue;
            }
            cells[i] = v;
            n += go(cells, i + 1, used | 1 << v);
        }
        n
    }
    go(&mut [0; 9], 0, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn darbys_85_triples_two_ways() {
        assert_eq!(triples().len(), 85);
        assert_eq!(triples_by_partitions(), 85);
    }

    #[test]
    fn darbys_layers_two_ways() {
        assert_eq!(layers_by_cells(), 70_992);
        assert_eq!(layers_from_triples(), 70_992);
    }
}

/// The 12 diagonal sums of the 6 outer faces of an order-3 cube (cells indexed layer,
/// row, column).
fn outer_face_diagonal_sums(c: &[i64]) -> [i64; 12] {
    let at = |l: usize, r: usize, k: usize| c[l * 9 + r * 3 + k];
    let mut sums = [0; 12];
    for (i, fixed) in [0, 2].into_iter().enumerate() {
        let six = [
            (0..3).map(|t| at(fixed, t, t)).sum::<i64>(),
            (0..3).map(|t| at(fixed, t, 2 - t)).sum::<i64>(),
            (0..3).map(|t| at(t, fixed, t)).sum::<i64>(),
            (0..3).map(|t| at(t, fixed, 2 - t)).sum::<i64>(),
            (0..3).map(|t| at(t, t, fixed)).sum::<i64>(),
            (0..3).map(|t| at(t, 2 - t, fixed)).sum::<i64>(),
        ];
        sums[6 * i..6 * i + 6].copy_from_slice(&six);
    }
    sums
}

/// Darby's "defect" on the weaker reading, for the order-3 semi-perfect cubes (the search
/// of [`crate::magic`]): how many cubes have all 12 diagonals of their 6 outer faces
/// summing to 42, and how many of those diagonals, over all cubes, sum to 42 at all (of
/// 12 per cube).
pub fn outer_face_diagonals() -> crate::Result<(usize, usize, usize)> {
    let cubes = crate::magic::enumerate::order3(crate::magic::verify::Property::SemiPerfect, 1, 1)?;
    let sums: Vec<[i64; 12]> = cubes.iter().map(|c| outer_face_diagonal_sums(c.cells())).collect();
    let all = sums.iter().filter(|s| s.iter().all(|&v| v == SUM as i64)).count();
    let magic = sums.iter().flatten().filter(|&&v| v == SUM as i64).count();
    Ok((cubes.len(), all, magic))
}

#[cfg(test)]
mod outer_faces {
    /// None of the 192 cubes has its 12 outer-face diagonals magic; none of the 2,304
    /// diagonals is magic at all.
    #[test]
    fn no_order_3_cube_has_magic_outer_face_diagonals() {
        assert_eq!(super::outer_face_diagonals().unwrap(), (192, 0, 0));
    }
}
