//! The printed sheet as shapes in millimetres (origin at the top left of a page, y down),
//! drawn once and written as SVG here or as PDF (`pdf.rs`): nets with their patterns
//! and glue tabs, the page header (title, scale bar, key of colors) and text pages.

use crate::svg;
use cubelab::coloring::{Color, Coloring};
use cubelab::geometry::Face;
use std::fmt::Write as _;

/// A paint: its SVG form (as [`svg::fill`] writes it) and its bytes for the PDF.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Paint {
    pub css: String,
    pub rgb: [u8; 3],
}

impl Paint {
    /// The fill of a palette color.
    fn of(c: Color) -> Paint {
        Paint { css: svg::fill(c), rgb: svg::fill_rgb(c) }
    }

    /// A CSS color written `#rrggbb`.
    fn css(css: &str) -> Paint {
        Paint { css: css.to_string(), rgb: svg::rgb(css) }
    }

    fn black() -> Paint {
        Paint::css("#000000")
    }
}

/// One shape of a page, in millimetres.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Shape {
    /// Opens an SVG group with these attributes (the PDF ignores groups).
    Open(String),
    /// Closes the last group.
    Close,
    /// A rectangle; `stroke` is the outline's width (0: none); `attrs` are extra SVG
    /// attributes (the faces' class and data).
    Rect { x: f64, y: f64, w: f64, h: f64, fill: Option<Paint>, stroke: f64, attrs: String },
    /// A closed polygon, filled and outlined.
    Poly { points: Vec<(f64, f64)>, fill: Paint, stroke: f64 },
    /// A line segment.
    Line { from: (f64, f64), to: (f64, f64), width: f64, paint: Paint },
    /// A filled disc.
    Dot { center: (f64, f64), r: f64, paint: Paint },
    /// Text on its baseline at `at`, starting there or centred on it.
    Text { at: (f64, f64), size: f64, text: String, middle: bool, bold: bool, paint: Paint },
    #[cfg(feature = "images")]
    /// A JPEG image filling the rectangle (x, y, w, h), upright as its pixels are;
    /// `attrs` are extra SVG attributes.
    Image { x: f64, y: f64, w: f64, h: f64, jpeg: std::sync::Arc<Jpeg>, attrs: String },
}

#[cfg(feature = "images")]
/// A JPEG file and its size in pixels (`print picture`'s tiles).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Jpeg {
    pub bytes: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// One page: its shapes in drawing order.
#[derive(Debug, Clone, Default)]
pub(crate) struct Page {
    pub shapes: Vec<Shape>,
}

/// Blank margin around every page, in mm (most printers leave 4 to 5 mm unprinted).
pub(crate) const MARGIN: f64 = 6.0;
/// Space between nets, in mm.
pub(crate) const GAP: f64 = 4.0;
/// Length of the scale bar, in mm.
pub(crate) const SCALE_BAR: f64 = 50.0;
const TITLE_SIZE: f64 = 3.2;
const KEY_SIZE: f64 = 2.6;
const KEY_SWATCH: f64 = 6.0;
const KEY_ROW: f64 = 8.0;
/// Font size and line height of the instruction pages.
const TEXT_SIZE: f64 = 3.0;
const LINE: f64 = 4.6;
const STROKE: f64 = 0.3;
/// The light grey of glue tabs.
const TAB_FILL: &str = "#dddddd";

/// Estimated width of text in mm at a font size (sans-serif averages about 0.55 em).
fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.55
}

/// Depth of the glue tabs for an edge length.
pub(crate) fn tab(edge: f64) -> f64 {
    (edge * 0.2).min(8.0)
}

/// Width and height of one net with its tabs.
pub(crate) fn net_size(edge: f64) -> (f64, f64) {
    (4.0 * edge + tab(edge), 3.0 * edge)
}

/// The page geometry: paper size, the header's height (it holds the key of the colors),
/// the size of one panel (a net with its tabs, a layer of numbers) and how many fit
/// across and down.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Grid {
    pub width: f64,
    pub height: f64,
    pub header: f64,
    pub cols: usize,
    pub rows: usize,
    pub edge: f64,
    pub panel: (f64, f64),
}

