use super::*;

#[test]
#[ignore]
fn explore() {
    let s = Seven::new();
    let ks: Vec<usize> = std::env::var("KS").unwrap().split(',').map(|x| x.parse().unwrap()).collect();
    let steps: usize = std::env::var("STEPS").unwrap().parse().unwrap();
    let restarts: usize = std::env::var("RESTARTS").unwrap().parse().unwrap();
    for k in ks {
        let t0 = std::time::Instant::now();
        let f = s.search_universal(k, 1, restarts, steps);
        eprintln!("k={k} {:?} {:?} {:?}", f.as_ref().map(|x| s.classes(&x)), f.as_ref().map(|x| x.iter().map(|&c| s.names[c].clone()).collect::<Vec<_>>()), t0.elapsed());
    }
}
