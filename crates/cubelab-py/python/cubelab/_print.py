"""Sheets to print, cut, fold and glue (``cubelab print``, docs/print.md): the SVG or PDF
file ``cubelab print ... -o sheet.svg`` (or ``sheet.pdf``) writes, as bytes.

>>> svg = cubelab.print_stack(["rgbyrr", "gbyrgg", "byrgbb", "yrgbyy"], edge=35)
>>> svg[:4]
b'<svg'
>>> cubelab.print_stack(["rgbyrr", "gbyrgg", "byrgbb", "yrgbyy"], format="pdf")[:5]
b'%PDF-'
"""

from __future__ import annotations

import base64
import os
from typing import Any, Dict, Iterable, List, Literal, Optional, Sequence, Union

from cubelab import _native
from cubelab._results import _reraise, choice, cube_texts
from cubelab.errors import CubelabError

__all__ = ["print_blocks", "print_stack", "print_magic", "print_picture"]

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
    ``cubelab print blocks BLOCKS --paper P --edge Emm -o sheet.svg`` writes
    (``format="pdf"``: the PDF file ``-o sheet.pdf`` writes)."""
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


Picture = Union[str, "os.PathLike[str]", bytes]


def print_picture(
    images: Sequence[Picture],
    *,
    rows: int,
    cols: int,
    paper: Paper = "a4",
    edge: float = 40.0,
    format: Format = "svg",
) -> bytes:
    """The picture cube maker: six pictures A to F (PNG or JPEG; each a file's path or
    its bytes), each cropped to the board's shape and cut into ``rows`` x ``cols``
    tiles, placed on the nets of the ``rows`` x ``cols`` cubes so that the folded cubes
    make a working picture cube puzzle (docs/print.md): the SVG document (or PDF)
    ``cubelab print picture --images A B C D E F --rows M --cols N -o sheet.svg`` writes,
    as bytes. A picture that is not PNG or JPEG raises :class:`cubelab.InputError`
    naming it; a path that cannot be read raises ``OSError``."""
    if isinstance(images, (str, bytes)):
        raise TypeError("images: a sequence of six pictures (paths or bytes), not one")
    data: List[str] = []
    names: List[str] = []
    for picture in images:
        if isinstance(picture, bytes):
            content = picture
            names.append("")
        else:
            with open(picture, "rb") as f:
                content = f.read()
            names.append(os.fspath(picture))
        data.append(base64.b64encode(content).decode("ascii"))
    # The names are for messages only ("picture C 'c.gif' is not a PNG or JPEG file");
    # pictures given as bytes are named by their letter.
    input: Dict[str, Any] = {"images": data, "rows": rows, "cols": cols, "edge": edge}
    if all(names):
        input["names"] = names
    return _file("print picture", input, paper, format)
