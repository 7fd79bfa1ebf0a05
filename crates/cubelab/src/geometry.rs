//! Faces, the 24 proper rotations (and 48 symmetries) of a cube, and its 8 corners.
//!
//! Coordinates: x points to the right face `R`, y to the up face `U`, z to the
//! front face `F` (a right-handed frame, as seen by a viewer in front of the cube).
//! Every symmetry of the cube is a signed permutation matrix; the proper rotations
//! are those of determinant +1.

use crate::Error;
use std::fmt;
use std::sync::OnceLock;

/// One of the six faces of a cube, in the order U D F B L R used by face strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Face {
    /// Up (ceiling).
    U = 0,
    /// Down (ground).
    D = 1,
    /// Front.
    F = 2,
    /// Back.
    B = 3,
    /// Left.
    L = 4,
    /// Right.
    R = 5,
}

impl Face {
    /// All faces in face-string order U D F B L R.
    pub const ALL: [Face; 6] = [Face::U, Face::D, Face::F, Face::B, Face::L, Face::R];

    /// The face with this index in face-string order (0 = U … 5 = R).
    pub(crate) fn from_index(i: usize) -> Face {
        Face::ALL[i]
    }

    /// Index in face-string order.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The parallel (opposite) face.
    pub fn opposite(self) -> Face {
        Face::ALL[self as usize ^ 1]
    }

    /// Outward unit normal in (x = right, y = up, z = front) coordinates.
    pub(crate) fn normal(self) -> [i8; 3] {
        match self {
            Face::U => [0, 1, 0],
            Face::D => [0, -1, 0],
            Face::F => [0, 0, 1],
            Face::B => [0, 0, -1],
            Face::L => [-1, 0, 0],
            Face::R => [1, 0, 0],
        }
    }

    /// The face whose outward normal is `v` (a signed unit axis vector).
    pub(crate) fn from_normal(v: [i8; 3]) -> Face {
        *Face::ALL.iter().find(|f| f.normal() == v).expect("a signed unit axis vector")
    }

    /// The single letter of this face.
    pub fn letter(self) -> char {
        ['U', 'D', 'F', 'B', 'L', 'R'][self as usize]
    }

    /// Parses a face letter (`U D F B L R`, either case).
    pub fn from_letter(c: char) -> Option<Face> {
        match c.to_ascii_uppercase() {
            'U' => Some(Face::U),
            'D' => Some(Face::D),
            'F' => Some(Face::F),
            'B' => Some(Face::B),
            'L' => Some(Face::L),
            'R' => Some(Face::R),
            _ => None,
        }
    }

    /// The English name of the face ("up", "front", …).
    pub fn word(self) -> &'static str {
        ["up", "down", "front", "back", "left", "right"][self as usize]
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A symmetry of the cube: a signed permutation matrix, stored as the face map it induces.
///
/// `to[f]` is the position that the content of face `f` moves to. Proper rotations
/// (24) keep handedness; the other 24 symmetries are reflections.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rotation {
    to: [u8; 6],
}

fn det3(m: &[[i8; 3]; 3]) -> i8 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

fn mat_vec(m: &[[i8; 3]; 3], v: [i8; 3]) -> [i8; 3] {
    let mut r = [0i8; 3];
    for (i, row) in m.iter().enumerate() {
        r[i] = row[0] * v[0] + row[1] * v[1] + row[2] * v[2];
    }
    r
}

/// All 48 signed permutation matrices: proper rotations first (identity first), then reflections.
fn all_symmetries() -> &'static [Rotation; 48] {
    static CELL: OnceLock<[Rotation; 48]> = OnceLock::new();
    CELL.get_or_init(|| {
        let perms: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let mut proper = Vec::new();
        let mut improper = Vec::new();
        for p in perms {
            for signs in 0..8u8 {
                let mut m = [[0i8; 3]; 3];
                for (row, &col) in p.iter().enumerate() {
                    m[row][col] = if signs >> row & 1 == 1 { -1 } else { 1 };
                }
                let mut to = [0u8; 6];
                for f in Face::ALL {
                    to[f.index()] = Face::from_normal(mat_vec(&m, f.normal())) as u8;
                }
                let r = Rotation { to };
                if det3(&m) == 1 {
                    proper.push(r);
                } else {
                    improper.push(r);
                }
            }
        }
        proper.sort();
        improper.sort();
        let mut all = [Rotation::IDENTITY; 48];
        for (slot, r) in all.iter_mut().zip(proper.into_iter().chain(improper)) {
            *slot = r;
        }
        debug_assert_eq!(all[0], Rotation::IDENTITY);
        all
    })
}

