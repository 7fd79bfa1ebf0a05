//! `relations`: Sobczyk's relations over the 30 types, or the ground and ceiling layers of
//! one outer cube.

use crate::error::{Error, Result};
use crate::report::Report;
use crate::Context;
use cubelab::geometry::Face;
use cubelab::notation::{names_of, parse_cube};
use cubelab::relations::{self as rel, CornerList, GraphFacts, LayerList, Relation, TheoremCheck, TypeIndex};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The request of `relations`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct RelationsRequest {
    /// The outer cube whose layers are listed (any notation, orientation as written), or
    /// none for the relations.
    pub ground: Option<String>,
}

/// The input of `cubelab relations` (both kinds).
#[derive(Serialize, JsonSchema)]
pub struct Input {
    /// `--ground OC`: the outer cube whose layers are listed, or null for the relations.
    ground: Option<String>,
}

impl Input {
    /// The input echoed for a request.
    pub fn of(req: &RelationsRequest) -> Input {
        Input { ground: req.ground.clone() }
    }
}

/// One of the 30 types.
#[derive(Serialize, JsonSchema)]
pub struct TypeRow {
    /// Sobczyk's symbol.
    symbol: String,
    /// Kahan's type `K1`..`K30`.
    kahan: String,
    /// Conway's name (colors w=1 y=2 b=3 g=4 p=5 r=6), or null.
    conway: Option<String>,
    /// Faces U D F B L R over w y b g p r, white ceiling.
    faces: String,
}

/// One row of Table 1.
#[derive(Serialize, JsonSchema)]
pub struct Table1Row {
    /// The row's type.
    #[serde(rename = "type")]
    type_: String,
    /// One mark per column of `order`: "·" one-parallel, "×" incompatible, "" neither;
    /// right of the diagonal with the column type, left of it with its antitype.
    marks: Vec<String>,
}

/// Sobczyk's Table 1.
#[derive(Serialize, JsonSchema)]
pub struct Table1 {
    /// The column order.
    order: Vec<String>,
    /// The rows, in the same order.
    rows: Vec<Table1Row>,
}

/// `cubelab relations`: Sobczyk's relations over the 30 types.
#[derive(Serialize, JsonSchema)]
pub struct RelationsReport {
    /// The 30 types in Sobczyk's order.
    types: Vec<TypeRow>,
    /// Table 1.
    table_1: Table1,
    /// The antitype pairs.
    antitypes: Vec<[String; 2]>,
    /// The one-parallel pairs.
    one_parallel: Vec<[String; 2]>,
    /// Non-antitypical incompatible pairs.
    incompatible: Vec<[String; 2]>,
    /// Facts about the incompatibility graph.
    graph: GraphFacts,
    /// The size of the largest mutually incompatible set.
    largest_incompatible_set: usize,
    /// Sobczyk's theorems, checked.
    theorems: Vec<TheoremCheck>,
    /// The mutually incompatible five-sets as two partitions of the 30 types, the second
    /// the antitypes of the first, set by set.
    partitions: Vec<Vec<Vec<String>>>,
}

fn sorted_symbols(set: &[TypeIndex]) -> Vec<String> {
    let mut v = set.to_vec();
    v.sort_by_key(|&t| rel::sobczyk_key(t));
    v.iter().map(|&t| rel::symbol(t)).collect()
}

/// Pairs in Sobczyk's order: each pair's earlier type first, then by that type.
fn named_pairs(pairs: Vec<(TypeIndex, TypeIndex)>) -> Vec<[String; 2]> {
    let mut v: Vec<(TypeIndex, TypeIndex)> = pairs
        .into_iter()
        .map(|(a, b)| if rel::sobczyk_key(a) <= rel::sobczyk_key(b) { (a, b) } else { (b, a) })
        .collect();
    v.sort_by_key(|&(a, b)| (rel::sobczyk_key(a), rel::sobczyk_key(b)));
    v.into_iter().map(|(a, b)| [rel::symbol(a), rel::symbol(b)]).collect()
}

