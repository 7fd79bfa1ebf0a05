//! Small SVG drawing helpers shared by every picture the tool draws.

use cubelab::coloring::{Color, Coloring};
use cubelab::geometry::Face;
use std::fmt::Write;

/// Kahan's six colors in his listing order, with the names the legends print; MacMahon's
/// colors 1–6 are identified with them in this order (w=1 … r=6, docs/conventions.md),
/// so a digit and its letter are drawn alike.
const KAHAN: [(char, &str, &str); 6] = [
    ('w', "white", "#ffffff"),
    ('y', "yellow", "#ffdd33"),
    ('b', "blue", "#1f77b4"),
    ('g', "green", "#2ca02c"),
    ('p', "purple", "#9467bd"),
    ('r', "red", "#d62728"),
];

/// Kahan's letter and its entry for a color: the letter itself, or the digit 1–6 under
/// w=1 … r=6.
fn kahan_entry(c: Color) -> Option<(char, &'static str, &'static str)> {
    let ch = c.to_char();
    KAHAN
        .iter()
        .enumerate()
        .find(|(i, k)| k.0 == ch || char::from_digit(*i as u32 + 1, 10) == Some(ch))
        .map(|(_, k)| *k)
}

/// The color's name in legends, when it has one: Kahan's six (and MacMahon's 1–6),
/// orange, black, grey, and 7, Sadisticube 7's seventh color, named after its fill
/// (indigo, hue 239).
pub fn color_name(c: Color) -> Option<&'static str> {
    match c.to_char() {
        'o' => Some("orange"),
        '7' => Some("indigo"),
        'k' => Some("black"),
        '0' => Some("grey"),
        _ => kahan_entry(c).map(|k| k.1),
    }
}

/// A fill color for a palette color: Kahan's letters and MacMahon's 1–6 (identified with
/// them, w=1 … r=6) get their natural colors; other palette entries get spread hues.
pub fn fill(c: Color) -> String {
    let named = match c.to_char() {
        'o' => Some("#ff7f0e"),
        'k' => Some("#333333"),
        '0' => Some("#bbbbbb"),
        _ => kahan_entry(c).map(|k| k.2),
    };
    match named {
        Some(s) => s.to_string(),
        None => format!("hsl({}, 65%, 60%)", (c.0 as u32 * 137) % 360),
    }
}

/// [`fill`] as red, green and blue bytes (the PDF of `print` paints with these): the
/// named colors' hex values, the spread hues converted from HSL.
pub fn fill_rgb(c: Color) -> [u8; 3] {
    rgb(&fill(c))
}

/// A color written `#rrggbb` or `hsl(H, S%, L%)` (the forms [`fill`] and [`ink`] write)
/// as bytes; black for anything else.
pub fn rgb(css: &str) -> [u8; 3] {
    if let Some(hex) = css.strip_prefix('#') {
        let byte = |i: usize| hex.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()).unwrap_or(0);
        return [byte(0), byte(2), byte(4)];
    }
    let Some(inner) = css.strip_prefix("hsl(").and_then(|r| r.strip_suffix(')')) else { return [0; 3] };
    let v: Vec<f64> = inner.split(',').filter_map(|p| p.trim().trim_end_matches('%').parse().ok()).collect();
    let [h, s, l] = [v.first(), v.get(1), v.get(2)].map(|x| x.copied().unwrap_or(0.0));
    let (s, l) = (s / 100.0, l / 100.0);
    let a = s * l.min(1.0 - l);
    let channel = |n: f64| {
        let k = (n + h / 30.0) % 12.0;
        let v = l - a * (k - 3.0).min(9.0 - k).clamp(-1.0, 1.0);
        (v * 255.0).round().clamp(0.0, 255.0) as u8
    };
    [channel(0.0), channel(8.0), channel(4.0)]
}

/// A pattern drawn over a color's fill on printed nets and in their key (`print`), so
/// that the colors can be told apart without seeing them (docs/print.md has the table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pattern {
    /// No pattern.
    Plain,
    /// Small dots.
    Dots,
    /// Horizontal lines.
    Horizontal,
    /// Vertical lines.
    Vertical,
    /// Lines rising to the right (/).
    Rising,
    /// Lines falling to the right (\).
    Falling,
    /// Horizontal and vertical lines.
    Grid,
    /// Both diagonals.
    Crosshatch,
    /// Large sparse dots.
    LargeDots,
}

