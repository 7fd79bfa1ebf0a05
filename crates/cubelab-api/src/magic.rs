//! `magic enumerate` and `magic construct`: every magic cube of an order and property,
//! and one semi-perfect cube of any order. Also what every long `magic` run shares: its
//! [`Checkpoint`] and the choice enums mirroring the library's (`choice!`).

use crate::error::{Error, ErrorKind, Result};
use crate::report::Report;
use crate::{limits, Context};
use cubelab::magic::construct::semi_perfect;
use cubelab::magic::cube::NumberCube;
use cubelab::magic::search::{Search, SearchSpec};
use cubelab::magic::symmetry::classes;
use cubelab::magic::verify::{self, has_property, Property as LibProperty};
use cubelab::run::Options;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A choice of a request mirroring a library enum (which cannot derive `clap::ValueEnum`:
/// the library has no command-line dependency): the same variants and JSON spelling,
/// conversions both ways, and `from_name` with the library's message for an unknown name.
macro_rules! choice {
    ($(#[$m:meta])* $name:ident = $lib:ident { $($(#[$vm:meta])* $v:ident),+ $(,)? }) => {
        $(#[$m])*
        #[derive(serde::Serialize, serde::Deserialize, schemars::JsonSchema, Clone, Copy, Debug, PartialEq, Eq)]
        #[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
        #[serde(rename_all = "kebab-case")]
        pub enum $name {
            $($(#[$vm])* $v),+
        }

        impl From<$name> for $lib {
            fn from(c: $name) -> $lib {
                match c {
                    $($name::$v => $lib::$v),+
                }
            }
        }

        impl From<$lib> for $name {
            fn from(c: $lib) -> $name {
                match c {
                    $($lib::$v => $name::$v),+
                }
            }
        }

        impl $name {
            /// Reads a name as the library spells it (its message for an unknown name).
            pub fn from_name(name: &str) -> $crate::error::Result<$name> {
                Ok($lib::from_name(name)?.into())
            }
        }
    };
}
pub(crate) use choice;

choice! {
    /// A magic property of a cube (the library's [`verify::Property`]).
    Property = LibProperty {
        /// Rows, columns, pillars and the 4 triagonals.
        SemiPerfect,
        /// Semi-perfect plus the two diagonals of every plane parallel to a face.
        Diagonal,
        /// Rows, columns, pillars and every (broken) space diagonal.
        Pantriagonal,
        /// Rows, columns, pillars, every (broken) plane diagonal and every (broken) space diagonal.
        Perfect,
    }
}

/// Where a long run keeps its checkpoint: the command line's `--checkpoint FILE` and
/// `--resume` (the web and Python runs keep none: [`Checkpoint::default`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Checkpoint<'a> {
    /// The checkpoint file, saved atomically every few seconds, at the end and when stopped.
    pub path: Option<&'a Path>,
    /// Continue the run saved in the file (if it exists).
    pub resume: bool,
    /// Start afresh and replace an existing file (without it, or `resume`, an existing
    /// file is refused).
    pub overwrite: bool,
}

impl Checkpoint<'_> {
    /// The library's run options with this checkpoint and the context's progress and
    /// cancellation token.
    pub(crate) fn options<'a>(&'a self, ctx: &'a Context) -> Options<'a> {
        Options {
            progress: ctx.progress(),
            stop: ctx.stop().clone(),
            checkpoint: self.path,
            resume: self.resume,
            overwrite: self.overwrite,
            ..Options::default()
        }
    }
}

/// The request of `magic enumerate`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnumerateRequest {
    /// Order n of the cubes (2 to 8; only order 3 finishes quickly); 3 by default.
    #[serde(default = "order")]
    pub order: usize,
    /// First number A of the progression A, A+D, ..., A+(n³-1)D; 1 by default.
    #[serde(default = "start")]
    pub start: i64,
    /// Step D of the progression (nonzero); 1 by default.
    #[serde(default = "step")]
    pub step: i64,
    /// The property the cubes must have; semi-perfect by default.
    #[serde(default = "semi_perfect_property")]
    pub property: Property,
    /// Only cubes with the first number in the top-back-left cell (pantriagonal and
    /// perfect only: each cube is a cyclic translate of exactly one of these).
    #[serde(default)]
    pub origin_pinned: bool,
    /// Group the cubes into classes under the 48 rotations and reflections.
    #[serde(default)]
    pub classes: bool,
}

/// The default order of `magic enumerate`.
pub fn order() -> usize {
    3
}

/// The default first number of `magic enumerate`.
pub fn start() -> i64 {
    1
}

/// The default step of `magic enumerate`.
pub fn step() -> i64 {
    1
}

fn semi_perfect_property() -> Property {
    Property::SemiPerfect
}

/// The input of `cubelab magic enumerate`.
#[derive(Serialize, JsonSchema)]
pub struct EnumerateInput {
    /// Order n.
    order: usize,
    /// First number A of the progression.
    start: i64,
    /// Step D of the progression.
    step: i64,
    /// The property: `"semi-perfect"`, `"diagonal"`, `"pantriagonal"` or `"perfect"`.
    property: verify::Property,
    /// Only cubes with A in the top-back-left cell.
    origin_pinned: bool,
    /// The cubes are grouped into symmetry classes.
    classes: bool,
}

impl EnumerateInput {
    /// The input echoed for `req`.
    pub fn of(req: &EnumerateRequest) -> EnumerateInput {
        EnumerateInput {
            order: req.order,
            start: req.start,
            step: req.step,
            property: req.property.into(),
            origin_pinned: req.origin_pinned,
            classes: req.classes,
        }
    }
}

/// One symmetry class.
#[derive(Serialize, JsonSchema)]
pub struct ClassRow {
    /// Its first cube, cells in reading order.
    pub representative: Vec<i64>,
    /// Cubes in the class.
    pub size: usize,
}

/// `cubelab magic enumerate`: every magic cube of an order and property.
#[derive(Serialize, JsonSchema)]
pub struct Enumerated {
    /// Number of cubes found.
    pub count: usize,
    /// With `--classes`: the symmetry classes; else null.
    pub classes: Option<Vec<ClassRow>>,
    /// Without `--classes`: every cube (cells in reading order), sorted; else null.
    pub cubes: Option<Vec<Vec<i64>>>,
    /// What was searched, for the text.
    #[serde(skip)]
    spec: Option<SearchSpec>,
}

impl Enumerated {
    /// The text heading: how many cubes of which kind on which numbers.
    fn heading(&self) -> String {
        let Some(spec) = &self.spec else { return String::new() };
        let n3 = spec.order.pow(3);
        format!(
            "{} {} magic cubes of order {} on {}, {}, ..., {}{}\n",
            self.count,
            spec.property.name(),
            spec.order,
            spec.value(0),
            spec.value(1),
            spec.value(n3 - 1),
            if spec.origin_pinned {
                format!(" with {} in the top-back-left cell", spec.value(0))
            } else {
                String::new()
            }
        )
    }
}

impl Report for Enumerated {
    const KIND: &'static str = "magic-enumerate";
    type Input = EnumerateInput;

    fn text(&self) -> String {
        let order = self.spec.map_or(0, |s| s.order);
        let cube = |cells: &[i64]| NumberCube::new(order, cells.to_vec()).expect("size").to_text();
        let mut s = self.heading();
        match (&self.classes, &self.cubes) {
            (Some(classes), _) => {
                s += &format!("{} classes under the 48 rotations and reflections\n", classes.len());
                for (i, c) in classes.iter().enumerate() {
                    s += &format!("\nclass {} ({} cubes), representative:\n{}", i + 1, c.size, cube(&c.representative));
                }
            }
            (None, cubes) => {
                for (i, c) in cubes.iter().flatten().enumerate() {
                    s += &format!("\ncube {}:\n{}", i + 1, cube(c));
                }
            }
        }
        s
    }

    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let join = |cells: &[i64]| cells.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ");
        Some(match (&self.classes, &self.cubes) {
            (Some(classes), _) => std::iter::once(vec!["class".into(), "size".into(), "representative".into()])
                .chain(
                    classes
                        .iter()
                        .enumerate()
                        .map(|(i, c)| vec![(i + 1).to_string(), c.size.to_string(), join(&c.representative)]),
                )
                .collect(),
            (None, cubes) => std::iter::once(vec!["cube".into(), "cells".into()])
                .chain(cubes.iter().flatten().enumerate().map(|(i, c)| vec![(i + 1).to_string(), join(c)]))
                .collect(),
        })
    }
}

/// Runs `magic enumerate` without a checkpoint.
pub fn enumerate(req: &EnumerateRequest, ctx: &Context) -> Result<Enumerated> {
    enumerate_with(req, ctx, Checkpoint::default(), None)
}

/// Runs `magic enumerate` with a checkpoint; with `stop_after`, the run stops (its
/// checkpoint saved, an error of kind [`ErrorKind::Stopped`]) after that many more work
/// units.
pub fn enumerate_with(
    req: &EnumerateRequest,
    ctx: &Context,
    checkpoint: Checkpoint<'_>,
    stop_after: Option<usize>,
) -> Result<Enumerated> {
    if let Some(l) = ctx.limits() {
        limits::magic_enumerate(req.order, l)?;
    }
    // The order is checked first, so a zero step is the cause only for an order that can
    // be enumerated.
    let mut spec = match SearchSpec::new(req.order, req.property.into(), req.start, req.step) {
        Err(e) if req.step == 0 && (2..=8).contains(&req.order) => return Err(Error::from(e).about("step", 0)),
        spec => spec?,
    };
    if req.origin_pinned {
        spec = spec.origin_pinned()?;
    }
    let search = Search::new(spec)?;
    let opts = checkpoint.options(ctx);
    // Batches stay small whatever `stop_after` says, so the checkpoint is saved every few
    // seconds (by the save policy) and a stop request is seen within one batch.
    let batch = 4 * rayon::current_num_threads().max(1);
    let mut cubes = search.run(&opts, batch, stop_after)?;
    let count = cubes.len();
    Ok(if req.classes {
        let classes = classes(&cubes)
            .into_iter()
            .map(|c| ClassRow { representative: c.representative.cells().to_vec(), size: c.size })
            .collect();
        Enumerated { count, classes: Some(classes), cubes: None, spec: Some(spec) }
    } else {
        cubes.sort();
        let list = cubes.iter().map(|c| c.cells().to_vec()).collect();
        Enumerated { count, classes: None, cubes: Some(list), spec: Some(spec) }
    })
}

/// The request of `magic construct` (also its JSON `"input"`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConstructRequest {
    /// Order n.
    pub order: usize,
}

