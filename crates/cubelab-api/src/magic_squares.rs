//! The census of magic squares (`magic squares`, `magic squares-merge`): the requests,
//! the runs, the input and the text.

use crate::error::{Error, ErrorKind, Result};
use crate::magic::{choice, Checkpoint};
use crate::report::Report;
use crate::Context;
use cubelab::magic::square::{self, SquareKind as LibSquareKind};
use cubelab::magic::square_census::{
    self as sc, census, FixedCell, ListFn, SquareCensus, SquareMethod as LibSquareMethod, SquareSpec,
};
use cubelab::shard::Shard;
use cubelab::words::thousands;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The input of `cubelab magic squares` (and of the report `squares-merge` rebuilds).
#[derive(Serialize, JsonSchema)]
pub struct SquaresInput {
    /// Order n.
    order: usize,
    /// `"normal"`, `"semi"`, `"pandiagonal"` or `"associative"`.
    kind: square::SquareKind,
    /// `"diagonals"` or `"backtrack"`.
    method: sc::SquareMethod,
    /// The fixed cells as given (`"ROW,CELL=VALUE"`).
    fix: Vec<String>,
    /// Dudeney's groups asked for.
    classes: bool,
    /// The squares listed.
    list: bool,
    /// The shard run, or null.
    shard: Option<String>,
}

impl SquaresInput {
    /// The input of a census report, with the flags that do not appear in it.
    pub fn of(r: &SquareCensus, classes: bool, list: bool) -> SquaresInput {
        SquaresInput {
            order: r.order,
            kind: r.square_kind,
            method: r.method,
            fix: r.fixed.iter().map(|f| f.to_string()).collect(),
            classes,
            list,
            shard: r.shard.clone(),
        }
    }
}

impl Report for SquareCensus {
    const KIND: &'static str = "magic-squares";
    type Input = SquaresInput;

    fn text(&self) -> String {
        let fixed: Vec<String> = self.fixed.iter().map(|f| f.to_string()).collect();
        let mut s = format!(
            "{} magic squares of order {}{}{}: ",
            self.square_kind.name(),
            self.order,
            if fixed.is_empty() { String::new() } else { format!(" with {}", fixed.join(" ")) },
            self.shard.as_ref().map(|x| format!(" (shard {x})")).unwrap_or_default(),
        );
        s += &match self.count {
            Some(c) => format!("{} essentially different, {} in all\n", thousands(c), thousands(self.total)),
            None => format!("{} (every square with these cells)\n", thousands(self.total)),
        };
        s += &format!(
            "method: {} ({} tasks)\n",
            match self.method {
                sc::SquareMethod::Diagonals => "diagonals first, halves joined by masks of used numbers",
                sc::SquareMethod::Backtrack => "plain backtracking with line-sum pruning",
            },
            self.tasks
        );
        if !self.by_centre.is_empty() {
            s += "\ncentre  squares (all)\n";
            for b in &self.by_centre {
                s += &format!("{:>6}  {:>13}\n", b.value, thousands(b.count));
            }
        }
        if let Some(classes) = &self.classes {
            s += "\nDudeney's groups (complementary pairs summing to 17, up to rotations and reflections):\n";
            s += "group         squares  pandiagonal  associative  example\n";
            for c in classes {
                let ex: Vec<String> = c.example.iter().map(|v| v.to_string()).collect();
                let yes = |b: bool| if b { "yes" } else { "no" };
                s += &format!(
                    "{:<12}  {:>7}  {:<11}  {:<11}  {}\n",
                    c.dudeney,
                    c.count,
                    yes(c.pandiagonal),
                    yes(c.associative),
                    ex.join(" ")
                );
            }
        }
        s
    }
}

choice! {
    /// Which lines of a square must reach the magic sum (the library's
    /// [`square::SquareKind`]).
    SquareKind = LibSquareKind {
        /// Rows, columns and the two main diagonals (the usual magic square).
        Normal,
        /// Rows and columns only.
        Semi,
        /// Normal, and every broken diagonal in both directions too.
        Pandiagonal,
        /// Normal, and every two cells placed symmetrically about the centre sum to n² + 1.
        Associative,
    }
}

choice! {
    /// How the squares are counted (the library's [`sc::SquareMethod`]).
    SquareMethod = LibSquareMethod {
        /// Diagonals first, then the two halves joined by masks of used numbers, one
        /// square per orbit of a symmetry group (fast; normal, associative, pandiagonal).
        Diagonals,
        /// Plain backtracking over the cells in reading order with line-sum pruning.
        Backtrack,
    }
}

/// The request of `magic squares`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SquaresRequest {
    /// Order n: 3, 4 or 5.
    pub order: usize,
    /// The kind; normal by default.
    #[serde(default = "normal")]
    pub kind: SquareKind,
    /// The method: diagonals (fast; not for semi) or backtrack; by default diagonals
    /// where it applies, else backtrack.
    #[serde(default)]
    pub method: Option<SquareMethod>,
    /// Count only the squares with these cells: `"ROW,CELL=VALUE"`, 1-based (the
    /// diagonals method fixes only cells on the diagonals, and counts one or two fixed
    /// cells under the symmetries that keep the diagonals).
    #[serde(default)]
    pub fix: Vec<String>,
    /// Group the order-4 normal squares by their complementary pairs (Dudeney's groups).
    #[serde(default)]
    pub classes: bool,
    /// List every essentially different square (every square with `fix`) as it is found
    /// (only with a receiver: [`run_with`]).
    #[serde(default)]
    pub list: bool,
    /// Run only shard `"I/N"` of the census (contiguous tasks); for order 5 (normal
    /// squares), shard C/13 is exactly the census of centre C.
    #[serde(default)]
    pub shard: Option<String>,
}

