//! `cubelab print blocks|stack`: printable nets as SVG and PDF, and their refusals.

use super::{bad, cubelab, ok};

/// The number of page objects of a PDF (`/Type /Page`, not the tree's `/Type /Pages`).
fn pdf_pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.matches("/Type /Page").count() - text.matches("/Type /Pages").count()
}

#[test]
fn print_blocks_writes_one_svg_with_a_net_per_block() {
    let svg = ok(&["print", "blocks", "Ab", "--edge", "20mm"]);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"210mm\""), "{}", &svg[..80]);
    assert_eq!(svg.matches("class=\"net\"").count(), 1);
    assert_eq!(svg.matches("class=\"face\"").count(), 6);
    // Deterministic: the same command, the same bytes.
    assert_eq!(ok(&["print", "blocks", "Ab", "--edge", "20mm"]), svg);
    insta::assert_snapshot!("print_blocks_ab_svg", svg);
    let letter = ok(&["print", "blocks", "Ab", "Ac", "--paper", "letter", "--edge", "1.5in"]);
    assert!(letter.contains("width=\"215.9mm\""));
    assert!(letter.contains("data-edge=\"38.1\""));
    assert_eq!(letter.matches("class=\"net\"").count(), 2);
}

#[test]
fn print_writes_pdf_to_a_file_or_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("conway.pdf");
    let path_text = path.to_str().unwrap();
    // The format follows the file's extension.
    let out = ok(&["print", "blocks", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc", "-o", path_text]);
    assert_eq!(out, "");
    let pdf = std::fs::read(&path).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    // 8 blocks, two to an A4 page, then two pages of instructions (five targets).
    assert_eq!(pdf_pages(&pdf), 6);
    assert!(String::from_utf8_lossy(&pdf).contains("/MediaBox [0 0 595.2756 841.8898]"));
    let out = cubelab()
        .args(["print", "stack", "rgbyrr", "gbyrgg", "byrgbb", "yrgbyy", "--format", "pdf", "--paper", "letter"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(out.stdout.starts_with(b"%PDF-"));
    assert_eq!(pdf_pages(&out.stdout), 3);
    assert!(String::from_utf8_lossy(&out.stdout).contains("/MediaBox [0 0 612 792]"));
    let svg_path = dir.path().join("stack.svg");
    ok(&["print", "stack", "rgbyrr", "gbyrgg", "byrgbb", "yrgbyy", "-o", svg_path.to_str().unwrap()]);
    assert!(std::fs::read_to_string(&svg_path).unwrap().contains("data-pages=\"3\""));
}

#[test]
fn refusals_name_the_option_or_position_in_one_line() {
    let e = bad(&["print", "blocks", "Ab", "Zz"]);
    assert!(e.contains("cube 2: 'Zz' is not a cube"), "{e}");
    let e = bad(&["print", "blocks", "Ab", "--edge", "80mm"]);
    assert!(e.contains("--edge 80mm: a net") && e.contains("the largest edge that fits is"), "{e}");
    let e = bad(&["print", "blocks", "Ab", "--paper", "letter", "--edge", "9mm"]);
    assert!(e.contains("--edge 9mm: the edge must be at least 10 mm"), "{e}");
    assert!(bad(&["print", "blocks", "Ab", "--edge", "4 furlongs"]).contains("--edge"));
    assert!(bad(&["print", "blocks", "Ab", "--edge", "-4cm"]).contains("--edge"));
    assert!(bad(&["print", "blocks", "Ab", "--edge", "0mm"]).contains("--edge"));
    assert!(bad(&["print", "blocks", "Ab", "--paper", "a5"]).contains("--paper"));
    assert!(bad(&["print", "blocks", "Ab", "--format", "png"]).contains("--format"));
    assert!(bad(&["print", "blocks"]).contains("BLOCKS"));
    assert!(bad(&["print", "stack"]).contains("CUBES"));
    assert!(bad(&["print", "stack", "rgbyrr"]).contains("a stack has 2 to 8 cubes, not 1"));
    bad(&["print"]);
}

#[test]
fn print_magic_prints_the_layers_read_from_standard_input() {
    let cube = ok(&["magic", "construct", "--order", "3"]);
    let out = cubelab().args(["print", "magic", "-"]).write_stdin(cube).output().unwrap();
    assert!(out.status.success());
    let svg = String::from_utf8(out.stdout).unwrap();
    assert_eq!(svg.matches("class=\"layer\"").count(), 3);
    assert_eq!(svg.matches("class=\"cell\"").count(), 27);
    let out = cubelab()
        .args(["print", "magic", "-", "--cell", "80mm"])
        .write_stdin("2 7 6\n9 5 1\n4 3 8\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("error: --cell 80mm: a layer (240 x 246 mm) does not fit"), "{err}");
    let out = cubelab().args(["print", "magic", "-"]).write_stdin("1 2\n3\n").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8(out.stderr).unwrap().lines().count(), 1);
}

#[test]
fn every_flag_of_print_is_honoured_or_refused() {
    use super::flags::{check_flags, Effect::*};
    check_flags(
        &["print", "blocks", "Ab", "Ac"],
        &[
            (&["--paper", "letter"], Changes),
            (&["--paper", "a5"], Refused),
            (&["--edge", "30mm"], Changes),
            (&["--edge", "3cm"], ChangesFrom(&["--edge", "25mm"])),
            (&["--edge", "200mm"], Refused),
            (&["--edge", "9.9mm"], Refused),
            // A PDF is not text: written to a file (whatever its name) and read back.
            (&["--format", "pdf", "-o", "FILE"], Writes),
            (&["--format", "png"], Refused),
            (&["-o", "FILE.svg"], Writes),
            (&["-o", "/nonexistent-dir/x.svg"], Exits(1)),
        ],
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.svg");
    ok(&["print", "blocks", "Ab", "Ac", "--format", "pdf", "-o", path.to_str().unwrap()]);
    assert!(std::fs::read(&path).unwrap().starts_with(b"%PDF-"), "--format pdf wins over the name");
    check_flags(
        &["print", "stack", "rgbyrr", "gbyrgg", "byrgbb", "yrgbyy"],
        &[(&["--paper", "letter"], Changes), (&["--edge", "1in"], Changes), (&["--output", "FILE.svg"], Writes)],
    );
    let cube = dir.path().join("cube.txt");
    std::fs::write(&cube, ok(&["magic", "construct", "--order", "3"])).unwrap();
    check_flags(
        &["print", "magic", cube.to_str().unwrap()],
        &[
            (&["--cell", "20mm"], Changes),
            (&["--cell", "4mm"], Refused),
            (&["--cell", "30cm"], Refused),
            (&["--paper", "letter"], Changes),
            (&["--format", "pdf", "-o", "FILE"], Writes),
            (&["-o", "FILE.svg"], Writes),
        ],
    );
}
