//! One cube of the board: its 24 orientations, their tokens, and the four quarter turns.
//!
//! An orientation is the proper rotation that took the cube from its solved position to
//! where it is now (see [`crate::geometry::Rotation`]); index 0 is the solved cube. The
//! token `XY` says that original face `X` is now up and original face `Y` is now front.

use crate::geometry::{Face, Rotation};
use std::sync::OnceLock;

/// Number of orientations of one cube.
pub(crate) const ORIENTATIONS: usize = 24;

/// The four single-cube quarter turns, in the order u, d, l, r.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Turn {
    /// Front face goes up (rotation about the left-right axis).
    Up = 0,
    /// Front face goes down.
    Down = 1,
    /// Up face goes left (rotation about the front-back axis).
    Left = 2,
    /// Up face goes right.
    Right = 3,
}

impl Turn {
    /// All four turns in the order u, d, l, r.
    pub const ALL: [Turn; 4] = [Turn::Up, Turn::Down, Turn::Left, Turn::Right];

    /// The turn that undoes this one.
    pub fn inverse(self) -> Turn {
        match self {
            Turn::Up => Turn::Down,
            Turn::Down => Turn::Up,
            Turn::Left => Turn::Right,
            Turn::Right => Turn::Left,
        }
    }

    /// The face cycle `a -> b -> c -> d -> a` of this turn (the two faces on its axis stay).
    fn cycle(self) -> [Face; 4] {
        match self {
            Turn::Up => [Face::F, Face::U, Face::B, Face::D],
            Turn::Down => [Face::F, Face::D, Face::B, Face::U],
            Turn::Left => [Face::U, Face::L, Face::D, Face::R],
            Turn::Right => [Face::U, Face::R, Face::D, Face::L],
        }
    }

    /// The rotation of this turn as a face map.
    pub fn rotation(self) -> Rotation {
        let c = self.cycle();
        let mut target = Face::ALL;
        for k in 0..4 {
            target[c[k].index()] = c[(k + 1) % 4];
        }
        *Rotation::all()
            .iter()
            .find(|r| Face::ALL.iter().all(|&f| r.image(f) == target[f.index()]))
            .expect("a quarter turn is a proper rotation")
    }
}

/// Precomputed tables of the 24 orientations.
pub(crate) struct Tables {
    /// `compose[a][b]`: orientation `a` followed by orientation `b` (group product a·b).
    pub compose: [[u8; ORIENTATIONS]; ORIENTATIONS],
    /// `turn[t][a]`: orientation `a` after turn `t` (`a · t`).
    pub turn: [[u8; ORIENTATIONS]; 4],
    /// True for the odd orientations (odd permutations of the four diagonals).
    pub odd: [bool; ORIENTATIONS],
    /// Token of each orientation (`UF` for index 0).
    pub token: [[u8; 2]; ORIENTATIONS],
}

/// The orientation tables (computed once).
pub(crate) fn tables() -> &'static Tables {
    static CELL: OnceLock<Tables> = OnceLock::new();
    CELL.get_or_init(|| {
        let all = Rotation::all();
        let index = |r: &Rotation| all.iter().position(|x| x == r).expect("proper rotation") as u8;
        let mut compose = [[0u8; ORIENTATIONS]; ORIENTATIONS];
        for (a, ra) in all.iter().enumerate() {
            for (b, rb) in all.iter().enumerate() {
                compose[a][b] = index(&ra.then(rb));
            }
        }
        let mut turn = [[0u8; ORIENTATIONS]; 4];
        for t in Turn::ALL {
            let rt = t.rotation();
            for (a, ra) in all.iter().enumerate() {
                turn[t as usize][a] = index(&ra.then(&rt));
            }
        }
        let mut odd = [false; ORIENTATIONS];
        let mut token = [[0u8; 2]; ORIENTATIONS];
        for (a, ra) in all.iter().enumerate() {
            // The sign of the face permutation equals the sign of the diagonal permutation:
            // quarter turns are 4-cycles on both, edge half turns are transpositions on both.
            odd[a] = face_permutation_is_odd(ra);
            token[a] = [ra.preimage(Face::U).letter() as u8, ra.preimage(Face::F).letter() as u8];
        }
        Tables { compose, turn, odd, token }
    })
}

