//! The one checkpoint file format, and atomic file writes.
//!
//! A checkpoint file is a header line of JSON, the content, and a checksum line:
//!
//! ```text
//! {"format":"cubelab-run-1","kind":"census","fingerprint":"…","label":"…","length":N,"state":…}\n
//! <N bytes of content>
//! checksum <16 hex digits>\n
//! ```
//!
//! `kind` names the run family (`census`, `picture census`, `magic search`), `fingerprint`
//! the run's parameters (a checkpoint of another run is refused), `label` describes the
//! run in messages, `state` is small run-specific JSON needed before the content (the
//! layer counts of a picture census). The content is JSON for small runs and raw bytes
//! for streamed ones (a picture census table); JSON content is one line of its own. The
//! checksum ([`Checksum`]) covers every byte before its line, header included, so an
//! edited, truncated or extended file is refused. Files are streamed in both directions:
//! no second copy of the content is held in memory.

use crate::io::Checksum;
use crate::{Error, Result};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};

/// The `format` tag of every checkpoint file.
pub const FORMAT: &str = "cubelab-run-1";
/// Longest header line accepted.
const MAX_HEADER: u64 = 1 << 20;
/// Buffer size for streaming.
const BLOCK: usize = 1 << 20;
/// The checksum line: `checksum ` and 16 hex digits and a newline.
const TRAILER_LEN: usize = 9 + 16 + 1;

#[derive(Serialize, Deserialize)]
struct Header {
    format: String,
    kind: String,
    fingerprint: String,
    label: String,
    length: u64,
    state: serde_json::Value,
}

/// The checkpoint file of one run: where it is and which run it belongs to.
///
/// [`CheckpointFile::save`] and [`CheckpointFile::load`] keep small JSON content;
/// [`CheckpointFile::save_stream`] and [`CheckpointFile::load_stream`] stream large
/// content. Every refusal is an [`Error`] of kind [`crate::ErrorKind::Checkpoint`]
/// with one line naming the file and the problem.
#[derive(Debug, Clone)]
pub struct CheckpointFile {
    path: PathBuf,
    kind: String,
    fingerprint: String,
    label: String,
    /// What messages call the file: `checkpoint` unless [`CheckpointFile::named`].
    noun: &'static str,
}

/// Adds the bytes that pass through a reader or writer to a checksum.
struct Summing<T> {
    inner: T,
    sum: Checksum,
    bytes: u64,
}

impl<T: Write> Write for Summing<T> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.sum.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

impl<T: Read> Read for Summing<T> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.sum.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }
}

fn trailer(sum: u64) -> String {
    format!("checksum {sum:016x}\n")
}

impl CheckpointFile {
    /// The checkpoint at `path` of a run of family `kind` (e.g. `"census"`) whose
    /// parameters are `fingerprint`; `label` names the run in messages.
    pub fn new(path: impl Into<PathBuf>, kind: &str, fingerprint: &str, label: &str) -> CheckpointFile {
        CheckpointFile {
            path: path.into(),
            kind: kind.into(),
            fingerprint: fingerprint.into(),
            label: label.into(),
            noun: "checkpoint",
        }
    }

