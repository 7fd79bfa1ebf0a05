use super::*;
use crate::census::combin::binomial;
use crate::census::shard::Shard;
use crate::census::targets::{tally, BuildTables};
use crate::run::NoProgress;

/// The report of `targets --size k --within` the first `n` MacMahon cubes, for one shard.
fn targets_shard(n: usize, k: usize, shard: Shard) -> CensusReport {
    let u = Universe::macmahon();
    let tables = BuildTables::new(&u, Method::Graph).unwrap();
    let within = (1u32 << n) - 1;
    let range = shard.range(binomial(n as u64, k as u64));
    let t = tally(&tables, k, within, range, true, &NoProgress).unwrap();
    let base = TargetsBase {
        universe: universe_label(6),
        method: Method::Graph,
        within: Some(u.set_names(within)),
        sample: None,
        shard: (shard != Shard::ALL).then(|| shard.to_string()),
    };
    let names = t.max_sets.iter().map(|&s| u.set_names(s)).collect();
    let mut r = CensusReport::Targets(Targets::new(&base, k, &t, Some(names)));
    r.seal().unwrap();
    r
}

use crate::census::Universe;

#[test]
fn shards_merge_to_the_whole_and_round_trip_through_json() {
    let whole = targets_shard(14, 9, Shard::ALL);
    assert!(!serde_json::to_string(&whole).unwrap().contains("checksum"));
    let parts: Vec<(String, CensusReport)> = (1..=3)
        .rev()
        .map(|i| {
            let r = targets_shard(14, 9, Shard { index: i, count: 3 });
            let text = serde_json::to_string_pretty(&r).unwrap();
            assert!(text.trim_end().ends_with('}') && text.contains("\"checksum\""));
            (format!("part {i}"), CensusReport::from_json(&text).unwrap())
        })
        .collect();
    let merged = merge(&parts).unwrap();
    assert_eq!(serde_json::to_string_pretty(&merged).unwrap(), serde_json::to_string_pretty(&whole).unwrap());
    // Missing and repeated shards are refused.
    let e = merge(&parts[..2]).unwrap_err();
    assert!(e.to_string().contains("each of 1..3 once"), "{e}");
    let twice = vec![parts[0].clone(), parts[0].clone(), parts[1].clone()];
    assert!(merge(&twice).is_err());
}

#[test]
fn an_edited_shard_is_refused() {
    let r = targets_shard(12, 8, Shard { index: 1, count: 2 });
    let CensusReport::Targets(mut t) = r.clone() else { unreachable!() };
    // One count raised: both the checksum and the totals see it.
    *t.histogram.values_mut().next().unwrap() += 1;
    let edited = CensusReport::Targets(t.clone());
    let e = edited.verify().unwrap_err();
    assert_eq!(e.kind(), crate::ErrorKind::Checkpoint);
    assert!(e.to_string().contains("checksum"), "{e}");
    // Resealed, the checksum matches but the figures disagree.
    let mut resealed = edited.clone();
    resealed.seal().unwrap();
    let e = resealed.verify().unwrap_err();
    assert!(e.to_string().contains("figures disagree"), "{e}");
    // A shard without a checksum is refused.
    t.checksum = None;
    assert!(CensusReport::Targets(t).verify().unwrap_err().to_string().contains("without a checksum"));
    let other = targets_shard(12, 7, Shard { index: 2, count: 2 });
    let e = merge(&[("a", r), ("b", other)]).unwrap_err();
    assert!(e.to_string().contains("b: not a shard of the same census as a"), "{e}");
}

#[test]
fn reports_read_back_by_kind() {
    assert!(CensusReport::from_json("not json").unwrap_err().to_string().contains("not the JSON output"));
    assert!(CensusReport::from_json("{\"census\": \"nope\"}").is_err());
    assert!(CensusReport::from_json("{\"census\": \"targets\"}").is_err());
    let r = targets_shard(10, 8, Shard::ALL);
    let back = CensusReport::from_json(&serde_json::to_string(&r).unwrap()).unwrap();
    assert_eq!(back, r);
    assert_eq!(back.census(), "targets");
    assert!(merge(&[("x", r)]).unwrap_err().to_string().contains("not a shard"));
}

#[test]
fn universe_labels_round_trip() {
    for n in [1, 2, 3, 6] {
        assert_eq!(universe_colors(&universe_label(n)).unwrap(), n);
    }
    assert!(universe_colors("palette7").is_err());
}
