//! Exhaustive, checkpointed search for magic cubes of any order and property.
//!
//! The search runs on the *indices* 0..n³ of the numbers A + kD: a line of A + kᵢD sums
//! to nA + D·Σkᵢ, so it is magic exactly when Σkᵢ = n(n³−1)/2, whatever A and D ≠ 0 are.
//! The count of cubes therefore does not depend on A and D.
//!
//! Cells are filled in a fixed order chosen so that lines close early: whenever a cell is
//! the last open cell of a line its number is forced, and every other line through it is
//! bounded by the smallest and largest sums its open cells could still reach.
//!
//! The search tree is cut at a fixed depth into *tasks* (prefixes of the cell order,
//! listed in depth-first order). Tasks run in parallel in batches; solutions are kept in
//! task order, so the output is the same for any thread count, and a checkpoint (in the
//! format of [`crate::run`]) is simply "the first `done` tasks and their solutions".

use super::cube::NumberCube;
use super::symmetry::cell_maps;
use super::verify::{has_property, Property};
use crate::run::{Options, Saver};
use crate::{Error, Result};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// What to search for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchSpec {
    /// The order n.
    pub order: usize,
    /// The property every cube must have.
    pub property: Property,
    /// The first number A.
    pub start: i64,
    /// The step D (not 0).
    pub step: i64,
    /// Only cubes with A in the top-back-left cell. For pantriagonal and perfect cubes,
    /// whose lines wrap around, every cube is a cyclic translate of exactly one such cube,
    /// so the full count is n³ times larger.
    pub origin_pinned: bool,
}

impl SearchSpec {
    /// A search for cubes of `order` with `property` on the numbers start, start+step, ….
    pub fn new(order: usize, property: Property, start: i64, step: i64) -> Result<SearchSpec> {
        if !(2..=8).contains(&order) {
            return Err(Error::out_of_range(format!("order {order} cannot be enumerated (orders 2 to 8)")));
        }
        if step == 0 {
            return Err(Error::out_of_range("a step of 0 would repeat one number; use a nonzero step"));
        }
        let last = start as i128 + step as i128 * ((order * order * order) as i128 - 1);
        if i64::try_from(last).is_err() {
            return Err(Error::out_of_range(format!("the numbers from {start} in steps of {step} overflow 64 bits")));
        }
        Ok(SearchSpec { order, property, start, step, origin_pinned: false })
    }

    /// The same search restricted to cubes with A in the top-back-left cell; only for the
    /// translation-invariant properties pantriagonal and perfect.
    pub fn origin_pinned(self) -> Result<SearchSpec> {
        if !matches!(self.property, Property::Pantriagonal | Property::Perfect) {
            return Err(Error::out_of_range(format!(
                "pinning the first number to the corner needs a property whose lines wrap around (pantriagonal or perfect), not {}",
                self.property.name()
            )));
        }
        Ok(SearchSpec { origin_pinned: true, ..self })
    }

    /// The number with index k.
    pub fn value(&self, k: usize) -> i64 {
        self.start + self.step * k as i64
    }
}

/// The run family of magic search checkpoints ([`crate::run`]).
pub const KIND: &str = "magic search";

/// The content of a search's checkpoint: the first `done` tasks are finished and
/// `solutions` holds everything they found, in order (cells in layer/row/cell order; one
/// per symmetry class, see [`Search`], unless the origin is pinned).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Saved {
    done: usize,
    solutions: Vec<Vec<i64>>,
}

