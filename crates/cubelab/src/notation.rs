//! The notations accepted wherever a cube is read:
//!
//! 1. Conway name, e.g. `Ab` (colors 1–6).
//! 2. Face string: six palette characters in the order U D F B L R, e.g. `152463`; any
//!    rotation of the same cube is the same cube.
//! 3. Labelled form in any order, e.g. `U=r,D=g,F=b,B=y,L=p,R=w`.
//! 4. Kahan's type numbers `K1`…`K30` and Sobczyk's symbols `Y1`…`B3` with `'` for the
//!    antitype, in Kahan's colors w y b g p r with a white ceiling.

use crate::coloring::{Color, Coloring};
use crate::geometry::Face;
use crate::macmahon;
use crate::Error;

/// What a token was read as (in JSON: `"conway"`, `"face-string"`, `"labelled"`, `"kahan"`,
/// `"sobczyk"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Notation {
    /// Conway's two-letter name.
    Conway,
    /// Six colors in face order U D F B L R.
    FaceString,
    /// `U=…,D=…,…` in any order.
    Labelled,
    /// Kahan's `K1`…`K30`.
    Kahan,
    /// Sobczyk's `Y1`…`B3`, optionally primed.
    Sobczyk,
}

impl Notation {
    /// How the notation is called in text meant for a person ("a Conway name").
    pub fn description(self) -> &'static str {
        match self {
            Notation::Conway => "a Conway name",
            Notation::FaceString => "a face string U D F B L R",
            Notation::Labelled => "a labelled form",
            Notation::Kahan => "a Kahan type number",
            Notation::Sobczyk => "a Sobczyk symbol",
        }
    }
}

const EXPECTED: &str = "expected a Conway name (Ab..Fe), six colors in order U D F B L R (e.g. 152463), \
U=..,D=..,F=..,B=..,L=..,R=.., K1..K30, or a Sobczyk symbol (Y1..B3, ' for the antitype)";

/// Reads one cube in any notation, returning the coloring exactly as written (not
/// canonicalised) and the notation recognised.
pub fn parse_cube_with_notation(token: &str) -> Result<(Coloring, Notation), Error> {
    let t = token.trim();
    if t.chars().any(char::is_control) {
        return Err(Error::malformed(format!("'{}' contains a control character; {EXPECTED}", t.escape_debug())));
    }
    let bytes = t.as_bytes();
    if bytes.len() == 2 && (b'A'..=b'F').contains(&bytes[0]) && (b'a'..=b'f').contains(&bytes[1]) {
        return match macmahon::by_name(t) {
            Some(c) => Ok((c.coloring, Notation::Conway)),
            None => Err(Error::unknown(format!(
                "'{t}' is not a Conway name: the diagonal names Aa..Ff do not exist; {EXPECTED}"
            ))),
        };
    }
    if t.contains('=') {
        return parse_labelled(t).map(|c| (c, Notation::Labelled));
    }
    if let Some(num) = t.strip_prefix('K') {
        // Six-character tokens such as `K12345` stay face strings.
        if !num.is_empty() && num.len() != 5 && num.bytes().all(|b| b.is_ascii_digit()) {
            return match num.parse::<usize>() {
                Ok(n) => macmahon::kahan_coloring(n).map(|c| (c, Notation::Kahan)),
                Err(_) => Err(Error::unknown(format!("Kahan's types are K1..K30, not {t}"))),
            };
        }
    }
    if (2..=3).contains(&bytes.len()) && b"YPRGB".contains(&bytes[0]) && bytes[1].is_ascii_digit() {
        return match macmahon::sobczyk_to_kahan(t) {
            Some(k) => Ok((macmahon::kahan_coloring(k)?, Notation::Sobczyk)),
            None => Err(Error::unknown(format!(
                "'{t}' is not a Sobczyk symbol (Y1..Y3, P1..P3, R1..R3, G1..G3, B1..B3, each optionally primed)"
            ))),
        };
    }
    let len = t.chars().count();
    if len == 6 {
        return Coloring::from_face_string(t).map(|c| (c, Notation::FaceString));
    }
    // Three or more palette characters can only be meant as a face string: say what is
    // wrong with it rather than listing every notation.
    if len >= 3 && t.chars().all(|c| Color::from_char(c).is_some()) {
        let what = if len < 6 {
            format!("it has {len} of the 6 colors a face string needs")
        } else {
            format!("it has {len} colors, a face string has 6")
        };
        return Err(Error::malformed(match near_conway_name(t) {
            Some(name) => format!("'{t}' is not a cube: did you mean {name}? (as a face string: {what})"),
            None => format!("'{t}' is not a cube: {what} (one per face, U D F B L R)"),
        }));
    }
    match near_conway_name(t) {
        Some(name) => Err(Error::unknown(format!("'{t}' is not a cube: did you mean {name}? ({EXPECTED})"))),
        None => Err(Error::unknown(format!("'{t}' is not a cube: {EXPECTED}"))),
    }
}

