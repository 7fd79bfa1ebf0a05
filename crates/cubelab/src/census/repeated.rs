//! Sobczyk's statements about puzzles with repeated blocks (section 3 and 5 of "More
//! progress to madness via eight blocks"), checked over every multiset of 8 of the 30
//! types they speak about, by the engine's multiset check (Hall's condition on the
//! corner fits).

use super::engine::Engine;
use super::Method;
use crate::macmahon::kahan_to_numbers;
use crate::notation::parse_cube;
use crate::run::{Poll, Progress, Stop};
use crate::shard::chunked_until;
use crate::{Error, Result};
use serde::Serialize;

/// One statement: how many multisets it speaks about and how many contradict it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Claim {
    /// The statement, in short.
    pub statement: String,
    /// Multisets of 8 the statement speaks about.
    pub multisets: u64,
    /// Of those, the ones that contradict it.
    pub counterexamples: u64,
}

/// Multisets by number of outer cubes built.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Family {
    /// Which multisets.
    pub family: String,
    /// `histogram[n]`: multisets of the family building exactly n outer cubes.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<crate::histogram::Bin>"))]
    #[serde(serialize_with = "crate::histogram::dense::serialize")]
    pub histogram: Vec<u64>,
}

/// One of the 2^8 ways of priming or unpriming the symbols of a printed puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Priming {
    /// The eight symbols.
    pub puzzle: Vec<String>,
    /// The outer cubes built (Sobczyk symbols).
    pub built: Vec<String>,
}

/// Everything checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SobczykClaims {
    /// Theorem 1, Corollaries 2 and 3, the remarks on distributions and on four types.
    pub claims: Vec<Claim>,
    /// The puzzles of section 3 made of the yellow-ground types Y1..Y3'.
    pub yellow: Vec<Family>,
    /// The printed example of section 3 (Y1 Y1' Y2 Y2' Y3 Y3' Y1' Y1') and what it builds.
    pub yellow_example: Priming,
    /// Of the 256 primings of P6's symbols, those building exactly six outer cubes.
    pub p6_six: Vec<Priming>,
    /// Of the 256 primings of P7's symbols, those building Y1 and nothing else.
    pub p7_y1_only: Vec<Priming>,
}

/// The 30 Sobczyk symbols in his order (unprimed, then primed).
fn symbols() -> Vec<String> {
    let base = ["Y1", "Y2", "Y3", "P1", "P2", "P3", "R1", "R2", "R3", "G1", "G2", "G3", "B1", "B2", "B3"];
    base.iter().map(|s| s.to_string()).chain(base.iter().map(|s| format!("{s}'"))).collect()
}

struct Types {
    engine: Engine,
    /// The Sobczyk symbol of each engine index.
    symbol: Vec<String>,
}

impl Types {
    fn new() -> Result<Types> {
        let engine = Engine::macmahon();
        let names = symbols();
        let mut symbol = vec![String::new(); engine.len()];
        for s in &names {
            let i = engine
                .index_of(&kahan_to_numbers(&parse_cube(s)?))
                .ok_or_else(|| Error::new(crate::ErrorKind::Internal, format!("{s} is not a MacMahon cube")))?;
            symbol[i] = s.clone();
        }
        Ok(Types { engine, symbol })
    }

    /// The targets (engine indices, as a mask) the multiset `blocks` (engine indices) builds.
    fn built(&self, blocks: &[usize; 8]) -> Result<u32> {
        let mut sorted = *blocks;
        sorted.sort_unstable();
        let fits = self.engine.fits();
        let mut mask = 0;
        for t in 0..self.engine.len() {
            if sorted.iter().all(|&c| fits[t][c] != 0) && self.engine.multiset_builds(t, &sorted, Method::Graph)? {
                mask |= 1 << t;
            }
        }
        Ok(mask)
    }

    fn names(&self, mask: u32) -> Vec<String> {
        let mut v: Vec<String> = (0..30).filter(|&t| mask >> t & 1 == 1).map(|t| self.symbol[t].clone()).collect();
        v.sort_by_key(|s| symbols().iter().position(|x| x == s));
        v
    }

    fn parse(&self, puzzle: &[&str]) -> Result<[usize; 8]> {
        let v: Vec<usize> = puzzle
            .iter()
            .map(|s| {
                let c = kahan_to_numbers(&parse_cube(s)?);
                self.engine.index_of(&c).ok_or_else(|| Error::new(crate::ErrorKind::Internal, format!("{s} unknown")))
            })
            .collect::<Result<_>>()?;
        v.try_into().map_err(|_| Error::new(crate::ErrorKind::Internal, "a puzzle has 8 blocks"))
    }

