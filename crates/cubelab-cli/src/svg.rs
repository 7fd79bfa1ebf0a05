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
