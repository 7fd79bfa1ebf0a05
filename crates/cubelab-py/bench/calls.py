"""Per-call cost of small Python calls (docs/benchmarks.md, "Python calls"): a benchmark,
not a test. Run it on a release build of the package (pip install ./crates/cubelab-py, or
maturin develop --release):

    python crates/cubelab-py/bench/calls.py [CALLS]

Each case runs CALLS calls (default 10,000) three times; the median of the three per-call
times is printed, with the load average before and after.
"""

import json
import os
import statistics
import sys
import time

import cubelab
from cubelab import _native

FIG6 = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]
BUILD_INPUT = json.dumps({"blocks": FIG6, "improper": False})


def per_call(fn, calls):
    times = []
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        times.append((time.perf_counter() - start) / calls)
    return statistics.median(times)


def main():
    calls = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    ab = cubelab.Cube("Ab")
    cases = [
        ("cubelab.build(8 blocks)", lambda: cubelab.build(FIG6)),
        ("  of which _native.call('build', json)", lambda: _native.call("build", BUILD_INPUT)),
        ("cubelab.run('show', {'cube': 'Ab'})", lambda: cubelab.run("show", {"cube": "Ab"})),
        ("Cube('Ab').to_json()", lambda: ab.to_json()),
        ("Cube('Ab')", lambda: cubelab.Cube("Ab")),
        ("Cube('Ab').mirror", lambda: ab.mirror),
    ]
    print(f"load average before: {os.getloadavg()}")
    for name, fn in cases:
        fn()
        print(f"{name:45s} {per_call(fn, calls) * 1e6:10.1f} µs per call ({calls} calls, median of 3)")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
