//! A second count of `design extended` for N = 2 and N = 3 (docs/design.md): the multisets
//! of N³ MacMahon cubes that build an N x N x N target in exactly one way up to the
//! symmetries of its position classes, by number of different cubes.
//!
//! For N ≤ 3 every position is its own class (the 8 corners for N = 2; for N = 3 the 8
//! corners, 12 edges, 6 face centres and the centre, one position each), so an assembly up
//! to the class symmetries is a map f from positions to cube kinds, each kind fitting
//! where it sits, and a multiset is a design when exactly one f has its multiplicities.
//! The *type graph* of f has the kinds f uses as vertices and an arc k → k' (k ≠ k') when
//! k fits a position f gives to k'. **f is the only map with its multiplicities iff its
//! type graph has no cycle**: along a cycle k₁ → k₂ → … → k₁ every kᵢ can take the
//! position it fits from kᵢ₊₁, which keeps the multiplicities and changes f; conversely
//! if g ≠ f has the same multiplicities, a position p with g(p) = k ≠ f(p) gives the arc
//! k → f(p), and k, used as often by f as by g, has a position p' with f(p') = k ≠ g(p'),
//! which gives the arc g(p') → k: the walk backwards never ends, so it closes a cycle
//! (its arcs join different kinds, so the cycle has two or more). Distinct maps without
//! a cycle have distinct multisets, so the designs are counted as these maps.
//!
//! **The count.** A kind with no outgoing arc (a sink) holds every remaining position it
//! fits. Peeling a set T of sinks off (each kind of T taking all remaining positions it
//! fits, these sets disjoint and not empty) leaves a map of the same kind on the other
//! positions, and by inclusion–exclusion over the nonempty sets of sinks (as in
//! Robinson's count of acyclic digraphs)
//!
//! A(S) = Σ_T (−1)^{|T|+1} x^{|T|} A(S minus the positions T takes), A(∅) = 1,
//!
//! where x counts the different kinds. A peeled kind fits none of the positions left, so
//! it is never used twice. The kinds are the 30 colorings of the target's six colors up
//! to rotation (made here from the 720 face assignments), and a kind fits a position when
//! one of the 24 rotations shows the target's color on every outer face there.
//!
//! **Shared with the design program:** the cube geometry (`Face`, `Rotation`) and
//! `Coloring` (its rotation and canonical form). Nothing else: not the MacMahon table,
//! the position classes or fit masks of [`crate::extended`], nor the support program
//! of `design/extended.rs` (which fills classes one after another, memoized on
//! reachability; this one peels sinks with inclusion–exclusion, memoized on the positions
//! left).

use crate::coloring::{Color, Coloring};
use crate::geometry::{Face, Rotation};
use crate::{Error, ErrorKind, Result};
use std::collections::{BTreeSet, HashMap};

/// The designs of `design extended --size N --target TARGET` (N = 2 or 3) by number of
/// different cubes: entry k is the number of multisets with exactly k different cubes
/// that build the target in exactly one way up to the symmetries of its position classes.
/// The target must have six different colors.
pub fn unique_multisets(target: &Coloring, size: usize) -> Result<Vec<u128>> {
    if !(2..=3).contains(&size) {
        return Err(Error::new(ErrorKind::OutOfRange, format!("size {size}: this count is for N = 2 and N = 3")));
    }
    let colors = target.faces();
    if colors.iter().collect::<BTreeSet<_>>().len() != 6 {
        return Err(Error::new(ErrorKind::OutOfRange, "the target must have six different colors".to_string()));
    }
    let kinds = kinds(colors);
    let positions = positions(size);
    let fits: Vec<u32> = kinds
        .iter()
        .map(|k| {
            positions.iter().enumerate().filter(|(_, shown)| fits(k, target, shown)).fold(0, |m, (p, _)| m | 1 << p)
        })
        .collect();
    let mut memo = HashMap::new();
    let all = (1u32 << positions.len()) - 1;
    let signed = count(all, &fits, &mut memo);
    signed
        .into_iter()
        .map(|v| u128::try_from(v).map_err(|_| Error::new(ErrorKind::Internal, format!("a negative count {v}"))))
        .collect()
}

/// The 30 cubes with the six given colors, one coloring of each (canonical).
fn kinds(colors: [Color; 6]) -> Vec<Coloring> {
    let mut out = BTreeSet::new();
    let mut perm = [0usize, 1, 2, 3, 4, 5];
    loop {
        out.insert(Coloring::new(perm.map(|i| colors[i])).canonical());
        // The next permutation in lexicographic order.
        let Some(i) = (0..5).rev().find(|&i| perm[i] < perm[i + 1]) else { break };
        let j = (i + 1..6).rev().find(|&j| perm[j] > perm[i]).expect("a larger element to the right");
        perm.swap(i, j);
        perm[i + 1..].reverse();
    }
    out.into_iter().collect()
}

