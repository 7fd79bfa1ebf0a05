//! The adversarial suite of issue 25, each case a test: absurd numbers, panics that were,
//! messages, file kinds and same-file writes (in temporary directories), checkpoints
//! never silently replaced, and the local server's refusals (on 127.0.0.1, with bounded
//! loops). Every case runs in well under a second of CPU except the server's header
//! timeout (about 10 s of waiting).

use super::web::{start, Conn};
use super::{bad, io_fail, ok};
use serde_json::json;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

const MAX: &str = "18446744073709551615";

/// The four panics of the issue: each is now one line naming the option and the range.
#[test]
fn former_panics_are_refused_naming_the_option_and_range() {
    for (args, option, range) in [
        (vec!["census", "max-targets", "--palette", "7", "--restarts", MAX], "--restarts", "1..=100000"),
        (
            vec!["magic", "estimate", "--method", "tempering", "--order", "4", "--sweeps", MAX],
            "--sweeps",
            "10..=10000000",
        ),
        (vec!["picture", "scramble", "3", "3", "--moves", MAX], "--moves", "0..=100000"),
    ] {
        let err = bad(&args);
        assert!(err.contains(option) && err.contains(range), "{args:?}: {err}");
    }
    let err = bad(&["picture", "census", "2", "2", "--group", "(1 100000)"]);
    assert!(err.contains("group degree 100000 is out of range (accepted: 1 to 64)"), "{err}");
}

/// Absurd values that used to run without end are refused before any work.
#[test]
fn absurd_values_are_refused_up_front() {
    for (args, option) in [
        (vec!["census", "max-targets", "--palette", "7", "--steps", MAX], "--steps"),
        (vec!["magic", "estimate", "--method", "tempering", "--repeats", MAX], "--repeats"),
        (vec!["magic", "estimate", "--tail", "1000"], "--tail"),
        (vec!["magic", "estimate", "--order", "4", "--samples", MAX], "--samples"),
        (vec!["picture", "bounds", "2", "2", "--sample", MAX], "--sample"),
        (vec!["picture", "census", "3", "2", "--watch", MAX], "--watch"),
        (vec!["picture", "scramble", "64", "64", "--moves", "100000000"], "--moves"),
        (vec!["census", "universal", "--palette", "7", "--size", "20", "--search", "--restarts", "0"], "--restarts"),
    ] {
        let err = bad(&args);
        assert!(err.contains(&format!("'{option} <")) && err.contains("is not in"), "{args:?}: {err}");
    }
}

/// A negative number is refused by the option's own parser, which names the option.
#[test]
fn negative_numbers_name_the_option() {
    for (args, option) in [
        (vec!["census", "max-targets", "--palette", "7", "--restarts", "-1"], "--restarts"),
        (vec!["picture", "scramble", "3", "3", "--moves", "-5"], "--moves"),
        (vec!["magic", "estimate", "--samples", "-1"], "--samples"),
        (vec!["cubes", "--palette", "-3"], "--palette"),
        (vec!["stack", "census", "--colors", "-1"], "--colors"),
    ] {
        let err = bad(&args);
        assert!(err.contains("invalid value '-") && err.contains(option), "{args:?}: {err}");
        assert!(!err.contains("unexpected argument"), "{err}");
    }
}

/// Every reader caps its input and ends at once on endless or binary input.
#[cfg(unix)]
#[test]
fn endless_inputs_end_at_once_with_one_line() {
    for args in [
        vec!["magic", "check", "/dev/zero"],
        vec!["magic", "check", "/dev/urandom"],
        vec!["census", "merge", "/dev/zero"],
        vec!["census", "merge", "/dev/urandom"],
        vec!["magic", "squares-merge", "/dev/zero"],
        vec!["stack", "merge", "/dev/urandom"],
    ] {
        let err = bad(&args);
        assert!(err.contains("larger than 256 MiB") || err.contains("not UTF-8"), "{args:?}: {err}");
    }
}

