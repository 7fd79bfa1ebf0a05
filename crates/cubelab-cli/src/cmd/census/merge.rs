//! `census merge`: the shards of one census into the whole census's report, run by
//! [`cubelab_api::census::merge`] on the shards read from their files.

use super::{print, typed, PlotArgs};
use crate::output::FormatArgs;
use anyhow::Context;
use cubelab::census::report::CensusReport;
use cubelab_api::census::merge::{self, MergePart, MergeRequest, ShardOutput};
use std::path::PathBuf;

// Arguments of `census merge`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub(super) struct MergeArgs {
    /// JSON outputs of the shards (all shards of one census, any order).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    #[command(flatten)]
    format: FormatArgs,
    #[command(flatten)]
    plot: PlotArgs,
}

/// Runs `census merge`: every file is read (the library's capped reader) and parsed into
/// its typed report; the first problem ends the run naming its file. The merge itself
/// (checksums, figures, same census, shards 1..N once each) is the typed layer's.
pub(super) fn run(a: MergeArgs, ctx: &crate::context::Context) -> anyhow::Result<String> {
    let mut parts = Vec::new();
    for (i, f) in a.files.iter().enumerate() {
        let name = format!("file {} '{}'", i + 1, f.display());
        // The reader names the file: the context adds only which one it is.
        let text = cubelab::io::read_text(f.as_ref()).with_context(|| format!("file {}", i + 1))?;
        let (input, report) = CensusReport::from_json(&text).with_context(|| name.clone())?;
        parts.push(MergePart { name, shard: ShardOutput { input, report } });
    }
    let req = MergeRequest { parts };
    let out = typed(ctx, false, None, |c| merge::run(&req, c))?;
    print(&out, a.plot.plot.as_deref(), &a.format)
}
