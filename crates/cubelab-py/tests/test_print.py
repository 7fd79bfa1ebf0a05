"""``cubelab.print_blocks``, ``print_stack`` and ``print_magic`` return the SVG file the
``cubelab print`` command writes, byte for byte; PDF is refused (no PDF writer here)."""

import pytest

import cubelab

FIG6 = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]
STACK = ["rgbyrr", "gbyrgg", "byrgbb", "yrgbyy"]


def _printed(cli, tmp_path, *args, stdin=None):
    out = tmp_path / "sheet.svg"
    done = cli.run("print", *args, "-o", str(out), stdin=stdin)
    assert done.returncode == 0, done.stderr
    return out.read_bytes()


def test_the_sheets_are_the_commands_files(cli, tmp_path):
    assert cubelab.print_blocks(FIG6) == _printed(cli, tmp_path, "blocks", *FIG6)
    letter = cubelab.print_blocks([cubelab.Cube(b) for b in FIG6[:2]], paper="letter", edge=35.5)
    assert letter == _printed(cli, tmp_path, "blocks", *[cubelab.Cube(b).face_string for b in FIG6[:2]], "--paper", "letter", "--edge", "35.5mm")
    assert cubelab.print_stack(STACK, edge=30) == _printed(cli, tmp_path, "stack", *STACK, "--edge", "3cm")
    square = "8 1 6\n3 5 7\n4 9 2\n"
    assert cubelab.print_magic(square, cell=15) == _printed(cli, tmp_path, "magic", "-", "--cell", "15mm", stdin=square)
    assert cubelab.print_magic(square=[[8, 1, 6], [3, 5, 7], [4, 9, 2]], cell=15).startswith(b"<svg")


def test_pdf_and_bad_input_are_refused_in_the_callers_words(cli):
    with pytest.raises(cubelab.InputError, match=r"^format=pdf: this build writes SVG only"):
        cubelab.print_stack(STACK, format="pdf")
    with pytest.raises(cubelab.InputError) as e:
        cubelab.print_blocks(["Ab"], edge=9)
    assert str(e.value) == "edge=9mm: the edge must be at least 10 mm"
    assert cli.error("print", "blocks", "Ab", "--edge", "9mm") == "--edge 9mm: the edge must be at least 10 mm"
    with pytest.raises(cubelab.InputError, match=r"paper='a5' is not accepted"):
        cubelab.print_blocks(["Ab"], paper="a5")  # type: ignore[arg-type]