/// The input of `cubelab magic construct`.
#[derive(Serialize, JsonSchema)]
pub struct ConstructInput {
    /// Order n.
    pub order: usize,
}

/// `cubelab magic construct`: a semi-perfect magic cube.
#[derive(Serialize, JsonSchema)]
pub struct Constructed {
    /// Order n.
    pub order: usize,
    /// The cells: layers from the top, rows from the back, cells from the left.
    pub cube: Vec<Vec<Vec<i64>>>,
}

impl Report for Constructed {
    const KIND: &'static str = "magic-construct";
    type Input = ConstructInput;

    fn text(&self) -> String {
        let cells: Vec<i64> = self.cube.iter().flatten().flatten().copied().collect();
        let n = self.order;
        let total: i128 = cells.iter().map(|&v| v as i128).sum();
        let (low, high) = (cells.iter().min().copied().unwrap_or(0), cells.iter().max().copied().unwrap_or(0));
        // '#' lines are comments for `magic check`, so the text stays valid input.
        format!(
            "# a semi-perfect magic cube of order {n} on {low}..{high}, magic sum {}\n\
             # layers from the top, blank line between them; each layer's rows from the back,\n\
             # each row's cells from left to right\n{}",
            total / (n * n) as i128,
            NumberCube::new(n, cells).expect("size").to_text()
        )
    }

