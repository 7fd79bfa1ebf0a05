"""Notebook display and tables: every displayable result draws a well-formed SVG with one
mark per thing it shows, long results print on several lines, and ``to_pandas()`` gives
the same figures as the result."""

import xml.etree.ElementTree as ET

import pytest

import cubelab
from cubelab import census, extended, magic, picture, stack

FIG6 = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]
SVG = "{http://www.w3.org/2000/svg}"


def _svg(obj):
    text = obj._repr_svg_()
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg" and int(root.get("width")) > 0 and int(root.get("height")) > 0
    return root


def _rects(root):
    return root.findall(f".//{SVG}rect")


def test_cubes_targets_and_arrangements_draw_their_faces():
    ab = cubelab.Cube("Ab")
    rects = _rects(_svg(ab))
    assert len(rects) == 6 and len({r.get("fill") for r in rects}) == 6  # six colors, six fills
    assert len(_rects(_svg(cubelab.build(FIG6)[0]))) == 6
    arrangement = cubelab.solve("Cb", FIG6)[0]
    assert len(_rects(_svg(arrangement))) == 8 * 6  # eight blocks, each as a net


def test_boards_stacks_assemblies_and_magic_cubes():
    # Boards are the typed layer's pictures: one cube (class "cube") per cell.
    checked = picture.check("UF RB / DL UF")
    assert len([r for r in _rects(_svg(checked)) if r.get("class") == "cube"]) == 4
    scrambled = picture.scramble(3, 4, seed=2)
    assert len([r for r in _rects(_svg(scrambled)) if r.get("class") == "cube"]) == 12
    insanity = stack.solve(classic="instant-insanity")[0]
    assert len(_rects(_svg(insanity))) == 4 * len(insanity.cubes)
    assembly = extended.solve("Af", ["Af"] * 26 + ["Ab"], size=3)
    assert len(_rects(_svg(assembly))) >= 27
    cube = magic.construct(3)
    root = _svg(cube)
    numbers = [t.text for t in root.findall(f".//{SVG}text") if t.text and t.text.isdigit()]
    assert sorted(int(n) for n in numbers) == list(range(1, 28))
    assert len(_rects(_svg(magic.enumerate(order=3, classes=True)[0]))) == 27


def test_histograms_draw_one_bar_per_value():
    table2 = census.targets(size=8)
    bars = [r for r in _rects(_svg(table2)) if r.find(f"{SVG}title") is not None]
    assert len(bars) == len(table2)
    heights = [float(b.get("height")) for b in bars]
    assert heights.index(max(heights)) == list(table2.values()).index(max(table2.values()))
    every = census.targets(size="all", colors=2)
    assert len([r for r in _rects(_svg(every))]) == sum(len(h) for h in every.values())


def test_long_results_print_on_several_short_lines():
    arrangement = cubelab.solve("Cb", FIG6)[0]
    text = repr(arrangement)
    assert text.count("\n") >= 9 and max(len(line) for line in text.splitlines()) <= 120
    assert "Placement(corner='UFL'" in text
    assert len(str(arrangement).splitlines()) == 9
    short = cubelab.build(FIG6)[0]
    assert repr(short) == "Built(target='123546', name='Cb', arrangements=4, proper=True)"
    assert eval(repr(short), {"Built": cubelab.Built}) == short


def test_to_pandas():
    pd = pytest.importorskip("pandas")
    table2 = census.targets(size=8)
    frame = table2.to_pandas()
    assert list(frame.columns) == ["targets", "sets"] and dict(zip(frame.targets, frame.sets)) == table2
    cubes = cubelab.cubes().to_pandas()
    assert len(cubes) == 30 and list(cubes.conway) == [c.conway for c in cubelab.cubes()]
    assert list(pd.DataFrame(cubelab.build(FIG6)).columns) == ["target", "name", "arrangements", "proper"]
    every = census.targets(size="all", colors=2).to_pandas()
    assert list(every.columns) == ["size", "targets", "sets"] and every.sets.sum() == 2**8
    best = census.max_targets().to_pandas()
    assert len(best) == 360 and list(best.columns) == ["collection", "targets"]
    universal = census.universal(colors=2)
    assert len(universal.to_pandas()) == len(universal.sets)
    assert picture.census(2, 2).to_pandas().boards.sum() == 165888
    assert stack.census(3).to_pandas().sets.sum() == 4060
    assert len(magic.construct(3).to_pandas()) == 27
    found = cubelab.solve("Cb", FIG6)
    assert len(found.to_pandas()) == sum(len(a.placements) for a in found) == 4 * 8  # an arrangement and corner a row


def test_to_pandas_without_pandas_says_how_to_get_it(monkeypatch):
    import builtins

    real = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas":
            raise ImportError("No module named 'pandas'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    with pytest.raises(ImportError, match="pip install pandas"):
        census.targets(size=3).to_pandas()


def test_histograms_show_small_counts_beside_large_ones_on_labelled_axes():
    # Table 2: 2.7 million sets build nothing, 360 build five; on a log scale (more than
    # two decades) the 360 bar is no sliver, and the vertical axis has labelled ticks
    root = _svg(census.targets(size=8))
    bars = [r for r in _rects(root) if r.find(f"{SVG}title") is not None]
    heights = [float(r.get("height")) for r in bars]
    assert len(bars) == 6 and min(heights) > 0.3 * max(heights)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert any(t and "log scale" in t for t in texts)
    ticks = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "tick"]
    assert len(ticks) >= 3
    assert not any(t and "highest bar" in t for t in texts)
    # counts within two decades: a linear axis with whole-number ticks
    small = census.targets(size=3)
    ticks = [t.text for t in _svg(small).iter(f"{SVG}text") if t.get("class") == "tick"]
    assert ticks and all(t.replace(",", "").isdigit() for t in ticks)


def test_a_caption_is_not_cut_by_its_picture():
    built = cubelab.build(FIG6)[0]
    root = _svg(built)
    caption = next(root.iter(f"{SVG}text")).text
    assert int(root.get("width")) >= 7.5 * len(caption), caption  # 14 px sans-serif
