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
    // Sizes no page holds: refused at once, naming the value and the largest that fits
    // (1e308mm was "infmm: the edge must be at least 10 mm").
    for (edge, shown) in [("1e9mm", "1e9mm"), ("1e308mm", "1e308mm"), ("9223372036854775808", "9.223372036854776e18mm")]
    {
        let e = bad(&["print", "blocks", "Ac", "Af", "--edge", edge]);
        assert!(
            e.contains(&format!("--edge {shown}: a net"))
                && e.trim_end().ends_with("the largest edge that fits is 47.5 mm"),
            "{e}"
        );
    }
    assert!(bad(&["print", "blocks", "Ab", "--edge", "1e308cm"]).contains("at most"));
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

/// Six small PNG pictures (48 x 40 pixels, a gradient each) in a folder, and their paths.
fn pictures(dir: &std::path::Path) -> Vec<String> {
    (0..6u8)
        .map(|k| {
            let img = image::RgbImage::from_fn(48, 40, |x, y| image::Rgb([(x * 5) as u8, (y * 6) as u8, 30 * k]));
            let path = dir.join(format!("p{k}.png"));
            img.save(&path).unwrap();
            path.to_str().unwrap().to_string()
        })
        .collect()
}

#[test]
fn print_picture_writes_svg_and_pdf_with_a_net_per_cube() {
    let dir = tempfile::tempdir().unwrap();
    let images = pictures(dir.path());
    let mut args: Vec<&str> = vec!["print", "picture", "--rows", "2", "--cols", "2", "--images"];
    args.extend(images.iter().map(String::as_str));
    let svg = ok(&args);
    assert_eq!(svg.matches("class=\"net\"").count(), 4);
    assert_eq!(svg.matches("<image class=\"face\"").count(), 24);
    assert!(svg.contains("data-row=\"2\" data-col=\"1\""));
    // Two nets to an A4 page at 40 mm, then the instructions.
    assert!(svg.contains("data-pages=\"3\""));
    assert_eq!(ok(&args), svg, "deterministic");
    let pdf_path = dir.path().join("cubes.pdf");
    args.extend(["-o", pdf_path.to_str().unwrap()]);
    assert_eq!(ok(&args), "");
    let pdf = std::fs::read(&pdf_path).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    assert_eq!(pdf_pages(&pdf), 3);
    assert_eq!(String::from_utf8_lossy(&pdf).matches("/DCTDecode").count(), 24);
}

#[test]
fn print_picture_refusals_name_the_option_or_picture_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let images = pictures(dir.path());
    let with = |images: &[&str], extra: &[&str]| {
        let mut args: Vec<&str> = vec!["print", "picture"];
        for (flag, default) in [("--rows", "2"), ("--cols", "2")] {
            if !extra.contains(&flag) {
                args.extend([flag, default]);
            }
        }
        args.extend(extra);
        args.push("--images");
        args.extend(images);
        bad(&args)
    };
    let paths: Vec<&str> = images.iter().map(String::as_str).collect();
    let e = with(&paths[..5], &[]);
    assert!(e.starts_with("error: --images: exactly 6 pictures are needed (one per face), not 5"), "{e}");
    let missing = dir.path().join("missing.png");
    let mut six = paths.clone();
    six[3] = missing.to_str().unwrap();
    let mut missing_args = vec!["print", "picture", "--rows", "2", "--cols", "2", "-o", "/dev/null", "--images"];
    missing_args.extend(&six);
    let e = crate::io_fail(&missing_args);
    assert!(e.starts_with("error: --images: picture D: cannot read '") && e.contains("missing.png"), "{e}");
    let text = dir.path().join("notes.png");
    std::fs::write(&text, "not a picture").unwrap();
    six[3] = text.to_str().unwrap();
    let e = with(&six, &[]);
    assert!(e.contains("--images: picture D '") && e.contains("notes.png' is not a PNG or JPEG file"), "{e}");
    let e = with(&paths, &["--rows", "7"]);
    assert!(e.starts_with("error: --rows 7: a printed board has 1 to 6 rows"), "{e}");
    let e = with(&paths, &["--cols", "0"]);
    assert!(e.starts_with("error: --cols 0: a printed board has 1 to 6 columns"), "{e}");
    let e = with(&paths, &["--edge", "80mm"]);
    assert!(e.starts_with("error: --edge 80mm: a net with its tabs"), "{e}");
    // 48 x 40 pixels do not make 6 x 6 tiles of 8 pixels.
    let e = with(&paths, &["--rows", "6", "--cols", "6"]);
    assert!(e.contains("picture A '") && e.contains("too few for 6 x 6 tiles"), "{e}");
    assert!(bad(&["print", "picture", "--rows", "2", "--cols", "2"]).contains("--images"));
}

