//! The limits of an API call ([`Limits`]) and the guard that refuses work beyond them up
//! front, with the command to run instead (one helper per command family).

use super::ApiError;
use clap::ArgMatches;
use std::time::Duration;

/// The limits of one call: what a request may ask for before it is refused as too
/// expensive (each bound is a few seconds of one core and a few megabytes of output at
/// most, measured in `docs/web.md`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Longest time an optimal picture search may take (given to it as `--timeout`
    /// unless the input sets a shorter one). Long runs also stop when the context's stop
    /// flag is raised (the server raises it at its request timeout).
    pub time: Duration,
    /// Most blocks `build` and `solve` take (`build` with `improper`: `improper_blocks`).
    pub blocks: usize,
    /// Most blocks `build --improper` takes.
    pub improper_blocks: usize,
    /// Most arrangements or stacks listed (`limit` of `solve` and `stack solve`).
    pub listed: u64,
    /// Most cells of a picture board (`m * n`) for check, scramble and the local solver.
    pub board_cells: u64,
    /// Most cells of a board solved with the optimal or the subgroup method, or bounded
    /// (`picture bounds`): their tables take 8 to 45 s to build for 8 or 9 cells.
    pub optimal_cells: u64,
    /// Most states of a picture census (`2^(m+n-1)·12^(mn)`).
    pub census_states: u64,
    /// The rows, columns and metric of the picture distance table the server loaded
    /// (`serve --picture-table`): optimal solutions of these boards are table look-ups,
    /// allowed whatever `optimal_cells` says.
    pub optimal_table: Option<(usize, usize, cubelab::picture::board::Metric)>,
    /// Largest palette of `cubes --palette`.
    pub palette: u64,
    /// Largest order of `magic construct`.
    pub magic_order: u64,
    /// Largest N of `stack census --colors N`.
    pub stack_colors: u64,
    /// Largest N of `build --size N`, `solve --size N` and `extended --size N` (the
    /// assembly of `solve` has N³ positions: about 1 MB of JSON at N = 16).
    pub extended_size: u64,
    /// Most blocks of `build --size N` and `solve --size N` (N ≥ 3), per position of the
    /// big cube: at most `extended_blocks_per_position · N³` blocks.
    pub extended_blocks_per_position: u64,
    /// Most colors among the blocks of `build --size N --improper` (N ≥ 3).
    pub extended_improper_colors: u64,
    /// Most random multisets of `extended --samples`.
    pub extended_samples: u64,
    /// Most local-search steps of `extended` (`restarts · steps`).
    pub extended_search_steps: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            time: Duration::from_secs(10),
            blocks: 16,
            improper_blocks: 12,
            listed: 1000,
            board_cells: 400,
            optimal_cells: 6,
            census_states: 10_000_000,
            optimal_table: None,
            palette: 8,
            magic_order: 30,
            stack_colors: 4,
            extended_size: 16,
            extended_blocks_per_position: 2,
            extended_improper_colors: 3,
            extended_samples: 2000,
            extended_search_steps: 300,
        }
    }
}

/// A refusal: why, with the command to run instead.
type Refusal = Result<(), String>;

/// Refuses work beyond the limits, up front, with the command to run instead.
pub(super) fn guard(path: &str, m: &ArgMatches, limits: &Limits, shown: &str) -> Result<(), ApiError> {
    let checked = match path {
        "cubes" => cubes(m, limits),
        "build" | "solve" => blocks(path, m, limits),
        "stack solve" => listed(m, limits, "stacks"),
        "magic enumerate" | "magic construct" => magic(path, m, limits),
        "picture check" | "picture solve" => picture_board(m, limits),
        "picture scramble" | "picture bounds" | "picture census" => picture_size(path, m, limits),
        "stack census" => stack_census(m, limits),
        "extended" => extended(m, limits),
        _ => Ok(()),
    };
    checked.map_err(|why| ApiError::refused(&why, shown))
}

/// The raw string values of an argument (as typed).
fn raw<'a>(m: &'a ArgMatches, id: &str) -> Vec<&'a str> {
    match m.try_get_raw(id) {
        Ok(Some(v)) => v.filter_map(|s| s.to_str()).collect(),
        _ => Vec::new(),
    }
}

