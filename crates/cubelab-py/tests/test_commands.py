"""Every function returns the command line's JSON for the same input (``.json``), and
its Python objects hold the same figures."""

import dataclasses

import pytest
from hypothesis import given, settings, strategies as st

import cubelab
from cubelab import census, design, magic, picture, stack

FIG6 = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]


def test_build(cli):
    for blocks, improper, extra in [
        (FIG6, False, []),
        (["G2", "R3", "B3'", "P2'", "R2'", "P3'", "G3", "B2"], False, []),
        (["112345", "123345", "123455", "122345", "112345", "123445", "123451", "512345"], True, ["--improper"]),
        (FIG6 + ["Ab"], False, []),
    ]:
        built = cubelab.build(blocks, improper=improper)
        expected = cli.json("build", *blocks, *extra)
        assert built.json == expected
        assert [dataclasses.asdict(t) for t in built] == expected["targets"]
        assert [t.to_json() for t in built] == expected["targets"]
    assert cubelab.build(FIG6)[0].cube == cubelab.Cube("Cb")
    assert cubelab.build([cubelab.Cube(b) for b in FIG6]).json["targets"] == cli.json("build", *FIG6)["targets"]


def test_solve(cli):
    found = cubelab.solve("Cb", FIG6)
    expected = cli.json("solve", "Cb", *FIG6)
    assert found.json == expected
    assert found.total == 4 and len(found) == 4
    assert [s.to_json() for s in found] == expected["solutions"]
    assert [p.corner for p in found[0].placements] == ["UFL", "UFR", "UBR", "UBL", "DFL", "DFR", "DBR", "DBL"]
    conway = ["Ba", "Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb"]
    assert cubelab.solve(conway[0], conway[1:], interior=True, limit=1).json == cli.json("solve", *conway, "--interior", "--limit", "1")
    sobczyk = ["Y1", "Y2", "Y3'", "P1'", "P2", "R2'", "G2'", "B1'", "R3'"]
    explained = cubelab.solve(sobczyk[0], sobczyk[1:], explain=True)
    assert explained.json == cli.json("solve", *sobczyk, "--explain")
    assert explained.total == 0 and explained.explanation is not None and explained.explanation.reason
    assert explained.explanation.to_json() == explained.json["explanation"]
    assert cubelab.solve("Cb", FIG6).explanation is None


def test_relations(cli):
    assert cubelab.relations().json == cli.json("relations")
    assert cubelab.relations(ground="Ab").json == cli.json("relations", "--ground", "Ab")
    assert cubelab.relations().graph.edges == 135
    assert isinstance(cubelab.relations(), cubelab.reports.RelationsReport)
    assert cubelab.relations(ground="Ab").ground[0].corner == cli.json("relations", "--ground", "Ab")["ground"][0]["corner"]


def test_census(cli):
    table2 = census.targets(size=8)
    expected = cli.json("census", "targets", "--size", "8")
    assert table2.json == expected
    assert table2 == {b["value"]: b["count"] for b in expected["histogram"]}
    assert table2.total == 5852925
    assert census.targets(size=9, sample=500, seed=3).json == cli.json("census", "targets", "--size", "9", "--sample", "500", "--seed", "3")
    within = ["Ab", "Ac", "Ad", "Ae", "Af", "Ba", "Bc", "Bd", "Be", "Bf", "Ca", "Cb"]
    assert census.targets(size=8, within=within).json == cli.json("census", "targets", "--size", "8", "--within", ",".join(within))
    assert census.targets(size=8, within=",".join(within)).json == census.targets(size=8, within=within).json
    every = census.targets(size="all", colors=2)
    assert every.json == cli.json("census", "targets", "--size", "all", "--colors", "2")
    assert sorted(every) == list(range(len(every))) and every[0] == {0: 1}
    assert every[8] == census.targets(size=8, colors=2) and every[8].json["sets"] == every[8].total
    assert census.solution_numbers().json == cli.json("census", "solution-numbers")
    assert census.solution_numbers(target="Ab").json == cli.json("census", "solution-numbers", "--target", "Ab")
    assert census.targets(size=8, colors=2, method="backtrack").json == cli.json(
        "census", "targets", "--size", "8", "--colors", "2", "--method", "backtrack"
    )
    assert census.multisets(colors=2, method="backtrack").json == cli.json("census", "multisets", "--colors", "2", "--method", "backtrack")
    assert census.max_targets().json == cli.json("census", "max-targets")
    assert census.universal(colors=2).json == cli.json("census", "universal", "--colors", "2")


