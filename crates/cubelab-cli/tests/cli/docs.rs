//! Every documented example runs as it is written: the command lines in the code blocks
//! of README.md and docs/*.md, and the `curl` examples there and in every `--help`, with
//! the help pages' pipes into `cubelab` (their `cubelab ...` examples are run by `help.rs`).
//!
//! An example is a logical line of a fenced code block (lines ending in `\` or `|` go on
//! over the next one; a leading `$ ` is dropped) whose first word is `cubelab` or `curl`,
//! or that pipes into one of them (`printf ... | cubelab magic check -`);
//! `cargo run --release -p cubelab-cli --` is the `cubelab` under test. Shell function
//! definitions and `mkdir -p` lines of a block run before its later examples. A synopsis
//! line (placeholders such as `FILE`, `SET`, `K|all`, optional `[--flag]`, `…`) is not an
//! example. The examples of one file run in order with `sh -c` in one scratch directory
//! (which is also `$HOME`), holding a magic cube `cube.txt` and six pictures `a.jpg` ...
//! `f.png`, with `cubelab` on the PATH; each must exit 0, or 2 when its comment says
//! "exit 2". The curl examples run against one `cubelab serve` on a free loopback port
//! (`localhost:8080` and `127.0.0.1:8080` rewritten to it) with `--fail` added, so that an
//! HTTP error fails them, unless the answer shown below the example is an error.
//!
//! The slow examples are in [`SKIPPED`], each with its reason; a failure names the file
//! and line of the example.

use crate::cubelab;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A stated duration from which an example is long, and not run here (seconds).
const LONG: f64 = 3.0;

/// Documented command lines that are not run here: (file, the command's start, why).
/// Each entry must match an example (a stale entry fails the test).
const SKIPPED: &[(&str, &str, &str)] = &[
    // Long runs (the times of a debug build on a loaded 2-core machine).
    ("README.md", "cubelab census targets --size all", "all 2^30 sub-collections: minutes of CPU"),
    ("README.md", "cubelab census infeasible", "every multiset on every support: about 20 s"),
    ("README.md", "cubelab census sobczyk", "Sobczyk's statements over every multiset: about 12 s"),
    ("README.md", "cubelab verify --quick", "second methods over whole censuses: about 17 s"),
    ("docs/census.md", "cubelab census multisets --size 8", "all 38,608,020 multisets: about 4 s"),
    ("docs/census.md", "cubelab census sobczyk", "Sobczyk's statements over every multiset: about 12 s"),
    ("docs/design.md", "cubelab design blocks --target Ba --arrangements 2 --interior", "about 6 s"),
    ("docs/design.md", "cubelab design blocks --targets 6 --repeats", "every multiset of 8: about 3 s"),
    ("docs/design.md", "cubelab design blocks --target Ba --targets 2 --repeats", "every multiset of 8: about 3 s"),
    (
        "docs/design.md",
        "cubelab design blocks --target Ba --arrangements 1 --repeats",
        "every multiset of 8: about 4 s",
    ),
    ("docs/design.md", "cubelab design blocks --target Ba --interior --repeats", "every multiset of 8: about 4 s"),
    ("docs/design.md", "cubelab design blocks --target Ba --palette 7 --json", "about 3 s"),
    ("docs/magic.md", "cubelab magic squares --order 5 --shard 1/4", "a quarter of the order-5 census: 15 s of CPU"),
    ("docs/magic.md", "cubelab magic estimate --order 4 --samples 100000", "more than 40 s"),
    ("docs/magic.md", "cubelab magic estimate --order 3 --samples 20000 --exact", "about 5 s"),
    ("docs/magic.md", "cubelab magic estimate --order 4 --fixed-cells 24", "about 4 s"),
    ("docs/magic.md", "cubelab magic estimate --method tempering --of squares --order 5", "about 15 s"),
    ("docs/magic.md", "cubelab magic estimate --method tempering --order 4", "more than 40 s"),
    ("docs/picture.md", "cubelab picture census 12 1", "hours (a long run, restartable)"),
    ("docs/picture.md", "cubelab picture census 3 3", "hours (a long run, restartable)"),
    ("docs/picture.md", "cubelab picture census 2 2 --group A5", "about 3 s"),
    ("docs/results.md", "cubelab magic enumerate --order 4 --property pantriagonal", "the whole order-4 search: hours"),
    ("docs/results.md", "cubelab picture census 12 1", "hours (a long run, restartable)"),
    ("docs/results.md", "cubelab picture census 13 1", "hours (a long run, restartable)"),
    ("docs/results.md", "cubelab picture census 5 2", "hours (a long run, restartable)"),
    ("docs/results.md", "cubelab picture census 11 1 --metric half", "CPU-hours (a long run, restartable)"),
    ("docs/results.md", "cubelab picture census 12 1 --metric half", "hours (a long run, restartable)"),
    ("docs/results.md", "cubelab picture census 3 3", "hours (a long run, restartable)"),
    ("docs/results.md", "cubelab picture bounds 3 3", "about 17 s"),
    // Lines that need what the text around them provides.
    (
        "docs/census.md",
        "cubelab census targets --size all --json --shard ${SLURM_ARRAY_TASK_ID}/16",
        "a SLURM job array's line",
    ),
    ("docs/census.md", "cubelab census merge part-*.json", "merges the parts the job array wrote"),
    ("docs/scale-out.md", "cubelab census merge part-*.json", "merges the parts the job array wrote"),
    ("docs/scale-out.md", "cubelab census targets --size all --json --shard \"$I/$N\"", "a loop's body ($I of $N)"),
    ("docs/magic.md", "cubelab magic squares-merge p*.json", "merges four shards, of which the docs run one"),
    ("docs/stacks.md", "cubelab stack merge part1.json", "merges four shards, of which the docs run one"),
    ("README.md", "cubelab serve", "serves until Ctrl-C (the curl examples run against a server started here)"),
    ("docs/web.md", "cubelab serve", "serves until Ctrl-C (the curl examples run against a server started here)"),
    ("README.md", "cubelab man | man -l -", "opens man(1), which need not be installed"),
];

