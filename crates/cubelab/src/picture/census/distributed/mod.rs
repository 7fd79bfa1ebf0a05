//! The two-bit census on MPI (feature `mpi`): the search of [`super::twobit`] with its
//! table cut into one slice per rank, for boards whose table outgrows one machine.
//!
//! Rank r of R owns a contiguous range of whole chunks of 65,536 entries (so its slice
//! starts on a word), two bits an entry in its own memory, with the same marks as the
//! single-process engine (unseen, frontier, next, done). The prepare pass is local; the
//! owner of the solved board's entry seeds it. A layer is expanded in *rounds*, forward
//! or backward by the single engine's rule (from the global counts, so every rank makes
//! the same choice). **Forward**: in each round every rank expands the frontier entries of
//! up to a fixed number of its chunks, marks the neighbours it owns at once and buckets
//! the others by owner (sorted, without repeats); one all-to-all exchange per round sends
//! each bucket to its owner, which marks those of them still unseen as next.
//! **Backward**: every rank looks at the unseen entries of its chunks of the round; one
//! with a frontier neighbour it owns is marked next at once, the others' neighbours owned
//! elsewhere are asked about (one all-to-all of questions, sorted and without repeats, and
//! one of one-byte answers back), and an entry with a neighbour answered "frontier" is
//! marked next. Every rank takes part in every round (with nothing to send when its
//! chunks are done), and an all-reduce at the start of each round says whether any rank
//! has chunks left and whether any was asked to stop. The buffers of a round are bounded
//! (see `round_chunks`).
//!
//! Counting (boards as four 32-bit limbs, so that a sum of u128 over ranks is exact,
//! entries, and a flag for a non-canonical entry reached) is local and all-reduced; the
//! relabelling is local; the antipodes are each rank's K least, gathered by every rank
//! and merged as the single engine merges its chunks' (sorted, truncated); a watched
//! board's distance is found by its entry's owner and all-reduced (minimum). Every rank
//! ends with the same result, and the marks of a round do not depend on their order, so
//! the result does not depend on the number of ranks or threads.
//!
//! Checkpoints are per rank: `FILE.rank-r-of-R`, each in the format of every run (its
//! fingerprint names the rank and the number of ranks), with the global state (layer
//! counts, classes, watched distances) in the header and the rank's slice as content.
//! They are saved together, after a layer when any rank's save policy says so (the
//! policy of every run, `crate::run`: the ranks all-reduce their "due") and on a stop; a stop in the middle of a layer saves its marks so far, and the
//! resumed run expands that layer again from its first round (a forward mark is never
//! wrong, so nothing is undone). Resuming checks that all ranks loaded the same state.

use super::layout::{CellSymmetry, Layout};
use super::twobit::layers::{self, Watched};
use super::twobit::table::{Part, Words, CHUNK, FRONTIER, NEXT};
use super::twobit::{self, Pass, TwoBitCensus};
use super::{Census, Checkpointing, LinePuzzle};
use crate::run::{CheckpointFile, Options, Saver};
use crate::{Error, ErrorKind, Result};
use mpi::collective::SystemOperation;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::PathBuf;

mod collective;
use collective::{agree, exchange, exchange_flat, gather_bytes};

/// Most chunks a rank expands in one round.
const ROUND_CHUNKS: u64 = 16;

/// The result of a distributed census on one rank: the same census on every rank.
#[derive(Debug, Clone, PartialEq)]
pub struct Distributed {
    /// The census, as [`super::twobit::run`] finds it.
    pub census: TwoBitCensus,
    /// This process's rank (0 writes the output).
    pub rank: usize,
    /// The number of ranks.
    pub ranks: usize,
    /// Neighbour entries sent from one rank to another (after removing repeats within a
    /// round's bucket), all layers and ranks together.
    pub exchanged: u64,
    /// The sum over ranks of the most each sent in one layer (at least the most sent in
    /// any one layer).
    pub exchanged_in_a_layer: u64,
}

