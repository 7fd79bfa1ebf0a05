"""Magic cubes (``cubelab magic``): n x n x n arrangements of an arithmetic progression
whose rows, columns, pillars and triagonals all have the same sum.

A cube is a :class:`MagicCube`: layers (top first) of rows (back first) of numbers (left
first), ``cube[layer][row][cell]``, drawn layer by layer in a notebook. Functions that
take a cube also take nested lists or the text ``cubelab magic check`` reads.

>>> from cubelab import magic
>>> cubes = magic.enumerate(order=3)
>>> len(cubes), [c.size for c in magic.enumerate(order=3, classes=True)]
(192, [48, 48, 48, 48])
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Literal, Optional, Sequence, Tuple, Union, overload

from cubelab import _display
from cubelab._results import Progress, Record, ResultList, call as _call, call_svg as _call_svg, choice, field, int_array, pandas, pictured
from cubelab.errors import InputError
from cubelab.reports import (
    FailingLine as Line,
    MagicCheckReport as Check,
    MagicSquareCheckReport as SquareCheck,
    MagicConstructReport,
    MagicEnumerateReport,
    MagicEstimateFamily as Family,
    MagicEstimateReport,
    MagicEstimateTemperingReport,
    MagicSquaresReport,
    Property,
    SquareKind,
    SquareMethod,
)

__all__ = [
    "MagicCube",
    "Class",
    "Line",
    "Check",
    "SquareCheck",
    "Property",
    "SquareKind",
    "SquareMethod",
    "Family",
    "EstimateMethod",
    "enumerate",
    "check",
    "check_square",
    "construct",
    "squares",
    "estimate",
]

#: The estimators of :func:`estimate`: Knuth's over a propagation tree, or parallel
#: tempering.
EstimateMethod = Literal["tree", "tempering"]

Layers = Tuple[Tuple[Tuple[int, ...], ...], ...]


class MagicCube(Sequence[Tuple[Tuple[int, ...], ...]]):
    """A cube of numbers: ``cube[layer][row][cell]`` (top layer, back row, left cell
    first), each a tuple; ``order`` is n, ``cells`` the n³ numbers in reading order,
    ``tolist()`` nested lists, ``to_pandas()`` one row per cell (layer, row, column,
    value). A notebook draws it layer by layer.

    >>> cube = magic.construct(3)
    >>> cube.order, cube[0][0], cube.cells[:4]
    (3, (1, 15, 26), (1, 15, 26, 17))
    """

    __slots__ = ("layers",)

    def __init__(self, layers: Sequence[Sequence[Sequence[int]]]) -> None:
        self.layers: Layers = tuple(tuple(tuple(row) for row in layer) for layer in layers)

    @classmethod
    def from_cells(cls, cells: Sequence[int], order: int) -> "MagicCube":
        """The cube of order n from its n³ cells in reading order."""
        return cls([[cells[(k * order + r) * order : (k * order + r + 1) * order] for r in range(order)] for k in range(order)])

    @property
    def order(self) -> int:
        """n, the cube's edge."""
        return len(self.layers)

    @property
    def cells(self) -> Tuple[int, ...]:
        """The n³ numbers in reading order (layer by layer, row by row)."""
        return tuple(x for layer in self.layers for row in layer for x in row)

    @overload
    def __getitem__(self, index: int) -> Tuple[Tuple[int, ...], ...]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Tuple[Tuple[int, ...], ...]]: ...
    def __getitem__(self, index: Union[int, slice]) -> Any:
        return self.layers[index]

    def __len__(self) -> int:
        return len(self.layers)

    def __iter__(self) -> Iterator[Tuple[Tuple[int, ...], ...]]:
        return iter(self.layers)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MagicCube) and other.layers == self.layers

    def __hash__(self) -> int:
        return hash(self.layers)

    def tolist(self) -> List[List[List[int]]]:
        """The cube as nested lists."""
        return [[list(row) for row in layer] for layer in self.layers]

    def to_numpy(self) -> Any:
        """The cube as an ``(n, n, n)`` numpy array, ``[layer, row, cell]``. Needs numpy."""
        return int_array(self.tolist()).reshape(self.order, self.order, self.order)

    def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
        """``numpy.array(cube)``: :meth:`to_numpy`."""
        a = self.to_numpy()
        return a if dtype is None else a.astype(dtype)

    def to_pandas(self) -> Any:
        """A ``pandas.DataFrame`` with one row per cell: ``layer``, ``row``, ``column``
        (1-based) and ``value``. Needs pandas."""
        pd = pandas()
        rows = [(k + 1, r + 1, c + 1, x) for k, layer in builtins.enumerate(self.layers) for r, row in builtins.enumerate(layer) for c, x in builtins.enumerate(row)]
        return pd.DataFrame(rows, columns=["layer", "row", "column", "value"])

    def text(self) -> str:
        """The cube in the text format of ``cubelab magic check`` (layers separated by a
        blank line)."""
        return "\n\n".join("\n".join(" ".join(str(x) for x in row) for row in layer) for layer in self.layers) + "\n"

    def __repr__(self) -> str:
        width = max(len(str(x)) for x in self.cells) if self.layers else 1
        layers = ("\n".join("    " + " ".join(str(x).rjust(width) for x in row) for row in layer) for layer in self.layers)
        return f"MagicCube(order={self.order},\n" + "\n\n".join(layers) + ")"

    def _repr_svg_(self) -> str:
        """The cube layer by layer (notebooks show it)."""
        return _display.magic_svg(self.layers, f"order {self.order}")


