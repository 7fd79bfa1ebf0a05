use super::*;

fn spec(family: Family, order: usize, fixed_cells: usize, repeats: u64, sweeps: u64) -> TemperingSpec {
    TemperingSpec { family, order, fixed_cells, repeats, sweeps, seed: 7, beta_max: BETA_MAX }
}

#[test]
fn swaps_keep_the_energy_and_line_sums_exact() {
    let p = Problem::new(&spec(Family::Cubes, 4, 0, 2, 10)).unwrap();
    let mut rng = SplitMix64(3);
    let mut st = random_state(&p.lines, &p.base, &p.free, &mut rng);
    st.sweep(&p.lines, &p, 0.0, 5000, &mut rng);
    st.sweep(&p.lines, &p, 0.01, 5000, &mut rng);
    let fresh = State::new(&p.lines, st.cells.clone());
    assert_eq!((st.energy, &st.dev, &st.pos), (fresh.energy, &fresh.dev, &fresh.pos));
    let mut sorted = st.cells.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (1..=64).collect::<Vec<_>>());
}

#[test]
fn bar_is_exact_on_a_two_level_system() {
    // States: one at E = 0, three at E = 2; Z(β) = 1 + 3 e^{−2β}. Exact samples in
    // the right proportions at β = 0 (1:3) and at β = ln 3 / 2 (1:1).
    let b = 3f64.ln() / 2.0;
    let ea = [0, 2, 2, 2];
    let eb = [0, 2];
    let want = (2.0f64 / 4.0).ln();
    assert!((bar(&ea, &eb, b) - want).abs() < 1e-9);
}

#[test]
fn tempering_covers_small_exact_counts() {
    // 95% intervals miss one time in 20: the seed (7) is fixed, so the test is too.
    // Cubes of order 3 and squares of order 5 need longer runs: the ignored
    // `tempering_covers_larger_exact_counts`.
    for (s, x) in [(spec(Family::Squares, 3, 0, 4, 1000), 8.0f64), (spec(Family::Squares, 4, 0, 4, 3000), 7040.0)] {
        let e = estimate_tempering(&s, &Options::default()).unwrap();
        assert!(e.reliable, "{e:?}");
        assert!(e.low <= x && x <= e.high, "{s:?}: {e:?} vs {x}");
        // Not vacuous: the interval is narrower than a factor 3 either way.
        assert!(e.high / e.low < 9.0, "{e:?}");
    }
}

#[test]
#[ignore = "about 15 CPU-s in release: cargo test --release -p cubelab tempering_covers_larger -- --ignored"]
fn tempering_covers_larger_exact_counts() {
    // Order-3 cubes: 3,000 sweeps are too few (estimates about 65, biased low, see
    // docs/magic.md); 30,000 are enough.
    for (s, x) in
        [(spec(Family::Cubes, 3, 0, 4, 30_000), 192.0f64), (spec(Family::Squares, 5, 0, 8, 20_000), 2_202_441_792.0)]
    {
        let e = estimate_tempering(&s, &Options::default()).unwrap();
        assert!(e.reliable, "{e:?}");
        assert!(e.low <= x && x <= e.high, "{s:?}: {e:?} vs {x}");
    }
}

#[test]
#[ignore = "about 8 CPU-min in release: cargo test --release -p cubelab tempering_covers_the_family -- --ignored"]
fn tempering_covers_the_family_of_130_order_4_cubes() {
    // The first 24 cells of `magic construct --order 4` fixed: 130 cubes (the exact
    // tree count). The run of docs/magic.md (seed 1): 126.2, 109.8 .. 144.9.
    let s = TemperingSpec { seed: 1, ..spec(Family::Cubes, 4, 24, 6, 1_000_000) };
    let e = estimate_tempering(&s, &Options::default()).unwrap();
    assert!(e.reliable && e.low <= 130.0 && 130.0 <= e.high, "{e:?}");
}

#[test]
fn tempering_is_deterministic_and_refuses_bad_input() {
    let s = spec(Family::Squares, 3, 0, 3, 200);
    assert_eq!(
        estimate_tempering(&s, &Options::default()).unwrap(),
        estimate_tempering(&s, &Options::default()).unwrap()
    );
    assert!(estimate_tempering(&spec(Family::Squares, 3, 0, 1, 200), &Options::default()).is_err());
    assert!(estimate_tempering(&spec(Family::Squares, 3, 0, 2, 5), &Options::default()).is_err());
    assert!(estimate_tempering(&spec(Family::Cubes, 5, 0, 2, 100), &Options::default()).is_err());
    assert!(estimate_tempering(&spec(Family::Cubes, 4, 63, 2, 100), &Options::default()).is_err());
}