    /// One row per cell: its 1-based layer (from the top), row (from the back), cell
    /// (from the left) and value.
    fn csv_rows(&self) -> Option<Vec<Vec<String>>> {
        let mut rows = vec![["layer", "row", "cell", "value"].map(String::from).to_vec()];
        for (l, layer) in self.cube.iter().enumerate() {
            for (r, row) in layer.iter().enumerate() {
                for (c, v) in row.iter().enumerate() {
                    rows.push(vec![(l + 1).to_string(), (r + 1).to_string(), (c + 1).to_string(), v.to_string()]);
                }
            }
        }
        Some(rows)
    }
}

/// Runs `magic construct`: the cube, checked by the verifier.
pub fn construct(req: &ConstructRequest, ctx: &Context) -> Result<Constructed> {
    if let Some(l) = ctx.limits() {
        limits::magic_construct(req.order, l)?;
    }
    let cube = semi_perfect(req.order)?;
    if !has_property(&cube, verify::Property::SemiPerfect) {
        return Err(Error::new(
            ErrorKind::Internal,
            format!("internal error: the construction of order {} is not semi-perfect", req.order),
        ));
    }
    Ok(Constructed { order: cube.order(), cube: cube.layers() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubelab::run::{Progress, Stop};
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;

    /// Raises the token once the run has done its first batch, counting the units done.
    struct StopAfterFirstBatch {
        stop: Stop,
        done: AtomicU64,
        total: AtomicU64,
    }

    impl Progress for StopAfterFirstBatch {
        fn start(&self, _phase: &str, total: u64, _done: u64) {
            self.total.store(total, Ordering::SeqCst);
        }

        fn advance(&self, units: u64) {
            self.done.fetch_add(units, Ordering::SeqCst);
            self.stop.request();
        }
    }

    #[test]
    fn a_token_raised_during_the_search_stops_it_after_one_batch() {
        let stop = Stop::new();
        let observer =
            Arc::new(StopAfterFirstBatch { stop: stop.clone(), done: AtomicU64::new(0), total: AtomicU64::new(0) });
        let ctx = Context::new().with_stop(stop).with_progress(observer.clone());
        let req = EnumerateRequest {
            order: 3,
            start: 1,
            step: 1,
            property: Property::SemiPerfect,
            origin_pinned: false,
            classes: true,
        };
        let e = enumerate(&req, &ctx).err().expect("stopped");
        assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
        let (done, total) = (observer.done.load(Ordering::SeqCst), observer.total.load(Ordering::SeqCst));
        assert!(done > 0 && done < total, "{done} of {total} work units done");
        // Without the stop, the same search finds the 192 cubes.
        assert_eq!(enumerate(&req, &Context::new()).unwrap().count, 192);
    }

    #[test]
    fn a_passed_deadline_stops_the_census_and_the_search_through_the_dispatch() {
        for (path, input) in [
            ("magic squares", serde_json::json!({ "order": 4 })),
            ("magic enumerate", serde_json::json!({ "order": 3 })),
            ("magic estimate", serde_json::json!({ "order": 3, "samples": 1000 })),
            ("verify", serde_json::json!({ "quick": true })),
        ] {
            let ctx = Context::new().with_deadline(std::time::Instant::now());
            let e = crate::run_any(path, input, &ctx).err().unwrap_or_else(|| panic!("{path} finished"));
            assert_eq!(e.kind(), ErrorKind::Stopped, "{path}: {e}");
        }
        // Without a deadline the census runs to the end.
        let req = crate::magic_squares::SquaresRequest {
            order: 4,
            kind: crate::magic_squares::SquareKind::Normal,
            method: None,
            fix: vec![],
            classes: false,
            list: false,
            shard: None,
        };
        let r = crate::magic_squares::run(&req, &Context::new()).unwrap();
        assert_eq!((r.count, r.total), (Some(880), 7040));
    }
}
