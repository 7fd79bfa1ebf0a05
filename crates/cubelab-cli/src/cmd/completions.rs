//! `cubelab completions`: shell completion scripts, generated from the command line's
//! own definition (so they always match it).

// Arguments of `cubelab completions`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Install (the script goes to standard output):
  bash   cubelab completions bash > ~/.local/share/bash-completion/completions/cubelab
  zsh    cubelab completions zsh > ~/.zfunc/_cubelab   (with fpath+=(~/.zfunc) before compinit)
  fish   cubelab completions fish > ~/.config/fish/completions/cubelab.fish

Examples:
  cubelab completions bash
  cubelab completions zsh")]
pub struct Args {
    /// The shell: bash, elvish, fish, powershell or zsh.
    #[arg(value_name = "SHELL")]
    shell: clap_complete::Shell,
}

/// Runs `cubelab completions`: the script.
pub fn run(args: Args) -> anyhow::Result<String> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut crate::cli::command(), "cubelab", &mut script);
    Ok(String::from_utf8(script)?)
}
