"""cubelab: the mathematics of colored-cube puzzles, from Python.

MacMahon's 30 six-colored cubes and their notations (:class:`Cube`), the 2x2x2 target
puzzle (:func:`build`, :func:`solve`), censuses over collections (:mod:`cubelab.census`),
the extended N x N x N puzzle (:mod:`cubelab.extended`), the picture cube puzzle
(:mod:`cubelab.picture`), magic cubes (:mod:`cubelab.magic`) and Instant Insanity stacks
(:mod:`cubelab.stack`). Every result is a plain Python object
(lists, dicts, frozen dataclasses); each also offers ``.json``, the JSON the ``cubelab``
command prints with ``--json`` for the same input (docs/json.md).

>>> import cubelab
>>> ab = cubelab.Cube("Ab")
>>> ab.face_string, ab.mirror.conway
('152463', 'Ba')
>>> [t.name for t in cubelab.build(["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"])]
['Cb', 'De', 'Cd', 'Ce', 'Db']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

from cubelab import _native
from cubelab._native import Cube
from cubelab._results import Histogram, Histograms, Progress, Record, Report, ResultList, call as _call, cube_text, cube_texts, field
from cubelab.errors import CubelabError, InputError, LimitReachedError

__all__ = [
    "Cube",
    "cubes",
    "build",
    "solve",
    "relations",
    "run",
    "Built",
    "Placement",
    "Arrangement",
    "Arrangements",
    "Histogram",
    "Histograms",
    "Report",
    "ResultList",
    "CubelabError",
    "InputError",
    "LimitReachedError",
    "FORMAT_VERSION",
    "COMMANDS",
    "census",
    "picture",
    "magic",
    "stack",
    "extended",
]

#: The version of the JSON contract (docs/json.md) of every ``.json``.
FORMAT_VERSION: int = _native.FORMAT_VERSION

#: The commands :func:`run` takes (subcommands separated by a space).
COMMANDS: Tuple[str, ...] = tuple(_native.COMMANDS)

CubeLike = Union[Cube, str]


def run(command: str, input: Optional[Dict[str, Any]] = None, *, progress: Optional[Progress] = None, stdin: Optional[str] = None) -> Dict[str, Any]:
    """Runs a ``cubelab`` command and returns its JSON output as a dict: the same JSON as
    ``cubelab COMMAND ... --json`` prints. ``input`` is the ``"input"`` object that output
    echoes (keys: the argument and flag names in snake_case; a missing key takes the
    command line's default).

    >>> cubelab.run("show", {"cube": "Ab"})["faces"]
    '152463'
    >>> cubelab.run("census targets", {"size": 8})["max"]
    5
    """
    return _call(command, input or {}, progress, stdin)


def cubes(colors: Optional[int] = None, palette: Optional[int] = None) -> ResultList[Cube]:
    """A list of cubes in canonical position: MacMahon's 30 in Conway's tableau order by
    default, ``colors=N`` the cubes using exactly the colors 1..N (C_N), ``palette=K``
    every cube over the colors 1..K.

    >>> len(cubelab.cubes()), len(cubelab.cubes(colors=4)), len(cubelab.cubes(palette=6))
    (30, 68, 2226)
    """
    report = _call("cubes", {"colors": colors, "palette": palette})
    return ResultList((Cube(row["faces"]) for row in report["cubes"]), report)


@dataclass(frozen=True)
class Built(Record):
    """A target the blocks build: its canonical face string, its name (Conway's or
    Sobczyk's, or None), the number of arrangements building it, and whether it is
    proper (six different colors)."""

    target: str
    name: Optional[str]
    arrangements: int
    proper: bool

    @property
    def cube(self) -> Cube:
        """The target as a :class:`Cube`."""
        return Cube(self.target)


def build(blocks: Iterable[CubeLike], improper: bool = False, *, progress: Optional[Progress] = None) -> ResultList[Built]:
    """Every target the blocks build (a 2x2x2 cube of 8 blocks whose outer faces show a
    cube), with its number of arrangements. With more than 8 blocks a target counts when
    some 8 of them build it. ``improper=True`` tries targets with repeated colors too.

    >>> targets = cubelab.build(["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"])
    >>> targets[0]
    Built(target='123546', name='Cb', arrangements=4, proper=True)
    >>> targets.json["colors"]
    '123456'
    """
    report = _call("build", {"blocks": cube_texts(blocks), "improper": improper}, progress)
    return ResultList((Built.from_json(t) for t in report["targets"]), report)


@dataclass(frozen=True)
class Placement(Record):
    """One block of an arrangement: the corner position (``"UFL"``, and in words), the
    block's 1-based number among those given and its name, the colors it shows up and
    front, and its face string as placed."""

    corner: str
    position: str
    block: int
    name: Optional[str]
    up: str
    front: str
    faces: str


@dataclass(frozen=True)
class Arrangement(Record):
    """One way to build the target: a placement per corner (order UFL UFR UBR UBL DFL
    DFR DBR DBL), and whether the hidden inner faces also show the target."""

    placements: Tuple[Placement, ...] = field(lambda ps: tuple(Placement.from_json(p) for p in ps))
    interior_matches: bool = field()


class Arrangements(ResultList[Arrangement]):
    """The listed arrangements; ``count`` is the number of all of them (the list stops at
    ``limit``), ``explanation`` says why none exists (with ``explain=True``)."""

    @property
    def count(self) -> int:
        """The number of arrangements, listed or not."""
        return self.json["arrangements"]

    @property
    def explanation(self) -> Optional[Dict[str, Any]]:
        """Why the target cannot be built (which corners each block fits, the components
        of the block graph, the reason), or None."""
        return self.json["explanation"]


def solve(target: CubeLike, blocks: Iterable[CubeLike], interior: bool = False, *, limit: int = 100, explain: bool = False, progress: Optional[Progress] = None) -> Arrangements:
    """The arrangements of the blocks that build ``target`` (held fixed as written), at
    most ``limit`` of them listed; ``interior=True`` asks the hidden faces to show the
    target too; ``explain=True`` says why there is none.

    >>> found = cubelab.solve("Cb", ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"])
    >>> found.count, len(found), found[0].placements[0].corner
    (4, 4, 'UFL')
    """
    input = {"target": cube_text(target), "blocks": cube_texts(blocks), "interior": interior, "limit": limit, "explain": explain}
    report = _call("solve", input, progress)
    return Arrangements((Arrangement.from_json(s) for s in report["solutions"]), report)


def relations(ground: Optional[CubeLike] = None) -> Report:
    """Sobczyk's relations between the 30 types (Table 1, theorems, partitions) as a
    report dict; ``ground=OC`` lists which types fit each corner of the outer cube's
    ground and ceiling layers instead.

    >>> cubelab.relations()["graph"]["edges"]
    135
    """
    return Report(_call("relations", {"ground": cube_text(ground) if ground is not None else None}))


from cubelab import census, extended, magic, picture, stack  # noqa: E402  (they import the above)
