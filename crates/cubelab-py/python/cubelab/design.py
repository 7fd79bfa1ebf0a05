"""Make your own puzzle (``cubelab design``): collections of cubes with exactly the
properties asked for, drawn uniformly at random among all such collections, with their
number (docs/design.md). When none exists, :class:`cubelab.InputError` says why.

>>> from cubelab import design
>>> d = design.stack(4, 1)                  # an Instant Insanity of your own
>>> d.count, d.solutions
(25524, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, cast

from cubelab._results import Progress, call_svg as _call_svg, cube_text, parse_report, pictured

if TYPE_CHECKING:  # the classes generated from docs/schemas (design-stack, -blocks, -extended)
    from cubelab.reports import DesignBlocksReport, DesignExtendedReport, DesignStackReport

__all__ = ["stack", "blocks", "extended"]


def stack(cubes: int, solutions: int, *, repeats: bool = False, seed: int = 1, progress: Optional[Progress] = None) -> DesignStackReport:
    """``cubes`` cubes of C_N (N = ``cubes``) whose stack has exactly ``solutions``
    solutions, drawn uniformly from ``seed`` among all such sets (multisets with
    ``repeats``); ``.count`` is how many there were to draw from."""
    input = {"cubes": cubes, "solutions": solutions, "repeats": repeats, "seed": seed}
    report, picture = _call_svg("design stack", input, progress)
    return cast("DesignStackReport", pictured(parse_report(report), picture))


def blocks(
    *,
    targets: Optional[int] = None,
    target: Optional[Any] = None,
    arrangements: Optional[int] = None,
    interior: bool = False,
    repeats: bool = False,
    colors: Optional[int] = None,
    palette: Optional[int] = None,
    seed: int = 1,
    progress: Optional[Progress] = None,
) -> DesignBlocksReport:
    """Eight distinct MacMahon blocks building exactly ``targets`` targets and/or the
    ``target`` given, in exactly ``arrangements`` arrangements (of ``target`` when given,
    else of every target built), drawn uniformly from ``seed``; ``.count`` is how many
    sets there were to draw from, ``.targets`` each target built with its dead ends.
    With ``repeats``, blocks may repeat (the multisets of 8, about 2 CPU-s; with
    ``interior`` the one multiset is Conway's set). With ``palette=7`` the blocks are 8
    of the 210 Sadisticube 7 blocks (six of seven colors each), with ``colors=5`` 8 of the
    75 cubes of C_5 (Sadisticube 5), for a named ``target`` (one of them), with or
    without ``arrangements``.

    >>> design.blocks(targets=5).count
    360
    """
    input = {
        "targets": targets,
        "target": cube_text(target) if target is not None else None,
        "arrangements": arrangements,
        "interior": interior,
        "repeats": repeats,
        "colors": colors,
        "palette": palette,
        "seed": seed,
    }
    report, picture = _call_svg("design blocks", input, progress)
    return cast("DesignBlocksReport", pictured(parse_report(report), picture))


def extended(size: int, *, target: Any = "Ba", types: Optional[int] = None, seed: int = 1, progress: Optional[Progress] = None) -> DesignExtendedReport:
    """``size``\ :sup:`3` MacMahon cubes that build ``target`` as a ``size`` x ``size`` x
    ``size`` cube in one way only, up to the symmetries its position classes allow
    (docs/design.md, ``design extended``), with exactly ``types`` different cubes when
    given, drawn uniformly from ``seed``; ``.count`` is how many multisets there were to
    draw from, ``.classes`` the one assembly. N = 2 to 4 take under a few seconds.

    >>> design.extended(2, seed=3).size
    2
    """
    input = {"size": size, "target": cube_text(target), "types": types, "seed": seed}
    report, picture = _call_svg("design extended", input, progress)
    return cast("DesignExtendedReport", pictured(parse_report(report), picture))
