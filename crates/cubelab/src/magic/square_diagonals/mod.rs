//! The fast counter of magic squares of orders 3 to 5: the two diagonals first, then the
//! rest as two independent halves joined by a table of used-number masks
//! (meet in the middle).
//!
//! With both diagonals filled, every other cell of a square of order 4 or 5 lies in one
//! of two halves: **A**, the off-diagonal cells of the outer rows (0 and n−1) and, for
//! order 5, of the middle row next to the centre's column neighbours ((2,1) and (2,3));
//! **B**, its transpose (the off-diagonal cells of the outer columns, and (1,2), (3,2)).
//! The constraints split the same way: rows 0 and n−1 and columns 1 and n−2 involve only
//! A cells (besides the fixed diagonals); columns 0 and n−1 and rows 1 and n−2 only B
//! cells; the middle row and column of order 5 then hold automatically (the total is
//! fixed). So the completions of a diagonal pair are the pairs (A filling, B filling)
//! whose sets of numbers are complementary within the numbers the diagonals leave free:
//! `Σ_S N_A(S)·N_B(free∖S)`. Each half is enumerated with 64-bit masks of the numbers
//! still free: the candidates b with `K − b` free are one shift of the reversed mask,
//! so the inner loops only visit numbers that complete their lines.
//!
//! **Symmetry.** Permuting rows and columns together by a permutation that commutes with
//! the reversal i ↦ n−1−i (8 of them), transposing and reversing the rows generate a
//! group of 32 transformations that keep every normal and every associative square magic
//! (for order 3: only the 8 rotations and reflections). It acts freely (a square's
//! numbers are distinct and no transformation but the identity fixes every cell) and
//! transitively on the 8 diagonal cells off the centre, so each orbit has exactly one
//! member whose top-left number is the smallest of those 8, with (1,1) < (n−2,n−2) and
//! (0,n−1) < (n−1,0). Only those diagonal pairs are searched; the total is 32 times
//! their completions. For order 5, x ↦ 26 − x maps the squares with centre c onto those
//! with centre 26 − c, so only centres 1..13 are searched and 1..12 count twice.

use super::square::{is_kind, SquareKind};

mod table;

pub(crate) use table::Table;

/// Which diagonal fillings are searched, and what each found square stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reduction {
    /// One per orbit of the group of 32 (orders 4, 5; normal and associative squares).
    Group32,
    /// One per orbit of the 8 rotations and reflections.
    Geometric,
    /// Every square (fixed cells given).
    None,
}

impl Reduction {
    /// Squares per square found.
    pub(crate) fn multiplier(self, n: usize) -> u64 {
        match self {
            Reduction::Group32 if n >= 4 => 32,
            Reduction::Group32 | Reduction::Geometric => 8,
            Reduction::None => 1,
        }
    }
}

/// A receiver of found squares (cells row by row).
pub(crate) type Visit<'a> = dyn FnMut(&[u8]) + 'a;

/// A task: the centre (0 for order 4) and the four corners (0,0), (0,n−1), (n−1,0),
/// (n−1,n−1) of the diagonals.
pub(crate) type Task = [u8; 5];

/// The fast search for one order, kind and reduction, with optional fixed diagonal cells.
pub(crate) struct Diagonals {
    n: usize,
    s: i32,
    kind: SquareKind,
    pub(crate) reduction: Reduction,
    /// Order 5 without fixed cells: centres above 13 are the complements of those below.
    pub(crate) complement: bool,
    fixed: Vec<(usize, u8)>,
    /// Fixed cells counted under the symmetry kept (see [`Diagonals::keeping_symmetry`]):
    /// the distinct sets of fixed cells pulled back by the transformations g of the
    /// reduction's group, each with the number of g that give it (the size of the
    /// stabiliser of the fixed cells); a square found stands for that many squares with
    /// the fixed cells for each set it has. Empty otherwise.
    pulled: Vec<(Vec<(usize, u8)>, u64)>,
}