impl Saved {
    /// Checks a loaded checkpoint against the search (it passed its checksum, so this
    /// guards against a checkpoint forged with a valid checksum).
    fn check(&self, search: &Search) -> std::result::Result<(), String> {
        let spec = &search.spec;
        if self.done > search.tasks.len() {
            return Err(format!("{} of {} tasks done", self.done, search.tasks.len()));
        }
        let n3 = spec.order.pow(3);
        for (i, cells) in self.solutions.iter().enumerate() {
            let mut seen = vec![false; n3];
            let valid = cells.len() == n3
                && cells.iter().all(|&v| {
                    let k = (v as i128 - spec.start as i128) / spec.step as i128;
                    let exact = (v as i128 - spec.start as i128) % spec.step as i128 == 0;
                    exact && (0..n3 as i128).contains(&k) && !std::mem::replace(&mut seen[k as usize], true)
                })
                && NumberCube::new(spec.order, cells.clone()).is_ok_and(|c| has_property(&c, spec.property));
            if !valid {
                return Err(format!("solution {} is not a {} cube", i + 1, spec.property.name()));
            }
        }
        Ok(())
    }
}

/// Per step of the cell order: the cell, the lines it closes and the other lines through it
/// with how many of their cells are still open after it.
#[derive(Debug, Clone)]
struct Step {
    cell: usize,
    closing: Vec<usize>,
    open: Vec<(usize, usize)>,
    /// Symmetry breaking: earlier cells whose numbers must be smaller than this one's.
    above: Vec<usize>,
    /// Earlier cells whose numbers must be larger than this one's.
    below: Vec<usize>,
}

/// A prepared search: the cell order and the task list.
#[derive(Debug, Clone)]
pub struct Search {
    spec: SearchSpec,
    line_count: usize,
    target: i64,
    steps: Vec<Step>,
    /// Task prefixes: the indices placed in the first `split_depth` steps.
    tasks: Vec<Vec<u16>>,
}

/// Mutable state of one depth-first search.
struct State {
    values: Vec<u16>,
    used: Vec<bool>,
    line_sum: Vec<i64>,
}

impl Search {
    /// Prepares the search: chooses the cell order and cuts the tree into tasks. The
    /// spec's fields are public, so they are checked again as [`SearchSpec::new`] and
    /// [`SearchSpec::origin_pinned`] check them.
    pub fn new(spec: SearchSpec) -> Result<Search> {
        let mut checked = SearchSpec::new(spec.order, spec.property, spec.start, spec.step)?;
        if spec.origin_pinned {
            checked = checked.origin_pinned()?;
        }
        Ok(Search::prepare(checked))
    }

    /// [`Search::new`] on a checked spec.
    fn prepare(spec: SearchSpec) -> Search {
        let n = spec.order;
        let n3 = n * n * n;
        let lines: Vec<Vec<usize>> = spec.property.lines(n).into_iter().map(|l| l.cells).collect();
        let mut lines_of = vec![vec![]; n3];
        for (i, l) in lines.iter().enumerate() {
            for &c in l {
                lines_of[c].push(i);
            }
        }
        // Greedy order: next the cell that closes most lines, then the one whose lines are
        // fullest, then the lowest index. Deterministic.
        // Symmetry breaking (not with a pinned origin): of the 48 images of a cube exactly
        // one has its smallest corner number in the top-back-left corner and that corner's
        // three neighbouring corners (along cells, rows, layers) in increasing order, since
        // the 6 symmetries fixing a corner permute its three neighbours freely and no
        // symmetry but the identity fixes a cube of distinct numbers.
        let corner = |l: usize, r: usize, c: usize| (l * n + r) * n + c;
        let far = n - 1;
        let mut order_pairs: Vec<(usize, usize)> = vec![];
        if !spec.origin_pinned {
            for (l, r, c) in
                [(0, 0, far), (0, far, 0), (0, far, far), (far, 0, 0), (far, 0, far), (far, far, 0), (far, far, far)]
            {
                order_pairs.push((0, corner(l, r, c)));
            }
            order_pairs.push((corner(0, 0, far), corner(0, far, 0)));
            order_pairs.push((corner(0, far, 0), corner(far, 0, 0)));
        }
        let placed_before = |other: usize, placed: &[bool], cell: usize| other != cell && placed[other];
        let mut filled = vec![0usize; lines.len()];
        let mut placed = vec![false; n3];
        let mut steps = vec![];
        for s in 0..n3 {
            let cell = (0..n3)
                .filter(|&c| !placed[c] && (s > 0 || !spec.origin_pinned || c == 0))
                .max_by_key(|&c| {
                    let closes = lines_of[c].iter().filter(|&&l| filled[l] + 1 == n).count();
                    let fullness: usize = lines_of[c].iter().map(|&l| filled[l] + 1).sum();
                    (closes, fullness, std::cmp::Reverse(c))
                })
                .expect("a cell is left");
            placed[cell] = true;
            let mut step = Step { cell, closing: vec![], open: vec![], above: vec![], below: vec![] };
            for &(small, large) in &order_pairs {
                if large == cell && placed_before(small, &placed, cell) {
                    step.above.push(small);
                }
                if small == cell && placed_before(large, &placed, cell) {
                    step.below.push(large);
                }
            }
            for &l in &lines_of[cell] {
                filled[l] += 1;
                if filled[l] == n {
                    step.closing.push(l);
                } else {
                    step.open.push((l, n - filled[l]));
                }
            }
            steps.push(step);
        }
        let mut search =
            Search { spec, line_count: lines.len(), target: (n * (n3 - 1) / 2) as i64, steps, tasks: vec![] };
        if (n * (n3 - 1)) & 1 == 1 {
            return search; // no magic sum in whole numbers: no cube, no tasks
        }
        // Cut at the first depth with enough tasks to keep every thread busy and to make
        // checkpoints fine-grained.
        let mut prefixes = vec![vec![]];
        for _ in 0..n3 / 2 {
            prefixes = search.extend_prefixes(&prefixes);
            if prefixes.len() >= 256 || prefixes.is_empty() {
                break;
            }
        }
        search.tasks = prefixes;
        search
    }