/// The state saved in every rank's checkpoint header (the same on every rank).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct State {
    /// Boards at distances 0, 1, … found so far; the frontier holds the last layer.
    counts: Vec<u64>,
    /// Canonical entries of the whole table.
    classes: u64,
    /// Entries in the frontier, and canonical entries still unseen (whole table).
    frontier: u64,
    unseen: u64,
    /// The watched boards' canonical entries and distances found so far.
    watched: Vec<Watched>,
}

impl State {
    fn found(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// One rank's slice of the table.
struct Slice {
    layout: Layout,
    /// The first entry of each rank's slice, and the table size last (R + 1 values).
    starts: Vec<u64>,
    rank: usize,
    /// This rank's entries.
    table: Words<Part>,
}

impl Slice {
    /// The rank owning entry `j`.
    fn owner(&self, j: u64) -> usize {
        self.starts.partition_point(|&s| s <= j) - 1
    }

    /// Expands the frontier entries of local chunk `c`: marks the unseen neighbours this
    /// rank owns next, and returns the others' canonical entries by owner.
    fn expand(&self, c: u64, ranks: usize) -> Vec<Vec<u64>> {
        let mut remote = vec![Vec::new(); ranks];
        self.table.forward(&self.layout, c, |j| remote[self.owner(j)].push(j));
        remote
    }

    /// The backward pass over local chunk `c`: an unseen entry with a frontier neighbour
    /// this rank owns is marked next; for the others, the pairs (entry, neighbour) of
    /// their neighbours owned by other ranks, by owner, to be asked about.
    fn backward(&self, c: u64, ranks: usize) -> Vec<Vec<(u64, u64)>> {
        let mut remote = vec![Vec::new(); ranks];
        self.table.backward(&self.layout, c, |i, js| js.iter().for_each(|&j| remote[self.owner(j)].push((i, j))));
        remote
    }

    /// Marks the entries of `js` (all owned by this rank) still unseen next.
    fn mark(&self, js: &[u64]) {
        js.par_chunks(1 << 12).for_each(|js| {
            for &j in js {
                self.table.mark_next(j);
            }
        });
    }

    /// The boards and entries marked next in this slice, and whether one was not canonical.
    fn count_next(&self) -> (u128, u64, bool) {
        self.table.count_next(&self.layout).map_or((0, 0, true), |(boards, entries)| (boards, entries, false))
    }

    /// The least board of every frontier class of this slice, the `k` least of them.
    fn antipodes(&self, k: usize) -> Vec<Vec<u8>> {
        self.table.least_frontier_boards(&self.layout, k)
    }

    fn save(&self, file: &CheckpointFile, state: &State) -> Result<()> {
        file.save_stream(state, self.table.bytes(), |w| self.table.write(w))
    }

    fn load(&self, file: &CheckpointFile) -> Result<Option<State>> {
        let bytes = self.table.bytes();
        let loaded = file.load_stream(|state: State, length, r: &mut dyn Read| {
            let invalid = |why: String| std::io::Error::new(std::io::ErrorKind::InvalidData, why);
            if length != bytes {
                return Err(invalid(format!("a table slice of {length} bytes, not {bytes}")));
            }
            if state.counts.is_empty() || !layers::counts_ok(&state.counts) {
                return Err(invalid("bad state".into()));
            }
            self.table.read(r)?;
            Ok(state)
        })?;
        // Once the checksum holds, the entries are checked as the census could have left
        // them, as the single engine checks its table (a forged slice with a recomputed
        // checksum must not make a pass panic; a checkpoint is saved only after the
        // prepare pass, so every chunk is prepared).
        if loaded.is_some() {
            let valid = self.table.padding_is_done()
                && (0..self.table.chunks()).into_par_iter().all(|c| self.table.chunk_is_valid(&self.layout, c, true));
            if !valid {
                return Err(file.corrupt("its table slice marks an entry that is no board's canonical entry"));
            }
        }
        Ok(loaded)
    }
}

/// Chunks a rank expands in one round: at most [`ROUND_CHUNKS`], and few enough that the
/// entries one rank can receive in a round (every rank's chunks full of frontier
/// entries, each sending all its moves) stay under 2^31, the limit of MPI's counts.
/// A rank's send buffer in a round is at most `chunks · 65,536 · moves` entries of 8
/// bytes (16 chunks, 12 moves: 96 MiB; backward, the pairs it asks about are twice that),
/// and in practice far less (only frontier entries send, or unseen ones without a local
/// frontier neighbour ask, and each bucket is sorted and without repeats).
fn round_chunks(ranks: usize, moves: usize) -> u64 {
    let per_chunk = (ranks as u64).saturating_mul(CHUNK).saturating_mul(moves.max(1) as u64);
    ((i32::MAX as u64) / per_chunk.max(1)).clamp(1, ROUND_CHUNKS)
}

/// The path of rank `rank`'s checkpoint of `ranks`: `FILE.rank-r-of-R`.
pub fn rank_path(path: &std::path::Path, rank: usize, ranks: usize) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(format!(".rank-{rank}-of-{ranks}"));
    PathBuf::from(s)
}

/// The checkpoints of all `ranks`, for messages: `FILE.rank-*-of-R`.
fn rank_paths(path: &std::path::Path, ranks: usize) -> String {
    format!("{}.rank-*-of-{ranks}", path.display())
}

/// MPI in this process, for [`run`]: initialised by [`Mpi::start`], finalised when
/// dropped. MPI can be initialised once in a process, so there is one at most.
pub struct Mpi {
    universe: mpi::environment::Universe,
}

impl Mpi {
    /// Initialises MPI; fails (an error of kind [`ErrorKind::Internal`]) when it was
    /// initialised before in this process.
    pub fn start() -> Result<Mpi> {
        // MPI calls are made from this thread only; rayon's threads compute between them.
        let Some((universe, _)) = mpi::initialize_with_threading(mpi::Threading::Funneled) else {
            return Err(Error::new(ErrorKind::Internal, "MPI was already initialised in this process"));
        };
        Ok(Mpi { universe })
    }

