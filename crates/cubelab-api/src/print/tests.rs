use super::*;
use cubelab::macmahon;
use proptest::prelude::*;

/// One face read back from the SVG: (net index, face, color, x, y, width, height, fill).
#[derive(Debug)]
struct ReadFace {
    net: usize,
    face: Face,
    color: char,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    fill: String,
}

fn attr<T: std::str::FromStr>(n: &roxmltree::Node, name: &str) -> T {
    n.attribute(name)
        .unwrap_or_else(|| panic!("attribute {name} missing"))
        .parse()
        .unwrap_or_else(|_| panic!("attribute {name} unreadable"))
}

/// Reads every net back from the SVG: its index, origin, edge and faces, checking that
/// each face sits in its cell of the cross ([`svg::net_cell`]) and is an edge wide.
fn read_back(svg_text: &str) -> (usize, Vec<(usize, f64, Vec<ReadFace>)>) {
    let doc = roxmltree::Document::parse(svg_text).expect("the sheet is well-formed XML");
    let root = doc.root_element();
    let pages = doc.descendants().filter(|n| n.attribute("class") == Some("page")).count();
    assert_eq!(attr::<usize>(&root, "data-pages"), pages);
    let mut nets = Vec::new();
    for g in doc.descendants().filter(|n| n.attribute("class") == Some("net")) {
        let (index, x0, y0, edge): (usize, f64, f64, f64) =
            (attr(&g, "data-index"), attr(&g, "data-x"), attr(&g, "data-y"), attr(&g, "data-edge"));
        let mut faces = Vec::new();
        for r in g.children().filter(|n| n.attribute("class") == Some("face")) {
            let face = Face::from_letter(attr::<char>(&r, "data-face")).expect("a face letter");
            let f = ReadFace {
                net: index,
                face,
                color: attr(&r, "data-color"),
                x: attr(&r, "x"),
                y: attr(&r, "y"),
                w: attr(&r, "width"),
                h: attr(&r, "height"),
                fill: attr(&r, "fill"),
            };
            let (cx, cy) = svg::net_cell(face);
            assert!((f.x - (x0 + cx as f64 * edge)).abs() < 1e-3, "{f:?}");
            assert!((f.y - (y0 + cy as f64 * edge)).abs() < 1e-3, "{f:?}");
            faces.push(f);
        }
        nets.push((index, edge, faces));
    }
    (pages, nets)
}

/// The nets read back give exactly each cube's six colors in their net positions.
fn check_colors(svg_text: &str, cubes: &[Coloring], edge: f64) {
    let (_, nets) = read_back(svg_text);
    assert_eq!(nets.len(), cubes.len());
    for (k, (index, e, faces)) in nets.iter().enumerate() {
        assert_eq!(*index, k + 1);
        assert_eq!(*e, edge);
        assert_eq!(faces.len(), 6);
        let mut seen: Vec<Face> = faces.iter().map(|f| f.face).collect();
        seen.sort();
        let mut all = Face::ALL.to_vec();
        all.sort();
        assert_eq!(seen, all);
        for f in faces {
            let want = cubes[k].color(f.face);
            assert_eq!(f.net, k + 1);
            assert_eq!(f.color, want.to_char(), "net {} face {}", k + 1, f.face);
            assert_eq!(f.fill, svg::fill(want));
            // True scale: the face square is the edge in mm (the document's unit is 1 mm).
            assert_eq!((f.w, f.h), (edge, edge));
        }
    }
}

fn blocks(names: &[&str], paper: Paper, edge: f64) -> Result<Sheet> {
    let req = PrintBlocksRequest { blocks: names.iter().map(|s| s.to_string()).collect(), paper, edge };
    run_blocks(&req, &Context::new())
}

#[test]
fn the_30_macmahon_cubes_read_back_with_their_colors() {
    let names: Vec<&str> = macmahon::cubes().iter().map(|c| c.name).collect();
    let sheet = blocks(&names, Paper::A4, DEFAULT_EDGE).unwrap();
    let cubes: Vec<Coloring> = parse_cubes(&names).unwrap();
    check_colors(&sheet.svg(), &cubes, DEFAULT_EDGE);
    // Two nets to an A4 page at 40 mm: 15 pages of nets, then the instructions.
    assert_eq!(sheet.net_pages, 15);
    assert!(sheet.pages() > 15);
    // Every target is built by the 30 cubes: each has its heading and 8 corner lines.
    let targets = sheet.instructions.iter().filter(|l| l.heading && l.text.starts_with("Target ")).count();
    assert_eq!(targets, 30);
    let corners = sheet.instructions.iter().filter(|l| l.text.starts_with("  ") && l.text.contains(": block ")).count();
    assert_eq!(corners, 30 * 8);
}

