//! Free-energy estimates by parallel tempering (Pinn & Wieczerkowski 1998, who estimated
//! the number of order-6 magic squares this way).
//!
//! A state is an arrangement of the free numbers on the free cells (the fixed cells of a
//! restricted family keep their numbers); its energy is E = Σ (line sum − magic sum)²
//! over the constrained lines, so E = 0 exactly on the objects counted. With
//! Z(β) = Σ exp(−β E) over all arrangements, Z(0) = (free cells)! and the count is
//! N = Z(β_K) · P_K(E = 0) for any β_K, so
//!
//! ln N = ln (free cells)! + Σ_i ln Z(β_{i+1}) / Z(β_i) + ln P_K(E = 0).
//!
//! Each ratio is estimated by Bennett's acceptance ratio from the energies sampled at
//! both neighbours; P_K(E = 0) is the fraction of the top chain's samples with E = 0.
//!
//! One repetition: a pilot anneals one state from β = 0 upwards and builds the ladder
//! by the rule β_{i+1} = β_i + [`OVERLAP`] / σ_E(β_i) (σ_E measured on the second half of
//! [`PILOT_SWEEPS`] sweeps at β_i, the step at most [`MAX_STEP`]) up to `beta_max`
//! (default [`BETA_MAX`]); then one replica per level runs `sweeps` sweeps. A sweep: as
//! many Metropolis swap proposals as there are free cells (half of them two free cells
//! drawn uniformly, half a free cell and the cell of a number within ±[`NEAR`] of its
//! own), then replica exchanges between neighbours (even pairs on even sweeps, odd pairs
//! on odd ones). The first [`BURN_IN`] of the sweeps are discarded; after that every
//! level's energy is recorded once per sweep.
//!
//! Repetitions are independent (repetition r draws from its own SplitMix64 stream seeded
//! by (seed, r)); the estimate is exp of the mean of their ln N, the 95% interval exp of
//! the mean ± t · standard error (Student's t with R − 1 degrees of freedom). The result
//! depends only on the seed, the repetitions, the sweeps and `beta_max`, not on the
//! thread count.
//!
//! The interval covers the statistical error only. Poor equilibration at the low
//! temperatures is a systematic error the repetitions cannot see (it biases every one of
//! them the same way, here downwards: the chains miss part of the E = 0 states); it
//! shows as estimates that still drift when `sweeps` grows, which is how the results in
//! docs/magic.md are checked.

use super::{fixed_numbers, Family, System};
use crate::rng::SplitMix64;
use crate::run::{run_batches, Batches, Options};
use crate::shard::chunked_until;
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use std::ops::Range;

mod stats;
pub use stats::student_t95;
use stats::{bar, ln_factorial};

/// The ladder rule's overlap: Δβ · σ_E between neighbouring levels (about 1 gives
/// exchange acceptances of 40–60% for Gaussian energies).
pub const OVERLAP: f64 = 1.0;
/// The top of the ladder by default.
pub const BETA_MAX: f64 = 8.0;
/// The largest ladder step (where σ_E is tiny or 0).
pub const MAX_STEP: f64 = 0.25;
/// Pilot sweeps per level (the first half anneals, the second measures σ_E).
pub const PILOT_SWEEPS: u64 = 200;
/// The fraction of the sweeps discarded as burn-in.
pub const BURN_IN: f64 = 0.2;
/// At most this many levels (a guard: the rule never needs so many here).
const MAX_LEVELS: usize = 400;

/// What to estimate by parallel tempering.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TemperingSpec {
    /// Cubes or squares.
    pub family: Family,
    /// The order (cubes 3 or 4, squares 3 to 5).
    pub order: usize,
    /// Cubes only: the first this many cells hold the numbers of cubelab's constructed
    /// cube (a restricted family).
    pub fixed_cells: usize,
    /// Independent repetitions (each a pilot and a full ladder run); at least 2.
    pub repeats: u64,
    /// Sweeps of each repetition's ladder run; at least 10.
    pub sweeps: u64,
    /// The seed.
    pub seed: u64,
    /// The top of the ladder (the documented default: [`BETA_MAX`]).
    pub beta_max: f64,
}