impl Pattern {
    /// Every pattern, in the order colors without a pattern of their own cycle through.
    pub const ALL: [Pattern; 9] = [
        Pattern::Plain,
        Pattern::Dots,
        Pattern::Horizontal,
        Pattern::Vertical,
        Pattern::Rising,
        Pattern::Falling,
        Pattern::Grid,
        Pattern::Crosshatch,
        Pattern::LargeDots,
    ];

    /// The pattern's name in the key.
    pub fn name(self) -> &'static str {
        match self {
            Pattern::Plain => "plain",
            Pattern::Dots => "dots",
            Pattern::Horizontal => "horizontal lines",
            Pattern::Vertical => "vertical lines",
            Pattern::Rising => "lines /",
            Pattern::Falling => "lines \\",
            Pattern::Grid => "grid",
            Pattern::Crosshatch => "crosshatch",
            Pattern::LargeDots => "large dots",
        }
    }
}

/// The pattern of a color: Kahan's six colors (and MacMahon's 1–6, identified with them)
/// the first six of [`Pattern::ALL`] in his order w y b g p r, orange a grid, black a
/// crosshatch, grey large dots; other palette colors cycle through [`Pattern::ALL`] by
/// their index (so two of them can share one; every face also carries its color's letter).
pub fn pattern(c: Color) -> Pattern {
    match c.to_char() {
        'o' => Pattern::Grid,
        'k' => Pattern::Crosshatch,
        '0' => Pattern::LargeDots,
        _ => match kahan_entry(c).and_then(|k| KAHAN.iter().position(|e| e.0 == k.0)) {
            Some(i) => Pattern::ALL[i],
            None => Pattern::ALL[c.0 as usize % Pattern::ALL.len()],
        },
    }
}

/// Text color readable on [`fill`].
pub fn ink(c: Color) -> &'static str {
    match c.to_char() {
        '3' | '4' | '5' | '6' | 'b' | 'g' | 'p' | 'r' | 'k' => "#ffffff",
        _ => "#000000",
    }
}

/// Opens an SVG document of the given size.
pub fn open(width: u32, height: u32) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n"
    )
}

/// Cubes side by side, each as its net (cells of 24 pixels, four cubes a row) with its
/// caption below, under a title, with the legend of their colors at the right: the
/// picture of the designs (`design stack`, `blocks`, `extended`). Sized to the title, the
/// captions and the legend.
pub fn cubes(title_text: &str, cubes: &[(String, Coloring)]) -> String {
    const CELL: u32 = 24;
    const PER_ROW: u32 = 4;
    let caption_w = cubes.iter().map(|(c, _)| text_width(c, LABEL_SIZE)).max().unwrap_or(0);
    let slot_w = (4 * CELL).max(caption_w) + 20;
    let slot_h = 3 * CELL + 34;
    let n = cubes.len() as u32;
    let (cols, rows) = (n.clamp(1, PER_ROW), n.div_ceil(PER_ROW).max(1));
    let colors: Vec<Color> = cubes.iter().flat_map(|(_, c)| c.faces()).collect();
    let legend_x = 10 + cols * slot_w;
    let width = (legend_x + legend_width(&colors) + 10).max(20 + text_width(title_text, TITLE_SIZE));
    let height = (40 + rows * slot_h).max(40 + legend_height(&colors));
    let mut out = open(width, height);
    title(&mut out, 10, 22, title_text);
    for (i, (caption, coloring)) in cubes.iter().enumerate() {
        let (col, row) = (i as u32 % PER_ROW, i as u32 / PER_ROW);
        let (x, y) = (10 + col * slot_w, 36 + row * slot_h);
        net(&mut out, coloring, x, y, CELL);
        let _ = writeln!(
            out,
            "  <text x=\"{x}\" y=\"{}\" font-size=\"{LABEL_SIZE}\">{}</text>",
            y + 3 * CELL + 16,
            escape(caption)
        );
    }
    legend(&mut out, legend_x, 36, &colors);
    out += "</svg>\n";
    out
}

/// A labelled square of one color.
pub fn square(out: &mut String, x: u32, y: u32, size: u32, color: Color, label: &str) {
    let _ = writeln!(
        out,
        "  <rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"{}\" stroke=\"#000\" stroke-width=\"1.5\"/>",
        fill(color)
    );
    let _ = writeln!(
        out,
        "  <text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{}\">{}</text>",
        x + size / 2,
        y + size / 2,
        size / 3,
        ink(color),
        escape(label)
    );
}

