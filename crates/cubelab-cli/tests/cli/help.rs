//! Every example in every `--help` runs: the examples are read from the help itself (all
//! commands and subcommands, found by walking the `Commands:` lists), so a changed flag
//! cannot leave a stale example behind.
//!
//! An example is the command on a line `  cubelab ...` of an `Examples:` block, up to two
//! spaces outside quotes (what follows is its description, which may go on over indented
//! lines). Examples are run with `sh -c` in one scratch directory per help page, in order
//! (so one may read the file an earlier one wrote), with `cubelab` on the PATH and a
//! `cube.txt` holding a magic cube. Each must exit 0, or 3 when it stops itself with
//! `--stop-after`. An example whose description gives a duration of 3 s or more
//! ("about 15 min") is long: it runs only in the ignored test
//! (`cargo test -p cubelab-cli --test cli -- --ignored every_long_help_example`).

use crate::{cubelab, ok};
use std::path::Path;
use std::process::{Command, Stdio};

/// One example: the help page it is on, the shell command, and its stated duration.
struct Example {
    page: String,
    command: String,
    seconds: Option<u64>,
}

/// The subcommands listed under `Commands:` (without `help`).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect()
}

/// The index of the first byte outside quotes at which `stop(bytes, i)` holds (quotes are
/// `'` or `"`, with no escapes), if any: the one scanner of shell example lines.
pub(crate) fn first_unquoted(line: &str, stop: impl Fn(&[u8], usize) -> bool) -> Option<usize> {
    let mut quote = None;
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match quote {
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None if b == b'\'' || b == b'"' => quote = Some(b),
            None if stop(bytes, i) => return Some(i),
            None => {}
        }
    }
    None
}

/// The command part of an example line: up to the first two spaces outside quotes.
pub(crate) fn command_of(line: &str) -> &str {
    match first_unquoted(line, |b, i| b[i] == b' ' && b.get(i + 1) == Some(&b' ')) {
        Some(i) => &line[..i],
        None => line,
    }
}

/// The duration a description states ("about 5 s", "about 15 min"), in seconds.
fn stated_seconds(description: &str) -> Option<u64> {
    let words: Vec<&str> = description.split_whitespace().collect();
    words.windows(3).find_map(|w| {
        let n: u64 = w[1].parse().ok().filter(|_| w[0].trim_start_matches('(') == "about")?;
        match w[2].trim_end_matches([')', ',', ';']) {
            "s" => Some(n),
            "min" => Some(60 * n),
            "h" => Some(3600 * n),
            _ => None,
        }
    })
}

/// The examples of one help text.
fn examples_of(page: &str, help: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut inside = false;
    for line in help.lines() {
        if line.trim().starts_with("Examples") && line.trim().ends_with(':') {
            inside = true;
        } else if line.trim().is_empty() {
            inside = false;
        } else if inside {
            let text = line.trim();
            let description = if text.starts_with("cubelab ") {
                let command = command_of(text);
                out.push(Example { page: page.to_string(), command: command.to_string(), seconds: None });
                &text[command.len()..]
            } else {
                text // a description going on over the next line
            };
            if let Some(last) = out.last_mut() {
                last.seconds = last.seconds.or(stated_seconds(description));
            }
        }
    }
    out
}

/// Every help page as (command path, help text), walking the command tree from
/// `cubelab --help`.
pub(crate) fn all_help_pages() -> Vec<(String, String)> {
    let mut pages = vec![Vec::<String>::new()];
    let mut out = Vec::new();
    while let Some(path) = pages.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = ok(&args);
        for sub in subcommands(&help) {
            pages.push([path.clone(), vec![sub]].concat());
        }
        out.push((path.join(" "), help));
    }
    out
}

/// Every example of every help page.
fn all_examples() -> Vec<Example> {
    all_help_pages().iter().flat_map(|(page, help)| examples_of(page, help)).collect()
}

#[test]
fn help_cites_papers_by_title_and_explains_boards() {
    let pages = all_help_pages();
    assert!(pages.len() > 30, "{} help pages found", pages.len());
    for (page, help) in &pages {
        // A user has the papers, not "the seed" they were given to this project as.
        assert!(!help.contains("seed's") && !help.contains("the seed "), "cubelab {page} --help: {help}");
        // A BOARD argument says what a board is and how to write one.
        if let Some(line) = help.lines().find(|l| l.trim_start().starts_with("<BOARD>")) {
            assert!(
                line.contains("one token per cube") && line.contains("'/'") && line.contains("'UF'"),
                "{page}: {line}"
            );
        }
    }
    let solve = ok(&["picture", "solve", "--help"]);
    assert!(solve.contains("Section 4 of \"Analysis of the picture cube puzzle\""), "{solve}");
    assert!(ok(&["picture", "check", "--help"]).contains("<BOARD>  The board: one token per cube"));
}

/// Runs the examples, each in its page's scratch directory, asserting its exit code. No
/// wall-clock limit: a slow or busy machine only makes the test slower, never failing.
fn run_examples(examples: &[&Example]) {
    let bin = assert_cmd::cargo::cargo_bin("cubelab");
    let path = format!("{}:{}", bin.parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    let root = tempfile::tempdir().unwrap();
    let cube = cubelab().args(["magic", "construct", "--order", "3"]).output().unwrap().stdout;
    for e in examples {
        let dir = root.path().join(e.page.replace(' ', "-") + "-page");
        if !dir.exists() {
            std::fs::create_dir(&dir).unwrap();
            std::fs::write(dir.join("cube.txt"), &cube).unwrap();
        }
        let code = run_in(&e.command, &dir, &path);
        let expected = if e.command.contains("--stop-after") { 3 } else { 0 };
        assert_eq!(
            code,
            Some(expected),
            "help example `{}` (cubelab {} --help) exited with {code:?}",
            e.command,
            e.page
        );
    }
}

/// The exit code of `sh -c command` in `dir`.
fn run_in(command: &str, dir: &Path, path: &str) -> Option<i32> {
    Command::new("sh")
        .args(["-c", command])
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap()
        .code()
}

#[test]
fn the_examples_are_found_on_every_help_page() {
    let examples = all_examples();
    // Every command and subcommand page that has examples is walked: spot-check a few deep ones.
    for page in ["", "census targets", "picture solve", "magic enumerate", "completions", "man"] {
        assert!(examples.iter().any(|e| e.page == page), "no examples found on `cubelab {page} --help`");
    }
    assert!(examples.len() > 50, "only {} examples found", examples.len());
    // The parser keeps quotes and substitutions and drops descriptions.
    assert!(examples.iter().any(|e| e.command == "cubelab show 152463"));
    assert!(examples.iter().any(|e| e.command.contains("\"$(cubelab picture scramble 3 3 --seed 1)\"")));
    assert_eq!(stated_seconds("(about 15 min)"), Some(900));
    assert_eq!(stated_seconds("(each about 5 s, exit 3)"), Some(5));
    assert_eq!(stated_seconds("Johnson-Roldan Table 1"), None);
}

#[test]
fn every_quick_help_example_runs() {
    let examples = all_examples();
    let quick: Vec<&Example> = examples.iter().filter(|e| e.seconds.is_none_or(|s| s < 3)).collect();
    run_examples(&quick);
}

#[test]
#[ignore = "runs the long help examples: about 20 minutes"]
fn every_long_help_example_runs() {
    let examples = all_examples();
    let long: Vec<&Example> = examples.iter().filter(|e| e.seconds.is_some_and(|s| s >= 3)).collect();
    assert!(!long.is_empty());
    run_examples(&long);
}
