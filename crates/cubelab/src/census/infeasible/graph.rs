//! The graph method of the infeasible search: per target, the corner graph of the
//! support's cubes and the number of corners its blocks can cover.

use super::Fits;

/// One target's corner graph (union-find by size over its 8 corners, no path compression so
/// that it is cheap to copy) and the number of corners its blocks can cover: copies of the
/// target plus, per component, the smaller of its corners and its edges.
#[derive(Clone, Copy)]
pub(super) struct TargetGraph {
    pub(super) parent: [u8; 8],
    pub(super) vertices: [u8; 8],
    pub(super) edges: [u8; 8],
    pub(super) cover: u8,
}

impl TargetGraph {
    pub(super) const EMPTY: TargetGraph =
        TargetGraph { parent: [0, 1, 2, 3, 4, 5, 6, 7], vertices: [1; 8], edges: [0; 8], cover: 0 };

    pub(super) fn find(&self, mut x: u8) -> u8 {
        while self.parent[x as usize] != x {
            x = self.parent[x as usize];
        }
        x
    }

    pub(super) fn add_edge(&mut self, a: u8, b: u8) {
        let (ra, rb) = (self.find(a) as usize, self.find(b) as usize);
        let covered = |v: u8, e: u8| v.min(e);
        if ra == rb {
            self.cover -= covered(self.vertices[ra], self.edges[ra]);
            self.edges[ra] += 1;
            self.cover += covered(self.vertices[ra], self.edges[ra]);
        } else {
            let (big, small) = if self.vertices[ra] >= self.vertices[rb] { (ra, rb) } else { (rb, ra) };
            self.cover -=
                covered(self.vertices[big], self.edges[big]) + covered(self.vertices[small], self.edges[small]);
            self.parent[small] = big as u8;
            self.vertices[big] += self.vertices[small];
            self.edges[big] += self.edges[small] + 1;
            self.cover += covered(self.vertices[big], self.edges[big]);
        }
    }
}

/// Union-find over the 8 corners of target t with the edges of the cubes in `m` (other than
/// t), from scratch: per corner its root; per root its corners, copies of edges, and cubes.
#[cfg(test)]
pub(super) fn corner_components(f: &Fits, t: usize, m: &[u8]) -> ([usize; 8], [u32; 8], [u32; 8], [u32; 8]) {
    let mut parent = [0usize, 1, 2, 3, 4, 5, 6, 7];
    pub(super) fn find(parent: &mut [usize; 8], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    let edges_of = |c: usize| {
        let e = f.fits[t][c];
        (e.trailing_zeros() as usize, 7 - e.leading_zeros() as usize)
    };
    let cubes = f.usable[t] & !(1 << t);
    for c in (0..f.n).filter(|&c| cubes >> c & 1 == 1 && m[c] > 0) {
        let (a, b) = edges_of(c);
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        parent[ra] = rb;
    }
    let mut root = [0usize; 8];
    let (mut vertices, mut copies, mut members) = ([0u32; 8], [0u32; 8], [0u32; 8]);
    for v in 0..8 {
        root[v] = find(&mut parent, v);
        vertices[root[v]] += 1;
    }
    for c in (0..f.n).filter(|&c| cubes >> c & 1 == 1 && m[c] > 0) {
        let r = root[edges_of(c).0];
        copies[r] += m[c] as u32;
        members[r] |= 1 << c;
    }
    (root, vertices, copies, members)
}

/// Corners of target t the multiset can cover (the formula behind [`TargetGraph`], from
/// scratch with copies; checked against the matching in the tests).
#[cfg(test)]
pub(super) fn graph_cover(f: &Fits, t: usize, m: &[u8]) -> u32 {
    let (root, vertices, copies, _) = corner_components(f, t, m);
    let cover: u32 = (0..8).filter(|&v| root[v] == v).map(|v| vertices[v].min(copies[v])).sum();
    cover + m[t] as u32
}

pub(super) fn graph_best(
    f: &Fits,
    set: u32,
    graphs: &[TargetGraph; 32],
    floor: usize,
    out: &mut Vec<(usize, Vec<u8>)>,
) {
    let n = f.n;
    // Only the support's own targets can take extra copies.
    let size = set.count_ones() as usize;
    let mut bound = size;
    let mut rest = set;
    while rest != 0 {
        bound += 7 - graphs[rest.trailing_zeros() as usize].cover as usize;
        rest &= rest - 1;
    }
    if bound < floor {
        return;
    }
    let slack: Vec<u32> = (0..n).map(|t| 7 - graphs[t].cover as u32).collect();
    // Per target, the cubes of each tree component (edges = corners - 1).
    let trees: Vec<Vec<u32>> = (0..n)
        .map(|t| {
            let g = &graphs[t];
            let mut members = [0u32; 8];
            for c in (0..n).filter(|&c| c != t && set >> c & 1 == 1 && f.fits[t][c] != 0) {
                members[g.find(f.fits[t][c].trailing_zeros() as u8) as usize] |= 1 << c;
            }
            (0..8)
                .filter(|&r| g.parent[r] as usize == r && g.edges[r] > 0 && g.edges[r] + 1 == g.vertices[r])
                .map(|r| members[r])
                .collect()
        })
        .collect();
    let candidates: Vec<usize> = (0..n).filter(|&c| set >> c & 1 == 1 && slack[c] >= 1).collect();
    for r in 0u32..1 << candidates.len() {
        let raised = candidates.iter().enumerate().filter(|(i, _)| r >> i & 1 == 1).fold(0u32, |s, (_, &c)| s | 1 << c);
        let broken = |t: usize| trees[t].iter().filter(|&&mask| mask & raised != 0).count() as u32;
        let mut total = size;
        let mut ok = true;
        for t in 0..n {
            let b = broken(t) + (raised >> t & 1);
            if b > slack[t] {
                ok = false;
                break;
            }
            if raised >> t & 1 == 1 {
                total += (slack[t] - broken(t)) as usize;
            }
        }
        if ok && total >= floor {
            let m: Vec<u8> = (0..n)
                .map(|c| match (set >> c & 1, raised >> c & 1) {
                    (0, _) => 0,
                    (_, 0) => 1,
                    _ => 1 + (slack[c] - broken(c)) as u8,
                })
                .collect();
            out.push((total, m));
        }
    }
}
