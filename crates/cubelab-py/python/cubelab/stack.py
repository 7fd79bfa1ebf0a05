"""Instant Insanity stacks (``cubelab stack``): n cubes in a column, solved when each of
the four long sides shows n different colors.

>>> from cubelab import stack
>>> found = stack.solve(classic="instant-insanity")
>>> found.json["solutions"], found[0].sides["front"]
(1, 'bgrw')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Iterable, Optional, Tuple

from cubelab._results import Histogram, Progress, Record, ResultList, call as _call, cube_texts, field

__all__ = ["Placed", "Stack", "Classic", "solve", "census", "classics"]


@dataclass(frozen=True)
class Placed(Record):
    """One cube of a solved stack (numbered from the bottom, as given): its face string
    as placed and the color on each side."""

    cube: int
    faces: str
    top: str
    bottom: str
    front: str
    right: str
    back: str
    left: str


@dataclass(frozen=True)
class Stack(Record):
    """A solution: the cubes as placed (bottom first) and the colors each side shows."""

    cubes: Tuple[Placed, ...] = field(lambda cs: tuple(Placed.from_json(c) for c in cs))
    sides: Dict[str, str] = field()


@dataclass(frozen=True)
class Classic(Record):
    """A classic puzzle: its name, title, year, colors, source, cubes and solution counts."""

    name: str
    title: str
    year: Optional[int]
    colors: str
    source: str
    cubes: Tuple[str, ...] = field(tuple)
    solutions: int = field()
    placements: int = field()
    distinct: int = field()


def solve(
    cubes: Optional[Iterable[Any]] = None,
    *,
    classic: Optional[str] = None,
    method: str = "graph",
    limit: int = 100,
) -> ResultList[Stack]:
    """The distinct solutions of a stack of ``cubes`` (bottom first, any notation), or of
    a ``classic`` set, at most ``limit`` listed; ``.json`` has the counts (``solutions``,
    ``distinct``, ``placements``).

    >>> found = stack.solve(["112233", "123123", "321321"])
    >>> len(found), found[0].sides
    (3, ...)
    """
    input = {"cubes": cube_texts(cubes) if cubes is not None else None, "classic": classic, "method": method, "limit": limit}
    report = _call("stack solve", input)
    return ResultList((Stack.from_json(s) for s in report["stacks"]), report)


def census(colors: int, *, multisets: bool = False, method: str = "graph", progress: Optional[Progress] = None) -> Histogram:
    """Every set (or multiset) of ``colors`` cubes of C_N by its number of distinct
    solutions: ``{solutions: collections}``.

    >>> h = stack.census(3)                  # the 4060 sets of 3 cubes of C_3
    >>> h.total, h[0], h[1], max(h)
    (4060, 1998, 33, 96)
    """
    return Histogram(_call("stack census", {"colors": colors, "multisets": multisets, "method": method}, progress))


def classics() -> ResultList[Classic]:
    """The classic puzzles built in.

    >>> [c.name for c in stack.classics()]
    ['instant-insanity', 'tantalizer']
    """
    report = _call("stack classics", {})
    return ResultList((Classic.from_json(c) for c in report["classics"]), report)
