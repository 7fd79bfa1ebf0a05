//! `cubelab serve`: the real server on a free loopback port, driven over HTTP/1.1 by a tiny
//! client on a `TcpStream`: every bad request, results equal to the CLI's `--json`, the
//! stored census results, the embedded pages, and a bounded load test.

use super::{bad, cubelab, ok};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `cubelab serve --port 0`, killed when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The binary serving: `$CUBELAB_SERVE_BIN` (the load test on a release build) or the
/// one under test.
fn binary() -> std::path::PathBuf {
    std::env::var_os("CUBELAB_SERVE_BIN").map_or_else(|| assert_cmd::cargo::cargo_bin("cubelab"), Into::into)
}

/// Starts a server and reads its one line, `listening on http://127.0.0.1:PORT/`.
pub fn start(extra: &[&str]) -> Server {
    let mut child = Command::new(binary())
        .args(["serve", "--port", "0"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line
        .strip_prefix("listening on http://")
        .and_then(|r| r.strip_suffix("/\n"))
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_string();
    Server { child, addr }
}

/// A response: status, headers (names in lowercase), body.
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).unwrap()
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }

    /// The one-line message of an error response `{"error": ...}`.
    pub fn error(&self) -> String {
        assert_eq!(self.header("content-type"), Some("application/json"));
        let message = self.json()["error"].as_str().expect("an error message").to_string();
        assert_eq!(message.lines().count(), 1, "{message}");
        message
    }
}

/// One keep-alive HTTP/1.1 connection.
pub struct Conn {
    reader: BufReader<TcpStream>,
    addr: String,
}

impl Conn {
    pub fn open(addr: &str) -> Conn {
        let stream = TcpStream::connect(addr).unwrap();
        // A request goes out in two writes (head, then body): without TCP_NODELAY, Nagle's
        // algorithm holds the body until the server's delayed ACK, some 40 ms a request.
        stream.set_nodelay(true).unwrap();
        // Only a guard against a hung server (a test would otherwise wait forever), far above
        // any answer time even on a busy machine: the server answers within its own limits.
        stream.set_read_timeout(Some(Duration::from_secs(600))).unwrap();
        Conn { reader: BufReader::new(stream), addr: addr.to_string() }
    }

