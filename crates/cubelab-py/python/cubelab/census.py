"""Censuses over collections of cubes (the ``cubelab census`` commands), returning
histograms as dicts ``{value: count}`` that carry their typed report (``.report``), or
typed reports (:mod:`cubelab.reports`); every one has ``to_pandas()``.

Every census takes the universe of cubes (by default MacMahon's 30, ``colors=6``;
``colors=N``: C_N; ``palette=7``: Sadisticube 7), the method (``"graph"``, the corner-graph theorems,
or ``"backtrack"``, the general solver: the same figures by two independent methods)
and a ``progress`` callback ``progress(phase, done, total)`` called about ten times a
second. Long censuses release the interpreter lock and stop on Ctrl-C
(``KeyboardInterrupt``) or when the callback raises (that exception propagates).

>>> from cubelab import census
>>> table2 = census.targets(size=8)        # Johnson-Roldan Table 2, under a second
>>> table2
{0: 2774940, 1: 2256390, 2: 720405, 3: 91920, 4: 8910, 5: 360}
>>> table2.total, table2.report.mean
(5852925, 0.685196)
"""

from __future__ import annotations

import operator
from typing import Any, Iterable, Literal, Optional, Tuple, Union, overload

from cubelab.errors import InputError
from cubelab._results import Histogram, Histograms, Progress, call as _call, choice, cube_text, cube_texts
from cubelab.reports import (
    CensusInfeasibleReport,
    CensusMaxTargetsReport,
    CensusMaxTargetsSearchReport,
    CensusMultisetsReport,
    CensusSolutionNumbersAllReport,
    CensusSolutionNumbersReport,
    CensusTargetsAllReport,
    CensusTargetsReport,
    CensusUniversalReport,
    Method,
    SolutionNumbers,
    Targets,
)

__all__ = ["Method", "targets", "solution_numbers", "universal", "multisets", "max_targets", "infeasible"]


def _within(within: Any) -> Any:
    return None if within is None else cube_texts(within)