/// One repetition's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Repetition {
    /// Its estimate of ln N (−∞ is written as null in JSON: no sample at E = 0).
    pub ln_count: f64,
    /// Levels of its ladder (β = 0 included).
    pub levels: usize,
    /// The fraction of the top level's samples at E = 0.
    pub p_zero: f64,
    /// The smallest replica-exchange acceptance between neighbouring levels.
    pub min_exchange: f64,
    /// The mean replica-exchange acceptance.
    pub mean_exchange: f64,
    /// Replica walks from the top level (β_K) down to β = 0 (each one after the first
    /// closes a round trip).
    pub round_trips: u64,
    /// Metropolis moves tried (pilot included).
    pub moves: u64,
    /// The mean energy at the top level.
    pub top_mean_energy: f64,
    /// The lowest energy any replica reached after the burn-in.
    pub min_energy: u64,
}

/// An estimate by parallel tempering.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct TemperingEstimate {
    /// Cubes or squares.
    pub family: Family,
    /// The order.
    pub order: usize,
    /// Cells fixed from cubelab's constructed cube (0: the whole family).
    pub fixed_cells: usize,
    /// Independent repetitions.
    pub repeats: u64,
    /// Sweeps per repetition.
    pub sweeps: u64,
    /// The seed.
    pub seed: u64,
    /// The top of the ladder.
    pub beta_max: f64,
    /// The estimate: exp of the mean of the repetitions' ln N.
    pub estimate: f64,
    /// The 95% interval: exp(mean − t · standard error) …
    pub low: f64,
    /// … exp(mean + t · standard error).
    pub high: f64,
    /// The mean of the repetitions' ln N.
    pub ln_estimate: f64,
    /// Its standard error (their standard deviation / √repeats).
    pub ln_std_error: f64,
    /// Student's t (95%, repeats − 1 degrees of freedom).
    pub t: f64,
    /// ln (free cells)!, the count of all arrangements (ln Z(0)).
    pub ln_arrangements: f64,
    /// Whether every repetition sampled E = 0 at the top level and estimated ln N ≥ 0.
    /// A repetition that never samples E = 0 makes the estimate 0 (it says nothing); one
    /// that samples a solution yet estimates N < 1 is proven out of equilibrium (the
    /// estimate and interval are still given, but are not to be trusted). Passing this
    /// check does not prove equilibrium: see the module documentation.
    pub reliable: bool,
    /// The repetitions, in order.
    pub repetitions: Vec<Repetition>,
    /// The symmetries of the cube (48) or square (8) (see `Estimate::symmetries`).
    pub symmetries: u64,
}

/// The constrained lines as the inner loop wants them.
struct Lines {
    /// The magic sum.
    target: i32,
    /// Each cell's lines (at most 7: the centre of an order-3 cube is on three axes and
    /// four triagonals), padded with `NONE` at the end.
    through: Vec<[u8; WIDTH]>,
    /// The lines.
    cells: Vec<Vec<usize>>,
}

const NONE: u8 = u8::MAX;
const WIDTH: usize = 8;

impl Lines {
    fn new(sys: &System) -> Lines {
        let through = sys
            .through
            .iter()
            .map(|t| {
                assert!(t.len() < WIDTH && t.len() < NONE as usize, "a cell on too many lines");
                let mut a = [NONE; WIDTH];
                for (k, &l) in t.iter().enumerate() {
                    a[k] = l as u8;
                }
                a
            })
            .collect();
        Lines { target: sys.target as i32, through, cells: sys.lines.clone() }
    }
}

