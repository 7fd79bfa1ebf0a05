"""docs/python.md runs as written, and every docstring example holds."""

import doctest
import importlib
import pathlib
import re

import pytest

import cubelab

ROOT = pathlib.Path(__file__).resolve().parents[3]
GUIDE = ROOT / "docs" / "python.md"
PACKAGE = pathlib.Path(cubelab.__file__).parent
MODULES = ["cubelab", "cubelab.errors", "cubelab.census", "cubelab.picture", "cubelab.magic", "cubelab.stack"]


def _blocks(text):
    """The guide's ```pycon and ```python blocks, in order."""
    return re.findall(r"^```(pycon|python)\n(.*?)^```$", text, flags=re.S | re.M)


def _check(test):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    failed, tried = runner.summarize(verbose=False)
    assert tried > 0, f"{test.name}: no example"
    assert failed == 0, f"{test.name}: {failed} of {tried} examples failed (output above)"


def test_the_guide_runs_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    blocks = _blocks(GUIDE.read_text())
    assert len(blocks) >= 8
    namespace = {"__name__": "guide"}
    parser = doctest.DocTestParser()
    for i, (kind, code) in enumerate(blocks):
        name = f"docs/python.md block {i + 1}"
        if kind == "pycon":
            _check(parser.get_doctest(code, namespace, name, str(GUIDE), 0))
        else:
            exec(compile(code, name, "exec"), namespace)
    assert (tmp_path / "table2.png").stat().st_size > 1000


@pytest.mark.parametrize("name", MODULES)
def test_module_docstrings(name):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder()
    tests = [t for t in finder.find(module, globs={"cubelab": cubelab, **vars(module)}) if t.examples]
    assert tests, f"{name} has no examples"
    for test in tests:
        _check(test)


def test_stub_examples():
    text = (PACKAGE / "_native.pyi").read_text()
    _check(doctest.DocTestParser().get_doctest(text, {"cubelab": cubelab}, "_native.pyi", str(PACKAGE / "_native.pyi"), 0))


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
