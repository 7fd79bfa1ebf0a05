//! Tests of the census commands on the typed layer.

use super::*;
use crate::{run_any, ErrorKind};
use serde_json::json;
use std::sync::atomic::Ordering::SeqCst;
use std::time::Instant;

/// Small censuses (over C_2) on every path that polls the token.
fn small() -> Vec<(&'static str, serde_json::Value)> {
    vec![
        ("census targets", json!({"size": 2, "colors": 2})),
        ("census targets", json!({"size": "all", "colors": 2})),
        ("census solution-numbers", json!({"colors": 2, "method": "backtrack", "target": "111112"})),
        ("census universal", json!({"colors": 2, "size": 2})),
        ("census multisets", json!({"colors": 2, "method": "backtrack"})),
        ("census sobczyk", json!({})),
    ]
}

#[test]
fn a_raised_token_or_a_past_deadline_stops_a_census() {
    for (path, input) in small() {
        let raised = Context::new();
        raised.stop().request();
        let e = run_any(path, input.clone(), &raised).err().unwrap();
        assert_eq!(e.kind(), ErrorKind::Stopped, "{path} {input}: {e}");
        let late = Context::new().with_deadline(Instant::now());
        let e = run_any(path, input.clone(), &late).err().unwrap();
        assert_eq!(e.kind(), ErrorKind::Stopped, "{path} {input}: {e}");
    }
}

#[test]
fn a_census_runs_and_echoes_its_request_without_the_checkpoint() {
    let req: targets::TargetsRequest = crate::request(json!({"size": 2, "colors": 2})).unwrap();
    let out = targets::run(&req, &Context::new()).unwrap();
    let CensusReport::Targets(t) = &out.report else { panic!("one size: {:?}", out.report) };
    assert_eq!(t.histogram.values().sum::<u64>(), t.sets);
    assert_eq!(out.input["size"], json!("2"));
    assert_eq!(out.input["method"], json!("graph"));
    assert!(out.input.get("checkpoint").is_none() && out.input.get("resume").is_none(), "{}", out.input);
    assert!(out.render(Format::Json).unwrap().starts_with("{\n  \"kind\": \"census-targets\""));
    assert!(out.svg().unwrap().starts_with("<svg"));
}

#[test]
fn limits_refuse_censuses_and_checkpoint_files_before_any_work() {
    let ctx = Context::new().with_limits(crate::Limits::default());
    for (path, input) in small() {
        let e = run_any(path, input.clone(), &ctx).err().unwrap();
        assert_eq!(e.kind(), ErrorKind::Refused, "{path}: {e}");
    }
    let input = json!({"size": 2, "colors": 2, "checkpoint": "/tmp/x.ckpt"});
    let e = run_any("census targets", input, &ctx).err().unwrap();
    assert_eq!(e.kind(), ErrorKind::Refused, "{e}");
    assert!(e.message().contains("names no files"), "{e}");
}

#[test]
fn bad_census_requests_name_the_field() {
    let e = run_any("census targets", json!({"size": "most"}), &Context::new()).err().unwrap();
    assert_eq!(e.kind(), ErrorKind::BadInput);
    assert!(e.message().starts_with("'size': "), "{e}");
    let e = run_any("census targets", json!({"size": 2, "method": "fast"}), &Context::new()).err().unwrap();
    assert!(e.message().contains("unknown variant `fast`"), "{e}");
    let e = run_any("census solution-numbers", json!({"all_targets": true, "target": "Ba"}), &Context::new())
        .err()
        .unwrap();
    assert_eq!(e.field(), Some(("target", "Ba")), "{e}");
}

#[test]
fn merge_takes_the_shards_as_values() {
    let run = |shard: &str| {
        let req: targets::TargetsRequest = crate::request(json!({"size": 3, "colors": 2, "shard": shard})).unwrap();
        let out = targets::run(&req, &Context::new()).unwrap();
        serde_json::from_str::<serde_json::Value>(&out.render(Format::Json).unwrap()).unwrap()
    };
    let parts = json!([{"name": "one", "shard": run("1/2")}, {"name": "two", "shard": run("2/2")}]);
    let merged = run_any("census merge", json!({ "parts": parts }), &Context::new()).unwrap();
    let whole: targets::TargetsRequest = crate::request(json!({"size": 3, "colors": 2})).unwrap();
    let whole = targets::run(&whole, &Context::new()).unwrap();
    assert_eq!(merged.render(Format::Json).unwrap(), whole.render(Format::Json).unwrap());
    let one = json!([{"name": "one", "shard": run("1/2")}]);
    let e = run_any("census merge", json!({ "parts": one }), &Context::new()).err().unwrap();
    assert_eq!(e.kind(), ErrorKind::BadInput, "{e}");
}

/// The command line's words for a field (as `cli::Failure` writes them).
fn flag(field: &str) -> String {
    format!("--{}", field.replace('_', "-"))
}

