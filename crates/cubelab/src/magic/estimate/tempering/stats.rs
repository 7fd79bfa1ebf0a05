//! The statistics of the tempering estimator: Bennett's acceptance ratio on energy
//! histograms, ln n! and Student's t quantiles.

/// ln (1 + e^x), without overflow.
fn softplus(x: f64) -> f64 {
    if x > 30.0 {
        x
    } else {
        x.exp().ln_1p()
    }
}

/// The distinct energies of `x` with their counts.
fn histogram(x: &[u32]) -> Vec<(f64, f64)> {
    let mut v = x.to_vec();
    v.sort_unstable();
    let mut h: Vec<(f64, f64)> = Vec::new();
    for e in v {
        match h.last_mut() {
            Some((last, c)) if *last == f64::from(e) => *c += 1.0,
            _ => h.push((f64::from(e), 1.0)),
        }
    }
    h
}

/// Bennett's acceptance ratio: ln Z(β_b) − ln Z(β_a) from energies sampled at β_a
/// (`ea`) and at β_b (`eb`), `dbeta` = β_b − β_a.
pub(super) fn bar(ea: &[u32], eb: &[u32], dbeta: f64) -> f64 {
    let (na, nb) = (ea.len() as f64, eb.len() as f64);
    let m = (na / nb).ln();
    let (ha, hb) = (histogram(ea), histogram(eb));
    // g(f) = Σ_a fermi(m + Δβ E − f) − Σ_b fermi(−m − Δβ E + f), with f = ΔF = −Δ ln Z
    // and fermi(x) = 1 / (1 + e^x); g increases with f and vanishes at Bennett's ΔF.
    let g = |f: f64| -> f64 {
        let fa: f64 = ha.iter().map(|&(e, c)| c * (-softplus(m + dbeta * e - f)).exp()).sum();
        let fb: f64 = hb.iter().map(|&(e, c)| c * (-softplus(-m - dbeta * e + f)).exp()).sum();
        fa - fb
    };
    let mean = |h: &[(f64, f64)], n: f64| h.iter().map(|&(e, c)| e * c).sum::<f64>() / n;
    // ΔF lies between Δβ ⟨E⟩_b and Δβ ⟨E⟩_a (Jensen); widen until the bracket holds.
    let (mut lo, mut hi) = (dbeta * mean(&hb, nb) - 1.0, dbeta * mean(&ha, na) + 1.0);
    while g(lo) > 0.0 {
        lo -= 10.0;
    }
    while g(hi) < 0.0 {
        hi += 10.0;
    }
    while hi - lo > 1e-10 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if g(mid) < 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    -0.5 * (lo + hi)
}

/// ln n!.
pub(super) fn ln_factorial(n: usize) -> f64 {
    (2..=n).map(|k| (k as f64).ln()).sum()
}

/// Student's t quantile (two-sided 95%) for `df` degrees of freedom.
pub fn student_t95(df: u64) -> f64 {
    const T: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => T[df as usize - 1],
        31..=40 => 2.021,
        41..=60 => 2.000,
        61..=120 => 1.980,
        _ => 1.960,
    }
}
