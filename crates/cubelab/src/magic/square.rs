//! Magic squares: the square of numbers, its text form, its kinds (normal, semi,
//! pandiagonal, associative), which lines fail, its 8 symmetries, the Frénicle standard
//! form and, for order 4, the complementary-pair patterns of Dudeney's groups.
//!
//! Cells are listed row by row from the top, each row from the left: cell (r, c), counted
//! from 0, is number `r·n + c`; messages count from 1 ("row 2, cell 3").

use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// Which lines of a square must reach the magic sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum SquareKind {
    /// Rows, columns and the two main diagonals (the usual magic square).
    Normal,
    /// Rows and columns only (the diagonals may or may not be magic: every normal square
    /// is also semi-magic).
    Semi,
    /// Normal, and every broken diagonal in both directions too.
    Pandiagonal,
    /// Normal, and every two cells placed symmetrically about the centre sum to the
    /// smallest plus the largest number (n² + 1 on 1..n²).
    Associative,
}

impl SquareKind {
    /// Every kind, in the order the reports list them.
    pub const ALL: [SquareKind; 4] =
        [SquareKind::Normal, SquareKind::Semi, SquareKind::Pandiagonal, SquareKind::Associative];

    /// The kebab-case name (`"normal"`, `"semi"`, `"pandiagonal"`, `"associative"`).
    pub fn name(self) -> &'static str {
        match self {
            SquareKind::Normal => "normal",
            SquareKind::Semi => "semi",
            SquareKind::Pandiagonal => "pandiagonal",
            SquareKind::Associative => "associative",
        }
    }

    /// Parses a kind name.
    pub fn from_name(name: &str) -> Result<SquareKind> {
        SquareKind::ALL.into_iter().find(|k| k.name() == name).ok_or_else(|| {
            Error::unknown(format!("unknown kind of square '{name}' (normal, semi, pandiagonal or associative)"))
        })
    }
}

/// The kinds of lines and constraints of a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum SquareLineKind {
    /// A row, left to right.
    Row,
    /// A column, top to bottom.
    Column,
    /// One of the two main diagonals.
    Diagonal,
    /// A broken diagonal (wrapping around), in either direction.
    BrokenDiagonal,
    /// Two cells symmetric about the centre (they must sum to the smallest plus the
    /// largest number for an associative square).
    Pair,
}

/// A line (or a symmetric pair) of a square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareLine {
    /// Its kind.
    pub kind: SquareLineKind,
    /// Its cells (indices r·n + c).
    pub cells: Vec<usize>,
    /// The line in words, 1-based ("row 2", "main diagonal", "broken diagonal from row 1, cell 2 down-right").
    pub name: String,
}

/// Every line of the square of order `n` of the given kind (rows, columns, main
/// diagonals, broken diagonals, symmetric pairs), in that order.
pub fn lines(n: usize, kind: SquareLineKind) -> Vec<SquareLine> {
    let line = |cells: Vec<usize>, name: String| SquareLine { kind, cells, name };
    match kind {
        SquareLineKind::Row => {
            (0..n).map(|r| line((0..n).map(|c| r * n + c).collect(), format!("row {}", r + 1))).collect()
        }
        SquareLineKind::Column => {
            (0..n).map(|c| line((0..n).map(|r| r * n + c).collect(), format!("column {}", c + 1))).collect()
        }
        SquareLineKind::Diagonal => vec![
            line((0..n).map(|i| i * n + i).collect(), "main diagonal (top left to bottom right)".into()),
            line((0..n).map(|i| i * n + n - 1 - i).collect(), "anti-diagonal (top right to bottom left)".into()),
        ],
        SquareLineKind::BrokenDiagonal => {
            let mut v = Vec::new();
            for s in 1..n {
                v.push(line(
                    (0..n).map(|i| i * n + (i + s) % n).collect(),
                    format!("broken diagonal from row 1, cell {} down-right", s + 1),
                ));
            }
            for s in 1..n {
                v.push(line(
                    (0..n).map(|i| i * n + (n - 1 - i + n - s) % n).collect(),
                    format!("broken diagonal from row 1, cell {} down-left", n - s),
                ));
            }
            v
        }
        SquareLineKind::Pair => (0..n * n)
            .filter(|&i| i < n * n - 1 - i)
            .map(|i| {
                let j = n * n - 1 - i;
                line(
                    vec![i, j],
                    format!("pair row {}, cell {} / row {}, cell {}", i / n + 1, i % n + 1, j / n + 1, j % n + 1),
                )
            })
            .collect(),
    }
}

