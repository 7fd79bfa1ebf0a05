//! `cubelab picture`: the picture cube puzzle (check, solve, scramble, census, group census).

use crate::output::{render, write_atomic, write_svg, Format, Report};
use crate::progress;
use crate::svg;
use anyhow::{bail, Context};
use cubelab::histogram::{bins, Bin};
use cubelab::picture::board::{format_moves, length_in, Board, Metric, Move};
use cubelab::picture::census::twobit::distances::DistanceTable;
use cubelab::picture::census::{
    cube_puzzle, cube_symmetry, reachable_count, twobit, Census, Checkpointing, LinePuzzle, Space, Table,
};
use cubelab::picture::group::{self, Group};
use cubelab::picture::{local, optimal, parity, subgroup};
use cubelab::run::{Options, Progress};
use cubelab::words::count;
use schemars::JsonSchema;
use serde::Serialize;
use std::path::{Path, PathBuf};

mod census;
mod diameter;

use census::{census, CensusArgs};
use diameter::run_bounds;

/// Arguments of `cubelab picture`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Boards: one token per cube, rows separated by '/'. A token names the original face now
up, then the original face now front: 'UF' is solved. Example: 'UF RB / DL UF'.
Moves: u2/d2 turn row 2 so its front faces go up/down; l3/r3 turn column 3 so its up
faces go left/right; uu2 and ll3 are half turns (one move in --metric half).

Examples:
  cubelab picture check 'UF RB / DL UF'
  cubelab picture solve 'FD UF / UF FD' --method optimal
  cubelab picture scramble 3 3 --seed 7
  cubelab picture census 3 2                   (about 5 s)
  cubelab picture census 2 2 --group A5 --row-moves '(1 2 3);(1 2 3 4 5)'   (about 40 s)")]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand, Debug)]
