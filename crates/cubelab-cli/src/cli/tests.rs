//! No panic from the command line's option parser: random argument vectors built from the
//! real subcommand and option names, with hostile values (huge and negative numbers, empty,
//! unicode, very long), go through everything that happens before a computation starts
//! (clap's parser, the output/input file check, the typed `Cli`), and every refusal is
//! one short line.

use super::*;
use proptest::prelude::*;

/// A command path (`["census", "targets"]`) and its long option names (`--size`, ...).
type Leaf = (Vec<String>, Vec<String>);

/// Every command path (every subcommand, with or without subcommands of its own) and its
/// long option names.
fn leaves() -> Vec<Leaf> {
    all_commands()
        .into_iter()
        .filter(|(path, cmd)| !path.is_empty() || cmd.get_subcommands().all(|s| s.get_name() == "help"))
        .map(|(path, cmd)| (path, cmd.get_arguments().filter_map(|a| a.get_long()).map(|l| format!("--{l}")).collect()))
        .collect()
}

/// Values a hostile or careless user types.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "0",
            "1",
            "-1",
            "2",
            "3",
            "7",
            "64",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "340282366920938463463374607431768211456",
            "1e308",
            "NaN",
            "inf",
            "-0",
            "",
            " ",
            "é",
            "🎲",
            "1/0",
            "0/0",
            "2/1",
            "1/18446744073709551615",
            "(1 100000)",
            "(1 2)(3 4)",
            "C12",
            "S13",
            "Ab",
            "K31",
            "Y1'",
            "152463",
            "UF RB / DL UF",
            "/dev/null",
            "-",
            "--",
            "=",
        ])
        .prop_map(str::to_string),
        any::<i64>().prop_map(|n| n.to_string()),
        any::<u64>().prop_map(|n| n.to_string()),
        "\\PC{0,12}",
        (1usize..20_000).prop_map(|n| "9".repeat(n)),
    ]
}

/// One argument vector: `cubelab PATH... [--option [value] | value]...`.
fn argv() -> impl Strategy<Value = Vec<String>> {
    let leaves = leaves();
    let count = leaves.len();
    (0..count, prop::collection::vec((any::<prop::sample::Index>(), 0u8..4, value()), 0..6)).prop_map(
        move |(k, items)| {
            let (path, longs) = &leaves[k];
            let mut argv = vec!["cubelab".to_string()];
            argv.extend(path.iter().cloned());
            for (pick, form, v) in items {
                match (form, longs.is_empty()) {
                    (0, false) => argv.push(pick.get(longs).clone()),
                    (1, false) => argv.extend([pick.get(longs).clone(), v]),
                    (2, false) => argv.push(format!("{}={v}", pick.get(longs))),
                    _ => argv.push(v),
                }
            }
            argv
        },
    )
}

/// Parses `argv` as `main` does, up to the typed command line (nothing runs): returns the
/// one line `main` would print for a refusal, or None when the command would run.
fn refusal(argv: &[String]) -> Option<String> {
    use clap::error::ErrorKind;
    let matches = match command().try_get_matches_from(argv) {
        Ok(m) => m,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => return None,
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            return Some(missing_subcommand_line(&e))
        }
        Err(e) => return Some(usage_line(&e)),
    };
    if let Err(e) = check_files(&matches) {
        return Some(shorten_quoted(&e.to_string()));
    }
    match Cli::from_arg_matches(&matches) {
        Ok(_) => None,
        Err(e) => Some(usage_line(&e)),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn the_option_parser_never_panics_and_refuses_in_one_short_line(args in argv()) {
        if let Some(line) = refusal(&args) {
            prop_assert_eq!(line.lines().count(), 1, "{:?}: {}", args, line);
            // A 20,000-digit argument is quoted shortened, not echoed whole.
            prop_assert!(line.chars().count() < 2000, "{:?}: {} characters", args, line.chars().count());
        }
    }
}

