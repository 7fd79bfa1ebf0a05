//! `print picture`: the picture cube maker (docs/print.md, "print picture").
//!
//! Six pictures are cropped centrally to the board's aspect (columns : rows), cut into
//! rows x cols tiles, and each cube of the board carries the tile of its place of all six
//! pictures, one picture per face. Which face holds which picture, and how each tile is
//! turned, follows from the library's picture model ([`cubelab::picture`]): picture `k`
//! is the one on top after the `k`-th solved state's moves ([`solved_states`]), applied to
//! a solved [`Board`]; its tiles lie on the face those moves bring up, turned so that the
//! picture's top edge lies toward the back of the board once they are up.

use super::layout::{self, Jpeg, Line, Page};
use super::{default_edge, heading, line, net_grid, sheet, Panels, Paper, Sheet};
use crate::census::check_stop;
use crate::error::{Error, ErrorKind, Result};
use crate::Context;
use cubelab::geometry::{Face, Rotation};
use cubelab::picture::board::{format_moves, Board, Move, MoveKind};
use cubelab::picture::cube::{self, Turn};
use image::{imageops, DynamicImage, ImageDecoder, ImageFormat, RgbImage};
use rayon::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The number of pictures: one per face.
pub const PICTURES: usize = 6;
/// The largest number of rows or columns of a printed board.
pub const MAX_SIDE: usize = 6;
/// The largest picture read, in pixels (40 megapixels).
pub const MAX_PIXELS: u64 = 40_000_000;
/// The fewest pixels a tile's side takes from its picture.
pub const MIN_TILE_PIXELS: u32 = 8;
/// The resolution of the printed tiles, in dots per inch (never above the picture's own).
pub const DPI: f64 = 300.0;
/// The JPEG quality of the embedded tiles.
const QUALITY: u8 = 90;
/// The most memory one picture's decoder may allocate.
const MAX_ALLOC: u64 = 1 << 30;

/// The request of `print picture`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PrintPictureRequest {
    /// The six pictures A to F: the bytes of PNG or JPEG files (in JSON, each a base64
    /// string: the standard alphabet, padded, as the web page and `base64` write it).
    #[serde(with = "base64_images")]
    #[schemars(with = "Vec<String>")]
    pub images: Vec<Vec<u8>>,
    /// The pictures' names for messages (their file names); `picture A` ... when absent.
    #[serde(default)]
    pub names: Vec<String>,
    /// The rows of the board (1 to 6).
    pub rows: usize,
    /// The columns of the board (1 to 6).
    pub cols: usize,
    /// The paper size.
    #[serde(default)]
    pub paper: Paper,
    /// The edge of the printed cubes in mm (at least 10, at most what fits the paper).
    #[serde(default = "default_edge")]
    pub edge: f64,
}

