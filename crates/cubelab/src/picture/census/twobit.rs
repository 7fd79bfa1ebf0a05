//! The two-bit census: breadth-first search over the symmetric layout of
//! `super::layout`, two bits per entry.
//!
//! An entry is `unseen` (0), in the `frontier` (1: distance d), `next` (2: distance
//! d + 1) or `done` (3: an earlier layer, or an entry that is no board's canonical entry).
//! A first pass (*prepare*) marks the unused entries done. Then layer d is expanded
//! either **forward** (every frontier entry marks its unseen neighbours next) or
//! **backward** (every unseen entry becomes next if a neighbour is in the frontier,
//! which is cheaper once few entries are left unseen); the choice depends only on the
//! entry counts, so it is the same in every run. A counting pass then adds up the boards
//! of the next entries (each entry weighted by the size of its class) and relabels:
//! frontier → done, next → frontier. The layer found empty ends the census; its frontier
//! holds the boards at the greatest distance.
//!
//! Passes run in parallel over chunks of 65,536 entries, in batches; the set of entries
//! a pass marks does not depend on the order, so the result does not depend on the thread
//! count. The checkpoint (run family `picture census`) is the table and, in the header's
//! state, the pass, the next chunk and the layer counts: saved between batches by the
//! save policy, after every layer, and on a stop, so a long layer stops (and resumes)
//! within one batch.
//!
//! A *watch list* of boards (`watch` in [`run`]) costs one table look-up per board and
//! layer: the layer in which a watched board's canonical entry is first marked next is
//! its distance. The distances found so far are in the checkpoint's state, so a resumed
//! run reports them too; a checkpoint made with another watch list is refused.

use super::layout::{CellSymmetry, Layout};
use super::{Census, Checkpointing, LinePuzzle, MAX_ROWS};
use crate::run::{CheckpointFile, Options, Saver};
use crate::{Error, ErrorKind, Result};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::sync::atomic::{AtomicU64, Ordering};

const FRONTIER: u64 = 1;
const NEXT: u64 = 2;
const DONE: u64 = 3;
/// The low bit of every two-bit field of a word.
const LOW: u64 = 0x5555_5555_5555_5555;
/// Entries per chunk (a multiple of 32, the entries of a word).
const CHUNK: u64 = 1 << 16;
/// Chunks per batch (a stop request is seen, and a checkpoint may be saved, between batches).
const BATCH: u64 = 64;
/// Bytes moved between the table and a checkpoint file at a time.
const BLOCK: usize = 1 << 20;

/// The current pass of a two-bit census.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Pass {
    Prepare,
    Forward,
    Backward,
}

/// The state saved in a checkpoint's header.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct State {
    pass: Pass,
    /// The next chunk of the pass.
    next_chunk: u64,
    /// Boards at distances 0, 1, … found so far (empty while preparing).
    counts: Vec<u64>,
    /// Canonical entries (while preparing: in the chunks done).
    classes: u64,
    /// Entries in the frontier, and canonical entries still unseen.
    frontier: u64,
    unseen: u64,
    /// The watched boards' canonical entries and the distances found so far (absent in
    /// checkpoints made before watch lists: none).
    #[serde(default)]
    watched: Vec<Watched>,
}

/// A watched board in a checkpoint: its canonical entry and, once reached, its distance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Watched {
    entry: u64,
    distance: Option<u32>,
}

/// The result of a two-bit census.
#[derive(Debug, Clone, PartialEq)]
pub struct TwoBitCensus {
    /// Distances, diameter, average, median.
    pub census: Census,
    /// Up to the number asked for of boards at the greatest distance (row-major cells):
    /// the least board of each class of the last layer, the least first.
    pub antipodes: Vec<Vec<u8>>,
    /// Number of symmetry classes of reachable boards.
    pub classes: u64,
    /// Number of table entries (four per byte).
    pub entries: u64,
    /// Number of symmetries the table is reduced by.
    pub symmetries: u64,
    /// The distance of each board of the watch list, in its order.
    pub watched: Vec<u32>,
}

struct Engine {
    layout: Layout,
    table: Vec<AtomicU64>,
}

impl Engine {
    fn get(&self, i: u64) -> u64 {
        self.table[(i / 32) as usize].load(Ordering::Relaxed) >> (2 * (i % 32)) & 3
    }

