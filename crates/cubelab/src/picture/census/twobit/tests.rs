//! The two-bit census against the byte census and a brute-force search; stop and resume.

use super::*;
use crate::picture::board::{Board, Metric};
use crate::picture::census::{cube_puzzle, cube_symmetry, Table};
use crate::run::{NoProgress, Progress, SavePolicy, Stop};

fn twobit(m: usize, n: usize, metric: Metric) -> TwoBitCensus {
    let puzzle = cube_puzzle(m, n, metric);
    run(&puzzle, &cube_symmetry(), 1 << 30, &Options::default(), &Checkpointing::default(), 3, &[]).unwrap()
}

fn bytes(m: usize, n: usize, metric: Metric) -> Census {
    Table::build(&cube_puzzle(m, n, metric), 1 << 32, &NoProgress).unwrap().census().clone()
}

/// The expansion cost's counts, not its times (the example `picture_expansion_cost`
/// measures those): 2x2 has 8 quarter turns, and some of the entries sampled are classes.
#[test]
fn expansion_cost_samples_entries_and_counts_moves() {
    let cost = expansion_cost(&cube_puzzle(2, 2, Metric::Quarter), &cube_symmetry(), 1000).unwrap();
    assert_eq!(cost.moves, 8);
    assert!(cost.canonical_share > 0.0 && cost.canonical_share <= 1.0, "{cost:?}");
}

#[test]
fn small_boards_match_the_byte_census() {
    for (m, n) in [(1, 1), (2, 1), (1, 2), (3, 1), (2, 2), (4, 1), (1, 3)] {
        for metric in [Metric::Quarter, Metric::Half] {
            let t = twobit(m, n, metric);
            assert_eq!(t.census, bytes(m, n, metric), "{m}x{n} {metric:?}");
            assert_eq!(Some(t.census.states), crate::picture::census::reachable_count(m, n));
            assert!(!t.antipodes.is_empty() && t.antipodes.len() <= 3);
        }
    }
}

#[test]
#[ignore = "seconds in release; run with --ignored"]
fn larger_boards_match_the_byte_census() {
    for (m, n) in [(3, 2), (2, 3), (5, 1), (6, 1)] {
        assert_eq!(twobit(m, n, Metric::Quarter).census, bytes(m, n, Metric::Quarter), "{m}x{n}");
    }
    assert_eq!(twobit(3, 2, Metric::Half).census, bytes(3, 2, Metric::Half));
}

#[test]
fn progress_covers_every_layer_in_one_phase() {
    // The prepare pass is a phase of table entries; then one phase of all the classes,
    // each counted once (as its layer's frontier), ends exactly at its total.
    let phases = crate::run::Phases::default();
    let opts = Options { progress: &phases, ..Options::default() };
    let t =
        run(&cube_puzzle(3, 1, Metric::Quarter), &cube_symmetry(), 1 << 30, &opts, &Checkpointing::default(), 0, &[])
            .unwrap();
    let seen = phases.seen();
    assert_eq!(seen.len(), 2, "{seen:?}");
    assert_eq!((seen[0].0.as_str(), seen[0].1, seen[0].3), ("preparing the table", t.entries, t.entries));
    assert_eq!(seen[1], ("classes expanded (all layers)".to_string(), t.classes, 0, t.classes));
}

#[test]
fn antipodes_are_at_the_diameter_and_least_in_their_class() {
    let t = twobit(2, 2, Metric::Quarter);
    let table = Table::build(&cube_puzzle(2, 2, Metric::Quarter), 1 << 30, &NoProgress).unwrap();
    let mut previous: Option<&Vec<u8>> = None;
    for a in &t.antipodes {
        assert_eq!(table.distance(a), Some(t.census.diameter as u8));
        assert!(previous.is_none_or(|p| p < a));
        previous = Some(a);
    }
    // The same boards however the board is turned: 1x3 and 3x1 are transposes.
    let (a, b) = (twobit(1, 3, Metric::Quarter), twobit(3, 1, Metric::Quarter));
    assert_eq!(a.census, b.census);
    assert_eq!(a.antipodes.len(), b.antipodes.len());
}

/// Random reachable 2x2 boards, the solved board among them.
fn watch_2x2() -> Vec<Vec<u8>> {
    let mut boards: Vec<Vec<u8>> =
        (0..40).map(|s| Board::random_reachable(2, 2, s).unwrap().cubes().to_vec()).collect();
    boards.push(Board::solved(2, 2).unwrap().cubes().to_vec());
    boards
}