/// Escapes text for SVG.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Cell (column, row) of each face in the cross-shaped net: U above F, then L F R B, D below.
pub fn net_cell(f: Face) -> (u32, u32) {
    match f {
        Face::U => (1, 0),
        Face::L => (0, 1),
        Face::F => (1, 1),
        Face::R => (2, 1),
        Face::B => (3, 1),
        Face::D => (1, 2),
    }
}

/// Draws a cube's net at (x0, y0) with cells of `size` pixels, each labelled with its face
/// letter and color.
pub fn net(out: &mut String, c: &Coloring, x0: u32, y0: u32, size: u32) {
    for f in Face::ALL {
        let (cx, cy) = net_cell(f);
        let color = c.color(f);
        square(out, x0 + cx * size, y0 + cy * size, size, color, &format!("{f}:{color}"));
    }
}

/// Estimated width in pixels of `text` at a font size (sans-serif averages about half an
/// em per character; 0.62 em keeps wide digits and capitals inside the box).
pub fn text_width(text: &str, size: u32) -> u32 {
    (text.chars().count() as f64 * size as f64 * 0.62).ceil() as u32
}

/// A title at (x, y), in the one style every drawing uses.
pub fn title(out: &mut String, x: u32, y: u32, text: &str) {
    let _ = writeln!(
        out,
        "  <text class=\"title\" x=\"{x}\" y=\"{y}\" font-size=\"{TITLE_SIZE}\" font-weight=\"bold\">{}</text>",
        escape(text)
    );
}

/// Font size of titles.
pub const TITLE_SIZE: u32 = 15;
/// Font size of legends, axis labels and tick labels.
const LABEL_SIZE: u32 = 12;

/// The legend's words for one color: the color, its partner under w=1 … r=6 and its name
/// ("1 = w, white", "w = 1, white"), or the color and its name, or the color alone.
pub fn legend_label(c: Color) -> String {
    let ch = c.to_char();
    match kahan_entry(c) {
        Some((letter, name, _)) if ch == letter => {
            let digit = KAHAN.iter().position(|k| k.0 == letter).map_or(0, |i| i + 1);
            format!("{ch} = {digit}, {name}")
        }
        Some((letter, name, _)) => format!("{ch} = {letter}, {name}"),
        None => match color_name(c) {
            Some(name) => format!("{ch}, {name}"),
            None => format!("{ch}"),
        },
    }
}

/// Width of the legend [`legend`] draws for these colors.
pub fn legend_width(colors: &[Color]) -> u32 {
    let text = colors.iter().map(|&c| text_width(&legend_label(c), LABEL_SIZE)).max().unwrap_or(0);
    22 + text.max(text_width("colors", LABEL_SIZE))
}

/// The distinct colors, Kahan's letters in his order (w y b g p r), then the rest in
/// palette order: the legend's entries.
pub fn distinct(colors: &[Color]) -> Vec<Color> {
    let mut colors = colors.to_vec();
    colors.sort_by_key(|&c| (KAHAN.iter().position(|k| k.0 == c.to_char()).unwrap_or(KAHAN.len()), c));
    colors.dedup();
    colors
}

/// Height of the legend [`legend`] draws for these colors.
pub fn legend_height(colors: &[Color]) -> u32 {
    20 + 20 * distinct(colors).len() as u32
}

/// Draws the legend linking each color (sorted, each once) to its number or letter and
/// name, one swatch per line, at (x, y): a `<g class="legend">` group.
pub fn legend(out: &mut String, x: u32, y: u32, colors: &[Color]) {
    let colors = distinct(colors);
    let _ = writeln!(out, "  <g class=\"legend\">");
    let _ = writeln!(
        out,
        "    <text x=\"{x}\" y=\"{}\" font-size=\"{LABEL_SIZE}\" font-weight=\"bold\">colors</text>",
        y + 12
    );
    for (i, &c) in colors.iter().enumerate() {
        let top = y + 20 + 20 * i as u32;
        let _ = writeln!(
            out,
            "    <rect x=\"{x}\" y=\"{top}\" width=\"14\" height=\"14\" fill=\"{}\" stroke=\"#000\"/>",
            fill(c)
        );
        let _ = writeln!(
            out,
            "    <text x=\"{}\" y=\"{}\" font-size=\"{LABEL_SIZE}\">{}</text>",
            x + 20,
            top + 12,
            escape(&legend_label(c))
        );
    }
    let _ = writeln!(out, "  </g>");
}

