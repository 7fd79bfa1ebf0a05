//! File output that never leaves a half-written file behind, and a checksum for files
//! that must be read back exactly.

use crate::Error;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes a file atomically: a temporary file beside it, synced, then renamed over the
/// target and the folder synced, so a reader (or a run killed midway) never sees a
/// partial file. The same code writes checkpoints ([`crate::run`]).
///
/// Only regular files are replaced (keeping their permissions; a new file gets `0666`
/// less the umask; a read-only file is refused); a symbolic link is followed; a
/// character device or FIFO (`/dev/null`) is written through in place; a directory, block
/// device or socket is refused.
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
/// What is at `path` decides how it is written (docs/runs.md, "Writes"):
/// - nothing: a new file, with the permissions `0666` less the umask (like any program's
///   new file);
/// - a regular file: replaced atomically, keeping its permissions; a read-only file is
///   refused (an error of kind `Io`), not replaced;
/// - a symbolic link: followed, and the file it points to is written by these rules (the
///   link stays a link);
/// - a character device or a FIFO (`/dev/null`, a named pipe): written through, in
///   place (not atomically: there is nothing to rename over);
/// - anything else (a directory, a block device, a socket): refused.
///
/// This uses `tempfile`'s `Builder::tempfile_in` and `persist` rather than a hand-made
/// name: the name is unique even for two writers in one process, the file is created
/// exclusively (never following a planted link), and it is deleted when dropped on any
/// error path, including a panic in `fill`.
pub fn write_atomic_with(path: &Path, fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> Result<(), Error> {
    let fail = |e: std::io::Error| Error::io(format!("cannot write '{}'", path.display()), e);
    let refuse = |why: &str| fail(std::io::Error::other(why.to_string()));
    if path.file_name().is_none() {
        return Err(Error::malformed(format!("'{}' is not a file path", path.display())));
    }
    // A link is followed: the file it names is the target.
    let mut target = path.to_path_buf();
    let existing = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => match std::fs::metadata(path) {
            Ok(m) => {
                target = std::fs::canonicalize(path).map_err(fail)?;
                Some(m)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(refuse("it is a symbolic link to a missing file"));
            }
            Err(e) => return Err(fail(e)),
        },
        Ok(m) => Some(m),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(fail(e)),
    };
    let mut builder = tempfile::Builder::new();
    let mut keep = None;
    if let Some(m) = &existing {
        let kind = m.file_type();
        if kind.is_dir() {
            return Err(refuse("it is a directory"));
        }
        if !kind.is_file() {
            if special_written_through(&kind) {
                let mut file = std::fs::OpenOptions::new().write(true).open(&target).map_err(fail)?;
                let mut w = std::io::BufWriter::with_capacity(BLOCK, &mut file);
                fill(&mut w).map_err(fail)?;
                return w.flush().map_err(fail);
            }
            return Err(refuse("it is not a regular file (only regular files are replaced)"));
        }
        if m.permissions().readonly() {
            return Err(refuse("the file is read-only; it is not replaced"));
        }
        keep = Some(m.permissions());
    } else {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // Created with 0666 less the umask, as a shell redirection would.
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
    }
    let dir = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut tmp = builder.tempfile_in(dir).map_err(fail)?;
    if let Some(perm) = keep {
        tmp.as_file().set_permissions(perm).map_err(fail)?;
    }
    {
        let mut w = std::io::BufWriter::with_capacity(BLOCK, tmp.as_file_mut());
        fill(&mut w).map_err(fail)?;
        w.flush().map_err(fail)?;
    }
    tmp.as_file().sync_all().map_err(fail)?;
    tmp.persist(&target).map_err(|e| fail(e.error))?;
    sync_dir(dir).map_err(fail)
}

/// Whether a file of this type is written in place: a character device or a FIFO.
fn special_written_through(kind: &std::fs::FileType) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        kind.is_char_device() || kind.is_fifo()
    }
    #[cfg(not(unix))]
    {
        let _ = kind;
        false
    }
}

