//! Searching for universal sets where exhaustive enumeration is out of reach (for
//! example Berkove and Eickemeyer's claim that 10 of the 68 four-colored cubes build all
//! 68): a seeded local search that swaps one cube at a time, accepting moves that do not
//! lower the number of targets built. A set it returns is verified by the general solver.

use super::graph::hall_fillable;
use crate::coloring::Coloring;
use crate::rng::SplitMix64;
use crate::run::{Progress, Stop};
use crate::target::Blocks;
use crate::Error;

/// Corner fits of every cube for every target (`fits[t][c]`), from the general solver's
/// weights.
pub fn fit_matrix(cubes: &[Coloring], targets: &[Coloring]) -> Result<Vec<Vec<u8>>, Error> {
    let blocks = Blocks::new(cubes)?;
    if blocks.types().len() != cubes.len() {
        return Err(Error::malformed("the cubes must be distinct"));
    }
    targets
        .iter()
        .map(|t| {
            let triples = blocks.target_triples(t)?;
            Ok((0..cubes.len())
                .map(|c| (0..8).filter(|&p| blocks.weight(c, triples[p]) > 0).fold(0u8, |m, p| m | 1 << p))
                .collect())
        })
        .collect()
}

/// Number of targets the chosen cubes build (Hall's condition on their fits).
pub fn targets_built(fits: &[Vec<u8>], chosen: &[usize]) -> usize {
    let mut buf = Vec::with_capacity(chosen.len());
    fits.iter()
        .filter(|row| {
            buf.clear();
            buf.extend(chosen.iter().map(|&c| row[c]).filter(|&m| m != 0));
            hall_fillable(&buf)
        })
        .count()
}

/// One step of a local search over sets of cubes `0..n`: swap a random member of `chosen`
/// for a random cube not in it, and keep the swap when `score` does not drop. Returns the
/// score of the set kept (unchanged when `chosen` is empty or holds every cube).
pub fn swap_step(
    rng: &mut SplitMix64,
    chosen: &mut [usize],
    n: usize,
    score: usize,
    eval: impl Fn(&[usize]) -> usize,
) -> usize {
    if chosen.is_empty() || chosen.len() >= n {
        // No cube to swap in (or out): nothing moves.
        return score;
    }
    let i = rng.below(chosen.len() as u64) as usize;
    let new = loop {
        let c = rng.below(n as u64) as usize;
        if !chosen.contains(&c) {
            break c;
        }
    };
    let old = chosen[i];
    chosen[i] = new;
    let s = eval(chosen);
    if s >= score {
        s
    } else {
        chosen[i] = old;
        score
    }
}

/// How many swaps the local searches make between two looks at their stop token.
pub(crate) const STOP_EVERY: usize = 1024;

/// Looks for `k` cubes that build every target, from `restarts` random starts of at most
/// `steps` swaps each. Returns the first universal set found (cube indices, sorted). A
/// raised `stop` ends it within [`STOP_EVERY`] swaps (nothing is found then: the caller
/// fails).
#[allow(clippy::too_many_arguments)]
pub fn search_universal(
    fits: &[Vec<u8>],
    n: usize,
    k: usize,
    seed: u64,
    restarts: usize,
    steps: usize,
    progress: &dyn Progress,
    stop: &Stop,
) -> Option<Vec<usize>> {
    if k > n || k < 8 {
        return None;
    }
    let mut rng = SplitMix64(seed);
    let goal = fits.len();
    progress.start("random starts", restarts as u64, 0);
    for _ in 0..restarts {
        if stop.is_requested() {
            return None;
        }
        let mut pool: Vec<usize> = (0..n).collect();
        for i in 0..k {
            let j = i + rng.below((n - i) as u64) as usize;
            pool.swap(i, j);
        }
        let mut chosen: Vec<usize> = pool[..k].to_vec();
        let mut score = targets_built(fits, &chosen);
        for step in 0..steps {
            if step % STOP_EVERY == 0 && stop.is_requested() {
                return None;
            }
            if score == goal {
                chosen.sort_unstable();
                return Some(chosen);
            }
            score = swap_step(&mut rng, &mut chosen, n, score, |c| targets_built(fits, c));
        }
        progress.advance(1);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coloring::exact_colorings;
    use crate::macmahon;
    use crate::notation::parse_cubes;

    #[test]
    fn search_finds_a_set_for_figure_6s_targets() {
        let cubes: Vec<Coloring> = macmahon::cubes().iter().map(|c| c.coloring).collect();
        let targets = parse_cubes(&["Cb", "Cd", "Ce", "Db", "De"]).unwrap();
        let fits = fit_matrix(&cubes, &targets).unwrap();
        let set = search_universal(&fits, 30, 8, 3, 50, 3000, &crate::run::NoProgress, &Stop::new())
            .expect("Figure 6's collection exists");
        let chosen: Vec<Coloring> = set.iter().map(|&c| cubes[c]).collect();
        let blocks = Blocks::new(&chosen).unwrap();
        assert!(targets.iter().all(|t| blocks.count(t).unwrap() > 0));
        // Five targets need all 8 blocks of one collection; no 8 cubes build 6 (Table 2).
        let six = parse_cubes(&["Cb", "Cd", "Ce", "Db", "De", "Ab"]).unwrap();
        assert_eq!(
            search_universal(
                &fit_matrix(&cubes, &six).unwrap(),
                30,
                8,
                3,
                5,
                500,
                &crate::run::NoProgress,
                &Stop::new()
            ),
            None
        );
    }

    /// Berkove and Eickemeyer: 10 four-colored cubes build all 68. This set was found by
    /// `cubelab census universal --colors 4 --size 10 --search --seed 1`; here the general
    /// solver checks it.
    #[test]
    fn ten_four_colored_cubes_build_all_68() {
        let set = parse_cubes(&[
            "121314", "121423", "122324", "123434", "131324", "132343", "132424", "141423", "142323", "142443",
        ])
        .unwrap();
        let c4 = exact_colorings(4).unwrap();
        assert_eq!(c4.len(), 68);
        let blocks = Blocks::new(&set).unwrap();
        assert_eq!(blocks.types().len(), 10);
        for t in &c4 {
            assert!(blocks.count(t).unwrap() > 0, "target {t}");
        }
        let index: Vec<usize> = set.iter().map(|c| c4.iter().position(|x| *x == c.canonical()).unwrap()).collect();
        assert_eq!(targets_built(&fit_matrix(&c4, &c4).unwrap(), &index), 68);
    }
}
