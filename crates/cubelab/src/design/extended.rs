//! Multisets of N³ MacMahon cubes that build an N x N x N target in exactly one way up to
//! the symmetries of its position classes (docs/design.md, `design extended`).
//!
//! **What is unique.** Positions of one class ([`crate::extended::classes`]) show the same
//! faces of the big cube, so the blocks in one class can be permuted freely, and a block
//! fitting a class can be held in every orientation that shows the target's colors there.
//! For MacMahon cubes (six different colors on every cube) these orientations are exactly
//! the rotations fixing the class's visible faces: one for a corner or an edge, the 4
//! turns about the face's axis for a face centre, all 24 for the interior (a test checks
//! every cube against every target). So an assembly *up to the symmetries of the classes*
//! is an assignment of block types to classes (how many blocks of each type sit in each
//! class), a solution of the transportation problem of [`crate::extended`]; a multiset is
//! a design when that problem has exactly one solution.
//!
//! **Which multisets.** A solution x is unique iff its residual graph (type → class when
//! the type fits the class, class → type when x puts a block of the type there) has no
//! directed cycle through two or more classes (such a cycle moves one block along it and
//! gives another solution; the difference of two solutions decomposes into such cycles).
//! Whether it has one depends only on the *support* (which types sit in which class), so
//! the designs are counted support by support: a support whose classes hold k_c types
//! stands for Π_c C(size_c − 1, k_c − 1) multisets (the ways to split each class among its
//! types, every type at least once), and different x give different multisets (two x
//! with one multiset would be two solutions). With two or more classes that every type
//! fits (the face centres and the interior for N ≥ 3) a unique solution fills all of
//! them, and every other class the same type t* fits, with t* alone (any other type
//! there would close a cycle through two of them); the other classes are then filled by
//! the other types. A program fills the classes one after the other, memoized on what
//! decides the rest ([`State`]: for every type, the classes still to fill that another
//! type reachable from it fits, and the types it shares a component of the support with;
//! and the types used so far that can still be used again): a type may join a class
//! unless another type reachable from it fits that class, since the new edge class → type
//! would close a cycle through two or more classes, and cycles only appear as types are
//! added. The components are needed because a type reaches itself back through every
//! class it sits in: what the others of its component reach through it alone is not
//! reached by another type (the proptest's case: types 0 and 1 share a class, 1 alone
//! fills a second class, and 0 may still fill a third one that only 0 fits).

use super::DesignError;
use crate::coloring::Coloring;
use crate::combin::{binomial_u128, unrank_subset_u64};
use crate::extended::census::Census;
use crate::extended::{check_size, search, Extended, PositionClass, CLASSES};
use crate::rng::SplitMix64;
use crate::run::Stop;
use crate::{Error, ErrorKind, Result};
use std::collections::HashMap;
use std::rc::Rc;

/// What the multiset must do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtendedSpec {
    /// N: the target is built as an N x N x N cube from N³ blocks (2 to
    /// [`crate::extended::MAX_SIZE`]).
    pub size: usize,
    /// The target, one of the 30 MacMahon cubes.
    pub target: Coloring,
    /// Exactly this many different cubes among the N³ (any number when `None`).
    pub types: Option<usize>,
    /// The seed of the draw.
    pub seed: u64,
}

/// Blocks of one type in one class of the designed assembly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassBlocks {
    /// The cube, as an index of Conway's tableau order.
    pub block: usize,
    /// Its Conway name.
    pub name: String,
    /// How many of its blocks sit in the class.
    pub copies: u64,
    /// How it is held (its face string as it sits; the least of the fitting ones).
    pub held: Coloring,
    /// Its fitting orientations: 1 in a corner or an edge, 4 in a face centre (turns
    /// about the face's axis), 24 inside.
    pub turns: u8,
}

/// One class of the designed assembly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassFill {
    /// The class.
    pub class: PositionClass,
    /// Its blocks, in tableau order.
    pub blocks: Vec<ClassBlocks>,
}

/// A designed multiset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtendedDesign {
    /// The request.
    pub spec: ExtendedSpec,
    /// The target's Conway name.
    pub target_name: String,
    /// How many multisets of N³ MacMahon cubes meet the request (the draw is uniform among
    /// them).
    pub count: u128,
    /// How many designs (for any number of types) have each number of different cubes,
    /// increasing.
    pub by_types: Vec<(usize, u128)>,
    /// The position of the one drawn among those meeting the request, in the
    /// enumeration's order (from 0).
    pub index: u128,
    /// The multiset: (tableau index, copies), in tableau order.
    pub blocks: Vec<(usize, u64)>,
    /// The unique assembly up to the class symmetries: every class with positions, in
    /// class order.
    pub classes: Vec<ClassFill>,
    /// All arrangements (every position and orientation) of the blocks building the
    /// target, the orbit of the one assembly under the class symmetries; `None` when above
    /// `u128`.
    pub arrangements: Option<u128>,
}

