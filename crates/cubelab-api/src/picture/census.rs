//! `picture census`: the distance census of a board or of a group puzzle.
//!
//! Both engines (byte and two-bit) take the context's progress and cancellation token
//! (looked at between chunks of a layer: a raised token stops a census within a fraction
//! of a second, with [`ErrorKind::Stopped`], its checkpoint
//! saved if it has one). The files of a run (checkpoint, saved table) and its memory are
//! [`Options`], given by the command line only ([`run_with`]); [`run`] uses none.

use super::{metric_title, Engine, Metric};
use crate::error::{Error, ErrorKind, Result};
use crate::report::Report;
use crate::{limits, Context};
use cubelab::histogram::{bins, Bin};
use cubelab::picture::board::Board;
use cubelab::picture::census::twobit::distances::DistanceTable;
use cubelab::picture::census::{
    cube_puzzle, cube_symmetry, reachable_count, twobit, Census, Checkpointing, LinePuzzle, Space, Table,
};
use cubelab::picture::group::{self, Group};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The request of `picture census`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CensusRequest {
    /// Rows.
    pub m: usize,
    /// Columns.
    pub n: usize,
    /// How moves are counted (the picture cube; `quarter` when absent). Refused with
    /// `group`, whose moves are the group elements given.
    #[serde(default)]
    pub metric: Option<Metric>,
    /// The generalisation: a group (C<n>, S<n>, A<n>, V4, or generators '(1 2 3);(1 2)').
    #[allow(rustdoc::invalid_html_tags)]
    #[serde(default)]
    pub group: Option<String>,
    /// Row moves R as group elements separated by ';' (default: all of G; with `group`).
    #[serde(default)]
    pub row_moves: Option<String>,
    /// Column moves C as group elements separated by ';' (default: all of G; with `group`).
    #[serde(default)]
    pub col_moves: Option<String>,
    /// The census engine (`auto` by default; the result does not depend on it).
    #[serde(default)]
    pub engine: Engine,
    /// Also list this many boards at the greatest distance (two-bit engine).
    #[serde(default)]
    pub antipodes: Option<usize>,
    /// Also record the distance of this many uniformly random reachable boards (those of
    /// `picture scramble M N --seed S+i`, i < K; not with `group`).
    #[serde(default)]
    pub watch: Option<usize>,
    /// The seed of the first watched board (0 by default).
    #[serde(default)]
    pub seed: u64,
    /// Also report the work the two-bit engine counted as it ran (its table's bytes, its
    /// neighbour probes and canonical forms: the yardstick of its cost, docs/benchmarks.md).
    /// Not echoed in the input: the result does not depend on it. Refused where the
    /// two-bit engine does not run on one machine (the byte engine, a group puzzle, MPI).
    #[serde(default)]
    pub work: bool,
}

/// What a census run keeps on disk and may use, besides its request: the command line's
/// flags, never taken from JSON (the web and Python run without files).
#[derive(Debug, Clone)]
pub struct Options {
    /// Largest distance table allowed, in GiB (16 by default).
    pub max_memory: u64,
    /// Save the distance table to this file after completed layers.
    pub checkpoint: Option<PathBuf>,
    /// Continue from the checkpoint file if it exists.
    pub resume: bool,
    /// Start afresh and replace an existing checkpoint file.
    pub force: bool,
    /// Stop after expanding this layer, saving the checkpoint.
    pub stop_after_layer: Option<usize>,
    /// Keep the distance of every board mod 3 (two-bit engine) and save it to this file.
    pub save_table: Option<PathBuf>,
}

/// The default of `max_memory`, in GiB.
pub const DEFAULT_MAX_MEMORY: u64 = 16;

impl Default for Options {
    fn default() -> Self {
        Options {
            max_memory: DEFAULT_MAX_MEMORY,
            checkpoint: None,
            resume: false,
            force: false,
            stop_after_layer: None,
            save_table: None,
        }
    }
}