/// A bar chart: a histogram with one bin per value from the least to the largest in
/// steps of the greatest common divisor of the values' gaps, so that empty bins show as
/// gaps marked 0; optionally a second series drawn as dots on the same axis.
pub struct BarChart<'a> {
    /// The title, above the plot.
    pub title: &'a str,
    /// What the values (x axis) are.
    pub x_label: &'a str,
    /// What the bar heights (y axis) count.
    pub y_label: &'a str,
    /// (value, count) pairs, values ascending.
    pub bars: &'a [(u64, u64)],
    /// A second series drawn as dots, with the legend of both series.
    pub marks: Option<Marks<'a>>,
}

/// A second series of a [`BarChart`]: (legend text of the dots, legend text of the bars,
/// (value, y) points).
pub type Marks<'a> = (&'a str, &'a str, &'a [(u64, f64)]);

/// At most this many bins are drawn with gaps; wider ranges draw the values present only.
const MAX_BINS: u64 = 1000;

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// A round step for about five ticks up to `max`.
fn tick_step(max: f64) -> f64 {
    let raw = (max / 5.0).max(1.0);
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * mag).find(|&t| t >= raw).unwrap_or(10.0 * mag)
}

impl BarChart<'_> {
    /// The bins: (value, count), empty bins included with count 0.
    pub fn bins(&self) -> Vec<(u64, u64)> {
        let (Some(first), Some(last)) = (self.bars.first(), self.bars.last()) else { return Vec::new() };
        let step = self.bars.windows(2).fold(0, |g, w| gcd(g, w[1].0 - w[0].0)).max(1);
        if (last.0 - first.0) / step + 1 > MAX_BINS {
            return self.bars.to_vec();
        }
        (0..=(last.0 - first.0) / step)
            .map(|k| {
                let v = first.0 + k * step;
                (v, self.bars.iter().find(|b| b.0 == v).map_or(0, |b| b.1))
            })
            .collect()
    }

    /// The chart as an SVG document.
    pub fn svg(&self) -> String {
        let bins = self.bins();
        let f = self.frame(&bins);
        let mut out = open(f.width, f.height);
        title(&mut out, 10, 24, self.title);
        self.y_axis(&mut out, &f);
        bars(&mut out, &f, &bins);
        self.x_axis(&mut out, &f);
        if let Some(marks) = self.marks {
            dots(&mut out, &f, &bins, marks);
        }
        out += "</svg>\n";
        out
    }

    /// The chart's geometry for these bins.
    fn frame(&self, bins: &[(u64, u64)]) -> Frame {
        let n = bins.len().max(1) as u32;
        let mark_max = self.marks.map_or(0.0, |(_, _, m)| m.iter().map(|p| p.1).fold(0.0, f64::max));
        let data_max = (bins.iter().map(|b| b.1).max().unwrap_or(0) as f64).max(mark_max).max(1.0);
        let step = tick_step(data_max);
        let y_top = (data_max / step).ceil() * step;
        let ticks: Vec<u64> = (0..=(y_top / step).round() as u64).map(|k| (k as f64 * step) as u64).collect();
        let tick_w = ticks.iter().map(|t| text_width(&t.to_string(), LABEL_SIZE)).max().unwrap_or(0);
        let left = 30 + tick_w + 8;
        let slot = (720 / n).clamp(6, 48);
        let plot_w = n * slot;
        let legend_h = if self.marks.is_some() { 24 } else { 0 };
        let top = 44 + legend_h;
        let plot_h = 260u32;
        let base = top + plot_h;
        let legend_w = self.marks.map_or(0, |(m, b, _)| 60 + text_width(m, LABEL_SIZE) + text_width(b, LABEL_SIZE));
        let width = (left + plot_w + 20).max(10 + text_width(self.title, TITLE_SIZE) + 10).max(left + legend_w + 10);
        Frame {
            left,
            top,
            base,
            slot,
            bar_w: (slot * 4 / 5).clamp(1, slot - 1),
            plot_w,
            plot_h,
            y_top,
            ticks,
            width,
            height: base + 62,
        }
    }

    /// The y axis with its ticks, grid lines and label.
    fn y_axis(&self, out: &mut String, f: &Frame) {
        let (left, top, base) = (f.left, f.top, f.base);
        let _ = writeln!(out, "  <g class=\"y-axis\" font-size=\"{LABEL_SIZE}\">");
        for t in &f.ticks {
            let y = f.y_of(*t as f64);
            let _ = writeln!(
                out,
                "    <line x1=\"{left}\" y1=\"{y:.1}\" x2=\"{}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>",
                left + f.plot_w
            );
            let _ = writeln!(out, "    <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{t}</text>", left - 6, y + 4.0);
        }
        let mid = top + f.plot_h / 2;
        let _ = writeln!(
            out,
            "    <text x=\"16\" y=\"{mid}\" text-anchor=\"middle\" transform=\"rotate(-90 16 {mid})\">{}</text>",
            escape(self.y_label)
        );
        let _ = writeln!(out, "    <line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{base}\" stroke=\"#000\"/>");
        let _ = writeln!(out, "  </g>");
    }

    /// The x axis line and its label.
    fn x_axis(&self, out: &mut String, f: &Frame) {
        let (left, base) = (f.left, f.base);
        let _ = writeln!(
            out,
            "  <line x1=\"{left}\" y1=\"{base}\" x2=\"{}\" y2=\"{base}\" stroke=\"#000\"/>",
            left + f.plot_w
        );
        let _ = writeln!(
            out,
            "  <text class=\"x-label\" x=\"{}\" y=\"{}\" font-size=\"{LABEL_SIZE}\" text-anchor=\"middle\">{}</text>",
            left + f.plot_w / 2,
            base + 40,
            escape(self.x_label)
        );
    }
}

