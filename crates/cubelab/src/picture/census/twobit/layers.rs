//! What the single-process run and the MPI ranks' runs of the two-bit census share besides
//! the table and its passes: the watched boards, the solved board's entry, the direction
//! of a layer, and the checks of the layer counts.

use super::Pass;
use crate::picture::census::layout::Layout;
use crate::picture::census::{LinePuzzle, MAX_ROWS};
use crate::{Error, ErrorKind, Result};
use serde::{Deserialize, Serialize};

/// A watched board in a checkpoint: its canonical entry and, once reached, its distance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Watched {
    pub(crate) entry: u64,
    pub(crate) distance: Option<u32>,
}

/// The canonical entries of the watched boards (row-major cells), none reached yet; a
/// board that is not reachable is an error of kind [`ErrorKind::Malformed`].
pub(crate) fn watch_entries(layout: &Layout, watch: &[Vec<u8>]) -> Result<Vec<Watched>> {
    let mut watched = Vec::with_capacity(watch.len());
    for (k, cells) in watch.iter().enumerate() {
        let mut rows = [0u32; MAX_ROWS];
        let entry = layout.rows_of(cells, &mut rows).then(|| layout.canonical(&rows[..layout.m]));
        let Some(Some((entry, _))) = entry else {
            return Err(Error::new(ErrorKind::Malformed, format!("watched board {} is not a reachable board", k + 1)));
        };
        watched.push(Watched { entry, distance: None });
    }
    Ok(watched)
}

/// Refuses a checkpoint watching other boards (`saved`) than the run asks for (`asked`).
pub(crate) fn same_watch_list(saved: &[Watched], asked: &[Watched]) -> Result<()> {
    if saved.iter().map(|w| w.entry).eq(asked.iter().map(|w| w.entry)) {
        return Ok(());
    }
    Err(Error::checkpoint(format!(
        "checkpoint watches {} boards, not the {} asked for (or other boards); \
         resume with the watch list it was made with, or start afresh",
        saved.len(),
        asked.len()
    )))
}

/// The watched boards' distances, once the census is done (every one reached).
pub(crate) fn watched_distances(watched: &[Watched]) -> Result<Vec<u32>> {
    watched
        .iter()
        .map(|w| w.distance)
        .collect::<Option<Vec<u32>>>()
        .ok_or_else(|| Error::new(ErrorKind::Internal, "a watched board was never reached"))
}

/// The canonical entry of the solved board of `puzzle`.
pub(crate) fn solved_entry(layout: &Layout, puzzle: &LinePuzzle) -> Result<u64> {
    let solved = vec![0u8; puzzle.rows * puzzle.cols];
    let mut rows = [0u32; MAX_ROWS];
    let start = layout.rows_of(&solved, &mut rows).then(|| layout.canonical(&rows[..layout.m]));
    let Some(Some((start, _))) = start else {
        return Err(Error::new(ErrorKind::Internal, "the solved board is not in its table"));
    };
    Ok(start)
}

/// Forward or backward, from the entry counts: backward once the unseen entries are few
/// against the neighbours of the frontier.
pub(crate) fn choose(frontier: u64, unseen: u64, moves: usize) -> Pass {
    if unseen.saturating_mul(4) < frontier.saturating_mul(moves as u64) {
        Pass::Backward
    } else {
        Pass::Forward
    }
}

/// Whether the layer counts of a checkpoint can be a census's: fewer than 2^16 layers,
/// none empty, their sum in 64 bits.
pub(crate) fn counts_ok(counts: &[u64]) -> bool {
    counts.len() < 1 << 16 && !counts.contains(&0) && counts.iter().try_fold(0u64, |a, &c| a.checked_add(c)).is_some()
}

/// The boards of the layer at `distance` (found: `boards`, after `found` boards in the
/// layers before), if every count still fits in 64 bits.
pub(crate) fn layer_boards(puzzle: &LinePuzzle, distance: usize, found: u64, boards: u128) -> Result<u64> {
    u64::try_from(boards).ok().filter(|b| found.checked_add(*b).is_some()).ok_or_else(|| {
        Error::out_of_range(format!(
            "{}x{} board: more than 2^64 boards within distance {distance}; counts do not fit",
            puzzle.rows, puzzle.cols,
        ))
    })
}

/// The canonical entries left unseen when `entries` more are reached.
pub(crate) fn fewer_unseen(unseen: u64, entries: u64) -> Result<u64> {
    unseen
        .checked_sub(entries)
        .ok_or_else(|| Error::new(ErrorKind::Internal, "more entries reached than there are classes"))
}