    /// Sends a request with `headers` (besides Host and Content-Length) and reads the answer.
    pub fn send(&mut self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Response {
        let mut head = format!("{method} {path} HTTP/1.1\r\nContent-Length: {}\r\n", body.len());
        if !headers.iter().any(|(n, _)| n.eq_ignore_ascii_case("host")) {
            head += &format!("Host: {}\r\n", self.addr);
        }
        for (n, v) in headers {
            head += &format!("{n}: {v}\r\n");
        }
        head += "\r\n";
        let stream = self.reader.get_mut();
        stream.write_all(head.as_bytes()).unwrap();
        // A server refusing a body (413) may close before reading all of it.
        let _ = stream.write_all(body);
        let mut status_line = String::new();
        self.reader.read_line(&mut status_line).unwrap();
        let status = status_line.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status line");
        let mut headers = Vec::new();
        loop {
            let mut line = String::new();
            self.reader.read_line(&mut line).unwrap();
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            let (n, v) = line.split_once(':').unwrap();
            headers.push((n.to_ascii_lowercase(), v.trim().to_string()));
        }
        let length: usize = headers.iter().find(|(n, _)| n == "content-length").map_or(0, |(_, v)| v.parse().unwrap());
        let mut body = vec![0; length];
        if method != "HEAD" {
            self.reader.read_exact(&mut body).unwrap();
        }
        Response { status, headers, body }
    }

    pub fn post(&mut self, path: &str, body: &str) -> Response {
        self.send("POST", path, &[("Content-Type", "application/json")], body.as_bytes())
    }

    pub fn get(&mut self, path: &str) -> Response {
        self.send("GET", path, &[], b"")
    }
}

const CONWAY: [&str; 8] = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"];

#[test]
fn results_are_the_clis_json() {
    let server = start(&[]);
    let mut c = Conn::open(&server.addr);
    let blocks = json!(CONWAY);
    // MacMahon's extended puzzle (docs/extended.md): 26 Af and one Ab.
    let af: Vec<&str> = std::iter::repeat_n("Af", 26).chain(["Ab"]).collect();
    let cases: Vec<(&str, Value, Vec<&str>)> = vec![
        ("build", json!({"blocks": blocks}), [&["build"], &CONWAY[..]].concat()),
        (
            "solve",
            json!({"target": "Cb", "blocks": blocks, "explain": true}),
            [&["solve", "Cb"], &CONWAY[..], &["--explain"]].concat(),
        ),
        ("show", json!({"cube": "Y1'"}), vec!["show", "Y1'"]),
        (
            "picture/solve",
            json!({"board": "UF RB / DL UF", "method": "optimal"}),
            vec!["picture", "solve", "UF RB / DL UF", "--method", "optimal"],
        ),
        ("picture/scramble", json!({"m": 3, "n": 3, "seed": 7}), vec!["picture", "scramble", "3", "3", "--seed", "7"]),
        ("magic/construct", json!({"order": 4}), vec!["magic", "construct", "--order", "4"]),
        (
            "stack/solve",
            json!({"classic": "instant-insanity"}),
            vec!["stack", "solve", "--classic", "instant-insanity"],
        ),
        ("cubes", json!({"tableau": true}), vec!["cubes", "--tableau"]),
        ("build", json!({"blocks": af, "size": 3}), [&["build", "--size", "3"], &af[..]].concat()),
        (
            "solve",
            json!({"target": "342156", "blocks": af, "size": 3}),
            [&["solve", "--size", "3", "342156"], &af[..]].concat(),
        ),
        (
            "extended",
            json!({"size": 3, "samples": 50, "restarts": 1, "steps": 20}),
            vec!["extended", "--size", "3", "--samples", "50", "--restarts", "1", "--steps", "20"],
        ),
    ];
    for (endpoint, body, args) in cases {
        let r = c.post(&format!("/api/{endpoint}"), &body.to_string());
        assert_eq!(r.status, 200, "{endpoint}: {}", r.text());
        assert_eq!(r.header("content-type"), Some("application/json"));
        let cli = ok(&[&args[..], &["--json"]].concat());
        assert_eq!(r.text(), cli, "{endpoint} {body}");
    }
    // Too many blocks for a 3x3x3 request: 422 with the command to run.
    let r = c.post("/api/build", &json!({"blocks": vec!["Af"; 55], "size": 3}).to_string());
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.json()["command"].as_str().is_some_and(|c| c.starts_with("cubelab build Af Af")), "{}", r.text());
    // magic check reads the body's "stdin".
    let cube = ok(&["magic", "construct", "--order", "3"]);
    let swapped = cube.replacen(" 1 15 26", "15  1 26", 1);
    assert_ne!(cube, swapped);
    let r = c.post("/api/magic/check", &json!({"file": "-", "stdin": swapped}).to_string());
    let cli = cubelab().args(["magic", "check", "-", "--json"]).write_stdin(swapped).output().unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.body, cli.stdout);
    assert!(r.json()["failing_lines"].as_array().is_some_and(|l| !l.is_empty()));
    // ... or the numbers themselves, typed.
    let r = c.post("/api/magic/check", &json!({"square": [[8, 1, 6], [3, 5, 7], [4, 9, 2]]}).to_string());
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(
        (r.json()["kind"].as_str(), r.json()["associative"].as_bool()),
        (Some("magic-square-check"), Some(true))
    );
}