/// The JSON form of the pictures: one base64 string per picture. A string that is not
/// base64 names its picture (`'images': picture C is not base64: ...`).
mod base64_images {
    use base64::engine::general_purpose::STANDARD;
    use base64::Engine as _;
    use serde::{de, Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(images: &[Vec<u8>], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(images.iter().map(|bytes| STANDARD.encode(bytes)))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<u8>>, D::Error> {
        let texts = Vec::<String>::deserialize(d)?;
        texts
            .iter()
            .enumerate()
            .map(|(k, text)| {
                STANDARD.decode(text).map_err(|e| {
                    let e = e.to_string();
                    de::Error::custom(format!(
                        "picture {} is not base64: {}",
                        super::letter(k),
                        e.trim_end_matches('.')
                    ))
                })
            })
            .collect()
    }
}

/// One of the six solved states of a board: the moves that reach it from picture A's
/// (the solved board), the one orientation every cube then has, and the face it brings up.
#[derive(Debug, Clone, PartialEq)]
pub struct SolvedState {
    /// The picture it shows: `A` to `F`.
    pub picture: char,
    /// The moves from picture A's state, in the library's notation (`u1 u2 ...`).
    pub moves: Vec<Move>,
    /// The orientation of every cube (the rotation from picture A's position).
    pub rotation: Rotation,
    /// The printed face that is up: the picture's face.
    pub face: Face,
}

impl SolvedState {
    /// The face whose tile edge lies toward `at` when this state is reached: the top
    /// edge of the picture lies toward the back (`B`), its right edge toward `R`.
    pub fn toward(&self, at: Face) -> Face {
        self.rotation.inverse().image(at)
    }
}

/// The single-cube turns of the six solved states, applied to every row (`u`, `d`) or
/// every column (`l`, `r`): picture A is the start; turning every row up shows B, C, D
/// in turn (and A again); turning every column left shows E, right F.
const STATES: [&[Turn]; PICTURES] =
    [&[], &[Turn::Up], &[Turn::Up, Turn::Up], &[Turn::Down], &[Turn::Left], &[Turn::Right]];

/// The picture's letter, `A` to `F`.
fn letter(k: usize) -> char {
    (b'A' + k.min(25) as u8) as char
}

/// The six solved states of a `rows` x `cols` board (picture A at the start; every row
/// turned up once, twice, or down once shows B, C, D; every column turned left E, right
/// F), each reached by the library's moves from the solved board; an internal error if
/// they do not turn every cube alike or do not bring six different faces up.
pub fn solved_states(rows: usize, cols: usize) -> Result<Vec<SolvedState>> {
    let mut states: Vec<SolvedState> = Vec::with_capacity(PICTURES);
    for (k, turns) in STATES.iter().enumerate() {
        let mut moves = Vec::new();
        for &turn in *turns {
            let lines = if matches!(turn, Turn::Up | Turn::Down) { rows } else { cols };
            moves.extend((0..lines).map(|line| Move { kind: MoveKind::Quarter(turn), line }));
        }
        let mut board = Board::solved(rows, cols)?;
        board.apply_all(&moves)?;
        let first = board.cubes()[0];
        let rotation = cube::rotation(first)
            .filter(|_| board.cubes().iter().all(|&c| c == first))
            .ok_or_else(|| Error::new(ErrorKind::Internal, "internal error: a solved state turns its cubes unalike"))?;
        let face = rotation.inverse().image(Face::U);
        if states.iter().any(|s| s.face == face) {
            return Err(Error::new(ErrorKind::Internal, "internal error: two solved states show one face"));
        }
        states.push(SolvedState { picture: letter(k), moves, rotation, face });
    }
    Ok(states)
}

/// How each face is drawn in the net ([`crate::svg::net_cell`]): the faces across its
/// drawn top and right edges once folded, by [`Face::ALL`] index. The net is folded from
/// F (drawn with U above it and R to its right) across the shared edges of neighbouring
/// cells: rolling the cube onto the face to the right keeps the top and brings the
/// opposite of the left face to the right, and so on.
pub(crate) fn net_frames() -> [(Face, Face); 6] {
    let mut frames: [Option<(Face, Face)>; 6] = [None; 6];
    frames[Face::F.index()] = Some((Face::U, Face::R));
    let mut todo = vec![Face::F];
    while let Some(f) = todo.pop() {
        let Some((top, right)) = frames[f.index()] else { continue };
        let (fx, fy) = crate::svg::net_cell(f);
        for g in Face::ALL {
            let (gx, gy) = crate::svg::net_cell(g);
            let (face, frame) = match (i64::from(gx) - i64::from(fx), i64::from(gy) - i64::from(fy)) {
                (1, 0) => (right, (top, f.opposite())),
                (-1, 0) => (right.opposite(), (top, f)),
                (0, 1) => (top.opposite(), (f, right)),
                (0, -1) => (top, (f.opposite(), right)),
                _ => continue,
            };
            debug_assert_eq!(face, g, "the net folds into a cube");
            if frames[face.index()].is_none() {
                frames[face.index()] = Some(frame);
                todo.push(face);
            }
        }
    }
    frames.map(|f| f.unwrap_or((Face::U, Face::R)))
}

/// Clockwise quarter turns of a tile drawn on `face` whose top lies toward `top`.
fn quarter_turns(face: Face, top: Face) -> u8 {
    let (drawn_top, drawn_right) = net_frames()[face.index()];
    match top {
        t if t == drawn_top => 0,
        t if t == drawn_right => 1,
        t if t == drawn_top.opposite() => 2,
        _ => 3,
    }
}

/// A picture's name in messages: `picture C 'cat.jpg'` or `picture C` (a name's control
/// characters escaped, so the message stays one line).
fn name(req: &PrintPictureRequest, k: usize) -> String {
    match req.names.get(k) {
        Some(n) => format!("picture {} '{}'", letter(k), cubelab::Error::one_line(n.clone())),
        None => format!("picture {}", letter(k)),
    }
}

fn bad_image(req: &PrintPictureRequest, k: usize, what: impl std::fmt::Display) -> Error {
    Error::naming(ErrorKind::BadInput, format!("{{images}}: {} {what}", name(req, k)))
}

/// Decodes picture `k` (PNG or JPEG, at most [`MAX_PIXELS`]), turned upright as its
/// EXIF orientation says.
fn decode(req: &PrintPictureRequest, k: usize) -> Result<RgbImage> {
    let bad = |what: String| bad_image(req, k, what);
    let reader = image::ImageReader::new(std::io::Cursor::new(&req.images[k]))
        .with_guessed_format()
        .map_err(|e| bad(format!("cannot be read: {e}")))?;
    if !matches!(reader.format(), Some(ImageFormat::Png | ImageFormat::Jpeg)) {
        return Err(bad("is not a PNG or JPEG file".into()));
    }
    let mut reader = reader;
    let mut limits = image::Limits::default();
    limits.max_alloc = Some(MAX_ALLOC);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|e| bad(format!("cannot be decoded: {e}")))?;
    let (w, h) = decoder.dimensions();
    if u64::from(w) * u64::from(h) > MAX_PIXELS {
        return Err(bad(format!(
            "has {w} x {h} pixels ({:.1} megapixels); at most {} megapixels are read",
            (u64::from(w) * u64::from(h)) as f64 / 1e6,
            MAX_PIXELS / 1_000_000
        )));
    }
    let orientation = decoder.orientation().map_err(|e| bad(format!("cannot be decoded: {e}")))?;
    let mut picture = DynamicImage::from_decoder(decoder).map_err(|e| bad(format!("cannot be decoded: {e}")))?;
    picture.apply_orientation(orientation);
    Ok(picture.into_rgb8())
}

/// The side in pixels of the square tiles cut from a picture of `(w, h)` pixels for
/// `rows` x `cols` tiles (the picture cropped centrally to the board's aspect).
fn tile_side((w, h): (u32, u32), rows: usize, cols: usize) -> u32 {
    (w / cols as u32).min(h / rows as u32)
}

/// The tile at `row`, `col` of a picture (cropped centrally to `rows` x `cols` tiles of
/// `side` pixels), resized to `pixels` (never larger than `side`), turned clockwise
/// `turns` quarter turns, as a JPEG.
fn tile(
    picture: &RgbImage,
    side: u32,
    (rows, cols): (usize, usize),
    (row, col): (usize, usize),
    pixels: u32,
    turns: u8,
) -> Result<Jpeg> {
    let x0 = (picture.width() - side * cols as u32) / 2;
    let y0 = (picture.height() - side * rows as u32) / 2;
    let view = imageops::crop_imm(picture, x0 + col as u32 * side, y0 + row as u32 * side, side, side);
    let sized = if pixels >= side {
        view.to_image()
    } else {
        imageops::resize(&*view, pixels, pixels, imageops::FilterType::Triangle)
    };
    let turned = match turns {
        0 => sized,
        1 => imageops::rotate90(&sized),
        2 => imageops::rotate180(&sized),
        _ => imageops::rotate270(&sized),
    };
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, QUALITY)
        .encode_image(&turned)
        .map_err(|e| Error::new(ErrorKind::Internal, format!("internal error: a tile cannot be encoded: {e}")))?;
    Ok(Jpeg { bytes, width: turned.width(), height: turned.height() })
}

