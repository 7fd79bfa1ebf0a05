//! Dudeney's groups of the order-4 squares: the squares grouped by their pattern of
//! complementary pairs, named with his numerals.

use super::super::square::{is_kind, pair_pattern, SquareKind};
use super::engine::Engine;
use super::report::PatternClass;
use std::collections::BTreeMap;

/// Dudeney's numerals of the groups of each size (Amusements in Mathematics, 1917):
/// the sizes 48, 96, 304, 56 and 8 in his numbering.
const DUDENEY: [(u64, &[&str]); 5] = [
    (48, &["I", "II", "III"]),
    (96, &["IV", "V"]),
    (304, &["VI"]),
    (56, &["VII", "VIII", "X", "XII"]),
    (8, &["IX", "XI"]),
];

/// The order-4 squares grouped by their complementary-pair pattern (Dudeney's groups).
pub(super) fn dudeney_classes(engine: &Engine, n: usize) -> Vec<PatternClass> {
    let mut squares = Vec::new();
    engine.run(n, 0..engine.len(), false, Some(&mut squares));
    let mut groups: BTreeMap<[u8; 16], Vec<Vec<u8>>> = BTreeMap::new();
    for sq in squares.chunks(16) {
        groups.entry(pair_pattern(sq)).or_default().push(sq.to_vec());
    }
    let mut classes: Vec<PatternClass> = groups
        .into_iter()
        .map(|(pattern, mut sqs)| {
            sqs.sort();
            let pandiagonal = sqs.iter().all(|s| is_kind(4, s, SquareKind::Pandiagonal));
            let associative = sqs.iter().all(|s| is_kind(4, s, SquareKind::Associative));
            let count = sqs.len() as u64;
            let names = DUDENEY.iter().find(|(size, _)| *size == count).map(|(_, names)| *names).unwrap_or(&[]);
            let dudeney = match (count, pandiagonal, associative) {
                (48, true, _) => "I".to_string(),
                (48, _, true) => "III".to_string(),
                (48, _, _) => "II".to_string(),
                _ if names.is_empty() => "none (not a size of Dudeney's groups)".to_string(),
                _ => names.join(" or "),
            };
            PatternClass {
                dudeney,
                count,
                pandiagonal,
                associative,
                partners: pattern.iter().map(|&p| p + 1).collect(),
                example: sqs[0].clone(),
            }
        })
        .collect();
    const NUMERALS: [&str; 12] = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"];
    let rank = |c: &PatternClass| {
        let first = c.dudeney.split(" or ").next().unwrap_or("");
        NUMERALS.iter().position(|&d| d == first).unwrap_or(NUMERALS.len())
    };
    classes.sort_by(|a, b| (rank(a), &a.partners).cmp(&(rank(b), &b.partners)));
    classes
}
