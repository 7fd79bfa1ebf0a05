//! A cube of numbers of any order, its text form, and the lines through it.
//!
//! Cells are stored layer by layer from the top, each layer row by row from the back,
//! each row cell by cell from the left: the index of (layer `l`, row `r`, cell `c`) is
//! `(l * n + r) * n + c`. Text and JSON use the same order.

use crate::{Error, Result};
use serde::Serialize;

/// A cube of `order`³ integers (not necessarily magic).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct NumberCube {
    order: usize,
    cells: Vec<i64>,
}

impl NumberCube {
    /// A cube from its cells in layer/row/cell order.
    pub fn new(order: usize, cells: Vec<i64>) -> Result<NumberCube> {
        let needed = order.checked_mul(order).and_then(|sq| sq.checked_mul(order));
        if order == 0 || needed != Some(cells.len()) {
            let needed = needed.map_or_else(|| "more than 2^64".to_string(), |k| k.to_string());
            return Err(Error::malformed(format!(
                "a cube of order {order} needs {needed} numbers, got {}",
                cells.len()
            )));
        }
        Ok(NumberCube { order, cells })
    }

    /// The edge length n.
    pub fn order(&self) -> usize {
        self.order
    }

    /// All cells in layer/row/cell order.
    pub fn cells(&self) -> &[i64] {
        &self.cells
    }

    /// The number at layer `l` (0 = top), row `r` (0 = back), cell `c` (0 = left).
    pub(crate) fn get(&self, l: usize, r: usize, c: usize) -> i64 {
        self.cells[(l * self.order + r) * self.order + c]
    }

    /// The cube as nested layers, rows and cells (the JSON form).
    pub fn layers(&self) -> Vec<Vec<Vec<i64>>> {
        let n = self.order;
        (0..n).map(|l| (0..n).map(|r| (0..n).map(|c| self.get(l, r, c)).collect()).collect()).collect()
    }

    /// Text form: one line per row, layers separated by a blank line, numbers right-aligned.
    pub fn to_text(&self) -> String {
        let width = self.cells.iter().map(|v| v.to_string().len()).max().unwrap_or(1);
        let mut s = String::new();
        for (i, layer) in self.layers().iter().enumerate() {
            if i > 0 {
                s.push('\n');
            }
            for row in layer {
                let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
                s += &cells.join(" ");
                s.push('\n');
            }
        }
        s
    }

    /// Parses the text form: `n` layers separated by blank lines, each of `n` rows of `n`
    /// integers separated by spaces, tabs or commas. Lines starting with `#` are comments;
    /// a `/` ends a row as a line break does ([`super::data_lines`]).
    /// The order is the count of numbers in the first row.
    ///
    /// The numbers must be the n³ terms of an arithmetic progression A, A+D, … (in any
    /// arrangement), such as 1..n³; errors name the layer, row and cell at fault.
    pub fn parse(text: &str) -> Result<NumberCube> {
        let mut layers: Vec<Vec<Vec<i64>>> = vec![];
        let mut current: Vec<Vec<i64>> = vec![];
        for line in super::data_lines(text) {
            if line.is_empty() {
                if !current.is_empty() {
                    layers.push(std::mem::take(&mut current));
                }
                continue;
            }
            let (l, r) = (layers.len() + 1, current.len() + 1);
            let row = line
                .split(|ch: char| ch.is_whitespace() || ch == ',')
                .filter(|t| !t.is_empty())
                .enumerate()
                .map(|(i, t)| {
                    t.parse::<i64>().map_err(|_| {
                        Error::malformed(format!("layer {l}, row {r}, cell {}: '{t}' is not an integer", i + 1))
                    })
                })
                .collect::<Result<Vec<i64>>>()?;
            current.push(row);
        }
        if !current.is_empty() {
            layers.push(current);
        }
        NumberCube::from_layers(layers)
    }