/// Bits of a mask, lowest first.
fn bits(mut m: u64) -> impl Iterator<Item = i32> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros();
            m &= m - 1;
            b as i32
        })
    })
}

/// The numbers b with `k − b` in the set whose reversed mask (bit n²+1−v for each v) is
/// `rev`, for n²+1 = `top`.
#[inline(always)]
fn pairs(k: i32, rev: u64, top: i32) -> u64 {
    let sh = top - k;
    if sh >= 0 {
        if sh >= 64 {
            0
        } else {
            rev >> sh
        }
    } else if -sh >= 64 {
        0
    } else {
        rev << -sh
    }
}

/// The four line sums (two rows, two columns) a half must reach, and its free numbers.
#[derive(Clone, Copy)]
struct Half {
    r0: i32,
    r1: i32,
    c0: i32,
    c1: i32,
}

/// The cells of half A of order 5 in the order its enumerator fills them: (0,1), (0,3),
/// (0,2), (4,1), (2,1), (4,3), (4,2), (2,3).
const A5: [(usize, usize); 8] = [(0, 1), (0, 3), (0, 2), (4, 1), (2, 1), (4, 3), (4, 2), (2, 3)];
/// The cells of half A of order 4: (0,1), (0,2), (3,1), (3,2).
const A4: [(usize, usize); 4] = [(0, 1), (0, 2), (3, 1), (3, 2)];

/// Enumerates the fillings of half A of order 5 from the numbers `free`: rows 0 and 4
/// reach `h.r0`, `h.r1` on their three off-diagonal cells, columns 1 and 3 reach `h.c0`,
/// `h.c1` on theirs. `emit` gets the mask of the numbers used and the cells (order [`A5`]).
#[inline(always)]
fn half5(free: u64, h: Half, mut emit: impl FnMut(u64, [i32; 8])) {
    const TOP: i32 = 26;
    let rev = |v: i32| 1u64 << (TOP - v);
    let mut rv = 0u64;
    for v in bits(free) {
        rv |= rev(v);
    }
    for w in bits(free) {
        let (f1, r1) = (free ^ (1 << w), rv ^ rev(w));
        for x in bits(f1 & pairs(h.r0 - w, r1, TOP)) {
            let m = h.r0 - w - x;
            if m == x {
                continue;
            }
            let (f2, r2) = (f1 ^ (1 << x) ^ (1 << m), r1 ^ rev(x) ^ rev(m));
            for y in bits(f2 & pairs(h.c0 - w, r2, TOP)) {
                let p = h.c0 - w - y;
                if p == y {
                    continue;
                }
                let (f3, r3) = (f2 ^ (1 << y) ^ (1 << p), r2 ^ rev(y) ^ rev(p));
                for z in bits(f3 & pairs(h.r1 - y, r3, TOP) & pairs(h.c1 - x, r3, TOP)) {
                    let q = h.r1 - y - z;
                    let r = h.c1 - x - z;
                    if q == z || r == z || q == r {
                        continue;
                    }
                    let mask = (1u64 << w) | (1 << x) | (1 << m) | (1 << y) | (1 << p) | (1 << z) | (1 << q) | (1 << r);
                    emit(mask, [w, x, m, y, p, z, q, r]);
                }
            }
        }
    }
}

/// Enumerates the fillings of half A of order 4 (cells [`A4`]).
fn half4(free: u64, h: Half, mut emit: impl FnMut(u64, [i32; 8])) {
    for w in bits(free) {
        let (x, y) = (h.r0 - w, h.c0 - w);
        let z = h.r1 - y;
        let ok = |v: i32| (1..=16).contains(&v) && free & (1 << v) != 0;
        if x + z != h.c1 || !ok(x) || !ok(y) || !ok(z) {
            continue;
        }
        let mask = (1u64 << w) | (1 << x) | (1 << y) | (1 << z);
        if mask.count_ones() == 4 {
            emit(mask, [w, x, y, z, 0, 0, 0, 0]);
        }
    }
}

