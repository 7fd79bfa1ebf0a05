//! `extended`: the census questions of the extended target puzzle over MacMahon's 30 cubes
//! for one N (docs/extended.md).

use super::ExtendedRequest;
use crate::error::{Error, ErrorKind, Result};
use crate::report::Report;
use crate::Context;
use cubelab::coloring::Coloring;
use cubelab::extended::census::{Census, Obstruction};
use cubelab::extended::search::search_until;
use cubelab::histogram::Bin;
use cubelab::notation::{names_of, parse_cube};
use cubelab::rng::SplitMix64;
use schemars::JsonSchema;
use serde::Serialize;

/// The most nodes of the direct search that checks question (c).
const SEARCH_NODES: u64 = 5_000_000;

/// The input of `cubelab extended`.
#[derive(Serialize, JsonSchema)]
pub struct CensusInput {
    /// `--size`.
    size: usize,
    /// `--target`, as given.
    target: String,
    /// `--samples`.
    samples: u64,
    /// `--restarts`.
    restarts: u64,
    /// `--steps`.
    steps: u64,
    /// `--seed`.
    seed: u64,
}

impl CensusInput {
    /// The input of a request.
    pub fn of(req: &ExtendedRequest) -> CensusInput {
        CensusInput {
            size: req.size,
            target: req.target.clone(),
            samples: req.samples,
            restarts: req.restarts,
            steps: req.steps,
            seed: req.seed,
        }
    }
}

/// A multiset of MacMahon cubes.
#[derive(Serialize, JsonSchema)]
pub struct MultisetOut {
    /// Conway's name of each cube used and how many copies.
    pub cubes: Vec<NamedCount>,
    /// Total number of cubes.
    pub size: u64,
}

/// A cube and a count.
#[derive(Serialize, JsonSchema)]
pub struct NamedCount {
    /// Conway's name.
    pub cube: String,
    /// Copies.
    pub count: u64,
}

/// One Hall obstruction.
#[derive(Serialize, JsonSchema)]
pub struct ObstructionOut {
    /// The cubes outside the closed set U (Conway's names).
    pub outside: Vec<String>,
    /// At least this many blocks must be among them.
    pub deficit: u64,
}

/// Question (a).
#[derive(Serialize, JsonSchema)]
pub struct QuestionA {
    /// Number of obstructions (the empty set, deficit N^3, included).
    pub obstructions: usize,
    /// How many obstructions have each deficit (ascending).
    pub by_deficit: Vec<Bin>,
    /// The obstructions with the fewest cubes outside (at most 12), deficit descending.
    pub smallest: Vec<ObstructionOut>,
    /// Random multisets of N^3 cubes drawn.
    pub samples: u64,
    /// How many of them build the target (flow).
    pub built: u64,
    /// Whether the flow and the obstruction test agreed on every sample.
    pub methods_agree: bool,
}

/// Question (b).
#[derive(Serialize, JsonSchema)]
pub struct QuestionB {
    /// The smallest k such that every k-multiset builds the target: always null (none).
    pub given_target_k: Option<u64>,
    /// Why: the target's mirror image, any number of copies of which fit no corner.
    pub given_target_witness: String,
    /// The largest multiset found that fills no target's frame (corners and edges), by the
    /// local search: it builds no target however many cubes are added to it, of no type.
    pub largest_infeasible_found: MultisetOut,
    /// max(N^3, that size + 1): the smallest k with every k-multiset building some target
    /// is at least this (a lower bound from a search, not a proof).
    pub lower_bound_k: u64,
    /// Random N^3-multisets drawn.
    pub samples: u64,
    /// How many of them build some target.
    pub built_some: u64,
}

/// Question (c).
#[derive(Serialize, JsonSchema)]
pub struct QuestionC {
    /// Eight cubes building the target as a 2x2x2 cube.
    pub two_by_two: Vec<String>,
    /// The multiset: those eight and copies of a cube fitting no corner of the target.
    pub multiset: MultisetOut,
    /// Whether it builds the target N x N x N (flow).
    pub builds_target: bool,
    /// The same by direct search (null when its node budget ran out).
    pub builds_target_by_search: Option<bool>,
    /// Whether it builds some target N x N x N.
    pub builds_some_target: bool,
}

/// `cubelab extended`: the census questions of the extended puzzle.
#[derive(Serialize, JsonSchema)]
pub struct ExtendedCensusReport {
    /// N.
    pub size: usize,
    /// The target of (a) and (c), face string.
    pub target: String,
    /// Its Conway name.
    pub name: Option<String>,
    /// N^3.
    pub positions: u64,
    /// (a) the multisets building the target.
    pub a: QuestionA,
    /// (b) the smallest sizes that guarantee a build.
    pub b: QuestionB,
    /// (c) a 2x2x2 solution inside a multiset does not suffice for the same target.
    pub c: QuestionC,
}

