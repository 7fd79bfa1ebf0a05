//! What a census of magic squares is asked: the method, the cells given in advance and
//! the whole spec, and its checks.

use super::super::square::SquareKind;
use super::super::square_diagonals::Diagonals;
use crate::shard::Shard;
use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// How the squares are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum SquareMethod {
    /// Diagonals first, then the two halves joined by masks of used numbers, one square
    /// per orbit of a symmetry group (fast; normal, associative, pandiagonal).
    Diagonals,
    /// Plain backtracking over the cells in reading order with line-sum pruning (every kind).
    Backtrack,
}

impl SquareMethod {
    /// The name as the command line and the JSON spell it.
    pub fn name(self) -> &'static str {
        match self {
            SquareMethod::Diagonals => "diagonals",
            SquareMethod::Backtrack => "backtrack",
        }
    }

    /// Parses a method name.
    pub fn from_name(s: &str) -> Result<SquareMethod> {
        match s {
            "diagonals" => Ok(SquareMethod::Diagonals),
            "backtrack" => Ok(SquareMethod::Backtrack),
            _ => Err(Error::unknown(format!("unknown method '{s}': expected 'diagonals' or 'backtrack'"))),
        }
    }

    /// The default method for a kind: diagonals where it applies, else backtracking.
    pub fn default_for(kind: SquareKind) -> SquareMethod {
        if kind == SquareKind::Semi {
            SquareMethod::Backtrack
        } else {
            SquareMethod::Diagonals
        }
    }
}

/// A cell given in advance (1-based row and cell).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FixedCell {
    /// Row, from 1 at the top.
    pub row: usize,
    /// Cell in the row, from 1 at the left.
    pub cell: usize,
    /// The number it holds.
    pub value: u8,
}

impl FixedCell {
    /// Parses `R,C=V` (1-based row and cell).
    pub fn parse(s: &str) -> Result<FixedCell> {
        let bad = || Error::malformed(format!("fixed cell '{s}' is not ROW,CELL=VALUE (such as 3,3=13)"));
        let (pos, value) = s.split_once('=').ok_or_else(bad)?;
        let (row, cell) = pos.split_once(',').ok_or_else(bad)?;
        Ok(FixedCell {
            row: row.trim().parse().map_err(|_| bad())?,
            cell: cell.trim().parse().map_err(|_| bad())?,
            value: value.trim().parse().map_err(|_| bad())?,
        })
    }
}

impl std::fmt::Display for FixedCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}={}", self.row, self.cell, self.value)
    }
}

/// What to count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareSpec {
    /// The order n (3 to 5).
    pub order: usize,
    /// The kind of square.
    pub kind: SquareKind,
    /// The method.
    pub method: SquareMethod,
    /// Cells given in advance (then every square with them is counted, without symmetry).
    pub fixed: Vec<FixedCell>,
    /// The part of the tasks to run.
    pub shard: Shard,
    /// Dudeney's groups (order 4, normal, whole census only).
    pub classes: bool,
}

/// Checks a spec and returns the fixed cells as (index, value).
pub(super) fn validate(spec: &SquareSpec) -> Result<Vec<(usize, u8)>> {
    let n = spec.order;
    if !(3..=5).contains(&n) {
        return Err(Error::out_of_range(format!("order {n}: magic squares are counted for orders 3 to 5")));
    }
    if spec.kind == SquareKind::Semi && n == 5 {
        return Err(Error::out_of_range(
            "semi-magic squares of order 5 are not counted (about 5.8e11 of them; this counter enumerates them one by one)",
        ));
    }
    if spec.method == SquareMethod::Diagonals && spec.kind == SquareKind::Semi {
        return Err(Error::out_of_range("the diagonals method needs the diagonals magic; semi squares use backtrack"));
    }
    if spec.classes && (n != 4 || spec.kind != SquareKind::Normal || !spec.fixed.is_empty() || spec.shard != Shard::ALL)
    {
        return Err(Error::out_of_range(
            "Dudeney's groups exist for the whole census of normal squares of order 4 only",
        ));
    }
    let mut fixed = Vec::new();
    let mut values = 0u32;
    for (k, f) in spec.fixed.iter().enumerate() {
        if !(1..=n).contains(&f.row) || !(1..=n).contains(&f.cell) {
            return Err(Error::out_of_range(format!("fixed cell {} ({f}): row and cell must be 1 to {n}", k + 1)));
        }
        if !(1..=(n * n) as u8).contains(&f.value) {
            return Err(Error::out_of_range(format!("fixed cell {} ({f}): the value must be 1 to {}", k + 1, n * n)));
        }
        let i = (f.row - 1) * n + f.cell - 1;
        if fixed.iter().any(|&(j, _)| j == i) || values & (1 << f.value) != 0 {
            return Err(Error::malformed(format!("fixed cell {} ({f}) repeats a cell or a value", k + 1)));
        }
        values |= 1 << f.value;
        fixed.push((i, f.value));
    }
    if spec.method == SquareMethod::Diagonals && !Diagonals::supports(n, &fixed) {
        return Err(Error::out_of_range("the diagonals method can fix only cells on the two diagonals"));
    }
    Ok(fixed)
}
