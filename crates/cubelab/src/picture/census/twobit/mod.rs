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
use super::{Census, Checkpointing, LinePuzzle};
use crate::run::{CheckpointFile, Options, Saver};
use crate::{Error, ErrorKind, Result};
use layers::Watched;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::io::Read;
use table::{Whole, Words, CHUNK, FRONTIER, NEXT};

/// Chunks per batch (a stop request is seen, and a checkpoint may be saved, between batches).
pub(crate) const BATCH: u64 = 64;

/// The current pass of a two-bit census.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Pass {
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
    /// The work done so far (absent in checkpoints made before it was counted: counted
    /// from the resumed point on).
    #[serde(default)]
    work: Work,
}

/// What a census did, counted as it ran (the same for every thread count): the yardstick
/// of its cost (docs/benchmarks.md compares its CPU time with `probes` times the measured
/// cost of one random table access, the example `picture_memory_floor`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Work {
    /// Neighbour look-ups in the table: a test-and-set for every neighbour of a frontier
    /// entry in a forward pass, a read for every neighbour a backward pass looked at.
    pub probes: u64,
    /// Canonical forms computed or tested: one for every entry the prepare pass looked
    /// at, every neighbour found, and every class counted.
    pub canonical_forms: u64,
}

impl std::ops::Add for Work {
    type Output = Work;
    fn add(self, o: Work) -> Work {
        Work { probes: self.probes + o.probes, canonical_forms: self.canonical_forms + o.canonical_forms }
    }
}

impl std::iter::Sum for Work {
    fn sum<I: Iterator<Item = Work>>(iter: I) -> Work {
        iter.fold(Work::default(), |a, b| a + b)
    }
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
    /// What the census did: its table probes and canonical forms (`None` from the MPI
    /// census, which does not count them across its ranks).
    pub work: Option<Work>,
}

struct Engine {
    layout: Layout,
    table: Words,
    /// With a kept distance table ([`distances`]): the distance mod 3 of every entry
    /// reached so far (3: not reached, or no class), two bits an entry like `table`.
    mod3: Option<Words>,
}

impl Engine {
    /// One chunk of a pass; returns the canonical entries found (prepare) or 0, and the
    /// work done.
    fn work(&self, pass: Pass, c: u64) -> (u64, Work) {
        let (table, l) = (&self.table, &self.layout);
        // The whole table holds every neighbour: none goes elsewhere.
        match pass {
            Pass::Prepare => table.prepare(l, c),
            Pass::Forward => (0, table.forward(l, c, |_| {})),
            Pass::Backward => (0, table.backward(l, c, |_, _| {})),
        }
    }

    /// The boards and entries marked next, checking that each is canonical.
    fn count_next(&self) -> Result<(u128, u64)> {
        self.table
            .count_next(&self.layout)
            .ok_or_else(|| Error::new(ErrorKind::Internal, "a non-canonical entry was reached"))
    }

    /// Frontier -> done, next -> frontier; with a kept distance table, the next entries
    /// (at distance `next`) get `next mod 3` there.
    fn relabel(&self, next: usize) {
        self.table.relabel(self.mod3.as_ref().map(|mod3| (mod3, next as u64 % 3)));
    }

    /// The least board of every frontier class, the `k` least of them.
    fn antipodes(&self, k: usize) -> Vec<Vec<u8>> {
        if k == 0 {
            return Vec::new();
        }
        self.table.least_frontier_boards(&self.layout, k)
    }

    /// The tables a checkpoint holds: the census table, then the kept distances (if any).
    fn tables(&self) -> impl Iterator<Item = &Words> {
        std::iter::once(&self.table).chain(&self.mod3)
    }

    /// Bytes of a checkpoint's content.
    fn content_bytes(&self) -> u64 {
        self.tables().map(Words::bytes).sum()
    }

    fn save(&self, file: &CheckpointFile, state: &State) -> Result<()> {
        file.save_stream(state, self.content_bytes(), |w| {
            for table in self.tables() {
                table.write(w)?;
            }
            Ok(())
        })
    }