/// Where the parts of a [`BarChart`] go, in pixels.
struct Frame {
    left: u32,
    top: u32,
    base: u32,
    slot: u32,
    bar_w: u32,
    plot_w: u32,
    plot_h: u32,
    y_top: f64,
    ticks: Vec<u64>,
    width: u32,
    height: u32,
}

impl Frame {
    /// The y coordinate of a value on the y axis.
    fn y_of(&self, v: f64) -> f64 {
        self.base as f64 - v / self.y_top * self.plot_h as f64
    }
}

/// The bars of a chart; empty bins are gaps with a zero tick.
fn bars(out: &mut String, f: &Frame, bins: &[(u64, u64)]) {
    let (left, base, slot, bar_w) = (f.left, f.base, f.slot, f.bar_w);
    let label_every = ((text_width(&bins.last().map_or(0, |b| b.0).to_string(), LABEL_SIZE) + 6) as f64 / slot as f64)
        .ceil()
        .max(1.0) as usize;
    let count_w = bins.iter().map(|b| text_width(&b.1.to_string(), 10)).max().unwrap_or(0);
    let show_counts = count_w + 2 <= slot;
    let _ = writeln!(out, "  <g class=\"bins\">");
    for (i, &(value, count)) in bins.iter().enumerate() {
        let x = left + i as u32 * slot + (slot - bar_w) / 2;
        let cx = x as f64 + bar_w as f64 / 2.0;
        let y = f.y_of(count as f64);
        let h = base as f64 - y;
        let _ = writeln!(
            out,
            "    <rect class=\"bin{}\" x=\"{x}\" y=\"{y:.1}\" width=\"{bar_w}\" height=\"{h:.1}\" fill=\"#1f77b4\"><title>{}: {count}</title></rect>",
            if count == 0 { " empty" } else { "" },
            value
        );
        if count == 0 {
            let _ = writeln!(
                out,
                "    <line class=\"zero\" x1=\"{cx:.1}\" y1=\"{base}\" x2=\"{cx:.1}\" y2=\"{}\" stroke=\"#000\"/>",
                base - 5
            );
        }
        if show_counts {
            let _ = writeln!(
                out,
                "    <text x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\">{count}</text>",
                y - 4.0 - if count == 0 { 4.0 } else { 0.0 }
            );
        }
        if i % label_every == 0 {
            let _ = writeln!(
                out,
                "    <line x1=\"{cx:.1}\" y1=\"{base}\" x2=\"{cx:.1}\" y2=\"{}\" stroke=\"#000\"/>",
                base + 4
            );
            let _ = writeln!(
                out,
                "    <text x=\"{cx:.1}\" y=\"{}\" font-size=\"{LABEL_SIZE}\" text-anchor=\"middle\">{value}</text>",
                base + 18
            );
        }
    }
    let _ = writeln!(out, "  </g>");
}

