//! `cubelab extended`: the census questions of the extended target puzzle.

use super::*;
use cubelab::extended::census::Obstruction;
use cubelab::histogram::Bin;

/// Arguments of `cubelab extended`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Answers the census questions of the extended target puzzle over MacMahon's 30 cubes for
one N (docs/extended.md):
  (a) which multisets build a given target: the complete list of Hall obstructions
      (a multiset builds it iff it has at least `deficit` blocks outside each), checked
      against the flow on random multisets;
  (b) the smallest k such that every k-multiset builds the given target (none: copies of
      its mirror image fit no corner) and such that it builds some target (the largest
      multiset filling no target's frame found by a local search, a lower bound, and a
      sample of random N^3-multisets);
  (c) whether containing a 2x2x2 solution of a target suffices to build that target
      N x N x N (a counterexample, checked by the flow and by direct search).

With --guarantee, only (b) for some target, exactly: an exhaustive search for the largest
multiset filling no target's frame (corners and edges), k = frame size, frame size + 1, ...
until a k has none; every larger multiset then fills a frame, and max(N^3, that k) cubes
always build some target (N = 3: about a CPU-minute in a release build; docs/extended.md).

Examples:
  cubelab extended --size 3
  cubelab extended --size 2 --restarts 20     compare with: cubelab census infeasible (about 7 s)
  cubelab extended --size 4 --target Af --json
  cubelab extended --size 3 --guarantee        exhaustive, release build (about 1 min)")]
pub struct Args {
    /// N: the big cube is N x N x N (2..=32).
    #[arg(long, default_value_t = 3, value_name = "N")]
    size: usize,
    /// The target of questions (a) and (c), a MacMahon cube in any notation.
    #[arg(long, default_value = "Ba", value_name = "CUBE")]
    target: String,
    /// Random multisets of N^3 cubes drawn for the checks of (a) and (b).
    #[arg(long, default_value_t = 2000, value_name = "S")]
    samples: u64,
    /// Restarts of the local search for the largest multiset building nothing.
    #[arg(long, default_value_t = 10, value_name = "R")]
    restarts: u64,
    /// Improvement steps per restart of that search (remove 1-3 blocks, refill).
    #[arg(long, default_value_t = 300, value_name = "S")]
    steps: u64,
    /// Seed of the random multisets and of the search.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Only question (b) for some target, by exhaustive search (see below).
    #[arg(long)]
    guarantee: bool,
    /// With --guarantee: the most search nodes for each number of cubes.
    #[arg(long, default_value_t = 10_000_000_000, value_name = "NODES", requires = "guarantee")]
    budget: u64,
}