/// Width of one entry of the key: swatch, space and the longest label.
fn key_entry_width(colors: &[Color]) -> f64 {
    let label = colors.iter().map(|&c| text_width(&svg::legend_label(c), KEY_SIZE)).fold(0.0, f64::max);
    KEY_SWATCH + 2.0 + label + 4.0
}

/// Rows of the key (none without colors).
fn key_rows(colors: &[Color], width: f64) -> usize {
    let per_row = ((width - 2.0 * MARGIN) / key_entry_width(colors)).floor().max(1.0) as usize;
    svg::distinct(colors).len().div_ceil(per_row)
}

impl Grid {
    /// The geometry of a sheet of `(width, height)` mm with nets of `edge` mm.
    pub(crate) fn new(paper: (f64, f64), edge: f64, colors: &[Color]) -> Grid {
        Grid::of_panels(paper, edge, net_size(edge), colors)
    }

    /// The geometry of a sheet of `(width, height)` mm with panels of `panel` mm (`edge`:
    /// the unit the title names).
    pub(crate) fn of_panels((width, height): (f64, f64), edge: f64, panel: (f64, f64), colors: &[Color]) -> Grid {
        let header = 5.0 + 7.0 + KEY_ROW * key_rows(colors, width) as f64 + 2.0;
        let fit = |room: f64, size: f64| ((room + GAP) / (size + GAP) + 1e-9).floor().max(0.0) as usize;
        Grid {
            width,
            height,
            header,
            cols: fit(width - 2.0 * MARGIN, panel.0),
            rows: fit(height - 2.0 * MARGIN - header, panel.1),
            edge,
            panel,
        }
    }

    /// Panels per page.
    pub(crate) fn per_page(&self) -> usize {
        self.cols * self.rows
    }

    /// The top left corner of the `k`-th panel of a page.
    pub(crate) fn origin(&self, k: usize) -> (f64, f64) {
        let (w, h) = self.panel;
        (MARGIN + (k % self.cols) as f64 * (w + GAP), MARGIN + self.header + (k / self.cols) as f64 * (h + GAP))
    }
}

/// The page header: the title, the scale bar and the key of the colors, each with its
/// name and pattern.
pub(crate) fn header(page: &mut Page, grid: &Grid, title: &str, colors: &[Color]) {
    let s = &mut page.shapes;
    s.push(Shape::Text {
        at: (MARGIN, MARGIN + 3.5),
        size: TITLE_SIZE,
        text: title.to_string(),
        middle: false,
        bold: true,
        paint: Paint::black(),
    });
    let y = MARGIN + 8.5;
    s.push(Shape::Open("<g class=\"scale\">".into()));
    s.push(Shape::Line { from: (MARGIN, y), to: (MARGIN + SCALE_BAR, y), width: 0.4, paint: Paint::black() });
    for x in [MARGIN, MARGIN + SCALE_BAR] {
        s.push(Shape::Line { from: (x, y - 1.5), to: (x, y + 1.5), width: 0.4, paint: Paint::black() });
    }
    s.push(Shape::Text {
        at: (MARGIN + SCALE_BAR + 3.0, y + 1.0),
        size: KEY_SIZE,
        text: format!(
            "this bar is {SCALE_BAR} mm long when printed at 100% (actual size, no fitting to the page): measure it"
        ),
        middle: false,
        bold: false,
        paint: Paint::black(),
    });
    s.push(Shape::Close);
    let colors = svg::distinct(colors);
    let entry = key_entry_width(&colors);
    let per_row = ((grid.width - 2.0 * MARGIN) / entry).floor().max(1.0) as usize;
    s.push(Shape::Open("<g class=\"key\">".into()));
    for (i, &c) in colors.iter().enumerate() {
        let x = MARGIN + (i % per_row) as f64 * entry;
        let y = MARGIN + 12.0 + (i / per_row) as f64 * KEY_ROW;
        s.push(Shape::Rect {
            x,
            y,
            w: KEY_SWATCH,
            h: KEY_SWATCH,
            fill: Some(Paint::of(c)),
            stroke: STROKE,
            attrs: format!(
                " class=\"swatch\" data-color=\"{}\" data-pattern=\"{}\"",
                c.to_char(),
                svg::pattern(c).name()
            ),
        });
        pattern(s, x, y, KEY_SWATCH, 1.5, c, None);
        s.push(Shape::Text {
            at: (x + KEY_SWATCH + 2.0, y + KEY_SWATCH / 2.0 + KEY_SIZE * 0.35),
            size: KEY_SIZE,
            text: svg::legend_label(c),
            middle: false,
            bold: false,
            paint: Paint::black(),
        });
    }
    s.push(Shape::Close);
}

