"""cubelab.Cube: every notation, faces, corners, mirror, canonical form, equality up to
rotation, and the same figures as ``cubelab show``."""

import pickle

import pytest
from hypothesis import given, settings, strategies as st

import cubelab
from cubelab import Cube

FACES = "UDFBLR"
CORNERS = ["UFL", "UFR", "UBR", "UBL", "DFL", "DFR", "DBR", "DBL"]
PALETTE = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def test_a_conway_name_in_every_notation():
    ab = Cube("Ab")
    assert ab.notation == "conway"
    assert ab.face_string == "152463"
    assert ab.faces == dict(zip(FACES, "152463"))
    assert list(ab.corners) == CORNERS
    assert (ab.conway, ab.kahan, ab.sobczyk, ab.name) == ("Ab", "K7", "P2", "Ab")
    for text, notation in [("152463", "face-string"), ("U=1,D=5,F=2,B=4,L=6,R=3", "labelled")]:
        c = Cube(text)
        assert c == ab and c.notation == notation and c.face_string == "152463"
    # Kahan's and Sobczyk's names are in Kahan's colors: the same type, other colors.
    assert Cube("K7") == Cube("P2") and Cube("K7") != ab
    # Conway's name comes through w=1 … r=6; the short name stays in Kahan's colors.
    assert Cube("K7").kahan == "K7" and Cube("K7").conway == "Ab" and Cube("K7").name == "P2"


def test_equal_up_to_rotation_not_reflection():
    ab = Cube("Ab")
    turned = Cube("U=1,D=5,F=3,B=6,L=2,R=4")  # a quarter turn about the vertical axis
    assert turned == ab and hash(turned) == hash(ab) and turned.face_string != ab.face_string
    assert ab.mirror == Cube("Ba") and ab.mirror != ab
    assert len({Cube(c.face_string) for c in cubelab.cubes()}) == 30


def test_matches_cubelab_show(cli):
    for text in ["Ab", "152463", "U=r,D=g,F=b,B=y,L=p,R=w", "K17", "Y1'", "112233"]:
        shown = cli.json("show", text)
        c = Cube(text)
        assert c.to_json() == shown and c.json == shown
        assert c.notation == shown["notation"]
        assert c.face_string == shown["given"] and c.labelled == shown["labelled"]
        assert c.canonical.face_string == shown["faces"]
        assert list(c.canonical.corners.values()) == shown["corners"]
        assert c.mirror.face_string == shown["mirror"] and c.mirror.conway == shown["mirror_name"]
        assert (c.kahan, c.sobczyk, c.symmetries) == (shown["kahan"], shown["sobczyk"], shown["symmetries"])


def test_cubes_match_cubelab_cubes(cli):
    for args, kwargs in [((), {}), (("--colors", "3"), {"colors": 3}), (("--palette", "3"), {"palette": 3})]:
        listed = cubelab.cubes(**kwargs)
        expected = cli.json("cubes", *args)
        assert listed.json == expected
        assert [c.face_string for c in listed] == [row["faces"] for row in expected["cubes"]]
        assert [c.conway for c in listed] == [row["name"] for row in expected["cubes"]]


def test_bad_cubes_raise_input_error_with_the_cli_message(cli):
    for text in ["Aa", "Zz", "12345", "1234567", "U=1,D=2", "K31", "Y9", "", "Ab\x00"]:
        with pytest.raises(cubelab.InputError) as caught:
            Cube(text)
        assert isinstance(caught.value, ValueError)
        if "\x00" not in text:  # a NUL cannot be passed on a command line
            assert str(caught.value) == cli.error("show", text)
    with pytest.raises(TypeError):
        Cube(152463)
    with pytest.raises(cubelab.InputError):
        Cube("Ab").color("X")


def test_repr_pickle_and_str():
    for text in ["Ab", "K7", "112233"]:
        c = Cube(text)
        assert eval(repr(c), {"Cube": Cube}).face_string == c.face_string
        assert pickle.loads(pickle.dumps(c)).face_string == c.face_string
    assert str(Cube("Ab")) == "Ab" and str(Cube("112233")) == "112233"


def test_repr_names_the_cube():
    # a named cube held as its name reads is written by its name ...
    assert repr(Cube("Ab")) == "Cube('Ab')" and repr(Cube("152463")) == "Cube('Ab')"
    assert [repr(c) for c in cubelab.cubes()] == [f"Cube('{c.conway}')" for c in cubelab.cubes()]
    assert repr(Cube("Y1")) == "Cube('Y1')" and repr(Cube("K7")) == f"Cube('{Cube('K7').name}')"
    # ... a turned one by its face string as held, with its name; a nameless one by faces
    turned = Cube("U=1,D=5,F=3,B=6,L=2,R=4")
    assert turned == Cube("Ab") and turned.face_string != Cube("Ab").face_string
    assert repr(turned) == f"Cube('{turned.face_string}', name='Ab')"
    assert repr(Cube("112233")) == "Cube('112233')"
    for c in [turned, Cube("112233"), Cube("K7"), Cube("Ab").mirror, *cubelab.cubes(colors=4)[:5]]:
        again = eval(repr(c), {"Cube": Cube})
        assert again == c and again.face_string == c.face_string
    # name= must name the cube (any of its names), else a ValueError
    assert Cube("153624", name="Ab") == Cube("Ab") and Cube("152463", name="K7").face_string == "152463"
    for wrong in ["Ba", "K1", "x"]:
        with pytest.raises(ValueError, match="does not name the cube 152463"):
            Cube("152463", name=wrong)
    with pytest.raises(ValueError, match="it has no name"):
        Cube("112233", name="Ab")


face_strings = st.text(alphabet=PALETTE, min_size=6, max_size=6)


@settings(max_examples=300, deadline=None)
@given(face_strings)
def test_notation_round_trips(text):
    c = Cube(text)
    assert c.face_string == text and c.notation == "face-string"
    for again in [Cube(c.face_string), Cube(c.labelled), Cube(c), eval(repr(c), {"Cube": Cube})]:
        assert again == c and again.face_string == text
    canonical = c.canonical
    assert canonical == c and canonical.canonical.face_string == canonical.face_string
    assert c.mirror.mirror == c
    # Corner numbers are read off the cube: a rotation permutes them.
    assert sorted(c.corners.values()) == sorted(canonical.corners.values())
    assert c.is_achiral == (c.mirror == c)
    assert c.is_proper == (len(set(text)) == 6)
    for name in (c.conway, c.sobczyk, c.kahan):
        if name is not None:
            assert Cube(name).kahan == c.kahan


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text_is_a_cube_or_an_input_error(text):
    try:
        c = Cube(text)
    except cubelab.InputError as e:
        assert "\n" not in str(e) and str(e)
    else:
        assert len(c.face_string) == 6
