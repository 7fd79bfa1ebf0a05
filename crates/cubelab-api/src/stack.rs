//! `stack`: Instant Insanity stacks: solve one (`stack solve`), the census over C_N
//! (`stack census`, its report in [`crate::stack_census`]), the merge of a sharded census
//! (`stack merge`) and the classic sets (`stack classics`).

use crate::error::{Error, ErrorKind, Result};
use crate::report::Report;
use crate::{limits, svg, Context};
use cubelab::coloring::Coloring;
use cubelab::geometry::Face;
use cubelab::notation::parse_cubes;
use cubelab::run::Options;
use cubelab::shard::Shard;
use cubelab::stack::{self, CensusOptions, Placement, Stack, StackCensus};
use cubelab::words::count;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::PathBuf;

/// The method of `stack solve` and `stack census` (`"graph"` by default): the censuses'
/// choice, the same two variants and spellings (the library's stacks take
/// [`cubelab::census::Method`] too): `graph` counts by the opposite-face multigraph,
/// `backtrack` by direct search over the orientations.
pub use crate::census::Method;

/// Most distinct solutions `stack solve` lists by default.
pub const DEFAULT_LIMIT: usize = 100;

fn default_limit() -> usize {
    DEFAULT_LIMIT
}

// ------------------------------------------------------------------------ solve

/// The request of `stack solve`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StackSolveRequest {
    /// The cubes, bottom first, in any notation (2 to 8 cubes, as many colors in all);
    /// empty with `classic`.
    #[serde(default)]
    pub cubes: Vec<String>,
    /// A built-in set instead of cubes (see `stack classics`).
    #[serde(default)]
    pub classic: Option<String>,
    /// The method.
    #[serde(default)]
    pub method: Method,
    /// List at most this many distinct solutions (the counts are always complete).
    #[serde(default = "default_limit")]
    pub limit: usize,
}

impl Default for StackSolveRequest {
    fn default() -> Self {
        StackSolveRequest { cubes: Vec::new(), classic: None, method: Method::default(), limit: DEFAULT_LIMIT }
    }
}

/// The input of `cubelab stack solve`.
#[derive(Serialize, JsonSchema)]
pub struct SolveInput {
    /// The cubes as given, bottom first (empty with `classic`).
    cubes: Vec<String>,
    /// The built-in set solved instead, or null.
    classic: Option<String>,
    /// The method.
    method: stack::Method,
    /// At most this many distinct solutions listed.
    limit: usize,
}

impl SolveInput {
    /// The input of a request.
    pub fn of(req: &StackSolveRequest) -> SolveInput {
        SolveInput {
            cubes: req.cubes.clone(),
            classic: req.classic.clone(),
            method: req.method.into(),
            limit: req.limit,
        }
    }
}

/// One cube as it stands: its face string and the color at every position.
#[derive(Serialize, JsonSchema)]
pub struct CubeOut {
    /// 1-based position from the bottom.
    pub cube: usize,
    /// The cube as it stands, face string U D F B L R.
    pub faces: String,
    #[allow(missing_docs)]
    pub top: String,
    #[allow(missing_docs)]
    pub bottom: String,
    #[allow(missing_docs)]
    pub front: String,
    #[allow(missing_docs)]
    pub right: String,
    #[allow(missing_docs)]
    pub back: String,
    #[allow(missing_docs)]
    pub left: String,
}

/// The four long sides, each read bottom to top.
#[derive(Serialize, JsonSchema)]
#[allow(missing_docs)]
pub struct SidesOut {
    pub front: String,
    pub right: String,
    pub back: String,
    pub left: String,
}

// One solution as it stands: every cube, and the four sides. (No doc comments: the
// published schema has none here.)
#[derive(Serialize, JsonSchema)]
#[allow(missing_docs)]
pub struct StackOut {
    pub cubes: Vec<CubeOut>,
    pub sides: SidesOut,
}

fn color(c: &Coloring, f: Face) -> String {
    c.color(f).to_char().to_string()
}

/// A placement as it is printed: every cube's colors, and the sides bottom to top.
fn stack_out(p: &Placement) -> StackOut {
    let side = |f: Face| p.side(f).iter().map(|c| c.to_char()).collect::<String>();
    StackOut {
        cubes: p
            .oriented
            .iter()
            .enumerate()
            .map(|(i, c)| CubeOut {
                cube: i + 1,
                faces: c.face_string(),
                top: color(c, Face::U),
                bottom: color(c, Face::D),
                front: color(c, Face::F),
                right: color(c, Face::R),
                back: color(c, Face::B),
                left: color(c, Face::L),
            })
            .collect(),
        sides: SidesOut { front: side(Face::F), right: side(Face::R), back: side(Face::B), left: side(Face::L) },
    }
}