    /// A cube from its numbers as layers (from the top) of rows (from the back) of cells
    /// (from the left), checked as [`NumberCube::parse`] checks its text: n layers of n
    /// rows of n numbers, n >= 2, the n³ terms of an arithmetic progression.
    ///
    /// ```
    /// use cubelab::magic::cube::NumberCube;
    /// let cube = NumberCube::from_layers(vec![vec![vec![1, 2], vec![3, 4]], vec![vec![5, 6], vec![7, 8]]]).unwrap();
    /// assert_eq!(cube.order(), 2);
    /// assert!(NumberCube::from_layers(vec![vec![vec![1, 2], vec![3, 4]]]).is_err());
    /// ```
    pub fn from_layers(layers: Vec<Vec<Vec<i64>>>) -> Result<NumberCube> {
        let n = layers
            .first()
            .map(|l| l.first().map_or(0, Vec::len))
            .ok_or_else(|| Error::malformed("no numbers in the input"))?;
        if n < 2 {
            return Err(Error::malformed(format!(
                "layer 1, row 1 has {}: a cube needs order at least 2",
                crate::words::count(n, "number", "numbers")
            )));
        }
        for (li, layer) in layers.iter().enumerate() {
            if layer.len() != n {
                return Err(Error::malformed(format!(
                    "layer {} has {}, expected {n} (rows of {n} numbers; layers are separated by blank lines)",
                    li + 1,
                    crate::words::count(layer.len(), "row", "rows")
                )));
            }
            for (ri, row) in layer.iter().enumerate() {
                if row.len() != n {
                    return Err(Error::malformed(format!(
                        "layer {}, row {} has {}, expected {n} like row 1",
                        li + 1,
                        ri + 1,
                        crate::words::count(row.len(), "number", "numbers")
                    )));
                }
            }
        }
        if layers.len() != n {
            return Err(Error::malformed(format!(
                "{} for rows of {n} numbers, expected {n} layers",
                crate::words::count(layers.len(), "layer", "layers")
            )));
        }
        let cube = NumberCube { order: n, cells: layers.into_iter().flatten().flatten().collect() };
        cube.check_progression()?;
        Ok(cube)
    }

    /// The position "layer l, row r, cell c" (1-based) of a cell index.
    pub fn position(&self, index: usize) -> String {
        let n = self.order;
        format!("layer {}, row {}, cell {}", index / (n * n) + 1, index / n % n + 1, index % n + 1)
    }

    /// The progression (A, D) the numbers form: every cell is A + kD for a distinct k in 0..n³.
    pub fn progression(&self) -> Result<(i64, i64)> {
        let count = self.cells.len() as i64;
        let min = *self.cells.iter().min().expect("cells");
        let max = *self.cells.iter().max().expect("cells");
        let span = max as i128 - min as i128;
        if span == 0 || span % (count as i128 - 1) != 0 {
            let mut sorted = self.cells.clone();
            sorted.sort();
            if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
                let first = self.cells.iter().position(|&v| v == w[0]).expect("present");
                let second = first + 1 + self.cells[first + 1..].iter().position(|&v| v == w[0]).expect("present");
                return Err(Error::malformed(format!(
                    "{}: number {} is repeated (first at {})",
                    self.position(second),
                    w[0],
                    self.position(first)
                )));
            }
            return Err(Error::malformed(format!(
                "the {count} numbers from {min} to {max} are not evenly spaced (expected A, A+D, ..., such as 1..{count})"
            )));
        }
        Ok((min, (span / (count as i128 - 1)) as i64))
    }

    fn check_progression(&self) -> Result<()> {
        let (start, step) = self.progression()?;
        let mut seen: Vec<Option<usize>> = vec![None; self.cells.len()];
        for (i, &v) in self.cells.iter().enumerate() {
            let offset = v as i128 - start as i128;
            if offset % step as i128 != 0 {
                return Err(Error::malformed(format!(
                    "{}: {v} is not of the form {start} + k*{step} like the other numbers",
                    self.position(i)
                )));
            }
            let k = (offset / step as i128) as usize;
            if let Some(first) = seen[k] {
                return Err(Error::malformed(format!(
                    "{}: number {v} is repeated (first at {})",
                    self.position(i),
                    self.position(first)
                )));
            }
            seen[k] = Some(i);
        }
        // n³ cells, n³ distinct slots and no repeat: nothing is missing. Kept as a check.
        if let Some(k) = seen.iter().position(Option::is_none) {
            return Err(Error::malformed(format!("number {} is missing", start + k as i64 * step)));
        }
        Ok(())
    }
}