/// The second series of a chart as dots, and the legend of both series.
fn dots(out: &mut String, f: &Frame, bins: &[(u64, u64)], (mark_name, bar_name, points): Marks<'_>) {
    let left = f.left;
    let _ = writeln!(out, "  <g class=\"marks\">");
    for &(value, v) in points {
        if let Some(i) = bins.iter().position(|b| b.0 == value) {
            let cx = left as f64 + (i as f64 + 0.5) * f.slot as f64;
            let _ = writeln!(
                out,
                "    <circle cx=\"{cx:.1}\" cy=\"{:.1}\" r=\"3.5\" fill=\"#d62728\"><title>{value}: {v:.4}</title></circle>",
                f.y_of(v)
            );
        }
    }
    let _ = writeln!(out, "  </g>");
    let y = 44u32;
    let _ = writeln!(out, "  <g class=\"legend\" font-size=\"{LABEL_SIZE}\">");
    let _ = writeln!(out, "    <rect x=\"{left}\" y=\"{}\" width=\"14\" height=\"12\" fill=\"#1f77b4\"/>", y - 11);
    let _ = writeln!(out, "    <text x=\"{}\" y=\"{y}\">{}</text>", left + 20, escape(bar_name));
    let mx = left + 40 + text_width(bar_name, LABEL_SIZE);
    let _ = writeln!(out, "    <circle cx=\"{}\" cy=\"{}\" r=\"3.5\" fill=\"#d62728\"/>", mx + 7, y - 5);
    let _ = writeln!(out, "    <text x=\"{}\" y=\"{y}\">{}</text>", mx + 20, escape(mark_name));
    let _ = writeln!(out, "  </g>");
}

/// Fill of a picture-cube face in board drawings (the usual scheme of cube puzzles: U
/// white, D yellow, F green, B blue, L orange, R red).
fn face_fill(face: char) -> &'static str {
    match face {
        'U' => "#ffffff",
        'D' => "#ffdd33",
        'F' => "#2ca02c",
        'B' => "#1f77b4",
        'L' => "#ff7f0e",
        _ => "#d62728",
    }
}

/// The legend line of board drawings.
const BOARD_KEY: &str =
    "cell color and large letter: the original face now up; small letter: the one now front; thick frame: in place (UF)";

/// At most this many board panels are drawn in one row.
const PANELS_PER_ROW: usize = 6;

