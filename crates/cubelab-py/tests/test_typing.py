"""The types: the report classes follow the schemas, every public name is documented,
the stub agrees with the native module, ``mypy --strict`` accepts the package and a typed
usage file, and every typed report holds exactly the figures of its JSON."""

import dataclasses
import importlib
import inspect
import os
import pathlib
import subprocess
import sys

import pytest

import cubelab
from cubelab import census, extended, magic, picture, stack
from cubelab._results import Record

ROOT = pathlib.Path(__file__).resolve().parents[3]
TESTS = pathlib.Path(__file__).resolve().parent
PACKAGE = pathlib.Path(cubelab.__file__).parent
MODULES = ["cubelab", "cubelab.errors", "cubelab.census", "cubelab.picture", "cubelab.magic", "cubelab.stack", "cubelab.extended", "cubelab.reports"]
FIG6 = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]


def test_the_report_classes_follow_the_schemas():
    done = subprocess.run([sys.executable, str(ROOT / "crates/cubelab-py/tools/gen_reports.py"), "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("name", MODULES)
def test_every_public_name_has_a_docstring(name):
    module = importlib.import_module(name)
    assert module.__doc__
    missing = []
    for public in module.__all__:
        value = getattr(module, public)
        if inspect.isfunction(value) or inspect.isclass(value):
            if not inspect.getdoc(value):
                missing.append(public)
        if inspect.isclass(value):
            for attr, member in vars(value).items():
                if attr.startswith("_") and attr != "_repr_svg_":
                    continue
                if callable(member) or isinstance(member, property):
                    if not inspect.getdoc(member):
                        missing.append(f"{public}.{attr}")
    assert not missing, f"{name}: no docstring for {missing}"


def test_the_runtime_cube_docstring_is_the_stubs():
    import ast

    tree = ast.parse((PACKAGE / "_native.pyi").read_text())
    (cube,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Cube"]
    assert inspect.cleandoc(cubelab.Cube.__doc__) == ast.get_docstring(cube)
    assert "_native.pyi" not in (cubelab.Cube.__doc__ or "")
    stubbed = {n.name for n in cube.body if isinstance(n, ast.FunctionDef)}
    assert {"to_dict", "_repr_svg_"} <= stubbed
    assert callable(cubelab.Cube("Ab").to_dict) and inspect.getdoc(cubelab.Cube.to_dict)


@pytest.fixture(scope="module")
def mypy_strict(tmp_path_factory):
    """One ``mypy --strict`` run (each run reads the whole package and typeshed again:
    about 10 s) over the package, the typed usage file and a file with two wrong types;
    its exit code and its lines, which name their files."""
    pytest.importorskip("mypy")
    wrong = tmp_path_factory.mktemp("mypy") / "wrong.py"
    wrong.write_text("from cubelab import census\nmean: str = census.targets(size=8).report.mean\ntotal: str = census.targets(size='all')[8].total\n")
    # mypy takes packages and modules, or files, in one run: the two files as modules
    # `usage` and `wrong`, found through MYPYPATH.
    env = dict(os.environ, MYPYPATH=os.pathsep.join([str(TESTS / "typed"), str(wrong.parent)]))
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "-p", "cubelab", "-m", "usage", "-m", "wrong"],
        capture_output=True, text=True, cwd=TESTS, env=env,
    )
    return done.returncode, done.stdout.splitlines(), done.stderr


def test_mypy_strict_accepts_the_package_and_a_typed_usage(mypy_strict):
    _, lines, stderr = mypy_strict
    errors = [line for line in lines if ": error:" in line or ": note:" in line]
    assert errors and all(pathlib.Path(line.split(":")[0]).name == "wrong.py" for line in errors), "\n".join(lines) + stderr


def test_mypy_strict_catches_a_wrong_type(mypy_strict):
    """The check above could pass by reading everything as Any: it does not."""
    code, lines, stderr = mypy_strict
    wrong_lines = [line for line in lines if pathlib.Path(line.split(":")[0]).name == "wrong.py"]
    assert code == 1 and sum("Incompatible types in assignment" in line for line in wrong_lines) == 2, "\n".join(lines) + stderr


def _same(typed, data, path="report"):
    """Whether a typed value holds exactly the JSON value: every key of every object is a
    field (none dropped, none invented), tuples for arrays."""
    if isinstance(typed, Record):
        assert isinstance(data, dict), path
        fields = {f.metadata.get("key", f.name): f.name for f in dataclasses.fields(typed)}
        keys = {k for k in data if k not in ("kind", "format_version", "input") or k in fields}
        assert keys <= set(fields), f"{path}: JSON keys without a field: {keys - set(fields)}"
        for key, name in fields.items():
            _same(getattr(typed, name), data.get(key), f"{path}.{name}")
    elif isinstance(typed, tuple):
        assert isinstance(data, list) and len(data) == len(typed), path
        for i, (t, d) in enumerate(zip(typed, data)):
            _same(t, d, f"{path}[{i}]")
    elif isinstance(typed, dict):
        assert typed.keys() == data.keys(), path
        for k in typed:
            _same(typed[k], data[k], f"{path}[{k!r}]")
    else:
        assert typed == data and type(typed) in (type(data), float), f"{path}: {typed!r} != {data!r}"


def test_every_typed_report_holds_its_json():
    results = [
        cubelab.build(FIG6),
        cubelab.solve("Y1", ["Y2", "Y3'", "P1'", "P2", "R2'", "G2'", "B1'", "R3'"], explain=True),
        cubelab.solve("Cb", FIG6),
        cubelab.cubes(colors=3),
        census.targets(size=8),
        census.targets(size="all", colors=2),
        census.targets(size=9, sample=100, seed=2),
        census.solution_numbers(),
        census.solution_numbers(all_targets=True),
        census.multisets(colors=2, method="backtrack"),
        picture.census(2, 2),
        stack.census(3),
        stack.solve(classic="instant-insanity"),
        stack.classics(),
        extended.build(["Af"] * 26 + ["Ab"], size=3),
        extended.solve("Af", ["Af"] * 26 + ["Ab"], size=3),
        magic.enumerate(order=3, classes=True),
    ]
    reports = [
        cubelab.relations(),
        cubelab.relations(ground="Ab"),
        census.universal(colors=2),
        census.max_targets(),
        picture.check("UF RB / DL UF"),
        picture.solve("UF RB / DL UF", method="optimal"),
        picture.scramble(3, 3, moves=4),
        picture.bounds(2, 2),
        magic.check(magic.construct(4)),
        magic.squares(order=4, classes=True),
        magic.estimate(order=3, samples=200, seed=1),
        magic.estimate(order=3, method="tempering", repeats=2, sweeps=50, seed=1),
        extended.census(3, samples=50, restarts=1, steps=20),
        magic.construct(3).report,
        cubelab.reports.ShowReport.from_json(cubelab.Cube("Y1'").to_json()),
    ]
    kinds = set()
    for r in results:
        _same(r.report, r.json)
        kinds.add(r.json["kind"])
        for h in (r.values() if isinstance(r, cubelab.Histograms) else []):
            _same(h.report, h.json, "part")
    for r in reports:
        _same(r, r.json)
        kinds.add(r.json["kind"])
    assert len(kinds) >= 30


def test_each_kind_has_one_class():
    """One shape per kind of result: the classes the functions return are the report
    module's, re-exported under the names the guide uses."""
    from cubelab import reports

    assert cubelab.Built is reports.Built and cubelab.Arrangement is reports.Arrangement and cubelab.Placement is reports.Placement
    assert picture.Check is reports.PictureCheckReport and picture.Solution is reports.PictureSolveReport
    assert stack.Stack is reports.Stack and extended.Placed is reports.Placed and magic.Check is reports.MagicCheckReport
    assert type(cubelab.solve("Cb", FIG6, explain=True).explanation) is reports.Explanation
    assert type(census.universal(colors=2)) is reports.CensusUniversalReport
    assert type(census.max_targets()) is reports.CensusMaxTargetsReport
    assert isinstance(magic.enumerate(order=3)[0], magic.MagicCube)
    assert all(isinstance(c.representative, magic.MagicCube) for c in magic.enumerate(order=3, classes=True))
