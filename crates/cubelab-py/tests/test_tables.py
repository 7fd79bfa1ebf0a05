"""Tidy tables (``to_pandas()``: long format, scalar cells only), result lists whose
attributes hide no list method, and their notebook tables (``_repr_html_``)."""

import html
import math
import numbers
import typing
import xml.etree.ElementTree as ET

import pytest

import cubelab
from cubelab import _results, _tables, census, design, extended, magic, picture, reports, stack

FIG6 = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]


def _scalar(value):
    return value is None or isinstance(value, (str, bool, numbers.Number)) and not isinstance(value, complex)


def assert_tidy(frame, where=""):
    """Every cell is a number, text, boolean or missing; the columns are unique."""
    assert len(set(frame.columns)) == len(frame.columns), (where, list(frame.columns))
    for column in frame.columns:
        bad = [v for v in frame[column].tolist() if not _scalar(v)]
        assert not bad, f"{where}: column {column!r} holds {type(bad[0]).__name__} {bad[0]!r:.80}"


def _results_to_check():
    """Results of every shape, cheap to make."""
    yield "cubes", cubelab.cubes()
    yield "cubes(colors=3)", cubelab.cubes(colors=3)
    yield "build", cubelab.build(FIG6)
    yield "solve", cubelab.solve("Cb", FIG6)
    yield "solve none", cubelab.solve("Y1", ["Y2", "Y3'", "P1'", "P2", "R2'", "G2'", "B1'", "R3'"], explain=True)
    yield "relations", cubelab.relations()
    yield "relations ground", cubelab.relations(ground="Ab")
    yield "stack.solve", stack.solve(["112233", "123123", "321321"])
    yield "stack.solve classic", stack.solve(classic="instant-insanity")
    yield "stack.classics", stack.classics()
    yield "design.stack", design.stack(4, 1)
    yield "design.blocks", design.blocks(targets=5)
    yield "design.extended", design.extended(2, seed=3)
    yield "magic.enumerate", magic.enumerate(order=3)
    yield "magic.enumerate classes", magic.enumerate(order=3, classes=True)
    yield "magic.squares classes", magic.squares(order=4, classes=True)
    yield "magic.check", magic.check(magic.construct(3))
    yield "census.max_targets", census.max_targets()
    yield "census.universal", census.universal(colors=2)
    yield "extended.build", extended.build(["Af"] * 26 + ["Ab"], size=3)
    yield "extended.solve", extended.solve("Af", ["Af"] * 26 + ["Ab"], size=3)
    yield "extended.census", extended.census(3, samples=50, restarts=1, steps=20)
    yield "picture.check", picture.check("UF RB / DL UF")
    yield "picture.solve", picture.solve("UF RB / DL UF", method="optimal")


@pytest.fixture(scope="module")
def results():
    return list(_results_to_check())


def test_every_table_has_scalar_cells_only(results):
    pytest.importorskip("pandas")
    for where, result in results:
        frame = result.to_pandas()
        assert_tidy(frame, where)
        if hasattr(result, "table_columns"):  # the columns are known before the data
            assert tuple(frame.columns) == result.table_columns(), where
        report = getattr(result, "report", result)
        assert_tidy(report.to_pandas(), f"{where} .report")
        assert tuple(report.to_pandas().columns) == type(report).table_columns(_results._table_field(report)), where
        for field in _results._table_fields(type(report)):
            frame = report.to_pandas(field)
            assert_tidy(frame, f"{where} .report.to_pandas({field!r})")
            assert tuple(frame.columns) == type(report).table_columns(field), (where, field)


def test_every_report_class_has_columns_from_its_types():
    # the columns follow from the types: every report kind and every table of it has
    # a column list, without duplicates, made without any data
    for kind, cls in reports.REPORTS.items():
        cols = _tables.columns(cls)
        assert len(set(cols)) == len(cols), (kind, cols)
        hints = typing.get_type_hints(cls, vars(reports))
        for field in _results._table_fields(cls):
            item = _tables._items_of(_tables._optional(hints[field]))
            if isinstance(item, type) and issubclass(item, cubelab.Record):
                item_cols = _tables.columns(item)
                assert item_cols and len(set(item_cols)) == len(item_cols), (kind, field, item_cols)


