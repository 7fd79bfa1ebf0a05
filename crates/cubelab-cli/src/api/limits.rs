//! The guard that refuses work beyond the [`Limits`] up front, with the command to run
//! instead, for the commands not yet ported to the typed layer (`cubelab_api`, whose
//! requests check their own limits).

use super::ApiError;
use clap::ArgMatches;
use cubelab_api::Limits;

/// A refusal: why, with the command to run instead.
type Refusal = Result<(), String>;

/// Refuses work beyond the limits, up front, with the command to run instead.
pub(super) fn guard(path: &str, m: &ArgMatches, limits: &Limits, shown: &str) -> Result<(), ApiError> {
    let checked = match path {
        "magic enumerate" | "magic construct" => magic(path, m, limits),
        "picture check" | "picture solve" => picture_board(m, limits),
        "picture scramble" | "picture bounds" | "picture census" => picture_size(path, m, limits),
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
