//! The limits of the web API, on typed requests: one [`Limits`] value (its fields are
//! the one table of bounds, `docs/web.md`) and one check per command, run by the
//! command's `run` when its [`Context`](crate::Context) has limits. A request beyond them
//! fails with [`ErrorKind::Refused`](crate::ErrorKind::Refused) before any work.

use crate::error::{Error, Result};
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

/// A path in a request: the command line's and a library caller's, never the web's (the
/// server names no files). Bad input, as an unknown key would be.
pub(crate) fn no_file(field: &str, given: bool) -> Result<()> {
    if given {
        return Err(Error::bad(format!("'{field}' is not available through the API (it names a file)")));
    }
    Ok(())
}

/// `stack census`: N (`colors`), and no checkpoint file.
pub(crate) fn stack_census(req: &crate::stack::StackCensusRequest, limits: &Limits) -> Result<()> {
    no_file("checkpoint", req.checkpoint.is_some())?;
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