/// `cubelab stack solve`: every solution of one stack.
#[derive(Serialize, JsonSchema)]
#[allow(missing_docs)]
pub struct StackSolveReport {
    /// The classic set solved, if one was named.
    pub classic: Option<String>,
    /// The cubes as given (face strings), bottom first.
    pub given: Vec<String>,
    pub method: stack::Method,
    pub cubes: usize,
    pub solutions: u64,
    pub placements: u64,
    pub distinct: u64,
    pub listed: usize,
    pub stacks: Vec<StackOut>,
    /// Why there is no solution, in the graph method's terms (docs/stacks.md); null when
    /// there is one.
    pub reason: Option<String>,
    #[serde(skip)]
    title: String,
}

impl Report for StackSolveReport {
    const KIND: &'static str = "stack-solve";
    type Input = SolveInput;

    fn text(&self) -> String {
        let mut s = format!("{}\n", self.title);
        s += &format!(
            "{}, {}, {} (the 8 placements of a solution: 4 quarter turns of the column, each upright or turned over)\n",
            count(self.solutions, "solution", "solutions"),
            count(self.distinct, "distinct", "distinct"),
            count(self.placements, "placement", "placements"),
        );
        if let Some(why) = &self.reason {
            s += &format!("no solution: {why}\n");
        }
        if (self.listed as u64) < self.distinct {
            s += &format!("listing the first {} distinct solutions (raise --limit for more)\n", self.listed);
        }
        for (i, st) in self.stacks.iter().enumerate() {
            s += &format!("\nsolution {} of {}: stand the cubes with cube 1 at the bottom\n", i + 1, self.distinct);
            for c in &st.cubes {
                s += &format!(
                    "  cube {}: {} on top, {} at the bottom; around it front {}, right {}, back {}, left {}   [{}]\n",
                    c.cube, c.top, c.bottom, c.front, c.right, c.back, c.left, c.faces
                );
            }
            s += &format!(
                "  sides, bottom to top: front {}  right {}  back {}  left {}\n",
                st.sides.front, st.sides.right, st.sides.back, st.sides.left
            );
        }
        s
    }

    fn svg(&self) -> Option<String> {
        let cell = 40u32;
        let gap = 24u32;
        let n = self.cubes as u32;
        let col_w = cell + gap;
        let block_w = 4 * col_w + gap;
        let block_h = n * cell + 50;
        let count = self.stacks.len().max(1) as u32;
        // Wide enough for the title (14 px), which names the classic sets at length.
        let width = block_w.max(360).max(20 + svg::text_width(&self.title, 14));
        let height = 30 + count * block_h;
        let mut out = svg::open(width, height);
        let _ = writeln!(out, "  <text x=\"10\" y=\"20\" font-size=\"14\">{}</text>", svg::escape(&self.title));
        for (i, st) in self.stacks.iter().enumerate() {
            let y0 = 30 + i as u32 * block_h;
            let sides = [
                ("front", &st.sides.front),
                ("right", &st.sides.right),
                ("back", &st.sides.back),
                ("left", &st.sides.left),
            ];
            for (k, (name, colors)) in sides.iter().enumerate() {
                let x = gap + k as u32 * col_w;
                let label = if k == 0 { format!("#{} {name}", i + 1) } else { name.to_string() };
                let _ = writeln!(
                    out,
                    "  <text x=\"{x}\" y=\"{}\" font-size=\"11\">{}</text>",
                    y0 + 14,
                    svg::escape(&label)
                );
                // Cube 1 at the bottom.
                for (j, ch) in colors.chars().enumerate() {
                    let y = y0 + 20 + (n - 1 - j as u32) * cell;
                    let c = cubelab::coloring::Color::from_char(ch).unwrap_or(cubelab::coloring::Color(0));
                    svg::square(&mut out, x, y, cell, c, &format!("{}", j + 1));
                }
            }
        }
        out += "</svg>\n";
        Some(out)
    }
}

