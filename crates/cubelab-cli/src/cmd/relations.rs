//! `cubelab relations`: Sobczyk's relations over the 30 types (his Table 1, the
//! incompatibility graph, the twelve five-sets) and his list of ground layers.

use crate::cli::failure;
use crate::output::{render, Format};
use cubelab_api::relations::{self, RelationsOutput, RelationsRequest};
use cubelab_api::Context;

// Arguments of `cubelab relations`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Types are named by Sobczyk's symbols Y1..B3 (' for the antitype) in Kahan's colors
w y b g p r, white ceiling; MacMahon's colors 1-6 are identified as w=1 y=2 b=3 g=4
p=5 r=6. Every relation is computed from the colorings (see docs/relations.md).

Examples:
  cubelab relations                    Table 1, graph facts, Theorems 4 and 5, five-sets
  cubelab relations --json
  cubelab relations --ground Y1        ground and ceiling layers of o.c. Y1 (Figure 2)
  cubelab relations --ground \"B3'\"
  cubelab relations --ground 152463    an o.c. over colors 1-6, in the orientation given
  cubelab relations --ground 'U=w,D=y,F=r,B=b,L=p,R=g' --json")]
pub struct Args {
    /// Instead of the relations, list for this outer cube which types fit each corner of
    /// its ground and ceiling layers (any notation; orientation as written).
    #[arg(long, value_name = "OC")]
    ground: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `cubelab relations`.
pub fn run(args: Args) -> anyhow::Result<String> {
    let format = Format::json_or_text(args.json);
    let req = RelationsRequest { ground: args.ground };
    match relations::run(&req, &Context::new()).map_err(failure)? {
        RelationsOutput::Relations(r) => render(r.as_ref(), &relations::Input::of(&req), format),
        RelationsOutput::Ground(r) => render(r.as_ref(), &relations::Input::of(&req), format),
    }
}

/// The schemas of this command's kinds.
#[cfg(test)]
pub(crate) fn schemas(out: &mut crate::output::Schemas) {
    out.add::<relations::RelationsReport>();
    out.add::<relations::GroundReport>();
}
