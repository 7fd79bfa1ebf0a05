//! Stacks with a chosen number of solutions.

use super::DesignError;
use crate::census::engine::Engine;
use crate::coloring::Coloring;
use crate::histogram::Bin;
use crate::rng::SplitMix64;
use crate::run::Stop;
use crate::stack::{Method, Selection, Solved, Stack};
use crate::words::count;
use crate::{Error, ErrorKind};

/// A designed stack: N cubes of `C_N` with exactly the solutions asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StackDesign {
    /// N: cubes, colors, and the `C_N` they come from.
    pub colors: usize,
    /// Whether a cube could appear more than once.
    pub multisets: bool,
    /// The solutions asked for.
    pub solutions: u64,
    /// The seed of the draw.
    pub seed: u64,
    /// How many collections of the census have exactly that many solutions (the draw is
    /// uniform among them).
    pub count: u64,
    /// How many collections the census has in all.
    pub collections: u64,
    /// The position of the one drawn among them, in rank order (from 0).
    pub index: u64,
    /// The cubes drawn, in increasing order of `C_N` (cube 1 at the bottom).
    pub cubes: Vec<Coloring>,
    /// Their names in the census (Conway's for `C_6`, else face strings over 1..N).
    pub names: Vec<String>,
    /// The stack solved again by the solver (graph method), with its distinct
    /// solutions (at most 10 listed).
    pub solved: Solved,
}

/// Draws N cubes of `C_N` (sets, or multisets with `multisets`) whose stack has exactly
/// `solutions` solutions, uniformly among all such collections, from `seed`. An error
/// of kind `OutOfRange` when N is not 2 to 6 or no collection has that many solutions
/// (naming the nearest numbers that occur); `Stopped` when `stop` is raised.
pub fn stack(
    colors: usize,
    solutions: u64,
    multisets: bool,
    seed: u64,
    stop: &Stop,
) -> std::result::Result<StackDesign, DesignError> {
    if !(2..=6).contains(&colors) {
        let error = Error::out_of_range(format!("a designed stack has 2 to 6 cubes (the stack census), not {colors}"));
        return Err(DesignError::at("cubes", error));
    }
    let selection = Selection::new(colors, multisets, solutions, stop)?;
    let what = if multisets { "multisets" } else { "sets" };
    let total = selection.count();
    if total == 0 {
        let error = Error::out_of_range(format!(
            "no {} of {colors} cubes of C_{colors} stacks with exactly {}: {}",
            if multisets { "multiset" } else { "set" },
            count(solutions, "solution", "solutions"),
            evidence(&selection.histogram(), solutions, selection.collections(), what)
        ));
        return Err(DesignError::at("solutions", error));
    }
    let index = SplitMix64(seed).below(total);
    let chosen =
        selection.nth(index).ok_or_else(|| Error::new(ErrorKind::Internal, "the drawn stack was not found"))?;
    let engine = Engine::exact_colors(colors)?;
    let cubes: Vec<Coloring> = chosen.iter().map(|&c| engine.cubes()[c]).collect();
    let names = engine.set_names(&chosen);
    let stack = Stack::new(cubes.clone())?;
    let solved = stack.solve(Method::Graph, 10)?;
    // The solver, and the direct search (which shares nothing with the census's table),
    // solve it back: the property asked for holds.
    if solved.solutions != solutions || stack.count(Method::Backtrack).solutions != solutions {
        return Err(Error::new(ErrorKind::Internal, "the drawn stack does not have the solutions asked for").into());
    }
    Ok(StackDesign {
        colors,
        multisets,
        solutions,
        seed,
        count: total,
        collections: selection.collections(),
        index,
        cubes,
        names,
        solved,
    })
}

/// Why none exists: the census's total and the nearest solution numbers that occur.
fn evidence(histogram: &[Bin], solutions: u64, collections: u64, what: &str) -> String {
    let below = histogram.iter().rev().find(|b| b.value < solutions).map(|b| b.value);
    let above = histogram.iter().find(|b| b.value > solutions).map(|b| b.value);
    let nearest = match (below, above) {
        (Some(a), Some(b)) => format!("the nearest numbers of solutions that occur are {a} and {b}"),
        (Some(a), None) => format!("the most solutions of any is {a}"),
        (None, Some(b)) => format!("the fewest solutions of any is {b}"),
        (None, None) => "none has any number of solutions".to_string(),
    };
    format!("the census of all {} {what} finds none ({nearest})", crate::words::thousands(collections))
}
