"""The result containers shared by every module: each keeps the JSON the ``cubelab``
command prints for the same input (``.json``, ``.to_json()``), so a notebook can always
reach every figure of a report, and feed pandas either the Python objects or the JSON.
"""

from __future__ import annotations

import dataclasses
import json as _json
from typing import Any, Callable, Dict, Iterable, List, Optional, Type, TypeVar, Union

from cubelab import _native

__all__ = ["Record", "Report", "ResultList", "Histogram", "Histograms", "Progress"]

#: A progress callback: called about ten times a second during a long run with the
#: phase being worked on, the units done and the total units (0 when unknown).
Progress = Callable[[str, int, int], Any]


def call(command: str, input: Dict[str, Any], progress: Optional[Progress] = None, stdin: Optional[str] = None) -> Dict[str, Any]:
    """Runs a ``cubelab`` command on its ``input`` object and returns its JSON as a dict."""
    return _json.loads(_native.call(command, _json.dumps(input), progress, stdin))


def cube_text(cube: Any) -> Any:
    """A cube argument as the text the command line takes (a Cube as its face string)."""
    if isinstance(cube, _native.Cube):
        return cube.face_string
    return cube


def cube_texts(cubes: Any) -> Any:
    """A list of cubes (or a comma-separated string) as a list of texts."""
    if isinstance(cubes, str):
        return [c.strip() for c in cubes.split(",")] if "," in cubes else [cubes]
    if isinstance(cubes, _native.Cube):
        return [cube_text(cubes)]
    try:
        return [cube_text(c) for c in cubes]
    except TypeError:
        return cubes  # not iterable: the command reports the wrong type


R = TypeVar("R", bound="Record")


@dataclasses.dataclass(frozen=True)
class Record:
    """A small frozen dataclass made from one JSON object of a report; ``to_json()``
    gives that object back."""

    @classmethod
    def from_json(cls: Type[R], data: Dict[str, Any]) -> R:
        values = {}
        for f in dataclasses.fields(cls):
            if f.name in data:
                convert = f.metadata.get("convert")
                values[f.name] = convert(data[f.name]) if convert else data[f.name]
        record = cls(**values)
        object.__setattr__(record, "_json", data)
        return record

    def to_json(self) -> Dict[str, Any]:
        """The JSON object this record was read from (as the command prints it)."""
        data = getattr(self, "_json", None)
        return dict(data) if data is not None else dataclasses.asdict(self)

    @property
    def json(self) -> Dict[str, Any]:
        """Same as :meth:`to_json`."""
        return self.to_json()


def field(convert: Optional[Callable[[Any], Any]] = None, default: Any = dataclasses.MISSING) -> Any:
    """A dataclass field read from JSON through ``convert``."""
    return dataclasses.field(default=default, metadata={"convert": convert} if convert else {})


class _WithJson:
    """Carries a report's whole JSON (``.json``, ``.to_json()``, ``.kind``)."""

    _report: Dict[str, Any]

    def to_json(self) -> Dict[str, Any]:
        """The whole JSON report the ``cubelab`` command prints for the same input
        (envelope included: ``kind``, ``format_version``, ``input``)."""
        return self._report

    @property
    def json(self) -> Dict[str, Any]:
        """Same as :meth:`to_json`."""
        return self._report

    @property
    def kind(self) -> Optional[str]:
        """The report's ``kind`` (``"build"``, ``"census-targets"``, ...); None for one part
        of a report (a size of ``census.targets(size="all")``)."""
        return self._report.get("kind")


T = TypeVar("T")


class ResultList(_WithJson, List[T]):
    """A list of results that also carries the whole report (``.json``)."""

    def __init__(self, items: Iterable[T], report: Dict[str, Any]) -> None:
        super().__init__(items)
        self._report = report

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list.__repr__(self)})"


class Report(_WithJson, Dict[str, Any]):
    """A report as a read-only-by-convention dict of its fields (envelope left out);
    ``.json`` is the whole JSON, envelope included."""

    def __init__(self, report: Dict[str, Any]) -> None:
        super().__init__((k, v) for k, v in report.items() if k not in ("kind", "format_version", "input"))
        self._report = report


def bins(histogram: Iterable[Dict[str, int]]) -> Dict[int, int]:
    """A JSON histogram (``[{"value": v, "count": c}, ...]``) as ``{v: c}``."""
    return {b["value"]: b["count"] for b in histogram}


class Histogram(_WithJson, Dict[int, int]):
    """A histogram ``{value: count}`` (values ascending, zero counts left out) that also
    carries its report (``.json``: mean, maximum, examples, ...; for one part of a
    report, such as one size of ``census.targets(size="all")``, that part's object)."""

    def __init__(self, report: Dict[str, Any], key: str = "histogram") -> None:
        super().__init__(bins(report[key]))
        self._report = report

    @property
    def total(self) -> int:
        """The sum of the counts."""
        return sum(self.values())


class Histograms(_WithJson, Dict[Any, Histogram]):
    """Several histograms keyed by size or target, carrying the whole report."""

    def __init__(self, items: Iterable[Any], report: Dict[str, Any]) -> None:
        super().__init__(items)
        self._report = report


Json = Union[Dict[str, Any], List[Any], str, int, float, bool, None]
