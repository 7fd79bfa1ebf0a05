//! The seed's own data for the second census methods: Johnson–Roldán's Table 3 (the 30
//! MacMahon cubes by Conway name and their eight corner numbers), typed in from the paper,
//! and which corners of each target each cube fits, read off that table alone.
//!
//! Nothing here comes from `coloring`, `geometry` or `census`: a cube fits a corner of a
//! target exactly when it has the target's corner number (Johnson–Roldán §3), so these
//! fits are the definition applied to the printed numbers.

/// Johnson–Roldán, Table 3: Conway name and the eight corner numbers, as printed.
pub const TABLE_3: [(&str, [u16; 8]); 30] = [
    ("Ab", [143, 345, 235, 132, 126, 256, 465, 164]),
    ("Ac", [153, 134, 142, 125, 265, 246, 364, 356]),
    ("Ad", [243, 123, 152, 254, 456, 165, 136, 346]),
    ("Ae", [354, 145, 124, 234, 263, 162, 156, 365]),
    ("Af", [245, 154, 135, 253, 236, 163, 146, 264]),
    ("Ba", [123, 253, 354, 134, 146, 456, 265, 162]),
    ("Bc", [143, 154, 245, 234, 263, 256, 165, 136]),
    ("Bd", [153, 132, 124, 145, 465, 264, 236, 356]),
    ("Be", [152, 135, 345, 254, 246, 364, 163, 126]),
    ("Bf", [243, 235, 125, 142, 164, 156, 365, 346]),
    ("Ca", [152, 124, 143, 135, 365, 346, 264, 256]),
    ("Cb", [243, 254, 145, 134, 163, 156, 265, 236]),
    ("Cd", [235, 345, 154, 125, 162, 146, 364, 263]),
    ("Ce", [245, 253, 123, 142, 164, 136, 356, 465]),
    ("Cf", [153, 354, 234, 132, 126, 246, 456, 165]),
    ("Da", [245, 125, 132, 234, 364, 163, 156, 465]),
    ("Db", [154, 142, 123, 135, 365, 263, 246, 456]),
    ("Dc", [152, 145, 354, 253, 236, 346, 164, 126]),
    ("De", [153, 235, 243, 134, 146, 264, 256, 165]),
    ("Df", [143, 124, 254, 345, 356, 265, 162, 136]),
    ("Ea", [243, 142, 154, 345, 356, 165, 126, 236]),
    ("Eb", [245, 354, 153, 125, 162, 136, 346, 264]),
    ("Ec", [124, 132, 235, 254, 456, 365, 163, 146]),
    ("Ed", [143, 234, 253, 135, 156, 265, 246, 164]),
    ("Ef", [152, 123, 134, 145, 465, 364, 263, 256]),
    ("Fa", [235, 153, 145, 254, 246, 164, 136, 263]),
    ("Fb", [124, 152, 253, 234, 364, 356, 165, 146]),
    ("Fc", [123, 243, 345, 135, 156, 465, 264, 162]),
    ("Fd", [354, 245, 142, 134, 163, 126, 256, 365]),
    ("Fe", [154, 143, 132, 125, 265, 236, 346, 456]),
];

/// Corner fits of every cube for every target, from [`TABLE_3`] alone.
#[derive(Debug, Clone)]
pub struct SeedFits {
    /// `corners[t][cube]`: the corners (bit i = the i-th corner number of target t in
    /// Table 3) that `cube` fits.
    pub corners: [[u8; 30]; 30],
    /// `usable[t]`: the cubes (bit c = row c of Table 3) that fit at least one corner of t.
    pub usable: [u32; 30],
}

impl SeedFits {
    /// The fits of Table 3.
    pub fn new() -> SeedFits {
        let mut corners = [[0u8; 30]; 30];
        let mut usable = [0u32; 30];
        for (t, (_, target)) in TABLE_3.iter().enumerate() {
            for (c, (_, cube)) in TABLE_3.iter().enumerate() {
                for (i, x) in target.iter().enumerate() {
                    if cube.contains(x) {
                        corners[t][c] |= 1 << i;
                    }
                }
                if corners[t][c] != 0 {
                    usable[t] |= 1 << c;
                }
            }
        }
        SeedFits { corners, usable }
    }

    /// The row of Table 3 named `name`.
    pub fn index(name: &str) -> Option<usize> {
        TABLE_3.iter().position(|(n, _)| *n == name)
    }
}