    /// The primings of `puzzle` whose built outer cubes satisfy `keep`.
    fn primings(&self, puzzle: &[&str; 8], keep: impl Fn(u32) -> bool) -> Result<Vec<Priming>> {
        let mut out = Vec::new();
        for p in 0u32..256 {
            let symbols: Vec<String> = (0..8)
                .map(|i| {
                    let s = puzzle[i].trim_end_matches('\'');
                    let primed = puzzle[i].ends_with('\'') != (p >> i & 1 == 1);
                    if primed {
                        format!("{s}'")
                    } else {
                        s.to_string()
                    }
                })
                .collect();
            let refs: Vec<&str> = symbols.iter().map(String::as_str).collect();
            let built = self.built(&self.parse(&refs)?)?;
            if keep(built) {
                out.push(Priming { puzzle: symbols, built: self.names(built) });
            }
        }
        Ok(out)
    }
}

/// Every multiset of 8 of `n` types as multiplicities, passed to `f`; the first error of
/// `f` ends the enumeration.
fn multiplicities(n: usize, f: &mut dyn FnMut(&[u8]) -> Result<()>) -> Result<()> {
    fn go(m: &mut Vec<u8>, left: u8, n: usize, f: &mut dyn FnMut(&[u8]) -> Result<()>) -> Result<()> {
        if m.len() == n - 1 {
            m.push(left);
            f(m)?;
            m.pop();
            return Ok(());
        }
        for k in 0..=left {
            m.push(k);
            go(m, left - k, n, f)?;
            m.pop();
        }
        Ok(())
    }
    go(&mut Vec::with_capacity(n), 8, n, f)
}

/// Multisets enumerated, and multisets with a type three times or more checked, between two
/// looks at the stop token (a few milliseconds).
const POLL_EVERY: u32 = 1 << 14;

fn blocks_of(types: &[usize], m: &[u8]) -> [usize; 8] {
    let mut out = [0; 8];
    let mut i = 0;
    for (&t, &k) in types.iter().zip(m) {
        for _ in 0..k {
            out[i] = t;
            i += 1;
        }
    }
    out
}

/// Checks Sobczyk's statements (see [`SobczykClaims`]): every multiset of 8 with a type
/// three times or more (8.1 million; every multiset with at most three types is one),
/// each against every target whose corners all its blocks fit.
pub fn sobczyk_claims() -> Result<SobczykClaims> {
    sobczyk_claims_with(&crate::run::NoProgress, &Stop::new())
}

/// [`sobczyk_claims`] reporting the multisets with a repeated type checked to `progress`
/// (one phase, in multisets) and stopping with an error of kind
/// [`Stopped`](crate::ErrorKind::Stopped) soon after `stop` is raised.
pub fn sobczyk_claims_with(progress: &dyn Progress, stop: &Stop) -> Result<SobczykClaims> {
    let ty = Types::new()?;
    let mut claims = repeated_type_claims(&ty, progress, stop)?;
    claims.push(five_incompatible_types(&ty, stop)?);
    let yellow = yellow_families(&ty, stop)?;
    stop.check()?;
    let example = ["Y1", "Y1'", "Y2", "Y2'", "Y3", "Y3'", "Y1'", "Y1'"];
    let built = ty.built(&ty.parse(&example)?)?;
    let yellow_example = Priming { puzzle: example.iter().map(|s| s.to_string()).collect(), built: ty.names(built) };
    let p6_six = ty.primings(&["Y1", "Y1", "G1", "G1", "B1", "B1", "B2", "P3"], |b| b.count_ones() == 6)?;
    let y1 = ty.parse(&["Y1", "Y1", "Y1", "Y1", "Y1", "Y1", "Y1", "Y1"])?[0];
    let p7_y1_only = ty.primings(&["Y2", "Y2", "R3", "R3", "R3'", "G1'", "B1'", "B1'"], |b| b == 1 << y1)?;
    Ok(SobczykClaims { claims, yellow, yellow_example, p6_six, p7_y1_only })
}