#[test]
fn the_page_is_the_paper_in_mm_and_the_face_the_edge() {
    for (paper, w, h) in [(Paper::A4, "210mm", "297"), (Paper::Letter, "215.9mm", "279.4")] {
        let s = blocks(&["Ab"], paper, 25.5).unwrap();
        let svg_text = s.svg();
        let doc = roxmltree::Document::parse(&svg_text).unwrap();
        let root = doc.root_element();
        assert_eq!(root.attribute("width"), Some(w));
        // One page of net and one of instructions, stacked.
        assert_eq!(s.pages(), 2);
        let total: f64 = h.parse::<f64>().unwrap() * 2.0;
        assert_eq!(root.attribute("height"), Some(format!("{}mm", layout::num(total)).as_str()));
        assert_eq!(
            root.attribute("viewBox"),
            Some(format!("0 0 {} {}", &w[..w.len() - 2], layout::num(total)).as_str())
        );
        check_colors(&svg_text, &parse_cubes(&["Ab"]).unwrap(), 25.5);
        // The scale bar is SCALE_BAR mm long.
        let bar = doc.descendants().find(|n| n.attribute("class") == Some("scale")).unwrap();
        let line = bar.children().find(|n| n.has_tag_name("line")).unwrap();
        let (x1, x2): (f64, f64) = (attr(&line, "x1"), attr(&line, "x2"));
        assert_eq!(x2 - x1, layout::SCALE_BAR);
    }
}

#[test]
fn every_color_of_a_sheet_is_in_the_key_with_its_pattern() {
    let s = blocks(&["Ab", "Fe", "112233"], Paper::A4, 40.0).unwrap().svg();
    let doc = roxmltree::Document::parse(&s).unwrap();
    let page = doc.descendants().find(|n| n.attribute("class") == Some("page")).unwrap();
    let swatches: Vec<(String, String)> = page
        .descendants()
        .filter(|n| n.attribute("class") == Some("swatch"))
        .map(|n| (n.attribute("data-color").unwrap().to_string(), n.attribute("data-pattern").unwrap().to_string()))
        .collect();
    let colors: Vec<&str> = swatches.iter().map(|(c, _)| c.as_str()).collect();
    assert_eq!(colors, ["1", "2", "3", "4", "5", "6"]);
    let patterns: std::collections::BTreeSet<&str> = swatches.iter().map(|(_, p)| p.as_str()).collect();
    assert_eq!(patterns.len(), 6, "six different patterns");
}

#[test]
fn two_nets_fit_an_a4_and_a_letter_page_at_40mm_and_too_large_an_edge_is_refused() {
    let names = ["Ab", "Ac", "Ad", "Ae", "Af"];
    for paper in [Paper::A4, Paper::Letter] {
        let s = blocks(&names, paper, 40.0).unwrap();
        assert_eq!(s.net_pages, 3, "{paper:?}");
    }
    let e = blocks(&names, Paper::A4, 60.0).unwrap_err();
    assert_eq!(e.field(), Some(("edge", "60mm")));
    assert!(e.message().contains("the largest edge that fits is 4"), "{}", e.message());
    // The largest edge named does fit.
    let largest: f64 =
        e.message().rsplit("fits is ").next().unwrap().trim_end_matches(" mm").parse().expect("a number");
    assert!(blocks(&names, Paper::A4, largest).is_ok());
    assert!(blocks(&names, Paper::A4, largest + 0.1).is_err());
    let e = blocks(&names, Paper::A4, 5.0).unwrap_err();
    assert_eq!(e.field(), Some(("edge", "5mm")));
    assert!(blocks(&names, Paper::A4, f64::NAN).is_err());
    assert!(blocks(&[], Paper::A4, 40.0).unwrap_err().message().contains("blocks: no blocks given"));
    assert!(blocks(&["Ab", "Zz"], Paper::A4, 40.0).unwrap_err().message().contains("cube 2: 'Zz'"));
}

