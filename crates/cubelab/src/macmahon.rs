//! MacMahon's 30 six-colored cubes with Conway's names, Conway's 6x6 tableau, and
//! Kahan's and Sobczyk's names for the same 30 types.
//!
//! Conway's name `Xy` puts a cube in row `X` (A–F) and column `y` (a–f) of his tableau;
//! the diagonal `Aa … Ff` is empty. The colorings below use colors 1–6 and were chosen so
//! that every cube's eight corner numbers are exactly those printed in Table 3 of the
//! Johnson–Roldán paper (checked by a test against the table as printed).
//!
//! Kahan (and Sobczyk after him) wrote the 30 types in the colors white, yellow, blue,
//! green, purple, red with a white ceiling. To relate those names to Conway's we identify
//! the colors in Kahan's order: w=1, y=2, b=3, g=4, p=5, r=6. That identification is our
//! choice (the seeds give none); any other bijection permutes the correspondence.

use crate::coloring::{Color, Coloring};
use crate::Error;
use std::sync::OnceLock;

/// Conway's names with their colorings (face strings U D F B L R over colors 1–6), in
/// tableau order (row A first).
const CONWAY: [(&str, &str); 30] = [
    ("Ab", "152463"),
    ("Ac", "162354"),
    ("Ad", "142635"),
    ("Ae", "132546"),
    ("Af", "123456"),
    ("Ba", "152436"),
    ("Bc", "123564"),
    ("Bd", "162543"),
    ("Be", "142365"),
    ("Bf", "132654"),
    ("Ca", "162345"),
    ("Cb", "123546"),
    ("Cd", "132456"),
    ("Ce", "152634"),
    ("Cf", "142563"),
    ("Da", "142653"),
    ("Db", "162534"),
    ("Dc", "132465"),
    ("De", "123645"),
    ("Df", "152346"),
    ("Ea", "132564"),
    ("Eb", "142356"),
    ("Ec", "152643"),
    ("Ed", "123654"),
    ("Ef", "162435"),
    ("Fa", "123465"),
    ("Fb", "132645"),
    ("Fc", "142536"),
    ("Fd", "152364"),
    ("Fe", "162453"),
];

/// Kahan's 30 types in his numerical order, as (ground, left-right, front-back) in the
/// colors w y b g p r with a white ceiling, exactly as listed in section 2 of Sobczyk.
const KAHAN: [(char, &str, &str); 30] = [
    ('y', "pg", "rb"),
    ('y', "pg", "br"),
    ('y', "pb", "gr"),
    ('y', "pb", "rg"),
    ('y', "pr", "bg"),
    ('y', "pr", "gb"),
    ('p', "yg", "br"),
    ('p', "yg", "rb"),
    ('p', "yb", "rg"),
    ('p', "yb", "gr"),
    ('p', "yr", "bg"),
    ('p', "yr", "gb"),
    ('r', "gb", "py"),
    ('r', "gb", "yp"),
    ('r', "gy", "bp"),
    ('r', "gy", "pb"),
    ('r', "gp", "by"),
    ('r', "gp", "yb"),
    ('g', "rb", "py"),
    ('g', "rb", "yp"),
    ('g', "ry", "bp"),
    ('g', "ry", "pb"),
    ('g', "rp", "by"),
    ('g', "rp", "yb"),
    ('b', "ry", "gp"),
    ('b', "ry", "pg"),
    ('b', "rp", "gy"),
    ('b', "rp", "yg"),
    ('b', "rg", "yp"),
    ('b', "rg", "py"),
];

/// Sobczyk's fifteen unprimed symbols and the Kahan number of each (section 2).
const SOBCZYK: [(&str, usize); 15] = [
    ("Y1", 1),
    ("Y2", 4),
    ("Y3", 6),
    ("P1", 9),
    ("P2", 7),
    ("P3", 12),
    ("R1", 13),
    ("R2", 16),
    ("R3", 17),
    ("G1", 22),
    ("G2", 20),
    ("G3", 23),
    ("B1", 28),
    ("B2", 29),
    ("B3", 26),
];

/// Kahan's colors in the order identified with MacMahon colors 1..=6.
pub(crate) const KAHAN_COLORS: [char; 6] = ['w', 'y', 'b', 'g', 'p', 'r'];

