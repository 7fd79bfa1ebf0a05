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
>>> found.builds, found.count, len(found)
(True, 1572864, 27)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Optional

from cubelab._native import Cube
from cubelab._results import Progress, Record, Report, ResultList, call as _call, cube_text, cube_texts
from cubelab.errors import InputError

__all__ = ["Built", "Placed", "Assembly", "build", "solve", "census"]


@dataclass(frozen=True)
class Built(Record):
    """A target the blocks build as an N x N x N cube: its canonical face string, its
    name (or None), its number of arrangements (None when too many to count exactly;
    docs/extended.md) and whether it is proper (six different colors)."""

    target: str
    name: Optional[str]
    arrangements: Optional[int]
    proper: bool

    @property
    def cube(self) -> Cube:
        """The target as a :class:`~cubelab.Cube`."""
        return Cube(self.target)


@dataclass(frozen=True)
class Placed(Record):
    """One block of an assembly: its position (``layer`` 1 = top, ``row`` 1 = back,
    ``column`` 1 = left), the position's class (``"corner"``, ``"edge"``,
    ``"face-centre"``, ``"interior"``) and the faces of the big cube it shows (``"UBL"``,
    empty inside), the block's 1-based number among those given and its name, the colors
    it shows up and front, and its face string as it sits."""

    layer: int
    row: int
    column: int
    shows: str
    block: int
    name: Optional[str]
    up: str
    front: str
    faces: str
    # "class" is a keyword in Python: the position's class is ``kind``.
    kind: str = ""

    @classmethod
    def from_json(cls, data: Any) -> "Placed":
        record = super().from_json({**data, "kind": data["class"]})
        object.__setattr__(record, "_json", data)
        return record


class Assembly(ResultList[Placed]):
    """One assembly of the target, position by position (top layer first, rows from the
    back, columns from the left), empty when the blocks cannot build it; ``builds``,
    ``count`` (the number of arrangements, None when too many to count) and ``fillable``
    (the most positions the blocks fill) come from the report."""

    @property
    def builds(self) -> bool:
        """Whether the blocks build the target."""
        return self.json["builds"]

    @property
    def count(self) -> Optional[int]:
        """The number of arrangements (0 when it cannot be built), or None when too many
        to count exactly."""
        return self.json["arrangements"]

    @property
    def fillable(self) -> int:
        """The most positions the blocks can fill (N³ when they build the target)."""
        return self.json["fillable"]

    def layer(self, layer: int) -> "list[Placed]":
        """The blocks of one layer (1 = top), rows from the back, columns from the left."""
        return [p for p in self if p.layer == layer]


def build(blocks: Iterable[Any], size: int = 3, improper: bool = False, *, progress: Optional[Progress] = None) -> ResultList[Built]:
    """Every target the blocks build as a ``size`` x ``size`` x ``size`` cube (at least
    size³ blocks), with its number of arrangements where it can be counted;
    ``improper=True`` tries targets with repeated colors too. ``.json`` is ``cubelab build
    --size N --json`` (kind ``build-extended``; for ``size=2``, ``build``).

    >>> macmahon = [c.conway for c in cubelab.cubes()]
    >>> built = extended.build(macmahon[:27], size=3)
    >>> len(built), built[0].arrangements
    (30, None)
    """
    input = {"blocks": cube_texts(blocks), "improper": improper, "size": size}
    report = _call("build", input, progress)
    return ResultList((Built.from_json(t) for t in report["targets"]), report)


def solve(target: Any, blocks: Iterable[Any], size: int = 3) -> Assembly:
    """One assembly of ``target`` (held fixed as written) as a ``size`` x ``size`` x
    ``size`` cube from the blocks; empty, with ``fillable`` below size³, when they cannot
    build it. ``.json`` is ``cubelab solve --size N --json`` (kind ``solve-extended``).

    >>> mirror = extended.solve("Ab", ["Ba"] * 27, size=3)
    >>> mirror.builds, mirror.fillable, len(mirror)
    (False, 19, 0)
    >>> found = extended.solve("Af", ["Af"] * 26 + ["Ab"], size=3)
    >>> found[0]
    Placed(layer=1, row=1, column=1, shows='UBL', block=4, name='Af', up='1', front='3', faces='123456', kind='corner')
    """
    if size == 2:
        raise InputError("size=2 is the 2x2x2 puzzle: use cubelab.solve (every arrangement)")
    input = {"target": cube_text(target), "blocks": cube_texts(blocks), "size": size}
    report = _call("solve", input)
    return Assembly((Placed.from_json(p) for p in report["assembly"] or []), report)


def census(
    size: int = 3,
    *,
    target: Any = "Ba",
    samples: int = 2000,
    restarts: int = 10,
    steps: int = 300,
    seed: int = 1,
) -> Report:
    """The census questions of docs/extended.md over MacMahon's 30 cubes for one N
    (``cubelab extended``): ``["a"]`` the Hall obstructions of ``target`` with a sample
    of random N³-multisets, ``["b"]`` the smallest k guaranteeing a build (a local
    search's lower bound), ``["c"]`` whether a 2x2x2 solution inside suffices. The
    defaults take a few seconds; fewer ``samples``, ``restarts`` or ``steps`` run faster.

    >>> answers = extended.census(3, samples=100, restarts=1, steps=30)
    >>> answers["a"]["obstructions"], answers["c"]["builds_target"]
    (380, False)
    """
    input = {"size": size, "target": cube_text(target), "samples": samples, "restarts": restarts, "steps": steps, "seed": seed}
    return Report(_call("extended", input))