    /// The same file, called `noun` in messages (`table 'F' is corrupt: …`) rather than
    /// `checkpoint`: for files in this format that are results, not checkpoints.
    pub fn named(mut self, noun: &'static str) -> CheckpointFile {
        self.noun = noun;
        self
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Saves `value` as JSON content, atomically.
    pub fn save<T: Serialize>(&self, value: &T) -> Result<()> {
        let mut content = serde_json::to_vec(value)
            .map_err(|e| Error::new(crate::ErrorKind::Internal, format!("cannot serialise a checkpoint: {e}")))?;
        // One line, so the file reads as header, content and checksum lines.
        content.push(b'\n');
        self.save_stream(&(), content.len() as u64, |w| w.write_all(&content))
    }

    /// Loads JSON content saved by [`CheckpointFile::save`]; `None` when the file does
    /// not exist.
    pub fn load<T: DeserializeOwned>(&self) -> Result<Option<T>> {
        match self.open()? {
            Some(r) => self.read_from(r).map(Some),
            None => Ok(None),
        }
    }

    /// Reads JSON content in this format from any reader (what [`CheckpointFile::load`]
    /// does with the file).
    pub fn read_from<T: DeserializeOwned>(&self, reader: impl Read) -> Result<T> {
        let mut r = std::io::BufReader::new(reader);
        let content = self.read_stream(&mut r, |(): (), length, content| {
            let mut v = Vec::with_capacity(length.min(BLOCK as u64) as usize);
            content.read_to_end(&mut v)?;
            Ok(v)
        })?;
        serde_json::from_slice(&content).map_err(|e| self.corrupt(&format!("bad content ({e})")))
    }

    /// Saves a header `state` and `length` bytes of content written by `fill`,
    /// atomically. `fill` must write exactly `length` bytes.
    pub fn save_stream<S: Serialize>(
        &self,
        state: &S,
        length: u64,
        fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> Result<()> {
        let internal = |e: String| Error::new(crate::ErrorKind::Internal, format!("cannot save a checkpoint: {e}"));
        let header = Header {
            format: FORMAT.into(),
            kind: self.kind.clone(),
            fingerprint: self.fingerprint.clone(),
            label: self.label.clone(),
            length,
            state: serde_json::to_value(state).map_err(|e| internal(e.to_string()))?,
        };
        let mut line = serde_json::to_vec(&header).map_err(|e| internal(e.to_string()))?;
        line.push(b'\n');
        write_atomic_with(&self.path, |w| {
            let mut s = Summing { inner: w, sum: Checksum::default(), bytes: 0 };
            s.write_all(&line)?;
            fill(&mut s)?;
            if s.bytes != line.len() as u64 + length {
                let wrote = s.bytes - line.len() as u64;
                return Err(std::io::Error::other(format!("{wrote} bytes of content written, {length} declared")));
            }
            let sum = s.sum.value();
            s.inner.write_all(trailer(sum).as_bytes())
        })
    }

    /// Loads a checkpoint saved by [`CheckpointFile::save_stream`]: `read` gets the
    /// header state, the content length and the content, and must read it (any part
    /// it leaves is still checked). `None` when the file does not exist. The result of
    /// `read` is returned only once the whole file has passed its checks, so `read` may
    /// fill a table in place: on an error the table is to be discarded.
    ///
    /// Errors `read` returns: [`std::io::ErrorKind::UnexpectedEof`] means the file is
    /// truncated, [`std::io::ErrorKind::InvalidData`] that the content is corrupt.
    pub fn load_stream<S: DeserializeOwned, R>(
        &self,
        read: impl FnOnce(S, u64, &mut dyn Read) -> std::io::Result<R>,
    ) -> Result<Option<R>> {
        match self.open()? {
            Some(file) => {
                let mut r = std::io::BufReader::with_capacity(BLOCK, file);
                self.read_stream(&mut r, read).map(Some)
            }
            None => Ok(None),
        }
    }

    fn open(&self) -> Result<Option<std::fs::File>> {
        match std::fs::File::open(&self.path) {
            Ok(f) => Ok(Some(f)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(self.unreadable(e)),
        }
    }

    fn refused(&self, why: &str) -> Error {
        Error::checkpoint(format!("{} '{}' {why}", self.noun, self.path.display()))
    }

    fn corrupt(&self, why: &str) -> Error {
        self.refused(&format!("is corrupt: {why}"))
    }

    fn unreadable(&self, e: std::io::Error) -> Error {
        self.refused(&format!("cannot be read: {}", e.to_string().replace('\n', " ")))
    }

    fn read_error(&self, e: std::io::Error) -> Error {
        match e.kind() {
            std::io::ErrorKind::UnexpectedEof => self.corrupt("truncated"),
            std::io::ErrorKind::InvalidData => self.corrupt(&e.to_string().replace('\n', " ")),
            _ => self.unreadable(e),
        }
    }

    /// Reads and checks the header line.
    fn read_header(&self, r: &mut dyn BufRead) -> Result<(Header, Vec<u8>)> {
        let mut line = Vec::new();
        Read::take(&mut *r, MAX_HEADER).read_until(b'\n', &mut line).map_err(|e| self.unreadable(e))?;
        if line.is_empty() {
            return Err(self.refused("is empty"));
        }
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        // A file of another format (an older cubelab's checkpoint) says so first.
        if let Ok(serde_json::Value::Object(map)) = serde_json::from_slice::<serde_json::Value>(text) {
            if let Some(serde_json::Value::String(f)) = map.get("format") {
                if f != FORMAT {
                    let f: String = f.chars().take(60).filter(|c| !c.is_control()).collect();
                    return Err(self.refused(&format!("has format '{f}', not '{FORMAT}' (another version wrote it)")));
                }
            }
        }
        if line.last() != Some(&b'\n') {
            let why = if (line.len() as u64) < MAX_HEADER { "truncated" } else { "no header line" };
            return Err(self.corrupt(why));
        }
        let header: Header = serde_json::from_slice(text).map_err(|e| self.corrupt(&format!("bad header ({e})")))?;
        if header.format != FORMAT {
            return Err(self.corrupt("bad header (no format)"));
        }
        let printable = |s: &str| s.chars().take(200).filter(|c| !c.is_control()).collect::<String>();
        if header.kind != self.kind {
            return Err(self.refused(&format!(
                "belongs to another kind of run ({}: {}), not this {} ({})",
                printable(&header.kind),
                printable(&header.label),
                self.kind,
                self.label
            )));
        }
        if header.fingerprint != self.fingerprint && header.label == self.label {
            // Same description, other parameters: name the run once.
            return Err(self.refused(&format!(
                "belongs to another {} of {} with other parameters (another version or other options wrote it)",
                self.kind, self.label
            )));
        }
        if header.fingerprint != self.fingerprint {
            return Err(self.refused(&format!(
                "belongs to another {} ({}), not this one ({})",
                self.kind,
                printable(&header.label),
                self.label
            )));
        }
        Ok((header, line))
    }

    /// Reads a whole checkpoint from `r`: header, content through `read`, checksum line,
    /// end of file.
    fn read_stream<S: DeserializeOwned, R>(
        &self,
        r: &mut dyn BufRead,
        read: impl FnOnce(S, u64, &mut dyn Read) -> std::io::Result<R>,
    ) -> Result<R> {
        let (header, line) = self.read_header(r)?;
        let state: S =
            serde_json::from_value(header.state).map_err(|e| self.corrupt(&format!("bad header state ({e})")))?;
        let mut sum = Checksum::default();
        sum.update(&line);
        let mut content = Summing { inner: Read::take(&mut *r, header.length), sum, bytes: 0 };
        let result = read(state, header.length, &mut content).map_err(|e| self.read_error(e))?;
        // Whatever `read` left is checked too.
        std::io::copy(&mut content, &mut std::io::sink()).map_err(|e| self.read_error(e))?;
        if content.bytes != header.length {
            return Err(self.corrupt("truncated"));
        }
        let expected = trailer(content.sum.value());
        let mut stored = [0u8; TRAILER_LEN];
        r.read_exact(&mut stored).map_err(|e| self.read_error(e))?;
        if stored[..] != *expected.as_bytes() {
            return Err(self.corrupt("checksum mismatch"));
        }
        let mut extra = [0u8; 1];
        if r.read(&mut extra).map_err(|e| self.read_error(e))? != 0 {
            return Err(self.corrupt("bytes after the checksum"));
        }
        Ok(result)
    }
}

/// Writes a file atomically: `fill` streams the contents into a buffered writer on a
/// temporary file beside `path`, which is synced, renamed over `path`, and the folder
/// synced, so a reader (or a run killed at any moment) sees the old file or the new one,
/// never a part. On an error the temporary file is removed; a process killed midway may
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
pub(crate) fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), Error> {
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