    fn or(&self, i: u64, v: u64) {
        self.table[(i / 32) as usize].fetch_or(v << (2 * (i % 32)), Ordering::Relaxed);
    }

    /// Calls `f` on every entry of chunk `c` whose field is selected by `select(low, high)`
    /// (two masks of the fields' bits at the low positions).
    fn each(&self, c: u64, select: impl Fn(u64, u64) -> u64, mut f: impl FnMut(u64)) {
        let words = (c * CHUNK / 32) as usize..(((c + 1) * CHUNK).div_ceil(32) as usize).min(self.table.len());
        for w in words {
            let x = self.table[w].load(Ordering::Relaxed);
            let mut bits = select(x & LOW, x >> 1 & LOW);
            while bits != 0 {
                f(w as u64 * 32 + bits.trailing_zeros() as u64 / 2);
                bits &= bits - 1;
            }
        }
    }

    /// One chunk of a pass; returns the canonical entries found (prepare) or 0.
    fn work(&self, pass: Pass, c: u64) -> u64 {
        let l = &self.layout;
        let m = l.m;
        let mut rows = [0u32; MAX_ROWS];
        let mut next = [0u32; MAX_ROWS];
        let mut found = 0;
        match pass {
            Pass::Prepare => self.each(
                c,
                |lo, hi| !(lo | hi) & LOW,
                |i| {
                    l.unrank(i, &mut rows[..m]);
                    if l.canonical(&rows[..m]).is_some_and(|(k, _)| k == i) {
                        found += 1;
                    } else {
                        self.or(i, DONE);
                    }
                },
            ),
            Pass::Forward => self.each(
                c,
                |lo, hi| lo & !hi,
                |i| {
                    l.unrank(i, &mut rows[..m]);
                    for k in 0..l.moves() {
                        next[..m].copy_from_slice(&rows[..m]);
                        l.apply(k, &mut next[..m]);
                        let (j, _) = l.canonical(&next[..m]).expect("moves keep parity patterns consistent");
                        // Only unseen -> next happens in this pass, so the test and the or agree.
                        if self.get(j) == 0 {
                            self.or(j, NEXT);
                        }
                    }
                },
            ),
            Pass::Backward => self.each(
                c,
                |lo, hi| !(lo | hi) & LOW,
                |i| {
                    l.unrank(i, &mut rows[..m]);
                    for k in 0..l.moves() {
                        next[..m].copy_from_slice(&rows[..m]);
                        l.apply(k, &mut next[..m]);
                        let (j, _) = l.canonical(&next[..m]).expect("moves keep parity patterns consistent");
                        if self.get(j) == FRONTIER {
                            self.or(i, NEXT);
                            break;
                        }
                    }
                },
            ),
        }
        found
    }

