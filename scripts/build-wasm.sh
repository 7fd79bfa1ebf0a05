#!/usr/bin/env bash
# Builds the cubelab engine as WebAssembly (crates/cubelab-wasm) into
# target/wasm/cubelab.wasm, for the static site (scripts/build-site.sh; docs/web.md,
# "The static site").
#
# The machine's rustup has no wasm32 standard library and cannot download one, so this
# uses Debian bookworm's Rust 1.96 (bookworm-security): rustc-web and cargo-web,
# rust-web-src (the standard library's source, compiled for wasm32 with -Zbuild-std under
# RUSTC_BOOTSTRAP=1), LLVM 22's wasm-ld (lld-22) and binaryen's wasm-opt (optional). It installs
# them with apt-get when they are missing (as root, like CI), pinned to one version:
# rust-web-src must be the same version as rustc-web. Debian's cargo and rustc are named by
# their paths, so rustup's toolchain stays the one of every other build. The build reads
# the workspace's Cargo.lock (--locked). A cold build (the standard library and the
# crates) takes about 10 minutes of CPU. Not bookworm's 1.85 (the library's oldest Rust):
# the locked image 0.25.10, which `print picture` uses, needs 1.88.
#
#   scripts/build-wasm.sh              # installs what is missing, then builds
#   scripts/build-wasm.sh --install    # only installs what is missing (CI, before other apt-get calls)
set -euo pipefail
cd "$(dirname "$0")/.."
RUST_WEB=1.96.0+dfsg1-1~deb12u2
RUST_WEB_MINOR=1.96
LLD=22
have() {
  /usr/bin/rustc --version 2>/dev/null | grep -q "^rustc $RUST_WEB_MINOR\." &&
    [ -x /usr/bin/cargo ] && [ -f /usr/lib/rustlib/src/rust/library/Cargo.lock ] &&
    command -v "wasm-ld-$LLD" >/dev/null
}
if ! have; then
  echo "build-wasm: installing Debian's Rust $RUST_WEB for wasm32, lld-$LLD and binaryen" >&2
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y "rustc-web=$RUST_WEB" "cargo-web=$RUST_WEB" \
    "rust-web-src=$RUST_WEB" "libstd-rust-web-dev=$RUST_WEB" "libstd-rust-web-$RUST_WEB_MINOR=$RUST_WEB" "lld-$LLD" binaryen
fi
[ "${1:-}" = --install ] && exit 0
export RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="wasm-ld-$LLD"
export CARGO_TARGET_DIR=target/wasm
unset RUSTFLAGS CARGO_BUILD_RUSTFLAGS
/usr/bin/cargo build --locked --profile wasm --target wasm32-unknown-unknown \
  -Zbuild-std=std,panic_abort -p cubelab-wasm
raw=target/wasm/wasm32-unknown-unknown/wasm/cubelab_wasm.wasm
# binaryen's wasm-opt only when asked (CUBELAB_WASM_OPT=-Oz): on the two busy cores here it
# took over 3 minutes of CPU (12 minutes of wall time) for a few percent of the compressed
# size (docs/benchmarks.md, "The static site"); the site is within its budget without it.
if [ -n "${CUBELAB_WASM_OPT:-}" ]; then
  # shellcheck disable=SC2086
  wasm-opt $CUBELAB_WASM_OPT --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals "$raw" -o target/wasm/cubelab.wasm.tmp
  mv target/wasm/cubelab.wasm.tmp target/wasm/cubelab.wasm
else
  cp "$raw" target/wasm/cubelab.wasm
fi
echo "build-wasm: target/wasm/cubelab.wasm ($(( $(stat -c %s target/wasm/cubelab.wasm) / 1024 )) KiB, $(( $(gzip -9c target/wasm/cubelab.wasm | wc -c) / 1024 )) KiB gzipped)" >&2