/// A square of numbers, cells row by row.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    order: usize,
    cells: Vec<i64>,
}

/// The largest order `Square::parse` accepts.
pub const MAX_CHECK_ORDER: usize = 64;

impl Square {
    /// A square of order `n` from its n² cells, row by row.
    pub fn new(order: usize, cells: Vec<i64>) -> Result<Square> {
        if order == 0 || cells.len() != order * order {
            return Err(Error::malformed(format!(
                "a square of order {order} needs {} numbers, not {}",
                order * order,
                cells.len()
            )));
        }
        Ok(Square { order, cells })
    }

    /// The order n.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The cells, row by row.
    pub fn cells(&self) -> &[i64] {
        &self.cells
    }

    /// The position "row r, cell c" (1-based) of a cell index.
    pub fn position(&self, index: usize) -> String {
        format!("row {}, cell {}", index / self.order + 1, index % self.order + 1)
    }

    /// The text form: n rows of n right-aligned numbers.
    pub fn to_text(&self) -> String {
        let width = self.cells.iter().map(|v| v.to_string().len()).max().unwrap_or(1);
        let mut s = String::new();
        for row in self.cells.chunks(self.order) {
            let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
            s += &cells.join(" ");
            s.push('\n');
        }
        s
    }

    /// Parses n rows of n integers separated by spaces, tabs or commas (lines starting
    /// with `#` are comments, blank lines are skipped; a `/` ends a row as a line break
    /// does, [`super::data_lines`]). The order is the count of numbers
    /// in the first row (3 to [`MAX_CHECK_ORDER`]); the numbers must be distinct. Errors
    /// name the row and cell at fault.
    pub fn parse(text: &str) -> Result<Square> {
        let mut rows: Vec<Vec<i64>> = Vec::new();
        for line in super::data_lines(text).into_iter().filter(|l| !l.is_empty()) {
            let r = rows.len() + 1;
            let row = line
                .split(|ch: char| ch.is_whitespace() || ch == ',')
                .filter(|t| !t.is_empty())
                .enumerate()
                .map(|(i, t)| {
                    t.parse::<i64>()
                        .map_err(|_| Error::malformed(format!("row {r}, cell {}: '{t}' is not an integer", i + 1)))
                })
                .collect::<Result<Vec<i64>>>()?;
            rows.push(row);
        }
        Square::from_rows(rows)
    }

    /// A square from its rows (from the top) of cells (from the left), checked as
    /// [`Square::parse`] checks its text: n rows of n distinct numbers, n from 3 to
    /// [`MAX_CHECK_ORDER`].
    ///
    /// ```
    /// use cubelab::magic::square::Square;
    /// let lo_shu = Square::from_rows(vec![vec![2, 7, 6], vec![9, 5, 1], vec![4, 3, 8]]).unwrap();
    /// assert_eq!(lo_shu.order(), 3);
    /// assert!(Square::from_rows(vec![vec![1, 1, 2], vec![3, 4, 5], vec![6, 7, 8]]).is_err());
    /// ```
    pub fn from_rows(rows: Vec<Vec<i64>>) -> Result<Square> {
        let n = rows.first().map(Vec::len).ok_or_else(|| Error::malformed("no numbers in the input"))?;
        if !(3..=MAX_CHECK_ORDER).contains(&n) {
            return Err(Error::out_of_range(format!(
                "row 1 has {}: a square needs order 3 to {MAX_CHECK_ORDER}",
                crate::words::count(n, "number", "numbers")
            )));
        }
        for (ri, row) in rows.iter().enumerate() {
            if row.len() != n {
                return Err(Error::malformed(format!(
                    "row {} has {}, expected {n} like row 1",
                    ri + 1,
                    crate::words::count(row.len(), "number", "numbers")
                )));
            }
        }
        if rows.len() != n {
            return Err(Error::malformed(format!(
                "{} of {n} numbers, expected {n} rows for a square",
                crate::words::count(rows.len(), "row", "rows")
            )));
        }
        let square = Square { order: n, cells: rows.into_iter().flatten().collect() };
        let mut seen = std::collections::HashMap::new();
        for (i, &v) in square.cells.iter().enumerate() {
            if let Some(first) = seen.insert(v, i) {
                return Err(Error::malformed(format!(
                    "{}: number {v} is repeated (first at {})",
                    square.position(i),
                    square.position(first)
                )));
            }
        }
        Ok(square)
    }