@dataclass(frozen=True, repr=False)
class Class(Record):
    """A class of magic cubes under the 48 rotations and reflections: a representative
    and the number of cubes in the class."""

    representative: MagicCube = field(convert=lambda cells: MagicCube.from_cells(cells, round(len(cells) ** (1 / 3))))
    """A cube of the class."""
    size: int = field()
    """The number of cubes in the class."""

    def _repr_svg_(self) -> str:
        """The representative (notebooks show it)."""
        return _display.magic_svg(self.representative.layers, f"a class of {self.size} cubes")


@overload
def enumerate(
    order: int = 3,
    *,
    start: int = 1,
    step: int = 1,
    property: Property = "semi-perfect",
    origin_pinned: bool = False,
    classes: Literal[False] = False,
    progress: Optional[Progress] = None,
) -> ResultList[MagicEnumerateReport, MagicCube]: ...
@overload
def enumerate(
    order: int = 3,
    *,
    start: int = 1,
    step: int = 1,
    property: Property = "semi-perfect",
    origin_pinned: bool = False,
    classes: Literal[True],
    progress: Optional[Progress] = None,
) -> ResultList[MagicEnumerateReport, Class]: ...
def enumerate(
    order: int = 3,
    *,
    start: int = 1,
    step: int = 1,
    property: Property = "semi-perfect",
    origin_pinned: bool = False,
    classes: bool = False,
    progress: Optional[Progress] = None,
) -> Union[ResultList[MagicEnumerateReport, MagicCube], ResultList[MagicEnumerateReport, Class]]:
    """Every magic cube of ``order`` on the numbers start, start+step, ...: a list of
    :class:`MagicCube`, or with ``classes=True`` the classes under the 48 symmetries.
    ``property`` is ``"semi-perfect"``, ``"diagonal"``, ``"pantriagonal"`` or
    ``"perfect"``. Only order 3 finishes quickly; Ctrl-C stops a search.

    >>> magic.enumerate(order=3)[0][0]
    ((1, 15, 26), (17, 19, 6), (24, 8, 10))
    """
    input = {"order": order, "start": start, "step": step, "property": choice("property", property, Property), "origin_pinned": origin_pinned, "classes": classes}
    report = _call("magic enumerate", input, progress)
    if report["classes"] is not None:
        return ResultList((Class.from_json(c) for c in report["classes"]), report, item=Class, index="class")
    return ResultList((MagicCube.from_cells(c, order) for c in report["cubes"]), report, item=MagicCube, index="cube")


