//! Fuzzes the API request decoder behind the web API and the Python package
//! (`cubelab_api::run_any`): the first byte picks a command path of
//! `cubelab_api::COMMANDS`, the rest is read as JSON (anything that is not JSON becomes a
//! string) and run with the web server's limits and a short deadline, so that slow but
//! valid requests stop (the deadline's watcher raises the token); the report is rendered
//! in every format. Ok and Err alike are fine (errors in one line); only a panic or a
//! crash is a finding.
#![no_main]
use cubelab_api::{run_any, Context, Format, Limits, COMMANDS};
use libfuzzer_sys::fuzz_target;
use std::time::{Duration, Instant};

/// How long one request may run: short, so the fuzzer keeps its pace.
const DEADLINE: Duration = Duration::from_millis(200);

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let path = COMMANDS[pick as usize % COMMANDS.len()];
    let input: serde_json::Value = serde_json::from_slice(rest)
        .unwrap_or_else(|_| serde_json::Value::String(String::from_utf8_lossy(rest).into_owned()));
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
