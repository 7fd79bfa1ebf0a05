//! `build`: every outer cube a set of blocks can build, with its solution number.

use crate::error::Result;
use crate::extended::{self, BuildExtendedReport};
use crate::report::{Format, Report};
use crate::{limits, Context};
use cubelab::notation::{names_of, parse_cubes};
use cubelab::target::{Blocks, CORNERS};
use cubelab::words::count;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The request of `build`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BuildRequest {
    /// The blocks, in any notation (at least 8, or N³ with `size` N; repeats allowed).
    pub blocks: Vec<String>,
    /// Improper targets are tried too: every coloring over the blocks' colors.
    #[serde(default)]
    pub improper: bool,
    /// N: build N x N x N targets (MacMahon's extended puzzle); 2 by default.
    #[serde(default = "two")]
    pub size: usize,
}

/// The default size of `build` and `solve`: the 2x2x2 cube.
pub(crate) fn two() -> usize {
    2
}

/// The input of `cubelab build`.
#[derive(Serialize, JsonSchema)]
pub struct Input {
    /// The blocks as given, in any notation.
    blocks: Vec<String>,
    /// `--improper`: improper targets are tried too.
    pub improper: bool,
}

/// One target the blocks build.
#[derive(Serialize, JsonSchema)]
pub struct Built {
    /// The target's canonical face string U D F B L R.
    pub target: String,
    /// Its Conway name (or Sobczyk symbol), or null.
    pub name: Option<String>,
    /// Number of arrangements building it.
    pub arrangements: u128,
    /// Whether it uses six different colors.
    pub proper: bool,
}

/// `cubelab build`: every target the blocks build.
#[derive(Serialize, JsonSchema)]
pub struct BuildReport {
    /// Number of blocks.
    pub blocks: usize,
    /// The blocks' colors, one character each.
    pub colors: String,
    /// Improper targets were tried too.
    pub improper: bool,
    /// The targets built, with their solution numbers.
    pub targets: Vec<Built>,
}

impl Report for BuildReport {
    const KIND: &'static str = "build";
    type Input = Input;

    fn text(&self) -> String {
        let n = self.targets.len();
        let kind = if self.improper {
            format!("{} (proper and improper)", count(n, "target", "targets"))
        } else {
            count(n, "proper target", "proper targets")
        };
        let mut s = format!("{} blocks over colors {}: {kind} can be built\n", self.blocks, self.colors);
        s += if self.improper {
            "(target: a 2x2x2 cube of 8 blocks, one color per face; proper: six different colors; improper: a color repeated)\n"
        } else {
            "(target: a 2x2x2 cube of 8 blocks, one color per face; proper: six different colors; --improper adds the others)\n"
        };
        if !self.targets.is_empty() {
            s += &format!("{:<8} {:<6} {}\n", "target", "name", "arrangements");
        }
        for t in &self.targets {
            s += &format!("{:<8} {:<6} {}\n", t.target, t.name.as_deref().unwrap_or("-"), t.arrangements);
        }
        if self.targets.is_empty() && !self.improper && self.colors.chars().count() < 6 {
            s += "(a proper target needs six different colors; try --improper)\n";
        }
        s
    }
}

/// The report of `build`: the 2x2x2 puzzle, or the extended one (`size` N ≠ 2).
pub enum BuildOutput {
    /// N = 2.
    Cube(BuildReport),
    /// N ≠ 2.
    Extended(BuildExtendedReport),
}

impl BuildOutput {
    /// The report with the request's `"input"`, ready to render in any format or hand
    /// over its envelope: the one place that pairs each report with its input.
    pub fn rendered(self, req: &BuildRequest) -> crate::AnyReport {
        match self {
            BuildOutput::Cube(r) => Box::new((r, Input::of(req))),
            BuildOutput::Extended(r) => Box::new((r, extended::BuildInput::of(req))),
        }
    }

    /// The report rendered in `format`, with the request's `"input"`.
    pub fn render(self, req: &BuildRequest, format: Format) -> Result<String> {
        self.rendered(req).render(format)
    }
}

impl Input {
    /// The input echoed for a request (N = 2).
    pub fn of(req: &BuildRequest) -> Input {
        Input { blocks: req.blocks.clone(), improper: req.improper }
    }
}

/// Runs `build`.
pub fn run(req: &BuildRequest, ctx: &Context) -> Result<BuildOutput> {
    if let Some(l) = ctx.limits() {
        limits::blocks(&req.blocks, req.improper, req.size, l)?;
    }
    if req.size != 2 {
        return Ok(BuildOutput::Extended(extended::build(req, ctx)?));
    }
    let cubes = parse_cubes(&req.blocks)?;
    if cubes.len() < CORNERS {
        return Err(crate::Error::bad(format!("a 2x2x2 cube needs 8 blocks, {} given", cubes.len())));
    }
    let blocks = Blocks::new(&cubes)?;
    // Finite but long with many blocks (60 with improper targets: minutes): progress
    // over the candidate targets.
    let targets = blocks.buildable_targets_with(req.improper, ctx.progress(), ctx.stop())?;
    let targets = targets
        .into_iter()
        .map(|(t, n)| Built {
            target: t.face_string(),
            name: names_of(&t).short(),
            arrangements: n,
            proper: t.is_proper(),
        })
        .collect();
    Ok(BuildOutput::Cube(BuildReport {
        blocks: cubes.len(),
        colors: blocks.palette().iter().map(|c| c.to_char()).collect(),
        improper: req.improper,
        targets,
    }))
}
