//! The picture commands stop on their context's token or deadline, inside their long
//! loops (the optimal search, the census engines, the bounds), with `ErrorKind::Stopped`.

use super::*;
use crate::report::Report;
use crate::{run_any, Context, ErrorKind, Format, Limits};
use cubelab::run::{Progress, Stop};
use serde_json::json;
use std::sync::Arc;

/// A 3x3 board at the diameter (20 moves; docs/data/picture-3x3.json): hours of IDA*.
const HARD: &str = "UF DF DB / DF DF UB / DB UF DB";

/// Raises its token when a phase named `phase` starts (or at the first advance with
/// `phase` empty): the run is then inside its loop, with the token raised.
struct RaiseAt(&'static str, Stop);

impl Progress for RaiseAt {
    fn start(&self, phase: &str, _total: u64, _done: u64) {
        if !self.0.is_empty() && phase.starts_with(self.0) {
            self.1.request();
        }
    }

    fn advance(&self, _units: u64) {
        if self.0.is_empty() {
            self.1.request();
        }
    }
}

/// A context whose token `RaiseAt(phase)` raises.
fn raising_at(phase: &'static str) -> Context {
    let stop = Stop::new();
    Context::new().with_stop(stop.clone()).with_progress(Arc::new(RaiseAt(phase, stop)))
}

fn optimal(board: &str) -> SolveRequest {
    SolveRequest {
        board: board.into(),
        method: Method::Optimal,
        metric: Metric::Quarter,
        max_nodes: None,
        timeout: None,
    }
}

#[test]
fn a_raised_token_or_a_past_deadline_stops_the_optimal_solver_on_a_hard_3x3_board() {
    let ctx = Context::new();
    ctx.stop().request();
    let e = solve::run(&optimal(HARD), &ctx).err().expect("stopped");
    assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
    let late = Context::new().with_deadline(std::time::Instant::now());
    let e = run_any("picture solve", json!({"board": HARD, "method": "optimal"}), &late).err().expect("stopped");
    assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
}

#[test]
fn the_search_itself_looks_at_the_token() {
    // 3x2 boards: a small pattern database (2x2), searches of thousands of nodes. The
    // first board whose search takes more than the 4,096 nodes between two looks at the
    // token is stopped when the token is raised as its search starts.
    let board = (0..50)
        .map(|seed| cubelab::picture::board::Board::random_reachable(3, 2, seed).unwrap().to_string())
        .find(|b| matches!(solve::run(&optimal(b), &Context::new()).unwrap().how, solve::How::Search { nodes } if nodes > 5000))
        .expect("some 3x2 board takes more than 5000 nodes");
    let e = solve::run(&optimal(&board), &raising_at("searching")).err().expect("stopped");
    assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
    assert!(e.message().contains("stopped after 4096 nodes"), "{e}");
}

/// The census of an m x n picture cube on `engine`, with or without its work counted.
fn census_request(m: usize, n: usize, engine: Engine, work: bool) -> CensusRequest {
    CensusRequest {
        m,
        n,
        metric: None,
        group: None,
        row_moves: None,
        col_moves: None,
        engine,
        antipodes: None,
        watch: None,
        seed: 0,
        work,
    }
}

#[test]
fn a_census_stops_inside_a_layer_on_either_engine() {
    for engine in [Engine::TwoBit, Engine::Byte] {
        let req = census_request(3, 2, engine, false);
        let ctx = Context::new();
        ctx.stop().request();
        let e = census::run(&req, &ctx).err().expect("stopped");
        assert_eq!(e.kind(), ErrorKind::Stopped, "{engine:?}: {e}");
        // Raised at the first unit of work done: the engine sees it within its layer.
        let e = census::run(&req, &raising_at("")).err().expect("stopped");
        assert_eq!(e.kind(), ErrorKind::Stopped, "{engine:?}: {e}");
        assert!(e.message().contains("nothing was saved"), "{e}");
    }
    let late = Context::new().with_deadline(std::time::Instant::now());
    let e = run_any("picture census", json!({"m": 2, "n": 2}), &late).err().expect("stopped");
    assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
}

#[test]
fn bounds_stop_between_and_inside_the_last_column_solves() {
    let req = BoundsRequest { m: 2, n: 2, metric: Metric::Quarter, sample: 0, max_nodes: None, timeout: None };
    let e = bounds::run(&req, &raising_at("last columns")).err().expect("stopped");
    assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
    assert!(bounds::run(&req, &Context::new()).is_ok());
}

#[test]
fn the_json_of_each_request_renders_as_the_command_line_prints_it() {
    let out =
        run_any("picture solve", json!({"board": "FD UF / UF FD", "method": "optimal"}), &Context::new()).unwrap();
    let text = out.render(Format::Text).unwrap();
    assert!(text.starts_with("board:    FD UF / UF FD\nmethod:   optimal (IDA*, "), "{text}");
    let json = out.render(Format::Json).unwrap();
    assert!(json.starts_with("{\n  \"kind\": \"picture-solve\""), "{json}");
    let e =
        run_any("picture solve", json!({"board": "UF UF / UF UF", "method": "fast"}), &Context::new()).err().unwrap();
    assert_eq!(e.kind(), ErrorKind::BadInput);
    assert!(e.message().starts_with("'method': unknown variant `fast`"), "{e}");
    // Fields named in a message: bare in the message, as flags on the command line.
    let e = run_any("picture solve", json!({"board": "UF UF / UF UF", "max_nodes": 5}), &Context::new()).err().unwrap();
    assert_eq!(e.message(), "max_nodes and timeout limit the optimal search only (add method optimal)");
    let flag = |f: &str| format!("--{}", f.replace('_', "-"));
    assert_eq!(
        e.message_naming(&flag),
        "--max-nodes and --timeout limit the optimal search only (add --method optimal)"
    );
    let e = run_any("picture census", json!({"m": 2, "n": 2, "antipodes": 2, "engine": "byte"}), &Context::new());
    assert_eq!(e.err().unwrap().message(), "antipodes needs the two-bit engine (engine two-bit or auto)");
}

#[test]
fn limits_are_checked_on_the_typed_request() {
    let ctx = Context::new().with_limits(Limits::default());
    let refused = |path: &str, input: serde_json::Value| {
        let e = run_any(path, input.clone(), &ctx).err().unwrap_or_else(|| panic!("{path} {input} ran"));
        assert_eq!(e.kind(), ErrorKind::Refused, "{path} {input}: {e}");
        e.message().to_string()
    };
    let four = "UF UF UF UF / UF UF UF UF / UF UF UF UF / UF UF UF UF";
    assert_eq!(
        refused("picture solve", json!({"board": four, "method": "optimal"})),
        "a board of 16 cubes is too large for the optimal method in a request (at most 6 cubes, or 3 rows and 3 columns)"
    );
    // Issue 42: an optimal 3x3 solve needs no table (its pattern databases are 32 MB),
    // a 4x2 or 2x4 one (8 cubes) is still refused, and so is a subgroup 3x3 solve.
    let optimal = Some((crate::picture::Method::Optimal, Metric::Quarter));
    assert!(crate::limits::picture_board(HARD, optimal, &Limits::default(), None).is_ok());
    assert!(refused("picture solve", json!({"board": "UF UF / UF UF / UF UF / UF UF", "method": "optimal"}))
        .contains("at most 6 cubes, or 3 rows and 3 columns"));
    assert!(refused("picture solve", json!({"board": "UF UF UF UF / UF UF UF UF", "method": "optimal"}))
        .contains("(at most 6 cubes"));
    assert!(refused("picture solve", json!({"board": HARD, "method": "subgroup"})).contains("subgroup method"));
    assert!(refused("picture census", json!({"m": 3, "n": 3})).contains("too large"));
    assert!(refused("picture census", json!({"m": 2, "n": 2, "group": "S3"})).contains("group census"));
    assert!(refused("picture bounds", json!({"m": 2, "n": 2, "sample": 11})).contains("10 optimal solves"));
    assert!(refused("picture scramble", json!({"m": 2, "n": 2, "moves": 100_001})).contains("scramble moves"));
    // Local solves of large boards run; a board that does not parse is its own message.
    assert!(run_any("picture solve", json!({"board": four}), &ctx).is_ok());
    let e = run_any("picture check", json!({"board": "UF / XX"}), &ctx).err().unwrap();
    assert_eq!(e.kind(), ErrorKind::BadInput, "{e}");
    // A board of the context's distance table is a look-up, whatever its size.
    let (table_census, table) =
        DistanceTable::census((2, 2, Metric::Quarter), 1 << 30, &Default::default(), &Default::default()).unwrap();
    assert_eq!(table_census.census.states, 2u64.pow(3) * 12u64.pow(4));
    let small = Limits { optimal_cells: 3, optimal_side: 0, ..Limits::default() };
    let with_table = Context::new().with_limits(small).with_picture_table(Arc::new(table));
    let out = run_any("picture solve", json!({"board": "FD UF / UF FD", "method": "optimal"}), &with_table).unwrap();
    assert!(out.render(Format::Text).unwrap().contains("descent in the distance table"));
    let e =
        run_any("picture solve", json!({"board": "FD UF / UF FD", "method": "optimal", "metric": "half"}), &with_table);
    assert_eq!(e.err().unwrap().kind(), ErrorKind::Refused);
}

/// With `work`, the two-bit census reports its work (the same on any thread count; the
/// input echo and the rest of the report as without it); the byte engine refuses it.
#[test]
fn a_census_reports_its_work_when_asked() {
    let req = |engine, work| census_request(3, 1, engine, work);
    let ctx = Context::new();
    let plain = serde_json::to_value(census::run(&req(Engine::TwoBit, false), &ctx).unwrap()).unwrap();
    assert!(plain.get("work").is_none(), "{plain}");
    let with = census::run(&req(Engine::TwoBit, true), &ctx).unwrap();
    let w = with.work.expect("work reported");
    assert!(w.probes > 0 && w.canonical_forms > w.probes && w.table_bytes > 0, "{w:?}");
    let mut v = serde_json::to_value(&with).unwrap();
    v.as_object_mut().unwrap().remove("work");
    assert_eq!(v, plain);
    assert!(with.text().contains(&format!("work:     {} probes, {} canonical forms", w.probes, w.canonical_forms)));
    let e = census::run(&req(Engine::Byte, true), &ctx).err().expect("refused");
    assert_eq!(e.kind(), ErrorKind::BadInput, "{e}");
    assert!(e.message().contains("work"), "{e}");
}
