"""Bad input raises InputError (a ValueError) with the command line's one-line message;
no input crashes the interpreter."""

import pytest
from hypothesis import given, settings, strategies as st

import cubelab
from cubelab import census, magic, picture, stack

FIG6 = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]


def test_bad_input_has_the_cli_message(cli):
    cases = [
        (lambda: cubelab.build(["Ab", "Zz"] + FIG6), ["build", "Ab", "Zz", *FIG6]),
        (lambda: cubelab.build(FIG6[:3]), ["build", *FIG6[:3]]),
        (lambda: cubelab.solve("Qq", FIG6), ["solve", "Qq", *FIG6]),
        (lambda: census.targets(size=31), ["census", "targets", "--size", "31"]),
        (lambda: census.targets(size=8, colors=9), ["census", "targets", "--size", "8", "--colors", "9"]),
        (lambda: census.targets(size=8, method="guess"), ["census", "targets", "--size", "8", "--method", "guess"]),
        (lambda: picture.check("UF XX"), ["picture", "check", "UF XX"]),
        (lambda: picture.solve("UF / UF UF"), ["picture", "solve", "UF / UF UF"]),
        (lambda: magic.construct(2), ["magic", "construct", "--order", "2"]),
        (lambda: stack.solve(classic="nope"), ["stack", "solve", "--classic", "nope"]),
        (lambda: stack.census(9), ["stack", "census", "--colors", "9"]),
    ]
    for python, command in cases:
        with pytest.raises(cubelab.InputError) as caught:
            python()
        assert isinstance(caught.value, ValueError) and isinstance(caught.value, cubelab.CubelabError)
        assert str(caught.value) == cli.error(*command), command


def test_wrong_types_and_keys_are_input_errors():
    with pytest.raises(cubelab.InputError):
        cubelab.build([1, 2, 3])
    with pytest.raises(cubelab.InputError):
        cubelab.run("show", {"cube": "Ab", "colour": 1})
    with pytest.raises(cubelab.InputError):
        cubelab.run("no such command", {})
    with pytest.raises(cubelab.InputError):
        magic.check([[["x"]]])
    with pytest.raises(cubelab.InputError):
        magic.check(42)


def test_a_search_limit_is_its_own_error(cli):
    board = "RF FL / RF BR"
    with pytest.raises(cubelab.LimitReachedError) as caught:
        picture.solve(board, method="optimal", max_nodes=1)
    assert not isinstance(caught.value, ValueError)
    done = cli.run("picture", "solve", board, "--method", "optimal", "--max-nodes", "1")
    assert done.returncode == 4 and str(caught.value) == done.stderr.strip()[len("error: "):]


blocks = st.lists(st.one_of(st.sampled_from(["Ab", "Ba", "Cb", "Fe", "K3", "Y1'", "112233", "123456"]), st.text(max_size=8)), max_size=10)


@settings(max_examples=100, deadline=None)
@given(blocks, st.booleans())
def test_any_blocks_build_or_raise_input_error(given_blocks, improper):
    try:
        built = cubelab.build(given_blocks, improper=improper)
    except cubelab.InputError as e:
        assert str(e) and "\n" not in str(e)
    else:
        assert len(given_blocks) >= 8 and all(t.arrangements > 0 for t in built)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=30))
def test_any_board_checks_or_raises_input_error(board):
    try:
        checked = picture.check(board)
    except cubelab.InputError as e:
        assert str(e) and "\n" not in str(e)
    else:
        assert checked.solvable in (True, False)