fn face_permutation_is_odd(r: &Rotation) -> bool {
    let mut seen = [false; 6];
    let mut transpositions = 0;
    for start in Face::ALL {
        if seen[start.index()] {
            continue;
        }
        let mut len = 0;
        let mut f = start;
        while !seen[f.index()] {
            seen[f.index()] = true;
            f = r.image(f);
            len += 1;
        }
        transpositions += len - 1;
    }
    transpositions % 2 == 1
}

/// The rotation of an orientation (an entry of [`crate::picture::board::Board::cubes`]):
/// the proper rotation that took the cube from its solved position to where it is now,
/// `None` beyond the 24.
pub fn rotation(orientation: u8) -> Option<Rotation> {
    Rotation::all().get(usize::from(orientation)).copied()
}

/// The token (`UF`, `RB`, …) of an orientation.
pub(crate) fn token(orientation: u8) -> String {
    let t = tables().token[orientation as usize];
    String::from_utf8_lossy(&t).into_owned()
}

/// Parses a two-letter token: original up face, then original front face.
///
/// Returns a description of the problem on failure (the caller adds the position).
pub(crate) fn parse_token(s: &str) -> Result<u8, String> {
    let chars: Vec<char> = s.chars().collect();
    if chars.len() != 2 {
        return Err(format!("'{s}' is not a two-letter token (up face then front face, e.g. UF)"));
    }
    let up =
        Face::from_letter(chars[0]).ok_or_else(|| format!("'{s}': '{}' is not a face letter U D F B L R", chars[0]))?;
    let front =
        Face::from_letter(chars[1]).ok_or_else(|| format!("'{s}': '{}' is not a face letter U D F B L R", chars[1]))?;
    if up == front || up.opposite() == front {
        let why = if up == front { "the same face" } else { "opposite faces" };
        return Err(format!("'{s}' is not a rotation ({up} and {front} are {why})"));
    }
    let rotation = Rotation::bringing_to_up_front(up, front).expect("adjacent faces");
    Ok(Rotation::all().iter().position(|r| *r == rotation).expect("proper rotation") as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solved_is_uf_and_tokens_round_trip() {
        assert_eq!(token(0), "UF");
        let mut seen = std::collections::HashSet::new();
        for a in 0..ORIENTATIONS as u8 {
            assert_eq!(parse_token(&token(a)).unwrap(), a);
            assert!(seen.insert(token(a)));
        }
        assert!(parse_token("UD").unwrap_err().contains("not a rotation"));
        assert!(parse_token("UU").is_err());
        assert!(parse_token("XF").is_err());
        assert!(parse_token("UFR").is_err());
    }

    #[test]
    fn turns_are_odd_quarter_turns_with_inverses() {
        let t = tables();
        let odd_count = t.odd.iter().filter(|&&o| o).count();
        assert_eq!(odd_count, 12);
        for turn in Turn::ALL {
            let tt = &t.turn[turn as usize];
            assert!(t.odd[tt[0] as usize]);
            let back = &t.turn[turn.inverse() as usize];
            for a in 0..ORIENTATIONS {
                assert_eq!(back[tt[a] as usize] as usize, a);
                // Four quarter turns are the identity.
                let mut x = a as u8;
                for _ in 0..4 {
                    x = tt[x as usize];
                }
                assert_eq!(x as usize, a);
            }
        }
        // From solved, "up" brings the old front face to the top: token FD.
        assert_eq!(token(t.turn[Turn::Up as usize][0]), "FD");
        // "left" moves the up face to the left, so the old right face is on top.
        assert_eq!(token(t.turn[Turn::Left as usize][0]), "RF");
        // An orientation's rotation is the turn's: `up` takes the front face up.
        let up = rotation(t.turn[Turn::Up as usize][0]).unwrap();
        assert_eq!((up, up.image(Face::F)), (Turn::Up.rotation(), Face::U));
        assert_eq!(rotation(24), None);
    }

    #[test]
    fn u_and_l_generate_all_24() {
        let t = tables();
        let mut seen = [false; ORIENTATIONS];
        let mut stack = vec![0u8];
        seen[0] = true;
        while let Some(a) = stack.pop() {
            for turn in [Turn::Up, Turn::Left] {
                let b = t.turn[turn as usize][a as usize];
                if !seen[b as usize] {
                    seen[b as usize] = true;
                    stack.push(b);
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