    /// The search specification.
    pub fn spec(&self) -> &SearchSpec {
        &self.spec
    }

    /// The number of tasks.
    pub fn task_count(&self) -> usize {
        self.tasks.len()
    }

    /// A stable hash (FNV-1a) of the cell order and task list.
    pub fn fingerprint(&self) -> String {
        let mut h: u64 = 0xcbf29ce484222325;
        let mut eat = |x: u64| {
            for b in x.to_le_bytes() {
                h ^= b as u64;
                h = h.wrapping_mul(0x100000001b3);
            }
        };
        eat(self.symmetry_reduced() as u64);
        for s in &self.steps {
            eat(s.cell as u64);
        }
        for t in &self.tasks {
            eat(u64::MAX);
            for &v in t {
                eat(v as u64);
            }
        }
        format!("{h:016x}")
    }

    fn fresh_state(&self) -> State {
        let n3 = self.steps.len();
        State { values: vec![0; n3], used: vec![false; n3], line_sum: vec![0; self.line_count] }
    }

    /// Writes the candidate indices for step `s` in the current state into `out`.
    fn candidates(&self, s: usize, st: &State, out: &mut Vec<u16>) {
        out.clear();
        let step = &self.steps[s];
        let n3 = self.steps.len() as i64;
        // The n + 1 smallest and largest free numbers, for bounds on the open lines: r open
        // cells of a line can add at least the r smallest free numbers other than v.
        let n = self.spec.order;
        // Stack arrays: this runs at every node (orders up to 8, so at most 9 numbers).
        let mut lowest = [0i64; 9];
        let mut highest = [0i64; 9];
        let mut low_count = 0;
        let mut high_count = 0;
        for k in 0..n3 {
            if low_count > n {
                break;
            }
            if !st.used[k as usize] {
                lowest[low_count] = k;
                low_count += 1;
            }
        }
        for k in (0..n3).rev() {
            if high_count > n {
                break;
            }
            if !st.used[k as usize] {
                highest[high_count] = k;
                high_count += 1;
            }
        }
        let (lowest, highest) = (&lowest[..low_count], &highest[..high_count]);
        let extreme_sum = |list: &[i64], r: usize, v: i64| -> Option<i64> {
            let (mut sum, mut taken) = (0, 0);
            for &k in list {
                if taken == r {
                    break;
                }
                if k != v {
                    sum += k;
                    taken += 1;
                }
            }
            (taken == r).then_some(sum)
        };
        let fits = |v: i64| {
            (0..n3).contains(&v)
                && !st.used[v as usize]
                && step.above.iter().all(|&c| (st.values[c] as i64) < v)
                && step.below.iter().all(|&c| (st.values[c] as i64) > v)
                && step.closing.iter().all(|&l| st.line_sum[l] + v == self.target)
                && step.open.iter().all(|&(l, r)| {
                    let sum = st.line_sum[l] + v;
                    if r == 1 {
                        // The line's last cell is forced: its number must exist and be free.
                        let last = self.target - sum;
                        (0..n3).contains(&last) && last != v && !st.used[last as usize]
                    } else {
                        match (extreme_sum(lowest, r, v), extreme_sum(highest, r, v)) {
                            (Some(low), Some(high)) => sum + low <= self.target && sum + high >= self.target,
                            _ => false,
                        }
                    }
                })
        };
        match step.closing.first() {
            Some(&l) => {
                let v = self.target - st.line_sum[l];
                if fits(v) {
                    out.push(v as u16);
                }
            }
            None if s == 0 && self.spec.origin_pinned => {
                if fits(0) {
                    out.push(0);
                }
            }
            None => out.extend((0..n3).filter(|&v| fits(v)).map(|v| v as u16)),
        }
    }

