"""numpy in and out (issue 46): numpy numbers and arrays are taken wherever plain numbers
and nested lists are, and histograms and cubes come out as arrays. numpy stays optional
for the package; these tests need it (it is among the pinned test tools)."""

import pytest

np = pytest.importorskip("numpy")

from cubelab import census, magic, solve  # noqa: E402

FIG6 = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]


def test_numpy_numbers_are_taken_as_integers():
    assert magic.construct(np.int64(3)).json == magic.construct(3).json
    assert census.targets(size=np.int64(3)).json == census.targets(size=3).json
    assert census.targets(size=np.uint8(3)) == census.targets(size=3)
    # a numpy boolean and a numpy integer as flags and limits
    assert solve("Ba", FIG6, interior=np.True_, limit=np.int32(5)).json == solve("Ba", FIG6, interior=True, limit=5).json


def test_numpy_arrays_are_taken_as_nested_numbers():
    cube = magic.construct(3)
    array = np.array(cube.tolist())
    assert magic.check(array).json == magic.check(cube).json
    broken = array.copy()
    broken[0, 0, [0, 1]] = broken[0, 0, [1, 0]]
    assert not magic.check(broken).semi_perfect


def test_what_is_not_data_is_still_refused_by_name():
    with pytest.raises(ValueError, match="object is not plain data"):
        solve("Ba", [object()] * 8)
    with pytest.raises(ValueError, match="size=2.5 is not accepted"):
        census.targets(size=2.5)


def test_histograms_and_cubes_come_out_as_arrays():
    table = census.targets(size=8)
    a = np.array(table)
    assert a.shape == (len(table), 2) and a.dtype == np.int64
    assert [tuple(r) for r in a.tolist()] == list(table.items())
    assert (table.to_numpy() == a).all()
    cube = magic.construct(4)
    c = np.asarray(cube)
    assert c.shape == (4, 4, 4)
    assert c[0, 0].tolist() == list(cube[0][0])
    assert sorted(c.ravel().tolist()) == list(range(1, 65))