/// Runs `stack solve`.
pub fn solve(req: &StackSolveRequest, ctx: &Context) -> Result<StackSolveReport> {
    if let Some(l) = ctx.limits() {
        limits::listed(req.limit, l, "stacks")?;
    }
    let (cubes, classic) = match &req.classic {
        Some(name) if !req.cubes.is_empty() => {
            return Err(Error::bad("give either cubes or a classic set, not both").about("classic", quoted(name)));
        }
        Some(name) => {
            let c = stack::classic(name).ok_or_else(|| {
                let names: Vec<&str> = stack::classics().iter().map(|c| c.name).collect();
                Error::bad(format!("not a classic set (known: {})", names.join(", "))).about("classic", quoted(name))
            })?;
            (c.cubes()?, Some(c))
        }
        None if req.cubes.is_empty() => return Err(Error::bad("no cubes given (give the cubes or a classic set)")),
        None => (parse_cubes(&req.cubes)?, None),
    };
    let stack = Stack::new(cubes)?;
    let method = req.method.into();
    let solved = stack.solve(method, req.limit)?;
    for p in &solved.stacks {
        // Every printed solution is checked side by side before it is shown.
        if !stack.verify(p) {
            return Err(Error::new(ErrorKind::Internal, "internal error: a listed stack does not solve the column"));
        }
    }
    let given: Vec<String> = stack.cubes().iter().map(|c| c.face_string()).collect();
    let title = match classic {
        Some(c) => format!("{}: {} cubes {}", c.title, stack.len(), given.join(" ")),
        None => format!("{} cubes {}", stack.len(), given.join(" ")),
    };
    Ok(StackSolveReport {
        classic: classic.map(|c| c.name.to_string()),
        given,
        method,
        cubes: stack.len(),
        solutions: solved.solutions,
        placements: solved.placements,
        distinct: solved.distinct,
        listed: solved.stacks.len(),
        stacks: solved.stacks.iter().map(stack_out).collect(),
        reason: (solved.solutions == 0).then(|| why_none(stack.front_back_choices())),
        title,
    })
}

/// Why a stack has no solution, from its number of front/back choices
/// ([`Stack::front_back_choices`]): none at all, or none two of which differ on every cube.
fn why_none(choices: usize) -> String {
    const NEED: &str = "put each color on exactly two of the chosen faces, as the front and back sides need";
    match choices {
        0 => format!("no choice of one pair of opposite faces on every cube can {NEED}"),
        1 => format!(
            "only one choice of a pair of opposite faces on every cube can {NEED}, and the right and left sides need \
             a second one using a different pair on every cube"
        ),
        k => format!(
            "{} of a pair of opposite faces on every cube {NEED}, but any two of them use the same pair on some cube, \
             and the right and left sides need one using a different pair on every cube",
            count(k as u64, "choice", "choices")
        ),
    }
}

/// A string value as error messages show it: in single quotes.
fn quoted(s: &str) -> String {
    format!("'{s}'")
}

// ------------------------------------------------------------------------ census

/// The request of `stack census`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StackCensusRequest {
    /// N: stacks of N cubes from C_N, the cubes using exactly N colors (2 to 6).
    pub colors: usize,
    /// Multisets (a cube may repeat) instead of sets.
    #[serde(default)]
    pub multisets: bool,
    /// The method.
    #[serde(default)]
    pub method: Method,
    /// Run only shard I of N (`"I/N"`, contiguous ranks); null for the whole census.
    #[serde(default)]
    pub shard: Option<String>,
    /// Save progress to this file (and resume from it with `resume`). The command line's
    /// and a library caller's only: refused with limits (the web names no files).
    #[serde(default)]
    pub checkpoint: Option<PathBuf>,
    /// Continue from the checkpoint file if it exists.
    #[serde(default)]
    pub resume: bool,
    /// Start afresh and replace an existing checkpoint file (without it, or `resume`, an
    /// existing file is refused).
    #[serde(default)]
    pub force: bool,
}

