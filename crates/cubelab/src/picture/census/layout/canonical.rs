//! Canonical forms of the layout: the least entry among a board's images, from the
//! precomputed images of row values under `G_c` (see the parent module).

use super::{Layout, OrbitEntry, MAX_ROWS};

/// `$body` with the const `$M` bound to the row count `$m` where it is one of the counts of
/// the boards the census is tuned for (2 to 9 rows: 2x2 to 5x2, 3x3, the m x 1 boards),
/// else to 0 (any count): the canonical forms' loops over rows then unroll.
macro_rules! by_rows {
    ($m:expr, $M:ident => $body:expr) => {
        by_rows!(@ $m, $M, $body, 2 3 4 5 6 7 8 9)
    };
    (@ $m:expr, $M:ident, $body:expr, $($k:literal)*) => {
        match $m {
            $($k => { const $M: usize = $k; $body })*
            _ => { const $M: usize = 0; $body }
        }
    };
}

/// The table of [`Layout::fold`]'s images: packed in 16 bits where they fit, else in 32.
#[derive(Debug)]
pub(super) enum Imaged {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

/// A packed class and position (see [`Layout::imaged`]).
trait Packed: Copy {
    fn class(self) -> u32;
    fn position(self) -> u32;
}

impl Packed for u16 {
    #[inline(always)]
    fn class(self) -> u32 {
        u32::from(self >> 14)
    }
    #[inline(always)]
    fn position(self) -> u32 {
        u32::from(self & 0x3fff)
    }
}

impl Packed for u32 {
    #[inline(always)]
    fn class(self) -> u32 {
        self >> 24
    }
    #[inline(always)]
    fn position(self) -> u32 {
        self & 0xff_ffff
    }
}

impl Imaged {
    /// Packs `class << 24 | position` values, in 16 bits if every one fits.
    pub(super) fn new(wide: Vec<u32>) -> Imaged {
        if wide.iter().all(|&x| x.class() < 4 && x.position() < 1 << 14) {
            Imaged::Narrow(wide.iter().map(|&x| ((x.class() << 14) | x.position()) as u16).collect())
        } else {
            Imaged::Wide(wide)
        }
    }

    /// The position packed at `at` (the hot path matches on the packing once per
    /// canonical form instead, in [`Layout::fold`]).
    fn position(&self, at: usize) -> u32 {
        match self {
            Imaged::Narrow(t) => t[at].position(),
            Imaged::Wide(t) => t[at].position(),
        }
    }
}

/// Sorts the few other rows of a board: by optimal sorting networks for 2, 3, 4, 7 and 8
/// values (the 3x3, 4x2, 5x2, 8x1 and 9x1 boards), branch-free and unrolled, else by the
/// standard library's sort.
#[inline(always)]
pub(super) fn sort_small(x: &mut [u32]) {
    macro_rules! network {
        ($x:ident; $(($i:literal, $j:literal)),*) => {{
            $(
                let (a, b) = ($x[$i], $x[$j]);
                $x[$i] = a.min(b);
                $x[$j] = a.max(b);
            )*
        }};
    }
    match x.len() {
        2 => {
            let x: &mut [u32; 2] = x.try_into().expect("2 values");
            network!(x; (0, 1));
        }
        3 => {
            let x: &mut [u32; 3] = x.try_into().expect("3 values");
            network!(x; (0, 2), (0, 1), (1, 2));
        }
        4 => {
            let x: &mut [u32; 4] = x.try_into().expect("4 values");
            network!(x; (0, 2), (1, 3), (0, 1), (2, 3), (1, 2));
        }
        7 => {
            let x: &mut [u32; 7] = x.try_into().expect("7 values");
            network!(x; (0, 6), (2, 3), (4, 5), (0, 2), (1, 4), (3, 6), (0, 1), (2, 5), (3, 4), (1, 2), (4, 6),
                (2, 3), (4, 5), (1, 2), (3, 4), (5, 6));
        }
        8 => {
            let x: &mut [u32; 8] = x.try_into().expect("8 values");
            network!(x; (0, 2), (1, 3), (4, 6), (5, 7), (0, 4), (1, 5), (2, 6), (3, 7), (0, 1), (2, 3), (4, 5),
                (6, 7), (2, 4), (3, 5), (1, 4), (3, 6), (1, 2), (3, 4), (5, 6));
        }
        _ => x.sort_unstable(),
    }
}

impl Layout {
    /// The row count: `M` where the caller fixed it (the loops over rows then unroll and
    /// lose their bounds checks), else `m`. See [`by_rows`].
    #[inline(always)]
    fn rows_n<const M: usize>(&self) -> usize {
        if M > 0 {
            M
        } else {
            self.m
        }
    }

