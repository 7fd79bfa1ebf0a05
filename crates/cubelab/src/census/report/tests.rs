use super::*;
use crate::census::targets::{tally, BuildTables};
use crate::combin::binomial;
use crate::run::{NoProgress, Stop};
use crate::shard::Shard;

/// The report of `targets --size k --within` the first `n` MacMahon cubes, for one shard.
fn targets_shard(n: usize, k: usize, shard: Shard) -> CensusReport {
    let u = Universe::macmahon();
    let tables = BuildTables::new(&u, Method::Graph).unwrap();
    let within = (1u32 << n) - 1;
    let range = shard.range(binomial(n as u64, k as u64));
    let t = tally(&tables, k, within, range, true, &NoProgress, &Stop::new()).unwrap();
    let base = TargetsBase {
        universe: universe_label(6),
        method: Method::Graph,
        within: Some(u.set_names(within)),
        sample: None,
        shard: (shard != Shard::ALL).then(|| shard.to_string()),
    };
    let names = t.max_sets.iter().map(|&s| u.set_names(s)).collect();
    let mut r = CensusReport::Targets(Targets::new(&base, k, &t, Some(names)));
    r.seal(&input_of(&r)).unwrap();
    r
}

/// The input a report of [`targets_shard`] is printed with.
fn input_of(r: &CensusReport) -> serde_json::Value {
    serde_json::json!({ "size": 9, "shard": r.shard() })
}

/// The printed JSON of a report: the envelope of `docs/json.md`.
fn printed(r: &CensusReport) -> String {
    let mut v = serde_json::json!({ "kind": r.kind(), "format_version": crate::FORMAT_VERSION, "input": input_of(r) });
    for (k, x) in serde_json::to_value(r).unwrap().as_object().unwrap() {
        v.as_object_mut().unwrap().insert(k.clone(), x.clone());
    }
    serde_json::to_string_pretty(&v).unwrap()
}

use crate::census::Universe;

#[test]
fn shards_merge_to_the_whole_and_round_trip_through_json() {
    let whole = targets_shard(14, 9, Shard::ALL);
    assert!(serde_json::to_string(&whole).unwrap().contains("\"checksum\":null"));
    let parts: Vec<(String, serde_json::Value, CensusReport)> = (1..=3)
        .rev()
        .map(|i| {
            let r = targets_shard(14, 9, Shard { index: i, count: 3 });
            let text = printed(&r);
            assert!(text.trim_end().ends_with('}') && text.contains("\"checksum\": \""));
            let (input, back) = CensusReport::from_json(&text).unwrap();
            (format!("part {i}"), input, back)
        })
        .collect();
    let (input, merged) = merge(&parts).unwrap();
    assert_eq!(input, input_of(&whole));
    assert_eq!(serde_json::to_string_pretty(&merged).unwrap(), serde_json::to_string_pretty(&whole).unwrap());
    // An input edited in one shard is refused (the checksum covers it) ...
    let mut edited = parts.clone();
    edited[0].1["size"] = 10.into();
    assert!(merge(&edited).unwrap_err().to_string().contains("checksum"));
    // ... and so is a shard whose input names another shard.
    let mut moved = parts.clone();
    moved[0].1["shard"] = "1/3".into();
    assert!(merge(&moved).is_err());
    // Missing and repeated shards are refused.
    let e = merge(&parts[..2]).unwrap_err();
    assert!(e.to_string().contains("each of 1..3 once"), "{e}");
    let twice = vec![parts[0].clone(), parts[0].clone(), parts[1].clone()];
    assert!(merge(&twice).is_err());
}

#[test]
fn an_edited_shard_is_refused() {
    let r = targets_shard(12, 8, Shard { index: 1, count: 2 });
    let input = input_of(&r);
    let CensusReport::Targets(mut t) = r.clone() else { unreachable!() };
    // One count raised: both the checksum and the totals see it.
    *t.histogram.values_mut().next().unwrap() += 1;
    let edited = CensusReport::Targets(t.clone());
    let e = edited.verify(&input).unwrap_err();
    assert_eq!(e.kind(), crate::ErrorKind::Checkpoint);
    assert!(e.to_string().contains("checksum"), "{e}");
    // Resealed, the checksum matches but the figures disagree.
    let mut resealed = edited.clone();
    resealed.seal(&input).unwrap();
    let e = resealed.verify(&input).unwrap_err();
    assert!(e.to_string().contains("figures disagree"), "{e}");
    // A shard without a checksum is refused.
    t.checksum = None;
    assert!(CensusReport::Targets(t).verify(&input).unwrap_err().to_string().contains("without a checksum"));
    let other = targets_shard(12, 7, Shard { index: 2, count: 2 });
    let e = merge(&[("a", input_of(&r), r), ("b", input_of(&other), other)]).unwrap_err();
    assert!(e.to_string().contains("b: not a shard of the same census as a"), "{e}");
}

#[test]
fn reports_read_back_by_kind() {
    assert!(CensusReport::from_json("not json").unwrap_err().to_string().contains("not the JSON output"));
    let envelope =
        |kind: &str, version: u64| format!("{{\"kind\": \"{kind}\", \"format_version\": {version}, \"input\": {{}}}}");
    assert!(CensusReport::from_json(&envelope("nope", 1)).is_err());
    assert!(CensusReport::from_json(&envelope("census-targets", 1)).is_err());
    let next = u64::from(crate::FORMAT_VERSION) + 1;
    let e = CensusReport::from_json(&envelope("census-targets", next)).unwrap_err();
    assert!(e.to_string().contains(&format!("format_version {next} where 1 to 2 was expected")), "{e}");
    let e = CensusReport::from_json(&envelope("census-targets", 0)).unwrap_err();
    assert!(e.to_string().contains("format_version 0 where"), "{e}");
    let r = targets_shard(10, 8, Shard::ALL);
    let (input, back) = CensusReport::from_json(&printed(&r)).unwrap();
    assert_eq!(back, r);
    assert_eq!(input, input_of(&r));
    assert_eq!((back.census(), back.kind()), ("targets", "census-targets"));
    assert!(merge(&[("x", input, r)]).unwrap_err().to_string().contains("not a shard"));
}

#[test]
fn universe_labels_round_trip() {
    for n in [1, 2, 3, 6] {
        assert_eq!(universe_colors(&universe_label(n)).unwrap(), n);
    }
    assert!(universe_colors("palette7").is_err());
    let sizes: Vec<Option<usize>> =
        ["C1", "C2", "C3", "C4", "C5", "macmahon", "palette7", "C7", "x"].into_iter().map(universe_cubes).collect();
    assert_eq!(sizes, [Some(1), Some(8), Some(30), Some(68), Some(75), Some(30), Some(210), None, None]);
}