#[test]
fn messages_are_one_short_line() {
    // A 100,000-character argument is quoted shortened.
    let long = "A".repeat(100_000);
    let err = bad(&["show", &long]);
    assert!(err.len() < 400, "{} bytes: {}", err.len(), &err[..200]);
    assert!(err.contains("characters]"), "{err}");
    // clap's suggestion is kept.
    let err = bad(&["cube"]);
    assert!(err.contains("a similar subcommand exists: 'cubes'"), "{err}");
    // A command group without its subcommand: one line listing them.
    for group in ["census", "magic", "picture", "stack"] {
        let err = bad(&[group]);
        assert!(err.contains(&format!("'cubelab {group}' needs a subcommand: ")), "{err}");
    }
    // Contradictory options are refused rather than one silently ignored.
    let err = bad(&["census", "solution-numbers", "--target", "Ab", "--all-targets"]);
    assert!(err.contains("--all-targets") && err.contains("--target"), "{err}");
    // picture bounds on a board whose state count does not fit says which limit.
    let err = bad(&["picture", "bounds", "64", "64"]);
    assert!(err.contains("reachable states do not fit 64 bits"), "{err}");
}

/// Writes go only over regular files; a symbolic link is followed; read-only files and
/// directories are refused.
#[cfg(unix)]
#[test]
fn outputs_replace_only_regular_files() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.svg");
    std::fs::write(&target, "old").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.path().join("link.svg");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    ok(&["show", "Ab", "--svg", link.to_str().unwrap()]);
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(&target).unwrap().starts_with("<svg"));
    assert_eq!(std::fs::metadata(&target).unwrap().permissions().mode() & 0o777, 0o640);
    // A read-only file is kept.
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o444)).unwrap();
    let err = io_fail(&["show", "Ab", "--svg", target.to_str().unwrap()]);
    assert!(err.contains("read-only"), "{err}");
    // A directory is refused; /dev/null is written through and stays a device.
    io_fail(&["show", "Ab", "--svg", dir.path().to_str().unwrap()]);
    ok(&["show", "Ab", "--svg", "/dev/null"]);
    assert!(!std::fs::metadata("/dev/null").unwrap().file_type().is_file());
}

/// An output over an input, or two outputs in one file, are refused before any work.
#[test]
fn outputs_never_overwrite_inputs_or_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    for (k, name) in ["a.json", "b.json"].iter().enumerate() {
        let shard = format!("{}/2", k + 1);
        let out = ok(&[
            "census",
            "targets",
            "--size",
            "8",
            "--within",
            "Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd,Be",
            "--shard",
            &shard,
            "--json",
        ]);
        std::fs::write(path(name), out).unwrap();
    }
    let before = std::fs::read(path("a.json")).unwrap();
    let err = bad(&["census", "merge", &path("a.json"), &path("b.json"), "--plot", &path("a.json")]);
    assert!(err.contains("is both an input and the --plot file"), "{err}");
    assert_eq!(std::fs::read(path("a.json")).unwrap(), before);
    let same = path("same");
    let err = bad(&["picture", "census", "3", "1", "--checkpoint", &same, "--output", &same]);
    assert!(err.contains("is both the --checkpoint file and the --output file"), "{err}");
}

/// An existing checkpoint is replaced only with --force, continued only with --resume.
#[test]
fn an_existing_checkpoint_needs_resume_or_force() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("run.ckpt");
    let cp = ckpt.to_str().unwrap();
    let first = ok(&["picture", "census", "3", "1", "--checkpoint", cp]);
    let saved = std::fs::read(&ckpt).unwrap();
    let err = bad(&["picture", "census", "3", "1", "--checkpoint", cp]);
    assert!(err.contains("already exists") && err.matches(cp).count() == 1, "{err}");
    assert_eq!(std::fs::read(&ckpt).unwrap(), saved);
    assert_eq!(ok(&["picture", "census", "3", "1", "--checkpoint", cp, "--resume"]), first);
    assert_eq!(ok(&["picture", "census", "3", "1", "--checkpoint", cp, "--force"]), first);
    // Another run's checkpoint is not replaced either.
    let err = bad(&["picture", "census", "4", "1", "--checkpoint", cp]);
    assert!(err.contains("already exists"), "{err}");
    bad(&["picture", "census", "3", "1", "--checkpoint", cp, "--force", "--resume"]);
}