/// The one Conway name a mistyped token was most likely meant as: the same letters in
/// another case (`ab`, `AB`), else the only name one edit away (a letter added, dropped or
/// changed: `Abb`, `Aab`), else none (`Ag` is one edit from five names).
fn near_conway_name(t: &str) -> Option<&'static str> {
    let names = || macmahon::cubes().iter().map(|c| c.name);
    if let Some(name) = names().find(|n| n.eq_ignore_ascii_case(t)) {
        return Some(name);
    }
    let mut near = names().filter(|n| one_edit_apart(n, t));
    match (near.next(), near.next()) {
        (Some(name), None) => Some(name),
        _ => None,
    }
}

/// Whether `b` is `a` with one character added, dropped or changed.
fn one_edit_apart(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let (short, long) = if a.len() <= b.len() { (&a, &b) } else { (&b, &a) };
    let prefix = short.iter().zip(long.iter()).take_while(|(x, y)| x == y).count();
    match long.len() - short.len() {
        0 => prefix < short.len() && short[prefix + 1..] == long[prefix + 1..],
        1 => short[prefix..] == long[prefix + 1..],
        _ => false,
    }
}

/// Reads one cube in any notation (see the module documentation).
///
/// ```
/// use cubelab::notation::{names_of, parse_cube};
/// let ab = parse_cube("Ab").unwrap();
/// // The same cube as a face string (U D F B L R) in another orientation, and labelled.
/// assert!(ab.same_cube(&parse_cube(&ab.face_string()).unwrap()));
/// assert_eq!(names_of(&ab).conway.as_deref(), Some("Ab"));
/// assert!(parse_cube("Aa").is_err()); // no diagonal Conway names
/// ```
pub fn parse_cube(token: &str) -> Result<Coloring, Error> {
    parse_cube_with_notation(token).map(|(c, _)| c)
}

/// Reads several cubes; an error names the 1-based position of the bad token.
pub fn parse_cubes<S: AsRef<str>>(tokens: &[S]) -> Result<Vec<Coloring>, Error> {
    tokens
        .iter()
        .enumerate()
        .map(|(i, t)| parse_cube(t.as_ref()).map_err(|e| at_position(e, &format!("cube {}", i + 1))))
        .collect()
}

/// Prefixes an error message with the position it occurred at.
pub fn at_position(e: Error, position: &str) -> Error {
    e.at(position)
}

fn parse_labelled(t: &str) -> Result<Coloring, Error> {
    let mut faces: [Option<Color>; 6] = [None; 6];
    for (i, part) in t.split(',').enumerate() {
        let part = part.trim();
        let (lhs, rhs) = part
            .split_once('=')
            .ok_or_else(|| Error::malformed(format!("'{t}': item {} '{part}' is not FACE=COLOR", i + 1)))?;
        let mut lc = lhs.trim().chars();
        let face = match (lc.next(), lc.next()) {
            (Some(c), None) => Face::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| {
            Error::malformed(format!("'{t}': item {} names face '{lhs}', expected one of U D F B L R", i + 1))
        })?;
        let mut rc = rhs.trim().chars();
        let color = match (rc.next(), rc.next()) {
            (Some(c), None) => Color::from_char(c),
            _ => None,
        }
        .ok_or_else(|| {
            Error::malformed(format!(
                "'{t}': item {} gives color '{rhs}', expected one character 0-9, a-z or A-Z",
                i + 1
            ))
        })?;
        if faces[face.index()].replace(color).is_some() {
            return Err(Error::malformed(format!("'{t}': face {face} is given twice (item {})", i + 1)));
        }
    }
    let mut out = [Color(0); 6];
    for f in Face::ALL {
        out[f.index()] = faces[f.index()]
            .ok_or_else(|| Error::malformed(format!("'{t}': face {f} has no color (all of U D F B L R are needed)")))?;
    }
    Ok(Coloring::new(out))
}

