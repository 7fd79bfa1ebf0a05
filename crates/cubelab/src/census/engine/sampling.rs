//! What the censuses of large universes (sampled, or exhaustive within a given list of
//! cubes) need beyond [`Engine::tally`] and [`Engine::exact_mean`]: cube lists in the order
//! given, samples that keep their best sets, and exact counts of building sets.

use super::{Engine, Inner};
use crate::census::targets::Tally;
use crate::census::Method;
use crate::run::{Progress, Stop};
use crate::Error;

impl Engine {
    /// Parses distinct cubes (any notation) into their indices, in the order given (errors
    /// name the position of the cube at fault).
    pub fn parse_list<S: AsRef<str>>(&self, tokens: &[S]) -> Result<Vec<usize>, Error> {
        match &self.inner {
            Inner::Small(s) => s.core.parse_blocks(tokens),
            Inner::Wide(w) => w.parse_blocks(tokens),
        }
    }

    /// Tallies `samples` K-sets of the whole universe drawn by the engine without tables
    /// (the stream of [`Engine::sample`] on the wide representation, for either one), and
    /// returns the sets (sorted indices) attaining the largest count. A raised `stop` ends
    /// it within a chunk of samples, with kind `Stopped`.
    pub fn sample_with_examples(
        &self,
        k: usize,
        samples: u64,
        seed: u64,
        method: Method,
        progress: &dyn Progress,
        stop: &Stop,
    ) -> Result<(Tally, Vec<Vec<usize>>), Error> {
        self.check_set_size(k)?;
        super::unless_stopped(
            stop,
            match &self.inner {
                Inner::Small(s) => s.core.sample(k, samples, seed, method, progress, stop),
                Inner::Wide(w) => w.sample(k, samples, seed, method, progress, stop),
            },
        )
    }

    /// The exact number of K-sets building each target, when the color relabelings act
    /// transitively on the cubes (so every target is alike) and it fits 128 bits.
    pub fn sets_building_each_target(&self, k: usize) -> Option<u128> {
        match &self.inner {
            Inner::Small(s) => s.core.relabelings_transitive().then(|| s.core.building_subsets(0, k).ok()),
            Inner::Wide(w) => w.relabelings_transitive().then(|| w.building_subsets(0, k).ok()),
        }
        .flatten()
        .map(|v| v[k])
    }
}