/// Checks the board's size and the number of pictures.
fn check(req: &PrintPictureRequest) -> Result<()> {
    for (field, v) in [("rows", req.rows), ("cols", req.cols)] {
        if !(1..=MAX_SIDE).contains(&v) {
            let noun = if field == "rows" { "rows" } else { "columns" };
            return Err(Error::bad(format!("a printed board has 1 to {MAX_SIDE} {noun}")).about(field, v));
        }
    }
    if req.images.len() != PICTURES {
        return Err(Error::naming(
            ErrorKind::BadInput,
            format!("{{images}}: exactly {PICTURES} pictures are needed (one per face), not {}", req.images.len()),
        ));
    }
    Ok(())
}

/// Runs `print picture`: one net per cube of the board, row by row, each face a tile of
/// one picture, and how to fold the cubes, lay them out and turn them from picture to
/// picture. The context's token (or deadline) stops it before each picture is decoded
/// and before each tile is cut.
pub fn run_picture(req: &PrintPictureRequest, ctx: &Context) -> Result<Sheet> {
    check_stop(ctx)?;
    check(req)?;
    let g = net_grid(req.paper, req.edge, &[])?;
    let (rows, cols) = (req.rows, req.cols);
    let states = solved_states(rows, cols)?;
    let pictures: Vec<RgbImage> =
        (0..PICTURES).into_par_iter().map(|k| check_stop(ctx).and_then(|()| decode(req, k))).collect::<Result<_>>()?;
    let sides: Vec<u32> = pictures.iter().map(|p| tile_side(p.dimensions(), rows, cols)).collect();
    for (k, (p, &side)) in pictures.iter().zip(&sides).enumerate() {
        if side < MIN_TILE_PIXELS {
            return Err(bad_image(
                req,
                k,
                format!(
                    "has {} x {} pixels: too few for {rows} x {cols} tiles of at least {MIN_TILE_PIXELS} pixels",
                    p.width(),
                    p.height()
                ),
            ));
        }
    }
    let print_pixels = (req.edge / 25.4 * DPI).round() as u32;
    // How far each picture's tiles turn on their face: the same for every tile of it.
    let turns: [u8; PICTURES] = std::array::from_fn(|k| quarter_turns(states[k].face, states[k].toward(Face::B)));
    // Every tile: picture k, at (row, col); the face of picture k and its turns.
    let jobs: Vec<(usize, usize, usize)> =
        (0..rows).flat_map(|i| (0..cols).flat_map(move |j| (0..PICTURES).map(move |k| (i, j, k)))).collect();
    let tiles: Vec<Arc<Jpeg>> = jobs
        .par_iter()
        .map(|&(i, j, k)| {
            check_stop(ctx)?;
            let pixels = print_pixels.min(sides[k]);
            tile(&pictures[k], sides[k], (rows, cols), (i, j), pixels, turns[k]).map(Arc::new)
        })
        .collect::<Result<_>>()?;
    // The faces of each cube, by face index.
    let cubes: Vec<[Arc<Jpeg>; 6]> = tiles
        .chunks(PICTURES)
        .map(|t| std::array::from_fn(|f| t[states.iter().position(|s| s.face.index() == f).unwrap_or(0)].clone()))
        .collect();
    let draw = |page: &mut Page, n: usize, at: (f64, f64)| {
        let (i, j) = (n / cols + 1, n % cols + 1);
        let data = format!(" data-row=\"{i}\" data-col=\"{j}\"");
        layout::picture_net(page, at, g.edge, &cubes[n], &data, &format!("row {i}, column {j}"));
    };
    let size = format!("board {rows} x {cols}, cube edge {} mm", layout::num(g.edge));
    let panels = Panels { kind: "picture", size, colors: &[], count: rows * cols, draw: &draw };
    sheet(ctx, req.paper, &g, &panels, instructions(rows, cols, &states))
}