/// The input of `cubelab picture census`.
#[derive(Serialize, JsonSchema)]
pub struct CensusInput {
    /// Rows.
    m: usize,
    /// Columns.
    n: usize,
    /// How moves are counted (the cube puzzle), or null with `group`.
    metric: Option<Metric>,
    /// `--group`: the group of the generalised puzzle, or null for the picture cube.
    group: Option<String>,
    /// `--row-moves`: the row moves as given, or null (all of the group).
    row_moves: Option<String>,
    /// `--col-moves`: the column moves as given, or null (all of the group).
    col_moves: Option<String>,
    /// `--antipodes`: how many boards at the greatest distance to list, or null.
    antipodes: Option<usize>,
    /// `--watch`: how many random reachable boards to record the distance of, or null.
    watch: Option<usize>,
    /// `--seed`: the seed of the first watched board (board i is `picture scramble m n
    /// --seed seed+i`), or null without `--watch`.
    seed: Option<u64>,
}

impl CensusInput {
    /// The input echoed for `req`.
    pub fn of(req: &CensusRequest) -> CensusInput {
        CensusInput {
            m: req.m,
            n: req.n,
            metric: if req.group.is_none() { Some(req.metric.unwrap_or_default()) } else { None },
            group: req.group.clone(),
            row_moves: req.row_moves.clone(),
            col_moves: req.col_moves.clone(),
            antipodes: req.antipodes,
            watch: req.watch,
            seed: req.watch.map(|_| req.seed),
        }
    }
}

/// A watched board and its distance.
#[derive(Serialize, JsonSchema)]
pub struct WatchedBoard {
    /// The board (as `picture scramble M N --seed S` prints it).
    pub board: String,
    /// Its distance from solved, as the census found it.
    pub distance: usize,
}

/// The group of a generalised puzzle.
#[derive(Serialize, JsonSchema)]
pub struct GroupInfo {
    /// The group as given.
    pub name: String,
    /// Its order |G|.
    pub order: usize,
    /// Whether it is abelian.
    pub abelian: bool,
    /// Whether it is simple.
    pub simple: bool,
    /// Number of row moves |R|.
    pub row_moves: usize,
    /// Number of column moves |C|.
    pub col_moves: usize,
}

/// The work of a two-bit census, counted as it ran (the same for every thread count).
#[derive(Serialize, JsonSchema, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CensusWork {
    /// Bytes of the two-bit table.
    pub table_bytes: u64,
    /// Neighbour look-ups in the table: a random test-and-set for every neighbour of a
    /// frontier class in a forward pass, a random read for every neighbour a backward
    /// pass looked at.
    pub probes: u64,
    /// Canonical forms computed or tested: one for every table entry the prepare pass
    /// looked at, every neighbour found and every class counted.
    pub canonical_forms: u64,
}

/// `cubelab picture census`: the distances of all reachable boards.
#[derive(Serialize, JsonSchema)]
pub struct CensusReport {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// How moves are counted (the cube puzzle), or null for a group puzzle.
    pub metric: Option<Metric>,
    /// The group (with `--group`), or null for the picture cube.
    pub group: Option<GroupInfo>,
    /// Number of reachable states.
    pub states: u64,
    /// Largest distance from solved.
    pub diameter: usize,
    /// Average distance.
    pub average: f64,
    /// Median distance (the least d with at least half the states within d).
    pub median: usize,
    /// Number of states at each distance (value: the distance).
    pub distances: Vec<Bin>,
    /// With `--antipodes K`: up to K boards at the greatest distance (the least board of
    /// each symmetry class, the least first), else null.
    pub antipodes: Option<Vec<String>>,
    /// With `--watch K --seed S`: the boards `picture scramble M N --seed S+i` (i < K),
    /// uniformly random reachable boards, with the distance the census found for each,
    /// else null.
    pub watched: Option<Vec<WatchedBoard>>,
    /// What the two-bit engine did on one machine (its table and the work counted as it
    /// ran: the yardstick of its cost, docs/benchmarks.md): with `work` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub work: Option<CensusWork>,
    /// The census.
    #[serde(skip)]
    pub census: Census,
    /// The title line of the text.
    #[serde(skip)]
    pub title: String,
    /// The lines after the summary: the check of the number of states and, when
    /// reported, the two-bit table.
    #[serde(skip)]
    pub notes: Vec<String>,
    /// Whether this process writes the result: false on the ranks other than 0 of a
    /// census on MPI (`engine` `mpi`), which find the same result.
    #[serde(skip)]
    pub writer: bool,
    /// The error of saving the table (`save_table`) when the census itself finished: the
    /// result is kept and the caller prints it before the error (issue 47: a table that
    /// could not be written at the end lost the census).
    #[serde(skip)]
    pub unsaved: Option<Error>,
}

