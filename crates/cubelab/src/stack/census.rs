//! The census of stacks: every set (or multiset) of N cubes of `C_N` (the cubes using
//! exactly N colors), stacked N high, tallied by number of solutions.
//!
//! Collections are ranked in colexicographic order (multisets as the sets of
//! `a_i + i`), so any rank range is a shard and the result folds in rank order: the same
//! for every thread count and however the run was stopped and resumed.

use super::{count_direct, count_graph, pair_structure, Method, MAX_CUBES, MIN_CUBES};
use crate::census::engine::Engine;
use crate::census::report::universe_label;
use crate::combin::{binomial, permutations};
use crate::run::{run_batches, Batches, Options};
use crate::shard::{chunked, chunked_until, in_shard_order, open_part, seal_of, Shard};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::atomic::{AtomicU32, Ordering};

/// Ranks per parallel chunk.
const CHUNK: u64 = 1 << 13;
/// Ranks per batch (progress, stop requests and checkpoints come between batches).
const BATCH: u64 = 1 << 18;
/// How many of the collections with the most solutions a census names.
pub const MOST_LISTED: usize = 10;

/// What to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CensusOptions {
    /// N: the number of colors, of cubes per stack, and of `C_N` (2..=6).
    pub colors: usize,
    /// Multisets (a cube may appear several times) instead of sets.
    pub multisets: bool,
    /// The method for every stack.
    pub method: Method,
    /// The part of the ranks to run.
    pub shard: Shard,
}

/// One entry of a histogram (the one histogram shape of the JSON contract).
pub use crate::histogram::Bin;

/// The result of a stack census.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct StackCensus {
    /// N.
    pub colors: usize,
    /// Multisets instead of sets.
    pub multisets: bool,
    /// The method used.
    pub method: Method,
    /// The cube set `C_N`, named as every census names its universe
    /// ([`universe_label`]: `"C4"`, `"C5"`, `"macmahon"` for `C_6`). Stack census shards
    /// of older versions, which wrote the number of cubes here, are refused.
    #[serde(deserialize_with = "universe_name")]
    pub universe: String,
    /// Number of cubes in `C_N` (68 for `C_4`).
    pub cubes: usize,
    /// The shard run (`"I/N"`), or null for the whole census.
    pub shard: Option<String>,
    /// Collections counted (in this shard).
    pub collections: u64,
    /// Collections with at least one solution.
    pub solvable: u64,
    /// Collections with exactly one solution.
    pub exactly_one: u64,
    /// The most solutions of any collection.
    pub max_solutions: u64,
    /// How many collections have that many.
    pub max_count: u64,
    /// The first of them in rank order (at most `MOST_LISTED` = 10), each as cube names.
    pub most: Vec<Vec<String>>,
    /// Collections by number of solutions (value ascending, zero counts left out).
    pub histogram: Vec<Bin>,
    /// A shard's seal: the [`Checksum`](crate::io::Checksum) of the compact JSON of the rest of the report
    /// (16 hexadecimal digits); null for a whole census.
    pub checksum: Option<String>,
}

/// Reads `universe` as a name; the number of cubes that older versions wrote there is
/// refused in one line (the shard is rerun: its seal covers the old field).
fn universe_name<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Name(String),
        Count(u64),
    }
    match Raw::deserialize(d).map_err(|_| serde::de::Error::custom("universe: expected the name of a cube set"))? {
        Raw::Name(name) => Ok(name),
        Raw::Count(n) => Err(serde::de::Error::custom(format!(
            "universe {n} is a number of cubes where the name of the cube set is expected: a shard of an older \
             cubelab (rerun it with this one)"
        ))),
    }
}

