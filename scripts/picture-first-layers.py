#!/usr/bin/env python3
# Usage: scripts/picture-first-layers.py DEPTH   (prints the 3x3 layer counts so far, layer by layer)
# Independent check of the first layers of the 3x3 picture cube census: breadth-first
# search over boards (9 cube orientations as rotation matrices), no symmetry, no tables
# shared with cubelab.
import itertools, sys
def mat_mul(a, b):
    return tuple(tuple(sum(a[i][k]*b[k][j] for k in range(3)) for j in range(3)) for i in range(3))
I = ((1,0,0),(0,1,0),(0,0,1))
Rx = ((1,0,0),(0,0,-1),(0,1,0))   # quarter turn about x
Rz = ((0,-1,0),(1,0,0),(0,0,1))   # quarter turn about z
# the 24 rotations
rots = [I]; frontier = [I]
while frontier:
    nxt = []
    for a in frontier:
        for g in (Rx, Rz):
            b = mat_mul(a, g)
            if b not in rots:
                rots.append(b); nxt.append(b)
    frontier = nxt
assert len(rots) == 24
idx = {r: i for i, r in enumerate(rots)}
inv = lambda m: tuple(tuple(m[j][i] for j in range(3)) for i in range(3))
turn = {}
for name, g in [("u", Rx), ("d", inv(Rx)), ("l", Rz), ("r", inv(Rz))]:
    turn[name] = [idx[mat_mul(r, g)] for r in rots]
moves = []
for i in range(3):
    for t in ("u", "d"):
        moves.append(([3*i + j for j in range(3)], turn[t]))
for j in range(3):
    for t in ("l", "r"):
        moves.append(([3*i + j for i in range(3)], turn[t]))
start = (idx[I],) * 9
seen = {start}; frontier = [start]; counts = [1]
depth = int(sys.argv[1])
for _ in range(depth):
    nxt = []
    for b in frontier:
        for cells, t in moves:
            c = list(b)
            for k in cells:
                c[k] = t[c[k]]
            c = tuple(c)
            if c not in seen:
                seen.add(c); nxt.append(c)
    counts.append(len(nxt)); frontier = nxt
    print(counts, flush=True)
