//! Checkpoint and resume for long censuses: [`run_resumable_with`], a census-shaped wrapper
//! of [`crate::run::run_batches`].
//!
//! A census walks a range of ranks in batches, folding each batch's result into an
//! accumulator in rank order. With a checkpoint file, the accumulator and the next rank
//! are saved (atomically, in the checksummed format of [`crate::run`]); a run killed at
//! any moment and restarted with `resume` continues from the last save and ends with the
//! same result. A checkpoint names the census it belongs to (a fingerprint of the command
//! and its parameters) and is refused for any other census, or when it was edited,
//! truncated or extended.

use crate::run::{run_batches, Batches, Options};
use crate::Error;
use serde::{de::DeserializeOwned, Serialize};
use std::ops::Range;
use std::path::Path;

/// The run family of census checkpoints.
pub const KIND: &str = "census";

/// Where and whether to checkpoint.
#[derive(Debug, Clone, Copy, Default)]
pub struct Resume<'a> {
    /// The checkpoint file, if any.
    pub path: Option<&'a Path>,
    /// Continue from the checkpoint file if it exists.
    pub resume: bool,
    /// Start afresh over an existing checkpoint file ([`Options::overwrite`]).
    pub overwrite: bool,
}

/// Runs `work` over `range` in batches of `batch` ranks, folding with `merge` in order,
/// with a progress observer, a stop flag and a save policy from `opts` (its `checkpoint`
/// and `resume` are taken from `resume`). On a stop request the
/// checkpoint is saved and an error of kind [`crate::ErrorKind::Stopped`] returned; `work`
/// may poll the stop itself and fail with that kind (the batch is then dropped).
#[allow(clippy::too_many_arguments)]
pub fn run_resumable_with<T: Serialize + DeserializeOwned>(
    fingerprint: &str,
    range: Range<u64>,
    batch: u64,
    resume: Resume<'_>,
    opts: &Options<'_>,
    init: T,
    work: impl Fn(Range<u64>) -> Result<T, Error>,
    merge: impl Fn(T, T) -> T,
) -> Result<T, Error> {
    let opts = Options { checkpoint: resume.path, resume: resume.resume, overwrite: resume.overwrite, ..opts.clone() };
    // Census results are integer tallies folded in rank order: exact however split.
    let job = Batches { kind: KIND, fingerprint, label: fingerprint, range, batch, split: true };
    run_batches(&job, &opts, init, work, merge)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::SavePolicy;
    use crate::ErrorKind;

    fn sum(path: Option<&Path>, resume: bool, fp: &str) -> Result<u64, Error> {
        let opts = Options { policy: SavePolicy::ALWAYS, ..Options::default() };
        run_resumable_with(
            fp,
            0..1000,
            64,
            Resume { path, resume, overwrite: false },
            &opts,
            0u64,
            |r| Ok(r.sum::<u64>()),
            |a, b| a + b,
        )
    }

    #[test]
    fn resume_continues_and_refuses_foreign_or_corrupt_checkpoints() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("c.ckpt");
        // Missing file with resume: a fresh start.
        assert_eq!(sum(Some(&p), true, "a").unwrap(), 499_500);
        // An existing checkpoint is refused without resume or overwrite.
        let e = run_resumable_with(
            "a",
            0..1000,
            64,
            Resume { path: Some(&p), ..Resume::default() },
            &Options::default(),
            0u64,
            |r| Ok(r.sum::<u64>()),
            |a, b| a + b,
        )
        .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Checkpoint);
        assert!(e.to_string().contains("already exists"), "{e}");
        // Stop midway, then resume.
        let stop = crate::run::Stop::new();
        let opts = Options { stop: stop.clone(), ..Options::default() };
        let e = run_resumable_with(
            "a",
            0..1000,
            64,
            Resume { path: Some(&p), resume: false, overwrite: true },
            &opts,
            0u64,
            |r| {
                if r.start >= 128 {
                    stop.request();
                }
                Ok(r.sum::<u64>())
            },
            |a, b| a + b,
        )
        .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Stopped);
        assert!(e.to_string().contains("stopped at rank 192 of 0..1000; checkpoint"), "{e}");
        assert_eq!(sum(Some(&p), true, "a").unwrap(), 499_500);
        let e = sum(Some(&p), true, "b").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Checkpoint);
        assert!(e.to_string().contains("belongs to another census (a), not this one (b)"), "{e}");
        std::fs::write(&p, "{not json").unwrap();
        assert!(sum(Some(&p), true, "a").unwrap_err().to_string().contains("corrupt"));
        // An old checkpoint (the JSON format before crate::run) is refused by its format.
        std::fs::write(&p, r#"{"format":"cubelab-checkpoint-1","fingerprint":"a","start":0,"end":1000}"#).unwrap();
        let e = sum(Some(&p), true, "a").unwrap_err().to_string();
        assert!(e.contains("has format 'cubelab-checkpoint-1', not 'cubelab-run-1'"), "{e}");
    }
}
