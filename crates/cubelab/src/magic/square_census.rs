//! The census of magic squares of orders 3 to 5: counts (all squares, and essentially
//! different ones up to the 8 rotations and reflections), squares by centre, Dudeney's
//! groups of order 4, the squares themselves in Frénicle's standard form; run in task
//! order through [`crate::run::run_batches`] (progress, stop, checkpoint and resume),
//! split into shards and merged like the other censuses.
//!
//! Two methods ([`SquareMethod`]): **diagonals**, the fast counter of
//! `super::square_diagonals` (normal, associative and pandiagonal squares), and
//! **backtrack**, plain backtracking with line-sum pruning (every kind), which checks it.

use super::square::{frenicle, pair_pattern, SquareKind};
use super::square_backtrack::Backtrack;
use super::square_diagonals::{coset_images, Diagonals, Reduction, Table, Task};
use crate::census::shard::{chunked, in_shard_order, open_part, seal_of, Shard};
use crate::histogram::Bin;
use crate::run::{run_batches, Batches, Options};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ops::Range;

/// How the squares are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum SquareMethod {
    /// Diagonals first, then the two halves joined by masks of used numbers, one square
    /// per orbit of a symmetry group (fast; normal, associative, pandiagonal).
    Diagonals,
    /// Plain backtracking over the cells in reading order with line-sum pruning (every kind).
    Backtrack,
}

impl SquareMethod {
    /// The name as the command line and the JSON spell it.
    pub fn name(self) -> &'static str {
        match self {
            SquareMethod::Diagonals => "diagonals",
            SquareMethod::Backtrack => "backtrack",
        }
    }

    /// Parses a method name.
    pub fn from_name(s: &str) -> Result<SquareMethod> {
        match s {
            "diagonals" => Ok(SquareMethod::Diagonals),
            "backtrack" => Ok(SquareMethod::Backtrack),
            _ => Err(Error::unknown(format!("unknown method '{s}': expected 'diagonals' or 'backtrack'"))),
        }
    }

    /// The default method for a kind: diagonals where it applies, else backtracking.
    pub fn default_for(kind: SquareKind) -> SquareMethod {
        if kind == SquareKind::Semi {
            SquareMethod::Backtrack
        } else {
            SquareMethod::Diagonals
        }
    }
}

/// A cell given in advance (1-based row and cell).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FixedCell {
    /// Row, from 1 at the top.
    pub row: usize,
    /// Cell in the row, from 1 at the left.
    pub cell: usize,
    /// The number it holds.
    pub value: u8,
}

impl FixedCell {
    /// Parses `R,C=V` (1-based row and cell).
    pub fn parse(s: &str) -> Result<FixedCell> {
        let bad = || Error::malformed(format!("fixed cell '{s}' is not ROW,CELL=VALUE (such as 3,3=13)"));
        let (pos, value) = s.split_once('=').ok_or_else(bad)?;
        let (row, cell) = pos.split_once(',').ok_or_else(bad)?;
        Ok(FixedCell {
            row: row.trim().parse().map_err(|_| bad())?,
            cell: cell.trim().parse().map_err(|_| bad())?,
            value: value.trim().parse().map_err(|_| bad())?,
        })
    }
}

impl std::fmt::Display for FixedCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}={}", self.row, self.cell, self.value)
    }
}

/// What to count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareSpec {
    /// The order n (3 to 5).
    pub order: usize,
    /// The kind of square.
    pub kind: SquareKind,
    /// The method.
    pub method: SquareMethod,
    /// Cells given in advance (then every square with them is counted, without symmetry).
    pub fixed: Vec<FixedCell>,
    /// The part of the tasks to run.
    pub shard: Shard,
    /// Dudeney's groups (order 4, normal, whole census only).
    pub classes: bool,
}

/// One of Dudeney's groups of the order-4 squares: a pattern of complementary pairs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PatternClass {
    /// Dudeney's numeral(s): `"I"`, …, or `"IV or V"` when the group's size and
    /// properties do not single one out.
    pub dudeney: String,
    /// Squares of the group in Frénicle's standard form.
    pub count: u64,
    /// Whether its squares are pandiagonal.
    pub pandiagonal: bool,
    /// Whether its squares are associative.
    pub associative: bool,
    /// The pattern: for each cell (row by row), the 1-based cell holding its complement
    /// 17 − v, in the least of the 8 orientations.
    pub partners: Vec<u8>,
    /// Its first square in Frénicle order.
    pub example: Vec<u8>,
}