#[test]
fn census_errors_name_fields_and_the_command_line_words_them_as_flags() {
    let e = run_any("census universal", json!({"size": 99, "colors": 2}), &Context::new()).err().unwrap();
    assert_eq!(e.message(), "size: 99 is larger than the 8 cubes available");
    assert_eq!(e.message_naming(&flag), "--size: 99 is larger than the 8 cubes available");
    let e = run_any("census targets", json!({"size": 8, "palette": 7, "shard": "1/2"}), &Context::new()).err().unwrap();
    assert_eq!(
        e.message_naming(&flag),
        "--palette 7 censuses are samples, searches or small exhaustive runs: they take no --shard or --checkpoint"
    );
    assert!(e.message().starts_with("palette 7 censuses") && e.message().ends_with("no shard or checkpoint"), "{e}");
    let input = json!({"all_targets": true, "checkpoint": "/tmp/x.ckpt"});
    let e = run_any("census solution-numbers", input, &Context::new()).err().unwrap();
    assert_eq!(e.message(), "checkpoint is for one target at a time; shard all_targets runs instead");
    assert_eq!(e.message_naming(&flag), "--checkpoint is for one target at a time; shard --all-targets runs instead");
    // A library error at a field keeps its kind and names the field.
    let e = run_any("census targets", json!({"size": 8, "within": ["Ab", "Zz"]}), &Context::new()).err().unwrap();
    assert_eq!(e.kind(), ErrorKind::BadInput);
    assert!(e.message().starts_with("within: cube 2: 'Zz' is not a cube"), "{e}");
    assert!(e.message_naming(&flag).starts_with("--within: cube 2: "), "{e}");
    // A field with a value keeps it (`colors=3 method graph` in Python).
    let e = run_any("census multisets", json!({"colors": 3}), &Context::new()).err().unwrap();
    assert!(e.message().starts_with("colors 3 method graph: "), "{e}");
    assert!(e.message_naming(&flag).starts_with("--colors 3 --method graph: "), "{e}");
}

/// Bad census, magic and design requests: every message is in neutral words (no
/// command-line flag), however a surface words it (the message, or with its field).
#[test]
fn no_census_magic_or_design_message_names_a_flag() {
    let bad = [
        ("census universal", json!({"palette": 7, "shard": "1/2"})),
        ("census universal", json!({"search": true, "colors": 4, "shard": "1/2", "size": 10})),
        ("census universal", json!({"colors": 2, "shard": "1/2"})),
        ("census universal", json!({"search": true, "colors": 4})),
        ("census universal", json!({"search": true, "colors": 4, "size": 99})),
        ("census universal", json!({"palette": 7})),
        ("census universal", json!({"palette": 7, "search": true, "size": 999})),
        ("census targets", json!({"size": "8", "sample": 0})),
        ("census targets", json!({"size": 8, "sample": 1_000_000_000_001u64})),
        ("census targets", json!({"size": 9, "within": ["Ab", "Ba"]})),
        ("census targets", json!({"size": "all", "sample": 5})),
        ("census targets", json!({"size": 8, "colors": 4, "shard": "1/2"})),
        ("census targets", json!({"size": 8, "palette": 7, "within": ["Ab"], "sample": 5})),
        ("census targets", json!({"size": 999, "palette": 7})),
        ("census targets", json!({"size": "all", "colors": 4})),
        ("census targets", json!({"size": 8, "palette": 7})),
        ("census targets", json!({"size": 40, "colors": 5, "within": ["111111"]})),
        ("census targets", json!({"size": 8, "palette": 5})),
        ("census solution-numbers", json!({"palette": 7})),
        ("census solution-numbers", json!({"colors": 3})),
        ("census solution-numbers", json!({"target": "Zz"})),
        ("census solution-numbers", json!({"target": "111111"})),
        ("census infeasible", json!({"palette": 7})),
        ("census infeasible", json!({"colors": 3})),
        ("census infeasible", json!({"within": ["Ab", "Qq"]})),
        ("census max-targets", json!({"prove": true})),
        ("census max-targets", json!({"seed": 3})),
        ("census max-targets", json!({"colors": 3})),
        ("census max-targets", json!({"palette": 7, "restarts": 0})),
        ("census multisets", json!({"palette": 7})),
        ("census multisets", json!({"size": 9})),
        ("census multisets", json!({"colors": 3})),
        ("magic construct", json!({"order": 2})),
        ("magic check", json!({})),
        ("design stack", json!({"cubes": 99, "solutions": 1})),
        ("design blocks", json!({"target": "Zz"})),
    ];
    for (path, input) in bad {
        let e = run_any(path, input.clone(), &Context::new()).err().expect("a bad request");
        assert_eq!(e.kind(), ErrorKind::BadInput, "{path} {input}: {e}");
        for words in [e.message().to_string(), e.to_string()] {
            assert!(!words.contains("--"), "{path} {input}: {words}");
        }
    }
}

