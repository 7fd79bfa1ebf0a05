//! `cubelab magic squares` and `magic squares-merge`: the census of magic squares of
//! orders 3 to 5.

use super::long_run;
use crate::cli::failure;
use crate::output::{render, Format, Report};
use crate::progress;
use anyhow::Context;
use cubelab::magic::square_census::ListFn;
use cubelab_api::magic::Checkpoint;
use cubelab_api::magic_squares::{self as api, MergeRequest, SquareKind, SquareMethod, SquaresInput, SquaresRequest};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

// Arguments of `cubelab magic squares`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Examples:
  cubelab magic squares --order 4 --classes           880 squares in Dudeney's 12 groups
  cubelab magic squares --order 5 --json              275,305,224 (about 60 s of CPU: 31 s wall on
                                                      2 idle cores; docs/benchmarks.md)
  cubelab magic squares --order 4 --kind pandiagonal --list
  cubelab magic squares --order 5 --fix 3,3=13 --fix 1,1=1 --fix 2,2=2 --fix 4,4=25 --fix 5,5=24 --fix 1,5=3 --method backtrack
                           a shard both methods count: 56 squares (about 30 s; diagonals: 0.01 s)

Counts: essentially different squares (one per 8 rotations and reflections, in
Frénicle's standard form) and all squares, on the numbers 1..n². Kinds: normal (rows,
columns, both diagonals), semi (rows and columns), pandiagonal (also every broken
diagonal), associative (also every pair of cells symmetric about the centre sums to
n²+1). With --checkpoint the census saves its state every few seconds and when stopped
(Ctrl-C, exit 3); --resume continues it. The output is the same for any number of
threads (RAYON_NUM_THREADS).")]
pub struct SquaresArgs {
    /// Order n: 3, 4 or 5.
    #[arg(long)]
    order: usize,
    /// Kind: normal, semi, pandiagonal or associative.
    #[arg(long, default_value = "normal")]
    kind: String,
    /// Method: diagonals (fast; not for semi) or backtrack (plain backtracking).
    #[arg(long)]
    method: Option<String>,
    /// Count only the squares with this cell: ROW,CELL=VALUE, 1-based (repeatable; the
    /// diagonals method fixes only cells on the diagonals and counts one or two fixed
    /// cells under the symmetries that keep the diagonals: fixing the centre keeps all
    /// of them, so --fix 3,3=C runs as fast as --shard C/13).
    #[arg(long = "fix", value_name = "ROW,CELL=VALUE")]
    fix: Vec<String>,
    /// Group the order-4 normal squares by their complementary pairs (Dudeney's groups).
    #[arg(long)]
    classes: bool,
    /// Print every essentially different square (every square with --fix) as it is
    /// found, one per line, cells row by row, before the counts (as '#' lines).
    #[arg(long, conflicts_with = "json")]
    list: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Run only shard I of N (contiguous tasks); merge with `magic squares-merge`. For
    /// order 5 (normal squares), shard C/13 is exactly the census of centre C (its
    /// squares also count for centre 26-C, their complements).
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Save the census state to FILE (atomically, every few seconds and when stopped).
    #[arg(long, value_name = "FILE", conflicts_with = "list")]
    checkpoint: Option<PathBuf>,
    /// Continue the census saved in the --checkpoint file (if it exists).
    #[arg(long, requires = "checkpoint")]
    resume: bool,
    /// Start afresh and replace an existing --checkpoint file (without it, or --resume, an
    /// existing file is refused).
    #[arg(long, requires = "checkpoint", conflicts_with = "resume")]
    force: bool,
}

// Arguments of `cubelab magic squares-merge`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Examples:
  cubelab magic squares --order 4 --shard 1/2 --json > a.json
  cubelab magic squares --order 4 --shard 2/2 --json > b.json
  cubelab magic squares-merge a.json b.json --json
(order 5 works the same way, with a minute or so of CPU over its shards)")]
pub struct MergeArgs {
    /// JSON outputs of `magic squares --shard I/N --json` (every shard once, any order).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// The request of the arguments (the kind and the method parsed here, naming the flag
/// at fault).
fn request(args: &SquaresArgs) -> anyhow::Result<SquaresRequest> {
    let kind = SquareKind::from_name(&args.kind).map_err(failure).with_context(|| format!("--kind '{}'", args.kind))?;
    let method = match &args.method {
        Some(m) => Some(SquareMethod::from_name(m).map_err(failure).with_context(|| format!("--method '{m}'"))?),
        None => None,
    };
    Ok(SquaresRequest {
        order: args.order,
        kind,
        method,
        fix: args.fix.clone(),
        classes: args.classes,
        list: args.list,
        shard: args.shard.clone(),
    })
}

/// Runs `cubelab magic squares`.
pub fn run(args: SquaresArgs, ctx: &crate::context::Context) -> anyhow::Result<String> {
    let req = request(&args)?;
    let bar = Arc::new(ctx.bar());
    let checkpoint = args.checkpoint.as_deref();
    progress::note_fresh_start(&bar, checkpoint, args.resume);
    let failed = std::sync::Mutex::new(None);
    let print = |cells: &[u8]| {
        let line: Vec<String> = cells.iter().map(|v| v.to_string()).collect();
        let mut out = std::io::stdout().lock();
        if let Err(e) = writeln!(out, "{}", line.join(" ")) {
            failed.lock().expect("lock").get_or_insert(e);
        }
    };
    let list: Option<&ListFn<'_>> = if args.list { Some(&print) } else { None };
    let files = Checkpoint { path: checkpoint, resume: args.resume, overwrite: args.force };
    let report = api::run_with(&req, &long_run(&bar, ctx), files, list)
        .map_err(|e| progress::with_resume_hint_typed(e, checkpoint))?;
    drop(bar);
    if let Some(e) = failed.into_inner().expect("lock") {
        return Err(e).context("cannot write the squares");
    }
    let input = SquaresInput::of(&report, args.classes, args.list);
    if args.list {
        // The counts follow the list as comment lines.
        let text: String =
            report.text().lines().map(|l| if l.is_empty() { "#\n".into() } else { format!("# {l}\n") }).collect();
        return Ok(text);
    }
    render(&report, &input, Format::json_or_text(args.json))
}

/// Reads every shard's report (naming the file in any error) and prints the merged one.
pub fn merge(args: MergeArgs) -> anyhow::Result<String> {
    let mut req = MergeRequest { reports: Vec::with_capacity(args.files.len()), names: Vec::new() };
    for (i, f) in args.files.iter().enumerate() {
        let name = format!("file {} '{}'", i + 1, f.display());
        // The reader names the file: the context adds only which one it is.
        let text = cubelab::io::read_text(f.as_ref()).with_context(|| format!("file {}", i + 1))?;
        req.reports.push(serde_json::Value::String(text));
        req.names.push(name);
    }
    let merged = api::merge(&req, &cubelab_api::Context::new()).map_err(failure)?;
    render(&merged, &SquaresInput::of(&merged, false, false), Format::json_or_text(args.json))
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(super) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<cubelab::magic::square_census::SquareCensus>();
}