// ---- the local server ----

/// Sends raw bytes on a fresh connection and returns the status of the answer (None
/// when the server closed the connection without one).
fn raw_status(addr: &str, request: &str) -> Option<u16> {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(std::time::Duration::from_secs(600))).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut line = String::new();
    BufReader::new(stream).read_line(&mut line).ok()?;
    line.split(' ').nth(1)?.parse().ok()
}

#[test]
fn the_server_refuses_cross_origin_and_confused_requests() {
    let server = start(&[]);
    let addr = server.addr.as_str();
    let mut c = Conn::open(addr);
    let body = json!({"cube": "Ab"}).to_string();
    // A cross-site "simple" POST (text/plain): refused (its Origin first: 403), nothing run.
    let r =
        c.send("POST", "/api/show", &[("Content-Type", "text/plain"), ("Origin", "http://evil.com")], body.as_bytes());
    assert_eq!(r.status, 403, "{}", r.text());
    assert!(r.error().contains("cross-origin requests are refused"));
    let r = c.send("POST", "/api/show", &[("Content-Type", "text/plain")], body.as_bytes());
    assert_eq!(r.status, 415);
    assert!(r.error().contains("Content-Type: application/json"));
    // JSON from another origin: 403; from this server's own page: 200.
    let r = c.send(
        "POST",
        "/api/show",
        &[("Content-Type", "application/json"), ("Origin", "http://evil.com")],
        body.as_bytes(),
    );
    assert_eq!(r.status, 403, "{}", r.text());
    let own = format!("http://{addr}");
    let r =
        c.send("POST", "/api/show", &[("Content-Type", "application/json"), ("Origin", own.as_str())], body.as_bytes());
    assert_eq!(r.status, 200, "{}", r.text());
    let r = c.send(
        "POST",
        "/api/show",
        &[("Content-Type", "application/json; charset=utf-8"), ("Sec-Fetch-Site", "cross-site")],
        body.as_bytes(),
    );
    assert_eq!(r.status, 403);
    // Host: missing or repeated is 400; an absolute-form target for another host is 400.
    let head = |extra: &str, target: &str| format!("GET {target} HTTP/1.1\r\n{extra}Connection: close\r\n\r\n");
    assert_eq!(raw_status(addr, &head("", "/api/commands")), Some(400));
    let two = format!("Host: {addr}\r\nHost: evil.com\r\n");
    assert_eq!(raw_status(addr, &head(&two, "/api/commands")), Some(400));
    let one = format!("Host: {addr}\r\n");
    assert_eq!(raw_status(addr, &head(&one, "http://evil.com/api/commands")), Some(400));
    assert_eq!(raw_status(addr, &head(&one, &format!("http://{addr}/api/commands"))), Some(200));
    assert_eq!(raw_status(addr, &head(&one, "/api/commands")), Some(200));
}

/// A connection that never finishes its request head is closed by the server (after
/// its header timeout) and the server keeps serving others meanwhile.
#[test]
fn slow_and_idle_connections_are_closed() {
    let server = start(&[]);
    let addr = server.addr.as_str();
    let mut slow: Vec<TcpStream> = (0..20)
        .map(|_| {
            let mut s = TcpStream::connect(addr).unwrap();
            s.write_all(b"POST /api/show HTTP/1.1\r\nHost: ").unwrap();
            s
        })
        .collect();
    // Others are served meanwhile.
    assert_eq!(Conn::open(addr).post("/api/show", &json!({"cube": "Ab"}).to_string()).status, 200);
    // Each slow connection is ended by the server (EOF or a 408), not left open.
    for s in &mut slow {
        // Only a guard against a server that never closes (the test would hang).
        s.set_read_timeout(Some(std::time::Duration::from_secs(120))).unwrap();
        let mut buf = Vec::new();
        let _ = s.read_to_end(&mut buf);
        let text = String::from_utf8_lossy(&buf);
        assert!(buf.is_empty() || text.starts_with("HTTP/1.1 408"), "{text}");
    }
    // A slow body: the head arrives, the body never does: 408.
    let mut s = TcpStream::connect(addr).unwrap();
    let head = format!(
        "POST /api/show HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{"
    );
    s.write_all(head.as_bytes()).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(600))).unwrap();
    let mut line = String::new();
    BufReader::new(s).read_line(&mut line).unwrap();
    assert!(line.starts_with("HTTP/1.1 408"), "{line}");
}