enum Sub {
    /// Decide whether a board can be solved (the seed's parity criterion), with the reason.
    #[command(after_help = "\
Examples:
  cubelab picture check 'UF RB / DL UF'
  cubelab picture check 'FD UF / UF UF' --json     (not solvable: one odd cube)")]
    Check {
        /// The board, e.g. 'UF RB / DL UF'.
        board: String,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Also draw the board as SVG to this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Solve a board and print the moves (every solution is verified before printing).
    #[command(after_help = "\
Methods:
  local     parity fix, then commutators cube by cube (at most 8mn+m+n-1 moves), as steps
  subgroup  the seed's Section 4: into <uu_i, l_j, r_j>, then inside it (boards up to 3x3)
  optimal   a shortest solution: IDA* with pattern databases of sub-boards, or with
            --table FILE a descent in the distance table that `picture census M N
            --save-table FILE` keeps (any board of that size, in microseconds)

Examples:
  cubelab picture solve 'UF RB / DL UF'
  cubelab picture solve 'FD UF / UF FD' --method optimal --json
  cubelab picture solve \"$(cubelab picture scramble 3 3 --seed 1)\" --method subgroup --metric half")]
    Solve {
        /// The board.
        board: String,
        /// Solving method.
        #[arg(long, value_enum, default_value = "local")]
        method: Method,
        /// How moves are counted: quarter (default) or half.
        #[arg(long, default_value = "quarter")]
        metric: Metric,
        #[command(flatten)]
        limits: LimitArgs,
        /// Solve optimally from this distance table (made by `picture census M N
        /// --save-table FILE` for the board's size and metric; implies --method optimal).
        #[arg(long, value_name = "FILE")]
        table: Option<PathBuf>,
        /// Print JSON (kind "picture-solve": the moves, their number and whether optimal; docs/json.md).
        #[arg(long)]
        json: bool,
        /// Also draw the start board and the board after each move (up to 35 moves; else
        /// the start only) as SVG to this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Print a random board: uniformly random reachable, or K random moves from solved.
    #[command(after_help = "\
Examples:
  cubelab picture scramble 3 3 --seed 7
  cubelab picture scramble 2 4 --moves 10 --seed 1 --json")]
    Scramble {
        /// Rows.
        m: usize,
        /// Columns.
        n: usize,
        /// Random seed (the same seed gives the same board).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Scramble with this many random moves instead of a uniformly random board.
        #[arg(long, value_name = "K", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(cubelab::bounds::SCRAMBLE_MOVES.range()))]
        moves: Option<usize>,
        /// Print JSON with the board and the scramble moves.
        #[arg(long)]
        json: bool,
        /// Also draw the board as SVG to this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Proved bounds on the diameter where a census is out of reach (counting and column split).
    #[command(after_help = "\
The lower bound counts canonical move sequences (the seed's Eq. (1) bound is shown beside
it); the upper bound solves the first n-1 columns (their census diameter) and then every
possible last column optimally. One column: the same on the transposed 1 x m board (the
first m-1 cubes, then the last cube's 24 positions).
--sample K also solves K uniformly random boards optimally (a sample, not a bound).

Examples:
  cubelab picture bounds 2 2
  cubelab picture bounds 3 3 --sample 20 --json   (about 10 s)")]
    Bounds {
        /// Rows.
        m: usize,
        /// Columns.
        n: usize,
        /// How moves are counted.
        #[arg(long, default_value = "quarter")]
        metric: Metric,
        /// Also solve this many random boards optimally and report their lengths.
        #[arg(long, default_value_t = 0, value_parser = clap::builder::RangedU64ValueParser::<u64>::new().range(cubelab::bounds::BOUNDS_SAMPLE.range()))]
        sample: u64,
        #[command(flatten)]
        limits: LimitArgs,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Breadth-first census of all reachable boards: states, diameter, average, median.
    #[command(after_help = "\
The census is reduced by the symmetry of the board (permuting rows or columns maps moves
to moves) and runs on all cores (RAYON_NUM_THREADS); the output does not depend on the
number of threads. Memory: one byte per multiset of rows (4x2: 4.6 GB, 10x1: 93 MB).

The picture cube runs on the two-bit engine (faster than the byte engine on every board
measured): two bits per class of boards under the row and column permutations, the
half-turn conjugations and (square boards) the transpose, rows of consistent parity only
(3x3: 0.42 GB); --engine byte keeps one byte per multiset of rows.

With --checkpoint the distance table is saved (atomically, with a checksum) after
completed layers and when stopped (--stop-after-layer or Ctrl-C, exit 3); a run killed
at any point and restarted with --resume ends with the same output. The file is as
large as the table. --resume without the file starts afresh.

Examples:
  cubelab picture census 3 2                   (about 5 s)
  cubelab picture census 11 1 --json --checkpoint 11x1.ckpt --resume   (about 15 min)
  cubelab picture census 6 1 --json
  cubelab picture census 3 2 --engine two-bit --antipodes 5
  cubelab picture census 2 2 --metric half
  cubelab picture census 2 2 --group S3
  cubelab picture census 2 2 --group A5 --row-moves '(1 2 3);(1 2 3 4 5)' --col-moves '(1 2 3);(1 2 3 4 5)'
                                               (about 10 s)")]
    Census {
        /// Rows.
        m: usize,
        /// Columns.
        n: usize,
        /// How moves are counted (cube puzzle only: refused with --group, whose moves are
        /// the group elements given).
        #[arg(long, default_value = "quarter", conflicts_with = "group")]
        metric: Metric,
        /// The generalisation: a group (C<n>, S<n>, A<n>, V4, or generators '(1 2 3);(1 2)').
        #[arg(long, value_name = "GROUP")]
        group: Option<String>,
        /// Row moves R as group elements separated by ';' (default: all of G).
        #[arg(long, value_name = "ELEMENTS", requires = "group")]
        row_moves: Option<String>,
        /// Column moves C as group elements separated by ';' (default: all of G).
        #[arg(long, value_name = "ELEMENTS", requires = "group")]
        col_moves: Option<String>,
        /// Largest distance table allowed, in GiB.
        #[arg(long, default_value_t = 16)]
        max_memory: u64,
        /// The census engine: byte (one byte per multiset of rows), two-bit (two bits per
        /// symmetry class, for 3x3 and other boards whose byte table is too large), or
        /// auto (two-bit for the picture cube: measured faster on every board tried, see
        /// docs/benchmarks.md; byte for --group puzzles, and with --checkpoint where the
        /// byte table fits, so that byte-engine checkpoints resume as before).
        #[arg(long, value_enum, default_value = "auto")]
        engine: Engine,
        /// Also list K boards at the greatest distance (the least board of each class, the
        /// least first; two-bit engine).
        #[arg(long, value_name = "K", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(cubelab::bounds::CENSUS_ANTIPODES.range()))]
        antipodes: Option<usize>,
        /// Also record the distance of K uniformly random reachable boards (those of
        /// `picture scramble M N --seed S+i`, i < K): a check on the census that costs one
        /// table look-up per board and layer (with a checkpoint, resume with the same list).
        #[arg(long, value_name = "K", conflicts_with = "group", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(cubelab::bounds::CENSUS_WATCH.range()))]
        watch: Option<usize>,
        /// The seed of the first watched board.
        #[arg(long, value_name = "S", default_value_t = 0, requires = "watch")]
        seed: u64,
        /// Also write the JSON result to this file.
        #[arg(long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Keep the distance of every board mod 3 (two bits a class, two-bit engine;
        /// memory doubles) and save it to FILE, atomically with a checksum: `picture
        /// solve BOARD --table FILE` then solves any board of this size optimally.
        #[arg(long, value_name = "FILE", conflicts_with = "group")]
        save_table: Option<PathBuf>,
        /// Save the distance table to FILE after completed layers.
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<PathBuf>,
        /// Continue from the checkpoint file if it exists.
        #[arg(long, requires = "checkpoint")]
        resume: bool,
        /// Start afresh and replace an existing --checkpoint file (without it, or --resume, an
        /// existing file is refused).
        #[arg(long, requires = "checkpoint", conflicts_with = "resume")]
        force: bool,
        /// Stop after expanding layer K, saving the checkpoint (exit 3; continue with --resume).
        #[arg(long, value_name = "K", requires = "checkpoint")]
        stop_after_layer: Option<usize>,
        /// Print JSON (kind "picture-census": the board, states, diameter, average, median and distance histogram; docs/json.md).
        #[arg(long)]
        json: bool,
    },
}

/// The default node limit of an optimal search: enough for every 3x3 board tried (at most
/// about 10^5 nodes), about 20 s of one core on a 4x4 board and 90 s on a 5x5 one
/// (docs/picture.md).
const DEFAULT_MAX_NODES: u64 = 10_000_000;

/// Limits of the optimal search (`picture solve --method optimal`, `picture bounds --sample`).
#[derive(clap::Args, Debug, Clone, Copy)]
struct LimitArgs {
    /// Stop an optimal search after N nodes [default: 10000000] (exit 4; raise it to search on).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: Option<u64>,
    /// Stop an optimal search after SECONDS of searching (exit 4; no time limit by default).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<f64>,
}

impl LimitArgs {
    fn limits(&self) -> optimal::Limits {
        optimal::Limits {
            max_nodes: self.max_nodes.unwrap_or(DEFAULT_MAX_NODES),
            timeout: self.timeout.map(std::time::Duration::from_secs_f64),
        }
    }

    /// These limits with a timeout of at most `time`.
    fn within(self, time: std::time::Duration) -> LimitArgs {
        let t = time.as_secs_f64();
        LimitArgs { timeout: Some(self.timeout.map_or(t, |s| s.min(t))), ..self }
    }

    fn given(&self) -> bool {
        self.max_nodes.is_some() || self.timeout.is_some()
    }

    /// The error of a search begun at `started` that reached a limit, with the flag that
    /// raises it.
    fn hint(&self, e: cubelab::Error, started: std::time::Instant) -> anyhow::Error {
        if e.kind() != cubelab::ErrorKind::LimitReached {
            return e.into();
        }
        let timed_out = self.timeout.is_some_and(|t| started.elapsed().as_secs_f64() >= t);
        let flag = if timed_out { "--timeout" } else { "--max-nodes" };
        let message = format!("{}; raise it with {flag}", e.message());
        cubelab::Error::new(cubelab::ErrorKind::LimitReached, message).into()
    }
}

/// A positive number of seconds.
fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v.is_finite() && v < 1e9 => Ok(v),
        _ => Err(format!("'{s}' is not a positive number of seconds")),
    }
}

/// Checkpoint flags of `picture census`.
struct CheckpointArgs {
    checkpoint: Option<PathBuf>,
    resume: bool,
    force: bool,
    stop_after_layer: Option<usize>,
    engine: Engine,
    antipodes: Option<usize>,
    watch: Option<usize>,
    seed: u64,
}

/// The engine of `picture census` (the result does not depend on it).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Engine {
    Auto,
    Byte,
    TwoBit,
}