def test_solve_is_one_row_per_arrangement_and_corner():
    pytest.importorskip("pandas")
    for limit in (100, 1):
        found = cubelab.solve("Cb", FIG6, limit=limit)
        frame = found.to_pandas()
        assert len(frame) == found.report.listed * 8 == sum(len(a.placements) for a in found)
        assert sorted(set(frame.arrangement)) == list(range(1, len(found) + 1))
        assert {"corner", "block", "name", "up", "front", "faces", "interior_matches"} <= set(frame.columns)
        for number, rows in frame.groupby("arrangement"):
            placements = found[number - 1].placements
            assert list(rows.corner) == [p.corner for p in placements] and list(rows.block) == [p.block for p in placements]
        assert frame.equals(found.report.to_pandas())
        assert list(frame.columns) == list(_tables.list_table([], cubelab.Arrangement, "arrangement")[0])
    empty = cubelab.solve("Y1", ["Y2", "Y3'", "P1'", "P2", "R2'", "G2'", "B1'", "R3'"]).to_pandas()
    assert len(empty) == 0 and "corner" in empty.columns


def test_stack_solve_is_one_row_per_solution_and_cube():
    pytest.importorskip("pandas")
    for found in [stack.solve(["112233", "123123", "321321"]), stack.solve(classic="instant-insanity")]:
        frame = found.to_pandas()
        assert len(frame) == found.report.listed * found.report.cubes == sum(len(s.cubes) for s in found)
        assert sorted(set(frame.solution)) == list(range(1, len(found) + 1))
        for (number, level), row in frame.set_index(["solution", "cube"]).iterrows():
            placed = found[number - 1].cubes[level - 1]
            assert (row.faces, row.top, row.front, row.left) == (placed.faces, placed.top, placed.front, placed.left)
            assert row.sides_front == found[number - 1].sides.front
        assert frame.equals(found.report.to_pandas())


def test_designs_are_one_row_per_block_or_target():
    pytest.importorskip("pandas")
    d = design.stack(4, 1)
    assert list(d.to_pandas().faces) == [c.faces for c in d.stack]
    solution = d.to_pandas("solution")
    assert len(solution) == len(d.solution or ())
    assert [tuple(r) for r in solution[["front", "right", "back", "left"]].itertuples(index=False)] == [c.sides for c in d.solution or ()]
    b = design.blocks(targets=5)
    assert list(b.to_pandas().name) == [c.name for c in b.blocks]
    targets = b.to_pandas("targets")
    assert len(targets) == len(b.targets) == 5 and list(targets.dead_ends) == [t.dead_ends for t in b.targets]
    e = design.extended(2, seed=3)
    classes = e.to_pandas("classes")
    assert len(classes) == sum(len(c.cubes) for c in e.classes)
    assert list(classes.columns[:3]) == ["class_", "kind", "size"] and "held" in classes.columns
    assert len(e.to_pandas("by_types")) == len(e.by_types)


def test_magic_classes_are_one_row_per_class_and_cubes_one_row_per_cell():
    pytest.importorskip("pandas")
    classes = magic.enumerate(order=3, classes=True)
    frame = classes.to_pandas()
    assert list(frame.columns) == ["representative", "size"] and len(frame) == len(classes.report.classes or ())
    assert frame["size"].sum() == classes.report.count
    assert [tuple(int(x) for x in r.split()) for r in frame.representative] == [c.representative.cells for c in classes]
    cubes = magic.enumerate(order=3)
    cells = cubes.to_pandas()
    assert list(cells.columns) == ["cube", "layer", "row", "column", "value"]
    assert len(cells) == len(cubes) * 27 and cells.cube.max() == len(cubes)
    first = cells[cells.cube == 1].sort_values(["layer", "row", "column"])
    assert tuple(first.value) == cubes[0].cells


def test_cubes_table_splits_the_corners():
    pytest.importorskip("pandas")
    listed = cubelab.cubes(colors=4)
    frame = listed.to_pandas()
    assert list(frame.columns) == list(_tables.CUBE_COLUMNS) and len(frame) == len(listed)
    corners = [f"corner_{c}" for c in _tables.CORNERS]
    assert [list(r) for r in frame[corners].itertuples(index=False)] == [list(c.corners.values()) for c in listed]
    assert list(frame.faces) == [c.face_string for c in listed]
    assert all(_scalar(v) for v in cubelab.Cube("Ab").to_dict().values())


