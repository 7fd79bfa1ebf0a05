//! The one JSON shape of every histogram and distribution in the outputs: an array of
//! `{"value": v, "count": c}` objects sorted by value ascending, zero counts omitted.
//!
//! In Rust a histogram is a `BTreeMap<u64, u64>` (value → count); serialize such a field
//! with `#[serde(with = "cubelab::histogram")]`, or build the array with [`bins`].

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

/// One entry of a histogram: how many items have this value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Bin {
    /// The value (a number of targets, a solution number, a distance, ...).
    pub value: u64,
    /// How many items have it (never 0).
    pub count: u64,
}

/// The bins of counts indexed by value (`counts[v]` items have value `v`), zero counts
/// omitted.
pub fn bins(counts: &[u64]) -> Vec<Bin> {
    counts.iter().enumerate().filter(|(_, &c)| c > 0).map(|(v, &c)| Bin { value: v as u64, count: c }).collect()
}

/// Serializes a value → count map as its bins (serde `with` form).
pub fn serialize<S: Serializer>(map: &BTreeMap<u64, u64>, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(map.iter().filter(|(_, &c)| c > 0).map(|(&value, &count)| Bin { value, count }))
}

/// Reads the bins back into a value → count map; refuses values out of order, repeated
/// values and zero counts, so that a map reads back only from the one array it writes.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<u64, u64>, D::Error> {
    let bins = Vec::<Bin>::deserialize(d)?;
    let mut map = BTreeMap::new();
    for (i, b) in bins.iter().enumerate() {
        if b.count == 0 {
            return Err(serde::de::Error::custom(format!("histogram bin {} has a count of 0", b.value)));
        }
        if i > 0 && bins[i - 1].value >= b.value {
            return Err(serde::de::Error::custom(format!("histogram values out of order at {}", b.value)));
        }
        map.insert(b.value, b.count);
    }
    Ok(map)
}

/// The same shape for counts indexed by value (`counts[v]` items have value `v`): serde
/// `with` form for a `Vec<u64>` field. Reading back gives the vector up to the largest
/// value listed (zeros in between restored).
pub mod dense {
    use super::bins;
    use serde::{Deserializer, Serialize, Serializer};

    /// Serializes `counts` as its bins.
    pub fn serialize<S: Serializer>(counts: &[u64], s: S) -> Result<S::Ok, S::Error> {
        bins(counts).serialize(s)
    }

    /// Reads bins back into counts indexed by value.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u64>, D::Error> {
        let map = super::deserialize(d)?;
        let len = map.keys().next_back().map_or(0, |&v| v as usize + 1);
        if len > 1 << 20 {
            return Err(serde::de::Error::custom(format!("histogram value {} is too large", len - 1)));
        }
        let mut v = vec![0; len];
        for (k, c) in map {
            v[k as usize] = c;
        }
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct H {
        #[serde(with = "super")]
        h: BTreeMap<u64, u64>,
    }

    #[test]
    fn round_trip_and_refusals() {
        let h = H { h: BTreeMap::from([(0, 3), (7, 1)]) };
        let text = serde_json::to_string(&h).unwrap();
        assert_eq!(text, r#"{"h":[{"value":0,"count":3},{"value":7,"count":1}]}"#);
        assert_eq!(serde_json::from_str::<H>(&text).unwrap(), h);
        assert!(serde_json::from_str::<H>(r#"{"h":[{"value":7,"count":1},{"value":0,"count":3}]}"#).is_err());
        assert!(serde_json::from_str::<H>(r#"{"h":[{"value":1,"count":0}]}"#).is_err());
        assert!(serde_json::from_str::<H>(r#"{"h":{"1":2}}"#).is_err());
        assert_eq!(bins(&[0, 2, 0, 5]), vec![Bin { value: 1, count: 2 }, Bin { value: 3, count: 5 }]);
    }
}