/// A solving method (in JSON: `"local"`, `"subgroup"`, `"optimal"`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
enum Method {
    Local,
    Subgroup,
    Optimal,
}

/// The input of `cubelab picture check`.
#[derive(Serialize, JsonSchema)]
struct CheckInput {
    /// The board as given.
    board: String,
}

/// `cubelab picture check`: whether a board can be solved.
#[derive(Serialize, JsonSchema)]
struct Checked {
    /// The board, normalised.
    board: String,
    /// Whether it can be solved.
    solvable: bool,
    /// Why (the seed's parity criterion).
    reason: String,
}

impl Report for Checked {
    const KIND: &'static str = "picture-check";
    type Input = CheckInput;

    fn text(&self) -> String {
        format!("board: {}\n{}\n", self.board, self.reason)
    }

    fn svg(&self) -> Option<String> {
        let verdict = if self.solvable { "solvable" } else { "not solvable" };
        Some(svg::boards(&format!("Picture cube board: {verdict}"), &[("board".into(), self.board.clone())]))
    }
}

/// The input of `cubelab picture solve`.
#[derive(Serialize, JsonSchema)]
struct SolveInput {
    /// The board as given.
    board: String,
    /// The solving method.
    method: Method,
    /// How moves are counted.
    metric: Metric,
}