/// The result of a census of magic squares.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SquareCensus {
    /// The order n.
    pub order: usize,
    /// The kind of square.
    pub square_kind: SquareKind,
    /// The method used.
    pub method: SquareMethod,
    /// Cells given in advance (1-based); empty for a full census.
    pub fixed: Vec<FixedCell>,
    /// The shard run (`"I/N"`), or null for the whole census.
    pub shard: Option<String>,
    /// Tasks run (in this shard).
    pub tasks: u64,
    /// Essentially different squares (up to the 8 rotations and reflections; those in
    /// Frénicle's standard form); null when cells are fixed.
    pub count: Option<u64>,
    /// All squares (8 times `count` for a full census).
    pub total: u64,
    /// All squares by the number in the centre (odd orders; value ascending).
    pub by_centre: Vec<Bin>,
    /// Dudeney's groups (order 4 with classes), by size then numeral; else null.
    pub classes: Option<Vec<PatternClass>>,
    /// A shard's seal: the [`Checksum`](crate::io::Checksum) of the compact JSON of the rest of the report
    /// (16 hexadecimal digits); null for a whole census.
    pub checksum: Option<String>,
}

/// Partial results, folded in task order.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Partial {
    total: u64,
    count: u64,
    by_centre: BTreeMap<u64, u64>,
}

impl Partial {
    fn merge(mut self, other: Partial) -> Partial {
        self.total += other.total;
        self.count += other.count;
        for (k, v) in other.by_centre {
            *self.by_centre.entry(k).or_default() += v;
        }
        self
    }
}

/// Tasks per parallel chunk.
const CHUNK: u64 = 64;
/// Tasks per batch (progress, stop requests and checkpoints come between batches).
const BATCH: u64 = 4096;

/// The prepared search of a spec.
enum Engine {
    Diagonals(Diagonals, Vec<Task>),
    Backtrack(Backtrack, Vec<[u8; 2]>),
}

/// Checks a spec and returns the fixed cells as (index, value).
fn validate(spec: &SquareSpec) -> Result<Vec<(usize, u8)>> {
    let n = spec.order;
    if !(3..=5).contains(&n) {
        return Err(Error::out_of_range(format!("order {n}: magic squares are counted for orders 3 to 5")));
    }
    if spec.kind == SquareKind::Semi && n == 5 {
        return Err(Error::out_of_range(
            "semi-magic squares of order 5 are not counted (about 5.8e11 of them; this counter enumerates them one by one)",
        ));
    }
    if spec.method == SquareMethod::Diagonals && spec.kind == SquareKind::Semi {
        return Err(Error::out_of_range("the diagonals method needs the diagonals magic; semi squares use backtrack"));
    }
    if spec.classes && (n != 4 || spec.kind != SquareKind::Normal || !spec.fixed.is_empty() || spec.shard != Shard::ALL)
    {
        return Err(Error::out_of_range(
            "Dudeney's groups exist for the whole census of normal squares of order 4 only",
        ));
    }
    let mut fixed = Vec::new();
    let mut values = 0u32;
    for (k, f) in spec.fixed.iter().enumerate() {
        if !(1..=n).contains(&f.row) || !(1..=n).contains(&f.cell) {
            return Err(Error::out_of_range(format!("fixed cell {} ({f}): row and cell must be 1 to {n}", k + 1)));
        }
        if !(1..=(n * n) as u8).contains(&f.value) {
            return Err(Error::out_of_range(format!("fixed cell {} ({f}): the value must be 1 to {}", k + 1, n * n)));
        }
        let i = (f.row - 1) * n + f.cell - 1;
        if fixed.iter().any(|&(j, _)| j == i) || values & (1 << f.value) != 0 {
            return Err(Error::malformed(format!("fixed cell {} ({f}) repeats a cell or a value", k + 1)));
        }
        values |= 1 << f.value;
        fixed.push((i, f.value));
    }
    if spec.method == SquareMethod::Diagonals && !Diagonals::supports(n, &fixed) {
        return Err(Error::out_of_range("the diagonals method can fix only cells on the two diagonals"));
    }
    Ok(fixed)
}