impl StackCensus {
    /// Reads a report from the JSON `census` printed (keys it does not know, such as the
    /// envelope's `kind`, `format_version` and `input`, are ignored).
    pub fn from_json(text: &str) -> Result<StackCensus> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            Error::malformed(format!("not the JSON output of a stack census: {}", e.to_string().replace('\n', " ")))
        })?;
        crate::census::report::check_format_version(&v, false)?;
        serde_json::from_value(v).map_err(|e| {
            Error::malformed(format!("not the JSON output of a stack census: {}", e.to_string().replace('\n', " ")))
        })
    }

    /// The checksum of the report without its checksum.
    fn content_checksum(&self) -> Result<String> {
        seal_of(&StackCensus { checksum: None, ..self.clone() })
    }
}

/// Merges the reports of every shard `1/N … N/N` of one census (each given with a name
/// for messages, in any order) into exactly the report of the whole census. Refuses, in
/// one line naming the part, a report that is not a shard, has no checksum or a wrong
/// one, whose histogram does not add up, of another census, or a shard missing or twice.
pub fn merge<S: AsRef<str>>(parts: &[(S, StackCensus)]) -> Result<StackCensus> {
    let mut opened = Vec::with_capacity(parts.len());
    for (name, r) in parts {
        let name = name.as_ref();
        let shard = open_part(name, r.shard.as_deref(), r.checksum.as_deref(), || r.content_checksum())?;
        if r.histogram.iter().map(|b| b.count).sum::<u64>() != r.collections {
            return Err(Error::checkpoint(format!("{name}: the histogram does not add up to the collections")));
        }
        opened.push((shard, name, r));
    }
    let indexed = in_shard_order(opened, |r, head| {
        (r.colors, r.multisets, r.method, &r.universe, r.cubes)
            == (head.colors, head.multisets, head.method, &head.universe, head.cubes)
    })?;
    let head = indexed[0].2;
    let mut histogram = BTreeMap::new();
    let (mut max, mut max_count, mut most) = (0u64, 0u64, Vec::new());
    for &(_, _, r) in &indexed {
        for b in &r.histogram {
            *histogram.entry(b.value).or_insert(0u64) += b.count;
        }
        if r.max_count > 0 && (r.max_solutions > max || max_count == 0) {
            (max, max_count, most) = (r.max_solutions, 0, Vec::new());
        }
        if r.max_count > 0 && r.max_solutions == max {
            max_count += r.max_count;
            most.extend(r.most.iter().cloned());
            most.truncate(MOST_LISTED);
        }
    }
    let total = collections(head.colors, head.multisets)?;
    let counted: u64 = indexed.iter().map(|(_, _, r)| r.collections).sum();
    if counted != total {
        return Err(Error::checkpoint(format!("the shards count {counted} collections, the census has {total}")));
    }
    let count = |s: u64| histogram.get(&s).copied().unwrap_or(0);
    Ok(StackCensus {
        colors: head.colors,
        multisets: head.multisets,
        method: head.method,
        universe: head.universe.clone(),
        cubes: head.cubes,
        shard: None,
        collections: total,
        solvable: histogram.iter().filter(|(&s, _)| s > 0).map(|(_, &c)| c).sum(),
        exactly_one: count(1),
        max_solutions: max,
        max_count,
        most,
        histogram: histogram.iter().map(|(&value, &count)| Bin { value, count }).collect(),
        checksum: None,
    })
}

/// What a batch of ranks found (the checkpointed state).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Partial {
    histogram: BTreeMap<u64, u64>,
    max: u64,
    max_count: u64,
    max_ranks: Vec<u64>,
}

impl Partial {
    /// One collection's solutions, rank by rank (`tally` does the same, faster).
    #[cfg(test)]
    fn add(&mut self, rank: u64, solutions: u64) {
        *self.histogram.entry(solutions).or_insert(0) += 1;
        self.note(rank, solutions);
    }

    /// The maximum part of `Partial::add` (the histogram counted by the caller).
    fn note(&mut self, rank: u64, solutions: u64) {
        if solutions > self.max || self.max_count == 0 {
            self.max = solutions;
            self.max_count = 0;
            self.max_ranks.clear();
        }
        if solutions == self.max {
            self.max_count += 1;
            if self.max_ranks.len() < MOST_LISTED {
                self.max_ranks.push(rank);
            }
        }
    }