/// The kinds of lines through a cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum LineKind {
    /// Left to right within a layer.
    Row,
    /// Back to front within a layer.
    Column,
    /// Top to bottom through the layers.
    Pillar,
    /// One of the 4 space diagonals joining opposite corners.
    Triagonal,
    /// A space diagonal that wraps around the faces (not one of the 4 main ones).
    BrokenTriagonal,
    /// A diagonal of a plane parallel to a face (2 per plane, 6n in all).
    PlaneDiagonal,
    /// A plane diagonal that wraps around (not one of the main ones).
    BrokenPlaneDiagonal,
}

/// One line of n cells: a start cell and a step, wrapping around modulo n.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// What kind of line this is.
    pub kind: LineKind,
    /// The cell indices along the line, in order.
    pub cells: Vec<usize>,
    /// (layer, row, cell) of the first cell, 0-based.
    pub start: [usize; 3],
    /// The step in (layer, row, cell), each -1, 0 or 1.
    pub step: [i8; 3],
}

impl Line {
    fn walk(n: usize, kind: LineKind, start: [usize; 3], step: [i8; 3]) -> Line {
        let cells = (0..n)
            .map(|t| {
                let at = |a: usize| (start[a] as i64 + step[a] as i64 * t as i64).rem_euclid(n as i64) as usize;
                (at(0) * n + at(1)) * n + at(2)
            })
            .collect();
        Line { kind, cells, start, step }
    }

    /// A description with 1-based positions, e.g. "row (layer 2, row 1)".
    pub fn describe(&self) -> String {
        let [l, r, c] = self.start.map(|x| x + 1);
        let dir = |s: i8, plus: &str, minus: &str| match s {
            1 => plus.to_string(),
            -1 => minus.to_string(),
            _ => String::new(),
        };
        let towards =
            [dir(self.step[0], "down", "up"), dir(self.step[1], "front", "back"), dir(self.step[2], "right", "left")]
                .into_iter()
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join("-");
        match self.kind {
            LineKind::Row => format!("row (layer {l}, row {r})"),
            LineKind::Column => format!("column (layer {l}, cell {c})"),
            LineKind::Pillar => format!("pillar (row {r}, cell {c})"),
            _ => {
                let name = match self.kind {
                    LineKind::Triagonal => "triagonal",
                    LineKind::BrokenTriagonal => "broken triagonal",
                    LineKind::PlaneDiagonal => "plane diagonal",
                    _ => "broken plane diagonal",
                };
                format!("{name} from (layer {l}, row {r}, cell {c}) going {towards}")
            }
        }
    }
}

/// The 3n² rows, columns and pillars.
pub(crate) fn orthogonal_lines(n: usize) -> Vec<Line> {
    let mut lines = vec![];
    for a in 0..n {
        for b in 0..n {
            lines.push(Line::walk(n, LineKind::Row, [a, b, 0], [0, 0, 1]));
        }
    }
    for a in 0..n {
        for b in 0..n {
            lines.push(Line::walk(n, LineKind::Column, [a, 0, b], [0, 1, 0]));
        }
    }
    for a in 0..n {
        for b in 0..n {
            lines.push(Line::walk(n, LineKind::Pillar, [0, a, b], [1, 0, 0]));
        }
    }
    lines
}

/// The four directions of space diagonals, starting from the top layer.
const SPACE_STEPS: [[i8; 3]; 4] = [[1, 1, 1], [1, 1, -1], [1, -1, 1], [1, -1, -1]];

fn first_of(n: usize, s: i8) -> usize {
    if s < 0 {
        n - 1
    } else {
        0
    }
}

/// The 4 main space diagonals (triagonals), each from a top corner to the opposite corner.
pub(crate) fn triagonals(n: usize) -> Vec<Line> {
    SPACE_STEPS
        .iter()
        .map(|&s| Line::walk(n, LineKind::Triagonal, [0, first_of(n, s[1]), first_of(n, s[2])], s))
        .collect()
}

/// All 4n² space diagonals, broken ones wrapping around (the 4 triagonals among them).
pub(crate) fn pantriagonals(n: usize) -> Vec<Line> {
    let mut lines = vec![];
    for &s in &SPACE_STEPS {
        for r in 0..n {
            for c in 0..n {
                let main = r == first_of(n, s[1]) && c == first_of(n, s[2]);
                let kind = if main { LineKind::Triagonal } else { LineKind::BrokenTriagonal };
                lines.push(Line::walk(n, kind, [0, r, c], s));
            }
        }
    }
    lines
}

