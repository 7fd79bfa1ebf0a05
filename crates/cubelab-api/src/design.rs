//! `design stack`, `design blocks` and `design extended`: puzzles with exactly the
//! properties asked for, drawn uniformly at random among all such collections, with their
//! number (`cubelab::design`, docs/design.md).

use crate::error::{Error, ErrorKind, Result};
use crate::report::Report;
use crate::Context;
use cubelab::design::{self, BlockCubes, BlocksSpec, DesignError, ExtendedSpec};
use cubelab::geometry::Face;
use cubelab::notation::parse_cube;
use cubelab::stack::SIDES;
use cubelab::words::{count, thousands};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// The seed when none is given.
pub const DEFAULT_SEED: u64 = 1;

fn default_seed() -> u64 {
    DEFAULT_SEED
}

/// The request of `design stack`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DesignStackRequest {
    /// N: the number of cubes and of colors; the cubes come from `C_N` (2 to 6; 4 to 6
    /// make puzzles).
    pub cubes: usize,
    /// The exact number of solutions (placements up to the 8 symmetries of the column).
    pub solutions: u64,
    /// Allow a cube more than once (multisets).
    #[serde(default)]
    pub repeats: bool,
    /// The seed of the uniform draw.
    #[serde(default = "default_seed")]
    pub seed: u64,
}

/// The request of `design blocks`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DesignBlocksRequest {
    /// The exact number of the 30 targets the blocks build.
    #[serde(default)]
    pub targets: Option<usize>,
    /// A target the blocks must build (one of the 30 MacMahon cubes, any notation).
    #[serde(default)]
    pub target: Option<String>,
    /// The exact number of arrangements: of `target` when given, else of every target
    /// the blocks build.
    #[serde(default)]
    pub arrangements: Option<u64>,
    /// Count only arrangements whose touching inner faces all match (Conway's puzzle).
    #[serde(default)]
    pub interior: bool,
    /// Draw from the multisets of 8 MacMahon cubes (a cube may be repeated) instead of
    /// the sets of 8 distinct ones. Left out of the JSON input when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub repeats: bool,
    /// Draw from the cubes colored with exactly N colors, `C_N`: 5 (75 cubes, Sadisticube
    /// 5), for a named `target` (one of them) with or without `arrangements`; 6 or null for
    /// MacMahon's 30 cubes (3 and 4 are refused: their exact counts can take minutes).
    /// Left out of the JSON input when null.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colors: Option<u8>,
    /// Draw from a palette's blocks: 7, the 210 blocks of Sadisticube 7 (six of seven
    /// colors each), for a named `target` (one of the 210) with or without
    /// `arrangements`; null for MacMahon's 30 cubes. Left out of the JSON input when null.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub palette: Option<u8>,
    /// The seed of the uniform draw.
    #[serde(default = "default_seed")]
    pub seed: u64,
}

fn default_target() -> String {
    crate::extended::DEFAULT_TARGET.to_string()
}

/// The request of `design extended`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DesignExtendedRequest {
    /// N: the target is built as an N x N x N cube from N^3 MacMahon cubes (2 to 32).
    pub size: usize,
    /// The target (one of the 30 MacMahon cubes, any notation).
    #[serde(default = "default_target")]
    pub target: String,
    /// Exactly this many different cubes among the N^3 (any number when left out).
    #[serde(default)]
    pub types: Option<usize>,
    /// The seed of the uniform draw.
    #[serde(default = "default_seed")]
    pub seed: u64,
}

/// A cube of a design.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DesignedCube {
    /// Its name (Conway's for MacMahon cubes, else its canonical face string over 1..N).
    pub name: String,
    /// Its face string U D F B L R.
    pub faces: String,
}

/// How to stand one cube of a solved stack.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StandingCube {
    /// Position, 1 at the bottom.
    pub cube: usize,
    /// The cube as it stands (U D F B L R).
    pub faces: String,
    /// Color on top.
    pub top: String,
    /// Color at the bottom.
    pub bottom: String,
    /// Colors on the front, right, back and left sides.
    pub sides: [String; 4],
}

