//! `census merge`: the shards of one census into the whole census's report, through the
//! library's typed merge ([`cubelab::census::report::merge`]).

use super::{finish, PlotArgs};
use crate::output::FormatArgs;
use anyhow::Context;
use cubelab::census::report::{merge, CensusReport};
use std::path::PathBuf;

/// Arguments of `census merge`.
#[derive(clap::Args, Debug)]
pub(super) struct MergeArgs {
    /// JSON outputs of the shards (all shards of one census, any order).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    #[command(flatten)]
    format: FormatArgs,
    #[command(flatten)]
    plot: PlotArgs,
}

/// Runs `census merge`: every file is read, checked (checksum, figures, same census,
/// shards 1..N once each) and merged; the first problem ends the run naming its file.
pub(super) fn run(a: MergeArgs) -> anyhow::Result<String> {
    let mut parts: Vec<(String, serde_json::Value, CensusReport)> = Vec::new();
    for (i, f) in a.files.iter().enumerate() {
        let name = format!("file {} '{}'", i + 1, f.display());
        let text = cubelab::io::read_text(f.as_ref()).with_context(|| format!("{name} cannot be read"))?;
        let (input, report) = CensusReport::from_json(&text).with_context(|| name.clone())?;
        parts.push((name, input, report));
    }
    let (input, merged) = merge(&parts)?;
    finish(&input, merged, a.plot.plot.as_deref(), &a.format)
}
