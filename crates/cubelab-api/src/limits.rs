//! The limits of the web API, on typed requests: one [`Limits`] value (its fields are
//! the one table of bounds, `docs/web.md`) and one check per command, run by the
//! command's `run` when its [`Context`](crate::Context) has limits. A request beyond them
//! fails with [`ErrorKind::Refused`](crate::ErrorKind::Refused) before any work.

use crate::error::{Error, Result};
use std::path::Path;
use std::time::Duration;

/// The limits of one call: what a request may ask for before it is refused as too
/// expensive (each bound is a few seconds of one core and a few megabytes of output at
/// most, measured in `docs/web.md`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Longest time an optimal picture search may take (given to it as its time limit
    /// unless the request sets a shorter one). Long runs also stop when the context's stop
    /// flag is raised (the server raises it at its request timeout).
    pub time: Duration,
    /// Most blocks `build` and `solve` take (`build` with `improper`: `improper_blocks`).
    pub blocks: usize,
    /// Most blocks `build` with `improper` takes.
    pub improper_blocks: usize,
    /// Most arrangements or stacks listed (`limit` of `solve` and `stack solve`).
    pub listed: u64,
    /// Most cells of a picture board (`m * n`) for check, scramble and the local solver.
    pub board_cells: u64,
    /// Most cells of a board solved with the optimal or the subgroup method, or bounded
    /// (`picture bounds`): their tables take 8 to 45 s to build for 8 or 9 cells.
    pub optimal_cells: u64,
    /// Boards of at most this many rows and columns are solved with the optimal method
    /// whatever `optimal_cells` says (3: a 3x3 board's pattern databases are the 3x2
    /// census, 32 MB built once per process in about 2 s of a release build; a solve
    /// then takes milliseconds, at most 0.42 s over 1,000 random boards: docs/benchmarks.md).
    pub optimal_side: usize,
    /// Most states of a picture census (`2^(m+n-1)·12^(mn)`).
    pub census_states: u64,
    /// The rows, columns and metric of the picture distance table the server loaded
    /// (`serve --picture-table`): optimal solutions of these boards are table look-ups,
    /// allowed whatever `optimal_cells` says.
    pub optimal_table: Option<(usize, usize, cubelab::picture::board::Metric)>,
    /// Largest palette of `cubes` with `palette`.
    pub palette: u64,
    /// Largest order of `magic construct`.
    pub magic_order: u64,
    /// Largest N of `stack census` with `colors`.
    pub stack_colors: u64,
    /// Largest N (`size`) of `build`, `solve` and `extended` (the
    /// assembly of `solve` has N³ positions: about 1 MB of JSON at N = 16).
    pub extended_size: u64,
    /// Most blocks of `build` and `solve` with `size` N ≥ 3, per position of the
    /// big cube: at most `extended_blocks_per_position · N³` blocks.
    pub extended_blocks_per_position: u64,
    /// Most colors among the blocks of `build` with `size` N ≥ 3 and `improper`.
    pub extended_improper_colors: u64,
    /// Most random multisets (`samples`) of `extended`.
    pub extended_samples: u64,
    /// Most local-search steps of `extended` (`restarts · steps`).
    pub extended_search_steps: u64,
    /// Largest N (`size`) of `design extended`, whose exact count grows fast with N (N =
    /// 4 about 2 s of one core in release; docs/web.md).
    pub design_extended_size: u64,
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
            optimal_side: 3,
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
            design_extended_size: 4,
        }
    }
}

/// `limit`: the number of `what` listed.
pub(crate) fn listed(n: usize, limits: &Limits, what: &str) -> Result<()> {
    if n as u64 > limits.listed {
        return Err(Error::refused(format!(
            "listing {n} {what} is too much for a request (limit at most {})",
            limits.listed
        )));
    }
    Ok(())
}

/// `build` and `solve`: the number of blocks (N = 2), or the size, blocks and colors of
/// the extended puzzle (N ≥ 3).
pub(crate) fn blocks(blocks: &[String], improper: bool, size: usize, limits: &Limits) -> Result<()> {
    if size != 2 {
        return extended_blocks(size as u64, blocks, improper, limits);
    }
    let max = if improper { limits.improper_blocks } else { limits.blocks };
    if blocks.len() > max {
        let what = if improper { " with improper targets" } else { "" };
        return Err(Error::refused(format!(
            "{} blocks{what} take too long for a request (at most {max})",
            blocks.len()
        )));
    }
    Ok(())
}