    fn load(&self, file: &CheckpointFile, chunks: u64) -> Result<Option<State>> {
        let loaded = file.load_stream(|state: State, length, r: &mut dyn Read| {
            let invalid = |why: String| std::io::Error::new(std::io::ErrorKind::InvalidData, why);
            if length != self.content_bytes() {
                return Err(invalid(format!("a table of {length} bytes, not {}", self.content_bytes())));
            }
            let layers_ok =
                (state.pass == Pass::Prepare) == state.counts.is_empty() && layers::counts_ok(&state.counts);
            if !layers_ok || state.next_chunk > chunks {
                return Err(invalid("bad state".into()));
            }
            for table in self.tables() {
                table.read(r)?;
            }
            Ok(state)
        })?;
        // Once the checksum holds, the entries are checked as a census could have left
        // them (a forged table with a recomputed checksum must not make a pass panic): a
        // prepare pass's cost.
        if let Some(state) = &loaded {
            let prepared = |c: u64| state.pass != Pass::Prepare || c < state.next_chunk;
            let valid = self.table.padding_is_done()
                && (0..self.table.chunks())
                    .into_par_iter()
                    .all(|c| self.table.chunk_is_valid(&self.layout, c, prepared(c)));
            if !valid {
                return Err(file.corrupt("its table marks an entry that is no board's canonical entry"));
            }
        }
        Ok(loaded)
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
    run_keeping(puzzle, sym, max_bytes, opts, ck, antipodes, watch, false).map(|(census, _)| census)
}

/// The kept distance table of [`run_keeping`]: the layout and its words.
pub(crate) type Kept = Option<(Layout, Vec<u64>)>;

/// [`run`], keeping the distance mod 3 of every entry when `keep` (a second table of two
/// bits an entry, also in the checkpoint, whose fingerprint then differs): returns its
/// engine's layout and words.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_keeping(
    puzzle: &LinePuzzle,
    sym: &CellSymmetry,
    max_bytes: u64,
    opts: &Options<'_>,
    ck: &Checkpointing<'_>,
    antipodes: usize,
    watch: &[Vec<u8>],
    keep: bool,
) -> Result<(TwoBitCensus, Kept)> {
    crate::bounds::CENSUS_ANTIPODES.check_usize(antipodes)?;
    crate::bounds::CENSUS_WATCH.check_usize(watch.len())?;
    let engine = Engine::new(puzzle, sym, max_bytes, keep)?;
    let size = engine.layout.size();
    let (fingerprint, label) = match keep {
        false => (format!("{} two-bit {size}", puzzle.fingerprint()), format!("{}, two-bit table", ck.label)),
        true => (
            format!("{} two-bit {size} distances mod 3", puzzle.fingerprint()),
            format!("{}, two-bit table keeping distances mod 3", ck.label),
        ),
    };
    let saver = Saver::new(opts, super::super::checkpoint::KIND, &fingerprint, &label)?;
    let watched = layers::watch_entries(&engine.layout, watch)?;
    let mut run = Run { puzzle, opts, engine, saver, size, chunks: size.div_ceil(CHUNK), shown: None };
    let mut state = run.start(watched)?;
    loop {
        // The layer whose frontier is being expanded.
        let layer = state.counts.len().saturating_sub(1);
        if state.pass != Pass::Prepare && state.next_chunk == 0 && ck.stop_after_layer.is_some_and(|k| layer > k) {
            let what = format!("after layer {} with {} boards found", layer - 1, state.found());
            return Err(run.stop(&state, what));
        }
        run.pass(&mut state, layer)?;
        let prepared = state.pass == Pass::Prepare;
        if prepared {
            run.seed(&mut state)?;
        } else if !run.close_layer(&mut state, layer)? {
            return run.finish(state, antipodes);
        }
        state.pass = layers::choose(state.frontier, state.unseen, run.engine.layout.moves());
        state.next_chunk = 0;
        if opts.stop.is_requested() {
            let what = if prepared {
                "after preparing the table".to_string()
            } else {
                format!("after layer {layer} with {} boards found", state.found())
            };
            return Err(run.stop(&state, what));
        }
        run.saver.save(false, |f| run.engine.save(f, &state))?;
    }
}