    /// `self` then `later` (ranks after those of `self`).
    fn merge(mut self, later: Partial) -> Partial {
        for (k, v) in later.histogram {
            *self.histogram.entry(k).or_insert(0) += v;
        }
        if later.max_count > 0 && (later.max > self.max || self.max_count == 0) {
            self.max = later.max;
            self.max_count = later.max_count;
            self.max_ranks = later.max_ranks;
        } else if later.max_count > 0 && later.max == self.max {
            self.max_count += later.max_count;
            self.max_ranks.extend(later.max_ranks);
            self.max_ranks.truncate(MOST_LISTED);
        }
        self
    }
}

fn check_colors(colors: usize) -> Result<()> {
    if !(MIN_CUBES..=6.min(MAX_CUBES)).contains(&colors) {
        return Err(Error::out_of_range(format!(
            "a stack census is over the cubes using exactly N colors, stacked N high, for N in 2..=6, not {colors}"
        )));
    }
    Ok(())
}

/// Number of collections of `colors` cubes of `C_colors` (sets, or multisets).
pub fn collections(colors: usize, multisets: bool) -> Result<u64> {
    check_colors(colors)?;
    let m = Engine::exact_colors(colors)?.len() as u64;
    let k = colors as u64;
    Ok(if multisets { binomial(m + k - 1, k) } else { binomial(m, k) })
}

/// The k-subset of {0, 1, …} with colex rank `rank`, increasing.
fn unrank(mut rank: u64, k: usize) -> Vec<usize> {
    let mut c = vec![0usize; k];
    for i in (1..=k).rev() {
        let mut x = i as u64 - 1;
        while binomial(x + 1, i as u64) <= rank {
            x += 1;
        }
        rank -= binomial(x, i as u64);
        c[i - 1] = x as usize;
    }
    c
}

/// The next k-subset in colex order.
fn next(c: &mut [usize]) {
    let k = c.len();
    for j in 0..k {
        if j + 1 == k || c[j] + 1 < c[j + 1] {
            c[j] += 1;
            for (l, x) in c[..j].iter_mut().enumerate() {
                *x = l;
            }
            return;
        }
    }
}

/// The cubes (universe indices) of a subset: itself, or the multiset it stands for.
fn members(c: &[usize], multisets: bool, out: &mut [usize]) {
    for (i, (&x, o)) in c.iter().zip(out.iter_mut()).enumerate() {
        *o = if multisets { x - i } else { x };
    }
}

/// Runs the census: every collection of the shard, by the method, with progress, stop
/// requests and checkpoints from `opts` (run kind `"stack-census"`).
pub fn census(spec: &CensusOptions, opts: &Options<'_>) -> Result<StackCensus> {
    check_colors(spec.colors)?;
    let engine = Engine::exact_colors(spec.colors)?;
    let faces: Vec<[u8; 6]> = engine.cubes().iter().map(|c| c.faces().map(|x| x.0.wrapping_sub(1))).collect();
    let k = spec.colors;
    let total = collections(k, spec.multisets)?;
    let range = spec.shard.range(total);
    let fingerprint = format!(
        "stack census colors={} multisets={} method={:?} shard={} of {total}",
        spec.colors, spec.multisets, spec.method, spec.shard
    );
    let label = format!("stacks of {k} cubes of C_{k} ({})", if spec.multisets { "multisets" } else { "sets" });
    let job = Batches {
        kind: "stack-census",
        fingerprint: &fingerprint,
        label: &label,
        range: range.clone(),
        batch: BATCH,
        split: true,
    };
    // The graph method counts each sorted tuple of pair structures once (the table is
    // filled up front in one thread; any entry left is the same whoever fills it first).
    let structures = (spec.method == Method::Graph).then(|| Structures::new(&faces, k));
    let work = |r: Range<u64>| {
        Ok(chunked_until(r, CHUNK, &opts.stop, |r| match &structures {
            Some(table) => {
                let mut buf = Vec::new();
                tally(k, spec.multisets, r, |cubes| table.solutions(cubes, &mut buf))
            }
            None => tally(k, spec.multisets, r, |cubes| direct_solutions(&faces, cubes)),
        })?
        .into_iter()
        .fold(Partial::default(), Partial::merge))
    };
    let partial = run_batches(&job, opts, Partial::default(), work, Partial::merge)?;
    let names = engine.names();
    let most = partial
        .max_ranks
        .iter()
        .map(|&r| {
            let mut cubes = vec![0usize; k];
            members(&unrank(r, k), spec.multisets, &mut cubes);
            cubes.iter().map(|&c| names[c].clone()).collect()
        })
        .collect();
    let count = |s: u64| partial.histogram.get(&s).copied().unwrap_or(0);
    let mut report = StackCensus {
        colors: spec.colors,
        multisets: spec.multisets,
        method: spec.method,
        universe: universe_label(spec.colors),
        cubes: engine.len(),
        shard: (spec.shard != Shard::ALL).then(|| spec.shard.to_string()),
        collections: range.end - range.start,
        solvable: partial.histogram.iter().filter(|(&s, _)| s > 0).map(|(_, &c)| c).sum(),
        exactly_one: count(1),
        max_solutions: partial.max,
        max_count: partial.max_count,
        most,
        histogram: partial.histogram.iter().map(|(&value, &count)| Bin { value, count }).collect(),
        checksum: None,
    };
    if spec.shard != Shard::ALL {
        report.checksum = Some(report.content_checksum()?);
    }
    Ok(report)
}

