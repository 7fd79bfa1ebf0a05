//! `magic check`: which properties a cube or a square has, which lines fail. The
//! numbers come as a typed field ([`CheckRequest::cube`] or [`CheckRequest::square`]) or
//! as the text format of the command line ([`CheckRequest::text`]), which the command
//! line reads from a file or standard input.

use crate::error::{Error, ErrorKind, Result};
use crate::report::Report;
use crate::Context;
use cubelab::magic::cube::{LineKind, NumberCube};
use cubelab::magic::square::{check as check_square, Square, SquareKind, SquareLineKind, SquareVerdict};
use cubelab::magic::verify::{verify, Property, Verdict};
use cubelab::words::count;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// The request of `magic check`: the numbers of one cube or one square (exactly one of
/// `cube`, `square` and `text`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// Where the numbers were read from, echoed as the input and naming the text in
    /// messages (`-`, the default, for standard input or numbers given directly).
    #[serde(default = "dash")]
    pub file: String,
    /// A cube: `cube[layer][row][cell]`, layers from the top, rows from the back, cells
    /// from the left; the numbers A, A+D, ..., A+(n³-1)D in some order.
    #[serde(default)]
    pub cube: Option<Vec<Vec<Vec<i64>>>>,
    /// A square: `square[row][cell]`, n >= 3 rows of n distinct integers.
    #[serde(default)]
    pub square: Option<Vec<Vec<i64>>>,
    /// A cube or a square in the text format of `cubelab magic check`: a cube is n
    /// layers separated by blank lines, each n rows of n integers (spaces, tabs or
    /// commas), `#` starting a comment line; one block of n >= 3 rows without blank
    /// lines is a square; a `/` ends a row as a line break does (`8 1 6/3 5 7/4 9 2`;
    /// `//` between the layers of a cube).
    #[serde(default)]
    pub text: Option<String>,
}

fn dash() -> String {
    "-".to_string()
}

/// The report of `magic check`: a cube's or a square's.
pub enum CheckOutput {
    /// The verdict on a cube.
    Cube(CheckReport),
    /// The verdict on a square.
    Square(SquareCheckReport),
}

impl CheckOutput {
    /// The output with the input echoed for `req`, ready to render in any format or hand
    /// over its envelope.
    pub fn rendered(self, req: &CheckRequest) -> crate::AnyReport {
        let input = CheckInput::of(req);
        match self {
            CheckOutput::Cube(r) => Box::new((r, input)),
            CheckOutput::Square(r) => Box::new((r, input)),
        }
    }

    /// The output in `format`, with the input echoed for `req`.
    pub fn render(self, req: &CheckRequest, format: crate::Format) -> Result<String> {
        self.rendered(req).render(format)
    }
}

/// Checks the cube or the square of `req` (exactly one of `cube`, `square` and `text`
/// must be given; the errors of a text name it as `file` does, and only by their
/// position for `-`; a `/` in a text ends a row, [`cubelab::magic::data_lines`]).
pub fn run(req: &CheckRequest, _ctx: &Context) -> Result<CheckOutput> {
    Ok(match numbers(req)? {
        Numbers::Cube(cube) => CheckOutput::Cube(CheckReport::new(&verify(&cube))),
        Numbers::Square(square) => {
            let mut report = SquareCheckReport::new(&check_square(&square));
            report.cells = square.cells().to_vec();
            CheckOutput::Square(report)
        }
    })
}

/// The numbers of a request of `magic check`: a cube or a square.
pub(crate) enum Numbers {
    /// A cube.
    Cube(NumberCube),
    /// A square.
    Square(Square),
}

/// Reads the cube or the square of `req` (see [`run`]).
pub(crate) fn numbers(req: &CheckRequest) -> Result<Numbers> {
    match (&req.cube, &req.square, &req.text) {
        (Some(layers), None, None) => Ok(Numbers::Cube(NumberCube::from_layers(layers.clone())?)),
        (None, Some(rows), None) => Ok(Numbers::Square(Square::from_rows(rows.clone())?)),
        (None, None, Some(text)) => {
            // `-`: the text came with the request (the web page, Python) or on standard
            // input; the position alone names the place, in words every surface shares
            let named = |e: cubelab::Error| match req.file.as_str() {
                "-" => Error::new(ErrorKind::of(e.kind()), e.to_string()),
                name => Error::new(ErrorKind::of(e.kind()), format!("{name}: {e}")),
            };
            if is_square(text) {
                Ok(Numbers::Square(Square::parse(text).map_err(named)?))
            } else {
                Ok(Numbers::Cube(NumberCube::parse(text).map_err(named)?))
            }
        }
        _ => Err(Error::bad("give the numbers of either a cube (cube), a square (square) or their text (text)")),
    }
}

