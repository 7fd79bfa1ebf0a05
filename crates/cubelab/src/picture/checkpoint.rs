//! Checkpoints of a picture census: the distance table after a completed layer.
//!
//! A checkpoint file is one line of JSON (the header), the distance table byte for byte
//! (one byte per multiset of rows in rank order, 255 = not reached yet), then the 8-byte
//! little-endian [`Checksum`] of everything before it:
//!
//! ```text
//! {"format":"cubelab-picture-checkpoint-1","census":"picture 3x1, quarter-turn metric",
//!  "puzzle":"<16 hex digits>","entries":2600,"counts":[1,6,27]}\n
//! <entries bytes><checksum>
//! ```
//!
//! `counts` are the numbers of boards at distances 0, 1, …, L for the layers expanded so
//! far, so the table holds every distance up to L + 1 and the census continues by
//! expanding layer L + 1. `puzzle` fingerprints the puzzle (shape, alphabet and every
//! move table, hence metric and group); `census` only names it in messages. Files are
//! written atomically and streamed in both directions, so no second copy of the table is
//! held in memory. A checkpoint is refused, with one line saying why, when it belongs to
//! another puzzle, is truncated, or fails its checksum.

use super::census::LinePuzzle;
use crate::io::{write_atomic_with, Checksum};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU8, Ordering};

const FORMAT: &str = "cubelab-picture-checkpoint-1";
/// Longest header line accepted.
const MAX_HEADER: u64 = 1 << 20;
/// Bytes moved between the table and the file at a time.
const BLOCK: usize = 1 << 20;

/// What a checkpoint must belong to: a puzzle and its description.
#[derive(Debug, Clone)]
pub(crate) struct Fingerprint {
    census: String,
    puzzle: String,
    entries: u64,
}

impl Fingerprint {
    pub(crate) fn new(puzzle: &LinePuzzle, label: &str, entries: u64) -> Fingerprint {
        let mut c = Checksum::default();
        for x in [puzzle.alphabet, puzzle.rows, puzzle.cols] {
            c.update(&(x as u64).to_le_bytes());
        }
        for moves in [&puzzle.row_moves, &puzzle.col_moves] {
            c.update(&(moves.len() as u64).to_le_bytes());
            for t in moves {
                c.update(&(t.len() as u64).to_le_bytes());
                c.update(t);
            }
        }
        Fingerprint { census: label.to_string(), puzzle: format!("{:016x}", c.value()), entries }
    }
}

#[derive(Serialize, Deserialize)]
struct Header {
    format: String,
    census: String,
    puzzle: String,
    entries: u64,
    counts: Vec<u64>,
}

/// Counts a writer's bytes into a checksum on their way out.
struct Summing<'a> {
    inner: &'a mut dyn Write,
    sum: Checksum,
}

impl Write for Summing<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.sum.update(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Saves the table after the layers whose counts are given.
pub(crate) fn save(path: &Path, fp: &Fingerprint, counts: &[u64], dist: &[AtomicU8]) -> Result<()> {
    let header = Header {
        format: FORMAT.to_string(),
        census: fp.census.clone(),
        puzzle: fp.puzzle.clone(),
        entries: fp.entries,
        counts: counts.to_vec(),
    };
    let mut line = serde_json::to_string(&header).map_err(|e| Error::checkpoint(e.to_string()))?;
    line.push('\n');
    write_atomic_with(path, |w| {
        let mut s = Summing { inner: w, sum: Checksum::default() };
        s.write_all(line.as_bytes())?;
        let mut block = vec![0u8; BLOCK.min(dist.len())];
        for chunk in dist.chunks(BLOCK) {
            for (b, d) in block.iter_mut().zip(chunk) {
                *b = d.load(Ordering::Relaxed);
            }
            s.write_all(&block[..chunk.len()])?;
        }
        let sum = s.sum.value();
        s.inner.write_all(&sum.to_le_bytes())
    })
}

/// Loads a checkpoint into `dist` (of `fp.entries` entries) and returns its counts.
pub(crate) fn load(path: &Path, fp: &Fingerprint, dist: &[AtomicU8]) -> Result<Vec<u64>> {
    let name = path.display();
    let corrupt = |why: String| Error::checkpoint(format!("checkpoint '{name}' is corrupt: {why}"));
    let truncated = || Error::checkpoint(format!("checkpoint '{name}' is truncated"));
    let file =
        std::fs::File::open(path).map_err(|e| Error::checkpoint(format!("checkpoint '{name}' cannot be read: {e}")))?;
    let mut r = std::io::BufReader::with_capacity(BLOCK, file);
    let mut line = Vec::new();
    (&mut r)
        .take(MAX_HEADER)
        .read_until(b'\n', &mut line)
        .map_err(|e| Error::checkpoint(format!("checkpoint '{name}' cannot be read: {e}")))?;
    if line.is_empty() {
        return Err(Error::checkpoint(format!("checkpoint '{name}' is empty")));
    }
    if line.last() != Some(&b'\n') {
        return Err(if (line.len() as u64) < MAX_HEADER { truncated() } else { corrupt("no header line".into()) });
    }
    let header: Header =
        serde_json::from_slice(&line[..line.len() - 1]).map_err(|e| corrupt(format!("bad header ({e})")))?;
    if header.format != FORMAT {
        return Err(Error::checkpoint(format!(
            "checkpoint '{name}' has format '{}', expected '{FORMAT}'",
            header.format
        )));
    }
    if header.puzzle != fp.puzzle || header.entries != fp.entries {
        return Err(Error::checkpoint(format!(
            "checkpoint '{name}' belongs to another census ({}), not this one ({})",
            header.census, fp.census
        )));
    }
    if header.counts.is_empty() || header.counts.len() >= u8::MAX as usize || header.counts.contains(&0) {
        return Err(corrupt(format!("{} layer counts", header.counts.len())));
    }
    if header.counts.iter().try_fold(0u64, |a, &c| a.checked_add(c)).is_none() {
        return Err(corrupt("layer counts overflow".into()));
    }
    let mut sum = Checksum::default();
    sum.update(&line);
    let mut block = vec![0u8; BLOCK.min(dist.len())];
    let read_err = |e: std::io::Error| {
        if e.kind() == std::io::ErrorKind::UnexpectedEof {
            truncated()
        } else {
            Error::checkpoint(format!("checkpoint '{name}' cannot be read: {e}"))
        }
    };
    for chunk in dist.chunks(BLOCK) {
        let b = &mut block[..chunk.len()];
        r.read_exact(b).map_err(read_err)?;
        sum.update(b);
        for (d, &v) in chunk.iter().zip(b.iter()) {
            d.store(v, Ordering::Relaxed);
        }
    }
    let mut stored = [0u8; 8];
    r.read_exact(&mut stored).map_err(read_err)?;
    let mut extra = [0u8; 1];
    if r.read(&mut extra).map_err(read_err)? != 0 {
        return Err(corrupt("bytes after the checksum".into()));
    }
    if u64::from_le_bytes(stored) != sum.value() {
        return Err(corrupt("checksum mismatch".into()));
    }
    Ok(header.counts)
}