/// N ≠ 2: N, the number of blocks (at most a multiple of N³) and, with improper targets,
/// their colors. A size the puzzle refuses (outside 2..=32) is left to its own message.
fn extended_blocks(size: u64, blocks: &[String], improper: bool, limits: &Limits) -> Result<()> {
    if !usize::try_from(size).is_ok_and(|n| cubelab::extended::check_size(n).is_ok()) {
        return Ok(());
    }
    if size > limits.extended_size {
        return Err(Error::refused(format!(
            "a {size}x{size}x{size} cube is too large for a request (at most {0}x{0}x{0})",
            limits.extended_size
        )));
    }
    let max = limits.extended_blocks_per_position.saturating_mul(size.pow(3));
    if blocks.len() as u64 > max {
        return Err(Error::refused(format!(
            "{} blocks take too long for a {size}x{size}x{size} request (at most {max}, {} per position)",
            blocks.len(),
            limits.extended_blocks_per_position
        )));
    }
    if improper {
        let Ok(cubes) = cubelab::notation::parse_cubes(blocks) else {
            return Ok(());
        };
        let colors: std::collections::BTreeSet<char> =
            cubes.iter().flat_map(|c| c.face_string().chars().collect::<Vec<_>>()).collect();
        if colors.len() as u64 > limits.extended_improper_colors {
            return Err(Error::refused(format!(
                "improper {size}x{size}x{size} targets over {} colors take too long for a request (at most {} colors)",
                colors.len(),
                limits.extended_improper_colors
            )));
        }
    }
    Ok(())
}

/// `cubes` with `palette`.
pub(crate) fn palette(k: Option<usize>, limits: &Limits) -> Result<()> {
    if let Some(k) = k.filter(|&k| k as u64 > limits.palette) {
        return Err(Error::refused(format!(
            "a palette of {k} colors lists too many cubes for a request (at most {})",
            limits.palette
        )));
    }
    Ok(())
}

/// The rows, columns and metric of a picture distance table.
pub(crate) type TableShape = (usize, usize, cubelab::picture::board::Metric);

/// `picture check` (`method` None) and `picture solve`: the cubes on the board, fewer
/// for the methods that build tables, any number for an optimal answer from the
/// distance table of the board's size and metric (`table`, the context's, or
/// [`Limits::optimal_table`]). A board that does not parse is left to its own message.
pub(crate) fn picture_board(
    board: &str,
    method: Option<(crate::picture::Method, cubelab::picture::board::Metric)>,
    limits: &Limits,
    table: Option<TableShape>,
) -> Result<()> {
    use crate::picture::Method;
    let Ok(b) = cubelab::picture::board::Board::parse(board) else {
        return Ok(());
    };
    let cells = (b.rows() * b.cols()) as u64;
    let tables = method.filter(|(m, _)| *m != Method::Local);
    let max = if tables.is_some() { limits.optimal_cells } else { limits.board_cells };
    if cells <= max {
        return Ok(());
    }
    if let Some((Method::Optimal, metric)) = tables {
        if b.rows().max(b.cols()) <= limits.optimal_side {
            return Ok(());
        }
        let shape = (b.rows(), b.cols(), metric);
        if table == Some(shape) || limits.optimal_table == Some(shape) {
            return Ok(());
        }
    }
    let (what, most) = match tables {
        Some((Method::Optimal, _)) => (
            "the optimal method in a request".to_string(),
            format!("at most {max} cubes, or {0} rows and {0} columns", limits.optimal_side),
        ),
        Some((m, _)) => (format!("the {} method in a request", m.name()), format!("at most {max}")),
        None => ("a request".to_string(), format!("at most {max}")),
    };
    Err(Error::refused(format!("a board of {cells} cubes is too large for {what} ({most})")))
}

/// `picture scramble`, `picture bounds` and `picture census`: the board's size (`max`
/// cubes).
fn picture_size(m: usize, n: usize, max: u64) -> Result<()> {
    if (m as u64).saturating_mul(n as u64) > max {
        return Err(Error::refused(format!("a {m}x{n} board is too large for a request (at most {max} cubes)")));
    }
    Ok(())
}

/// `picture scramble`: the board's size and the number of moves.
pub(crate) fn picture_scramble(req: &crate::picture::ScrambleRequest, limits: &Limits) -> Result<()> {
    picture_size(req.m, req.n, limits.board_cells)?;
    if req.moves.is_some_and(|k| k > 100_000) {
        return Err(Error::refused("more than 100000 scramble moves is too much for a request"));
    }
    Ok(())
}

/// `picture bounds`: the board's size and the optimal solves of the sample.
pub(crate) fn picture_bounds(req: &crate::picture::BoundsRequest, limits: &Limits) -> Result<()> {
    picture_size(req.m, req.n, limits.optimal_cells)?;
    if req.sample > 10 {
        return Err(Error::refused("more than 10 optimal solves take too long for a request"));
    }
    Ok(())
}