/// A square is one block of rows (no blank line between them) of at least 3 numbers;
/// a cube of order 3 or more has several blocks, and order 2 stays a cube.
fn is_square(text: &str) -> bool {
    let data = cubelab::magic::data_lines(text);
    let first = data.iter().position(|l| !l.is_empty());
    let last = data.iter().rposition(|l| !l.is_empty());
    let (Some(a), Some(b)) = (first, last) else { return false };
    let numbers = data[a].split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).count();
    numbers >= 3 && data[a..=b].iter().all(|l| !l.is_empty())
}

/// The input of `cubelab magic check`.
#[derive(Serialize, JsonSchema)]
pub struct CheckInput {
    /// The cube file as given (`-` for standard input).
    pub file: String,
}

impl CheckInput {
    /// The input echoed for `req`.
    pub fn of(req: &CheckRequest) -> CheckInput {
        CheckInput { file: req.file.clone() }
    }
}

/// A line whose sum is not the magic sum.
#[derive(Serialize, JsonSchema)]
pub struct FailingRow {
    /// The kind of line.
    pub kind: LineKind,
    /// The line in words.
    pub line: String,
    /// 1-based [layer, row, cell] of each cell on the line.
    pub cells: Vec<[usize; 3]>,
    /// Its sum.
    pub sum: i128,
}

/// `cubelab magic check`: which properties a cube has, and which lines fail.
#[derive(Serialize, JsonSchema)]
pub struct CheckReport {
    /// Order n.
    pub order: usize,
    /// The magic sum, or null when it is not a whole number.
    pub magic_sum: Option<i128>,
    /// Rows, columns, pillars and the 4 triagonals are magic.
    pub semi_perfect: bool,
    /// Also the plane diagonals.
    pub diagonal: bool,
    /// Also the broken triagonals.
    pub pantriagonal: bool,
    /// Every line of the above.
    pub perfect: bool,
    /// Every failing line.
    pub failing_lines: Vec<FailingRow>,
}

impl CheckReport {
    fn new(v: &Verdict) -> CheckReport {
        let n = v.order;
        let failing_lines = v
            .failing
            .iter()
            .map(|f| FailingRow {
                kind: f.line.kind,
                line: f.line.describe(),
                cells: f.line.cells.iter().map(|&i| [i / (n * n) + 1, i / n % n + 1, i % n + 1]).collect(),
                sum: f.sum,
            })
            .collect();
        CheckReport {
            order: n,
            magic_sum: v.magic_sum,
            semi_perfect: v.holds(Property::SemiPerfect),
            diagonal: v.holds(Property::Diagonal),
            pantriagonal: v.holds(Property::Pantriagonal),
            perfect: v.holds(Property::Perfect),
            failing_lines,
        }
    }
}

/// How many failing lines of one kind the text lists before summarising.
const TEXT_LINES_PER_KIND: usize = 12;

impl CheckReport {
    /// The strongest property the cube has (perfect, then pantriagonal or diagonal, then
    /// semi-perfect), if any.
    fn strongest(&self) -> Option<&'static str> {
        [
            (self.perfect, "perfect"),
            (self.pantriagonal && self.diagonal, "pantriagonal and diagonal"),
            (self.pantriagonal, "pantriagonal"),
            (self.diagonal, "diagonal"),
            (self.semi_perfect, "semi-perfect"),
        ]
        .into_iter()
        .find(|(holds, _)| *holds)
        .map(|(_, name)| name)
    }
}

