"""The native module of cubelab (Rust, PyO3): the :class:`Cube` class and the command
runner the Python modules wrap. A compiled module has no source a type checker can read,
so this stub gives its types; ``cubelab/_cube.py`` completes ``Cube`` in Python (its
docstring, ``to_dict``, ``_repr_svg_``), and the tests check that the two agree."""

from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple

#: The version of the JSON contract (docs/json.md).
FORMAT_VERSION: int
#: The commands :func:`call` runs.
COMMANDS: List[str]

def call(
    command: str,
    input: Mapping[str, Any],
    progress: Optional[Callable[[str, int, int, int, int], Any]] = None,
    stdin: Optional[str] = None,
) -> Dict[str, Any]:
    """Runs the ``cubelab`` command ``command`` on ``input`` (its ``"input"`` object: a
    dict of plain data) and returns the JSON ``cubelab COMMAND ... --json`` prints as
    Python objects (what ``json.loads`` makes of that text; no text is made).
    The interpreter lock is released while it runs; ``progress(phase, done, total,
    index, count)`` is called from the calling thread about ten times a second (the
    phase's place ``index``, from 1, among the run's ``count`` phases, 0 when not known;
    ``cubelab/_progress.py`` turns it into the public ``progress(phase, done, total)``);
    Ctrl-C or an exception raised by ``progress`` stops the run and is raised. ``stdin``
    is the text a command reads from standard input (``magic check`` with ``"file": "-"``)."""

def call_svg(
    command: str,
    input: Mapping[str, Any],
    progress: Optional[Callable[[str, int, int, int, int], Any]] = None,
    stdin: Optional[str] = None,
) -> Tuple[Dict[str, Any], "Picture"]:
    """:func:`call`, and the typed layer's picture of the report (:class:`Picture`, drawn
    when first asked for): what ``_repr_svg_`` shows in notebooks."""

class Picture:
    """The typed layer's SVG picture of one report (what ``cubelab COMMAND ... --svg``
    writes, for the commands whose reports draw one), drawn when first asked for; the
    report is kept for it. Pickled as its SVG text (a ``str``, or None)."""

    def svg(self) -> Optional[str]:
        """The SVG text, None for a report without a picture (drawn once)."""
    def __reduce__(self) -> Any: ...

def trace(command: str, input: Mapping[str, Any]) -> Tuple[Dict[str, Any], List[Tuple[str, int, int, int, int]]]:
    """Runs ``command`` on ``input`` as :func:`call` does and returns its JSON with every
    progress report of the run, in order, as it came (``(phase, done, total, index,
    count)`` at each phase's start and each advance, not ten times a second): for tests
    of the reports themselves."""

def print_file(command: str, input: Mapping[str, Any]) -> bytes:
    """Runs the print command ``command`` (``"print blocks"``, ``"print stack"``,
    ``"print magic"`` or ``"print picture"``) on ``input`` (its request's fields and
    ``"format"``, ``"svg"`` or ``"pdf"``) and returns the file: the bytes ``cubelab print
    ... -o FILE`` writes."""

class Cube:
    """A colored cube, read in any notation: a Conway name (``"Ab"``), a face string of six
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
    (Cube('Ab'), Cube('153624', name='Ab'), Cube('112233'))
    """

    def __init__(self, cube: "Cube | str", name: Optional[str] = None) -> None: ...
    @property
    def faces(self) -> Dict[str, str]:
        """The color of each face as held, keyed ``"U"``, ``"D"``, ``"F"``, ``"B"``, ``"L"``, ``"R"``."""
    @property
    def face_string(self) -> str:
        """The six colors as held, in face order U D F B L R (``"152463"``)."""
    @property
    def labelled(self) -> str:
        """The labelled form as held (``"U=1,D=5,F=2,B=4,L=6,R=3"``)."""
    def color(self, face: str) -> str:
        """The color of one face (``"U"``, ``"D"``, ``"F"``, ``"B"``, ``"L"`` or ``"R"``).

        >>> Cube("Ab").color("F")
        '2'
        """
    @property
    def notation(self) -> Optional[str]:
        """The notation the cube was read in: ``"conway"``, ``"face-string"``,
        ``"labelled"``, ``"kahan"`` or ``"sobczyk"``; None for a cube made by
        :attr:`mirror` or :attr:`canonical`."""
    @property
    def canonical(self) -> "Cube":
        """The same cube held in its canonical position (the least face string over the 24
        rotations)."""
    @property
    def mirror(self) -> "Cube":
        """The mirror image, in canonical position."""
    @property
    def corners(self) -> Dict[str, str]:
        """The corner number of each corner as held (its three colors clockwise from
        outside, least rotation first), keyed UFL UFR UBR UBL DFL DFR DBR DBL.

        >>> Cube("Ab").corners["UFL"]
        '126'
        """
    @property
    def symmetries(self) -> int:
        """How many of the 24 rotations fix the cube."""
    @property
    def is_achiral(self) -> bool:
        """Whether the cube equals its mirror image."""
    @property
    def is_proper(self) -> bool:
        """Whether its six faces have six different colors."""
    @property
    def conway(self) -> Optional[str]:
        """Conway's name of a MacMahon cube (in colors 1-6, or in Kahan's letters through
        w=1 y=2 b=3 g=4 p=5 r=6), or None."""
    @property
    def kahan(self) -> Optional[str]:
        """Kahan's type ``"K1"``..``"K30"`` (in his colors w y b g p r, or through
        w=1 y=2 b=3 g=4 p=5 r=6), or None."""
    @property
    def sobczyk(self) -> Optional[str]:
        """Sobczyk's symbol (``"Y1"``..``"B3'"``), or None."""
    @property
    def name(self) -> Optional[str]:
        """Conway's name if it has one in its own colors (1-6), else Sobczyk's symbol, else None."""
    def to_json(self) -> Dict[str, Any]:
        """The JSON ``cubelab show CUBE --json`` prints (kind ``"show"``)."""
    def to_dict(self) -> Dict[str, Any]:
        """The cube as plain data, one scalar per key (a row of a table,
        ``cubelab.cubes().to_pandas()``): its name and its names in every notation, its
        face string as held, its corner numbers as held (``corner_UFL`` .. ``corner_DBL``),
        its mirror image and its symmetries. Defined in ``cubelab/_cube.py``.

        >>> Cube("Ab").to_dict()["sobczyk"], Cube("Ab").to_dict()["corner_UFL"]
        ('P2', '126')
        """
    def _repr_svg_(self) -> str:
        """The cube's net as held (notebooks show it). Defined in ``cubelab/_cube.py``."""
    @property
    def json(self) -> Dict[str, Any]:
        """Same as :meth:`to_json`."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Any: ...