impl Engine {
    fn new(spec: &SquareSpec, fixed: &[(usize, u8)]) -> Engine {
        let n = spec.order;
        match spec.method {
            SquareMethod::Diagonals => {
                let d = Diagonals::new(n, spec.kind, fixed);
                let tasks = d.tasks();
                Engine::Diagonals(d, tasks)
            }
            SquareMethod::Backtrack => {
                let n2 = (n * n) as u8;
                let tasks = (1..=n2).flat_map(|a| (1..=n2).filter(move |&b| b != a).map(move |b| [a, b])).collect();
                Engine::Backtrack(Backtrack::new(n, spec.kind, fixed), tasks)
            }
        }
    }

    fn len(&self) -> u64 {
        match self {
            Engine::Diagonals(_, t) => t.len() as u64,
            Engine::Backtrack(_, t) => t.len() as u64,
        }
    }

    /// Runs tasks `r`, with every essentially different square (every square when cells
    /// are fixed) appended to `list` when listing.
    fn run(&self, n: usize, r: Range<u64>, fixed: bool, mut list: Option<&mut Vec<u8>>) -> Partial {
        let mut p = Partial::default();
        let centre = |cells: &[u8]| if n % 2 == 1 { cells[n * n / 2] as u64 } else { 0 };
        let n2 = (n * n) as u8;
        match self {
            Engine::Diagonals(d, tasks) => {
                let mut table = Table::new();
                let mult = d.reduction.multiplier(n);
                for task in &tasks[r.start as usize..r.end as usize] {
                    let w = d.weight(task);
                    let found = match list.as_deref_mut() {
                        None => d.count(task, &mut table, None),
                        Some(out) => {
                            let mut emit = |cells: &[u8]| {
                                let mut push = |c: &[u8]| {
                                    if fixed {
                                        out.extend_from_slice(c)
                                    } else {
                                        out.extend(frenicle(n, c))
                                    }
                                };
                                let images: Vec<Vec<u8>> = match d.reduction {
                                    Reduction::Group32 => coset_images(n, cells).to_vec(),
                                    _ => vec![cells.to_vec()],
                                };
                                for img in &images {
                                    push(img);
                                }
                                if w == 2 {
                                    for img in &images {
                                        push(&img.iter().map(|&v| n2 + 1 - v).collect::<Vec<u8>>());
                                    }
                                }
                            };
                            d.count(task, &mut table, Some(&mut emit))
                        }
                    };
                    let squares = found * mult;
                    p.total += w * squares;
                    if n % 2 == 1 {
                        *p.by_centre.entry(task[0] as u64).or_default() += squares;
                        if w == 2 {
                            *p.by_centre.entry(n2 as u64 + 1 - task[0] as u64).or_default() += squares;
                        }
                    }
                }
                if !fixed {
                    p.count = p.total / 8;
                }
            }
            Engine::Backtrack(b, tasks) => {
                for task in &tasks[r.start as usize..r.end as usize] {
                    b.count(task, &mut |cells| {
                        p.total += 1;
                        if n % 2 == 1 {
                            *p.by_centre.entry(centre(cells)).or_default() += 1;
                        }
                        let standard = !fixed && frenicle(n, cells) == cells;
                        p.count += u64::from(standard);
                        if let Some(out) = list.as_deref_mut() {
                            if standard || fixed {
                                out.extend_from_slice(cells);
                            }
                        }
                    });
                }
            }
        }
        p
    }
}

/// A receiver of listed squares (cells row by row), called in task order.
pub type ListFn<'a> = dyn Fn(&[u8]) + Sync + 'a;

/// A short name of the census for messages and checkpoints.
fn describe(spec: &SquareSpec) -> String {
    let fixed: Vec<String> = spec.fixed.iter().map(|f| f.to_string()).collect();
    format!(
        "{} magic squares of order {} ({}{}{})",
        spec.kind.name(),
        spec.order,
        spec.method.name(),
        if fixed.is_empty() { String::new() } else { format!(", fixed {}", fixed.join(" ")) },
        if spec.shard == Shard::ALL { String::new() } else { format!(", shard {}", spec.shard) }
    )
}

