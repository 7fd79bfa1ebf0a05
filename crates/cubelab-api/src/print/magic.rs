//! `print magic`: the layers of a magic cube, or a magic square, as a printable sheet:
//! one grid of numbers per layer, as `magic check` reads them, and its verdict.

use super::layout::{self, Grid, Line, Page};
use super::{grid, heading, line, sheet, Panels, Paper, Sheet, Sizing};
use crate::error::Result;
use crate::magic_check::{self, CheckRequest, Numbers};
use crate::report::Report;
use crate::Context;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The default side of a cell, in mm.
pub const DEFAULT_CELL: f64 = 12.0;
/// The smallest side of a cell, in mm.
pub const MIN_CELL: f64 = 5.0;

fn default_cell() -> f64 {
    DEFAULT_CELL
}

/// The request of `print magic`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PrintMagicRequest {
    /// The numbers, as `magic check` takes them (`cube`, `square` or `text`).
    pub numbers: CheckRequest,
    /// The paper size.
    #[serde(default)]
    pub paper: Paper,
    /// The side of a cell in mm (at least 5, at most what fits the paper).
    #[serde(default = "default_cell")]
    pub cell: f64,
}

/// Runs `print magic`: each layer of the cube (from the top; rows from the back, cells
/// from the left) or the square as a grid of numbers, and what `magic check` says of it.
pub fn run_magic(req: &PrintMagicRequest, ctx: &Context) -> Result<Sheet> {
    crate::census::check_stop(ctx)?;
    let (layers, kind): (Vec<Vec<Vec<i64>>>, &str) = match magic_check::numbers(&req.numbers)? {
        Numbers::Cube(c) => (c.layers(), "cube"),
        Numbers::Square(s) => (vec![s.cells().chunks(s.order()).map(<[i64]>::to_vec).collect()], "square"),
    };
    let n = layers.first().map_or(0, Vec::len);
    let of = |cell: f64| {
        let side = n as f64 * cell;
        Grid::of_panels(req.paper.size_mm(), cell, (side, side + layout::CAPTION), &[])
    };
    let g = grid(req.paper, &Sizing { field: "cell", value: req.cell, least: MIN_CELL, panel: "a layer", grid: &of })?;
    let verdict = match magic_check::run(&req.numbers, ctx)? {
        magic_check::CheckOutput::Cube(r) => r.text(),
        magic_check::CheckOutput::Square(r) => r.text(),
    };
    let mut lines: Vec<Line> = vec![heading(format!("The {kind} of order {n}"))];
    if kind == "cube" {
        lines.push(line(format!(
            "{n} layers from the top; in each, rows from the back and cells from the left (as magic check reads them). \
             Stack the printed layers in order, layer 1 on top."
        )));
    }
    lines.push(line(""));
    lines.push(heading("What magic check says of it"));
    lines.extend(verdict.lines().map(line));
    let count = layers.len();
    let draw = |page: &mut Page, k: usize, at: (f64, f64)| {
        let caption =
            if kind == "cube" { format!("layer {} of {count}", k + 1) } else { format!("square of order {n}") };
        layout::number_grid(page, at, g.edge, &layers[k], &caption);
    };
    let size = format!("cell {} mm", layout::num(g.edge));
    sheet(ctx, req.paper, &g, &Panels { kind: "magic", size, colors: &[], count, draw: &draw }, lines)
}