impl Default for SeedFits {
    fn default() -> SeedFits {
        SeedFits::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_target_has_21_usable_cubes_and_a_cube_fits_0_2_or_8_corners() {
        let f = SeedFits::new();
        for t in 0..30 {
            assert_eq!(f.usable[t].count_ones(), 21, "{}", TABLE_3[t].0);
            for c in 0..30 {
                let n = f.corners[t][c].count_ones();
                assert!(n == 0 || n == 2 || (n == 8 && c == t), "{} {}", TABLE_3[t].0, TABLE_3[c].0);
            }
        }
    }

    /// Magnier's vertex lists (his colors are digits too; a vertex is read clockwise and
    /// written from its 6, else from its smallest digit) are rows of Table 3: his blocks
    /// 1, 3, 9, 12, 14, 17, 22, 26, 30 and cube 2 (cube i = block i).
    #[test]
    fn magniers_printed_blocks_are_table_3_rows() {
        let printed: [(&str, [u16; 8]); 10] = [
            ("Ac", [125, 153, 134, 142, 652, 635, 643, 624]),
            ("Fe", [125, 154, 143, 132, 652, 645, 634, 623]),
            ("Ad", [152, 254, 243, 123, 651, 645, 634, 613]),
            ("Ec", [132, 235, 254, 124, 631, 653, 645, 614]),
            ("Ed", [143, 234, 253, 135, 641, 624, 652, 615]),
            ("Ab", [143, 345, 235, 132, 641, 654, 625, 612]),
            ("Ae", [124, 234, 354, 145, 621, 632, 653, 615]),
            ("Af", [135, 253, 245, 154, 631, 623, 642, 614]),
            ("Eb", [125, 245, 354, 153, 621, 642, 634, 613]),
            ("Ca", [124, 143, 135, 152, 642, 634, 653, 625]),
        ];
        let least = |v: u16| {
            let (a, b, c) = (v / 100, v / 10 % 10, v % 10);
            [a * 100 + b * 10 + c, b * 100 + c * 10 + a, c * 100 + a * 10 + b].into_iter().min().unwrap()
        };
        for (name, vertices) in printed {
            let mut got: Vec<u16> = vertices.iter().map(|&v| least(v)).collect();
            let mut want = TABLE_3[SeedFits::index(name).unwrap()].1.to_vec();
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want, "{name}");
        }
        // The worked example: block 9 (Ad) shares no vertex with cube 1 (Ac).
        let f = SeedFits::new();
        assert_eq!(f.corners[SeedFits::index("Ac").unwrap()][SeedFits::index("Ad").unwrap()], 0);
    }

    /// Magnier's comparison with cube 2 (Ca): the vertices he underlines in each block's
    /// list, and the rows of his 8x8 matrix (columns: cube 2's vertices in his order
    /// 124, 143, 135, 152, 642, 634, 653, 625). Every row of the matrix is right, and every
    /// underline but one: block 14 (Ed) has "624" underlined, which is not a vertex of cube
    /// 2 (cube 2 has 642, the mirror corner); Ed shares exactly 143 and 135 with it, as its
    /// matrix row 0 1 1 0 0 0 0 0 says (docs/errata.md).
    #[test]
    fn magniers_underlines_and_matrix_for_cube_2() {
        let cube_2: [u16; 8] = [124, 143, 135, 152, 642, 634, 653, 625];
        // (block, Conway name, underlined vertices as printed, matrix row as printed)
        let printed: [(u8, &str, &[u16], [u8; 8]); 8] = [
            (3, "Fe", &[143, 634], [0, 1, 0, 0, 0, 1, 0, 0]),
            (9, "Ad", &[152, 634], [0, 0, 0, 1, 0, 1, 0, 0]),
            (12, "Ec", &[124, 653], [1, 0, 0, 0, 0, 0, 1, 0]),
            (14, "Ed", &[143, 135, 624], [0, 1, 1, 0, 0, 0, 0, 0]),
            (17, "Ab", &[143, 625], [0, 1, 0, 0, 0, 0, 0, 1]),
            (22, "Ae", &[124, 653], [1, 0, 0, 0, 0, 0, 1, 0]),
            (26, "Af", &[135, 642], [0, 0, 1, 0, 1, 0, 0, 0]),
            (30, "Eb", &[642, 634], [0, 0, 0, 0, 1, 1, 0, 0]),
        ];
        let same = |a: u16, b: u16| {
            let turn = |v: u16| v % 100 * 10 + v / 100;
            a == b || turn(a) == b || turn(turn(a)) == b
        };
        let table = |name: &str| TABLE_3[SeedFits::index(name).unwrap()].1;
        let mut wrong = Vec::new();
        for (block, name, underlined, row) in printed {
            let shared: Vec<u16> =
                cube_2.iter().copied().filter(|&v| table(name).iter().any(|&w| same(v, w))).collect();
            let computed_row = cube_2.map(|v| u8::from(shared.contains(&v)));
            assert_eq!(computed_row, row, "block {block} ({name}): the printed matrix row");
            for &u in underlined {
                assert!(table(name).iter().any(|&w| same(u, w)), "block {block}: {u} is a vertex of the block");
                if !shared.contains(&u) {
                    wrong.push((block, u));
                }
            }
            assert!(shared.iter().all(|v| underlined.contains(v)), "block {block}: every shared vertex is underlined");
        }
        assert_eq!(wrong, [(14, 624)]);
        assert!(
            same(642, 264) && table("Ca").contains(&264) && !table("Ca").contains(&246) && table("Ed").contains(&246)
        );
    }
}
