//! The distance table of a census, built layer by layer, resumable (see
//! [`crate::picture::checkpoint`]).

use super::{Census, LinePuzzle, Space, MAX_ROWS, UNSET};
use crate::picture::checkpoint;
use crate::run::{Options, Progress, Saver};
use crate::{Error, Result};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

/// A finished distance table: the distance of every reachable board, by orbit.
#[derive(Debug)]
pub struct Table {
    space: Space,
    dist: Vec<AtomicU8>,
    census: Census,
}

/// What a resumable census is, for [`Table::build_resumable`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Checkpointing<'a> {
    /// What the census is, for messages, e.g. "picture 3x1, quarter-turn metric".
    pub label: &'a str,
    /// Stop once layers 0..=K are expanded, saving the checkpoint.
    pub stop_after_layer: Option<usize>,
    /// The number of reachable boards, when it is known before the run (Theorem 8 for the
    /// picture cube): the byte engine's progress is then one phase over the whole run, in
    /// boards expanded out of this many, so its ETA covers every layer. Without it the
    /// number of layers is not known in advance and each layer is a phase of its own, in
    /// table entries, named so ("layer 7 (this bar: one layer)"). The two-bit engine
    /// counts its classes first and covers the whole run either way.
    pub reachable: Option<u64>,
}

/// Table entries per unit of parallel work (and of progress).
const CHUNK: u64 = 1 << 16;

impl Table {
    /// Bytes of the distance array (one per entry).
    pub(crate) fn dist_bytes(&self) -> u64 {
        self.dist.len() as u64
    }

    /// Runs the census, reporting to `progress` from worker threads.
    pub fn build(puzzle: &LinePuzzle, max_bytes: u64, progress: &dyn Progress) -> Result<Table> {
        let opts = Options { progress, ..Options::default() };
        Table::build_resumable(puzzle, max_bytes, &opts, &Checkpointing::default())
    }