impl Report for CensusReport {
    const KIND: &'static str = "picture-census";
    type Input = CensusInput;

    fn text(&self) -> String {
        let c = &self.census;
        let mut s = format!("{}\n", self.title);
        s += &format!(
            "states:   {}\ndiameter: {}\naverage:  {:.4}\nmedian:   {}\n",
            c.states, c.diameter, c.average, c.median
        );
        for note in &self.notes {
            s += &format!("{note}\n");
        }
        s += "distance  count\n";
        for (d, n) in c.distances.iter().enumerate() {
            s += &format!("{d:>8}  {n}\n");
        }
        if let Some(a) = &self.antipodes {
            s += &format!("antipodes ({} at distance {}):\n", a.len(), c.diameter);
            for b in a {
                s += &format!("  {b}\n");
            }
        }
        if let Some(w) = &self.watched {
            s += &format!("watched ({} boards, distance and board):\n", w.len());
            for b in w {
                s += &format!("  {:>2}  {}\n", b.distance, b.board);
            }
        }
        s
    }

    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let mut rows = vec![vec!["distance".to_string(), "count".to_string()]];
        rows.extend(self.census.distances.iter().enumerate().map(|(d, n)| vec![d.to_string(), n.to_string()]));
        Some(rows)
    }
}

/// What a census found, by either engine.
struct Found {
    census: Census,
    antipodes: Option<Vec<String>>,
    /// The distances of the watched boards, in order.
    watched: Vec<usize>,
    /// A line on the two-bit table, or empty.
    note: String,
    /// The two-bit engine's work on one machine.
    work: Option<CensusWork>,
    /// Whether this process writes the result (false on the MPI ranks other than 0).
    writer: bool,
    /// The error of saving the table, the census itself done.
    unsaved: Option<Error>,
}

/// The group elements of a move list (`None`: all of the group), `field` naming the list.
fn parse_elements(group: &Group, list: Option<&str>, field: &str) -> Result<Vec<u8>> {
    let bad = |message: String| Error::naming(ErrorKind::BadInput, format!("{{{field}}}: {message}"));
    match list {
        None => Ok((0..group.order() as u8).collect()),
        Some(s) => {
            let items: Vec<&str> = s.split(';').map(str::trim).filter(|t| !t.is_empty()).collect();
            if items.is_empty() {
                return Err(bad(format!("empty move list '{s}'")));
            }
            items.iter().map(|t| group.element(t).map_err(|e| bad(e.to_string()))).collect()
        }
    }
}

/// Runs `picture census` without files ([`Options::default`]).
pub fn run(req: &CensusRequest, ctx: &Context) -> Result<CensusReport> {
    run_with(req, &Options::default(), ctx)
}

/// Runs `picture census` with the files and memory of `opts`. A stop (the context's
/// token or deadline, `opts.stop_after_layer`) is an error of kind
/// [`ErrorKind::Stopped`] saying what was saved.
///
/// On MPI (`engine` `mpi`, with the feature `mpi`) it starts MPI and runs
/// `run_on_mpi`.
pub fn run_with(req: &CensusRequest, opts: &Options, ctx: &Context) -> Result<CensusReport> {
    #[cfg(feature = "mpi")]
    if req.engine == Engine::Mpi {
        return run_on_mpi(req, opts, ctx, &Mpi::start()?);
    }
    census_report(req, opts, ctx, None)
}