#[test]
fn every_bad_request_is_answered_and_the_server_lives_on() {
    let server = start(&[]);
    let mut c = Conn::open(&server.addr);
    let blocks = json!(CONWAY);
    // (endpoint, body, status, part of the message)
    let cases: Vec<(&str, String, u16, &str)> = vec![
        ("build", "{\"blocks\": [".into(), 400, "malformed JSON"),
        ("build", "[1, 2]".into(), 400, "must be a JSON object"),
        ("build", json!({"blocks": blocks, "colour": 3}).to_string(), 400, "unknown field `colour`"),
        ("build", json!({"blocks": "Ac Af"}).to_string(), 400, "'blocks': invalid type"),
        ("build", json!({"blocks": blocks, "improper": 1}).to_string(), 400, "'improper': invalid type"),
        ("build", json!({"blocks": ["Ac", "Af"]}).to_string(), 400, "a 2x2x2 cube needs 8 blocks, 2 given"),
        ("build", "".into(), 400, "missing field `blocks`"),
        ("solve", json!({"target": "Zz", "blocks": blocks}).to_string(), 400, "Zz"),
        ("show", json!({"cube": "Ab", "svg": "/tmp/x.svg"}).to_string(), 400, "unknown field `svg`"),
        ("magic/check", json!({"file": "/etc/passwd"}).to_string(), 400, "reads no files"),
        ("magic/check", json!({"file": "-", "stdin": 3}).to_string(), 400, "'stdin' must be a string"),
        ("show", json!({"cube": "Ab", "stdin": "x"}).to_string(), 400, "unknown key 'stdin'"),
        ("picture/solve", json!({"board": "UF RB / DL"}).to_string(), 400, "row"),
        ("picture/census", json!({"m": 3, "n": 3}).to_string(), 422, "cubelab picture census 3 3 --json"),
        ("build", json!({"blocks": vec!["Ab"; 40]}).to_string(), 422, "40 blocks"),
    ];
    for (endpoint, body, status, needle) in cases {
        let r = c.post(&format!("/api/{endpoint}"), &body);
        assert_eq!(r.status, status, "{endpoint} {body}: {}", r.text());
        let message = r.error();
        assert!(message.contains(needle), "{endpoint} {body}: {message:?} should hold {needle:?}");
        if status == 422 {
            assert!(r.json()["command"].as_str().is_some_and(|c| c.starts_with("cubelab ")), "{}", r.text());
        }
    }
    // The message of a bad cube is the CLI's line (without "error: ").
    let r = c.post("/api/solve", &json!({"target": "Zz", "blocks": blocks}).to_string());
    let cli = bad(&[&["solve", "Zz"], &CONWAY[..], &["--json"]].concat());
    assert_eq!(format!("error: {}\n", r.error()), cli);
    // Too large: 413, whether announced or not.
    let big = format!("{{\"cube\": \"{}\"}}", "A".repeat(70 * 1024));
    let r = c.post("/api/show", &big);
    assert_eq!(r.status, 413, "{}", r.text());
    assert!(r.error().contains("64 KiB"));
    // Unknown routes and files: 404; a path outside the embedded files is never served.
    let mut c = Conn::open(&server.addr);
    for path in [
        "/api/nonsense",
        "/api/census/nonsense",
        "/nope.html",
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/web/index.html",
        "/api/man",
    ] {
        let r = c.get(path);
        assert_eq!(r.status, 404, "{path}: {}", r.text());
        r.error();
    }
    // Wrong methods: 405 with Allow.
    let r = c.get("/api/build");
    assert_eq!((r.status, r.header("allow")), (405, Some("POST")));
    let r = c.post("/api/commands", "{}");
    assert_eq!((r.status, r.header("allow")), (405, Some("GET")));
    let r = c.send("DELETE", "/", &[], b"");
    assert_eq!((r.status, r.header("allow")), (405, Some("GET")));
    // Another Host (DNS rebinding): 403.
    let r = c.send("GET", "/api/commands", &[("Host", "evil.example:80")], b"");
    assert_eq!(r.status, 403);
    // Still serving.
    let r = Conn::open(&server.addr).post("/api/show", &json!({"cube": "Ab"}).to_string());
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["kind"], "show");
}

#[test]
fn a_non_loopback_host_is_refused_unless_allowed() {
    let err = bad(&["serve", "--host", "0.0.0.0", "--port", "0"]);
    assert!(err.contains("--allow-remote"), "{err}");
    let err = bad(&["serve", "--host", "example.org"]);
    assert!(err.contains("not an IP address"), "{err}");
}

