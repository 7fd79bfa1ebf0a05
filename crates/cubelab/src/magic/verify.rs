//! Which magic properties a cube has, and which lines fail.
//!
//! A line is *magic* when its n numbers sum to the magic sum, the total of all n³
//! numbers divided by n² (42 for 1..27). The properties, after Heinz and Hendricks:
//!
//! | property     | lines that must be magic                                         |
//! |--------------|------------------------------------------------------------------|
//! | semi-perfect | the 3n² rows, columns and pillars and the 4 triagonals          |
//! | diagonal     | semi-perfect, and the 6n diagonals of the 3n planes parallel to the faces |
//! | pantriagonal | rows, columns, pillars and all 4n² (broken) space diagonals      |
//! | perfect      | rows, columns, pillars, all 6n² (broken) plane diagonals and all 4n² space diagonals |

use super::cube::{orthogonal_lines, pandiagonals, pantriagonals, plane_diagonals, triagonals, Line, NumberCube};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// A magic property of a cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Property {
    /// Rows, columns, pillars and the 4 triagonals.
    SemiPerfect,
    /// Semi-perfect plus the two diagonals of every plane parallel to a face.
    Diagonal,
    /// Rows, columns, pillars and every (broken) space diagonal.
    Pantriagonal,
    /// Rows, columns, pillars, every (broken) plane diagonal and every (broken) space diagonal.
    Perfect,
}

impl Property {
    /// All properties, weakest first.
    pub const ALL: [Property; 4] =
        [Property::SemiPerfect, Property::Diagonal, Property::Pantriagonal, Property::Perfect];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Property::SemiPerfect => "semi-perfect",
            Property::Diagonal => "diagonal",
            Property::Pantriagonal => "pantriagonal",
            Property::Perfect => "perfect",
        }
    }

    /// Parses a property name.
    pub fn from_name(name: &str) -> Result<Property> {
        Property::ALL.into_iter().find(|p| p.name() == name).ok_or_else(|| {
            Error::unknown(format!(
                "unknown property '{name}' (expected semi-perfect, diagonal, pantriagonal or perfect)"
            ))
        })
    }

    /// The lines that must be magic for this property in a cube of order `n`.
    pub fn lines(self, n: usize) -> Vec<Line> {
        let mut lines = orthogonal_lines(n);
        match self {
            Property::SemiPerfect => lines.extend(triagonals(n)),
            Property::Diagonal => {
                lines.extend(triagonals(n));
                lines.extend(plane_diagonals(n));
            }
            Property::Pantriagonal => lines.extend(pantriagonals(n)),
            Property::Perfect => {
                lines.extend(pandiagonals(n));
                lines.extend(pantriagonals(n));
            }
        }
        lines
    }
}

/// A line whose sum is not the magic sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailingLine {
    /// The line.
    pub line: Line,
    /// Its sum.
    pub sum: i128,
}

/// The verdict on one cube.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The order n.
    pub order: usize,
    /// The magic sum (total / n²), or `None` when it is not an integer.
    pub magic_sum: Option<i128>,
    /// Each property, weakest first, and whether it holds.
    pub properties: Vec<(Property, bool)>,
    /// Every failing line among rows, columns, pillars, all space diagonals and all plane
    /// diagonals (broken ones included), grouped by kind.
    pub failing: Vec<FailingLine>,
}

impl Verdict {
    /// Whether `property` holds.
    pub fn holds(&self, property: Property) -> bool {
        self.properties.iter().any(|&(p, ok)| p == property && ok)
    }
}

fn line_sum(cube: &NumberCube, line: &Line) -> i128 {
    line.cells.iter().map(|&i| cube.cells()[i] as i128).sum()
}

fn total(cube: &NumberCube) -> i128 {
    cube.cells().iter().map(|&v| v as i128).sum()
}

/// Whether every line of `property` is magic.
pub fn has_property(cube: &NumberCube, property: Property) -> bool {
    let n = cube.order() as i128;
    let total = total(cube);
    property.lines(cube.order()).iter().all(|line| line_sum(cube, line) * n * n == total)
}

/// Checks every line of the cube and every property.
pub fn verify(cube: &NumberCube) -> Verdict {
    let n = cube.order();
    let total = total(cube);
    let square = (n * n) as i128;
    let is_magic = |line: &Line| line_sum(cube, line) * square == total;
    let properties = Property::ALL.iter().map(|&p| (p, p.lines(n).iter().all(is_magic))).collect();
    let mut all_lines = orthogonal_lines(n);
    all_lines.extend(pantriagonals(n));
    all_lines.extend(pandiagonals(n));
    let mut failing: Vec<FailingLine> = all_lines
        .into_iter()
        .filter(|l| !is_magic(l))
        .map(|line| FailingLine { sum: line_sum(cube, &line), line })
        .collect();
    // Grouped by kind (rows first), in generation order within a kind.
    failing.sort_by_key(|f| f.line.kind);
    Verdict { order: n, magic_sum: (total % square == 0).then_some(total / square), properties, failing }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A semi-perfect cube of order 3 (Gardner's example layout), written out by hand.
    const SEMI_PERFECT: &str = "8 24 10\n12 7 23\n22 11 9\n\n15 1 26\n25 14 3\n2 27 13\n\n19 17 6\n5 21 16\n18 4 20\n";

    #[test]
    fn a_known_cube_is_semi_perfect_only() {
        let cube = NumberCube::parse(SEMI_PERFECT).unwrap();
        let v = verify(&cube);
        assert_eq!(v.magic_sum, Some(42));
        assert!(v.holds(Property::SemiPerfect));
        assert!(!v.holds(Property::Diagonal));
        assert!(!v.holds(Property::Pantriagonal));
        assert!(!v.holds(Property::Perfect));
        assert!(v.failing.iter().all(|f| !matches!(
            f.line.kind,
            super::super::cube::LineKind::Row
                | super::super::cube::LineKind::Column
                | super::super::cube::LineKind::Pillar
                | super::super::cube::LineKind::Triagonal
        )));
    }

    #[test]
    fn swapping_two_cells_breaks_it() {
        let cube = NumberCube::parse(SEMI_PERFECT).unwrap();
        let mut cells = cube.cells().to_vec();
        cells.swap(0, 1);
        let broken = NumberCube::new(3, cells).unwrap();
        let v = verify(&broken);
        assert!(!v.holds(Property::SemiPerfect));
        let names: Vec<String> = v.failing.iter().map(|f| f.line.describe()).collect();
        assert!(names.contains(&"column (layer 1, cell 1)".to_string()), "{names:?}");
        assert!(names.contains(&"column (layer 1, cell 2)".to_string()));
        assert!(names.contains(&"pillar (row 1, cell 1)".to_string()));
    }
}