/// The classes expanded so far, for progress: those of the layers before the current
/// one, and the current frontier in proportion to the chunks of its pass done.
fn expanded(state: &State, chunks: u64) -> u64 {
    let before = state.classes.saturating_sub(state.unseen).saturating_sub(state.frontier);
    let part = state.frontier as u128 * state.next_chunk.min(chunks) as u128 / chunks.max(1) as u128;
    before + part as u64
}

impl State {
    /// Boards found so far.
    fn found(&self) -> u64 {
        self.counts.iter().sum::<u64>()
    }
}

impl Engine {
    /// The layout of `puzzle` and its table, all entries unseen; fails when the table
    /// would take more than `max_bytes`.
    /// With `keep`, also the table of distances mod 3 (all 3: none yet), counted in
    /// `max_bytes` too.
    fn new(puzzle: &LinePuzzle, sym: &CellSymmetry, max_bytes: u64, keep: bool) -> Result<Engine> {
        let layout = Layout::new(puzzle, sym, u64::MAX / 4)?;
        let words = layout.size().div_ceil(32);
        let bytes = words.saturating_mul(if keep { 16 } else { 8 });
        if bytes > max_bytes {
            let what = if keep { "two-bit table and its distances mod 3" } else { "two-bit table" };
            return Err(Error::out_of_range(format!(
                "{}x{} board needs {bytes} bytes for its {what}, more than the {max_bytes} allowed",
                puzzle.rows, puzzle.cols,
            )));
        }
        let size = layout.size();
        let table = Words::new(Whole, size)?;
        let mod3 = if keep {
            let kept = Words::new(Whole, size)?;
            kept.fill(3);
            Some(kept)
        } else {
            None
        };
        Ok(Engine { layout, table, mod3 })
    }
}

/// A two-bit census under way: the engine, its checkpoint and the options it reports to.
struct Run<'a> {
    puzzle: &'a LinePuzzle,
    opts: &'a Options<'a>,
    engine: Engine,
    saver: Saver,
    /// Table entries, and chunks of them.
    size: u64,
    chunks: u64,
    /// Classes counted as expanded by the progress phase of the layers (`None` before it
    /// started: the prepare pass is a phase of its own).
    shown: Option<u64>,
}

