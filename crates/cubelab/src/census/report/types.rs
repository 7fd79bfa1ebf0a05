//! The report of each census, field for field in the order of its JSON.

use super::{round6, tag};
use crate::census::infeasible::{classes, InfeasibleCensus, Part};
use crate::census::targets::Tally;
use crate::census::{Method, Universe};
use crate::Error;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `census solution-numbers`: the distribution of solution numbers of one target over all
/// collections of 8 cubes (Johnson–Roldán Table 1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SolutionNumbers {
    /// The census (not in the JSON: the output's `"kind"` says it).
    #[serde(skip)]
    pub census: tag::SolutionNumbers,
    /// The cube set (`macmahon`, `C3`, ...).
    pub universe: String,
    /// The method used.
    pub method: Method,
    /// The target's name.
    pub target: String,
    /// `"I/N"` for one shard of the census.
    #[serde(default)]
    pub shard: Option<String>,
    /// All collections of 8 of the census (not only this shard's).
    pub collections: u64,
    /// Collections with a nonzero solution number.
    pub buildable: u64,
    /// Solution number → collections (nonzero entries only).
    #[serde(with = "crate::histogram")]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<crate::histogram::Bin>"))]
    pub histogram: BTreeMap<u64, u64>,
    /// A shard's checksum (see the [module documentation](super)).
    #[serde(default)]
    pub checksum: Option<String>,
}

/// `census solution-numbers --all-targets`: the distribution for every target.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct AllTargets {
    /// The census (not in the JSON: the output's `"kind"` says it).
    #[serde(skip)]
    pub census: tag::AllTargets,
    /// The cube set.
    pub universe: String,
    /// The method used.
    pub method: Method,
    /// `"I/N"` for one shard of the census.
    #[serde(default)]
    pub shard: Option<String>,
    /// All collections of 8 of the census.
    pub collections: u64,
    /// Every target has the same distribution.
    pub agree: bool,
    /// One report per target.
    pub targets: Vec<SolutionNumbers>,
    /// A shard's checksum.
    #[serde(default)]
    pub checksum: Option<String>,
}

/// `census targets --size K`: how many targets the K-sets build (Table 2 for K = 8).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Targets {
    /// The census (not in the JSON: the output's `"kind"` says it).
    #[serde(skip)]
    pub census: tag::Targets,
    /// The cube set (`macmahon`, `C3`, `C4`, `palette7`, ...).
    pub universe: String,
    /// The method used.
    pub method: Method,
    /// The set size K.
    pub size: usize,
    /// The cubes the sets are taken from, when not the whole cube set.
    #[serde(default)]
    pub within: Option<Vec<String>>,
    /// The random sample, for a sampled census.
    #[serde(default)]
    pub sample: Option<Sample>,
    /// `"I/N"` for one shard of the census.
    #[serde(default)]
    pub shard: Option<String>,
    /// Sets counted.
    pub sets: u64,
    /// Number of targets built → sets (nonzero entries only).
    #[serde(with = "crate::histogram")]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<crate::histogram::Bin>"))]
    pub histogram: BTreeMap<u64, u64>,
    /// Mean number of targets (six decimals).
    pub mean: f64,
    /// Population standard deviation (six decimals).
    pub std_dev: f64,
    /// Fewest targets built by a set.
    pub min: Option<u64>,
    /// Most targets built by a set.
    pub max: Option<u64>,
    /// Number of sets reaching the maximum.
    pub max_count: u64,
    /// The sets reaching the maximum (with `--list-max`; at most 100,000).
    #[serde(default)]
    pub max_sets: Option<Vec<Vec<String>>>,
    /// For a sample: the standard error of the sampled mean (std_dev / sqrt(sets)).
    #[serde(default)]
    pub std_error: Option<f64>,
    /// For a sample, figures computed exactly (not sampled).
    #[serde(default)]
    pub exact: Option<Exact>,
    /// A shard's checksum.
    #[serde(default)]
    pub checksum: Option<String>,
}

/// Exact figures reported beside a sample.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Exact {
    /// The exact mean number of targets over all sets of this size.
    pub mean: f64,
    /// The number of sets of this size (a decimal string: it can exceed 64 bits; absent
    /// beyond 128 bits).
    #[serde(default)]
    pub sets: Option<String>,
    /// How many of them build any one given target (the same for every target).
    #[serde(default)]
    pub sets_building_each_target: Option<String>,
}

/// A random sample: how many sets, and the seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Sample {
    /// Sets drawn.
    pub samples: u64,
    /// Seed of the generator.
    pub seed: u64,
}

/// `census targets --size all`: every subset at once, one [`Targets`] per size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct AllSizes {
    /// The census (not in the JSON: the output's `"kind"` says it).
    #[serde(skip)]
    pub census: tag::AllSizes,
    /// The cube set.
    pub universe: String,
    /// The method used.
    pub method: Method,
    /// `"all"`.
    pub size: String,
    /// The cubes the sets are taken from, when not the whole cube set.
    #[serde(default)]
    pub within: Option<Vec<String>>,
    /// `"I/N"` for one shard of the census.
    #[serde(default)]
    pub shard: Option<String>,
    /// Sets counted, over all sizes.
    pub sets: u64,
    /// One report per size 0, 1, ..., n.
    pub sizes: Vec<Targets>,
    /// A shard's checksum.
    #[serde(default)]
    pub checksum: Option<String>,
}