/// Runs `stack census`: every collection of the shard, with the context's progress (one
/// unit per collection) and stop token (looked at between batches of collections); a
/// stopped run with a checkpoint has saved it.
pub fn census(req: &StackCensusRequest, ctx: &Context) -> Result<StackCensus> {
    if let Some(l) = ctx.limits() {
        limits::stack_census(req, l)?;
    }
    if req.checkpoint.is_none() && (req.resume || req.force) {
        let field = if req.resume { "resume" } else { "force" };
        return Err(Error::bad("needs a checkpoint file").about(field, true));
    }
    if req.resume && req.force {
        return Err(Error::bad("resume and force contradict each other").about("force", true));
    }
    let shard = match &req.shard {
        Some(s) => Shard::parse(s).map_err(|e| Error::from(e).about("shard", quoted(s)))?,
        None => Shard::ALL,
    };
    stack::collections(req.colors, req.multisets).map_err(|e| Error::from(e).about("colors", req.colors))?;
    let spec = CensusOptions { colors: req.colors, multisets: req.multisets, method: req.method.into(), shard };
    let opts = Options {
        progress: ctx.progress(),
        stop: ctx.stop().clone(),
        checkpoint: req.checkpoint.as_deref(),
        resume: req.resume,
        overwrite: req.force,
        ..Options::default()
    };
    Ok(stack::census(&spec, &opts)?)
}

// ------------------------------------------------------------------------ merge

/// The request of `stack merge`: the reports of every shard of one stack census (the
/// JSON outputs of `stack census` with `shard`, read as [`StackCensus`] values: the
/// envelope's `kind`, `format_version` and `input` are ignored), each once, in any order.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StackMergeRequest {
    /// The shard reports.
    pub parts: Vec<StackCensus>,
    /// A name for each part in messages (the command line's `file 2 'part2.json'`); by
    /// default `part 1`, `part 2`, ...
    #[serde(default)]
    pub names: Vec<String>,
}

/// Runs `stack merge`: exactly the report of the whole census, or an error naming the
/// part at fault (not a shard, a wrong seal, another census, a shard missing or twice).
pub fn merge(req: &StackMergeRequest, _ctx: &Context) -> Result<StackCensus> {
    if !req.names.is_empty() && req.names.len() != req.parts.len() {
        return Err(Error::bad(format!("{} names for {} parts", req.names.len(), req.parts.len())));
    }
    let parts: Vec<(String, StackCensus)> = req
        .parts
        .iter()
        .enumerate()
        .map(|(i, r)| (req.names.get(i).cloned().unwrap_or_else(|| format!("part {}", i + 1)), r.clone()))
        .collect();
    Ok(stack::merge(&parts)?)
}

// ------------------------------------------------------------------------ classics

/// The request of `stack classics`: nothing to choose.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StackClassicsRequest {}

/// The input of `cubelab stack classics`: none.
#[derive(Serialize, JsonSchema)]
pub struct ClassicsInput {}

// One classic set with its counts (no doc comments: the published schema has none).
#[derive(Serialize, JsonSchema)]
#[allow(missing_docs)]
pub struct ClassicOut {
    pub name: &'static str,
    pub title: &'static str,
    pub year: u16,
    pub colors: &'static str,
    pub source: &'static str,
    pub cubes: Vec<&'static str>,
    pub solutions: u64,
    pub placements: u64,
    pub distinct: u64,
}

/// `cubelab stack classics`: the classic sets and their solutions.
#[derive(Serialize, JsonSchema)]
#[allow(missing_docs)]
pub struct ClassicsReport {
    pub classics: Vec<ClassicOut>,
}

impl Report for ClassicsReport {
    const KIND: &'static str = "stack-classics";
    type Input = ClassicsInput;

    fn text(&self) -> String {
        let mut s = String::new();
        for c in &self.classics {
            s += &format!(
                "{}  {}\n  cubes (U D F B L R, bottom first): {}\n  colors: {}\n  {}, {}, {}\n  source: {}\n\n",
                c.name,
                c.title,
                c.cubes.join(" "),
                c.colors,
                count(c.solutions, "solution", "solutions"),
                count(c.distinct, "distinct", "distinct"),
                count(c.placements, "placement", "placements"),
                c.source
            );
        }
        s += "solve one with: cubelab stack solve --classic NAME\n";
        s
    }
}

