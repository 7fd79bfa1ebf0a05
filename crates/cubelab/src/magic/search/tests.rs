//! Tests of the magic cube search.

use super::*;

fn spec(property: Property) -> SearchSpec {
    SearchSpec::new(3, property, 1, 1).unwrap()
}

#[test]
fn a_spec_built_by_hand_is_checked_again() {
    let zero_step = SearchSpec { step: 0, ..spec(Property::SemiPerfect) };
    assert_eq!(Search::new(zero_step).unwrap_err().kind(), crate::ErrorKind::OutOfRange);
    let order_one = SearchSpec { order: 1, ..spec(Property::SemiPerfect) };
    assert!(Search::new(order_one).is_err());
    let pinned = SearchSpec { origin_pinned: true, ..spec(Property::SemiPerfect) };
    assert!(Search::new(pinned).is_err());
    let e = SearchSpec::new(3, Property::SemiPerfect, 1, 0).unwrap_err().to_string();
    assert!(!e.contains("--"), "the library names no flag: {e}");
}

#[test]
fn order_3_has_192_semi_perfect_cubes_all_verified_and_distinct() {
    let cubes = Search::new(spec(Property::SemiPerfect)).unwrap().run_all();
    assert_eq!(cubes.len(), 192);
    let mut sorted = cubes.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), 192);
    assert!(cubes.iter().all(|c| has_property(c, Property::SemiPerfect)));
}

#[test]
fn resuming_a_checkpoint_loses_and_repeats_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.ckpt");
    let search = Search::new(spec(Property::SemiPerfect)).unwrap();
    let full = search.run_all();
    let opts = |resume: bool| Options { checkpoint: Some(&path), resume, overwrite: !resume, ..Options::default() };
    for stop_after in [1, 7, search.task_count() / 2] {
        let e = search.run(&opts(false), 3, Some(stop_after)).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Stopped);
        let tasks = search.task_count();
        assert!(e.to_string().starts_with(&format!("stopped after {stop_after} of {tasks} work units")), "{e}");
        assert_eq!(search.run(&opts(true), 5, None).unwrap(), full);
    }
    // A stop request works the same way.
    let o = opts(false);
    o.stop.request();
    assert_eq!(search.run(&o, 5, None).unwrap_err().kind(), crate::ErrorKind::Stopped);
    assert_eq!(search.run(&opts(true), 5, None).unwrap(), full);
}

#[test]
fn mismatched_or_forged_checkpoints_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.ckpt");
    let opts = |resume: bool| Options { checkpoint: Some(&path), resume, overwrite: !resume, ..Options::default() };
    let search = Search::new(spec(Property::SemiPerfect)).unwrap();
    search.run(&opts(false), 3, Some(3)).unwrap_err();
    let other = Search::new(SearchSpec::new(3, Property::SemiPerfect, 2, 1).unwrap()).unwrap();
    let e = other.run(&opts(true), 3, None).unwrap_err().to_string();
    assert!(e.contains("belongs to another magic search (semi-perfect cubes of order 3 on 1, 2, ..., 27)"), "{e}");
    // A solution the verifier rejects, in a file with a valid checksum.
    let forge = |saved: &Saved| {
        let real = std::fs::read_to_string(&path).unwrap();
        let header: serde_json::Value = serde_json::from_str(real.lines().next().unwrap()).unwrap();
        let fp = header["fingerprint"].as_str().unwrap();
        crate::run::CheckpointFile::new(&path, KIND, fp, "forged").save(saved).unwrap();
    };
    forge(&Saved { done: 3, solutions: vec![(1..=27).collect()] });
    let e = search.run(&opts(true), 3, None).unwrap_err().to_string();
    assert!(e.ends_with("is corrupt: solution 1 is not a semi-perfect cube"), "{e}");
    forge(&Saved { done: 10_000, solutions: vec![] });
    assert!(search.run(&opts(true), 3, None).unwrap_err().to_string().contains("tasks done"));
}

#[test]
fn pinning_the_origin_needs_wrapping_lines() {
    assert!(spec(Property::SemiPerfect).origin_pinned().is_err());
    let pinned = Search::new(spec(Property::Pantriagonal).origin_pinned().unwrap()).unwrap();
    assert!(pinned.run_all().iter().all(|c| c.cells()[0] == 1));
}

#[test]
fn counts_do_not_depend_on_the_progression() {
    for (start, step) in [(0, 1), (-13, 1), (5, 3), (100, -7)] {
        let s = SearchSpec::new(3, Property::SemiPerfect, start, step).unwrap();
        let cubes = Search::new(s).unwrap().run_all();
        assert_eq!(cubes.len(), 192, "{start} {step}");
        assert!(cubes.iter().all(|c| has_property(c, Property::SemiPerfect)));
    }
}