/// `cubelab design stack`: N cubes with exactly the solutions asked for.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StackDesignReport {
    /// How many collections of the stack census have exactly that many solutions: the
    /// draw is uniform among them.
    pub count: u64,
    /// How many collections the census has in all.
    pub collections: u64,
    /// The position of the one drawn among them in rank order (from 0).
    pub index: u64,
    /// The cubes, cube 1 (bottom) first.
    pub stack: Vec<DesignedCube>,
    /// Solutions found again by the solver.
    pub solutions: u64,
    /// Solutions that look different (side colors of every cube up to the symmetries).
    pub distinct: u64,
    /// One solution (the first distinct one), or null when there is none.
    pub solution: Option<Vec<StandingCube>>,
}

/// One target the designed blocks build.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TargetRow {
    /// The target's Conway name.
    pub target: String,
    /// Its face string.
    pub faces: String,
    /// Its arrangements (with matching inner faces when `interior`).
    pub arrangements: u64,
    /// Partial assemblies (1 to 7 corners filled) met placing blocks corner by corner in
    /// the fixed corner order.
    pub partial: u64,
    /// Dead ends among them (the empty start included): no remaining block fits the next
    /// corner. The difficulty figure (docs/design.md).
    pub dead_ends: u64,
}

/// `cubelab design blocks`: eight blocks with exactly the targets and arrangements asked for.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BlocksDesignReport {
    /// How many sets of 8 distinct MacMahon cubes (multisets of 8 with `repeats`, sets of
    /// 8 distinct cubes of C_5 with `colors` 5, of Sadisticube 7 blocks with `palette` 7)
    /// meet the request: the draw is uniform among them.
    pub count: u64,
    /// How many sets of 8 distinct MacMahon cubes there are (C(30, 8)), or multisets of 8
    /// with `repeats` (C(37, 8)), or sets of 8 cubes of C_5 with `colors` 5 (C(75, 8)) or
    /// of Sadisticube 7 blocks with `palette` 7 (C(210, 8)).
    pub collections: u64,
    /// The eight blocks, in tableau order (with `colors` 5, in the order of `cubes --colors
    /// 5`; with `palette` 7, in the order of the censuses' `--palette 7`: MacMahon's 30,
    /// then those without color 6, ..., 1).
    pub blocks: Vec<DesignedCube>,
    /// Every target they build (solved again by the general solver), in tableau order
    /// (with `colors` 5 or `palette` 7, every cube of C_5 or of Sadisticube 7 they build).
    pub targets: Vec<TargetRow>,
    #[serde(skip)]
    request: DesignBlocksRequest,
}

/// How many designs have one number of different cubes.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TypesCount {
    /// The number of different cubes.
    pub types: usize,
    /// How many multisets (designs) have that many.
    pub multisets: u128,
}

/// Cubes of one kind in one class of the designed assembly.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ClassCubes {
    /// The cube's Conway name.
    pub name: String,
    /// How many of them sit in the class.
    pub copies: u64,
    /// How one is held (face string U D F B L R as it sits; the least of the fitting ones).
    pub held: String,
    /// Its fitting orientations: 1 in a corner or an edge, 4 in a face centre (the turns
    /// about the face's axis), 24 inside.
    pub turns: u8,
}

/// One class of positions of the designed assembly.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ClassRow {
    /// Its name: `UFL` for a corner, `UF` for an edge, `U` for a face centre, `inside`.
    pub class: String,
    /// `corner`, `edge`, `face centre` or `interior`.
    pub kind: String,
    /// Its number of positions.
    pub size: u64,
    /// The cubes in it, in tableau order.
    pub cubes: Vec<ClassCubes>,
}

/// A cube of a designed multiset, with its copies.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CubeCopies {
    /// Its Conway name.
    pub name: String,
    /// Its face string U D F B L R.
    pub faces: String,
    /// How many copies.
    pub copies: u64,
}

