//! `cubelab_cli`: the command line of cubelab and its web server.
//!
//! - [`cli`]: the `cubelab` command line (clap), one file per subcommand under `cmd/`;
//!   every command returns its rendered output, [`cli::main`] prints it.
//! - [`web`]: what the web server runs apart from HTTP: [`web::run`] deserializes a
//!   request body straight into the command's typed request (`cubelab_api::run_any`) and
//!   returns exactly the JSON the command prints, or an error with its HTTP status and,
//!   for refused work, the command line to run ([`web::command_line`]).
//! - `serve` (cargo feature `web`, on by default): `cubelab serve`, the local web app.
//!
//! Output formats share one `Report` trait, the typed layer's (`cubelab_api::Report`,
//! `crates/cubelab-api/src/report.rs`); `output.rs` keeps the CLI's side of rendering.
//! Progress bars and stop requests go through `progress.rs`.

pub mod cli;
mod cmd;
mod context;
mod files;
mod output;
mod progress;
#[cfg(feature = "web")]
mod serve;
pub mod web;