@overload
def targets(
    size: int = 8,
    *,
    within: Optional[Iterable[Any]] = None,
    sample: Optional[int] = None,
    seed: Optional[int] = None,
    list_max: bool = False,
    method: Method = "graph",
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Histogram[CensusTargetsReport]: ...
@overload
def targets(
    size: Literal["all"],
    *,
    within: Optional[Iterable[Any]] = None,
    sample: Optional[int] = None,
    seed: Optional[int] = None,
    list_max: bool = False,
    method: Method = "graph",
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Histograms[CensusTargetsAllReport, int, Targets]: ...
def targets(
    size: Union[int, Literal["all"]] = 8,
    *,
    within: Optional[Iterable[Any]] = None,
    sample: Optional[int] = None,
    seed: Optional[int] = None,
    list_max: bool = False,
    method: Method = "graph",
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Union[Histogram[CensusTargetsReport], Histograms[CensusTargetsAllReport, int, Targets]]:
    """How many targets each set of ``size`` cubes builds: ``{targets: sets}``, with the
    whole :class:`~cubelab.reports.CensusTargetsReport` as ``.report`` (mean, maximum, ...).

    ``within`` restricts to subsets of a set of cubes; ``sample=N`` draws N random sets
    (seeded by ``seed``, default 1) instead of all; ``list_max`` lists the sets reaching
    the maximum (``.report.max_sets``). ``size="all"`` runs every size in one pass and
    returns ``{size: Histogram}``. ``method`` is ``"graph"`` or ``"backtrack"``.

    >>> census.targets(size=3)
    {0: 4060}
    >>> census.targets(size=9, sample=1000, seed=1).total
    1000
    """
    if isinstance(size, str):
        if size != "all":
            raise InputError(f"size={size!r} is not accepted: expected a number of cubes or 'all'")
    else:
        try:
            size = operator.index(size)  # any integer, numpy's included
        except TypeError:
            raise InputError(f"size={size!r} is not accepted: expected a number of cubes or 'all'") from None
        if size < 0:
            raise InputError(f"size must be a non-negative int or 'all', got {size}")
    input = {
        "size": str(size),
        "list_max": list_max,
        "within": _within(within),
        "sample": sample,
        "seed": seed,
        "method": choice("method", method, Method),
        "colors": colors,
        "palette": palette,
    }
    report = _call("census targets", input, progress)
    if report["kind"] == "census-targets-all":
        parts: Iterable[Tuple[int, Histogram[Targets]]] = ((part["size"], Histogram(part, value_name="targets", count_name="sets", part=Targets)) for part in report["sizes"])
        return Histograms(parts, report, key_name="size")
    return Histogram(report, value_name="targets", count_name="sets")


@overload
def solution_numbers(
    target: Any = None,
    *,
    all_targets: Literal[False] = False,
    method: Method = "graph",
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Histogram[CensusSolutionNumbersReport]: ...
@overload
def solution_numbers(
    target: Any = None,
    *,
    all_targets: Literal[True],
    method: Method = "graph",
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Histograms[CensusSolutionNumbersAllReport, str, SolutionNumbers]: ...
def solution_numbers(
    target: Any = None,
    *,
    all_targets: bool = False,
    method: Method = "graph",
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Union[Histogram[CensusSolutionNumbersReport], Histograms[CensusSolutionNumbersAllReport, str, SolutionNumbers]]:
    """How many collections of 8 cubes build ``target`` in each number of ways:
    ``{solutions: collections}`` (Johnson-Roldan Table 1; ``target`` defaults to Ba).
    ``all_targets=True`` (without ``target``) runs
    every target and returns ``{target name: Histogram}``; ``.report.agree`` says
    whether all distributions are the same.

    >>> census.solution_numbers()
    {2: 93000, 4: 15987, 6: 2664, 8: 19860, 10: 792, 12: 1296, 16: 81}
    """
    input = {"target": None if target is None else cube_text(target), "all_targets": all_targets, "method": choice("method", method, Method), "colors": colors, "palette": palette}
    report = _call("census solution-numbers", input, progress)
    if report["kind"] == "census-solution-numbers-all":
        parts: Iterable[Tuple[str, Histogram[SolutionNumbers]]] = ((part["target"], Histogram(part, value_name="solutions", count_name="collections", part=SolutionNumbers)) for part in report["targets"])
        return Histograms(parts, report, key_name="target")
    return Histogram(report, value_name="solutions", count_name="collections")


def multisets(
    size: int = 8,
    *,
    method: Method = "graph",
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Histogram[CensusMultisetsReport]:
    """How many targets each multiset of 8 cubes (a cube may repeat) builds:
    ``{targets: multisets}``; ``.report.examples`` lists collections reaching the
    maximum.

    >>> h = census.multisets(colors=2, method="backtrack")
    >>> h.total, h.report.multisets, max(h)
    (6435, 6435, 8)
    """
    input = {"size": size, "method": choice("method", method, Method), "colors": colors, "palette": palette}
    return Histogram(_call("census multisets", input, progress), value_name="targets", count_name="multisets")


def infeasible(
    *,
    within: Optional[Iterable[Any]] = None,
    method: Method = "graph",
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Histogram[CensusInfeasibleReport]:
    """Haraguchi's question: the largest multisets of cubes (repeats allowed) from which
    no 8 build any target. The histogram counts their supports (the sets of distinct
    cubes that build nothing) by size: ``{distinct cubes: supports}``;
    ``.report.max`` is the largest multiset size, ``.report.multisets`` lists them.

    >>> h = census.infeasible()              # about 6 s idle (docs/benchmarks.md)  # doctest: +SKIP
    >>> max(h), h.report.max, h.report.count               # doctest: +SKIP
    (9, 23, 120)
    """
    input = {"within": _within(within), "method": choice("method", method, Method), "colors": colors, "palette": palette}
    return Histogram(_call("census infeasible", input, progress), key="sets_by_size", value_name="distinct_cubes", count_name="supports")


def universal(
    size: Optional[int] = None,
    *,
    search: bool = False,
    seed: Optional[int] = None,
    restarts: Optional[int] = None,
    steps: Optional[int] = None,
    method: Method = "graph",
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> CensusUniversalReport:
    """Universal sets: sets of ``size`` cubes building every target (without ``size``,
    the smallest size that has one), as a :class:`~cubelab.reports.CensusUniversalReport`
    (``sets``, ``none_below``, ...; ``to_pandas()``: one row per set); ``search=True``
    looks for one by seeded local search instead (``seed`` 1, ``restarts`` 100 and
    ``steps`` 20000 by default).

    >>> census.universal(size=12).sets[0]   # about 4 s  # doctest: +SKIP
    ('Ab', 'Af', 'Ba', 'Bf', 'Cd', 'Ce', 'Dc', 'De', 'Ec', 'Ed', 'Fa', 'Fb')
    >>> census.universal(colors=2).size
    8
    """
    input = {
        "size": size,
        "search": search,
        "seed": seed,
        "restarts": restarts,
        "steps": steps,
        "method": choice("method", method, Method),
        "colors": colors,
        "palette": palette,
    }
    return CensusUniversalReport.from_json(_call("census universal", input, progress))


@overload
def max_targets(  # type: ignore[overload-overlap]  # palette=7 first: it is the search
    *,
    seed: Optional[int] = None,
    restarts: Optional[int] = None,
    steps: Optional[int] = None,
    prove: bool = False,
    colors: Optional[int] = None,
    palette: Literal[7],
    progress: Optional[Progress] = None,
) -> CensusMaxTargetsSearchReport: ...
@overload
def max_targets(
    *,
    seed: Optional[int] = None,
    restarts: Optional[int] = None,
    steps: Optional[int] = None,
    prove: bool = False,
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> CensusMaxTargetsReport: ...
def max_targets(
    *,
    seed: Optional[int] = None,
    restarts: Optional[int] = None,
    steps: Optional[int] = None,
    prove: bool = False,
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Union[CensusMaxTargetsReport, CensusMaxTargetsSearchReport]:
    """The collections of 8 cubes building the most targets: a
    :class:`~cubelab.reports.CensusMaxTargetsReport` (``max``, ``sets``: each collection
    with its targets; ``to_pandas()``: one row per collection); with ``palette=7`` a
    seeded search, a :class:`~cubelab.reports.CensusMaxTargetsSearchReport` (``seed`` 1,
    ``restarts`` 40, ``steps`` 5000 by default; ``prove=True`` also proves its maximum).

    >>> census.max_targets().max
    5
    """
    input = {"seed": seed, "restarts": restarts, "steps": steps, "prove": prove, "colors": colors, "palette": palette}
    report = _call("census max-targets", input, progress)
    if report["kind"] == "census-max-targets-search":
        return CensusMaxTargetsSearchReport.from_json(report)
    return CensusMaxTargetsReport.from_json(report)
