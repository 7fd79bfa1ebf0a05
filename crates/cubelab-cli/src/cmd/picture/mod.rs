//! `cubelab picture`: the picture cube puzzle (check, solve, scramble, census, group census).

//!
//! Each subcommand builds its typed request (`cubelab_api::picture`), runs it and prints
//! the report; the flags that name files (`--table`, `--checkpoint`, `--save-table`,
//! `--svg`, `--output`) are handled here.

use crate::cli::failure;
use crate::output::{render, with_files, write_atomic, write_svg, Format, FormatArgs};
use crate::progress;
use cubelab::picture::board::{Board, Metric};
use cubelab::picture::parity;
use cubelab_api::picture::{self as api, DistanceTable, Engine, Method};
use cubelab_api::Context;
use std::path::PathBuf;
use std::sync::Arc;

// Arguments of `cubelab picture`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
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

/// The help of a BOARD argument: what a board is and how to write one (the full format
/// is in `cubelab picture --help` and docs/picture.md).
const BOARD_HELP: &str = "The board: one token per cube, rows separated by '/'; a token names the original \
face now up, then the one now front ('UF' is a solved cube), e.g. 'UF RB / DL UF'";

#[derive(clap::Subcommand, Debug)]
#[command(defer = true)]
enum Sub {
    /// Decide whether a board can be solved (the parity criterion of "Analysis of the picture
    /// cube puzzle", Section 3), with the reason.
    #[command(after_help = "\
Examples:
  cubelab picture check 'UF RB / DL UF'
  cubelab picture check 'FD UF / UF UF' --json     (not solvable: one odd cube)")]
    #[command(allow_negative_numbers = true)]
    Check {
        #[arg(help = BOARD_HELP)]
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
  subgroup  Section 4 of \"Analysis of the picture cube puzzle\": into <uu_i, l_j, r_j>,
            then inside it (boards up to 3x3)
  optimal   a shortest solution: IDA* with pattern databases of sub-boards, or with
            --table FILE a descent in the distance table that `picture census M N
            --save-table FILE` keeps (any board of that size, in microseconds)

Examples:
  cubelab picture solve 'UF RB / DL UF'
  cubelab picture solve 'FD UF / UF FD' --method optimal --json
  cubelab picture solve \"$(cubelab picture scramble 3 3 --seed 1)\" --method subgroup --metric half")]
    #[command(allow_negative_numbers = true)]
    Solve {
        #[arg(help = BOARD_HELP)]
        board: String,
        /// Solving method.
        #[arg(long, value_enum, default_value_t = Method::default())]
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
    #[command(allow_negative_numbers = true)]
    Scramble {
        /// Rows.
        m: usize,
        /// Columns.
        n: usize,
        /// Random seed (the same seed gives the same board).
        #[arg(long, default_value_t = api::board::one())]
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
The lower bound counts canonical move sequences (the bound of Eq. (1) of \"Analysis of the
picture cube puzzle\" is shown beside it); the upper bound solves the first n-1 columns
(their census diameter) and then every possible last column optimally. One column: the
same on the transposed 1 x m board (the first m-1 cubes, then the last cube's 24
positions).
--sample K also solves K uniformly random boards optimally (a sample, not a bound).

Examples:
  cubelab picture bounds 2 2
  cubelab picture bounds 3 3 --sample 20 --json   (about 10 s)")]
    #[command(allow_negative_numbers = true)]
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
  cubelab picture census 6 1 --csv               distance,count: boards at each distance
  cubelab picture census 3 2 --engine two-bit --antipodes 5
  cubelab picture census 2 2 --metric half
  cubelab picture census 2 2 --group S3
  cubelab picture census 2 2 --group A5 --row-moves '(1 2 3);(1 2 3 4 5)' --col-moves '(1 2 3);(1 2 3 4 5)'
                                               (about 10 s)")]
    #[command(allow_negative_numbers = true)]
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
        #[arg(long, default_value_t = api::census::DEFAULT_MAX_MEMORY)]
        max_memory: u64,
        /// The census engine: byte (one byte per multiset of rows), two-bit (two bits per
        /// symmetry class, for 3x3 and other boards whose byte table is too large), or
        /// auto (two-bit for the picture cube: measured faster on every board tried, see
        /// docs/benchmarks.md; byte for --group puzzles and to --resume a byte-engine
        /// checkpoint), or mpi (the two-bit census with its table cut among the ranks of
        /// `mpirun -np R`, in a binary built with `--features mpi`; checkpoint
        /// FILE.rank-r-of-R per rank; see docs/scale-out.md).
        #[arg(long, value_enum, default_value_t = Engine::default())]
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
        /// Also report the work the two-bit engine counted (its table's bytes, neighbour
        /// probes and canonical forms; `work` in --json): the yardstick of its cost
        /// (docs/benchmarks.md). Two-bit engine on one machine.
        #[arg(long)]
        work: bool,
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
        /// Print CSV instead of text: the histogram of distances, one `distance,count` line a
        /// distance (boards at each distance from solved).
        #[arg(long, conflicts_with = "json")]
        csv: bool,
    },
}

// Limits of the optimal search (`picture solve --method optimal`, `picture bounds --sample`).
#[derive(clap::Args, Debug, Clone, Copy)]
#[command(allow_negative_numbers = true)]
struct LimitArgs {
    /// Stop an optimal search after N nodes [default: 10000000] (exit 4; raise it to search on; the pattern databases built first are not nodes).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: Option<u64>,
    /// Stop an optimal search after SECONDS, the pattern databases it builds first included (picture bounds: the whole run, the bounds' tables too) (exit 4; no time limit by default).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<f64>,
}

/// A positive number of seconds.
fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if api::valid_seconds(v) => Ok(v),
        _ => Err(format!("'{s}' is not a positive number of seconds")),
    }
}

