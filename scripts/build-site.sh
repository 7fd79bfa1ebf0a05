#!/usr/bin/env bash
# Builds the static site: the web app of `cubelab serve` with the engine in WebAssembly,
# answering in a Web Worker, so that any static host serves it as it is (GitHub Pages,
# `python3 -m http.server`, a phone's file server) and it works offline after the first
# visit (docs/web.md, "The static site").
#
#   scripts/build-site.sh [OUT]      # OUT defaults to target/site
#
# The engine comes from scripts/build-wasm.sh (which installs its toolchain from Debian's
# packages when missing: see there). The pages are crates/cubelab-cli/web/ unchanged but
# for one line of index.html (the transport: <meta name="cubelab-engine" content="worker">,
# and the links to the web manifest); crates/cubelab-cli/site/ adds the service worker, the
# manifest and the icons. Every path is relative. The folder is written anew: built in a
# temporary folder beside OUT, then moved into place.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/site}
if [ "${CUBELAB_SKIP_WASM_BUILD:-}" != 1 ] || [ ! -f target/wasm/cubelab.wasm ]; then
  bash scripts/build-wasm.sh
fi
mkdir -p "$(dirname "$out")"
tmp=$(mktemp -d "$(dirname "$out")/.site-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cp -r crates/cubelab-cli/web/. "$tmp/"
cp crates/cubelab-cli/site/manifest.webmanifest crates/cubelab-cli/site/icon*.* "$tmp/"
# The stored census results as files (the pages' "full data" links: api/census/NAME), byte
# for byte what `cubelab serve` answers at GET /api/census/NAME.
mkdir -p "$tmp/api/census"
for f in docs/data/census/*.json; do cp "$f" "$tmp/api/census/$(basename "$f" .json)"; done
mkdir -p "$tmp/engine"
cp target/wasm/cubelab.wasm "$tmp/engine/cubelab.wasm"
meta='<meta name="cubelab-engine" content="server">'
grep -qF "$meta" "$tmp/index.html" || { echo "build-site: index.html has no line $meta" >&2; exit 1; }
site_head='<meta name="cubelab-engine" content="worker">\n<link rel="manifest" href="manifest.webmanifest">\n<meta name="theme-color" content="#1f4e79">\n<link rel="apple-touch-icon" href="icon-192.png">'
sed -i "s|$meta|$site_head|" "$tmp/index.html"
# The service worker's file list (every file, relative, and ./ for the page itself) and its
# version: a hash of every file's bytes.
files=$(cd "$tmp" && find . -type f ! -name sw.js | sed 's|^\./||' | LC_ALL=C sort)
version=$(cd "$tmp" && echo "$files" | xargs sha256sum | sha256sum | cut -c1-16)
list=$(echo "./"; echo "$files")
list=$(echo "$list" | sed "s/.*/'&'/" | paste -sd, - | sed "s/^'//; s/'$//")
sed -e "s|@VERSION@|$version|" -e "s|@FILES@|$list|" crates/cubelab-cli/site/sw.js > "$tmp/sw.js"
rm -rf "$out.old"
[ -e "$out" ] && mv "$out" "$out.old"
mv "$tmp" "$out"
trap - EXIT
rm -rf "$out.old"
size=$(cd "$out" && find . -type f -exec gzip -9c {} \; | wc -c)
echo "build-site: $out ($(find "$out" -type f | wc -l) files, $(( size / 1024 )) KiB gzip-compressed in all, version $version)" >&2
