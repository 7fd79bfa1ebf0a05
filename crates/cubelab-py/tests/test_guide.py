"""docs/python.md runs as written, and every docstring example holds."""

import ast
import doctest
import importlib
import inspect
import pathlib
import re

import pytest

import cubelab

ROOT = pathlib.Path(__file__).resolve().parents[3]
GUIDE = ROOT / "docs" / "python.md"
PACKAGE = pathlib.Path(cubelab.__file__).parent
MODULES = ["cubelab", "cubelab.errors", "cubelab.census", "cubelab.picture", "cubelab.magic", "cubelab.stack", "cubelab.extended"]


def _blocks(text):
    """The guide's ```pycon and ```python blocks, in order."""
    return re.findall(r"^```(pycon|python)\n(.*?)^```$", text, flags=re.S | re.M)


def _check(test):
    """Runs a doctest; returns how many examples ran (long ones are marked +SKIP)."""
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, clear_globs=False)
    failed, tried = runner.summarize(verbose=False)
    assert failed == 0, f"{test.name}: {failed} of {tried} examples failed (output above)"
    return tried


def test_the_guide_runs_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    blocks = _blocks(GUIDE.read_text())
    assert len(blocks) >= 8
    namespace = {"__name__": "guide"}
    parser = doctest.DocTestParser()
    for i, (kind, code) in enumerate(blocks):
        name = f"docs/python.md block {i + 1}"
        if kind == "pycon":
            test = parser.get_doctest(code, namespace, name, str(GUIDE), 0)
            assert _check(test) > 0, name
            namespace.update(test.globs)  # the test ran on a copy
        else:
            exec(compile(code, name, "exec"), namespace)
    assert (tmp_path / "table2.png").stat().st_size > 1000


@pytest.mark.parametrize("name", MODULES)
def test_module_docstrings(name):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder()
    globs = {"cubelab": cubelab, "Cube": cubelab.Cube, "census": cubelab.census, "picture": cubelab.picture, "magic": cubelab.magic, "stack": cubelab.stack, "extended": cubelab.extended}
    tests = [t for t in finder.find(module, globs=globs) if t.examples]
    assert tests, f"{name} has no examples"
    # Every function has an example; all but the long ones run.
    assert sum(_check(test) for test in tests) >= len(tests) - 2


def test_stub_examples():
    """The examples in the docstrings of the native module's stubs."""
    path = PACKAGE / "_native.pyi"
    tree = ast.parse(path.read_text())
    docs = [ast.get_docstring(node) for node in ast.walk(tree) if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))]
    tested = 0
    for i, doc in enumerate(d for d in docs if d and ">>>" in d):
        test = doctest.DocTestParser().get_doctest(inspect.cleandoc(doc), {"cubelab": cubelab, "Cube": cubelab.Cube}, f"_native.pyi docstring {i}", str(path), 0)
        tested += _check(test)
    assert tested >= 3


def test_stubs_cover_the_native_module():
    text = (PACKAGE / "_native.pyi").read_text()
    native = importlib.import_module("cubelab._native")
    public = [n for n in dir(native) if not n.startswith("_")]
    for n in public:
        assert re.search(rf"^(def |class )?{n}\b", text, flags=re.M), f"{n} has no stub"
    for n in dir(native.Cube):
        if not n.startswith("_"):
            assert re.search(rf"def {n}\(", text), f"Cube.{n} has no stub"
    assert (PACKAGE / "py.typed").exists()
