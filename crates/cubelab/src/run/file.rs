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

use crate::io::{write_atomic_with, Checksum};
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

    /// The error refusing this file as corrupt (`checkpoint 'F' is corrupt: why`): also
    /// for content a reader checks after the checksum (entries no run leaves).
    pub fn corrupt(&self, why: &str) -> Error {
        self.refused(&format!("is corrupt: {why}"))
    }

    /// A file that cannot be read is an I/O failure (kind `Io`, exit 1), not bad input.
    fn unreadable(&self, e: std::io::Error) -> Error {
        Error::new(crate::ErrorKind::Io, format!("{} '{}' cannot be read", self.noun, self.path.display()))
            .with_source(e)
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

/// Rewrites a checkpoint's content with `forge` and recomputes its checksum: a forgery
/// the checksum cannot see.
#[cfg(test)]
pub(crate) fn forge_checkpoint(path: &std::path::Path, forge: impl FnOnce(&mut [u8])) {
    let bytes = std::fs::read(path).unwrap();
    let header = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    let mut body = bytes[..bytes.len() - 26].to_vec();
    assert!(bytes[bytes.len() - 26..].starts_with(b"checksum "));
    forge(&mut body[header..]);
    let sum = Checksum::of(&body);
    body.extend_from_slice(format!("checksum {sum:016x}\n").as_bytes());
    std::fs::write(path, body).unwrap();
}