/// The labelled form `U=..,D=..,F=..,B=..,L=..,R=..` of a coloring.
pub fn labelled(c: &Coloring) -> String {
    Face::ALL.iter().map(|f| format!("{f}={}", c.color(*f))).collect::<Vec<_>>().join(",")
}

/// Names a cube has: Conway's (colors 1–6), or Kahan's and Sobczyk's (colors w y b g p r).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct CubeNames {
    /// Conway's name when the cube uses colors 1–6, each once.
    pub conway: Option<String>,
    /// Kahan's type `K1`..`K30` (directly in his colors, or via w=1 … r=6).
    pub kahan: Option<String>,
    /// Sobczyk's symbol.
    pub sobczyk: Option<String>,
}

impl CubeNames {
    /// The name to show for a cube: Conway's if it has one, else Sobczyk's.
    pub fn short(&self) -> Option<String> {
        self.conway.clone().or_else(|| self.sobczyk.clone())
    }
}

/// Every name the cube has under the project's conventions.
pub fn names_of(c: &Coloring) -> CubeNames {
    let in_numbers = c.faces().iter().all(|x| (1..=6).contains(&x.0));
    let in_kahan = c.faces().iter().all(|x| macmahon::KAHAN_COLORS.contains(&x.to_char()));
    let numbered = if in_numbers {
        *c
    } else if in_kahan {
        macmahon::kahan_to_numbers(c)
    } else {
        return CubeNames::default();
    };
    match macmahon::identify(&numbered) {
        None => CubeNames::default(),
        Some(m) => CubeNames {
            conway: in_numbers.then(|| m.name.to_string()),
            kahan: Some(format!("K{}", m.kahan)),
            sobczyk: Some(m.sobczyk.clone()),
        },
    }
}