    /// The boards and entries marked next, checking that each is canonical.
    fn count_next(&self, chunks: u64) -> Result<(u128, u64)> {
        let l = &self.layout;
        let bad = std::sync::atomic::AtomicBool::new(false);
        let (boards, entries) = (0..chunks)
            .into_par_iter()
            .map(|c| {
                let mut rows = [0u32; MAX_ROWS];
                let (mut boards, mut entries) = (0u128, 0u64);
                self.each(
                    c,
                    |lo, hi| hi & !lo,
                    |i| {
                        l.unrank(i, &mut rows[..l.m]);
                        match l.canonical(&rows[..l.m]) {
                            Some((k, ties)) if k == i => boards += l.weight(&rows[..l.m], ties) as u128,
                            _ => bad.store(true, Ordering::Relaxed),
                        }
                        entries += 1;
                    },
                );
                (boards, entries)
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        if bad.into_inner() {
            return Err(Error::new(ErrorKind::Internal, "a non-canonical entry was reached"));
        }
        Ok((boards, entries))
    }

    /// Frontier -> done, next -> frontier.
    fn relabel(&self) {
        self.table.par_iter().for_each(|w| {
            let x = w.load(Ordering::Relaxed);
            let (lo, hi) = (x & LOW, x >> 1 & LOW);
            w.store(lo << 1 | lo | hi, Ordering::Relaxed);
        });
    }

    /// The least board of every frontier class, the `k` least of them.
    fn antipodes(&self, chunks: u64, k: usize) -> Vec<Vec<u8>> {
        if k == 0 {
            return Vec::new();
        }
        let l = &self.layout;
        let keep = |mut v: Vec<Vec<u8>>| {
            v.sort();
            v.truncate(k);
            v
        };
        (0..chunks)
            .into_par_iter()
            .map(|c| {
                let mut rows = [0u32; MAX_ROWS];
                let mut found = Vec::new();
                self.each(
                    c,
                    |lo, hi| lo & !hi,
                    |i| {
                        l.unrank(i, &mut rows[..l.m]);
                        found.push(l.least_board(&rows[..l.m]));
                    },
                );
                keep(found)
            })
            .reduce(Vec::new, |a, b| keep([a, b].concat()))
    }

    fn save(&self, file: &CheckpointFile, state: &State) -> Result<()> {
        file.save_stream(state, self.table.len() as u64 * 8, |w| {
            let mut block = Vec::with_capacity(BLOCK);
            for chunk in self.table.chunks(BLOCK / 8) {
                block.clear();
                for x in chunk {
                    block.extend_from_slice(&x.load(Ordering::Relaxed).to_le_bytes());
                }
                w.write_all(&block)?;
            }
            Ok(())
        })
    }

    fn load(&self, file: &CheckpointFile, chunks: u64) -> Result<Option<State>> {
        file.load_stream(|state: State, length, r: &mut dyn Read| {
            let invalid = |why: String| std::io::Error::new(std::io::ErrorKind::InvalidData, why);
            if length != self.table.len() as u64 * 8 {
                return Err(invalid(format!("a table of {length} bytes, not {}", self.table.len() * 8)));
            }
            let layers_ok = (state.pass == Pass::Prepare) == state.counts.is_empty()
                && state.counts.len() < 1 << 16
                && !state.counts.contains(&0)
                && state.counts.iter().try_fold(0u64, |a, &c| a.checked_add(c)).is_some();
            if !layers_ok || state.next_chunk > chunks {
                return Err(invalid("bad state".into()));
            }
            let mut block = vec![0u8; BLOCK];
            for chunk in self.table.chunks(BLOCK / 8) {
                let b = &mut block[..chunk.len() * 8];
                r.read_exact(b)?;
                for (x, bytes) in chunk.iter().zip(b.chunks_exact(8)) {
                    x.store(u64::from_le_bytes(bytes.try_into().expect("8 bytes")), Ordering::Relaxed);
                }
            }
            Ok(state)
        })
    }
}

/// Forward or backward, from the entry counts: backward once the unseen entries are few
/// against the neighbours of the frontier.
fn choose(frontier: u64, unseen: u64, moves: usize) -> Pass {
    if unseen.saturating_mul(4) < frontier.saturating_mul(moves as u64) {
        Pass::Backward
    } else {
        Pass::Forward
    }
}

/// Runs the two-bit census of `puzzle` with the symmetries `sym` in a table of at most
/// `max_bytes`, with the progress, stop flag and checkpoint of `opts`, lists up to
/// `antipodes` boards at the greatest distance and records the distance of every board of
/// `watch` (row-major cells in the puzzle's orientation; each must be a reachable board's,
/// else an error of kind [`ErrorKind::Malformed`]).
///
/// The watch list is part of the checkpoint: resuming with another list is refused (an
/// error of kind [`ErrorKind::Checkpoint`]).
///
/// A stop request (or `ck.stop_after_layer`) saves the checkpoint and returns an error
/// of kind [`ErrorKind::Stopped`]; a run killed at any moment and resumed ends with the
/// same result.
pub fn run(
    puzzle: &LinePuzzle,
    sym: &CellSymmetry,
    max_bytes: u64,
    opts: &Options<'_>,
    ck: &Checkpointing<'_>,
    antipodes: usize,
    watch: &[Vec<u8>],
) -> Result<TwoBitCensus> {
    let layout = Layout::new(puzzle, sym, u64::MAX / 4)?;
    let size = layout.size();
    let words = size.div_ceil(32);
    if words.saturating_mul(8) > max_bytes {
        return Err(Error::out_of_range(format!(
            "{}x{} board needs {} bytes for its two-bit table, more than the {max_bytes} allowed",
            puzzle.rows,
            puzzle.cols,
            words * 8
        )));
    }
    let table: Vec<AtomicU64> = std::iter::repeat_with(|| AtomicU64::new(0)).take(words as usize).collect();
    let engine = Engine { layout, table };
    let chunks = size.div_ceil(CHUNK);
    let fingerprint = format!("{} two-bit {size}", puzzle.fingerprint());
    let label = format!("{}, two-bit table", ck.label);
    let mut saver = Saver::new(opts, super::super::checkpoint::KIND, &fingerprint, &label);
    let mut watched = Vec::with_capacity(watch.len());
    for (k, cells) in watch.iter().enumerate() {
        let mut rows = [0u32; MAX_ROWS];
        let entry = engine.layout.rows_of(cells, &mut rows).then(|| engine.layout.canonical(&rows[..engine.layout.m]));
        let Some(Some((entry, _))) = entry else {
            return Err(Error::new(ErrorKind::Malformed, format!("watched board {} is not a reachable board", k + 1)));
        };
        watched.push(Watched { entry, distance: None });
    }
    let mut state = State {
        pass: Pass::Prepare,
        next_chunk: 0,
        counts: Vec::new(),
        classes: 0,
        frontier: 0,
        unseen: 0,
        watched: watched.clone(),
    };
    match saver.resume_file(opts).map(|f| engine.load(f, chunks)).transpose()?.flatten() {
        Some(s) => {
            if !s.watched.iter().map(|w| w.entry).eq(watched.iter().map(|w| w.entry)) {
                return Err(Error::checkpoint(format!(
                    "checkpoint watches {} boards, not the {} asked for (or other boards); \
                     resume with the watch list it was made with, or start afresh",
                    s.watched.len(),
                    watched.len()
                )));
            }
            state = s;
            saver.mark_saved();
        }
        None => (size..words * 32).for_each(|i| engine.or(i, DONE)),
    }
    let found = |s: &State| s.counts.iter().sum::<u64>();
    let stop = |saver: &mut Saver, state: &State, what: String| -> Error {
        opts.progress.finish();
        match saver.save(true, |f| engine.save(f, state)) {
            Ok(_) => saver.stopped(&what),
            Err(e) => e,
        }
    };
    loop {
        // The layer whose frontier is being expanded.
        let layer = state.counts.len().saturating_sub(1);
        if state.pass != Pass::Prepare && state.next_chunk == 0 && ck.stop_after_layer.is_some_and(|k| layer > k) {
            let what = format!("after layer {} with {} boards found", layer - 1, found(&state));
            return Err(stop(&mut saver, &state, what));
        }
        let phase = match state.pass {
            Pass::Prepare => "preparing the table".to_string(),
            Pass::Forward => format!("layer {layer} (forward)"),
            Pass::Backward => format!("layer {layer} (backward)"),
        };
        opts.progress.start(&phase, size, (state.next_chunk * CHUNK).min(size));
        while state.next_chunk < chunks {
            if opts.stop.is_requested() {
                let what = match state.pass {
                    Pass::Prepare => "while preparing the table".to_string(),
                    _ => format!("in layer {layer} with {} boards found", found(&state)),
                };
                return Err(stop(&mut saver, &state, what));
            }
            let batch = state.next_chunk..(state.next_chunk + BATCH).min(chunks);
            let pass = state.pass;
            state.classes += batch.clone().into_par_iter().map(|c| engine.work(pass, c)).sum::<u64>();
            opts.progress.advance((batch.end * CHUNK).min(size) - batch.start * CHUNK);
            opts.progress.note(&format!("{} found", found(&state)));
            state.next_chunk = batch.end;
            if state.next_chunk < chunks {
                saver.save(false, |f| engine.save(f, &state))?;
            }
        }
        let prepared = state.pass == Pass::Prepare;
        if prepared {
            let solved = vec![0u8; puzzle.rows * puzzle.cols];
            let mut rows = [0u32; MAX_ROWS];
            let start =
                engine.layout.rows_of(&solved, &mut rows).then(|| engine.layout.canonical(&rows[..engine.layout.m]));
            let Some(Some((start, _))) = start else {
                return Err(Error::new(ErrorKind::Internal, "the solved board is not in its table"));
            };
            engine.or(start, FRONTIER);
            for w in state.watched.iter_mut().filter(|w| w.entry == start) {
                w.distance = Some(0);
            }
            (state.counts, state.frontier, state.unseen) = (vec![1], 1, state.classes - 1);
        } else {
            let (boards, entries) = engine.count_next(chunks)?;
            if entries == 0 {
                opts.progress.finish();
                let antipodes = engine.antipodes(chunks, antipodes);
                let Some(watched) = state.watched.iter().map(|w| w.distance).collect::<Option<Vec<u32>>>() else {
                    return Err(Error::new(ErrorKind::Internal, "a watched board was never reached"));
                };
                return Ok(TwoBitCensus {
                    census: Census::from_counts(state.counts),
                    antipodes,
                    classes: state.classes,
                    entries: size,
                    symmetries: engine.layout.symmetries(),
                    watched,
                });
            }
            let total = u64::try_from(boards).ok().filter(|b| found(&state).checked_add(*b).is_some());
            let Some(boards) = total else {
                return Err(Error::out_of_range(format!(
                    "{}x{} board: more than 2^64 boards within distance {}; counts do not fit",
                    puzzle.rows,
                    puzzle.cols,
                    layer + 1
                )));
            };
            // The entries marked next are exactly those at distance layer + 1.
            for w in state.watched.iter_mut().filter(|w| w.distance.is_none() && engine.get(w.entry) == NEXT) {
                w.distance = Some(layer as u32 + 1);
            }
            engine.relabel();
            state.counts.push(boards);
            state.unseen = state
                .unseen
                .checked_sub(entries)
                .ok_or_else(|| Error::new(ErrorKind::Internal, "more entries reached than there are classes"))?;
            state.frontier = entries;
        }
        state.pass = choose(state.frontier, state.unseen, engine.layout.moves());
        state.next_chunk = 0;
        if opts.stop.is_requested() {
            let what = if prepared {
                "after preparing the table".to_string()
            } else {
                format!("after layer {layer} with {} boards found", found(&state))
            };
            return Err(stop(&mut saver, &state, what));
        }
        saver.save(false, |f| engine.save(f, &state))?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::board::{Board, Metric};
    use crate::picture::census::{cube_puzzle, cube_symmetry, Table};
    use crate::run::{NoProgress, Progress, SavePolicy, Stop};

    fn twobit(m: usize, n: usize, metric: Metric) -> TwoBitCensus {
        let puzzle = cube_puzzle(m, n, metric);
        run(&puzzle, &cube_symmetry(), 1 << 30, &Options::default(), &Checkpointing::default(), 3, &[]).unwrap()
    }

    fn bytes(m: usize, n: usize, metric: Metric) -> Census {
        Table::build(&cube_puzzle(m, n, metric), 1 << 32, &NoProgress).unwrap().census().clone()
    }

    #[test]
    fn small_boards_match_the_byte_census() {
        for (m, n) in [(1, 1), (2, 1), (1, 2), (3, 1), (2, 2), (4, 1), (1, 3)] {
            for metric in [Metric::Quarter, Metric::Half] {
                let t = twobit(m, n, metric);
                assert_eq!(t.census, bytes(m, n, metric), "{m}x{n} {metric:?}");
                assert_eq!(Some(t.census.states), crate::picture::census::reachable_count(m, n));
                assert!(!t.antipodes.is_empty() && t.antipodes.len() <= 3);
            }
        }
    }

    #[test]
    #[ignore = "seconds in release; run with --ignored"]
    fn larger_boards_match_the_byte_census() {
        for (m, n) in [(3, 2), (2, 3), (5, 1), (6, 1)] {
            assert_eq!(twobit(m, n, Metric::Quarter).census, bytes(m, n, Metric::Quarter), "{m}x{n}");
        }
        assert_eq!(twobit(3, 2, Metric::Half).census, bytes(3, 2, Metric::Half));
    }

    #[test]
    fn antipodes_are_at_the_diameter_and_least_in_their_class() {
        let t = twobit(2, 2, Metric::Quarter);
        let table = Table::build(&cube_puzzle(2, 2, Metric::Quarter), 1 << 30, &NoProgress).unwrap();
        let mut previous: Option<&Vec<u8>> = None;
        for a in &t.antipodes {
            assert_eq!(table.distance(a), Some(t.census.diameter as u8));
            assert!(previous.is_none_or(|p| p < a));
            previous = Some(a);
        }
        // The same boards however the board is turned: 1x3 and 3x1 are transposes.
        let (a, b) = (twobit(1, 3, Metric::Quarter), twobit(3, 1, Metric::Quarter));
        assert_eq!(a.census, b.census);
        assert_eq!(a.antipodes.len(), b.antipodes.len());
    }

    /// Random reachable 2x2 boards, the solved board among them.
    fn watch_2x2() -> Vec<Vec<u8>> {
        let mut boards: Vec<Vec<u8>> =
            (0..40).map(|s| Board::random_reachable(2, 2, s).unwrap().cubes().to_vec()).collect();
        boards.push(Board::solved(2, 2).unwrap().cubes().to_vec());
        boards
    }

    /// The watched distances of the two-bit census equal the byte table's, and (`solve`)
    /// the optimal solver's lengths.
    fn check_watch(m: usize, n: usize, metric: Metric, seeds: u64, solve: bool) {
        let mut boards: Vec<Vec<u8>> =
            (0..seeds).map(|s| Board::random_reachable(m, n, s).unwrap().cubes().to_vec()).collect();
        boards.push(Board::solved(m, n).unwrap().cubes().to_vec());
        let puzzle = cube_puzzle(m, n, metric);
        let t = run(&puzzle, &cube_symmetry(), 1 << 32, &Options::default(), &Checkpointing::default(), 0, &boards)
            .unwrap();
        let table = Table::build(&puzzle, 1 << 32, &NoProgress).unwrap();
        assert_eq!(t.watched.len(), boards.len());
        assert_eq!(t.watched.last(), Some(&0));
        let solver = solve.then(|| crate::picture::optimal::Solver::new(m, n, metric, 1 << 24).unwrap());
        for (b, &d) in boards.iter().zip(&t.watched) {
            assert_eq!(table.distance(b), Some(d as u8), "{m}x{n} {metric:?} {b:?}");
            if let Some(solver) = &solver {
                let (moves, _) = solver.solve(&Board::from_cubes(m, n, b.clone()).unwrap()).unwrap();
                assert_eq!(crate::picture::board::length_in(&moves, metric), d as usize, "{m}x{n} {metric:?} {b:?}");
            }
        }
        assert!(t.watched.iter().any(|&d| d > 0));
    }

    #[test]
    fn watched_boards_get_their_distances() {
        for (m, n) in [(2, 2), (3, 1), (1, 3), (2, 1)] {
            for metric in [Metric::Quarter, Metric::Half] {
                check_watch(m, n, metric, 30, m * n == 4 && metric == Metric::Quarter);
            }
        }
        let unreachable: Vec<Vec<u8>> = (1..24u8)
            .map(|c| vec![c, 0, 0, 0])
            .filter(|b| !crate::picture::parity::check(&Board::from_cubes(2, 2, b.clone()).unwrap()).solvable)
            .take(1)
            .collect();
        assert_eq!(unreachable.len(), 1);
        let e = run(
            &cube_puzzle(2, 2, Metric::Quarter),
            &cube_symmetry(),
            1 << 30,
            &Options::default(),
            &Checkpointing::default(),
            0,
            &unreachable,
        )
        .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Malformed, "{e}");
    }

    #[test]
    #[ignore = "seconds in release; run with --ignored"]
    fn watched_3x2_boards_get_their_distances() {
        check_watch(3, 2, Metric::Quarter, 200, true);
        check_watch(2, 3, Metric::Half, 50, false);
    }

    fn resumable(
        path: &std::path::Path,
        stop: Option<usize>,
        progress: &dyn Progress,
        s: Stop,
    ) -> Result<TwoBitCensus> {
        let opts = Options { progress, stop: s, checkpoint: Some(path), resume: true, policy: SavePolicy::ALWAYS };
        let ck = Checkpointing { label: "2x2", stop_after_layer: stop };
        run(&cube_puzzle(2, 2, Metric::Quarter), &cube_symmetry(), 1 << 30, &opts, &ck, 3, &watch_2x2())
    }

    #[test]
    fn stopped_and_resumed_censuses_end_the_same() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.ckpt");
        let whole = run(
            &cube_puzzle(2, 2, Metric::Quarter),
            &cube_symmetry(),
            1 << 30,
            &Options::default(),
            &Checkpointing::default(),
            3,
            &watch_2x2(),
        )
        .unwrap();
        assert_eq!(whole.census, twobit(2, 2, Metric::Quarter).census);
        for k in 0..whole.census.diameter {
            let e = resumable(&path, Some(k), &NoProgress, Stop::new()).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Stopped);
            let found: u64 = whole.census.distances[..=k + 1].iter().sum();
            assert!(e.to_string().starts_with(&format!("stopped after layer {k} with {found} boards found")), "{e}");
        }
        assert_eq!(resumable(&path, None, &NoProgress, Stop::new()).unwrap(), whole);
        // A stop request at the first chance: every pass is cut, and resuming finishes it.
        struct StopNow(Stop);
        impl Progress for StopNow {
            fn advance(&self, _: u64) {
                self.0.request();
            }
        }
        std::fs::remove_file(&path).unwrap();
        let mut stops = 0;
        let result = loop {
            let s = Stop::new();
            match resumable(&path, None, &StopNow(s.clone()), s) {
                Ok(r) => break r,
                Err(e) => {
                    assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
                    stops += 1;
                }
            }
        };
        assert!(stops > whole.census.diameter, "{stops}");
        assert_eq!(result, whole);
        // Another watch list is refused.
        let opts = Options { checkpoint: Some(&path), resume: true, ..Options::default() };
        let other = &watch_2x2()[1..];
        let e = run(
            &cube_puzzle(2, 2, Metric::Quarter),
            &cube_symmetry(),
            1 << 30,
            &opts,
            &Checkpointing::default(),
            3,
            other,
        )
        .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Checkpoint, "{e}");
        assert!(e.to_string().contains("watch"), "{e}");
        // Another puzzle's checkpoint is refused.
        let opts = Options { checkpoint: Some(&path), resume: true, ..Options::default() };
        let e =
            run(&cube_puzzle(2, 2, Metric::Half), &cube_symmetry(), 1 << 30, &opts, &Checkpointing::default(), 0, &[])
                .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Checkpoint);
    }

    /// Boards at distance 0..=k by brute force over boards (no table, no symmetry).
    fn brute_force_layers(m: usize, n: usize, k: usize) -> Vec<u64> {
        use crate::picture::board::{Board, Move};
        use std::collections::HashSet;
        let moves = Move::all(m, n, Metric::Quarter);
        let mut seen: HashSet<Board> = HashSet::from([Board::solved(m, n).unwrap()]);
        let mut frontier: Vec<Board> = seen.iter().cloned().collect();
        let mut counts = vec![1u64];
        for _ in 0..k {
            let mut next = Vec::new();
            for b in &frontier {
                for mv in &moves {
                    let mut c = b.clone();
                    c.apply(mv);
                    if seen.insert(c.clone()) {
                        next.push(c);
                    }
                }
            }
            counts.push(next.len() as u64);
            frontier = next;
        }
        counts
    }

    /// The layer counts of a census stopped after layer k - 1 (read from its checkpoint).
    fn first_layers(m: usize, n: usize, k: usize) -> Vec<u64> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.ckpt");
        let opts = Options { checkpoint: Some(&path), ..Options::default() };
        let ck = Checkpointing { label: "first layers", stop_after_layer: Some(k - 1) };
        let e = run(&cube_puzzle(m, n, Metric::Quarter), &cube_symmetry(), 1 << 32, &opts, &ck, 0, &[]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Stopped);
        let text = std::fs::read(&path).unwrap();
        let line = text.split(|&b| b == b'\n').next().unwrap();
        let header: serde_json::Value = serde_json::from_slice(line).unwrap();
        serde_json::from_value(header["state"]["counts"].clone()).unwrap()
    }

    #[test]
    fn first_layers_match_a_brute_force_search() {
        assert_eq!(first_layers(3, 2, 5), brute_force_layers(3, 2, 5));
    }

    #[test]
    #[ignore = "3x3: about a minute in release; run with --ignored"]
    fn first_layers_of_3x3_match_a_brute_force_search() {
        assert_eq!(first_layers(3, 3, 6), brute_force_layers(3, 3, 6));
    }
}
