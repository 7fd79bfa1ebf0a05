//! Tests of the census commands on the typed layer.

use super::*;
use crate::{run_any, ErrorKind};
use serde_json::json;
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
    assert!(req.stoppable());
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
