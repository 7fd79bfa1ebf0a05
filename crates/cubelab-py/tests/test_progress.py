"""Progress that moves: done rises within every phase (not only at its end), phases carry
their place among the run's phases, and ``progress=True`` shows one tqdm bar for the run
when tqdm can be imported and a line on standard error otherwise.

The reports a run makes are read with ``_native.trace``, which records each one as it
comes; the callback proper is polled ten times a second, so what it sees of a short run
depends on the machine's speed, and no test here depends on timing."""

import inspect
import sys
import types

import pytest

import cubelab
from cubelab import _native, census, design, extended, magic, picture, stack


def phases(reports):
    """The reports grouped by phase, in order: [(name, index, count, total, [done...])]."""
    out = []
    for name, done, total, index, count in reports:
        if not out or out[-1][:2] != (name, index):
            out.append((name, index, count, total, []))
        out[-1][4].append(done)
    return out


@pytest.mark.parametrize(
    "command, input",
    [
        # The K = 8 census reads lists of buildable sets, not ranks: it used to report its
        # 5,852,925 units in one step at its end.
        ("census targets", {"size": "8"}),
        ("census max-targets", {}),
        ("census solution-numbers", {"target": "Ba"}),
        ("stack census", {"colors": 4}),
        ("magic enumerate", {"order": 3}),
    ],
)
def test_done_rises_before_the_end_of_every_phase(command, input):
    report, reports = _native.trace(command, input)
    assert report["kind"]
    seen = phases(reports)
    assert seen, "no progress reported"
    for name, index, count, total, done in seen:
        assert total > 0, name
        assert done == sorted(done), f"{name}: done went down"
        assert done[-1] == total, f"{name}: ends at {done[-1]} of {total}"
        inside = [d for d in done if 0 < d < total]
        assert inside, f"{name}: done stays at 0 until the end ({done})"


def test_the_eights_census_reports_in_bounded_steps():
    # Per batch, not per set: a few dozen reports for 5,852,925 sets.
    _, reports = _native.trace("census targets", {"size": "8"})
    assert 4 <= len(reports) <= 200


def test_phases_carry_their_index_and_count():
    report, reports = _native.trace("census solution-numbers", {"all_targets": True})
    seen = phases(reports)
    n = len(report["targets"])
    assert n > 1
    assert [index for _, index, _, _, _ in seen] == list(range(1, n + 1))
    assert {count for _, _, count, _, _ in seen} == {n}
    assert [name for name, *_ in seen] == [f"solution numbers for {t['target']}" for t in report["targets"]]
    for name, _, _, total, done in seen:
        assert any(0 < d < total for d in done), name


def test_a_single_phase_does_not_claim_a_count():
    _, reports = _native.trace("census targets", {"size": "8"})
    assert {(index, count) for _, _, _, index, count in reports} == {(1, 0)}


def test_the_callback_gets_a_phase_that_is_a_str():
    calls = []
    census.solution_numbers(all_targets=True, progress=lambda phase, done, total: calls.append((phase, done, total)))
    assert calls
    phase, done, total = calls[-1]
    assert isinstance(phase, cubelab.Phase) and isinstance(phase, str)
    assert phase.startswith("solution numbers for ")
    assert 1 <= phase.number <= phase.phases and phase.phases > 1
    assert phase == str(phase) and eval(repr(phase), {"Phase": cubelab.Phase}).phases == phase.phases
    # str's own methods are not hidden by the phase's fields.
    assert phase.count("o") == str(phase).count("o") and phase.index("s") == 0


def _fake_tqdm(bars):
    """A module ``tqdm`` (and ``tqdm.auto``) whose bars record what they are shown."""

    class Bar:
        def __init__(self, total=None, **kwargs):
            self.total, self.n, self.description, self.closed = total, 0, "", False
            self.shown = []
            bars.append(self)

        def reset(self, total=None):
            self.total, self.n = total, 0

        def set_description(self, text, refresh=True):
            self.description = text

        def refresh(self):
            self.shown.append((self.description, self.n, self.total))

        def close(self):
            self.closed = True

    module = types.ModuleType("tqdm")
    module.tqdm = Bar
    auto = types.ModuleType("tqdm.auto")
    auto.tqdm = Bar
    module.auto = auto
    return module, auto


def test_progress_true_uses_tqdm_when_it_can_be_imported(monkeypatch):
    bars = []
    module, auto = _fake_tqdm(bars)
    monkeypatch.setitem(sys.modules, "tqdm", module)
    monkeypatch.setitem(sys.modules, "tqdm.auto", auto)
    result = census.solution_numbers(all_targets=True, progress=True)
    n = len(result)
    assert len(bars) == 1, "one bar for the whole run"
    bar = bars[0]
    assert bar.closed
    assert bar.shown and bar.total == n  # the bar counts the run's phases
    positions = [p for _, p, _ in bar.shown]
    assert positions == sorted(positions) and positions[-1] == n
    assert "solution numbers for" in bar.shown[-1][0] and f"({n}/{n})" in bar.shown[-1][0]


def test_progress_true_counts_units_for_a_run_of_one_phase(monkeypatch):
    bars = []
    module, auto = _fake_tqdm(bars)
    monkeypatch.setitem(sys.modules, "tqdm", module)
    monkeypatch.setitem(sys.modules, "tqdm.auto", auto)
    result = census.targets(size=8, progress=True)
    (bar,) = bars
    assert bar.closed and bar.total == result.total
    assert bar.shown[-1] == ("targets census", result.total, result.total)


def test_progress_true_writes_a_line_without_tqdm(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm raises ImportError
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    result = census.targets(size=8, progress=True)
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, "one line, rewritten in place, ended once"
    last = err.rstrip("\n").split("\r")[-1]
    assert last.startswith("targets census: ") and f"{result.total:,} of {result.total:,} (100%)" in last


def test_progress_false_or_none_shows_nothing(capsys):
    census.targets(size=8, progress=False)
    census.targets(size=8, progress=None)
    assert capsys.readouterr() == ("", "")


def test_progress_of_a_wrong_type_is_a_type_error():
    with pytest.raises(TypeError, match="progress must be a callable, True or None, got int 3"):
        census.targets(size=8, progress=3)


LONG_CALLS = [
    cubelab.build,
    cubelab.solve,
    cubelab.run,
    census.targets,
    census.solution_numbers,
    census.multisets,
    census.infeasible,
    census.universal,
    census.max_targets,
    picture.solve,
    picture.bounds,
    picture.census,
    magic.enumerate,
    magic.squares,
    magic.estimate,
    stack.solve,
    stack.census,
    extended.build,
    extended.solve,
    extended.census,
    design.stack,
    design.blocks,
    design.extended,
]


@pytest.mark.parametrize("function", LONG_CALLS, ids=lambda f: f"{f.__module__}.{f.__name__}")
def test_every_long_call_takes_progress(function):
    parameter = inspect.signature(function).parameters.get("progress")
    assert parameter is not None and parameter.kind == inspect.Parameter.KEYWORD_ONLY and parameter.default is None
