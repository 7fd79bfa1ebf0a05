#!/usr/bin/env python3
# Usage: scripts/picture-watch-check.py CUBELAB [CENSUS_JSON] [BOUNDS_JSON]
#   e.g. scripts/picture-watch-check.py target/release/cubelab docs/data/picture-3x3.json
#
# Checks the watch list of a picture census (`picture census M N --watch K --seed S`)
# against the optimal solver: every watched board must be `picture scramble M N --seed
# S+i`, and its distance in the census must equal the length of its optimal solution.
# The optimal lengths come from `picture bounds M N --sample S+K --json` (which solves
# the boards of seeds 0..S+K-1 with the optimal solver, building its pattern database
# once), or from BOUNDS_JSON, the saved output of that command. The optimal solver does
# not use the census: its lower bound is the byte-engine census of the 3x2 sub-board.
# Prints one line per distance (boards, agreeing) and exits 1 on any disagreement.
import collections, json, subprocess, sys

if len(sys.argv) < 2:
    sys.exit(__doc__ or "usage: picture-watch-check.py CUBELAB [CENSUS_JSON] [BOUNDS_JSON]")
cubelab = sys.argv[1]
census_path = sys.argv[2] if len(sys.argv) > 2 else "docs/data/picture-3x3.json"
census = json.load(open(census_path))
m, n = census["rows"], census["cols"]
watch, seed = census["input"]["watch"], census["input"]["seed"]
watched = census["watched"]
assert watch == len(watched), "watch list length differs from --watch"
if census["metric"] != "quarter":
    sys.exit("picture bounds --sample solves in the quarter-turn metric only")

if len(sys.argv) > 3:
    bounds = json.load(open(sys.argv[3]))
else:
    out = subprocess.run([cubelab, "picture", "bounds", str(m), str(n), "--sample", str(seed + watch), "--json"],
                         check=True, capture_output=True, text=True).stdout
    bounds = json.loads(out)
lengths = bounds["sample_lengths"][seed:seed + watch]
assert len(lengths) == watch, "the bounds sample is too short"

by_distance = collections.Counter()
agree = collections.Counter()
bad = 0
for i, (w, length) in enumerate(zip(watched, lengths)):
    board = subprocess.run([cubelab, "picture", "scramble", str(m), str(n), "--seed", str(seed + i)],
                           check=True, capture_output=True, text=True).stdout.strip()
    if board != w["board"]:
        print(f"board {i}: census lists {w['board']!r}, picture scramble --seed {seed + i} gives {board!r}")
        bad += 1
        continue
    by_distance[w["distance"]] += 1
    if length == w["distance"]:
        agree[w["distance"]] += 1
    else:
        print(f"board {i} ({board}): census distance {w['distance']}, optimal solver {length}")
        bad += 1
print(f"{m}x{n}: {watch} watched boards (seeds {seed}..{seed + watch - 1})")
for d in sorted(by_distance):
    print(f"  distance {d:>2}: {by_distance[d]:>4} boards, {agree[d]:>4} agree with the optimal solver")
print("all agree" if bad == 0 else f"{bad} DISAGREE")
sys.exit(1 if bad else 0)
