//! Checkpoints of a picture census: the distance table after completed layers, in the
//! one checkpoint format of [`crate::run`] (run family `picture census`).
//!
//! The header's state is the list `counts` of boards at distances 0, 1, …, L for the
//! layers expanded so far; the content is the distance table byte for byte (one byte
//! per multiset of rows in rank order, 255 = not reached yet), which holds every
//! distance up to L + 1, so the census continues by expanding layer L + 1. (A table
//! saved while layer L + 1 was being expanded holds some distances L + 2 too: each is
//! right, since it was unset when a board at L + 1 reached it, and expanding layer L + 1
//! again finds the rest.) The fingerprint is that of the puzzle (shape, alphabet and
//! every move table, hence metric and group) and the table size. The table is streamed
//! in both directions, so no second copy is held in memory.

use crate::run::CheckpointFile;
use crate::Result;
use rayon::prelude::*;
use std::io::Read;
use std::sync::atomic::{AtomicU8, Ordering};

/// The run family of picture census checkpoints.
pub const KIND: &str = "picture census";
/// Bytes moved between the table and the file at a time.
const BLOCK: usize = 1 << 20;

/// Saves the table after the layers whose counts are given.
pub(crate) fn save(file: &CheckpointFile, counts: &[u64], dist: &[AtomicU8]) -> Result<()> {
    file.save_stream(&counts, dist.len() as u64, |w| {
        let mut block = vec![0u8; BLOCK.min(dist.len())];
        for chunk in dist.chunks(BLOCK) {
            for (b, d) in block.iter_mut().zip(chunk) {
                *b = d.load(Ordering::Relaxed);
            }
            w.write_all(&block[..chunk.len()])?;
        }
        Ok(())
    })
}

/// Loads a checkpoint into `dist` and returns its counts; `None` when there is no file.
/// On an error `dist` holds garbage. Once the checksum holds, every entry is checked to be
/// a distance the table can hold after the layers counted (for counts of layers 0 to L:
/// at most L + 2, as saved during layer L + 1's expansion, or not reached yet): a forged table with a recomputed checksum is refused.
pub(crate) fn load(file: &CheckpointFile, dist: &[AtomicU8]) -> Result<Option<Vec<u64>>> {
    let loaded = load_entries(file, dist)?;
    if let Some(counts) = &loaded {
        let most = counts.len() + 1;
        let bad = dist.par_iter().any(|d| {
            let v = d.load(Ordering::Relaxed);
            v != u8::MAX && usize::from(v) > most
        });
        if bad {
            return Err(file.corrupt(&format!("its table holds a distance beyond {most}, the layers counted")));
        }
    }
    Ok(loaded)
}

fn load_entries(file: &CheckpointFile, dist: &[AtomicU8]) -> Result<Option<Vec<u64>>> {
    file.load_stream(|counts: Vec<u64>, length, r: &mut dyn Read| {
        let invalid = |why: String| std::io::Error::new(std::io::ErrorKind::InvalidData, why);
        if length != dist.len() as u64 {
            return Err(invalid(format!("a table of {length} entries, not {}", dist.len())));
        }
        if counts.is_empty() || counts.len() >= u8::MAX as usize || counts.contains(&0) {
            return Err(invalid(format!("{} layer counts", counts.len())));
        }
        if counts.iter().try_fold(0u64, |a, &c| a.checked_add(c)).is_none() {
            return Err(invalid("layer counts overflow".into()));
        }
        let mut block = vec![0u8; BLOCK.min(dist.len())];
        for chunk in dist.chunks(BLOCK) {
            let b = &mut block[..chunk.len()];
            r.read_exact(b)?;
            for (d, &v) in chunk.iter().zip(b.iter()) {
                d.store(v, Ordering::Relaxed);
            }
        }
        Ok(counts)
    })
}
