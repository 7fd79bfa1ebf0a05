//! The run context of the `cubelab` program's commands (`cmd/*`): progress bars on a
//! terminal's stderr, Ctrl-C as the stop flag, the real standard input. (The web server
//! and the Python package run the typed layer, `cubelab_api::run_any`, with a
//! `cubelab_api::Context` of their own.)

use crate::progress::{self, Bar, Bars};
use cubelab::run::Stop;

/// What a command of the program runs with (see the module documentation).
pub(crate) struct Context;

impl Context {
    /// The stop flag of the program: raised by Ctrl-C.
    pub(crate) fn stop(&self) -> Stop {
        progress::ctrl_c()
    }

    /// A progress bar for one run, drawn on a terminal's stderr.
    pub(crate) fn bar(&self) -> Bar {
        Bar::new()
    }

    /// A fresh terminal bar per phase of a typed run ([`Bars`]).
    pub(crate) fn bars(&self) -> Bars {
        Bars::new(Bar::new)
    }

    /// The text of an input file, or of the program's standard input for `-`, capped
    /// at 256 MiB ([`crate::files::read_input`]).
    pub(crate) fn read_input(&self, file: &str) -> anyhow::Result<String> {
        crate::files::read_input(file)
    }
}
