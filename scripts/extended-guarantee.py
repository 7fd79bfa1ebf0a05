#!/usr/bin/env python3
"""Second, independent method for issue 13's question (b), N = 3: does every multiset of
K MacMahon cubes fill the frame (8 corners, 12 edges) of some 3x3x3 target?

Shares nothing with the Rust library (`cubelab::extended::guarantee`, the first method):
the 30 cubes are recomputed here from raw colorings (the 720 colorings of a cube with six
colors up to the 24 rotations), the fits from rotations, the Hall sets from the fits, and
the question is handed to an integer-programming solver (OR-tools CP-SAT, `pip install
ortools`) instead of a hand-written search. Only the cube names (Conway's, read from the
library's source) are shared, for printing.

Model: integer m_t (copies of cube t, 0..c), sum = K, m_0 = c is a largest multiplicity
(without loss of generality: the 720 color permutations and the mirror image act
transitively on the 30 cubes and map frames to frames; checked below). For every target T
a boolean per closed set C of frame positions of T: "C is violated", meaning the cubes
fitting some position of C number at most |C| - 1 (Hall's theorem: T's frame cannot be
filled iff some set of positions is violated; closed sets suffice). At least one per
target. INFEASIBLE for every c = 1..K means every K-multiset fills some frame.

    python3 scripts/extended-guarantee.py 24            # the proof, c = 1..24
    python3 scripts/extended-guarantee.py 23 --find     # a 23-multiset filling no frame
    python3 scripts/extended-guarantee.py 24 --copies 8 # one slice (c = 8)

Prints one line per c (status, seconds, branches) and exits 0 when every slice was
decided (INFEASIBLE, or a solution confirmed by an independent matching), 1 otherwise.
"""

import argparse
import itertools
import re
import sys
import time
from pathlib import Path

U, D, F, B, L, R = range(6)
OPPOSITE = {U: D, D: U, F: B, B: F, L: R, R: L}


def rotations():
    """The 24 rotations as face permutations: new[f] = old[g[f]]."""
    quarter_y = (U, D, R, L, F, B)
    quarter_x = (F, B, D, U, L, R)
    group = {tuple(range(6))}
    frontier = list(group)
    while frontier:
        nxt = []
        for g in frontier:
            for h in (quarter_x, quarter_y):
                k = tuple(g[h[i]] for i in range(6))
                if k not in group:
                    group.add(k)
                    nxt.append(k)
        frontier = nxt
    assert len(group) == 24
    return sorted(group)


ROT = rotations()


def rotate(c, g):
    return tuple(c[g[i]] for i in range(6))


def canon(c):
    return min(rotate(c, g) for g in ROT)


def mirror(c):
    # Reflection through the L-R plane swaps the left and right faces.
    return canon((c[U], c[D], c[F], c[B], c[R], c[L]))


CUBES = sorted({canon(p) for p in itertools.permutations(range(1, 7))})
assert len(CUBES) == 30
CORNERS = [(a, b, c) for a in (U, D) for b in (F, B) for c in (L, R)]
EDGES = [(a, b) for a in range(6) for b in range(a + 1, 6) if OPPOSITE[a] != b]
POSITIONS = CORNERS + EDGES  # the frame of a 3x3x3 cube: one position per corner and edge
assert len(POSITIONS) == 20
ORIENTS = [{rotate(c, g) for g in ROT} for c in CUBES]


def fits(t, target, p):
    return any(all(o[f] == target[f] for f in p) for o in ORIENTS[t])


FIT = [[[fits(t, target, p) for p in POSITIONS] for t in range(30)] for target in CUBES]


def names():
    src = Path(__file__).resolve().parent.parent / "crates/cubelab/src/macmahon.rs"
    pairs = re.findall(r'\("([A-F][a-f])", "(\d{6})"\)', src.read_text())
    out = {canon(tuple(int(ch) for ch in s)): n for n, s in pairs}
    return [out[c] for c in CUBES]