/// [`run_with`] on MPI started by the caller (`engine` `mpi`), before the request is
/// checked: every rank ends with the same report or the same error, rank 0 the one to
/// write the report ([`CensusReport::writer`]) and to report the error (the other ranks'
/// is [`Error::quiet`]). `mpirun` ends every rank once one exits with an error, so a
/// caller printing the error on rank 0 does so before the ranks end ([`Mpi::barrier`]
/// after it).
#[cfg(feature = "mpi")]
pub fn run_on_mpi(req: &CensusRequest, opts: &Options, ctx: &Context, mpi: &Mpi) -> Result<CensusReport> {
    census_report(req, opts, ctx, Some(mpi)).map_err(|e| if mpi.rank() == 0 { e } else { e.quiet() })
}

#[cfg(feature = "mpi")]
pub use cubelab::picture::census::distributed::Mpi;

/// Without the feature `mpi`: no MPI (a type without values).
#[cfg(not(feature = "mpi"))]
enum Mpi {}

/// [`run_with`], with MPI started when the engine is `mpi`.
fn census_report(req: &CensusRequest, opts: &Options, ctx: &Context, mpi: Option<&Mpi>) -> Result<CensusReport> {
    if let Some(l) = ctx.limits() {
        limits::picture_census(req, l)?;
    }
    let (m, n) = (req.m, req.n);
    Board::solved(m, n)?;
    check_fields(req)?;
    let watch: Vec<Board> = match req.watch {
        Some(k) => {
            cubelab::bounds::CENSUS_WATCH.check_usize(k).map_err(|e| Error::from(e).about("watch", k))?;
            (0..k as u64)
                .map(|i| Board::random_reachable(m, n, req.seed.wrapping_add(i)))
                .collect::<std::result::Result<_, _>>()?
        }
        None => Vec::new(),
    };
    if let Some(k) = req.antipodes {
        cubelab::bounds::CENSUS_ANTIPODES.check_usize(k).map_err(|e| Error::from(e).about("antipodes", k))?;
    }
    let max_bytes = opts.max_memory.saturating_mul(1 << 30);
    let progress = ctx.progress();
    let lib_opts = cubelab::run::Options {
        progress,
        stop: ctx.stop().clone(),
        checkpoint: opts.checkpoint.as_deref(),
        resume: opts.resume,
        overwrite: opts.force,
        ..cubelab::run::Options::default()
    };
    let census = |puzzle: &LinePuzzle, label: &str, reachable: Option<u64>| {
        run_census(req, opts, &lib_opts, max_bytes, &watch, puzzle, label, reachable, mpi)
    };
    if req.antipodes.is_some() && req.engine == Engine::Byte {
        return Err(Error::naming(
            ErrorKind::BadInput,
            "{antipodes} needs the two-bit engine ({engine} two-bit or auto)",
        ));
    }
    let metric = req.metric.unwrap_or_default();
    let (found, title, mut notes, group) = match req.group.as_deref() {
        None => {
            let (found, title, notes) = cube_census(m, n, metric, &census)?;
            (found, title, notes, None)
        }
        Some(spec) => {
            let (row_moves, col_moves) = (req.row_moves.as_deref(), req.col_moves.as_deref());
            let (found, title, notes, group) = group_census(spec, m, n, row_moves, col_moves, &census)?;
            (found, title, notes, Some(group))
        }
    };
    progress.finish();
    notes.retain(|n| !n.is_empty());
    let census = found.census;
    let work = found.work;
    let writer = found.writer;
    let unsaved = found.unsaved;
    Ok(CensusReport {
        rows: m,
        cols: n,
        metric: if group.is_none() { Some(metric) } else { None },
        group,
        states: census.states,
        diameter: census.diameter,
        average: census.average,
        median: census.median,
        distances: bins(&census.distances),
        antipodes: found.antipodes,
        watched: req.watch.map(|_| {
            watch.iter().zip(&found.watched).map(|(b, &d)| WatchedBoard { board: b.to_string(), distance: d }).collect()
        }),
        work,
        census,
        title,
        notes,
        writer,
        unsaved,
    })
}

