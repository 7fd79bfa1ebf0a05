//! The seed's Theorem 8 as a check of a census: an m x n board has exactly
//! `2^(m+n-1) · 12^(mn)` reachable boards.

use super::census::reachable_count;
use crate::{Error, ErrorKind};

/// Checks a census of the `rows` x `cols` picture cube against Theorem 8: returns the
/// number of reachable boards `2^(m+n-1) · 12^(mn)` when the census found exactly that
/// many (`states`).
///
/// Errors: [`ErrorKind::OutOfRange`] for an empty board or one whose count does not fit 64
/// bits; [`ErrorKind::Internal`] when the census found another number (a bug in the census
/// or in the theorem).
///
/// ```
/// use cubelab::picture::check_theorem_8;
/// assert_eq!(check_theorem_8(1, 1, 24).unwrap(), 24);
/// assert!(check_theorem_8(1, 1, 23).is_err());
/// ```
pub fn check_theorem_8(rows: usize, cols: usize, states: u64) -> Result<u64, Error> {
    if rows == 0 || cols == 0 {
        return Err(Error::out_of_range(format!("{rows}x{cols} board: a board has at least one row and one column")));
    }
    let expected = reachable_count(rows, cols).ok_or_else(|| {
        Error::out_of_range(format!(
            "{rows}x{cols} board: its 2^(m+n-1)·12^(mn) boards are too many to count in 64 bits"
        ))
    })?;
    if states != expected {
        return Err(Error::new(
            ErrorKind::Internal,
            format!("internal error: census found {states} states, Theorem 8 says {expected}"),
        ));
    }
    Ok(expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_refusals() {
        assert_eq!(check_theorem_8(2, 2, 8 * 12u64.pow(4)).unwrap(), 8 * 12u64.pow(4));
        assert_eq!(check_theorem_8(2, 2, 1).unwrap_err().kind(), ErrorKind::Internal);
        assert_eq!(check_theorem_8(0, 3, 1).unwrap_err().kind(), ErrorKind::OutOfRange);
        assert_eq!(check_theorem_8(9, 9, 1).unwrap_err().kind(), ErrorKind::OutOfRange);
    }
}
