//! `cubelab`: the command-line face of the cubelab library (the code is in the
//! `cubelab_cli` library: [`cubelab_cli::cli`]).

fn main() -> std::process::ExitCode {
    cubelab_cli::cli::main()
}
