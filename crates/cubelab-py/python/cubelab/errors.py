"""The exceptions cubelab raises.

Every failure of the library is a :class:`CubelabError` carrying the library's one-line
message (the same line the ``cubelab`` command prints) and a ``kind`` attribute naming
what went wrong (``"malformed"``, ``"unknown"``, ``"out-of-range"``, ``"checkpoint"``,
``"io"``, ``"stopped"``, ``"limit-reached"``, ``"internal"``).

>>> import cubelab
>>> try:
...     cubelab.Cube("Aa")
... except ValueError as e:          # InputError is a ValueError
...     print(type(e).__name__, e.kind)
InputError unknown
"""

__all__ = ["CubelabError", "InputError", "LimitReachedError"]


class CubelabError(Exception):
    """Base class of every error the library reports.

    ``kind`` names the failure (see the module documentation); ``str(error)`` is the
    library's one-line message.
    """

    kind: str = "internal"


class InputError(CubelabError, ValueError):
    """Bad input: text that follows no notation, an unknown name, a size or parameter out
    of range, an unusable checkpoint. The message names the problem and its position.
    """

    kind: str = "malformed"


class LimitReachedError(CubelabError):
    """A search reached the limit it was given (nodes or seconds) before an answer."""

    kind: str = "limit-reached"
