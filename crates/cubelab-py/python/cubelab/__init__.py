"""cubelab: the mathematics of colored-cube puzzles, from Python.

MacMahon's 30 six-colored cubes and their notations (:class:`Cube`), the 2x2x2 target
puzzle (:func:`build`, :func:`solve`), censuses over collections (:mod:`cubelab.census`),
the extended N x N x N puzzle (:mod:`cubelab.extended`), the picture cube puzzle
(:mod:`cubelab.picture`), magic cubes (:mod:`cubelab.magic`) and Instant Insanity stacks
(:mod:`cubelab.stack`). Every result is typed: a frozen dataclass (the reports of
:mod:`cubelab.reports` and their parts), a list of them or a histogram ``{value: count}``
carrying its report (``.report``); each also offers ``.json``, the JSON the ``cubelab``
command prints with ``--json`` for the same input (docs/json.md), ``to_pandas()``, and a
picture in notebooks where one makes sense.

>>> import cubelab
>>> ab = cubelab.Cube("Ab")
>>> ab.face_string, ab.mirror.conway
('152463', 'Ba')
>>> [t.name for t in cubelab.build(["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"])]
['Cb', 'De', 'Cd', 'Ce', 'Db']
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, Mapping, Optional, Tuple, Union, overload

from cubelab import _native
from cubelab._native import Cube
from cubelab import _cube  # noqa: F401  (the Python half of Cube: to_dict, pictures, docstring)
from cubelab._progress import Phase, ProgressCallback
from cubelab._results import Histogram, Histograms, Progress, Record, ResultList, call as _call, call_svg as _call_svg, cube_text, cube_texts, pictured as _pictured
from cubelab.errors import CubelabError, InputError, InputTypeError, LimitReachedError
from cubelab import reports
from cubelab.reports import (
    Arrangement,
    BuildReport,
    Built,
    CubesReport,
    Explanation,
    Placement,
    RelationsGroundReport,
    RelationsReport,
    SolveReport,
)

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
    "Explanation",
    "Record",
    "Histogram",
    "Histograms",
    "ResultList",
    "Progress",
    "ProgressCallback",
    "Phase",
    "CubelabError",
    "InputError",
    "InputTypeError",
    "LimitReachedError",
    "FORMAT_VERSION",
    "COMMANDS",
    "reports",
    "census",
    "picture",
    "magic",
    "stack",
    "extended",
    "design",
    "print_blocks",
    "print_stack",
    "print_magic",
    "print_picture",
]

#: The version of the JSON contract (docs/json.md) of every ``.json``.
FORMAT_VERSION: int = _native.FORMAT_VERSION

#: The commands :func:`run` takes (subcommands separated by a space).
COMMANDS: Tuple[str, ...] = tuple(_native.COMMANDS)

#: A cube argument: a :class:`Cube`, or its text in any notation.
CubeLike = Union[Cube, str]


def run(command: str, input: Optional[Mapping[str, Any]] = None, *, progress: Optional[Progress] = None, stdin: Optional[str] = None) -> Dict[str, Any]:
    """Runs a ``cubelab`` command and returns its JSON output as a dict: the same JSON as
    ``cubelab COMMAND ... --json`` prints (the contract of docs/json.md; the typed
    functions of this package give the same reports as dataclasses). ``input`` is the
    ``"input"`` object that output echoes (keys: the argument names in snake_case; a
    missing key takes the default). ``command`` is one of :data:`COMMANDS`.

    >>> cubelab.run("show", {"cube": "Ab"})["faces"]
    '152463'
    >>> cubelab.run("census targets", {"size": 8})["max"]
    5
    """
    if command not in COMMANDS:
        hint = " (it reads files: run it with the cubelab program)" if command.endswith("merge") else ""
        raise InputError(f"cubelab.run does not run {command!r}{hint}: the commands are {', '.join(COMMANDS)}")
    return _call(command, input or {}, progress, stdin)


def cubes(colors: Optional[int] = None, palette: Optional[int] = None) -> ResultList[CubesReport, Cube]:
    """A list of cubes in canonical position: MacMahon's 30 in Conway's tableau order by
    default, ``colors=N`` the cubes using exactly the colors 1..N (C_N), ``palette=K``
    every cube over the colors 1..K. ``.to_pandas()`` makes a table of their names,
    faces, corners and symmetries (one row per cube, :meth:`Cube.to_dict`).

    >>> len(cubelab.cubes()), len(cubelab.cubes(colors=4)), len(cubelab.cubes(palette=6))
    (30, 68, 2226)
    >>> list(cubelab.cubes().to_pandas().columns)[:4]
    ['name', 'conway', 'kahan', 'sobczyk']
    """
    report = _call("cubes", {"colors": colors, "palette": palette})
    return ResultList((Cube(row["faces"]) for row in report["cubes"]), report, item=Cube)


def build(blocks: Iterable[CubeLike], improper: bool = False, *, progress: Optional[Progress] = None) -> ResultList[BuildReport, Built]:
    """Every target the blocks build (a 2x2x2 cube of 8 blocks whose outer faces show a
    cube), with its number of arrangements: a list of :class:`Built`. With more than 8
    blocks a target counts when some 8 of them build it. ``improper=True`` tries targets
    with repeated colors too. ``.report`` is the whole :class:`~cubelab.reports.BuildReport`.

    >>> targets = cubelab.build(["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"])
    >>> targets[0]
    Built(target='123546', name='Cb', arrangements=4, proper=True)
    >>> targets.report.colors
    '123456'
    """
    report = _call("build", {"blocks": cube_texts(blocks), "improper": improper}, progress)
    return ResultList((Built.from_json(t) for t in report["targets"]), report, item=Built)


class Arrangements(ResultList[SolveReport, Arrangement]):
    """The listed arrangements; ``total`` is the number of all of them (the list stops
    at ``limit``; the report's field ``.report.arrangements``), ``explanation`` says why
    none exists (with ``explain=True``). ``count()`` and ``index()`` are the list's."""

    @property
    def total(self) -> int:
        """The number of arrangements, listed or not (``.report.arrangements``)."""
        return self.report.arrangements

    @property
    def explanation(self) -> Optional[Explanation]:
        """Why the target cannot be built (which corners each block fits, the components
        of the corner graph, the reason), or None without ``explain=True``."""
        return self.report.explanation


def solve(
    target: CubeLike,
    blocks: Iterable[CubeLike],
    interior: bool = False,
    *,
    limit: int = 100,
    explain: bool = False,
    progress: Optional[Progress] = None,
) -> Arrangements:
    """The arrangements of the blocks that build ``target`` (held fixed as written), at
    most ``limit`` of them listed; ``interior=True`` asks the hidden faces to show the
    target too; ``explain=True`` says why there is none (:class:`Explanation`).

    >>> found = cubelab.solve("Cb", ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"])
    >>> found.total, len(found), found[0].placements[0].corner
    (4, 4, 'UFL')
    """
    input = {"target": cube_text(target), "blocks": cube_texts(blocks), "interior": interior, "limit": limit, "explain": explain}
    report, picture = _call_svg("solve", input, progress)
    return _pictured(Arrangements((Arrangement.from_json(s) for s in report["solutions"]), report, item=Arrangement), picture)


@overload
def relations(ground: None = None) -> RelationsReport: ...
@overload
def relations(ground: CubeLike) -> RelationsGroundReport: ...
def relations(ground: Optional[CubeLike] = None) -> Union[RelationsReport, RelationsGroundReport]:
    """Sobczyk's relations between the 30 types (Table 1, theorems, partitions): a
    :class:`~cubelab.reports.RelationsReport`; ``ground=OC`` lists which types fit each
    corner of the outer cube's ground and ceiling layers instead
    (:class:`~cubelab.reports.RelationsGroundReport`).

    >>> cubelab.relations().graph.edges
    135
    >>> cubelab.relations(ground="Ab").ground[0].corner
    'DBL'
    """
    report = _call("relations", {"ground": cube_text(ground) if ground is not None else None})
    if ground is None:
        return RelationsReport.from_json(report)
    return RelationsGroundReport.from_json(report)


from cubelab import census, design, extended, magic, picture, stack  # noqa: E402  (they import the above)
from cubelab._print import print_blocks, print_magic, print_picture, print_stack  # noqa: E402