    /// This process's rank (0 is the one to write the results and report the errors).
    pub fn rank(&self) -> usize {
        self.universe.world().rank() as usize
    }

    /// The number of ranks.
    pub fn ranks(&self) -> usize {
        self.universe.world().size() as usize
    }

    /// Waits until every rank has called it.
    pub fn barrier(&self) {
        self.universe.world().barrier();
    }
}

impl std::fmt::Debug for Mpi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mpi").field("rank", &self.rank()).field("ranks", &self.ranks()).finish()
    }
}

/// Runs the two-bit census of `puzzle` on every rank of MPI's world (`mpi`), each rank
/// with at most `max_bytes` of table. The options, antipodes and watch list are those of
/// [`super::twobit::run`]; with a checkpoint `FILE`, rank r of R saves
/// `FILE.rank-r-of-R` ([`rank_path`]).
///
/// Every rank returns the same census (rank 0 is the one to write it), or the same error
/// (rank 0 is the one to report it): one the ranks find together (bad input, a stop, a
/// count that does not fit), or one rank's own failure (a checkpoint it cannot read or
/// write: the first failing rank's error, named "MPI rank r: ..." on the others).
#[allow(clippy::too_many_arguments)]
pub fn run(
    mpi: &Mpi,
    puzzle: &LinePuzzle,
    sym: &CellSymmetry,
    max_bytes: u64,
    opts: &Options<'_>,
    ck: &Checkpointing<'_>,
    antipodes: usize,
    watch: &[Vec<u8>],
) -> Result<Distributed> {
    crate::bounds::CENSUS_ANTIPODES.check_usize(antipodes)?;
    crate::bounds::CENSUS_WATCH.check_usize(watch.len())?;
    let layout = Layout::new(puzzle, sym, u64::MAX / 4)?;
    let world = mpi.universe.world();
    Run::new(&world, puzzle, layout, max_bytes, opts, ck, watch)?.census(antipodes)
}