def test_picture(cli):
    board = "UF RB / DL UF"
    assert picture.check(board).json == cli.json("picture", "check", board)
    for method in ["local", "subgroup", "optimal"]:
        solved = picture.solve(board, method=method)
        expected = cli.json("picture", "solve", board, "--method", method)
        assert solved.json == expected and list(solved.moves) == expected["moves"]
    assert picture.solve(board, metric="half").json == cli.json("picture", "solve", board, "--metric", "half")
    assert picture.scramble(3, 3, seed=7).json == cli.json("picture", "scramble", "3", "3", "--seed", "7")
    assert picture.scramble(2, 3, moves=5).json == cli.json("picture", "scramble", "2", "3", "--moves", "5")
    assert picture.bounds(2, 2).json == cli.json("picture", "bounds", "2", "2")
    distances = picture.census(2, 2)
    expected = cli.json("picture", "census", "2", "2")
    assert distances.json == expected and distances.total == expected["states"] and max(distances) == expected["diameter"]


def test_magic(cli):
    assert magic.enumerate(order=3).json == cli.json("magic", "enumerate")
    classes = magic.enumerate(order=3, classes=True)
    assert classes.json == cli.json("magic", "enumerate", "--classes")
    assert [c.size for c in classes] == [48, 48, 48, 48]
    cube = magic.construct(4)
    assert cube.json == cli.json("magic", "construct", "--order", "4")
    text = cli.run("magic", "construct", "--order", "4").stdout
    assert magic.check(cube).json == cli.json("magic", "check", "-", stdin=text)
    assert magic.check(text).json == magic.check(cube).json
    broken = [[list(row) for row in layer] for layer in cube]
    broken[0][0][0], broken[0][0][1] = broken[0][0][1], broken[0][0][0]
    result = magic.check(broken)
    assert not result.semi_perfect and result.failing_lines and result.failing_lines[0].sum != result.magic_sum


def test_magic_squares_and_estimate(cli):
    squares = magic.squares(order=4, classes=True)
    assert squares.json == cli.json("magic", "squares", "--order", "4", "--classes")
    assert (squares.count, squares.total) == (880, 7040)
    assert [c.count for c in squares.classes or ()] == [c["count"] for c in squares.json["classes"]]
    fixed = magic.squares(order=4, method="backtrack", fix=["1,1=3", "2,3=7"])
    assert fixed.json == cli.json("magic", "squares", "--order", "4", "--method", "backtrack", "--fix", "1,1=3", "--fix", "2,3=7")
    est = magic.estimate(order=3, samples=2000, seed=5)
    assert est.json == cli.json("magic", "estimate", "--order", "3", "--samples", "2000", "--seed", "5")
    assert est.low <= 192 <= est.high and isinstance(est, cubelab.reports.MagicEstimateReport)
    pt = magic.estimate(order=3, of="squares", method="tempering", repeats=2, sweeps=200, seed=5)
    assert isinstance(pt, cubelab.reports.MagicEstimateTemperingReport) and pt.json == cli.json("magic", "estimate", "--method", "tempering", "--of", "squares", "--order", "3", "--repeats", "2", "--sweeps", "200", "--seed", "5")
    with pytest.raises(cubelab.InputError):
        magic.squares(order=9)


def test_stack(cli):
    classic = stack.solve(classic="instant-insanity")
    assert classic.json == cli.json("stack", "solve", "--classic", "instant-insanity")
    assert len(classic) == 1 and classic[0].sides.to_dict() == classic.json["stacks"][0]["sides"]
    assert classic.report.solutions == classic.json["solutions"]
    cubes = ["112233", "123123", "321321"]
    assert stack.solve(cubes, method="backtrack").json == cli.json("stack", "solve", *cubes, "--method", "backtrack")
    assert stack.census(3).json == cli.json("stack", "census", "--colors", "3")
    assert stack.census(3, multisets=True).json == cli.json("stack", "census", "--colors", "3", "--multisets")
    assert stack.classics().json == cli.json("stack", "classics")


def test_run_is_the_command_line(cli):
    assert cubelab.run("show", {"cube": "Y1'"}) == cli.json("show", "Y1'")
    assert cubelab.run("census targets", {"size": 8}) == census.targets(size=8).json