/// The fields that go with a group puzzle only, or with the picture cube only.
fn check_fields(req: &CensusRequest) -> Result<()> {
    let naming = |template: &str| Err(Error::naming(ErrorKind::BadInput, template));
    match req.group {
        Some(_) if req.watch.is_some() => {
            naming("{watch} draws random picture-cube boards; it is not available with {group}")
        }
        Some(_) if req.metric.is_some() => {
            naming("{metric} counts the moves of the picture cube; a {group} puzzle's moves are its elements")
        }
        None if req.row_moves.is_some() || req.col_moves.is_some() => {
            naming("{row_moves} and {col_moves} are the moves of a {group} puzzle: give the group")
        }
        _ => Ok(()),
    }
}

/// True when `path` holds a checkpoint of the byte engine: its header line's label does not
/// name the two-bit table (anything unreadable is left to the two-bit engine, which
/// reports it).
fn byte_checkpoint(path: &std::path::Path) -> bool {
    use std::io::{BufRead, Read};
    let Ok(file) = std::fs::File::open(path) else { return false };
    let mut line = Vec::new();
    if std::io::BufReader::new(file).take(1 << 16).read_until(b'\n', &mut line).is_err() {
        return false;
    }
    serde_json::from_slice::<serde_json::Value>(line.trim_ascii_end())
        .ok()
        .and_then(|header| header["label"].as_str().map(|label| !label.contains("two-bit table")))
        .unwrap_or(false)
}

/// A census run on a puzzle, titled, with its number of reachable boards when known
/// before the run ([`run_census`] with the request's engine and files).
type RunCensus<'a> = dyn Fn(&LinePuzzle, &str, Option<u64>) -> Result<Found> + 'a;

/// Runs a census of `puzzle` (titled `label`, with `reachable` boards when known before
/// the run, for progress over the whole run) on the engine of `req` (on `mpi` for the
/// engine `mpi`) and with the files of `opts`; a stop is an error.
#[allow(clippy::too_many_arguments)]
fn run_census(
    req: &CensusRequest,
    opts: &Options,
    lib_opts: &cubelab::run::Options<'_>,
    max_bytes: u64,
    watch: &[Board],
    puzzle: &LinePuzzle,
    label: &str,
    reachable: Option<u64>,
    mpi: Option<&Mpi>,
) -> Result<Found> {
    let path = opts.checkpoint.as_deref();
    let checkpointing = Checkpointing { label, stop_after_layer: opts.stop_after_layer, reachable };
    if req.engine == Engine::Mpi {
        return distributed(req, opts, lib_opts, max_bytes, watch, puzzle, &checkpointing, mpi);
    }
    let two_bit = match req.engine {
        Engine::Byte if opts.save_table.is_some() => {
            return Err(Error::naming(
                ErrorKind::BadInput,
                "{save_table} keeps the two-bit engine's table: it is refused with {engine} byte",
            ))
        }
        Engine::Byte => false,
        Engine::TwoBit | Engine::Mpi => true,
        // The two-bit engine was faster on every picture board measured (docs/benchmarks.md:
        // 2x2, 3x2, 8x1, 9x1, 4x2) and runs the picture cube only. A byte-engine checkpoint
        // (made before `auto` chose the two-bit engine with checkpoints too) resumes on
        // its own engine.
        Engine::Auto => req.group.is_none() && !(opts.resume && path.is_some_and(byte_checkpoint)),
    };
    // The table line is printed where it was before the engines were chosen by speed: when
    // asked for, or when the byte table would not fit (the output stays the same).
    let show_table = req.engine == Engine::TwoBit
        || req.antipodes.is_some()
        || opts.save_table.is_some()
        || Space::new(puzzle, max_bytes).is_err();
    if req.work && !two_bit {
        return Err(Error::naming(
            ErrorKind::BadInput,
            "{work} counts the two-bit engine's work: it is refused with the byte engine \
             (chosen by {engine} byte, a group puzzle, or resuming a byte-engine checkpoint)",
        ));
    }
    if !two_bit {
        let table = Table::build_resumable(puzzle, max_bytes, lib_opts, &checkpointing)?;
        let watched = watch
            .iter()
            .map(|b| table.distance(b.cubes()).map(usize::from))
            .collect::<Option<Vec<usize>>>()
            .ok_or_else(|| Error::new(ErrorKind::Internal, "a watched board is not in the distance table"))?;
        return Ok(Found {
            census: table.census().clone(),
            antipodes: None,
            watched,
            note: String::new(),
            work: None,
            writer: true,
            unsaved: None,
        });
    }
    if req.group.is_some() {
        return Err(Error::naming(
            ErrorKind::BadInput,
            "{engine} two-bit runs the picture cube only, not a group puzzle",
        ));
    }
    let cells: Vec<Vec<u8>> = watch.iter().map(|b| b.cubes().to_vec()).collect();
    let antipodes = req.antipodes.unwrap_or(0);
    let mut unsaved = None;
    let t = match &opts.save_table {
        None => twobit::run(puzzle, &cube_symmetry(), max_bytes, lib_opts, &checkpointing, antipodes, &cells)?,
        Some(file) => {
            let shape = (req.m, req.n, req.metric.unwrap_or_default());
            let (t, table) =
                DistanceTable::census_watching(shape, max_bytes, lib_opts, &checkpointing, antipodes, &cells)?;
            unsaved = table.save(file).err().map(Error::from);
            t
        }
    };
    let mut lines = Vec::new();
    if show_table {
        lines.push(format!(
            "table:    two-bit, {} entries ({} bytes), {} classes under {} symmetries",
            t.entries,
            t.entries.div_ceil(32) * 8,
            t.classes,
            t.symmetries
        ));
    }
    if let Some(w) = t.work.filter(|_| req.work) {
        lines.push(format!("work:     {} probes, {} canonical forms", w.probes, w.canonical_forms));
    }
    let note = lines.join("\n");
    Ok(Found { unsaved, ..found_two_bit(req, t, note, true)? })
}