fn build_report() -> Result<RelationsReport> {
    let mut order: Vec<TypeIndex> = TypeIndex::all().collect();
    order.sort_by_key(|&t| rel::sobczyk_key(t));
    let types = order
        .iter()
        .map(|&t| {
            let c = rel::coloring(t);
            let names = names_of(&cubelab::macmahon::kahan_to_numbers(&c));
            TypeRow {
                symbol: rel::symbol(t),
                kahan: format!("K{}", t.index() + 1),
                conway: names.conway,
                faces: c.face_string(),
            }
        })
        .collect();
    let idx: Vec<TypeIndex> =
        rel::TABLE_1_ORDER.iter().map(|s| rel::index_of_symbol(s).expect("Sobczyk symbol")).collect();
    let rows = idx
        .iter()
        .enumerate()
        .map(|(i, &a)| Table1Row {
            type_: rel::symbol(a),
            marks: idx
                .iter()
                .enumerate()
                .map(|(j, &b)| {
                    if i == j {
                        String::new()
                    } else {
                        let b = if j > i { b } else { rel::antitype(b) };
                        rel::relation(a, b).mark().to_string().trim().to_string()
                    }
                })
                .collect(),
        })
        .collect();
    let [first, anti] = rel::five_set_partitions()?;
    let partitions =
        vec![first.iter().map(|s| sorted_symbols(s)).collect(), anti.iter().map(|s| sorted_symbols(s)).collect()];
    Ok(RelationsReport {
        types,
        table_1: Table1 { order: rel::TABLE_1_ORDER.iter().map(|s| s.to_string()).collect(), rows },
        antitypes: named_pairs(rel::pairs(Relation::Antitype)),
        one_parallel: named_pairs(rel::pairs(Relation::OneParallel)),
        incompatible: named_pairs(rel::incompatible_pairs(false)),
        graph: rel::graph_facts(),
        largest_incompatible_set: rel::largest_incompatible_set(),
        theorems: rel::check_theorems(),
        partitions,
    })
}

