//! `cubelab print`: sheets to print, cut, fold and glue: one net per block or cube at
//! true scale, a key of the colors with their patterns, and the assembly instructions
//! (docs/print.md).

use crate::cli::failure;
use crate::output::{write_atomic, write_stdout};
use cubelab_api::magic_check::CheckRequest;
use cubelab_api::print::{
    self, Paper, PrintBlocksRequest, PrintFormat, PrintMagicRequest, PrintPictureRequest, PrintStackRequest, Sheet,
};
use cubelab_api::Context;
use std::path::PathBuf;

// Arguments of `cubelab print`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Each net is drawn at true scale: print at 100% (actual size, no fitting to the page) and
check the 50 mm scale bar at the top of every page. An SVG holds every page stacked from
top to bottom (each page the paper's size); a PDF has one page per page. One line on
stderr says what was written (the file, its format, pages and size).

print picture takes six pictures of your own (PNG or JPEG), for instance
cubelab print picture --images a.jpg b.jpg c.jpg d.jpg e.jpg f.png --rows 2 --cols 3 -o cubes.pdf

Examples:
  cubelab print blocks Ac Af Ba Bf Ea Ef Fa Fc -o conway.pdf
  cubelab print blocks Ab Ac --edge 4.5cm --paper letter -o two.svg
  cubelab print stack rgbyrr gbyrgg byrgbb yrgbyy --format pdf > stack.pdf
  cubelab magic construct --order 4 | cubelab print magic - -o magic.pdf")]
pub struct Args {
    #[command(subcommand)]
    command: PrintCommand,
}

#[derive(clap::Subcommand, Debug)]
#[command(defer = true)]
enum PrintCommand {
    /// One net per block, and how to assemble every target they build, corner by corner.
    Blocks(BlocksArgs),
    /// One net per cube of a stack, and one solution, cube by cube.
    Stack(StackArgs),
    /// The layers of a magic cube (or a magic square) as grids of numbers, with what magic check says.
    Magic(MagicArgs),
    /// A picture cube puzzle: six pictures cut into tiles on the nets of a board of cubes, and how to play it.
    Picture(PictureArgs),
}

// Arguments of `cubelab print picture`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
struct PictureArgs {
    /// The six pictures A to F (PNG or JPEG files; each cropped centrally to the board's shape).
    #[arg(long, required = true, num_args = 1.., value_name = "FILE")]
    images: Vec<PathBuf>,
    /// The rows of the board (1 to 6).
    #[arg(long, value_name = "M")]
    rows: usize,
    /// The columns of the board (1 to 6).
    #[arg(long, value_name = "N")]
    cols: usize,
    #[command(flatten)]
    sheet: SheetArgs,
    #[command(flatten)]
    output: OutputArgs,
}

// Arguments of `cubelab print magic`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
struct MagicArgs {
    /// The cube or square file as magic check reads it, or - for standard input.
    file: String,
    /// The side of a cell: a length in mm, cm or in (a bare number is mm).
    #[arg(long, default_value = "12mm", value_name = "LENGTH", value_parser = length_mm, allow_hyphen_values = true)]
    cell: f64,
    #[command(flatten)]
    output: OutputArgs,
}

// Arguments of `cubelab print blocks`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
struct BlocksArgs {
    /// The blocks, in any notation (Conway names, face strings, labelled forms, K1..K30, Sobczyk symbols).
    #[arg(required = true, value_name = "BLOCKS")]
    blocks: Vec<String>,
    #[command(flatten)]
    sheet: SheetArgs,
    #[command(flatten)]
    output: OutputArgs,
}

// Arguments of `cubelab print stack`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
struct StackArgs {
    /// The cubes, bottom first, in any notation (2 to 8 cubes, as many colors in all).
    #[arg(required = true, value_name = "CUBES")]
    cubes: Vec<String>,
    #[command(flatten)]
    sheet: SheetArgs,
    #[command(flatten)]
    output: OutputArgs,
}

// The size of the nets.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
struct SheetArgs {
    /// The edge of the printed cubes: a length in mm, cm or in (40mm, 4cm, 1.5in; a bare number is mm).
    #[arg(long, default_value = "40mm", value_name = "LENGTH", value_parser = length_mm, allow_hyphen_values = true)]
    edge: f64,
}

// The paper and where the sheet goes.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
struct OutputArgs {
    /// The paper size.
    #[arg(long, value_enum, default_value = "a4")]
    paper: Paper,
    /// The file format [default: --output's extension, .pdf or .svg (another is refused);
    /// svg for a name without one and for standard output].
    #[arg(long, value_enum)]
    format: Option<PrintFormat>,
    /// Write the sheet to this file instead of standard output.
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// A length with its unit (mm, cm or in; mm when none) in mm.
fn length_mm(text: &str) -> Result<f64, String> {
    let t = text.trim();
    // Tenths of a millimetre per unit: 1.5in is 1.5 * 254 / 10 = 38.1 mm exactly as
    // printed (1.5 * 25.4 rounds to 38.099999999999994).
    let (number, tenths) = [("mm", 10.0), ("cm", 100.0), ("in", 254.0)]
        .iter()
        .find_map(|(unit, tenths)| t.strip_suffix(unit).map(|n| (n.trim(), *tenths)))
        .unwrap_or((t, 10.0));
    match number.parse::<f64>() {
        // `v * tenths` overflows for lengths near the largest float: in mm the length is
        // `v` itself (1e308mm is 1e308 mm, which the command refuses as too large for the
        // page, not as infinite); in cm or in it is beyond every float.
        Ok(v) if v.is_finite() && v > 0.0 => match v * tenths / 10.0 {
            mm if mm.is_finite() => Ok(mm),
            _ if tenths == 10.0 => Ok(v),
            _ => Err(format!("a length of at most {:e} mm (the largest number)", f64::MAX)),
        },
        _ => Err("expected a positive length such as 40mm, 4cm or 1.5in".into()),
    }
}

/// Runs `cubelab print`.
pub fn run(args: Args, ctx: &crate::context::Context) -> anyhow::Result<String> {
    let api = Context::new().with_stop(ctx.stop());
    // The format is settled before any work: a file name naming none is refused.
    let outputs = match &args.command {
        PrintCommand::Blocks(a) => &a.output,
        PrintCommand::Stack(a) => &a.output,
        PrintCommand::Magic(a) => &a.output,
        PrintCommand::Picture(a) => &a.output,
    };
    let format = format(outputs)?;
    let (sheet, output) = match args.command {
        PrintCommand::Blocks(a) => {
            let req = PrintBlocksRequest { blocks: a.blocks, paper: a.output.paper, edge: a.sheet.edge };
            (print::run_blocks(&req, &api).map_err(failure)?, a.output)
        }
        PrintCommand::Stack(a) => {
            let req = PrintStackRequest { cubes: a.cubes, paper: a.output.paper, edge: a.sheet.edge };
            (print::run_stack(&req, &api).map_err(failure)?, a.output)
        }
        PrintCommand::Magic(a) => {
            let text = ctx.read_input(&a.file)?;
            let numbers = CheckRequest { file: a.file, cube: None, square: None, text: Some(text) };
            let req = PrintMagicRequest { numbers, paper: a.output.paper, cell: a.cell };
            (print::run_magic(&req, &api).map_err(failure)?, a.output)
        }
        PrintCommand::Picture(a) => {
            let mut images = Vec::with_capacity(a.images.len());
            for (k, path) in a.images.iter().enumerate() {
                // The error names the option and the picture; its kind stays the
                // reader's (a file that cannot be read: exit 1; too large: exit 2).
                let bytes = cubelab::io::read_bytes(path).map_err(|e| {
                    let letter = char::from(b'A' + k.min(25) as u8);
                    anyhow::Error::new(e).context(format!("--images: picture {letter}"))
                })?;
                images.push(bytes);
            }
            let names = a.images.iter().map(|p| p.display().to_string()).collect();
            let req = PrintPictureRequest {
                images,
                names,
                rows: a.rows,
                cols: a.cols,
                paper: a.output.paper,
                edge: a.sheet.edge,
            };
            (print::run_picture(&req, &api).map_err(failure)?, a.output)
        }
    };
    write(&sheet, format, &output)?;
    Ok(String::new())
}

/// The format of the sheet: `--format`, else the one `--output`'s extension names (an
/// unknown one is refused, exit 2), else SVG on standard output.
fn format(opts: &OutputArgs) -> anyhow::Result<PrintFormat> {
    match (opts.format, &opts.output) {
        (Some(format), _) => Ok(format),
        (None, Some(path)) => PrintFormat::of_file_name(path).map_err(failure),
        (None, None) => Ok(PrintFormat::Svg),
    }
}

/// Writes the sheet in its format to the file or standard output, and says on stderr
/// what was written (one line).
fn write(sheet: &Sheet, format: PrintFormat, opts: &OutputArgs) -> anyhow::Result<()> {
    let bytes = sheet.file(format).map_err(failure)?;
    let to = match &opts.output {
        Some(path) => {
            write_atomic(path, &bytes)?;
            path.display().to_string()
        }
        None => {
            write_stdout(&bytes)?;
            "standard output".to_string()
        }
    };
    eprintln!("{}", sheet.written_line(format, bytes.len(), &to));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::length_mm;

    #[test]
    fn lengths_are_read_in_mm() {
        assert_eq!(length_mm("40mm"), Ok(40.0));
        assert_eq!(length_mm("40"), Ok(40.0));
        assert_eq!(length_mm("4cm"), Ok(40.0));
        assert_eq!(length_mm("1.5in"), Ok(38.1));
        assert_eq!(length_mm(" 35 mm"), Ok(35.0));
        // Near the largest float: the length in mm, not infinity; in cm it is beyond.
        assert_eq!(length_mm("1e308mm"), Ok(1e308));
        assert_eq!(length_mm("1e308"), Ok(1e308));
        assert!(length_mm("1e308cm").is_err_and(|e| e.contains("at most")));
        for bad in ["", "mm", "-4cm", "0", "inf", "4 furlongs", "NaNmm", "1e309mm"] {
            assert!(length_mm(bad).is_err(), "{bad}");
        }
    }
}
