"""Progress of long runs: the ``progress=`` argument of every long call.

The native module calls its callback about ten times a second, from the calling thread,
with ``(phase, done, total, index, count)``: the phase being worked on, the units of it
done and its total units (0 when unknown), and the phase's place (from 1) among the run's
phases and their number (0 when the run does not know it in advance). What a caller
gives is turned into that callback here:

- a callable ``progress(phase, done, total)``: called with ``phase`` a :class:`Phase`, a
  ``str`` that also carries ``.number`` and ``.phases`` (not ``index`` and ``count``,
  which would hide ``str.index`` and ``str.count``);
- ``True``: a tqdm bar when tqdm can be imported, else a line on standard error rewritten
  in place; both end with the call;
- ``None`` or ``False``: nothing.

One display spans the run: when the run says how many phases it has, the bar counts
phases (``3.42/18``: the third phase of 18, 42% through it), so 18 phases fill one bar
instead of resetting it 18 times; otherwise it counts the units of the current phase.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
from typing import Any, Callable, Iterator, Optional, TextIO, Union

__all__ = ["Phase", "ProgressCallback", "Progress", "reporter"]

#: A progress callback: called about ten times a second during a long run with the
#: phase being worked on (a :class:`Phase`, which is a ``str``), the units done and the
#: total units (0 when unknown).
ProgressCallback = Callable[[str, int, int], Any]

#: What ``progress=`` takes: a callback, or ``True`` for a bar (tqdm when installed, a
#: line on standard error otherwise).
Progress = Union[ProgressCallback, bool]

#: The native module's callback: ``(phase, done, total, index, count)``.
_Native = Callable[[str, int, int, int, int], None]


class Phase(str):
    """The name of a run's phase (``"targets census"``), a ``str``, with its place among
    the run's phases: ``number`` (from 1) of ``phases`` (0 when the run does not know how
    many phases it has: a picture census's layers, say). ``str.index`` and ``str.count``
    stay the string's methods.

    >>> p = Phase("solution numbers for Ab", 2, 30)
    >>> p == "solution numbers for Ab", p.number, p.phases, p.count("o")
    (True, 2, 30, 3)
    """

    number: int
    phases: int

    def __new__(cls, name: str, number: int = 1, phases: int = 0) -> "Phase":
        phase = super().__new__(cls, name)
        phase.number = number
        phase.phases = phases
        return phase

    def __repr__(self) -> str:
        return f"Phase({str(self)!r}, number={self.number}, phases={self.phases})"

    def __reduce__(self) -> Any:
        return (Phase, (str(self), self.number, self.phases))


def position(done: int, total: int, index: int, count: int) -> "tuple[float, Optional[float]]":
    """Where a display stands and its end: in phases when the run's phases are counted
    (the finished ones plus the current one's fraction), else in the phase's units."""
    if count > 0:
        fraction = min(done / total, 1.0) if total > 0 else 0.0
        return (index - 1 + fraction, float(count))
    return (float(done), float(total) if total > 0 else None)


def _label(phase: str, index: int, count: int) -> str:
    return f"{phase} ({index}/{count})" if count > 1 else phase


class _Bar:
    """A tqdm bar over the run (``tqdm`` imported from ``sys.modules`` or installed)."""

    def __init__(self, tqdm: Any) -> None:
        self._tqdm = tqdm
        self._bar: Any = None
        self._shown: Optional[tuple[str, int, int]] = None

    def __call__(self, phase: str, done: int, total: int, index: int, count: int) -> None:
        n, end = position(done, total, index, count)
        if self._bar is None:
            self._bar = self._tqdm(total=end, unit="phase" if count > 0 else "unit", unit_scale=True, dynamic_ncols=True)
        bar = self._bar
        if self._shown != (phase, index, count):
            if count <= 0:  # a new phase of its own units: the bar starts again
                bar.reset(total=end)
            bar.set_description(_label(phase, index, count), refresh=False)
            self._shown = (phase, index, count)
        bar.total = end
        bar.n = n
        bar.refresh()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


class _Line:
    """A line on standard error, rewritten in place (``\\r``), ended by a newline."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._width = 0

    def __call__(self, phase: str, done: int, total: int, index: int, count: int) -> None:
        text = f"{_label(phase, index, count)}: {done:,}"
        if total > 0:
            text += f" of {total:,} ({100 * done / total:.0f}%)"
        if count > 1:
            n, end = position(done, total, index, count)
            text += f", run {100 * n / (end or 1):.0f}%"
        pad = " " * max(0, self._width - len(text))
        self._width = len(text)
        self._stream.write("\r" + text + pad)
        self._stream.flush()

    def close(self) -> None:
        if self._width:
            self._stream.write("\n")
            self._stream.flush()


def _tqdm() -> Any:
    """tqdm's ``tqdm`` (its ``auto`` flavour: a widget in notebooks), or None when it is
    not installed."""
    for name in ("tqdm.auto", "tqdm"):
        try:
            return importlib.import_module(name).tqdm
        except (ImportError, AttributeError):
            continue
    return None


@contextlib.contextmanager
def reporter(progress: Any) -> Iterator[Optional[_Native]]:
    """The native callback for a ``progress=`` argument, for the duration of one call
    (a bar or line is closed when it ends, however it ends). A wrong type is a
    ``TypeError`` (``InputTypeError``) before any work."""
    if progress is None or progress is False:
        yield None
        return
    if progress is True:
        tqdm = _tqdm()
        display: Union[_Bar, _Line] = _Bar(tqdm) if tqdm is not None else _Line(sys.stderr)
        try:
            yield display
        finally:
            display.close()
        return
    if not callable(progress):
        from cubelab.errors import InputTypeError

        raise InputTypeError(f"progress must be a callable, True or None, got {type(progress).__name__} {progress!r}")
    callback: ProgressCallback = progress

    def native(phase: str, done: int, total: int, index: int, count: int) -> None:
        callback(Phase(phase, index, count), done, total)

    yield native