/// The watched distances of the two-bit census equal the byte table's, and (`solve`)
/// the optimal solver's lengths.
fn check_watch(m: usize, n: usize, metric: Metric, seeds: u64, solve: bool) {
    let mut boards: Vec<Vec<u8>> =
        (0..seeds).map(|s| Board::random_reachable(m, n, s).unwrap().cubes().to_vec()).collect();
    boards.push(Board::solved(m, n).unwrap().cubes().to_vec());
    let puzzle = cube_puzzle(m, n, metric);
    let t =
        run(&puzzle, &cube_symmetry(), 1 << 32, &Options::default(), &Checkpointing::default(), 0, &boards).unwrap();
    let table = Table::build(&puzzle, 1 << 32, &NoProgress).unwrap();
    assert_eq!(t.watched.len(), boards.len());
    assert_eq!(t.watched.last(), Some(&0));
    let solver = solve.then(|| crate::picture::optimal::Solver::new(m, n, metric, 1 << 24).unwrap());
    for (b, &d) in boards.iter().zip(&t.watched) {
        assert_eq!(table.distance(b), Some(d as u8), "{m}x{n} {metric:?} {b:?}");
        if let Some(solver) = &solver {
            let (moves, _) = solver.solve(&Board::from_cubes(m, n, b.clone()).unwrap()).unwrap();
            assert_eq!(crate::picture::board::length_in(&moves, metric), d as usize, "{m}x{n} {metric:?} {b:?}");
        }
    }
    assert!(t.watched.iter().any(|&d| d > 0));
}

#[test]
fn watched_boards_get_their_distances() {
    for (m, n) in [(2, 2), (3, 1), (1, 3), (2, 1)] {
        for metric in [Metric::Quarter, Metric::Half] {
            check_watch(m, n, metric, 30, m * n == 4 && metric == Metric::Quarter);
        }
    }
    let unreachable: Vec<Vec<u8>> = (1..24u8)
        .map(|c| vec![c, 0, 0, 0])
        .filter(|b| !crate::picture::parity::check(&Board::from_cubes(2, 2, b.clone()).unwrap()).solvable)
        .take(1)
        .collect();
    assert_eq!(unreachable.len(), 1);
    let e = run(
        &cube_puzzle(2, 2, Metric::Quarter),
        &cube_symmetry(),
        1 << 30,
        &Options::default(),
        &Checkpointing::default(),
        0,
        &unreachable,
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Malformed, "{e}");
}

#[test]
#[ignore = "seconds in release; run with --ignored"]
fn watched_3x2_boards_get_their_distances() {
    check_watch(3, 2, Metric::Quarter, 200, true);
    check_watch(2, 3, Metric::Half, 50, false);
}

fn resumable(path: &std::path::Path, stop: Option<usize>, progress: &dyn Progress, s: Stop) -> Result<TwoBitCensus> {
    let opts = Options {
        progress,
        stop: s,
        checkpoint: Some(path),
        resume: true,
        overwrite: false,
        policy: SavePolicy::ALWAYS,
    };
    let ck = Checkpointing { label: "2x2", stop_after_layer: stop, reachable: None };
    run(&cube_puzzle(2, 2, Metric::Quarter), &cube_symmetry(), 1 << 30, &opts, &ck, 3, &watch_2x2())
}