impl Diagonals {
    /// The search for order `n` (3 to 5) and `kind` (normal, associative or
    /// pandiagonal) with the diagonal cells `fixed` (index, value) given. Fixed cells and
    /// pandiagonal squares are searched without the group of 32.
    pub(crate) fn new(n: usize, kind: SquareKind, fixed: &[(usize, u8)]) -> Diagonals {
        let reduction = if !fixed.is_empty() {
            Reduction::None
        } else if kind == SquareKind::Pandiagonal || n == 3 {
            Reduction::Geometric
        } else {
            Reduction::Group32
        };
        Diagonals {
            n,
            s: (n * (n * n + 1) / 2) as i32,
            kind,
            reduction,
            complement: n == 5 && fixed.is_empty(),
            fixed: fixed.to_vec(),
            pulled: Vec::new(),
        }
    }

    /// The search with the fixed (diagonal) cells `fixed` that keeps the reduction of the
    /// search without them, for counting (order 4 or 5; otherwise the plain search).
    ///
    /// Every transformation of the group keeps the set of diagonal cells (and the
    /// centre), so whether the image `g(S)` of a square has the fixed cells depends only
    /// on the diagonals of `S`: the squares with the fixed cells are the images `g(S)`,
    /// over the squares `S` the reduced search finds and the g whose pulled-back cells
    /// `S` has; each orbit is counted by the number of such g. The g that pull the fixed
    /// cells back to the same cells form a coset of the stabiliser H of the fixed cells
    /// (the g with g(cell) = cell for each), so the cells are checked once per coset,
    /// |G|/|H| sets counted |H| times each. Diagonal fillings with none are pruned, so
    /// fixing the centre (H = G: one set, counted 32 times) searches exactly the tasks of
    /// that centre (`--shard c/13` of order 5 without the complement's second count).
    pub(crate) fn keeping_symmetry(n: usize, kind: SquareKind, fixed: &[(usize, u8)]) -> Diagonals {
        if n < 4 || fixed.is_empty() {
            return Diagonals::new(n, kind, fixed);
        }
        let mut d = Diagonals::new(n, kind, &[]);
        d.complement = false;
        for g in group(n, d.reduction) {
            let cells: Vec<(usize, u8)> = fixed.iter().map(|&(cell, v)| (g[cell], v)).collect();
            match d.pulled.iter_mut().find(|(c, _)| *c == cells) {
                Some((_, times)) => *times += 1,
                None => d.pulled.push((cells, 1)),
            }
        }
        d
    }

    /// Whether fixed cells are counted under the kept symmetry.
    pub(crate) fn keeps_symmetry(&self) -> bool {
        !self.pulled.is_empty()
    }

    /// Squares per square found (and per transformation counted, with fixed cells kept
    /// under the symmetry).
    pub(crate) fn multiplier(&self) -> u64 {
        if self.keeps_symmetry() {
            1
        } else {
            self.reduction.multiplier(self.n)
        }
    }

    /// The number of transformations whose pulled-back fixed cells agree with the known
    /// cells (`known(cell)`: its number, or `None` when not yet filled).
    fn agreeing(&self, known: impl Fn(usize) -> Option<i32>) -> u64 {
        let ok = |cells: &[(usize, u8)]| cells.iter().all(|&(c, v)| known(c).is_none_or(|x| x == v as i32));
        self.pulled.iter().filter(|(cells, _)| ok(cells)).map(|&(_, times)| times).sum()
    }

    /// Whether every fixed cell lies on a diagonal (the only cells this method can fix).
    pub(crate) fn supports(n: usize, fixed: &[(usize, u8)]) -> bool {
        fixed.iter().all(|&(i, _)| i / n == i % n || i / n + i % n == n - 1)
    }