/// One of the 30 MacMahon cubes with all its names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MacMahonCube {
    /// Conway's name, e.g. `Ab`.
    pub name: &'static str,
    /// Canonical coloring over colors 1–6.
    pub coloring: Coloring,
    /// Kahan's type number 1..=30 (under the color identification w=1 … r=6).
    pub kahan: usize,
    /// Sobczyk's symbol, e.g. `Y1` or `Y1'`.
    pub sobczyk: String,
}

impl MacMahonCube {
    /// Conway's name of the mirror image: `Xy` ↦ `Yx`.
    pub fn mirror_name(&self) -> String {
        let b = self.name.as_bytes();
        format!("{}{}", (b[1] as char).to_ascii_uppercase(), (b[0] as char).to_ascii_lowercase())
    }

    /// Row (0..6 for A..F) and column (0..6 for a..f) in Conway's tableau.
    pub(crate) fn tableau_position(&self) -> (usize, usize) {
        let b = self.name.as_bytes();
        ((b[0] - b'A') as usize, (b[1] - b'a') as usize)
    }
}

/// Kahan's type `n` (1..=30) as a coloring over the characters w y b g p r.
pub(crate) fn kahan_coloring(n: usize) -> Result<Coloring, Error> {
    let (ground, lr, fb) =
        *KAHAN.get(n.wrapping_sub(1)).ok_or_else(|| Error::unknown(format!("Kahan's types are K1..K30, not K{n}")))?;
    let lr: Vec<char> = lr.chars().collect();
    let fb: Vec<char> = fb.chars().collect();
    // Face string order U D F B L R.
    let s: String = ['w', ground, fb[0], fb[1], lr[0], lr[1]].iter().collect();
    Coloring::from_face_string(&s)
}

/// Kahan's number for a Sobczyk symbol such as `Y1` or `B3'`.
pub(crate) fn sobczyk_to_kahan(symbol: &str) -> Option<usize> {
    let (base, primed) = match symbol.strip_suffix('\'') {
        Some(b) => (b, true),
        None => (symbol, false),
    };
    let k = SOBCZYK.iter().find(|(s, _)| *s == base)?.1;
    // Successive odd/even Kahan numbers are antitypes.
    Some(if primed { antitype_number(k) } else { k })
}

/// The Kahan number of the antitype: 1↔2, 3↔4, …
pub(crate) fn antitype_number(k: usize) -> usize {
    if k % 2 == 1 {
        k + 1
    } else {
        k - 1
    }
}

/// Sobczyk's symbol for Kahan's type `k`.
pub(crate) fn kahan_to_sobczyk(k: usize) -> String {
    if let Some((s, _)) = SOBCZYK.iter().find(|(_, n)| *n == k) {
        s.to_string()
    } else {
        let partner = antitype_number(k);
        let (s, _) = SOBCZYK.iter().find(|(_, n)| *n == partner).expect("every type or its antitype is listed");
        format!("{s}'")
    }
}

/// Maps a coloring in Kahan's colors (w y b g p r) to MacMahon colors 1–6, or back.
pub fn kahan_to_numbers(c: &Coloring) -> Coloring {
    let mut map: Vec<Color> = (0..62).map(Color).collect();
    for (i, ch) in KAHAN_COLORS.iter().enumerate() {
        map[Color::from_char(*ch).expect("palette letter").0 as usize] = Color(i as u8 + 1);
    }
    c.recolored(&map)
}

/// Maps MacMahon colors 1–6 to Kahan's letters w y b g p r.
pub(crate) fn numbers_to_kahan(c: &Coloring) -> Coloring {
    let mut map: Vec<Color> = (0..62).map(Color).collect();
    for (i, ch) in KAHAN_COLORS.iter().enumerate() {
        map[i + 1] = Color::from_char(*ch).expect("palette letter");
    }
    c.recolored(&map)
}

/// The 30 MacMahon cubes in Conway's tableau order (row A first).
pub fn cubes() -> &'static [MacMahonCube] {
    static CELL: OnceLock<Vec<MacMahonCube>> = OnceLock::new();
    CELL.get_or_init(|| {
        let kahan_by_cube: Vec<Coloring> =
            (1..=30).map(|k| kahan_to_numbers(&kahan_coloring(k).expect("valid Kahan type")).canonical()).collect();
        CONWAY
            .iter()
            .map(|(name, faces)| {
                let coloring = Coloring::from_face_string(faces).expect("valid built-in face string").canonical();
                let kahan = kahan_by_cube
                    .iter()
                    .position(|c| *c == coloring)
                    .expect("Kahan's 30 types are the 30 MacMahon cubes")
                    + 1;
                MacMahonCube { name, coloring, kahan, sobczyk: kahan_to_sobczyk(kahan) }
            })
            .collect()
    })
}