/// Makes a rename in `dir` durable (on Unix; elsewhere the rename is all there is).
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    std::fs::File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// The largest text file the readers take (256 MiB): far more than any cube, shard or
/// census result cubelab writes, small enough to read in a moment, so `/dev/zero` or
/// `/dev/urandom` given as an input ends at once.
pub const MAX_INPUT: u64 = 256 << 20;

/// Reads a text file of at most [`MAX_INPUT`] bytes: a larger one is refused (kind
/// `OutOfRange`) after reading one byte past the cap, a file that is not UTF-8 is refused
/// (kind `Malformed`, naming the first bad byte), one that cannot be read is an `Io`
/// error. Every command that reads an input file (cube files, shards) reads it with this.
///
/// ```
/// let e = cubelab::io::read_text(std::path::Path::new("/no/such/file")).unwrap_err();
/// assert_eq!(e.kind(), cubelab::ErrorKind::Io);
/// ```
pub fn read_text(path: &Path) -> Result<String, Error> {
    read_text_capped(path, MAX_INPUT)
}

fn read_text_capped(path: &Path, cap: u64) -> Result<String, Error> {
    let bytes = read_capped(path, cap)?;
    String::from_utf8(bytes).map_err(|e| {
        Error::malformed(format!("'{}' is not UTF-8 text (byte {})", path.display(), e.utf8_error().valid_up_to() + 1))
    })
}

/// Reads a file of at most [`MAX_INPUT`] bytes as bytes (the pictures of `print
/// picture`): a larger one is refused (kind `OutOfRange`), one that cannot be read is an
/// `Io` error, as [`read_text`].
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, Error> {
    read_capped(path, MAX_INPUT)
}

fn read_capped(path: &Path, cap: u64) -> Result<Vec<u8>, Error> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| Error::io(format!("cannot read '{}'", path.display()), e))?;
    let mut bytes = Vec::new();
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(format!("cannot read '{}'", path.display()), e))?;
    if bytes.len() as u64 > cap {
        return Err(Error::out_of_range(format!(
            "'{}' is larger than {} MiB, the most an input file may be",
            path.display(),
            cap >> 20
        )));
    }
    Ok(bytes)
}

/// The identity of a file, for telling whether two paths name the same one: its device
/// and inode when it exists (on Unix), else its canonical folder and its name.
#[derive(Debug, Clone, PartialEq, Eq)]
enum FileId {
    #[cfg(unix)]
    Inode(u64, u64),
    Path(PathBuf),
}

fn file_id(path: &Path) -> Option<FileId> {
    #[cfg(unix)]
    if let Ok(m) = std::fs::metadata(path) {
        use std::os::unix::fs::MetadataExt;
        return Some(FileId::Inode(m.dev(), m.ino()));
    }
    let name = path.file_name()?;
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let dir = std::fs::canonicalize(dir).ok()?;
    Some(FileId::Path(dir.join(name)))
}

