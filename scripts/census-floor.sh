#!/usr/bin/env bash
# The picture census against its floor (issue 43, docs/benchmarks.md): runs
# `cubelab picture census M N --work --json` under /usr/bin/time (CPU seconds, both
# threads unless RAYON_NUM_THREADS says otherwise), then the example picture_memory_floor
# on a table of the census's size, and prints
#   census CPU-s / (counted probes x least measured CPU-ns per random test-and-set).
# Nothing is modelled: the probes are the census's own count, the cost is measured in the
# same run on this machine.
#
#   bash scripts/census-floor.sh 3 3 [ROUNDS]      (default 1 round: census, then floor)
#
# Release builds (cargo build --release); the census's JSON is kept in target/census-floor/.
set -euo pipefail
cd "$(dirname "$0")/.."
m=${1:?usage: census-floor.sh M N [ROUNDS]}
n=${2:?usage: census-floor.sh M N [ROUNDS]}
rounds=${3:-1}
cargo build --quiet --release -p cubelab-cli
cargo build --quiet --release -p cubelab --example picture_memory_floor
out=target/census-floor
mkdir -p "$out"
threads=${RAYON_NUM_THREADS:-$(nproc)}
for r in $(seq 1 "$rounds"); do
  json="$out/census-${m}x${n}.json"
  load=$(cut -d' ' -f1 /proc/loadavg)
  cpu=$(/usr/bin/time -f '%U %S %e' target/release/cubelab picture census "$m" "$n" --work --json 2>&1 >"$json.tmp" |
    tail -1 | awk '{ printf "%.2f %.2f", $1 + $2, $3 }')
  mv "$json.tmp" "$json"
  floor=$(target/release/examples/picture_memory_floor --census "$json" --threads "$threads" | tee "$out/floor-${m}x${n}.txt" |
    awk '/^floor of/ { print $(NF-1) }')
  probes=$(python3 -c "import json,sys; w=json.load(open(sys.argv[1]))['work']; print(w['probes'], w['canonical_forms'])" "$json")
  set -- $cpu
  echo "round $r: ${m}x${n} census $1 CPU-s ($2 s wall, load $load), probes and canonical forms $probes, floor $floor CPU-s: $(awk -v c="$1" -v f="$floor" 'BEGIN { printf "%.2f", c / f }')x the floor"
  set -- "$m" "$n" "$rounds"
done