/// A multiset given by its counts per type of `census`, with the cubes' names.
pub(super) fn multiset_out(census: &Census, counts: &[u64]) -> MultisetOut {
    MultisetOut {
        cubes: counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(t, &c)| NamedCount { cube: names_of(&census.types()[t]).short().unwrap_or_default(), count: c })
            .collect(),
        size: counts.iter().sum(),
    }
}

/// A multiset as text: `Ab 3xBc ...`.
pub(super) fn multiset_text(m: &MultisetOut) -> String {
    m.cubes
        .iter()
        .map(|c| if c.count == 1 { c.cube.clone() } else { format!("{}x{}", c.count, c.cube) })
        .collect::<Vec<_>>()
        .join(" ")
}

impl Report for ExtendedCensusReport {
    const KIND: &'static str = "extended-census";
    type Input = CensusInput;

    fn text(&self) -> String {
        let n = self.size;
        let name = self.name.as_deref().unwrap_or("-");
        let mut s = format!("extended target puzzle, {n}x{n}x{n} ({} positions), target {name}\n", self.positions);
        let a = &self.a;
        s += &format!(
            "\n(a) a multiset builds {name} iff it has at least `deficit` cubes outside each of {} closed sets (Hall):\n",
            a.obstructions
        );
        s += "    deficit  obstructions\n";
        for b in &a.by_deficit {
            s += &format!("    {:>7}  {}\n", b.value, b.count);
        }
        s += "    fewest cubes outside:\n";
        for o in &a.smallest {
            s += &format!("      at least {:>2} of {}\n", o.deficit, o.outside.join(" "));
        }
        s += &format!(
            "    {} of {} random {}-multisets build it (flow and obstructions {})\n",
            a.built,
            a.samples,
            self.positions,
            if a.methods_agree { "agree" } else { "DISAGREE" }
        );
        let b = &self.b;
        s += &format!("\n(b) every k-multiset builds {name}: no such k ({})\n", b.given_target_witness);
        s += &format!(
            "    largest multiset filling no frame found: {} cubes: {}\n",
            b.largest_infeasible_found.size,
            multiset_text(&b.largest_infeasible_found)
        );
        s += &format!(
            "    so the smallest k with every k-multiset building some target is at least {} (a search, not a proof)\n",
            b.lower_bound_k
        );
        s += &format!("    {} of {} random {}-multisets build some target\n", b.built_some, b.samples, self.positions);
        let c = &self.c;
        s += &format!(
            "\n(c) {} builds {name} as a 2x2x2 cube; with them, {}:\n    builds {name} {n}x{n}x{n}: {} (search: {}); builds some target: {}\n",
            c.two_by_two.join(" "),
            multiset_text(&c.multiset),
            c.builds_target,
            c.builds_target_by_search.map_or("budget ran out".to_string(), |b| b.to_string()),
            c.builds_some_target
        );
        s
    }
}

/// An internal failure (a bug).
fn internal(message: &str) -> Error {
    Error::new(ErrorKind::Internal, format!("internal: {message}"))
}

/// Runs the census questions (the size is checked).
pub(super) fn run(req: &ExtendedRequest, ctx: &Context) -> Result<ExtendedCensusReport> {
    let n = req.size;
    let quoted = || format!("'{}'", req.target);
    let target = parse_cube(&req.target).map_err(|e| Error::from(e).about("target", quoted()))?;
    let census = Census::macmahon(n)?;
    let ti = census
        .targets()
        .iter()
        .position(|t| t.same_cube(&target))
        .ok_or_else(|| Error::bad("not one of MacMahon's 30 cubes").about("target", quoted()))?;
    let positions = (n as u64).pow(3);
    let obs = census.obstructions(ti);
    let sampled = sample(&census, ti, &obs, positions, req, ctx)?;
    let a = question_a(&census, &obs, &sampled, req.samples);
    let b = question_b(&census, &target, positions, req, sampled.built_some, ctx)?;
    let c = question_c(&census, ti, &target, n, positions, ctx)?;
    Ok(ExtendedCensusReport {
        size: n,
        target: target.face_string(),
        name: names_of(&target).short(),
        positions,
        a,
        b,
        c,
    })
}

/// What the random N^3-multisets of (a) and (b) build.
struct Sampled {
    /// How many build the target (flow).
    built: u64,
    /// Whether the flow and the obstruction test agreed on every one.
    agree: bool,
    /// How many build some target.
    built_some: u64,
}