def check_facts():
    """The facts the docs state, recomputed: relative to a target X, X fits everything,
    20 cubes fit exactly 2 corners, 9 (among them the mirror image) fit none, and every
    cube misses at most 3 of the 12 edges; the symmetries are transitive."""
    for ti, x in enumerate(CUBES):
        per = [sum(FIT[ti][t][:8]) for t in range(30)]
        assert per[ti] == 8 and all(FIT[ti][ti])
        assert sorted(per) == [0] * 9 + [2] * 20 + [8]
        assert per[CUBES.index(mirror(x))] == 0
        assert all(12 - sum(FIT[ti][t][8:]) <= 3 for t in range(30))
    images = set()
    for perm in itertools.permutations(range(1, 7)):
        c = canon(tuple(perm[v - 1] for v in CUBES[0]))
        images.add(c)
        images.add(mirror(c))
    assert len(images) == 30


def hall_sets(ti):
    """The closed sets of frame positions of target ti, as (cubes fitting, positions)."""
    fp = [frozenset(t for t in range(30) if FIT[ti][t][p]) for p in range(20)]

    def closure(ps):
        fset = frozenset().union(*[fp[p] for p in ps])
        return frozenset(p for p in range(20) if fp[p] <= fset), fset

    seen = {}
    stack = []
    for p in range(20):
        s, fset = closure([p])
        if s not in seen:
            seen[s] = fset
            stack.append(s)
    while stack:
        s = stack.pop()
        for p in range(20):
            if p not in s:
                s2, f2 = closure(list(s) + [p])
                if s2 not in seen:
                    seen[s2] = f2
                    stack.append(s2)
    return [(fset, len(s)) for s, fset in seen.items()]


def fills_some_frame(m):
    """Independent of the Hall sets: augmenting-path matching of cube copies to the 20
    frame positions, for every target."""
    copies = [t for t in range(30) for _ in range(m[t])]
    for ti in range(30):
        owner = [None] * 20

        def augment(i, seen):
            for p in range(20):
                if FIT[ti][copies[i]][p] and p not in seen:
                    seen.add(p)
                    if owner[p] is None or augment(owner[p], seen):
                        owner[p] = i
                        return True
            return False

        matched = sum(augment(i, set()) for i in range(len(copies)))
        if matched == 20:
            return True
    return False


def solve(k, c, halls, limit, workers):
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    m = [model.NewIntVar(0, c, f"m{t}") for t in range(30)]
    model.Add(sum(m) == k)
    model.Add(m[0] == c)
    for hs in halls:
        chosen = []
        for fset, size in hs:
            y = model.NewBoolVar("")
            chosen.append(y)
            model.Add(sum(m[t] for t in fset) <= size - 1).OnlyEnforceIf(y)
        model.AddBoolOr(chosen)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = limit
    start = time.time()
    status = solver.Solve(model)
    found = None
    if status in (cp_model.FEASIBLE, cp_model.OPTIMAL):
        found = [solver.Value(v) for v in m]
    return solver.StatusName(status), time.time() - start, solver.NumBranches(), found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("k", type=int, help="number of cubes")
    ap.add_argument("--copies", type=int, help="only this largest multiplicity c")
    ap.add_argument("--find", action="store_true", help="stop at the first solution")
    ap.add_argument("--limit", type=float, default=7200.0, help="seconds per slice")
    ap.add_argument("--workers", type=int, default=1)
    a = ap.parse_args()
    if not 1 <= a.k <= 200:
        print("k must be in 1..200", file=sys.stderr)
        sys.exit(2)
    check_facts()
    halls = [hall_sets(ti) for ti in range(30)]
    name = names()
    print(f"facts checked; closed Hall sets per target: {sorted({len(h) for h in halls})}", flush=True)
    decided = True
    slices = [a.copies] if a.copies else list(range(a.k, 0, -1))
    for c in slices:
        if 30 * c < a.k:
            print(f"c={c:>2}  impossible ({a.k} cubes over 30 types, at most {c} each)", flush=True)
            continue
        status, secs, branches, found = solve(a.k, c, halls, a.limit, a.workers)
        line = f"c={c:>2}  {status:<10} {secs:9.1f} s  {branches:>10} branches"
        if found:
            ok = not fills_some_frame(found)
            decided &= ok
            ms = " ".join(f"{n}x{name[t]}" for t, n in enumerate(found) if n)
            line += f"  {ms}  (matching: {'fills no frame' if ok else 'FILLS A FRAME: model error'})"
        elif status != "INFEASIBLE":
            decided = False
        print(line, flush=True)
        if found and a.find:
            break
    sys.exit(0 if decided else 1)


if __name__ == "__main__":
    main()