/// `cubelab picture solve`: a verified solution.
#[derive(Serialize, JsonSchema)]
struct Solved {
    /// The moves, in order.
    moves: Vec<String>,
    /// Its length in the metric of the input.
    length: usize,
    /// Whether the solution is a shortest one (method optimal).
    optimal: bool,
    #[serde(skip)]
    text: String,
    /// The boards to draw: (caption, board).
    #[serde(skip)]
    panels: Vec<(String, String)>,
}

impl Report for Solved {
    const KIND: &'static str = "picture-solve";
    type Input = SolveInput;

    fn text(&self) -> String {
        self.text.clone()
    }

    fn svg(&self) -> Option<String> {
        Some(svg::boards(&format!("Picture cube solution: {}", count(self.moves.len(), "move", "moves")), &self.panels))
    }
}

/// Solutions up to this many moves are drawn board by board; longer ones as the start only.
const DRAWN_MOVES: usize = 35;

/// The boards `--svg` draws for a solution: the start and, for solutions of at most
/// [`DRAWN_MOVES`] moves, the board after each move.
fn solution_panels(board: &Board, moves: &[Move]) -> anyhow::Result<Vec<(String, String)>> {
    let mut panels = vec![("start".to_string(), board.to_string())];
    if moves.len() <= DRAWN_MOVES {
        let mut b = board.clone();
        for (k, m) in moves.iter().enumerate() {
            b.apply_all(std::slice::from_ref(m))?;
            panels.push((format!("{}. {m}", k + 1), b.to_string()));
        }
    } else {
        panels[0].0 = format!("start ({} moves: not drawn one by one)", moves.len());
    }
    Ok(panels)
}