/// Every name the cube has in every notation: as [`names_of`], and Conway's name also for
/// a MacMahon cube in Kahan's letters, through the identification w=1 y=2 b=3 g=4 p=5 r=6
/// (`K7` is Conway's `Ab`). [`names_of`] keeps Conway's names for cubes in numbers, so
/// that a list in Kahan's letters stays in his and Sobczyk's names.
///
/// ```
/// use cubelab::notation::{all_names_of, parse_cube};
/// let k7 = all_names_of(&parse_cube("K7").unwrap());
/// assert_eq!((k7.conway.as_deref(), k7.sobczyk.as_deref()), (Some("Ab"), Some("P2")));
/// ```
pub fn all_names_of(c: &Coloring) -> CubeNames {
    let mut names = names_of(c);
    if names.conway.is_none() && names.kahan.is_some() {
        names.conway = names_of(&macmahon::kahan_to_numbers(c)).conway;
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Rotation;

    #[test]
    fn every_notation_round_trips_for_every_macmahon_cube() {
        for m in macmahon::cubes() {
            let (c, n) = parse_cube_with_notation(m.name).unwrap();
            assert_eq!((c, n), (m.coloring, Notation::Conway));
            for r in Rotation::all() {
                let turned = m.coloring.rotated(r);
                assert_eq!(parse_cube(&turned.face_string()).unwrap(), turned);
                assert_eq!(parse_cube(&labelled(&turned)).unwrap(), turned);
            }
            let k = parse_cube(&format!("K{}", m.kahan)).unwrap();
            assert_eq!(macmahon::kahan_to_numbers(&k).canonical(), m.coloring);
            let s = parse_cube(&m.sobczyk).unwrap();
            assert_eq!(macmahon::kahan_to_numbers(&s).canonical(), m.coloring);
            assert_eq!(names_of(&m.coloring).conway.as_deref(), Some(m.name));
            assert_eq!(names_of(&k).sobczyk.as_deref(), Some(m.sobczyk.as_str()));
            assert_eq!(names_of(&k).conway, None);
            let every = all_names_of(&k);
            assert_eq!(every.conway.as_deref(), Some(m.name));
            assert_eq!((every.kahan, every.sobczyk), (names_of(&k).kahan, names_of(&k).sobczyk));
            assert_eq!(all_names_of(&m.coloring), names_of(&m.coloring));
            assert_eq!(names_of(&k).conway, None);
        }
    }

    proptest::proptest! {
        /// Any string either parses to a cube whose face string re-parses to it, or is
        /// refused with one line (the fuzz target `notation` checks the same at scale).
        #[test]
        fn arbitrary_tokens_never_panic(s in "\\PC{0,16}|[A-Za-z0-9=,' ]{0,30}") {
            match parse_cube(&s) {
                Ok(c) => proptest::prop_assert_eq!(parse_cube(&c.face_string()).unwrap(), c),
                Err(e) => proptest::prop_assert!(!e.to_string().contains('\n')),
            }
        }
    }

    #[test]
    fn labelled_in_any_order() {
        let a = parse_cube("U=r,D=g,F=b,B=y,L=p,R=w").unwrap();
        let b = parse_cube("R=w, L=p,B=y,F=b,D=g,U=r").unwrap();
        assert_eq!(a, b);
        assert_eq!(a.face_string(), "rgbypw");
    }

    #[test]
    fn near_misses_of_conway_names_are_suggested() {
        for (tok, name) in [("Abb", "Ab"), ("ab", "Ab"), ("AB", "Ab"), ("Aab", "Ab"), ("Fcc", "Fc"), ("Ab1", "Ab")] {
            let e = parse_cube(tok).unwrap_err().to_string();
            assert!(e.starts_with(&format!("'{tok}' is not a cube: did you mean {name}? (")), "{tok}: {e}");
        }
        // Palette letters only: the face-string reading is said too.
        let e = parse_cube("Abb").unwrap_err().to_string();
        assert!(e.ends_with("(as a face string: it has 3 of the 6 colors a face string needs)"), "{e}");
        // Several names one edit away (Ab..Af for Ag; Ab and Ac for Acb), or none: no guess.
        for tok in ["Ag", "Acb", "Zz", "Xyz"] {
            assert!(!parse_cube(tok).unwrap_err().to_string().contains("did you mean"), "{tok}");
        }
        assert!(one_edit_apart("Ab", "Abb") && one_edit_apart("Ab", "b") && one_edit_apart("Ab", "Ac"));
        assert!(!one_edit_apart("Ab", "Ab") && !one_edit_apart("Ab", "bA") && !one_edit_apart("Ab", "Abcd"));
    }

    #[test]
    fn bad_tokens_are_named() {
        for (tok, needle) in [
            ("Aa", "diagonal"),
            ("Xq", "not a cube"),
            ("K31", "K1..K30"),
            ("K0", "K1..K30"),
            ("K123", "K1..K30, not K123"),
            ("K99999999999999999999999", "K1..K30, not K9999"),
            ("Y4", "Sobczyk"),
            ("12345", "5 of the 6 colors"),
            ("1234567", "it has 7 colors, a face string has 6"),
            ("Zz", "expected a Conway name"),
            ("12#456", "'#'"),
            ("U=1,D=2", "face F has no color"),
            ("U=1,U=2,F=3,B=4,L=5,R=6", "given twice"),
            ("U=1,D=2,F=3,B=4,L=5,Q=6", "face 'Q'"),
            ("U=1,D=22,F=3,B=4,L=5,R=6", "color '22'"),
            ("", "not a cube"),
            ("/\n7", "control character"),
        ] {
            let e = parse_cube(tok).unwrap_err().to_string();
            assert!(e.contains(needle), "{tok}: {e}");
            assert!(!e.contains('\n'));
        }
        let e = parse_cubes(&["Ab", "Ac", "Zz"]).unwrap_err().to_string();
        assert!(e.starts_with("cube 3: 'Zz'"), "{e}");
    }
}
