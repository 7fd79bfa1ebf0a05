//! Colorings of a cube's faces, taken up to rotation: canonical forms, symmetry,
//! mirror images, corner numbers and the standard cube sets `C_n`.

use crate::geometry::{Corner, Face, Rotation};
use crate::Error;
use std::fmt;
use std::sync::OnceLock;

/// The 62 palette characters, in color-index order: `0-9`, `a-z`, `A-Z`.
pub(crate) const PALETTE_CHARS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// A color: an index 0..62 into the palette `0-9a-zA-Z` (see [`Color::to_char`]). MacMahon's six colors are 1..=6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Color(pub u8);

impl Color {
    /// The color written as `c`, if `c` is a palette character.
    pub fn from_char(c: char) -> Option<Color> {
        PALETTE_CHARS.iter().position(|&p| p as char == c).map(|i| Color(i as u8))
    }

    /// The palette character of this color; `?` for a value outside the palette (62 and
    /// above, which only the public field can make).
    pub fn to_char(self) -> char {
        PALETTE_CHARS.get(self.0 as usize).map_or('?', |&p| p as char)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A set of colors as a bitmask over the 62 palette positions.
pub(crate) type ColorSet = u64;

/// For each of the 24 rotations ([`Rotation::all`] order), the face each face of the
/// rotated coloring comes from: `rotated(r).faces[i] == faces[rotation_sources()[r][i]]`.
fn rotation_sources() -> &'static [[usize; 6]; 24] {
    static CELL: OnceLock<[[usize; 6]; 24]> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut sources = [[0; 6]; 24];
        for (r, s) in Rotation::all().iter().zip(&mut sources) {
            for f in Face::ALL {
                s[r.image(f).index()] = f.index();
            }
        }
        sources
    })
}

/// A colored cube in a fixed position: one color per face, indexed by [`Face`].
///
/// Two colorings describe the same cube when a rotation maps one onto the other; use
/// [`Coloring::canonical`] or [`Coloring::same_cube`] to compare cubes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Coloring {
    faces: [Color; 6],
}

/// The three colors around a corner read clockwise from outside, written as the cyclic
/// rotation of least value (Johnson–Roldán's corner number).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CornerNumber(pub [Color; 3]);

impl CornerNumber {
    /// The corner number of three colors read clockwise.
    pub(crate) fn from_clockwise(c: [Color; 3]) -> CornerNumber {
        let rots = [c, [c[1], c[2], c[0]], [c[2], c[0], c[1]]];
        CornerNumber(*rots.iter().min().expect("three rotations"))
    }

    /// The number as an integer when all three colors are decimal digits (e.g. 143).
    pub fn as_integer(&self) -> Option<u32> {
        if self.0.iter().all(|c| c.0 < 10) {
            Some(self.0.iter().fold(0, |acc, c| acc * 10 + c.0 as u32))
        } else {
            None
        }
    }

    /// The mirror corner: the same colors read counterclockwise.
    #[cfg(test)]
    pub(crate) fn reversed(&self) -> CornerNumber {
        let [a, b, c] = self.0;
        CornerNumber::from_clockwise([a, c, b])
    }
}

