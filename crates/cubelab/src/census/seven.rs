//! The former name of [`super::wide`], the census engine without tables (Sadisticube 7
//! is one universe it serves).
// compat: remove once the CLI calls Engine (it imports `seven::{binomial_u128, Seven, BLOCKS}`).

pub use super::combin::binomial_u128;
pub use super::wide::*;

/// The former name of [`Wide`] over 256-bit sets.
pub type Seven = Wide;

/// The former name of [`WideSet`].
pub type BlockSet = WideSet;