    /// Runs the census with the progress, stop flag and checkpoint of `opts`: the
    /// distance table is saved after completed layers by `opts.policy` (the first layer
    /// always), and on a stop. The result does not depend on where a run was stopped,
    /// killed or resumed.
    ///
    /// A stop request (or `ck.stop_after_layer`) saves the checkpoint and returns an
    /// error of kind [`crate::ErrorKind::Stopped`]; a request is seen within one chunk of
    /// work, so a long layer stops early, its partial work saved (see
    /// [`crate::picture::checkpoint`]).
    pub fn build_resumable(
        puzzle: &LinePuzzle,
        max_bytes: u64,
        opts: &Options<'_>,
        ck: &Checkpointing<'_>,
    ) -> Result<Table> {
        let space = Space::new(puzzle, max_bytes)?;
        let size = space.size;
        // Reserved first: memory the system refuses is an error naming the bytes, not an abort.
        let mut dist: Vec<AtomicU8> = Vec::new();
        let entries = usize::try_from(size).map_err(|_| super::memory::refused(size))?;
        dist.try_reserve_exact(entries).map_err(|_| super::memory::refused(size))?;
        dist.extend(std::iter::repeat_with(|| AtomicU8::new(UNSET)).take(entries));
        let fingerprint = format!("{} {size}", puzzle.fingerprint());
        let mut saver = Saver::new(opts, checkpoint::KIND, &fingerprint, ck.label)?;
        let mut counts = Vec::new();
        if let Some(file) = saver.resume_file(opts) {
            if let Some(c) = checkpoint::load(file, &dist)? {
                counts = c;
                saver.mark_saved();
            }
        }
        if counts.is_empty() {
            let solved = vec![0u8; puzzle.rows * puzzle.cols];
            let start = space
                .index_of(&solved)
                .ok_or_else(|| Error::new(crate::ErrorKind::Internal, "the solved board is not in its space"))?;
            dist[start as usize].store(0, Ordering::Relaxed);
        }
        let found = |counts: &[u64]| counts.iter().sum::<u64>();
        let stop = |saver: &mut Saver, counts: &[u64], what: String| -> Error {
            opts.progress.finish();
            match saver.save(true, |f| checkpoint::save(f, counts, &dist)) {
                Ok(_) => saver.stopped(&what),
                Err(e) => e,
            }
        };
        // One phase for the whole run when the number of boards is known, else one a layer.
        let whole = ck.reachable;
        if let Some(total) = whole {
            opts.progress.start("boards expanded (all layers)", total, found(&counts));
        }
        for layer in counts.len().. {
            if ck.stop_after_layer.is_some_and(|k| layer > k) {
                return Err(stop(
                    &mut saver,
                    &counts,
                    format!("after layer {} with {} boards found", layer - 1, found(&counts)),
                ));
            }
            if layer + 1 >= UNSET as usize {
                return Err(Error::out_of_range("distances beyond 254 do not fit the table"));
            }
            if whole.is_none() {
                opts.progress.start(&format!("layer {layer} (this bar: one layer)"), size, 0);
            }
            let Some(count) = expand_layer(&space, &dist, layer as u8, found(&counts), whole.is_some(), opts) else {
                let what = format!("in layer {layer} with {} boards found before it", found(&counts));
                return Err(stop(&mut saver, &counts, what));
            };
            if count == 0 {
                break;
            }
            // More than 2^64 boards (24^14 > 2^64 for 14x1) would wrap: refuse instead.
            match u64::try_from(count).ok().filter(|c| counts.iter().try_fold(*c, |a, &b| a.checked_add(b)).is_some()) {
                Some(c) => counts.push(c),
                None => {
                    return Err(Error::out_of_range(format!(
                        "{}x{} board: more than 2^64 boards within distance {layer}; counts do not fit",
                        puzzle.rows, puzzle.cols
                    )))
                }
            }
            if ck.stop_after_layer == Some(layer) || opts.stop.is_requested() {
                return Err(stop(
                    &mut saver,
                    &counts,
                    format!("after layer {layer} with {} boards found", found(&counts)),
                ));
            }
            saver.save(false, |f| checkpoint::save(f, &counts, &dist))?;
        }
        opts.progress.finish();
        Ok(Table { space, dist, census: Census::from_counts(counts) })
    }

    /// The census.
    pub fn census(&self) -> &Census {
        &self.census
    }

    /// Distance of a board (row-major cells), or `None` if it is not reachable (also when
    /// the cells are not a board of this puzzle: wrong count or a value outside the alphabet).
    pub fn distance(&self, cells: &[u8]) -> Option<u8> {
        let d = self.dist[self.space.index_of(cells)? as usize].load(Ordering::Relaxed);
        (d != UNSET).then_some(d)
    }
}