/// The kinds of line in the order the verifier groups them, with their names in text.
const LINE_KINDS: [(LineKind, &str, &str); 7] = [
    (LineKind::Row, "row", "rows"),
    (LineKind::Column, "column", "columns"),
    (LineKind::Pillar, "pillar", "pillars"),
    (LineKind::Triagonal, "triagonal", "triagonals"),
    (LineKind::BrokenTriagonal, "broken triagonal", "broken triagonals"),
    (LineKind::PlaneDiagonal, "plane diagonal", "plane diagonals"),
    (LineKind::BrokenPlaneDiagonal, "broken plane diagonal", "broken plane diagonals"),
];

impl Report for CheckReport {
    const KIND: &'static str = "magic-check";
    type Input = CheckInput;

    fn text(&self) -> String {
        let sum = self.magic_sum.map_or("not a whole number".to_string(), |s| s.to_string());
        let mut s = format!("order {}, magic sum {sum}\n", self.order);
        s += &properties(&[
            ("semi-perfect", self.semi_perfect),
            ("diagonal", self.diagonal),
            ("pantriagonal", self.pantriagonal),
            ("perfect", self.perfect),
        ]);
        s += &match self.strongest() {
            Some(p) => format!("a {p} magic cube\n"),
            None => "not a magic cube: some rows, columns, pillars or triagonals are not magic\n".to_string(),
        };
        if self.failing_lines.is_empty() {
            s += "every line is magic, broken diagonals included\n";
            return s;
        }
        let failing = Failing::of(&LINE_KINDS, &self.failing_lines);
        s += &format!(
            "{} not sum to {sum}{}:\n  {}\n",
            count(self.failing_lines.len(), "line does", "lines do"),
            if self.semi_perfect { ", lines only the stronger properties need" } else { "" },
            failing.summary()
        );
        s + &failing.listing()
    }

    /// One row per failing line: its kind, the line in words and its sum (a header only
    /// when every line is magic).
    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        Some(Failing::of(&LINE_KINDS, &self.failing_lines).csv(&["kind", "line", "sum"]))
    }
}

/// A line of a square that fails.
#[derive(Serialize, JsonSchema)]
pub struct SquareFailingRow {
    /// The kind of line: `"row"`, `"column"`, `"diagonal"`, `"broken-diagonal"` or
    /// `"pair"` (two cells symmetric about the centre).
    pub kind: SquareLineKind,
    /// The line in words.
    pub line: String,
    /// 1-based [row, cell] of each cell on the line.
    pub cells: Vec<[usize; 2]>,
    /// Its sum.
    pub sum: i128,
    /// The sum it should have.
    pub expected: i128,
}

/// `cubelab magic check` on a square: which kinds it is, and which lines fail.
#[derive(Serialize, JsonSchema)]
pub struct SquareCheckReport {
    /// Order n.
    pub order: usize,
    /// The magic sum (total / n), or null when it is not a whole number.
    pub magic_sum: Option<i128>,
    /// Rows and columns are magic.
    pub semi: bool,
    /// Also both main diagonals.
    pub normal: bool,
    /// Also every broken diagonal.
    pub pandiagonal: bool,
    /// Normal, and every two cells symmetric about the centre sum to the smallest plus
    /// the largest number.
    pub associative: bool,
    /// Every failing line and pair.
    pub failing_lines: Vec<SquareFailingRow>,
    /// The square's numbers, row by row: for the picture only (the JSON has no copy of
    /// the input).
    #[serde(skip)]
    cells: Vec<i64>,
}

/// The square's line kinds in the checker's order, with their names in text.
const SQUARE_LINE_KINDS: [(SquareLineKind, &str, &str); 5] = [
    (SquareLineKind::Row, "row", "rows"),
    (SquareLineKind::Column, "column", "columns"),
    (SquareLineKind::Diagonal, "main diagonal", "main diagonals"),
    (SquareLineKind::BrokenDiagonal, "broken diagonal", "broken diagonals"),
    (SquareLineKind::Pair, "symmetric pair", "symmetric pairs"),
];

