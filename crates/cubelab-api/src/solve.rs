//! `solve`: how to build one target from eight blocks, step by step.

use crate::error::{Error, Result};
use crate::extended::{self, SolveExtendedReport};
use crate::report::{Format, Report};
use crate::{limits, svg, Context};
use cubelab::geometry::Face;
use cubelab::notation::{at_position, names_of, parse_cube, parse_cubes};
use cubelab::target::{corner_names, Arrangement, BlockGraph, Blocks, Explanation, CORNERS};
use cubelab::words::{count, noun};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// The request of `solve`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The target (outer cube), in any notation.
    pub target: String,
    /// Exactly eight blocks, in any notation (at least N³ with `size` N).
    pub blocks: Vec<String>,
    /// Only arrangements whose 12 pairs of touching inner faces match (Conway's puzzle).
    #[serde(default)]
    pub interior: bool,
    /// List at most this many arrangements (the count is always complete); 100 by default.
    #[serde(default = "hundred")]
    pub limit: usize,
    /// Magnier's graph view, and the reason when there is no arrangement.
    #[serde(default)]
    pub explain: bool,
    /// N: build the target N x N x N (MacMahon's extended puzzle), one assembly; 2 by default.
    #[serde(default = "crate::build::two")]
    pub size: usize,
}

fn hundred() -> usize {
    100
}

/// The input of `cubelab solve`.
#[derive(Serialize, JsonSchema)]
pub struct Input {
    /// The target as given, in any notation.
    target: String,
    /// The eight blocks as given.
    blocks: Vec<String>,
    /// `--interior`: only arrangements whose inner faces match.
    interior: bool,
    /// `--limit`: at most this many arrangements are listed.
    limit: usize,
    /// `--explain`: the corner graph and the reason are included.
    explain: bool,
}

/// One block in one corner.
#[derive(Serialize, JsonSchema)]
pub struct PlacementOut {
    /// The corner, e.g. `UFL`.
    pub corner: String,
    /// The corner in words.
    pub position: String,
    /// 1-based position of the block in the input.
    pub block: usize,
    /// The block's name, or null.
    pub name: Option<String>,
    /// The block's color facing up.
    pub up: String,
    /// The block's color facing front.
    pub front: String,
    /// The block as it sits, face string U D F B L R.
    pub faces: String,
}

/// One arrangement.
#[derive(Serialize, JsonSchema)]
pub struct SolutionOut {
    /// The eight placements, corner order UFL UFR UBR UBL DFL DFR DBR DBL.
    pub placements: Vec<PlacementOut>,
    /// Whether the 12 pairs of touching inner faces match.
    pub interior_matches: bool,
}

/// The corners one block fits.
#[derive(Serialize, JsonSchema)]
pub struct BlockFit {
    /// 1-based position of the block in the input.
    pub block: usize,
    /// The block's name, or null.
    pub name: Option<String>,
    /// The corners it fits.
    pub corners: Vec<String>,
}

/// A connected component of the corner graph.
#[derive(Serialize, JsonSchema)]
pub struct ComponentOut {
    /// Its corners.
    pub corners: Vec<String>,
    /// Its blocks (those fitting exactly two corners), 1-based.
    pub blocks: Vec<usize>,
    /// `"tree"`, `"cycle"`, `"forest"` or `"overfull"`.
    pub kind: &'static str,
}

/// Magnier's graph view of the target (`--explain`).
#[derive(Serialize, JsonSchema)]
pub struct ExplainOut {
    /// Where each block fits.
    pub fits: Vec<BlockFit>,
    /// The components of the corner graph.
    pub components: Vec<ComponentOut>,
    /// Why there is no arrangement, or null when there is one.
    pub reason: Option<String>,
    /// The blocks the reason names (1-based; empty when it names none).
    pub reason_blocks: Vec<usize>,
    /// The corners the reason names (empty when it names none).
    pub reason_corners: Vec<String>,
}

/// `cubelab solve`: the arrangements building one target.
#[derive(Serialize, JsonSchema)]
pub struct SolveReport {
    /// The target's face string U D F B L R, as held.
    pub target: String,
    /// The target's name, or null.
    pub name: Option<String>,
    /// The blocks as given.
    pub blocks: Vec<String>,
    /// Only arrangements with matching inner faces were counted.
    pub interior: bool,
    /// Number of arrangements (complete, whatever the limit).
    pub arrangements: u128,
    /// Number of arrangements listed.
    pub listed: usize,
    /// The listed arrangements.
    pub solutions: Vec<SolutionOut>,
    /// With `--explain`: the corner graph and the reason; null without it.
    pub explanation: Option<ExplainOut>,
    #[serde(skip)]
    drawn: Vec<Arrangement>,
}

