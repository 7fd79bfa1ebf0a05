//! Sets of cubes of a census universe, by index: one interface ([`CubeSet`]) over two
//! representations, a `u32` bitmask (universes of at most 32 cubes, the fast path of
//! every exhaustive census) and [`WideSet`], a 256-bit mask (Sadisticube 7's 210 cubes,
//! C_4 and C_5). Code generic over [`CubeSet`] is monomorphised: no dynamic dispatch and
//! no allocation in its loops.

/// A set of cube indices below [`CubeSet::CAPACITY`].
///
/// Callers keep indices below the capacity; the inserting methods ignore larger ones
/// (debug builds assert), so no input makes them panic in release.
pub trait CubeSet: Copy + Eq + Ord + std::hash::Hash + Default + std::fmt::Debug + Send + Sync + 'static {
    /// The largest number of cubes a universe may have for this representation.
    const CAPACITY: usize;

    /// The empty set.
    fn empty() -> Self {
        Self::default()
    }

    /// Adds cube `i`.
    fn insert(&mut self, i: usize);

    /// Removes cube `i`.
    fn remove(&mut self, i: usize);

    /// Whether the set holds cube `i` (false for indices beyond the capacity).
    fn contains(&self, i: usize) -> bool;

    /// Number of cubes.
    fn len(&self) -> usize;

    /// Whether the set is empty.
    fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// The union.
    fn union(&self, other: &Self) -> Self;

    /// The intersection.
    fn intersection(&self, other: &Self) -> Self;

    /// The cubes of `self` not in `other`.
    fn difference(&self, other: &Self) -> Self;

    /// Whether every cube of `self` is in `other`.
    fn is_subset(&self, other: &Self) -> bool {
        self.difference(other).is_empty()
    }

    /// The smallest cube, if any.
    fn first(&self) -> Option<usize>;

    /// The cubes in increasing order.
    fn iter(&self) -> Ones<Self> {
        Ones(*self)
    }

    /// The set of the given cubes.
    fn of(cubes: &[usize]) -> Self {
        let mut s = Self::default();
        for &c in cubes {
            s.insert(c);
        }
        s
    }

    /// The set of cubes `0..n` (n at most the capacity).
    fn full(n: usize) -> Self {
        let mut s = Self::default();
        for c in 0..n.min(Self::CAPACITY) {
            s.insert(c);
        }
        s
    }

    /// The members of `self` at the positions (bits) of `positions`, taking the members
    /// in increasing order: position i is the i-th smallest member.
    fn deposit(&self, positions: u32) -> Self {
        let mut out = Self::default();
        for (i, c) in self.iter().enumerate().take(32) {
            if positions >> i & 1 == 1 {
                out.insert(c);
            }
        }
        out
    }
}

/// The cubes of a set in increasing order (see [`CubeSet::iter`]).
#[derive(Debug, Clone)]
pub struct Ones<S>(S);

impl<S: CubeSet> Iterator for Ones<S> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        let c = self.0.first()?;
        self.0.remove(c);
        Some(c)
    }
}

impl CubeSet for u32 {
    const CAPACITY: usize = 32;

    #[inline]
    fn insert(&mut self, i: usize) {
        debug_assert!(i < 32);
        *self |= 1u32.checked_shl(i as u32).unwrap_or(0);
    }

    #[inline]
    fn remove(&mut self, i: usize) {
        *self &= !1u32.checked_shl(i as u32).unwrap_or(0);
    }

    #[inline]
    fn contains(&self, i: usize) -> bool {
        i < 32 && *self >> i & 1 == 1
    }

    #[inline]
    fn len(&self) -> usize {
        self.count_ones() as usize
    }

    #[inline]
    fn union(&self, other: &u32) -> u32 {
        self | other
    }

    #[inline]
    fn intersection(&self, other: &u32) -> u32 {
        self & other
    }

    #[inline]
    fn difference(&self, other: &u32) -> u32 {
        self & !other
    }

    #[inline]
    fn first(&self) -> Option<usize> {
        (*self != 0).then(|| self.trailing_zeros() as usize)
    }
}

/// A set of cubes of a universe of at most 256, as a 256-bit mask (word `i / 64`, bit
/// `i % 64`). Ordered as the array of words (not numerically).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct WideSet(pub [u64; 4]);

impl WideSet {
    /// The set of the given cube indices (each below 256). Same as [`CubeSet::of`].
    pub fn of(cubes: &[usize]) -> WideSet {
        <WideSet as CubeSet>::of(cubes)
    }

    /// Adds a cube. Same as [`CubeSet::insert`].
    pub fn insert(&mut self, i: usize) {
        <WideSet as CubeSet>::insert(self, i)
    }

    /// Whether the set holds a cube. Same as [`CubeSet::contains`].
    pub fn contains(&self, i: usize) -> bool {
        <WideSet as CubeSet>::contains(self, i)
    }

