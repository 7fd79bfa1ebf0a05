//! The report of a census of magic squares, and the merge of shard reports.

use super::super::square::SquareKind;
use super::spec::{FixedCell, SquareMethod};
use crate::histogram::Bin;
use crate::shard::{in_shard_order, open_part, seal_of};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One of Dudeney's groups of the order-4 squares: a pattern of complementary pairs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PatternClass {
    /// Dudeney's numeral(s): `"I"`, …, or `"IV or V"` when the group's size and
    /// properties do not single one out.
    pub dudeney: String,
    /// Squares of the group in Frénicle's standard form.
    pub count: u64,
    /// Whether its squares are pandiagonal.
    pub pandiagonal: bool,
    /// Whether its squares are associative.
    pub associative: bool,
    /// The pattern: for each cell (row by row), the 1-based cell holding its complement
    /// 17 − v, in the least of the 8 orientations.
    pub partners: Vec<u8>,
    /// Its first square in Frénicle order.
    pub example: Vec<u8>,
}

/// The result of a census of magic squares.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SquareCensus {
    /// The order n.
    pub order: usize,
    /// The kind of square.
    pub square_kind: SquareKind,
    /// The method used.
    pub method: SquareMethod,
    /// Cells given in advance (1-based); empty for a full census.
    pub fixed: Vec<FixedCell>,
    /// The shard run (`"I/N"`), or null for the whole census.
    pub shard: Option<String>,
    /// Tasks run (in this shard).
    pub tasks: u64,
    /// Essentially different squares (up to the 8 rotations and reflections; those in
    /// Frénicle's standard form); null when cells are fixed.
    pub count: Option<u64>,
    /// All squares (8 times `count` for a full census).
    pub total: u64,
    /// All squares by the number in the centre (odd orders; value ascending).
    pub by_centre: Vec<Bin>,
    /// Dudeney's groups (order 4 with classes), by size then numeral; else null.
    pub classes: Option<Vec<PatternClass>>,
    /// A shard's seal: the [`Checksum`](crate::io::Checksum) of the compact JSON of the rest of the report
    /// (16 hexadecimal digits); null for a whole census.
    pub checksum: Option<String>,
}

impl SquareCensus {
    /// Reads a report from the JSON `magic squares` printed (envelope keys are ignored).
    pub fn from_json(text: &str) -> Result<SquareCensus> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            Error::malformed(format!(
                "not the JSON output of a magic squares census: {}",
                e.to_string().replace('\n', " ")
            ))
        })?;
        crate::census::report::check_format_version(&v, false)?;
        serde_json::from_value(v).map_err(|e| {
            Error::malformed(format!(
                "not the JSON output of a magic squares census: {}",
                e.to_string().replace('\n', " ")
            ))
        })
    }

    pub(super) fn content_checksum(&self) -> Result<String> {
        seal_of(&SquareCensus { checksum: None, ..self.clone() })
    }
}

/// Merges the reports of every shard `1/N … N/N` of one census (each with a name for
/// messages, in any order) into exactly the report of the whole census; refuses, in one
/// line naming the part, a whole census, a missing or wrong seal, another census, or a
/// shard missing or given twice.
pub fn merge<S: AsRef<str>>(parts: &[(S, SquareCensus)]) -> Result<SquareCensus> {
    let mut opened = Vec::with_capacity(parts.len());
    for (name, r) in parts {
        let name = name.as_ref();
        let shard = open_part(name, r.shard.as_deref(), r.checksum.as_deref(), || r.content_checksum())?;
        opened.push((shard, name, r));
    }
    let indexed = in_shard_order(opened, |r, head| {
        (r.order, r.square_kind, r.method, &r.fixed) == (head.order, head.square_kind, head.method, &head.fixed)
    })?;
    let head = indexed[0].2;
    let mut by_centre: BTreeMap<u64, u64> = BTreeMap::new();
    for (_, _, r) in &indexed {
        for b in &r.by_centre {
            *by_centre.entry(b.value).or_default() += b.count;
        }
    }
    Ok(SquareCensus {
        order: head.order,
        square_kind: head.square_kind,
        method: head.method,
        fixed: head.fixed.clone(),
        shard: None,
        tasks: indexed.iter().map(|(_, _, r)| r.tasks).sum(),
        count: head.count.map(|_| indexed.iter().map(|(_, _, r)| r.count.unwrap_or(0)).sum()),
        total: indexed.iter().map(|(_, _, r)| r.total).sum(),
        by_centre: by_centre.into_iter().map(|(value, count)| Bin { value, count }).collect(),
        classes: None,
        checksum: None,
    })
}
