//! Checkpoint and resume for long censuses.
//!
//! A census walks a range of ranks in batches, folding each batch's result into an
//! accumulator in rank order. With a checkpoint file, the accumulator and the next rank
//! are written (atomically) after every batch; a run killed at any moment and restarted
//! with `resume` continues from the last batch written and ends with the same result. A
//! checkpoint names the census it belongs to (a fingerprint of the command and its
//! parameters) and is refused for any other census, or when it cannot be read.

use crate::io::write_atomic;
use crate::Error;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::ops::Range;
use std::path::Path;

const FORMAT: &str = "cubelab-checkpoint-1";

#[derive(Serialize, Deserialize)]
struct Checkpoint<T> {
    format: String,
    fingerprint: String,
    start: u64,
    end: u64,
    next: u64,
    partial: T,
}

/// Where and whether to checkpoint.
#[derive(Debug, Clone, Copy, Default)]
pub struct Resume<'a> {
    /// The checkpoint file, if any.
    pub path: Option<&'a Path>,
    /// Continue from the checkpoint file if it exists.
    pub resume: bool,
}

/// Runs `work` over `range` in batches of `batch` ranks, folding with `merge` in order,
/// checkpointing after every batch when `resume.path` is set.
pub fn run_resumable<T: Serialize + DeserializeOwned>(
    fingerprint: &str,
    range: Range<u64>,
    batch: u64,
    resume: Resume<'_>,
    init: T,
    work: impl Fn(Range<u64>) -> T,
    merge: impl Fn(T, T) -> T,
) -> Result<T, Error> {
    let mut next = range.start;
    let mut acc = init;
    if let (Some(path), true) = (resume.path, resume.resume) {
        if path.exists() {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Error::checkpoint(format!("checkpoint '{}' cannot be read: {e}", path.display())))?;
            let c: Checkpoint<T> = serde_json::from_str(&text)
                .map_err(|e| Error::checkpoint(format!("checkpoint '{}' is corrupt: {e}", path.display())))?;
            if c.format != FORMAT {
                return Err(Error::checkpoint(format!(
                    "checkpoint '{}' has format '{}', expected '{FORMAT}'",
                    path.display(),
                    c.format
                )));
            }
            if c.fingerprint != fingerprint || c.start != range.start || c.end != range.end {
                return Err(Error::checkpoint(format!(
                    "checkpoint '{}' belongs to another census ({}), not this one ({fingerprint})",
                    path.display(),
                    c.fingerprint
                )));
            }
            if c.next < c.start || c.next > c.end {
                return Err(Error::checkpoint(format!(
                    "checkpoint '{}' is corrupt: next rank {} outside {}..{}",
                    path.display(),
                    c.next,
                    c.start,
                    c.end
                )));
            }
            next = c.next;
            acc = c.partial;
        }
    }
    while next < range.end {
        let b = next..(next + batch.max(1)).min(range.end);
        next = b.end;
        acc = merge(acc, work(b));
        if let Some(path) = resume.path {
            let c = Checkpoint {
                format: FORMAT.to_string(),
                fingerprint: fingerprint.to_string(),
                start: range.start,
                end: range.end,
                next,
                partial: acc,
            };
            let text = serde_json::to_string(&c).map_err(|e| Error::checkpoint(e.to_string()))?;
            write_atomic(path, text.as_bytes())?;
            acc = c.partial;
        }
    }
    Ok(acc)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(path: Option<&Path>, resume: bool, fp: &str) -> Result<u64, Error> {
        run_resumable(fp, 0..1000, 64, Resume { path, resume }, 0u64, |r| r.sum::<u64>(), |a, b| a + b)
    }

    #[test]
    fn resume_continues_and_refuses_foreign_or_corrupt_checkpoints() {
        let dir = std::env::temp_dir().join(format!("cubelab-ckpt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("c.json");
        assert_eq!(sum(Some(&p), false, "a").unwrap(), 499_500);
        // A checkpoint from midway: rewrite it as if the run had stopped at rank 128.
        let mid = Checkpoint {
            format: FORMAT.into(),
            fingerprint: "a".into(),
            start: 0,
            end: 1000,
            next: 128,
            partial: (0..128u64).sum::<u64>(),
        };
        std::fs::write(&p, serde_json::to_string(&mid).unwrap()).unwrap();
        assert_eq!(sum(Some(&p), true, "a").unwrap(), 499_500);
        let e = sum(Some(&p), true, "b").unwrap_err().to_string();
        assert!(e.contains("another census"), "{e}");
        std::fs::write(&p, "{not json").unwrap();
        assert!(sum(Some(&p), true, "a").unwrap_err().to_string().contains("corrupt"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
