//! `cubelab_api`: the one typed layer under the `cubelab` command line, the web server and
//! the Python package.
//!
//! Per command (one module each): a typed request (`serde`, unknown fields refused, the
//! defaults in one place), the typed report(s) (`serde` + `schemars`, rendered as text,
//! JSON in the one [`Envelope`], CSV and SVG by [`render`] and [`Report`]) and one function
//! `run(&Request, &Context) -> Result<Report>`. The [`Context`] carries the progress
//! observer, the cancellation token, an optional deadline and the web API's [`Limits`].
//! Errors are one [`Error`] with a kind and a message in neutral words.
//!
//! [`run_any`] dispatches over the command paths ([`COMMANDS`]) for the surfaces that
//! receive JSON (the web API and the Python package): the JSON object is deserialized
//! straight into the command's request.
//!
//! ```
//! use cubelab_api::{build, Context, Format};
//! let req = build::BuildRequest {
//!     blocks: "Ac Af Ba Bf Ea Ef Fa Fc".split(' ').map(String::from).collect(),
//!     improper: false,
//!     size: 2,
//! };
//! let out = build::run(&req, &Context::new()).unwrap();
//! let build::BuildOutput::Cube(report) = &out else { unreachable!() };
//! assert!(!report.targets.is_empty());
//! assert!(out.render(&req, Format::Json).unwrap().starts_with("{\n  \"kind\": \"build\""));
//! ```

#![deny(missing_docs)]

pub mod build;
pub mod census;
mod context;
pub mod cubes;
pub mod design;
mod dispatch;
mod error;
pub mod extended;
mod keys;
mod limits;
pub mod magic;
pub mod magic_check;
pub mod magic_estimate;
pub mod magic_squares;
pub mod picture;
pub mod print;
pub mod relations;
pub mod report;
pub mod show;
pub mod solve;
pub mod stack;
pub mod stack_census;
pub mod svg;
pub mod verify;
pub mod web;

pub use context::{Context, Watcher};
pub use dispatch::{request, run_any, AnyReport, Rendered, COMMANDS};
pub use error::{Error, ErrorKind, Mismatch, Result};
pub use keys::keys;
pub use limits::Limits;
pub use report::{csv_text, json, render, Envelope, Format, Report, FORMAT_VERSION};
