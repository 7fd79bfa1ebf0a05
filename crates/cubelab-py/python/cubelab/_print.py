"""Sheets to print, cut, fold and glue (``cubelab print``, docs/print.md): the SVG file
``cubelab print ... -o sheet.svg`` writes, as bytes. The package has no PDF writer: use
the ``cubelab`` program (or the web app) for PDF.

>>> svg = cubelab.print_stack(["rgbyrr", "gbyrgg", "byrgbb", "yrgbyy"], edge=35)
>>> svg[:4]
b'<svg'
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, Literal, Optional, Sequence

from cubelab import _native
from cubelab._results import _reraise, choice, cube_texts
from cubelab.errors import CubelabError

__all__ = ["print_blocks", "print_stack", "print_magic"]

Paper = Literal["a4", "letter"]
Format = Literal["svg", "pdf"]


def _file(command: str, input: Dict[str, Any], paper: str, format: str) -> bytes:
    input["paper"] = choice("paper", paper, Paper)
    input["format"] = choice("format", format, Format)
    try:
        return _native.print_file(command, input)
    except CubelabError as e:
        raise _reraise(e) from None


def print_blocks(blocks: Iterable[Any], *, paper: Paper = "a4", edge: float = 40.0, format: Format = "svg") -> bytes:
    """One net per block at true scale (``edge`` mm, on ``paper``), and how to assemble
    every target they build, corner by corner: the SVG document as bytes, exactly what
    ``cubelab print blocks BLOCKS --paper P --edge Emm -o sheet.svg`` writes.
    ``format="pdf"`` raises :class:`cubelab.InputError` (no PDF writer in the package)."""
    return _file("print blocks", {"blocks": cube_texts(blocks), "edge": edge}, paper, format)


def print_stack(cubes: Iterable[Any], *, paper: Paper = "a4", edge: float = 40.0, format: Format = "svg") -> bytes:
    """One net per cube of a stack (bottom first) and one solution, cube by cube: the SVG
    document ``cubelab print stack CUBES ... -o sheet.svg`` writes, as bytes."""
    return _file("print stack", {"cubes": cube_texts(cubes), "edge": edge}, paper, format)


def print_magic(
    text: Optional[str] = None,
    *,
    cube: Optional[Sequence[Sequence[Sequence[int]]]] = None,
    square: Optional[Sequence[Sequence[int]]] = None,
    paper: Paper = "a4",
    cell: float = 12.0,
    format: Format = "svg",
) -> bytes:
    """The layers of a magic cube (or a magic square) as grids of ``cell`` mm, with what
    ``magic check`` says of it: the numbers as ``text`` (``magic check``'s format), or
    ``cube`` (layers of rows of cells) or ``square``; the SVG document ``cubelab print
    magic - -o sheet.svg`` writes for that text."""
    numbers = {"text": text, "cube": cube, "square": square}
    return _file("print magic", {"numbers": numbers, "cell": cell}, paper, format)