impl SquareCheckReport {
    fn new(v: &SquareVerdict) -> SquareCheckReport {
        let n = v.order;
        SquareCheckReport {
            order: n,
            magic_sum: v.magic_sum,
            semi: v.holds(SquareKind::Semi),
            normal: v.holds(SquareKind::Normal),
            pandiagonal: v.holds(SquareKind::Pandiagonal),
            associative: v.holds(SquareKind::Associative),
            cells: Vec::new(),
            failing_lines: v
                .failing
                .iter()
                .map(|f| SquareFailingRow {
                    kind: f.line.kind,
                    line: f.line.name.clone(),
                    cells: f.line.cells.iter().map(|&i| [i / n + 1, i % n + 1]).collect(),
                    sum: f.sum,
                    expected: f.expected,
                })
                .collect(),
        }
    }
}

impl Report for SquareCheckReport {
    const KIND: &'static str = "magic-square-check";
    type Input = CheckInput;

    fn text(&self) -> String {
        let sum = self.magic_sum.map_or("not a whole number".to_string(), |s| s.to_string());
        let mut s = format!("a square of order {}, magic sum {sum}\n", self.order);
        s += &properties(&[
            ("semi", self.semi),
            ("normal", self.normal),
            ("pandiagonal", self.pandiagonal),
            ("associative", self.associative),
        ]);
        let kinds: Vec<&str> = [(self.pandiagonal, "pandiagonal"), (self.associative, "associative")]
            .into_iter()
            .filter(|k| k.0)
            .map(|k| k.1)
            .collect();
        s += &if !kinds.is_empty() {
            let what = kinds.join(" and ");
            format!("{} {what} magic square\n", if what.starts_with('a') { "an" } else { "a" })
        } else if self.normal {
            "a magic square\n".to_string()
        } else if self.semi {
            "a semi-magic square: the rows and columns are magic, not both diagonals\n".to_string()
        } else {
            "not a magic square: some rows or columns are not magic\n".to_string()
        };
        if self.failing_lines.is_empty() {
            s += "every line is magic, broken diagonals included, and every symmetric pair\n";
            return s;
        }
        let failing = Failing::of(&SQUARE_LINE_KINDS, &self.failing_lines);
        s += &format!(
            "{} fail: {}\n",
            count(self.failing_lines.len(), "line or pair", "lines or pairs"),
            failing.summary()
        );
        s + &failing.listing()
    }

    /// One row per failing line or pair: its kind, the line in words, its sum and the
    /// sum it should have.
    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        Some(Failing::of(&SQUARE_LINE_KINDS, &self.failing_lines).csv(&["kind", "line", "sum", "expected"]))
    }

    /// The square, its numbers in their cells; the cells of failing rows, columns and
    /// main diagonals shaded (the broken diagonals and pairs are in the title's count).
    fn svg(&self) -> Option<String> {
        use crate::svg::{escape, open, text_width, title, TITLE_SIZE};
        let n = self.order as u32;
        if self.cells.len() != (n * n) as usize || n == 0 {
            return None;
        }
        let kind = if self.pandiagonal && self.associative {
            "pandiagonal and associative magic square"
        } else if self.pandiagonal {
            "pandiagonal magic square"
        } else if self.associative {
            "associative magic square"
        } else if self.normal {
            "magic square"
        } else if self.semi {
            "semi-magic square"
        } else {
            "not a magic square"
        };
        let sum = self.magic_sum.map_or("not a whole number".to_string(), |s| s.to_string());
        let failing = match self.failing_lines.len() {
            0 => String::new(),
            k => format!(", {}", count(k, "failing line or pair", "failing lines or pairs")),
        };
        let title_text = format!("Order {n}, magic sum {sum}: {kind}{failing}");
        let digits = self.cells.iter().map(|c| c.to_string().len()).max().unwrap_or(1) as u32;
        let cell = (digits * 9 + 14).max(32);
        let shaded: std::collections::BTreeSet<(usize, usize)> = self
            .failing_lines
            .iter()
            .filter(|f| matches!(f.kind, SquareLineKind::Row | SquareLineKind::Column | SquareLineKind::Diagonal))
            .flat_map(|f| f.cells.iter().map(|c| (c[0] - 1, c[1] - 1)))
            .collect();
        let width = (20 + n * cell).max(20 + text_width(&title_text, TITLE_SIZE));
        let mut out = open(width, 44 + n * cell);
        title(&mut out, 10, 22, &title_text);
        for (i, value) in self.cells.iter().enumerate() {
            let (r, c) = (i / n as usize, i % n as usize);
            let (x, y) = (10 + c as u32 * cell, 34 + r as u32 * cell);
            let fill = if shaded.contains(&(r, c)) { "#f4c7c3" } else { "#ffffff" };
            let _ = writeln!(
                out,
                "  <rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"{fill}\" stroke=\"#000\"/>"
            );
            let _ = writeln!(
                out,
                "  <text x=\"{}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
                x + cell / 2,
                y + cell / 2,
                escape(&value.to_string())
            );
        }
        out += "</svg>\n";
        Some(out)
    }
}