/// The transportation problem of one target: the classes every type fits, the sizes of the
/// classes. Types are at most 32 (bit masks).
#[derive(Debug, Clone)]
pub(crate) struct Problem {
    /// Per type: bit c set when it fits class c.
    pub masks: Vec<u32>,
    /// Positions per class.
    pub sizes: [u64; CLASSES],
    /// Per type, a type (not after it) whose program counts the same (an image of it
    /// under a symmetry of the problem), or the type itself.
    pub same: Vec<usize>,
}

/// Per number of types: how many designs (or completions) have that many.
type Histogram = Vec<u128>;

/// Adds `w` times `h` shifted by `shift` into `out`; `None` on overflow.
fn add_scaled(out: &mut Histogram, h: &[u128], w: u128, shift: usize) -> Option<()> {
    if out.len() < h.len() + shift {
        out.resize(h.len() + shift, 0);
    }
    for (k, &v) in h.iter().enumerate() {
        out[k + shift] = out[k + shift].checked_add(v.checked_mul(w)?)?;
    }
    Some(())
}

/// The state of the program between two classes. `ahead[t]`: the classes still to fill
/// that some type other than t reachable from type t in the residual graph fits (reachable
/// through the classes filled so far). `joined[t]`: the other types in t's component of
/// the support (types linked by sharing filled classes; exactly the types t reaches and is
/// reached from, as every cycle stays in one class). `live`: the types used so far that
/// may still be used again, which is all that matters for counting the different types.
/// Types that can join no class still to fill are all alike (`ahead` every such class,
/// `joined` empty, and left out of the others' `joined`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct State {
    live: u32,
    ahead: Box<[u32]>,
    joined: Box<[u32]>,
}

/// One way to fill a class: its set of types, the number of splits of its positions
/// among them, the types new to the design, and the state after it.
struct Choice {
    set: u32,
    splits: u128,
    new: usize,
    next: State,
}

/// The counting program over some classes (`order`, in class order) with some types
/// (`allowed`): memoized on the class and the [`State`].
struct Program<'a> {
    masks: &'a [u32],
    sizes: &'a [u64; CLASSES],
    order: Vec<usize>,
    allowed: u32,
    /// Per class of `order`: the histograms of the states met before it.
    memo: Vec<HashMap<State, Rc<Histogram>>>,
}