/// A progress observer that raises the token once the work has started (after the checks
/// between phases), so that only the loops' own polling can end the run.
struct RaiseOnStart(cubelab::run::Stop);

impl Progress for RaiseOnStart {
    fn start(&self, _phase: &str, _total: u64, _done: u64) {
        self.0.request();
    }
    fn advance(&self, _units: u64) {}
}

/// Samples and searches too long to finish in any test (10^12 sets, 10^5 starts of 10^6
/// swaps): a token raised when they start ends them with `Stopped`.
#[test]
fn a_token_raised_during_a_sample_or_a_search_ends_it_with_stopped() {
    let long = [
        ("census targets", json!({"size": 8, "sample": targets::MAX_SAMPLES})),
        ("census targets", json!({"size": 8, "palette": 7, "sample": 100_000_000u64})),
        ("census universal", json!({"search": true, "colors": 4, "size": 8, "restarts": 100_000, "steps": 1_000_000})),
        (
            "census universal",
            json!({"search": true, "palette": 7, "size": 14, "restarts": 100_000, "steps": 1_000_000}),
        ),
        ("census max-targets", json!({"palette": 7, "restarts": 100_000, "steps": 1_000_000})),
    ];
    for (path, input) in long {
        let stop = cubelab::run::Stop::new();
        let ctx = Context::new().with_stop(stop.clone()).with_progress(std::sync::Arc::new(RaiseOnStart(stop)));
        let e = run_any(path, input.clone(), &ctx).err().expect("stopped");
        assert_eq!(e.kind(), ErrorKind::Stopped, "{path} {input}: {e}");
    }
}

/// A progress observer that raises the token at the start of the phase `phase`, or with
/// `None` at the first unit of work done (after the first chunk), and counts the units
/// reported after that: only the loops' own polling can end the run, and it must end it
/// before the work is done.
struct RaiseWithin {
    stop: cubelab::run::Stop,
    phase: Option<&'static str>,
    total: std::sync::atomic::AtomicU64,
    done: std::sync::atomic::AtomicU64,
}

impl RaiseWithin {
    fn new(phase: Option<&'static str>) -> std::sync::Arc<RaiseWithin> {
        std::sync::Arc::new(RaiseWithin { stop: cubelab::run::Stop::new(), phase, total: 0.into(), done: 0.into() })
    }
}

impl Progress for RaiseWithin {
    fn start(&self, phase: &str, total: u64, _done: u64) {
        self.total.store(total, std::sync::atomic::Ordering::SeqCst);
        if self.phase == Some(phase) {
            self.stop.request();
        }
    }
    fn advance(&self, units: u64) {
        self.done.fetch_add(units, std::sync::atomic::Ordering::SeqCst);
        if self.phase.is_none() {
            self.stop.request();
        }
    }
}

/// The loops that used to look at the token only between phases: the exhaustive census
/// within a set on the 256-bit engine, the exact mean of a sampled census, MacMahon's
/// max-targets census and the multiset census. A token raised inside them ends them with
/// `Stopped` (and no report), the chunked ones before all their work was done.
#[test]
fn a_token_raised_inside_an_exhaustive_loop_ends_it_with_stopped() {
    let c4 = "111234,111324,111423,112234,112324,112334,112344,112433,112434,121234,121314,121324,121334,\
              121341,121342,121343,121344,121423,121432,121433,121434,121443";
    let within: Vec<&str> = c4.split(',').collect();
    let cases = [
        // 319,770 sets in 79 chunks; raised after the first.
        ("census targets", json!({"size": 8, "colors": 4, "within": within}), None),
        ("census targets", json!({"size": 8, "palette": 7, "sample": 1}), Some("exact mean")),
        ("census targets", json!({"size": 8, "colors": 4, "sample": 1}), Some("exact mean")),
        ("census max-targets", json!({}), Some("max targets")),
        // 10,518,300 candidate multisets of the first target in 161 chunks.
        ("census multisets", json!({}), None),
    ];
    for (path, input, phase) in cases {
        let progress = RaiseWithin::new(phase);
        let ctx = Context::new().with_stop(progress.stop.clone()).with_progress(progress.clone());
        let e = run_any(path, input.clone(), &ctx).err().expect("stopped, with no report");
        assert_eq!(e.kind(), ErrorKind::Stopped, "{path} {input}: {e}");
        // A stop is no field's fault.
        assert_eq!((e.message(), e.field()), ("stopped on request", None), "{path} {input}: {e}");
        if phase.is_none() {
            let (done, total) = (progress.done.load(SeqCst), progress.total.load(SeqCst));
            assert!(done > 0 && done < total, "{path} {input}: {done} of {total} units done");
        }
    }
}