/// The input of `cubelab extended`.
#[derive(Serialize, JsonSchema)]
struct CensusInput {
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

/// A multiset of MacMahon cubes.
#[derive(Serialize, JsonSchema)]
pub(super) struct MultisetOut {
    /// Conway's name of each cube used and how many copies.
    cubes: Vec<NamedCount>,
    /// Total number of cubes.
    size: u64,
}

/// A cube and a count.
#[derive(Serialize, JsonSchema)]
struct NamedCount {
    /// Conway's name.
    cube: String,
    /// Copies.
    count: u64,
}

/// One Hall obstruction.
#[derive(Serialize, JsonSchema)]
struct ObstructionOut {
    /// The cubes outside the closed set U (Conway's names).
    outside: Vec<String>,
    /// At least this many blocks must be among them.
    deficit: u64,
}

/// Question (a).
#[derive(Serialize, JsonSchema)]
struct QuestionA {
    /// Number of obstructions (the empty set, deficit N^3, included).
    obstructions: usize,
    /// How many obstructions have each deficit (ascending).
    by_deficit: Vec<Bin>,
    /// The obstructions with the fewest cubes outside (at most 12), deficit descending.
    smallest: Vec<ObstructionOut>,
    /// Random multisets of N^3 cubes drawn.
    samples: u64,
    /// How many of them build the target (flow).
    built: u64,
    /// Whether the flow and the obstruction test agreed on every sample.
    methods_agree: bool,
}

/// Question (b).
#[derive(Serialize, JsonSchema)]
struct QuestionB {
    /// The smallest k such that every k-multiset builds the target: always null (none).
    given_target_k: Option<u64>,
    /// Why: the target's mirror image, any number of copies of which fit no corner.
    given_target_witness: String,
    /// The largest multiset found that fills no target's frame (corners and edges), by the
    /// local search: it builds no target however many cubes are added to it, of no type.
    largest_infeasible_found: MultisetOut,
    /// max(N^3, that size + 1): the smallest k with every k-multiset building some target
    /// is at least this (a lower bound from a search, not a proof).
    lower_bound_k: u64,
    /// Random N^3-multisets drawn.
    samples: u64,
    /// How many of them build some target.
    built_some: u64,
}

/// Question (c).
#[derive(Serialize, JsonSchema)]
struct QuestionC {
    /// Eight cubes building the target as a 2x2x2 cube.
    two_by_two: Vec<String>,
    /// The multiset: those eight and copies of a cube fitting no corner of the target.
    multiset: MultisetOut,
    /// Whether it builds the target N x N x N (flow).
    builds_target: bool,
    /// The same by direct search (null when its node budget ran out).
    builds_target_by_search: Option<bool>,
    /// Whether it builds some target N x N x N.
    builds_some_target: bool,
}

/// `cubelab extended`: the census questions of the extended puzzle.
#[derive(Serialize, JsonSchema)]
struct ExtendedCensusReport {
    /// N.
    size: usize,
    /// The target of (a) and (c), face string.
    target: String,
    /// Its Conway name.
    name: Option<String>,
    /// N^3.
    positions: u64,
    /// (a) the multisets building the target.
    a: QuestionA,
    /// (b) the smallest sizes that guarantee a build.
    b: QuestionB,
    /// (c) a 2x2x2 solution inside a multiset does not suffice for the same target.
    c: QuestionC,
}

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

/// Runs `cubelab extended`.
pub fn run(args: Args) -> anyhow::Result<String> {
    let n = args.size;
    check_size(n).with_context(|| format!("--size {n}"))?;
    if args.guarantee {
        return super::guarantee::run(n, args.budget, args.json);
    }
    if args.samples > 1_000_000 || args.restarts > 1_000_000 || args.steps > 1_000_000 {
        anyhow::bail!("--samples, --restarts and --steps are limited to 1000000 each");
    }
    let target = parse_cube(&args.target).map_err(|e| at_position(e, "--target"))?;
    let census = Census::macmahon(n)?;
    let ti = census
        .targets()
        .iter()
        .position(|t| t.same_cube(&target))
        .with_context(|| format!("--target '{}': not one of MacMahon's 30 cubes", args.target))?;
    let positions = (n as u64).pow(3);
    let bar = Bar::new();
    let obs = census.obstructions(ti);
    let sampled = sample(&census, ti, &obs, positions, &args, &bar);
    let a = question_a(&census, &obs, &sampled, args.samples);
    let b = question_b(&census, &target, positions, &args, sampled.built_some);
    let c = question_c(&census, ti, &target, n, positions)?;
    drop(bar);
    let report = ExtendedCensusReport {
        size: n,
        target: target.face_string(),
        name: names_of(&target).short(),
        positions,
        a,
        b,
        c,
    };
    let input = CensusInput {
        size: n,
        target: args.target,
        samples: args.samples,
        restarts: args.restarts,
        steps: args.steps,
        seed: args.seed,
    };
    render(&report, &input, Format::json_or_text(args.json))
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

/// Draws `args.samples` random multisets of `positions` cubes (seed `args.seed`) and
/// checks each, with progress on `bar`.
fn sample(census: &Census, ti: usize, obs: &[Obstruction], positions: u64, args: &Args, bar: &Bar) -> Sampled {
    let mut rng = SplitMix64(args.seed);
    let (mut built, mut agree, mut built_some) = (0u64, true, 0u64);
    cubelab::run::Progress::start(bar, "samples", args.samples, 0);
    for _ in 0..args.samples {
        let m = census.random_multiset(positions, &mut rng);
        let f = census.builds(ti, &m);
        agree &= f == Census::builds_by_obstructions(obs, &m);
        built += f as u64;
        built_some += census.builds_any(&m) as u64;
        cubelab::run::Progress::advance(bar, 1);
    }
    Sampled { built, agree, built_some }
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
fn question_b(census: &Census, target: &Coloring, positions: u64, args: &Args, built_some: u64) -> QuestionB {
    let mirror = target.mirror();
    let mirror_name = names_of(&mirror).short().unwrap_or_else(|| mirror.face_string());
    let (best, example) = census.largest_infeasible_found(args.restarts, args.steps, args.seed);
    QuestionB {
        given_target_k: None,
        given_target_witness: format!("any number of copies of its mirror image {mirror_name} fit no corner"),
        largest_infeasible_found: multiset_out(census, &example),
        lower_bound_k: positions.max(best + 1),
        samples: args.samples,
        built_some,
    }
}

/// (c): a 2x2x2 solution of the target, then copies of the cube fitting no corner and
/// the fewest positions.
fn question_c(census: &Census, ti: usize, target: &Coloring, n: usize, positions: u64) -> anyhow::Result<QuestionC> {
    let all: Vec<Coloring> = census.types().to_vec();
    let blocks2 = cubelab::target::Blocks::new(&all)?;
    let (_, listed) = blocks2.arrangements(target, false, Some(1), false)?;
    let eight: Vec<usize> = listed
        .first()
        .map(|a| a.placements.iter().map(|p| p.block).collect())
        .context("internal: no 2x2x2 solution over the 30 cubes")?;
    let masks = census.masks(ti).context("internal: target index")?;
    let corners = (1u32 << 8) - 1;
    let filler = (0..30)
        .filter(|&t| masks[t] & corners == 0)
        .min_by_key(|&t| (masks[t].count_ones(), t))
        .context("internal: every cube fits a corner")?;
    let mut counts = vec![0u64; 30];
    for &t in &eight {
        counts[t] += 1;
    }
    counts[filler] += positions.saturating_sub(8);
    let cubes_c: Vec<Coloring> =
        counts.iter().enumerate().flat_map(|(t, &k)| std::iter::repeat_n(all[t], k as usize)).collect();
    let by_search = search(n, &cubes_c, target, 5_000_000, false)?.builds;
    Ok(QuestionC {
        two_by_two: eight.iter().map(|&t| names_of(&all[t]).short().unwrap_or_default()).collect(),
        multiset: multiset_out(census, &counts),
        builds_target: census.builds(ti, &counts),
        builds_target_by_search: by_search,
        builds_some_target: census.builds_any(&counts),
    })
}

/// The schema of `cubelab extended`'s kind.
#[cfg(test)]
pub(super) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<ExtendedCensusReport>();
}