/// Runs `stack classics`.
pub fn classics(_req: &StackClassicsRequest, _ctx: &Context) -> Result<ClassicsReport> {
    let classics = stack::classics()
        .iter()
        .map(|c| {
            let solved = Stack::new(c.cubes()?)?.solve(stack::Method::Graph, 0)?;
            Ok(ClassicOut {
                name: c.name,
                title: c.title,
                year: c.year,
                colors: c.colors,
                source: c.source,
                cubes: c.faces.to_vec(),
                solutions: solved.solutions,
                placements: solved.placements,
                distinct: solved.distinct,
            })
        })
        .collect::<cubelab::Result<Vec<_>>>()?;
    Ok(ClassicsReport { classics })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubelab::stack::SIDES;
    use std::time::Instant;

    #[test]
    fn sides_are_read_bottom_to_top() {
        let c = stack::classic("instant-insanity").unwrap();
        let s = Stack::new(c.cubes().unwrap()).unwrap();
        let solved = s.solve(stack::Method::Graph, 1).unwrap();
        let out = stack_out(&solved.stacks[0]);
        for (k, f) in SIDES.iter().enumerate() {
            let side: String = out.cubes.iter().map(|c| [&c.front, &c.right, &c.back, &c.left][k].clone()).collect();
            assert_eq!(side, solved.stacks[0].side(*f).iter().map(|c| c.to_char()).collect::<String>());
        }
        assert_eq!(out.sides.front.len(), 4);
    }

    #[test]
    fn a_raised_token_or_a_past_deadline_stops_a_stack_census() {
        let req = StackCensusRequest { colors: 4, ..Default::default() };
        let ctx = Context::new();
        ctx.stop().request();
        let e = census(&req, &ctx).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
        let late = Context::new().with_deadline(Instant::now());
        let e = crate::run_any("stack census", serde_json::json!({"colors": 4}), &late).err().unwrap();
        assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
        // Unstopped, the same small census runs to its end.
        let r = census(&StackCensusRequest { colors: 3, ..Default::default() }, &Context::new()).unwrap();
        assert_eq!(r.histogram.iter().map(|b| b.count).sum::<u64>(), r.collections);
    }

    #[test]
    fn the_web_names_no_files_and_census_sizes_are_bounded() {
        let ctx = Context::new().with_limits(crate::Limits::default());
        let req = StackCensusRequest { colors: 3, checkpoint: Some("c.ckpt".into()), ..Default::default() };
        let e = census(&req, &ctx).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Refused, "{e}");
        assert!(e.message().contains("names no files: checkpoint 'c.ckpt'"), "{e}");
        let e = census(&StackCensusRequest { colors: 6, ..Default::default() }, &ctx).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Refused, "{e}");
    }

    #[test]
    fn solve_takes_cubes_or_a_classic() {
        let ctx = Context::new();
        let classic = StackSolveRequest { classic: Some("tantalizer".into()), limit: 5, ..Default::default() };
        let r = solve(&classic, &ctx).unwrap();
        assert_eq!(r.classic.as_deref(), Some("tantalizer"));
        let both = StackSolveRequest { cubes: vec!["Ab".into(); 4], ..classic.clone() };
        assert_eq!(solve(&both, &ctx).err().unwrap().kind(), ErrorKind::BadInput);
        let e = solve(&StackSolveRequest { classic: Some("nope".into()), ..classic }, &ctx).err().unwrap();
        assert_eq!(e.field(), Some(("classic", "'nope'")), "{e}");
        assert_eq!(solve(&StackSolveRequest::default(), &ctx).err().unwrap().kind(), ErrorKind::BadInput);
        assert_eq!(StackSolveRequest::default().limit, DEFAULT_LIMIT);
    }
}

#[cfg(test)]
mod why_none_tests {
    use super::*;

    fn reason(cubes: &str) -> (u64, Option<String>) {
        let req = StackSolveRequest { cubes: cubes.split(' ').map(String::from).collect(), ..Default::default() };
        let r = solve(&req, &Context::new()).unwrap();
        (r.solutions, r.reason)
    }

    #[test]
    fn a_stack_without_solutions_says_why_and_one_with_says_nothing() {
        assert_eq!(reason("rrbbgg rrbbgg wwbbrr ggwwbb"), (512, None));
        // no front/back choice at all, one, and two that share a pair on some cube
        for (cubes, start) in [
            ("rrrrrr rrrrrr bbbbbb gwgwgw", "no choice of one pair"),
            ("gbrwbg grbbrw bwbbgg gwbrbr", "only one choice of a pair"),
            ("grbggw rbgrrw rgrwbg gwwgrg", "2 choices of a pair"),
        ] {
            let (solutions, why) = reason(cubes);
            assert_eq!(solutions, 0, "{cubes}");
            let why = why.unwrap_or_default();
            assert!(why.starts_with(start), "{cubes}: {why}");
        }
    }
}