impl Run<'_> {
    /// The state to start from: the checkpoint's when resuming one, else a fresh table
    /// (its entries past the end done) about to be prepared.
    /// A checkpoint watching other boards than `watched` is refused.
    fn start(&mut self, watched: Vec<Watched>) -> Result<State> {
        let mut state = State {
            pass: Pass::Prepare,
            next_chunk: 0,
            counts: Vec::new(),
            classes: 0,
            frontier: 0,
            unseen: 0,
            watched,
            work: Work::default(),
        };
        if let Some(s) =
            self.saver.resume_file(self.opts).map(|f| self.engine.load(f, self.chunks)).transpose()?.flatten()
        {
            layers::same_watch_list(&s.watched, &state.watched)?;
            state = s;
            self.saver.mark_saved();
        }
        Ok(state)
    }

    /// The error of a run stopped `what`, after saving the checkpoint.
    fn stop(&mut self, state: &State, what: String) -> Error {
        self.opts.progress.finish();
        match self.saver.save(true, |f| self.engine.save(f, state)) {
            Ok(_) => self.saver.stopped(&what),
            Err(e) => e,
        }
    }

    /// The rest of the current pass (expanding `layer`), batch by batch in parallel, with
    /// progress, stop requests and checkpoints between batches.
    ///
    /// Progress: the prepare pass is one phase (of table entries); then one phase covers
    /// every layer, in classes expanded out of all the classes the prepare pass counted
    /// (each class is expanded once, as the frontier of its layer), a layer's frontier
    /// counted in proportion to the chunks of its pass done.
    fn pass(&mut self, state: &mut State, layer: usize) -> Result<()> {
        let (size, chunks) = (self.size, self.chunks);
        let progress = self.opts.progress;
        let direction = match state.pass {
            Pass::Prepare => {
                progress.start("preparing the table", size, (state.next_chunk * CHUNK).min(size));
                None
            }
            Pass::Forward => Some("forward"),
            Pass::Backward => Some("backward"),
        };
        if direction.is_some() && self.shown.is_none() {
            let done = expanded(state, chunks);
            progress.start("classes expanded (all layers)", state.classes, done);
            self.shown = Some(done);
        }
        while state.next_chunk < chunks {
            if self.opts.stop.is_requested() {
                let what = match state.pass {
                    Pass::Prepare => "while preparing the table".to_string(),
                    _ => format!("in layer {layer} with {} boards found", state.found()),
                };
                return Err(self.stop(state, what));
            }
            let batch = state.next_chunk..(state.next_chunk + BATCH).min(chunks);
            let pass = state.pass;
            let engine = &self.engine;
            let (classes, work) = batch
                .clone()
                .into_par_iter()
                .map(|c| engine.work(pass, c))
                .reduce(|| (0, Work::default()), |a, b| (a.0 + b.0, a.1 + b.1));
            state.classes += classes;
            state.work = state.work + work;
            state.next_chunk = batch.end;
            match (direction, self.shown) {
                (Some(direction), Some(shown)) => {
                    let done = expanded(state, chunks);
                    progress.advance(done.saturating_sub(shown));
                    self.shown = Some(done.max(shown));
                    progress.note(&format!(
                        "layer {layer} ({direction}), {} boards found, {} probes",
                        state.found(),
                        state.work.probes
                    ));
                }
                _ => {
                    progress.advance((batch.end * CHUNK).min(size) - batch.start * CHUNK);
                    progress.note(&format!("{} found", state.found()));
                }
            }
            if state.next_chunk < chunks {
                self.saver.save(false, |f| engine.save(f, state))?;
            }
        }
        Ok(())
    }

    /// After the prepare pass: the solved board's entry is the first frontier.
    fn seed(&self, state: &mut State) -> Result<()> {
        let start = layers::solved_entry(&self.engine.layout, self.puzzle)?;
        self.engine.table.or(start, FRONTIER);
        if let Some(mod3) = &self.engine.mod3 {
            mod3.clear(start);
        }
        for w in state.watched.iter_mut().filter(|w| w.entry == start) {
            w.distance = Some(0);
        }
        (state.counts, state.frontier, state.unseen) = (vec![1], 1, state.classes - 1);
        Ok(())
    }

    /// After expanding `layer`: counts the boards of the next layer and relabels (next
    /// becomes the frontier); false when the next layer is empty (the census is done).
    fn close_layer(&self, state: &mut State, layer: usize) -> Result<bool> {
        let (boards, entries) = self.engine.count_next()?;
        if entries == 0 {
            return Ok(false);
        }
        let boards = layers::layer_boards(self.puzzle, layer + 1, state.found(), boards)?;
        // The entries marked next are exactly those at distance layer + 1.
        for w in state.watched.iter_mut().filter(|w| w.distance.is_none() && self.engine.table.get(w.entry) == NEXT) {
            w.distance = Some(layer as u32 + 1);
        }
        self.engine.relabel(layer + 1);
        // The counting pass took a canonical form of every entry it counted.
        state.work.canonical_forms += entries;
        state.counts.push(boards);
        state.unseen = layers::fewer_unseen(state.unseen, entries)?;
        state.frontier = entries;
        Ok(true)
    }

    /// The result, once a layer was found empty (its frontier is the last layer).
    fn finish(self, state: State, antipodes: usize) -> Result<(TwoBitCensus, Kept)> {
        self.opts.progress.finish();
        let antipodes = self.engine.antipodes(antipodes);
        let watched = layers::watched_distances(&state.watched)?;
        let census = TwoBitCensus {
            census: Census::from_counts(state.counts),
            antipodes,
            classes: state.classes,
            entries: self.size,
            symmetries: self.engine.layout.symmetries(),
            watched,
            work: Some(state.work),
        };
        let Engine { layout, mod3, .. } = self.engine;
        Ok((census, mod3.map(|t| (layout, t.into_words()))))
    }
}

mod access;
pub use access::{access_cost, AccessCost, AccessTable};

mod expansion;
pub use expansion::{expansion_cost, ExpansionCost};

pub(crate) mod layers;
mod passes;
pub(crate) mod table;

pub mod distances;

#[cfg(test)]
mod tests;
