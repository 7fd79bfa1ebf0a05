"""Wrong arguments raise what Python raises for them (issue 46): a wrong type or a missing
argument a TypeError, a bad value a ValueError, each naming the argument and what it takes
in Python's words (not the deserializer's "invalid type: integer `1`, expected a string").
Both are cubelab.InputError too, so older code that catches InputError keeps working."""

import pytest

import cubelab
from cubelab import census, picture

FIG6 = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]


def test_a_wrong_type_is_a_type_error_naming_the_argument():
    with pytest.raises(TypeError, match=r"^blocks\[1\] must be a str, got int 1$") as caught:
        cubelab.build(["Ac", 1, "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"])
    assert isinstance(caught.value, cubelab.InputError) and isinstance(caught.value, cubelab.InputTypeError)
    with pytest.raises(TypeError, match=r"^sample must be a non-negative int, got str 'x'$"):
        picture.bounds(3, 2, sample="x")


def test_a_bad_value_is_a_value_error_naming_the_argument():
    with pytest.raises(ValueError, match=r"^limit must be a non-negative int, got int -1$") as caught:
        cubelab.solve("Ba", FIG6, limit=-1)
    assert not isinstance(caught.value, TypeError)
    with pytest.raises(ValueError, match=r"^size must be a non-negative int or 'all', got -1$"):
        census.targets(size=-1)


def test_a_missing_argument_is_a_type_error():
    with pytest.raises(TypeError, match=r"^missing required argument: 'blocks'$"):
        cubelab.build(None)
