//! The prepared search of a census of magic squares: either method over a range of
//! tasks, folded into partial results.

use super::super::square::frenicle;
use super::super::square_backtrack::Backtrack;
use super::super::square_diagonals::{coset_images, Diagonals, Reduction, Table, Task};
use super::spec::{SquareMethod, SquareSpec};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ops::Range;

/// Partial results, folded in task order.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(super) struct Partial {
    pub(super) total: u64,
    pub(super) count: u64,
    pub(super) by_centre: BTreeMap<u64, u64>,
}

impl Partial {
    pub(super) fn merge(mut self, other: Partial) -> Partial {
        self.total += other.total;
        self.count += other.count;
        for (k, v) in other.by_centre {
            *self.by_centre.entry(k).or_default() += v;
        }
        self
    }
}

/// Most fixed cells counted under the kept symmetry.
const KEEP_SYMMETRY_UP_TO: usize = 2;

/// The prepared search of a spec.
pub(super) enum Engine {
    Diagonals(Diagonals, Vec<Task>),
    Backtrack(Backtrack, Vec<[u8; 2]>),
}

impl Engine {
    /// The search of `spec` with its `fixed` cells. One or two fixed cells are counted
    /// under the symmetry kept ([`Diagonals::keeping_symmetry`]; measured in
    /// docs/benchmarks.md: the more cells are fixed, the smaller the search without
    /// symmetry, which wins from three cells on); when `listing`, fixed cells are always
    /// searched without symmetry (every square is listed, in task order).
    pub(super) fn new(spec: &SquareSpec, fixed: &[(usize, u8)], listing: bool) -> Engine {
        let n = spec.order;
        match spec.method {
            SquareMethod::Diagonals => {
                let d = if listing || fixed.len() > KEEP_SYMMETRY_UP_TO {
                    Diagonals::new(n, spec.kind, fixed)
                } else {
                    Diagonals::keeping_symmetry(n, spec.kind, fixed)
                };
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

    pub(super) fn len(&self) -> u64 {
        match self {
            Engine::Diagonals(_, t) => t.len() as u64,
            Engine::Backtrack(_, t) => t.len() as u64,
        }
    }

    /// Runs tasks `r`, with every essentially different square (every square when cells
    /// are fixed) appended to `list` when listing.
    pub(super) fn run(&self, n: usize, r: Range<u64>, fixed: bool, mut list: Option<&mut Vec<u8>>) -> Partial {
        let mut p = Partial::default();
        let centre = |cells: &[u8]| if n % 2 == 1 { cells[n * n / 2] as u64 } else { 0 };
        let n2 = (n * n) as u8;
        match self {
            Engine::Diagonals(d, tasks) => {
                let mut table = Table::new();
                let mult = d.multiplier();
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
