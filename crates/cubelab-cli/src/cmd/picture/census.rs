//! `cubelab picture census`: the distance census of a board or of a group puzzle.

use super::*;

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

/// A watched board and its distance.
#[derive(Serialize, JsonSchema)]
pub struct WatchedBoard {
    /// The board (as `picture scramble M N --seed S` prints it).
    board: String,
    /// Its distance from solved, as the census found it.
    distance: usize,
}

/// The group of a generalised puzzle.
#[derive(Serialize, JsonSchema)]
pub struct GroupInfo {
    /// The group as given.
    name: String,
    /// Its order |G|.
    order: usize,
    /// Whether it is abelian.
    abelian: bool,
    /// Whether it is simple.
    simple: bool,
    /// Number of row moves |R|.
    row_moves: usize,
    /// Number of column moves |C|.
    col_moves: usize,
}

/// `cubelab picture census`: the distances of all reachable boards.
#[derive(Serialize, JsonSchema)]
pub struct CensusReport {
    /// Rows of the board.
    rows: usize,
    /// Columns of the board.
    cols: usize,
    /// How moves are counted (the cube puzzle), or null for a group puzzle.
    metric: Option<Metric>,
    /// The group (with `--group`), or null for the picture cube.
    group: Option<GroupInfo>,
    /// Number of reachable states.
    states: u64,
    /// Largest distance from solved.
    diameter: usize,
    /// Average distance.
    average: f64,
    /// Median distance (the least d with at least half the states within d).
    median: usize,
    /// Number of states at each distance (value: the distance).
    distances: Vec<Bin>,
    /// With `--antipodes K`: up to K boards at the greatest distance (the least board of
    /// each symmetry class, the least first), else null.
    antipodes: Option<Vec<String>>,
    /// With `--watch K --seed S`: the boards `picture scramble M N --seed S+i` (i < K),
    /// uniformly random reachable boards, with the distance the census found for each,
    /// else null.
    watched: Option<Vec<WatchedBoard>>,
    #[serde(skip)]
    census: Census,
    #[serde(skip)]
    title: String,
    #[serde(skip)]
    notes: Vec<String>,
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
}

fn parse_elements(group: &Group, list: Option<&str>) -> anyhow::Result<Vec<u8>> {
    match list {
        None => Ok((0..group.order() as u8).collect()),
        Some(s) => {
            let items: Vec<&str> = s.split(';').map(str::trim).filter(|t| !t.is_empty()).collect();
            if items.is_empty() {
                bail!("empty move list '{s}'");
            }
            Ok(items.iter().map(|t| group.element(t)).collect::<Result<_, _>>()?)
        }
    }
}

/// The arguments of `cubelab picture census` (see its help).
pub(super) struct CensusArgs {
    /// Rows and columns.
    pub(super) m: usize,
    pub(super) n: usize,
    /// `--metric` (the cube puzzle).
    pub(super) metric: Metric,
    /// `--group`, `--row-moves`, `--col-moves` (a group puzzle).
    pub(super) group: Option<String>,
    pub(super) row_moves: Option<String>,
    pub(super) col_moves: Option<String>,
    /// `--max-memory`, in GiB.
    pub(super) max_memory: u64,
    /// `--output`.
    pub(super) output: Option<PathBuf>,
    /// `--save-table`: where to save the distances mod 3.
    pub(super) save_table: Option<PathBuf>,
    /// The engine, antipodes and checkpoint flags.
    pub(super) ck: CheckpointArgs,
    /// `--json`.
    pub(super) json: bool,
}