    /// The orbit of each row into `orbits`, and the least.
    #[inline(always)]
    fn orbits_of(&self, rows: &[u32], orbits: &mut [u32]) -> usize {
        let mut least = u32::MAX;
        for (o, &v) in orbits.iter_mut().zip(rows) {
            *o = self.info[v as usize][0];
            least = least.min(*o);
        }
        least as usize
    }

    /// Least [`Layout::value`] of the images of `rows` under `G_c` (and row permutations)
    /// with orbit `o`, their least orbit, folded into `best` with the number of images
    /// that tie for it; `false` if the rows do not have consistent parity patterns. It
    /// stops at the first image whose value is less than `below` (0: never), which is then
    /// in `best`: the prepare pass's test only needs to know that one is less than its entry.
    ///
    /// With `ENTRY_ONLY` the ties are not counted and a row equal to an earlier row is
    /// skipped (its images are the earlier row's), for [`Layout::canonical_entry`].
    /// `orbits` holds the orbit of each row.
    #[inline(always)]
    fn fold<const ENTRY_ONLY: bool, const M: usize>(
        &self,
        rows: &[u32],
        orbits: &[u32],
        o: usize,
        best: &mut (u64, u32),
        below: u64,
    ) -> bool {
        match &self.imaged {
            Imaged::Narrow(t) => self.fold_in::<ENTRY_ONLY, M, u16>(t, rows, orbits, o, best, below),
            Imaged::Wide(t) => self.fold_in::<ENTRY_ONLY, M, u32>(t, rows, orbits, o, best, below),
        }
    }

    /// The value of the other rows' sorted positions (shifted by the class's first): a
    /// key packing them in `key_bits` each, the greatest highest, where they fit, else
    /// their rank. Either way the values of an orbit's entries are ordered as the entries
    /// and distinct; a key costs shifts where a rank costs a table look-up per row, and
    /// only the least is ranked, by [`Layout::index`].
    #[inline(always)]
    fn value(&self, others: &[u32]) -> u64 {
        if self.key_bits > 0 {
            others.iter().rev().fold(0u64, |acc, &p| acc << self.key_bits | u64::from(p))
        } else {
            others.iter().enumerate().map(|(k, &p)| self.term(k, p)).sum()
        }
    }

    /// The entry of orbit `o` with [`Layout::value`] `value`.
    #[inline(always)]
    fn index<const M: usize>(&self, o: usize, value: u64) -> u64 {
        let rank = if self.key_bits > 0 {
            let mask = (1u64 << self.key_bits) - 1;
            (0..self.rows_n::<M>() - 1).map(|k| self.term(k, (value >> (k as u32 * self.key_bits) & mask) as u32)).sum()
        } else {
            value
        };
        self.by_orbit[o].offset + rank
    }

    /// The rank's term `C(p + k, k + 1)` of the k-th least other row at position p: by
    /// arithmetic for the two least (all of 3x3's), from [`Layout::terms`] for the others
    /// (a table look-up that may miss the cache).
    #[inline(always)]
    pub(super) fn term(&self, k: usize, p: u32) -> u64 {
        let p = u64::from(p);
        match k {
            0 => p,
            1 => p * (p + 1) / 2,
            _ => self.terms[k * self.span + p as usize],
        }
    }