#[test]
fn pages_commands_and_stored_census_results() {
    let server = start(&[]);
    let mut c = Conn::open(&server.addr);
    let r = c.get("/");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
    let index = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/web/index.html")).unwrap();
    assert_eq!(r.body, index);
    let commands = c.get("/api/commands").json();
    let list = commands["commands"].as_array().unwrap();
    assert_eq!(list.len(), cubelab_cli::web::COMMANDS.len() + cubelab_cli::web::FILE_COMMANDS.len());
    assert!(list.iter().any(|e| e["endpoint"] == "/api/picture/solve"
        && e["keys"] == json!(["board", "method", "metric", "max_nodes", "timeout"])));
    // Every stored census: listed, served as stored, with the command that prints it.
    let stored = c.get("/api/census").json();
    let names: Vec<&str> = stored.as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap()).collect();
    let script = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/census-data.sh")).unwrap();
    let scripted: Vec<String> = script
        .lines()
        .filter_map(|l| l.strip_prefix("run "))
        .map(|l| {
            let (name, args) = l.split_once(' ').unwrap();
            format!("{name}: cubelab {args}")
        })
        .collect();
    let served: Vec<String> = stored
        .as_array()
        .unwrap()
        .iter()
        .map(|e| format!("{}: {}", e["name"].as_str().unwrap(), e["command"].as_str().unwrap()))
        .collect();
    assert_eq!(served, scripted, "scripts/census-data.sh and the served list differ");
    for name in &names {
        let r = c.get(&format!("/api/census/{name}"));
        assert_eq!(r.status, 200);
        let file = std::fs::read(format!("{}/../../docs/data/census/{name}.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
        assert_eq!(r.body, file, "{name}");
        let kind = r.json()["kind"].as_str().unwrap().to_string();
        assert!(r.header("x-cubelab-command").is_some_and(|c| c.ends_with("--json")), "{name}");
        assert!(
            kind.contains("census")
                || kind.starts_with("stack")
                || kind.contains("target")
                || kind.contains("multisets")
                || kind.contains("universal")
                || kind.contains("solution"),
            "{name}: {kind}"
        );
    }
    // The quick ones are what their command prints today.
    for name in ["solution-numbers", "targets-8", "picture-2x2-half", "stack-4"] {
        let entry = stored.as_array().unwrap().iter().find(|e| e["name"] == *name).unwrap();
        let command = entry["command"].as_str().unwrap();
        let args: Vec<&str> = command.split(' ').skip(1).collect();
        assert_eq!(c.get(&format!("/api/census/{name}")).text(), ok(&args), "{command}");
    }
}

/// The mixed requests of the load test: (method, path, body, expected status).
fn mix() -> Vec<(&'static str, &'static str, String, u16)> {
    let blocks = json!(CONWAY);
    vec![
        ("POST", "/api/show", json!({"cube": "Ab"}).to_string(), 200),
        ("POST", "/api/build", json!({"blocks": blocks}).to_string(), 200),
        ("POST", "/api/solve", json!({"target": "Cb", "blocks": blocks}).to_string(), 200),
        ("POST", "/api/picture/check", json!({"board": "UF RB / DL UF"}).to_string(), 200),
        ("POST", "/api/picture/solve", json!({"board": "FD UF / UF FD", "method": "optimal"}).to_string(), 200),
        ("POST", "/api/picture/scramble", json!({"m": 3, "n": 3, "seed": 7}).to_string(), 200),
        ("POST", "/api/magic/construct", json!({"order": 5}).to_string(), 200),
        ("POST", "/api/stack/solve", json!({"classic": "instant-insanity"}).to_string(), 200),
        ("GET", "/api/census/targets-8", String::new(), 200),
        ("POST", "/api/show", json!({"cube": "Zz"}).to_string(), 400),
    ]
}

/// Sends `total` requests of the mix over `connections` keep-alive connections at once;
/// returns the wall time and every latency, sorted. Panics on any unexpected status.
fn load(addr: &str, total: usize, connections: usize) -> (Duration, Vec<Duration>) {
    let mix = mix();
    let started = Instant::now();
    let mut latencies: Vec<Duration> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..connections)
            .map(|k| {
                let mix = &mix;
                s.spawn(move || {
                    let mut c = Conn::open(addr);
                    let mut own = Vec::new();
                    for i in (k..total).step_by(connections) {
                        let (method, path, body, status) = &mix[i % mix.len()];
                        let t = Instant::now();
                        let r = c.send(method, path, &[("Content-Type", "application/json")], body.as_bytes());
                        own.push(t.elapsed());
                        assert_eq!(r.status, *status, "{method} {path} {body}: {}", r.text());
                    }
                    own
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let wall = started.elapsed();
    latencies.sort();
    assert_eq!(latencies.len(), total);
    (wall, latencies)
}

/// The fast slice of the load test: 100 mixed requests over 16 connections, none failing.
#[test]
fn load_slice_100_requests_over_16_connections() {
    // Sixteen connections from one address: above the default per-client limit (4), which
    // the adversarial tests check; here every request is to be served.
    let server = start(&["--per-client", "16"]);
    // No time asserted: the statuses are (a busy machine only makes this slower).
    let (_, latencies) = load(&server.addr, 100, 16);
    assert_eq!(latencies.len(), 100);
    assert_eq!(Conn::open(&server.addr).get("/api/commands").status, 200);
}

/// The load test of docs/benchmarks.md: 1,000 mixed requests over 16 connections, three
/// runs; prints throughput and p50/p99 latency of each. Run it on a release build:
/// `CUBELAB_SERVE_BIN=$PWD/target/release/cubelab cargo test -p cubelab-cli --test cli
/// load_1000 -- --ignored --nocapture`.
#[test]
#[ignore]
fn load_1000_requests_over_16_connections() {
    let server = start(&[]);
    for run in 1..=3 {
        let (wall, latencies) = load(&server.addr, 1000, 16);
        let p = |q: f64| latencies[((latencies.len() as f64 * q).ceil() as usize).min(latencies.len()) - 1];
        println!(
            "run {run}: 1000 requests in {:.2} s: {:.0} requests/s, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            wall.as_secs_f64(),
            1000.0 / wall.as_secs_f64(),
            p(0.5).as_secs_f64() * 1e3,
            p(0.99).as_secs_f64() * 1e3,
            latencies.last().unwrap().as_secs_f64() * 1e3
        );
    }
    assert_eq!(Conn::open(&server.addr).get("/api/commands").status, 200);
}

#[test]
fn a_served_distance_table_solves_boards_beyond_the_optimal_limit() {
    // 7x1 is over the 6 cubes an optimal search may have in a request; with the table
    // loaded its boards are look-ups. The answer is the CLI's --table answer, and its
    // length the census distance of the board (--watch).
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("7x1.table");
    let t = table.to_str().unwrap();
    let census: Value = serde_json::from_str(&ok(&[
        "picture",
        "census",
        "7",
        "1",
        "--json",
        "--save-table",
        t,
        "--watch",
        "3",
        "--seed",
        "5",
    ]))
    .unwrap();
    let plain = start(&[]);
    let server = start(&["--picture-table", t]);
    for (k, w) in census["watched"].as_array().unwrap().iter().enumerate() {
        let board = w["board"].as_str().unwrap();
        let body = json!({"board": board, "method": "optimal"}).to_string();
        let r = Conn::open(&server.addr).post("/api/picture/solve", &body);
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.text(), ok(&["picture", "solve", board, "--table", t, "--json"]), "board {k}");
        assert_eq!(r.json()["length"], w["distance"], "board {k}");
        let r = Conn::open(&plain.addr).post("/api/picture/solve", &body);
        assert_eq!(r.status, 422, "{}", r.text());
        // Another metric is not in the table: still refused.
        let half = json!({"board": board, "method": "optimal", "metric": "half"}).to_string();
        assert_eq!(Conn::open(&server.addr).post("/api/picture/solve", &half).status, 422);
    }
    // A bad table stops the server before it listens: one line, exit 2.
    std::fs::write(&table, b"not a table\n").unwrap();
    assert!(bad(&["serve", "--port", "0", "--picture-table", t]).contains("is corrupt"));
}

/// The file `cubelab print ...` writes with `-o FILE` (its name gives the format).
fn printed(args: &[&str], name: &str) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(name);
    ok(&[args, &["-o", file.to_str().unwrap()]].concat());
    std::fs::read(file).unwrap()
}

#[test]
fn printed_files_are_the_clis_files() {
    let server = start(&[]);
    let mut c = Conn::open(&server.addr);
    let magic = ok(&["magic", "construct", "--order", "3"]);
    let magic_file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(magic_file.path(), &magic).unwrap();
    let magic_path = magic_file.path().to_str().unwrap();
    let cases: Vec<(&str, Value, Vec<&str>, &str)> = vec![
        ("blocks", json!({"blocks": CONWAY, "format": "svg"}), [&["print", "blocks"], &CONWAY[..]].concat(), "svg"),
        (
            "blocks",
            json!({"blocks": CONWAY, "paper": "letter", "edge": 35.5, "format": "pdf"}),
            [&["print", "blocks"], &CONWAY[..], &["--paper", "letter", "--edge", "35.5mm"]].concat(),
            "pdf",
        ),
        (
            "stack",
            json!({"cubes": ["rgbyrr", "gbyrgg", "byrgbb", "yrgbyy"]}),
            vec!["print", "stack", "rgbyrr", "gbyrgg", "byrgbb", "yrgbyy"],
            "svg",
        ),
        (
            "stack",
            json!({"cubes": ["rgbyrr", "gbyrgg", "byrgbb", "yrgbyy"], "edge": 30, "format": "pdf"}),
            vec!["print", "stack", "rgbyrr", "gbyrgg", "byrgbb", "yrgbyy", "--edge", "3cm"],
            "pdf",
        ),
        ("magic", json!({"numbers": {"text": magic}, "format": "pdf"}), vec!["print", "magic", "-"], "pdf"),
        ("magic", json!({"numbers": {"file": magic_path, "text": magic}}), vec!["print", "magic", magic_path], "svg"),
    ];
    for (kind, body, args, format) in cases {
        let r = c.post(&format!("/api/print/{kind}"), &body.to_string());
        assert_eq!(r.status, 200, "{kind} {body}: {}", String::from_utf8_lossy(&r.body));
        let media = if format == "pdf" { "application/pdf" } else { "image/svg+xml" };
        assert_eq!(r.header("content-type"), Some(media));
        let disposition = format!("attachment; filename=\"cubelab-{kind}.{format}\"");
        assert_eq!(r.header("content-disposition"), Some(disposition.as_str()));
        let cli = if kind == "magic" && args.last() == Some(&"-") {
            let file = tempfile::tempdir().unwrap();
            let out = file.path().join(format!("m.{format}"));
            let done = cubelab()
                .args([&args[..], &["-o", out.to_str().unwrap()]].concat())
                .write_stdin(magic.clone())
                .output()
                .unwrap();
            assert!(done.status.success());
            std::fs::read(out).unwrap()
        } else {
            printed(&args, &format!("sheet.{format}"))
        };
        assert_eq!(r.body.starts_with(b"%PDF-"), format == "pdf");
        assert_eq!(r.body, cli, "{kind} {body}: the served file differs from the CLI's");
    }
    // Listed with their keys and the format.
    let commands = c.get("/api/commands").json();
    let listed = commands["commands"].as_array().unwrap();
    assert!(listed.iter().any(|e| e["endpoint"] == "/api/print/stack"
        && e["keys"] == json!(["cubes", "paper", "edge", "format"])
        && e["answer"] == json!(["image/svg+xml", "application/pdf"])));
    // Bad requests: one line naming the field, as the CLI's.
    let cases = [
        (json!({"blocks": ["Ab", "Zz"]}), "cube 2: 'Zz' is not a cube"),
        (json!({"blocks": ["Ab"], "edge": 9}), "edge 9mm: the edge must be at least 10 mm"),
        (json!({"blocks": ["Ab"], "format": "png"}), "'format': unknown variant `png`"),
        (json!({"blocks": ["Ab"], "output": "/tmp/x.svg"}), "'output': unknown field `output`"),
    ];
    for (body, needle) in cases {
        let r = c.post("/api/print/blocks", &body.to_string());
        assert_eq!(r.status, 400, "{body}: {}", r.text());
        assert!(r.error().starts_with(needle), "{body}: {}", r.error());
    }
    let err = bad(&["print", "blocks", "Ab", "--edge", "9"]);
    assert!(err.contains("--edge 9mm: the edge must be at least 10 mm"), "{err}");
    // Too many blocks to solve in a request: 422 with the command to run.
    let r = c.post("/api/print/blocks", &json!({"blocks": vec!["Ab"; 17]}).to_string());
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.json()["command"].as_str().is_some_and(|c| c.starts_with("cubelab print blocks Ab Ab")), "{}", r.text());
    // A GET is refused with the method to use.
    assert_eq!(c.get("/api/print/stack").status, 405);
}

/// Six 64 x 64 PNG pictures of deterministic noise (about 12 KiB each, so that the six as
/// base64 are larger than the other routes' 64 KiB), written to `dir`: their paths and bytes.
fn noisy_pictures(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    (0..6u32)
        .map(|k| {
            let mut x = 0x9e37_79b9_u32.wrapping_mul(k + 1);
            let img = image::RgbImage::from_fn(64, 64, |_, _| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                image::Rgb([x as u8, (x >> 8) as u8, (x >> 16) as u8])
            });
            let path = dir.join(format!("{}.png", char::from(b'a' + k as u8)));
            img.save(&path).unwrap();
            (path.to_str().unwrap().to_string(), std::fs::read(&path).unwrap())
        })
        .collect()
}

