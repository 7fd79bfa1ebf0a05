"""``cubelab.print_blocks``, ``print_stack``, ``print_magic`` and ``print_picture`` return
the SVG or PDF file the ``cubelab print`` command writes, byte for byte."""

import struct
import zlib

import pytest

import cubelab

FIG6 = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"]
STACK = ["rgbyrr", "gbyrgg", "byrgbb", "yrgbyy"]


def _printed(cli, tmp_path, *args, stdin=None, suffix="svg"):
    out = tmp_path / f"sheet.{suffix}"
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


def test_pdf_files_are_the_commands_files(cli, tmp_path):
    pdf = cubelab.print_stack(STACK, format="pdf")
    assert pdf.startswith(b"%PDF-") and pdf == _printed(cli, tmp_path, "stack", *STACK, suffix="pdf")
    letter = cubelab.print_blocks(FIG6, paper="letter", format="pdf")
    assert letter == _printed(cli, tmp_path, "blocks", *FIG6, "--paper", "letter", suffix="pdf")


def _png(width, height, pixel):
    """A PNG file of ``width`` x ``height`` RGB pixels, ``pixel(x, y)`` each (zlib only)."""

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    rows = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def test_the_picture_cube_maker_is_the_commands(cli, tmp_path):
    # Six different pictures: a gradient in one channel per picture, and a stripe.
    pictures = [_png(48, 32, lambda x, y, k=k: (k * 40 % 256, x * 5, y * 7 if (x + k) % 8 else 255)) for k in range(6)]
    paths = []
    for k, picture in enumerate(pictures):
        path = tmp_path / f"{'abcdef'[k]}.png"
        path.write_bytes(picture)
        paths.append(path)
    args = ["picture", "--images", *map(str, paths), "--rows", "2", "--cols", "3", "--edge", "30mm"]
    svg = cubelab.print_picture(paths, rows=2, cols=3, edge=30)
    assert svg.startswith(b"<svg") and svg == _printed(cli, tmp_path, *args)
    assert cubelab.print_picture(pictures, rows=2, cols=3, edge=30) == svg  # bytes as well as paths
    pdf = cubelab.print_picture([str(p) for p in paths], rows=2, cols=3, edge=30, format="pdf")
    assert pdf == _printed(cli, tmp_path, *args, suffix="pdf")
    gif = tmp_path / "c.gif"
    gif.write_bytes(b"GIF89a" + bytes(20))
    with pytest.raises(cubelab.InputError, match=r"picture C .*c\.gif.* is not a PNG or JPEG file"):
        cubelab.print_picture([paths[0], paths[1], gif, *paths[3:]], rows=2, cols=3)
    with pytest.raises(cubelab.InputError):
        cubelab.print_picture(pictures[:5], rows=2, cols=3)
    with pytest.raises(OSError):
        cubelab.print_picture([tmp_path / "missing.png", *paths[1:]], rows=2, cols=3)


def test_bad_input_is_refused_in_the_callers_words(cli):
    with pytest.raises(cubelab.InputError) as e:
        cubelab.print_blocks(["Ab"], edge=9)
    assert str(e.value) == "edge=9mm: the edge must be at least 10 mm"
    assert cli.error("print", "blocks", "Ab", "--edge", "9mm") == "--edge 9mm: the edge must be at least 10 mm"
    with pytest.raises(cubelab.InputError, match=r"paper='a5' is not accepted"):
        cubelab.print_blocks(["Ab"], paper="a5")  # type: ignore[arg-type]
