//! File output that never leaves a half-written file behind, and a checksum for files
//! that must be read back exactly.

use crate::Error;
use std::io::Write;
use std::path::Path;

/// Writes a file atomically: a temporary file beside it, synced, then renamed over the
/// target and the folder synced, so a reader (or a run killed midway) never sees a
/// partial file. The same code writes checkpoints ([`crate::run`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    write_atomic_with(path, |w| w.write_all(bytes))
}

/// The buffer of an atomic write (1 MiB).
const BLOCK: usize = 1 << 20;

/// [`write_atomic`] for contents produced piece by piece: `fill` streams the contents
/// into a buffered writer on a temporary file beside `path`, which is synced, renamed over
/// `path`, and the folder synced, so a reader (or a run killed at any moment) sees the old
/// file or the new one, never a part; large files need no copy in memory. On an error the temporary file is removed; a process killed midway may
/// leave it (`.tmpXXXXXX` beside the target).
///
/// This uses `tempfile`'s `NamedTempFile::new_in` and `persist` rather than a hand-made
/// name: the name is unique even for two writers in one process, the file is created
/// exclusively (never following a planted link), and it is deleted when dropped on any
/// error path, including a panic in `fill`.
pub fn write_atomic_with(path: &Path, fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> Result<(), Error> {
    let fail = |e: std::io::Error| Error::io(format!("cannot write '{}'", path.display()), e);
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if path.file_name().is_none() {
        return Err(Error::malformed(format!("'{}' is not a file path", path.display())));
    }
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(fail)?;
    {
        let mut w = std::io::BufWriter::with_capacity(BLOCK, tmp.as_file_mut());
        fill(&mut w).map_err(fail)?;
        w.flush().map_err(fail)?;
    }
    tmp.as_file().sync_all().map_err(fail)?;
    tmp.persist(path).map_err(|e| fail(e.error))?;
    sync_dir(dir).map_err(fail)
}

/// Makes a rename in `dir` durable (on Unix; elsewhere the rename is all there is).
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    std::fs::File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// A streaming 64-bit checksum of a byte sequence (not cryptographic).
///
/// Bytes are taken as little-endian 8-byte words, each mixed in by `h = rotl((h ^ w) · K, 29)`
/// with K odd; every step is a bijection of `h` for a fixed word and of the word for a
/// fixed `h`, so a change confined to one word is always detected, and the length is
/// mixed in last, so a truncated sequence is too. Other corruption goes unnoticed with
/// probability about 2^-64. The value depends only on the bytes, not on how they were
/// split between calls to [`Checksum::update`].
///
/// Checkpoint files ([`crate::run`]) are checked with it. It is kept rather than taken
/// from a hashing crate because its job is to catch accidents (an edited digit, a cut
/// or extended file), which it does with the guarantees above at memory speed, and its
/// values are part of saved files: a dependency's algorithm could change under them.
#[derive(Debug, Clone)]
pub struct Checksum {
    h: u64,
    tail: [u8; 8],
    tail_len: usize,
    len: u64,
}

impl Default for Checksum {
    fn default() -> Self {
        Checksum { h: 0x243f_6a88_85a3_08d3, tail: [0; 8], tail_len: 0, len: 0 }
    }
}

impl Checksum {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;

    fn mix(&mut self, w: u64) {
        self.h = (self.h ^ w).wrapping_mul(Self::K).rotate_left(29);
    }

    /// Adds bytes.
    pub fn update(&mut self, mut data: &[u8]) {
        self.len += data.len() as u64;
        if self.tail_len > 0 {
            let take = (8 - self.tail_len).min(data.len());
            self.tail[self.tail_len..self.tail_len + take].copy_from_slice(&data[..take]);
            self.tail_len += take;
            data = &data[take..];
            if self.tail_len < 8 {
                return;
            }
            self.mix(u64::from_le_bytes(self.tail));
            self.tail_len = 0;
        }
        let mut words = data.chunks_exact(8);
        for w in &mut words {
            self.mix(u64::from_le_bytes(w.try_into().expect("8 bytes")));
        }
        let rest = words.remainder();
        self.tail[..rest.len()].copy_from_slice(rest);
        self.tail_len = rest.len();
    }

    /// The checksum of all bytes added so far.
    pub fn value(&self) -> u64 {
        let mut c = self.clone();
        if c.tail_len > 0 {
            c.tail[c.tail_len..].fill(0);
            c.mix(u64::from_le_bytes(c.tail));
        }
        c.mix(self.len);
        c.h ^ (c.h >> 31)
    }

    /// The checksum of one byte slice.
    pub fn of(data: &[u8]) -> u64 {
        let mut c = Checksum::default();
        c.update(data);
        c.value()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_whole_file() {
        let dir = std::env::temp_dir().join(format!("cubelab-io-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("x.txt");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "two");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        let e = write_atomic(&dir.join("missing/x.txt"), b"z").unwrap_err().to_string();
        assert!(e.contains("cannot write"));
        // A failing writer leaves the old file and no temporary file.
        let e = write_atomic_with(&p, |w| {
            w.write_all(b"half")?;
            Err(std::io::Error::other("disk full"))
        })
        .unwrap_err()
        .to_string();
        assert!(e.contains("disk full"), "{e}");
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "two");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn checksum_ignores_splitting_and_sees_changes() {
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        let whole = Checksum::of(&data);
        for cuts in [[0, 1], [3, 5], [7, 8], [8, 17], [500, 999]] {
            let mut c = Checksum::default();
            c.update(&data[..cuts[0]]);
            c.update(&data[cuts[0]..cuts[1]]);
            c.update(&data[cuts[1]..]);
            assert_eq!(c.value(), whole, "{cuts:?}");
        }
        for i in [0, 7, 8, 500, 999] {
            let mut changed = data.clone();
            changed[i] ^= 0x40;
            assert_ne!(Checksum::of(&changed), whole, "byte {i}");
        }
        assert_ne!(Checksum::of(&data[..999]), whole);
        // Trailing zero bytes are not the same as none.
        assert_ne!(Checksum::of(&[0; 3]), Checksum::of(&[0; 4]));
    }
}
