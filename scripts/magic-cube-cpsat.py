#!/usr/bin/env python3
"""Can a general-purpose solver find a semi-perfect magic cube of order 4 at all?

The test behind one sentence of docs/magic.md ("Order-4 cubes"). An estimator that only
walks nodes with a cube below them needs an oracle that decides, for a partial cube,
whether a cube completes it. This script gives OR-tools CP-SAT the whole problem:
64 cells in 1..64, all different, the 48 rows, columns and pillars and the 4 space
diagonals summing to 130, and optionally some fixed cells. It prints the solver's status
and the seconds taken.

    pip install ortools
    python3 scripts/magic-cube-cpsat.py --seconds 300 --workers 8

`--fix-construct K` fixes the first K cells of `cubelab magic construct --order 4`, so
a cube is known to exist. Measured on 2026-11-24 (2 cores, shared with a census at nice
19), one worker unless said:
- K = 24 (a family of 130 cubes): a cube in 0.2 s;
- K = 20 (331 cubes): a cube in 13.6 s;
- K = 16 (the whole first layer of a cube): nothing in 60 s (status UNKNOWN);
- K = 12 and K = 8: nothing in 60 s;
- K = 0: nothing in 60 s, and nothing in 300 s with 8 workers.
"""
import argparse
import subprocess
import time

from ortools.sat.python import cp_model


def lines():
    """The 52 lines of a 4x4x4 cube: 48 orthogonal ones and 4 space diagonals."""
    out = []
    for a in range(4):
        for b in range(4):
            out.append([(i, a, b) for i in range(4)])
            out.append([(a, i, b) for i in range(4)])
            out.append([(a, b, i) for i in range(4)])
    out.append([(i, i, i) for i in range(4)])
    out.append([(i, i, 3 - i) for i in range(4)])
    out.append([(i, 3 - i, i) for i in range(4)])
    out.append([(3 - i, i, i) for i in range(4)])
    return out


def construct_cells(k):
    """The first k cells (layer, row, cell order) of `cubelab magic construct --order 4`."""
    csv = subprocess.run(
        ["cargo", "run", "-q", "--release", "--", "magic", "construct", "--order", "4", "--csv"],
        check=True, capture_output=True, text=True,
    ).stdout
    cells = {}
    for line in csv.splitlines():
        parts = line.split(",")
        if len(parts) == 4 and parts[0].isdigit():
            layer, row, cell, value = (int(p) for p in parts)
            cells[(layer - 1, row - 1, cell - 1)] = value
    order = sorted(cells)
    return {c: cells[c] for c in order[:k]}


def solve(fixed, seconds, workers):
    m = cp_model.CpModel()
    x = {(i, j, k): m.NewIntVar(1, 64, f"x{i}{j}{k}") for i in range(4) for j in range(4) for k in range(4)}
    m.AddAllDifferent(list(x.values()))
    for line in lines():
        m.Add(sum(x[c] for c in line) == 130)
    for c, v in fixed.items():
        m.Add(x[c] == v)
    s = cp_model.CpSolver()
    s.parameters.max_time_in_seconds = seconds
    s.parameters.num_workers = workers
    t = time.time()
    status = s.Solve(m)
    found = None
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        found = [s.Value(x[c]) for c in sorted(x)]
        assert sorted(found) == list(range(1, 65))
    return s.StatusName(status), time.time() - t, found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--fix-construct", type=int, default=0, metavar="K",
                    help="fix the first K cells of `cubelab magic construct --order 4`")
    a = ap.parse_args()
    fixed = construct_cells(a.fix_construct) if a.fix_construct else {}
    status, secs, found = solve(fixed, a.seconds, a.workers)
    print(f"status {status} after {secs:.1f} s ({a.workers} workers, {len(fixed)} cells fixed)")
    if found:
        print("cube (layer, row, cell order):", " ".join(map(str, found)))


if __name__ == "__main__":
    main()