impl Report for SolveReport {
    const KIND: &'static str = "solve";
    type Input = Input;

    fn text(&self) -> String {
        let mut s = format!(
            "target {}{} with blocks {}\n",
            self.target,
            self.name.as_ref().map(|n| format!(" ({n})")).unwrap_or_default(),
            self.blocks.join(" ")
        );
        s += &format!(
            "{}{}\n",
            count(self.arrangements, "arrangement", "arrangements"),
            if self.interior { " with matching inner faces" } else { "" }
        );
        if (self.listed as u128) < self.arrangements {
            s += &format!("listing the first {} (raise --limit for more)\n", self.listed);
        }
        for (i, sol) in self.solutions.iter().enumerate() {
            s += &format!(
                "\narrangement {}{}:\n",
                i + 1,
                if sol.interior_matches { " (inner faces match)" } else { "" }
            );
            for p in &sol.placements {
                let who = match &p.name {
                    Some(n) => format!("block {} ({n})", p.block),
                    None => format!("block {}", p.block),
                };
                s += &format!(
                    "  {:<17} {:<14} hold it with {} up and {} front   [{}]\n",
                    p.position, who, p.up, p.front, p.faces
                );
            }
        }
        if let Some(e) = &self.explanation {
            s += "\ncorner graph (Magnier): which corners each block can fill\n";
            for f in &e.fits {
                let who = f.name.as_ref().map(|n| format!(" ({n})")).unwrap_or_default();
                let corners = if f.corners.len() == CORNERS {
                    "every corner".to_string()
                } else if f.corners.is_empty() {
                    "no corner".to_string()
                } else {
                    f.corners.join(", ")
                };
                s += &format!("  block {}{who}: {corners}\n", f.block);
            }
            s += "components (corners joined by the blocks that fit exactly two of them):\n";
            for c in &e.components {
                let blocks = c.blocks.iter().map(|b| b.to_string()).collect::<Vec<_>>().join(" ");
                // A corner no two-corner block reaches is a one-vertex tree; say so plainly.
                let (kind, blocks) = if c.blocks.is_empty() {
                    ("lone", "no block joins it to another corner".to_string())
                } else {
                    (c.kind, format!("{} {blocks}", noun(c.blocks.len(), "block", "blocks")))
                };
                s += &format!(
                    "  {kind:<7} {} {}; {blocks}\n",
                    noun(c.corners.len(), "corner", "corners"),
                    c.corners.join(", ")
                );
            }
            if let Some(r) = &e.reason {
                s += &format!("no arrangement: {r}\n");
            }
        }
        s
    }