impl<'a> Program<'a> {
    fn new(p: &'a Problem, classes: u32, allowed: u32) -> Program<'a> {
        let order: Vec<usize> = (0..CLASSES).filter(|&c| classes >> c & 1 == 1).collect();
        let memo = vec![HashMap::new(); order.len()];
        Program { masks: &p.masks, sizes: &p.sizes, order, allowed, memo }
    }

    fn start(&self) -> State {
        let none = vec![0; self.masks.len()].into_boxed_slice();
        State { live: 0, ahead: none.clone(), joined: none }
    }

    /// Every way to fill the `i`-th class from `state` without closing a cycle: a type t
    /// may join class c unless something reachable from t fits c (then t → … → c → t
    /// would be a cycle through two or more classes; every cycle the new edge c → t closes
    /// is of this kind), and any set of such types may share c (at most one per position).
    fn choices(&self, i: usize, state: &State) -> Option<Vec<Choice>> {
        let c = self.order[i];
        let later = self.order[i + 1..].iter().fold(0u32, |m, &d| m | 1 << d);
        let eligible: Vec<usize> = (0..self.masks.len())
            .filter(|&t| self.allowed >> t & 1 == 1 && self.masks[t] >> c & 1 == 1 && state.ahead[t] >> c & 1 == 0)
            .collect();
        let most = self.sizes[c].min(eligible.len() as u64) as usize;
        let mut out = Vec::new();
        let mut pick: Vec<usize> = Vec::new();
        // Sets of eligible types in lexicographic order of their index lists.
        fn sets(from: usize, most: usize, eligible: &[usize], pick: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
            for j in from..eligible.len() {
                pick.push(eligible[j]);
                f(pick);
                if pick.len() < most {
                    sets(j + 1, most, eligible, pick, f);
                }
                pick.pop();
            }
        }
        let mut failed = false;
        sets(0, most, &eligible, &mut pick, &mut |set| {
            let Some(splits) = binomial_u128(self.sizes[c] - 1, set.len() as u64 - 1) else {
                failed = true;
                return;
            };
            let mask = set.iter().fold(0u32, |m, &s| m | 1 << s);
            // A type t that reaches c (it fits c, or a type it reaches does) now reaches
            // every s of the set and what s reaches. When s reaches t back (t is in s's
            // component) that adds nothing: t reaches s already (s is the only type t
            // reaches that fits c, s being eligible) and so everything s reaches, and
            // what s reaches through t alone must not count for t.
            let mut ahead = state.ahead.clone();
            for (t, a) in ahead.iter_mut().enumerate() {
                if (self.masks[t] | state.ahead[t]) >> c & 1 == 1 {
                    for &s in set {
                        if s != t && state.joined[s] >> t & 1 == 0 {
                            *a |= self.masks[s] | state.ahead[s];
                        }
                    }
                }
                *a &= later;
            }
            // A type that can join no later class: only its being unable matters.
            let mut alive = 0u32;
            for (t, a) in ahead.iter_mut().enumerate() {
                if self.allowed >> t & 1 == 0 || self.masks[t] & later & !*a == 0 {
                    *a = later;
                } else {
                    alive |= 1 << t;
                }
            }
            // The set's types and their components become one component.
            let merged = set.iter().fold(mask, |m, &s| m | state.joined[s]) & alive;
            let joined: Box<[u32]> = (0..self.masks.len())
                .map(|t| match (alive >> t & 1 == 1, merged >> t & 1 == 1) {
                    (false, _) => 0,
                    (true, true) => merged & !(1 << t),
                    (true, false) => state.joined[t] & alive,
                })
                .collect();
            let new = (mask & !state.live).count_ones() as usize;
            let used = state.live | mask;
            let live = used & alive;
            out.push(Choice { set: mask, splits, new, next: State { live, ahead, joined } });
        });
        (!failed).then_some(out)
    }

    /// The designs completing `state` from the `i`-th class on, by number of types new
    /// to them; `None` on overflow.
    fn count(&mut self, i: usize, state: &State) -> Option<Rc<Histogram>> {
        if i == self.order.len() {
            return Some(Rc::new(vec![1]));
        }
        if let Some(h) = self.memo[i].get(state) {
            return Some(h.clone());
        }
        let mut out = Histogram::new();
        for choice in self.choices(i, state)? {
            let sub = self.count(i + 1, &choice.next)?;
            add_scaled(&mut out, &sub, choice.splits, choice.new)?;
        }
        let out = Rc::new(out);
        self.memo[i].insert(state.clone(), out.clone());
        Some(out)
    }

    /// The design with position `rank` (from 0) among those with `want` new types (any
    /// number when `None`), in the program's order: for every class its types and the rank
    /// of the split of its positions among them.
    fn draw(&mut self, mut rank: u128, mut want: Option<usize>) -> Option<Vec<(usize, u32, u128)>> {
        let mut state = self.start();
        let mut out = Vec::with_capacity(self.order.len());
        for i in 0..self.order.len() {
            let mut chosen = None;
            for choice in self.choices(i, &state)? {
                let sub = self.count(i + 1, &choice.next)?;
                let completions = match want {
                    Some(k) => k.checked_sub(choice.new).and_then(|k| sub.get(k).copied()).unwrap_or(0),
                    None => sub.iter().sum(),
                };
                let all = choice.splits.checked_mul(completions)?;
                if rank < all {
                    out.push((self.order[i], choice.set, rank / completions));
                    rank %= completions;
                    want = want.map(|k| k - choice.new);
                    chosen = Some(choice.next);
                    break;
                }
                rank -= all;
            }
            state = chosen?;
        }
        Some(out)
    }
}

impl Problem {
    /// Classes with positions.
    fn nonempty(&self) -> u32 {
        (0..CLASSES).filter(|&c| self.sizes[c] > 0).fold(0, |m, c| m | 1 << c)
    }

    fn all_types(&self) -> u32 {
        if self.masks.len() >= 32 {
            u32::MAX
        } else {
            (1u32 << self.masks.len()) - 1
        }
    }