/// A state: numbers on cells, the cell of each number, each line's deviation from the
/// magic sum, the energy.
#[derive(Clone)]
struct State {
    cells: Vec<i32>,
    pos: Vec<usize>,
    dev: Vec<i32>,
    energy: i64,
}

impl State {
    fn new(lines: &Lines, cells: Vec<i32>) -> State {
        let dev: Vec<i32> =
            lines.cells.iter().map(|l| l.iter().map(|&c| cells[c]).sum::<i32>() - lines.target).collect();
        let energy = dev.iter().map(|&d| i64::from(d) * i64::from(d)).sum();
        let mut pos = vec![usize::MAX; cells.len() + 1];
        for (c, &v) in cells.iter().enumerate() {
            pos[v as usize] = c;
        }
        State { cells, pos, dev, energy }
    }

    /// The energy change of swapping the numbers of cells `a` and `b`.
    #[inline]
    fn delta(&self, lines: &Lines, a: usize, b: usize) -> i64 {
        let d = self.cells[b] - self.cells[a];
        let (ta, tb) = (&lines.through[a], &lines.through[b]);
        let mut de = 0i64;
        for &l in ta.iter().take_while(|&&l| l != NONE) {
            if !tb.contains(&l) {
                let s = self.dev[l as usize];
                de += i64::from(2 * s * d + d * d);
            }
        }
        for &l in tb.iter().take_while(|&&l| l != NONE) {
            if !ta.contains(&l) {
                let s = self.dev[l as usize];
                de += i64::from(-2 * s * d + d * d);
            }
        }
        de
    }

    #[inline]
    fn swap(&mut self, lines: &Lines, a: usize, b: usize, de: i64) {
        let d = self.cells[b] - self.cells[a];
        let (ta, tb) = (&lines.through[a], &lines.through[b]);
        for &l in ta.iter().take_while(|&&l| l != NONE) {
            if !tb.contains(&l) {
                self.dev[l as usize] += d;
            }
        }
        for &l in tb.iter().take_while(|&&l| l != NONE) {
            if !ta.contains(&l) {
                self.dev[l as usize] -= d;
            }
        }
        self.cells.swap(a, b);
        self.pos[self.cells[a] as usize] = a;
        self.pos[self.cells[b] as usize] = b;
        self.energy += de;
    }

    /// `n` Metropolis swaps of two free cells at inverse temperature `beta`: half of the
    /// proposals are two free cells drawn uniformly, half a free cell and the cell of a
    /// number within ±[`NEAR`] of its own (a symmetric proposal too: the reverse move
    /// draws the other cell and the opposite offset with the same probability); a
    /// proposal off the numbers or onto a fixed cell is rejected.
    fn sweep(&mut self, lines: &Lines, p: &Problem, beta: f64, n: usize, rng: &mut SplitMix64) {
        let free = &p.free[..];
        let f = free.len() as u64;
        for _ in 0..n {
            let r = rng.next_u64();
            let i = ((r as u32 as u64 * f) >> 32) as usize;
            let (a, b) = if r >> 63 == 0 {
                let mut j = rng.below(f - 1) as usize;
                if j >= i {
                    j += 1;
                }
                (free[i], free[j])
            } else {
                let k = ((r >> 32) & 0xffff) % (2 * NEAR as u64);
                let k = if k < NEAR as u64 { k as i32 + 1 } else { -(k as i32 - NEAR + 1) };
                let a = free[i];
                let w = self.cells[a] + k;
                if w < 1 || w as usize >= self.pos.len() {
                    continue;
                }
                let b = self.pos[w as usize];
                if !p.is_free[b] {
                    continue;
                }
                (a, b)
            };
            let de = self.delta(lines, a, b);
            if de <= 0 || uniform(rng) < (-beta * de as f64).exp() {
                self.swap(lines, a, b, de);
            }
        }
    }
}

/// The largest number offset of the near swaps.
pub const NEAR: i32 = 3;