    fn svg(&self) -> Option<String> {
        let cell = 64u32;
        let strip = 12u32;
        let layer = 2 * cell + 2 * strip;
        let gap = 40u32;
        let row_h = layer + 40;
        let rows = self.drawn.len().max(1) as u32;
        let colors: Vec<_> =
            self.drawn.iter().flat_map(|a| a.placements.iter().flat_map(|p| p.oriented.faces())).collect();
        let legend_x = 2 * layer + 3 * gap;
        let height = (30 + rows * row_h).max(40 + svg::legend_height(&colors));
        let title = format!(
            "{}{}: {}",
            self.target,
            self.name.as_ref().map(|n| format!(" ({n})")).unwrap_or_default(),
            count(self.arrangements, "arrangement", "arrangements")
        );
        let width = (legend_x + svg::legend_width(&colors) + 10).max(20 + svg::text_width(&title, svg::TITLE_SIZE));
        let mut out = svg::open(width, height);
        svg::title(&mut out, 10, 20, &title);
        svg::legend(&mut out, legend_x, 36, &colors);
        for (i, a) in self.drawn.iter().enumerate() {
            let y0 = 30 + i as u32 * row_h;
            for (l, (vertical, label)) in
                [(Face::U, "ceiling, U faces"), (Face::D, "ground, D faces (from above)")].into_iter().enumerate()
            {
                let x0 = gap + l as u32 * (layer + gap);
                let _ = writeln!(
                    out,
                    "  <text x=\"{x0}\" y=\"{}\" font-size=\"11\">#{} {}</text>",
                    y0 + 12,
                    i + 1,
                    svg::escape(label)
                );
                let top = y0 + 20;
                for p in &a.placements {
                    let fs = p.corner.faces();
                    if fs[0] != vertical {
                        continue;
                    }
                    let col = if fs.contains(&Face::L) { 0 } else { 1 };
                    let row = if fs.contains(&Face::B) { 0 } else { 1 };
                    let x = x0 + strip + col * cell;
                    let y = top + strip + row * cell;
                    let block_label = match &self.solutions[i].placements[p.corner.index()].name {
                        Some(n) => format!("{}:{n}", p.block + 1),
                        None => format!("{}", p.block + 1),
                    };
                    svg::square(&mut out, x, y, cell, p.oriented.color(vertical), &block_label);
                    // Side faces as strips on the outer edges.
                    let side_lr = if col == 0 { Face::L } else { Face::R };
                    let side_fb = if row == 0 { Face::B } else { Face::F };
                    let sx = if col == 0 { x - strip } else { x + cell };
                    let sy = if row == 0 { y - strip } else { y + cell };
                    for (f, rx, ry, w, h) in [(side_lr, sx, y, strip, cell), (side_fb, x, sy, cell, strip)] {
                        let _ = writeln!(
                            out,
                            "  <rect x=\"{rx}\" y=\"{ry}\" width=\"{w}\" height=\"{h}\" fill=\"{}\" stroke=\"#000\"/>",
                            svg::fill(p.oriented.color(f))
                        );
                    }
                }
            }
        }
        out += "</svg>\n";
        Some(out)
    }
}

/// The report of `solve`: the 2x2x2 puzzle, or the extended one (`size` N ≠ 2).
pub enum SolveOutput {
    /// N = 2.
    Cube(SolveReport),
    /// N ≠ 2.
    Extended(SolveExtendedReport),
}

impl SolveOutput {
    /// The report with the request's `"input"`, ready to render in any format or hand
    /// over its envelope: the one place that pairs each report with its input.
    pub fn rendered(self, req: &SolveRequest) -> crate::AnyReport {
        match self {
            SolveOutput::Cube(r) => Box::new((r, Input::of(req))),
            SolveOutput::Extended(r) => Box::new((r, extended::SolveInput::of(req))),
        }
    }

    /// The report rendered in `format`, with the request's `"input"`.
    pub fn render(self, req: &SolveRequest, format: Format) -> Result<String> {
        self.rendered(req).render(format)
    }

    /// The SVG picture of the listed arrangements (or of the assembly).
    pub fn svg(&self) -> Option<String> {
        match self {
            SolveOutput::Cube(r) => r.svg(),
            SolveOutput::Extended(r) => r.svg(),
        }
    }
}

impl Input {
    /// The input echoed for a request (N = 2).
    pub fn of(req: &SolveRequest) -> Input {
        Input {
            target: req.target.clone(),
            blocks: req.blocks.clone(),
            interior: req.interior,
            limit: req.limit,
            explain: req.explain,
        }
    }
}

/// Runs `solve`.
pub fn run(req: &SolveRequest, ctx: &Context) -> Result<SolveOutput> {
    if let Some(l) = ctx.limits() {
        limits::blocks(&req.blocks, false, req.size, l)?;
        if req.size == 2 {
            limits::listed(req.limit, l, "arrangements")?;
        }
    }
    if req.size != 2 {
        if req.interior || req.explain {
            let what = if req.interior { "interior" } else { "explain" };
            return Err(Error::bad(format!("{what} applies to the 2x2x2 cube only")).about("size", req.size));
        }
        return Ok(SolveOutput::Extended(extended::solve(req, ctx)?));
    }
    let target = parse_cube(&req.target).map_err(|e| at_position(e, "target"))?;
    let cubes = parse_cubes(&req.blocks)?;
    if cubes.len() != CORNERS {
        return Err(Error::bad(format!("solve takes exactly 8 blocks after the target, {} given", cubes.len())));
    }
    let blocks = Blocks::new(&cubes)?;
    let arrangements = if req.interior {
        blocks.arrangements(&target, true, Some(req.limit), true)?
    } else {
        let total = blocks.count(&target)?;
        let (_, listed) = blocks.arrangements(&target, false, Some(req.limit), false)?;
        (total, listed)
    };
    let (total, listed) = arrangements;
    for a in &listed {
        // Every printed arrangement is checked face by face before it is shown.
        a.verify(&target, &cubes)?;
    }
    let solutions = solutions_out(&listed, &cubes);
    let explanation =
        if req.explain { Some(explain_out(&blocks, &target, &cubes, req.interior && total == 0)?) } else { None };
    Ok(SolveOutput::Cube(SolveReport {
        target: target.face_string(),
        name: names_of(&target).short(),
        blocks: req.blocks.clone(),
        interior: req.interior,
        arrangements: total,
        listed: listed.len(),
        solutions,
        explanation,
        drawn: listed,
    }))
}

