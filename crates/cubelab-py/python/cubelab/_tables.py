"""Tidy tables: the rows ``to_pandas()`` and the notebook tables (``_repr_html_``) make
of a result, in long format (one row per observation) with scalar cells only (numbers,
text, booleans, None; never a list, dict or object).

The columns follow from the result's types alone (never from the data), by these rules,
applied to each field of a record in order:

- a number, text, boolean or choice is one column named after the field;
- a nested record (``Sides``) is its own columns, prefixed by the field (``sides_front``);
- a fixed-length tuple of numbers or texts is one column per place (``StandingCube.sides``
  is ``front``, ``right``, ``back``, ``left``; others ``field_1``, ``field_2``, ...);
- a tuple of records (``Arrangement.placements``, ``Stack.cubes``) makes one row per item
  (the first such field only; a later one is its length, ``field_count``): the row
  repeats the outer columns, then an index column numbering the outer items from 1 (its
  name: the singular of the field, unless the item has that column itself, as
  ``StackCube.cube``), then the item's columns;
- anything else (a tuple of numbers or texts of any length, nested tuples, a dict, a
  magic cube) is one text column: the items separated by spaces (``"Ab Ac Ba"``), nested
  tuples by commas, a dict as ``key=value`` pairs, a magic cube as its cells in reading
  order.

A :class:`~cubelab.Cube` is a row of its names, faces, corners (one column each,
``corner_UFL`` .. ``corner_DBL``) and symmetries (:data:`CUBE_COLUMNS`); a magic cube in
a list is 27 (n³) rows, one per cell (``cube``, ``layer``, ``row``, ``column``,
``value``).
"""

from __future__ import annotations

import dataclasses
import html
import sys
from typing import Any, Callable, Dict, List, Literal, Optional, Sequence, Tuple, Union, get_args, get_origin, get_type_hints

from cubelab import _native

__all__ = ["Table", "columns", "record_rows", "list_table", "field_columns", "field_table", "html_table", "CUBE_COLUMNS"]

Row = Tuple[Any, ...]

#: The corners of a cube, in the order of ``Cube.corners``.
CORNERS = ("UFL", "UFR", "UBR", "UBL", "DFL", "DFR", "DBR", "DBL")

#: The columns of a :class:`~cubelab.Cube` row (``Cube.to_dict()``, ``cubes().to_pandas()``).
CUBE_COLUMNS: Tuple[str, ...] = (
    "name", "conway", "kahan", "sobczyk", "faces",
    *(f"corner_{c}" for c in CORNERS),
    "mirror", "mirror_name", "symmetries", "achiral", "proper",
)  # fmt: skip

#: Fixed-length tuples whose places have names: (class, field) -> the column names.
PLACES: Dict[Tuple[str, str], Tuple[str, ...]] = {
    ("StandingCube", "sides"): ("front", "right", "back", "left"),
}

#: The index column of a report's table where the field's singular reads worse: the
#: name the list the package returns uses (``solve(...).to_pandas()`` numbers its
#: ``arrangement``\ s, as ``solve(...).report.to_pandas()`` does).
INDEX: Dict[Tuple[str, str], str] = {
    ("SolveReport", "solutions"): "arrangement",
    ("StackSolveReport", "stacks"): "solution",
    ("MagicEnumerateReport", "cubes"): "cube",
}

_SCALARS = (int, float, str, bool)


def singular(name: str) -> str:
    """The name of one item of the field ``name`` (``solutions`` -> ``solution``)."""
    if name.endswith("ies"):
        return name[:-3] + "y"
    if name.endswith(("sses", "ches", "shes", "xes")):
        return name[:-2]
    if name.endswith("s") and not name.endswith("ss"):
        return name[:-1]
    return name + "_index"


def text(value: Any, depth: int = 0) -> Any:
    """A value of no fixed shape as one text cell (None stays None)."""
    if value is None:
        return None if depth == 0 else "-"
    if isinstance(value, _native.Cube):
        return value.face_string
    if isinstance(value, dict):
        return " ".join(f"{k}={text(v, depth + 1)}" for k, v in value.items())
    cells = getattr(value, "cells", None)
    if cells is not None and not isinstance(value, (tuple, list)):  # a magic cube
        return " ".join(str(x) for x in cells)
    if isinstance(value, (tuple, list)):
        return (" " if depth == 0 else ",").join(str(text(v, depth + 1)) for v in value)
    return value if isinstance(value, _SCALARS) else str(value)


def _optional(tp: Any) -> Any:
    """``X`` of ``Optional[X]``."""
    if get_origin(tp) is Union:
        inner = [a for a in get_args(tp) if a is not type(None)]
        if len(inner) == 1:
            return inner[0]
    return tp