/// Where a face lies in the printed cross.
fn in_net(f: Face) -> &'static str {
    match f {
        Face::U => "the face at the top of the cross",
        Face::D => "the face at the bottom of the cross",
        Face::F => "the middle face of the row of four",
        Face::B => "the face at the right end of the row of four",
        Face::L => "the face at the left end of the row of four",
        Face::R => "the face right of the middle one",
    }
}

fn instructions(rows: usize, cols: usize, states: &[SolvedState]) -> Vec<Line> {
    let mut lines = vec![
        heading("Folding"),
        line(
            "Cut each net out along its outline, grey tabs included. Fold every edge between two faces away from \
             you (pictures outside) and glue each grey tab under the face edge it meets. Each net's caption says \
             where its cube lies on the board: row 1 is the far row (the top of the pictures), column 1 the left \
             one.",
        ),
        line(""),
        heading("Picture A"),
    ];
    let a = &states[0];
    lines.push(line(format!(
        "Lay the {} cubes on the table in {rows} {} of {cols}, each in its place, with {} up and {} toward you: \
         the top faces show picture A.",
        rows * cols,
        if rows == 1 { "row" } else { "rows" },
        in_net(a.face),
        in_net(a.toward(Face::F)),
    )));
    lines.push(line(""));
    lines.push(heading("Moves"));
    lines.push(line(
        "A row turns up (u) when its faces toward you go to the top, down (d) the other way; a column turns left \
         (l) when its top faces go to the left, right (r) the other way. Rows are numbered from the far one, \
         columns from the left (the notation of cubelab picture). From picture A:",
    ));
    for s in &states[1..] {
        lines.push(line(format!("  picture {}: {}", s.picture, format_moves(&s.moves))));
    }
    lines.push(line(
        "Turning every row up again and again shows A, B, C, D and A again; turning every column left from A \
         shows E, right F. To play, scramble the cubes by turning single rows and columns, then bring back a \
         picture: cubelab picture solve finds the shortest way from any position.",
    ));
    lines
}