/// The collections of one census (every set, or multiset, of N cubes of `C_N`) with a
/// given number of solutions, counted by the graph census (the pair-structure table of
/// [`census`]) chunk by chunk in rank order, so that the `i`-th of them in rank order can
/// be found again without listing them ([`Selection::nth`]). The same for every thread
/// count.
#[derive(Debug)]
pub struct Selection {
    colors: usize,
    multisets: bool,
    solutions: u64,
    table: Structures,
    /// Every collection by its number of solutions (the census's histogram).
    histogram: BTreeMap<u64, u64>,
    /// Each chunk of ranks with how many of its collections have `solutions` solutions.
    chunks: Vec<(Range<u64>, u64)>,
}

impl Selection {
    /// Counts, over every collection of `colors` cubes of `C_colors` (sets, or multisets
    /// with `multisets`), those with exactly `solutions` solutions. Stops with an error
    /// of kind `Stopped` when `stop` is raised (looked at between chunks).
    pub fn new(colors: usize, multisets: bool, solutions: u64, stop: &crate::run::Stop) -> Result<Selection> {
        check_colors(colors)?;
        let engine = Engine::exact_colors(colors)?;
        let faces: Vec<[u8; 6]> = engine.cubes().iter().map(|c| c.faces().map(|x| x.0.wrapping_sub(1))).collect();
        let table = Structures::new(&faces, colors);
        let total = collections(colors, multisets)?;
        let parts = chunked(0..total, CHUNK, |r| {
            if stop.is_requested() {
                return None;
            }
            let mut buf = Vec::new();
            Some((r.clone(), tally(colors, multisets, r, |cubes| table.solutions(cubes, &mut buf))))
        });
        let mut histogram = BTreeMap::new();
        let mut chunks = Vec::with_capacity(parts.len());
        for part in parts {
            let Some((r, partial)) = part else { return Err(Error::stopped("the stack selection was stopped")) };
            chunks.push((r, partial.histogram.get(&solutions).copied().unwrap_or(0)));
            for (k, v) in partial.histogram {
                *histogram.entry(k).or_insert(0) += v;
            }
        }
        Ok(Selection { colors, multisets, solutions, table, histogram, chunks })
    }

    /// How many collections have exactly the number of solutions asked for.
    pub fn count(&self) -> u64 {
        self.chunks.iter().map(|(_, n)| n).sum()
    }

    /// How many collections there are in all.
    pub fn collections(&self) -> u64 {
        self.histogram.values().sum()
    }