#[test]
fn printed_picture_cubes_are_the_clis_files() {
    use base64::Engine as _;
    let b64 = |bytes: &[u8]| base64::engine::general_purpose::STANDARD.encode(bytes);
    let server = start(&[]);
    let mut c = Conn::open(&server.addr);
    let dir = tempfile::tempdir().unwrap();
    let pictures = noisy_pictures(dir.path());
    let images: Vec<String> = pictures.iter().map(|(_, bytes)| b64(bytes)).collect();
    let paths: Vec<&str> = pictures.iter().map(|(p, _)| p.as_str()).collect();
    for format in ["svg", "pdf"] {
        let body = json!({"images": images, "rows": 1, "cols": 2, "paper": "letter", "edge": 35, "format": format});
        let body = body.to_string();
        assert!(body.len() > 64 * 1024, "larger than the other routes take: {}", body.len());
        let r = c.post("/api/print/picture", &body);
        assert_eq!(r.status, 200, "{format}: {}", String::from_utf8_lossy(&r.body));
        let media = if format == "pdf" { "application/pdf" } else { "image/svg+xml" };
        assert_eq!(r.header("content-type"), Some(media));
        let disposition = format!("attachment; filename=\"cubelab-picture.{format}\"");
        assert_eq!(r.header("content-disposition"), Some(disposition.as_str()));
        let args = [
            &["print", "picture", "--rows", "1", "--cols", "2", "--paper", "letter", "--edge", "35mm"][..],
            &["--images"],
            &paths[..],
        ]
        .concat();
        assert_eq!(
            r.body,
            printed(&args, &format!("sheet.{format}")),
            "{format}: the served file differs from the CLI's"
        );
    }
    // Listed with its keys and its own body limit.
    let commands = c.get("/api/commands").json();
    let entry =
        commands["commands"].as_array().unwrap().iter().find(|e| e["endpoint"] == "/api/print/picture").cloned();
    let entry = entry.expect("listed");
    assert_eq!(entry["keys"], json!(["images", "names", "rows", "cols", "paper", "edge", "format"]));
    assert_eq!(entry["body_limit"], json!(48 * 1024 * 1024));
    // Bad pictures: 400, one line naming the picture.
    let mut bad_b64 = images.clone();
    bad_b64[2] = "not base64!".into();
    let mut not_image = images.clone();
    not_image[3] = b64(b"not a picture");
    let names = ["a.png", "b.png", "c.png", "notes.png", "e.png", "f.png"];
    let cases = [
        (json!({"images": bad_b64, "rows": 1, "cols": 2}), "'images': picture C is not base64: "),
        (
            json!({"images": not_image, "names": names, "rows": 1, "cols": 2}),
            "images: picture D 'notes.png' is not a PNG or JPEG file",
        ),
        (json!({"images": not_image, "rows": 1, "cols": 2}), "images: picture D is not a PNG or JPEG file"),
        (
            json!({"images": &images[..5], "rows": 1, "cols": 2}),
            "images: exactly 6 pictures are needed (one per face), not 5",
        ),
        (json!({"images": images, "rows": 7, "cols": 2}), "rows 7: a printed board has 1 to 6 rows"),
    ];
    for (body, needle) in cases {
        let r = c.post("/api/print/picture", &body.to_string());
        assert_eq!(r.status, 400, "{needle}: {}", r.text());
        assert!(r.error().starts_with(needle), "{needle}: {}", r.error());
    }
    // The CLI's line for the same file names the option and the path instead.
    let notes = dir.path().join("notes.png");
    std::fs::write(&notes, "not a picture").unwrap();
    let mut six = paths.clone();
    six[3] = notes.to_str().unwrap();
    let err = bad(&[&["print", "picture", "--rows", "1", "--cols", "2", "--images"][..], &six[..]].concat());
    assert!(err.contains("--images: picture D '") && err.contains("notes.png' is not a PNG or JPEG file"), "{err}");
    // A body announced larger than 48 MiB: 413 at once, one line, the body never read.
    let mut raw = TcpStream::connect(&server.addr).unwrap();
    let head = format!(
        "POST /api/print/picture HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        server.addr,
        48 * 1024 * 1024 + 1
    );
    raw.write_all(head.as_bytes()).unwrap();
    let mut answer = String::new();
    raw.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.ends_with("{\"error\":\"the request body is larger than 48 MiB\"}\n"), "{answer}");
    // The other routes keep their 64 KiB.
    let r =
        Conn::open(&server.addr).post("/api/print/stack", &format!("{{\"cubes\": [\"{}\"]}}", "r".repeat(70 * 1024)));
    assert_eq!(r.status, 413, "{}", r.text());
    assert!(r.error().contains("64 KiB"));
}

