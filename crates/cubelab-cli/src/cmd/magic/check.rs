//! `cubelab magic check`: which properties a cube or a square has, which lines fail.

use crate::output::{render, FormatArgs, Report};
use anyhow::Context;
use cubelab::magic::cube::{LineKind, NumberCube};
use cubelab::magic::square::{check as check_square, Square, SquareKind, SquareLineKind, SquareVerdict};
use cubelab::magic::verify::{verify, Property, Verdict};
use cubelab::words::count;
use schemars::JsonSchema;
use serde::Serialize;

/// Arguments of `cubelab magic check`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cubelab magic check cube.txt
  cubelab magic construct --order 5 | cubelab magic check - --json
  printf '2 7 6\n9 5 1\n4 3 8\n' | cubelab magic check -     a square (the Lo Shu)

Input: a cube is n layers separated by blank lines, each n rows of n integers (spaces,
tabs or commas); '#' starts a comment line. The numbers must be A, A+D, ...,
A+(n³-1)D in some order, such as 1..n³. A single block of n rows of n >= 3 distinct
integers, without blank lines, is a square.")]
pub(super) struct CheckArgs {
    /// The cube or square file, or - for standard input.
    file: String,
    #[command(flatten)]
    format: FormatArgs,
}

/// The input of `cubelab magic check`.
#[derive(Serialize, JsonSchema)]
struct CheckInput {
    /// The cube file as given (`-` for standard input).
    file: String,
}

/// A line whose sum is not the magic sum.
#[derive(Serialize, JsonSchema)]
struct FailingRow {
    /// The kind of line.
    kind: LineKind,
    /// The line in words.
    line: String,
    /// 1-based [layer, row, cell] of each cell on the line.
    cells: Vec<[usize; 3]>,
    /// Its sum.
    sum: i128,
}

/// `cubelab magic check`: which properties a cube has, and which lines fail.
#[derive(Serialize, JsonSchema)]
struct CheckReport {
    /// Order n.
    order: usize,
    /// The magic sum, or null when it is not a whole number.
    magic_sum: Option<i128>,
    /// Rows, columns, pillars and the 4 triagonals are magic.
    semi_perfect: bool,
    /// Also the plane diagonals.
    diagonal: bool,
    /// Also the broken triagonals.
    pantriagonal: bool,
    /// Every line of the above.
    perfect: bool,
    /// Every failing line.
    failing_lines: Vec<FailingRow>,
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
        let yes = |b: bool| if b { "yes" } else { "no" };
        s += &format!("semi-perfect  {}\n", yes(self.semi_perfect));
        s += &format!("diagonal      {}\n", yes(self.diagonal));
        s += &format!("pantriagonal  {}\n", yes(self.pantriagonal));
        s += &format!("perfect       {}\n", yes(self.perfect));
        s += &match self.strongest() {
            Some(p) => format!("a {p} magic cube\n"),
            None => "not a magic cube: some rows, columns, pillars or triagonals are not magic\n".to_string(),
        };
        if self.failing_lines.is_empty() {
            s += "every line is magic, broken diagonals included\n";
            return s;
        }
        // Which kinds fail, each counted, in the verifier's order.
        let failing: Vec<(&str, &str, Vec<&FailingRow>)> = LINE_KINDS
            .iter()
            .map(|&(kind, one, many)| (one, many, self.failing_lines.iter().filter(|f| f.kind == kind).collect()))
            .filter(|(_, _, rows): &(_, _, Vec<_>)| !rows.is_empty())
            .collect();
        let summary: Vec<String> = failing.iter().map(|(one, many, rows)| count(rows.len(), one, many)).collect();
        s += &format!(
            "{} not sum to {sum}{}:\n  {}\n",
            count(self.failing_lines.len(), "line does", "lines do"),
            if self.semi_perfect { ", lines only the stronger properties need" } else { "" },
            summary.join(", ")
        );
        for (one, many, rows) in failing {
            for f in rows.iter().take(TEXT_LINES_PER_KIND) {
                s += &format!("  {} sums to {}\n", f.line, f.sum);
            }
            if rows.len() > TEXT_LINES_PER_KIND {
                s +=
                    &format!("  ... and {} more (all in --json)\n", count(rows.len() - TEXT_LINES_PER_KIND, one, many));
            }
        }
        s
    }

    /// One row per failing line: its kind, the line in words and its sum (a header only
    /// when every line is magic).
    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let mut rows = vec![["kind", "line", "sum"].map(String::from).to_vec()];
        for f in &self.failing_lines {
            let kind = LINE_KINDS.iter().find(|k| k.0 == f.kind).map_or("line", |k| k.1);
            rows.push(vec![kind.to_string(), f.line.clone(), f.sum.to_string()]);
        }
        Some(rows)
    }
}