/// A failing line of a cube or a square, for the one renderer of both checks ([`Failing`]).
trait Line {
    /// The kind of line.
    type Kind: PartialEq + Copy;
    /// Its kind.
    fn kind(&self) -> Self::Kind;
    /// Its row in the text: the line in words and its sum.
    fn text(&self) -> String;
    /// Its CSV cells after the kind.
    fn cells(&self) -> Vec<String>;
}

impl Line for FailingRow {
    type Kind = LineKind;
    fn kind(&self) -> LineKind {
        self.kind
    }
    fn text(&self) -> String {
        format!("{} sums to {}", self.line, self.sum)
    }
    fn cells(&self) -> Vec<String> {
        vec![self.line.clone(), self.sum.to_string()]
    }
}

impl Line for SquareFailingRow {
    type Kind = SquareLineKind;
    fn kind(&self) -> SquareLineKind {
        self.kind
    }
    fn text(&self) -> String {
        format!("{} sums to {}, not {}", self.line, self.sum, self.expected)
    }
    fn cells(&self) -> Vec<String> {
        vec![self.line.clone(), self.sum.to_string(), self.expected.to_string()]
    }
}

/// The failing lines of a check, with the kinds in the checker's order and their names
/// (one, many): the summary, listing and CSV of cubes and squares alike.
struct Failing<'a, L: Line> {
    kinds: &'a [(L::Kind, &'static str, &'static str)],
    lines: &'a [L],
}

impl<'a, L: Line> Failing<'a, L> {
    fn of(kinds: &'a [(L::Kind, &'static str, &'static str)], lines: &'a [L]) -> Failing<'a, L> {
        Failing { kinds, lines }
    }

    /// The kinds that fail, in the checker's order, each with its lines.
    fn groups(&self) -> Vec<(&'static str, &'static str, Vec<&'a L>)> {
        self.kinds
            .iter()
            .map(|&(kind, one, many)| (one, many, self.lines.iter().filter(|f| f.kind() == kind).collect::<Vec<_>>()))
            .filter(|(_, _, rows)| !rows.is_empty())
            .collect()
    }

    /// Each failing kind counted (`3 rows, 1 column`).
    fn summary(&self) -> String {
        let counted: Vec<String> = self.groups().iter().map(|(one, many, rows)| count(rows.len(), one, many)).collect();
        counted.join(", ")
    }

    /// The first lines of each kind, one a row, and how many more the JSON lists.
    fn listing(&self) -> String {
        let mut s = String::new();
        for (one, many, rows) in self.groups() {
            for f in rows.iter().take(TEXT_LINES_PER_KIND) {
                s += &format!("  {}\n", f.text());
            }
            if rows.len() > TEXT_LINES_PER_KIND {
                s +=
                    &format!("  ... and {} more (all in --json)\n", count(rows.len() - TEXT_LINES_PER_KIND, one, many));
            }
        }
        s
    }

    /// One row per failing line under `header`: its kind's name, then its cells.
    fn csv(&self, header: &[&str]) -> Vec<Vec<String>> {
        let mut rows = vec![header.iter().map(|h| h.to_string()).collect()];
        for f in self.lines {
            let kind = self.kinds.iter().find(|k| k.0 == f.kind()).map_or("line", |k| k.1);
            rows.push([vec![kind.to_string()], f.cells()].concat());
        }
        rows
    }
}