def _exact(value):
    """A JSON value with its key order and its scalar types made part of equality (a dict
    compares equal whatever its order, and 1 == 1.0)."""
    if isinstance(value, dict):
        return [(k, _exact(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_exact(v) for v in value]
    return (type(value).__name__, value)


def test_reports_are_the_json_text_in_order_and_type(cli):
    """The extension builds the report's objects without the JSON text: key order, lists,
    integer and float types and None are as ``json.loads`` reads the command line's
    ``--json`` (one command per kind of report conversion)."""
    from cubelab import _native

    cases = [
        ("show", {"cube": "K7"}, ["show", "K7"]),
        ("build", {"blocks": FIG6}, ["build", *FIG6]),
        ("solve", {"target": "Y1", "blocks": ["Y2", "Y3'", "P1'", "P2", "R2'", "G2'", "B1'", "R3'"], "explain": True},
         ["solve", "Y1", "Y2", "Y3'", "P1'", "P2", "R2'", "G2'", "B1'", "R3'", "--explain"]),
        ("relations", {}, ["relations"]),
        ("magic construct", {"order": 3}, ["magic", "construct", "--order", "3"]),
        ("magic estimate", {"order": 3, "samples": 200, "seed": 1}, ["magic", "estimate", "--order", "3", "--samples", "200", "--seed", "1"]),
        ("picture solve", {"board": "RF FL / RF BR", "method": "optimal"}, ["picture", "solve", "RF FL / RF BR", "--method", "optimal"]),
        ("stack solve", {"classic": "instant-insanity"}, ["stack", "solve", "--classic", "instant-insanity"]),
        ("build", {"blocks": ["Af"] * 26 + ["Ab"], "size": 3}, ["build", "--size", "3", *(["Af"] * 26 + ["Ab"])]),
        ("census targets", {"size": 8}, ["census", "targets", "--size", "8"]),
    ]
    for command, input, args in cases:
        assert _exact(_native.call(command, input)) == _exact(cli.json(*args)), command


@settings(max_examples=15, deadline=None)
@given(st.permutations(FIG6 + ["Cb", "Dc"]))
def test_build_does_not_depend_on_block_order(blocks):
    reference = cubelab.build(FIG6 + ["Cb", "Dc"])
    built = cubelab.build(blocks)
    assert list(built) == list(reference)
    assert {k: v for k, v in built.json.items() if k != "input"} == {k: v for k, v in reference.json.items() if k != "input"}


def test_extended(cli):
    from cubelab import extended

    af = ["Af"] * 26 + ["Ab"]
    built = extended.build(af, size=3)
    expected = cli.json("build", "--size", "3", *af)
    assert built.json == expected
    assert [t.to_json() for t in built] == expected["targets"]
    assert [(t.name, t.arrangements) for t in built] == [("Af", 1572864)]
    macmahon = [c.conway for c in cubelab.cubes()][:27]
    every = extended.build(macmahon, size=3)
    assert every.json == cli.json("build", "--size", "3", *macmahon)
    assert len(every) == 30 and all(t.arrangements is None for t in every)
    three = ["112233"] * 14 + ["123123"] * 13
    assert extended.build(three, size=3, improper=True).json == cli.json("build", "--size", "3", "--improper", *three)
    assert extended.build(af[:8], size=2).json == cli.json("build", *af[:8]) == cubelab.build(af[:8]).json
    for target, blocks in [("Af", af), ("342156", af), ("Ab", ["Ba"] * 27)]:
        found = extended.solve(target, blocks, size=3)
        expected = cli.json("solve", "--size", "3", target, *blocks)
        assert found.json == expected
        assert found.builds == expected["builds"] and found.fillable == expected["fillable"] and found.total == expected["arrangements"]
        assert [p.to_json() for p in found] == (expected["assembly"] or [])
        assert [p.class_ for p in found] == [p["class"] for p in expected["assembly"] or []]
    assert [p.up for p in extended.solve("342156", af, size=3).layer(1)] == ["3"] * 9
    big = ["Af"] * 64
    assert extended.solve("Af", big, size=4).json == cli.json("solve", "--size", "4", "Af", *big)
    answers = extended.census(3, samples=100, restarts=1, steps=30)
    assert answers.json == cli.json("extended", "--size", "3", "--samples", "100", "--restarts", "1", "--steps", "30")
    assert answers.a.obstructions == 380
    with pytest.raises(cubelab.InputError) as e:
        extended.build(["Af", "Af"], size=3)
    assert str(e.value) == cli.error("build", "--size", "3", "Af", "Af")
    with pytest.raises(ValueError):
        extended.solve("Af", af[:8], size=2)


def test_design(cli):
    assert design.stack(4, 1, seed=7).json == cli.json("design", "stack", "--cubes", "4", "--solutions", "1", "--seed", "7")
    assert design.blocks(targets=5, seed=2).json == cli.json("design", "blocks", "--targets", "5", "--seed", "2")
    d = design.extended(2, target="Fc", seed=3)
    assert d.json == cli.json("design", "extended", "--size", "2", "--target", "Fc", "--seed", "3")
    assert d.size == 2 and d.target == "Fc" and 0 <= d.index < d.count
    assert sum(c.copies for c in d.cubes) == 8
    two = design.extended(2, types=2)
    assert two.json == cli.json("design", "extended", "--size", "2", "--types", "2")
    with pytest.raises(cubelab.InputError):
        design.extended(1)
    seven = design.blocks(target="Ba", arrangements=232, palette=7, seed=3)
    assert seven.json == cli.json(
        "design", "blocks", "--target", "Ba", "--arrangements", "232", "--palette", "7", "--seed", "3"
    )
    assert seven.count == 44 and seven.json["input"]["palette"] == 7
    with pytest.raises(cubelab.InputError):
        design.blocks(target="Ba", palette=5)
    five = design.blocks(target="112345", colors=5, seed=2)
    assert five.json == cli.json("design", "blocks", "--target", "112345", "--colors", "5", "--seed", "2")