/// Draws boards of the picture cube puzzle (`panels`: caption and board in the text form
/// `UF RB / DL UF`), several to a row. Each cube is a cell colored by its original face
/// now up, with that face's letter large and the face now front small; a cube in place
/// (`UF`) has a thick frame. A legend explains the colors.
pub fn boards(title_text: &str, panels: &[(String, String)]) -> String {
    let grids: Vec<Vec<Vec<&str>>> =
        panels.iter().map(|(_, b)| b.split('/').map(|row| row.split_whitespace().collect()).collect()).collect();
    let rows = grids.iter().map(|g| g.len()).max().unwrap_or(1) as u32;
    let cols = grids.iter().flat_map(|g| g.iter().map(|r| r.len())).max().unwrap_or(1) as u32;
    let cell = 40u32;
    let caption_w = panels.iter().map(|(c, _)| text_width(c, LABEL_SIZE)).max().unwrap_or(0);
    let panel_w = (cols * cell).max(caption_w) + 24;
    let panel_h = rows * cell + 34;
    let per_row = PANELS_PER_ROW.min(panels.len().max(1)) as u32;
    let lines = panels.len().div_ceil(PANELS_PER_ROW).max(1) as u32;
    let legend_top = 36 + lines * panel_h + 6;
    let legend_w = 6 * 92;
    let width = (10 + per_row * panel_w)
        .max(20 + text_width(title_text, TITLE_SIZE))
        .max(20 + legend_w)
        .max(20 + text_width(BOARD_KEY, LABEL_SIZE));
    let height = legend_top + 62;
    let mut out = open(width, height);
    title(&mut out, 10, 22, title_text);
    for (k, ((caption, _), grid)) in panels.iter().zip(&grids).enumerate() {
        let x0 = 10 + (k % PANELS_PER_ROW) as u32 * panel_w;
        let y0 = 36 + (k / PANELS_PER_ROW) as u32 * panel_h;
        let _ = writeln!(out, "  <g class=\"board\">");
        let _ = writeln!(
            out,
            "    <text x=\"{x0}\" y=\"{}\" font-size=\"{LABEL_SIZE}\">{}</text>",
            y0 + 12,
            escape(caption)
        );
        for (i, row) in grid.iter().enumerate() {
            for (j, token) in row.iter().enumerate() {
                let mut letters = token.chars();
                let (up, front) = (letters.next().unwrap_or('?'), letters.next().unwrap_or('?'));
                let x = x0 + j as u32 * cell;
                let y = y0 + 20 + i as u32 * cell;
                let frame = if *token == "UF" { "stroke-width=\"3\"" } else { "stroke-width=\"1\"" };
                let _ = writeln!(
                    out,
                    "    <rect class=\"cube\" x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"{}\" stroke=\"#000\" {frame}><title>row {}, column {}: {token}</title></rect>",
                    face_fill(up),
                    i + 1,
                    j + 1
                );
                let ink = if matches!(up, 'U' | 'D') { "#000000" } else { "#ffffff" };
                let _ = writeln!(
                    out,
                    "    <text x=\"{}\" y=\"{}\" font-size=\"18\" text-anchor=\"middle\" fill=\"{ink}\">{up}<tspan font-size=\"11\">{front}</tspan></text>",
                    x + cell / 2,
                    y + cell / 2 + 6
                );
            }
        }
        let _ = writeln!(out, "  </g>");
    }
    let _ = writeln!(out, "  <g class=\"legend\" font-size=\"{LABEL_SIZE}\">");
    let _ = writeln!(out, "    <text x=\"10\" y=\"{}\">{}</text>", legend_top + 12, escape(BOARD_KEY));
    for (k, (face, name)) in
        [('U', "up"), ('D', "down"), ('F', "front"), ('B', "back"), ('L', "left"), ('R', "right")].iter().enumerate()
    {
        let x = 10 + k as u32 * 92;
        let _ = writeln!(
            out,
            "    <rect x=\"{x}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"{}\" stroke=\"#000\"/>",
            legend_top + 24,
            face_fill(*face)
        );
        let _ = writeln!(out, "    <text x=\"{}\" y=\"{}\">{face} {name}</text>", x + 20, legend_top + 36);
    }
    let _ = writeln!(out, "  </g>");
    out += "</svg>\n";
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_palette_color_has_a_fill() {
        for i in 0..62 {
            assert!(!fill(Color(i)).is_empty());
        }
        assert_eq!(escape("<a&b>"), "&lt;a&amp;b&gt;");
    }

    #[test]
    fn fills_convert_to_bytes() {
        assert_eq!(fill_rgb(Color::from_char('r').unwrap()), [0xd6, 0x27, 0x28]);
        assert_eq!(rgb("hsl(0, 100%, 50%)"), [255, 0, 0]);
        assert_eq!(rgb("hsl(120, 100%, 50%)"), [0, 255, 0]);
        assert_eq!(rgb("hsl(240, 100%, 25%)"), [0, 0, 128]);
    }

    #[test]
    fn the_six_colors_and_the_named_ones_have_distinct_patterns() {
        let named: Vec<Pattern> = "wybgprok0".chars().map(|c| pattern(Color::from_char(c).unwrap())).collect();
        for (i, p) in named.iter().enumerate() {
            assert!(!named[..i].contains(p), "{p:?} twice");
        }
        // MacMahon's 1..6 are drawn as w..r.
        for (d, l) in "123456".chars().zip("wybgpr".chars()) {
            assert_eq!(pattern(Color::from_char(d).unwrap()), pattern(Color::from_char(l).unwrap()));
        }
        // Sadisticube 7's seven colors: seven patterns and seven names in the print key.
        let seven: Vec<Color> = "1234567".chars().map(|c| Color::from_char(c).unwrap()).collect();
        let patterns: std::collections::BTreeSet<&str> = seven.iter().map(|&c| pattern(c).name()).collect();
        assert_eq!(patterns.len(), 7);
        assert!(seven.iter().all(|&c| color_name(c).is_some()));
        assert_eq!(legend_label(seven[6]), "7, indigo");
    }
}
