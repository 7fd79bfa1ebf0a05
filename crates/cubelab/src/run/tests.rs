use super::*;
use crate::io::write_atomic_with;
use crate::ErrorKind;
use std::io::Read;
use std::sync::atomic::AtomicU64;

fn file(path: &Path, fingerprint: &str) -> CheckpointFile {
    CheckpointFile::new(path, "test", fingerprint, &format!("test {fingerprint}"))
}

/// Loads JSON content, expecting a refusal of kind Checkpoint, and returns its message.
fn refused(path: &Path) -> String {
    let e = file(path, "a").load::<Vec<u64>>().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Checkpoint, "{e}");
    let msg = e.to_string();
    assert!(!msg.contains('\n'), "{msg}");
    assert!(msg.starts_with(&format!("checkpoint '{}' ", path.display())), "{msg}");
    msg
}

#[test]
fn json_content_round_trips_and_every_damage_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("c.ckpt");
    let f = file(&p, "a");
    assert_eq!(f.load::<Vec<u64>>().unwrap(), None, "no file yet");
    let value: Vec<u64> = (0..100).map(|i| i * 12345).collect();
    f.save(&value).unwrap();
    assert_eq!(f.load::<Vec<u64>>().unwrap(), Some(value.clone()));
    let bytes = std::fs::read(&p).unwrap();
    // Every single edited byte, header and checksum line included, is refused.
    for at in 0..bytes.len() {
        for flip in [0x01, 0x10] {
            let mut b = bytes.clone();
            b[at] ^= flip;
            std::fs::write(&p, &b).unwrap();
            refused(&p);
        }
    }
    // An edited digit of the content says "checksum mismatch".
    let digit = bytes.len() - 40;
    let mut b = bytes.clone();
    b[digit] = if b[digit] == b'7' { b'8' } else { b'7' };
    std::fs::write(&p, &b).unwrap();
    assert!(refused(&p).ends_with("is corrupt: checksum mismatch"));
    // Every truncation, and trailing bytes.
    for cut in 0..bytes.len() {
        std::fs::write(&p, &bytes[..cut]).unwrap();
        let msg = refused(&p);
        assert!(msg.contains("truncated") || msg.contains("is empty"), "cut at {cut}: {msg}");
    }
    std::fs::write(&p, [&bytes[..], b"\n"].concat()).unwrap();
    assert!(refused(&p).ends_with("is corrupt: bytes after the checksum"));
    // Another run's checkpoint, and another family's.
    std::fs::write(&p, &bytes).unwrap();
    let e = file(&p, "b").load::<Vec<u64>>().unwrap_err().to_string();
    assert!(e.ends_with("belongs to another test (test a), not this one (test b)"), "{e}");
    let e = CheckpointFile::new(&p, "other", "a", "x").load::<Vec<u64>>().unwrap_err().to_string();
    assert!(e.contains("belongs to another kind of run (test: test a)"), "{e}");
    // Intact content of the wrong shape is corrupt too; garbage and old formats are named.
    let e = f.load::<String>().unwrap_err();
    assert!(e.to_string().contains("is corrupt: bad content"), "{e}");
    std::fs::write(&p, b"\x00\xffgarbage\n").unwrap();
    assert!(refused(&p).contains("is corrupt: bad header"));
    std::fs::write(&p, b"{\"format\":\"cubelab-picture-checkpoint-1\"}\n\x00\x00").unwrap();
    assert!(refused(&p).contains("has format 'cubelab-picture-checkpoint-1', not 'cubelab-run-1'"));
}

#[test]
fn streamed_content_round_trips_without_a_copy_and_is_checked() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.ckpt");
    let f = file(&p, "a");
    let table: Vec<u8> = (0..3_000_000u32).map(|i| (i * 31 % 253) as u8).collect();
    f.save_stream(&[1u64, 2, 3], table.len() as u64, |w| {
        for chunk in table.chunks(1000) {
            w.write_all(chunk)?;
        }
        Ok(())
    })
    .unwrap();
    let load = || {
        f.load_stream(|state: Vec<u64>, length, r: &mut dyn Read| {
            let mut back = vec![0u8; length as usize];
            r.read_exact(&mut back)?;
            Ok((state, back))
        })
    };
    let (state, back) = load().unwrap().unwrap();
    assert_eq!(state, [1, 2, 3]);
    assert!(back == table);
    // A reader that stops early still has the rest checked.
    let bytes = std::fs::read(&p).unwrap();
    let mut b = bytes.clone();
    let last = b.len() - 30;
    b[last] ^= 4;
    std::fs::write(&p, &b).unwrap();
    let e = f.load_stream(|_: Vec<u64>, _, _: &mut dyn Read| Ok(())).unwrap_err();
    assert!(e.to_string().ends_with("is corrupt: checksum mismatch"), "{e}");
    std::fs::write(&p, &bytes[..bytes.len() / 2]).unwrap();
    assert!(load().unwrap_err().to_string().ends_with("is corrupt: truncated"));
    // A writer that writes less than it declared fails and leaves the old file.
    std::fs::write(&p, &bytes).unwrap();
    let e = f.save_stream(&(), 10, |w| w.write_all(b"short")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Io);
    assert_eq!(std::fs::read(&p).unwrap(), bytes);
}

