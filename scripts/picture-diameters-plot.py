#!/usr/bin/env python3
# Usage: scripts/picture-diameters-plot.py [OUT.svg]   (default docs/images/picture-diameters.svg)
#
# Plots the quarter-turn diameters of the m x 1 and m x 2 picture-cube boards against the
# two bounds of the seed's Eq. (1): the counting lower bound log|H| / log(d) - 1 (|H| =
# 2^(m+n-1) 12^(mn) boards, d = 2(m+n) moves per board) and the local method's upper bound
# 8mn + m + n - 1 (Theorem 8). The diameters are read from the quarter-turn tables of
# docs/results.md (every row there is pinned by a test, see docs/seed-ledger.md P12, P15)
# and checked against the stored censuses docs/data/picture-*.json where one exists. Also
# prints the table the plot shows. Deterministic: the same files give the same bytes.
import json, math, os, re, sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
out = sys.argv[1] if len(sys.argv) > 1 else os.path.normpath(os.path.join(root, "docs/images/picture-diameters.svg"))

# Quarter-turn rows "| MxN | states | diameter | ..." of docs/results.md's picture section,
# before the half-turn section.
text = open(os.path.join(root, "docs/results.md")).read()
start = text.index("## Picture cube")
quarter = text[start:text.index("### Half-turn metric", start)]
diam = {}
for m, n, states, d in re.findall(r"^\| (\d+)x(\d+) \| (\d+) \| \**(\d+)\** \|", quarter, re.M):
    m, n, states, d = int(m), int(n), int(states), int(d)
    assert states == 2 ** (m + n - 1) * 12 ** (m * n), (m, n)
    if (m, n) in diam:
        assert diam[(m, n)] == d, (m, n)
    diam[(m, n)] = d
for name in os.listdir(os.path.join(root, "docs/data")):
    g = re.fullmatch(r"picture-(\d+)x(\d+)\.json", name)
    if g:
        data = json.load(open(os.path.join(root, "docs/data", name)))
        key = (int(g[1]), int(g[2]))
        assert data["metric"] == "quarter" and diam.get(key, data["diameter"]) == data["diameter"], name
        diam[key] = data["diameter"]
diam[(1, 2)] = diam[(2, 1)]  # 1x2 is 2x1 transposed


def eq1_lower(m, n):
    return ((m + n - 1) * math.log(2) + m * n * math.log(12)) / math.log(2 * (m + n)) - 1


def local(m, n):
    return 8 * m * n + m + n - 1


series = {n: sorted(m for (m, k) in diam if k == n) for n in (1, 2)}
print("board  diameter  Eq.(1) lower  local upper  d/lower  (d-lower)/(upper-lower)")
for n in (1, 2):
    for m in series[n]:
        d, lo, up = diam[(m, n)], eq1_lower(m, n), local(m, n)
        print(f"{f'{m}x{n}':<6} {d:8} {lo:13.2f} {up:12} {d / lo:8.2f} {(d - lo) / (up - lo):10.2f}")

# The SVG: two panels, m x 1 and m x 2, same vertical scale.
W, H = 760, 400
panel_w, top, bottom = 330, 60, 350
ymax = 120


def panel(x0, n, ms):
    mmax = max(ms) + 1
    sx = lambda m: x0 + 40 + (m / mmax) * (panel_w - 50)
    sy = lambda v: bottom - (v / ymax) * (bottom - top)
    s = [f'<text x="{x0 + 40 + (panel_w - 50) / 2:.1f}" y="{top - 16}" text-anchor="middle" font-weight="bold">m x {n} boards</text>']
    s.append(f'<line x1="{sx(0):.1f}" y1="{sy(0):.1f}" x2="{sx(mmax):.1f}" y2="{sy(0):.1f}" stroke="#000"/>')
    s.append(f'<line x1="{sx(0):.1f}" y1="{sy(0):.1f}" x2="{sx(0):.1f}" y2="{sy(ymax):.1f}" stroke="#000"/>')
    for v in range(0, ymax + 1, 20):
        s.append(f'<line x1="{sx(0) - 4:.1f}" y1="{sy(v):.1f}" x2="{sx(mmax):.1f}" y2="{sy(v):.1f}" stroke="#ddd"/>')
        s.append(f'<text x="{sx(0) - 7:.1f}" y="{sy(v) + 4:.1f}" text-anchor="end">{v}</text>')
    for m in range(1, mmax):
        if mmax < 8 or m % 2 == 1:
            s.append(f'<text x="{sx(m):.1f}" y="{sy(0) + 16:.1f}" text-anchor="middle">{m}</text>')
    s.append(f'<text x="{sx(mmax / 2):.1f}" y="{sy(0) + 34:.1f}" text-anchor="middle">m (rows)</text>')
    curves = [
        ("#c0392b", "8mn+m+n-1 (local method, upper)", [(m, local(m, n)) for m in range(1, mmax)], "6 3"),
        ("#1f5fa8", "diameter (census)", [(m, diam[(m, n)]) for m in ms], ""),
        ("#2e8b57", "log|H|/log(2(m+n)) - 1 (Eq. (1), lower)", [(m, eq1_lower(m, n)) for m in range(1, mmax)], "2 3"),
    ]
    for color, _, pts, dash in curves:
        d = " ".join(f"{sx(m):.1f},{sy(v):.1f}" for m, v in pts)
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        s.append(f'<polyline points="{d}" fill="none" stroke="{color}" stroke-width="2"{extra}/>')
    for m in ms:
        s.append(f'<circle cx="{sx(m):.1f}" cy="{sy(diam[(m, n)]):.1f}" r="3" fill="#1f5fa8"/>')
    return s, curves


parts = [
    f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H + 50}" viewBox="0 0 {W} {H + 50}" font-family="sans-serif" font-size="11">',
    f'<rect width="{W}" height="{H + 50}" fill="#fff"/>',
    '<text x="10" y="16" font-size="12">Picture cube, quarter-turn metric: diameters against the bounds of Eq. (1) (scripts/picture-diameters-plot.py)</text>',
]
p1, curves = panel(0, 1, series[1])
p2, _ = panel(380, 2, series[2])
parts += p1 + p2
for i, (color, label, _, dash) in enumerate(curves):
    y = H + 12 + 14 * i
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    parts.append(f'<line x1="60" y1="{y}" x2="90" y2="{y}" stroke="{color}" stroke-width="2"{extra}/>')
    parts.append(f'<text x="96" y="{y + 4}">{label}</text>')
parts.append("</svg>")
tmp = out + ".tmp"
with open(tmp, "w") as f:
    f.write("\n".join(parts) + "\n")
os.replace(tmp, out)
print(f"wrote {out}")