    /// Every collection by number of solutions (value ascending, zero counts left out):
    /// the census's histogram.
    pub fn histogram(&self) -> Vec<Bin> {
        self.histogram.iter().map(|(&value, &count)| Bin { value, count }).collect()
    }

    /// The `index`-th (from 0) collection with the number of solutions asked for, in
    /// rank order, as indices into `C_N` ([`Engine::exact_colors`]) in increasing order;
    /// `None` when `index` is not below [`Selection::count`].
    pub fn nth(&self, mut index: u64) -> Option<Vec<usize>> {
        let k = self.colors;
        for (r, n) in &self.chunks {
            if index >= *n {
                index -= n;
                continue;
            }
            let mut buf = Vec::new();
            let mut c = unrank(r.start, k);
            let mut cubes = vec![0usize; k];
            for _ in r.clone() {
                members(&c, self.multisets, &mut cubes);
                if self.table.solutions(&cubes, &mut buf) == self.solutions {
                    if index == 0 {
                        return Some(cubes);
                    }
                    index -= 1;
                }
                next(&mut c);
            }
            return None;
        }
        None
    }
}

/// Solutions of every collection of ranks `r`, by `solutions` (given the collection's
/// cubes as universe indices).
fn tally(k: usize, multisets: bool, r: Range<u64>, mut solutions: impl FnMut(&[usize]) -> u64) -> Partial {
    let mut partial = Partial::default();
    if r.is_empty() {
        return partial;
    }
    let mut c = unrank(r.start, k);
    let mut cubes = [0usize; MAX_CUBES];
    // The histogram of the small counts in an array (most collections), the rest in
    // the map; the same histogram as `Partial::add` rank by rank.
    let mut small = [0u64; SMALL];
    for rank in r {
        members(&c, multisets, &mut cubes[..k]);
        let s = solutions(&cubes[..k]);
        match small.get_mut(s as usize) {
            Some(n) => *n += 1,
            None => *partial.histogram.entry(s).or_insert(0) += 1,
        }
        partial.note(rank, s);
        next(&mut c);
    }
    for (s, &n) in small.iter().enumerate().filter(|(_, &n)| n > 0) {
        *partial.histogram.entry(s as u64).or_insert(0) += n;
    }
    partial
}

/// Solution counts below this are tallied in an array.
const SMALL: usize = 256;

/// The cubes (universe indices) as a stack, in the given order.
fn stack_of(faces: &[[u8; 6]], cubes: &[usize]) -> [[u8; 6]; MAX_CUBES] {
    let mut stack = [[0u8; 6]; MAX_CUBES];
    for (s, &i) in stack.iter_mut().zip(cubes) {
        *s = faces[i];
    }
    stack
}

/// Solutions by the direct search, stack by stack.
fn direct_solutions(faces: &[[u8; 6]], cubes: &[usize]) -> u64 {
    count_direct(&stack_of(faces, cubes)[..cubes.len()])
}

/// The graph method's counts by sorted tuple of pair structures (see
/// [`pair_structure`]): the solutions of a stack depend only on the multiset of its
/// cubes' structures, and `C_N` has far fewer structures than cubes (15 for 30 cubes of
/// `C_6`, 45 for 75 of `C_5`), so each tuple is counted once, by [`count_graph`]: up
/// front, once per class under relabeling the colors ([`Structures::fill`]), or else
/// the first time a collection of its structures comes up.
#[derive(Debug)]
struct Structures {
    k: usize,
    /// The structure of every cube of the universe, as an index into `cubes`.
    id: Vec<usize>,
    /// A cube of each structure (the structure itself), sorted.
    cubes: Vec<[u8; 6]>,
    /// `place[i][s]` = C(s + i, i + 1): a sorted tuple `s_0 ≤ … ≤ s_(k-1)` of structures
    /// has rank Σ `place[i][s_i]` (the colex rank of the set of `s_i + i`).
    place: Vec<Vec<usize>>,
    /// Solutions + 1 of every tuple by rank, 0 while not yet counted.
    memo: Vec<AtomicU32>,
}

