//! Text and pictures a person reads: names, grammar, legends, alignment, and the
//! structure of every SVG (title inside the picture, legends, one bar per bin).

use super::{bad, ok};

/// Text outputs a new user meets first, with their arguments.
const TEXT_COMMANDS: &[&[&str]] = &[
    &["cubes"],
    &["cubes", "--tableau"],
    &["cubes", "--colors", "2"],
    &["show", "Ab"],
    &["show", "K7"],
    &["show", "Y1'"],
    &["show", "152463"],
    &["show", "U=w,D=y,F=r,B=b,L=p,R=g"],
    &["show", "112345"],
    &["build", "Ac", "Ad", "Ae", "Af", "Ba", "Bc", "Bd", "Be"],
    &["build", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"],
    &["solve", "Cb", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc", "--explain"],
    &["solve", "Ab", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc", "--explain"],
    &["relations", "--ground", "Y1"],
    &["magic", "construct", "--order", "3"],
    &["magic", "enumerate", "--classes"],
    &["picture", "check", "UF RB / DL UF"],
    &["picture", "solve", "UF RB / DL UF"],
    &["census", "targets", "--size", "8"],
    &["census", "max-targets"],
    &["census", "infeasible", "--within", "Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd"],
];

/// Malformed inputs whose one-line errors a user reads.
const BAD_COMMANDS: &[&[&str]] = &[
    &["show", "12345"],
    &["show", "Zz"],
    &["show", "K123"],
    &["show", "Aa"],
    &["show", "12x45#"],
    &["relations", "--ground", "112345"],
    &["picture", "check", "UF RB / DL"],
    &["build", "Ab", "Ac", "Zz"],
];

/// Signs of Rust internals leaking into text: type names, `Debug` output.
const LEAKS: &[&str] =
    &["FaceString", "Labelled)", "Some(", "None", "Notation", "Coloring", "::", "{ ", "[\"", "Err(", "Ok("];

#[test]
fn no_internal_names_or_debug_output_in_text_or_errors() {
    let mut texts: Vec<(String, String)> = TEXT_COMMANDS.iter().map(|a| (a.join(" "), ok(a))).collect();
    texts.extend(BAD_COMMANDS.iter().map(|a| (a.join(" "), bad(a))));
    for (cmd, text) in texts {
        for leak in LEAKS {
            assert!(!text.contains(leak), "`cubelab {cmd}` shows {leak:?}:\n{text}");
        }
    }
}

#[test]
fn counts_of_one_take_the_singular_and_nothing_says_s_in_brackets() {
    let plural_nouns = [
        "sets",
        "cubes",
        "targets",
        "arrangements",
        "collections",
        "multisets",
        "lines",
        "classes",
        "starts",
        "blocks",
        "corners",
        "rows",
        "numbers",
        "layers",
        "moves",
        "swaps",
        "commutators",
    ];
    let mut texts: Vec<String> = TEXT_COMMANDS.iter().map(|a| ok(a)).collect();
    texts.extend(BAD_COMMANDS.iter().map(|a| bad(a)));
    for text in &texts {
        assert!(!text.contains("(s)"), "{text}");
        for word in text.split(|c: char| !c.is_alphanumeric() && c != ' ').flat_map(|p| {
            let w: Vec<&str> = p.split(' ').collect();
            (1..w.len()).map(move |i| (w[i - 1], w[i])).collect::<Vec<_>>()
        }) {
            assert!(!(word.0 == "1" && plural_nouns.contains(&word.1)), "'1 {}' in:\n{text}", word.1);
        }
    }
    // A set building exactly one target, and a board row of one cube.
    let one = ok(&["build", "Ac", "Ad", "Ae", "Af", "Ba", "Bc", "Bd", "Be"]);
    assert!(one.starts_with("8 blocks over colors 123456: 1 proper target can be built\n"), "{one}");
    assert!(bad(&["picture", "check", "UF RB / DL"]).contains("row 2 has 1 cube but row 1 has 2"));
}

#[test]
fn show_names_the_cube_in_every_notation_it_has() {
    // Ab is K7 and P2 under w=1 y=2 b=3 g=4 p=5 r=6 (docs/conventions.md), whatever the
    // notation it was given in.
    let ab_letters = "U=w,D=p,F=y,B=g,L=r,R=b";
    for (token, read_as) in [
        ("Ab", "a Conway name"),
        ("K7", "a Kahan type number"),
        ("P2", "a Sobczyk symbol"),
        ("152463", "a face string U D F B L R"),
        (ab_letters, "a labelled form"),
    ] {
        let text = ok(&["show", token]);
        assert!(text.contains(&format!("(read as {read_as})")), "{text}");
        assert!(text.contains("names:      Ab (Conway), K7 (Kahan), P2 (Sobczyk)\n"), "{token}: {text}");
        assert!(text.contains("(Ba)"), "the mirror is named: {text}");
        assert!(text.contains("symmetries: 1 of the 24 rotations fixes it"), "{text}");
    }
    let numbers = ok(&["show", "K7"]);
    assert!(numbers.contains("in numbers: 152463"), "{numbers}");
    let letters = ok(&["show", "Ab"]);
    assert!(letters.contains("in letters: "), "{letters}");
    let improper = ok(&["show", "112345"]);
    assert!(improper.contains("names:      none"), "{improper}");
}

#[test]
fn malformed_cubes_say_what_is_wrong_and_where() {
    assert!(bad(&["show", "12345"]).contains("'12345' is not a cube: it has 5 of the 6 colors a face string needs"));
    assert!(bad(&["show", "1234567"]).contains("it has 7 colors, a face string has 6"));
    assert!(bad(&["show", "12x45#"]).contains("'#' at face R"));
    assert!(bad(&["show", "K123"]).contains("K1..K30, not K123"));
    assert!(bad(&["build", "Ab", "Ac", "12345", "Ae", "Af", "Ba", "Bc", "Bd"]).contains("cube 3: '12345'"));
    let e = bad(&["relations", "--ground", "112345"]);
    assert!(e.contains("repeats color 1 (faces U and D)"), "{e}");
}

#[test]
fn explain_never_ends_a_line_with_an_empty_block_list() {
    let text = ok(&["solve", "Ab", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc", "--explain"]);
    assert!(text.contains("  lone    corner UFR; no block joins it to another corner\n"), "{text}");
    assert!(text.contains("  cycle   corners UBL, DFR; blocks 4 7\n"), "{text}");
    for line in text.lines() {
        assert_eq!(line, line.trim_end(), "trailing space in {line:?}");
        assert!(!line.ends_with("blocks"), "{line}");
    }
}

#[test]
fn tableau_header_letters_stand_over_their_columns() {
    let text = ok(&["cubes", "--tableau"]);
    let lines: Vec<&str> = text.lines().collect();
    let header = lines[0];
    for (i, row) in lines[1..7].iter().enumerate() {
        for (j, col) in "abcdef".chars().enumerate() {
            let at = header.find(col).unwrap();
            // The cell's second letter (its column letter) is under the header letter.
            let cell = &row[at - 1..=at];
            if i == j {
                assert_eq!(cell, "--", "{row}");
            } else {
                assert_eq!(cell.chars().nth(1), Some(col), "{row}");
                assert_eq!(cell.chars().next(), Some((b'A' + i as u8) as char), "{row}");
            }
        }
    }
}

#[test]
fn cubes_explains_its_columns() {
    let text = ok(&["cubes"]);
    let header = text.lines().next().unwrap();
    for col in ["name", "faces", "corners", "mirror", "K", "S", "sym"] {
        assert!(header.split_whitespace().any(|w| w == col), "{header}");
    }
    for key in ["\n  name ", "\n  faces ", "\n  corners ", "\n  mirror ", "\n  K, S ", "\n  sym "] {
        assert!(text.contains(key), "legend line {key:?} missing:\n{text}");
    }
    // The header's columns line up with the rows: K over K7, S over P2, sym over 1.
    let row = text.lines().nth(1).unwrap();
    assert_eq!(&row[header.find(" K ").unwrap() + 1..][..2], "K7", "{header}\n{row}");
    assert_eq!(&row[header.find(" S ").unwrap() + 1..][..2], "P2", "{header}\n{row}");
    assert_eq!(&row[header.find("sym").unwrap()..][..1], "1", "{header}\n{row}");
}

// ---- SVG structure ----

/// Width and height from the SVG's viewBox.
fn view_box(svg: &str) -> (f64, f64) {
    let v = svg.split("viewBox=\"").nth(1).unwrap().split('"').next().unwrap();
    let n: Vec<f64> = v.split(' ').map(|x| x.parse().unwrap()).collect();
    (n[2], n[3])
}

/// The value of attribute `name` in an element's text.
fn attr(element: &str, name: &str) -> f64 {
    element.split(&format!(" {name}=\"")).nth(1).unwrap().split('"').next().unwrap().parse().unwrap()
}

/// The title's text fits inside the viewBox, even at a generous 0.6 em per character.
fn assert_title_inside(svg: &str) {
    let (w, _) = view_box(svg);
    let t = svg.split("<text class=\"title\"").nth(1).expect("a title");
    let x = attr(t, "x");
    let size = attr(t, "font-size");
    let text = t.split('>').nth(1).unwrap().split('<').next().unwrap();
    let width = text.chars().count() as f64 * size * 0.6;
    assert!(x + width <= w, "title {text:?} ({width} px at x={x}) overflows the width {w}");
}

fn svg_of(args: &[&str], flag: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.svg");
    let mut all: Vec<&str> = args.to_vec();
    all.extend([flag, path.to_str().unwrap()]);
    ok(&all);
    std::fs::read_to_string(&path).unwrap()
}

/// The legend group's entries: (fill, label).
fn legend_entries(svg: &str) -> Vec<(String, String)> {
    let g = svg.split("<g class=\"legend\">").nth(1).expect("a legend").split("</g>").next().unwrap();
    let fills = g.split("<rect").skip(1).map(|r| r.split("fill=\"").nth(1).unwrap().split('"').next().unwrap());
    let labels = g.split("<text").skip(2).map(|t| t.split('>').nth(1).unwrap().split('<').next().unwrap());
    fills.zip(labels).map(|(f, l)| (f.to_string(), l.to_string())).collect()
}

#[test]
fn cube_drawings_have_a_legend_and_digits_follow_kahans_colors() {
    let ab = svg_of(&["show", "Ab"], "--svg");
    let k7 = svg_of(&["show", "K7"], "--svg");
    assert_title_inside(&ab);
    assert_title_inside(&k7);
    let digits = legend_entries(&ab);
    let letters = legend_entries(&k7);
    assert_eq!(digits.len(), 6);
    assert_eq!(digits[0], ("#ffffff".to_string(), "1 = w, white".to_string()));
    // Under w=1 y=2 b=3 g=4 p=5 r=6 each digit is drawn exactly as its letter.
    let order = "wybgpr";
    for (i, (fill, label)) in digits.iter().enumerate() {
        let letter = order.chars().nth(i).unwrap();
        let partner = letters.iter().find(|(_, l)| l.starts_with(letter)).unwrap();
        assert_eq!(fill, &partner.0, "{label} vs {}", partner.1);
    }
    // The solve drawing names its colors too.
    let solve = svg_of(&["solve", "Cb", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc", "--limit", "1"], "--svg");
    assert_title_inside(&solve);
    assert_eq!(legend_entries(&solve).len(), 6);
}

#[test]
fn histograms_have_one_bar_per_bin_and_gaps_for_empty_bins() {
    // Solution numbers for Ba: 2, 4, ..., 12 and 16; 14 is an empty bin.
    let svg = svg_of(&["census", "solution-numbers"], "--plot");
    assert_title_inside(&svg);
    let bins: Vec<&str> = svg.split("<rect class=\"bin").skip(1).collect();
    assert_eq!(bins.len(), 8, "{svg}");
    let empty: Vec<&&str> = bins.iter().filter(|b| b.starts_with(" empty")).collect();
    assert_eq!(empty.len(), 1);
    assert!(empty[0].contains("<title>14: 0</title>"));
    assert_eq!(attr(empty[0], "height"), 0.0);
    assert_eq!(svg.matches("class=\"zero\"").count(), 1);
    // The bins are in value order, equally spaced, and the tallest bar is the most common.
    let xs: Vec<f64> = bins.iter().map(|b| attr(b, "x")).collect();
    assert!(xs.windows(3).all(|w| (w[1] - w[0] - (w[2] - w[1])).abs() < 1e-9));
    assert!(svg.contains("class=\"y-axis\"") && svg.contains("collections of 8"));
    let heights: Vec<f64> = bins.iter().map(|b| attr(b, "height")).collect();
    assert_eq!(heights.iter().cloned().fold(0.0, f64::max), heights[0]);
}

#[test]
fn the_all_sizes_plot_labels_its_axes_and_both_series() {
    let within = "Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd,Be,Bf,Ca,Cb";
    let svg = svg_of(&["census", "targets", "--size", "all", "--within", within], "--plot");
    assert_title_inside(&svg);
    // Sizes 0..12: one bar (the most targets) and one dot (the mean) each.
    assert_eq!(svg.matches("<rect class=\"bin").count(), 13);
    assert_eq!(
        svg.split("<g class=\"marks\">").nth(1).unwrap().split("</g>").next().unwrap().matches("<circle").count(),
        13
    );
    let legend = svg.split("<g class=\"legend\"").nth(1).unwrap();
    assert!(legend.contains("most built by one set of this size") && legend.contains("mean over the sets"));
    assert!(svg.contains("set size (number of cubes)") && svg.contains(">targets built<"));
    // Every size is labelled on the x axis at a readable size.
    for size in 0..=12 {
        assert!(svg.contains(&format!("font-size=\"12\" text-anchor=\"middle\">{size}</text>")), "size {size}");
    }
}

#[test]
fn picture_commands_draw_their_boards() {
    let check = svg_of(&["picture", "check", "UF RB / DL UF"], "--svg");
    assert_title_inside(&check);
    assert_eq!(check.matches("<g class=\"board\">").count(), 1);
    assert_eq!(check.matches("<rect class=\"cube\"").count(), 4);
    assert!(check.contains("row 1, column 2: RB"));
    assert!(check.contains("<g class=\"legend\""));
    let scramble = svg_of(&["picture", "scramble", "3", "3", "--seed", "7"], "--svg");
    assert_eq!(scramble.matches("<rect class=\"cube\"").count(), 9);
    let text = ok(&["picture", "solve", "FD UF / UF FD", "--method", "optimal"]);
    let moves = text.lines().find(|l| l.starts_with("solution:")).unwrap().split_whitespace().count() - 1;
    let solve = svg_of(&["picture", "solve", "FD UF / UF FD", "--method", "optimal"], "--svg");
    assert_title_inside(&solve);
    // The start and the board after each move; the last one is solved.
    assert_eq!(solve.matches("<g class=\"board\">").count(), moves + 1);
    let last = solve.split("<g class=\"board\">").last().unwrap();
    assert_eq!(last.matches(": UF</title>").count(), 4);
}

#[test]
fn the_main_job_names_its_table_defines_a_set_and_separates_thousands() {
    let text = ok(&["census", "targets", "--size", "8"]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].ends_with("(Johnson & Roldán's Table 2)"), "{text}");
    assert_eq!(lines[1], "a set is 8 distinct cubes of MacMahon's 30; there are C(30,8) = 5,852,925 sets");
    // What a target is, what each column counts, and where to read more.
    assert!(lines[2].starts_with("a target is one of MacMahon's 30 cubes enlarged to 2x2x2; a set builds it when 8"));
    assert!(lines[2].ends_with("(docs/target.md)"), "{text}");
    assert_eq!(
        lines[3],
        "targets: how many targets a set builds; sets: how many sets build that many; share: their part of the \
         5,852,925 sets counted"
    );
    let row = |cells: &[&str]| lines.iter().any(|l| l.split_whitespace().eq(cells.iter().copied()));
    assert!(row(&["0", "2,774,940", "0.47411"]) && row(&["5", "360", "0.00006"]), "{text}");
    // The header and every row of the histogram end in the same column.
    let table: Vec<&&str> = lines.iter().skip(4).take_while(|l| !l.starts_with("mean")).collect();
    assert_eq!(table.len(), 7, "{text}");
    assert!(table.iter().all(|l| l.chars().count() == table[0].chars().count()), "{text}");
    // A shard and a sample say what they count, and claim no table as their own.
    let shard = ok(&["census", "targets", "--size", "8", "--shard", "2/3"]);
    assert!(shard.contains("(one part of Johnson & Roldán's Table 2)\n"), "{shard}");
    assert!(shard.contains("; this shard counts 1,950,975 of the C(30,8) = 5,852,925 sets\n"), "{shard}");
    let sample = ok(&["census", "targets", "--size", "9", "--sample", "2000", "--seed", "3"]);
    assert!(sample.contains("in a random sample (seed 3)"), "{sample}");
    assert!(
        sample.contains(
            "a set is 9 distinct cubes of MacMahon's 30; 2,000 drawn at random from the C(30,9) = 14,307,150 sets\n"
        ),
        "{sample}"
    );
    assert!(!sample.contains("Table"), "{sample}");
    // Sets of 8 from another universe claim no table either (a sample: the census of 8-sets
    // of C_3 takes over 2 CPU-minutes in the test build, most of it building its tables).
    let other = ok(&["census", "targets", "--palette", "7", "--size", "8", "--sample", "200", "--seed", "1"]);
    assert!(other.contains("a set is 8 distinct blocks of the 210 of Sadisticube 7; 200 drawn"), "{other}");
    assert!(other.contains("\na target is a 2x2x2 cube with six different colors of the seven on its faces; a set builds it when 8 of its blocks"), "{other}");
    assert!(other.contains("their part of the 200 sets counted\n"), "{other}");
    assert!(!other.contains("Roldán") && !other.contains("Table"), "{other}");
}
