"""The result containers shared by every module.

Every result is typed: a frozen dataclass (:class:`Record`; the report classes of
:mod:`cubelab.reports` and their parts), a list of them that also carries its report
(:class:`ResultList`), or a histogram ``{value: count}`` (:class:`Histogram`). Each keeps
the JSON the ``cubelab`` command prints for the same input (``.json``, ``.to_json()``) and
offers ``to_pandas()`` (pandas is optional: it is imported when that method is called).
"""

from __future__ import annotations

import dataclasses
import re
import sys
from typing import (
    Any,
    Callable,
    Dict,
    Generic,
    Iterable,
    Iterator,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Type,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

from cubelab import _native
from cubelab._progress import Progress, reporter as _reporter
from cubelab.errors import CubelabError, InputError, LimitReachedError

__all__ = ["Record", "ResultList", "Histogram", "Histograms", "Progress"]


# ---------------------------------------------------------------------------------------
# Calling the native module, and its messages in the Python caller's words
# ---------------------------------------------------------------------------------------

def caller_words(message: str) -> str:
    """A message of the native layer in a Python caller's words: argument names
    (``max_nodes``) where the command line names flags (``--max-nodes``), no pointer to
    ``--help``."""
    message = re.sub(r" \(see --help\)", "", message)
    message = re.sub(r"'--([a-z][a-z0-9-]*) <[A-Z_]+>'", lambda m: "'" + m.group(1).replace("-", "_") + "'", message)
    message = re.sub(r"(?<![\w-])--([a-z][a-z0-9-]*)", lambda m: m.group(1).replace("-", "_"), message)
    message = re.sub(r"'<([A-Z][A-Z_]*)>'", lambda m: "'" + m.group(1).lower() + "'", message)
    return message


def _reraise(error: CubelabError) -> CubelabError:
    """The same exception class with the message in the caller's words."""
    text = caller_words(str(error))
    return type(error)(text) if text != str(error) else error


def call(command: str, input: Mapping[str, Any], progress: Optional[Progress] = None, stdin: Optional[str] = None) -> Dict[str, Any]:
    """Runs a ``cubelab`` command on its ``input`` object and returns its JSON as a dict;
    errors speak of the Python arguments. ``progress`` is a callback, ``True`` (a bar) or
    None (:mod:`cubelab._progress`)."""
    with _reporter(progress) as report_to:
        try:
            report: Dict[str, Any] = _native.call(command, input, report_to, stdin)
        except CubelabError as e:
            raise _reraise(e) from None
    return report


def call_svg(command: str, input: Mapping[str, Any], progress: Optional[Progress] = None, stdin: Optional[str] = None) -> Tuple[Dict[str, Any], "_native.Picture"]:
    """:func:`call` that also returns the typed layer's picture of the report (the SVG
    ``cubelab COMMAND ... --svg`` writes where the command has that flag), drawn only
    when first shown, for :func:`pictured`."""
    with _reporter(progress) as report_to:
        try:
            report, picture = _native.call_svg(command, input, report_to, stdin)
        except CubelabError as e:
            raise _reraise(e) from None
    return report, picture


_Pictured = TypeVar("_Pictured")


def pictured(result: _Pictured, picture: "Union[_native.Picture, str, None]") -> _Pictured:
    """``result`` (a record or a result list) showing ``picture`` in notebooks: its
    ``_repr_svg_`` returns its SVG (:class:`cubelab._display.TypedPicture`; a result list
    passes it on to its ``.report``). Kept with the result (pickled as its SVG text)."""
    vars(result)["_svg"] = picture
    return result


def picture_of(result: Any) -> Optional[str]:
    """The SVG :func:`pictured` gave ``result``, drawn now if it was not yet (None when
    it has none)."""
    picture = vars(result).get("_svg")
    if picture is None or isinstance(picture, str):
        return picture
    svg: Optional[str] = picture.svg()
    vars(result)["_svg"] = svg
    return svg


def choice(name: str, value: Any, accepted: Any, *, optional: bool = False) -> Any:
    """Checks an argument against its accepted values (a ``Literal`` type or a sequence)
    before any work: a ValueError (``InputError``) lists them."""
    values = get_args(accepted) or tuple(accepted)
    if value is None and optional:
        return value
    if value not in values:
        listed = ", ".join(repr(v) for v in values)
        raise InputError(f"{name}={value!r} is not accepted: expected one of {listed}")
    return value


def cube_text(cube: Any) -> Any:
    """A cube argument as the text the command takes (a Cube as its face string)."""
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


# ---------------------------------------------------------------------------------------
# Records: frozen dataclasses read from JSON objects
# ---------------------------------------------------------------------------------------

R = TypeVar("R", bound="Record")
_Plan = List[Tuple[str, str, Optional[Callable[[Any], Any]], Any]]
_PLANS: Dict[type, _Plan] = {}


def _converter(tp: Any) -> Optional[Callable[[Any], Any]]:
    """How a JSON value becomes a value of type ``tp`` (None: as it is)."""
    if isinstance(tp, type) and issubclass(tp, Record):
        return tp.from_json
    origin, args = get_origin(tp), get_args(tp)
    if origin is Union:
        inner = [a for a in args if a is not type(None)]
        c = _converter(inner[0]) if len(inner) == 1 else None
        if c is None:
            return None
        return lambda v: None if v is None else c(v)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _converter(args[0])
            if item is None:
                return tuple
            return lambda v: tuple(item(x) for x in v)
        items = [_converter(a) or (lambda x: x) for a in args]
        return lambda v: tuple(c(x) for c, x in zip(items, v))
    if origin is dict:
        value = _converter(args[1])
        return None if value is None else (lambda v: {k: value(x) for k, x in v.items()})
    if tp is float:
        return float
    return None


def _plan(cls: type) -> _Plan:
    """How to read each field of ``cls``: its name, JSON key, converter and default."""
    plan = _PLANS.get(cls)
    if plan is None:
        module = sys.modules[cls.__module__]
        hints = get_type_hints(cls, vars(module))
        plan = []
        for f in dataclasses.fields(cls):
            if not f.init:
                continue
            convert = f.metadata.get("convert") or _converter(hints[f.name])
            default = None if f.default is dataclasses.MISSING else f.default
            plan.append((f.name, f.metadata.get("key", f.name), convert, default))
        _PLANS[cls] = plan
    return plan


def _table_fields(cls: type) -> List[str]:
    """The fields ``to_pandas()`` may make a table of, in order of preference: those
    typed as a tuple of records, then those typed as a tuple of tuples."""
    hints = get_type_hints(cls, vars(sys.modules[cls.__module__]))

    def items(tp: Any) -> Any:
        if get_origin(tp) is Union:
            inner = [a for a in get_args(tp) if a is not type(None)]
            tp = inner[0] if len(inner) == 1 else None
        args = get_args(tp)
        return args[0] if get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis else None

    names = [f.name for f in dataclasses.fields(cls)]
    records = [n for n in names if isinstance(items(hints[n]), type) and issubclass(items(hints[n]), Record)]
    rows = [n for n in names if get_origin(items(hints[n])) is tuple]
    return records + rows


def _table_field(record: "Record") -> Optional[str]:
    """The field ``to_pandas()`` makes a table of by default: the first of
    :func:`_table_fields` the record has (not None)."""
    fields = _table_fields(type(record))
    present = [f for f in fields if getattr(record, f) is not None]
    return (present + fields + [None])[0]


def _flat(value: Any) -> str:
    if isinstance(value, Record):
        inner = ", ".join(f"{f.name}={_flat(getattr(value, f.name))}" for f in dataclasses.fields(value) if f.repr)
        return f"{type(value).__name__}({inner})"
    if isinstance(value, tuple) and type(value) is tuple:
        inner = ", ".join(_flat(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    return repr(value)


def pretty(value: Any, indent: int = 0, width: int = 120) -> str:
    """``repr`` of a result on several indented lines when one line would be too long."""
    one = _flat(value)
    if len(one) + indent <= width:
        return one
    pad = " " * (indent + 4)
    if isinstance(value, Record):
        parts = [f"{pad}{f.name}={pretty(getattr(value, f.name), indent + 4, width)}," for f in dataclasses.fields(value) if f.repr]
        return f"{type(value).__name__}(\n" + "\n".join(parts) + "\n" + " " * indent + ")"
    if isinstance(value, (tuple, list)):
        open_, close = ("(", ")") if isinstance(value, tuple) else ("[", "]")
        parts = [f"{pad}{pretty(v, indent + 4, width)}," for v in value]
        return open_ + "\n" + "\n".join(parts) + "\n" + " " * indent + close
    return one


def _plain(value: Any) -> Any:
    """A value as plain Python data (records as dicts, tuples as lists)."""
    if isinstance(value, Record):
        return value.to_dict()
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, _native.Cube):
        return value.to_dict()
    return value


def pandas() -> Any:
    """The pandas module, or an ImportError that says how to get it."""
    try:
        import pandas as pd  # type: ignore[import-untyped,unused-ignore]
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError("to_pandas() needs pandas, which cubelab does not install: pip install pandas") from e
    return pd


def numpy() -> Any:
    """The numpy module, or an ImportError that says how to get it (numpy is optional:
    imported only by the calls that return arrays)."""
    try:
        import numpy as np
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError("to_numpy() needs numpy, which cubelab does not install: pip install numpy") from e
    return np


def int_array(rows: Any) -> Any:
    """A numpy array of Python integers: int64 when every one fits, else an object array
    of the exact integers (solution numbers and counts can pass 2**63)."""
    np = numpy()
    try:
        return np.array(rows, dtype=np.int64)
    except OverflowError:
        return np.array(rows, dtype=object)


@dataclasses.dataclass(frozen=True, repr=False)
class Record:
    """A frozen dataclass made from one JSON object of a report: typed attributes,
    ``to_json()``/``.json`` for the object itself, ``to_dict()`` for plain data and
    ``to_pandas()`` for a table."""

    @classmethod
    def from_json(cls: Type[R], data: Mapping[str, Any]) -> R:
        """Reads the record from its JSON object (keys as the command prints them)."""
        # Filled in place rather than through the frozen dataclass's __init__ (several
        # times faster; the values are the JSON's, converted by type).
        record = object.__new__(cls)
        values = record.__dict__
        for name, key, convert, default in _plan(cls):
            v = data.get(key, default)
            values[name] = convert(v) if convert is not None and v is not None else v
        values["_json"] = data
        return record

    def to_json(self) -> Dict[str, Any]:
        """The JSON object this record was read from, as the command prints it (for a
        report, the whole report: ``kind``, ``format_version``, ``input`` included)."""
        data = getattr(self, "_json", None)
        return dict(data) if data is not None else self.to_dict()

    @property
    def json(self) -> Dict[str, Any]:
        """Same as :meth:`to_json`."""
        return self.to_json()

    def to_dict(self) -> Dict[str, Any]:
        """The fields as plain Python data (nested records as dicts, tuples as lists)."""
        return {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)}

    def to_pandas(self, field: Optional[str] = None) -> Any:
        """A tidy ``pandas.DataFrame`` of the record's table: the field ``field`` (by
        default the first field typed as a tuple of records, else as a tuple of tuples),
        in long format (one row per observation: a nested tuple of records makes a row
        per item, numbered) with scalar cells only; a record without such a field is one
        row of its fields. The columns follow from the types (:mod:`cubelab._tables`,
        docs/python.md lists them). Needs pandas."""
        from cubelab import _tables

        pd = pandas()
        if field is None:
            field = _table_field(self)
        if field is None:
            return pd.DataFrame(_tables.record_rows(self), columns=list(_tables.columns(type(self))))
        cols, rows = _tables.field_table(self, field)
        return pd.DataFrame(rows, columns=list(cols))

    @classmethod
    def table_columns(cls, field: Optional[str] = None) -> Tuple[str, ...]:
        """The columns of :meth:`to_pandas` for this class (of the table ``field``, by
        default the first field typed as a tuple of records, else of tuples), known from
        the types alone, before any data: ``SolveReport.table_columns()``."""
        from cubelab import _tables

        if field is None:
            fields = _table_fields(cls)
            field = fields[0] if fields else None
        if field is None:
            return _tables.columns(cls)
        return _tables.field_columns(cls, field)

    def __repr__(self) -> str:
        return pretty(self)


def field(convert: Optional[Callable[[Any], Any]] = None, default: Any = dataclasses.MISSING, key: Optional[str] = None) -> Any:
    """A dataclass field read from JSON: from the key ``key`` (default: its name),
    through ``convert`` (default: by its type)."""
    metadata: Dict[str, Any] = {}
    if convert is not None:
        metadata["convert"] = convert
    if key is not None:
        metadata["key"] = key
    return dataclasses.field(default=default, metadata=metadata)


# ---------------------------------------------------------------------------------------
# Containers carrying their report
# ---------------------------------------------------------------------------------------

def parse_report(report: Mapping[str, Any]) -> "Record":
    """The typed report (:mod:`cubelab.reports`) of a JSON report, by its ``kind``."""
    from cubelab.reports import REPORTS

    return REPORTS[report["kind"]].from_json(report)


T = TypeVar("T")
Rep = TypeVar("Rep", bound=Record)


class _WithReport(Generic[Rep]):
    """Carries a report: ``.report`` typed, ``.json`` as the command prints it."""

    _json: Dict[str, Any]
    _typed: Optional[Rep] = None
    _part: Optional[Type[Record]] = None

    def to_json(self) -> Dict[str, Any]:
        """The whole JSON report the ``cubelab`` command prints for the same input
        (envelope included: ``kind``, ``format_version``, ``input``; for one part of a
        report, such as one size of ``census.targets(size="all")``, that part)."""
        return self._json

    @property
    def json(self) -> Dict[str, Any]:
        """Same as :meth:`to_json`."""
        return self._json

    @property
    def report(self) -> Rep:
        """The whole report as a typed dataclass (:mod:`cubelab.reports`)."""
        if self._typed is None:
            typed = self._part.from_json(self._json) if self._part is not None else parse_report(self._json)
            if self._part is None and "_svg" in vars(self):
                pictured(typed, vars(self)["_svg"])
            self._typed = typed  # type: ignore[assignment]
        return self._typed  # type: ignore[return-value]

    def _repr_svg_(self) -> Optional[str]:
        """The typed layer's picture of the whole report, when the call that made this
        result drew one (``cubelab.solve``, ``stack.solve``, ``extended.solve``): the
        picture ``cubelab COMMAND ... --svg`` writes. None otherwise."""
        return picture_of(self)

    @property
    def kind(self) -> Optional[str]:
        """The report's ``kind`` (``"build"``, ``"census-targets"``, ...); None for one part
        of a report (a size of ``census.targets(size="all")``)."""
        kind: Optional[str] = self._json.get("kind")
        return kind


class ResultList(_WithReport[Rep], List[T]):
    """A list of results that also carries the whole report (``.report`` typed,
    ``.json`` as printed); ``to_pandas()`` makes a tidy table of the items (one row per
    item, or per item and part where an item has parts, such as an arrangement's
    placements), and a notebook shows the first rows of that table (``_repr_html_``).

    No attribute hides a list method: ``count()`` and ``index()`` are the list's; a
    report's own ``count`` field is read through ``.report``."""

    def __init__(self, items: Iterable[T], report: Dict[str, Any], *, item: Optional[type] = None, index: Optional[str] = None) -> None:
        super().__init__(items)
        self._json = report
        self._item = item if item is not None else (type(self[0]) if self else None)
        self._index = index or (_snake(self._item.__name__) if self._item is not None else "item")

    def _table(self) -> Tuple[Tuple[str, ...], List[Tuple[Any, ...]]]:
        from cubelab import _tables

        return _tables.list_table(self, self._item, self._index)

    def to_pandas(self) -> Any:
        """A tidy ``pandas.DataFrame`` of the items with scalar cells only: one row per
        item (records by their fields, nested records as prefixed columns, cubes by
        their names, faces and corners), or per item and part where an item has a
        tuple of parts (an arrangement's placements, a stack's cubes, a magic cube's
        cells), numbered from 1 in a first column naming the item (``arrangement``,
        ``solution``, ``cube``). docs/python.md lists the columns. Needs pandas."""
        pd = pandas()
        cols, rows = self._table()
        return pd.DataFrame(rows, columns=list(cols))

    def table_columns(self) -> Tuple[str, ...]:
        """The columns of :meth:`to_pandas` (known from the items' class, also for an
        empty list)."""
        return self._table()[0]

    def _repr_html_(self) -> str:
        """The first 20 rows of :meth:`to_pandas`'s table as HTML, the rest counted
        (notebooks show it; pandas is not needed)."""
        from cubelab import _tables

        cols, rows = self._table()
        what = self._item.__name__ if self._item is not None else "item"
        kind = f"{self.kind}: " if self.kind else ""
        caption = f"{kind}{len(self):,} × {what}"
        return _tables.html_table(cols, rows, caption)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({pretty(list(self))})"


def _snake(name: str) -> str:
    """``MagicCube`` -> ``magic_cube``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def bins(histogram: Iterable[Mapping[str, int]]) -> Dict[int, int]:
    """A JSON histogram (``[{"value": v, "count": c}, ...]``) as ``{v: c}``."""
    return {b["value"]: b["count"] for b in histogram}


class Histogram(_WithReport[Rep], Dict[int, int]):
    """A histogram ``{value: count}`` (values ascending, zero counts left out) that also
    carries its report (``.report`` typed: mean, maximum, examples, ...; ``.json`` as
    printed). ``value_name`` and ``count_name`` say what the values and counts are
    (``"targets"`` and ``"sets"`` for Table 2): the columns of ``to_pandas()`` and the
    axes of its picture in a notebook."""

    def __init__(self, report: Dict[str, Any], key: str = "histogram", *, value_name: str = "value", count_name: str = "count", part: Optional[Type[Record]] = None) -> None:
        super().__init__(bins(report[key]))
        self._json = report
        self._part = part
        self.value_name = value_name
        self.count_name = count_name

    @property
    def total(self) -> int:
        """The sum of the counts."""
        return sum(self.values())

    def to_pandas(self) -> Any:
        """A ``pandas.DataFrame`` with the columns ``value_name`` and ``count_name``, one
        row per value (ascending). Needs pandas."""
        pd = pandas()
        return pd.DataFrame({self.value_name: list(self.keys()), self.count_name: list(self.values())})

    def to_numpy(self) -> Any:
        """A ``(k, 2)`` numpy array of the ``[value, count]`` rows, values ascending (int64,
        or exact Python integers where a number passes 2**63). Needs numpy."""
        return int_array([[v, c] for v, c in self.items()]).reshape(len(self), 2)

    def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
        """``numpy.array(histogram)``: :meth:`to_numpy`."""
        a = self.to_numpy()
        return a if dtype is None else a.astype(dtype)

    def _repr_svg_(self) -> str:
        """The histogram as a bar chart (notebooks show it)."""
        from cubelab import _display

        return _display.histogram_svg(self, self.value_name, self.count_name)


K = TypeVar("K")
P = TypeVar("P", bound=Record)


class Histograms(_WithReport[Rep], Dict[K, Histogram[P]]):
    """Several histograms keyed by size or target (``key_name``), carrying the whole
    report (``.report`` typed, ``.json`` as printed)."""

    def __init__(self, items: Iterable[Tuple[K, Histogram[P]]], report: Dict[str, Any], key_name: str = "key") -> None:
        super().__init__(items)
        self._json = report
        self.key_name = key_name

    def to_pandas(self) -> Any:
        """A long ``pandas.DataFrame``: the columns ``key_name``, the histograms'
        ``value_name`` and ``count_name``, one row per key and value. Needs pandas."""
        pd = pandas()
        rows: List[Tuple[Any, int, int]] = []
        value_name, count_name = "value", "count"
        for key, h in self.items():
            value_name, count_name = h.value_name, h.count_name
            rows.extend((key, v, c) for v, c in h.items())
        return pd.DataFrame(rows, columns=[self.key_name, value_name, count_name])

    def _repr_svg_(self) -> str:
        """The histograms as bar charts, one per key (notebooks show it)."""
        from cubelab import _display

        return _display.histograms_svg(self)