impl Structures {
    fn new(faces: &[[u8; 6]], k: usize) -> Structures {
        let all: Vec<[u8; 6]> = faces.iter().map(pair_structure).collect();
        let mut cubes = all.clone();
        cubes.sort_unstable();
        cubes.dedup();
        let id = all.iter().map(|s| cubes.binary_search(s).unwrap_or(0)).collect();
        let m = cubes.len() as u64;
        let place = (0..k as u64).map(|i| (0..m).map(|s| binomial(s + i, i + 1) as usize).collect()).collect();
        let memo = (0..binomial(m + k as u64 - 1, k as u64)).map(|_| AtomicU32::new(0)).collect();
        let table = Structures { k, id, cubes, place, memo };
        table.fill();
        table
    }

    /// The colex rank of a sorted tuple of structures.
    fn rank(&self, ids: &[usize]) -> usize {
        ids.iter().zip(&self.place).map(|(&s, place)| place[s]).sum()
    }

    /// Counts every tuple up front, once per class under the relabelings of the k colors
    /// (a relabeled stack has the same solutions): the first tuple of each class in rank
    /// order by [`count_graph`], the others copied. Leaves the table to be filled as the
    /// tuples come up if the structures are not closed under relabeling (never for
    /// `C_N`, which has every structure using exactly N colors).
    fn fill(&self) {
        let k = self.k;
        let relabel =
            |p: &[usize], s: &[u8; 6]| self.cubes.binary_search(&pair_structure(&s.map(|c| p[c as usize] as u8)));
        let images: Option<Vec<Vec<usize>>> =
            permutations(k).iter().map(|p| self.cubes.iter().map(|s| relabel(p, s).ok()).collect()).collect();
        let Some(images) = images else { return };
        let mut set: Vec<usize> = (0..k).collect();
        let mut buf = Vec::new();
        let mut ids = [0usize; MAX_CUBES];
        let mut stack = [[0u8; 6]; MAX_CUBES];
        for rank in 0..self.memo.len() {
            if self.memo[rank].load(Ordering::Relaxed) == 0 {
                for (i, &x) in set.iter().enumerate() {
                    stack[i] = self.cubes[x - i];
                }
                let Ok(known) = u32::try_from(count_graph(&stack[..k], &mut buf) / 8 + 1) else { return };
                for image in &images {
                    for (i, &x) in set.iter().enumerate() {
                        ids[i] = image[x - i];
                    }
                    ids[..k].sort_unstable();
                    self.memo[self.rank(&ids[..k])].store(known, Ordering::Relaxed);
                }
            }
            next(&mut set);
        }
    }

