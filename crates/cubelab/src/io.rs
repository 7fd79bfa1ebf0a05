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
    let (dir, keep) = match destination(path)? {
        Destination::Through(target) => {
            let mut file = std::fs::OpenOptions::new().write(true).open(&target).map_err(fail)?;
            let mut w = std::io::BufWriter::with_capacity(BLOCK, &mut file);
            fill(&mut w).map_err(fail)?;
            return w.flush().map_err(fail);
        }
        Destination::New(dir) => (dir, None),
        Destination::Replace(dir, target, perm) => (dir, Some((target, perm))),
    };
    #[cfg_attr(not(unix), allow(unused_mut))]
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    if keep.is_none() {
        use std::os::unix::fs::PermissionsExt;
        // Created with 0666 less the umask, as a shell redirection would.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(&dir).map_err(|e| temporary_failure(path, &dir, e))?;
    let target = match keep {
        Some((target, perm)) => {
            tmp.as_file().set_permissions(perm).map_err(fail)?;
            target
        }
        None => path.to_path_buf(),
    };
    {
        let mut w = std::io::BufWriter::with_capacity(BLOCK, tmp.as_file_mut());
        fill(&mut w).map_err(fail)?;
        w.flush().map_err(fail)?;
    }
    tmp.as_file().sync_all().map_err(fail)?;
    tmp.persist(&target).map_err(|e| fail(e.error))?;
    sync_dir(&dir).map_err(fail)
}

/// Checks, before any work, that [`write_atomic`] could write `path` now: the same
/// refusals (a directory, a read-only file, a link to a missing file, ...), and for a
/// file to be created or replaced a temporary file created and removed in its folder (a
/// missing or read-only folder fails here). A device or FIFO is not opened. The error is
/// the one the write would give (kind `Io`).
///
/// ```
/// let e = cubelab::io::check_writable(std::path::Path::new("/no/such/dir/out.json")).unwrap_err();
/// assert_eq!(e.kind(), cubelab::ErrorKind::Io);
/// assert!(e.to_string().starts_with("cannot write '/no/such/dir/out.json'"), "{e}");
/// // The missing folder is named, the temporary file tried in it is not.
/// assert!(e.to_string().ends_with("the folder '/no/such/dir' does not exist"), "{e}");
/// ```
pub fn check_writable(path: &Path) -> Result<(), Error> {
    match destination(path)? {
        Destination::Through(_) => Ok(()),
        Destination::New(dir) | Destination::Replace(dir, _, _) => {
            tempfile::Builder::new().tempfile_in(&dir).map_err(|e| temporary_failure(path, &dir, e))?;
            Ok(())
        }
    }
}

/// The error of a temporary file that could not be created in `dir` to write `path`: it
/// names `path` (and the folder, when that is missing), never the temporary file, whose
/// name (`.tmpXXXXXX`) the user never gave.
fn temporary_failure(path: &Path, dir: &Path, e: std::io::Error) -> Error {
    let message = format!("cannot write '{}'", path.display());
    if e.kind() == std::io::ErrorKind::NotFound && !dir.exists() {
        let why = format!("the folder '{}' does not exist", dir.display());
        return Error::io(message, std::io::Error::new(e.kind(), why));
    }
    // tempfile's error reads "<the OS error> at path \"<dir>/.tmpXXXXXX\"": the OS error alone.
    let text = e.to_string();
    let os = text.split(" at path ").next().unwrap_or(&text).to_string();
    Error::io(message, std::io::Error::new(e.kind(), os))
}

/// How a write to a path goes ([`destination`]).
enum Destination {
    /// A new file in this folder.
    New(PathBuf),
    /// A regular file (the target of the links followed) replaced in this folder,
    /// keeping these permissions.
    Replace(PathBuf, PathBuf, std::fs::Permissions),
    /// A character device or FIFO, written through in place.
    Through(PathBuf),
}

/// What is at `path` and so how it is written (see [`write_atomic_with`]), or why it is
/// refused.
fn destination(path: &Path) -> Result<Destination, Error> {
    let fail = |e: std::io::Error| Error::io(format!("cannot write '{}'", path.display()), e);
    let refuse = |why: &str| fail(std::io::Error::other(why.to_string()));
    if path.file_name().is_none() {
        return Err(Error::malformed(format!("'{}' is not a file path", path.display())));
    }
    let folder = |p: &Path| p.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
    // A link is followed: the file it names is the target.
    let (target, m) = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => match std::fs::metadata(path) {
            Ok(m) => (std::fs::canonicalize(path).map_err(fail)?, m),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(refuse("it is a symbolic link to a missing file"));
            }
            Err(e) => return Err(fail(e)),
        },
        Ok(m) => (path.to_path_buf(), m),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Destination::New(folder(path))),
        Err(e) => return Err(fail(e)),
    };
    let kind = m.file_type();
    if kind.is_dir() {
        return Err(refuse("it is a directory"));
    }
    if !kind.is_file() {
        if special_written_through(&kind) {
            return Ok(Destination::Through(target));
        }
        return Err(refuse("it is not a regular file (only regular files are replaced)"));
    }
    if m.permissions().readonly() {
        return Err(refuse("the file is read-only; it is not replaced"));
    }
    Ok(Destination::Replace(folder(&target), target, m.permissions()))
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
    let file = std::fs::File::open(path).map_err(|e| Error::io(format!("cannot read '{}'", path.display()), e))?;
    let name = format!("'{}'", path.display());
    read_all(file, cap, &name, "the most an input file may be")
}