    /// [`Layout::fold`] with the images packed as `T`.
    #[inline(always)]
    fn fold_in<const ENTRY_ONLY: bool, const M: usize, T: Packed>(
        &self,
        table: &[T],
        rows: &[u32],
        orbits: &[u32],
        o: usize,
        best: &mut (u64, u32),
        below: u64,
    ) -> bool {
        let m = self.rows_n::<M>();
        let (rows, orbits) = (&rows[..m], &orbits[..m]);
        let values = self.orbit.len();
        let OrbitEntry { first, class: c, .. } = self.by_orbit[o];
        let mut others = [0u32; MAX_ROWS];
        for i in (0..m).filter(|&i| orbits[i] as usize == o) {
            if ENTRY_ONLY && rows[..i].contains(&rows[i]) {
                continue;
            }
            let [_, _, from, to] = self.info[rows[i] as usize];
            for &g in &self.maps[from as usize..to as usize] {
                let imaged = &table[g as usize * values..(g as usize + 1) * values];
                let mut k = 0;
                for (j, &r) in rows.iter().enumerate() {
                    if j != i {
                        let x = imaged[r as usize];
                        if x.class() != c {
                            return false;
                        }
                        others[k] = x.position() - first;
                        k += 1;
                    }
                }
                let others = &mut others[..m - 1];
                sort_small(others);
                let value = self.value(others);
                if value < best.0 {
                    *best = (value, 1);
                    if value < below {
                        return true;
                    }
                } else if !ENTRY_ONLY && value == best.0 {
                    best.1 += 1;
                }
            }
        }
        true
    }

    /// The canonical entry of a board given as m row values, with the number of images
    /// tying for it; `None` when the rows' parity patterns are inconsistent.
    pub(crate) fn canonical(&self, rows: &[u32]) -> Option<(u64, u32)> {
        by_rows!(self.m, M => self.least_entry::<false, M>(rows, 0))
    }

    /// The canonical entry of a board, without the ties (the searches' look-up: a row
    /// equal to an earlier one adds no image); `None` as for [`Layout::canonical`].
    #[inline]
    pub(crate) fn canonical_entry(&self, rows: &[u32]) -> Option<u64> {
        by_rows!(self.m, M => self.least_entry::<true, M>(rows, 0)).map(|(index, _)| index)
    }

    /// Whether entry `index`, given by the rows [`Layout::unrank`] gives (`rep(o)` first),
    /// is its board's canonical entry (the prepare pass's test).
    pub(crate) fn is_canonical(&self, index: u64, rows: &[u32]) -> bool {
        by_rows!(self.m, M => self.canonical_at::<true, M>(index, rows)).is_some()
    }

    /// The number of images tying for entry `index` (given as for [`Layout::is_canonical`])
    /// if it is its board's canonical entry, else `None` (the counting pass's look-up).
    pub(crate) fn canonical_ties(&self, index: u64, rows: &[u32]) -> Option<u32> {
        by_rows!(self.m, M => self.canonical_at::<false, M>(index, rows))
    }