#[test]
fn a_non_loopback_server_warns_loudly() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("cubelab"))
        .args(["serve", "--host", "0.0.0.0", "--allow-remote", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The warning is printed before the address line; once that line is read the server
    // is stopped and its whole stderr read (no wait on a line that might never come).
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let _ = child.kill();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    let _ = child.wait();
    assert!(err.starts_with("WARNING: serving on 0.0.0.0:") && err.contains("other machines"), "{err}");
}

/// Reads one answer (status line, headers, body) from a connection a request was written to.
pub fn read_answer(stream: TcpStream) -> (u16, Vec<String>, String) {
    stream.set_read_timeout(Some(std::time::Duration::from_secs(600))).unwrap();
    let mut r = BufReader::new(stream);
    let mut status = String::new();
    r.read_line(&mut status).unwrap();
    let code = status.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("{status:?}"));
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        r.read_line(&mut line).unwrap();
        if line.trim_end().is_empty() {
            break;
        }
        headers.push(line.trim_end().to_ascii_lowercase());
    }
    let length: usize = headers.iter().find_map(|h| h.strip_prefix("content-length: ")?.parse().ok()).unwrap_or(0);
    let mut body = vec![0; length];
    r.read_exact(&mut body).unwrap();
    (code, headers, String::from_utf8(body).unwrap())
}

/// One client address has at most `--per-client` expensive computations in flight, and
/// the others wait for a place rather than being refused (issue 43, point 3): with
/// `--per-client 1`, one request of a second's work (`stack census` of C_4) and seven
/// `build`s written at once on eight connections are all answered with the work done
/// (200; a 503 only if the machine is so loaded that a wait passes the 10 s limit), none
/// with 429 (before the queue, all but one got 429 at once); a cheap request of the same
/// client meanwhile is served. The queue's bound (429 past it) is the unit test
/// `serve::clients::tests::requests_wait_in_a_bounded_queue_for_a_place`.
#[test]
fn a_client_beyond_k_expensive_computations_waits_its_turn() {
    let server = start(&["--per-client", "1", "--jobs", "1"]);
    let addr = server.addr.as_str();
    let post = |path: &str, body: &str| {
        format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
    };
    let census = post("/api/stack/census", &json!({"colors": 4}).to_string());
    let blocks = json!({"blocks": ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]}).to_string();
    let build = post("/api/build", &blocks);
    let streams: Vec<TcpStream> = std::iter::once(&census)
        .chain(std::iter::repeat_n(&build, 7))
        .map(|request| {
            let mut s = TcpStream::connect(addr).unwrap();
            s.write_all(request.as_bytes()).unwrap();
            s
        })
        .collect();
    assert_eq!(Conn::open(addr).post("/api/show", &json!({"cube": "Ab"}).to_string()).status, 200);
    let answers: Vec<(u16, Vec<String>, String)> = streams.into_iter().map(read_answer).collect();
    assert!(answers.iter().all(|(code, _, _)| *code == 200 || *code == 503), "{answers:?}");
    for (code, headers, body) in &answers {
        if *code == 503 {
            assert!(headers.contains(&"retry-after: 1".to_string()), "{headers:?}");
            assert!(body.contains("did not end within 10 s") || body.contains("busy"), "{body}");
        }
    }
    let built: Vec<&str> = answers[1..].iter().filter(|a| a.0 == 200).map(|a| a.2.as_str()).collect();
    assert!(built.windows(2).all(|w| w[0] == w[1]), "every build answers the same");
}

