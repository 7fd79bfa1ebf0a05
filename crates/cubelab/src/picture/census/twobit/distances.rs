//! God's algorithm on disk: the distance mod 3 of every symmetry class of a board size,
//! kept by a two-bit census ([`DistanceTable::census`]), saved to a file and loaded
//! again, and an optimal solution of any board of that size by descent
//! ([`DistanceTable::solve`]).
//!
//! A move changes the distance from solved by −1, 0 or +1, three values that differ mod
//! 3. So from a board at distance `d` (its table value is `d mod 3`), a neighbour whose
//! value is `(d − 1) mod 3` is exactly one move closer, and one exists unless the board
//! is solved: the walk that takes the first such neighbour each time is a shortest
//! solution. A table value is two bits an entry in the layout of the two-bit census
//! (0, 1, 2: the distance mod 3; 3: no class), 420 MB for 3x3.
//!
//! The file is in the one checkpoint format of [`crate::run`] (kind
//! `picture distance table`): a header line whose state names the board (rows, columns,
//! metric) and the puzzle's fingerprint, the table, and a checksum line; written
//! atomically, refused whole when edited, truncated or made for another puzzle.
//!
//! ```
//! use cubelab::picture::board::{Board, Metric};
//! use cubelab::picture::census::{twobit::distances::DistanceTable, Checkpointing};
//! use cubelab::run::Options;
//!
//! let (census, table) =
//!     DistanceTable::census((2, 2, Metric::Quarter), 1 << 30, &Options::default(), &Checkpointing::default())
//!         .unwrap();
//! let board = Board::parse("UF RB / DL UF").unwrap();
//! let moves = table.solve(&board).unwrap();
//! let mut b = board.clone();
//! b.apply_all(&moves).unwrap();
//! assert!(b.is_solved());
//! assert!(moves.len() <= census.census.diameter);
//! ```

use super::super::layout::Layout;
use super::super::{cube_puzzle, cube_symmetry, Checkpointing, MAX_ROWS};
use super::table::{read_words, write_words};
use super::{run_keeping, TwoBitCensus};
use crate::picture::board::{Board, Metric, Move};
use crate::run::{CheckpointFile, Options};
use crate::{Error, ErrorKind, Result};
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::Path;

/// The run family (`kind`) of distance table files.
pub const KIND: &str = "picture distance table";
/// The fingerprint of every distance table file: what is in it is checked against the
/// header's state (the board and the puzzle's own fingerprint).
const FINGERPRINT: &str = "distances mod 3 in the two-bit layout";

/// `fields` (a mask of the low bits of two-bit fields) set to `value` (0..=3) in `word`.
pub(super) fn set_fields(word: u64, fields: u64, value: u64) -> u64 {
    let both = fields | fields << 1;
    word & !both | (if value & 1 != 0 { fields } else { 0 }) | (if value & 2 != 0 { fields << 1 } else { 0 })
}

/// The header state of a table file.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Header {
    rows: usize,
    cols: usize,
    /// "quarter" or "half".
    metric: String,
    /// The fingerprint of the puzzle (every move table), as its census checkpoint has it.
    puzzle: String,
    /// Table entries.
    entries: u64,
    /// The diameter (the greatest distance).
    diameter: usize,
}

/// The distance mod 3 of every class of boards of one size and metric (see the module
/// documentation).
#[derive(Debug)]
pub struct DistanceTable {
    rows: usize,
    cols: usize,
    metric: Metric,
    diameter: usize,
    layout: Layout,
    words: Vec<u64>,
    /// The moves of a board of this size, as the descent tries them.
    moves: Vec<Move>,
}

fn metric_name(metric: Metric) -> &'static str {
    match metric {
        Metric::Quarter => "quarter",
        Metric::Half => "half",
    }
}

impl DistanceTable {
    /// Runs the two-bit census of the picture cube on a board of `shape` (rows, columns,
    /// metric) with the table memory limit, progress, stop flag and checkpoint of
    /// [`super::run`] (no antipodes, no watch list: see [`DistanceTable::census_watching`])
    /// and keeps the distances mod 3. `max_bytes` bounds both tables (the census's and
    /// this one: 840 MB for 3x3). The checkpoint holds both; it is not that of a census
    /// run without a kept table (the two refuse each other's).
    pub fn census(
        shape: (usize, usize, Metric),
        max_bytes: u64,
        opts: &Options<'_>,
        ck: &Checkpointing<'_>,
    ) -> Result<(TwoBitCensus, DistanceTable)> {
        DistanceTable::census_watching(shape, max_bytes, opts, ck, 0, &[])
    }

