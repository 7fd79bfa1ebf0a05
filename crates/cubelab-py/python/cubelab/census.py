"""Censuses over collections of cubes (the ``cubelab census`` commands), returning
histograms as dicts ``{value: count}``.

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
>>> table2.total, table2.json["mean"]
(5852925, 0.685196)
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, Optional, Union

from cubelab._results import Histogram, Histograms, Progress, Report, call as _call, cube_texts

__all__ = ["targets", "solution_numbers", "universal", "multisets", "max_targets", "infeasible"]


def _within(within: Any) -> Any:
    return None if within is None else cube_texts(within)


def targets(
    size: Union[int, str] = 8,
    *,
    within: Optional[Iterable[Any]] = None,
    sample: Optional[int] = None,
    seed: Optional[int] = None,
    list_max: bool = False,
    method: str = "graph",
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Union[Histogram, Histograms]:
    """How many targets each set of ``size`` cubes builds: ``{targets: sets}``.

    ``within`` restricts to subsets of a set of cubes; ``sample=N`` draws N random sets
    (seeded by ``seed``, default 1) instead of all; ``list_max`` lists the sets reaching the maximum
    (``.json["max_sets"]``). ``size="all"`` runs every size in one pass and returns
    ``{size: Histogram}``.

    >>> census.targets(size=3)
    {0: 4060}
    >>> census.targets(size=9, sample=1000, seed=1).total
    1000
    """
    input = {
        "size": str(size),
        "list_max": list_max,
        "within": _within(within),
        "sample": sample,
        "seed": seed,
        "method": method,
        "colors": colors,
        "palette": palette,
    }
    report = _call("census targets", input, progress)
    if report["kind"] == "census-targets-all":
        return Histograms(((part["size"], Histogram(part)) for part in report["sizes"]), report)
    return Histogram(report)


def solution_numbers(
    target: Any = "Ba",
    *,
    all_targets: bool = False,
    method: str = "graph",
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Union[Histogram, Histograms]:
    """How many collections of 8 cubes build ``target`` in each number of ways:
    ``{solutions: collections}`` (Johnson-Roldan Table 1). ``all_targets=True`` runs
    every target and returns ``{target name: Histogram}``; ``.json["agree"]`` says
    whether all distributions are the same.

    >>> census.solution_numbers()
    {2: 93000, 4: 15987, 6: 2664, 8: 19860, 10: 792, 12: 1296, 16: 81}
    """
    from cubelab._results import cube_text

    input = {"target": cube_text(target), "all_targets": all_targets, "method": method, "colors": colors, "palette": palette}
    report = _call("census solution-numbers", input, progress)
    if report["kind"] == "census-solution-numbers-all":
        return Histograms(((part["target"], Histogram(part)) for part in report["targets"]), report)
    return Histogram(report)


def multisets(
    size: int = 8,
    *,
    method: str = "graph",
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Histogram:
    """How many targets each multiset of 8 cubes (a cube may repeat) builds:
    ``{targets: multisets}``; ``.json["examples"]`` lists collections reaching the
    maximum.

    >>> h = census.multisets(colors=2, method="backtrack")
    >>> h.total, h.json["multisets"], max(h)
    (6435, 6435, 8)
    """
    input = {"size": size, "method": method, "colors": colors, "palette": palette}
    return Histogram(_call("census multisets", input, progress))


def infeasible(
    *,
    within: Optional[Iterable[Any]] = None,
    method: str = "graph",
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Histogram:
    """Haraguchi's question: the largest multisets of cubes (repeats allowed) from which
    no 8 build any target. The histogram counts their supports (the sets of distinct
    cubes that build nothing) by size: ``{distinct cubes: supports}``;
    ``.json["max"]`` is the largest multiset size, ``.json["multisets"]`` lists them.

    >>> h = census.infeasible()              # about 10 s  # doctest: +SKIP
    >>> max(h), h.json["max"], h.json["count"]             # doctest: +SKIP
    (9, 23, 120)
    """
    input = {"within": _within(within), "method": method, "colors": colors, "palette": palette}
    return Histogram(_call("census infeasible", input, progress), key="sets_by_size")


def universal(
    size: Optional[int] = None,
    *,
    search: bool = False,
    seed: Optional[int] = None,
    restarts: Optional[int] = None,
    steps: Optional[int] = None,
    method: str = "graph",
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Report:
    """Universal sets: sets of ``size`` cubes building every target (without ``size``,
    the smallest size that has one), as a report dict (``sets``, ``none_below``, ...);
    ``search=True`` looks for one by seeded local search instead (``seed`` 1,
    ``restarts`` 100 and ``steps`` 20000 by default).

    >>> census.universal(size=12)["sets"][0]   # about 4 s  # doctest: +SKIP
    ['Ab', 'Af', 'Ba', 'Bf', 'Cd', 'Ce', 'Dc', 'De', 'Ec', 'Ed', 'Fa', 'Fb']
    """
    input = {
        "size": size,
        "search": search,
        "seed": seed,
        "restarts": restarts,
        "steps": steps,
        "method": method,
        "colors": colors,
        "palette": palette,
    }
    return Report(_call("census universal", input, progress))


def max_targets(
    *,
    seed: Optional[int] = None,
    restarts: Optional[int] = None,
    steps: Optional[int] = None,
    prove: bool = False,
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Report:
    """The collections of 8 cubes building the most targets, as a report dict (``max``,
    ``sets``: each collection with its targets); with ``palette=7`` a seeded search
    (``seed`` 1, ``restarts`` 40, ``steps`` 5000 by default; ``prove=True`` also proves
    its maximum).

    >>> census.max_targets()["max"]
    5
    """
    input = {"seed": seed, "restarts": restarts, "steps": steps, "prove": prove, "colors": colors, "palette": palette}
    return Report(_call("census max-targets", input, progress))