/// Runs `cubelab picture`.
pub fn run(args: Args, ctx: &crate::context::Context) -> anyhow::Result<String> {
    // The program's terminal bar.
    let bar = Arc::new(ctx.bar());
    let typed = Context::new().with_progress(bar.clone());
    match args.command {
        Sub::Check { board, json, svg } => {
            let req = api::CheckRequest { board };
            let checked = api::board::check(&req, &typed).map_err(failure)?;
            let printed = render(&checked, &api::board::CheckInput::of(&req), Format::json_or_text(json));
            with_files(printed, || svg.as_deref().map_or(Ok(()), |path| write_svg(&checked, path)))
        }
        Sub::Solve { board, method, metric, limits, table, json, svg } => {
            let LimitArgs { max_nodes, timeout } = limits;
            let given = max_nodes.is_some() || timeout.is_some();
            let mut typed = typed;
            let mut method = method;
            if let Some(path) = &table {
                // The checks in the order of the request's own (a bad board first; the
                // limits of another method are the request's error).
                let b = Board::parse(&board)?;
                if method == Method::Local {
                    method = Method::Optimal;
                }
                if method != Method::Optimal && !given {
                    anyhow::bail!("--table gives optimal solutions: it is refused with --method {}", method.name());
                }
                if method == Method::Optimal && given {
                    anyhow::bail!("--max-nodes and --timeout limit the IDA* search; a --table descent needs no limit");
                }
                // An unsolvable board is refused by the request before any table is read.
                if method == Method::Optimal && parity::check(&b).solvable {
                    typed = typed.with_only_picture_table(Arc::new(DistanceTable::load(path)?));
                }
            }
            let req = api::SolveRequest { board, method, metric, max_nodes, timeout };
            let solved = api::solve::run(&req, &typed).map_err(failure)?;
            let printed = render(&solved, &api::solve::SolveInput::of(&req), Format::json_or_text(json));
            with_files(printed, || svg.as_deref().map_or(Ok(()), |path| write_svg(&solved, path)))
        }
        Sub::Bounds { m, n, metric, sample, limits, json } => {
            let LimitArgs { max_nodes, timeout } = limits;
            let req = api::BoundsRequest { m, n, metric, sample, max_nodes, timeout };
            let report = api::bounds::run(&req, &typed).map_err(failure)?;
            render(&report, &api::bounds::BoundsInput::of(&req), Format::json_or_text(json))
        }
        Sub::Scramble { m, n, seed, moves, json, svg } => {
            let req = api::ScrambleRequest { m, n, seed, moves };
            let scrambled = api::board::scramble(&req, &typed).map_err(failure)?;
            let printed = render(&scrambled, &api::board::ScrambleInput::of(&req), Format::json_or_text(json));
            with_files(printed, || svg.as_deref().map_or(Ok(()), |path| write_svg(&scrambled, path)))
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
            work,
            output,
            save_table,
            checkpoint,
            resume,
            force,
            stop_after_layer,
            json,
            csv,
        } => {
            let metric = if group.is_none() { Some(metric) } else { None };
            let req =
                api::CensusRequest { m, n, metric, group, row_moves, col_moves, engine, antipodes, watch, seed, work };
            let opts = api::census::Options { max_memory, checkpoint, resume, force, stop_after_layer, save_table };
            // (The MPI engine's files are FILE.rank-r-of-R; it refuses another R's files.)
            if engine != Engine::Mpi {
                progress::note_fresh_start(&bar, opts.checkpoint.as_deref(), resume);
            }
            let mut report = census_report(&req, &opts, &typed.with_stop(ctx.stop()))?;
            let unsaved = report.unsaved.take();
            let input = api::census::CensusInput::of(&req);
            // Under mpirun (--engine mpi) every rank finds the result; rank 0 writes it.
            if !report.writer {
                return Ok(String::new());
            }
            let file = match &output {
                Some(path) => Some((path, crate::output::json(&report, &input)?)),
                None => None,
            };
            let printed = render(&report, &input, FormatArgs { json, csv }.format());
            // A table that could not be saved at the end (a full disk) leaves the census
            // printed, the error after it.
            with_files(printed, || {
                file.map_or(Ok(()), |(path, json)| write_atomic(path, json.as_bytes()))?;
                unsaved.map_or(Ok(()), |e| Err(crate::cli::failure(e)))
            })
        }
    }
}

/// `picture census` through the typed layer, its error with the way to resume. On MPI
/// (`--engine mpi`, feature `mpi`) every rank ends with the same error: rank 0 prints it
/// before the ranks end (mpirun ends them all once one exits with an error), and every
/// rank returns it quiet, to exit with its code.
fn census_report(
    req: &api::CensusRequest,
    opts: &api::census::Options,
    typed: &Context,
) -> anyhow::Result<api::census::CensusReport> {
    let hinted = |e| progress::with_resume_hint_api(e, opts.checkpoint.as_deref());
    #[cfg(feature = "mpi")]
    if req.engine == Engine::Mpi {
        let mpi = api::census::Mpi::start().map_err(|e| failure(e.into()))?;
        return api::census::run_on_mpi(req, opts, typed, &mpi).map_err(|e| {
            let e = hinted(e);
            if mpi.rank() == 0 {
                crate::cli::print_error(&failure(e.clone()));
            }
            mpi.barrier();
            failure(e.quiet())
        });
    }
    api::census::run_with(req, opts, typed).map_err(|e| failure(hinted(e)))
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<api::board::Checked>();
    out.add::<api::solve::Solved>();
    out.add::<api::board::Scrambled>();
    out.add::<api::bounds::BoundsReport>();
    out.add::<api::census::CensusReport>();
}
