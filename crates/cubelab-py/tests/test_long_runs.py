"""Long runs: the progress callback, Ctrl-C and a raising callback stop them, and the
interpreter lock is released while they run."""

import os
import signal
import threading
import time

import pytest

import cubelab
from cubelab import census

# A census of 10 to 30 seconds (all 2^30 sub-collections, by size): these tests stop it
# within a second or fail.
LONG = dict(size="all")


def wound_down(within=5.0):
    """Whether the process stops using CPU (the stopped worker ended) within seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        before = time.process_time()
        time.sleep(0.25)
        if time.process_time() - before < 0.05:
            return True
    return False


def test_progress_reports_phase_done_and_total():
    calls = []
    result = census.targets(size=8, progress=lambda phase, done, total: calls.append((phase, done, total)))
    assert result.total == 5852925
    assert calls, "no progress reported"
    phase, done, total = calls[-1]
    assert isinstance(phase, str) and phase
    assert total > 0 and done == total  # the last report is the final count
    assert all(0 <= d <= t or t == 0 for _, d, t in calls)


def test_a_raising_callback_stops_the_run_and_propagates():
    class Enough(Exception):
        pass

    def stop_soon(phase, done, total):
        if time.monotonic() - started > 0.5:
            raise Enough()

    started = time.monotonic()
    with pytest.raises(Enough):
        census.targets(**LONG, progress=stop_soon)
    assert time.monotonic() - started < 2
    assert wound_down()


def test_keyboard_interrupt_from_the_callback():
    started = time.monotonic()

    def interrupt(phase, done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        census.targets(**LONG, progress=interrupt)
    assert time.monotonic() - started < 1
    assert wound_down()


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name == "nt", reason="POSIX signals")
def test_ctrl_c_interrupts_a_long_census():
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            census.targets(**LONG)
    finally:
        timer.cancel()
    assert time.monotonic() - started < 2
    assert wound_down()
    # The package is usable afterwards.
    assert census.targets(size=3) == {0: 4060}


def test_the_interpreter_lock_is_released():
    ticks = 0
    running = True

    def count():
        nonlocal ticks
        while running:
            ticks += 1
            time.sleep(0)

    worker = threading.Thread(target=count)
    worker.start()
    try:
        census.targets(size=8)
    finally:
        running = False
        worker.join()
    # Holding the lock for the whole census would leave the counter near zero.
    assert ticks > 1000


def test_runs_from_several_threads_agree():
    results = []
    threads = [threading.Thread(target=lambda: results.append(census.targets(size=8, colors=2).json)) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 4 and all(r == results[0] for r in results)