/// Counts the squares of `spec` (see the module documentation), reporting to `opts`.
/// With `list`, every essentially different square found (every square when cells are
/// fixed) is given to it, cells row by row, in Frénicle's standard form, in task order
/// (the same for every thread count).
pub fn census(spec: &SquareSpec, opts: &Options<'_>, list: Option<&ListFn<'_>>) -> Result<SquareCensus> {
    let fixed = validate(spec)?;
    let n = spec.order;
    let engine = Engine::new(spec, &fixed);
    let all = engine.len();
    let range = spec.shard.range(all);
    let label = describe(spec);
    let fingerprint = format!("{label} tasks={all}");
    let job =
        Batches { kind: "magic-squares", fingerprint: &fingerprint, label: &label, range: range.clone(), batch: BATCH };
    let is_fixed = !fixed.is_empty();
    let work = |r: Range<u64>| {
        let parts = chunked(r, CHUNK, |r| {
            let mut out = Vec::new();
            let p = engine.run(n, r, is_fixed, list.is_some().then_some(&mut out));
            (p, out)
        });
        let mut acc = Partial::default();
        for (p, out) in parts {
            if let Some(f) = list {
                out.chunks(n * n).for_each(f);
            }
            acc = acc.merge(p);
        }
        acc
    };
    let p = run_batches(&job, opts, Partial::default(), work, Partial::merge)?;
    let classes = if spec.classes { Some(dudeney_classes(&engine, n)) } else { None };
    let mut report = SquareCensus {
        order: n,
        square_kind: spec.kind,
        method: spec.method,
        fixed: spec.fixed.clone(),
        shard: (spec.shard != Shard::ALL).then(|| spec.shard.to_string()),
        tasks: range.end - range.start,
        count: (!is_fixed).then_some(p.count),
        total: p.total,
        by_centre: p.by_centre.iter().filter(|(_, &c)| c > 0).map(|(&value, &count)| Bin { value, count }).collect(),
        classes,
        checksum: None,
    };
    if spec.shard != Shard::ALL {
        report.checksum = Some(report.content_checksum()?);
    }
    Ok(report)
}

/// Dudeney's numerals of the groups of each size (Amusements in Mathematics, 1917):
/// the sizes 48, 96, 304, 56 and 8 in his numbering.
const DUDENEY: [(u64, &[&str]); 5] = [
    (48, &["I", "II", "III"]),
    (96, &["IV", "V"]),
    (304, &["VI"]),
    (56, &["VII", "VIII", "X", "XII"]),
    (8, &["IX", "XI"]),
];

/// The order-4 squares grouped by their complementary-pair pattern (Dudeney's groups).
fn dudeney_classes(engine: &Engine, n: usize) -> Vec<PatternClass> {
    let mut squares = Vec::new();
    engine.run(n, 0..engine.len(), false, Some(&mut squares));
    let mut groups: BTreeMap<[u8; 16], Vec<Vec<u8>>> = BTreeMap::new();
    for sq in squares.chunks(16) {
        groups.entry(pair_pattern(sq)).or_default().push(sq.to_vec());
    }
    let mut classes: Vec<PatternClass> = groups
        .into_iter()
        .map(|(pattern, mut sqs)| {
            sqs.sort();
            let pandiagonal = sqs.iter().all(|s| super::square::is_kind(4, s, SquareKind::Pandiagonal));
            let associative = sqs.iter().all(|s| super::square::is_kind(4, s, SquareKind::Associative));
            let count = sqs.len() as u64;
            let names = DUDENEY.iter().find(|(size, _)| *size == count).map(|(_, names)| *names).unwrap_or(&[]);
            let dudeney = match (count, pandiagonal, associative) {
                (48, true, _) => "I".to_string(),
                (48, _, true) => "III".to_string(),
                (48, _, _) => "II".to_string(),
                _ if names.is_empty() => "none (not a size of Dudeney's groups)".to_string(),
                _ => names.join(" or "),
            };
            PatternClass {
                dudeney,
                count,
                pandiagonal,
                associative,
                partners: pattern.iter().map(|&p| p + 1).collect(),
                example: sqs[0].clone(),
            }
        })
        .collect();
    const NUMERALS: [&str; 12] = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"];
    let rank = |c: &PatternClass| {
        let first = c.dudeney.split(" or ").next().unwrap_or("");
        NUMERALS.iter().position(|&d| d == first).unwrap_or(NUMERALS.len())
    };
    classes.sort_by(|a, b| (rank(a), &a.partners).cmp(&(rank(b), &b.partners)));
    classes
}