pub(super) fn check(args: CheckArgs, ctx: &crate::api::Context) -> anyhow::Result<String> {
    let text = if args.file == "-" {
        ctx.read_stdin()?
    } else {
        cubelab::io::read_text(args.file.as_ref()).with_context(|| format!("cannot read '{}'", args.file))?
    };
    let name = if args.file == "-" { "stdin".to_string() } else { args.file.clone() };
    if is_square(&text) {
        let square = Square::parse(&text).with_context(|| name.clone())?;
        let verdict = check_square(&square);
        return render(&SquareCheckReport::new(&verdict), &CheckInput { file: args.file }, args.format.format());
    }
    let cube = NumberCube::parse(&text).with_context(|| name)?;
    render(&CheckReport::new(&verify(&cube)), &CheckInput { file: args.file }, args.format.format())
}

/// A square is one block of rows (no blank line between them) of at least 3 numbers;
/// a cube of order 3 or more has several blocks, and order 2 stays a cube.
fn is_square(text: &str) -> bool {
    let data: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.starts_with('#')).collect();
    let first = data.iter().position(|l| !l.is_empty());
    let last = data.iter().rposition(|l| !l.is_empty());
    let (Some(a), Some(b)) = (first, last) else { return false };
    let numbers = data[a].split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).count();
    numbers >= 3 && data[a..=b].iter().all(|l| !l.is_empty())
}

/// A line of a square that fails.
#[derive(Serialize, JsonSchema)]
struct SquareFailingRow {
    /// The kind of line: `"row"`, `"column"`, `"diagonal"`, `"broken-diagonal"` or
    /// `"pair"` (two cells symmetric about the centre).
    kind: SquareLineKind,
    /// The line in words.
    line: String,
    /// 1-based [row, cell] of each cell on the line.
    cells: Vec<[usize; 2]>,
    /// Its sum.
    sum: i128,
    /// The sum it should have.
    expected: i128,
}

/// `cubelab magic check` on a square: which kinds it is, and which lines fail.
#[derive(Serialize, JsonSchema)]
struct SquareCheckReport {
    /// Order n.
    order: usize,
    /// The magic sum (total / n), or null when it is not a whole number.
    magic_sum: Option<i128>,
    /// Rows and columns are magic.
    semi: bool,
    /// Also both main diagonals.
    normal: bool,
    /// Also every broken diagonal.
    pandiagonal: bool,
    /// Normal, and every two cells symmetric about the centre sum to the smallest plus
    /// the largest number.
    associative: bool,
    /// Every failing line and pair.
    failing_lines: Vec<SquareFailingRow>,
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
        let yes = |b: bool| if b { "yes" } else { "no" };
        s += &format!("semi          {}\n", yes(self.semi));
        s += &format!("normal        {}\n", yes(self.normal));
        s += &format!("pandiagonal   {}\n", yes(self.pandiagonal));
        s += &format!("associative   {}\n", yes(self.associative));
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
        let failing: Vec<(&str, &str, Vec<&SquareFailingRow>)> = SQUARE_LINE_KINDS
            .iter()
            .map(|&(kind, one, many)| (one, many, self.failing_lines.iter().filter(|f| f.kind == kind).collect()))
            .filter(|(_, _, rows): &(_, _, Vec<_>)| !rows.is_empty())
            .collect();
        let summary: Vec<String> = failing.iter().map(|(one, many, rows)| count(rows.len(), one, many)).collect();
        s += &format!(
            "{} fail: {}\n",
            count(self.failing_lines.len(), "line or pair", "lines or pairs"),
            summary.join(", ")
        );
        for (one, many, rows) in failing {
            for f in rows.iter().take(TEXT_LINES_PER_KIND) {
                s += &format!("  {} sums to {}, not {}\n", f.line, f.sum, f.expected);
            }
            if rows.len() > TEXT_LINES_PER_KIND {
                s +=
                    &format!("  ... and {} more (all in --json)\n", count(rows.len() - TEXT_LINES_PER_KIND, one, many));
            }
        }
        s
    }

    /// One row per failing line or pair: its kind, the line in words, its sum and the
    /// sum it should have.
    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let mut rows = vec![["kind", "line", "sum", "expected"].map(String::from).to_vec()];
        for f in &self.failing_lines {
            let kind = SQUARE_LINE_KINDS.iter().find(|k| k.0 == f.kind).map_or("line", |k| k.1);
            rows.push(vec![kind.to_string(), f.line.clone(), f.sum.to_string(), f.expected.to_string()]);
        }
        Some(rows)
    }
}

/// The schemas of `magic check`'s kinds.
#[cfg(test)]
pub(super) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<CheckReport>();
    out.add::<SquareCheckReport>();
}