/// Refuses a set of files a command would write over one another or over what it reads:
/// `outputs` (role and path, e.g. `("checkpoint", p)`) must name different files, and
/// none may be one of `inputs`. Paths are compared as files (device and inode, or the
/// canonical path of one not yet created), so `a.json`, `./a.json` and a link to it are
/// one file. The error (kind `OutOfRange`) names both roles and the path.
///
/// ```
/// use std::path::{Path, PathBuf};
/// let dir = std::env::temp_dir();
/// let a = dir.join(format!("cubelab-distinct-doc-{}.json", std::process::id()));
/// std::fs::write(&a, "{}").unwrap();
/// let e = cubelab::io::check_distinct(&[("plot", a.as_path())], &[a.as_path()]).unwrap_err();
/// assert!(e.to_string().contains("is both an input and the plot"), "{e}");
/// assert!(cubelab::io::check_distinct(&[("plot", Path::new("other.svg"))], &[a.as_path()]).is_ok());
/// # std::fs::remove_file(&a).unwrap();
/// ```
pub fn check_distinct(outputs: &[(&str, &Path)], inputs: &[&Path]) -> Result<(), Error> {
    let ids: Vec<Option<FileId>> = outputs.iter().map(|(_, p)| file_id(p)).collect();
    for (k, (role, path)) in outputs.iter().enumerate() {
        let Some(id) = &ids[k] else { continue };
        if let Some(j) = (0..k).find(|&j| ids[j].as_ref() == Some(id)) {
            return Err(Error::out_of_range(format!(
                "'{}' is both the {} and the {role}: give them different files",
                path.display(),
                outputs[j].0
            )));
        }
        if inputs.iter().any(|i| file_id(i).as_ref() == Some(id)) {
            return Err(Error::out_of_range(format!(
                "'{}' is both an input and the {role}: writing it would destroy the input",
                path.display()
            )));
        }
    }
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

    /// Only regular files are replaced: their permissions kept, new files by the umask,
    /// read-only files, directories refused; links followed; devices written through.
    #[cfg(unix)]
    #[test]
    fn writes_replace_only_regular_files() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        // A new file: 0666 less the umask (whatever it is, group/other bits may be set,
        // and it is never more than 0666).
        let new = dir.path().join("new.txt");
        write_atomic(&new, b"x").unwrap();
        assert_eq!(mode(&new) & !0o666, 0);
        assert_eq!(mode(&new) & 0o600, 0o600);
        // An existing file keeps its permissions.
        std::fs::set_permissions(&new, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&new, b"y").unwrap();
        assert_eq!((mode(&new), std::fs::read(&new).unwrap()), (0o640, b"y".to_vec()));
        // A read-only file is refused and kept.
        std::fs::set_permissions(&new, std::fs::Permissions::from_mode(0o444)).unwrap();
        let e = write_atomic(&new, b"z").unwrap_err().to_string();
        assert!(e.contains("read-only"), "{e}");
        assert_eq!(std::fs::read(&new).unwrap(), b"y");
        // A link is followed: the file it names is replaced, the link stays a link.
        let target = dir.path().join("target.txt");
        std::fs::write(&target, "old").unwrap();
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
        // A dangling link and a directory are refused.
        let dangling = dir.path().join("dangling");
        std::os::unix::fs::symlink(dir.path().join("missing"), &dangling).unwrap();
        assert!(write_atomic(&dangling, b"x").unwrap_err().to_string().contains("missing file"));
        assert!(write_atomic(dir.path(), b"x").is_err());
        // A character device is written through, not replaced.
        write_atomic(Path::new("/dev/null"), b"nothing").unwrap();
        assert!(!std::fs::metadata("/dev/null").unwrap().file_type().is_file());
    }

    #[cfg(unix)]
    #[test]
    fn endless_inputs_end_at_once() {
        let e = read_text_capped(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::OutOfRange);
        assert!(e.to_string().contains("is larger than 1 MiB"), "{e}");
        let e = read_text(Path::new("/dev/urandom")).unwrap_err();
        assert!(matches!(e.kind(), crate::ErrorKind::Malformed | crate::ErrorKind::OutOfRange), "{e}");
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("bad.txt");
        std::fs::write(&p, b"ok\n\xff").unwrap();
        assert!(read_text(&p).unwrap_err().to_string().ends_with("is not UTF-8 text (byte 4)"));
    }

    #[test]
    fn outputs_over_inputs_or_each_other_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.json");
        std::fs::write(&a, "{}").unwrap();
        let dotted = dir.path().join(".").join("a.json");
        let e = check_distinct(&[("plot", &dotted)], &[&a]).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::OutOfRange);
        assert!(e.to_string().contains("is both an input and the plot"), "{e}");
        // Two outputs naming one file not yet created.
        let same = dir.path().join("same");
        let e = check_distinct(&[("checkpoint", &same), ("output", &same)], &[]).unwrap_err().to_string();
        assert!(e.contains("is both the checkpoint and the output"), "{e}");
        check_distinct(&[("checkpoint", &same), ("output", &dir.path().join("other"))], &[&a]).unwrap();
        #[cfg(unix)]
        {
            let link = dir.path().join("link");
            std::os::unix::fs::symlink(&a, &link).unwrap();
            assert!(check_distinct(&[("output", &link)], &[&a]).is_err());
        }
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