/// Looks up a cube by Conway name (exact case, e.g. `Ab`).
pub fn by_name(name: &str) -> Option<&'static MacMahonCube> {
    cubes().iter().find(|c| c.name == name)
}

/// Looks up the named cube equal (up to rotation) to a coloring over colors 1–6.
pub fn identify(c: &Coloring) -> Option<&'static MacMahonCube> {
    let canon = c.canonical();
    cubes().iter().find(|m| m.coloring == canon)
}

/// Index 0..30 of a cube in tableau order.
pub fn index_of(name: &str) -> Option<usize> {
    cubes().iter().position(|c| c.name == name)
}

/// Conway's 6x6 tableau: `tableau()[row][col]` is the name in row A..F, column a..f
/// (`None` on the diagonal).
pub fn tableau() -> [[Option<&'static str>; 6]; 6] {
    let mut t = [[None; 6]; 6];
    for c in cubes() {
        let (r, k) = c.tableau_position();
        t[r][k] = Some(c.name);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coloring::exact_colorings;

    #[test]
    fn all_240_corner_numbers_match_table_3() {
        let mut matched = 0;
        // The one copy of the printed table, also the input of `cubelab verify`.
        for (name, corners) in crate::verify::table3::TABLE_3 {
            let mut want: Vec<u32> = corners.iter().map(|&x| u32::from(x)).collect();
            want.sort();
            let cube = by_name(name).unwrap();
            let mut got: Vec<u32> = cube.coloring.corner_numbers().iter().map(|k| k.as_integer().unwrap()).collect();
            got.sort();
            assert_eq!(got, want, "corner numbers of {name}");
            matched += want.len();
        }
        assert_eq!(matched, 240);
    }

    #[test]
    fn names_cover_c6_once_each() {
        let mut named: Vec<Coloring> = cubes().iter().map(|c| c.coloring).collect();
        named.sort();
        assert_eq!(named, exact_colorings(6).unwrap());
        assert_eq!(by_name("Ab").unwrap().coloring, Coloring::from_face_string("152463").unwrap().canonical());
    }

    #[test]
    fn mirror_pairs_swap_row_and_column() {
        for c in cubes() {
            let m = by_name(&c.mirror_name()).unwrap();
            assert_eq!(c.coloring.mirror(), m.coloring, "mirror of {}", c.name);
            let mine: Vec<_> = c.coloring.corner_numbers().to_vec();
            assert!(m.coloring.corner_numbers().iter().all(|k| !mine.contains(k)));
        }
    }

    #[test]
    fn every_tableau_row_and_column_has_all_40_corners_once() {
        let t = tableau();
        for i in 0..6 {
            for line in
                [(0..6).filter_map(|j| t[i][j]).collect::<Vec<_>>(), (0..6).filter_map(|j| t[j][i]).collect::<Vec<_>>()]
            {
                let mut corners: Vec<_> =
                    line.iter().flat_map(|n| by_name(n).unwrap().coloring.corner_numbers()).collect();
                corners.sort();
                corners.dedup();
                assert_eq!(corners.len(), 40);
            }
            assert!(t[i][i].is_none());
        }
    }

    #[test]
    fn kahan_antitypes_are_mirrors_and_names_are_a_bijection() {
        for k in (1..=30).step_by(2) {
            let a = kahan_coloring(k).unwrap();
            let b = kahan_coloring(k + 1).unwrap();
            assert_eq!(a.mirror(), b.canonical(), "K{k} and K{} are antitypes", k + 1);
        }
        let mut ks: Vec<usize> = cubes().iter().map(|c| c.kahan).collect();
        ks.sort();
        assert_eq!(ks, (1..=30).collect::<Vec<_>>());
        let mut syms: Vec<String> = cubes().iter().map(|c| c.sobczyk.clone()).collect();
        syms.sort();
        syms.dedup();
        assert_eq!(syms.len(), 30);
        assert_eq!(sobczyk_to_kahan("Y1"), Some(1));
        assert_eq!(sobczyk_to_kahan("Y1'"), Some(2));
        assert_eq!(sobczyk_to_kahan("P2'"), Some(8));
        assert_eq!(kahan_to_sobczyk(8), "P2'");
        assert_eq!(sobczyk_to_kahan("X1"), None);
        assert!(kahan_coloring(31).is_err());
        assert!(kahan_coloring(0).is_err());
    }
}
