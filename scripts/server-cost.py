#!/usr/bin/env python3
"""The web server's CPU per small request (issue 43, docs/benchmarks.md).

Starts `cubelab serve` on a free loopback port, sends REQUESTS `POST /api/build` of
Figure 6's eight blocks over one keep-alive connection (after WARMUP not counted), and
prints the server process's CPU time per request (user + system, from /proc/PID/stat, so
the client's own time is not counted). Then sends BURST requests from CONCURRENT client
threads at once (one address, as every client on loopback is) and counts the answers by
status: a burst of cheap requests must not be refused with 429.

    python3 scripts/server-cost.py target/release/cubelab [REQUESTS [CONCURRENT]]

Compare the first figure with the library's own build of the same blocks
(`cargo bench -p cubelab-api --bench typed -- library/build`).
"""
import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time

BODY = json.dumps({"blocks": ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]})


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        rest = f.read().rsplit(")", 1)[1].split()
    return int(rest[11]) + int(rest[12])


def post(conn):
    conn.request("POST", "/api/build", BODY, {"Content-Type": "application/json"})
    r = conn.getresponse()
    r.read()
    return r.status


def main():
    exe = sys.argv[1]
    requests = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    concurrent = int(sys.argv[3]) if len(sys.argv) > 3 else 16
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([exe, "serve", "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                conn.connect()
                break
            except OSError:
                time.sleep(0.05)
        else:
            sys.exit("the server did not start")
        for _ in range(500):
            assert post(conn) == 200
        before, start = cpu_ticks(server.pid), time.monotonic()
        for _ in range(requests):
            assert post(conn) == 200
        ticks, wall = cpu_ticks(server.pid) - before, time.monotonic() - start
        hz = os.sysconf("SC_CLK_TCK")
        print(f"{requests} requests on one connection: server CPU {ticks / hz / requests * 1e6:.1f} us a request "
              f"({ticks / hz:.2f} s in all), round trip {wall / requests * 1e6:.0f} us a request")
        statuses = {}
        lock = threading.Lock()

        def burst():
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            for _ in range(25):
                st = post(c)
                with lock:
                    statuses[st] = statuses.get(st, 0) + 1

        threads = [threading.Thread(target=burst) for _ in range(concurrent)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        print(f"burst of {concurrent} clients x 25 requests from one address: "
              + ", ".join(f"{n} answered {st}" for st, n in sorted(statuses.items())))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
