//! MacMahon's extended target puzzle (N x N x N): `cubelab extended`, the census questions
//! (`census.rs`) and the guarantee (`guarantee.rs`). `build --size N` and `solve --size N`
//! run in `cubelab_api::extended`.

use crate::output::{render, Format, Report};
use crate::progress::Bar;
use anyhow::Context;
use cubelab::coloring::Coloring;
use cubelab::extended::census::Census;
use cubelab::extended::{check_size, search::search};
use cubelab::notation::{at_position, names_of, parse_cube};
use cubelab::rng::SplitMix64;
use schemars::JsonSchema;
use serde::Serialize;

mod census;
mod guarantee;
pub use census::{run, Args};

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<cubelab_api::extended::BuildExtendedReport>();
    out.add::<cubelab_api::extended::SolveExtendedReport>();
    census::schemas(out);
    guarantee::schemas(out);
}