#[test]
fn stopped_and_resumed_censuses_end_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.ckpt");
    let whole = run(
        &cube_puzzle(2, 2, Metric::Quarter),
        &cube_symmetry(),
        1 << 30,
        &Options::default(),
        &Checkpointing::default(),
        3,
        &watch_2x2(),
    )
    .unwrap();
    assert_eq!(whole.census, twobit(2, 2, Metric::Quarter).census);
    for k in 0..whole.census.diameter {
        let e = resumable(&path, Some(k), &NoProgress, Stop::new()).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Stopped);
        let found: u64 = whole.census.distances[..=k + 1].iter().sum();
        assert!(e.to_string().starts_with(&format!("stopped after layer {k} with {found} boards found")), "{e}");
    }
    assert_eq!(resumable(&path, None, &NoProgress, Stop::new()).unwrap(), whole);
    // A stop request at the first chance: every pass is cut, and resuming finishes it.
    struct StopNow(Stop);
    impl Progress for StopNow {
        fn advance(&self, _: u64) {
            self.0.request();
        }
    }
    std::fs::remove_file(&path).unwrap();
    let mut stops = 0;
    let result = loop {
        let s = Stop::new();
        match resumable(&path, None, &StopNow(s.clone()), s) {
            Ok(r) => break r,
            Err(e) => {
                assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
                stops += 1;
            }
        }
    };
    assert!(stops > whole.census.diameter, "{stops}");
    assert_eq!(result, whole);
    // Another watch list is refused.
    let opts = Options { checkpoint: Some(&path), resume: true, ..Options::default() };
    let other = &watch_2x2()[1..];
    let e =
        run(&cube_puzzle(2, 2, Metric::Quarter), &cube_symmetry(), 1 << 30, &opts, &Checkpointing::default(), 3, other)
            .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Checkpoint, "{e}");
    assert!(e.to_string().contains("watch"), "{e}");
    // Another puzzle's checkpoint is refused.
    let opts = Options { checkpoint: Some(&path), resume: true, ..Options::default() };
    let e = run(&cube_puzzle(2, 2, Metric::Half), &cube_symmetry(), 1 << 30, &opts, &Checkpointing::default(), 0, &[])
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Checkpoint);
}

/// Boards at distance 0..=k by brute force over boards (no table, no symmetry).
fn brute_force_layers(m: usize, n: usize, k: usize) -> Vec<u64> {
    brute_force_layers_in(m, n, k, Metric::Quarter)
}

/// The same in either metric.
fn brute_force_layers_in(m: usize, n: usize, k: usize, metric: Metric) -> Vec<u64> {
    use crate::picture::board::Move;
    use std::collections::HashSet;
    let moves = Move::all(m, n, metric);
    let mut seen: HashSet<Board> = HashSet::from([Board::solved(m, n).unwrap()]);
    let mut frontier: Vec<Board> = seen.iter().cloned().collect();
    let mut counts = vec![1u64];
    for _ in 0..k {
        let mut next = Vec::new();
        for b in &frontier {
            for mv in &moves {
                let mut c = b.clone();
                c.apply(mv);
                if seen.insert(c.clone()) {
                    next.push(c);
                }
            }
        }
        counts.push(next.len() as u64);
        frontier = next;
    }
    counts
}

/// The layer counts of a census stopped after layer k - 1 (read from its checkpoint).
fn first_layers(m: usize, n: usize, k: usize) -> Vec<u64> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.ckpt");
    let opts = Options { checkpoint: Some(&path), ..Options::default() };
    let ck = Checkpointing { label: "first layers", stop_after_layer: Some(k - 1), reachable: None };
    let e = run(&cube_puzzle(m, n, Metric::Quarter), &cube_symmetry(), 1 << 32, &opts, &ck, 0, &[]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Stopped);
    let text = std::fs::read(&path).unwrap();
    let line = text.split(|&b| b == b'\n').next().unwrap();
    let header: serde_json::Value = serde_json::from_slice(line).unwrap();
    serde_json::from_value(header["state"]["counts"].clone()).unwrap()
}

#[test]
fn first_layers_match_a_brute_force_search() {
    assert_eq!(first_layers(3, 2, 5), brute_force_layers(3, 2, 5));
}