    fn fixed_ok(&self, cell: usize, v: i32) -> bool {
        self.fixed.iter().all(|&(i, f)| i != cell || f as i32 == v)
    }

    /// The tasks in search order: centre, then the corners (0,0), (0,n−1), (n−1,0), (n−1,n−1).
    pub(crate) fn tasks(&self) -> Vec<Task> {
        let n = self.n;
        let n2 = (n * n) as i32;
        let m = n - 1;
        let centres: Vec<i32> = match n % 2 {
            1 if self.complement => (1..=(n2 + 1) / 2).collect(),
            1 => (1..=n2).collect(),
            _ => vec![0],
        };
        let mut tasks = Vec::new();
        let at = |r: usize, c: usize| r * n + c;
        for &c in &centres {
            if n % 2 == 1 && !self.fixed_ok(at(n / 2, n / 2), c) {
                continue;
            }
            if self.kind == SquareKind::Associative && n % 2 == 1 && c != (n2 + 1) / 2 {
                continue;
            }
            for d0 in 1..=n2 {
                for e0 in 1..=n2 {
                    for el in 1..=n2 {
                        for dl in 1..=n2 {
                            let v = [c, d0, e0, el, dl];
                            let distinct = (0..5).all(|i| (i + 1..5).all(|j| v[i] != v[j]));
                            let canonical = match self.reduction {
                                Reduction::Group32 | Reduction::Geometric => d0 < e0 && d0 < el && d0 < dl && e0 < el,
                                Reduction::None => true,
                            };
                            let assoc =
                                self.kind != SquareKind::Associative || (d0 + dl == n2 + 1 && e0 + el == n2 + 1);
                            let fixed = self.fixed_ok(0, d0)
                                && self.fixed_ok(at(0, m), e0)
                                && self.fixed_ok(at(m, 0), el)
                                && self.fixed_ok(at(m, m), dl);
                            let kept = || !self.keeps_symmetry() || self.agreeing(|i| self.task_cell(&v, i)) > 0;
                            if distinct && canonical && assoc && fixed && kept() {
                                tasks.push(v.map(|x| x as u8));
                            }
                        }
                    }
                }
            }
        }
        tasks
    }

    /// The number a task puts in cell `i` (centre of order 5 and corners), if any.
    fn task_cell(&self, task: &[i32; 5], i: usize) -> Option<i32> {
        let (n, m) = (self.n, self.n - 1);
        match i {
            0 => Some(task[1]),
            _ if i == m => Some(task[2]),
            _ if i == m * n => Some(task[3]),
            _ if i == m * n + m => Some(task[4]),
            _ if n == 5 && i == 12 => Some(task[0]),
            _ => None,
        }
    }

    /// How many times the squares of a task count (centre c < 13 of order 5 stands for
    /// 26 − c too).
    pub(crate) fn weight(&self, task: &Task) -> u64 {
        if self.complement && (task[0] as usize) < (self.n * self.n).div_ceil(2) {
            2
        } else {
            1
        }
    }