/// The pattern of color `c` over the square at (x, y) of side `side`, lines `step` apart;
/// no dot is drawn over `plate` (x, y, width, height from the square's corner), where the
/// letters go (lines are simply covered by the plate).
fn pattern(s: &mut Vec<Shape>, x: f64, y: f64, side: f64, step: f64, c: Color, plate: Option<[f64; 4]>) {
    use svg::Pattern as P;
    let paint = Paint::css(svg::ink(c));
    let width = (step * 0.12).max(0.12);
    let n = (side / step).floor() as usize;
    let mut line = |from: (f64, f64), to: (f64, f64)| {
        s.push(Shape::Line { from: (x + from.0, y + from.1), to: (x + to.0, y + to.1), width, paint: paint.clone() })
    };
    let offsets: Vec<f64> = (0..n).map(|k| (k as f64 + 0.5) * side / n as f64).collect();
    let p = svg::pattern(c);
    if matches!(p, P::Horizontal | P::Grid) {
        for &o in &offsets {
            line((0.0, o), (side, o));
        }
    }
    if matches!(p, P::Vertical | P::Grid) {
        for &o in &offsets {
            line((o, 0.0), (o, side));
        }
    }
    // Diagonals: x + y = k (rising, /) and x - y = k (falling, \), clipped to the square.
    let diagonals: Vec<f64> = (1..2 * n).map(|k| k as f64 * side / n as f64).collect();
    if matches!(p, P::Rising | P::Crosshatch) {
        for &k in &diagonals {
            line(((k - side).max(0.0), k.min(side)), (k.min(side), (k - side).max(0.0)));
        }
    }
    if matches!(p, P::Falling | P::Crosshatch) {
        for &k in &diagonals {
            let k = k - side;
            line((k.max(0.0), (-k).max(0.0)), ((side + k).min(side), (side - k).min(side)));
        }
    }
    let (dots, r) = match p {
        P::Dots => (offsets.clone(), step * 0.16),
        P::LargeDots => (offsets.iter().copied().step_by(2).map(|o| o + side / n as f64 / 2.0).collect(), step * 0.4),
        _ => (Vec::new(), 0.0),
    };
    for &i in &dots {
        for &j in &dots {
            let on_plate =
                plate.is_some_and(|[px, py, pw, ph]| i + r > px && i - r < px + pw && j + r > py && j - r < py + ph);
            if i + r <= side && j + r <= side && !on_plate {
                s.push(Shape::Dot { center: (x + i, y + j), r, paint: paint.clone() });
            }
        }
    }
}

/// The edges that carry a glue tab: (face, side as (dx1, dy1, dx2, dy2) in cells from the
/// face's top left corner, outward normal). One tab for each of the seven pairs of edges
/// that meet when the net is folded: L, R and B's top and bottom edges (they meet U and
/// D's left, right and top/bottom edges), and B's right edge (it meets L's left edge).
const TABS: [(Face, [f64; 4], (f64, f64)); 7] = [
    (Face::L, [0.0, 0.0, 1.0, 0.0], (0.0, -1.0)),
    (Face::L, [0.0, 1.0, 1.0, 1.0], (0.0, 1.0)),
    (Face::R, [0.0, 0.0, 1.0, 0.0], (0.0, -1.0)),
    (Face::R, [0.0, 1.0, 1.0, 1.0], (0.0, 1.0)),
    (Face::B, [0.0, 0.0, 1.0, 0.0], (0.0, -1.0)),
    (Face::B, [0.0, 1.0, 1.0, 1.0], (0.0, 1.0)),
    (Face::B, [1.0, 0.0, 1.0, 1.0], (1.0, 0.0)),
];