    /// The programs to run: with two or more classes that every type fits, one per type
    /// t* filling them and every class it fits (module docs), over the other classes and
    /// types; otherwise one over every class and type. Each with the classes t* fills.
    fn programs(&self) -> Vec<(Option<usize>, Program<'_>)> {
        let nonempty = self.nonempty();
        let all = self.all_types();
        let universal =
            (0..CLASSES).filter(|&c| nonempty >> c & 1 == 1 && self.masks.iter().all(|m| m >> c & 1 == 1)).count();
        if universal < 2 {
            return vec![(None, Program::new(self, nonempty, all))];
        }
        (0..self.masks.len())
            .map(|star| (Some(star), Program::new(self, nonempty & !self.masks[star], all & !(1 << star))))
            .collect()
    }

    /// How many designs have each number of types (index: types), and each program's
    /// part; `None` above `u128`. Looks at `stop` once per program.
    fn census(&self, stop: &Stop) -> Result<Option<Designs<'_>>> {
        let mut programs = self.programs();
        let mut total = Histogram::new();
        let mut parts: Vec<Histogram> = Vec::with_capacity(programs.len());
        for (star, program) in &mut programs {
            stop.check()?;
            if let Some(s) = *star {
                let like = self.same.get(s).copied().unwrap_or(s);
                if like < s {
                    let part = parts[like].clone();
                    add_scaled(&mut total, &part, 1, 0).ok_or_else(|| Error::new(ErrorKind::Internal, "overflow"))?;
                    parts.push(part);
                    continue;
                }
            }
            let start = program.start();
            let Some(h) = program.count(0, &start) else { return Ok(None) };
            let mut part = Histogram::new();
            if add_scaled(&mut part, &h, 1, usize::from(star.is_some())).is_none() {
                return Ok(None);
            }
            if add_scaled(&mut total, &part, 1, 0).is_none() {
                return Ok(None);
            }
            parts.push(part);
        }
        Ok(Some(Designs { problem: self, programs, parts, total }))
    }
}

/// The designs of one problem, counted.
struct Designs<'a> {
    problem: &'a Problem,
    programs: Vec<(Option<usize>, Program<'a>)>,
    parts: Vec<Histogram>,
    /// By number of types.
    total: Histogram,
}

impl Designs<'_> {
    /// How many designs have `types` types (any number when `None`).
    fn count(&self, types: Option<usize>) -> u128 {
        of(&self.total, types)
    }

    /// The assignment (blocks of each type per class) of the design with position `rank`
    /// among those with `types` types: programs in order, then [`Program::draw`]; each
    /// class's split is the colex-ranked set of cut points among its positions, its types
    /// in index order taking the parts in turn.
    fn assignment(&mut self, types: Option<usize>, mut rank: u128) -> Option<Vec<[u64; CLASSES]>> {
        let p = self.problem;
        for ((star, program), part) in self.programs.iter_mut().zip(&self.parts) {
            let here = of(part, types);
            if rank >= here {
                rank -= here;
                continue;
            }
            let shift = usize::from(star.is_some());
            let want = match types {
                Some(k) => Some(k.checked_sub(shift)?),
                None => None,
            };
            let mut x = vec![[0u64; CLASSES]; p.masks.len()];
            if let Some(s) = *star {
                for c in 0..CLASSES {
                    if p.masks[s] >> c & 1 == 1 {
                        x[s][c] = p.sizes[c];
                    }
                }
            }
            for (c, set, split) in program.draw(rank, want)? {
                let size = p.sizes[c];
                let k = set.count_ones() as usize;
                let cuts = unrank_subset_u64(u64::try_from(split).ok()?, k - 1);
                let mut ends: Vec<u64> = (0..64).filter(|&g| cuts >> g & 1 == 1).map(|g| g + 1).collect();
                ends.push(size);
                let mut start = 0;
                for (t, end) in bits(set).zip(ends) {
                    x[t][c] = end - start;
                    start = end;
                }
            }
            return Some(x);
        }
        None
    }
}

/// The entry of a histogram for `types`, or its sum when `None`.
fn of(h: &[u128], types: Option<usize>) -> u128 {
    match types {
        Some(k) => h.get(k).copied().unwrap_or(0),
        None => h.iter().sum(),
    }
}

/// The set bits of a mask, lowest first.
fn bits(mut m: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let b = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(b)
    })
}