fn normal() -> SquareKind {
    SquareKind::Normal
}

impl SquaresRequest {
    /// The census to run, naming the field at fault.
    fn spec(&self) -> Result<SquareSpec> {
        let shard = match &self.shard {
            Some(s) => Shard::parse(s).map_err(|e| Error::from(e).about("shard", format!("'{s}'")))?,
            None => Shard::ALL,
        };
        let fixed = self
            .fix
            .iter()
            .map(|f| FixedCell::parse(f).map_err(|e| Error::from(e).about("fix", format!("'{f}'"))))
            .collect::<Result<Vec<_>>>()?;
        let kind = self.kind.into();
        Ok(SquareSpec {
            order: self.order,
            kind,
            method: self.method.map_or(sc::SquareMethod::default_for(kind), Into::into),
            fixed,
            shard,
            classes: self.classes,
        })
    }
}

/// Runs `magic squares` (without `list`: the squares are only counted).
pub fn run(req: &SquaresRequest, ctx: &Context) -> Result<SquareCensus> {
    if req.list {
        return Err(Error::bad("listing the squares as they are found needs a receiver").about("list", true));
    }
    run_with(req, ctx, Checkpoint::default(), None)
}

/// Runs `magic squares` with a checkpoint; with `list`, every square listed is given to
/// it as it is found (cells row by row, in task order). The census polls the context's
/// cancellation token between batches of tasks (an error of kind
/// [`ErrorKind::Stopped`] when it is raised, the checkpoint saved).
pub fn run_with(
    req: &SquaresRequest,
    ctx: &Context,
    checkpoint: Checkpoint<'_>,
    list: Option<&ListFn<'_>>,
) -> Result<SquareCensus> {
    if let Some(l) = ctx.limits() {
        crate::limits::unlimited_only("magic squares", l)?;
    }
    let spec = req.spec()?;
    let opts = checkpoint.options(ctx);
    Ok(census(&spec, &opts, if req.list { list } else { None })?)
}

/// The request of `magic squares-merge`: the reports of every shard of one census.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequest {
    /// The JSON output of each shard (`magic squares --shard I/N --json`), every shard
    /// once, in any order: the object, or its text.
    pub reports: Vec<serde_json::Value>,
    /// How messages name each report (`report 1`, `report 2`, ... by default).
    #[serde(default)]
    pub names: Vec<String>,
}

/// Runs `magic squares-merge`: exactly the report of the whole census, or one line
/// naming the report at fault (malformed, unsealed, of another census, a shard missing
/// or given twice).
pub fn merge(req: &MergeRequest, _ctx: &Context) -> Result<SquareCensus> {
    if !req.names.is_empty() && req.names.len() != req.reports.len() {
        return Err(Error::bad(format!(
            "{} names for {} reports: give one name per report, or none",
            req.names.len(),
            req.reports.len()
        )));
    }
    let mut parts = Vec::with_capacity(req.reports.len());
    for (i, report) in req.reports.iter().enumerate() {
        let name = req.names.get(i).cloned().unwrap_or_else(|| format!("report {}", i + 1));
        let read = match report {
            serde_json::Value::String(text) => SquareCensus::from_json(text),
            object => SquareCensus::from_json(&object.to_string()),
        };
        match read {
            Ok(r) => parts.push((name, r)),
            Err(e) => return Err(Error::new(ErrorKind::of(e.kind()), format!("{name}: {e}"))),
        }
    }
    Ok(sc::merge(&parts)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(n: usize) -> SquaresRequest {
        SquaresRequest {
            order: n,
            kind: SquareKind::Normal,
            method: None,
            fix: vec![],
            classes: false,
            list: false,
            shard: None,
        }
    }

    #[test]
    fn merged_shards_are_the_whole_census_and_a_bad_report_is_named() {
        let shard = |s: &str| {
            let r = run(&SquaresRequest { shard: Some(s.into()), ..order(4) }, &Context::new()).unwrap();
            crate::json(&r, &SquaresInput::of(&r, false, false)).unwrap()
        };
        let (a, b) = (shard("1/2"), shard("2/2"));
        let object: serde_json::Value = serde_json::from_str(&b).unwrap();
        let req = MergeRequest { reports: vec![serde_json::Value::String(a.clone()), object], names: vec![] };
        let merged = merge(&req, &Context::new()).unwrap();
        assert_eq!(merged, run(&order(4), &Context::new()).unwrap());
        let bad = MergeRequest { reports: vec![a.into(), serde_json::json!({ "order": 4 })], names: vec![] };
        let e = merge(&bad, &Context::new()).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::BadInput);
        assert!(e.message().starts_with("report 2: not the JSON output of a magic squares census"), "{e}");
    }
}