/// The glue tabs of a net at (x0, y0) with faces of `edge` mm.
fn tabs(s: &mut Vec<Shape>, (x0, y0): (f64, f64), edge: f64) {
    let t = tab(edge);
    for (face, [ax, ay, bx, by], (nx, ny)) in TABS {
        let (cx, cy) = svg::net_cell(face);
        let p = (x0 + (cx as f64 + ax) * edge, y0 + (cy as f64 + ay) * edge);
        let q = (x0 + (cx as f64 + bx) * edge, y0 + (cy as f64 + by) * edge);
        let (dx, dy) = ((q.0 - p.0) / edge, (q.1 - p.1) / edge);
        s.push(Shape::Poly {
            points: vec![p, (p.0 + (nx + dx) * t, p.1 + (ny + dy) * t), (q.0 + (nx - dx) * t, q.1 + (ny - dy) * t), q],
            fill: Paint::css(TAB_FILL),
            stroke: STROKE,
        });
    }
}

/// The top left corner of face `f`'s cell in a net at (x0, y0) with faces of `edge` mm.
fn cell(f: Face, (x0, y0): (f64, f64), edge: f64) -> (f64, f64) {
    let (cx, cy) = svg::net_cell(f);
    (x0 + cx as f64 * edge, y0 + cy as f64 * edge)
}

/// A net's caption, in the empty cells at the top right.
fn caption(s: &mut Vec<Shape>, (x0, y0): (f64, f64), edge: f64, text: &str) {
    s.push(Shape::Text {
        at: (x0 + 2.0 * edge + 1.0, y0 + (edge * 0.1).clamp(2.5, 5.0)),
        size: (edge * 0.1).clamp(2.0, 4.0),
        text: text.to_string(),
        middle: false,
        bold: true,
        paint: Paint::black(),
    });
}

/// One cube's net at (x0, y0): the cross of [`svg::net_cell`] with faces of `edge` mm,
/// each filled with its color and drawn over with its pattern, lettered with its face and
/// color; grey glue tabs; the caption in the empty cells at the top right. The group and
/// each face carry their data (`class="net"`, `class="face" data-face data-color`) so the
/// sheet can be read back.
pub(crate) fn net(page: &mut Page, at: (f64, f64), edge: f64, cube: &Coloring, index: usize, text: &str) {
    let s = &mut page.shapes;
    s.push(Shape::Open(format!(
        "<g class=\"net\" data-index=\"{index}\" data-x=\"{}\" data-y=\"{}\" data-edge=\"{}\" data-faces=\"{}\">",
        num(at.0),
        num(at.1),
        num(edge),
        cube.face_string()
    )));
    tabs(s, at, edge);
    let step = (edge / 8.0).clamp(1.5, 8.0);
    for f in Face::ALL {
        let (x, y) = cell(f, at, edge);
        let c = cube.color(f);
        s.push(Shape::Rect {
            x,
            y,
            w: edge,
            h: edge,
            fill: Some(Paint::of(c)),
            stroke: STROKE,
            attrs: format!(" class=\"face\" data-face=\"{f}\" data-color=\"{}\"", c.to_char()),
        });
        // A plate of the plain color behind the letters keeps them readable.
        let plate = [edge * 0.25, edge * 0.3, edge * 0.5, edge * 0.4];
        pattern(s, x, y, edge, step, c, Some(plate));
        s.push(Shape::Rect {
            x: x + plate[0],
            y: y + plate[1],
            w: plate[2],
            h: plate[3],
            fill: Some(Paint::of(c)),
            stroke: 0.0,
            attrs: String::new(),
        });
        let ink = Paint::css(svg::ink(c));
        s.push(Shape::Text {
            at: (x + edge / 2.0, y + edge * 0.5),
            size: edge * 0.18,
            text: f.to_string(),
            middle: true,
            bold: true,
            paint: ink.clone(),
        });
        let name = svg::color_name(c).map_or(c.to_char().to_string(), |n| format!("{} {n}", c.to_char()));
        s.push(Shape::Text {
            at: (x + edge / 2.0, y + edge * 0.64),
            size: edge * 0.09,
            text: name,
            middle: true,
            bold: false,
            paint: ink,
        });
    }
    caption(s, at, edge, text);
    s.push(Shape::Close);
}