/// The input of `cubelab picture scramble`.
#[derive(Serialize, JsonSchema)]
struct ScrambleInput {
    /// Rows.
    m: usize,
    /// Columns.
    n: usize,
    /// Random seed.
    seed: u64,
    /// `--moves K`: K random moves from solved, or null for a uniformly random board.
    moves: Option<usize>,
}

/// `cubelab picture scramble`: a random board.
#[derive(Serialize, JsonSchema)]
struct Scrambled {
    /// The board.
    board: String,
    /// The scramble moves (with `--moves`), or null.
    moves: Option<Vec<String>>,
}

impl Report for Scrambled {
    const KIND: &'static str = "picture-scramble";
    type Input = ScrambleInput;

    fn text(&self) -> String {
        format!("{}\n", self.board)
    }

    fn svg(&self) -> Option<String> {
        let how = match &self.moves {
            Some(m) => format!("{} from solved", count(m.len(), "random move", "random moves")),
            None => "a uniformly random reachable board".to_string(),
        };
        Some(svg::boards(&format!("Picture cube scramble: {how}"), &[("board".into(), self.board.clone())]))
    }
}

fn solve(
    given: &str,
    (method, table): (Method, Option<&Path>),
    metric: Metric,
    limits: LimitArgs,
    json: bool,
    svg_path: Option<&Path>,
    ctx: &crate::api::Context,
) -> anyhow::Result<String> {
    let board = Board::parse(given)?;
    if method != Method::Optimal && limits.given() {
        bail!("--max-nodes and --timeout limit the optimal search only (add --method optimal)");
    }
    if table.is_some() && method != Method::Optimal {
        bail!("--table gives optimal solutions: it is refused with --method {method:?}".to_lowercase());
    }
    if table.is_some() && limits.given() {
        bail!("--max-nodes and --timeout limit the IDA* search; a --table descent needs no limit");
    }
    let verdict = parity::check(&board);
    if !verdict.solvable {
        bail!("board cannot be solved: {}", verdict.reason.trim_start_matches("not solvable: "));
    }
    let mut text = format!("board:    {board}\n");
    let (moves, optimal_flag) = match method {
        Method::Local => {
            let steps = local::solve(&board)?;
            text += "method:   local (parity fix, then one cube at a time by commutators)\nsteps:\n";
            for (k, s) in steps.iter().enumerate() {
                text += &format!("  {:>2}. {}: {}\n", k + 1, s.what, format_moves(&s.moves));
            }
            let moves: Vec<Move> = steps.into_iter().flat_map(|s| s.moves).collect();
            (moves, false)
        }
        Method::Subgroup => {
            let solver = subgroup::SubgroupSolver::new(board.rows(), board.cols(), metric)?;
            let (p1, p2) = solver.solve(&board)?;
            text += "method:   subgroup (rows restricted to half turns in phase 2)\n";
            text += &format!("phase 1:  {} (into <uu_i, l_j, r_j>)\n", format_moves(&p1));
            text += &format!("phase 2:  {}\n", format_moves(&p2));
            ([p1, p2].concat(), false)
        }
        Method::Optimal if table.is_some() || ctx.picture_table(&board, metric).is_some() => {
            let loaded;
            let t = match table {
                Some(path) => {
                    loaded = DistanceTable::load(path)?;
                    &loaded
                }
                None => ctx.picture_table(&board, metric).expect("checked"),
            };
            if t.metric() != metric {
                bail!(
                    "the distance table counts {} turns, not {} turns (--metric)",
                    metric_name(t.metric()),
                    metric_name(metric)
                );
            }
            let moves = t.solve(&board)?;
            text += "method:   optimal (descent in the distance table)\n";
            (moves, true)
        }
        Method::Optimal => {
            // In a request, the search also stops at the request's time limit.
            let limits = if ctx.is_limited() { limits.within(ctx.limits().time) } else { limits };
            let spinner = ctx.spinner("building pattern databases");
            let solver = optimal::Solver::new(
                board.rows(),
                board.cols(),
                metric,
                optimal::default_max_entries(board.rows(), board.cols()),
            )?;
            spinner.start("searching", 0, 0);
            let started = std::time::Instant::now();
            let (moves, stats) =
                solver.solve_within(&board, &limits.limits(), &spinner).map_err(|e| limits.hint(e, started))?;
            spinner.finish();
            text += &format!("method:   optimal (IDA*, {} nodes)\n", stats.nodes);
            (moves, true)
        }
    };
    // Verify by applying, whatever the method promised.
    let mut check = board.clone();
    check.apply_all(&moves)?;
    if !check.is_solved() {
        bail!("internal error: the solution does not solve the board");
    }
    let length = length_in(&moves, metric);
    text += &format!("solution: {}\nlength:   {length} ({}-turn metric)\n", format_moves(&moves), metric_name(metric));
    let panels = solution_panels(&board, &moves)?;
    let solved =
        Solved { moves: moves.iter().map(|m| m.to_string()).collect(), length, optimal: optimal_flag, text, panels };
    if let Some(path) = svg_path {
        write_svg(&solved, path)?;
    }
    let input = SolveInput { board: given.to_string(), method, metric };
    render(&solved, &input, Format::json_or_text(json))
}

