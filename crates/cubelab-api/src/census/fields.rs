//! The fields the census requests share, declared once ([`census_request!`]), and the
//! checks and conversions of the shard and checkpoint fields ([`Shards`]).

use crate::error::Result;
use crate::{limits, Context};
use cubelab::census::checkpoint::Resume;
use cubelab::shard::Shard;
use std::path::Path;

/// Declares a census request: the struct as written, then the fields its census shares
/// with the others, in the order of the groups named after `with`: `method` (`method`),
/// `universe` (`colors`, `palette`) and `shards` (`shard`, `checkpoint`, `resume`,
/// `force`, read through the generated `shards()` as [`Shards`]). The fields are plain
/// fields of the struct, so `deny_unknown_fields`, the JSON echo and the schemas are
/// those of fields written out (`#[serde(flatten)]` does not work with
/// `deny_unknown_fields`).
macro_rules! census_request {
    ($(#[$meta:meta])* pub struct $name:ident { $($own:tt)* } with $($group:ident)+) => {
        census_request!(@fields $name [$(#[$meta])*] [$($own)*] $($group)+);
    };
    (@fields $name:ident $meta:tt [$($acc:tt)*] method $($rest:ident)*) => {
        census_request!(@fields $name $meta [$($acc)*
            /// graph: corner-graph theorems and Hall's condition; backtrack: the general solver.
            #[serde(default)]
            #[schemars(with = "String")]
            pub method: $crate::census::Method,
        ] $($rest)*);
    };
    (@fields $name:ident $meta:tt [$($acc:tt)*] universe $($rest:ident)*) => {
        census_request!(@fields $name $meta [$($acc)*
            /// Cubes using exactly N colors (C_N, N = 1..6): exhaustive censuses take N = 1, 2, 3
            /// or 6 (at most 32 cubes); `targets` and `universal` also take 4 and 5 (68 and 75
            /// cubes) for samples, --within and searches. An N a census cannot run is refused.
            #[serde(default = "crate::census::default_colors")]
            pub colors: usize,
            /// Sadisticube 7: the 210 blocks colored with six of seven colors, and the 210 proper
            /// targets (K = 7 is the only palette supported; sampled, --within and search censuses).
            #[serde(default)]
            pub palette: ::std::option::Option<usize>,
        ] $($rest)*);
    };
    (@fields $name:ident $meta:tt [$($acc:tt)*] shards $($rest:ident)*) => {
        census_request!(@fields $name $meta [$($acc)*
            /// Run only part I of N of the census (merge the parts with `census merge`).
            #[serde(default)]
            pub shard: ::std::option::Option<String>,
            /// Save progress to this file after every batch (not echoed; refused by the web API).
            #[serde(default, skip_serializing)]
            pub checkpoint: ::std::option::Option<::std::path::PathBuf>,
            /// Continue from the checkpoint file if it exists.
            #[serde(default, skip_serializing)]
            pub resume: bool,
            /// Start afresh and replace an existing checkpoint file.
            #[serde(default, skip_serializing)]
            pub force: bool,
        ] $($rest)*);

        impl $name {
            /// The shard and checkpoint fields, with their checks.
            pub(crate) fn shards(&self) -> $crate::census::fields::Shards<'_> {
                $crate::census::fields::Shards {
                    shard: &self.shard,
                    checkpoint: self.checkpoint.as_deref(),
                    resume: self.resume,
                    force: self.force,
                }
            }
        }
    };
    (@fields $name:ident [$($meta:tt)*] [$($acc:tt)*]) => {
        $($meta)*
        pub struct $name {
            $($acc)*
        }
    };
}

/// The shard and checkpoint fields of a census request (`shard`, `checkpoint`, `resume`,
/// `force`; the command line's `--shard`, `--checkpoint`, `--resume`, `--force`).
pub(crate) struct Shards<'a> {
    /// The part of the census to run, `I/N` (all of it when absent).
    pub shard: &'a Option<String>,
    /// The checkpoint file.
    pub checkpoint: Option<&'a Path>,
    /// Continue from the checkpoint.
    pub resume: bool,
    /// Replace an existing checkpoint.
    pub force: bool,
}

impl<'a> Shards<'a> {
    /// In a context with limits (the web's): refuses a checkpoint (a request names no
    /// files) and the census at `path` itself ([`limits::census`]).
    pub fn check_limits(&self, path: &str, ctx: &Context) -> Result<()> {
        match ctx.limits() {
            Some(l) => limits::census(path, self.checkpoint, l),
            None => Ok(()),
        }
    }

    /// Whether the request names a shard or a checkpoint.
    pub fn any(&self) -> bool {
        self.shard.is_some() || self.checkpoint.is_some()
    }

    /// The part of the census to run (all of it when absent).
    pub fn part(&self) -> Result<Shard> {
        Ok(match self.shard {
            Some(s) => Shard::parse(s)?,
            None => Shard::ALL,
        })
    }

    /// The shard's label in reports: `None` for the whole census.
    pub fn label(&self) -> Result<Option<String>> {
        let s = self.part()?;
        Ok((s != Shard::ALL).then(|| s.to_string()))
    }

    /// The checkpoint options of the run.
    pub fn resume(&self) -> Resume<'a> {
        Resume { path: self.checkpoint, resume: self.resume, overwrite: self.force }
    }
}