/// Reads `from` up to `cap` bytes (one more is read to tell a larger input, which is
/// refused, kind `OutOfRange`); `name` names it in the messages.
fn read_all(from: impl std::io::Read, cap: u64, name: &str, most: &str) -> Result<Vec<u8>, Error> {
    use std::io::Read;
    let mut bytes = Vec::new();
    from.take(cap + 1).read_to_end(&mut bytes).map_err(|e| Error::io(format!("cannot read {name}"), e))?;
    if bytes.len() as u64 > cap {
        return Err(Error::out_of_range(format!("{name} is larger than {} MiB, {most}", cap >> 20)));
    }
    Ok(bytes)
}

/// Reads standard input as text, capped as files are ([`MAX_INPUT`]): a larger input
/// (`< /dev/zero`) is refused (kind `OutOfRange`) once one byte past the cap has been
/// read, input that is not UTF-8 is refused (kind `Malformed`), a read failure is an
/// `Io` error.
pub fn read_stdin() -> Result<String, Error> {
    read_stdin_capped(std::io::stdin().lock(), MAX_INPUT)
}

fn read_stdin_capped(from: impl std::io::Read, cap: u64) -> Result<String, Error> {
    let bytes = read_all(from, cap, "standard input", "the most an input may be")?;
    String::from_utf8(bytes).map_err(|e| {
        Error::malformed(format!("standard input is not UTF-8 text (byte {})", e.utf8_error().valid_up_to() + 1))
    })
}

/// The identity of a file, for telling whether two paths name the same one: its device
/// and inode when it exists (on Unix), else the path it will be created at: links
/// followed (a link to a file not yet created names that file), in its canonical folder.
#[derive(Debug, Clone, PartialEq, Eq)]
enum FileId {
    #[cfg(unix)]
    Inode(u64, u64),
    Path(PathBuf),
}

#[cfg(unix)]
fn inode(m: &std::fs::Metadata) -> FileId {
    use std::os::unix::fs::MetadataExt;
    FileId::Inode(m.dev(), m.ino())
}

fn file_id(path: &Path) -> Option<FileId> {
    #[cfg(unix)]
    if let Ok(m) = std::fs::metadata(path) {
        return Some(inode(&m));
    }
    let path = resolve_links(path);
    let name = path.file_name()?;
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let dir = std::fs::canonicalize(dir).ok()?;
    Some(FileId::Path(dir.join(name)))
}

/// `path` with its symbolic links followed as far as they go: a link to a file that does
/// not exist yet resolves to that file's path (relative targets taken from the link's
/// folder). At most 40 links are followed, as the kernel does.
fn resolve_links(path: &Path) -> PathBuf {
    let mut path = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::read_link(&path) {
            Ok(target) => {
                let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
                path = dir.join(target);
            }
            Err(_) => break,
        }
    }
    path
}

/// The identity of the file behind standard input, when it is a regular file (`< file`);
/// none for a terminal, a pipe or a device.
fn stdin_id() -> Option<FileId> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let fd = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
        let m = std::fs::File::from(fd).metadata().ok()?;
        m.is_file().then(|| inode(&m))
    }
    #[cfg(not(unix))]
    None
}

/// A file a command reads, for [`check_distinct`].
#[derive(Debug, Clone, Copy)]
pub enum Input<'a> {
    /// A file named on the command line.
    Path(&'a Path),
    /// Standard input (`-`): the file behind it, when it is one (`< file`).
    Stdin,
}