/// An argument's number, if it was given and is one (else the command reports it).
fn number(m: &ArgMatches, id: &str) -> Option<u64> {
    raw(m, id).first().and_then(|s| s.parse().ok())
}

/// `cubes --palette K`.
fn cubes(m: &ArgMatches, limits: &Limits) -> Refusal {
    if let Some(k) = number(m, "palette").filter(|&k| k > limits.palette) {
        return Err(format!("a palette of {k} colors lists too many cubes for a request (at most {})", limits.palette));
    }
    Ok(())
}

/// `limit` of `solve` and `stack solve`: the number of `what` listed.
fn listed(m: &ArgMatches, limits: &Limits, what: &str) -> Refusal {
    if let Some(n) = number(m, "limit").filter(|&n| n > limits.listed) {
        return Err(format!("listing {n} {what} is too much for a request (limit at most {})", limits.listed));
    }
    Ok(())
}

/// `build` and `solve`: the number of blocks (N = 2), or the size, blocks and colors of
/// the extended puzzle (`--size N`, N ≥ 3).
fn blocks(path: &str, m: &ArgMatches, limits: &Limits) -> Refusal {
    let blocks = raw(m, "blocks");
    let improper = path == "build" && m.get_flag("improper");
    let size = number(m, "size").unwrap_or(2);
    if size != 2 {
        return extended_blocks(size, &blocks, improper, limits);
    }
    let max = if improper { limits.improper_blocks } else { limits.blocks };
    if blocks.len() > max {
        let what = if improper { " with improper targets" } else { "" };
        return Err(format!("{} blocks{what} take too long for a request (at most {max})", blocks.len()));
    }
    if path == "solve" {
        return listed(m, limits, "arrangements");
    }
    Ok(())
}

/// `build --size N` and `solve --size N` for N ≠ 2: N, the number of blocks (at most a
/// multiple of N³) and, with improper targets, their colors. A size the command refuses
/// (outside 2..=32) is left to its own message.
fn extended_blocks(size: u64, blocks: &[&str], improper: bool, limits: &Limits) -> Refusal {
    if !usize::try_from(size).is_ok_and(|n| cubelab::extended::check_size(n).is_ok()) {
        return Ok(());
    }
    if size > limits.extended_size {
        return Err(format!(
            "a {size}x{size}x{size} cube is too large for a request (at most {0}x{0}x{0})",
            limits.extended_size
        ));
    }
    let max = limits.extended_blocks_per_position.saturating_mul(size.pow(3));
    if blocks.len() as u64 > max {
        return Err(format!(
            "{} blocks take too long for a {size}x{size}x{size} request (at most {max}, {} per position)",
            blocks.len(),
            limits.extended_blocks_per_position
        ));
    }
    if improper {
        let Ok(cubes) = cubelab::notation::parse_cubes(blocks) else {
            return Ok(());
        };
        let colors: std::collections::BTreeSet<char> =
            cubes.iter().flat_map(|c| c.face_string().chars().collect::<Vec<_>>()).collect();
        if colors.len() as u64 > limits.extended_improper_colors {
            return Err(format!(
                "improper {size}x{size}x{size} targets over {} colors take too long for a request (at most {} colors)",
                colors.len(),
                limits.extended_improper_colors
            ));
        }
    }
    Ok(())
}

/// `magic enumerate --order` and `magic construct --order`.
fn magic(path: &str, m: &ArgMatches, limits: &Limits) -> Refusal {
    let order = number(m, "order");
    if path == "magic enumerate" && order.is_some_and(|n| n > 3) {
        return Err("a search beyond order 3 takes hours".to_string());
    }
    if let Some(n) = order.filter(|&n| path == "magic construct" && n > limits.magic_order) {
        return Err(format!("a cube of order {n} is too large for a request (at most {})", limits.magic_order));
    }
    Ok(())
}

