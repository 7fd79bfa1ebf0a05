"""Bad input raises InputError (a ValueError) with the command line's one-line message in
the Python caller's words (argument names, not flags); no input crashes the interpreter."""

import re

import pytest
from hypothesis import given, settings, strategies as st

import cubelab
from cubelab import census, magic, picture, stack
from cubelab._results import caller_words

FIG6 = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]


def test_bad_input_has_the_cli_message(cli):
    cases = [
        (lambda: cubelab.build(["Ab", "Zz"] + FIG6), ["build", "Ab", "Zz", *FIG6]),
        (lambda: cubelab.build(FIG6[:3]), ["build", *FIG6[:3]]),
        (lambda: cubelab.solve("Qq", FIG6), ["solve", "Qq", *FIG6]),
        (lambda: census.targets(size=31), ["census", "targets", "--size", "31"]),
        (lambda: census.targets(size=8, colors=9), ["census", "targets", "--size", "8", "--colors", "9"]),
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
        # The typed layer names the field at fault as its keyword (`colors=9: ...`) where
        # the command line names the option (`--colors 9: ...`).
        expected = caller_words(cli.error(*command))
        assert str(caught.value) in (expected, re.sub(r"^([a-z_]+) ", r"\1=", expected)), command
        assert "--" not in str(caught.value), command


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
    assert done.returncode == 4 and str(caught.value) == caller_words(done.stderr.strip()[len("error: "):])
    assert "max_nodes" in str(caught.value) and "--" not in str(caught.value)


def test_messages_speak_of_arguments_not_flags():
    assert caller_words("--size: 99 is larger") == "size: 99 is larger"
    assert caller_words("invalid value 'fast' for '--method <METHOD>' (see --help)") == "invalid value 'fast' for 'method'"
    assert caller_words("raise it with --max-nodes") == "raise it with max_nodes"
    assert caller_words("cube 2: 'Zz' is not a cube") == "cube 2: 'Zz' is not a cube"
    with pytest.raises(cubelab.InputError) as caught:
        census.targets(size=99)
    assert str(caught.value).startswith("size: 99")


def test_the_native_layer_already_names_arguments_not_flags():
    """The typed layer words its census messages with field names itself (issue 28):
    ``caller_words`` has nothing left to rewrite in them."""
    from cubelab import _native

    cases = [
        ("census targets", {"size": 99}, "size: 99 is larger than the 30 cubes available"),
        ("census universal", {"search": True, "colors": 4}, "search needs size K"),
        (
            "census targets",
            {"size": 8, "palette": 7, "shard": "1/2"},
            "palette 7 censuses are samples, searches or small exhaustive runs: they take no shard or checkpoint",
        ),
        ("census max-targets", {"prove": True}, "prove is for palette 7: the census over MacMahon's cubes is exhaustive already"),
    ]
    for command, input, message in cases:
        with pytest.raises(cubelab.InputError) as caught:
            _native.call(command, input)
        assert str(caught.value) == message and caller_words(message) == message, command


def test_the_native_layer_takes_plain_data_and_names_what_is_not():
    """``_native.call`` reads its input dict directly (no JSON text): tuples count as
    lists, and a value JSON cannot hold is refused with its place and type."""
    from cubelab import _native

    blocks = ("Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc")
    assert _native.call("build", {"blocks": blocks})["input"]["blocks"] == list(blocks)
    cases = [
        ({"cube": {"Ab"}}, "input: 'cube': a set is not plain data (dicts, lists, text, numbers, booleans, None, or numpy arrays and numbers)"),
        ({"cube": "Ab", 1: 2}, "input: the key 1 is not text"),
        ({"cube": ["Ab", float("nan")]}, "input: 'cube': [1]: nan is not a finite number"),
        ({"cube": 2**64}, "input: 'cube': the integer 18446744073709551616 is out of range"),
    ]
    for input, message in cases:
        with pytest.raises(cubelab.InputError) as caught:
            _native.call("show", input)
        assert str(caught.value) == message


def test_choices_are_checked_in_python_with_the_accepted_values():
    cases = [
        (lambda: census.targets(size=8, method="fast"), "method='fast' is not accepted: expected one of 'backtrack', 'graph'"),
        (lambda: picture.solve("UF / UF", method="fast"), "method='fast' is not accepted: expected one of 'local', 'subgroup', 'optimal'"),
        (lambda: picture.solve("UF / UF", metric="full"), "metric='full' is not accepted: expected one of 'quarter', 'half'"),
        (lambda: magic.squares(kind="odd"), "kind='odd' is not accepted: expected one of 'normal', 'semi', 'pandiagonal', 'associative'"),
        (lambda: magic.estimate(method="exact"), "method='exact' is not accepted: expected one of 'tree', 'tempering'"),
        (lambda: census.targets(size="most"), "size='most' is not accepted: expected a number of cubes or 'all'"),
        (lambda: stack.solve(classic="instant-insanity", method="dfs"), "method='dfs' is not accepted: expected one of 'backtrack', 'graph'"),
    ]
    for python, message in cases:
        with pytest.raises(ValueError) as caught:
            python()
        assert isinstance(caught.value, cubelab.InputError) and str(caught.value) == message


def test_run_refuses_what_it_does_not_run():
    for command in ["serve", "no such command"]:
        with pytest.raises(cubelab.InputError) as caught:
            cubelab.run(command, {})
        message = str(caught.value)
        assert "/api" not in message and "--" not in message and repr(command) in message
    # The merges take their shard reports as values (no files): an empty input is bad input.
    for command in ["census merge", "stack merge", "magic squares-merge"]:
        with pytest.raises(cubelab.InputError) as caught:
            cubelab.run(command, {})
        message = str(caught.value)
        assert message and "\n" not in message and "/api" not in message and "--" not in message, command


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