/// A file name naming no format is refused before any work, in one line listing the known
/// extensions (`-o x.docx` was an SVG named x.docx); `--format` writes it all the same.
/// What was written is said in one line on stderr; stdout stays the sheet's alone.
#[test]
fn print_says_what_it_wrote_and_refuses_a_name_naming_no_format() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["x.docx", "x.PNG", "notes.svg.txt"] {
        let path = dir.path().join(name);
        let e = bad(&["print", "blocks", "Ab", "-o", path.to_str().unwrap()]);
        assert!(e.starts_with(&format!("error: --output '{}': ", path.display())), "{e}");
        assert!(e.contains("(known: .pdf, .svg); give --format svg or --format pdf"), "{e}");
        assert!(!path.exists(), "nothing is written");
    }
    let docx = dir.path().join("x.docx");
    let out =
        cubelab().args(["print", "blocks", "Ab", "--format", "svg", "-o", docx.to_str().unwrap()]).output().unwrap();
    assert!(out.status.success() && out.stdout.is_empty());
    let size = std::fs::metadata(&docx).unwrap().len();
    let svg = std::fs::read_to_string(&docx).unwrap();
    assert!(svg.starts_with("<svg ") && svg.contains("data-pages=\"2\""), "a net and the instructions");
    let err = String::from_utf8(out.stderr).unwrap();
    let size_text = cubelab::words::thousands(size);
    assert_eq!(err, format!("wrote {}: SVG, 2 pages of A4, {size_text} bytes\n", docx.display()));
    // A name without an extension (a device too) is an SVG, as the line says.
    let out = cubelab().args(["print", "blocks", "Ab", "-o", "/dev/null"]).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8(out.stderr).unwrap().starts_with("wrote /dev/null: SVG, 2 pages of A4, "));
    // A PDF's pages and bytes, as the file has them; the same line for standard output.
    let pdf = dir.path().join("Conway.PDF");
    let out =
        cubelab().args(["print", "blocks", "Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc", "-o"]).arg(&pdf).output();
    let out = out.unwrap();
    let bytes = std::fs::read(&pdf).unwrap();
    assert_eq!(pdf_pages(&bytes), 6);
    let size_text = cubelab::words::thousands(bytes.len());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!("wrote {}: PDF, 6 pages of A4, {size_text} bytes\n", pdf.display())
    );
    let out = cubelab()
        .args(["print", "stack", "rgbyrr", "gbyrgg", "byrgbb", "yrgbyy", "--paper", "letter"])
        .output()
        .unwrap();
    let size_text = cubelab::words::thousands(out.stdout.len());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err, format!("wrote standard output: SVG, 3 pages of Letter, {size_text} bytes\n"));
}

/// A destination in a missing folder is named with its folder, never the temporary file
/// that was tried beside it.
#[test]
fn an_output_in_a_missing_folder_names_it_not_the_temporary_file() {
    let err = super::io_fail(&["print", "blocks", "Ab", "-o", "/nonexistent/dir/x.pdf"]);
    assert_eq!(err, "error: cannot write '/nonexistent/dir/x.pdf': the folder '/nonexistent/dir' does not exist\n");
}