#[test]
fn the_instructions_of_blocks_place_every_block_once_and_build_the_target() {
    // Conway's puzzle set of the README: builds Cb.
    let names = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"];
    let s = blocks(&names, Paper::A4, 40.0).unwrap();
    let text: Vec<&str> = s.instructions.iter().map(|l| l.text.as_str()).collect();
    let target_lines: Vec<&&str> = text.iter().filter(|t| t.starts_with("Target ")).collect();
    assert!(!target_lines.is_empty());
    // The first arrangement: 8 corners, every block once.
    let first = text.iter().position(|t| t.starts_with("Target ")).unwrap();
    let corners: Vec<&&str> = text[first + 1..first + 9].iter().collect();
    let mut used: Vec<usize> = corners
        .iter()
        .map(|t| t.split(": block ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap())
        .collect();
    used.sort();
    assert_eq!(used, (1..=8).collect::<Vec<_>>());
    let few = blocks(&["Ab"], Paper::A4, 40.0).unwrap();
    assert!(few.instructions.iter().any(|l| l.text.contains("needs 8 blocks")));
}

#[test]
fn the_stack_instructions_turn_each_cube_to_the_solution() {
    let cubes: Vec<String> = ["rgbyrr", "gbyrgg", "byrgbb", "yrgbyy"].iter().map(|s| s.to_string()).collect();
    let req = PrintStackRequest { cubes: cubes.clone(), paper: Paper::Letter, edge: 40.0 };
    let sheet = run_stack(&req, &Context::new()).unwrap();
    check_colors(&sheet.svg(), &parse_cubes(&cubes).unwrap(), 40.0);
    let stack = Stack::new(parse_cubes(&cubes).unwrap()).unwrap();
    let solved = stack.solve(cubelab::stack::Method::Graph, 1).unwrap();
    let lines: Vec<&Line> = sheet.instructions.iter().filter(|l| l.text.starts_with("  cube ")).collect();
    match solved.stacks.first() {
        None => assert!(lines.is_empty()),
        Some(p) => {
            assert_eq!(lines.len(), 4);
            // The net faces named up and front are those the rotation brings there.
            for (i, l) in lines.iter().enumerate() {
                let cube = &stack.cubes()[i];
                let up = p.rotations[i].inverse().image(Face::U);
                assert!(l.text.contains(&format!("face {up} (")), "{}", l.text);
                assert_eq!(cube.color(up), p.oriented[i].color(Face::U));
            }
        }
    }
}

#[test]
fn instant_insanity_prints_with_its_solution() {
    let classic = cubelab::stack::classic("instant-insanity").expect("the classic set");
    let cubes: Vec<String> = classic.cubes().unwrap().iter().map(|c| c.face_string()).collect();
    let req = PrintStackRequest { cubes: cubes.clone(), paper: Paper::A4, edge: 40.0 };
    let sheet = run_stack(&req, &Context::new()).unwrap();
    assert_eq!(sheet.nets, 4);
    assert_eq!(sheet.net_pages, 2);
    check_colors(&sheet.svg(), &parse_cubes(&cubes).unwrap(), 40.0);
    let cube_lines = sheet.instructions.iter().filter(|l| l.text.starts_with("  cube ")).count();
    assert_eq!(cube_lines, 4);
    assert!(sheet.instructions.iter().any(|l| l.text.contains("1 solution")), "{:?}", sheet.instructions);
    let e = run_stack(&PrintStackRequest { cubes: vec![], paper: Paper::A4, edge: 40.0 }, &Context::new());
    assert!(e.unwrap_err().message().contains("cubes: no cubes given"));
}

#[cfg(feature = "pdf")]
#[test]
fn the_pdf_has_a_page_per_page_of_the_paper_size() {
    let names: Vec<&str> = macmahon::cubes().iter().map(|c| c.name).take(9).collect();
    for (paper, w, h) in [(Paper::A4, "595.27", "841.89"), (Paper::Letter, "612", "792")] {
        let sheet = blocks(&names, paper, 40.0).unwrap();
        let pdf = sheet.pdf();
        assert!(pdf.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&pdf);
        // Page objects: every `/Type /Page` that is not the page tree's `/Type /Pages`.
        assert_eq!(text.matches("/Type /Page").count() - text.matches("/Type /Pages").count(), sheet.pages());
        assert_eq!(sheet.pages(), 6, "5 pages of nets and the instructions");
        let boxes: Vec<&str> = text.match_indices("/MediaBox [").map(|(i, _)| &text[i + 11..]).collect();
        assert_eq!(boxes.len(), sheet.pages());
        for b in boxes {
            let nums: Vec<f64> = b.split(']').next().unwrap().split_whitespace().map(|v| v.parse().unwrap()).collect();
            assert_eq!(nums.len(), 4);
            assert!((nums[2] - w.parse::<f64>().unwrap()).abs() < 0.01, "{paper:?} width {}", nums[2]);
            assert!((nums[3] - h.parse::<f64>().unwrap()).abs() < 0.01, "{paper:?} height {}", nums[3]);
        }
        assert!(text.trim_end().ends_with("%%EOF"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Any colorings (any palette colors, repeats allowed) read back exactly.
    #[test]
    fn arbitrary_colorings_read_back(faces in prop::collection::vec(prop::collection::vec(0u8..62, 6), 1..10), letter in any::<bool>()) {
        let cubes: Vec<Coloring> = faces.iter().map(|f| Coloring::new([0, 1, 2, 3, 4, 5].map(|i| Color(f[i])))).collect();
        let tokens: Vec<String> = cubes.iter().map(|c| c.face_string()).collect();
        let paper = if letter { Paper::Letter } else { Paper::A4 };
        let req = PrintBlocksRequest { blocks: tokens.clone(), paper, edge: 30.0 };
        let parsed = parse_cubes(&tokens);
        match (run_blocks(&req, &Context::new()), parsed) {
            (Ok(sheet), Ok(parsed)) => check_colors(&sheet.svg(), &parsed, 30.0),
            (Err(_), Err(_)) => {}
            (a, b) => prop_assert!(false, "print and parse disagree: {:?} / {:?}", a.map(|s| s.nets), b.map(|c| c.len())),
        }
    }
}

fn magic(numbers: CheckRequestNumbers, cell: f64) -> Result<Sheet> {
    let (cube, square) = numbers;
    let req = PrintMagicRequest {
        numbers: crate::magic_check::CheckRequest { file: "-".into(), cube, square, text: None },
        paper: Paper::A4,
        cell,
    };
    run_magic(&req, &Context::new())
}

type CheckRequestNumbers = (Option<Vec<Vec<Vec<i64>>>>, Option<Vec<Vec<i64>>>);

/// Every layer read back from the SVG: its cells' values by row and column.
fn read_layers(svg_text: &str, cell: f64) -> Vec<Vec<Vec<i64>>> {
    let doc = roxmltree::Document::parse(svg_text).unwrap();
    let mut layers = Vec::new();
    for g in doc.descendants().filter(|n| n.attribute("class") == Some("layer")) {
        let (x0, y0): (f64, f64) = (attr(&g, "data-x"), attr(&g, "data-y"));
        let mut rows: Vec<Vec<i64>> = Vec::new();
        for c in g.children().filter(|n| n.attribute("class") == Some("cell")) {
            let (r, k): (usize, usize) = (attr(&c, "data-row"), attr(&c, "data-col"));
            assert_eq!((attr::<f64>(&c, "width"), attr::<f64>(&c, "height")), (cell, cell));
            assert!((attr::<f64>(&c, "x") - (x0 + (k - 1) as f64 * cell)).abs() < 1e-3);
            assert!((attr::<f64>(&c, "y") - (y0 + layout::CAPTION + (r - 1) as f64 * cell)).abs() < 1e-3);
            if rows.len() < r {
                rows.resize(r, Vec::new());
            }
            rows[r - 1].push(attr(&c, "data-value"));
        }
        layers.push(rows);
    }
    layers
}

#[test]
fn print_magic_draws_every_layer_and_the_verdict() {
    let cube = vec![vec![vec![1, 2], vec![3, 4]], vec![vec![5, 6], vec![7, 8]]];
    let sheet = magic((Some(cube.clone()), None), 20.0).unwrap();
    assert_eq!(read_layers(&sheet.svg(), 20.0), cube);
    assert!(sheet.instructions.iter().any(|l| l.text.contains("magic sum")), "{:?}", sheet.instructions);
    let lo_shu = vec![vec![2, 7, 6], vec![9, 5, 1], vec![4, 3, 8]];
    let sheet = magic((None, Some(lo_shu.clone())), 12.0).unwrap();
    assert_eq!(read_layers(&sheet.svg(), 12.0), vec![lo_shu.clone()]);
    assert_eq!(sheet.pages(), 2);
    let e = magic((None, Some(lo_shu.clone())), 4.0).unwrap_err();
    assert_eq!(e.field(), Some(("cell", "4mm")));
    let e = magic((None, Some(lo_shu)), 90.0).unwrap_err();
    assert_eq!(e.field(), Some(("cell", "90mm")));
    assert!(e.message().contains("the largest cell that fits is 6"), "{}", e.message());
    assert!(magic((None, Some(vec![vec![1, 1, 1], vec![2, 2, 2], vec![3, 3, 3]])), 12.0).is_err());
}

/// The largest edge that fits, by counting down a tenth of a mm at a time from `edge`:
/// what `grid` computed before it bisected (for sizes a countdown can reach).
fn counted_down(colors: &[Color], edge: f64) -> f64 {
    let fits = |tenths: f64| Grid::new(Paper::A4.size_mm(), tenths / 10.0, colors).per_page() > 0;
    let mut largest = (edge * 10.0).floor();
    while largest > MIN_EDGE * 10.0 && !fits(largest) {
        largest -= 1.0;
    }
    largest / 10.0
}

#[test]
fn the_largest_edge_named_is_the_one_counting_down_finds() {
    let colors: Vec<Color> = parse_cubes(&["Ab".to_string()]).unwrap()[0].faces().to_vec();
    for edge in [47.55, 47.6, 48.0, 60.0, 80.0, 123.45, 299.9, 1000.0, 4321.0] {
        let e = net_grid(Paper::A4, edge, &colors).unwrap_err();
        let named = format!("the largest edge that fits is {} mm", layout::num(counted_down(&colors, edge)));
        assert!(e.message().ends_with(&named), "{edge}: {}", e.message());
    }
}

#[test]
fn a_huge_size_is_refused_after_a_few_page_grids() {
    // Each size tried costs one grid; counting down from 1e9 mm would cost 10^10 of them.
    let tried = std::cell::Cell::new(0u32);
    let of = |e: f64| {
        tried.set(tried.get() + 1);
        assert!(tried.get() < 200, "{} grids tried", tried.get());
        Grid::new(Paper::A4.size_mm(), e, &[])
    };
    let huge = [(1e9, "1e9mm"), (1e40, "1e40mm"), (2f64.powi(63), "9.223372036854776e18mm"), (1e308, "1e308mm")];
    for (edge, shown) in huge.into_iter().chain([(f64::MAX, "1.7976931348623157e308mm")]) {
        tried.set(0);
        let sizing = Sizing { field: "edge", value: edge, least: MIN_EDGE, panel: "a net with its tabs", grid: &of };
        let e = grid(Paper::A4, &sizing).unwrap_err();
        assert_eq!(e.field(), Some(("edge", shown)));
        assert!(e.message().ends_with("the largest edge that fits is 47.5 mm"), "{edge}: {}", e.message());
        assert!(!e.message().contains("inf") && e.message().len() < 200, "{}", e.message());
    }
    let e = blocks(&["Ac", "Af"], Paper::A4, 1e9).unwrap_err();
    assert_eq!(e.kind(), crate::ErrorKind::BadInput);
    assert!(e.message().contains("(4.000000008e9 x 3e9 mm)"), "{}", e.message());
}

#[test]
fn a_panel_too_large_at_the_least_size_says_none_fits() {
    // 50 cells of at least 5 mm: 250 mm, wider than A4 at any cell.
    let square: Vec<Vec<i64>> = (0..50).map(|i| (0..50).map(|j| i * 50 + j + 1).collect()).collect();
    let e = magic((None, Some(square)), 12.0).unwrap_err();
    assert_eq!(e.field(), Some(("cell", "12mm")));
    assert!(e.message().ends_with("and none fits even at 5 mm"), "{}", e.message());
}

#[test]
fn every_print_command_polls_the_stop_token() {
    let stop = cubelab::run::Stop::new();
    stop.request();
    let ctx = Context::new().with_stop(stop);
    let names = ["Ac", "Af"].map(String::from).to_vec();
    let e = run_blocks(&PrintBlocksRequest { blocks: names, paper: Paper::A4, edge: 40.0 }, &ctx).unwrap_err();
    assert_eq!(e.kind(), crate::ErrorKind::Stopped);
    let cubes = ["rgbyrr", "gbyrgg", "byrgbb", "yrgbyy"].map(String::from).to_vec();
    let e = run_stack(&PrintStackRequest { cubes, paper: Paper::A4, edge: 40.0 }, &ctx).unwrap_err();
    assert_eq!(e.kind(), crate::ErrorKind::Stopped);
    let numbers = crate::magic_check::CheckRequest {
        file: "-".into(),
        cube: None,
        square: None,
        text: Some("2 7 6 9 5 1 4 3 8".into()),
    };
    let e = run_magic(&PrintMagicRequest { numbers, paper: Paper::A4, cell: 12.0 }, &ctx).unwrap_err();
    assert_eq!(e.kind(), crate::ErrorKind::Stopped);
}

#[test]
fn a_huge_edge_over_the_web_is_one_line_of_bad_input() {
    let ctx = Context::new().with_limits(crate::Limits::default());
    let input = serde_json::json!({ "blocks": ["Ac", "Af"], "edge": 1e9 });
    let e = run_file("print blocks", input, &ctx).unwrap_err();
    assert_eq!(e.kind(), crate::ErrorKind::BadInput);
    assert!(!e.to_string().contains('\n') && e.to_string().starts_with("edge 1e9mm: a net with its tabs"), "{e}");
}