/// The number of arrangements of one assignment: for each class, the orders of its
/// blocks (a multinomial) times the fitting orientations of every block.
pub(crate) fn arrangements_of(x: &[[u64; CLASSES]], weights: &[[u8; CLASSES]], sizes: &[u64; CLASSES]) -> Option<u128> {
    let mut total: u128 = 1;
    for c in 0..CLASSES {
        let mut left = sizes[c];
        for (t, row) in x.iter().enumerate() {
            let k = row[c];
            if k == 0 {
                continue;
            }
            total = total.checked_mul(binomial_u128(left, k)?)?;
            left -= k;
            for _ in 0..k {
                total = total.checked_mul(weights[t][c] as u128)?;
            }
        }
    }
    Some(total)
}

/// Draws a multiset of N³ MacMahon cubes building `spec.target` with exactly one
/// assembly up to the symmetries of the position classes, uniformly among all such (with
/// `spec.types` different cubes when given), from the seed; checks it by the flow, Hall's
/// condition and the counting program (and for N = 2 the direct search) before returning
/// it. Errors of kind `OutOfRange` for a size out of range, a target that is not a
/// MacMahon cube, or a number of types no design has (naming the numbers that occur);
/// `Internal` when a check fails; `Stopped` when `stop` is raised.
pub fn extended(spec: &ExtendedSpec, stop: &Stop) -> std::result::Result<ExtendedDesign, DesignError> {
    let n = spec.size;
    check_size(n).map_err(|e| DesignError::at("size", e))?;
    let cubes = crate::macmahon::cubes();
    let target_index = cubes.iter().position(|c| c.coloring.same_cube(&spec.target)).ok_or_else(|| {
        DesignError::at(
            "target",
            Error::out_of_range(format!("{} is not one of the 30 MacMahon cubes", spec.target.face_string())),
        )
    })?;
    let target = cubes[target_index].coloring;
    let all: Vec<Coloring> = cubes.iter().map(|c| c.coloring).collect();
    let universe = Extended::new(n, &all)?;
    let fits = universe.fits(&target)?;
    let mut sizes = [0u64; CLASSES];
    for c in universe.classes() {
        sizes[c.index] = c.size;
    }
    let problem = Problem { masks: fits.masks.clone(), sizes, same: same_counts(&all, target_index)? };
    let internal = |m: &str| DesignError::from(Error::new(ErrorKind::Internal, m.to_string()));
    let mut designs = problem.census(stop)?.ok_or_else(|| internal("the number of designs exceeds 128 bits"))?;
    let by_types: Vec<(usize, u128)> =
        designs.total.iter().enumerate().filter(|&(_, &v)| v > 0).map(|(k, &v)| (k, v)).collect();
    let count = designs.count(spec.types);
    if count == 0 {
        let (lo, hi) = (by_types.first().map_or(0, |b| b.0), by_types.last().map_or(0, |b| b.0));
        let error = Error::out_of_range(format!(
            "no multiset of {} MacMahon cubes builds {} as a {n} x {n} x {n} cube in exactly one way up to the \
             symmetries of its position classes with exactly {}: all {} that do have {lo} to {hi} different cubes",
            universe.positions(),
            cubes[target_index].name,
            crate::words::count(spec.types.unwrap_or(0), "different cube", "different cubes"),
            designs.count(None),
        ));
        return Err(DesignError::at("types", error));
    }
    let index = SplitMix64(spec.seed).below_u128(count);
    let x = designs.assignment(spec.types, index).ok_or_else(|| internal("the drawn design was not found"))?;
    let arrangements = arrangements_of(&x, &fits.weights, &sizes);
    verify(n, &target, target_index, &x, arrangements)?;
    let blocks: Vec<(usize, u64)> =
        x.iter().enumerate().map(|(t, row)| (t, row.iter().sum::<u64>())).filter(|&(_, k)| k > 0).collect();
    let classes = universe
        .classes()
        .iter()
        .filter(|c| c.size > 0)
        .map(|c| ClassFill {
            class: c.clone(),
            blocks: (0..x.len())
                .filter(|&t| x[t][c.index] > 0)
                .map(|t| ClassBlocks {
                    block: t,
                    name: cubes[t].name.to_string(),
                    copies: x[t][c.index],
                    held: held(&cubes[t].coloring, &target, &c.faces),
                    turns: fits.weights[t][c.index],
                })
                .collect(),
        })
        .collect();
    Ok(ExtendedDesign {
        spec: spec.clone(),
        target_name: cubes[target_index].name.to_string(),
        count,
        by_types,
        index,
        blocks,
        classes,
        arrangements,
    })
}

