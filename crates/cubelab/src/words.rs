//! Words in messages and reports: the one place that decides singular or plural.

use std::fmt::Display;

/// `n` followed by the singular or plural noun: `count(1, "set", "sets")` is `"1 set"`,
/// `count(3, "set", "sets")` is `"3 sets"` (and `count(0, ..)` is `"0 sets"`).
///
/// ```
/// use cubelab::words::count;
/// assert_eq!(count(1, "proper target", "proper targets"), "1 proper target");
/// assert_eq!(count(0u128, "arrangement", "arrangements"), "0 arrangements");
/// ```
pub fn count<N: Display>(n: N, singular: &str, plural: &str) -> String {
    let text = n.to_string();
    format!("{text} {}", noun(&text, singular, plural))
}

/// The singular noun when `n` prints as `1`, else the plural (the number is not repeated).
///
/// ```
/// use cubelab::words::noun;
/// assert_eq!(noun(1, "class", "classes"), "class");
/// assert_eq!(noun(2, "class", "classes"), "classes");
/// ```
pub fn noun<'a, N: Display>(n: N, singular: &'a str, plural: &'a str) -> &'a str {
    if n.to_string() == "1" {
        singular
    } else {
        plural
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_everything_else_plural() {
        assert_eq!(count(1usize, "cube", "cubes"), "1 cube");
        assert_eq!(count(0usize, "cube", "cubes"), "0 cubes");
        assert_eq!(count(11u64, "cube", "cubes"), "11 cubes");
        assert_eq!(count(21u128, "cube", "cubes"), "21 cubes");
        assert_eq!(noun(-1i64, "line", "lines"), "lines");
    }
}