#[cfg(test)]
mod fold;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_net_folds_into_a_cube() {
        let frames = net_frames();
        for f in Face::ALL {
            let (top, right) = frames[f.index()];
            // The frame's edges are neighbours of the face and of each other.
            for g in [top, right] {
                assert!(g != f && g != f.opposite(), "{f}: {g}");
            }
            assert!(top != right && top != right.opposite());
        }
        assert_eq!(frames[Face::U.index()], (Face::B, Face::R));
        assert_eq!(frames[Face::B.index()], (Face::U, Face::L));
        assert_eq!(frames[Face::D.index()], (Face::F, Face::R));
    }

    #[test]
    fn six_solved_states_show_six_faces() {
        let states = solved_states(2, 3).unwrap();
        let faces: Vec<Face> = states.iter().map(|s| s.face).collect();
        assert_eq!(faces, [Face::U, Face::F, Face::D, Face::B, Face::R, Face::L]);
        assert_eq!(format_moves(&states[1].moves), "u1 u2");
        assert_eq!(format_moves(&states[5].moves), "r1 r2 r3");
        // Picture B's top edge is F's edge toward U: turning up takes U to the back.
        assert_eq!(states[1].toward(Face::B), Face::U);
    }
}

#[cfg(test)]
mod json_tests {
    use super::fold::{picture, png};
    use super::*;
    use crate::print::{run_file, PrintFormat};
    use base64::engine::general_purpose::STANDARD;
    use base64::Engine as _;
    use serde_json::json;

    fn images() -> Vec<Vec<u8>> {
        (0..PICTURES).map(|k| png(&picture(k, 32, 16))).collect()
    }

    #[test]
    fn a_json_request_takes_the_pictures_as_base64() {
        let ctx = Context::new();
        let b64: Vec<String> = images().iter().map(|b| STANDARD.encode(b)).collect();
        let input = json!({ "images": b64, "rows": 1, "cols": 2, "edge": 30, "paper": "letter", "format": "svg" });
        let file = run_file("print picture", input, &ctx).unwrap();
        let req = PrintPictureRequest {
            images: images(),
            names: Vec::new(),
            rows: 1,
            cols: 2,
            paper: Paper::Letter,
            edge: 30.0,
        };
        assert_eq!(file.bytes, run_picture(&req, &ctx).unwrap().svg().into_bytes());
        assert_eq!((file.name.as_str(), file.format), ("cubelab-picture.svg", PrintFormat::Svg));
        // The request's JSON form is the same base64, so it reads back whole.
        let back: PrintPictureRequest = serde_json::from_value(serde_json::to_value(&req).unwrap()).unwrap();
        assert_eq!(back.images, req.images);
    }

    #[test]
    fn bad_json_pictures_name_the_picture() {
        let ctx = Context::new();
        let mut b64: Vec<String> = images().iter().map(|b| STANDARD.encode(b)).collect();
        let e = |b64: &[String], names: &[&str]| {
            let input = json!({ "images": b64, "names": names, "rows": 2, "cols": 2 });
            run_file("print picture", input, &ctx).unwrap_err()
        };
        b64[2] = "not base64!".into();
        let bad = e(&b64, &[]);
        assert_eq!(bad.kind(), ErrorKind::BadInput);
        assert!(bad.to_string().starts_with("'images': picture C is not base64: Invalid"), "{bad}");
        b64[2] = STANDARD.encode(b"GIF89a........");
        let names = ["a.png", "b.png", "c.gif", "d.png", "e.png", "f.png"];
        assert_eq!(e(&b64, &names).message(), "images: picture C 'c.gif' is not a PNG or JPEG file");
        let names = ["a.png", "b.png", "c\n.gif", "d.png", "e.png", "f.png"];
        assert_eq!(e(&b64, &names).message(), "images: picture C 'c\\n.gif' is not a PNG or JPEG file");
        assert_eq!(e(&b64[..5], &[]).message(), "images: exactly 6 pictures are needed (one per face), not 5");
    }

    #[test]
    fn a_raised_token_stops_it() {
        let ctx = Context::new();
        ctx.stop().request();
        let req =
            PrintPictureRequest { images: images(), names: Vec::new(), rows: 1, cols: 2, paper: Paper::A4, edge: 30.0 };
        assert_eq!(run_picture(&req, &ctx).unwrap_err().kind(), ErrorKind::Stopped);
    }
}