    /// Solutions of the stack of `cubes` (universe indices); `buf` is scratch space.
    fn solutions(&self, cubes: &[usize], buf: &mut Vec<super::Factor>) -> u64 {
        let mut ids = [0usize; MAX_CUBES];
        for (d, &c) in ids.iter_mut().zip(cubes) {
            *d = self.id[c];
        }
        let ids = &mut ids[..self.k];
        ids.sort_unstable();
        let rank = self.rank(ids);
        let known = self.memo[rank].load(Ordering::Relaxed);
        if known != 0 {
            return u64::from(known - 1);
        }
        let mut stack = [[0u8; 6]; MAX_CUBES];
        for (s, &i) in stack.iter_mut().zip(ids.iter()) {
            *s = self.cubes[i];
        }
        let solutions = count_graph(&stack[..self.k], buf) / 8;
        if let Ok(v) = u32::try_from(solutions + 1) {
            self.memo[rank].store(v, Ordering::Relaxed);
        }
        solutions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colex_unrank_and_next_agree() {
        let k = 3;
        let mut c = unrank(0, k);
        for rank in 0..binomial(9, 3) {
            assert_eq!(c, unrank(rank, k), "rank {rank}");
            assert!(c.windows(2).all(|w| w[0] < w[1]));
            next(&mut c);
        }
        assert_eq!(unrank(binomial(9, 3), k), vec![0, 1, 9]);
    }

    /// The universe's faces as the census takes them.
    fn universe(colors: usize) -> Vec<[u8; 6]> {
        let engine = Engine::exact_colors(colors).unwrap();
        engine.cubes().iter().map(|c| c.faces().map(|x| x.0.wrapping_sub(1))).collect()
    }

    #[test]
    fn the_structure_table_gives_the_graph_counts_stack_by_stack() {
        // Whole censuses of N = 2, 3 and slices of N = 4, 5, 6 (sets and multisets): the
        // table against the graph method and the direct search on every stack as is.
        let mut cases = Vec::new();
        for colors in 2..=6 {
            for multisets in [false, true] {
                let total = collections(colors, multisets).unwrap();
                if colors <= 3 {
                    cases.push((colors, multisets, 0..total));
                } else {
                    for start in [0, total / 3, total - 3000] {
                        cases.push((colors, multisets, start..start + 3000));
                    }
                }
            }
        }
        for (colors, multisets, r) in cases {
            let faces = universe(colors);
            let table = Structures::new(&faces, colors);
            let mut buf = Vec::new();
            let mut plain = Vec::new();
            let by_table = tally(colors, multisets, r.clone(), |cubes| table.solutions(cubes, &mut buf));
            let by_graph = tally(colors, multisets, r.clone(), |cubes| {
                count_graph(&stack_of(&faces, cubes)[..colors], &mut plain) / 8
            });
            let by_search = tally(colors, multisets, r.clone(), |cubes| direct_solutions(&faces, cubes));
            let mut by_add = Partial::default();
            for rank in r.clone() {
                let mut cubes = vec![0usize; colors];
                members(&unrank(rank, colors), multisets, &mut cubes);
                by_add.add(rank, direct_solutions(&faces, &cubes));
            }
            for other in [&by_graph, &by_search, &by_add] {
                assert_eq!(by_table.histogram, other.histogram, "N = {colors} {multisets} {r:?}");
                assert_eq!(
                    (by_table.max, by_table.max_count, &by_table.max_ranks),
                    (other.max, other.max_count, &other.max_ranks)
                );
            }
            // Once filled, the table answers the same again.
            let again = tally(colors, multisets, r.clone(), |cubes| table.solutions(cubes, &mut buf));
            assert_eq!(again.histogram, by_table.histogram);
        }
        // The table filled by classes under relabeling is the graph count of every tuple.
        for colors in 2..=6 {
            let table = Structures::new(&universe(colors), colors);
            let mut set: Vec<usize> = (0..colors).collect();
            let mut buf = Vec::new();
            for rank in 0..table.memo.len() {
                let stack: Vec<[u8; 6]> = set.iter().enumerate().map(|(i, &x)| table.cubes[x - i]).collect();
                let known = table.memo[rank].load(Ordering::Relaxed);
                assert_eq!(u64::from(known), count_graph(&stack, &mut buf) / 8 + 1, "N = {colors}, {stack:?}");
                next(&mut set);
            }
        }
        // Far fewer structures than cubes.
        let sizes: Vec<(usize, usize)> =
            (2..=6).map(|n| (universe(n).len(), Structures::new(&universe(n), n).cubes.len())).collect();
        assert_eq!(sizes[4], (30, 15));
        assert_eq!(sizes[3], (75, 45));
        assert_eq!(sizes[2], (68, 52));
    }

    #[test]
    fn partials_merge_in_rank_order() {
        let mut a = Partial::default();
        let mut b = Partial::default();
        let sols = [0u64, 2, 1, 2, 0, 2];
        for (r, &s) in sols.iter().enumerate() {
            if r < 3 {
                a.add(r as u64, s)
            } else {
                b.add(r as u64, s)
            }
        }
        let mut whole = Partial::default();
        for (r, &s) in sols.iter().enumerate() {
            whole.add(r as u64, s);
        }
        let merged = a.merge(b);
        assert_eq!(merged.histogram, whole.histogram);
        assert_eq!((merged.max, merged.max_count, merged.max_ranks), (2, 3, vec![1, 3, 5]));
    }
}