#[cfg(feature = "images")]
/// One picture cube's net at (x0, y0): the cross and tabs of [`net`], each face a tile
/// (`tiles` in the order of [`Face::ALL`], already turned as it is drawn) outlined;
/// `data` are the group's extra attributes (its place on the board), each face carries
/// `class="face" data-face`.
pub(crate) fn picture_net(
    page: &mut Page,
    at: (f64, f64),
    edge: f64,
    tiles: &[std::sync::Arc<Jpeg>; 6],
    data: &str,
    text: &str,
) {
    let s = &mut page.shapes;
    s.push(Shape::Open(format!(
        "<g class=\"net\" data-x=\"{}\" data-y=\"{}\" data-edge=\"{}\"{data}>",
        num(at.0),
        num(at.1),
        num(edge)
    )));
    tabs(s, at, edge);
    for f in Face::ALL {
        let (x, y) = cell(f, at, edge);
        let jpeg = tiles[f.index()].clone();
        s.push(Shape::Image { x, y, w: edge, h: edge, jpeg, attrs: format!(" class=\"face\" data-face=\"{f}\"") });
        s.push(Shape::Rect { x, y, w: edge, h: edge, fill: None, stroke: STROKE, attrs: String::new() });
    }
    caption(s, at, edge, text);
    s.push(Shape::Close);
}

/// Height of a layer's caption above its grid of numbers.
pub(crate) const CAPTION: f64 = 6.0;

/// One layer of numbers (rows of cells) at (x0, y0) under its caption, cells of `cell`
/// mm with their numbers centred (smaller type for long numbers); the group and each
/// cell carry their data (`class="layer"`, `class="cell" data-row data-col`).
pub(crate) fn number_grid(page: &mut Page, (x0, y0): (f64, f64), cell: f64, rows: &[Vec<i64>], caption: &str) {
    let s = &mut page.shapes;
    s.push(Shape::Open(format!("<g class=\"layer\" data-x=\"{}\" data-y=\"{}\">", num(x0), num(y0))));
    s.push(Shape::Text {
        at: (x0, y0 + 4.0),
        size: 3.2,
        text: caption.to_string(),
        middle: false,
        bold: true,
        paint: Paint::black(),
    });
    let digits = rows.iter().flatten().map(|v| v.to_string().len()).max().unwrap_or(1) as f64;
    let size = (cell * 0.42).min(cell * 0.85 / (digits * 0.55));
    for (i, row) in rows.iter().enumerate() {
        for (j, v) in row.iter().enumerate() {
            let (x, y) = (x0 + j as f64 * cell, y0 + CAPTION + i as f64 * cell);
            s.push(Shape::Rect {
                x,
                y,
                w: cell,
                h: cell,
                fill: Some(Paint::css("#ffffff")),
                stroke: STROKE,
                attrs: format!(" class=\"cell\" data-row=\"{}\" data-col=\"{}\" data-value=\"{v}\"", i + 1, j + 1),
            });
            s.push(Shape::Text {
                at: (x + cell / 2.0, y + cell / 2.0 + size * 0.35),
                size,
                text: v.to_string(),
                middle: true,
                bold: false,
                paint: Paint::black(),
            });
        }
    }
    s.push(Shape::Close);
}

/// A line of an instruction page: its text and whether it is a heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The text.
    pub text: String,
    /// A heading (bold).
    pub heading: bool,
}

/// The instruction lines wrapped to the page's width and cut into pages below a header
/// of `header` mm: the lines of each page.
pub(crate) fn text_pages(grid: &Grid, lines: &[Line]) -> Vec<Vec<Line>> {
    let room = grid.width - 2.0 * MARGIN;
    let mut wrapped = Vec::new();
    for l in lines {
        let indent: String = l.text.chars().take_while(|c| *c == ' ').collect();
        let mut current = String::new();
        for word in l.text.split_whitespace() {
            let candidate = if current.is_empty() { format!("{indent}{word}") } else { format!("{current} {word}") };
            if !current.is_empty() && text_width(&candidate, TEXT_SIZE) > room {
                wrapped.push(Line { text: current, heading: l.heading });
                current = format!("{indent}    {word}");
            } else {
                current = candidate;
            }
        }
        wrapped.push(Line { text: current, heading: l.heading });
    }
    let per_page = (((grid.height - 2.0 * MARGIN - grid.header) / LINE).floor() as usize).max(1);
    wrapped.chunks(per_page).map(<[Line]>::to_vec).collect()
}

