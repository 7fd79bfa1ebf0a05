//! The two-bit table of a census ([`Words`]): the whole table of the single-process
//! engine, or one MPI rank's slice of it (`super::super::distributed`), with what both
//! do to it: marks, chunks, the counting pass, the relabelling, the antipodes and the
//! checkpoint's content.

use super::distances;
use crate::picture::census::layout::{Cursor, Layout};
use crate::picture::census::{memory, MAX_ROWS};
use rayon::prelude::*;
use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

pub(crate) const FRONTIER: u64 = 1;
pub(crate) const NEXT: u64 = 2;
pub(crate) const DONE: u64 = 3;
/// The low bit of every two-bit field of a word.
pub(crate) const LOW: u64 = 0x5555_5555_5555_5555;
/// Entries per chunk (a multiple of 32, the entries of a word).
pub(crate) const CHUNK: u64 = 1 << 16;
/// Bytes moved between the table and a checkpoint file at a time.
const BLOCK: usize = 1 << 20;

/// Where the entries of a table ([`Words`]) start: [`Whole`] or `Part` (feature `mpi`).
pub(crate) trait Span: Copy + Send + Sync {
    /// Whether the table may not hold every entry (its passes then test each neighbour).
    const PART: bool;
    /// The first entry.
    fn first(self) -> u64;
}

/// The whole table, from entry 0 (the single engine's): known when compiling, so that an
/// access subtracts nothing and no neighbour is tested.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Whole;

impl Span for Whole {
    const PART: bool = false;
    #[inline(always)]
    fn first(self) -> u64 {
        0
    }
}

/// A part of the table from the entry given, a multiple of [`CHUNK`] (an MPI rank's slice).
#[cfg(feature = "mpi")]
#[derive(Debug, Clone, Copy)]
pub(crate) struct Part(pub(crate) u64);

#[cfg(feature = "mpi")]
impl Span for Part {
    const PART: bool = true;
    #[inline(always)]
    fn first(self) -> u64 {
        self.0
    }
}

/// Two bits for each of the entries `first..first + len` of a census table (`first` from
/// the [`Span`]), in words allocated by [`memory::zeroed_words`] (huge pages where the
/// kernel allows). Entries are named by their index in the whole table (global), chunks
/// by their number in this one (local: chunk `c` holds the entries from
/// `first + c · CHUNK`).
pub(crate) struct Words<S: Span = Whole> {
    span: S,
    len: u64,
    words: Vec<AtomicU64>,
}

impl<S: Span> Words<S> {
    /// The entries `first..first + len` of `span`, all unseen; the fields past the last
    /// entry (in its word) are done.
    /// Memory the system refuses is an error naming the bytes ([`memory::refused`]).
    pub(crate) fn new(span: S, len: u64) -> crate::Result<Words<S>> {
        let first = span.first();
        debug_assert!(first % CHUNK == 0, "a table starts on a chunk");
        let words = usize::try_from(len.div_ceil(32)).map_err(|_| memory::refused(len.div_ceil(32) * 8))?;
        let table = Words { span, len, words: memory::try_zeroed_words(words)? };
        (first + len..first + table.words.len() as u64 * 32).for_each(|i| table.or(i, DONE));
        Ok(table)
    }

    /// Whether the fields past the last entry (in its word) are done, as [`Words::new`]
    /// leaves them: a loaded table's are checked before any pass reads them.
    pub(crate) fn padding_is_done(&self) -> bool {
        let first = self.span.first();
        (first + self.len..first + self.words.len() as u64 * 32).all(|i| self.get(i) == DONE)
    }

    /// Sets every field (past the last entry too) to `value`.
    pub(crate) fn fill(&self, value: u64) {
        let word = (value & 3) * LOW;
        self.words.par_iter().for_each(|w| w.store(word, Ordering::Relaxed));
    }

    /// Whether entry `j` is in this table.
    #[inline]
    pub(crate) fn owns(&self, j: u64) -> bool {
        j.wrapping_sub(self.span.first()) < self.len
    }

    /// The field of entry `i`.
    #[inline]
    pub(crate) fn get(&self, i: u64) -> u64 {
        let i = i - self.span.first();
        self.words[(i / 32) as usize].load(Ordering::Relaxed) >> (2 * (i % 32)) & 3
    }

    /// Sets the bits `v` in the field of entry `i` (an atomic or: other threads may write
    /// its word).
    #[inline]
    pub(crate) fn or(&self, i: u64, v: u64) {
        let i = i - self.span.first();
        self.words[(i / 32) as usize].fetch_or(v << (2 * (i % 32)), Ordering::Relaxed);
    }

    /// [`Words::or`] on an entry of the chunk the calling thread works on: no other thread
    /// writes its word during the pass (chunks are whole words; others may read it), so a
    /// load and a store do, without an atomic read-modify-write.
    #[inline]
    pub(crate) fn or_own(&self, i: u64, v: u64) {
        let i = i - self.span.first();
        let w = &self.words[(i / 32) as usize];
        w.store(w.load(Ordering::Relaxed) | v << (2 * (i % 32)), Ordering::Relaxed);
    }

    /// Sets the field of entry `i` to 0 (one thread only may write its word).
    pub(crate) fn clear(&self, i: u64) {
        let i = i - self.span.first();
        self.words[(i / 32) as usize].fetch_and(!(3 << (2 * (i % 32))), Ordering::Relaxed);
    }

