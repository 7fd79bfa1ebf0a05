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
    // Image XObjects (the tiles of `print picture`) are numbered after the pages.
    let mut next_image = 5 + 2 * pages.len() as i32;
    for (i, page) in pages.iter().enumerate() {
        let images = page_images(page, &mut next_image);
        let mut p = pdf.page(page_id(i));
        p.media_box(Rect::new(0.0, 0.0, (width * PT) as f32, (height * PT) as f32));
        p.parent(tree);
        p.contents(content_id(i));
        let mut resources = p.resources();
        resources.fonts().pair(REGULAR, regular).pair(BOLD, bold);
        if !images.is_empty() {
            let mut objects = resources.x_objects();
            for (k, (id, _)) in images.iter().enumerate() {
                objects.pair(Name(image_name(k).as_bytes()), *id);
            }
        }
        resources.finish();
        p.finish();
        let content = draw(page, height);
        pdf.stream(content_id(i), &content);
        write_images(&mut pdf, &images);
    }
    pdf.finish()
}

/// The name of a page's `k`-th image in its resources.
fn image_name(k: usize) -> String {
    format!("Im{}", k + 1)
}

/// The images of a page, in drawing order, with the object ids they get.
#[cfg(feature = "images")]
fn page_images<'a>(page: &'a Page, next: &mut i32) -> Vec<(Ref, &'a super::layout::Jpeg)> {
    let mut out = Vec::new();
    for shape in &page.shapes {
        if let Shape::Image { jpeg, .. } = shape {
            out.push((Ref::new(*next), &**jpeg));
            *next += 1;
        }
    }
    out
}

#[cfg(not(feature = "images"))]
fn page_images(_page: &Page, _next: &mut i32) -> Vec<(Ref, &'static ())> {
    Vec::new()
}

/// Writes a page's images as JPEG (DCTDecode) image XObjects in RGB.
#[cfg(feature = "images")]
fn write_images(pdf: &mut Pdf, images: &[(Ref, &super::layout::Jpeg)]) {
    for (id, jpeg) in images {
        let mut image = pdf.image_xobject(*id, &jpeg.bytes);
        image.filter(pdf_writer::Filter::DctDecode);
        image.width(jpeg.width as i32);
        image.height(jpeg.height as i32);
        image.color_space().device_rgb();
        image.bits_per_component(8);
    }
}

#[cfg(not(feature = "images"))]
fn write_images(_pdf: &mut Pdf, _images: &[(Ref, &())]) {}

/// One page's content stream.
fn draw(page: &Page, height: f64) -> Vec<u8> {
    let mut c = Content::new();
    let x = |v: f64| (v * PT) as f32;
    let y = |v: f64| ((height - v) * PT) as f32;
    let fill = |c: &mut Content, p: &Paint| {
        let [r, g, b] = p.rgb.map(|v| f32::from(v) / 255.0);
        c.set_fill_rgb(r, g, b);
    };
    #[cfg(feature = "images")]
    let mut images = 0;
    for shape in &page.shapes {
        match shape {
            Shape::Open(_) | Shape::Close => {}
            #[cfg(feature = "images")]
            Shape::Image { x: ix, y: iy, w, h, .. } => {
                // The unit square of the image, scaled to (w, h) at its bottom left corner.
                c.save_state();
                c.transform([x(*w), 0.0, 0.0, x(*h), x(*ix), y(iy + h)]);
                c.x_object(Name(image_name(images).as_bytes()));
                c.restore_state();
                images += 1;
            }
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
