"""Pictures of results in notebooks (``_repr_svg_``).

The reports the typed layer draws (``cubelab COMMAND ... --svg``: a solve, a stack solve,
an extended assembly, picture-cube boards, the designs, a magic square check) show that
very picture (:class:`TypedPicture`), drawn once by the call that made them. This module
draws the rest in Python, with the command line's colors (Kahan's six colors, MacMahon's
1-6 identified with them, other palette colors spread over the hues): a cube, a built
target, one arrangement or stack of a list, magic cubes and histograms.
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

if TYPE_CHECKING:  # pragma: no cover
    from cubelab._results import Histogram, Histograms

__all__ = ["TypedPicture", "TargetDisplay", "ArrangementDisplay", "StackDisplay", "ShowDisplay"]

PALETTE = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Kahan's colors w y b g p r, and MacMahon's 1-6 identified with them (docs/conventions.md).
KAHAN = {"w": "#ffffff", "y": "#ffdd33", "b": "#1f77b4", "g": "#2ca02c", "p": "#9467bd", "r": "#d62728"}
OTHER = {"o": "#ff7f0e", "k": "#333333", "0": "#bbbbbb"}
DARK = set("3456bgprk")
#: Where each face of a net sits (column, row) in a cross 4 wide and 3 high.
NET = {"U": (1, 0), "L": (0, 1), "F": (1, 1), "R": (2, 1), "B": (3, 1), "D": (1, 2)}
FACES = "UDFBLR"


def fill(color: str) -> str:
    """The fill of a palette color, as the command line's drawings use."""
    if color in OTHER:
        return OTHER[color]
    if color in KAHAN:
        return KAHAN[color]
    if color in "123456" and color:
        return list(KAHAN.values())[int(color) - 1]
    index = PALETTE.find(color)
    return f"hsl({(max(index, 0) * 137) % 360}, 65%, 60%)"


def ink(color: str) -> str:
    """Text color readable on :func:`fill`."""
    return "#ffffff" if color in DARK else "#000000"


def svg(width: int, height: int, body: Iterable[str]) -> str:
    """An SVG document."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">\n'
        + "".join(body)
        + "</svg>\n"
    )


def square(x: float, y: float, size: float, color: str, label: str = "") -> str:
    text = ""
    if label:
        text = f'<text x="{x + size / 2:g}" y="{y + size / 2 + size * 0.18:g}" font-size="{size * 0.5:g}" text-anchor="middle" fill="{ink(color)}">{escape(label)}</text>'
    return f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" fill="{fill(color)}" stroke="#000"/>{text}\n'


def net(face_string: str, x: float, y: float, size: float, labels: bool = True) -> str:
    """A cube's net (a cross of its six faces) at (x, y), faces ``size`` wide."""
    out = []
    for face, color in zip(FACES, face_string):
        col, row = NET[face]
        out.append(square(x + col * size, y + row * size, size, color, color if labels else ""))
    return "".join(out)


def title(x: float, y: float, text: str, size: int = 14) -> str:
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}">{escape(text)}</text>\n'


def cube_svg(face_string: str, caption: str) -> str:
    """A cube's net with a caption."""
    size = 28
    # wide enough for the caption (about 8 px a character at 14 px), not only the net
    return svg(max(4 * size + 20, 20 + 8 * len(caption)), 3 * size + 40, [title(10, 18, caption), net(face_string, 10, 28, size)])


class TypedPicture:
    """Shows the typed layer's picture of a report: the SVG ``cubelab COMMAND ... --svg``
    writes, drawn from the report by the call that made it (``cubelab._results.pictured``;
    None for a report read from JSON alone)."""

    def _repr_svg_(self) -> Optional[str]:
        """The typed layer's picture of the report (notebooks show it)."""
        from cubelab._results import picture_of

        return picture_of(self)


class TargetDisplay:
    """A built target: its cube, drawn as a net."""

    @property
    def cube(self) -> Any:
        """The target as a :class:`~cubelab.Cube`."""
        from cubelab._native import Cube

        return Cube(getattr(self, "target"))

    def _repr_svg_(self) -> str:
        """The target's net (notebooks show it)."""
        n = getattr(self, "arrangements")
        count = "too many arrangements to count" if n is None else f"{n:,} arrangement{'s' if n != 1 else ''}"
        return cube_svg(getattr(self, "target"), f"{getattr(self, 'name') or getattr(self, 'target')}: {count}")


