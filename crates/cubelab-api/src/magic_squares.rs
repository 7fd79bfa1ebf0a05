//! The census of magic squares (`magic squares`, `magic squares-merge`): its input and
//! its text.

use crate::error::{Error, Result};
use crate::magic::Checkpoint;
use crate::report::Report;
use crate::Context;
use cubelab::magic::square::SquareKind;
use cubelab::magic::square_census::{census, FixedCell, ListFn, SquareCensus, SquareMethod, SquareSpec};
use cubelab::shard::Shard;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The input of `cubelab magic squares` (and of the report `squares-merge` rebuilds).
#[derive(Serialize, JsonSchema)]
pub struct SquaresInput {
    /// Order n.
    order: usize,
    /// `"normal"`, `"semi"`, `"pandiagonal"` or `"associative"`.
    kind: SquareKind,
    /// `"diagonals"` or `"backtrack"`.
    method: SquareMethod,
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
            Some(c) => format!("{c} essentially different, {} in all\n", self.total),
            None => format!("{} (every square with these cells)\n", self.total),
        };
        s += &format!(
            "method: {} ({} tasks)\n",
            match self.method {
                SquareMethod::Diagonals => "diagonals first, halves joined by masks of used numbers",
                SquareMethod::Backtrack => "plain backtracking with line-sum pruning",
            },
            self.tasks
        );
        if !self.by_centre.is_empty() {
            s += "\ncentre  squares (all)\n";
            for b in &self.by_centre {
                s += &format!("{:>6}  {:>13}\n", b.value, b.count);
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
    /// diagonals method fixes only cells on the diagonals).
    #[serde(default)]
    pub fix: Vec<String>,
    /// Group the order-4 normal squares by their complementary pairs (Dudeney's groups).
    #[serde(default)]
    pub classes: bool,
    /// List every essentially different square (every square with `fix`) as it is found
    /// (only with a receiver: [`run_with`]).
    #[serde(default)]
    pub list: bool,
    /// Run only shard `"I/N"` of the census (contiguous tasks).
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
        Ok(SquareSpec {
            order: self.order,
            kind: self.kind,
            method: self.method.unwrap_or(SquareMethod::default_for(self.kind)),
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
/// it as it is found (cells row by row, in task order).
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
