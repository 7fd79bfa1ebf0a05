//! Folds the printed nets virtually: the SVG is read back, each net folded into a cube
//! from the positions of its faces alone, the seed's moves applied with the library's
//! board, and the top faces compared pixel by pixel with the input pictures.
//!
//! Nothing here uses the maker's own frames or turns: the fold rolls 3-vectors across
//! the shared edges of neighbouring cells, and the orientation of each cube comes from
//! the library's board after the moves.

use super::*;
use crate::print::PrintFormat;
use base64::Engine as _;
use image::{ImageEncoder as _, RgbImage};

type V = [i32; 3];

fn neg(v: V) -> V {
    v.map(|c| -c)
}

fn cross(a: V, b: V) -> V {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

fn dot(a: V, b: V) -> i32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Outward normals (x right, y up, z front), written here independently of the library.
fn normal(f: Face) -> V {
    match f {
        Face::U => [0, 1, 0],
        Face::D => [0, -1, 0],
        Face::F => [0, 0, 1],
        Face::B => [0, 0, -1],
        Face::L => [-1, 0, 0],
        Face::R => [1, 0, 0],
    }
}

fn face_of(v: V) -> Face {
    *Face::ALL.iter().find(|&&f| normal(f) == v).expect("an axis")
}

/// A rotation (a face map) acting on axis vectors.
fn turn(r: &Rotation, v: V) -> V {
    normal(r.image(face_of(v)))
}

/// One face cell of a printed net: its cell in the net, its letter and its tile as drawn.
struct Cell {
    at: (i32, i32),
    face: Face,
    tile: RgbImage,
}

/// One net read back: its place on the board and its cells.
struct Net {
    row: usize,
    col: usize,
    cells: Vec<Cell>,
}

fn attr<T: std::str::FromStr>(n: &roxmltree::Node, name: &str) -> T {
    n.attribute(name).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("attribute {name}"))
}

fn read_nets(svg_text: &str) -> Vec<Net> {
    let doc = roxmltree::Document::parse(svg_text).expect("well-formed SVG");
    let mut nets = Vec::new();
    for g in doc.descendants().filter(|n| n.attribute("class") == Some("net")) {
        let (x0, y0, edge): (f64, f64, f64) = (attr(&g, "data-x"), attr(&g, "data-y"), attr(&g, "data-edge"));
        let mut cells = Vec::new();
        for im in g.children().filter(|n| n.has_tag_name("image")) {
            let (x, y, w, h): (f64, f64, f64, f64) =
                (attr(&im, "x"), attr(&im, "y"), attr(&im, "width"), attr(&im, "height"));
            assert_eq!((w, h), (edge, edge), "a face is an edge wide, at true scale");
            let (cx, cy) = ((x - x0) / edge, (y - y0) / edge);
            assert!((cx - cx.round()).abs() < 1e-6 && (cy - cy.round()).abs() < 1e-6, "faces sit on the net's grid");
            let href = im.attribute("href").expect("href");
            let data = href.strip_prefix("data:image/jpeg;base64,").expect("a JPEG data URL");
            let bytes = base64::engine::general_purpose::STANDARD.decode(data).expect("base64");
            let tile = image::load_from_memory_with_format(&bytes, ImageFormat::Jpeg).expect("a JPEG").into_rgb8();
            let face = Face::from_letter(attr::<char>(&im, "data-face")).expect("a face letter");
            cells.push(Cell { at: (cx.round() as i32, cy.round() as i32), face, tile });
        }
        nets.push(Net { row: attr(&g, "data-row"), col: attr(&g, "data-col"), cells });
    }
    nets
}

/// Folds a net: the outward normal, drawn-up and drawn-right vectors of each cell, rolled
/// from the cell lettered F (front, drawn upright) across shared edges. Checks that the
/// six cells become six different faces, each the face its letter says, and that every
/// face is seen from outside (right x up = normal).
fn fold(net: &Net) -> Vec<(V, V, V)> {
    let start = net.cells.iter().position(|c| c.face == Face::F).expect("a front face");
    let mut frames: Vec<Option<(V, V, V)>> = vec![None; net.cells.len()];
    frames[start] = Some(([0, 0, 1], [0, 1, 0], [1, 0, 0]));
    let mut todo = vec![start];
    while let Some(a) = todo.pop() {
        let (n, u, r) = frames[a].unwrap();
        for (b, cell) in net.cells.iter().enumerate() {
            let d = (cell.at.0 - net.cells[a].at.0, cell.at.1 - net.cells[a].at.1);
            // Folding the neighbour down along the shared edge (the paper away from you).
            let frame = match d {
                (1, 0) => (r, u, neg(n)),
                (-1, 0) => (neg(r), u, n),
                (0, 1) => (neg(u), n, r),
                (0, -1) => (u, neg(n), r),
                _ => continue,
            };
            if frames[b].is_none() {
                frames[b] = Some(frame);
                todo.push(b);
            }
        }
    }
    let frames: Vec<(V, V, V)> = frames.into_iter().map(|f| f.expect("a connected net")).collect();
    let mut normals: Vec<V> = frames.iter().map(|f| f.0).collect();
    for ((n, u, r), cell) in frames.iter().zip(&net.cells) {
        assert_eq!(*n, normal(cell.face), "the face lettered {} folds to its place", cell.face);
        assert_eq!(cross(*r, *u), *n, "seen from outside");
    }
    normals.sort();
    normals.dedup();
    assert_eq!(normals.len(), 6, "six faces");
    frames
}