/// `cubelab design extended`: N^3 MacMahon cubes building the target as an N x N x N cube
/// in exactly one way up to the symmetries of its position classes.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ExtendedDesignReport {
    /// N.
    pub size: usize,
    /// The target's Conway name.
    pub target: String,
    /// The target's face string.
    pub target_faces: String,
    /// How many multisets of N^3 MacMahon cubes meet the request: the draw is uniform
    /// among them.
    pub count: u128,
    /// The position of the one drawn among them in the enumeration's order (from 0).
    pub index: u128,
    /// The multiset, in tableau order.
    pub cubes: Vec<CubeCopies>,
    /// The one assembly up to the symmetries of the classes: every class with positions.
    pub classes: Vec<ClassRow>,
    /// All arrangements of the cubes building the target (every position and
    /// orientation): the permutations of each class's cubes and the turns of face-centre
    /// and interior cubes of the one assembly; null when above 2^128.
    pub arrangements: Option<u128>,
    /// How many designs (for any number of different cubes) have each number of
    /// different cubes.
    pub by_types: Vec<TypesCount>,
}

/// A library design error as a typed error naming the request field at fault.
fn failure(e: DesignError, value: impl Fn(&str) -> String) -> Error {
    let error = Error::new(ErrorKind::of(e.error.kind()), e.error.message().to_string());
    match e.field {
        Some(field) => error.about(field, value(field)),
        None => error,
    }
}

/// Runs `design stack`.
pub fn run_stack(req: &DesignStackRequest, ctx: &Context) -> Result<StackDesignReport> {
    let d = design::stack(req.cubes, req.solutions, req.repeats, req.seed, ctx.stop())
        .map_err(|e| failure(e, |f| if f == "cubes" { req.cubes.to_string() } else { req.solutions.to_string() }))?;
    let solution = d.solved.stacks.first().map(|p| {
        p.oriented
            .iter()
            .enumerate()
            .map(|(i, o)| StandingCube {
                cube: i + 1,
                faces: o.face_string(),
                top: o.color(Face::U).to_char().to_string(),
                bottom: o.color(Face::D).to_char().to_string(),
                sides: SIDES.map(|f| o.color(f).to_char().to_string()),
            })
            .collect()
    });
    Ok(StackDesignReport {
        count: d.count,
        collections: d.collections,
        index: d.index,
        stack: d
            .cubes
            .iter()
            .zip(&d.names)
            .map(|(c, n)| DesignedCube { name: n.clone(), faces: c.face_string() })
            .collect(),
        solutions: d.solved.solutions,
        distinct: d.solved.distinct,
        solution,
    })
}

/// Runs `design blocks`.
pub fn run_blocks(req: &DesignBlocksRequest, ctx: &Context) -> Result<BlocksDesignReport> {
    let target = match &req.target {
        Some(t) => Some(parse_cube(t).map_err(|e| Error::from(e).about("target", t))?),
        None => None,
    };
    let spec = BlocksSpec {
        targets: req.targets,
        target,
        arrangements: req.arrangements,
        interior: req.interior,
        repeats: req.repeats,
        cubes: block_cubes(req)?,
        seed: req.seed,
    };
    let show = |v: Option<String>| v.unwrap_or_else(|| "(none)".to_string());
    let d = design::blocks(&spec, ctx.stop()).map_err(|e| {
        failure(e, |f| match f {
            "targets" => show(req.targets.map(|t| t.to_string())),
            "target" => show(req.target.clone()),
            "interior" => req.interior.to_string(),
            "repeats" => req.repeats.to_string(),
            "palette" => show(req.palette.map(|p| p.to_string())),
            "colors" => show(req.colors.map(|c| c.to_string())),
            _ => show(req.arrangements.map(|a| a.to_string())),
        })
    })?;
    let wide = |n: u128| u64::try_from(n).unwrap_or(u64::MAX);
    Ok(BlocksDesignReport {
        count: d.count,
        collections: d.collections,
        blocks: d
            .cubes
            .iter()
            .zip(&d.names)
            .map(|(c, n)| DesignedCube { name: n.clone(), faces: c.face_string() })
            .collect(),
        targets: d
            .built
            .iter()
            .map(|b| TargetRow {
                target: b.name.clone(),
                faces: b.target.face_string(),
                arrangements: b.arrangements,
                partial: wide(b.partial),
                dead_ends: wide(b.dead_ends),
            })
            .collect(),
        request: req.clone(),
    })
}