/// For every MacMahon cube, the first cube it is mapped to by the symmetries fixing the
/// target (color relabelings, with or without mirror images, that map the target to
/// itself): they map the target's classes to classes of the same sizes and keep which cube
/// fits which class, so a cube filling the face centres and the interior leaves the same
/// numbers of designs as its images (a test compares them for N = 3).
fn same_counts(cubes: &[Coloring], target: usize) -> Result<Vec<usize>> {
    use crate::coloring::Color;
    let canonical: Vec<Coloring> = cubes.iter().map(|c| c.canonical()).collect();
    let index = |c: &Coloring| {
        let c = c.canonical();
        canonical.iter().position(|d| *d == c)
    };
    let root = |same: &[usize], mut t: usize| {
        while same[t] != t {
            t = same[t];
        }
        t
    };
    let mut same: Vec<usize> = (0..cubes.len()).collect();
    for order in crate::combin::permutations(6) {
        let mut map: Vec<Color> = (0..62).map(Color).collect();
        for (i, &j) in order.iter().enumerate() {
            map[i + 1] = Color(j as u8 + 1);
        }
        for mirror in [false, true] {
            let image = |c: &Coloring| {
                let x = c.recolored(&map);
                if mirror {
                    x.mirror()
                } else {
                    x
                }
            };
            if index(&image(&cubes[target])) != Some(target) {
                continue;
            }
            for (t, c) in cubes.iter().enumerate() {
                let u = index(&image(c)).ok_or_else(|| Error::new(ErrorKind::Internal, "a symmetry left the cubes"))?;
                let (a, b) = (root(&same, t), root(&same, u));
                same[a.max(b)] = a.min(b);
            }
        }
    }
    for t in 0..same.len() {
        same[t] = root(&same, t);
    }
    Ok(same)
}

/// The least face string of `cube` showing the target's colors on `faces`.
fn held(cube: &Coloring, target: &Coloring, faces: &[crate::geometry::Face]) -> Coloring {
    let mut all: Vec<Coloring> = crate::geometry::Rotation::all().iter().map(|r| cube.rotated(r)).collect();
    all.sort();
    all.into_iter().find(|o| faces.iter().all(|&f| o.color(f) == target.color(f))).unwrap_or(*cube)
}

/// The checks of a design before it is reported: the blocks build the target (an
/// assembly from the flow, verified face by face, and Hall's condition of the census),
/// the assignment is the only one (re-solving the flow with one more block of each type
/// in each class it fits), the counting program finds exactly the arrangements of that
/// one assignment when it can count, and for N = 2 the direct search finds exactly one
/// arrangement.
fn verify(
    n: usize,
    target: &Coloring,
    target_index: usize,
    x: &[[u64; CLASSES]],
    arrangements: Option<u128>,
) -> std::result::Result<(), DesignError> {
    let fail = |what: &str| -> DesignError {
        Error::new(ErrorKind::Internal, format!("the designed multiset fails its check: {what}")).into()
    };
    let macmahon = crate::macmahon::cubes();
    let counts: Vec<u64> = x.iter().map(|row| row.iter().sum()).collect();
    let mut blocks = Vec::new();
    for (t, &k) in counts.iter().enumerate() {
        blocks.extend(std::iter::repeat_n(macmahon[t].coloring, k as usize));
    }
    if blocks.len() as u64 != (n as u64).pow(3) {
        return Err(fail("not N³ blocks"));
    }
    let puzzle = Extended::new(n, &blocks)?;
    let assembly = puzzle.assembly(target)?.ok_or_else(|| fail("the flow finds no assembly"))?;
    assembly.verify(target, &blocks).map_err(|e| fail(e.message()))?;
    let census = Census::macmahon(n)?;
    if !Census::builds_by_obstructions(&census.obstructions(target_index), &counts) {
        return Err(fail("Hall's condition fails"));
    }
    // The rows in the puzzle's type order (first appearance: tableau order of the present).
    let rows: Vec<[u64; CLASSES]> = x.iter().zip(&counts).filter(|&(_, &k)| k > 0).map(|(row, _)| *row).collect();
    if !puzzle.assignment_is_unique(target, &rows)? {
        return Err(fail("another assignment exists"));
    }
    if let (Some(counted), Some(expected)) = (puzzle.count(target)?, arrangements) {
        if counted != expected {
            return Err(fail("the counting program finds other arrangements"));
        }
    }
    if n == 2 {
        let found = search::search(2, &blocks, target, 1 << 20, true)?;
        if found.arrangements != Some(1) {
            return Err(fail("the direct search does not find exactly one arrangement"));
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "extended_tests.rs"]
mod tests;