impl fmt::Display for CornerNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0 {
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl Coloring {
    /// A coloring from six colors in face order U D F B L R.
    pub fn new(faces: [Color; 6]) -> Coloring {
        Coloring { faces }
    }

    /// Parses a face string: exactly six palette characters in the order U D F B L R.
    pub(crate) fn from_face_string(s: &str) -> Result<Coloring, Error> {
        let chars: Vec<char> = s.chars().collect();
        if chars.len() != 6 {
            return Err(Error::malformed(format!(
                "a face string has six colors (U D F B L R), '{}' has {}",
                s.escape_debug(),
                chars.len()
            )));
        }
        let mut faces = [Color(0); 6];
        for (i, &c) in chars.iter().enumerate() {
            faces[i] = Color::from_char(c).ok_or_else(|| {
                Error::malformed(format!(
                    "'{}' at face {} of '{}' is not a color (expected 0-9, a-z or A-Z)",
                    c.escape_debug(),
                    Face::from_index(i),
                    s.escape_debug()
                ))
            })?;
        }
        Ok(Coloring { faces })
    }

    /// The six colors in face order U D F B L R.
    pub fn faces(&self) -> [Color; 6] {
        self.faces
    }

    /// The color on one face.
    pub fn color(&self, f: Face) -> Color {
        self.faces[f.index()]
    }

    /// The face string (U D F B L R) of this coloring as it stands.
    pub fn face_string(&self) -> String {
        self.faces.iter().map(|c| c.to_char()).collect()
    }

    /// The coloring after applying a rotation (or reflection) to the cube.
    pub fn rotated(&self, r: &Rotation) -> Coloring {
        let mut faces = [Color(0); 6];
        for f in Face::ALL {
            faces[r.image(f).index()] = self.faces[f.index()];
        }
        Coloring { faces }
    }

    /// The canonical form: the least face array over the 24 rotations.
    ///
    /// Each rotation's face array is read as one number, its faces as big-endian bytes
    /// (so that numbers order as the arrays do), through the positions each face comes
    /// from (`rotation_sources`): no array is built until the least is known. This is
    /// the most called function of a small request (`show` calls it about nine times).
    pub fn canonical(&self) -> Coloring {
        let f = self.faces.map(|c| u64::from(c.0));
        let key = rotation_sources()
            .iter()
            .map(|s| f[s[0]] << 40 | f[s[1]] << 32 | f[s[2]] << 24 | f[s[3]] << 16 | f[s[4]] << 8 | f[s[5]])
            .min()
            .expect("24 rotations");
        let b = key.to_be_bytes();
        Coloring { faces: [Color(b[2]), Color(b[3]), Color(b[4]), Color(b[5]), Color(b[6]), Color(b[7])] }
    }

    /// Whether this coloring is its own canonical form.
    pub(crate) fn is_canonical(&self) -> bool {
        *self == self.canonical()
    }

    /// Whether the two colorings are the same cube (equal up to rotation).
    pub fn same_cube(&self, other: &Coloring) -> bool {
        self.rotation_to(other).is_some()
    }

    /// A proper rotation mapping `self` onto `other`, if one exists (the first in
    /// [`Rotation::all`] order).
    pub fn rotation_to(&self, other: &Coloring) -> Option<Rotation> {
        Rotation::all().iter().copied().find(|r| self.rotated(r) == *other)
    }

    /// The cube's own rotation group: the rotations leaving the coloring unchanged.
    pub fn symmetries(&self) -> Vec<Rotation> {
        self.fixing_rotations().collect()
    }

    /// The rotations leaving the coloring unchanged, in [`Rotation::all`] order.
    fn fixing_rotations(&self) -> impl Iterator<Item = Rotation> + '_ {
        Rotation::all().iter().copied().filter(|r| self.rotated(r) == *self)
    }

    /// The number of rotations that fix the coloring.
    pub fn symmetry_count(&self) -> usize {
        self.fixing_rotations().count()
    }

    /// The mirror image (U and D swapped, sides kept), in canonical form.
    pub fn mirror(&self) -> Coloring {
        self.rotated(&Rotation::up_down_reflection()).canonical()
    }

    /// Whether the cube equals its own mirror image.
    pub fn is_achiral(&self) -> bool {
        self.mirror() == self.canonical()
    }

    /// Colors read clockwise around one corner, starting at its U or D face.
    pub(crate) fn corner_colors(&self, k: Corner) -> [Color; 3] {
        k.faces().map(|f| self.color(f))
    }

    /// The corner number of each corner, in [`Corner::all`] order.
    pub fn corner_numbers(&self) -> [CornerNumber; 8] {
        Corner::all().map(|k| CornerNumber::from_clockwise(self.corner_colors(k)))
    }

    /// The eight corner numbers sorted (a rotation-invariant description).
    #[cfg(test)]
    pub(crate) fn sorted_corner_numbers(&self) -> [CornerNumber; 8] {
        let mut c = self.corner_numbers();
        c.sort();
        c
    }

    /// The set of colors used (colors outside the 62-color palette are left out).
    pub(crate) fn color_set(&self) -> ColorSet {
        self.faces.iter().fold(0, |m, c| m | 1u64.checked_shl(c.0 as u32).unwrap_or(0))
    }

