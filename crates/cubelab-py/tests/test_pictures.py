"""Notebook pictures drawn by the typed layer: solves, stack solves, extended assemblies,
picture-cube boards, designs and square checks show the SVG ``cubelab ... --svg`` writes
(the same bytes where the command has that flag), each well-formed, with a positive width
and its title within that width."""

import pickle
import xml.etree.ElementTree as ET

import pytest

import cubelab
from cubelab import design, extended, magic, picture, stack

SVG = "{http://www.w3.org/2000/svg}"
FIG6 = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]

PICTURED = {
    "solve": lambda: cubelab.solve("Cb", FIG6),
    "solve (none)": lambda: cubelab.solve("Ab", FIG6),
    "solve report": lambda: cubelab.solve("Cb", FIG6).report,
    "stack solve": lambda: stack.solve(classic="instant-insanity"),
    "extended solve": lambda: extended.solve("Af", ["Af"] * 26 + ["Ab"], size=3),
    "picture check": lambda: picture.check("UF RB / DL UF"),
    "picture scramble": lambda: picture.scramble(3, 4, seed=2),
    "picture solve": lambda: picture.solve("FD UF / UF FD", method="optimal"),
    "design stack": lambda: design.stack(4, 1),
    "design blocks": lambda: design.blocks(targets=5),
    "design extended": lambda: design.extended(2, seed=3),
    "square check": lambda: magic.check_square([[4, 9, 2], [3, 5, 7], [8, 1, 6]]),
    "square check (text)": lambda: magic.check("8 1 6/3 5 7/4 2 9"),
}


def _root(text):
    assert text is not None, "no picture"
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def _texts(root):
    return [t for t in root.iter(f"{SVG}text") if t.text]


@pytest.mark.parametrize("name", list(PICTURED))
def test_the_picture_is_well_formed_and_its_title_fits(name):
    root = _root(PICTURED[name]()._repr_svg_())
    width = float(root.get("width"))
    assert width > 0 and float(root.get("height")) > 0
    title = _texts(root)[0]  # the first text is the title
    size = float(title.get("font-size"))
    x = float(title.get("x", 0))
    assert x + 0.6 * size * len(title.text) <= width, f"{title.text!r} ({len(title.text)} characters) in {width} px"
    # No text at all runs past the right edge (left-anchored ones, by the same estimate;
    # a text without a font size has its group's, else SVG's default of 16).
    parent = {child: p for p in root.iter() for child in p}

    def font_size(e):
        while e is not None and e.get("font-size") is None:
            e = parent.get(e)
        return float(e.get("font-size")) if e is not None else 16.0

    for t in _texts(root):
        if t.get("text-anchor") in (None, "start"):
            assert float(t.get("x", 0)) + 0.6 * font_size(t) * len(t.text) <= width + 1, t.text


@pytest.mark.parametrize(
    "make, args",
    [
        (lambda: cubelab.solve("Ba", FIG6, interior=True), ["solve", "Ba", *FIG6, "--interior"]),
        (lambda: stack.solve(classic="tantalizer"), ["stack", "solve", "--classic", "tantalizer"]),
        (lambda: picture.check("UF RB / DL UF"), ["picture", "check", "UF RB / DL UF"]),
        (lambda: extended.solve("Af", ["Af"] * 26 + ["Ab"], size=3), ["solve", "--size", "3", "Af", *(["Af"] * 26), "Ab"]),
    ],
)
def test_the_picture_is_the_command_lines(make, args, cli, tmp_path):
    out = tmp_path / "picture.svg"
    done = cli.run(*args, "--svg", str(out))
    assert done.returncode == 0, done.stderr
    assert make()._repr_svg_() == out.read_text()


def test_designs_draw_their_cubes():
    blocks = design.blocks(targets=5)
    nets = [r for r in _root(blocks._repr_svg_()).iter(f"{SVG}rect")]
    # Eight nets of six faces (the legend adds a swatch per color).
    assert len(nets) >= 8 * 6
    captions = {t.text for t in _texts(_root(blocks._repr_svg_()))}
    assert {b.name for b in blocks.blocks} <= captions


def test_a_square_check_shows_its_numbers_and_shades_failing_lines():
    square = [[8, 1, 6], [3, 5, 7], [4, 2, 9]]  # the last row swapped: two columns fail
    checked = magic.check_square(square)
    assert not checked.normal and checked.failing_lines
    root = _root(checked._repr_svg_())
    numbers = sorted(int(t.text) for t in _texts(root) if t.text.isdigit())
    assert numbers == sorted(x for row in square for x in row)
    cells = [r for r in root.iter(f"{SVG}rect")]
    shaded = [r for r in cells if r.get("fill") != "#ffffff"]
    failing = {tuple(c) for line in checked.failing_lines if line.kind in ("row", "column", "diagonal") for c in line.cells}
    assert len(shaded) == len(failing) > 0


def test_numpy_squares_are_checked_too():
    np = pytest.importorskip("numpy")
    lo_shu = magic.check_square(np.array([[4, 9, 2], [3, 5, 7], [8, 1, 6]]))
    assert lo_shu.normal and lo_shu.magic_sum == 15


def test_a_pickled_result_keeps_its_picture():
    found = cubelab.solve("Cb", FIG6)
    again = pickle.loads(pickle.dumps(found))
    assert again == found and again._repr_svg_() == found._repr_svg_()
    report = design.blocks(targets=5)
    assert pickle.loads(pickle.dumps(report))._repr_svg_() == report._repr_svg_()


def test_a_report_read_from_json_alone_has_no_picture():
    found = cubelab.solve("Cb", FIG6)
    assert type(found.report).from_json(found.json)._repr_svg_() is None
