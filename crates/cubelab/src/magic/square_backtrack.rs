//! The simple counter of magic squares: plain backtracking over the cells in reading
//! order with line-sum pruning. It shares no tables with the fast counter
//! ([`super::square_diagonals`]) and checks it: both must find the same squares.

use super::square::{lines, SquareKind, SquareLineKind};

/// A plain backtracking search for the squares of order `n` (3 to 5) and `kind` on
/// 1..n², with the cells `fixed` (index, value) given.
pub(crate) struct Backtrack {
    n: usize,
    /// The lines that must reach the magic sum: (cells, index of the last cell in reading order).
    lines: Vec<Vec<usize>>,
    /// The lines through each cell.
    through: Vec<Vec<usize>>,
    /// Whether each line ends at each cell (cell → lines it closes).
    closes: Vec<Vec<usize>>,
    /// Associative squares: each cell's partner about the centre, when it comes earlier.
    partner: Vec<Option<usize>>,
    fixed: Vec<Option<u8>>,
    reserved: u32,
}

impl Backtrack {
    /// The search; `fixed` values must be distinct, in 1..=n², at distinct cells.
    pub(crate) fn new(n: usize, kind: SquareKind, fixed: &[(usize, u8)]) -> Backtrack {
        let mut kinds = vec![SquareLineKind::Row, SquareLineKind::Column];
        if kind != SquareKind::Semi {
            kinds.push(SquareLineKind::Diagonal);
        }
        if kind == SquareKind::Pandiagonal {
            kinds.push(SquareLineKind::BrokenDiagonal);
        }
        let lines: Vec<Vec<usize>> = kinds.into_iter().flat_map(|k| lines(n, k)).map(|l| l.cells).collect();
        let mut through = vec![Vec::new(); n * n];
        let mut closes = vec![Vec::new(); n * n];
        for (id, l) in lines.iter().enumerate() {
            for &c in l {
                through[c].push(id);
            }
            closes[*l.iter().max().expect("cells")].push(id);
        }
        let partner = (0..n * n)
            .map(|i| (kind == SquareKind::Associative && n * n - 1 - i < i).then_some(n * n - 1 - i))
            .collect();
        let mut f = vec![None; n * n];
        let mut reserved = 0;
        for &(i, v) in fixed {
            f[i] = Some(v);
            reserved |= 1 << v;
        }
        Backtrack { n, lines, through, closes, partner, fixed: f, reserved }
    }

    /// Counts the squares whose first cells are `prefix` (reading order), calling `visit`
    /// on each (cells row by row).
    pub(crate) fn count(&self, prefix: &[u8], visit: &mut dyn FnMut(&[u8])) -> u64 {
        let mut st = State {
            cells: vec![0; self.n * self.n],
            used: 0,
            sums: vec![0; self.lines.len()],
            open: self.lines.iter().map(|l| l.len() as u32).collect(),
        };
        for (i, &v) in prefix.iter().enumerate() {
            if !self.fits(&st, i, v) {
                return 0;
            }
            self.place(&mut st, i, v);
        }
        self.search(&mut st, prefix.len(), visit)
    }

    fn fits(&self, st: &State, i: usize, v: u8) -> bool {
        let n2 = (self.n * self.n) as u32;
        let s = self.n as u32 * (n2 + 1) / 2;
        if v == 0 || v as u32 > n2 || st.used & (1 << v) != 0 {
            return false;
        }
        match self.fixed[i] {
            Some(f) if f != v => return false,
            None if self.reserved & (1 << v) != 0 => return false,
            _ => {}
        }
        if let Some(p) = self.partner[i] {
            if st.cells[p] as u32 + v as u32 != n2 + 1 {
                return false;
            }
        }
        for &l in &self.through[i] {
            let sum = st.sums[l] + v as u32;
            let k = st.open[l] - 1;
            // The k cells still open need between the k smallest and the k largest numbers.
            if sum + k * (k + 1) / 2 > s || sum + k * (2 * n2 + 1 - k) / 2 < s {
                return false;
            }
        }
        true
    }

    fn place(&self, st: &mut State, i: usize, v: u8) {
        st.cells[i] = v;
        st.used |= 1 << v;
        for &l in &self.through[i] {
            st.sums[l] += v as u32;
            st.open[l] -= 1;
        }
    }

    fn unplace(&self, st: &mut State, i: usize, v: u8) {
        st.used &= !(1 << v);
        for &l in &self.through[i] {
            st.sums[l] -= v as u32;
            st.open[l] += 1;
        }
    }

    fn search(&self, st: &mut State, i: usize, visit: &mut dyn FnMut(&[u8])) -> u64 {
        let n2 = self.n * self.n;
        if i == n2 {
            visit(&st.cells);
            return 1;
        }
        let s = (self.n * (n2 + 1) / 2) as u32;
        // A cell that closes a line takes the one number that completes it.
        let forced = self.closes[i].first().map(|&l| s.saturating_sub(st.sums[l]));
        let mut found = 0;
        let candidates: Box<dyn Iterator<Item = u32>> = match (forced, self.fixed[i]) {
            (Some(f), _) => Box::new(std::iter::once(f)),
            (None, Some(v)) => Box::new(std::iter::once(v as u32)),
            (None, None) => Box::new(1..=n2 as u32),
        };
        for v in candidates {
            if v == 0 || v > n2 as u32 || !self.fits(st, i, v as u8) {
                continue;
            }
            self.place(st, i, v as u8);
            found += self.search(st, i + 1, visit);
            self.unplace(st, i, v as u8);
        }
        found
    }
}

struct State {
    cells: Vec<u8>,
    used: u32,
    sums: Vec<u32>,
    open: Vec<u32>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::magic::square::is_kind;

    fn total(n: usize, kind: SquareKind) -> u64 {
        let mut bad = 0;
        let count = Backtrack::new(n, kind, &[]).count(&[], &mut |c| bad += u64::from(!is_kind(n, c, kind)));
        assert_eq!(bad, 0);
        count
    }

    #[test]
    fn small_orders() {
        assert_eq!(total(3, SquareKind::Normal), 8);
        assert_eq!(total(3, SquareKind::Semi), 72);
        assert_eq!(total(3, SquareKind::Associative), 8);
        assert_eq!(total(3, SquareKind::Pandiagonal), 0);
        assert_eq!(total(4, SquareKind::Pandiagonal), 384);
    }

    #[test]
    fn fixed_cells_restrict() {
        let b = Backtrack::new(3, SquareKind::Normal, &[(4, 5), (0, 2)]);
        let mut seen = Vec::new();
        assert_eq!(b.count(&[], &mut |c| seen.push(c.to_vec())), 2);
        assert!(seen.iter().all(|c| c[0] == 2 && c[4] == 5));
    }
}
