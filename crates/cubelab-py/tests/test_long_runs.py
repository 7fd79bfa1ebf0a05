"""Long runs: the progress callback, Ctrl-C and a raising callback stop them, and the
interpreter lock is released while they run."""

import os
import signal
import threading
import time

import pytest

import cubelab
from cubelab import census

# A census of 10 to 30 CPU-seconds (all 2^30 sub-collections, by size): long enough that a
# stop requested at its first progress report always comes before its end. No test here
# measures elapsed time: a stop is shown by the exception and by the run not having
# reported its last unit, and the worker's end by the process going quiet.
LONG = dict(size="all")


def wound_down(within=300.0):
    """Whether the process stops using CPU (the stopped worker ended). `within` only keeps
    a broken build from hanging the suite; a busy machine makes the process quieter, so a
    slow machine cannot make this fail."""
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

    calls = []

    def stop_soon(phase, done, total):
        calls.append((done, total))
        if 0 < total and done < total:  # the census is under way
            raise Enough()

    with pytest.raises(Enough):
        census.targets(**LONG, progress=stop_soon)
    done, total = calls[-1]
    assert 0 < total and done < total, "the callback is not called again once it raised"
    assert wound_down()


def test_keyboard_interrupt_from_the_callback():
    calls = []

    def interrupt(phase, done, total):
        calls.append((done, total))
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        census.targets(**LONG, progress=interrupt)
    assert len(calls) == 1
    assert wound_down()


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name == "nt", reason="POSIX signals")
def test_ctrl_c_interrupts_a_long_census():
    # SIGINT is sent from another thread once the run has reported progress, so it always
    # arrives while the census is running, however slow or busy the machine is.
    running = threading.Event()
    calls = []

    def seen(phase, done, total):
        calls.append((done, total))
        if 0 < total and done < total:  # the census is under way
            running.set()

    def interrupt():
        if running.wait(timeout=300):
            os.kill(os.getpid(), signal.SIGINT)

    # Python raises KeyboardInterrupt on SIGINT only with its default handler, which it
    # does not install when it starts with SIGINT ignored (as a shell's background job
    # does: `cmd &`, nohup): the test sets it for its own duration.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        sender = threading.Thread(target=interrupt, daemon=True)
        sender.start()
        with pytest.raises(KeyboardInterrupt):
            census.targets(**LONG, progress=seen)
        sender.join()
    finally:
        signal.signal(signal.SIGINT, previous)
    assert running.is_set()
    assert calls[-1][0] < calls[-1][1], "the run was stopped before its end"
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
