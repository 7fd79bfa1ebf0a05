//! `cubelab cubes` and `cubelab show`.

use super::{bad, ok};

#[test]
fn cubes_json_lists_the_30_macmahon_cubes() {
    let v: serde_json::Value = serde_json::from_str(&ok(&["cubes", "--json"])).unwrap();
    let arr = v["cubes"].as_array().unwrap();
    assert_eq!(arr.len(), 30);
    for c in arr {
        assert_eq!(c["corners"].as_array().unwrap().len(), 8);
        // Corners are strings, also for digit colors (the JSON contract).
        assert!(c["corners"].as_array().unwrap().iter().all(|k| k.as_str().is_some_and(|s| s.len() == 3)));
        assert_eq!(c["faces"].as_str().unwrap().len(), 6);
        let name = c["name"].as_str().unwrap();
        let mirror_name = c["mirror_name"].as_str().unwrap();
        let b = name.as_bytes();
        assert_eq!(
            mirror_name,
            format!("{}{}", (b[1] as char).to_ascii_uppercase(), (b[0] as char).to_ascii_lowercase())
        );
        assert!(c["mirror"].is_string());
    }
    assert_eq!(arr[0]["name"], "Ab");
    assert_eq!(arr[0]["faces"], "152463");
}

#[test]
fn cubes_sizes_of_sets() {
    for (n, size) in [(1, 1), (2, 8), (3, 30), (4, 68), (5, 75), (6, 30)] {
        let v: serde_json::Value = serde_json::from_str(&ok(&["cubes", "--colors", &n.to_string(), "--json"])).unwrap();
        assert_eq!(v["cubes"].as_array().unwrap().len(), size, "C_{n}");
        assert_eq!(v["count"], size);
    }
    let csv = ok(&["cubes", "--palette", "6", "--csv"]);
    assert_eq!(csv.lines().count(), 2226 + 1);
    bad(&["cubes", "--colors", "7"]);
    bad(&["cubes", "--palette", "0"]);
}

#[test]
fn tableau_has_names_off_the_diagonal() {
    let t = ok(&["cubes", "--tableau"]);
    assert!(t.lines().nth(1).unwrap().starts_with("A  --  Ab  Ac"));
}

#[test]
fn show_accepts_every_notation_of_the_same_cube() {
    let by_name = ok(&["show", "Ab", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&by_name).unwrap();
    assert_eq!(v["name"], "Ab");
    assert_eq!(v["mirror_name"], "Ba");
    assert_eq!(v["symmetries"], 1);
    // A rotation of Ab's face string and a labelled form of it name the same cube.
    for token in ["152463", "245163", "U=1,D=5,F=2,B=4,L=6,R=3"] {
        let w: serde_json::Value = serde_json::from_str(&ok(&["show", token, "--json"])).unwrap();
        assert_eq!(w["name"], "Ab", "{token}");
        assert_eq!(w["faces"], v["faces"]);
    }
    let k: serde_json::Value = serde_json::from_str(&ok(&["show", "Y1'", "--json"])).unwrap();
    assert_eq!(k["kahan"], "K2");
    assert_eq!(k["sobczyk"], "Y1'");
}

#[test]
fn show_draws_an_svg_net() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ab.svg");
    let text = ok(&["show", "Ab", "--svg", path.to_str().unwrap()]);
    assert!(text.contains("canonical:  152463"));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg"));
    // Six faces in the net and six swatches in the legend.
    let legend = svg.split_once("<g class=\"legend\">").unwrap().1.split_once("</g>").unwrap().0;
    assert_eq!(legend.matches("<rect").count(), 6);
    assert_eq!(svg.matches("<rect").count(), 6 + 6);
    insta::assert_snapshot!("show_ab_svg", svg);
}

#[test]
fn bad_cubes_get_one_line_and_exit_2() {
    assert!(bad(&["show", "Aa"]).contains("'Aa'"));
    assert!(bad(&["show", "1234567"]).contains("not a cube"));
    assert!(bad(&["show", "12x45#"]).contains("'#'"));
    assert!(bad(&["show", "U=1,D=2,F=3,B=4,L=5"]).contains("face R has no color"));
    assert!(bad(&["show", "K99"]).contains("K1..K30"));
}

/// A near miss of a Conway name is answered with the name (`show Abb`: did you mean Ab?),
/// wherever cubes are read; a token near several names or none gets no guess.
#[test]
fn a_mistyped_conway_name_is_answered_with_the_name() {
    let e = bad(&["show", "Abb"]);
    assert!(e.starts_with("error: 'Abb' is not a cube: did you mean Ab? ("), "{e}");
    assert!(bad(&["build", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "fc"])
        .contains("'fc' is not a cube: did you mean Fc?"));
    assert!(!bad(&["show", "Ag"]).contains("did you mean"));
    assert!(!bad(&["show", "Zz"]).contains("did you mean"));
}