    /// The squares (one per orbit of the reduction) with this task's centre and corners:
    /// counted, and given to `visit` (cells row by row) when there is one. Pandiagonal
    /// squares are always visited (the check is on whole squares).
    ///
    /// The loops over the inner diagonal cells prune each diagonal pair here; its halves
    /// are joined by [`Diagonals::join_count`] or [`Diagonals::join_visit`] (where the time
    /// goes: the enumerators [`half5`] and [`half4`] stay inlined in them).
    pub(crate) fn count(&self, task: &Task, table: &mut Table, visit: Option<&mut Visit<'_>>) -> u64 {
        let n = self.n;
        if n == 3 {
            return self.count3(task, visit);
        }
        let s = self.s;
        let n2 = (n * n) as i32;
        let [c, d0, e0, el, dl] = task.map(|x| x as i32);
        let all: u64 = ((1u64 << (n2 + 1)) - 1) & !1;
        let mut used = (1u64 << d0) | (1 << e0) | (1 << el) | (1 << dl);
        if n % 2 == 1 {
            used |= 1 << c;
        }
        let mut found = 0u64;
        let mut visit = visit;
        let explicit = visit.is_some() || self.kind == SquareKind::Pandiagonal;
        let mut cells = self.corners(task);
        let centre = if n == 5 { c } else { 0 };
        let (dsum, esum) = (s - centre - d0 - dl, s - centre - e0 - el);
        let (i1, i2) = (1, n - 2);
        let at = |r: usize, col: usize| r * n + col;
        for d1 in 1..=n2 {
            let d2 = dsum - d1;
            if !(1..=n2).contains(&d2) || d1 == d2 || used & ((1 << d1) | (1 << d2)) != 0 {
                continue;
            }
            if self.reduction == Reduction::Group32 && !(d0 < d1 && d1 < d2) {
                continue;
            }
            if !self.fixed_ok(at(i1, i1), d1) || !self.fixed_ok(at(i2, i2), d2) {
                continue;
            }
            if self.kind == SquareKind::Associative && d1 + d2 != n2 + 1 {
                continue;
            }
            let task5 = [c, d0, e0, el, dl];
            let with_d = |i: usize| match i {
                _ if i == at(i1, i1) => Some(d1),
                _ if i == at(i2, i2) => Some(d2),
                _ => self.task_cell(&task5, i),
            };
            if self.keeps_symmetry() && self.agreeing(with_d) == 0 {
                continue;
            }
            let used_d = used | (1 << d1) | (1 << d2);
            for e1 in 1..=n2 {
                let e2 = esum - e1;
                if !(1..=n2).contains(&e2) || e1 == e2 || used_d & ((1 << e1) | (1 << e2)) != 0 {
                    continue;
                }
                if self.reduction == Reduction::Group32 && !(d0 < e1 && d0 < e2) {
                    continue;
                }
                if !self.fixed_ok(at(i1, n - 1 - i1), e1) || !self.fixed_ok(at(i2, n - 1 - i2), e2) {
                    continue;
                }
                if self.kind == SquareKind::Associative && e1 + e2 != n2 + 1 {
                    continue;
                }
                // With fixed cells under the kept symmetry: the transformations counted.
                let times = match self.keeps_symmetry() {
                    false => 1,
                    true => {
                        let with_e = |i: usize| match i {
                            _ if i == at(i1, n - 1 - i1) => Some(e1),
                            _ if i == at(i2, n - 1 - i2) => Some(e2),
                            _ => with_d(i),
                        };
                        self.agreeing(with_e)
                    }
                };
                if times == 0 {
                    continue;
                }
                let free = all & !(used_d | (1 << e1) | (1 << e2));
                let (ha, hb) = self.halves([d0, d1, d2, dl], [e0, e1, e2, el]);
                if !explicit {
                    found += times * self.join_count(free, ha, hb, table);
                    continue;
                }
                if n == 5 {
                    cells[at(2, 2)] = c as u8;
                }
                cells[at(i1, i1)] = d1 as u8;
                cells[at(i2, i2)] = d2 as u8;
                cells[at(i1, n - 1 - i1)] = e1 as u8;
                cells[at(i2, n - 1 - i2)] = e2 as u8;
                found += times * self.join_visit(free, ha, hb, &mut cells, &mut visit);
            }
        }
        found
    }

    /// A square with the task's four corners filled in, the other cells 0.
    fn corners(&self, task: &Task) -> Vec<u8> {
        let (n, m) = (self.n, self.n - 1);
        let mut cells = vec![0u8; n * n];
        cells[0] = task[1];
        cells[m] = task[2];
        cells[m * n] = task[3];
        cells[m * n + m] = task[4];
        cells
    }