/// A distributed census under way on one rank.
struct Run<'a> {
    world: &'a SimpleCommunicator,
    ranks: usize,
    puzzle: &'a LinePuzzle,
    opts: &'a Options<'a>,
    ck: &'a Checkpointing<'a>,
    slice: Slice,
    saver: Saver,
    state: State,
    /// Neighbour entries this rank sent to others: in all, and the most in one layer.
    sent: u64,
    most_sent: u64,
}

impl<'a> Run<'a> {
    /// This rank's slice (prepared, or loaded from its checkpoint) and the common state.
    fn new(
        world: &'a SimpleCommunicator,
        puzzle: &'a LinePuzzle,
        layout: Layout,
        max_bytes: u64,
        opts: &'a Options<'a>,
        ck: &'a Checkpointing<'a>,
        watch: &[Vec<u8>],
    ) -> Result<Run<'a>> {
        let (rank, ranks) = (world.rank() as usize, world.size() as usize);
        let size = layout.size();
        let chunks = size.div_ceil(CHUNK);
        let starts: Vec<u64> = (0..=ranks as u64).map(|r| (chunks * r / ranks as u64 * CHUNK).min(size)).collect();
        // The largest slice decides, so that every rank refuses or none does.
        let largest = starts.windows(2).map(|w| (w[1] - w[0]).div_ceil(32) * 8).max().unwrap_or(0);
        if largest > max_bytes {
            return Err(Error::out_of_range(format!(
                "{}x{} board needs {largest} bytes per rank for its slice of the two-bit table on {ranks} ranks, \
                 more than the {max_bytes} allowed",
                puzzle.rows, puzzle.cols,
            )));
        }
        let table = Words::new(Part(starts[rank]), starts[rank + 1] - starts[rank])?;
        let slice = Slice { layout, starts, rank, table };
        let watched = layers::watch_entries(&slice.layout, watch)?;
        let path = opts.checkpoint.map(|p| rank_path(p, rank, ranks));
        let fingerprint = format!("{} two-bit {size} mpi rank {rank} of {ranks}", puzzle.fingerprint());
        let label = format!("{}, two-bit table, MPI rank {rank} of {ranks}", ck.label);
        let rank_opts = Options { checkpoint: path.as_deref(), ..opts.clone() };
        let saver = agree(world, Saver::new(&rank_opts, super::super::checkpoint::KIND, &fingerprint, &label))?;
        let loaded =
            agree(world, saver.resume_file(&rank_opts).map(|f| slice.load(f)).transpose().map(Option::flatten))?;
        let state = State { counts: Vec::new(), classes: 0, frontier: 0, unseen: 0, watched };
        let mut run = Run { world, ranks, puzzle, opts, ck, slice, saver, state, sent: 0, most_sent: 0 };
        // Every rank resumes from the same state, or every rank starts afresh.
        let digest = loaded.as_ref().map_or(0, |s| fnv(&serde_json::to_vec(s).unwrap_or_default()) | 1);
        let (least, most) =
            (run.reduce(&[digest], SystemOperation::min()), run.reduce(&[digest], SystemOperation::max()));
        if least != most {
            return Err(Error::checkpoint(format!(
                "the {ranks} ranks' checkpoints ({}) are not all from the same moment of one run; \
                 start afresh (--force)",
                rank_paths(opts.checkpoint.unwrap_or("FILE".as_ref()), ranks)
            )));
        }
        if loaded.is_none() && opts.resume {
            // None of this run's files: a checkpoint of another number of ranks is not
            // silently ignored.
            let other = opts.checkpoint.and_then(|p| saved_by_other_ranks(p, ranks));
            agree(
                world,
                other.map_or(Ok(()), |(file, r)| {
                    Err(Error::checkpoint(format!(
                        "checkpoint '{}' was saved by a run on {r} ranks, not {ranks}: resume it with mpirun -np {r}, \
                     or start afresh (--force)",
                        file.display()
                    )))
                }),
            )?;
        }
        match loaded {
            Some(s) => {
                layers::same_watch_list(&s.watched, &run.state.watched)?;
                run.state = s;
                run.saver.mark_saved();
            }
            None => run.prepare()?,
        }
        Ok(run)
    }

    /// The sum (or other reduction) of `values` over all ranks.
    fn reduce(&self, values: &[u64], op: SystemOperation) -> Vec<u64> {
        let mut out = vec![0u64; values.len()];
        self.world.all_reduce_into(values, &mut out[..], op);
        out
    }

    /// The prepare pass, then the solved board's entry as the first frontier.
    fn prepare(&mut self) -> Result<()> {
        let s = &self.slice;
        let progress = self.opts.progress;
        if s.rank == 0 {
            progress.start("preparing the table (rank 0's slice)", s.starts[1] - s.starts[0], 0);
        }
        let mut found = 0;
        for batch in (0..s.table.chunks()).collect::<Vec<_>>().chunks(twobit::BATCH as usize) {
            found += batch.par_iter().map(|&c| s.table.prepare(&s.layout, c).0).sum::<u64>();
            if s.rank == 0 {
                progress.advance(batch.len() as u64 * CHUNK);
            }
        }
        let classes = self.reduce(&[found], SystemOperation::sum())[0];
        let start = layers::solved_entry(&s.layout, self.puzzle)?;
        if s.table.owns(start) {
            s.table.or(start, FRONTIER);
        }
        for w in self.state.watched.iter_mut().filter(|w| w.entry == start) {
            w.distance = Some(0);
        }
        self.state.counts = vec![1];
        self.state.classes = classes;
        self.state.frontier = 1;
        self.state.unseen = classes - 1;
        Ok(())
    }

    /// Saves every rank's checkpoint if any rank's save policy says so (its
    /// [`Saver::due`]), or `force`: the ranks decide together, so all save or none does.
    fn save(&mut self, force: bool) -> Result<()> {
        let due = force || self.saver.due();
        if self.reduce(&[due as u64], SystemOperation::max())[0] == 0 {
            return Ok(());
        }
        let (slice, state) = (&self.slice, &self.state);
        let saved = self.saver.save(true, |f| slice.save(f, state));
        agree(self.world, saved).map(|_| ())
    }

    /// The error of a run stopped `what`, after saving every rank's checkpoint.
    fn stop(&mut self, what: String) -> Error {
        self.opts.progress.finish();
        match (self.save(true), self.opts.checkpoint) {
            (Ok(()), Some(path)) => {
                Error::stopped(format!("stopped {what}; checkpoints '{}' saved", rank_paths(path, self.ranks)))
            }
            (Ok(()), None) => self.saver.stopped(&what),
            (Err(e), _) => e,
        }
    }

    /// Whether any rank was asked to stop.
    fn stop_requested(&self) -> bool {
        self.reduce(&[self.opts.stop.is_requested() as u64], SystemOperation::max())[0] != 0
    }

    /// The census: layer after layer until one is empty.
    fn census(mut self, antipodes: usize) -> Result<Distributed> {
        let progress = self.opts.progress;
        let rank = self.slice.rank;
        if rank == 0 {
            let s = &self.state;
            let done = s.classes - s.unseen - s.frontier;
            progress.start("classes expanded (all layers, all ranks)", s.classes, done);
        }
        self.save(false)?;
        loop {
            let layer = self.state.counts.len() - 1;
            if self.ck.stop_after_layer.is_some_and(|k| layer > k) {
                let what = format!("after layer {} with {} boards found", layer - 1, self.state.found());
                return Err(self.stop(what));
            }
            self.expand(layer)?;
            let frontier = self.state.frontier;
            if !self.close_layer(layer)? {
                break;
            }
            if rank == 0 {
                progress.advance(frontier);
                progress.note(&format!("layer {layer} done, {} boards found", self.state.found()));
            }
            if self.stop_requested() {
                let what = format!("after layer {layer} with {} boards found", self.state.found());
                return Err(self.stop(what));
            }
            self.save(false)?;
        }
        progress.finish();
        self.finish(antipodes)
    }

    /// Expands the frontier, forward or backward (chosen from the global counts as the
    /// single engine chooses), round by round.
    fn expand(&mut self, layer: usize) -> Result<()> {
        let backward =
            layers::choose(self.state.frontier, self.state.unseen, self.slice.layout.moves()) == Pass::Backward;
        let ranks = self.ranks;
        let per_round = round_chunks(ranks, self.slice.layout.moves());
        let chunks = self.slice.table.chunks();
        let mut round = 0u64;
        let mut sent = 0u64;
        loop {
            let first = round * per_round;
            let flags =
                self.reduce(&[(first < chunks) as u64, self.opts.stop.is_requested() as u64], SystemOperation::max());
            if flags[1] != 0 {
                let what = format!("in layer {layer} with {} boards found", self.state.found());
                return Err(self.stop(what));
            }
            if flags[0] == 0 {
                self.sent += sent;
                self.most_sent = self.most_sent.max(sent);
                return Ok(());
            }
            let s = &self.slice;
            let batch = first.min(chunks)..(first + per_round).min(chunks);
            if backward {
                sent += self.backward_round(batch)?;
                round += 1;
                continue;
            }
            let mut buckets = batch.into_par_iter().map(|c| s.expand(c, ranks)).reduce(
                || vec![Vec::new(); ranks],
                |mut a, b| {
                    a.iter_mut().zip(b).for_each(|(x, mut y)| x.append(&mut y));
                    a
                },
            );
            buckets.par_iter_mut().for_each(|b| {
                b.sort_unstable();
                b.dedup();
            });
            sent += buckets.iter().enumerate().filter(|&(r, _)| r != s.rank).map(|(_, b)| b.len() as u64).sum::<u64>();
            let (received, _) = exchange(self.world, &buckets)?;
            s.mark(&received);
            round += 1;
        }
    }

    /// One backward round over the local chunks `batch`: the neighbours owned by other
    /// ranks are asked about (sorted, without repeats), their owners answer whether each
    /// is in the frontier, and an entry with a frontier neighbour is marked next. Returns
    /// the entries asked about.
    fn backward_round(&self, batch: std::ops::Range<u64>) -> Result<u64> {
        let (s, ranks) = (&self.slice, self.ranks);
        let mut pairs = batch.into_par_iter().map(|c| s.backward(c, ranks)).reduce(
            || vec![Vec::new(); ranks],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, mut y)| x.append(&mut y));
                a
            },
        );
        let questions: Vec<Vec<u64>> = pairs
            .par_iter_mut()
            .map(|p| {
                let mut q: Vec<u64> = p.iter().map(|&(_, j)| j).collect();
                q.sort_unstable();
                q.dedup();
                q
            })
            .collect();
        let (asked, asked_counts) = exchange(self.world, &questions)?;
        let answers: Vec<u8> = asked.par_iter().map(|&j| (s.table.get(j) == FRONTIER) as u8).collect();
        let (answers, _) = exchange_flat(self.world, &answers, &asked_counts)?;
        let mut at = 0;
        let offsets: Vec<usize> = questions
            .iter()
            .map(|q| {
                at += q.len();
                at - q.len()
            })
            .collect();
        pairs.par_iter().zip(&questions).zip(offsets).for_each(|((p, q), offset)| {
            for &(i, j) in p {
                if q.binary_search(&j).is_ok_and(|k| answers[offset + k] != 0) {
                    s.table.or(i, NEXT);
                }
            }
        });
        Ok(questions.iter().map(|q| q.len() as u64).sum())
    }

    /// After expanding `layer`: counts the next layer's boards over all ranks, records
    /// the watched boards reached, relabels; false when the next layer is empty.
    fn close_layer(&mut self, layer: usize) -> Result<bool> {
        let (boards, entries, bad) = self.slice.count_next();
        let limbs = |b: u128| (0..4).map(move |k| (b >> (32 * k)) as u64 & 0xffff_ffff);
        let local: Vec<u64> = limbs(boards).chain([entries, bad as u64]).collect();
        let total = self.reduce(&local, SystemOperation::sum());
        if total[5] != 0 {
            return Err(Error::new(ErrorKind::Internal, "a non-canonical entry was reached"));
        }
        let (boards, entries) = ((0..4).map(|k| (total[k] as u128) << (32 * k)).sum::<u128>(), total[4]);
        if entries == 0 {
            return Ok(false);
        }
        let boards = layers::layer_boards(self.puzzle, layer + 1, self.state.found(), boards)?;
        // The entries marked next are exactly those at distance layer + 1; each watched
        // entry's owner sees it, and the minimum over ranks tells everyone.
        let s = &self.slice;
        let reached: Vec<u64> = self
            .state
            .watched
            .iter()
            .map(|w| match w.distance {
                Some(d) => d as u64,
                None if s.table.owns(w.entry) && s.table.get(w.entry) == NEXT => layer as u64 + 1,
                None => u64::MAX,
            })
            .collect();
        let reached = if reached.is_empty() { reached } else { self.reduce(&reached, SystemOperation::min()) };
        let state = &mut self.state;
        for (w, d) in state.watched.iter_mut().zip(reached) {
            w.distance = u32::try_from(d).ok();
        }
        self.slice.table.relabel(None);
        state.counts.push(boards);
        state.unseen = layers::fewer_unseen(state.unseen, entries)?;
        state.frontier = entries;
        Ok(true)
    }

    /// The result, once a layer was found empty: the antipodes gathered from all ranks.
    fn finish(self, antipodes: usize) -> Result<Distributed> {
        let sent = self.reduce(&[self.sent, self.most_sent], SystemOperation::sum());
        let (exchanged, exchanged_in_a_layer) = (sent[0], sent[1]);
        let cells = self.puzzle.rows * self.puzzle.cols;
        let mut boards = Vec::new();
        if antipodes > 0 {
            let local: Vec<u8> = self.slice.antipodes(antipodes).concat();
            let gathered = gather_bytes(self.world, &local, self.ranks)?;
            boards = gathered.chunks_exact(cells.max(1)).map(<[u8]>::to_vec).collect();
            boards.sort();
            boards.truncate(antipodes);
        }
        let watched = layers::watched_distances(&self.state.watched)?;
        let census = TwoBitCensus {
            census: Census::from_counts(self.state.counts),
            antipodes: boards,
            classes: self.state.classes,
            entries: self.slice.layout.size(),
            symmetries: self.slice.layout.symmetries(),
            watched,
            work: None,
        };
        Ok(Distributed { census, rank: self.slice.rank, ranks: self.ranks, exchanged, exchanged_in_a_layer })
    }
}

/// A rank-0 checkpoint of `path` saved by a run on another number of ranks than
/// `ranks`, and that number.
fn saved_by_other_ranks(path: &std::path::Path, ranks: usize) -> Option<(PathBuf, usize)> {
    let prefix = format!("{}.rank-0-of-", path.file_name()?.to_str()?);
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(".".as_ref());
    std::fs::read_dir(dir).ok()?.flatten().find_map(|e| {
        let r = e.file_name().to_str()?.strip_prefix(&prefix)?.parse::<usize>().ok()?;
        (r != ranks).then(|| (rank_path(path, 0, r), r))
    })
}

/// FNV-1a of `bytes` (to compare the ranks' checkpoint states).
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}
