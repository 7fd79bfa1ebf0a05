//! The native side of the static site's benchmark (web-tests/bench-site.mjs): each request
//! of a JSON list (`[{"name", "kind", "path", "body"}]`) answered by
//! [`cubelab_wasm::answer`], the very function the WebAssembly module runs, `reps` times on
//! one thread (the browser's worker has one); prints `{"name": [ms, ...]}` and the answers'
//! sizes, so the browser's answers can be compared.
//!
//!   cargo run --release -p cubelab-wasm --example timings -- web-tests/bench-requests.json 5

use cubelab_wasm::{answer, Kind};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("usage: timings REQUESTS.json [REPS]");
    let reps: usize = args.next().map_or(5, |r| r.parse().expect("REPS is a number"));
    let list: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).expect("readable")).expect("JSON");
    rayon::ThreadPoolBuilder::new().num_threads(1).build_global().expect("one thread");
    let mut out = serde_json::Map::new();
    for r in list.as_array().expect("a list") {
        let kind = match r["kind"].as_u64() {
            Some(1) => Kind::Print,
            _ => Kind::Run,
        };
        let path = r["path"].as_str().expect("path");
        let body = r["body"].to_string();
        let mut times = Vec::new();
        let mut size = 0;
        for _ in 0..reps {
            let t = Instant::now();
            let a = answer(kind, path, body.as_bytes());
            times.push(t.elapsed().as_secs_f64() * 1e3);
            assert_eq!(a.status, 200, "{path}: {}", String::from_utf8_lossy(&a.body));
            size = a.body.len();
        }
        out.insert(r["name"].as_str().expect("name").to_string(), serde_json::json!({ "ms": times, "bytes": size }));
    }
    println!("{}", serde_json::Value::Object(out));
}