/// The properties of a check, one a line: the name padded to 14 columns, then yes or no.
fn properties(holds: &[(&str, bool)]) -> String {
    holds.iter().map(|(name, b)| format!("{name:<14}{}\n", if *b { "yes" } else { "no" })).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(cube: Option<Vec<Vec<Vec<i64>>>>, square: Option<Vec<Vec<i64>>>) -> CheckRequest {
        CheckRequest { file: "-".into(), cube, square, text: None }
    }

    #[test]
    fn a_square_and_a_cube_are_checked_from_typed_numbers() {
        let lo_shu = vec![vec![2, 7, 6], vec![9, 5, 1], vec![4, 3, 8]];
        let Ok(CheckOutput::Square(r)) = run(&req(None, Some(lo_shu)), &Context::new()) else { panic!("a square") };
        assert!(r.normal && !r.pandiagonal && r.magic_sum == Some(15));
        let cube = crate::magic::construct(&crate::magic::ConstructRequest { order: 3 }, &Context::new()).unwrap();
        let Ok(CheckOutput::Cube(r)) = run(&req(Some(cube.cube), None), &Context::new()) else { panic!("a cube") };
        assert!(r.semi_perfect && r.magic_sum == Some(42));
    }

    #[test]
    fn bad_numbers_and_neither_or_both_are_bad_input() {
        let repeated = vec![vec![1, 1, 2], vec![3, 4, 5], vec![6, 7, 8]];
        let e = run(&req(None, Some(repeated)), &Context::new()).err().unwrap();
        assert_eq!(e.kind(), ErrorKind::BadInput);
        assert!(e.message().contains("repeated"), "{e}");
        let ragged = vec![vec![vec![1, 2], vec![3]], vec![vec![5, 6], vec![7, 8]]];
        assert_eq!(run(&req(Some(ragged), None), &Context::new()).err().unwrap().kind(), ErrorKind::BadInput);
        assert_eq!(run(&req(None, None), &Context::new()).err().unwrap().kind(), ErrorKind::BadInput);
        let both = req(Some(vec![]), Some(vec![]));
        assert_eq!(run(&both, &Context::new()).err().unwrap().kind(), ErrorKind::BadInput);
    }

    #[test]
    fn a_text_is_read_as_a_square_or_a_cube_and_named_in_errors() {
        let text =
            |t: &str, file: &str| CheckRequest { file: file.into(), cube: None, square: None, text: Some(t.into()) };
        let Ok(CheckOutput::Square(r)) = run(&text("2 7 6\n9 5 1\n4 3 8\n", "-"), &Context::new()) else {
            panic!("a square")
        };
        assert!(r.normal);
        let cube = "# order 2\n1 2\n3 4\n\n5 6\n7 8\n";
        let Ok(CheckOutput::Cube(r)) = run(&text(cube, "c.txt"), &Context::new()) else { panic!("a cube") };
        assert_eq!((r.order, r.semi_perfect), (2, false));
        let e = run(&text("1 2 x\n", "c.txt"), &Context::new()).err().unwrap();
        assert_eq!(e.kind(), ErrorKind::BadInput);
        assert!(e.message().starts_with("c.txt: "), "{e}");
        let e = run(&text("8 1 6/3 5 x", "-"), &Context::new()).err().unwrap();
        assert_eq!(e.message(), "row 2, cell 3: 'x' is not an integer");
        let Ok(CheckOutput::Square(r)) = run(&text("8 1 6/3 5 7/4 9 2", "-"), &Context::new()) else {
            panic!("Lo Shu on one line is a square")
        };
        assert!(r.normal);
        let Ok(CheckOutput::Cube(r)) = run(&text("1 2/3 4//5 6/7 8", "-"), &Context::new()) else {
            panic!("a cube on one line")
        };
        assert_eq!(r.order, 2);
    }

    #[test]
    fn the_dispatch_takes_the_numbers_as_json() {
        let input = serde_json::json!({ "square": [[2, 7, 6], [9, 5, 1], [4, 3, 8]] });
        let out = crate::run_any("magic check", input, &Context::new()).unwrap();
        let json = out.render(crate::Format::Json).unwrap();
        assert!(json.contains("\"kind\": \"magic-square-check\"") && json.contains("\"file\": \"-\""), "{json}");
        let refused = crate::run_any(
            "magic squares",
            serde_json::json!({ "order": 3 }),
            &Context::new().with_limits(crate::Limits::default()),
        );
        assert_eq!(refused.err().unwrap().kind(), ErrorKind::Refused);
    }
}
