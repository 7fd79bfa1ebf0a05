//! The API layer (`cubelab_cli::api::call`): for every command of `scripts/golden.sh`
//! printing JSON, calling the API with the `input` its output echoes returns the same
//! bytes; commands the API does not run are refused with the command to run.

use super::cubelab;
use cubelab_cli::api::{call, Context, ErrorKind, COMMANDS};
use serde_json::{json, Value};
use std::path::Path;

/// Splits a line of `scripts/golden.sh` into words as the shell does for its simple
/// quoting ('...', "..." and bare words).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                in_word = true;
                for d in chars.by_ref() {
                    if d == c {
                        break;
                    }
                    word.push(d);
                }
            }
            ' ' | '\t' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            _ => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// Every command line of `scripts/golden.sh` (the list and the `run` lines).
fn golden_commands() -> Vec<Vec<String>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/golden.sh");
    let text = std::fs::read_to_string(path).unwrap();
    let list = text.split("<<'CMDS'\n").nth(1).unwrap().split("\nCMDS\n").next().unwrap();
    let runs = text.lines().filter_map(|l| l.strip_prefix("run "));
    list.lines().chain(runs).filter(|l| !l.is_empty() && !l.starts_with('#')).map(shell_words).collect()
}

/// The API's command path of a command line (`picture solve`, `build`).
fn path_of(words: &[String]) -> String {
    let n = if ["census", "magic", "picture", "stack"].contains(&words[0].as_str()) { 2 } else { 1 };
    words[..n].join(" ")
}

#[test]
fn the_api_prints_what_the_cli_prints_for_every_golden_json_command() {
    let mut compared = 0;
    let mut refused = 0;
    for words in golden_commands().into_iter().filter(|w| w.iter().any(|a| a == "--json")) {
        let path = path_of(&words);
        if !COMMANDS.contains(&path.as_str()) {
            // Censuses and merges: refused whatever the input (so not run here).
            let e = call(&path, &json!({}), &Context::new()).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Refused, "{words:?}: {e}");
            assert!(e.command().is_some_and(|c| c.starts_with(&format!("cubelab {path}"))), "{e:?}");
            refused += 1;
            continue;
        }
        let out = cubelab().args(&words).output().unwrap();
        assert!(out.status.success(), "{words:?} fails");
        let stdout = String::from_utf8(out.stdout).unwrap();
        let input = serde_json::from_str::<Value>(&stdout).unwrap()["input"].clone();
        let text = call(&path, &input, &Context::new()).unwrap_or_else(|e| panic!("{words:?}: {e}"));
        assert_eq!(text, stdout, "cubelab {words:?}: the API's output differs");
        compared += 1;
    }
    assert!(compared >= 20 && refused >= 10, "{compared} compared, {refused} refused");
}

