"""Per-call cost of small Python calls (docs/benchmarks.md, "Python calls"): a benchmark,
not a test. Run it on a release build of the package (pip install ./crates/cubelab-py, or
maturin develop --release):

    python crates/cubelab-py/bench/calls.py [CALLS]

Each case runs CALLS calls (default 10,000) three times; the medians of the three per-call
wall times and process CPU times are printed, with the load average before and after.
"""

import os
import statistics
import sys
import time

import cubelab
from cubelab import _native

FIG6 = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]
BUILD_INPUT = {"blocks": FIG6, "improper": False}
SHOW_INPUT = {"cube": "Ab"}


def per_call(fn, calls):
    """The median over three runs of the wall time and of the process's CPU time per call
    (the CPU time says more on a loaded machine)."""
    wall, cpu = [], []
    for _ in range(3):
        start, start_cpu = time.perf_counter(), time.process_time()
        for _ in range(calls):
            fn()
        wall.append((time.perf_counter() - start) / calls)
        cpu.append((time.process_time() - start_cpu) / calls)
    return statistics.median(wall), statistics.median(cpu)


def main():
    calls = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    ab = cubelab.Cube("Ab")
    cases = [
        ("cubelab.build(8 blocks)", lambda: cubelab.build(FIG6)),
        ("  of which _native.call('build', dict)", lambda: _native.call("build", BUILD_INPUT)),
        ("cubelab.run('show', {'cube': 'Ab'})", lambda: cubelab.run("show", {"cube": "Ab"})),
        ("  of which _native.call('show', dict)", lambda: _native.call("show", SHOW_INPUT)),
        ("Cube('Ab').to_json()", lambda: ab.to_json()),
        ("Cube('Ab')", lambda: cubelab.Cube("Ab")),
        ("Cube('Ab').mirror", lambda: ab.mirror),
    ]
    print(f"load average before: {os.getloadavg()}")
    for name, fn in cases:
        fn()
        wall, cpu = per_call(fn, calls)
        print(f"{name:45s} {wall * 1e6:8.1f} µs wall {cpu * 1e6:8.1f} µs CPU per call ({calls} calls, median of 3)")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