    /// [`DistanceTable::census`] listing up to `antipodes` boards at the greatest
    /// distance and recording the distances of the boards of `watch` (as in [`super::run`]).
    pub fn census_watching(
        shape: (usize, usize, Metric),
        max_bytes: u64,
        opts: &Options<'_>,
        ck: &Checkpointing<'_>,
        antipodes: usize,
        watch: &[Vec<u8>],
    ) -> Result<(TwoBitCensus, DistanceTable)> {
        let (rows, cols, metric) = shape;
        let puzzle = cube_puzzle(rows, cols, metric);
        let (census, kept) = run_keeping(&puzzle, &cube_symmetry(), max_bytes, opts, ck, antipodes, watch, true)?;
        let Some((layout, words)) = kept else {
            return Err(Error::new(ErrorKind::Internal, "the census kept no distance table"));
        };
        let diameter = census.census.diameter;
        Ok((census, DistanceTable::assemble(shape, diameter, layout, words)))
    }

    fn assemble(shape: (usize, usize, Metric), diameter: usize, layout: Layout, words: Vec<u64>) -> DistanceTable {
        let (rows, cols, metric) = shape;
        DistanceTable { rows, cols, metric, diameter, layout, words, moves: Move::all(rows, cols, metric) }
    }

    /// Rows of the boards of this table.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the boards of this table.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The metric the distances are counted in.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The greatest distance of a board of this size (the census's diameter).
    pub fn diameter(&self) -> usize {
        self.diameter
    }

    /// Bytes of the table in memory (and, nearly, on disk).
    pub fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }

    /// A description for messages: `picture cube 3x3, quarter-turn metric`.
    pub fn describe(&self) -> String {
        describe(self.rows, self.cols, self.metric)
    }

    /// Saves the table to `path`, atomically, with a checksum.
    pub fn save(&self, path: &Path) -> Result<()> {
        let header = Header {
            rows: self.rows,
            cols: self.cols,
            metric: metric_name(self.metric).into(),
            puzzle: cube_puzzle(self.rows, self.cols, self.metric).fingerprint(),
            entries: self.layout.size(),
            diameter: self.diameter,
        };
        file(path, &self.describe()).save_stream(&header, self.bytes(), |w| write_words(w, self.words.iter().copied()))
    }

    /// Loads a table saved by [`DistanceTable::save`], reading the file once. A missing,
    /// unreadable, edited, truncated or foreign file is an error of kind
    /// [`ErrorKind::Checkpoint`] naming the file and the problem.
    pub fn load(path: &Path) -> Result<DistanceTable> {
        let f = file(path, "a picture distance table");
        let loaded = f.load_stream(|h: Header, length, r: &mut dyn Read| {
            let invalid = |why: String| std::io::Error::new(std::io::ErrorKind::InvalidData, why);
            let metric: Metric = h.metric.parse().map_err(|_| invalid(format!("unknown metric '{}'", h.metric)))?;
            if h.rows == 0 || h.cols == 0 || h.rows.max(h.cols) > MAX_ROWS || h.rows * h.cols > 16 {
                return Err(invalid(format!("a {}x{} board is not one a table is made for", h.rows, h.cols)));
            }
            let puzzle = cube_puzzle(h.rows, h.cols, metric);
            if h.puzzle != puzzle.fingerprint() {
                return Err(invalid("made for another puzzle (the move tables differ)".into()));
            }
            let layout = Layout::new(&puzzle, &cube_symmetry(), u64::MAX / 4)
                .map_err(|e| invalid(format!("its layout cannot be built: {}", e.message())))?;
            let words = layout.size().div_ceil(32);
            // Each disagreement named as it is: the header's entry count, or the bytes.
            if h.entries != layout.size() {
                return Err(invalid(format!(
                    "a table of {} entries, not the {} of this layout",
                    h.entries,
                    layout.size()
                )));
            }
            if length != words * 8 {
                return Err(invalid(format!("{length} bytes of table, not the {} of this layout", words * 8)));
            }
            let mut table = vec![0u64; words as usize];
            read_words(r, table.len(), |k, x| table[k] = x)?;
            Ok(DistanceTable::assemble((h.rows, h.cols, metric), h.diameter, layout, table))
        })?;
        // A missing table is an I/O failure (exit 1), as every file that cannot be read.
        loaded.ok_or_else(|| {
            Error::new(ErrorKind::Io, format!("table '{}' cannot be read: no such file", path.display()))
        })
    }

    /// Whether boards of this size and metric are in the table.
    pub fn covers(&self, rows: usize, cols: usize, metric: Metric) -> bool {
        (self.rows, self.cols, self.metric) == (rows, cols, metric)
    }

    /// The table value of a board's class: its distance mod 3, or `None` for a board
    /// that cannot be solved.
    fn value(&self, cells: &[u8]) -> Option<u64> {
        let mut rows = [0u32; MAX_ROWS];
        if !self.layout.rows_of(cells, &mut rows) {
            return None;
        }
        let (i, _) = self.layout.canonical(&rows[..self.layout.m])?;
        let v = self.words[(i / 32) as usize] >> (2 * (i % 32)) & 3;
        (v < 3).then_some(v)
    }

    /// The distance of `board` from solved in the table's metric, by descent (the length
    /// of [`DistanceTable::solve`]'s solution).
    pub fn distance(&self, board: &Board) -> Result<usize> {
        self.solve(board).map(|moves| moves.len())
    }

    /// A shortest solution of `board` (in the table's metric; in the quarter-turn metric
    /// quarter turns only), by descent: each move goes to the first neighbour one step
    /// closer. A board of another size is an error of kind [`ErrorKind::OutOfRange`], one
    /// that cannot be solved of kind [`ErrorKind::Malformed`].
    pub fn solve(&self, board: &Board) -> Result<Vec<Move>> {
        if (board.rows(), board.cols()) != (self.rows, self.cols) {
            return Err(Error::out_of_range(format!(
                "the distance table is for {}x{} boards, not {}x{}",
                self.rows,
                self.cols,
                board.rows(),
                board.cols()
            )));
        }
        let Some(mut value) = self.value(board.cubes()) else {
            return Err(Error::malformed(
                "board cannot be solved (its parity pattern is not that of a reachable board)",
            ));
        };
        let mut b = board.clone();
        let mut moves = Vec::new();
        while !b.is_solved() {
            let want = (value + 2) % 3;
            let step = self.moves.iter().find_map(|mv| {
                let mut next = b.clone();
                next.apply(mv);
                (self.value(next.cubes()) == Some(want)).then_some((*mv, next))
            });
            match step {
                Some((mv, next)) if moves.len() < self.diameter => {
                    moves.push(mv);
                    b = next;
                    value = want;
                }
                _ => {
                    return Err(Error::new(
                        ErrorKind::Internal,
                        "the distance table has no neighbour one step closer: it is not a complete census",
                    ))
                }
            }
        }
        Ok(moves)
    }
}