def _check_input(cube: Any) -> Dict[str, Any]:
    """The typed request of ``magic check``: the numbers as layers, or the text as is."""
    if isinstance(cube, str):
        return {"text": cube}
    if not isinstance(cube, MagicCube):
        try:
            cube = MagicCube(cube)
        except TypeError:
            raise InputError("a magic cube is given as a MagicCube, layers of rows of numbers, or text") from None
    return {"cube": cube.tolist()}


@overload
def check(cube: Union[MagicCube, Sequence[Sequence[Sequence[int]]]]) -> Check: ...
@overload
def check(cube: str) -> Union[Check, SquareCheck]: ...
def check(cube: Union[str, MagicCube, Sequence[Sequence[Sequence[int]]]]) -> Union[Check, SquareCheck]:
    """Which properties ``cube`` has (a :class:`MagicCube`, layers of rows of numbers, or
    the text format of ``cubelab magic check``), with the lines that fail; a cube whose
    numbers are no progression raises InputError. Text of one block of rows is a square:
    its check is a :class:`SquareCheck` (semi, normal, pandiagonal, associative), which a
    notebook draws (the typed layer's picture: the numbers, failing lines shaded); see
    also :func:`check_square`.

    >>> result = magic.check(magic.construct(3))
    >>> result.semi_perfect, result.magic_sum
    (True, 42)
    >>> magic.check("8 1 6/3 5 7/4 9 2").normal
    True
    """
    report, picture = _call_svg("magic check", _check_input(cube))
    if report["kind"] == "magic-square-check":
        return pictured(SquareCheck.from_json(report), picture)
    return Check.from_json(report)


def check_square(square: Sequence[Sequence[int]]) -> SquareCheck:
    """Which kinds of magic square ``square`` is (rows of numbers: a list of lists, a
    numpy array), with the lines that fail, as a :class:`SquareCheck`; a notebook draws
    the square with its failing lines shaded.

    >>> lo_shu = magic.check_square([[4, 9, 2], [3, 5, 7], [8, 1, 6]])
    >>> lo_shu.normal, lo_shu.associative, lo_shu.magic_sum, len(lo_shu.failing_lines)
    (True, True, 15, 4)
    """
    rows = square.tolist() if hasattr(square, "tolist") else square
    report, picture = _call_svg("magic check", {"square": rows})
    return pictured(SquareCheck.from_json(report), picture)


class Constructed(MagicCube):
    """A constructed magic cube that also carries its report (``.report``, ``.json``)."""

    __slots__ = ("_json",)

    def __init__(self, report: Any) -> None:
        super().__init__(report["cube"])
        self._json = report

    @property
    def report(self) -> MagicConstructReport:
        """The whole report (:class:`~cubelab.reports.MagicConstructReport`)."""
        return MagicConstructReport.from_json(self._json)

    @property
    def json(self) -> Any:
        """The JSON ``cubelab magic construct --json`` prints."""
        return self._json

    def to_json(self) -> Any:
        """Same as :attr:`json`."""
        return self._json


def construct(order: int) -> Constructed:
    """A semi-perfect magic cube of ``order`` (3 to 200) on 1..n³, checked by the verifier
    before it is returned.

    >>> magic.construct(3)[0]
    ((1, 15, 26), (17, 19, 6), (24, 8, 10))
    """
    return Constructed(_call("magic construct", {"order": order}))


def squares(
    order: int = 4,
    *,
    kind: SquareKind = "normal",
    method: SquareMethod = "diagonals",
    fix: Optional[Sequence[str]] = None,
    classes: bool = False,
    progress: Optional[Progress] = None,
) -> MagicSquaresReport:
    """The census of the magic squares of ``order`` (3 to 5; ``cubelab magic squares``), a
    :class:`~cubelab.reports.MagicSquaresReport`: ``count`` (essentially different, up
    to the 8 symmetries of the square) and ``total`` (all squares), ``by_centre`` for odd
    orders, and with ``classes=True`` Dudeney's twelve groups of order 4. ``kind`` is
    ``"normal"``, ``"semi"``, ``"pandiagonal"`` or ``"associative"``; ``method``
    ``"diagonals"`` (fast) or ``"backtrack"`` (the plain second method); ``fix`` pins
    cells, e.g. ``["1,1=3"]``. Order 5 costs about 60 CPU-seconds for ``"normal"``
    (30.6 s of wall time on two idle cores, 2026-11-24) and about 530 for
    ``"pandiagonal"`` (measured on a shared machine); a busy machine stretches the wall
    time several-fold (docs/benchmarks.md has each figure with its date and load). The
    run releases the interpreter lock and stops on Ctrl-C.

    >>> r = magic.squares(order=4)
    >>> r.count, r.total
    (880, 7040)
    >>> [g.count for g in magic.squares(order=4, classes=True).classes or ()][:3]
    [48, 48, 48]
    """
    input = {"order": order, "kind": choice("kind", kind, SquareKind), "method": choice("method", method, SquareMethod), "fix": list(fix or []), "classes": classes}
    return MagicSquaresReport.from_json(_call("magic squares", input, progress))