/// `quarter` or `half`.
fn metric_name(metric: Metric) -> &'static str {
    if metric == Metric::Half {
        "half"
    } else {
        "quarter"
    }
}

/// Runs `cubelab picture`.
pub fn run(args: Args, ctx: &crate::api::Context) -> anyhow::Result<String> {
    match args.command {
        Sub::Check { board, json, svg } => {
            let b = Board::parse(&board)?;
            let v = parity::check(&b);
            let checked = Checked { board: b.to_string(), solvable: v.solvable, reason: v.reason };
            if let Some(path) = &svg {
                write_svg(&checked, path)?;
            }
            render(&checked, &CheckInput { board }, Format::json_or_text(json))
        }
        Sub::Solve { board, method, metric, limits, table, json, svg } => {
            let method = if table.is_some() && method == Method::Local { Method::Optimal } else { method };
            solve(&board, (method, table.as_deref()), metric, limits, json, svg.as_deref(), ctx)
        }
        Sub::Bounds { m, n, metric, sample, limits, json } => run_bounds(m, n, metric, sample, limits, json, ctx),
        Sub::Scramble { m, n, seed, moves, json, svg } => {
            let (board, seq) = match moves {
                Some(k) => {
                    let (b, s) = Board::scramble(m, n, k, seed, Metric::Quarter)?;
                    (b, Some(s.iter().map(|m| m.to_string()).collect()))
                }
                None => (Board::random_reachable(m, n, seed)?, None),
            };
            let scrambled = Scrambled { board: board.to_string(), moves: seq };
            if let Some(path) = &svg {
                write_svg(&scrambled, path)?;
            }
            let input = ScrambleInput { m, n, seed, moves };
            render(&scrambled, &input, Format::json_or_text(json))
        }
        Sub::Census {
            m,
            n,
            metric,
            group,
            row_moves,
            col_moves,
            max_memory,
            engine,
            antipodes,
            watch,
            seed,
            output,
            save_table,
            checkpoint,
            resume,
            force,
            stop_after_layer,
            json,
        } => census(
            CensusArgs {
                m,
                n,
                metric,
                group,
                row_moves,
                col_moves,
                max_memory,
                output,
                save_table,
                ck: CheckpointArgs { checkpoint, resume, force, stop_after_layer, engine, antipodes, watch, seed },
                json,
            },
            ctx,
        ),
    }
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<Checked>();
    out.add::<Solved>();
    out.add::<Scrambled>();
    out.add::<diameter::BoundsReport>();
    out.add::<census::CensusReport>();
}