/// `picture cube 3x3, quarter-turn metric`.
fn describe(rows: usize, cols: usize, metric: Metric) -> String {
    format!("picture cube {rows}x{cols}, {}-turn metric", metric_name(metric))
}

/// The checkpoint-format file of a table at `path`, described as `label`.
fn file(path: &Path, label: &str) -> CheckpointFile {
    CheckpointFile::new(path, KIND, FINGERPRINT, label).named("table")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::census::Table;

    fn table(m: usize, n: usize, metric: Metric) -> (TwoBitCensus, DistanceTable) {
        DistanceTable::census((m, n, metric), 1 << 30, &Options::default(), &Checkpointing::default()).unwrap()
    }

    #[test]
    fn set_fields_sets_only_the_given_fields() {
        // Fields 3, 2, 1, 0 hold 3, 2, 1, 0; fields 0, 2 and 3 become 2.
        let w = 0b11_10_01_00u64;
        assert_eq!(set_fields(w, 0b01_01_00_01, 2), 0b10_10_01_10);
        assert_eq!(set_fields(u64::MAX, 1, 0), u64::MAX - 3);
    }

    #[test]
    fn descent_solutions_are_shortest_and_solve_the_board() {
        // The byte census's distances are an independent judge (another engine, another
        // layout); 2x2 in both metrics and 3x2, random reachable boards (2x3, the same
        // puzzle transposed, doubled the test's time).
        for (m, n, metric, boards) in
            [(2, 2, Metric::Quarter, 300), (2, 2, Metric::Half, 200), (3, 2, Metric::Quarter, 200)]
        {
            let (census, t) = table(m, n, metric);
            let bytes = Table::build(&cube_puzzle(m, n, metric), 1 << 30, &crate::run::NoProgress).unwrap();
            assert_eq!(t.diameter(), census.census.diameter);
            let mut longest = 0;
            for seed in 0..boards {
                let board = Board::random_reachable(m, n, seed).unwrap();
                let moves = t.solve(&board).unwrap();
                let mut b = board.clone();
                b.apply_all(&moves).unwrap();
                assert!(b.is_solved(), "{board}");
                assert_eq!(Some(moves.len()), bytes.distance(board.cubes()).map(usize::from), "{board}");
                if metric == Metric::Quarter {
                    assert!(moves.iter().all(|mv| mv.quarter_turns() == 1));
                }
                longest = longest.max(moves.len());
            }
            assert!(longest + 3 >= census.census.diameter, "{m}x{n}: random boards reach near the diameter");
        }
    }

    #[test]
    fn antipodes_take_the_diameter_and_solved_takes_nothing() {
        let puzzle = cube_puzzle(2, 2, Metric::Quarter);
        let c = super::super::run(
            &puzzle,
            &cube_symmetry(),
            1 << 30,
            &Options::default(),
            &Checkpointing::default(),
            5,
            &[],
        )
        .unwrap();
        let (_, t) = table(2, 2, Metric::Quarter);
        for cells in c.antipodes {
            let b = Board::from_cubes(2, 2, cells).unwrap();
            assert_eq!(t.distance(&b).unwrap(), c.census.diameter);
        }
        assert!(t.solve(&Board::solved(2, 2).unwrap()).unwrap().is_empty());
    }

    #[test]
    fn saved_tables_load_and_bad_ones_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("2x2.table");
        let (_, t) = table(2, 2, Metric::Quarter);
        t.save(&path).unwrap();
        let back = DistanceTable::load(&path).unwrap();
        assert_eq!(
            (back.words.clone(), back.diameter(), back.describe()),
            (t.words.clone(), t.diameter(), t.describe())
        );
        let board = Board::random_reachable(2, 2, 9).unwrap();
        assert_eq!(back.solve(&board).unwrap(), t.solve(&board).unwrap());
        // Another size, an unsolvable board.
        let e = back.solve(&Board::solved(3, 2).unwrap()).unwrap_err();
        assert_eq!((e.kind(), e.message()), (ErrorKind::OutOfRange, "the distance table is for 2x2 boards, not 3x2"));
        let odd = Board::parse("FD UF / UF UF").unwrap();
        assert_eq!(back.solve(&odd).unwrap_err().kind(), ErrorKind::Malformed);
        // Only the header's entry count edited (the checksum recomputed): the message
        // names the entries, not the bytes, which agree.
        let honest = std::fs::read(&path).unwrap();
        let line = honest.iter().position(|&b| b == b'\n').unwrap();
        let header = std::str::from_utf8(&honest[..line]).unwrap();
        let entries = format!("\"entries\":{}", t.layout.size());
        assert!(header.contains(&entries), "{header}");
        let mut body = header.replacen(&entries, &format!("\"entries\":{}", t.layout.size() + 1), 1).into_bytes();
        body.extend_from_slice(&honest[line..honest.len() - 26]);
        let sum = crate::io::Checksum::of(&body);
        body.extend_from_slice(format!("checksum {sum:016x}\n").as_bytes());
        std::fs::write(&path, &body).unwrap();
        let e = DistanceTable::load(&path).unwrap_err();
        let want = format!(
            "is corrupt: a table of {} entries, not the {} of this layout",
            t.layout.size() + 1,
            t.layout.size()
        );
        assert!(e.message().ends_with(&want), "{e}");
        std::fs::write(&path, &honest).unwrap();
        // A flipped byte in the table, a truncated file, a missing one: refused, one line.
        let mut bytes = std::fs::read(&path).unwrap();
        let at = bytes.len() - 40;
        bytes[at] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let e = DistanceTable::load(&path).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Checkpoint);
        assert!(e.message().starts_with("table '") && e.message().ends_with("is corrupt: checksum mismatch"), "{e}");
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        assert!(DistanceTable::load(&path).unwrap_err().message().ends_with("is corrupt: truncated"));
        std::fs::remove_file(&path).unwrap();
        let e = DistanceTable::load(&path).unwrap_err();
        assert!(e.message().ends_with("cannot be read: no such file") && !e.message().contains('\n'), "{e}");
    }

    #[test]
    fn a_kept_table_survives_stop_and_resume() {
        use crate::run::SavePolicy;
        let dir = tempfile::tempdir().unwrap();
        let ck_path = dir.path().join("ck");
        let (_, whole) = table(3, 1, Metric::Quarter);
        let opts =
            Options { checkpoint: Some(&ck_path), resume: true, policy: SavePolicy::ALWAYS, ..Options::default() };
        let stopped = Checkpointing { stop_after_layer: Some(2), ..Checkpointing::default() };
        let e = DistanceTable::census((3, 1, Metric::Quarter), 1 << 30, &opts, &stopped).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Stopped);
        // The census checkpoint without the kept table is not this one.
        let plain = super::super::run(
            &cube_puzzle(3, 1, Metric::Quarter),
            &cube_symmetry(),
            1 << 30,
            &opts,
            &Checkpointing::default(),
            0,
            &[],
        );
        assert_eq!(plain.unwrap_err().kind(), ErrorKind::Checkpoint);
        let (_, resumed) =
            DistanceTable::census((3, 1, Metric::Quarter), 1 << 30, &opts, &Checkpointing::default()).unwrap();
        assert_eq!(resumed.words, whole.words);
    }
}