/// A census result stored in docs/data: its JSON, checked to be of an `m` x `n` board in
/// `metric`, and its layer counts, checked to come in order with none missing.
fn stored_census(name: &str, m: u64, n: u64, metric: &str) -> (serde_json::Value, Vec<u64>) {
    let path = format!("{}/../../docs/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64(), v["metric"].as_str()), (Some(m), Some(n), Some(metric)));
    let layers = v["distances"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(d, b)| {
            assert_eq!(b["value"].as_u64(), Some(d as u64), "layers in order, none missing");
            b["count"].as_u64().unwrap()
        })
        .collect();
    (v, layers)
}

/// The stored result of the 3x3 census (docs/data/picture-3x3.json, from
/// `cubelab picture census 3 3 --antipodes 10 --json`, about 15 CPU-minutes): its layers
/// add up to Theorem 8's 2^5·12^9 = 165,112,971,264 boards, the last nonempty layer is
/// the diameter 20, and its first layers equal a brute-force search over boards.
#[test]
fn the_stored_3x3_census_adds_up_and_starts_like_a_brute_force_search() {
    let (v, layers) = stored_census("picture-3x3.json", 3, 3, "quarter");
    let total: u64 = layers.iter().sum();
    assert_eq!(total, 165_112_971_264);
    assert_eq!(Some(total), crate::picture::census::reachable_count(3, 3));
    assert_eq!(v["states"].as_u64(), Some(total));
    assert!(layers.iter().all(|&c| c > 0));
    assert_eq!(layers.len() - 1, 20);
    assert_eq!(v["diameter"].as_u64(), Some(20));
    assert_eq!(layers[20], 336);
    assert_eq!(layers[..6], brute_force_layers(3, 3, 5)[..]);
}

/// The stored result of the 3x3 census in the half-turn metric
/// (docs/data/picture-3x3-half.json, from `cubelab picture census 3 3 --metric half
/// --antipodes 10 --json`, about 14 CPU-minutes): its layers add up to 2^5·12^9, the last
/// nonempty layer is the diameter 17, and its first layers equal a brute-force search
/// over boards with the 18 half-turn moves.
#[test]
fn the_stored_half_turn_3x3_census_adds_up_and_starts_like_a_brute_force_search() {
    let (v, layers) = stored_census("picture-3x3-half.json", 3, 3, "half");
    assert_eq!(layers.iter().sum::<u64>(), 165_112_971_264);
    assert!(layers.iter().all(|&c| c > 0));
    assert_eq!((layers.len() - 1, v["diameter"].as_u64()), (17, Some(17)));
    assert_eq!(layers[..5], brute_force_layers_in(3, 3, 4, Metric::Half)[..]);
    // Every listed antipode is a reachable board.
    for a in v["antipodes"].as_array().unwrap() {
        let b = Board::parse(a.as_str().unwrap()).unwrap();
        assert!(crate::picture::parity::check(&b).solvable, "{b}");
    }
}

#[test]
#[ignore = "3x3: about a minute in release; run with --ignored"]
fn first_layers_of_3x3_match_a_brute_force_search() {
    assert_eq!(first_layers(3, 3, 6), brute_force_layers(3, 3, 6));
}

/// The stored result of the 13x1 census (docs/data/picture-13x1.json, from `cubelab
/// picture census 13 1 --engine two-bit --antipodes 5 --json --checkpoint 13x1.ckpt
/// --resume`, about 5,000 CPU-seconds): its layers add up to 24^13 (every 13x1 board is
/// reachable), the last nonempty layer is the diameter 35, its first layers equal a
/// brute-force search, and every listed antipode is a board of 13 cubes.
#[test]
fn the_stored_13x1_census_adds_up_and_starts_like_a_brute_force_search() {
    let (v, layers) = stored_census("picture-13x1.json", 13, 1, "quarter");
    let total: u64 = layers.iter().sum();
    assert_eq!(total, 24u64.pow(13));
    assert_eq!(Some(total), crate::picture::census::reachable_count(13, 1));
    assert_eq!(v["states"].as_u64(), Some(total));
    assert!(layers.iter().all(|&c| c > 0));
    assert_eq!((layers.len() - 1, v["diameter"].as_u64()), (35, Some(35)));
    assert_eq!(layers[..5], brute_force_layers(13, 1, 4)[..]);
    for a in v["antipodes"].as_array().unwrap() {
        let b = Board::parse(a.as_str().unwrap()).unwrap();
        assert_eq!((b.rows(), b.cols()), (13, 1), "{b}");
    }
}

/// The stored result of the 5x2 census (docs/data/picture-5x2.json, from `cubelab
/// picture census 5 2 --engine two-bit --antipodes 5 --json --checkpoint 5x2.ckpt
/// --resume`, about 3,900 CPU-seconds, stopped once and resumed): its layers add up to
/// Theorem 8's 2^6·12^10 boards, the last nonempty layer is the diameter 21, the average
/// and median follow from the layers, its first layers equal a brute-force search, and
/// every listed antipode is a reachable 5x2 board.
#[test]
fn the_stored_5x2_census_adds_up_and_starts_like_a_brute_force_search() {
    let (v, layers) = stored_census("picture-5x2.json", 5, 2, "quarter");
    let total: u64 = layers.iter().sum();
    assert_eq!(total, 2u64.pow(6) * 12u64.pow(10));
    assert_eq!(Some(total), crate::picture::census::reachable_count(5, 2));
    assert_eq!(v["states"].as_u64(), Some(total));
    assert!(layers.iter().all(|&c| c > 0));
    assert_eq!((layers.len() - 1, v["diameter"].as_u64()), (21, Some(21)));
    let weighted: u128 = layers.iter().enumerate().map(|(d, &c)| d as u128 * c as u128).sum();
    let average = weighted as f64 / total as f64;
    assert!((v["average"].as_f64().unwrap() - average).abs() < 1e-9, "{average}");
    let below_16: u64 = layers[..16].iter().sum();
    assert!(below_16 < total.div_ceil(2) && below_16 + layers[16] >= total.div_ceil(2));
    assert_eq!(v["median"].as_u64(), Some(16));
    assert_eq!(layers[..6], brute_force_layers(5, 2, 5)[..]);
    for a in v["antipodes"].as_array().unwrap() {
        let b = Board::parse(a.as_str().unwrap()).unwrap();
        assert_eq!((b.rows(), b.cols()), (5, 2), "{b}");
        assert!(crate::picture::parity::check(&b).solvable, "{b}");
    }
}

#[test]
fn a_forged_table_is_refused_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f.ckpt");
    let puzzle = cube_puzzle(3, 2, Metric::Quarter);
    let census = |resume: bool, stop: Option<usize>| {
        let opts = Options { checkpoint: Some(&path), resume, overwrite: true, ..Options::default() };
        let ck = Checkpointing { label: "3x2", stop_after_layer: stop, reachable: None };
        run(&puzzle, &cube_symmetry(), 1 << 30, &opts, &ck, 0, &[])
    };
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut random = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    type Forgery<'a> = Box<dyn FnMut(&mut [u8]) + 'a>;
    let forgeries: Vec<(&str, Forgery)> = vec![
        // Random table bytes (issue 47: "index out of bounds" in the layout's unranking).
        ("random bytes", Box::new(|t: &mut [u8]| t.iter_mut().for_each(|b| *b = random() as u8))),
        // The fields past the last entry unseen: a pass would unrank entries beyond the table.
        ("padding", Box::new(|t: &mut [u8]| *t.last_mut().unwrap() = 0)),
        // Every entry in the frontier: most are no board's (inconsistent parities).
        ("all frontier", Box::new(|t: &mut [u8]| t.iter_mut().for_each(|b| *b = 0x55))),
    ];
    for (what, mut forge) in forgeries {
        assert_eq!(census(false, Some(3)).unwrap_err().kind(), ErrorKind::Stopped);
        crate::run::forge_checkpoint(&path, &mut *forge);
        let e = census(true, None).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Checkpoint, "{what}: {e}");
        assert!(e.to_string().contains("is corrupt: its table marks an entry"), "{what}: {e}");
    }
    // An honest checkpoint still resumes to the census.
    assert_eq!(census(false, Some(3)).unwrap_err().kind(), ErrorKind::Stopped);
    assert_eq!(census(true, None).unwrap().census, twobit(3, 2, Metric::Quarter).census);
}

/// The work counted is the same on any number of threads and within what the passes can
/// do: every class but the solved one is found by a probe, a layer probes at most every
/// move of every entry, every entry is prepared and every class counted.
#[test]
fn work_is_counted_the_same_on_any_thread_count() {
    for (m, n) in [(2, 2), (3, 2), (4, 1)] {
        let on = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            pool.install(|| twobit(m, n, Metric::Quarter))
        };
        let one = on(1);
        let work = one.work.expect("the single-machine census counts its work");
        assert_eq!(on(3).work, Some(work), "{m}x{n}");
        let p = cube_puzzle(m, n, Metric::Quarter);
        let moves = (p.rows * p.row_moves.len() + p.cols * p.col_moves.len()) as u64;
        let layers = one.census.distances.len() as u64;
        assert!(work.probes >= one.classes - 1, "{m}x{n}: {work:?}");
        assert!(work.probes <= layers * one.entries * moves, "{m}x{n}: {work:?}");
        assert!(work.canonical_forms >= one.entries + one.classes - 1, "{m}x{n}: {work:?}");
    }
}