/// The tile a viewer above the board sees on a cube turned by `g` (top of the view
/// toward the back, -z; right toward +x): the cell whose normal `g` takes up, its pixels
/// carried by `g`.
fn seen_from_above(net: &Net, frames: &[(V, V, V)], g: &Rotation) -> RgbImage {
    let k = frames.iter().position(|f| turn(g, f.0) == [0, 1, 0]).expect("one face up");
    let (_, u, r) = frames[k];
    let (u, r) = (turn(g, u), turn(g, r));
    let tile = &net.cells[k].tile;
    let s = tile.width() as i32;
    assert_eq!(tile.height() as i32, s);
    let mut out = RgbImage::new(s as u32, s as u32);
    for py in 0..s {
        for px in 0..s {
            // Twice the offset from the centre, in drawn right and up units.
            let (a, b) = (2 * px + 1 - s, s - 2 * py - 1);
            let x = a * dot(r, [1, 0, 0]) + b * dot(u, [1, 0, 0]);
            let up = a * dot(r, [0, 0, -1]) + b * dot(u, [0, 0, -1]);
            let (vx, vy) = ((x + s - 1) / 2, (s - 1 - up) / 2);
            out.put_pixel(vx as u32, vy as u32, *tile.get_pixel(px as u32, py as u32));
        }
    }
    out
}

/// A smooth test picture, different in each channel's direction and in blue per picture,
/// so a tile turned, mirrored, misplaced or from another picture shows.
pub(super) fn picture(k: usize, w: u32, h: u32) -> RgbImage {
    RgbImage::from_fn(w, h, |x, y| image::Rgb([(x * 255 / w) as u8, (y * 255 / h) as u8, 20 + 40 * k as u8]))
}

pub(super) fn png(img: &RgbImage) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, ImageFormat::Png).unwrap();
    out.into_inner()
}

/// The mean absolute difference per channel between the viewed tile at (i, j) and the
/// same tile of picture `p` (cropped centrally: tiles of `s` pixels from (x0, y0)).
fn tile_error(view: &RgbImage, p: &RgbImage, (x0, y0): (u32, u32), s: u32, (i, j): (usize, usize)) -> f64 {
    let mut sum = 0u64;
    for y in 0..s {
        for x in 0..s {
            let a = view.get_pixel(x, y);
            let b = p.get_pixel(x0 + j as u32 * s + x, y0 + i as u32 * s + y);
            sum += (0..3).map(|c| u64::from(a[c].abs_diff(b[c]))).sum::<u64>();
        }
    }
    sum as f64 / f64::from(s * s * 3)
}

#[test]
fn folded_nets_show_each_picture_whole_in_its_solved_state() {
    let (rows, cols) = (2, 3);
    // 76 x 48 pixels: tiles of 24 (JPEG blocks of 8 fit), cropped 2 pixels each side.
    let (w, h, s, x0, y0) = (76, 48, 24, 2, 0);
    let pictures: Vec<RgbImage> = (0..PICTURES).map(|k| picture(k, w, h)).collect();
    let req = PrintPictureRequest {
        images: pictures.iter().map(png).collect(),
        names: Vec::new(),
        rows,
        cols,
        paper: Paper::A4,
        edge: 30.0,
    };
    let sheet = run_picture(&req, &Context::new()).unwrap();
    let nets = read_nets(&sheet.svg());
    assert_eq!(nets.len(), rows * cols);
    let frames: Vec<Vec<(V, V, V)>> = nets.iter().map(fold).collect();
    let mut shown = Vec::new();
    for state in solved_states(rows, cols).unwrap() {
        // The library's board after the seed's moves gives each cube's orientation.
        let mut board = Board::solved(rows, cols).unwrap();
        board.apply_all(&state.moves).unwrap();
        let views: Vec<(usize, usize, RgbImage)> = nets
            .iter()
            .zip(&frames)
            .map(|(net, f)| {
                let g = cube::rotation(board.cubes()[(net.row - 1) * cols + net.col - 1]).unwrap();
                (net.row - 1, net.col - 1, seen_from_above(net, f, &g))
            })
            .collect();
        // The board shows one whole picture: the one every tile matches.
        let worst =
            |p: &RgbImage| views.iter().map(|(i, j, v)| tile_error(v, p, (x0, y0), s, (*i, *j))).fold(0.0, f64::max);
        let errors: Vec<f64> = pictures.iter().map(worst).collect();
        let best = (0..PICTURES).min_by(|&a, &b| errors[a].total_cmp(&errors[b])).unwrap();
        assert!(errors[best] < 4.0, "picture {}: tiles differ by {:.1} on average", state.picture, errors[best]);
        assert_eq!(letter(best), state.picture);
        shown.push(best);
        // The check can fail: one tile turned a quarter turn, or taken from another
        // picture, is seen.
        let (i, j, v) = &views[rows * cols - 1];
        let turned = imageops::rotate90(v);
        assert!(tile_error(&turned, &pictures[best], (x0, y0), s, (*i, *j)) > 10.0);
        let other = &pictures[(best + 1) % PICTURES];
        assert!(tile_error(v, other, (x0, y0), s, (*i, *j)) > 10.0);
    }
    shown.sort();
    assert_eq!(shown, (0..PICTURES).collect::<Vec<_>>(), "six different pictures");
}