/// `n` cheap requests (`POST /api/show`) one after another on one keep-alive connection:
/// their latencies, sorted.
fn cheap_latencies(addr: &str, n: usize) -> Vec<std::time::Duration> {
    let mut c = Conn::open(addr);
    let body = json!({"cube": "Ab"}).to_string();
    let mut latencies: Vec<_> = (0..n)
        .map(|_| {
            let t = std::time::Instant::now();
            let r = c.post("/api/show", &body);
            assert_eq!(r.status, 200, "{}", r.text());
            t.elapsed()
        })
        .collect();
    latencies.sort();
    latencies
}

/// The p-quantile of sorted latencies, in milliseconds.
fn quantile_ms(sorted: &[std::time::Duration], q: f64) -> f64 {
    let k = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[k].as_secs_f64() * 1e3
}

/// The loopback load test of docs/benchmarks.md: the p50/p99 of a cheap request
/// (`POST /api/show`, 500 in a row) alone, then while 32 expensive requests
/// (`stack census` of C_4, each about a second of one core, on 32 connections that send
/// the next as soon as one is answered) and 200 slow connections (a request head never
/// finished) are in flight. Prints the figures and the answers of the expensive requests;
/// asserts only statuses. Run it on a release build:
/// `cargo build --release -p cubelab-cli && CUBELAB_SERVE_BIN=$PWD/target/release/cubelab
/// cargo test -p cubelab-cli --test cli cheap_latency_under_load -- --ignored --nocapture`.
#[test]
#[ignore]
fn cheap_latency_under_load() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let server = start(&["--per-client", "64"]);
    let addr = server.addr.as_str();
    let alone = cheap_latencies(addr, 500);
    println!(
        "alone: 500 cheap requests: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        quantile_ms(&alone, 0.5),
        quantile_ms(&alone, 0.99),
        quantile_ms(&alone, 1.0)
    );
    let slow: Vec<TcpStream> = (0..200)
        .map(|_| {
            let mut s = TcpStream::connect(addr).unwrap();
            s.write_all(b"POST /api/show HTTP/1.1\r\nHost: ").unwrap();
            s
        })
        .collect();
    let done = AtomicBool::new(false);
    let body = json!({"colors": 4}).to_string();
    let (loaded, statuses) = std::thread::scope(|s| {
        let workers: Vec<_> = (0..32)
            .map(|_| {
                let (done, body) = (&done, &body);
                s.spawn(move || {
                    let mut c = Conn::open(addr);
                    let mut statuses = Vec::new();
                    while !done.load(Ordering::Relaxed) {
                        statuses.push(c.post("/api/stack/census", body).status);
                    }
                    statuses
                })
            })
            .collect();
        // The 32 expensive requests are sent first (each then waits for a job slot or runs).
        std::thread::sleep(std::time::Duration::from_secs(1));
        let loaded = cheap_latencies(addr, 500);
        done.store(true, Ordering::Relaxed);
        let statuses: Vec<u16> = workers.into_iter().flat_map(|w| w.join().unwrap()).collect();
        (loaded, statuses)
    });
    let count = |code: u16| statuses.iter().filter(|&&c| c == code).count();
    println!(
        "loaded (32 expensive, 200 slow connections): 500 cheap requests: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        quantile_ms(&loaded, 0.5),
        quantile_ms(&loaded, 0.99),
        quantile_ms(&loaded, 1.0)
    );
    println!(
        "expensive answers: {} in all, {} 200, {} 503 (waited for a slot past the 10 s limit), {} 429",
        statuses.len(),
        count(200),
        count(503),
        count(429)
    );
    assert_eq!(count(200) + count(503), statuses.len(), "{statuses:?}");
    drop(slow);
}
