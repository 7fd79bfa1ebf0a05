"""MacMahon's extended target puzzle (docs/extended.md): an N x N x N copy of a target
cube from N³ or more blocks, each face of the big cube showing the target's color on that
face. ``build`` and ``solve`` are ``cubelab build --size N`` and ``cubelab solve --size
N``; ``census`` is ``cubelab extended``, the census questions over MacMahon's 30 cubes.
``size=2`` is the 2x2x2 puzzle of :func:`cubelab.build` and :func:`cubelab.solve`.

>>> from cubelab import extended
>>> blocks = ["Af"] * 26 + ["Ab"]
>>> [(t.name, t.arrangements) for t in extended.build(blocks, size=3)]
[('Af', 1572864)]
>>> found = extended.solve("Af", blocks, size=3)
>>> found.builds, found.total, len(found)
(True, 1572864, 27)
"""

from __future__ import annotations

from typing import Any, Iterable, List, Optional

from cubelab._results import Progress, ResultList, call as _call, call_svg as _call_svg, cube_text, cube_texts, pictured
from cubelab.errors import InputError
from cubelab.reports import BuildExtendedReport, BuildReport, BuiltExtended as Built, ExtendedCensusReport, Placed, SolveExtendedReport
from cubelab import _display

__all__ = ["Built", "Placed", "Assembly", "build", "solve", "census"]


class Assembly(ResultList[SolveExtendedReport, Placed]):
    """One assembly of the target, position by position (top layer first, rows from the
    back, columns from the left), empty when the blocks cannot build it; ``builds``,
    ``total`` (the number of arrangements, None when too many to count) and
    ``fillable`` (the most positions the blocks fill) come from the report;
    ``count()`` and ``index()`` are the list's. A notebook draws it layer by layer."""

    @property
    def builds(self) -> bool:
        """Whether the blocks build the target."""
        return self.report.builds

    @property
    def total(self) -> Optional[int]:
        """The number of arrangements (0 when it cannot be built), or None when too many
        to count exactly (``.report.arrangements``)."""
        return self.report.arrangements

    @property
    def fillable(self) -> int:
        """The most positions the blocks can fill (N³ when they build the target)."""
        return self.report.fillable

    def layer(self, layer: int) -> List[Placed]:
        """The blocks of one layer (1 = top), rows from the back, columns from the left."""
        return [p for p in self if p.layer == layer]

    def _repr_html_(self) -> str:
        """The typed layer's picture (:meth:`_repr_svg_`: layer by layer) rather than a
        result list's table: a notebook prefers HTML to SVG, and the picture says more
        (``to_pandas()`` has the rows); the table when there is no picture."""
        return self._repr_svg_() or super()._repr_html_()


def build(blocks: Iterable[Any], size: int = 3, improper: bool = False, *, progress: Optional[Progress] = None) -> ResultList[BuildExtendedReport, Built]:
    """Every target the blocks build as a ``size`` x ``size`` x ``size`` cube (at least
    size³ blocks), with its number of arrangements where it can be counted;
    ``improper=True`` tries targets with repeated colors too. ``.report`` is a
    :class:`~cubelab.reports.BuildExtendedReport` (for ``size=2``, the JSON is that of
    :func:`cubelab.build`, kind ``build``, read into the same classes).

    >>> macmahon = [c.conway for c in cubelab.cubes()]
    >>> built = extended.build(macmahon[:27], size=3)
    >>> len(built), built[0].arrangements
    (30, None)
    """
    input = {"blocks": cube_texts(blocks), "improper": improper, "size": size}
    report = _call("build", input, progress)
    result: ResultList[BuildExtendedReport, Built] = ResultList((Built.from_json(t) for t in report["targets"]), report, item=Built)
    if report["kind"] == "build":
        result._part = BuildReport  # the 2x2x2 report (no ``size``)
    return result


def solve(target: Any, blocks: Iterable[Any], size: int = 3, *, progress: Optional[Progress] = None) -> Assembly:
    """One assembly of ``target`` (held fixed as written) as a ``size`` x ``size`` x
    ``size`` cube from the blocks; empty, with ``fillable`` below size³, when they cannot
    build it. ``.report`` is a :class:`~cubelab.reports.SolveExtendedReport`. The
    position's class (``"class"`` in the JSON) is the field ``class_``.

    >>> mirror = extended.solve("Ab", ["Ba"] * 27, size=3)
    >>> mirror.builds, mirror.fillable, len(mirror)
    (False, 19, 0)
    >>> found = extended.solve("Af", ["Af"] * 26 + ["Ab"], size=3)
    >>> found[0]
    Placed(layer=1, row=1, column=1, class_='corner', shows='UBL', block=4, name='Af', up='1', front='3', faces='123456')
    """
    if size == 2:
        raise InputError("size=2 is the 2x2x2 puzzle: use cubelab.solve (every arrangement)")
    input = {"target": cube_text(target), "blocks": cube_texts(blocks), "size": size}
    report, picture = _call_svg("solve", input, progress)
    return pictured(Assembly((Placed.from_json(p) for p in report["assembly"] or []), report, item=Placed), picture)


def census(
    size: int = 3,
    *,
    target: Any = "Ba",
    samples: int = 2000,
    restarts: int = 10,
    steps: int = 300,
    seed: int = 1,
    progress: Optional[Progress] = None,
) -> ExtendedCensusReport:
    """The census questions of docs/extended.md over MacMahon's 30 cubes for one N
    (``cubelab extended``), as an :class:`~cubelab.reports.ExtendedCensusReport`: ``a``
    the Hall obstructions of ``target`` with a sample of random N³-multisets, ``b`` the
    smallest k guaranteeing a build (a local search's lower bound), ``c`` whether a
    2x2x2 solution inside suffices. The defaults take a few seconds; fewer ``samples``,
    ``restarts`` or ``steps`` run faster.

    >>> answers = extended.census(3, samples=100, restarts=1, steps=30)
    >>> answers.a.obstructions, answers.c.builds_target
    (380, False)
    """
    input = {"size": size, "target": cube_text(target), "samples": samples, "restarts": restarts, "steps": steps, "seed": seed}
    return ExtendedCensusReport.from_json(_call("extended", input, progress))
