//! Checkpoints of every long run (census, picture census, magic search): one format,
//! edited files refused with one line (exit 2), stops with exit 3.

use super::{bad, cubelab, ok, stopped};
use std::path::Path;

/// Changes one digit of `line` (0-based) of a checkpoint file, keeping its length.
fn edit_digit(path: &Path, line: usize) {
    let mut bytes = std::fs::read(path).unwrap();
    let start: usize = bytes.split(|&b| b == b'\n').take(line).map(|l| l.len() + 1).sum();
    let at = start + bytes[start..].iter().position(|b| b.is_ascii_digit()).expect("a digit on the line");
    bytes[at] = if bytes[at] == b'7' { b'8' } else { b'7' };
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn census_checkpoint_with_an_edited_digit_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("t6.ckpt");
    let cp = ckpt.to_str().unwrap();
    let args = ["census", "targets", "--size", "6", "--json", "--checkpoint", cp];
    let out = ok(&args);
    let mut resume = args.to_vec();
    resume.push("--resume");
    assert_eq!(ok(&resume), out);
    // One digit of the histogram (the content line) edited.
    let intact = std::fs::read(&ckpt).unwrap();
    edit_digit(&ckpt, 1);
    let e = bad(&resume);
    assert_eq!(e, format!("error: checkpoint '{cp}' is corrupt: checksum mismatch\n"));
    // Cut short, or with bytes after the end.
    std::fs::write(&ckpt, &intact[..intact.len() - 3]).unwrap();
    assert!(bad(&resume).contains("is corrupt: truncated"));
    std::fs::write(&ckpt, [&intact[..], b"0"].concat()).unwrap();
    assert!(bad(&resume).contains("is corrupt: bytes after the checksum"));
    // A checkpoint written before this format is refused by its format.
    std::fs::write(&ckpt, r#"{"format":"cubelab-checkpoint-1","fingerprint":"x","start":0,"end":9,"next":0}"#).unwrap();
    assert!(bad(&resume).contains("has format 'cubelab-checkpoint-1', not 'cubelab-run-1'"));
}

#[test]
fn picture_and_magic_checkpoints_with_an_edited_digit_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("p.ckpt");
    let cp = ckpt.to_str().unwrap();
    stopped(&["picture", "census", "3", "1", "--checkpoint", cp, "--stop-after-layer", "3"]);
    // A layer count in the header.
    edit_digit(&ckpt, 0);
    let e = bad(&["picture", "census", "3", "1", "--checkpoint", cp, "--resume"]);
    assert!(e.starts_with(&format!("error: checkpoint '{cp}' ")), "{e}");
    let m = dir.path().join("m.ckpt");
    let mp = m.to_str().unwrap();
    stopped(&["magic", "enumerate", "--checkpoint", mp, "--stop-after", "10"]);
    edit_digit(&m, 1);
    let e = bad(&["magic", "enumerate", "--checkpoint", mp, "--resume"]);
    assert_eq!(e, format!("error: checkpoint '{mp}' is corrupt: checksum mismatch\n"));
}

/// Runs `args` with a checkpoint, sends SIGINT as soon as the checkpoint exists, and
/// checks the stop (exit 3, one line naming `--resume`) and that `--resume` completes to
/// the output of an uninterrupted run.
#[cfg(unix)]
fn interrupted_run_resumes_to_the_same_output(args: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("run.ckpt");
    let cp = ckpt.to_str().unwrap();
    let straight = ok(args);
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("cubelab"))
        .args(args)
        .args(["--checkpoint", cp])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut child = child;
    crate::wait_for_file(&mut child, &ckpt);
    let sent = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("saved; resume with the same command and --resume"), "{err}");
    let resume = [args, &["--checkpoint", cp, "--resume"]].concat();
    assert_eq!(ok(&resume), straight);
}

#[cfg(unix)]
#[test]
fn ctrl_c_saves_the_checkpoint_and_exits_3_then_resumes_to_the_same_output() {
    interrupted_run_resumes_to_the_same_output(&["picture", "census", "6", "1", "--json"]);
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_census_run_which_then_resumes_to_the_same_output() {
    // 2^22 subsets in 64 batches of prefixes: the checkpoint exists after the first.
    let within = "Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd,Be,Bf,Ca,Cb,Cd,Ce,Cf,Da,Db,Dc,De,Df,Ea,Eb";
    interrupted_run_resumes_to_the_same_output(&["census", "targets", "--size", "all", "--within", within, "--json"]);
}

/// The one progress bar appears on a terminal (a pseudo-terminal made by `script`) once a
/// run takes over a second, with its estimate of the time left, and never when stderr is
/// not a terminal.
#[cfg(unix)]
#[test]
fn a_progress_bar_is_drawn_on_a_terminal_only() {
    // The byte engine: a run of several CPU-seconds, so the bar (drawn after a second) shows.
    let args = ["picture", "census", "3", "2", "--engine", "byte"];
    let piped = cubelab().args(args).output().unwrap();
    assert!(piped.status.success());
    assert!(piped.stderr.is_empty(), "{}", String::from_utf8_lossy(&piped.stderr));
    if std::process::Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no `script` to make a pseudo-terminal");
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin("cubelab");
    let line = format!("{} {} >/dev/null", bin.display(), args.join(" "));
    let tty = std::process::Command::new("script").args(["-qec", &line, "/dev/null"]).output().unwrap();
    assert!(tty.status.success(), "{}", String::from_utf8_lossy(&tty.stderr));
    let shown = String::from_utf8_lossy(&tty.stdout);
    assert!(shown.contains("ETA"), "no bar on a terminal: {shown:?}");
    assert!(shown.contains("layer") || shown.contains("distance"), "the bar names no phase: {shown:?}");
}