    fn place(&self, s: usize, v: u16, st: &mut State, sign: i64) {
        let step = &self.steps[s];
        st.values[step.cell] = v;
        st.used[v as usize] = sign > 0;
        for &l in step.closing.iter().chain(step.open.iter().map(|(l, _)| l)) {
            st.line_sum[l] += sign * v as i64;
        }
    }

    /// The state after placing a prefix.
    fn state_after(&self, prefix: &[u16]) -> State {
        let mut st = self.fresh_state();
        for (s, &v) in prefix.iter().enumerate() {
            self.place(s, v, &mut st, 1);
        }
        st
    }

    /// Every valid extension of each prefix by one step, in order.
    fn extend_prefixes(&self, prefixes: &[Vec<u16>]) -> Vec<Vec<u16>> {
        let mut out = vec![];
        let mut buffer = vec![];
        for prefix in prefixes {
            let st = self.state_after(prefix);
            self.candidates(prefix.len(), &st, &mut buffer);
            for &v in &buffer {
                let mut longer = prefix.clone();
                longer.push(v);
                out.push(longer);
            }
        }
        out
    }

    /// Depth-first search from step `s`; `buffers[s]` holds the candidates of step `s`.
    fn dfs(&self, st: &mut State, s: usize, buffers: &mut [Vec<u16>], out: &mut Vec<Vec<u16>>) {
        if s == self.steps.len() {
            out.push(st.values.clone());
            return;
        }
        let (mine, deeper) = buffers.split_first_mut().expect("one buffer per step");
        self.candidates(s, st, mine);
        for &v in mine.iter() {
            self.place(s, v, st, 1);
            self.dfs(st, s + 1, deeper, out);
            self.place(s, v, st, -1);
        }
    }

    /// Solves one task: every completion of its prefix, as index arrays in search order.
    fn run_task(&self, task: usize) -> Vec<Vec<u16>> {
        let prefix = &self.tasks[task];
        let mut st = self.state_after(prefix);
        let mut buffers = vec![vec![]; self.steps.len() - prefix.len()];
        let mut out = vec![];
        self.dfs(&mut st, prefix.len(), &mut buffers, &mut out);
        out
    }

    /// What the search is, for messages: "semi-perfect cubes of order 3 on 1, 2, ..., 27".
    pub fn label(&self) -> String {
        let spec = &self.spec;
        format!(
            "{} cubes of order {} on {}, {}, ..., {}{}",
            spec.property.name(),
            spec.order,
            spec.value(0),
            spec.value(1),
            spec.value(spec.order.pow(3) - 1),
            if spec.origin_pinned { " with the first in the top-back-left cell" } else { "" }
        )
    }