def _list_classes():
    seen, todo = set(), [cubelab.ResultList]
    while todo:
        cls = todo.pop()
        seen.add(cls)
        todo.extend(c for c in cls.__subclasses__() if c not in seen)
    return seen


LIST_METHODS = [m for m in dir(list) if not m.startswith("_")]


def test_no_result_list_attribute_hides_a_list_method(results):
    classes = _list_classes()
    assert {cubelab.Arrangements, extended.Assembly} <= classes
    for cls in classes:
        for method in LIST_METHODS:
            assert getattr(cls, method) is getattr(list, method), f"{cls.__name__}.{method} hides list.{method}"
    lists = [(w, r) for w, r in results if isinstance(r, list)]
    assert {type(r) for _, r in lists} >= {cubelab.ResultList, cubelab.Arrangements, extended.Assembly}
    for where, r in lists:
        for method in LIST_METHODS:
            assert getattr(type(r), method) is getattr(list, method), (where, method)
        if r:
            assert r.count(r[0]) >= 1 and r.index(r[0]) == 0, where
        assert r.count("x") == 0, where
        with pytest.raises(ValueError):
            r.index("x")
    # the numbers those attributes gave are under other names, and in the report
    found = cubelab.solve("Cb", FIG6, limit=1)
    assert found.total == found.report.arrangements > len(found) == 1
    assembly = extended.solve("Af", ["Af"] * 26 + ["Ab"], size=3)
    assert assembly.total == assembly.report.arrangements and assembly.count(assembly[0]) >= 1


def _html(result):
    text = result._repr_html_()
    return text, ET.fromstring(text)


def test_result_lists_show_a_small_escaped_table(results):
    pd = pytest.importorskip("pandas")
    for where, r in results:
        if not isinstance(r, list) or isinstance(r, extended.Assembly):
            continue
        text, root = _html(r)
        frame = r.to_pandas()
        assert root.tag == "table", where
        assert root.find("caption").text == f"{r.kind}: {len(r):,} × {type(r[0]).__name__ if r else r._item.__name__}", where
        assert [th.text for th in root.iter("th")] == list(frame.columns), where
        body = root.find("tbody")
        shown = list(body) if body is not None else []
        assert len(shown) == min(len(frame), 20), where
        for tr, (_, row) in zip(shown, frame.iterrows()):
            cells = [td.text or "" for td in tr]
            expected = ["" if v is None or (isinstance(v, float) and math.isnan(v)) else str(v) for v in row.tolist()]
            assert cells == expected, where
        foot = root.find("tfoot")
        if len(frame) > 20:
            assert foot is not None and f"… {len(frame) - 20:,} more row" in "".join(foot.itertext()), where
        else:
            assert foot is None, where
    del pd


def test_the_html_table_escapes_every_text():
    odd = cubelab.Built.from_json({"target": "<b>&'\"", "name": "<script>", "arrangements": 1, "proper": True})
    listed = cubelab.ResultList([odd], {"kind": "<build>"})
    text, root = _html(listed)
    assert "<script>" not in text and "<b>" not in text and "<build>" not in text
    assert html.escape("<script>") in text
    assert [td.text for td in root.find("tbody")[0]] == ["<b>&'\"", "<script>", "1", "True"]
    assert root.find("caption").text == "<build>: 1 × Built"


def test_an_assembly_shows_its_picture_not_a_table():
    # a notebook prefers HTML to SVG: the assembly's HTML is its picture
    assembly = extended.solve("Af", ["Af"] * 26 + ["Ab"], size=3)
    assert assembly._repr_html_() == assembly._repr_svg_() and assembly._repr_html_().startswith("<svg")


def test_empty_results_have_their_columns():
    pytest.importorskip("pandas")
    none = cubelab.solve("Y1", ["Y2", "Y3'", "P1'", "P2", "R2'", "G2'", "B1'", "R3'"])
    assert len(none) == 0 and tuple(none.to_pandas().columns) == none.table_columns() == cubelab.reports.SolveReport.table_columns()
    assert none.table_columns()[:3] == ("arrangement", "interior_matches", "placement")
    assert cubelab.reports.StackSolveReport.table_columns()[0] == "solution"
    assert magic.enumerate(order=3, property="perfect").to_pandas().columns.tolist() == ["cube", "layer", "row", "column", "value"]