/// One documented example.
#[derive(Debug, Clone)]
struct Example {
    /// `README.md` or `docs/NAME.md`.
    file: String,
    /// Its first line (1-based).
    line: usize,
    /// The shell command, `cubelab` for `cargo run ... --`.
    command: String,
    /// The lines of its block before it that it may need (functions, `mkdir -p`).
    prelude: Vec<String>,
    /// The exit code it must end with.
    expected: i32,
    /// The duration its comment states ("# 49 s CPU", "~1 CPU-minute", "15 min"), in seconds.
    seconds: Option<f64>,
    /// The answer shown below it is an HTTP error (a curl example).
    shows_error: bool,
}

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// README.md and docs/*.md, as (name, text).
fn documents() -> Vec<(String, String)> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    let mut out = vec![("README.md".to_string(), std::fs::read_to_string(root().join("README.md")).unwrap())];
    for p in docs {
        let name = format!("docs/{}", p.file_name().unwrap().to_str().unwrap());
        out.push((name, std::fs::read_to_string(&p).unwrap()));
    }
    out
}

/// The part of a shell line before its comment (a `#` after a space, outside quotes), and
/// the comment.
fn split_comment(line: &str) -> (&str, &str) {
    match crate::help::first_unquoted(line, |b, i| b[i] == b'#' && (i == 0 || b[i - 1] == b' ')) {
        Some(i) => (line[..i].trim_end(), &line[i + 1..]),
        None => (line.trim_end(), ""),
    }
}

/// The words of a command outside quotes (quoted parts dropped).
fn unquoted_words(command: &str) -> Vec<String> {
    let mut out = String::new();
    let mut quote = None;
    for c in command.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None => out.push(c),
        }
    }
    out.split_whitespace().map(String::from).collect()
}

/// Whether a command line is a synopsis (placeholders, optional parts) rather than a
/// command to run.
fn is_synopsis(command: &str) -> bool {
    unquoted_words(command).iter().any(|w| {
        w.contains('[')
            || w.contains('…')
            || w.ends_with("...")
            || (w.contains('|') && w != "|")
            || (w.chars().all(|c| c.is_ascii_uppercase()) && !w.is_empty())
    })
}

/// Whether a logical line is an example: it starts with `cubelab` or `curl`, or pipes
/// into one of them.
fn is_example(command: &str) -> bool {
    let first = command.split_whitespace().next().unwrap_or("");
    first == "cubelab" || first == "curl" || command.contains("| cubelab ") || command.contains("| curl ")
}

/// The examples of one Markdown file.
fn examples_of(file: &str, text: &str) -> Vec<Example> {
    const CARGO_RUN: &str = "cargo run --release -p cubelab-cli --";
    let mut out: Vec<Example> = Vec::new();
    let mut in_block = false;
    let mut prelude: Vec<String> = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, raw)) = lines.next() {
        if raw.trim_start().starts_with("```") {
            in_block = !in_block;
            prelude.clear();
            continue;
        }
        if !in_block {
            continue;
        }
        // The logical line: continued over lines ending in `\` or `|`.
        let mut logical = raw.trim().to_string();
        while logical.ends_with('\\') || logical.ends_with('|') {
            let Some((_, next)) = lines.next_if(|(_, l)| !l.trim_start().starts_with("```")) else { break };
            if logical.ends_with('\\') {
                logical.pop();
            }
            logical = format!("{} {}", logical.trim_end(), next.trim());
        }
        let logical = logical.strip_prefix("$ ").unwrap_or(&logical).to_string();
        let logical = logical.replace(CARGO_RUN, "cubelab");
        let (command, comment) = split_comment(&logical);
        if command.contains("() {") || command.starts_with("mkdir -p ") {
            prelude.push(command.to_string());
            continue;
        }
        if command.starts_with("{\"error\"") {
            if let Some(last) = out.last_mut().filter(|e| e.command.starts_with("curl ")) {
                last.shows_error = true;
            }
            continue;
        }
        if !is_example(command) || is_synopsis(command) {
            continue;
        }
        let expected = if comment.contains("exit 2") { 2 } else { 0 };
        out.push(Example {
            file: file.to_string(),
            line: i + 1,
            command: command.to_string(),
            prelude: prelude.clone(),
            expected,
            seconds: stated_seconds(comment),
            shows_error: false,
        });
    }
    out
}