/// The statements on repeated types, in the order of [`repeated_type_tally`]'s tallies.
const REPEATED_TYPE_STATEMENTS: [&str; 6] = [
    "Theorem 1: a puzzle with three or more copies of one type X (and of no other) builds no outer cube but X",
    "Corollary 2: a puzzle with three copies each of two types builds nothing",
    "Corollary 3: three like blocks X and a block incompatible with X: nothing",
    "after Corollary 2: three types in distributions 1,3,4 and 2,3,3 build nothing",
    "after Corollary 2: three types in distribution 2,2,4 build at most one outer cube",
    "Step 1: more than one outer cube needs at least four different types",
];

/// Every multiset of 8 of `n` types with a type three times or more, as its blocks; a
/// raised `stop` ends it within [`POLL_EVERY`] multisets, with kind `Stopped`.
fn with_a_type_thrice(n: usize, stop: &Stop) -> Result<Vec<[u8; 8]>> {
    let all: Vec<usize> = (0..n).collect();
    let mut candidates: Vec<[u8; 8]> = Vec::new();
    let mut poll = Poll::every(stop, POLL_EVERY);
    multiplicities(n, &mut |m| {
        poll.tick()?;
        if m.iter().any(|&k| k >= 3) {
            candidates.push(blocks_of(&all, m).map(|c| c as u8));
        }
        Ok(())
    })?;
    Ok(candidates)
}

/// Theorem 1, Corollaries 2 and 3 and the remarks on distributions, over every multiset
/// of 8 with a type three times or more (in parallel).
fn repeated_type_claims(ty: &Types, progress: &dyn Progress, stop: &Stop) -> Result<Vec<Claim>> {
    let candidates = with_a_type_thrice(ty.engine.len(), stop)?;
    let add = |mut a: [[u64; 2]; 6], b: [[u64; 2]; 6]| {
        for (x, y) in a.iter_mut().zip(b) {
            x[0] += y[0];
            x[1] += y[1];
        }
        a
    };
    progress.start("multisets with repeated blocks", candidates.len() as u64, 0);
    // Chunks of a few milliseconds each: the progress moves and a stop is seen between them.
    let tallies = chunked_until(0..candidates.len() as u64, POLL_EVERY.into(), stop, |r| {
        let chunk = &candidates[r.start as usize..r.end as usize];
        let mut t = [[0u64; 2]; 6];
        for b in chunk {
            t = add(t, repeated_type_tally(ty, &b.map(usize::from))?);
        }
        progress.advance(chunk.len() as u64);
        Ok(t)
    })?
    .into_iter()
    .try_fold([[0u64; 2]; 6], |a, b: Result<_>| Ok::<_, Error>(add(a, b?)))?;
    progress.finish();
    Ok(REPEATED_TYPE_STATEMENTS
        .iter()
        .zip(tallies)
        .map(|(s, [multisets, counterexamples])| Claim { statement: s.to_string(), multisets, counterexamples })
        .collect())
}

/// (multisets, counterexamples) of one multiset (with a type three times or more) for:
/// Theorem 1, Corollary 2, Corollary 3, distributions 1,3,4 and 2,3,3, distribution
/// 2,2,4, at most three types.
fn repeated_type_tally(ty: &Types, blocks: &[usize; 8]) -> Result<[[u64; 2]; 6]> {
    let n = ty.engine.len();
    let fits = ty.engine.fits();
    let built = ty.built(blocks)?;
    let mut m = [0u8; 30];
    for &c in blocks {
        m[c] += 1;
    }
    let triples: Vec<usize> = (0..n).filter(|&c| m[c] >= 3).collect();
    let mut dist: Vec<u8> = m.iter().copied().filter(|&k| k > 0).collect();
    dist.sort_unstable();
    let mut t = [[0u64; 2]; 6];
    let mut count = |i: usize, applies: bool, holds: bool| {
        if applies {
            t[i][0] += 1;
            t[i][1] += u64::from(!holds);
        }
    };
    let x = triples[0];
    count(0, triples.len() == 1, built & !(1 << x) == 0);
    count(1, triples.len() >= 2, built == 0);
    count(2, triples.len() == 1 && blocks.iter().any(|&c| fits[x][c] == 0), built == 0);
    count(3, dist == [1, 3, 4] || dist == [2, 3, 3], built == 0);
    count(4, dist == [2, 2, 4], built.count_ones() <= 1);
    count(5, dist.len() <= 3, built.count_ones() <= 1);
    Ok(t)
}