def _is_record(tp: Any) -> bool:
    from cubelab._results import Record

    return isinstance(tp, type) and issubclass(tp, Record)


def _items_of(tp: Any) -> Any:
    """``X`` of ``Tuple[X, ...]`` (else None)."""
    args = get_args(tp)
    if get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _optional(args[0])
    return None


def _is_scalar_type(tp: Any) -> bool:
    tp = _optional(tp)
    return tp in _SCALARS or get_origin(tp) is Literal


class Table:
    """How a record class becomes rows: its columns and a function from a record to its
    rows (tuples in the order of the columns)."""

    def __init__(self, columns: Sequence[str], rows: Callable[[Any], List[Row]], explodes: bool) -> None:
        self.columns: Tuple[str, ...] = tuple(columns)
        self.rows = rows
        #: Whether one record makes any number of rows (it has a tuple of records).
        self.explodes = explodes


_TABLES: Dict[Tuple[type, bool], Table] = {}


def table(cls: type, explode: bool = True) -> Table:
    """The :class:`Table` of a record class (``explode=False``: a tuple of records is its
    length, so one record is one row)."""
    key = (cls, explode)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = _make_table(cls, explode)
    return found


def _make_table(cls: type, explode: bool) -> Table:
    hints = get_type_hints(cls, vars(sys.modules[cls.__module__]))
    flat: List[Tuple[Tuple[str, ...], Callable[[Any], Row]]] = []
    exploded: Optional[Tuple[str, Optional[str], Table]] = None
    for f in dataclasses.fields(cls):
        if not f.repr:
            continue
        name, tp = f.name, _optional(hints[f.name])
        items = _items_of(tp)
        if _is_record(tp):
            inner = table(tp, explode=False)
            width = len(inner.columns)

            def nested(r: Any, name: str = name, inner: Table = inner, width: int = width) -> Row:
                v = getattr(r, name)
                return (None,) * width if v is None else inner.rows(v)[0]

            flat.append((tuple(f"{name}_{c}" for c in inner.columns), nested))
        elif _is_record(items):
            if explode and exploded is None:
                inner = table(items)
                one = singular(name)
                exploded = (name, None if one in inner.columns or one + "_" in inner.columns else one, inner)
            else:

                def length(r: Any, name: str = name) -> Row:
                    return (len(getattr(r, name) or ()),)

                flat.append(((f"{name}_count",), length))
        elif get_origin(tp) is tuple and items is None and all(_is_scalar_type(a) for a in get_args(tp)):
            places = PLACES.get((cls.__name__, name)) or tuple(f"{name}_{i}" for i in range(1, len(get_args(tp)) + 1))

            def split(r: Any, name: str = name, width: int = len(places)) -> Row:
                v = getattr(r, name)
                return (None,) * width if v is None else tuple(v)

            flat.append((places, split))
        elif _is_scalar_type(tp):

            def scalar(r: Any, name: str = name) -> Row:
                return (getattr(r, name),)

            flat.append(((name,), scalar))
        else:

            def as_text(r: Any, name: str = name) -> Row:
                return (text(getattr(r, name)),)

            flat.append(((name,), as_text))
    base_columns = [c for cs, _ in flat for c in cs]
    getters = [g for _, g in flat]

    def base(r: Any) -> Row:
        return tuple(x for g in getters for x in g(r))

    if exploded is None:
        return Table(base_columns, lambda r: [base(r)], explodes=False)
    field, index, inner = exploded
    prefix = (index or singular(field)) + "_"
    inner_columns = [prefix + c if c in base_columns else c for c in inner.columns]

    def rows(r: Any) -> List[Row]:
        head = base(r)
        out: List[Row] = []
        for i, item in enumerate(getattr(r, field) or (), 1):
            lead = head + (i,) if index else head
            out.extend(lead + row for row in inner.rows(item))
        return out

    return Table(base_columns + ([index] if index else []) + inner_columns, rows, explodes=True)


def columns(cls: type) -> Tuple[str, ...]:
    """The columns of the rows of a record class (one record, exploded)."""
    return table(cls).columns


def record_rows(record: Any) -> List[Row]:
    """The rows of one record."""
    return table(type(record)).rows(record)


def cube_row(cube: Any) -> Row:
    """The row of a :class:`~cubelab.Cube` (the columns :data:`CUBE_COLUMNS`)."""
    corners = cube.corners
    return (
        cube.name, cube.conway, cube.kahan, cube.sobczyk, cube.face_string,
        *(corners[c] for c in CORNERS),
        cube.mirror.face_string, cube.mirror.conway, cube.symmetries, cube.is_achiral, cube.is_proper,
    )  # fmt: skip