/// Where the blocks of a request come from: `colors` N (6 is MacMahon's; the library
/// takes 5 and refuses the others) or `palette` 7, not both.
fn block_cubes(req: &DesignBlocksRequest) -> Result<BlockCubes> {
    match (req.colors, req.palette) {
        (Some(c), Some(_)) => {
            Err(Error::new(ErrorKind::BadInput, "give the cubes' colors (C_N) or a palette (Sadisticube 7), not both")
                .about("colors", c))
        }
        (None | Some(6), None) => Ok(BlockCubes::MacMahon),
        (Some(c), None) => Ok(BlockCubes::Colors(c)),
        (None, Some(7)) => Ok(BlockCubes::Sadisticube7),
        (None, Some(p)) => Err(Error::new(
            ErrorKind::BadInput,
            format!("no palette {p}: the only palette is 7 (Sadisticube 7); for C_N give colors N"),
        )
        .about("palette", p)),
    }
}

/// Runs `design extended`.
pub fn run_extended(req: &DesignExtendedRequest, ctx: &Context) -> Result<ExtendedDesignReport> {
    // Sizes out of range are bad input (below), not work refused.
    if let (Some(l), true) = (ctx.limits(), req.size <= cubelab::extended::MAX_SIZE) {
        crate::limits::design_extended(req.size, l)?;
    }
    let target = parse_cube(&req.target).map_err(|e| Error::from(e).about("target", &req.target))?;
    let spec = ExtendedSpec { size: req.size, target, types: req.types, seed: req.seed };
    let d = design::extended(&spec, ctx.stop()).map_err(|e| {
        failure(e, |f| match f {
            "size" => req.size.to_string(),
            "target" => req.target.clone(),
            _ => req.types.map_or_else(|| "(none)".to_string(), |t| t.to_string()),
        })
    })?;
    let macmahon = cubelab::macmahon::cubes();
    Ok(ExtendedDesignReport {
        size: req.size,
        target: d.target_name.clone(),
        target_faces: d.spec.target.face_string(),
        count: d.count,
        index: d.index,
        cubes: d
            .blocks
            .iter()
            .map(|&(t, copies)| CubeCopies {
                name: macmahon[t].name.to_string(),
                faces: macmahon[t].coloring.face_string(),
                copies,
            })
            .collect(),
        classes: d
            .classes
            .iter()
            .map(|f| ClassRow {
                class: f.class.name(),
                kind: f.class.kind.word().to_string(),
                size: f.class.size,
                cubes: f
                    .blocks
                    .iter()
                    .map(|b| ClassCubes {
                        name: b.name.clone(),
                        copies: b.copies,
                        held: b.held.face_string(),
                        turns: b.turns,
                    })
                    .collect(),
            })
            .collect(),
        arrangements: d.arrangements,
        by_types: d.by_types.iter().map(|&(types, multisets)| TypesCount { types, multisets }).collect(),
    })
}

/// The cubes of a design with their captions, as the picture draws them (a face string
/// that does not parse, which the designs never give, is left out).
fn drawn(cubes: impl IntoIterator<Item = (String, String)>) -> Vec<(String, cubelab::coloring::Coloring)> {
    cubes.into_iter().filter_map(|(caption, faces)| parse_cube(&faces).ok().map(|c| (caption, c))).collect()
}

impl Report for ExtendedDesignReport {
    const KIND: &'static str = "design-extended";
    type Input = DesignExtendedRequest;

