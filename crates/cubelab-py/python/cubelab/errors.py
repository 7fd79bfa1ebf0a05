"""The exceptions cubelab raises.

Every failure is a :class:`CubelabError` whose message is the library's one line (the
line the ``cubelab`` command prints after ``error:``). Bad input raises
:class:`InputError`, which is also a ``ValueError`` (an argument of the wrong type
:class:`InputTypeError`, also a ``TypeError``); a search that reaches the limit it
was given raises :class:`LimitReachedError`. Ctrl-C during a long run raises
``KeyboardInterrupt``, and an exception raised by a progress callback propagates as is.

>>> import cubelab
>>> try:
...     cubelab.Cube("Aa")
... except ValueError as e:          # InputError is a ValueError
...     print(type(e).__name__)
InputError
"""

__all__ = ["CubelabError", "InputError", "InputTypeError", "LimitReachedError"]


class CubelabError(Exception):
    """Base class of every error cubelab reports; ``str(error)`` is the library's
    one-line message. Raised as such for internal failures (please report them)."""


class InputError(CubelabError, ValueError):
    """Bad input: text that follows no notation, an unknown name, a size or parameter out
    of range, a value of the wrong type. The message names the problem and its position.
    """


class InputTypeError(InputError, TypeError):
    """An argument of the wrong type, a required one missing or an unknown one: a
    ``TypeError`` (as Python raises for such calls) that is also an :class:`InputError`,
    named in Python's words (``blocks[1] must be a str, got int 1``). A value of the
    right type that is out of range stays a ``ValueError`` (``limit must be a
    non-negative int, got -1``)."""


class LimitReachedError(CubelabError):
    """A search reached the limit it was given (``max_nodes``, ``timeout``) before an
    answer; the message names the limit."""
