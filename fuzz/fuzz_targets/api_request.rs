//! Fuzzes the API request decoder behind the web API and the Python package
//! (`cubelab_api::run_any`, and `cubelab_api::print::run_file` for the print commands):
//! the first byte picks a command path of `cubelab_api::COMMANDS` or
//! `cubelab_api::print::COMMANDS`, the rest is read as JSON (anything that is not JSON
//! becomes a string) and run with the web server's limits and a short deadline, so that
//! slow but valid requests stop (the deadline's watcher raises the token); the report is
//! rendered in every format. For a print command the second byte may also set the print
//! size (`edge`, or `cell` for `print magic`) to one of [`SIZES`]: huge, near the largest
//! float, 2^63, tiny, negative, zero (the countdown that hung on 1e40 and 2^63 was found
//! this way). Ok and Err alike are fine (errors in one line); only a panic or a crash is
//! a finding.
#![no_main]
use cubelab_api::{print, run_any, Context, Format, Limits, COMMANDS};
use libfuzzer_sys::fuzz_target;
use std::time::{Duration, Instant};

/// How long one request may run: short, so the fuzzer keeps its pace.
const DEADLINE: Duration = Duration::from_millis(200);

/// Print sizes in mm the second byte can pick: the edges of the hostile round and their
/// neighbours (every JSON number is finite: serde_json refuses 1e400).
const SIZES: &[f64] = &[
    1e9,
    1e40,
    9.223372036854775808e18,
    1e300,
    1e308,
    f64::MAX,
    f64::MIN_POSITIVE,
    1e-300,
    0.0,
    -0.0,
    -40.0,
    4.9,
    5.0,
    9.99,
    10.0,
    47.5,
    47.6,
    48.9,
    49.0,
    1e6,
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let paths = COMMANDS.len() + print::COMMANDS.len();
    let pick = pick as usize % paths;
    if pick >= COMMANDS.len() {
        print_file(print::COMMANDS[pick - COMMANDS.len()], rest);
        return;
    }
    let path = COMMANDS[pick];
    let input = json(rest);
    let ctx = Context::new().with_limits(Limits::default()).with_deadline(Instant::now() + DEADLINE);
    match run_any(path, input, &ctx) {
        Ok(report) => {
            for format in [Format::Text, Format::Json, Format::Csv] {
                if let Err(e) = report.render(format) {
                    assert!(!e.to_string().contains('\n'), "{path}: {e}");
                }
            }
            let _ = report.svg();
        }
        Err(e) => assert!(!e.to_string().contains('\n'), "{path}: {e}"),
    }
});

/// The bytes as JSON, or as a JSON string when they are not JSON.
fn json(bytes: &[u8]) -> serde_json::Value {
    serde_json::from_slice(bytes)
        .unwrap_or_else(|_| serde_json::Value::String(String::from_utf8_lossy(bytes).into_owned()))
}

/// Runs a print command to its file: the first byte, when it names one of [`SIZES`], sets
/// the size in the input object (then the rest is the JSON).
fn print_file(path: &str, data: &[u8]) {
    let (size, rest) = match data.split_first() {
        Some((&b, rest)) if (b as usize) < SIZES.len() => (Some(SIZES[b as usize]), rest),
        _ => (None, data),
    };
    let mut input = json(rest);
    if let (Some(size), Some(object)) = (size, input.as_object_mut()) {
        let key = if path == "print magic" { "cell" } else { "edge" };
        object.insert(key.into(), serde_json::json!(size));
    }
    let ctx = Context::new().with_limits(Limits::default()).with_deadline(Instant::now() + DEADLINE);
    if let Err(e) = print::run_file(path, input, &ctx) {
        assert!(!e.to_string().contains('\n'), "{path}: {e}");
    }
}