    fn text(&self) -> String {
        let n = self.size;
        let mut s = format!(
            "{} MacMahon cubes building {} as a {n} x {n} x {n} cube in exactly one way up to the symmetries of \
             its position classes: one of {} (drawn uniformly; number {} in enumeration order, from 0)\n",
            n * n * n,
            self.target,
            count(self.count, "multiset", "multisets"),
            self.index
        );
        let cubes: Vec<String> = self.cubes.iter().map(|c| format!("{} {}", c.copies, c.name)).collect();
        let _ = writeln!(s, "cubes: {}", cubes.join(", "));
        s += "class   positions  cubes (copies, name, held as U D F B L R)\n";
        for c in &self.classes {
            let held: Vec<String> = c
                .cubes
                .iter()
                .map(|b| match b.turns {
                    1 => format!("{} {} as {}", b.copies, b.name, b.held),
                    t => format!("{} {} (any of {t} turns)", b.copies, b.name),
                })
                .collect();
            let _ = writeln!(s, "{:<7} {:>9}  {}", c.class, c.size, held.join(", "));
        }
        let _ = match self.arrangements {
            Some(a) => writeln!(
                s,
                "{}, all this one assembly with the cubes of each class permuted and",
                count(a, "arrangement", "arrangements")
            ),
            None => writeln!(
                s,
                "more than 2^128 arrangements, all this one assembly with the cubes of each class permuted and"
            ),
        };
        s += "face-centre and inner cubes turned (docs/design.md)\n";
        let by: Vec<String> = self.by_types.iter().map(|b| format!("{}: {}", b.types, b.multisets)).collect();
        let _ = writeln!(s, "designs by number of different cubes: {}", by.join(", "));
        s
    }

    /// Each class's cubes as one is held there.
    fn svg(&self) -> Option<String> {
        let n = self.size;
        let title = format!(
            "{} as a {n} x {n} x {n} cube in one way: one of {}",
            self.target,
            count(self.count, "multiset", "multisets")
        );
        let cubes = self.classes.iter().flat_map(|c| {
            c.cubes.iter().map(move |b| (format!("{}: {} x {}", c.class, b.copies, b.name), b.held.clone()))
        });
        Some(crate::svg::cubes(&title, &drawn(cubes)))
    }
}

impl Report for StackDesignReport {
    const KIND: &'static str = "design-stack";
    type Input = DesignStackRequest;

    fn text(&self) -> String {
        let n = self.stack.len();
        let mut s = format!(
            "{n} cubes of C_{n} stacking with exactly {}: one of {} (drawn uniformly; number {} in rank order, from 0)\n",
            count(self.solutions, "solution", "solutions"),
            count(self.count, "collection", "collections"),
            self.index,
        );
        for (i, c) in self.stack.iter().enumerate() {
            let _ = writeln!(s, "cube {}: {} (faces U D F B L R)", i + 1, c.faces);
        }
        let _ = writeln!(
            s,
            "solutions {}, distinct-looking {}; {} collections in the census",
            self.solutions,
            self.distinct,
            thousands(self.collections)
        );
        if let Some(cubes) = &self.solution {
            s += "a solution (bottom first): top/bottom, then front right back left\n";
            for c in cubes {
                let _ = writeln!(s, "  cube {}: {}/{}  {}", c.cube, c.top, c.bottom, c.sides.join(" "));
            }
        }
        s
    }

    /// The cubes, bottom first; as they stand in the solution shown when there is one.
    fn svg(&self) -> Option<String> {
        let n = self.stack.len();
        let title = format!(
            "{n} cubes of C_{n} with exactly {}: one of {}",
            count(self.solutions, "solution", "solutions"),
            count(self.count, "collection", "collections")
        );
        let cubes: Vec<(String, String)> = match &self.solution {
            Some(standing) => {
                standing.iter().map(|c| (format!("cube {} as it stands", c.cube), c.faces.clone())).collect()
            }
            None => self.stack.iter().enumerate().map(|(i, c)| (format!("cube {}", i + 1), c.faces.clone())).collect(),
        };
        Some(crate::svg::cubes(&title, &drawn(cubes)))
    }
}

impl Report for BlocksDesignReport {
    const KIND: &'static str = "design-blocks";
    type Input = DesignBlocksRequest;