/// Step 2: five mutually incompatible types (each of the twelve five-sets) and any three
/// more build nothing. A raised `stop` ends it at the next five-set (4,960 multisets),
/// with kind `Stopped`.
fn five_incompatible_types(ty: &Types, stop: &Stop) -> Result<Claim> {
    let n = ty.engine.len();
    let mut five = Claim {
        statement: "Step 2: a puzzle with five mutually incompatible types has no solution".into(),
        multisets: 0,
        counterexamples: 0,
    };
    for family in crate::relations::five_set_partitions()? {
        for set in family {
            stop.check()?;
            let names: Vec<String> = set.iter().map(|&t| crate::relations::symbol(t)).collect();
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            let first = ty.parse(&[refs[0], refs[1], refs[2], refs[3], refs[4], refs[0], refs[0], refs[0]])?;
            for a in 0..n {
                for b in a..n {
                    for c in b..n {
                        let blocks = [first[0], first[1], first[2], first[3], first[4], a, b, c];
                        five.multisets += 1;
                        five.counterexamples += u64::from(ty.built(&blocks)? != 0);
                    }
                }
            }
        }
    }
    Ok(five)
}

/// The puzzles of section 3 made of the yellow-ground types: every multiset of 8 of them,
/// and those of four antitype pairs, by number of outer cubes built. A raised `stop` ends
/// it within 256 multisets, with kind `Stopped`.
fn yellow_families(ty: &Types, stop: &Stop) -> Result<Vec<Family>> {
    let yellow_types: Vec<usize> = ty.parse(&["Y1", "Y1'", "Y2", "Y2'", "Y3", "Y3'", "Y1", "Y1"])?[..6].to_vec();
    let mut any = vec![0u64; 9];
    let mut pairs = vec![0u64; 9];
    let mut poll = Poll::every(stop, 256);
    multiplicities(6, &mut |m| {
        poll.tick()?;
        let k = ty.built(&blocks_of(&yellow_types, m))?.count_ones() as usize;
        any[k] += 1;
        if m[0] == m[1] && m[2] == m[3] && m[4] == m[5] {
            pairs[k] += 1;
        }
        Ok(())
    })?;
    let trim = |mut h: Vec<u64>| {
        while h.len() > 1 && h.last() == Some(&0) {
            h.pop();
        }
        h
    };
    Ok(vec![
        Family { family: "every multiset of 8 of Y1, Y1', Y2, Y2', Y3, Y3'".into(), histogram: trim(any) },
        Family { family: "four antitype pairs Yi Yi' (each Yi as often as Yi')".into(), histogram: trim(pairs) },
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_multiset_of_8_once() {
        let mut n = 0u64;
        multiplicities(30, &mut |m| {
            assert_eq!(m.iter().map(|&k| k as u32).sum::<u32>(), 8);
            n += 1;
            Ok(())
        })
        .unwrap();
        assert_eq!(n, 38_608_020);
    }

    /// Each part of the run polls the token inside its loop: raised before, the collection
    /// of the 38,608,020 multisets ends at its first look, the statements after the chunked
    /// loop at theirs, each with `Stopped`; raised when the first chunk of the loop is done,
    /// the run ends before the loop is through.
    #[test]
    fn a_raised_stop_ends_every_part_of_the_run() {
        let (raised, free) = (Stop::new(), Stop::new());
        raised.request();
        let stopped = |r: Result<()>| assert_eq!(r.unwrap_err().kind(), crate::ErrorKind::Stopped);
        stopped(with_a_type_thrice(30, &raised).map(drop));
        let ty = Types::new().unwrap();
        stopped(five_incompatible_types(&ty, &raised).map(drop));
        stopped(yellow_families(&ty, &raised).map(drop));
        assert!(yellow_families(&ty, &free).is_ok());
        let progress = crate::run::RaiseAfter::new(1);
        stopped(sobczyk_claims_with(&progress, &progress.stop).map(drop));
        let all = with_a_type_thrice(30, &free).unwrap().len() as u64;
        assert!(progress.done() < all / 2, "{} of {all} multisets checked", progress.done());
    }

    #[test]
    fn p6_primed_two_ways_builds_six() {
        // The whole check runs in the CLI test `ledger::sobczyks_repeated_block_statements`.
        let ty = Types::new().unwrap();
        let six = ty.primings(&["Y1", "Y1", "G1", "G1", "B1", "B1", "B2", "P3"], |b| b.count_ones() == 6).unwrap();
        assert_eq!(six.len(), 2);
        assert_eq!(six[0].built, ["G3", "B3", "P1'", "R1'", "R2'", "B3'"]);
    }
}
