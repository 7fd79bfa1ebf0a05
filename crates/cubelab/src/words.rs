//! Words in messages and reports: the one place that decides singular or plural.

use std::fmt::Display;

/// `n` followed by the singular or plural noun: `count(1, "set", "sets")` is `"1 set"`,
/// `count(3, "set", "sets")` is `"3 sets"` (and `count(0, ..)` is `"0 sets"`); the
/// number with its thousands separated ([`thousands`]), as every count in text is.
///
/// ```
/// use cubelab::words::count;
/// assert_eq!(count(1, "proper target", "proper targets"), "1 proper target");
/// assert_eq!(count(0u128, "arrangement", "arrangements"), "0 arrangements");
/// assert_eq!(count(1_073_741_824u64, "set", "sets"), "1,073,741,824 sets");
/// ```
pub fn count<N: Display>(n: N, singular: &str, plural: &str) -> String {
    let text = n.to_string();
    format!("{} {}", thousands(&text), noun(&text, singular, plural))
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

/// A whole number with commas between groups of three digits, as the reports print
/// counts: `thousands(5852925)` is `"5,852,925"`. Anything that does not print as digits
/// (with an optional leading minus) is returned as printed.
///
/// ```
/// use cubelab::words::thousands;
/// assert_eq!(thousands(5_852_925u64), "5,852,925");
/// assert_eq!(thousands(360), "360");
/// assert_eq!(thousands("81964543530870"), "81,964,543,530,870");
/// ```
pub fn thousands<N: Display>(n: N) -> String {
    let text = n.to_string();
    let (sign, digits) = text.strip_prefix('-').map_or(("", text.as_str()), |d| ("-", d));
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + digits.len() / 3);
    out.push_str(sign);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
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
        assert_eq!(count(5852925u64, "set", "sets"), "5,852,925 sets");
        assert_eq!(count("1,000", "set", "sets"), "1,000 sets");
        assert_eq!(noun(-1i64, "line", "lines"), "lines");
    }

    #[test]
    fn thousands_are_separated_by_commas() {
        assert_eq!(thousands(0u8), "0");
        assert_eq!(thousands(999u32), "999");
        assert_eq!(thousands(1000u32), "1,000");
        assert_eq!(thousands(-1234567i64), "-1,234,567");
        assert_eq!(thousands(u128::MAX), "340,282,366,920,938,463,463,374,607,431,768,211,455");
        assert_eq!(thousands("0.5"), "0.5");
        assert_eq!(thousands("-"), "-");
    }
}