#[test]
fn missing_keys_take_the_defaults_and_null_is_absent() {
    let full = call("solve", &json!({"target": "Cb", "blocks": ["Ac","Af","Ba","Bf","Ea","Ef","Fa","Fc"], "interior": false, "limit": 100, "explain": false}), &Context::new()).unwrap();
    let short = call(
        "solve",
        &json!({"target": "Cb", "blocks": ["Ac","Af","Ba","Bf","Ea","Ef","Fa","Fc"], "limit": null}),
        &Context::new(),
    )
    .unwrap();
    assert_eq!(full, short);
    let cli = super::ok(&["solve", "Cb", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc", "--json"]);
    assert_eq!(full, cli);
}

/// One bad input: its kind and its message.
fn bad(command: &str, input: Value) -> (ErrorKind, String) {
    let e = call(command, &input, &Context::new()).unwrap_err();
    assert_eq!(e.message().lines().count(), 1, "{e}");
    (e.kind(), e.message().to_string())
}

#[test]
fn bad_inputs_are_refused_with_the_cli_message() {
    let blocks = json!(["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]);
    let cases: Vec<(&str, Value, &str)> = vec![
        ("build", json!([1, 2]), "must be a JSON object"),
        ("build", json!({"blocks": blocks, "colour": 1}), "unknown key 'colour'"),
        ("build", json!({"blocks": "Ac"}), "'blocks' must be an array"),
        ("build", json!({"blocks": [1.5, {}]}), "'blocks' must be an array of strings"),
        ("build", json!({"blocks": blocks, "improper": "yes"}), "'improper' must be true or false"),
        ("build", json!({"blocks": ["Ac", "Af"]}), "a 2x2x2 cube needs 8 blocks, 2 given"),
        ("build", json!({}), "required"),
        ("show", json!({"cube": "Zz"}), "Zz"),
        ("show", json!({"cube": "--svg=/tmp/x.svg"}), "--svg=/tmp/x.svg"),
        ("show", json!({"cube": "Ab", "svg": "/tmp/x.svg"}), "not available through the API"),
        ("solve", json!({"target": "Cb", "blocks": blocks, "limit": -1}), "-1"),
        ("magic check", json!({"file": "/etc/passwd"}), "reads no files"),
        ("magic check", json!({"file": "-"}), "no standard input"),
        ("picture solve", json!({"board": "XX"}), "XX"),
        ("picture solve", json!({"board": "UF RB / DL UF", "method": "fastest"}), "fastest"),
        ("nonsense", json!({}), "unknown command 'nonsense'"),
        ("man", json!({}), "unknown command 'man'"),
    ];
    for (command, input, needle) in cases {
        let (kind, message) = bad(command, input.clone());
        assert_eq!(kind, ErrorKind::BadInput, "{command} {input}: {message}");
        assert!(message.contains(needle), "{command} {input}: {message:?} should name {needle:?}");
    }
    // The same message as the command line's, after its "error: ".
    let (_, message) = bad("show", json!({"cube": "Zz"}));
    let cli = super::bad(&["show", "Zz", "--json"]);
    assert_eq!(format!("error: {message}\n"), cli);
}

#[test]
fn expensive_work_is_refused_with_the_command_to_run() {
    let many: Vec<String> = std::iter::repeat_n("Ab".to_string(), 40).collect();
    let cases: Vec<(&str, Value, &str)> = vec![
        ("build", json!({"blocks": many}), "cubelab build Ab Ab"),
        ("picture census", json!({"m": 3, "n": 3}), "cubelab picture census 3 3 --json"),
        ("picture census", json!({"m": 2, "n": 2, "group": "A5"}), "cubelab picture census 2 2 --group A5"),
        (
            "picture solve",
            json!({"board": "UF UF UF UF / UF UF UF UF / UF UF UF UF / UF UF UF UF", "method": "optimal"}),
            "--method optimal",
        ),
        ("magic construct", json!({"order": 200}), "cubelab magic construct --order 200 --json"),
        ("cubes", json!({"palette": 12}), "cubelab cubes --palette 12 --json"),
        ("stack census", json!({"colors": 6}), "cubelab stack census --colors 6"),
        ("census targets", json!({"size": "8"}), "cubelab census targets"),
        ("stack merge", json!({}), "cubelab stack merge"),
    ];
    for (command, input, needle) in cases {
        let e = call(command, &input, &Context::new()).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Refused, "{command}: {e}");
        assert!(e.message().contains(needle), "{command}: {e} should hold {needle:?}");
    }
}

#[test]
fn magic_check_reads_the_context_stdin() {
    let cube = super::ok(&["magic", "construct", "--order", "3"]);
    let via_api = call("magic check", &json!({"file": "-"}), &Context::new().with_stdin(cube.clone())).unwrap();
    let via_cli = cubelab().args(["magic", "check", "-", "--json"]).write_stdin(cube).output().unwrap();
    assert_eq!(via_api.as_bytes(), via_cli.stdout.as_slice());
}

#[test]
fn a_requested_stop_refuses_a_long_run() {
    let ctx = Context::new();
    ctx.stop().request();
    let e = call("picture census", &json!({"m": 2, "n": 2}), &ctx).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused, "{e}");
    assert!(e.message().contains("stopped"), "{e}");
}

#[test]
fn progress_reaches_the_observer() {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    #[derive(Default)]
    struct Count(AtomicU64);
    impl cubelab::run::Progress for Count {
        fn advance(&self, units: u64) {
            self.0.fetch_add(units, Ordering::Relaxed);
        }
    }
    let seen = Arc::new(Count::default());
    let ctx = Context::new().with_progress(seen.clone());
    call("picture census", &json!({"m": 2, "n": 2}), &ctx).unwrap();
    assert!(seen.0.load(Ordering::Relaxed) > 0);
}