#[test]
fn atomic_write_leaves_no_temporary_file_on_failure() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("x.txt");
    write_atomic_with(&p, |w| w.write_all(b"old")).unwrap();
    let e = write_atomic_with(&p, |w| {
        w.write_all(&[7u8; 3 << 20])?;
        Err(std::io::Error::other("disk full"))
    })
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Io);
    assert!(e.to_string().contains("disk full"), "{e}");
    assert_eq!(std::fs::read(&p).unwrap(), b"old");
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, ["x.txt"]);
    // A panic in the writer leaves none either.
    let caught = std::panic::catch_unwind(|| write_atomic_with(&p, |_| panic!("writer bug")));
    assert!(caught.is_err());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    let e = write_atomic_with(&dir.path().join("missing/x"), |w| w.write_all(b"z")).unwrap_err();
    assert!(e.to_string().starts_with("cannot write '"), "{e}");
}

fn sum_job(range: Range<u64>) -> Batches<'static> {
    Batches { kind: "sum", fingerprint: "sum", label: "a sum", range, batch: 7, split: true }
}

#[test]
fn stopped_batches_resume_to_the_same_result() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("s.ckpt");
    let job = sum_job(10..1000);
    let whole = run_batches(&job, &Options::default(), 0u64, |r| Ok(r.map(|x| x * x).sum()), |a, b| a + b).unwrap();
    // Stop at several points, resuming each time, with or without saves in between.
    for policy in [SavePolicy::ALWAYS, SavePolicy { min_interval: Duration::from_secs(3600), cost_factor: 4 }] {
        let _ = std::fs::remove_file(&p);
        let mut rounds = 0;
        let result = loop {
            rounds += 1;
            let stop = Stop::new();
            let opts = Options { checkpoint: Some(&p), resume: true, stop: stop.clone(), policy, ..Options::default() };
            let batches = AtomicU64::new(0);
            let r = run_batches(
                &job,
                &opts,
                0u64,
                |r| {
                    if batches.fetch_add(1, Ordering::Relaxed) == 20 {
                        stop.request();
                    }
                    Ok(r.map(|x| x * x).sum())
                },
                |a, b| a + b,
            );
            match r {
                Ok(v) => break v,
                Err(e) => {
                    assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
                    assert!(e.to_string().contains(&format!("; checkpoint '{}' saved", p.display())), "{e}");
                }
            }
        };
        assert_eq!(result, whole);
        assert_eq!(rounds, 1 + 990 / (21 * 7), "{policy:?}");
    }
    // Without a checkpoint a stop says nothing was saved.
    let opts = Options::default();
    opts.stop.request();
    let e = run_batches(&job, &opts, 0u64, |r| Ok(r.sum()), |a, b| a + b).unwrap_err();
    assert_eq!(e.to_string(), "stopped at rank 10 of 10..1000; nothing was saved");
    // An existing checkpoint is refused without resume or overwrite, before any work.
    let e =
        run_batches(&job, &Options { checkpoint: Some(&p), ..Options::default() }, 0u64, |_| panic!(), |a, b| a + b)
            .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Checkpoint);
    assert!(e.to_string().ends_with("already exists: resume from it, or start afresh replacing it explicitly"), "{e}");
    // A checkpoint of another range is refused.
    let opts = Options { checkpoint: Some(&p), overwrite: true, ..Options::default() };
    run_batches(&job, &opts, 0u64, |r| Ok(r.sum()), |a, b| a + b).unwrap();
    let opts = Options { checkpoint: Some(&p), resume: true, ..Options::default() };
    let e = run_batches(&sum_job(0..1000), &opts, 0u64, |r| Ok(r.sum()), |a, b| a + b).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Checkpoint);
}

#[test]
fn progress_sees_every_unit_once() {
    struct Count(AtomicU64, AtomicU64);
    impl Progress for Count {
        fn start(&self, _: &str, total: u64, done: u64) {
            self.0.store(total, Ordering::Relaxed);
            self.1.store(done, Ordering::Relaxed);
        }
        fn advance(&self, units: u64) {
            self.1.fetch_add(units, Ordering::Relaxed);
        }
    }
    let c = Count(AtomicU64::new(0), AtomicU64::new(0));
    let opts = Options { progress: &c, ..Options::default() };
    run_batches(&sum_job(5..105), &opts, 0u64, |r| Ok(r.sum()), |a, b| a + b).unwrap();
    assert_eq!((c.0.into_inner(), c.1.into_inner()), (100, 100));
}

#[test]
fn a_batch_cut_short_by_the_stop_is_dropped_and_redone_on_resume() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("cut.ckpt");
    let job = sum_job(0..1000);
    let whole = run_batches(&job, &Options::default(), 0u64, |r| Ok(r.sum()), |a, b| a + b).unwrap();
    let stop = Stop::new();
    let opts = Options { checkpoint: Some(&p), policy: SavePolicy::ALWAYS, stop: stop.clone(), ..Options::default() };
    // The third batch sees the stop half way and returns what it has with kind Stopped
    // (as a chunked loop does): that partial sum must not reach the checkpoint.
    let batches = AtomicU64::new(0);
    let e = run_batches(
        &job,
        &opts,
        0u64,
        |r| {
            if batches.fetch_add(1, Ordering::Relaxed) == 2 {
                stop.request();
                return Err(crate::Error::stopped("stopped on request"));
            }
            Ok(r.sum())
        },
        |a, b| a + b,
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Stopped);
    assert!(e.to_string().starts_with("stopped at rank 14 of 0..1000"), "{e}");
    let opts = Options { checkpoint: Some(&p), resume: true, ..Options::default() };
    assert_eq!(run_batches(&job, &opts, 0u64, |r| Ok(r.sum()), |a, b| a + b).unwrap(), whole);
    // Another error of the work ends the run as it is.
    let e = run_batches(&job, &Options::default(), 0u64, |_| Err(crate::Error::malformed("bad")), |a, b| a + b);
    assert_eq!(e.unwrap_err().kind(), ErrorKind::Malformed);
}
