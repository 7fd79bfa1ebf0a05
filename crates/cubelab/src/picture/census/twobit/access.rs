//! The random-access floor of a two-bit census table (issues 29 and 43; the example
//! `picture_memory_floor`).

use super::super::memory;
use super::table::{LOW, NEXT};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// What random accesses to a two-bit census table cost on this machine (see
/// [`access_cost`]): nanoseconds of one thread's time per access.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AccessCost {
    /// A read of a random table word, with the given number of reads in flight (each
    /// prefetched that many accesses before it is read).
    pub read_ns: f64,
    /// A two-bit test-and-set of a random entry: its word read (prefetched the same way)
    /// and, when its field is zero, an atomic or into it, as the census's forward pass does.
    pub test_and_set_ns: f64,
}

/// Measures the random-access floor of a census table of `bytes` (allocated and advised
/// like the census's own, every page touched first): `probes` random reads, then `probes`
/// random test-and-sets, `in_flight` at a time (rounded up to a power of two), on the
/// calling thread, with entries drawn by a xorshift generator from `seed`. The census
/// cannot do better than one such access per neighbour probe; docs/benchmarks.md
/// compares it with the 3x3 census (example `picture_memory_floor`).
pub fn access_cost(bytes: u64, probes: u64, in_flight: usize, seed: u64) -> AccessCost {
    let table = AccessTable::new(bytes, seed);
    AccessCost {
        read_ns: table.time(false, probes, in_flight, seed, 1),
        test_and_set_ns: table.time(true, probes, in_flight, seed, 1),
    }
}

/// A table of random two-bit fields (0 or 1, so that about half the test-and-sets set
/// theirs), allocated like a census table, to time random accesses on.
pub struct AccessTable {
    words: Vec<AtomicU64>,
}

impl AccessTable {
    /// A table of `bytes` (at least one word), every page touched, its fields drawn from
    /// `seed`.
    pub fn new(bytes: u64, seed: u64) -> AccessTable {
        let words = usize::try_from(bytes / 8).unwrap_or(usize::MAX).max(1);
        let table = memory::zeroed_words(words);
        table.par_iter().enumerate().for_each(|(i, w)| {
            let mut x = (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ seed;
            x ^= x >> 31;
            w.store(x.wrapping_mul(0xbf58_476d_1ce4_e5b9) & LOW, Ordering::Relaxed)
        });
        AccessTable { words: table }
    }

    /// Nanoseconds of a thread's time per random access (a test-and-set, or a read when
    /// `test_and_set` is false) when `threads` threads each make `probes` accesses at once
    /// on this one table, `in_flight` at a time (rounded up to a power of two), thread `t`
    /// drawing its entries from `seed + t`: the total of the threads' times over the total
    /// of their accesses, the CPU time an access costs with that many threads sharing
    /// the memory system.
    pub fn time(&self, test_and_set: bool, probes: u64, in_flight: usize, seed: u64, threads: usize) -> f64 {
        let table = &self.words;
        let entries = table.len() as u64 * 32;
        let ring = in_flight.max(1).next_power_of_two();
        let engine = |seed: u64| {
            let mut x = seed | 1;
            let mut pending = vec![0u64; ring];
            let mut seen = 0u64;
            let mut access = |j: u64| {
                let v = table[(j / 32) as usize].load(Ordering::Relaxed) >> (2 * (j % 32)) & 3;
                if test_and_set && v == 0 {
                    table[(j / 32) as usize].fetch_or(NEXT << (2 * (j % 32)), Ordering::Relaxed);
                }
                seen += v;
            };
            let start = crate::time::Instant::now();
            for p in 0..probes as usize {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let j = x % entries;
                memory::prefetch(&table[(j / 32) as usize]);
                let slot = &mut pending[p % ring];
                if p >= ring {
                    access(*slot);
                }
                *slot = j;
            }
            (probes.saturating_sub(ring as u64)..probes).for_each(|p| access(pending[p as usize % ring]));
            let ns = start.elapsed().as_secs_f64() * 1e9;
            std::hint::black_box(seen);
            ns
        };
        let threads = threads.max(1);
        let total: f64 = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads as u64).map(|t| s.spawn(move || engine(seed + t))).collect();
            handles.into_iter().map(|h| h.join().expect("a timing thread")).sum()
        });
        total / (probes.max(1) as f64 * threads as f64)
    }
}