    /// [`Layout::canonical`] of an entry's own rows, compared with the entry. When `rep(o)`
    /// has no other image in `rep(o)` under `G_c` and no other row is in orbit `o`, the
    /// images with orbit `o` on the rows' side are the entry itself (one, so no ties), and
    /// only the transpose can give a less entry: from a less orbit (not canonical), a
    /// greater one (canonical) or the same (the full comparison). Most entries end there.
    #[inline(always)]
    fn canonical_at<const ENTRY_ONLY: bool, const M: usize>(&self, index: u64, rows: &[u32]) -> Option<u32> {
        let m = self.rows_n::<M>();
        let rows = &rows[..m];
        let r0 = rows[0] as usize;
        let o = self.orbit[r0] as usize;
        if self.maps_at[r0 + 1] - self.maps_at[r0] == 1
            && rows[1..].iter().all(|&v| self.orbit[v as usize] as usize != o)
        {
            if self.transpose.is_none() {
                return Some(1);
            }
            let (mut t, mut orbits) = ([0u32; MAX_ROWS], [0u32; MAX_ROWS]);
            self.transpose_rows::<M>(rows, &mut t);
            let ot = self.orbits_of(&t[..m], &mut orbits[..m]);
            if ot != o {
                return (ot > o).then_some(1);
            }
        }
        // Without ties, any image less than the entry's own shows it is not canonical.
        let below = if ENTRY_ONLY { self.own_value(o, rows) } else { 0 };
        self.least_entry::<ENTRY_ONLY, M>(rows, below).filter(|&(k, _)| k == index).map(|(_, ties)| ties)
    }

    /// The [`Layout::value`] of an entry's own rows (`rep(o)` first, the others in class
    /// order, so their positions are sorted).
    #[inline(always)]
    fn own_value(&self, o: usize, rows: &[u32]) -> u64 {
        let OrbitEntry { first, .. } = self.by_orbit[o];
        let mut others = [0u32; MAX_ROWS];
        for (p, &v) in others.iter_mut().zip(&rows[1..]) {
            *p = self.imaged.position(self.identity * self.orbit.len() + v as usize) - first;
        }
        self.value(&others[..rows.len() - 1])
    }

    /// The least entry of the images of `rows` and the images tying for it (see
    /// [`Layout::fold`], with its `below`); `None` when the rows' parity patterns are
    /// inconsistent.
    #[inline(always)]
    fn least_entry<const ENTRY_ONLY: bool, const M: usize>(&self, rows: &[u32], below: u64) -> Option<(u64, u32)> {
        let m = self.rows_n::<M>();
        let rows = &rows[..m];
        let mut best = (u64::MAX, 0);
        let mut orbits = [0u32; MAX_ROWS];
        let o = self.orbits_of(rows, &mut orbits[..m]);
        if self.transpose.is_none() {
            let ok = self.fold::<ENTRY_ONLY, M>(rows, &orbits[..m], o, &mut best, below);
            return ok.then(|| (self.index::<M>(o, best.0), best.1));
        }
        let mut t = [0u32; MAX_ROWS];
        self.transpose_rows::<M>(rows, &mut t);
        // Entries are ordered by orbit first: only the images with the least orbit count.
        let mut t_orbits = [0u32; MAX_ROWS];
        let ot = self.orbits_of(&t[..m], &mut t_orbits[..m]);
        // Both folds with the same orbit compare values of the same offset; the transpose's
        // is not needed once the rows' stopped below `below`.
        let ok = (o > ot || self.fold::<ENTRY_ONLY, M>(rows, &orbits[..m], o, &mut best, below))
            && (ot > o || best.0 < below || self.fold::<ENTRY_ONLY, M>(&t[..m], &t_orbits[..m], ot, &mut best, below));
        ok.then(|| (self.index::<M>(o.min(ot), best.0), best.1))
    }

    /// The transpose of a square board of row values (its first m), with the transpose's
    /// cell map on every cell.
    #[inline(always)]
    pub(super) fn transpose_rows<const M: usize>(&self, rows: &[u32], out: &mut [u32; MAX_ROWS]) {
        let m = self.rows_n::<M>();
        let a = self.alphabet as u32;
        let mut packed = [0u32; 4];
        for (p, &r) in packed.iter_mut().zip(&rows[..m]) {
            *p = self.info[r as usize][1];
        }
        for (i, o) in out[..m].iter_mut().enumerate() {
            *o = packed[..m].iter().rev().fold(0u32, |acc, &p| acc * a + (p >> (8 * i) & 0xff));
        }
    }
}
