//! The passes of the two-bit census over one chunk of a table ([`Words`]): prepare,
//! forward and backward, the same for the single engine's whole table and an MPI rank's
//! slice. On a slice (`Part`), a neighbour the table does not hold (one of another
//! rank's entries) is handed to the caller, which sends it to its owner; the whole table
//! (`Whole`) holds every neighbour, and its passes do not test it.

use super::table::{Span, Words, DONE, FRONTIER, LOW, NEXT};
use super::Work;
use crate::picture::census::layout::{Cursor, Layout};
use crate::picture::census::MAX_ROWS;

/// Table reads in flight in a forward pass (a power of two).
const RING: usize = 16;
/// Entries searched at once in a backward pass.
const LANES: usize = 8;

/// The canonical entry of the board that move `k` makes of the board of `rows` (its
/// first `l.m`), or `None` when the move turns a row equal to an earlier row (its
/// neighbour is the one the same move on that row gives: [`Layout::repeats_a_move`]).
#[inline(always)]
pub(crate) fn neighbour(l: &Layout, rows: &[u32; MAX_ROWS], k: usize) -> Option<u64> {
    let m = l.m;
    if l.repeats_a_move(k, &rows[..m]) {
        return None;
    }
    // A copy of the whole array: no call to copy a slice of the board's length.
    let mut next = *rows;
    l.apply(k, &mut next[..m]);
    Some(l.canonical_entry(&next[..m]).expect("moves keep parity patterns consistent"))
}

/// An unseen entry searched by a backward pass: its rows, its next move and the entry of
/// the neighbour whose table word was prefetched.
#[derive(Clone, Copy, Default)]
struct Lane {
    i: u64,
    rows: [u32; MAX_ROWS],
    k: usize,
    j: u64,
}

impl<S: Span> Words<S> {
    /// The prepare pass over chunk `c`: marks the entries that are no board's canonical
    /// entry done; returns the canonical entries and its work (a canonical form tested for
    /// every entry, no neighbour probed).
    pub(crate) fn prepare(&self, l: &Layout, c: u64) -> (u64, Work) {
        let m = l.m;
        let mut rows = [0u32; MAX_ROWS];
        let mut cursor = Cursor::default();
        let mut found = 0;
        let mut work = Work::default();
        self.each(
            c,
            |lo, hi| !(lo | hi) & LOW,
            |i| {
                l.seek(&mut cursor, i, &mut rows[..m]);
                work.canonical_forms += 1;
                if l.is_canonical(i, &rows[..m]) {
                    found += 1;
                } else {
                    self.or_own(i, DONE);
                }
            },
        );
        (found, work)
    }

    /// Whether chunk `c` of a loaded table is one a census could have left (no input may
    /// make a pass panic): once the chunk is `prepared`, every entry not done is a board's
    /// canonical entry (the passes unrank and move only those); before, every entry is
    /// unseen. The fields past the last entry are checked by [`Words::padding_is_done`].
    pub(crate) fn chunk_is_valid(&self, l: &Layout, c: u64, prepared: bool) -> bool {
        let m = l.m;
        let mut rows = [0u32; MAX_ROWS];
        let mut cursor = Cursor::default();
        let mut ok = true;
        if prepared {
            self.each(
                c,
                |lo, hi| !(lo & hi) & LOW,
                |i| {
                    if ok && self.owns(i) {
                        l.seek(&mut cursor, i, &mut rows[..m]);
                        ok = l.is_canonical(i, &rows[..m]);
                    }
                },
            );
        } else {
            self.each(c, |lo, hi| lo | hi, |i| ok &= !self.owns(i));
        }
        ok
    }

    /// The forward pass over chunk `c`: every frontier entry marks its unseen neighbours
    /// next, and on a slice (`Part`) gives those this table does not hold to `elsewhere`.
    /// Returns its work: a canonical form for every neighbour, a probe (a test-and-set)
    /// for every neighbour this table holds.
    pub(crate) fn forward(&self, l: &Layout, c: u64, mut elsewhere: impl FnMut(u64)) -> Work {
        // Each neighbour's table word is prefetched when its entry is found and
        // read RING entries later, so that many reads are in flight at once. Only
        // unseen -> next happens in this pass, so the test and the or agree, and
        // the entries marked do not depend on the order.
        let m = l.m;
        let mut rows = [0u32; MAX_ROWS];
        let mut cursor = Cursor::default();
        let mut ring = [0u64; RING];
        let mut pending = 0usize;
        let mut work = Work::default();
        self.each(
            c,
            |lo, hi| lo & !hi,
            |i| {
                l.seek(&mut cursor, i, &mut rows[..m]);
                for j in (0..l.moves()).filter_map(|k| neighbour(l, &rows, k)) {
                    work.canonical_forms += 1;
                    if S::PART && !self.owns(j) {
                        elsewhere(j);
                        continue;
                    }
                    self.prefetch(j);
                    let slot = &mut ring[pending % RING];
                    if pending >= RING {
                        self.mark_next(*slot);
                    }
                    *slot = j;
                    pending += 1;
                }
            },
        );
        (pending.saturating_sub(RING)..pending).for_each(|p| self.mark_next(ring[p % RING]));
        work.probes = pending as u64;
        work
    }

