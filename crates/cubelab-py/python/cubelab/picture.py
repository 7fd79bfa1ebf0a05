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

from typing import Optional

from cubelab._results import Histogram, Progress, call as _call, call_svg as _call_svg, choice, pictured
from cubelab.reports import (
    Metric,
    PictureBoundsReport,
    PictureCensusReport,
    PictureCheckReport as Check,
    PictureScrambleReport as Scramble,
    PictureSolveMethod as Method,
    PictureSolveReport as Solution,
)

__all__ = ["Method", "Metric", "Check", "Solution", "Scramble", "check", "solve", "scramble", "bounds", "census"]


def check(board: str) -> Check:
    """Whether ``board`` can be solved, and why (a bad board raises InputError). A
    notebook draws the board.

    >>> picture.check("UF RB / DL UF").reason.startswith("solvable")
    True
    """
    report, picture = _call_svg("picture check", {"board": board})
    return pictured(Check.from_json(report), picture)


def solve(
    board: str,
    method: Method = "local",
    metric: Metric = "quarter",
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
    input = {"board": board, "method": choice("method", method, Method), "metric": choice("metric", metric, Metric), "max_nodes": max_nodes, "timeout": timeout}
    report, picture = _call_svg("picture solve", input, progress)
    return pictured(Solution.from_json(report), picture)


def scramble(m: int, n: int, seed: int = 1, moves: Optional[int] = None) -> Scramble:
    """A random solvable m x n board (the same seed gives the same board), or the board
    after ``moves`` random moves. A notebook draws the board.

    >>> picture.scramble(2, 2).board
    'RF FL / RF BR'
    """
    report, picture = _call_svg("picture scramble", {"m": m, "n": n, "seed": seed, "moves": moves})
    return pictured(Scramble.from_json(report), picture)


def bounds(
    m: int,
    n: int,
    metric: Metric = "quarter",
    *,
    sample: int = 0,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    progress: Optional[Progress] = None,
) -> PictureBoundsReport:
    """Lower and upper bounds on the diameter of the m x n puzzle, a
    :class:`~cubelab.reports.PictureBoundsReport` (``lower``, ``upper``, ...);
    ``sample=K`` also solves K random boards optimally (``sample_lengths``).

    >>> picture.bounds(2, 2).upper
    16
    """
    input = {"m": m, "n": n, "metric": choice("metric", metric, Metric), "sample": sample, "max_nodes": max_nodes, "timeout": timeout}
    return PictureBoundsReport.from_json(_call("picture bounds", input, progress))


def census(
    m: int,
    n: int,
    metric: Optional[Metric] = None,
    *,
    group: Optional[str] = None,
    row_moves: Optional[str] = None,
    col_moves: Optional[str] = None,
    work: bool = False,
    progress: Optional[Progress] = None,
) -> Histogram[PictureCensusReport]:
    """The Cayley-graph census of the m x n puzzle: ``{distance: boards}`` from the
    solved board (``.report``: states, diameter, average, median); ``group`` generalises
    the puzzle to a permutation group (``"A5"``, generators ``"(1 2 3);(1 2)"``).
    ``work=True`` also counts the two-bit engine's work (``.report.work``: table bytes,
    neighbour probes, canonical forms; refused for a group puzzle).

    >>> h = picture.census(2, 2)
    >>> max(h), h.total, h.report.diameter
    (12, 165888, 12)
    >>> picture.census(3, 1, work=True).report.work.probes > 0
    True
    """
    input = {"m": m, "n": n, "metric": choice("metric", metric, Metric, optional=True), "group": group, "row_moves": row_moves, "col_moves": col_moves, "work": work}
    return Histogram(_call("picture census", input, progress), key="distances", value_name="distance", count_name="boards")