#[test]
fn picture_requests_held_at_once_are_bounded() {
    let server = start(&[]);
    // Two picture requests whose bodies never finish arriving hold both places.
    let holding: Vec<TcpStream> = (0..2)
        .map(|_| {
            let mut s = TcpStream::connect(&server.addr).unwrap();
            let head = format!(
                "POST /api/print/picture HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{",
                server.addr
            );
            s.write_all(head.as_bytes()).unwrap();
            s
        })
        .collect();
    // A third is refused with 503 once the server has read both heads (no clock: retried
    // until it has; each try is a whole request, a millisecond's pause between tries so
    // that a loaded machine's server thread gets to the heads: up to 20,000 tries).
    let third = || Conn::open(&server.addr).post("/api/print/picture", "{}");
    let refused = (0..20_000)
        .map(|i| {
            if i > 0 {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            third()
        })
        .find(|r| r.status == 503)
        .expect("a third picture request is refused");
    assert_eq!(refused.error(), "the server is making 2 picture cubes already; try again");
    assert_eq!(refused.header("retry-after"), Some("1"));
    // The other routes are not held up.
    assert_eq!(Conn::open(&server.addr).post("/api/show", &json!({"cube": "Ab"}).to_string()).status, 200);
    // Closing the two gives their places back: the next is answered (400: no pictures).
    drop(holding);
    let r = (0..2000).map(|_| third()).find(|r| r.status != 503).expect("the places are given back");
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.error().contains("missing field `images`"), "{}", r.error());
}
