"""Magic cubes (``cubelab magic``): n x n x n arrangements of an arithmetic progression
whose rows, columns, pillars and triagonals all have the same sum.

A cube is given as layers (top first) of rows (back first) of numbers (left first):
a nested list ``cube[layer][row][cell]``, or the text ``cubelab magic check`` reads.

>>> from cubelab import magic
>>> cubes = magic.enumerate(order=3)
>>> len(cubes), [c.size for c in magic.enumerate(order=3, classes=True)]
(192, [48, 48, 48, 48])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Optional, Sequence, Tuple, Union

from cubelab._results import Progress, Record, Report, ResultList, call as _call, field

__all__ = ["Class", "Line", "Check", "enumerate", "check", "construct", "squares", "estimate"]

Layers = List[List[List[int]]]


def _layers(cells: Sequence[int], order: int) -> Layers:
    """A flat list of n³ cells as layers of rows of cells."""
    return [[list(cells[(k * order + r) * order : (k * order + r + 1) * order]) for r in range(order)] for k in range(order)]


@dataclass(frozen=True)
class Class(Record):
    """A class of magic cubes under the 48 rotations and reflections: a representative
    (layers of rows of cells) and the number of cubes in the class."""

    representative: Layers
    size: int


@dataclass(frozen=True)
class Line(Record):
    """A line whose sum is not the magic sum: its kind, description, cells (1-based
    layer, row, cell) and sum."""

    kind: str
    line: str
    cells: Tuple[Tuple[int, int, int], ...] = field(lambda cs: tuple(tuple(c) for c in cs))
    sum: int = field()


@dataclass(frozen=True)
class Check(Record):
    """Which properties a cube has, its magic sum, and the lines that fail."""

    order: int
    magic_sum: int
    semi_perfect: bool
    diagonal: bool
    pantriagonal: bool
    perfect: bool
    failing_lines: Tuple[Line, ...] = field(lambda ls: tuple(Line.from_json(x) for x in ls))


def enumerate(
    order: int = 3,
    *,
    start: int = 1,
    step: int = 1,
    property: str = "semi-perfect",
    origin_pinned: bool = False,
    classes: bool = False,
    progress: Optional[Progress] = None,
) -> Union[ResultList[Layers], ResultList[Class]]:
    """Every magic cube of ``order`` on the numbers start, start+step, ...: a list of
    cubes (layers of rows of cells), or with ``classes=True`` the classes under the 48
    symmetries. ``property`` is ``"semi-perfect"``, ``"diagonal"``, ``"pantriagonal"`` or
    ``"perfect"``. Only order 3 finishes quickly; Ctrl-C stops a search.

    >>> magic.enumerate(order=3)[0][0]
    [[1, 15, 26], [17, 19, 6], [24, 8, 10]]
    """
    input = {"order": order, "start": start, "step": step, "property": property, "origin_pinned": origin_pinned, "classes": classes}
    report = _call("magic enumerate", input, progress)
    if report["classes"] is not None:
        items = [Class(_layers(c["representative"], order), c["size"]) for c in report["classes"]]
        for item, c in zip(items, report["classes"]):
            object.__setattr__(item, "_json", c)
        return ResultList(items, report)
    return ResultList((_layers(c, order) for c in report["cubes"]), report)


def _text(cube: Any) -> str:
    if isinstance(cube, str):
        return cube
    try:
        return "\n\n".join("\n".join(" ".join(str(x) for x in row) for row in layer) for layer in cube) + "\n"
    except TypeError:
        from cubelab.errors import InputError

        raise InputError("a magic cube is given as layers of rows of numbers, or as text") from None


def check(cube: Union[str, Layers]) -> Check:
    """Which properties ``cube`` has (layers of rows of numbers, or the text format of
    ``cubelab magic check``); a cube whose numbers are no progression raises InputError.

    >>> result = magic.check(magic.construct(3))
    >>> result.semi_perfect, result.magic_sum
    (True, 42)
    """
    return Check.from_json(_call("magic check", {"file": "-"}, stdin=_text(cube)))


def construct(order: int) -> ResultList[List[List[int]]]:
    """A semi-perfect magic cube of ``order`` (3 to 200) on 1..n³, as layers of rows of
    cells (checked by the verifier before it is returned).

    >>> magic.construct(3)[0]
    [[1, 15, 26], [17, 19, 6], [24, 8, 10]]
    """
    report = _call("magic construct", {"order": order})
    return ResultList(report["cube"], report)



def squares(
    order: int = 4,
    *,
    kind: str = "normal",
    method: str = "diagonals",
    fix: Optional[Sequence[str]] = None,
    classes: bool = False,
    progress: Optional[Progress] = None,
) -> Report:
    """The census of the magic squares of ``order`` (3 to 5; ``cubelab magic squares``):
    ``count`` (essentially different, up to the 8 symmetries of the square) and ``total``
    (all squares), ``by_centre`` for odd orders, and with ``classes=True`` Dudeney's
    twelve groups of order 4. ``kind`` is ``"normal"``, ``"semi"``, ``"pandiagonal"`` or
    ``"associative"``; ``method`` ``"diagonals"`` (fast) or ``"backtrack"`` (the plain
    second method); ``fix`` pins cells, e.g. ``["1,1=3"]``. Order 5 takes about a minute
    on two cores; the run releases the interpreter lock and stops on Ctrl-C.

    >>> r = magic.squares(order=4)
    >>> r["count"], r["total"]
    (880, 7040)
    >>> [g["count"] for g in magic.squares(order=4, classes=True)["classes"]][:3]
    [48, 48, 48]
    """
    input = {"order": order, "kind": kind, "method": method, "fix": list(fix or []), "classes": classes}
    return Report(_call("magic squares", input, progress))


def estimate(
    order: int = 4,
    *,
    of: str = "cubes",
    samples: Optional[int] = None,
    seed: Optional[int] = None,
    fixed_cells: Optional[int] = None,
    tail: Optional[int] = None,
    exact: bool = False,
    method: Optional[str] = None,
    repeats: Optional[int] = None,
    sweeps: Optional[int] = None,
    beta_max: Optional[float] = None,
    progress: Optional[Progress] = None,
) -> Report:
    """A statistical estimate (Knuth's estimator over a propagation tree; ``cubelab magic
    estimate``) of the number of semi-perfect magic cubes (``of="cubes"``) or magic
    squares (``of="squares"``) of ``order``: ``estimate``, ``std_error``, the 95% interval
    ``low``..``high``, the ``hits`` (probes reaching a solution) and ``reliable`` (False
    below 30 hits). ``exact=True`` also counts the family exactly, to check the estimator
    (small families only). The result depends only on ``samples`` and ``seed``.

    ``method="tempering"`` estimates by parallel tempering instead (``repeats``
    independent runs of ``sweeps`` sweeps up to ``beta_max``; report kind
    ``magic-estimate-tempering``: ``estimate``, ``low``..``high``, ``ln_estimate``,
    ``ln_std_error``, ``repetitions``; docs/magic.md).

    >>> r = magic.estimate(order=3, samples=2000, seed=1)
    >>> r["low"] <= 192 <= r["high"], r["reliable"]
    (True, True)
    """
    input = {
        "order": order,
        "of": of,
        "samples": samples,
        "seed": seed,
        "fixed_cells": fixed_cells,
        "tail": tail,
        "exact": exact,
        "method": method,
        "repeats": repeats,
        "sweeps": sweeps,
        "beta_max": beta_max,
    }
    return Report(_call("magic estimate", input, progress))