/// The outer faces shown by every position of the N x N x N cube, in a fixed order.
fn positions(size: usize) -> Vec<Vec<Face>> {
    let last = size as i8 - 1;
    let mut out = Vec::new();
    for x in 0..=last {
        for y in 0..=last {
            for z in 0..=last {
                let shown = Face::ALL
                    .into_iter()
                    .filter(|f| {
                        let normal = f.normal();
                        [x, y, z].iter().zip(normal).any(|(&c, d)| (d == -1 && c == 0) || (d == 1 && c == last))
                    })
                    .collect();
                out.push(shown);
            }
        }
    }
    out
}

/// Whether some rotation of `kind` shows the target's color on every face in `shown`.
fn fits(kind: &Coloring, target: &Coloring, shown: &[Face]) -> bool {
    Rotation::all().iter().any(|r| {
        let turned = kind.rotated(r);
        shown.iter().all(|&f| turned.color(f) == target.color(f))
    })
}

/// A(S) by number of kinds (entry k: maps using k kinds), memoized on S.
fn count(left: u32, fits: &[u32], memo: &mut HashMap<u32, Vec<i128>>) -> Vec<i128> {
    if left == 0 {
        let mut one = vec![0; fits.len() + 1];
        one[0] = 1;
        return one;
    }
    if let Some(v) = memo.get(&left) {
        return v.clone();
    }
    let mut total = vec![0i128; fits.len() + 1];
    sinks(left, fits, 0, 0, 0, &mut total, memo);
    memo.insert(left, total.clone());
    total
}

/// Adds to `total` the terms of every nonempty set T of sinks whose kinds are `from` or
/// later, besides the `chosen` kinds already in T taking the positions `taken`.
fn sinks(
    left: u32,
    fits: &[u32],
    from: usize,
    chosen: usize,
    taken: u32,
    total: &mut [i128],
    memo: &mut HashMap<u32, Vec<i128>>,
) {
    for k in from..fits.len() {
        let takes = fits[k] & left;
        if takes == 0 || takes & taken != 0 {
            continue;
        }
        let (size, taken) = (chosen + 1, taken | takes);
        let rest = count(left & !taken, fits, memo);
        let sign = if size % 2 == 1 { 1 } else { -1 };
        for (t, r) in total[size..].iter_mut().zip(&rest) {
            *t += sign * r;
        }
        sinks(left, fits, k + 1, size, taken, total, memo);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::design::{extended, ExtendedSpec};
    use crate::run::Stop;

    fn named(name: &str) -> Coloring {
        crate::macmahon::by_name(name).expect("a MacMahon cube").coloring
    }

    /// The design program's numbers by number of different cubes, from 0.
    fn by_program(size: usize, target: &str) -> Vec<u128> {
        let spec = ExtendedSpec { size, target: named(target), types: None, seed: 0 };
        let d = extended(&spec, &Stop::new()).expect("a design");
        let mut v = vec![0u128; 31];
        for (k, c) in d.by_types {
            v[k] = c;
        }
        v
    }

    #[test]
    fn thirty_kinds_and_the_fits_of_the_classes() {
        let ba = named("Ba");
        let kinds = kinds(ba.faces());
        assert_eq!(kinds.len(), 30);
        // A corner is fitted by 6 kinds, an edge by 24, a face centre and the centre by all.
        let positions = positions(3);
        for shown in &positions {
            let n = kinds.iter().filter(|k| fits(k, &ba, shown)).count();
            assert_eq!(n, [30, 30, 24, 6][shown.len()], "{shown:?}");
        }
    }

    /// N = 2: the 308,788 designs of docs/design.md, as the design program counts them.
    #[test]
    fn the_2x2x2_designs_agree_with_the_design_program() {
        let second = unique_multisets(&named("Ba"), 2).unwrap();
        assert_eq!(second.iter().sum::<u128>(), 308_788);
        assert_eq!(second, by_program(2, "Ba"));
    }

    /// N = 3: the 114,733,513 designs of docs/design.md, as the design program counts
    /// them, by number of different cubes, for Ba and for Fc.
    #[test]
    fn the_3x3x3_designs_agree_with_the_design_program() {
        for target in ["Ba", "Fc"] {
            let second = unique_multisets(&named(target), 3).unwrap();
            assert_eq!(second.iter().sum::<u128>(), 114_733_513, "{target}");
            assert_eq!(second, by_program(3, target), "{target}");
        }
    }
}
