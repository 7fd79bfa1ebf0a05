//! `cubelab_cli`: the command line of cubelab, its API layer and its web server.
//!
//! - [`cli`]: the `cubelab` command line (clap), one file per subcommand under `cmd/`;
//!   every command returns its rendered output, [`cli::main`] prints it.
//! - [`api`]: one entry point, [`api::call`], that runs a command from the `input` object
//!   its `--json` output echoes and returns exactly the JSON the command prints
//!   (used by the web server and the Python extension).
//! - `serve` (cargo feature `web`, on by default): `cubelab serve`, the local web app.
//!
//! Output formats share one `Report` trait (`output.rs`); progress bars and stop requests
//! go through `progress.rs`.

pub mod api;
pub mod cli;
mod cmd;
mod output;
mod progress;
#[cfg(feature = "web")]
mod serve;