    fn text(&self) -> String {
        let r = &self.request;
        let mut wants = Vec::new();
        if let Some(t) = r.targets {
            wants.push(format!("exactly {}", count(t, "target", "targets")));
        }
        if let Some(t) = &r.target {
            wants.push(format!("target {t}"));
        }
        if let Some(a) = r.arrangements {
            let each = if r.target.is_some() { "" } else { " each" };
            wants.push(format!("in {}{each}", count(a, "arrangement", "arrangements")));
        }
        if r.interior {
            wants.push("matching inner faces".to_string());
        }
        let from = match r.repeats {
            true => "multisets of 8 MacMahon cubes, repeats allowed".to_string(),
            false => format!("sets of 8 distinct {}", block_cubes(r).unwrap_or_default().words()),
        };
        let mut s = format!(
            "8 blocks building {}: one of {} of the {} {from} (drawn uniformly)\n",
            wants.join(", "),
            thousands(self.count),
            thousands(self.collections)
        );
        let names: Vec<&str> = self.blocks.iter().map(|b| b.name.as_str()).collect();
        let faces: Vec<&str> = self.blocks.iter().map(|b| b.faces.as_str()).collect();
        let _ = writeln!(s, "blocks: {}", names.join(" "));
        let _ = writeln!(s, "faces:  {}", faces.join(" "));
        if self.targets.is_empty() {
            s += "they build no target\n";
            return s;
        }
        s += "target  faces   arrangements  dead ends  partial assemblies\n";
        for t in &self.targets {
            let _ =
                writeln!(s, "{:<7} {} {:>12} {:>10} {:>19}", t.target, t.faces, t.arrangements, t.dead_ends, t.partial);
        }
        s += "dead ends: positions met placing blocks corner by corner (fixed corner order) where no\n";
        s += "remaining block fits the next corner (docs/design.md)\n";
        s
    }

