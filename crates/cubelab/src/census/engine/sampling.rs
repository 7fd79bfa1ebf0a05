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
        self.sets_building_each_target_until(k, &Stop::new()).ok().flatten()
    }

    /// [`Engine::sets_building_each_target`] that a raised `stop` ends within milliseconds,
    /// with kind `Stopped`.
    pub fn sets_building_each_target_until(&self, k: usize, stop: &Stop) -> Result<Option<u128>, Error> {
        let counts = match &self.inner {
            Inner::Small(s) => s.core.relabelings_transitive().then(|| s.core.building_subsets(0, k, stop)),
            Inner::Wide(w) => w.relabelings_transitive().then(|| w.building_subsets(0, k, stop)),
        };
        match counts {
            Some(Err(e)) if e.kind() == crate::ErrorKind::Stopped => Err(e),
            Some(Ok(v)) => Ok(Some(v[k])),
            // Beyond 128 bits, or targets that are not alike.
            Some(Err(_)) | None => Ok(None),
        }
    }
}