pub(super) fn census(args: CensusArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    let (m, n) = (args.m, args.n);
    Board::solved(m, n)?;
    if args.ck.watch.is_some() && args.group.is_some() {
        bail!("--watch draws random picture-cube boards; it is not available with --group");
    }
    let watch: Vec<Board> = match args.ck.watch {
        Some(k) => (0..k as u64)
            .map(|i| Board::random_reachable(m, n, args.ck.seed.wrapping_add(i)))
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    let max_bytes = args.max_memory.saturating_mul(1 << 30);
    let bar = ctx.bar();
    let stop = ctx.stop();
    let path = args.ck.checkpoint.as_deref();
    let opts = Options {
        progress: &bar,
        stop: stop.clone(),
        checkpoint: path,
        resume: args.ck.resume,
        overwrite: args.ck.force,
        ..Options::default()
    };
    let run = |puzzle: &LinePuzzle, label: &str| run_census(&args, &bar, &opts, max_bytes, &watch, puzzle, label);
    if args.ck.antipodes.is_some() && args.ck.engine == Engine::Byte {
        bail!("--antipodes needs the two-bit engine (--engine two-bit or auto)");
    }
    let (found, title, mut notes, group) = match args.group.as_deref() {
        None => {
            let (found, title, notes) = cube_census(m, n, args.metric, &run)?;
            (found, title, notes, None)
        }
        Some(spec) => {
            let (row_moves, col_moves) = (args.row_moves.as_deref(), args.col_moves.as_deref());
            let (found, title, notes, group) = group_census(spec, m, n, row_moves, col_moves, &run)?;
            (found, title, notes, Some(group))
        }
    };
    bar.finish();
    notes.retain(|n| !n.is_empty());
    let census = found.census;
    let report = CensusReport {
        rows: m,
        cols: n,
        metric: if group.is_none() { Some(args.metric) } else { None },
        group,
        states: census.states,
        diameter: census.diameter,
        average: census.average,
        median: census.median,
        distances: bins(&census.distances),
        antipodes: found.antipodes,
        watched: args.ck.watch.map(|_| {
            watch.iter().zip(&found.watched).map(|(b, &d)| WatchedBoard { board: b.to_string(), distance: d }).collect()
        }),
        census,
        title,
        notes,
    };
    let input = CensusInput {
        m,
        n,
        metric: report.metric,
        group: args.group,
        row_moves: args.row_moves,
        col_moves: args.col_moves,
        antipodes: args.ck.antipodes,
        watch: args.ck.watch,
        seed: args.ck.watch.map(|_| args.ck.seed),
    };
    if let Some(path) = &args.output {
        write_atomic(path, crate::output::json(&report, &input)?.as_bytes())?;
    }
    render(&report, &input, Format::json_or_text(args.json))
}

/// Runs a census of `puzzle` (titled `label`) on the engine and with the checkpoint
/// flags of `args`; a stop (--stop-after-layer, Ctrl-C) is an error.
fn run_census(
    args: &CensusArgs,
    bar: &progress::Bar,
    opts: &Options<'_>,
    max_bytes: u64,
    watch: &[Board],
    puzzle: &LinePuzzle,
    label: &str,
) -> anyhow::Result<Found> {
    let (ck, path) = (&args.ck, args.ck.checkpoint.as_deref());
    progress::note_fresh_start(bar, path, ck.resume);
    let checkpointing = Checkpointing { label, stop_after_layer: ck.stop_after_layer };
    let two_bit = match ck.engine {
        Engine::Byte if args.save_table.is_some() => {
            bail!("--save-table keeps the two-bit engine's table: it is refused with --engine byte")
        }
        Engine::Byte => false,
        Engine::TwoBit => true,
        // The two-bit engine was faster on every picture board measured (docs/benchmarks.md:
        // 2x2, 3x2 7.6x, 8x1 1.4x, 9x1) and runs the picture cube only. With a checkpoint,
        // the byte engine where it fits, as before, so its checkpoints still resume.
        Engine::Auto => {
            args.group.is_none() && (path.is_none() || ck.antipodes.is_some() || Space::new(puzzle, max_bytes).is_err())
        }
    };
    // The table line is printed where it was before the engines were chosen by speed: when
    // asked for, or when the byte table would not fit (the output stays the same).
    let show_table = ck.engine == Engine::TwoBit
        || ck.antipodes.is_some()
        || args.save_table.is_some()
        || Space::new(puzzle, max_bytes).is_err();
    if !two_bit {
        let table = Table::build_resumable(puzzle, max_bytes, opts, &checkpointing)
            .map_err(|e| progress::with_resume_hint(e, path))?;
        let watched = watch
            .iter()
            .map(|b| table.distance(b.cubes()).map(usize::from))
            .collect::<Option<Vec<usize>>>()
            .context("a watched board is not in the distance table")?;
        return Ok(Found { census: table.census().clone(), antipodes: None, watched, note: String::new() });
    }
    if args.group.is_some() {
        bail!("--engine two-bit runs the picture cube only, not a group puzzle");
    }
    let cells: Vec<Vec<u8>> = watch.iter().map(|b| b.cubes().to_vec()).collect();
    let antipodes = ck.antipodes.unwrap_or(0);
    let t = match &args.save_table {
        None => twobit::run(puzzle, &cube_symmetry(), max_bytes, opts, &checkpointing, antipodes, &cells),
        Some(file) => {
            let shape = (args.m, args.n, args.metric);
            DistanceTable::census_watching(shape, max_bytes, opts, &checkpointing, antipodes, &cells)
                .and_then(|(t, table)| table.save(file).map(|_| t))
        }
    }
    .map_err(|e| progress::with_resume_hint(e, path))?;
    let note = if !show_table {
        String::new()
    } else {
        format!(
            "table:    two-bit, {} entries ({} bytes), {} classes under {} symmetries",
            t.entries,
            t.entries.div_ceil(32) * 8,
            t.classes,
            t.symmetries
        )
    };
    let boards = |cells: Vec<u8>| Board::from_cubes(args.m, args.n, cells).map(|b| b.to_string());
    let antipodes = match ck.antipodes {
        Some(_) => Some(t.antipodes.into_iter().map(boards).collect::<Result<Vec<_>, _>>()?),
        None => None,
    };
    let watched = t.watched.iter().map(|&d| d as usize).collect();
    Ok(Found { census: t.census, antipodes, watched, note })
}

/// A census of the picture cube: the table, its title and the note on Theorem 8.
fn cube_census(
    m: usize,
    n: usize,
    metric: Metric,
    run: &dyn Fn(&LinePuzzle, &str) -> anyhow::Result<Found>,
) -> anyhow::Result<(Found, String, Vec<String>)> {
    let title =
        format!("picture cube {m}x{n}, {} metric", if metric == Metric::Half { "half-turn" } else { "quarter-turn" });
    let Some(expected) = reachable_count(m, n) else {
        bail!("{m}x{n} board: its 2^(m+n-1)·12^(mn) boards are too many to count in 64 bits");
    };
    let found = run(&cube_puzzle(m, n, metric), &title)?;
    cubelab::picture::check_theorem_8(m, n, found.census.states)?;
    let notes = vec![format!("check:    2^(m+n-1)·12^(mn) = {expected} (Theorem 8) agrees"), found.note.clone()];
    Ok((found, title, notes))
}

/// A census of a group puzzle (`--group`): the table, its title, the notes on |H| and the
/// group's description.
fn group_census(
    spec: &str,
    m: usize,
    n: usize,
    row_moves: Option<&str>,
    col_moves: Option<&str>,
    run: &dyn Fn(&LinePuzzle, &str) -> anyhow::Result<Found>,
) -> anyhow::Result<(Found, String, Vec<String>, GroupInfo)> {
    let g = Group::parse(spec)?;
    let r = parse_elements(&g, row_moves).context("--row-moves")?;
    let c = parse_elements(&g, col_moves).context("--col-moves")?;
    let title = format!(
        "group {spec} of order {} ({}{}) on {m}x{n}, |R| = {}, |C| = {}",
        g.order(),
        if g.is_abelian() { "abelian" } else { "non-abelian" },
        if g.is_simple() { ", simple" } else { "" },
        r.len(),
        c.len()
    );
    let found = run(&g.puzzle(m, n, &r, &c)?, &title)?;
    let states = found.census.states;
    let mut notes = vec![format!("|H| = {} of |G|^(mn) = {}", states, (g.order() as f64).powi((m * n) as i32))];
    if row_moves.is_none() && col_moves.is_none() {
        if let Some((theorem, expected)) = group::predicted_order(&g, m, n) {
            let holds = (states as f64 - expected).abs() < 0.5;
            notes.push(format!("{theorem}: {}", if holds { "holds" } else { "FAILS" }));
        }
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