    /// Marks entry `j` next if it is unseen. Only unseen -> next happens in the passes
    /// that mark others' entries, so the test and the or agree, and the entries marked do
    /// not depend on the order.
    #[inline]
    pub(crate) fn mark_next(&self, j: u64) {
        if self.get(j) == 0 {
            self.or(j, NEXT);
        }
    }

    /// Starts loading the word of entry `j` (a hint: see [`memory::prefetch`]).
    #[inline]
    pub(crate) fn prefetch(&self, j: u64) {
        memory::prefetch(&self.words[((j - self.span.first()) / 32) as usize]);
    }

    /// Chunks of this table.
    pub(crate) fn chunks(&self) -> u64 {
        self.len.div_ceil(CHUNK)
    }

    /// Calls `f` on every entry (global index) of chunk `c` whose field is selected by
    /// `select(low, high)` (two masks of the fields' bits at the low positions).
    #[inline]
    pub(crate) fn each(&self, c: u64, select: impl Fn(u64, u64) -> u64, mut f: impl FnMut(u64)) {
        let words = (c * CHUNK / 32) as usize..(((c + 1) * CHUNK).div_ceil(32) as usize).min(self.words.len());
        for w in words {
            let x = self.words[w].load(Ordering::Relaxed);
            let mut bits = select(x & LOW, x >> 1 & LOW);
            while bits != 0 {
                f(self.span.first() + w as u64 * 32 + bits.trailing_zeros() as u64 / 2);
                bits &= bits - 1;
            }
        }
    }

    /// The boards and entries marked next (each entry weighted by the size of its class),
    /// checking that each is canonical: `None` when one is not.
    pub(crate) fn count_next(&self, l: &Layout) -> Option<(u128, u64)> {
        let bad = AtomicBool::new(false);
        let (boards, entries) = (0..self.chunks())
            .into_par_iter()
            .map(|c| {
                let mut rows = [0u32; MAX_ROWS];
                let mut cursor = Cursor::default();
                let (mut boards, mut entries) = (0u128, 0u64);
                self.each(
                    c,
                    |lo, hi| hi & !lo,
                    |i| {
                        l.seek(&mut cursor, i, &mut rows[..l.m]);
                        match l.canonical_ties(i, &rows[..l.m]) {
                            Some(ties) => boards += l.weight(&rows[..l.m], ties) as u128,
                            None => bad.store(true, Ordering::Relaxed),
                        }
                        entries += 1;
                    },
                );
                (boards, entries)
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        (!bad.into_inner()).then_some((boards, entries))
    }

    /// Frontier -> done, next -> frontier; with `kept` (the table of distances mod 3 of
    /// the same entries, and the next layer's distance mod 3), the next entries get that
    /// value there.
    pub(crate) fn relabel(&self, kept: Option<(&Words<S>, u64)>) {
        let relabel = |w: &AtomicU64| {
            let x = w.load(Ordering::Relaxed);
            let (lo, hi) = (x & LOW, x >> 1 & LOW);
            w.store(lo << 1 | lo | hi, Ordering::Relaxed);
            hi & !lo
        };
        match kept {
            None => self.words.par_iter().for_each(|w| {
                relabel(w);
            }),
            Some((mod3, value)) => self.words.par_iter().zip(mod3.words.par_iter()).for_each(|(w, d)| {
                let fields = relabel(w);
                d.store(distances::set_fields(d.load(Ordering::Relaxed), fields, value), Ordering::Relaxed);
            }),
        }
    }

    /// The least board of every frontier class, the `k` least of them (sorted), the same
    /// whatever the order of the chunks.
    pub(crate) fn least_frontier_boards(&self, l: &Layout, k: usize) -> Vec<Vec<u8>> {
        let keep = |mut v: Vec<Vec<u8>>| {
            v.sort();
            v.truncate(k);
            v
        };
        (0..self.chunks())
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

    /// Bytes of the table in a checkpoint (its words, little-endian).
    pub(crate) fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }

    /// Writes the table's words (a checkpoint's content).
    pub(crate) fn write(&self, w: &mut dyn Write) -> std::io::Result<()> {
        write_words(w, self.words.iter().map(|x| x.load(Ordering::Relaxed)))
    }

    /// Reads the table's words (as [`Words::write`] wrote them).
    pub(crate) fn read(&self, r: &mut dyn Read) -> std::io::Result<()> {
        read_words(r, self.words.len(), |k, x| self.words[k].store(x, Ordering::Relaxed))
    }

    /// The table's words.
    pub(crate) fn into_words(self) -> Vec<u64> {
        self.words.into_iter().map(AtomicU64::into_inner).collect()
    }
}

/// Writes words little-endian, a block at a time.
pub(crate) fn write_words(w: &mut dyn Write, words: impl Iterator<Item = u64>) -> std::io::Result<()> {
    let mut block = Vec::with_capacity(BLOCK);
    for x in words {
        block.extend_from_slice(&x.to_le_bytes());
        if block.len() == BLOCK {
            w.write_all(&block)?;
            block.clear();
        }
    }
    w.write_all(&block)
}

/// Reads `count` little-endian words a block at a time, giving each (with its index) to `store`.
pub(crate) fn read_words(r: &mut dyn Read, count: usize, mut store: impl FnMut(usize, u64)) -> std::io::Result<()> {
    let mut block = vec![0u8; BLOCK];
    let mut k = 0;
    while k < count {
        let words = (count - k).min(BLOCK / 8);
        let b = &mut block[..words * 8];
        r.read_exact(b)?;
        for bytes in b.chunks_exact(8) {
            store(k, u64::from_le_bytes(bytes.try_into().expect("8 bytes")));
            k += 1;
        }
    }
    Ok(())
}