/// `picture census`: the board's size and states; no group census.
pub(crate) fn picture_census(req: &crate::picture::CensusRequest, limits: &Limits) -> Result<()> {
    let (m, n) = (req.m, req.n);
    picture_size(m, n, limits.optimal_cells)?;
    if req.group.is_some() {
        return Err(Error::refused("a group census takes up to minutes"));
    }
    let states = cubelab::picture::census::reachable_count(m, n);
    if states.is_none_or(|s| s > limits.census_states) {
        return Err(Error::refused(format!(
            "the {m}x{n} census has too many states for a request (at most {})",
            limits.census_states
        )));
    }
    Ok(())
}

/// `magic enumerate`: only order 3 finishes quickly.
pub(crate) fn magic_enumerate(order: usize, _limits: &Limits) -> Result<()> {
    if order > 3 {
        return Err(Error::refused("a search beyond order 3 takes hours"));
    }
    Ok(())
}

/// `magic construct`: the order.
pub(crate) fn magic_construct(order: usize, limits: &Limits) -> Result<()> {
    if order as u64 > limits.magic_order {
        return Err(Error::refused(format!(
            "a cube of order {order} is too large for a request (at most {})",
            limits.magic_order
        )));
    }
    Ok(())
}

/// The censuses and the other long runs (`magic squares`, `magic estimate`): refused in
/// every context with limits (only a library caller without limits runs them).
pub(crate) fn unlimited_only(path: &str, _limits: &Limits) -> Result<()> {
    let why = if path.starts_with("census") {
        "a census takes minutes; the published census results are at /api/census"
    } else {
        "it runs for seconds to hours"
    };
    Err(Error::refused(format!("'{path}' is not run by the API ({why})")))
}

/// The censuses (`census ...`, path `path`): a request names no files, so a `checkpoint`
/// is refused; and a census, which takes seconds to hours, is not run within limits at
/// all (the published results are stored and served, `GET /api/census`). `census merge`
/// (its shards are values in the request, no files) is not limited.
pub(crate) fn census(path: &str, checkpoint: Option<&Path>, limits: &Limits) -> Result<()> {
    no_file("checkpoint", checkpoint)?;
    unlimited_only(path, limits)
}

/// A path in a request (`field`, e.g. `checkpoint`): the command line's and a library
/// caller's, never the web's (the server names no files). Refused: allowed by the command
/// line, not by a context with limits.
pub(crate) fn no_file(field: &str, path: Option<&Path>) -> Result<()> {
    match path {
        Some(p) => {
            Err(Error::refused(format!("a request names no files: {field} '{}' is for the command line", p.display())))
        }
        None => Ok(()),
    }
}

/// `stack census`: N (`colors`), and no checkpoint file.
pub(crate) fn stack_census(req: &crate::stack::StackCensusRequest, limits: &Limits) -> Result<()> {
    no_file("checkpoint", req.checkpoint.as_deref())?;
    let n = req.colors as u64;
    if n > limits.stack_colors {
        return Err(Error::refused(format!(
            "the census over C_{n} takes too long for a request (at most C_{})",
            limits.stack_colors
        )));
    }
    Ok(())
}

/// `extended`: not the exhaustive guarantee search; N, the random multisets and the local
/// search's steps (`restarts · steps`).
pub(crate) fn extended(req: &crate::extended::ExtendedRequest, limits: &Limits) -> Result<()> {
    if req.guarantee {
        return Err(Error::refused("the exhaustive search of the guarantee takes minutes: run it on the command line"));
    }
    let size = req.size as u64;
    if size > limits.extended_size && cubelab::extended::check_size(req.size).is_ok() {
        return Err(Error::refused(format!(
            "N = {size} is too large for a request (at most {})",
            limits.extended_size
        )));
    }
    if req.samples > limits.extended_samples {
        return Err(Error::refused(format!(
            "{} random multisets take too long for a request (at most {})",
            req.samples, limits.extended_samples
        )));
    }
    let steps = req.restarts.saturating_mul(req.steps);
    if steps > limits.extended_search_steps {
        return Err(Error::refused(format!(
            "a local search of {steps} steps (restarts x steps) takes too long for a request (at most {})",
            limits.extended_search_steps
        )));
    }
    Ok(())
}

/// `design extended`: N.
pub(crate) fn design_extended(size: usize, limits: &Limits) -> Result<()> {
    if size as u64 > limits.design_extended_size {
        return Err(Error::refused(format!(
            "designing a {size} x {size} x {size} cube takes too long for a request (N at most {})",
            limits.design_extended_size
        )));
    }
    Ok(())
}
