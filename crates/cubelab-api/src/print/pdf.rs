//! The sheet as PDF, through `pdf-writer` (docs/print.md says why that crate): the same
//! shapes as the SVG, in points (1 mm = 72 / 25.4 pt), y turned upwards; text in the
//! standard Helvetica fonts every PDF reader has (nothing embedded).

use super::layout::{Page, Paint, Shape};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};

/// Points per millimetre.
const PT: f64 = 72.0 / 25.4;
const REGULAR: Name<'static> = Name(b"F1");
const BOLD: Name<'static> = Name(b"F2");
/// Kappa of the four Bézier arcs that draw a circle.
const KAPPA: f64 = 0.552_284_749_8;

/// The pages as a PDF of pages `(width, height)` mm each.
pub(crate) fn to_pdf(pages: &[Page], (width, height): (f64, f64)) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let (regular, bold) = (Ref::new(3), Ref::new(4));
    let page_id = |i: usize| Ref::new(5 + 2 * i as i32);
    let content_id = |i: usize| Ref::new(6 + 2 * i as i32);
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree).kids((0..pages.len()).map(page_id)).count(pages.len() as i32);
    pdf.type1_font(regular).base_font(Name(b"Helvetica")).encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.type1_font(bold).base_font(Name(b"Helvetica-Bold")).encoding_predefined(Name(b"WinAnsiEncoding"));
    for (i, page) in pages.iter().enumerate() {
        let mut p = pdf.page(page_id(i));
        p.media_box(Rect::new(0.0, 0.0, (width * PT) as f32, (height * PT) as f32));
        p.parent(tree);
        p.contents(content_id(i));
        let mut resources = p.resources();
        resources.fonts().pair(REGULAR, regular).pair(BOLD, bold);
        resources.finish();
        p.finish();
        let content = draw(page, height);
        pdf.stream(content_id(i), &content);
    }
    pdf.finish()
}

/// One page's content stream.
fn draw(page: &Page, height: f64) -> Vec<u8> {
    let mut c = Content::new();
    let x = |v: f64| (v * PT) as f32;
    let y = |v: f64| ((height - v) * PT) as f32;
    let fill = |c: &mut Content, p: &Paint| {
        let [r, g, b] = p.rgb.map(|v| f32::from(v) / 255.0);
        c.set_fill_rgb(r, g, b);
    };
    for shape in &page.shapes {
        match shape {
            Shape::Open(_) | Shape::Close => {}
            Shape::Rect { x: rx, y: ry, w, h, fill: paint, stroke, .. } => {
                c.rect(x(*rx), y(ry + h), x(*w), x(*h));
                finish_path(&mut c, paint.as_ref(), *stroke, &fill);
            }
            Shape::Poly { points, fill: paint, stroke } => {
                for (k, &(px, py)) in points.iter().enumerate() {
                    if k == 0 {
                        c.move_to(x(px), y(py));
                    } else {
                        c.line_to(x(px), y(py));
                    }
                }
                c.close_path();
                finish_path(&mut c, Some(paint), *stroke, &fill);
            }
            Shape::Line { from, to, width, paint } => {
                let [r, g, b] = paint.rgb.map(|v| f32::from(v) / 255.0);
                c.set_stroke_rgb(r, g, b);
                c.set_line_width(x(*width));
                c.move_to(x(from.0), y(from.1));
                c.line_to(x(to.0), y(to.1));
                c.stroke();
            }
            Shape::Dot { center: (cx, cy), r, paint } => {
                fill(&mut c, paint);
                let k = r * KAPPA;
                c.move_to(x(cx + r), y(*cy));
                c.cubic_to(x(cx + r), y(cy + k), x(cx + k), y(cy + r), x(*cx), y(cy + r));
                c.cubic_to(x(cx - k), y(cy + r), x(cx - r), y(cy + k), x(cx - r), y(*cy));
                c.cubic_to(x(cx - r), y(cy - k), x(cx - k), y(cy - r), x(*cx), y(cy - r));
                c.cubic_to(x(cx + k), y(cy - r), x(cx + r), y(cy - k), x(cx + r), y(*cy));
                c.close_path();
                c.fill_nonzero();
            }
            Shape::Text { at, size, text, middle, bold, paint } => {
                fill(&mut c, paint);
                let bytes = win_ansi(text);
                // Helvetica averages about 0.55 em per character: the layout's estimate.
                let shift = if *middle { bytes.len() as f64 * size * 0.55 / 2.0 } else { 0.0 };
                c.begin_text();
                c.set_font(if *bold { BOLD } else { REGULAR }, x(*size));
                c.next_line(x(at.0 - shift), y(at.1));
                c.show(Str(&bytes));
                c.end_text();
            }
        }
    }
    c.finish().to_vec()
}

/// Fills and/or strokes the current path.
fn finish_path(c: &mut Content, paint: Option<&Paint>, stroke: f64, fill: &dyn Fn(&mut Content, &Paint)) {
    if stroke > 0.0 {
        c.set_stroke_rgb(0.0, 0.0, 0.0);
        c.set_line_width((stroke * PT) as f32);
    }
    match (paint, stroke > 0.0) {
        (Some(p), true) => {
            fill(c, p);
            c.fill_nonzero_and_stroke();
        }
        (Some(p), false) => {
            fill(c, p);
            c.fill_nonzero();
        }
        (None, true) => {
            c.stroke();
        }
        (None, false) => {
            c.end_path();
        }
    }
}

/// Text in the fonts' WinAnsi encoding: ASCII as is, Latin-1 letters by their code,
/// anything else `?`.
fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|ch| u8::try_from(u32::from(ch)).ok().filter(|b| *b >= 0x20 && *b != 0x7f).unwrap_or(b'?'))
        .collect()
}