/// The [`Found`] of a two-bit census (single or distributed) with its table line `note`;
/// `writer` is false on the MPI ranks that print nothing.
fn found_two_bit(req: &CensusRequest, t: twobit::TwoBitCensus, note: String, writer: bool) -> Result<Found> {
    let boards = |cells: Vec<u8>| Board::from_cubes(req.m, req.n, cells).map(|b| b.to_string());
    let antipodes = match req.antipodes {
        Some(_) => Some(t.antipodes.into_iter().map(boards).collect::<std::result::Result<Vec<_>, _>>()?),
        None => None,
    };
    let watched = t.watched.iter().map(|&d| d as usize).collect();
    let table_bytes = t.entries.div_ceil(32) * 8;
    let work = t.work.filter(|_| req.work).map(|w| CensusWork {
        table_bytes,
        probes: w.probes,
        canonical_forms: w.canonical_forms,
    });
    Ok(Found { census: t.census, antipodes, watched, note, work, writer, unsaved: None })
}

/// The census of `puzzle` on the MPI engine (cubelab's `census::distributed`; built with
/// the feature `mpi`, else refused) on `mpi` (started by [`run_with`]): the two-bit census
/// with the table cut among the ranks of `mpirun`, every rank finding the same result,
/// rank 0 the one writing it.
#[allow(clippy::too_many_arguments)]
fn distributed(
    req: &CensusRequest,
    opts: &Options,
    lib_opts: &cubelab::run::Options<'_>,
    max_bytes: u64,
    watch: &[Board],
    puzzle: &LinePuzzle,
    checkpointing: &Checkpointing<'_>,
    mpi: Option<&Mpi>,
) -> Result<Found> {
    if req.work {
        return Err(Error::naming(
            ErrorKind::BadInput,
            "{work} is not available with {engine} mpi (the ranks do not add up their work); use {engine} two-bit",
        ));
    }
    if opts.save_table.is_some() {
        return Err(Error::naming(
            ErrorKind::BadInput,
            "{save_table} is not available with {engine} mpi (the table is cut among the ranks); use {engine} two-bit",
        ));
    }
    if req.group.is_some() {
        return Err(Error::naming(ErrorKind::BadInput, "{engine} mpi runs the picture cube only, not a group puzzle"));
    }
    #[cfg(not(feature = "mpi"))]
    {
        let _ = (lib_opts, max_bytes, watch, puzzle, checkpointing, mpi);
        Err(Error::naming(
            ErrorKind::BadInput,
            "{engine} mpi needs a cubelab built with the cargo feature mpi \
             (cargo build --release -p cubelab-cli --features mpi; docs/scale-out.md)",
        ))
    }
    #[cfg(feature = "mpi")]
    {
        use cubelab::picture::census::distributed;
        let mpi = mpi.ok_or_else(|| Error::new(ErrorKind::Internal, "the MPI census runs with MPI started"))?;
        let cells: Vec<Vec<u8>> = watch.iter().map(|b| b.cubes().to_vec()).collect();
        let d = distributed::run(
            mpi,
            puzzle,
            &cube_symmetry(),
            max_bytes,
            lib_opts,
            checkpointing,
            req.antipodes.unwrap_or(0),
            &cells,
        )?;
        let t = d.census;
        let note = format!(
            "table:    two-bit, {} entries ({} bytes) on {} MPI rank{}, {} classes under {} symmetries; \
             {} neighbour entries exchanged between ranks (at most {} in a layer)",
            t.entries,
            t.entries.div_ceil(32) * 8,
            d.ranks,
            if d.ranks == 1 { "" } else { "s" },
            t.classes,
            t.symmetries,
            d.exchanged,
            d.exchanged_in_a_layer
        );
        found_two_bit(req, t, note, d.rank == 0)
    }
}