    /// [`Diagonals::count`] for order 3, where the centre and the corners force the rest.
    fn count3(&self, task: &Task, mut visit: Option<&mut Visit<'_>>) -> u64 {
        let s = self.s;
        let [c, d0, e0, el, dl] = task.map(|x| x as i32);
        let used = (1u64 << d0) | (1 << e0) | (1 << el) | (1 << dl) | (1 << c);
        let (d2, e2) = (s - c - d0, s - c - e0);
        if d2 != dl || e2 != el {
            return 0;
        }
        let v = [s - d0 - e0, s - el - dl, s - d0 - el, s - e0 - dl];
        let mask = v.iter().fold(0u64, |acc, &x| if (1..=9).contains(&x) { acc | 1 << x } else { acc | 1 });
        if mask & 1 != 0 || mask & used != 0 || mask.count_ones() != 4 || v[0] + v[1] + c != s || v[2] + v[3] + c != s {
            return 0;
        }
        let mut cells = self.corners(task);
        // (1,1), (0,1), (2,1), (1,0), (1,2).
        for (i, x) in [(4, c), (1, v[0]), (7, v[1]), (3, v[2]), (5, v[3])] {
            cells[i] = x as u8;
        }
        if !is_kind(3, &cells, self.kind) {
            return 0;
        }
        if let Some(f) = visit.as_mut() {
            f(&cells);
        }
        1
    }

    /// The line sums halves A and B must reach, given the main diagonal `d` and the
    /// anti-diagonal `e` (each from row 0 to row n−1, without the centre): row i has
    /// d_i and e_i off its half cells; column j has d_j and e_{n−1−j} (e at row n−1−j).
    #[inline(always)]
    fn halves(&self, d: [i32; 4], e: [i32; 4]) -> (Half, Half) {
        let s = self.s;
        let [d0, d1, d2, dl] = d;
        let [e0, e1, e2, el] = e;
        let (row0, rowl) = (s - d0 - e0, s - el - dl);
        let (row1, row2) = (s - d1 - e1, s - e2 - d2);
        let (col0, coll) = (s - d0 - el, s - e0 - dl);
        let (col1, col2) = (s - d1 - e2, s - e1 - d2);
        (Half { r0: row0, r1: rowl, c0: col1, c1: col2 }, Half { r0: col0, r1: coll, c0: row1, c1: row2 })
    }

    /// Whether a half's filling (cells in the order of [`A5`] or [`A4`]) keeps the
    /// associative pairs (always true for the other kinds).
    #[inline(always)]
    fn pair_ok(&self, v: &[i32; 8]) -> bool {
        self.kind != SquareKind::Associative
            || if self.n == 5 {
                v[0] + v[5] == 26 && v[1] + v[3] == 26 && v[2] + v[6] == 26 && v[4] + v[7] == 26
            } else {
                v[0] + v[3] == 17 && v[1] + v[2] == 17
            }
    }

    /// The fillings of a half of order 4 or 5 (see [`half5`], [`half4`]).
    #[inline(always)]
    fn half(&self, free: u64, h: Half, emit: &mut dyn FnMut(u64, [i32; 8])) {
        if self.n == 5 {
            half5(free, h, emit)
        } else {
            half4(free, h, emit)
        }
    }

    /// The number of squares joining a filling of half A (sums `ha`) and one of half B
    /// (sums `hb`) that use every number of `free` between them: half A's masks in the
    /// table, then each of half B's looks up its complement.
    fn join_count(&self, free: u64, ha: Half, hb: Half, table: &mut Table) -> u64 {
        table.clear();
        let mut any = false;
        self.half(free, ha, &mut |mask, v| {
            if self.pair_ok(&v) {
                table.add(mask as u32);
                any = true;
            }
        });
        if !any {
            return 0;
        }
        let mut found = 0u64;
        self.half(free, hb, &mut |mask, v| {
            if self.pair_ok(&v) {
                found += table.get((free ^ mask) as u32) as u64
            }
        });
        found
    }