/// The parameters every [`Targets`] report of one census shares.
#[derive(Debug, Clone, PartialEq)]
pub struct TargetsBase {
    /// The cube set's label.
    pub universe: String,
    /// The method used.
    pub method: Method,
    /// The cubes the sets are taken from, when not the whole cube set.
    pub within: Option<Vec<String>>,
    /// The random sample, for a sampled census.
    pub sample: Option<Sample>,
    /// `"I/N"` for one shard.
    pub shard: Option<String>,
}

impl Targets {
    /// The report of a tally of sets of `size` cubes; `max_sets` are the names of the sets
    /// reaching the maximum, when they are listed.
    pub fn new(base: &TargetsBase, size: usize, t: &Tally, max_sets: Option<Vec<Vec<String>>>) -> Targets {
        let histogram: BTreeMap<u64, u64> =
            t.histogram.iter().enumerate().filter(|(_, &v)| v > 0).map(|(k, &v)| (k as u64, v)).collect();
        let max = t.max();
        Targets {
            census: tag::Targets,
            universe: base.universe.clone(),
            method: base.method,
            size,
            within: base.within.clone(),
            sample: base.sample.clone(),
            shard: base.shard.clone(),
            sets: t.sets,
            mean: round6(t.mean()),
            std_dev: round6(t.std_dev()),
            min: histogram.keys().next().copied(),
            max: max.map(|m| m as u64),
            max_count: max.map(|m| t.histogram[m]).unwrap_or(0),
            max_sets,
            histogram,
            std_error: None,
            exact: None,
            checksum: None,
        }
    }

    /// The tally this report was made from, over universe `u`.
    pub fn to_tally(&self, u: &Universe) -> Result<Tally, Error> {
        let mut t = Tally::new(u.len());
        t.sets = self.sets;
        for (&k, &v) in &self.histogram {
            *t.histogram
                .get_mut(k as usize)
                .ok_or_else(|| Error::malformed(format!("histogram entry {k} is beyond the {} targets", u.len())))? = v;
        }
        if let Some(sets) = &self.max_sets {
            t.max_sets = sets.iter().map(|names| u.parse_set(names)).collect::<Result<_, _>>()?;
        }
        Ok(t)
    }
}

/// `census universal`: the sets of K cubes that build every target.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Universal {
    /// The census (not in the JSON: the output's `"kind"` says it).
    #[serde(skip)]
    pub census: tag::Universal,
    /// The cube set.
    pub universe: String,
    /// The method used.
    pub method: Method,
    /// The set size K.
    pub size: usize,
    /// `"I/N"` for one shard of the census.
    #[serde(default)]
    pub shard: Option<String>,
    /// Sizes below `size` that were searched and have no universal set.
    #[serde(default)]
    pub none_below: Vec<usize>,
    /// The universal sets found, each as cube names.
    pub sets: Vec<Vec<String>>,
    /// Set when the sets were found by local search (so the list need not be complete).
    #[serde(default)]
    pub search: Option<SearchInfo>,
    /// A proven lower bound on the size of a universal set, with its argument.
    #[serde(default)]
    pub lower_bound: Option<LowerBound>,
    /// A shard's checksum.
    #[serde(default)]
    pub checksum: Option<String>,
}

/// A proven lower bound on the size of a universal set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LowerBound {
    /// Every universal set has at least this many cubes.
    pub size: usize,
    /// Why, in one sentence.
    pub argument: String,
}

/// How a local search was run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SearchInfo {
    /// Seed of the search.
    pub seed: u64,
    /// Random starts.
    pub restarts: usize,
    /// Every set listed was checked by the general solver against every target.
    pub verified: bool,
}

/// A collection of cubes and the targets it builds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MaxSet {
    /// The cubes (names).
    pub collection: Vec<String>,
    /// The targets they build (names).
    pub targets: Vec<String>,
}

/// `census multisets`: targets built by every multiset of 8 cubes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Multisets {
    /// The census (not in the JSON: the output's `"kind"` says it).
    #[serde(skip)]
    pub census: tag::Multisets,
    /// The cube set.
    pub universe: String,
    /// The method used.
    pub method: Method,
    /// Multisets counted.
    pub multisets: u64,
    /// Number of targets built → multisets.
    #[serde(with = "crate::histogram")]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<crate::histogram::Bin>"))]
    pub histogram: BTreeMap<u64, u64>,
    /// Most targets built by a multiset.
    pub max: u64,
    /// Multisets reaching the maximum.
    pub max_count: u64,
    /// Some multisets reaching the maximum, with the targets they build.
    pub examples: Vec<MaxSet>,
}

