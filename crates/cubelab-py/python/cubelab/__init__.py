"""cubelab: the mathematics of colored-cube puzzles, from Python.

MacMahon's 30 six-colored cubes and their notations (:class:`Cube`), the 2x2x2 target
puzzle (:func:`build`, :func:`solve`), censuses over collections (:mod:`cubelab.census`),
the picture cube puzzle (:mod:`cubelab.picture`), magic cubes (:mod:`cubelab.magic`) and
Instant Insanity stacks (:mod:`cubelab.stack`). Every result is a plain Python object;
each also offers ``.json``, the JSON the ``cubelab`` command prints for the same input.

>>> import cubelab
>>> ab = cubelab.Cube("Ab")
>>> ab.face_string, ab.mirror.conway
('152463', 'Ba')
"""

from cubelab._native import Cube
from cubelab.errors import CubelabError, InputError, LimitReachedError

__all__ = ["Cube", "CubelabError", "InputError", "LimitReachedError"]