/// The listed arrangements as printed, blocks named after the given cubes.
fn solutions_out(listed: &[Arrangement], cubes: &[cubelab::coloring::Coloring]) -> Vec<SolutionOut> {
    let name_of_block = |i: usize| names_of(&cubes[i]).short();
    listed
        .iter()
        .map(|a| SolutionOut {
            interior_matches: a.interior_matches(),
            placements: a
                .placements
                .iter()
                .map(|p| {
                    let (up, front) = p.up_front();
                    PlacementOut {
                        corner: p.corner.name(),
                        position: p.corner.words(),
                        block: p.block + 1,
                        name: name_of_block(p.block),
                        up: up.to_string(),
                        front: front.to_string(),
                        faces: p.oriented.face_string(),
                    }
                })
                .collect(),
        })
        .collect()
}

/// The `--explain` section: where each block fits, the components and the reason (if the
/// target is not built; `never_interior` when it is built only with unmatched inner faces).
fn explain_out(
    blocks: &Blocks,
    target: &cubelab::coloring::Coloring,
    cubes: &[cubelab::coloring::Coloring],
    never_interior: bool,
) -> Result<ExplainOut> {
    let name_of_block = |i: usize| names_of(&cubes[i]).short();
    let graph = BlockGraph::new(blocks, target)?;
    let label = |i: usize| match name_of_block(i) {
        Some(n) => format!("block {} ({n})", i + 1),
        None => format!("block {}", i + 1),
    };
    let explanation = graph.explain();
    let reason = match &explanation {
        Explanation::Buildable if never_interior => {
            Some("the blocks build this target, but never with all inner faces matching".to_string())
        }
        Explanation::Buildable => None,
        e => Some(e.describe(&label)),
    };
    let (named_blocks, named_corners) = explanation.named();
    Ok(ExplainOut {
        fits: graph
            .fits
            .iter()
            .enumerate()
            .map(|(i, &m)| BlockFit { block: i + 1, name: name_of_block(i), corners: corner_names(m) })
            .collect(),
        components: graph
            .components()
            .into_iter()
            .map(|c| ComponentOut {
                corners: corner_names(c.corners),
                blocks: c.blocks.iter().map(|b| b + 1).collect(),
                kind: c.kind(),
            })
            .collect(),
        reason,
        reason_blocks: named_blocks.iter().map(|b| b + 1).collect(),
        reason_corners: corner_names(named_corners),
    })
}

#[cfg(test)]
mod reason_tests {
    use super::*;

    fn explained(target: &str, blocks: &str) -> ExplainOut {
        let req = SolveRequest {
            target: target.into(),
            blocks: blocks.split(' ').map(String::from).collect(),
            interior: false,
            limit: 1,
            explain: true,
            size: 2,
        };
        let Ok(SolveOutput::Cube(r)) = run(&req, &Context::new()) else { panic!("a 2x2x2 report") };
        r.explanation.expect("explained")
    }

    #[test]
    fn the_reason_names_its_blocks_and_corners_for_the_drawing() {
        // the Blocks page's two presets that build nothing, with the targets they explain
        let e = explained("Y1", "Y2 Y3' P1' P2 R2' G2' B1' R3'");
        assert_eq!((e.reason_blocks.clone(), e.reason_corners.clone()), (vec![], vec!["UBL".to_string()]));
        let e = explained("Bd", "Cb Ea Eb Ae De Da Af Ca");
        assert_eq!(
            (e.reason_blocks.clone(), e.reason_corners.clone()),
            (vec![6], vec!["UFR".to_string(), "DBL".to_string()])
        );
        assert!(e.reason.unwrap_or_default().contains("block 6 (Da)"));
        // built: nothing named
        let e = explained("Ba", "Ac Ad Ae Af Cb Db Eb Fb");
        assert!(e.reason.is_none() && e.reason_blocks.is_empty() && e.reason_corners.is_empty());
    }
}
