"""Shared helpers: the ``cubelab`` binary of the same checkout, to compare with."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _binary() -> pathlib.Path:
    """The binary to compare with: $CUBELAB_BIN, else the newer of target/release and
    target/debug (CI sets CUBELAB_BIN to the one its tests built)."""
    given = os.environ.get("CUBELAB_BIN")
    if given:
        return pathlib.Path(given)
    built = [p for p in (ROOT / "target" / "release" / "cubelab", ROOT / "target" / "debug" / "cubelab") if p.exists()]
    if not built:
        pytest.fail("no cubelab binary: build it (cargo build -p cubelab-cli) or set CUBELAB_BIN")
    return max(built, key=lambda p: p.stat().st_mtime)


class Cli:
    """Runs the ``cubelab`` binary."""

    def __init__(self, path: pathlib.Path) -> None:
        self.path = path

    def run(self, *args: str, stdin: str = None) -> subprocess.CompletedProcess:
        return subprocess.run([str(self.path), *args], input=stdin, capture_output=True, text=True, timeout=600)

    def json(self, *args: str, stdin: str = None) -> dict:
        """The JSON output of ``cubelab ARGS --json`` (which must succeed)."""
        done = self.run(*args, "--json", stdin=stdin)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def error(self, *args: str) -> str:
        """The one-line error of ``cubelab ARGS`` (which must exit 2), without ``error: ``."""
        done = self.run(*args)
        assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
        line = done.stderr.strip()
        assert "\n" not in line
        return line.removeprefix("error: ") if hasattr(line, "removeprefix") else line[len("error: "):]


@pytest.fixture(scope="session")
def cli() -> Cli:
    return Cli(_binary())