def _item_table(item: Any, index: str) -> Tuple[Tuple[str, ...], Callable[[int, Any], List[Row]]]:
    """The columns and rows (by 1-based position and item) of one kind of list item."""
    from cubelab._results import Record

    if isinstance(item, _native.Cube):
        return CUBE_COLUMNS, lambda i, c: [cube_row(c)]
    if isinstance(item, Record) or (isinstance(item, type) and issubclass(item, Record)):
        t = table(item if isinstance(item, type) else type(item))
        if t.explodes and index not in t.columns and index + "_" not in t.columns:
            return (index,) + t.columns, lambda i, r: [(i,) + row for row in t.rows(r)]
        return t.columns, lambda i, r: t.rows(r)
    if hasattr(item, "layers"):  # a magic cube: one row per cell
        def cells(i: int, cube: Any) -> List[Row]:
            return [(i, k + 1, r + 1, c + 1, x) for k, layer in enumerate(cube.layers) for r, row in enumerate(layer) for c, x in enumerate(row)]

        return (index, "layer", "row", "column", "value"), cells
    return ("value",), lambda i, v: [(text(v),)]


def list_table(items: Sequence[Any], item: Optional[type], index: str) -> Tuple[Tuple[str, ...], List[Row]]:
    """The columns and rows of a list of results: the rows of each item in turn, numbered
    by ``index`` (from 1) when an item makes several rows. ``item`` is the class of the
    items, for the columns of an empty list."""
    if not items:
        if item is None:
            return (), []
        if item is _native.Cube:
            return CUBE_COLUMNS, []
        if hasattr(item, "layers") or item.__name__ == "MagicCube":
            return (index, "layer", "row", "column", "value"), []
        return _item_table(item, index)[0], []
    cols, rows_of = _item_table(items[0], index)
    rows: List[Row] = []
    for i, x in enumerate(items, 1):
        rows.extend(rows_of(i, x))
    return cols, rows


def field_columns(cls: type, field: str) -> Tuple[str, ...]:
    """The columns of :func:`field_table` for the field ``field`` of a record class."""
    tp = _optional(get_type_hints(cls, vars(sys.modules[cls.__module__]))[field])
    items = _items_of(tp)
    if _is_record(items):
        return list_table([], items, INDEX.get((cls.__name__, field), singular(field)))[0]
    args = get_args(items)
    if get_origin(items) is tuple and args and Ellipsis not in args and all(_is_scalar_type(a) for a in args):
        return tuple(f"{singular(field)}_{i}" for i in range(1, len(args) + 1))
    if items is not None and _is_scalar_type(items):
        return (singular(field),)
    return (field,)


def field_table(record: Any, field: str) -> Tuple[Tuple[str, ...], List[Row]]:
    """The columns and rows of one table field of a record (a tuple of records, numbers,
    texts or tuples): its items, in the long format of :func:`list_table`; a tuple of
    tuples is one text column named after the field (``"Ab Ac ..."`` a row), or one column
    per place when they all have the same length (at most 4) by type."""
    cls = type(record)
    items = _items_of(_optional(get_type_hints(cls, vars(sys.modules[cls.__module__]))[field]))
    values = getattr(record, field) or ()
    cols = field_columns(cls, field)
    if _is_record(items):
        return list_table(values, items, INDEX.get((cls.__name__, field), singular(field)))
    if len(cols) > 1:
        return cols, [tuple(v) for v in values]
    if items is not None and _is_scalar_type(items):
        return cols, [(v,) for v in values]
    return cols, [(text(v),) for v in values]


def html_table(cols: Sequence[str], rows: Sequence[Row], caption: str, limit: int = 20) -> str:
    """A small HTML table (every text escaped) of the first ``limit`` rows, the rest
    counted on a last line (``… 12 more rows``)."""
    e = html.escape
    out = [f"<table><caption>{e(caption)}</caption>", "<thead><tr>" + "".join(f"<th>{e(str(c))}</th>" for c in cols) + "</tr></thead>", "<tbody>"]
    for row in rows[:limit]:
        out.append("<tr>" + "".join(f"<td>{'' if v is None else e(str(v))}</td>" for v in row) + "</tr>")
    out.append("</tbody>")
    more = len(rows) - limit
    if more > 0:
        out.append(f'<tfoot><tr><td colspan="{max(len(cols), 1)}">… {more:,} more row{"s" if more != 1 else ""}</td></tr></tfoot>')
    out.append("</table>")
    return "\n".join(out)