/// `census max-targets`: the 8-collections building the most targets, checked against
/// Theorem 7 ([`crate::census::theorem7`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MaxTargets {
    /// The census (not in the JSON: the output's `"kind"` says it).
    #[serde(skip)]
    pub census: tag::MaxTargets,
    /// The cube set (`macmahon`).
    pub universe: String,
    /// The method of the census.
    pub method: Method,
    /// The most targets an 8-collection builds.
    pub max: usize,
    /// Collections building that many.
    pub collections: usize,
    /// Collections of Theorem 7's construction.
    pub construction: usize,
    /// The census's maximal collections are exactly Theorem 7's construction.
    pub agree: bool,
    /// The maximal collections with their targets.
    pub sets: Vec<MaxSet>,
}

/// `census max-targets --palette 7`: 8 blocks building many targets, by local search.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MaxTargetsSearch {
    /// The census (not in the JSON: the output's `"kind"` says it).
    #[serde(skip)]
    pub census: tag::MaxTargets,
    /// The cube set (`palette7`).
    pub universe: String,
    /// The method of the search (every set listed is checked by both).
    pub method: Method,
    /// Found by local search: a lower bound on the maximum, not the maximum.
    pub search: SearchInfo,
    /// Swaps per start.
    pub steps: usize,
    /// The most targets an 8-set found by the search builds.
    pub max_found: usize,
    /// Every set listed builds exactly `max_found` targets by both methods.
    pub verified: bool,
    /// With a proof: the exhaustive search found no 8 blocks building `max_found` + 1
    /// targets, so `max_found` is the maximum.
    #[serde(default)]
    pub proven_maximum: Option<bool>,
    /// The sets found with their targets.
    pub sets: Vec<MaxSet>,
}

/// `census infeasible`: the largest multisets building no target.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Infeasible {
    /// The census (not in the JSON: the output's `"kind"` says it).
    #[serde(skip)]
    pub census: tag::Infeasible,
    /// The cube set.
    pub universe: String,
    /// The method used.
    pub method: Method,
    /// The cubes the multisets are taken from, when not the whole cube set.
    #[serde(default)]
    pub within: Option<Vec<String>>,
    /// `"I/N"` for one shard of the census.
    #[serde(default)]
    pub shard: Option<String>,
    /// Sets of distinct cubes building no target (the possible supports), the empty set included.
    pub supports: u64,
    /// `sets_by_size[k]`: such sets of k cubes (in JSON a histogram: value k, count).
    #[serde(with = "crate::histogram::dense")]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<crate::histogram::Bin>"))]
    pub sets_by_size: Vec<u64>,
    /// The largest size of a multiset building no target.
    pub max: usize,
    /// Number of multisets of that size building no target.
    pub count: u64,
    /// Classes of those multisets under color permutations and mirror images.
    pub classes: Vec<InfeasibleClass>,
    /// Every multiset of that size building no target: cube name → copies.
    pub multisets: Vec<BTreeMap<String, u8>>,
    /// A shard's checksum.
    #[serde(default)]
    pub checksum: Option<String>,
}

/// A class of largest infeasible multisets under the symmetries of the cube set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct InfeasibleClass {
    /// One multiset of the class: cube name → copies.
    pub representative: BTreeMap<String, u8>,
    /// Multisets in the class.
    pub multisets: usize,
}

fn multiset_names(u: &Universe, m: &[u8]) -> BTreeMap<String, u8> {
    m.iter().enumerate().filter(|(_, &k)| k > 0).map(|(c, &k)| (u.names[c].clone(), k)).collect()
}

impl Infeasible {
    /// The report of a finished census over universe `u` (labelled `universe`).
    pub fn new(
        u: &Universe,
        universe: &str,
        method: Method,
        within: Option<Vec<String>>,
        shard: Option<String>,
        c: &InfeasibleCensus,
    ) -> Infeasible {
        let classes = classes(&c.maximum, &u.symmetries(true))
            .into_iter()
            .map(|(rep, n)| InfeasibleClass { representative: multiset_names(u, &rep), multisets: n })
            .collect();
        Infeasible {
            census: tag::Infeasible,
            universe: universe.into(),
            method,
            within,
            shard,
            supports: c.supports,
            sets_by_size: c.sets_by_size.clone(),
            max: c.max,
            count: c.count,
            classes,
            multisets: c.maximum.iter().map(|m| multiset_names(u, m)).collect(),
            checksum: None,
        }
    }

    /// The part of the search this report was made from, over universe `u`.
    pub fn to_part(&self, u: &Universe) -> Result<Part, Error> {
        let multisets = self
            .multisets
            .iter()
            .map(|m| {
                let mut v = vec![0u8; u.len()];
                for (name, &k) in m {
                    let c = crate::notation::parse_cube(name).ok().and_then(|x| u.index_of(&x));
                    v[c.ok_or_else(|| Error::unknown(format!("unknown cube '{name}' in a multiset")))?] = k;
                }
                Ok(v)
            })
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(Part { sets_by_size: self.sets_by_size.clone(), max: self.max, count: self.count, multisets })
    }
}