/// Words of `text` on lines of at most `width` characters, each starting with `indent`.
fn wrap(text: &str, indent: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::from(indent);
    for w in text.split_whitespace() {
        if line.len() > indent.len() && line.len() + 1 + w.len() > width {
            out += &line;
            out.push('\n');
            line = String::from(indent);
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line += w;
    }
    out + &line + "\n"
}

fn opt(v: Option<usize>) -> String {
    v.map_or_else(|| "not constant".to_string(), |d| d.to_string())
}

impl Report for RelationsReport {
    const KIND: &'static str = "relations";
    type Input = Input;

    fn text(&self) -> String {
        let mut s = String::from(
            "Sobczyk's Table 1: one-parallel (·) and incompatible (×) pairs of the 30 types.\n\
             Right of the diagonal: row type with column type. Left of it: row type with the\n\
             column type's antitype (labels at the foot). Priming both types keeps a relation,\n\
             and priming one keeps one-parallelism.\n\n",
        );
        let cell = |x: &str| format!("{x:>4}");
        s += &format!("{:<4}", "");
        for o in &self.table_1.order {
            s += &cell(o);
        }
        s += "\n";
        for r in &self.table_1.rows {
            s += &format!("{:<4}", r.type_);
            for m in &r.marks {
                s += &cell(m);
            }
            s += &format!("  {}\n", r.type_);
        }
        s += &format!("{:<4}", "");
        for o in &self.table_1.order {
            s += &cell(&format!("{o}'"));
        }
        s += "\n\n";
        let g = &self.graph;
        s += &format!(
            "Each type: 1 antitype, {} one-parallel, {} no-parallel compatible, and {} incompatible\n\
             (antitype included). Pairs: {} antitype, {} one-parallel, {} non-antitypical incompatible.\n",
            opt(g.one_parallel_valency),
            opt(g.no_parallel_compatible_valency),
            opt(g.valency),
            self.antitypes.len(),
            self.one_parallel.len(),
            self.incompatible.len()
        );
        let regular = match g.valency {
            Some(v) => format!("regular of valency {v}"),
            None => "not regular".to_string(),
        };
        s += &format!(
            "Incompatibility graph: {} vertices, {} edges ({} of them antitype pairs), {regular}.\n\n",
            g.vertices, g.edges, g.antitype_edges
        );
        for t in &self.theorems {
            let verdict = match &t.counterexample {
                None => "holds".to_string(),
                Some(c) => format!("FAILS: {c}"),
            };
            s += &format!("{} ({} block/o.c. pairs): {verdict}.\n{}", t.name, t.pairs, wrap(&t.statement, "  ", 88));
        }
        let n: usize = self.partitions.iter().map(|p| p.len()).sum();
        s += &format!(
            "\n{n} mutually incompatible sets of five (no set of {} exists), forming two partitions\n\
             of the 30 types; the second is the first with every type replaced by its antitype:\n",
            self.largest_incompatible_set + 1
        );
        for (k, p) in self.partitions.iter().enumerate() {
            s += &format!("  partition {}:\n", k + 1);
            for set in p {
                s += &format!("    {}\n", set.join(" "));
            }
        }
        s
    }
}

/// `cubelab relations --ground OC`: the types fitting each corner of the o.c.'s layers.
#[derive(Serialize, JsonSchema)]
pub struct GroundReport {
    /// The layer lists.
    #[serde(flatten)]
    list: LayerList,
    /// The o.c.'s Conway name, or null.
    conway: Option<String>,
    /// Side colors as drawn: back (top), left, right, front (bottom).
    sides: [String; 4],
}

fn square(title: &str, corners: &[CornerList], sides: &[String; 4]) -> String {
    const W: usize = 15;
    let line = format!("    +{}+{}+\n", "-".repeat(W), "-".repeat(W));
    let row = |a: &[String], b: &[String]| format!("    | {:<w$}| {:<w$}|\n", a.join(" "), b.join(" "), w = W - 1);
    let mut s = format!("{title}\n{:>w$}\n", sides[0], w = 5 + W)
        + &line
        + &row(&corners[0].one_parallel, &corners[1].one_parallel)
        + &row(&corners[0].no_parallel, &corners[1].no_parallel);
    s += &format!(" {:<3}+{}+{}+  {}\n", sides[1], "-".repeat(W), "-".repeat(W), sides[2]);
    s += &row(&corners[2].one_parallel, &corners[3].one_parallel);
    s += &row(&corners[2].no_parallel, &corners[3].no_parallel);
    s += &line;
    s += &format!("{:>w$}\n", sides[3], w = 5 + W);
    s
}

impl Report for GroundReport {
    const KIND: &'static str = "relations-ground";
    type Input = Input;

    fn text(&self) -> String {
        let l = &self.list;
        let conway = self.conway.as_ref().map(|c| format!(", Conway {c}")).unwrap_or_default();
        let mut s = format!(
            "Outer cube {}{conway}: faces U D F B L R = {}\n\
             Which types fit each corner, seen from above with the back at the top. Upper line:\n\
             one-parallel types; lower line: no-parallel types. {} itself fits every corner.\n\n",
            l.outer_cube, l.faces, l.outer_cube
        );
        s += &square("Ground layer (corners DBL DBR / DFL DFR)", &l.ground, &self.sides);
        s += "\n";
        s += &square("Ceiling layer (corners UBL UBR / UFL UFR)", &l.ceiling, &self.sides);
        s
    }
}

/// The report of `relations`: the relations, or one outer cube's layers (`ground`).
pub enum RelationsOutput {
    /// The relations, Table 1 and the theorems.
    Relations(Box<RelationsReport>),
    /// The layers of the outer cube `ground`.
    Ground(Box<GroundReport>),
}

/// Runs `relations`.
pub fn run(req: &RelationsRequest, _ctx: &Context) -> Result<RelationsOutput> {
    match &req.ground {
        Some(token) => {
            let oc = parse_cube(token)?;
            let list = rel::layer_list(&oc).map_err(|e| Error::from(e).about("ground", format!("'{token}'")))?;
            let letters = rel::to_letters(&oc)?;
            let sides = [Face::B, Face::L, Face::R, Face::F].map(|f| letters.color(f).to_char().to_string());
            let conway = names_of(&cubelab::macmahon::kahan_to_numbers(&letters)).conway;
            Ok(RelationsOutput::Ground(Box::new(GroundReport { list, conway, sides })))
        }
        None => Ok(RelationsOutput::Relations(Box::new(build_report()?))),
    }
}