/// A census of the picture cube: the table, its title and the note on Theorem 8.
fn cube_census(m: usize, n: usize, metric: Metric, run: &RunCensus<'_>) -> Result<(Found, String, Vec<String>)> {
    let title = format!("picture cube {m}x{n}, {} metric", metric_title(metric));
    let Some(expected) = reachable_count(m, n) else {
        return Err(Error::bad(format!(
            "{m}x{n} board: its 2^(m+n-1)·12^(mn) boards are too many to count in 64 bits"
        )));
    };
    let found = run(&cube_puzzle(m, n, metric), &title, Some(expected))?;
    cubelab::picture::check_theorem_8(m, n, found.census.states)?;
    let notes = vec![format!("check:    2^(m+n-1)·12^(mn) = {expected} (Theorem 8) agrees"), found.note.clone()];
    Ok((found, title, notes))
}

/// A census of a group puzzle (`group`): the table, its title, the notes on |H| and the
/// group's description.
fn group_census(
    spec: &str,
    m: usize,
    n: usize,
    row_moves: Option<&str>,
    col_moves: Option<&str>,
    run: &RunCensus<'_>,
) -> Result<(Found, String, Vec<String>, GroupInfo)> {
    let g = Group::parse(spec)?;
    let r = parse_elements(&g, row_moves, "row_moves")?;
    let c = parse_elements(&g, col_moves, "col_moves")?;
    let title = format!(
        "group {spec} of order {} ({}{}) on {m}x{n}, |R| = {}, |C| = {}",
        g.order(),
        if g.is_abelian() { "abelian" } else { "non-abelian" },
        if g.is_simple() { ", simple" } else { "" },
        r.len(),
        c.len()
    );
    // |H| is known before the run when a theorem predicts it (R = C = G, G abelian or
    // simple): the progress then covers the whole run; else it goes layer by layer.
    let predicted = if row_moves.is_none() && col_moves.is_none() { group::predicted_order(&g, m, n) } else { None };
    let reachable = predicted.as_ref().map(|(_, h)| *h).filter(|h| *h < 2f64.powi(53)).map(|h| h as u64);
    let found = run(&g.puzzle(m, n, &r, &c)?, &title, reachable)?;
    let states = found.census.states;
    let mut notes = vec![format!("|H| = {} of |G|^(mn) = {}", states, (g.order() as f64).powi((m * n) as i32))];
    if let Some((theorem, expected)) = predicted {
        let holds = (states as f64 - expected).abs() < 0.5;
        notes.push(format!("{theorem}: {}", if holds { "holds" } else { "FAILS" }));
    }
    let info = GroupInfo {
        name: spec.to_string(),
        order: g.order(),
        abelian: g.is_abelian(),
        simple: g.is_simple(),
        row_moves: r.len(),
        col_moves: c.len(),
    };
    Ok((found, title, notes, info))
}