    /// [`Diagonals::join_count`] square by square: `cells` (both diagonals filled in)
    /// completed by each join, checked when pandiagonal, and given to `visit`.
    fn join_visit(&self, free: u64, ha: Half, hb: Half, cells: &mut [u8], visit: &mut Option<&mut Visit<'_>>) -> u64 {
        let n = self.n;
        let mut list: Vec<(u64, [i32; 8])> = Vec::new();
        self.half(free, ha, &mut |mask, v| {
            if self.pair_ok(&v) {
                list.push((mask, v))
            }
        });
        list.sort_by_key(|&(k, _)| k);
        let cells_a: &[(usize, usize)] = if n == 5 { &A5 } else { &A4 };
        let mut found = 0u64;
        self.half(free, hb, &mut |mask, vb| {
            if !self.pair_ok(&vb) {
                return;
            }
            let want = free ^ mask;
            let start = list.partition_point(|&(k, _)| k < want);
            for (_, va) in list[start..].iter().take_while(|&&(k, _)| k == want) {
                for (j, &(r, col)) in cells_a.iter().enumerate() {
                    cells[r * n + col] = va[j] as u8;
                    cells[col * n + r] = vb[j] as u8;
                }
                if self.kind == SquareKind::Pandiagonal && !is_kind(n, cells, self.kind) {
                    continue;
                }
                found += 1;
                if let Some(f) = visit.as_mut() {
                    f(cells);
                }
            }
        });
        found
    }
}

/// The transformations of a reduction's group as cell maps (image cell `i` holds cell
/// `map[i]`): the 8 rotations and reflections, and for the group of 32 (orders 4, 5)
/// the closure with the simultaneous row and column permutations of [`coset_images`].
/// The identity alone for no reduction.
pub(crate) fn group(n: usize, reduction: Reduction) -> Vec<Vec<usize>> {
    let mut maps: Vec<Vec<usize>> = match reduction {
        Reduction::None => return vec![(0..n * n).collect()],
        _ => super::square::symmetries(n),
    };
    if reduction == Reduction::Group32 && n >= 4 {
        let index: Vec<u8> = (0..(n * n) as u8).collect();
        for img in coset_images(n, &index) {
            let map: Vec<usize> = img.iter().map(|&c| c as usize).collect();
            if !maps.contains(&map) {
                maps.push(map);
            }
        }
    }
    // Close under composition (a few dozen maps).
    let mut k = 0;
    while k < maps.len() {
        for j in 0..maps.len() {
            let composed: Vec<usize> = (0..n * n).map(|i| maps[k][maps[j][i]]).collect();
            if !maps.contains(&composed) {
                maps.push(composed);
            }
        }
        k += 1;
    }
    maps
}

/// The 4 squares, up to the 8 rotations and reflections, that one square stands for
/// under the group of 32: itself and its images under the simultaneous row and column
/// permutations (0 n−1), (0 1)(n−2 n−1) and (0 1 n−1 n−2) (one per coset of the 8).
pub(crate) fn coset_images(n: usize, cells: &[u8]) -> [Vec<u8>; 4] {
    let m = n - 1;
    let perms: [Vec<usize>; 4] = [
        (0..n).collect(),
        (0..n)
            .map(|i| {
                if i == 0 {
                    m
                } else if i == m {
                    0
                } else {
                    i
                }
            })
            .collect(),
        (0..n)
            .map(|i| {
                [1, 0].get(i).copied().unwrap_or(if i == m - 1 {
                    m
                } else if i == m {
                    m - 1
                } else {
                    i
                })
            })
            .collect(),
        // 0 -> 1 -> m -> m-1 -> 0
        (0..n)
            .map(|i| {
                if i == 0 {
                    1
                } else if i == 1 {
                    m
                } else if i == m {
                    m - 1
                } else if i == m - 1 {
                    0
                } else {
                    i
                }
            })
            .collect(),
    ];
    perms.map(|p| (0..n * n).map(|k| cells[p[k / n] * n + p[k % n]]).collect())
}

#[cfg(test)]
mod tests;