/// Refuses a set of files a command would write over one another or over what it reads:
/// `outputs` (role and path, e.g. `("checkpoint", p)`) must name different files, and
/// none may be one of `inputs` (standard input included: the file it was redirected
/// from). Paths are compared as files (device and inode, or the path a file not yet
/// created will have, links followed), so `a.json`, `./a.json`, a link to it, and a link
/// to a file not yet written are each one file with what they name. The error (kind
/// `OutOfRange`) names both roles and the path.
///
/// ```
/// use cubelab::io::Input;
/// use std::path::{Path, PathBuf};
/// let dir = std::env::temp_dir();
/// let a = dir.join(format!("cubelab-distinct-doc-{}.json", std::process::id()));
/// std::fs::write(&a, "{}").unwrap();
/// let e = cubelab::io::check_distinct(&[("plot", a.as_path())], &[Input::Path(&a)]).unwrap_err();
/// assert!(e.to_string().contains("is both an input and the plot"), "{e}");
/// assert!(cubelab::io::check_distinct(&[("plot", Path::new("other.svg"))], &[Input::Path(&a)]).is_ok());
/// # std::fs::remove_file(&a).unwrap();
/// ```
pub fn check_distinct(outputs: &[(&str, &Path)], inputs: &[Input<'_>]) -> Result<(), Error> {
    let ids: Vec<Option<FileId>> = outputs.iter().map(|(_, p)| file_id(p)).collect();
    let read: Vec<(bool, FileId)> = inputs
        .iter()
        .filter_map(|i| match i {
            Input::Path(p) => Some((false, file_id(p)?)),
            Input::Stdin => Some((true, stdin_id()?)),
        })
        .collect();
    for (k, (role, path)) in outputs.iter().enumerate() {
        let Some(id) = &ids[k] else { continue };
        if let Some(j) = (0..k).find(|&j| ids[j].as_ref() == Some(id)) {
            return Err(Error::out_of_range(format!(
                "'{}' is both the {} and the {role}: give them different files",
                path.display(),
                outputs[j].0
            )));
        }
        if let Some((stdin, _)) = read.iter().find(|(_, r)| r == id) {
            let input = if *stdin { "the standard input" } else { "an input" };
            return Err(Error::out_of_range(format!(
                "'{}' is both {input} and the {role}: writing it would destroy the input",
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
        // The probe before a run refuses what the write would, and leaves nothing.
        assert!(check_writable(&dangling).unwrap_err().to_string().contains("missing file"));
        assert!(check_writable(dir.path()).unwrap_err().to_string().contains("directory"));
        assert!(check_writable(&new).unwrap_err().to_string().contains("read-only"));
        assert!(check_writable(&dir.path().join("nodir/x")).is_err());
        check_writable(&dir.path().join("fresh")).unwrap();
        check_writable(Path::new("/dev/null")).unwrap();
        assert!(!dir.path().join("fresh").exists());
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
        // Standard input is capped the same way.
        let zeros = std::fs::File::open("/dev/zero").unwrap();
        let e = read_stdin_capped(zeros, 1 << 20).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::OutOfRange);
        assert_eq!(e.to_string(), "standard input is larger than 1 MiB, the most an input may be");
        assert_eq!(read_stdin_capped(&b"1 2\n"[..], 4).unwrap(), "1 2\n");
        let e = read_stdin_capped(&b"ok\xff"[..], 4).unwrap_err();
        assert_eq!(e.to_string(), "standard input is not UTF-8 text (byte 3)");
    }

    #[test]
    fn outputs_over_inputs_or_each_other_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.json");
        std::fs::write(&a, "{}").unwrap();
        let dotted = dir.path().join(".").join("a.json");
        let e = check_distinct(&[("plot", &dotted)], &[Input::Path(&a)]).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::OutOfRange);
        assert!(e.to_string().contains("is both an input and the plot"), "{e}");
        // Two outputs naming one file not yet created.
        let same = dir.path().join("same");
        let e = check_distinct(&[("checkpoint", &same), ("output", &same)], &[]).unwrap_err().to_string();
        assert!(e.contains("is both the checkpoint and the output"), "{e}");
        check_distinct(&[("checkpoint", &same), ("output", &dir.path().join("other"))], &[Input::Path(&a)]).unwrap();
        #[cfg(unix)]
        {
            let link = dir.path().join("link");
            std::os::unix::fs::symlink(&a, &link).unwrap();
            assert!(check_distinct(&[("output", &link)], &[Input::Path(&a)]).is_err());
            // A link to a file not yet written is that file: the checkpoint `ck` and
            // the output `dangling -> ck` collide.
            let ck = dir.path().join("ck");
            let dangling = dir.path().join("dangling");
            std::os::unix::fs::symlink("ck", &dangling).unwrap();
            let e = check_distinct(&[("checkpoint", &ck), ("output", &dangling)], &[]).unwrap_err().to_string();
            assert!(e.contains("is both the checkpoint and the output"), "{e}");
            // Two links in a chain to a missing file, one absolute.
            let chain = dir.path().join("chain");
            std::os::unix::fs::symlink(&dangling, &chain).unwrap();
            assert!(check_distinct(&[("output", &chain), ("table", &ck)], &[]).is_err());
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
