//! Johnson–Roldán Theorem 7: the 8-collections of MacMahon's cubes that build the most
//! targets (five), constructed from the tableau rather than found by a census.

use crate::census::Universe;

/// Theorem 7's construction over universe `u`, as `(collection, targets)` bitmasks over
/// `u`'s cubes, sorted.
///
/// Choose 3 columns P and 4 rows of the tableau (2 of them in P, 2 not), or the same with
/// rows and columns exchanged; the five targets are the cubes outside the chosen rows and
/// columns, and the collection is the 10 cubes at the crossings less the mirror images of
/// two targets. Cubes are found by their Conway names (row letter `A`..`F`, column letter
/// `a`..`f`); over a universe without those names the construction is empty. Over
/// MacMahon's 30 cubes it gives 360 collections of 8 cubes, each building exactly its
/// five targets, and the census finds no others (`cubelab census max-targets`).
///
/// ```
/// use cubelab::census::{theorem7::theorem_7, Universe};
/// let sets = theorem_7(&Universe::macmahon());
/// assert_eq!(sets.len(), 360);
/// assert!(sets.iter().all(|&(c, t)| c.count_ones() == 8 && t.count_ones() == 5));
/// ```
pub fn theorem_7(u: &Universe) -> Vec<(u32, u32)> {
    let index = |r: usize, c: usize| -> Option<usize> {
        let name = format!("{}{}", (b'A' + r as u8) as char, (b'a' + c as u8) as char);
        u.names.iter().position(|n| *n == name)
    };
    let mut out = Vec::new();
    for transpose in [false, true] {
        let at = |r: usize, c: usize| if transpose { index(c, r) } else { index(r, c) };
        for p in (0u32..64).filter(|p| p.count_ones() == 3) {
            for rows in (0u32..64).filter(|r| r.count_ones() == 4 && (r & p).count_ones() == 2) {
                let (mut targets, mut crossing) = (0u32, 0u32);
                for r in 0..6 {
                    for col in 0..6 {
                        if let Some(i) = at(r, col) {
                            let in_rows = rows >> r & 1 == 1;
                            let in_cols = p >> col & 1 == 1;
                            if !in_rows && !in_cols {
                                targets |= 1 << i;
                            }
                            if in_rows && in_cols {
                                crossing |= 1 << i;
                            }
                        }
                    }
                }
                let mut collection = crossing;
                for t in (0..u.len()).filter(|&t| targets >> t & 1 == 1) {
                    if let Some(m) = u.index_of(&u.cubes[t].mirror()) {
                        collection &= !(1 << m);
                    }
                }
                if collection != 0 {
                    out.push((collection, targets));
                }
            }
        }
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::targets::{eight_build, BuildTables};
    use crate::census::Method;

    #[test]
    fn each_collection_builds_exactly_its_five_targets() {
        let u = Universe::macmahon();
        let sets = theorem_7(&u);
        assert_eq!(sets.len(), 360);
        let mut distinct: Vec<u32> = sets.iter().map(|&(c, _)| c).collect();
        distinct.dedup();
        assert_eq!(distinct.len(), 360, "no collection is constructed twice");
        let tables = BuildTables::new(&u, Method::Graph).unwrap();
        for &(c, t) in &sets {
            assert_eq!(c.count_ones(), 8);
            assert_eq!(tables.built(c).unwrap(), t, "collection {:?}", u.set_names(c));
            // Theorem 2: none of the five targets is one of the eight cubes.
            assert_eq!(c & t, 0, "collection {:?}", u.set_names(c));
        }
        // A few checked by the general solver as well.
        for &(c, t) in sets.iter().step_by(45) {
            let built = (0..u.len()).filter(|&x| eight_build(&u, x, c, Method::Backtrack)).fold(0, |m, x| m | 1 << x);
            assert_eq!(built, t);
        }
    }

    #[test]
    fn universe_without_conway_names_gives_nothing() {
        let u = Universe::exact(3).unwrap();
        assert!(theorem_7(&u).is_empty());
    }
}