/// The longest duration a comment states, in seconds: a number followed by `s`, `min` or
/// `h` (`49 s CPU`, `16.4 min wall`, `(--exact: 15 min)`), or `~N CPU-minute`.
fn stated_seconds(comment: &str) -> Option<f64> {
    let words: Vec<&str> = comment.split_whitespace().collect();
    let number = |w: &str| w.trim_start_matches(['(', '~']).replace(',', "").parse::<f64>().ok();
    words
        .windows(2)
        .filter_map(|w| {
            let n = number(w[0])?;
            match w[1].trim_end_matches([')', ',', ';', '.']) {
                "s" | "CPU-s" => Some(n),
                "min" | "CPU-minute" | "CPU-minutes" => Some(60.0 * n),
                "h" => Some(3600.0 * n),
                _ => None,
            }
        })
        .reduce(f64::max)
}

/// Every example of README.md and docs/*.md.
fn all_examples() -> Vec<Example> {
    documents().iter().flat_map(|(file, text)| examples_of(file, text)).collect()
}

/// The reason an example is not run: its stated duration is [`LONG`] or more, or it is
/// in [`SKIPPED`].
fn skipped(e: &Example) -> Option<String> {
    if let Some(s) = e.seconds.filter(|&s| s >= LONG) {
        return Some(format!("its comment states {s} s"));
    }
    SKIPPED
        .iter()
        .find(|(file, start, _)| *file == e.file && skip_matches(start, &e.command))
        .map(|(_, _, why)| why.to_string())
}

/// Whether a skip entry names this command: the command is the entry, or the entry
/// followed by more arguments.
fn skip_matches(start: &str, command: &str) -> bool {
    command == start || command.strip_prefix(start).is_some_and(|rest| rest.starts_with(' '))
}

/// Six pictures (64 x 64, deterministic noise) named as the docs name them.
fn write_pictures(dir: &Path) {
    for (k, name) in ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg", "f.png"].iter().enumerate() {
        let mut x = 0x2545_f491_u32.wrapping_mul(k as u32 + 1);
        let img = image::RgbImage::from_fn(64, 64, |_, _| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            image::Rgb([x as u8, (x >> 8) as u8, (x >> 16) as u8])
        });
        img.save(dir.join(name)).unwrap();
    }
}

/// Runs `prelude; command` with `sh -c` in `dir` ($HOME too), `cubelab` first on the
/// PATH: its exit code and the first line of its stderr.
fn run_in(prelude: &[String], command: &str, dir: &Path) -> (Option<i32>, String) {
    let bin = assert_cmd::cargo::cargo_bin("cubelab");
    let path = format!("{}:{}", bin.parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    let script = prelude.iter().map(|p| format!("{p}\n")).collect::<String>() + command;
    let out = Command::new("sh")
        .args(["-c", &script])
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).lines().next().unwrap_or("").to_string();
    (out.status.code(), err)
}

/// A curl example as run against the server at `addr`: its address rewritten, `--fail`
/// added (an HTTP error exits 22).
fn against(command: &str, addr: &str) -> String {
    command
        .replace("http://localhost:8080", &format!("http://{addr}"))
        .replace("http://127.0.0.1:8080", &format!("http://{addr}"))
        .replace("localhost:8080", addr)
        .replace("127.0.0.1:8080", addr)
        .replace("curl ", "curl --fail ")
}