/// Draws `req.samples` random multisets of `positions` cubes (seed `req.seed`) and checks
/// each, one unit of progress each; the stop token is looked at before each.
fn sample(
    census: &Census,
    ti: usize,
    obs: &[Obstruction],
    positions: u64,
    req: &ExtendedRequest,
    ctx: &Context,
) -> Result<Sampled> {
    let mut rng = SplitMix64(req.seed);
    let (mut built, mut agree, mut built_some) = (0u64, true, 0u64);
    let progress = ctx.progress();
    progress.start("samples", req.samples, 0);
    for _ in 0..req.samples {
        if ctx.stop().is_requested() {
            return Err(Error::new(ErrorKind::Stopped, "stopped while checking the random multisets"));
        }
        let m = census.random_multiset(positions, &mut rng);
        let f = census.builds(ti, &m);
        agree &= f == Census::builds_by_obstructions(obs, &m);
        built += f as u64;
        built_some += census.builds_any(&m) as u64;
        progress.advance(1);
    }
    Ok(Sampled { built, agree, built_some })
}

/// (a): the Hall obstructions of the target by deficit, the smallest ones, and the samples.
fn question_a(census: &Census, obs: &[Obstruction], sampled: &Sampled, samples: u64) -> QuestionA {
    let mut by = std::collections::BTreeMap::new();
    for o in obs {
        *by.entry(o.deficit).or_insert(0u64) += 1;
    }
    let mut small: Vec<_> = obs.iter().filter(|o| o.outside.count_ones() < 30).collect();
    small.sort_by_key(|o| (o.outside.count_ones(), std::cmp::Reverse(o.deficit), o.outside));
    let names = |mask: u32| -> Vec<String> {
        (0..30)
            .filter(|t| mask >> t & 1 == 1)
            .map(|t| names_of(&census.types()[t]).short().unwrap_or_default())
            .collect()
    };
    QuestionA {
        obstructions: obs.len(),
        by_deficit: by.into_iter().map(|(value, count)| Bin { value, count }).collect(),
        smallest: small
            .iter()
            .take(12)
            .map(|o| ObstructionOut { outside: names(o.outside), deficit: o.deficit })
            .collect(),
        samples,
        built: sampled.built,
        methods_agree: sampled.agree,
    }
}

/// (b): no k for the target (its mirror image), and the local search's largest multiset
/// filling no frame.
fn question_b(
    census: &Census,
    target: &Coloring,
    positions: u64,
    req: &ExtendedRequest,
    built_some: u64,
    ctx: &Context,
) -> Result<QuestionB> {
    let mirror = target.mirror();
    let mirror_name = names_of(&mirror).short().unwrap_or_else(|| mirror.face_string());
    let (best, example) =
        census.largest_infeasible_found(req.restarts, req.steps, req.seed, ctx.progress(), ctx.stop())?;
    Ok(QuestionB {
        given_target_k: None,
        given_target_witness: format!("any number of copies of its mirror image {mirror_name} fit no corner"),
        largest_infeasible_found: multiset_out(census, &example),
        lower_bound_k: positions.max(best + 1),
        samples: req.samples,
        built_some,
    })
}

/// (c): a 2x2x2 solution of the target, then copies of the cube fitting no corner and
/// the fewest positions.
fn question_c(
    census: &Census,
    ti: usize,
    target: &Coloring,
    n: usize,
    positions: u64,
    ctx: &Context,
) -> Result<QuestionC> {
    let all: Vec<Coloring> = census.types().to_vec();
    let blocks2 = cubelab::target::Blocks::new(&all)?;
    let (_, listed) = blocks2.arrangements(target, false, Some(1), false)?;
    let eight: Vec<usize> = listed
        .first()
        .map(|a| a.placements.iter().map(|p| p.block).collect())
        .ok_or_else(|| internal("no 2x2x2 solution over the 30 cubes"))?;
    let masks = census.masks(ti).ok_or_else(|| internal("target index"))?;
    let corners = (1u32 << 8) - 1;
    let filler = (0..30)
        .filter(|&t| masks[t] & corners == 0)
        .min_by_key(|&t| (masks[t].count_ones(), t))
        .ok_or_else(|| internal("every cube fits a corner"))?;
    let mut counts = vec![0u64; 30];
    for &t in &eight {
        counts[t] += 1;
    }
    counts[filler] += positions.saturating_sub(8);
    let cubes_c: Vec<Coloring> =
        counts.iter().enumerate().flat_map(|(t, &k)| std::iter::repeat_n(all[t], k as usize)).collect();
    let by_search = search_until(n, &cubes_c, target, SEARCH_NODES, false, ctx.stop())?.builds;
    Ok(QuestionC {
        two_by_two: eight.iter().map(|&t| names_of(&all[t]).short().unwrap_or_default()).collect(),
        multiset: multiset_out(census, &counts),
        builds_target: census.builds(ti, &counts),
        builds_target_by_search: by_search,
        builds_some_target: census.builds_any(&counts),
    })
}