/// A uniform number in [0, 1).
#[inline]
fn uniform(rng: &mut SplitMix64) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// The random stream of repetition `r`.
fn stream(seed: u64, r: u64) -> SplitMix64 {
    let mut rng = SplitMix64(seed ^ (r.wrapping_add(1)).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rng.next_u64();
    rng
}

/// A uniformly random arrangement of the free numbers on the free cells.
fn random_state(lines: &Lines, base: &[i32], free: &[usize], rng: &mut SplitMix64) -> State {
    let mut cells = base.to_vec();
    let mut nums: Vec<i32> = free.iter().map(|&c| cells[c]).collect();
    for i in (1..nums.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        nums.swap(i, j);
    }
    for (&c, &v) in free.iter().zip(&nums) {
        cells[c] = v;
    }
    State::new(lines, cells)
}

/// The ladder by the rule of the module documentation, from an annealed pilot state.
fn ladder(p: &Problem, beta_max: f64, rng: &mut SplitMix64, moves: &mut u64) -> Vec<f64> {
    let (lines, free) = (&p.lines, &p.free[..]);
    let mut st = random_state(lines, &p.base, free, rng);
    let mut betas = vec![0.0];
    let n = free.len();
    loop {
        let beta = *betas.last().expect("a level");
        let (mut s, mut s2, mut k) = (0.0, 0.0, 0.0);
        for t in 0..PILOT_SWEEPS {
            st.sweep(lines, p, beta, n, rng);
            if t >= PILOT_SWEEPS / 2 {
                let e = st.energy as f64;
                s += e;
                s2 += e * e;
                k += 1.0;
            }
        }
        *moves += PILOT_SWEEPS * n as u64;
        let var = (s2 / k - (s / k).powi(2)).max(0.0);
        let step = if var > 0.0 { (OVERLAP / var.sqrt()).min(MAX_STEP) } else { MAX_STEP };
        if beta + step >= beta_max || betas.len() + 1 >= MAX_LEVELS {
            betas.push(beta_max);
            return betas;
        }
        betas.push(beta + step);
    }
}

/// The problem: the lines, the base arrangement (fixed cells in place) and the free cells.
struct Problem {
    lines: Lines,
    base: Vec<i32>,
    free: Vec<usize>,
    is_free: Vec<bool>,
}

impl Problem {
    fn new(spec: &TemperingSpec) -> Result<Problem> {
        let es = super::EstimateSpec {
            family: spec.family,
            order: spec.order,
            fixed_cells: spec.fixed_cells,
            samples: 2,
            seed: spec.seed,
            tail: 0,
        };
        let sys = System::for_spec(&es)?;
        let fixed = fixed_numbers(&sys, &es)?;
        if sys.cells() - fixed.len() < 2 {
            return Err(Error::out_of_range(format!(
                "{} fixed cells: tempering needs at least 2 free cells",
                spec.fixed_cells
            )));
        }
        let mut base: Vec<i32> = fixed.iter().map(|&v| v as i32).collect();
        let rest: Vec<i32> = (1..=sys.max as i32).filter(|v| !fixed.contains(&(*v as u32))).collect();
        base.extend(rest);
        let free = (fixed.len()..sys.cells()).collect();
        let is_free = (0..sys.cells()).map(|c| c >= fixed.len()).collect();
        Ok(Problem { lines: Lines::new(&sys), base, free, is_free })
    }
}

/// One repetition (see the module documentation).
fn repetition(p: &Problem, sweeps: u64, beta_max: f64, rng: &mut SplitMix64) -> Repetition {
    let (lines, free) = (&p.lines, &p.free[..]);
    let mut moves = 0u64;
    let betas = ladder(p, beta_max, rng, &mut moves);
    let k = betas.len();
    let n = free.len();
    // replica[i]: the state at level i; label[i]: which replica that is, for round trips.
    let mut states: Vec<State> = (0..k).map(|_| random_state(lines, &p.base, free, rng)).collect();
    let mut label: Vec<usize> = (0..k).collect();
    // For each replica: 1 after visiting the top level, 2 after then reaching β = 0.
    let mut phase = vec![0u8; k];
    let mut round_trips = 0u64;
    let burn = (sweeps as f64 * BURN_IN) as u64;
    let mut samples: Vec<Vec<u32>> = vec![Vec::with_capacity((sweeps - burn) as usize); k];
    let (mut tried, mut taken) = (vec![0u64; k - 1], vec![0u64; k - 1]);
    for t in 0..sweeps {
        for (st, &b) in states.iter_mut().zip(&betas) {
            st.sweep(lines, p, b, n, rng);
        }
        moves += (k * n) as u64;
        for i in ((t % 2) as usize..k - 1).step_by(2) {
            let x = (betas[i + 1] - betas[i]) * (states[i + 1].energy - states[i].energy) as f64;
            tried[i] += 1;
            if x >= 0.0 || uniform(rng) < x.exp() {
                states.swap(i, i + 1);
                label.swap(i, i + 1);
                taken[i] += 1;
            }
        }
        let (top, bottom) = (label[k - 1], label[0]);
        if phase[top] == 0 {
            phase[top] = 1;
        }
        if phase[bottom] == 1 {
            phase[bottom] = 0;
            round_trips += 1;
        }
        if t >= burn {
            for (s, st) in samples.iter_mut().zip(&states) {
                s.push(st.energy as u32);
            }
        }
    }
    let mut ln = ln_factorial(n);
    for i in 0..k - 1 {
        ln += bar(&samples[i], &samples[i + 1], betas[i + 1] - betas[i]);
    }
    let top = &samples[k - 1];
    let p_zero = top.iter().filter(|&&e| e == 0).count() as f64 / top.len() as f64;
    ln += p_zero.ln();
    let top_mean_energy = top.iter().map(|&e| f64::from(e)).sum::<f64>() / top.len() as f64;
    let min_energy = samples.iter().flatten().copied().min().map_or(0, u64::from);
    let rates: Vec<f64> = tried.iter().zip(&taken).map(|(&a, &b)| b as f64 / a.max(1) as f64).collect();
    Repetition {
        ln_count: ln,
        levels: k,
        p_zero,
        min_exchange: rates.iter().copied().fold(1.0, f64::min),
        mean_exchange: rates.iter().sum::<f64>() / rates.len() as f64,
        round_trips,
        moves,
        top_mean_energy,
        min_energy,
    }
}

/// A repetition as a checkpoint keeps it: floating-point fields as their bits, so that a
/// resumed run prints exactly what an uninterrupted one does.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Saved {
    ln_count: u64,
    levels: usize,
    p_zero: u64,
    min_exchange: u64,
    mean_exchange: u64,
    round_trips: u64,
    moves: u64,
    top_mean_energy: u64,
    min_energy: u64,
}