    /// The square in Frénicle's standard form: of its 8 images under rotations and
    /// reflections, the one whose top-left number is the smallest of the four corners and
    /// whose number right of it is smaller than the one below it.
    pub fn frenicle(&self) -> Square {
        Square { order: self.order, cells: frenicle(self.order, &self.cells) }
    }
}

/// The 8 symmetries of the square of order n as cell maps: image cell `i` holds cell
/// `map[i]` of the original (identity first).
pub fn symmetries(n: usize) -> Vec<Vec<usize>> {
    let m = n - 1;
    type Map = fn(usize, usize, usize) -> (usize, usize);
    let f: [Map; 8] = [
        |_, r, c| (r, c),
        |m, r, c| (r, m - c),
        |m, r, c| (m - r, c),
        |m, r, c| (m - r, m - c),
        |_, r, c| (c, r),
        |m, r, c| (c, m - r),
        |m, r, c| (m - c, r),
        |m, r, c| (m - c, m - r),
    ];
    f.iter().map(|g| (0..n * n).map(|i| g(m, i / n, i % n)).map(|(r, c)| r * n + c).collect()).collect()
}

/// Frénicle's standard form of the cells of a square of order n (distinct numbers).
pub(crate) fn frenicle<T: Copy + Ord>(n: usize, cells: &[T]) -> Vec<T> {
    let m = n - 1;
    let corners = [0, m, m * n, m * n + m];
    let low = corners.iter().copied().min_by_key(|&i| cells[i]).unwrap_or(0);
    let (r0, c0) = (low / n, low % n);
    // Map the smallest corner to the top left, then transpose if needed.
    let at = |r: usize, c: usize, t: bool| {
        let (r, c) = if t { (c, r) } else { (r, c) };
        let r = if r0 == 0 { r } else { m - r };
        let c = if c0 == 0 { c } else { m - c };
        cells[r * n + c]
    };
    let t = at(0, 1, false) > at(1, 0, false);
    (0..n * n).map(|i| at(i / n, i % n, t)).collect()
}

/// A line that does not reach the magic sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailingSquareLine {
    /// The line.
    pub line: SquareLine,
    /// Its sum.
    pub sum: i128,
    /// The sum it should have (the magic sum, or the smallest plus the largest number for
    /// a symmetric pair).
    pub expected: i128,
}

/// Which kinds a square is, and which lines fail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareVerdict {
    /// The order n.
    pub order: usize,
    /// The magic sum (the total divided by n), or `None` when it is not a whole number.
    pub magic_sum: Option<i128>,
    /// Every line or pair that fails: rows, columns, main diagonals, broken diagonals,
    /// symmetric pairs, in that order.
    pub failing: Vec<FailingSquareLine>,
}

impl SquareVerdict {
    /// Whether the square is of `kind`.
    pub fn holds(&self, kind: SquareKind) -> bool {
        if self.magic_sum.is_none() {
            return false;
        }
        let fails = |k: SquareLineKind| self.failing.iter().any(|f| f.line.kind == k);
        let semi = !fails(SquareLineKind::Row) && !fails(SquareLineKind::Column);
        let normal = semi && !fails(SquareLineKind::Diagonal);
        match kind {
            SquareKind::Semi => semi,
            SquareKind::Normal => normal,
            SquareKind::Pandiagonal => normal && !fails(SquareLineKind::BrokenDiagonal),
            SquareKind::Associative => normal && !fails(SquareLineKind::Pair),
        }
    }
}

/// Checks every line of a square (and its symmetric pairs).
pub fn check(square: &Square) -> SquareVerdict {
    let n = square.order;
    let cells = &square.cells;
    let total: i128 = cells.iter().map(|&v| v as i128).sum();
    let magic_sum = (total % n as i128 == 0).then(|| total / n as i128);
    let lo = cells.iter().copied().min().unwrap_or(0) as i128;
    let hi = cells.iter().copied().max().unwrap_or(0) as i128;
    let mut failing = Vec::new();
    for kind in [
        SquareLineKind::Row,
        SquareLineKind::Column,
        SquareLineKind::Diagonal,
        SquareLineKind::BrokenDiagonal,
        SquareLineKind::Pair,
    ] {
        for line in lines(n, kind) {
            let sum: i128 = line.cells.iter().map(|&i| cells[i] as i128).sum();
            let expected = if kind == SquareLineKind::Pair { Some(lo + hi) } else { magic_sum };
            if Some(sum) != expected {
                failing.push(FailingSquareLine { line, sum, expected: expected.unwrap_or(total) });
            }
        }
    }
    SquareVerdict { order: n, magic_sum, failing }
}