@overload
def estimate(
    order: int = 4,
    *,
    of: Family = "cubes",
    samples: Optional[int] = None,
    seed: Optional[int] = None,
    fixed_cells: Optional[int] = None,
    tail: Optional[int] = None,
    exact: bool = False,
    method: Literal["tempering"],
    repeats: Optional[int] = None,
    sweeps: Optional[int] = None,
    beta_max: Optional[float] = None,
    progress: Optional[Progress] = None,
) -> MagicEstimateTemperingReport: ...
@overload
def estimate(
    order: int = 4,
    *,
    of: Family = "cubes",
    samples: Optional[int] = None,
    seed: Optional[int] = None,
    fixed_cells: Optional[int] = None,
    tail: Optional[int] = None,
    exact: bool = False,
    method: Optional[Literal["tree"]] = None,
    repeats: Optional[int] = None,
    sweeps: Optional[int] = None,
    beta_max: Optional[float] = None,
    progress: Optional[Progress] = None,
) -> MagicEstimateReport: ...
def estimate(
    order: int = 4,
    *,
    of: Family = "cubes",
    samples: Optional[int] = None,
    seed: Optional[int] = None,
    fixed_cells: Optional[int] = None,
    tail: Optional[int] = None,
    exact: bool = False,
    method: Optional[EstimateMethod] = None,
    repeats: Optional[int] = None,
    sweeps: Optional[int] = None,
    beta_max: Optional[float] = None,
    progress: Optional[Progress] = None,
) -> Union[MagicEstimateReport, MagicEstimateTemperingReport]:
    """A statistical estimate (Knuth's estimator over a propagation tree; ``cubelab magic
    estimate``) of the number of semi-perfect magic cubes (``of="cubes"``) or magic
    squares (``of="squares"``) of ``order``, a :class:`~cubelab.reports.MagicEstimateReport`:
    ``estimate``, ``std_error``, the 95% interval ``low``..``high``, the ``hits`` (probes
    reaching a solution) and ``reliable`` (False below 30 hits). ``exact=True`` also
    counts the family exactly, to check the estimator (small families only). The result
    depends only on ``samples`` and ``seed``.

    ``method="tempering"`` estimates by parallel tempering instead (``repeats``
    independent runs of ``sweeps`` sweeps up to ``beta_max``), a
    :class:`~cubelab.reports.MagicEstimateTemperingReport` (``estimate``,
    ``low``..``high``, ``ln_estimate``, ``ln_std_error``, ``repetitions``; docs/magic.md).

    >>> r = magic.estimate(order=3, samples=2000, seed=1)
    >>> r.low <= 192 <= r.high, r.reliable
    (True, True)
    """
    input = {
        "order": order,
        "of": choice("of", of, Family),
        "samples": samples,
        "seed": seed,
        "fixed_cells": fixed_cells,
        "tail": tail,
        "exact": exact,
        "method": choice("method", method, EstimateMethod, optional=True),
        "repeats": repeats,
        "sweeps": sweeps,
        "beta_max": beta_max,
    }
    report = _call("magic estimate", input, progress)
    if report["kind"] == "magic-estimate-tempering":
        return MagicEstimateTemperingReport.from_json(report)
    return MagicEstimateReport.from_json(report)