#[test]
fn every_leaf_command_is_generated() {
    let leaves = leaves();
    let paths: Vec<String> = leaves.iter().map(|(p, _)| p.join(" ")).collect();
    for needed in ["census targets", "picture census", "magic estimate", "stack merge", "show"] {
        assert!(paths.iter().any(|p| p == needed), "{needed} not in {paths:?}");
    }
    assert!(leaves.iter().any(|(p, longs)| p == &["census", "max-targets"] && longs.contains(&"--restarts".into())));
}

/// Every command of the whole tree, with its path (`["census", "targets"]`).
fn all_commands() -> Vec<(Vec<String>, clap::Command)> {
    fn walk(cmd: &clap::Command, path: &mut Vec<String>, out: &mut Vec<(Vec<String>, clap::Command)>) {
        out.push((path.clone(), cmd.clone()));
        for s in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            path.push(s.get_name().to_string());
            walk(s, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    walk(&command(), &mut Vec::new(), &mut out);
    out
}

#[test]
#[allow(deprecated)]
fn every_command_takes_negative_numbers_as_values() {
    let all = all_commands();
    assert!(all.len() > 40, "{} commands", all.len());
    for (path, cmd) in all {
        assert!(cmd.is_allow_negative_numbers_set(), "`cubelab {}` lacks allow_negative_numbers", path.join(" "));
    }
}

/// The help `main` prints for `argv` (clap builds only the subcommands it walks through,
/// as in a real run).
fn help(argv: &[&str]) -> String {
    match Cli::command().try_get_matches_from(argv) {
        Ok(_) => panic!("{argv:?} printed no help"),
        Err(e) => e.render().to_string(),
    }
}

/// With deferred subcommands, a subcommand's own help must open with the line its parent
/// lists for it (an argument struct's doc comment would replace it: see `cli.rs`).
#[test]
fn each_subcommand_help_opens_with_the_line_its_parent_lists() {
    let mut checked = 0;
    for (path, cmd) in all_commands() {
        let subs: Vec<String> =
            cmd.get_subcommands().map(|s| s.get_name().to_string()).filter(|n| n != "help").collect();
        if subs.is_empty() {
            continue;
        }
        let mut argv: Vec<&str> = vec!["cubelab"];
        argv.extend(path.iter().map(String::as_str));
        argv.push("--help");
        let listing = help(&argv);
        for name in subs {
            let line = listing
                .lines()
                .find_map(|l| {
                    l.trim_start().strip_prefix(name.as_str()).filter(|rest| rest.starts_with("  ")).map(str::trim)
                })
                .unwrap_or_else(|| panic!("{name} not listed in {argv:?}:\n{listing}"));
            let mut sub_argv: Vec<&str> = argv[..argv.len() - 1].to_vec();
            sub_argv.push(&name);
            sub_argv.push("-h");
            let own = help(&sub_argv);
            let first = own.lines().next().unwrap_or("");
            // The listing may wrap a long line; compare the start.
            let start = |s: &str| s.chars().take(40).collect::<String>();
            assert_eq!(start(first), start(line), "{sub_argv:?}: help opens with {first:?}, its parent lists {line:?}");
            checked += 1;
        }
    }
    assert!(checked >= 35, "{checked} subcommands checked");
}

/// The completion scripts see the tree clap builds without `defer`: `cubelab help` offers
/// the second level (`help census targets`) and no subcommand's own `help` under it.
#[test]
fn completions_offer_the_help_tree_of_the_undeferred_command_line() {
    let mut script = Vec::new();
    clap_complete::generate(clap_complete::Shell::Bash, &mut command(), "cubelab", &mut script);
    let script = String::from_utf8(script).unwrap();
    assert!(script.contains("cubelab__subcmd__help__subcmd__census__subcmd__targets"));
    assert!(script.contains("cubelab__subcmd__census__subcmd__help__subcmd__targets"));
    assert!(!script.contains("cubelab__subcmd__help__subcmd__census__subcmd__help"));
}