    /// The backward pass over chunk `c`: every unseen entry with a neighbour in the
    /// frontier is marked next. On a slice (`Part`), an entry with none among the
    /// neighbours this table holds gives the others (if any) to
    /// `elsewhere(entry, neighbours)`, to be asked about. Returns its work: a canonical
    /// form for every neighbour found, a probe (a read) for every one looked up here.
    pub(crate) fn backward(&self, l: &Layout, c: u64, mut elsewhere: impl FnMut(u64, &[u64])) -> Work {
        // LANES unseen entries are searched at once, one neighbour of each in turn:
        // a neighbour's table word is prefetched when its entry is found and read
        // when its lane comes round again. An entry stops at its first neighbour in
        // the frontier, as it would alone; it only marks itself, so the entries
        // marked do not depend on the order.
        let m = l.m;
        let mut rows = [0u32; MAX_ROWS];
        let mut cursor = Cursor::default();
        let mut lanes = [Lane::default(); LANES];
        // Each lane's neighbours held elsewhere, found so far.
        let mut others: [Vec<u64>; LANES] = Default::default();
        let mut free: Vec<usize> = (0..LANES).collect();
        let mut turn = 0;
        // Canonical forms and probes (counted in `Cell`s: the closures share them).
        let (forms, probes) = (std::cell::Cell::new(0u64), std::cell::Cell::new(0u64));
        // The lane's next neighbour held here (its table word prefetched), those held
        // elsewhere on the way put in `others`; false when none is left.
        let advance = |lane: &mut Lane, others: &mut Vec<u64>| {
            while lane.k < l.moves() {
                let k = lane.k;
                lane.k += 1;
                if let Some(j) = neighbour(l, &lane.rows, k) {
                    forms.set(forms.get() + 1);
                    if S::PART && !self.owns(j) {
                        others.push(j);
                        continue;
                    }
                    lane.j = j;
                    self.prefetch(j);
                    return true;
                }
            }
            false
        };
        // Reads the lane's neighbour: true when the lane is done.
        let step = |lane: &mut Lane, others: &mut Vec<u64>| {
            probes.set(probes.get() + 1);
            if self.get(lane.j) == FRONTIER {
                self.or_own(lane.i, NEXT);
                others.clear();
                true
            } else {
                !advance(lane, others)
            }
        };
        // A lane done: its entry's neighbours held elsewhere, if it found none here.
        let mut hand_over = |lane: &Lane, others: &mut Vec<u64>| {
            if S::PART && !others.is_empty() {
                elsewhere(lane.i, others);
                others.clear();
            }
        };
        self.each(
            c,
            |lo, hi| !(lo | hi) & LOW,
            |i| {
                l.seek(&mut cursor, i, &mut rows[..m]);
                let slot = free.pop().expect("a free lane");
                let lane = &mut lanes[slot];
                (lane.i, lane.k) = (i, 0);
                lane.rows[..m].copy_from_slice(&rows[..m]);
                if !advance(lane, &mut others[slot]) {
                    hand_over(lane, &mut others[slot]);
                    free.push(slot);
                }
                while free.is_empty() {
                    if step(&mut lanes[turn], &mut others[turn]) {
                        hand_over(&lanes[turn], &mut others[turn]);
                        free.push(turn);
                    }
                    turn = (turn + 1) % LANES;
                }
            },
        );
        while free.len() < LANES {
            for (t, (lane, others)) in lanes.iter_mut().zip(&mut others).enumerate() {
                if !free.contains(&t) && step(lane, others) {
                    hand_over(lane, others);
                    free.push(t);
                }
            }
        }
        Work { probes: probes.get(), canonical_forms: forms.get() }
    }
}
