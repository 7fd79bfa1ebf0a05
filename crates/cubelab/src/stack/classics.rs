//! Classic commercial stacks, with the sources of their colorings (see `docs/stacks.md`).

use crate::coloring::Coloring;
use crate::notation::parse_cubes;
use crate::Result;

/// A built-in set of cubes with its history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Classic {
    /// The name used on the command line (lowercase kebab-case).
    pub name: &'static str,
    /// The puzzle's title.
    pub title: &'static str,
    /// The year of the edition the coloring comes from.
    pub year: u16,
    /// What the colors' letters stand for.
    pub colors: &'static str,
    /// Where the coloring comes from.
    pub source: &'static str,
    /// The cubes as face strings (U D F B L R), cube 1 first.
    pub faces: &'static [&'static str],
}

impl Classic {
    /// The cubes.
    pub fn cubes(&self) -> Result<Vec<Coloring>> {
        parse_cubes(self.faces)
    }
}

// Both colorings are transcribed from agryman/instant-insanity
// (src/instant_insanity/core/puzzle.py), which lists each cube's colors in the order
// front, back, right, left, top, bottom; here they are rewritten in face-string order
// U D F B L R with the same letters.
const CLASSICS: [Classic; 2] = [
    Classic {
        name: "instant-insanity",
        title: "Instant Insanity (Parker Brothers 1967, now Winning Moves)",
        year: 1967,
        colors: "r red, g green, b blue, w white",
        source: "agryman/instant-insanity, puzzle.py WINNING_MOVES_PUZZLE_SPEC (the Winning Moves edition of the 1967 puzzle)",
        faces: &["rrgwrb", "wgrgbb", "grwrbw", "bwbrwg"],
    },
    Classic {
        name: "tantalizer",
        title: "The Great Tantalizer, as solved by F. de Carteblanche, Eureka 9 (1947)",
        year: 1947,
        colors: "r red, o orange, w white, g green",
        source: "F. de Carteblanche, 'The coloured cubes problem', Eureka 9 (1947) 9-11, face table as transcribed in agryman/instant-insanity, puzzle.py CARTEBLANCHE_PUZZLE_SPEC",
        faces: &["ggroow", "wwgrro", "growwg", "rwwggr"],
    },
];

/// Every built-in classic set.
pub fn classics() -> &'static [Classic] {
    &CLASSICS
}

/// The classic set with this name.
pub fn classic(name: &str) -> Option<&'static Classic> {
    CLASSICS.iter().find(|c| c.name == name)
}
