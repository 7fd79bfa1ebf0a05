//! Splitting a census into pieces: shards (`--shard I/N`, contiguous rank ranges, so that
//! merged shards equal the unsharded run) and chunks processed in parallel.

use crate::run::Stop;
use crate::Error;
use rayon::prelude::*;
use std::ops::Range;

/// A shard `I/N` (1-based I) of a census.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// 1-based index.
    pub index: u64,
    /// Number of shards.
    pub count: u64,
}

impl Shard {
    /// The whole census.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Parses `I/N`.
    pub fn parse(s: &str) -> Result<Shard, Error> {
        let bad = || Error::malformed(format!("shard '{s}' is not I/N with 1 <= I <= N"));
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// This shard's part of `0..total`.
    pub fn range(&self, total: u64) -> Range<u64> {
        let part = |i: u64| (total as u128 * i as u128 / self.count as u128) as u64;
        part(self.index - 1)..part(self.index)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Splits `range` into chunks of at most `size`, runs `f` on them in parallel and returns
/// the results in chunk order, so that any fold over them is independent of thread count.
pub fn chunked<T: Send>(range: Range<u64>, size: u64, f: impl Fn(Range<u64>) -> T + Sync) -> Vec<T> {
    let n = (range.end.saturating_sub(range.start)).div_ceil(size.max(1));
    (0..n)
        .into_par_iter()
        .map(|i| {
            let a = range.start + i * size;
            f(a..(a + size).min(range.end))
        })
        .collect()
}

/// [`chunked`] that a raised `stop` ends early: each chunk looks at `stop` before it starts
/// (one atomic load per chunk; pick `size` so that a chunk takes well under 0.1 s) and is
/// skipped once it is raised, and a run with a skipped chunk fails with kind `Stopped`
/// (a run that finished every chunk returns its results, whenever the stop came).
pub fn chunked_until<T: Send>(
    range: Range<u64>,
    size: u64,
    stop: &Stop,
    f: impl Fn(Range<u64>) -> T + Sync,
) -> Result<Vec<T>, Error> {
    let parts = chunked(range, size, |r| (!stop.is_requested()).then(|| f(r)));
    parts.into_iter().collect::<Option<Vec<T>>>().ok_or_else(|| Error::stopped("stopped on request"))
}

/// The seal of a shard report: the checksum of its JSON with the seal itself left out
/// (`bare` is the report with its checksum field set to `None`).
pub(crate) fn seal_of<T: serde::Serialize>(bare: &T) -> Result<String, Error> {
    let bytes = serde_json::to_vec(bare)
        .map_err(|e| Error::new(crate::ErrorKind::Internal, format!("a report cannot be serialized: {e}")))?;
    Ok(format!("{:016x}", crate::io::Checksum::of(&bytes)))
}

/// Opens one part given to a merge (`name` for messages): it must be a shard, sealed,
/// with a seal that matches its content (`content_seal` recomputes it).
pub(crate) fn open_part(
    name: &str,
    shard: Option<&str>,
    seal: Option<&str>,
    content_seal: impl FnOnce() -> Result<String, Error>,
) -> Result<Shard, Error> {
    let shard = shard
        .ok_or_else(|| Error::malformed(format!("{name}: a whole census, not a shard")))
        .and_then(|s| Shard::parse(s).map_err(|e| e.at(name)))?;
    match seal {
        None => Err(Error::checkpoint(format!("{name}: shard {shard} has no checksum"))),
        Some(c) if c != content_seal()? => {
            Err(Error::checkpoint(format!("{name}: checksum does not match the content (edited?)")))
        }
        Some(_) => Ok(shard),
    }
}

/// Sorts the opened parts of a merge by shard and checks that they are every shard
/// `1/N … N/N` of one census, once each (`same` tells whether two parts are of the same
/// census); returns them in shard order.
pub(crate) fn in_shard_order<'a, R>(
    mut parts: Vec<(Shard, &'a str, &'a R)>,
    same: impl Fn(&R, &R) -> bool,
) -> Result<Vec<(Shard, &'a str, &'a R)>, Error> {
    parts.sort_by_key(|(s, _, _)| s.index);
    let Some(&(first, first_name, head)) = parts.first() else {
        return Err(Error::malformed("no shard to merge"));
    };
    if parts.len() as u64 > first.count {
        return Err(Error::malformed(format!(
            "{} files given for a census of {} shards: some shard is given twice",
            parts.len(),
            first.count
        )));
    }
    for (i, &(shard, name, r)) in parts.iter().enumerate() {
        if !same(r, head) || shard.count != first.count {
            return Err(Error::malformed(format!("{name} is a shard of another census than {first_name}")));
        }
        if shard.index != i as u64 + 1 {
            return Err(Error::malformed(format!(
                "shard {}/{} is missing or given twice (at {name})",
                i + 1,
                first.count
            )));
        }
    }
    if parts.len() as u64 != first.count {
        return Err(Error::malformed(format!("only {} of the {} shards are given", parts.len(), first.count)));
    }
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_tile_the_range() {
        let total = 5_852_925;
        let mut next = 0;
        for i in 1..=7 {
            let r = Shard { index: i, count: 7 }.range(total);
            assert_eq!(r.start, next);
            next = r.end;
        }
        assert_eq!(next, total);
        assert!(Shard::parse("0/3").is_err());
        assert!(Shard::parse("4/3").is_err());
        assert!(Shard::parse("x").is_err());
        assert_eq!(Shard::parse("2/3").unwrap(), Shard { index: 2, count: 3 });
    }

    #[test]
    fn chunks_come_back_in_order() {
        let parts = chunked(10..95, 10, |r| r.start);
        assert_eq!(parts, vec![10, 20, 30, 40, 50, 60, 70, 80, 90]);
    }

    #[test]
    fn a_raised_stop_skips_the_chunks_not_yet_started() {
        let stop = Stop::new();
        assert_eq!(chunked_until(10..95, 10, &stop, |r| r.start).unwrap(), chunked(10..95, 10, |r| r.start));
        // The first chunk raises it: some later chunk is skipped, so the run fails.
        let ran = std::sync::atomic::AtomicU64::new(0);
        let e = chunked_until(0..1000, 1, &stop, |r| {
            ran.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            stop.request();
            r.start
        })
        .unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Stopped);
        assert!(ran.load(std::sync::atomic::Ordering::Relaxed) < 1000);
        assert_eq!(chunked_until(0..10, 1, &stop, |r| r.start).unwrap_err().kind(), crate::ErrorKind::Stopped);
    }
}
