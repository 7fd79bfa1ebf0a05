"""The Python half of :class:`cubelab.Cube`: the class is native (Rust, ``_native.Cube``);
this module gives it its runtime docstring (``help(Cube)``), ``to_dict()`` for tables and
``_repr_svg_()`` for notebooks. The stub ``_native.pyi`` repeats the class docstring for
type checkers; a test checks that the two agree.
"""

from __future__ import annotations

from typing import Any, Dict

from cubelab import _display, _tables
from cubelab._native import Cube

__all__ = ["DOC"]

DOC = """A colored cube, read in any notation: a Conway name (``"Ab"``), a face string of six
colors in face order U D F B L R (``"152463"``), a labelled form
(``"U=r,D=g,F=b,B=y,L=p,R=w"``), Kahan's ``"K1"``..``"K30"`` or Sobczyk's symbols
(``"Y1"``..``"B3'"``). Colors are the characters 0-9, a-z, A-Z.

A cube is held in the position it was given (``faces``, ``face_string``, ``corners``
describe that position) and compared up to rotation: ``Cube("Ab") ==
Cube("152436")`` is False (mirror images differ), but any rotation of a cube equals it,
and equal cubes hash alike. Its ``repr`` names it: ``Cube('Ab')`` when the name reads
back as the cube held as it is, else the face string as held, with ``name=`` when it has
a name (``Cube('153624', name='Ab')``; ``name=``, when given, must name the cube), so
``eval(repr(cube))`` is the cube in the same position. ``to_dict()`` gives its names,
faces and corners as plain data (a row of ``cubelab.cubes().to_pandas()``); a notebook
draws its net.

>>> from cubelab import Cube
>>> ab = Cube("Ab")
>>> ab.faces
{'U': '1', 'D': '5', 'F': '2', 'B': '4', 'L': '6', 'R': '3'}
>>> ab.kahan, ab.sobczyk, ab.mirror.conway, ab.symmetries
('K7', 'P2', 'Ba', 1)
>>> Cube("U=1,D=5,F=3,B=6,L=2,R=4") == ab     # the same cube turned
True
>>> ab, Cube("U=1,D=5,F=3,B=6,L=2,R=4"), Cube("112233")
(Cube('Ab'), Cube('153624', name='Ab'), Cube('112233'))"""


def to_dict(self: Cube) -> Dict[str, Any]:
    """The cube as plain data, one scalar per key (a row of a table,
    ``cubelab.cubes().to_pandas()``): its name and its names in every notation, its face
    string as held, its corner numbers as held (``corner_UFL`` .. ``corner_DBL``), its
    mirror image and its symmetries.

    >>> Cube("Ab").to_dict()["sobczyk"], Cube("Ab").to_dict()["corner_UFL"]
    ('P2', '126')
    """
    return dict(zip(_tables.CUBE_COLUMNS, _tables.cube_row(self)))


def _repr_svg_(self: Cube) -> str:
    """The cube's net as held (notebooks show it)."""
    return _display.cube_svg(self.face_string, str(self))


Cube.__doc__ = DOC
setattr(Cube, "to_dict", to_dict)
setattr(Cube, "_repr_svg_", _repr_svg_)