class ShowDisplay:
    """Draws a ``show`` report (its cube's net)."""

    def _repr_svg_(self) -> str:
        """The cube's net (notebooks show it)."""
        data: Mapping[str, Any] = getattr(self, "_json")
        return cube_svg(data["given"], data.get("name") or data["given"])


def placements_svg(caption: str, placements: Sequence[Any]) -> str:
    """The eight blocks of a 2x2x2 arrangement: top layer and bottom layer seen from
    above (back row first), each block as its net as placed."""
    size = 10
    cell_w, cell_h = 4 * size + 14, 3 * size + 26
    where = {"UBL": (0, 0, 0), "UBR": (0, 0, 1), "UFL": (0, 1, 0), "UFR": (0, 1, 1), "DBL": (1, 0, 0), "DBR": (1, 0, 1), "DFL": (1, 1, 0), "DFR": (1, 1, 1)}
    body = [title(10, 18, caption), title(10, 38, "top layer", 11), title(10 + 2 * cell_w + 20, 38, "bottom layer", 11)]
    for p in placements:
        layer, row, col = where[p.corner]
        x = 10 + layer * (2 * cell_w + 20) + col * cell_w
        y = 46 + row * cell_h
        body.append(title(x, y + 10, f"{p.corner} {p.name or p.faces}", 10))
        body.append(net(p.faces, x, y + 14, size, labels=False))
    return svg(4 * cell_w + 40, 46 + 2 * cell_h + 6, body)


class ArrangementDisplay:
    """Draws an arrangement, and prints it one placement a line."""

    def _repr_svg_(self) -> str:
        """The arrangement, layer by layer (notebooks show it)."""
        return placements_svg("arrangement" + (" (interior matches)" if getattr(self, "interior_matches") else ""), getattr(self, "placements"))

    def __str__(self) -> str:
        lines = [f"{p.corner}  block {p.block:>2} {p.name or '':<5} up {p.up} front {p.front}  faces {p.faces}" for p in getattr(self, "placements")]
        lines.append(f"interior matches: {'yes' if getattr(self, 'interior_matches') else 'no'}")
        return "\n".join(lines)


class StackDisplay:
    """Draws a solved stack."""

    def _repr_svg_(self) -> str:
        """The stack's four sides, bottom cube at the bottom (notebooks show it)."""
        cubes = list(getattr(self, "cubes"))
        size = 26
        sides = ("front", "right", "back", "left")
        body = [title(10, 18, f"stack of {len(cubes)}")]
        for k, side in enumerate(sides):
            body.append(title(10 + k * (size + 24), 38, side, 11))
        for i, c in enumerate(reversed(cubes)):
            for k, side in enumerate(sides):
                color = getattr(c, side)
                body.append(square(10 + k * (size + 24), 46 + i * size, size, color, color))
        return svg(10 + 4 * (size + 24), 56 + len(cubes) * size, body)


def magic_svg(layers: Sequence[Sequence[Sequence[int]]], caption: str) -> str:
    """A magic cube's layers side by side (top first), rows from the back."""
    n = len(layers)
    width_digits = max(len(str(x)) for layer in layers for row in layer for x in row)
    cell = max(22, 8 * width_digits + 8)
    body = [title(10, 20, caption)]
    for k, layer in enumerate(layers):
        x0 = 10 + k * (n * cell + 16)
        body.append(title(x0, 38, f"layer {k + 1}", 11))
        for r, row in enumerate(layer):
            for c, value in enumerate(row):
                x, y = x0 + c * cell, 44 + r * cell
                body.append(
                    f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="#ffffff" stroke="#000"/>'
                    f'<text x="{x + cell / 2:g}" y="{y + cell / 2 + 4:g}" font-size="12" text-anchor="middle">{value}</text>\n'
                )
    return svg(max(10 + n * (n * cell + 16), 20 + 8 * len(caption)), 54 + n * cell, body)


