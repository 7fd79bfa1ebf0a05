#!/usr/bin/env python3
# Usage: scripts/picture-first-layers.py DEPTH [M N]   (prints the M x N layer counts so far,
# layer by layer; M x N is 3x3 by default)
# Independent check of the first layers of the picture cube censuses: breadth-first
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
M, N = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (3, 3)
moves = []
for i in range(M):
    for t in ("u", "d"):
        moves.append(([N*i + j for j in range(N)], turn[t]))
for j in range(N):
    for t in ("l", "r"):
        moves.append(([N*i + j for i in range(M)], turn[t]))
start = (idx[I],) * (M * N)
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