    /// Whether all six faces have different colors.
    pub fn is_proper(&self) -> bool {
        let mut faces = self.faces;
        faces.sort();
        faces.windows(2).all(|w| w[0] != w[1])
    }

    /// The first repeated color and the two faces it is on (in face order U D F B L R), or
    /// `None` for a proper coloring; error messages name it ("color 1 on faces U and D").
    pub fn repeated_color(&self) -> Option<(Color, Face, Face)> {
        (0..6).find_map(|i| {
            (i + 1..6)
                .find(|&j| self.faces[i] == self.faces[j])
                .map(|j| (self.faces[i], Face::from_index(i), Face::from_index(j)))
        })
    }

    /// Applies a color relabeling `map[old] = new` (indices into the palette); colors
    /// beyond the end of `map` stay as they are.
    pub(crate) fn recolored(&self, map: &[Color]) -> Coloring {
        Coloring { faces: self.faces.map(|c| map.get(c.0 as usize).copied().unwrap_or(c)) }
    }
}

impl fmt::Display for Coloring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.face_string())
    }
}

/// The largest palette for which [`all_colorings`] enumerates (k^6 face arrays).
pub(crate) const MAX_ENUMERATED_PALETTE: usize = 12;

fn check_palette(k: usize) -> Result<(), Error> {
    if k == 0 || k > MAX_ENUMERATED_PALETTE {
        return Err(Error::out_of_range(format!(
            "a palette of {k} colors cannot be enumerated (expected 1..={MAX_ENUMERATED_PALETTE})"
        )));
    }
    Ok(())
}

/// The canonical face arrays over the color indices 0..k, sorted; computed once per k and
/// kept, since every enumeration of targets over a palette of k colors starts from it.
pub(crate) fn canonical_patterns(k: usize) -> Result<&'static [[u8; 6]], Error> {
    static CACHE: [OnceLock<Vec<[u8; 6]>>; MAX_ENUMERATED_PALETTE + 1] =
        [const { OnceLock::new() }; MAX_ENUMERATED_PALETTE + 1];
    check_palette(k)?;
    Ok(CACHE[k].get_or_init(|| {
        let mut out = Vec::new();
        let mut idx = [0u8; 6];
        loop {
            let c = Coloring::new(idx.map(Color));
            if c.is_canonical() {
                out.push(idx);
            }
            let mut pos = 5;
            loop {
                idx[pos] += 1;
                if (idx[pos] as usize) < k {
                    break;
                }
                idx[pos] = 0;
                if pos == 0 {
                    return out;
                }
                pos -= 1;
            }
        }
    }))
}

/// All cubes over the given colors (any palette of 1..=12 distinct colors), each once in
/// canonical form, sorted.
pub(crate) fn colorings_over(colors: &[Color]) -> Result<Vec<Coloring>, Error> {
    let mut sorted = colors.to_vec();
    sorted.sort();
    sorted.dedup();
    // An increasing relabeling keeps the least face array least, so canonical patterns over
    // 0..k map to canonical colorings over the sorted palette.
    Ok(canonical_patterns(sorted.len())?.iter().map(|p| Coloring::new(p.map(|i| sorted[i as usize]))).collect())
}

/// All cubes (canonical colorings) over the colors 1..=k, each once, sorted.
/// For k = 6 there are 2226.
pub fn all_colorings(k: usize) -> Result<Vec<Coloring>, Error> {
    check_palette(k)?;
    colorings_over(&(1..=k as u8).map(Color).collect::<Vec<_>>())
}

/// `C_n`: the cubes using exactly the n colors 1..=n, each at least once
/// (1, 8, 30, 68, 75, 30 cubes for n = 1..6), canonical and sorted.
pub fn exact_colorings(n: usize) -> Result<Vec<Coloring>, Error> {
    if n == 0 || n > 6 {
        return Err(Error::out_of_range(format!(
            "a cube has six faces, so it can use exactly n colors only for n in 1..=6, not {n}"
        )));
    }
    let full: ColorSet = (1..=n).fold(0, |m, c| m | 1 << c);
    Ok(all_colorings(n)?.into_iter().filter(|c| c.color_set() == full).collect())
}

