//! `extended` with `guarantee`: the largest multiset of MacMahon cubes filling no
//! target's frame, by the exhaustive search of `cubelab::extended::guarantee`.

use super::census::{multiset_out, multiset_text, MultisetOut};
use super::{ExtendedRequest, DEFAULT_BUDGET};
use crate::error::{Error, ErrorKind, Result};
use crate::report::Report;
use crate::Context;
use cubelab::extended::guarantee::Guarantee;
use schemars::JsonSchema;
use serde::Serialize;

/// The input of `cubelab extended --guarantee`.
#[derive(Serialize, JsonSchema)]
pub struct GuaranteeInput {
    /// `--size`.
    size: usize,
    /// `--budget`: the most search nodes for each number of cubes.
    budget: u64,
}

impl GuaranteeInput {
    /// The input of a request.
    pub fn of(req: &ExtendedRequest) -> GuaranteeInput {
        GuaranteeInput { size: req.size, budget: req.budget.unwrap_or(DEFAULT_BUDGET) }
    }
}

/// The search for one number of cubes.
#[derive(Serialize, JsonSchema)]
pub struct SearchedOut {
    /// The number of cubes k.
    pub k: u64,
    /// Search nodes visited.
    pub nodes: u64,
    /// Whether the search ran to the end (false: the budget ran out first; a report is
    /// printed only when the last search ran to the end).
    pub complete: bool,
    /// A multiset of k cubes filling no frame (the flow confirmed it), or null: none
    /// exists when `complete`, none was found otherwise.
    pub example: Option<MultisetOut>,
}

/// `cubelab extended --guarantee`: the smallest k such that every k-multiset of MacMahon
/// cubes builds some N x N x N target, by exhaustive search.
#[derive(Serialize, JsonSchema)]
pub struct GuaranteeReport {
    /// N.
    pub size: usize,
    /// N^3.
    pub positions: u64,
    /// Positions of a frame (8 corners and 12 edges of N - 2 positions).
    pub frame_positions: u64,
    /// Closed sets of frame classes (Hall obstructions) of each target.
    pub frame_obstructions: usize,
    /// The searches, k = frame_positions upwards, until a k has no multiset filling no
    /// frame (a budget that runs out first is an error: limit reached, exit 4).
    pub searched: Vec<SearchedOut>,
    /// The largest number of cubes filling no frame (never null: a budget that runs out is
    /// an error).
    pub largest_filling_no_frame: Option<u64>,
    /// max(N^3, largest + 1): the smallest k such that every k-multiset builds some
    /// target (never null).
    pub k_some_target: Option<u64>,
    /// largest + 1: the smallest k such that every k-multiset fills some target's frame
    /// (and so builds that target when k ≥ N^3; never null).
    pub k_some_frame: Option<u64>,
}

impl Report for GuaranteeReport {
    const KIND: &'static str = "extended-guarantee";
    type Input = GuaranteeInput;

    fn text(&self) -> String {
        let n = self.size;
        let mut s = format!(
            "extended target puzzle, {n}x{n}x{n}: the largest multiset of MacMahon cubes filling no target's frame\n\
             ({} corner and edge positions; {} closed Hall sets per target), by exhaustive search\n\n",
            self.frame_positions, self.frame_obstructions
        );
        s += "     k          nodes  a multiset filling no frame\n";
        for r in &self.searched {
            let example = match (&r.example, r.complete) {
                (Some(m), _) => multiset_text(m),
                (None, true) => "none (search complete)".to_string(),
                (None, false) => "none found (budget ran out)".to_string(),
            };
            s += &format!("  {:>4}  {:>13}  {example}\n", r.k, r.nodes);
        }
        if let (Some(l), Some(k)) = (self.largest_filling_no_frame, self.k_some_target) {
            s += &format!(
                "\nlargest multiset filling no frame: {l} cubes; every {} cubes fill some frame,\n\
                 so every multiset of {k} cubes builds some {n}x{n}x{n} target, and {k} is the least such number\n",
                l + 1
            );
        }
        s
    }
}

/// Runs the guarantee search for N = `n` (checked) with `budget` nodes for each number of
/// cubes.
pub(super) fn run(n: usize, budget: u64, ctx: &Context) -> Result<GuaranteeReport> {
    if n < 3 {
        return Err(Error::bad(
            "the guarantee search is for sizes 3 and up; for 2x2x2 targets see: cubelab census infeasible",
        )
        .about("size", n));
    }
    let g = Guarantee::macmahon(n)?;
    let census = g.census();
    let positions = (n as u64).pow(3);
    let frame = 8 + 12 * (n as u64 - 2);
    let outcomes = g.largest(frame, budget, ctx.progress(), ctx.stop())?;
    let internal = |m: String| Error::new(ErrorKind::Internal, m);
    if let Some(o) = outcomes.iter().find(|o| o.disagreements > 0) {
        return Err(internal(format!("internal: the obstructions and the flow disagree at k = {}", o.k)));
    }
    let last = outcomes.last().ok_or_else(|| internal("internal: no search".to_string()))?;
    if !(last.complete && last.found.is_empty()) {
        // The budget ran out before a decision: a limit reached, not an answer.
        let found = if last.k > frame {
            format!(" (multisets of {frame} to {} cubes filling no frame were found)", last.k - 1)
        } else {
            String::new()
        };
        let message = format!(
            "not decided: the search over multisets of {} cubes ran out of its {budget} nodes{found}; raise it",
            last.k
        );
        return Err(Error::new(ErrorKind::LimitReached, message).about("budget", budget));
    }
    let largest = Some(last.k - 1);
    Ok(GuaranteeReport {
        size: n,
        positions,
        frame_positions: frame,
        frame_obstructions: g.obstructions(0).len(),
        searched: outcomes
            .iter()
            .map(|o| SearchedOut {
                k: o.k,
                nodes: o.nodes,
                complete: o.complete,
                example: o.found.first().map(|m| multiset_out(census, m)),
            })
            .collect(),
        largest_filling_no_frame: largest,
        k_some_target: largest.map(|l| positions.max(l + 1)),
        k_some_frame: largest.map(|l| l + 1),
    })
}