impl Rotation {
    /// The identity.
    pub(crate) const IDENTITY: Rotation = Rotation { to: [0, 1, 2, 3, 4, 5] };

    /// The 24 proper rotations, identity first, in a fixed order.
    pub fn all() -> &'static [Rotation] {
        &all_symmetries()[..24]
    }

    /// All 48 symmetries (rotations first, then the 24 reflections).
    #[cfg(test)]
    pub(crate) fn all_with_reflections() -> &'static [Rotation; 48] {
        all_symmetries()
    }

    /// The reflection through the horizontal plane: swaps U and D, keeps the sides.
    pub(crate) fn up_down_reflection() -> Rotation {
        Rotation { to: [1, 0, 2, 3, 4, 5] }
    }

    /// Index of this symmetry among the 48 rotations and reflections (0..24 for the
    /// rotations, in the order of [`Rotation::all`]).
    pub fn index(&self) -> usize {
        all_symmetries().iter().position(|r| r == self).expect("every Rotation is one of the 48 symmetries")
    }

    /// Where the content of face `f` goes.
    pub fn image(&self, f: Face) -> Face {
        Face::from_index(self.to[f.index()] as usize)
    }

    /// The face whose content moves to position `f`.
    pub(crate) fn preimage(&self, f: Face) -> Face {
        Face::from_index(self.to.iter().position(|&t| t as usize == f.index()).expect("a permutation"))
    }

    /// `self` then `other` (apply `self` first).
    pub fn then(&self, other: &Rotation) -> Rotation {
        Rotation { to: self.to.map(|t| other.to[t as usize]) }
    }

    /// The inverse symmetry.
    pub fn inverse(&self) -> Rotation {
        let mut to = [0u8; 6];
        for f in 0..6 {
            to[self.to[f] as usize] = f as u8;
        }
        Rotation { to }
    }

    /// True for the 24 proper rotations, false for reflections.
    pub fn is_proper(&self) -> bool {
        self.index() < 24
    }

    /// The unique proper rotation that brings face `up` to U and face `front` to F, if
    /// the two faces are adjacent.
    pub(crate) fn bringing_to_up_front(up: Face, front: Face) -> Option<Rotation> {
        Rotation::all().iter().copied().find(|r| r.image(up) == Face::U && r.image(front) == Face::F)
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for face in Face::ALL {
            write!(f, "{}", self.image(face))?;
        }
        Ok(())
    }
}

/// One of the eight corners of a cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Corner(u8);

/// The corners, each as its three faces in clockwise order seen from outside, starting
/// with the U or D face. Order: the up layer UFL, UFR, UBR, UBL, then the down layer
/// DFL, DFR, DBR, DBL (each layer counterclockwise seen from above, front-left first).
const CORNER_FACES: [[Face; 3]; 8] = [
    [Face::U, Face::F, Face::L],
    [Face::U, Face::R, Face::F],
    [Face::U, Face::B, Face::R],
    [Face::U, Face::L, Face::B],
    [Face::D, Face::L, Face::F],
    [Face::D, Face::F, Face::R],
    [Face::D, Face::R, Face::B],
    [Face::D, Face::B, Face::L],
];

impl Corner {
    /// All eight corners.
    pub fn all() -> [Corner; 8] {
        [0, 1, 2, 3, 4, 5, 6, 7].map(Corner)
    }

    /// The corner with this index (0..8).
    pub(crate) fn from_index(i: usize) -> Corner {
        assert!(i < 8, "corner index out of range");
        Corner(i as u8)
    }

    /// Index 0..8.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The three faces meeting here, clockwise as seen from outside the corner,
    /// starting with the U or D face.
    pub fn faces(self) -> [Face; 3] {
        CORNER_FACES[self.0 as usize]
    }

    /// The corner touching these three faces (in any order).
    pub(crate) fn from_faces(a: Face, b: Face, c: Face) -> Option<Corner> {
        Corner::all().into_iter().find(|k| {
            let fs = k.faces();
            fs.contains(&a) && fs.contains(&b) && fs.contains(&c)
        })
    }

    /// Position vector of the corner, each coordinate ±1.
    pub fn position(self) -> [i8; 3] {
        let mut p = [0i8; 3];
        for f in self.faces() {
            let n = f.normal();
            for (pi, ni) in p.iter_mut().zip(n) {
                *pi += ni;
            }
        }
        p
    }