def _ticks(top: int) -> List[int]:
    """Whole-number ticks from 0 to at least ``top``, about five, at a round step."""
    raw = max(1.0, top / 5)
    p = 10 ** math.floor(math.log10(raw))
    step = next(m * p for m in (1, 2, 5, 10) if m * p >= raw)
    step = max(1, int(step))
    return list(range(0, -(-top // step) * step + 1, step))


def _bars(items: List[Tuple[int, int]], x0: float, y0: float, width: float, height: float, value_name: str, count_name: str, caption: str) -> str:
    """One bar chart, values on the horizontal axis, counts on a labelled vertical axis:
    linear, or logarithmic (powers of ten) when the counts span more than two decades, so
    that 360 stays visible beside 2.7 million."""
    out = [title(x0, y0 + 14, caption, 12)]
    if not items:
        return "".join(out)
    counts = [c for _, c in items if c > 0]
    top = max(counts, default=1) or 1
    low = min(counts, default=1) or 1
    log = top / low > 100
    left = 46
    plot_x, plot_w = x0 + left, width - left
    plot_y, plot_h = y0 + 24, height - 54
    decades = max(1, math.ceil(math.log10(top)))
    ticks = [10**k for k in range(decades + 1)] if log else _ticks(top)

    def scale(c: int) -> float:
        """The height of a bar of count ``c``."""
        if log:
            return plot_h * (math.log10(c) / decades if c >= 1 else 0.0)
        return plot_h * c / ticks[-1]

    for t in ticks:
        ty = plot_y + plot_h - scale(t)
        label = f"1e{round(math.log10(t))}" if log and t >= 10**4 else f"{t:,}"
        out.append(f'<line x1="{plot_x:g}" y1="{ty:g}" x2="{plot_x + plot_w:g}" y2="{ty:g}" stroke="#e0e0e0"/>\n')
        out.append(f'<text x="{plot_x - 4:g}" y="{ty + 3:g}" font-size="9" text-anchor="end" class="tick">{label}</text>\n')
    bar_w = plot_w / len(items)
    for i, (value, count) in enumerate(items):
        h = scale(count) if count > 0 else 0
        x = plot_x + i * bar_w
        out.append(
            f'<rect x="{x + 1:g}" y="{plot_y + plot_h - h:g}" width="{max(bar_w - 2, 1):g}" height="{h:g}" fill="#1f77b4"><title>{escape(value_name)} {value}: {count:,} {escape(count_name)}</title></rect>\n'
        )
        if len(items) <= 30 or i % max(1, len(items) // 15) == 0:
            out.append(f'<text x="{x + bar_w / 2:g}" y="{plot_y + plot_h + 12:g}" font-size="10" text-anchor="middle">{value}</text>\n')
    out.append(f'<line x1="{plot_x:g}" y1="{plot_y + plot_h:g}" x2="{plot_x + plot_w:g}" y2="{plot_y + plot_h:g}" stroke="#000"/>\n')
    out.append(f'<line x1="{plot_x:g}" y1="{plot_y:g}" x2="{plot_x:g}" y2="{plot_y + plot_h:g}" stroke="#000"/>\n')
    scale_words = f"{count_name}, log scale" if log else count_name
    out.append(f'<text x="{plot_x + plot_w / 2:g}" y="{y0 + height - 4:g}" font-size="11" text-anchor="middle">{escape(value_name)}; vertical: {escape(scale_words)}</text>\n')
    return "".join(out)


def histogram_svg(h: "Histogram[Any]", value_name: str, count_name: str) -> str:
    """A histogram as a bar chart."""
    caption = f"{h.total:,} {count_name} by {value_name}"
    return svg(480, 220, [_bars(sorted(h.items()), 10, 4, 460, 212, value_name, count_name, caption)])


def histograms_svg(hs: "Histograms[Any, Any, Any]") -> str:
    """Several histograms, one small bar chart per key."""
    body = []
    for k, (key, h) in enumerate(hs.items()):
        col, row = k % 3, k // 3
        body.append(_bars(sorted(h.items()), 10 + col * 250, 4 + row * 170, 230, 162, h.value_name, h.count_name, f"{hs.key_name} {key}"))
    rows = (len(hs) + 2) // 3
    return svg(760, max(1, rows) * 170 + 8, body)