#[test]
fn the_documented_examples_are_found() {
    let examples = all_examples();
    let find = |file: &str, command: &str| examples.iter().find(|e| e.file == file && e.command == command);
    // Plain lines, `cargo run` lines, `$ ` lines, continued lines and pipes.
    assert!(find("README.md", "cubelab show Ab").is_some());
    assert!(find("docs/magic.md", "cubelab magic construct --order 5 | cubelab magic check -").is_some());
    let curl = examples.iter().find(|e| e.file == "docs/web.md" && e.command.contains("/api/solve")).unwrap();
    assert!(curl.shows_error && curl.command.starts_with("curl -s http://127.0.0.1:8080/api/solve"), "{curl:?}");
    let print = examples.iter().find(|e| e.file == "docs/print.md" && e.command.contains("/api/print/picture"));
    let print = print.expect("the continued printf | curl example");
    assert!(print.command.starts_with("printf ") && print.prelude.iter().any(|p| p.starts_with("b64() {")));
    assert_eq!(find("docs/design.md", "cubelab design stack --cubes 6 --solutions 1").map(|e| e.expected), Some(2));
    // Synopses and prose are not examples.
    assert!(is_synopsis("cubelab census targets --size K|all [--list-max]"));
    assert!(is_synopsis("cubelab census merge FILES..."));
    assert!(is_synopsis("cubelab build --size 3 … --json"));
    assert!(!is_synopsis("cubelab picture solve 'UF RB / DL UF' --method optimal"));
    assert!(!is_synopsis("cubelab picture census 2 2 --group A5"));
    assert!(!examples.iter().any(|e| e.command.starts_with("cubelab answers")));
    assert_eq!(split_comment("cubelab show Ab   # one cube"), ("cubelab show Ab", " one cube"));
    assert_eq!(split_comment("cubelab build '#x' y"), ("cubelab build '#x' y", ""));
    assert_eq!(stated_seconds(" 582 s CPU, 16.4 min wall; table 286 MB").map(f64::round), Some(984.0));
    assert_eq!(stated_seconds(" 2,202,441,792 (--exact: 15 min)"), Some(900.0));
    assert_eq!(stated_seconds(" kind \"extended-guarantee\", ~1 CPU-minute"), Some(60.0));
    assert_eq!(stated_seconds(" 192, ~6 CPU-s"), Some(6.0));
    assert_eq!(stated_seconds(" Johnson-Roldan Table 2 (below)"), None);
    let squares = find("README.md", "cubelab magic squares --order 5").expect("the order-5 census");
    assert!(skipped(squares).is_some_and(|why| why.contains("60 s")), "{squares:?}");
    assert!(examples.len() > 100, "only {} examples found", examples.len());
    // Every skip entry still names an example.
    for (file, start, _) in SKIPPED {
        assert!(
            examples.iter().any(|e| e.file == *file && skip_matches(start, &e.command)),
            "stale skip {file}: {start}"
        );
    }
}

#[test]
fn every_documented_example_runs() {
    let server = crate::web::start(&[]);
    let scratch = tempfile::tempdir().unwrap();
    let cube = cubelab().args(["magic", "construct", "--order", "3"]).output().unwrap().stdout;
    let mut failures = Vec::new();
    let examples = all_examples();
    // The help pages' curl examples and pipes into cubelab (`printf ... | cubelab magic
    // check -`), as the docs' (`help.rs` runs the lines that start with `cubelab`).
    let help = crate::help::all_help_pages().into_iter().flat_map(|(page, text)| {
        let curls: Vec<Example> = text
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("curl ") || (!l.starts_with("cubelab ") && l.contains("| cubelab ")))
            .map(|l| Example {
                file: format!("cubelab {page} --help"),
                line: 0,
                command: crate::help::command_of(l).to_string(),
                prelude: Vec::new(),
                expected: 0,
                seconds: None,
                shows_error: false,
            })
            .collect();
        curls
    });
    let help: Vec<Example> = help.collect();
    assert!(help.iter().any(|e| e.command.starts_with("curl ")), "no curl example in the help pages");
    let printf = help.iter().find(|e| e.command.starts_with("printf ")).expect("magic check's printf example");
    assert_eq!(printf.command, "printf '2 7 6\\n9 5 1\\n4 3 8\\n' | cubelab magic check -", "on one line");
    for e in examples.iter().chain(&help) {
        if skipped(e).is_some() {
            continue;
        }
        let dir = scratch.path().join(e.file.replace(['/', ' '], "-"));
        if !dir.exists() {
            std::fs::create_dir(&dir).unwrap();
            std::fs::write(dir.join("cube.txt"), &cube).unwrap();
            write_pictures(&dir);
        }
        let curl = e.command.starts_with("curl ") || e.command.contains("| curl ");
        let (command, expected) = if curl {
            (against(&e.command, &server.addr), if e.shows_error { 22 } else { 0 })
        } else {
            (e.command.clone(), e.expected)
        };
        let (code, err) = run_in(&e.prelude, &command, &dir);
        if code != Some(expected) {
            failures
                .push(format!("{}:{}: `{}` exited with {code:?}, not {expected}: {err}", e.file, e.line, e.command));
        }
    }
    assert!(failures.is_empty(), "{} documented examples fail:\n{}", failures.len(), failures.join("\n"));
}
