"""Instant Insanity stacks (``cubelab stack``): n cubes in a column, solved when each of
the four long sides shows n different colors.

>>> from cubelab import stack
>>> found = stack.solve(classic="instant-insanity")
>>> found.report.solutions, found[0].sides.front
(1, 'bgrw')
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from cubelab._results import Histogram, Progress, ResultList, call as _call, call_svg as _call_svg, choice, cube_texts, pictured
from cubelab.reports import Classic, Method, Sides, Stack, StackCensusReport, StackClassicsReport, StackCube as Placed, StackSolveReport

__all__ = ["Method", "Placed", "Sides", "Stack", "Classic", "solve", "census", "classics"]


def solve(
    cubes: Optional[Iterable[Any]] = None,
    *,
    classic: Optional[str] = None,
    method: Method = "graph",
    limit: int = 100,
    progress: Optional[Progress] = None,
) -> ResultList[StackSolveReport, Stack]:
    """The distinct solutions of a stack of ``cubes`` (bottom first, any notation), or of
    a ``classic`` set (:func:`classics`), at most ``limit`` listed; ``.report`` has the
    counts (``solutions``, ``distinct``, ``placements``). A notebook draws each stack.

    >>> found = stack.solve(["112233", "123123", "321321"])
    >>> len(found), found[0].sides
    (3, Sides(front='123', right='213', back='132', left='231'))
    """
    input = {"cubes": cube_texts(cubes) if cubes is not None else None, "classic": classic, "method": choice("method", method, Method), "limit": limit}
    report, picture = _call_svg("stack solve", input, progress)
    return pictured(ResultList((Stack.from_json(s) for s in report["stacks"]), report, item=Stack, index="solution"), picture)


def census(colors: int, *, multisets: bool = False, method: Method = "graph", progress: Optional[Progress] = None) -> Histogram[StackCensusReport]:
    """Every set (or multiset) of ``colors`` cubes of C_N by its number of distinct
    solutions: ``{solutions: collections}``.

    >>> h = stack.census(3)                  # the 4060 sets of 3 cubes of C_3
    >>> h.total, h[0], h[1], max(h)
    (4060, 1998, 33, 96)
    """
    input = {"colors": colors, "multisets": multisets, "method": choice("method", method, Method)}
    return Histogram(_call("stack census", input, progress), value_name="solutions", count_name="multisets" if multisets else "sets")


def classics() -> ResultList[StackClassicsReport, Classic]:
    """The classic puzzles built in.

    >>> [c.name for c in stack.classics()]
    ['instant-insanity', 'tantalizer']
    """
    report = _call("stack classics", {})
    return ResultList((Classic.from_json(c) for c in report["classics"]), report, item=Classic)