impl Saved {
    fn of(r: Repetition) -> Saved {
        Saved {
            ln_count: r.ln_count.to_bits(),
            levels: r.levels,
            p_zero: r.p_zero.to_bits(),
            min_exchange: r.min_exchange.to_bits(),
            mean_exchange: r.mean_exchange.to_bits(),
            round_trips: r.round_trips,
            moves: r.moves,
            top_mean_energy: r.top_mean_energy.to_bits(),
            min_energy: r.min_energy,
        }
    }

    fn repetition(&self) -> Repetition {
        Repetition {
            ln_count: f64::from_bits(self.ln_count),
            levels: self.levels,
            p_zero: f64::from_bits(self.p_zero),
            min_exchange: f64::from_bits(self.min_exchange),
            mean_exchange: f64::from_bits(self.mean_exchange),
            round_trips: self.round_trips,
            moves: self.moves,
            top_mean_energy: f64::from_bits(self.top_mean_energy),
            min_energy: self.min_energy,
        }
    }
}

/// Repetitions per batch (the checkpoint granularity).
const BATCH: u64 = 2;

/// Estimates the number of solutions of `spec` by parallel tempering (see the module
/// documentation).
pub fn estimate_tempering(spec: &TemperingSpec, opts: &Options<'_>) -> Result<TemperingEstimate> {
    crate::bounds::TEMPERING_REPEATS.check(spec.repeats)?;
    crate::bounds::TEMPERING_SWEEPS.check(spec.sweeps)?;
    if !(spec.beta_max > 0.0 && spec.beta_max <= 100.0) {
        return Err(Error::out_of_range(format!("beta max {}: expected a number in (0, 100]", spec.beta_max)));
    }
    let p = Problem::new(spec)?;
    let label = format!(
        "tempering estimate of {} of order {}{} ({} repeats of {} sweeps, seed {})",
        spec.family.name(),
        spec.order,
        if spec.fixed_cells > 0 { format!(" with {} cells fixed", spec.fixed_cells) } else { String::new() },
        spec.repeats,
        spec.sweeps,
        spec.seed
    );
    let fingerprint = format!(
        "{label}, near swaps {NEAR}, overlap {OVERLAP}, beta max {}, max step {MAX_STEP}, pilot {PILOT_SWEEPS}, burn-in {BURN_IN}",
        spec.beta_max
    );
    let job = Batches {
        kind: "magic-estimate-tempering",
        fingerprint: &fingerprint,
        label: &label,
        range: 0..spec.repeats,
        batch: BATCH,
        // Floating-point sums: the batches stay as they are, so the result is exact.
        split: false,
    };
    let work = |r: Range<u64>| -> Result<Vec<Saved>> {
        Ok(chunked_until(r, 1, &opts.stop, |r| {
            r.map(|i| Saved::of(repetition(&p, spec.sweeps, spec.beta_max, &mut stream(spec.seed, i))))
                .collect::<Vec<_>>()
        })?
        .into_iter()
        .flatten()
        .collect())
    };
    let reps = run_batches(&job, opts, Vec::new(), work, |mut a, b| {
        a.extend(b);
        a
    })?;
    Ok(summarize(spec, &p, reps.iter().map(Saved::repetition).collect()))
}