    /// Short name such as `UFL`: vertical face, then front/back, then left/right.
    pub fn name(self) -> String {
        let fs = self.faces();
        let fb = fs.iter().find(|f| matches!(f, Face::F | Face::B)).expect("corner has F or B");
        let lr = fs.iter().find(|f| matches!(f, Face::L | Face::R)).expect("corner has L or R");
        format!("{}{}{}", fs[0], fb, lr)
    }

    /// Words such as `up-front-left`.
    pub fn words(self) -> String {
        let n = self.name();
        n.chars().map(|c| Face::from_letter(c).expect("face letter").word()).collect::<Vec<_>>().join("-")
    }

    /// The diagonally opposite corner (through the centre).
    pub fn opposite(self) -> Corner {
        let p = self.position();
        Corner::all().into_iter().find(|k| k.position() == [-p[0], -p[1], -p[2]]).expect("opposite")
    }
}

impl fmt::Display for Corner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl TryFrom<usize> for Face {
    type Error = Error;

    /// The face with this index in face-string order (0 = U … 5 = R).
    fn try_from(i: usize) -> Result<Face, Error> {
        Face::ALL.get(i).copied().ok_or_else(|| Error::out_of_range(format!("face index {i} is not below 6")))
    }
}

impl TryFrom<usize> for Corner {
    type Error = Error;

    /// The corner with this index (see [`Corner::index`]).
    fn try_from(i: usize) -> Result<Corner, Error> {
        Corner::all().get(i).copied().ok_or_else(|| Error::out_of_range(format!("corner index {i} is not below 8")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cross(a: [i8; 3], b: [i8; 3]) -> [i8; 3] {
        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    }

    #[test]
    fn rotations_form_a_group_of_24() {
        let rots = Rotation::all();
        assert_eq!(rots.len(), 24);
        assert_eq!(rots[0], Rotation::IDENTITY);
        for a in rots {
            assert!(rots.contains(&a.inverse()));
            assert_eq!(a.then(&a.inverse()), Rotation::IDENTITY);
            for b in rots {
                assert!(rots.contains(&a.then(b)), "closed under composition");
            }
        }
        let mut sorted = rots.to_vec();
        sorted.dedup();
        assert_eq!(sorted.len(), 24);
    }

    #[test]
    fn reflections_are_not_rotations() {
        let all = Rotation::all_with_reflections();
        let refl = Rotation::up_down_reflection();
        assert!(!refl.is_proper());
        assert!(all[24..].contains(&refl));
        for r in &all[24..] {
            assert!(!Rotation::all().contains(r));
        }
    }

    #[test]
    fn rotations_preserve_opposites() {
        for r in Rotation::all_with_reflections() {
            for f in Face::ALL {
                assert_eq!(r.image(f.opposite()), r.image(f).opposite());
            }
        }
    }

    #[test]
    fn corner_faces_are_clockwise_from_outside() {
        for k in Corner::all() {
            let [a, b, c] = k.faces().map(|f| f.normal());
            let n = k.position();
            let x = cross(a, b);
            let dot: i32 = (0..3).map(|i| x[i] as i32 * n[i] as i32).sum();
            assert!(dot < 0, "corner {k} is not clockwise");
            let _ = c;
        }
        let names: Vec<String> = Corner::all().iter().map(|k| k.name()).collect();
        assert_eq!(names, ["UFL", "UFR", "UBR", "UBL", "DFL", "DFR", "DBR", "DBL"]);
        assert_eq!(Corner::from_index(0).words(), "up-front-left");
        assert_eq!(Corner::from_index(0).opposite().name(), "DBR");
    }

    #[test]
    fn rotations_map_corners_to_corners_keeping_clockwise_order() {
        for r in Rotation::all() {
            for k in Corner::all() {
                let [a, b, c] = k.faces().map(|f| r.image(f));
                let img = Corner::from_faces(a, b, c).unwrap();
                let fs = img.faces();
                let start = fs.iter().position(|&f| f == a).unwrap();
                assert_eq!([fs[start], fs[(start + 1) % 3], fs[(start + 2) % 3]], [a, b, c]);
            }
        }
    }

    #[test]
    fn up_front_determines_a_rotation() {
        let mut seen = std::collections::HashSet::new();
        for up in Face::ALL {
            for front in Face::ALL {
                let r = Rotation::bringing_to_up_front(up, front);
                assert_eq!(r.is_some(), up != front && up != front.opposite());
                if let Some(r) = r {
                    seen.insert(r);
                }
            }
        }
        assert_eq!(seen.len(), 24);
    }
}
