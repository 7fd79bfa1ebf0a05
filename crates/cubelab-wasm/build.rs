//! The WebAssembly module's memory is imported (`env.memory`), so that the worker chooses
//! its limit (4 GiB, or less for the tests: web/js/engine.js): 256 pages (16 MiB) to start,
//! at most 65,536 (4 GiB). Native builds link as usual.

fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        for arg in ["--import-memory", "--initial-memory=16777216", "--max-memory=4294967296"] {
            println!("cargo:rustc-link-arg-cdylib={arg}");
        }
    }
}