/// Draws the lines of one instruction page below its header.
pub(crate) fn text_page(page: &mut Page, grid: &Grid, lines: &[Line]) {
    page.shapes.push(Shape::Open("<g class=\"instructions\">".into()));
    for (i, l) in lines.iter().enumerate() {
        page.shapes.push(Shape::Text {
            at: (MARGIN, MARGIN + grid.header + (i as f64 + 0.8) * LINE),
            size: TEXT_SIZE,
            text: l.text.clone(),
            middle: false,
            bold: l.heading,
            paint: Paint::black(),
        });
    }
    page.shapes.push(Shape::Close);
}

/// A number in mm as the SVG writes it: at most three decimals, no trailing zeros.
pub(crate) fn num(v: f64) -> String {
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

/// The pages as one SVG document in mm: the pages stacked from top to bottom, each a
/// nested `<svg class="page">` of the paper's size (docs/print.md).
pub(crate) fn to_svg(pages: &[Page], (width, height): (f64, f64), paper: &str) -> String {
    let total = height * pages.len().max(1) as f64;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}mm\" height=\"{t}mm\" viewBox=\"0 0 {w} {t}\" font-family=\"Helvetica, Arial, sans-serif\" data-paper=\"{paper}\" data-pages=\"{n}\">\n",
        w = num(width),
        t = num(total),
        n = pages.len()
    );
    for (i, page) in pages.iter().enumerate() {
        let _ = writeln!(
            out,
            "<svg class=\"page\" id=\"page-{}\" x=\"0\" y=\"{}\" width=\"{}\" height=\"{}\">",
            i + 1,
            num(i as f64 * height),
            num(width),
            num(height)
        );
        let _ = writeln!(
            out,
            "<rect class=\"paper\" x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"#ffffff\" stroke=\"#cccccc\" stroke-width=\"0.2\"/>",
            num(width),
            num(height)
        );
        for shape in &page.shapes {
            write_shape(&mut out, shape);
        }
        out += "</svg>\n";
    }
    out += "</svg>\n";
    out
}

fn write_shape(out: &mut String, shape: &Shape) {
    let stroke = |w: f64| {
        if w > 0.0 {
            format!(" stroke=\"#000000\" stroke-width=\"{}\"", num(w))
        } else {
            String::new()
        }
    };
    let _ = match shape {
        Shape::Open(g) => writeln!(out, "{g}"),
        Shape::Close => writeln!(out, "</g>"),
        Shape::Rect { x, y, w, h, fill, stroke: sw, attrs } => writeln!(
            out,
            "<rect{attrs} x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"{}/>",
            num(*x),
            num(*y),
            num(*w),
            num(*h),
            fill.as_ref().map_or("none", |p| p.css.as_str()),
            stroke(*sw)
        ),
        Shape::Poly { points, fill, stroke: sw } => {
            let pts: Vec<String> = points.iter().map(|(x, y)| format!("{},{}", num(*x), num(*y))).collect();
            writeln!(out, "<polygon class=\"tab\" points=\"{}\" fill=\"{}\"{}/>", pts.join(" "), fill.css, stroke(*sw))
        }
        Shape::Line { from, to, width, paint } => writeln!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
            num(from.0),
            num(from.1),
            num(to.0),
            num(to.1),
            paint.css,
            num(*width)
        ),
        Shape::Dot { center, r, paint } => writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>",
            num(center.0),
            num(center.1),
            num(*r),
            paint.css
        ),
        Shape::Text { at, size, text, middle, bold, paint } => writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\"{}{} fill=\"{}\">{}</text>",
            num(at.0),
            num(at.1),
            num(*size),
            if *middle { " text-anchor=\"middle\"" } else { "" },
            if *bold { " font-weight=\"bold\"" } else { "" },
            paint.css,
            svg::escape(text)
        ),
        #[cfg(feature = "images")]
        Shape::Image { x, y, w, h, jpeg, attrs } => {
            use base64::Engine as _;
            writeln!(
                out,
                "<image{attrs} x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" preserveAspectRatio=\"none\" href=\"data:image/jpeg;base64,{}\"/>",
                num(*x),
                num(*y),
                num(*w),
                num(*h),
                base64::engine::general_purpose::STANDARD.encode(&jpeg.bytes)
            )
        }
    };
}