    /// Runs the search with the progress, stop flag and checkpoint of `opts`, in batches
    /// of at most `batch` tasks (one phase of [`Search::task_count`] work units). With
    /// `stop_after`, the run stops after that many more tasks. A stop saves the
    /// checkpoint and returns an error of kind [`crate::ErrorKind::Stopped`]; the
    /// checkpoint is also saved after batches by `opts.policy` and at the end. The
    /// cubes come in search order whatever the thread count and however the run was
    /// stopped and resumed.
    pub fn run(&self, opts: &Options<'_>, batch: usize, stop_after: Option<usize>) -> Result<Vec<NumberCube>> {
        let spec = &self.spec;
        let fingerprint = format!(
            "{} {} {} {} {} {} {}",
            spec.order,
            spec.property.name(),
            spec.start,
            spec.step,
            spec.origin_pinned,
            self.tasks.len(),
            self.fingerprint()
        );
        let mut saver = Saver::new(opts, KIND, &fingerprint, &self.label())?;
        let mut cp = Saved { done: 0, solutions: vec![] };
        if let Some(file) = saver.resume_file(opts) {
            if let Some(saved) = file.load::<Saved>()? {
                saved.check(self).map_err(|why| {
                    Error::checkpoint(format!("checkpoint '{}' is corrupt: {why}", file.path().display()))
                })?;
                cp = saved;
                saver.mark_saved();
            }
        }
        let tasks = self.tasks.len();
        let limit = stop_after.map_or(tasks, |n| cp.done.saturating_add(n).min(tasks));
        opts.progress.start("work units", tasks as u64, cp.done as u64);
        // A stop request during the last batch still stops (and says how to resume).
        while cp.done < tasks || opts.stop.is_requested() {
            if cp.done >= limit || opts.stop.is_requested() {
                opts.progress.finish();
                saver.save(true, |f| f.save(&cp))?;
                let found = cp.solutions.len() * self.multiplicity();
                return Err(saver.stopped(&format!("after {} of {tasks} work units with {found} cubes found", cp.done)));
            }
            let end = cp.done.saturating_add(batch.max(1)).min(limit);
            let found: Vec<Vec<Vec<u16>>> = (cp.done..end).into_par_iter().map(|t| self.run_task(t)).collect();
            for values in found.into_iter().flatten() {
                cp.solutions.push(values.iter().map(|&k| spec.value(k as usize)).collect());
            }
            opts.progress.advance((end - cp.done) as u64);
            opts.progress.note(&format!("{} found", cp.solutions.len() * self.multiplicity()));
            cp.done = end;
            saver.save(cp.done == tasks, |f| f.save(&cp))?;
        }
        opts.progress.finish();
        Ok(self.expand(cp.solutions))
    }

    /// The cubes the checkpointed solutions stand for, in order.
    fn expand(&self, solutions: Vec<Vec<i64>>) -> Vec<NumberCube> {
        let n = self.spec.order;
        let reduced = solutions.into_iter().map(|c| NumberCube::new(n, c).expect("checked"));
        if !self.symmetry_reduced() {
            return reduced.collect();
        }
        let maps = cell_maps(n);
        reduced
            .flat_map(|cube| {
                maps.iter()
                    .map(|map| NumberCube::new(n, map.iter().map(|&i| cube.cells()[i]).collect()).expect("size"))
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    /// Whether the search finds one cube per orbit of the 48 symmetries (and the
    /// result lists all 48 images of each): always, unless the origin is pinned.
    pub fn symmetry_reduced(&self) -> bool {
        !self.spec.origin_pinned
    }

    /// How many cubes each checkpointed solution stands for: 48, or 1 with a pinned origin.
    pub fn multiplicity(&self) -> usize {
        if self.symmetry_reduced() {
            48
        } else {
            1
        }
    }

    /// Runs the whole search without checkpoints.
    pub fn run_all(&self) -> Vec<NumberCube> {
        let cubes = self.run(&Options::default(), usize::MAX, None);
        cubes.expect("no checkpoint and no stop: nothing can fail")
    }
}

#[cfg(test)]
mod tests;
