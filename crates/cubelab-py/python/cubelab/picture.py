"""The picture cube puzzle (``cubelab picture``): boards of m x n cubes turned by rows and
columns until every cube shows its original up and front faces.

A board is one token per cube, rows separated by ``/``: each token names the original
face now up, then the original face now front (``"UF"`` is solved). Moves: ``u2``/``d2``
turn row 2 so its front faces go up/down, ``l3``/``r3`` turn column 3, ``uu2``/``ll3``
are half turns.

>>> from cubelab import picture
>>> picture.check("UF RB / DL UF").solvable
True
>>> picture.solve("UF RB / DL UF", method="optimal").length
10
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

from cubelab._results import Histogram, Progress, Record, Report, call as _call, field

__all__ = ["Check", "Solution", "Scramble", "check", "solve", "scramble", "bounds", "census"]


@dataclass(frozen=True)
class Check(Record):
    """Whether a board can be solved, and why (the parity invariants)."""

    board: str
    solvable: bool
    reason: str


@dataclass(frozen=True)
class Solution(Record):
    """A solution: the moves, their number, and whether it is known to be optimal."""

    moves: Tuple[str, ...] = field(tuple)
    length: int = field()
    optimal: bool = field()


@dataclass(frozen=True)
class Scramble(Record):
    """A random board, and the moves that made it (None for a uniformly random board)."""

    board: str
    moves: Optional[Tuple[str, ...]] = field(lambda ms: None if ms is None else tuple(ms))


def check(board: str) -> Check:
    """Whether ``board`` can be solved (a bad board raises InputError).

    >>> picture.check("UF RB / DL UF").reason.startswith("solvable")
    True
    """
    return Check.from_json(_call("picture check", {"board": board}))


def solve(
    board: str,
    method: str = "local",
    metric: str = "quarter",
    *,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    progress: Optional[Progress] = None,
) -> Solution:
    """Solves ``board``: ``method="local"`` (fast, any size), ``"subgroup"`` or
    ``"optimal"`` (a shortest solution; ``max_nodes`` and ``timeout`` bound the search,
    beyond them LimitReachedError); ``metric="half"`` counts half turns as one move.

    >>> picture.solve("FD UF / UF FD", method="optimal").moves
    ('d1', 'l2', 'u1', 'd2', 'l2', 'd1', 'u2', 'r2')
    """
    input = {"board": board, "method": method, "metric": metric, "max_nodes": max_nodes, "timeout": timeout}
    return Solution.from_json(_call("picture solve", input, progress))


def scramble(m: int, n: int, seed: int = 1, moves: Optional[int] = None) -> Scramble:
    """A random solvable m x n board (the same seed gives the same board), or the board
    after ``moves`` random moves.

    >>> picture.scramble(2, 2).board
    'RF FL / RF BR'
    """
    return Scramble.from_json(_call("picture scramble", {"m": m, "n": n, "seed": seed, "moves": moves}))


def bounds(
    m: int,
    n: int,
    metric: str = "quarter",
    *,
    sample: int = 0,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    progress: Optional[Progress] = None,
) -> Report:
    """Lower and upper bounds on the diameter of the m x n puzzle, as a report dict
    (``lower``, ``upper``, ...); ``sample=K`` also solves K random boards optimally.

    >>> picture.bounds(2, 2)["upper"]
    16
    """
    input = {"m": m, "n": n, "metric": metric, "sample": sample, "max_nodes": max_nodes, "timeout": timeout}
    return Report(_call("picture bounds", input, progress))


def census(
    m: int,
    n: int,
    metric: Optional[str] = None,
    *,
    group: Optional[str] = None,
    row_moves: Optional[str] = None,
    col_moves: Optional[str] = None,
    progress: Optional[Progress] = None,
) -> Histogram:
    """The Cayley-graph census of the m x n puzzle: ``{distance: boards}`` from the
    solved board (``.json``: states, diameter, average, median); ``group`` generalises
    the puzzle to a permutation group (``"A5"``, generators ``"(1 2 3);(1 2)"``).

    >>> h = picture.census(2, 2)
    >>> max(h), h.total
    (12, 165888)
    """
    input = {"m": m, "n": n, "metric": metric, "group": group, "row_moves": row_moves, "col_moves": col_moves}
    return Histogram(_call("picture census", input, progress), key="distances")