impl SquareCensus {
    /// Reads a report from the JSON `magic squares` printed (envelope keys are ignored).
    pub fn from_json(text: &str) -> Result<SquareCensus> {
        serde_json::from_str(text).map_err(|e| {
            Error::malformed(format!(
                "not the JSON output of a magic squares census: {}",
                e.to_string().replace('\n', " ")
            ))
        })
    }

    fn content_checksum(&self) -> Result<String> {
        seal_of(&SquareCensus { checksum: None, ..self.clone() })
    }
}

/// Merges the reports of every shard `1/N … N/N` of one census (each with a name for
/// messages, in any order) into exactly the report of the whole census; refuses, in one
/// line naming the part, a whole census, a missing or wrong seal, another census, or a
/// shard missing or given twice.
pub fn merge<S: AsRef<str>>(parts: &[(S, SquareCensus)]) -> Result<SquareCensus> {
    let mut opened = Vec::with_capacity(parts.len());
    for (name, r) in parts {
        let name = name.as_ref();
        let shard = open_part(name, r.shard.as_deref(), r.checksum.as_deref(), || r.content_checksum())?;
        opened.push((shard, name, r));
    }
    let indexed = in_shard_order(opened, |r, head| {
        (r.order, r.square_kind, r.method, &r.fixed) == (head.order, head.square_kind, head.method, &head.fixed)
    })?;
    let head = indexed[0].2;
    let mut by_centre: BTreeMap<u64, u64> = BTreeMap::new();
    for (_, _, r) in &indexed {
        for b in &r.by_centre {
            *by_centre.entry(b.value).or_default() += b.count;
        }
    }
    Ok(SquareCensus {
        order: head.order,
        square_kind: head.square_kind,
        method: head.method,
        fixed: head.fixed.clone(),
        shard: None,
        tasks: indexed.iter().map(|(_, _, r)| r.tasks).sum(),
        count: head.count.map(|_| indexed.iter().map(|(_, _, r)| r.count.unwrap_or(0)).sum()),
        total: indexed.iter().map(|(_, _, r)| r.total).sum(),
        by_centre: by_centre.into_iter().map(|(value, count)| Bin { value, count }).collect(),
        classes: None,
        checksum: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(order: usize, kind: SquareKind, method: SquareMethod) -> SquareSpec {
        SquareSpec { order, kind, method, fixed: vec![], shard: Shard::ALL, classes: false }
    }

    fn run(s: &SquareSpec) -> SquareCensus {
        census(s, &Options::default(), None).unwrap()
    }

    #[test]
    fn both_methods_agree_on_orders_three_and_four() {
        for n in [3, 4] {
            for kind in [SquareKind::Normal, SquareKind::Associative, SquareKind::Pandiagonal] {
                let a = run(&spec(n, kind, SquareMethod::Diagonals));
                let b = run(&spec(n, kind, SquareMethod::Backtrack));
                assert_eq!((a.count, a.total, &a.by_centre), (b.count, b.total, &b.by_centre), "order {n} {kind:?}");
            }
        }
        let four = run(&spec(4, SquareKind::Normal, SquareMethod::Diagonals));
        assert_eq!((four.count, four.total), (Some(880), 7040));
        let three = run(&spec(3, SquareKind::Normal, SquareMethod::Diagonals));
        assert_eq!((three.count, three.total), (Some(1), 8));
        let semi = run(&spec(3, SquareKind::Semi, SquareMethod::Backtrack));
        assert_eq!((semi.count, semi.total), (Some(9), 72));
    }

    #[test]
    fn listing_gives_every_square_once_in_standard_form() {
        for method in [SquareMethod::Diagonals, SquareMethod::Backtrack] {
            let seen = std::sync::Mutex::new(Vec::new());
            let list = |c: &[u8]| seen.lock().unwrap().push(c.to_vec());
            let r = census(&spec(4, SquareKind::Normal, method), &Options::default(), Some(&list)).unwrap();
            let mut seen = seen.into_inner().unwrap();
            assert_eq!(seen.len() as u64, r.count.unwrap());
            assert!(seen
                .iter()
                .all(|c| frenicle(4, c) == *c && super::super::square::is_kind(4, c, SquareKind::Normal)));
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), 880);
        }
    }

    #[test]
    fn dudeney_groups() {
        let r = run(&SquareSpec { classes: true, ..spec(4, SquareKind::Normal, SquareMethod::Diagonals) });
        let classes = r.classes.unwrap();
        let sizes: Vec<u64> = classes.iter().map(|c| c.count).collect();
        assert_eq!(classes.len(), 12, "{sizes:?}");
        assert_eq!(sizes.iter().sum::<u64>(), 880);
        let mut sorted = sizes.clone();
        sorted.sort();
        assert_eq!(sorted, [8, 8, 48, 48, 48, 56, 56, 56, 56, 96, 96, 304]);
    }

    #[test]
    fn shards_merge_to_the_whole() {
        let whole = run(&spec(4, SquareKind::Normal, SquareMethod::Diagonals));
        let parts: Vec<(String, SquareCensus)> = (1..=3)
            .map(|i| {
                let s = SquareSpec {
                    shard: Shard { index: i, count: 3 },
                    ..spec(4, SquareKind::Normal, SquareMethod::Diagonals)
                };
                (format!("part {i}"), run(&s))
            })
            .collect();
        assert_eq!(merge(&parts).unwrap(), whole);
        let mut edited = parts.clone();
        edited[1].1.total += 1;
        assert!(merge(&edited).unwrap_err().message().contains("checksum"));
        assert!(merge(&parts[..2]).is_err());
    }

    #[test]
    fn fixed_cells_agree_on_order_four() {
        let fixed = vec![FixedCell { row: 1, cell: 1, value: 3 }, FixedCell { row: 2, cell: 3, value: 7 }];
        let a = run(&SquareSpec { fixed: fixed.clone(), ..spec(4, SquareKind::Normal, SquareMethod::Diagonals) });
        let b = run(&SquareSpec { fixed, ..spec(4, SquareKind::Normal, SquareMethod::Backtrack) });
        assert_eq!((a.total, a.count), (b.total, None));
        assert!(a.total > 0);
    }

    /// The order-5 shard agreement (release build: `cargo test --release -- --ignored`).
    #[test]
    #[ignore]
    fn fixed_cells_agree_on_order_five() {
        // Centre 13, main diagonal 1, 2, 13, 25, 24 and 3 top right: 56 squares, found by
        // backtracking in about 30 s of CPU.
        let fixed =
            ["3,3=13", "1,1=1", "2,2=2", "4,4=25", "5,5=24", "1,5=3"].map(|f| FixedCell::parse(f).unwrap()).to_vec();
        let a = run(&SquareSpec { fixed: fixed.clone(), ..spec(5, SquareKind::Normal, SquareMethod::Diagonals) });
        let b = run(&SquareSpec { fixed, ..spec(5, SquareKind::Normal, SquareMethod::Backtrack) });
        assert_eq!((a.total, b.total), (56, 56));
    }

    #[test]
    fn bad_specs_are_refused() {
        assert!(census(&spec(6, SquareKind::Normal, SquareMethod::Diagonals), &Options::default(), None).is_err());
        assert!(census(&spec(4, SquareKind::Semi, SquareMethod::Diagonals), &Options::default(), None).is_err());
        assert!(census(&spec(5, SquareKind::Semi, SquareMethod::Backtrack), &Options::default(), None).is_err());
        let off = SquareSpec {
            fixed: vec![FixedCell { row: 1, cell: 2, value: 3 }],
            ..spec(4, SquareKind::Normal, SquareMethod::Diagonals)
        };
        assert!(census(&off, &Options::default(), None).is_err());
        assert!(FixedCell::parse("3,3").is_err());
        assert_eq!(FixedCell::parse("3,3=13").unwrap(), FixedCell { row: 3, cell: 3, value: 13 });
    }
}