#[test]
fn the_pdf_embeds_every_tile_as_a_jpeg() {
    let pictures: Vec<Vec<u8>> = (0..PICTURES).map(|k| png(&picture(k, 40, 40))).collect();
    let req =
        PrintPictureRequest { images: pictures, names: Vec::new(), rows: 1, cols: 2, paper: Paper::Letter, edge: 40.0 };
    let sheet = run_picture(&req, &Context::new()).unwrap();
    assert_eq!((sheet.nets, sheet.net_pages, sheet.pages()), (2, 1, 2));
    let pdf = sheet.file(PrintFormat::Pdf).unwrap();
    let text = String::from_utf8_lossy(&pdf);
    assert_eq!(text.matches("/Filter /DCTDecode").count(), 12);
    assert_eq!(text.matches("/Subtype /Image").count(), 12);
    // Tiles of 20 pixels: never upscaled to the 300 dpi of a 40 mm face.
    assert_eq!(text.matches("/Width 20").count(), 12);
}

#[test]
fn tiles_are_resized_to_300_dpi_at_most() {
    let req = PrintPictureRequest {
        images: (0..PICTURES).map(|k| png(&picture(k, 400, 400))).collect(),
        names: Vec::new(),
        rows: 1,
        cols: 1,
        paper: Paper::A4,
        edge: 10.0,
    };
    let svg = run_picture(&req, &Context::new()).unwrap().svg();
    let nets = read_nets(&svg);
    // 10 mm at 300 dpi: 118 pixels (from 400).
    assert!(nets[0].cells.iter().all(|c| c.tile.dimensions() == (118, 118)));
}

#[test]
fn bad_pictures_are_refused_naming_the_picture() {
    let good: Vec<Vec<u8>> = (0..PICTURES).map(|k| png(&picture(k, 40, 40))).collect();
    let run = |images: Vec<Vec<u8>>, rows: usize, cols: usize| {
        let names = (0..images.len()).map(|k| format!("p{k}.png")).collect();
        let req = PrintPictureRequest { images, names, rows, cols, paper: Paper::A4, edge: 40.0 };
        run_picture(&req, &Context::new()).unwrap_err()
    };
    let e = run(good[..5].to_vec(), 2, 2);
    assert_eq!(e.message(), "images: exactly 6 pictures are needed (one per face), not 5");
    let mut gif = good.clone();
    gif[2] = b"GIF89a........".to_vec();
    assert_eq!(run(gif, 2, 2).message(), "images: picture C 'p2.png' is not a PNG or JPEG file");
    let mut cut = good.clone();
    cut[1].truncate(60);
    assert!(run(cut, 2, 2).message().starts_with("images: picture B 'p1.png' cannot be decoded"));
    let e = run(good.clone(), 7, 2);
    assert_eq!((e.message(), e.field()), ("a printed board has 1 to 6 rows", Some(("rows", "7"))));
    let e = run(good.clone(), 6, 6);
    assert!(e.message().contains("too few for 6 x 6 tiles"), "{}", e.message());
    // Too many pixels: refused from the header, before decoding.
    let mut big = good;
    let mut huge = std::io::Cursor::new(Vec::new());
    image::codecs::png::PngEncoder::new(&mut huge)
        .write_image(&vec![0u8; 8000 * 5001], 8000, 5001, image::ExtendedColorType::L8)
        .unwrap();
    big[5] = huge.into_inner();
    let e = run(big, 2, 2);
    assert!(e.message().starts_with("images: picture F 'p5.png' has 8000 x 5001 pixels"), "{}", e.message());
    assert_eq!(e.kind(), ErrorKind::BadInput);
}