    /// Number of cubes. Same as [`CubeSet::len`].
    pub fn len(&self) -> usize {
        <WideSet as CubeSet>::len(self)
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The intersection. Same as [`CubeSet::intersection`].
    pub fn and(&self, other: &WideSet) -> WideSet {
        self.intersection(other)
    }

    /// The cubes in increasing order. Same as [`CubeSet::iter`].
    pub fn iter(&self) -> Ones<WideSet> {
        Ones(*self)
    }
}

impl CubeSet for WideSet {
    const CAPACITY: usize = 256;

    #[inline]
    fn insert(&mut self, i: usize) {
        debug_assert!(i < 256);
        if i < 256 {
            self.0[i >> 6] |= 1 << (i & 63);
        }
    }

    #[inline]
    fn remove(&mut self, i: usize) {
        if i < 256 {
            self.0[i >> 6] &= !(1 << (i & 63));
        }
    }

    #[inline]
    fn contains(&self, i: usize) -> bool {
        i < 256 && self.0[i >> 6] >> (i & 63) & 1 == 1
    }

    #[inline]
    fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    #[inline]
    fn union(&self, other: &WideSet) -> WideSet {
        WideSet([0, 1, 2, 3].map(|i| self.0[i] | other.0[i]))
    }

    #[inline]
    fn intersection(&self, other: &WideSet) -> WideSet {
        WideSet([0, 1, 2, 3].map(|i| self.0[i] & other.0[i]))
    }

    #[inline]
    fn difference(&self, other: &WideSet) -> WideSet {
        WideSet([0, 1, 2, 3].map(|i| self.0[i] & !other.0[i]))
    }

    #[inline]
    fn first(&self) -> Option<usize> {
        self.0.iter().position(|&w| w != 0).map(|w| w * 64 + self.0[w].trailing_zeros() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A random operation on a set of cubes below 32.
    #[derive(Debug, Clone)]
    enum Op {
        Insert(usize),
        Remove(usize),
        Union(Vec<usize>),
        Intersect(Vec<usize>),
        Minus(Vec<usize>),
    }

    fn op() -> impl Strategy<Value = Op> {
        let cubes = || proptest::collection::vec(0usize..32, 0..12);
        prop_oneof![
            (0usize..32).prop_map(Op::Insert),
            (0usize..32).prop_map(Op::Remove),
            cubes().prop_map(Op::Union),
            cubes().prop_map(Op::Intersect),
            cubes().prop_map(Op::Minus),
        ]
    }

    fn apply<S: CubeSet>(s: &mut S, op: &Op) {
        match op {
            Op::Insert(c) => s.insert(*c),
            Op::Remove(c) => s.remove(*c),
            Op::Union(v) => *s = s.union(&S::of(v)),
            Op::Intersect(v) => *s = s.intersection(&S::of(v)),
            Op::Minus(v) => *s = s.difference(&S::of(v)),
        }
    }

    proptest! {
        /// The two representations agree on every operation and query.
        #[test]
        fn representations_agree(ops in proptest::collection::vec(op(), 0..40), probe in proptest::collection::vec(0usize..32, 0..10), positions in any::<u32>()) {
            let (mut a, mut b) = (0u32, WideSet::default());
            for o in &ops {
                apply(&mut a, o);
                apply(&mut b, o);
                prop_assert_eq!(CubeSet::iter(&a).collect::<Vec<_>>(), b.iter().collect::<Vec<_>>());
            }
            prop_assert_eq!(CubeSet::len(&a), b.len());
            prop_assert_eq!(CubeSet::is_empty(&a), CubeSet::is_empty(&b));
            prop_assert_eq!(a.first(), b.first());
            let (p, q) = (u32::of(&probe), WideSet::of(&probe));
            prop_assert_eq!(a.is_subset(&p), b.is_subset(&q));
            prop_assert_eq!(p.is_subset(&a), q.is_subset(&b));
            for c in 0..40 {
                prop_assert_eq!(CubeSet::contains(&a, c), b.contains(c));
            }
            prop_assert_eq!(a.deposit(positions).iter().collect::<Vec<_>>(), b.deposit(positions).iter().collect::<Vec<_>>());
            prop_assert_eq!(b.0[0] as u32, a);
        }

        /// Wide sets beyond 32 cubes behave as sets of indices.
        #[test]
        fn wide_sets_are_sets(cubes in proptest::collection::vec(0usize..256, 0..60)) {
            let s = WideSet::of(&cubes);
            let mut want = cubes.clone();
            want.sort_unstable();
            want.dedup();
            prop_assert_eq!(s.iter().collect::<Vec<_>>(), want.clone());
            prop_assert_eq!(s.len(), want.len());
            prop_assert!(s.is_subset(&WideSet::full(256)));
        }
    }

    #[test]
    fn out_of_range_indices_are_ignored() {
        let mut a = 0u32;
        CubeSet::remove(&mut a, 40);
        assert!(!CubeSet::contains(&a, 40));
        assert_eq!(u32::full(32), u32::MAX);
        assert_eq!(u32::full(5), 31);
        assert_eq!(WideSet::full(300).len(), 256);
    }
}
