//! No panic from a request: random JSON objects for every command path of
//! [`cubelab_api::COMMANDS`], with the keys of the command's request (read from the
//! refusal of an unknown key, so new commands are covered as they are added) and hostile
//! values, run through `run_any` with the web server's limits and a tiny deadline (slow
//! but valid requests stop). Ok and Err alike pass; errors are one line.

use cubelab_api::{run_any, Context, Format, Limits, COMMANDS};
use proptest::prelude::*;
use serde_json::{json, Map, Value};
use std::time::{Duration, Instant};

/// The keys of `path`'s request, from serde's "unknown field `x`, expected one of `a`, `b`".
fn keys(path: &str) -> Vec<String> {
    let e = run_any(path, json!({ "no such key": 1 }), &Context::new()).err().expect("an unknown key is refused");
    let message = e.to_string();
    let expected = message.split_once("expected").map_or("", |(_, rest)| rest);
    let keys: Vec<String> = expected.split('`').skip(1).step_by(2).map(str::to_string).collect();
    assert!(!keys.is_empty() || message.contains("there are no fields"), "{path}: {message}");
    keys
}

/// Hostile leaf values.
fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (0u64..40).prop_map(Value::from),
        any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        prop::sample::select(vec![
            "Ab",
            "Ac",
            "Af",
            "Ba",
            "Bf",
            "Ea",
            "Ef",
            "Fa",
            "Fc",
            "Cb",
            "K1",
            "K31",
            "Y1'",
            "152463",
            "111111",
            "",
            "graph",
            "backtrack",
            "tableau",
            "3",
            "-1",
            "18446744073709551616",
            "🎲",
            "UF RB / DL UF",
        ])
        .prop_map(Value::from),
        "\\PC{0,10}".prop_map(Value::from),
    ]
}

/// Any JSON value, nested a little.
fn value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(2, 40, 12, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..12).prop_map(Value::Array),
            prop::collection::vec(("[a-z]{1,6}", inner), 0..3)
                .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<String, Value>>())),
        ]
    })
}

/// A command path and an object of its keys (sometimes one unknown key too).
fn request() -> impl Strategy<Value = (&'static str, Value)> {
    let keyed: Vec<(&'static str, Vec<String>)> = COMMANDS.iter().map(|&c| (c, keys(c))).collect();
    (any::<prop::sample::Index>(), prop::collection::vec((any::<prop::sample::Index>(), value()), 0..6), any::<bool>())
        .prop_map(move |(pick, fields, stray)| {
            let (path, keys) = pick.get(&keyed);
            let mut object = Map::new();
            for (k, v) in fields {
                if !keys.is_empty() {
                    object.insert(k.get(keys).clone(), v);
                }
            }
            if stray {
                object.insert("stray".into(), json!(1));
            }
            (*path, Value::Object(object))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn run_any_never_panics_on_any_object((path, input) in request()) {
        let ctx = Context::new().with_limits(Limits::default()).with_deadline(Instant::now() + Duration::from_millis(50));
        let shown = input.to_string();
        match run_any(path, input, &ctx) {
            Ok(report) => {
                for format in [Format::Text, Format::Json, Format::Csv] {
                    if let Err(e) = report.render(format) {
                        prop_assert_eq!(e.to_string().lines().count(), 1, "{} {}: {}", path, shown, e);
                    }
                }
                let _ = report.svg();
            }
            Err(e) => prop_assert_eq!(e.to_string().lines().count(), 1, "{} {}: {}", path, shown, e),
        }
    }

    #[test]
    fn run_any_never_panics_on_any_value(pick in any::<prop::sample::Index>(), input in value()) {
        let ctx = Context::new().with_limits(Limits::default()).with_deadline(Instant::now() + Duration::from_millis(50));
        if let Err(e) = run_any(pick.get::<&str>(COMMANDS), input, &ctx) {
            prop_assert_eq!(e.to_string().lines().count(), 1, "{}", e);
        }
    }
}

/// Every command's keys can be read; only requests that take no options have none (they
/// are fixed computations, so the object of random keys is just `{}` or one stray key).
#[test]
fn every_command_has_keys_to_draw_from() {
    let fieldless: Vec<&str> = COMMANDS.iter().copied().filter(|&path| keys(path).is_empty()).collect();
    assert_eq!(fieldless, ["census sobczyk", "stack classics"]);
    assert!(keys("build").contains(&"blocks".to_string()));
}
