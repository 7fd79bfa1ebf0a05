#!/usr/bin/env bash
# Writes the stored census results that `cubelab serve` serves at GET /api/census/NAME
# (docs/web.md): each file is exactly what its command prints. The list of names,
# titles and commands is crates/cubelab-api/src/web/stored.rs; this script runs the
# same commands (tests/cli/web.rs checks that the two lists agree).
#   scripts/census-data.sh target/release/cubelab
set -euo pipefail
bin=$(realpath "$1")
out=$(dirname "$0")/../docs/data/census
mkdir -p "$out"
run() {
  local name=$1; shift
  local start=$SECONDS
  "$bin" "$@" > "$out/$name.json.tmp"
  mv "$out/$name.json.tmp" "$out/$name.json"
  echo "$name: cubelab $* ($((SECONDS - start)) s)"
}
run solution-numbers census solution-numbers --json
run targets-8 census targets --size 8 --json
run targets-all census targets --size all --json
run max-targets census max-targets --json
run multisets census multisets --json
run universal-12 census universal --size 12 --json
run picture-3x2 picture census 3 2 --json
run picture-2x2-half picture census 2 2 --metric half --json
run picture-6x1 picture census 6 1 --json
run stack-4 stack census --colors 4 --json
run stack-5-multisets stack census --colors 5 --multisets --json