/// The estimate from the repetitions.
fn summarize(spec: &TemperingSpec, p: &Problem, reps: Vec<Repetition>) -> TemperingEstimate {
    let r = reps.len() as f64;
    let sampled = reps.iter().all(|x| x.p_zero > 0.0);
    let reliable = sampled && reps.iter().all(|x| x.ln_count >= 0.0);
    let mean = reps.iter().map(|x| x.ln_count).sum::<f64>() / r;
    let var = reps.iter().map(|x| (x.ln_count - mean).powi(2)).sum::<f64>() / (r - 1.0);
    let se = (var / r).sqrt();
    let t = student_t95(reps.len() as u64 - 1);
    let (estimate, low, high, mean, se) = if sampled {
        (mean.exp(), (mean - t * se).exp(), (mean + t * se).exp(), mean, se)
    } else {
        (0.0, 0.0, 0.0, f64::NEG_INFINITY, f64::NAN)
    };
    TemperingEstimate {
        family: spec.family,
        order: spec.order,
        fixed_cells: spec.fixed_cells,
        repeats: spec.repeats,
        sweeps: spec.sweeps,
        seed: spec.seed,
        beta_max: spec.beta_max,
        estimate,
        low,
        high,
        ln_estimate: mean,
        ln_std_error: se,
        t,
        ln_arrangements: ln_factorial(p.free.len()),
        reliable,
        repetitions: reps,
        symmetries: match spec.family {
            Family::Cubes => 48,
            Family::Squares => 8,
        },
    }
}

#[cfg(test)]
mod tests;