/// Number of cubes over a palette of k colors (Burnside: (k^6 + 3k^4 + 12k^3 + 8k^2) / 24).
#[cfg(test)]
pub(crate) fn count_colorings(k: u64) -> u128 {
    let k = k as u128;
    (k.pow(6) + 3 * k.pow(4) + 12 * k.pow(3) + 8 * k.pow(2)) / 24
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn coloring_strategy() -> impl Strategy<Value = Coloring> {
        proptest::array::uniform6(0u8..8).prop_map(|a| Coloring::new(a.map(Color)))
    }

    proptest! {
        #[test]
        fn canonical_is_invariant_under_rotation(c in coloring_strategy(), r in 0usize..24) {
            let turned = c.rotated(&Rotation::all()[r]);
            prop_assert_eq!(turned.canonical(), c.canonical());
            prop_assert!(turned.same_cube(&c));
            let back = c.rotation_to(&turned).unwrap();
            prop_assert_eq!(c.rotated(&back), turned);
        }

        #[test]
        fn corner_numbers_are_rotation_invariant(c in coloring_strategy(), r in 0usize..24) {
            let turned = c.rotated(&Rotation::all()[r]);
            prop_assert_eq!(turned.sorted_corner_numbers(), c.sorted_corner_numbers());
        }

        #[test]
        fn canonical_is_the_least_rotation(
            c in coloring_strategy(),
            any in proptest::array::uniform6(proptest::num::u8::ANY),
            r in 0usize..24,
        ) {
            let wide = Coloring::new(any.map(Color));
            let least_wide = Rotation::all().iter().map(|r| wide.rotated(r)).min().unwrap();
            prop_assert_eq!(wide.canonical(), least_wide);
            let least = Rotation::all().iter().map(|r| c.rotated(r)).min().unwrap();
            prop_assert_eq!(c.canonical(), least);
            prop_assert_eq!(c.rotated(&Rotation::all()[r]).canonical(), least);
        }

        #[test]
        fn mirror_is_an_involution(c in coloring_strategy()) {
            prop_assert_eq!(c.mirror().mirror(), c.canonical());
        }

        #[test]
        fn orbit_stabilizer(c in coloring_strategy()) {
            let orbit: std::collections::HashSet<Coloring> =
                Rotation::all().iter().map(|r| c.rotated(r)).collect();
            prop_assert_eq!(orbit.len() * c.symmetry_count(), 24);
        }

        #[test]
        fn face_string_round_trips(c in coloring_strategy()) {
            prop_assert_eq!(Coloring::from_face_string(&c.face_string()).unwrap(), c);
        }
    }

    #[test]
    fn sizes_of_exact_color_sets() {
        let sizes: Vec<usize> = (1..=6).map(|n| exact_colorings(n).unwrap().len()).collect();
        assert_eq!(sizes, [1, 8, 30, 68, 75, 30]);
        assert!(exact_colorings(7).is_err());
        assert!(exact_colorings(0).is_err());
    }

    #[test]
    fn all_colorings_match_burnside() {
        for k in 1..=6 {
            assert_eq!(all_colorings(k).unwrap().len() as u128, count_colorings(k as u64));
        }
        assert_eq!(count_colorings(6), 2226);
        assert!(all_colorings(13).is_err());
        let letters: Vec<Color> = "wybgpr".chars().map(|c| Color::from_char(c).unwrap()).collect();
        let over = colorings_over(&letters).unwrap();
        assert_eq!(over.len(), 2226);
        assert!(over.iter().all(|c| c.is_canonical()));
    }

    #[test]
    fn six_color_cubes_are_chiral_and_asymmetric() {
        for c in exact_colorings(6).unwrap() {
            assert_ne!(c.mirror(), c);
            assert_eq!(c.symmetry_count(), 1);
            let mirror_corners: Vec<CornerNumber> = c.mirror().corner_numbers().to_vec();
            for k in c.corner_numbers() {
                assert!(!mirror_corners.contains(&k));
                assert!(mirror_corners.contains(&k.reversed()));
            }
        }
    }

    #[test]
    fn bad_face_strings_are_refused() {
        assert!(Coloring::from_face_string("12345").is_err());
        assert!(Coloring::from_face_string("1234567").is_err());
        let e = Coloring::from_face_string("12#456").unwrap_err().to_string();
        assert!(e.contains("'#'") && e.contains("face F"), "{e}");
    }
}