/// Whether the cells (row by row, order n, on 1..n²) form a square of `kind`.
pub(crate) fn is_kind(n: usize, cells: &[u8], kind: SquareKind) -> bool {
    let s = (n * (n * n + 1) / 2) as u32;
    let sum = |l: &SquareLine| l.cells.iter().map(|&i| cells[i] as u32).sum::<u32>();
    let all = |k: SquareLineKind, target: u32| lines(n, k).iter().all(|l| sum(l) == target);
    let semi = all(SquareLineKind::Row, s) && all(SquareLineKind::Column, s);
    match kind {
        SquareKind::Semi => semi,
        SquareKind::Normal => semi && all(SquareLineKind::Diagonal, s),
        SquareKind::Pandiagonal => semi && all(SquareLineKind::Diagonal, s) && all(SquareLineKind::BrokenDiagonal, s),
        SquareKind::Associative => {
            semi && all(SquareLineKind::Diagonal, s) && all(SquareLineKind::Pair, (n * n + 1) as u32)
        }
    }
}

/// The complementary-pair pattern of a square of order 4 on 1..16 (Dudeney's
/// classification): `partner[i]` is the cell holding 17 − (cell i), brought to the
/// least form under the 8 symmetries.
pub(crate) fn pair_pattern(cells: &[u8]) -> [u8; 16] {
    let mut best = [u8::MAX; 16];
    for map in symmetries(4) {
        // Image cell i holds original map[i]; its partner is the image of the original's partner.
        let mut inverse = [0usize; 16];
        for (i, &m) in map.iter().enumerate() {
            inverse[m] = i;
        }
        let mut p = [0u8; 16];
        for i in 0..16 {
            let v = cells[map[i]];
            let partner = cells.iter().position(|&w| w as usize + v as usize == 17).unwrap_or(map[i]);
            p[i] = inverse[partner] as u8;
        }
        best = best.min(p);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    const LO_SHU: [i64; 9] = [2, 7, 6, 9, 5, 1, 4, 3, 8];

    #[test]
    fn lo_shu_is_normal_and_associative_not_pandiagonal() {
        let v = check(&Square::new(3, LO_SHU.to_vec()).unwrap());
        assert_eq!(v.magic_sum, Some(15));
        assert!(v.holds(SquareKind::Normal) && v.holds(SquareKind::Semi) && v.holds(SquareKind::Associative));
        assert!(!v.holds(SquareKind::Pandiagonal));
        assert!(v.failing.iter().all(|f| f.line.kind == SquareLineKind::BrokenDiagonal));
        assert_eq!(v.failing.len(), 4);
    }

    #[test]
    fn frenicle_form_is_the_same_for_all_eight_images() {
        let want = Square::new(3, LO_SHU.to_vec()).unwrap().frenicle();
        assert_eq!(want.cells(), &[2, 7, 6, 9, 5, 1, 4, 3, 8]);
        for map in symmetries(3) {
            let img: Vec<i64> = map.iter().map(|&i| LO_SHU[i]).collect();
            assert_eq!(Square::new(3, img).unwrap().frenicle(), want);
        }
        let images: std::collections::BTreeSet<Vec<usize>> = symmetries(5).into_iter().collect();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn parse_errors_name_the_position() {
        let e = Square::parse("1 2 3\n4 x 6\n7 8 9\n").unwrap_err();
        assert!(e.message().contains("row 2, cell 2"), "{e}");
        let e = Square::parse("1 2 3\n4 5\n7 8 9\n").unwrap_err();
        assert!(e.message().contains("row 2 has 2 numbers"), "{e}");
        let e = Square::parse("1 2 3\n4 5 6\n").unwrap_err();
        assert!(e.message().contains("2 rows"), "{e}");
        let e = Square::parse("1 2 3\n4 5 6\n7 8 1\n").unwrap_err();
        assert!(e.message().contains("row 3, cell 3: number 1 is repeated (first at row 1, cell 1)"), "{e}");
        let e = Square::parse("1 2\n3 4\n").unwrap_err();
        assert!(e.message().contains("order 3"), "{e}");
        assert!(SquareKind::from_name("magic").is_err());
    }

    #[test]
    fn broken_diagonals_cover_every_cell_once_per_direction() {
        for n in 3..=6 {
            let mut hits = vec![0; n * n];
            for l in lines(n, SquareLineKind::BrokenDiagonal).iter().chain(&lines(n, SquareLineKind::Diagonal)) {
                for &c in &l.cells {
                    hits[c] += 1;
                }
            }
            assert!(hits.iter().all(|&h| h == 2), "order {n}");
        }
    }
}