/// `picture check` and `picture solve`: the cubes on the board, fewer for the methods
/// that build tables.
fn picture_board(m: &ArgMatches, limits: &Limits) -> Refusal {
    let board = raw(m, "board").first().copied().unwrap_or("");
    let cells = board.split_whitespace().filter(|t| *t != "/").count() as u64;
    let method = raw(m, "method").first().copied().unwrap_or("local");
    let tables = method == "optimal" || method == "subgroup";
    let max = if tables { limits.optimal_cells } else { limits.board_cells };
    if cells > max && method == "optimal" && in_table(m, board, limits) {
        return Ok(());
    }
    if cells > max {
        let what = if tables { format!("the {method} method in a request") } else { "a request".to_string() };
        return Err(format!("a board of {cells} cubes is too large for {what} (at most {max})"));
    }
    Ok(())
}

/// Whether `board` (with the request's metric) is one of the loaded distance table's.
fn in_table(m: &ArgMatches, board: &str, limits: &Limits) -> bool {
    let metric = raw(m, "metric").first().map_or(Ok(Default::default()), |s| s.parse());
    let board = cubelab::picture::board::Board::parse(board);
    match (board, metric, limits.optimal_table) {
        (Ok(b), Ok(metric), Some(t)) => t == (b.rows(), b.cols(), metric),
        _ => false,
    }
}

/// `picture scramble`, `picture bounds` and `picture census`: the board's size, moves,
/// samples, groups and states.
fn picture_size(path: &str, m: &ArgMatches, limits: &Limits) -> Refusal {
    let (rows, cols) = (number(m, "m").unwrap_or(0), number(m, "n").unwrap_or(0));
    let cells = rows.saturating_mul(cols);
    let max = if path == "picture scramble" { limits.board_cells } else { limits.optimal_cells };
    if cells > max {
        return Err(format!("a {rows}x{cols} board is too large for a request (at most {max} cubes)"));
    }
    if path == "picture bounds" && number(m, "sample").is_some_and(|s| s > 10) {
        return Err("more than 10 optimal solves take too long for a request".to_string());
    }
    if path == "picture scramble" && number(m, "moves").is_some_and(|k| k > 100_000) {
        return Err("more than 100000 scramble moves is too much for a request".to_string());
    }
    if path == "picture census" {
        if !raw(m, "group").is_empty() {
            return Err("a group census takes up to minutes".to_string());
        }
        let states = cubelab::picture::census::reachable_count(rows as usize, cols as usize);
        if states.is_none_or(|s| s > limits.census_states) {
            return Err(format!(
                "the {rows}x{cols} census has too many states for a request (at most {})",
                limits.census_states
            ));
        }
    }
    Ok(())
}

/// `stack census --colors N`.
fn stack_census(m: &ArgMatches, limits: &Limits) -> Refusal {
    if let Some(n) = number(m, "colors").filter(|&n| n > limits.stack_colors) {
        return Err(format!("the census over C_{n} takes too long for a request (at most C_{})", limits.stack_colors));
    }
    Ok(())
}

/// `extended`: N, the random multisets and the local search's steps.
fn extended(m: &ArgMatches, limits: &Limits) -> Refusal {
    if matches!(m.try_get_one::<bool>("guarantee"), Ok(Some(true))) {
        return Err("the exhaustive search of --guarantee takes minutes: run it on the command line".into());
    }
    let size = number(m, "size").unwrap_or(3);
    if size > limits.extended_size && usize::try_from(size).is_ok_and(|n| cubelab::extended::check_size(n).is_ok()) {
        return Err(format!("N = {size} is too large for a request (at most {})", limits.extended_size));
    }
    if let Some(s) = number(m, "samples").filter(|&s| s > limits.extended_samples) {
        return Err(format!("{s} random multisets take too long for a request (at most {})", limits.extended_samples));
    }
    let steps = number(m, "restarts").unwrap_or(10).saturating_mul(number(m, "steps").unwrap_or(300));
    if steps > limits.extended_search_steps {
        return Err(format!(
            "a local search of {steps} steps (restarts x steps) takes too long for a request (at most {})",
            limits.extended_search_steps
        ));
    }
    Ok(())
}
