//! Small SVG drawing helpers shared by every picture the tool draws.

use cubelab::coloring::{Color, Coloring};
use cubelab::geometry::Face;
use std::fmt::Write;

/// A fill color for a palette color. MacMahon's 1–6 and Kahan's letters get their
/// natural colors; other palette entries get evenly spread hues.
pub fn fill(c: Color) -> String {
    let named = match c.to_char() {
        '1' => Some("#1f77b4"),
        '2' => Some("#d62728"),
        '3' => Some("#2ca02c"),
        '4' => Some("#ffdd33"),
        '5' => Some("#ff7f0e"),
        '6' => Some("#9467bd"),
        'w' => Some("#ffffff"),
        'y' => Some("#ffdd33"),
        'b' => Some("#1f77b4"),
        'g' => Some("#2ca02c"),
        'p' => Some("#9467bd"),
        'r' => Some("#d62728"),
        'o' => Some("#ff7f0e"),
        'k' => Some("#333333"),
        '0' => Some("#bbbbbb"),
        _ => None,
    };
    match named {
        Some(s) => s.to_string(),
        None => format!("hsl({}, 65%, 60%)", (c.0 as u32 * 137) % 360),
    }
}

/// Text color readable on [`fill`].
pub fn ink(c: Color) -> &'static str {
    match c.to_char() {
        '1' | '2' | '3' | '6' | 'b' | 'g' | 'p' | 'r' | 'k' => "#ffffff",
        _ => "#000000",
    }
}

/// Opens an SVG document of the given size.
pub fn open(width: u32, height: u32) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n"
    )
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

/// A bar chart of a histogram: one labelled bar per entry, heights to scale, counts on top.
pub fn bar_chart(title: &str, x_label: &str, bars: &[(String, u64)]) -> String {
    let bar_w = 36u32;
    let gap = 8u32;
    let plot_h = 240u32;
    let left = 60u32;
    let top = 40u32;
    let width = left + bars.len().max(1) as u32 * (bar_w + gap) + 20;
    let height = top + plot_h + 60;
    let max = bars.iter().map(|b| b.1).max().unwrap_or(0).max(1);
    let mut out = open(width, height);
    let _ = writeln!(out, "  <text x=\"{left}\" y=\"22\" font-size=\"15\">{}</text>", escape(title));
    let base = top + plot_h;
    let _ = writeln!(out, "  <line x1=\"{left}\" y1=\"{base}\" x2=\"{}\" y2=\"{base}\" stroke=\"#000\"/>", width - 10);
    for (i, (label, n)) in bars.iter().enumerate() {
        let x = left + i as u32 * (bar_w + gap) + gap / 2;
        let h = ((*n as f64 / max as f64) * plot_h as f64).round() as u32;
        let _ = writeln!(
            out,
            "  <rect x=\"{x}\" y=\"{}\" width=\"{bar_w}\" height=\"{h}\" fill=\"#1f77b4\"><title>{}: {n}</title></rect>",
            base - h,
            escape(label)
        );
        let _ = writeln!(
            out,
            "  <text x=\"{}\" y=\"{}\" font-size=\"9\" text-anchor=\"middle\">{n}</text>",
            x + bar_w / 2,
            base - h - 4
        );
        let _ = writeln!(
            out,
            "  <text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
            x + bar_w / 2,
            base + 16,
            escape(label)
        );
    }
    let _ = writeln!(
        out,
        "  <text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>",
        width / 2,
        base + 40,
        escape(x_label)
    );
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
}