/// Expands layer `d`: every board at distance `d` marks its unreached neighbours
/// `d + 1`. Returns the number of boards at distance `d` (orbits weighted by size), or
/// `None` when a stop request cut the layer short (the table then holds a part of
/// layer `d + 1`, every entry of it right). `found` is the count of the layers before,
/// for progress notes. Progress advances by the boards expanded when `in_boards` (one
/// phase for the whole run), else by the table entries scanned (one phase a layer). The
/// hot loop of the census, in parallel over chunks.
fn expand_layer(
    space: &Space,
    dist: &[AtomicU8],
    d: u8,
    found: u64,
    in_boards: bool,
    opts: &Options<'_>,
) -> Option<u128> {
    let size = space.size;
    let found = AtomicU64::new(found);
    let cut = AtomicBool::new(false);
    let count: u128 = (0..size.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            if opts.stop.is_requested() {
                cut.store(true, Ordering::Relaxed);
                return 0;
            }
            let mut state = [0u32; MAX_ROWS];
            let mut next = [0u32; MAX_ROWS];
            let mut weight = 0u64;
            let (start, end) = (c * CHUNK, ((c + 1) * CHUNK).min(size));
            for idx in start..end {
                if dist[idx as usize].load(Ordering::Relaxed) != d {
                    continue;
                }
                space.unrank(idx, &mut state[..space.m]);
                weight += space.orbit_size(&state[..space.m]);
                for k in 0..space.moves() {
                    next[..space.m].copy_from_slice(&state[..space.m]);
                    space.apply(k, &mut next[..space.m]);
                    space.canonicalize(&mut next[..space.m]);
                    let r = space.rank(&next[..space.m]) as usize;
                    // A benign race: two threads may both store the same d + 1.
                    if dist[r].load(Ordering::Relaxed) == UNSET {
                        dist[r].store(d + 1, Ordering::Relaxed);
                    }
                }
            }
            let total_found = found.fetch_add(weight, Ordering::Relaxed).wrapping_add(weight);
            if in_boards {
                opts.progress.advance(weight);
                opts.progress.note(&format!("layer {d}"));
            } else {
                opts.progress.advance(end - start);
                opts.progress.note(&format!("{total_found} found"));
            }
            weight as u128
        })
        .sum();
    (!cut.into_inner()).then_some(count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::board::Metric;
    use crate::picture::census::cube_puzzle;
    use crate::run::{NoProgress, SavePolicy, Stop};
    use crate::ErrorKind;
    use std::path::Path;

    fn run(puzzle: &LinePuzzle, path: &Path, resume: bool, stop: Option<usize>, label: &str) -> Result<Table> {
        let opts = Options {
            checkpoint: Some(path),
            resume,
            overwrite: !resume,
            policy: SavePolicy::ALWAYS,
            ..Options::default()
        };
        Table::build_resumable(
            puzzle,
            1 << 30,
            &opts,
            &Checkpointing { label, stop_after_layer: stop, reachable: None },
        )
    }

    #[test]
    fn progress_covers_the_whole_run_when_the_number_of_boards_is_known() {
        let puzzle = cube_puzzle(3, 1, Metric::Quarter);
        let states = crate::picture::census::reachable_count(3, 1).unwrap();
        // Known: one phase over every layer, in boards, advanced exactly to the end.
        let phases = crate::run::Phases::default();
        let opts = Options { progress: &phases, ..Options::default() };
        let ck = Checkpointing { reachable: Some(states), ..Default::default() };
        let table = Table::build_resumable(&puzzle, 1 << 30, &opts, &ck).unwrap();
        assert_eq!(table.census().states, states);
        assert_eq!(phases.seen(), vec![("boards expanded (all layers)".to_string(), states, 0, states)]);
        // Unknown: one phase a layer (the last one finds the next layer empty), each
        // named as covering one layer and advanced over the whole table.
        let phases = crate::run::Phases::default();
        let opts = Options { progress: &phases, ..Options::default() };
        let size = Space::new(&puzzle, 1 << 30).unwrap().size;
        Table::build_resumable(&puzzle, 1 << 30, &opts, &Checkpointing::default()).unwrap();
        let seen = phases.seen();
        assert_eq!(seen.len(), table.census().diameter + 2);
        for (layer, (name, total, done, advanced)) in seen.into_iter().enumerate() {
            assert_eq!(name, format!("layer {layer} (this bar: one layer)"));
            assert_eq!((total, done, advanced), (size, 0, size));
        }
    }

    #[test]
    fn stopped_and_resumed_censuses_end_the_same() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.ckpt");
        let puzzle = cube_puzzle(3, 1, Metric::Quarter);
        let whole = Table::build(&puzzle, 1 << 30, &NoProgress).unwrap().census().clone();
        let stopped = |r: Result<Table>| r.expect_err("stopped").to_string();
        for k in 0..=whole.diameter {
            let e = stopped(run(&puzzle, &path, false, Some(k), "3x1"));
            let found: u64 = whole.distances[..=k].iter().sum();
            assert!(e.starts_with(&format!("stopped after layer {k} with {found} boards found; checkpoint")), "{e}");
            // A stop at an earlier layer than the checkpoint's stops at once.
            if k > 0 {
                assert!(stopped(run(&puzzle, &path, true, Some(k - 1), "3x1")).contains(&format!("layer {k} ")));
            }
            assert_eq!(run(&puzzle, &path, true, None, "3x1").unwrap().census(), &whole, "resumed after {k}");
        }
        // Refusals: another puzzle, a flipped byte.
        run(&puzzle, &path, false, Some(3), "3x1").unwrap_err();
        let other = cube_puzzle(3, 1, Metric::Half);
        let e = run(&other, &path, true, None, "3x1 half").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Checkpoint);
        assert!(e.to_string().contains("belongs to another picture census (3x1), not this one (3x1 half)"), "{e}");
        let mut bytes = std::fs::read(&path).unwrap();
        let middle = bytes.len() / 2;
        bytes[middle] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let e = run(&puzzle, &path, true, None, "3x1").unwrap_err().to_string();
        assert!(e.ends_with("is corrupt: checksum mismatch"), "{e}");
        // Without resume an existing checkpoint is overwritten; with it and no file, a fresh start.
        assert_eq!(run(&puzzle, &path, false, None, "3x1").unwrap().census(), &whole);
        std::fs::remove_file(&path).unwrap();
        assert_eq!(run(&puzzle, &path, true, None, "3x1").unwrap().census(), &whole);
    }

    #[test]
    fn a_stop_request_midway_through_a_layer_resumes_to_the_same_census() {
        // 6x1 has tables of 8 chunks: a stop after some chunks cuts a layer short.
        struct StopAfter(AtomicU64, Stop);
        impl Progress for StopAfter {
            fn advance(&self, _: u64) {
                if self.0.fetch_add(1, Ordering::Relaxed) == 20 {
                    self.1.request();
                }
            }
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.ckpt");
        let puzzle = cube_puzzle(6, 1, Metric::Quarter);
        let whole = Table::build(&puzzle, 1 << 30, &NoProgress).unwrap().census().clone();
        let (mut stops, mut in_layer) = (0, 0);
        let table = loop {
            let stop = Stop::new();
            let progress = StopAfter(AtomicU64::new(0), stop.clone());
            let opts =
                Options { progress: &progress, stop, checkpoint: Some(&path), resume: true, ..Options::default() };
            match Table::build_resumable(&puzzle, 1 << 30, &opts, &Checkpointing { label: "6x1", ..Default::default() })
            {
                Ok(t) => break t,
                Err(e) => {
                    assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
                    stops += 1;
                    in_layer += e.to_string().contains(" in layer ") as usize;
                }
            }
        };
        assert!(stops >= 2 && in_layer >= 1, "{stops} {in_layer}");
        assert_eq!(table.census(), &whole);
    }

    #[test]
    fn a_forged_table_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.ckpt");
        let puzzle = cube_puzzle(3, 1, Metric::Quarter);
        // Distances no census of layers 0..=2 leaves (at most 3, or unset), and random bytes.
        for forge in
            [|t: &mut [u8]| t[0] = 200, |t: &mut [u8]| t.iter_mut().enumerate().for_each(|(i, b)| *b = i as u8)]
        {
            assert_eq!(run(&puzzle, &path, false, Some(2), "3x1").unwrap_err().kind(), ErrorKind::Stopped);
            crate::run::forge_checkpoint(&path, forge);
            let e = run(&puzzle, &path, true, None, "3x1").unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Checkpoint, "{e}");
            assert!(e.to_string().contains("is corrupt: its table holds a distance beyond 4"), "{e}");
        }
        // An honest one resumes.
        assert_eq!(run(&puzzle, &path, false, Some(2), "3x1").unwrap_err().kind(), ErrorKind::Stopped);
        let whole = Table::build(&puzzle, 1 << 30, &NoProgress).unwrap().census().clone();
        assert_eq!(run(&puzzle, &path, true, None, "3x1").unwrap().census(), &whole);
    }
}
