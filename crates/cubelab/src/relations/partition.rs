//! Sobczyk's two partitions of the 30 types into mutually incompatible five-sets.

use super::{antitype, five_set_families, index_of_symbol, mutually_incompatible_sets, sobczyk_key, TypeIndex};
use crate::{Error, ErrorKind};

/// The mutually incompatible five-sets as two partitions of the 30 types, the second the
/// antitypes of the first, set by set.
///
/// The first partition is the family holding the set of Y1, its sets ordered by their
/// least type in Sobczyk's order; the second lists, at each position, the antitypes of the
/// first partition's set there. Every set is sorted by index. Both facts (two partitions,
/// one the antitypes of the other) are checked, not assumed: an error of kind
/// [`ErrorKind::Internal`] says which failed.
///
/// ```
/// let [first, second] = cubelab::relations::five_set_partitions().unwrap();
/// assert_eq!((first.len(), second.len()), (6, 6));
/// assert!(first.iter().chain(&second).all(|s| s.len() == 5));
/// ```
pub fn five_set_partitions() -> Result<[Vec<Vec<TypeIndex>>; 2], Error> {
    let sets = mutually_incompatible_sets(5);
    let [f0, f1] = five_set_families(&sets)
        .ok_or_else(|| Error::new(ErrorKind::Internal, "the five-sets do not split into two partitions"))?;
    let y1 = index_of_symbol("Y1").ok_or_else(|| Error::new(ErrorKind::Internal, "no type Y1"))?;
    let (mut first, second) = if f0.iter().any(|s| s.contains(&y1)) { (f0, f1) } else { (f1, f0) };
    first.sort_by_key(|s| s.iter().map(|&t| sobczyk_key(t)).min());
    let anti: Vec<Vec<TypeIndex>> = first
        .iter()
        .map(|s| {
            let mut a: Vec<TypeIndex> = s.iter().map(|&t| antitype(t)).collect();
            a.sort();
            a
        })
        .collect();
    if !anti.iter().all(|s| second.contains(s)) {
        return Err(Error::new(ErrorKind::Internal, "the second partition is not the antitypes of the first"));
    }
    Ok([first, anti])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::relations::TYPES;

    #[test]
    fn two_partitions_of_the_types_one_the_antitypes_of_the_other() {
        let [first, second] = five_set_partitions().unwrap();
        for p in [&first, &second] {
            let mut all: Vec<usize> = p.iter().flatten().map(|t| t.index()).collect();
            all.sort();
            assert_eq!(all, (0..TYPES).collect::<Vec<_>>());
        }
        assert!(first[0].contains(&index_of_symbol("Y1").unwrap()));
        for (a, b) in first.iter().zip(&second) {
            assert!(a.iter().all(|&t| b.contains(&antitype(t))));
        }
    }
}