    /// The eight blocks, each captioned by its name.
    fn svg(&self) -> Option<String> {
        let built: Vec<&str> = self.targets.iter().map(|t| t.target.as_str()).collect();
        let title = match built.len() {
            0 => format!("8 blocks building no target: one of {}", count(self.count, "set", "sets")),
            n if n <= 4 => {
                format!("8 blocks building {}: one of {}", built.join(", "), count(self.count, "set", "sets"))
            }
            n => format!("8 blocks building {n} targets: one of {}", count(self.count, "set", "sets")),
        };
        Some(crate::svg::cubes(&title, &drawn(self.blocks.iter().map(|b| (b.name.clone(), b.faces.clone())))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Format;

    #[test]
    fn a_stack_design_renders_and_names_the_field_at_fault() {
        let req = DesignStackRequest { cubes: 4, solutions: 1, repeats: false, seed: 3 };
        let r = run_stack(&req, &Context::new()).unwrap();
        assert_eq!(r.count, 25_524);
        assert_eq!(r.solutions, 1);
        let json = crate::render(&r, &req, Format::Json).unwrap();
        assert!(json.contains("\"kind\": \"design-stack\""), "{json}");
        assert!(r.text().starts_with("4 cubes of C_4 stacking with exactly 1 solution: one of 25,524"));
        let e = run_stack(&DesignStackRequest { cubes: 6, ..req.clone() }, &Context::new()).unwrap_err();
        assert_eq!(e.field(), Some(("solutions", "1")));
        assert_eq!(e.kind(), ErrorKind::BadInput);
        let e = run_stack(&DesignStackRequest { cubes: 9, ..req }, &Context::new()).unwrap_err();
        assert_eq!(e.field(), Some(("cubes", "9")));
    }

    #[test]
    fn an_extended_design_renders_and_names_the_field_at_fault() {
        let req = DesignExtendedRequest { size: 2, target: "Ba".into(), types: Some(7), seed: 4 };
        let r = run_extended(&req, &Context::new()).unwrap();
        assert_eq!((r.count, r.cubes.len(), r.arrangements), (190_272, 7, Some(1)));
        assert_eq!(r.classes.len(), 8);
        let json = crate::render(&r, &req, Format::Json).unwrap();
        assert!(json.contains("\"kind\": \"design-extended\""), "{json}");
        assert!(r.text().starts_with("8 MacMahon cubes building Ba as a 2 x 2 x 2 cube in exactly one way"));
        let e = run_extended(&DesignExtendedRequest { types: Some(8), ..req.clone() }, &Context::new()).unwrap_err();
        assert_eq!(e.field(), Some(("types", "8")));
        assert_eq!(e.kind(), ErrorKind::BadInput);
        let e = run_extended(&DesignExtendedRequest { size: 40, ..req.clone() }, &Context::new()).unwrap_err();
        assert_eq!(e.field(), Some(("size", "40")));
        let e =
            run_extended(&DesignExtendedRequest { target: "Xx".into(), ..req.clone() }, &Context::new()).unwrap_err();
        assert_eq!(e.field(), Some(("target", "Xx")));
        // Within the web's limits: N up to 4; a size out of range is still bad input.
        let limited = Context::new().with_limits(crate::Limits::default());
        assert_eq!(run_extended(&req, &limited).unwrap().count, 190_272);
        let e = run_extended(&DesignExtendedRequest { size: 5, ..req.clone() }, &limited).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Refused, "{e}");
        assert!(e.message().contains("(N at most 4)"), "{e}");
        let e = run_extended(&DesignExtendedRequest { size: 40, ..req }, &limited).unwrap_err();
        assert_eq!((e.kind(), e.field()), (ErrorKind::BadInput, Some(("size", "40"))));
    }

    #[test]
    fn a_blocks_design_renders_and_names_the_field_at_fault() {
        let req = DesignBlocksRequest {
            targets: Some(5),
            target: None,
            arrangements: None,
            interior: false,
            repeats: false,
            colors: None,
            palette: None,
            seed: 1,
        };
        let r = run_blocks(&req, &Context::new()).unwrap();
        assert_eq!((r.count, r.targets.len()), (360, 5));
        assert!(r.text().contains("one of 360 of the 5,852,925 sets"), "{}", r.text());
        // Sadisticube 7's blocks: the palette reaches the library, the text says so.
        let seven = DesignBlocksRequest {
            targets: None,
            target: Some("Ba".into()),
            arrangements: Some(232),
            palette: Some(7),
            ..req.clone()
        };
        let r = run_blocks(&seven, &Context::new()).unwrap();
        assert_eq!(r.count, 44);
        assert!(r.text().contains("sets of 8 distinct Sadisticube 7 blocks"), "{}", r.text());
        let json = crate::render(&r, &seven, Format::Json).unwrap();
        assert!(json.contains("\"palette\": 7"), "{json}");
        let e = run_blocks(&DesignBlocksRequest { palette: Some(5), ..seven.clone() }, &Context::new()).unwrap_err();
        assert_eq!(e.field(), Some(("palette", "5")));
        let e = run_blocks(&DesignBlocksRequest { colors: Some(5), ..seven.clone() }, &Context::new()).unwrap_err();
        assert_eq!(e.field(), Some(("colors", "5")));
        let e = run_blocks(&DesignBlocksRequest { colors: Some(4), palette: None, ..seven.clone() }, &Context::new())
            .unwrap_err();
        assert_eq!(e.field(), Some(("colors", "4")));
        // C_5 (Sadisticube 5): a target of its own.
        let five = DesignBlocksRequest { colors: Some(5), palette: None, target: Some("112345".into()), ..seven };
        let r = run_blocks(&five, &Context::new()).unwrap();
        assert!(r.text().contains("of the 16,871,053,725 sets of 8 distinct cubes of C_5"), "{}", r.text());
        assert!(crate::render(&r, &five, Format::Json).unwrap().contains("\"colors\": 5"));
        let e = run_blocks(&DesignBlocksRequest { targets: Some(6), ..req.clone() }, &Context::new()).unwrap_err();
        assert_eq!(e.field(), Some(("targets", "6")));
        let e = run_blocks(&DesignBlocksRequest { target: Some("Xx".into()), ..req }, &Context::new()).unwrap_err();
        assert_eq!(e.field(), Some(("target", "Xx")));
    }
}
