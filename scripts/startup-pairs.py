#!/usr/bin/env python3
"""Paired start-up timings of two cubelab binaries over the golden commands that run under
30 ms: scripts/startup-pairs.py NEW OLD PAIRS. Each command runs NEW, OLD, NEW, OLD, ...
(posix_spawn, output to /dev/null) in a temporary folder; per command the median of the
paired CPU (user + system of the child) and wall ratios NEW/OLD; then their median and
range over the commands. docs/benchmarks.md, "Start-up with deferred subcommands"."""
import os, sys, time, shlex, tempfile, statistics as st
NEW, OLD, N = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), int(sys.argv[3])
text = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'golden.sh')).read()
lst = text.split("<<'CMDS'\n")[1].split("\nCMDS\n")[0]
lines = [l for l in lst.splitlines() if l and not l.startswith('#')]
d = tempfile.mkdtemp(); os.chdir(d)
dn = os.open('/dev/null', os.O_WRONLY)
def run(b, w):
    t0 = time.perf_counter_ns()
    pid = os.posix_spawn(b, [b] + w, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, dn, 1), (os.POSIX_SPAWN_DUP2, dn, 2)])
    _, status, ru = os.wait4(pid, 0)
    return (ru.ru_utime + ru.ru_stime), (time.perf_counter_ns() - t0) / 1e9
allc, allw = [], []
for l in lines:
    w = shlex.split(l)
    if any(x in w for x in ['--checkpoint', '--resume', '--output', '--save-table', '--plot', '--svg']) or 'merge' in w or '$' in l:
        continue
    c, wall = run(NEW, w)
    if wall > 0.03:
        continue
    rc, rw, ca = [], [], []
    for i in range(N):
        a = run(NEW, w); b = run(OLD, w)
        ca.append(a[0])
        if b[0] > 0: rc.append(a[0] / b[0])
        rw.append(a[1] / b[1])
    allc.append(st.median(rc)); allw.append(st.median(rw))
    print(f"{st.median(ca)*1e3:6.2f} ms  cpu {st.median(rc):.3f}  wall {st.median(rw):.3f}  {l}", flush=True)
print(f"commands {len(allc)}: median cpu ratio {st.median(allc):.3f} (range {min(allc):.3f}-{max(allc):.3f}), wall {st.median(allw):.3f} (range {min(allw):.3f}-{max(allw):.3f}); load {os.getloadavg()}")