/// For each of the three plane orientations: the axis held fixed and the two diagonal steps.
const PLANE_STEPS: [(usize, [[i8; 3]; 2]); 3] =
    [(0, [[0, 1, 1], [0, 1, -1]]), (1, [[1, 0, 1], [1, 0, -1]]), (2, [[1, 1, 0], [1, -1, 0]])];

/// The 6n diagonals of the 3n planes parallel to the faces (2 per plane).
pub(crate) fn plane_diagonals(n: usize) -> Vec<Line> {
    plane_diagonal_family(n, false)
}

/// All 6n² diagonals of the 3n planes, broken ones wrapping around.
pub(crate) fn pandiagonals(n: usize) -> Vec<Line> {
    plane_diagonal_family(n, true)
}

fn plane_diagonal_family(n: usize, broken: bool) -> Vec<Line> {
    let mut lines = vec![];
    for &(fixed, steps) in &PLANE_STEPS {
        for plane in 0..n {
            for s in steps {
                // The line starts on the edge where its first moving axis is 0; the second
                // moving axis runs over every start for broken diagonals.
                let moving: Vec<usize> = (0..3).filter(|&a| a != fixed).collect();
                let main_start = first_of(n, s[moving[1]]);
                for offset in 0..n {
                    if !broken && offset != main_start {
                        continue;
                    }
                    let mut start = [0; 3];
                    start[fixed] = plane;
                    start[moving[1]] = offset;
                    let kind =
                        if offset == main_start { LineKind::PlaneDiagonal } else { LineKind::BrokenPlaneDiagonal };
                    lines.push(Line::walk(n, kind, start, s));
                }
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_families_have_the_expected_sizes() {
        for n in 2..6 {
            assert_eq!(orthogonal_lines(n).len(), 3 * n * n);
            assert_eq!(triagonals(n).len(), 4);
            assert_eq!(pantriagonals(n).len(), 4 * n * n);
            assert_eq!(pantriagonals(n).iter().filter(|l| l.kind == LineKind::Triagonal).count(), 4);
            assert_eq!(plane_diagonals(n).len(), 6 * n);
            assert_eq!(pandiagonals(n).len(), 6 * n * n);
            for line in orthogonal_lines(n).iter().chain(&pantriagonals(n)).chain(&pandiagonals(n)) {
                let mut cells = line.cells.clone();
                cells.sort();
                cells.dedup();
                assert_eq!(cells.len(), n, "{}", line.describe());
            }
        }
        // The main triagonal from the top-back-left corner ends at the bottom-front-right.
        let t = &triagonals(3)[0];
        assert_eq!(t.cells, vec![0, 13, 26]);
        assert_eq!(t.describe(), "triagonal from (layer 1, row 1, cell 1) going down-front-right");
    }

    #[test]
    fn parse_reads_layers_and_names_bad_positions() {
        let text = "1 2\n3 4\n\n5 6\n7 8\n";
        let cube = NumberCube::parse(text).unwrap();
        assert_eq!(cube.order(), 2);
        assert_eq!(cube.get(1, 0, 1), 6);
        assert_eq!(NumberCube::parse(&cube.to_text()).unwrap(), cube);
        let err = |t: &str| NumberCube::parse(t).unwrap_err().to_string();
        assert!(err("1 2\n3 x\n\n5 6\n7 8").contains("layer 1, row 2, cell 2: 'x'"));
        assert!(err("1 2\n3 4\n\n5 6\n7").contains("layer 2, row 2 has 1 number,"));
        assert!(err("1 2\n3 4\n\n5 6\n7 4")
            .contains("layer 2, row 2, cell 2: number 4 is repeated (first at layer 1, row 2, cell 2)"));
        assert!(err("1 2\n3 4\n\n5 6\n7 9").contains("not evenly spaced"));
        assert!(err("1 2\n3 4\n\n5 6\n7 8\n\n1 1\n1 1").contains("3 layers"));
        assert!(err("").contains("no numbers"));
        // 1, 3, ..., 15 spaced by 2 with 4 in place of 5: 4 is off the progression.
        assert!(err("1 3\n4 7\n\n9 11\n13 15").contains("layer 1, row 2, cell 1: 4 is not of the form 1 + k*2"));
    }
}
