//! `cubelab serve`: the web app and its JSON API on a local port (docs/web.md).

use crate::serve::{self, Server};
use anyhow::{bail, Context};
use cubelab_api::Limits;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

// Arguments of `cubelab serve`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
#[command(after_help = "\
Serves the pages (built into the binary) and the JSON API: POST /api/<command> with the
input object of the command's --json output answers exactly that output (docs/web.md).
Prints one line, 'listening on http://HOST:PORT/', when ready; Ctrl-C stops it.

To start it (it serves until Ctrl-C):
  cubelab serve                          then open http://127.0.0.1:8080/
  cubelab serve --port 0                 any free port (printed)
and from another shell:
  curl -s localhost:8080/api/build -H 'Content-Type: application/json' -d '{\"blocks\": [\"Ac\",\"Af\",\"Ba\",\"Bf\",\"Ea\",\"Ef\",\"Fa\",\"Fc\"]}'")]
pub struct Args {
    /// The address to listen on: a loopback address (127.0.0.1, ::1, localhost) unless
    /// --allow-remote.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The port (0: any free port, printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Allow a non-loopback --host: other machines can then use the server (no
    /// authentication, no TLS).
    #[arg(long)]
    allow_remote: bool,
    /// Most computations at once [default: the number of cores, at least 2].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: Option<u64>,
    /// Most expensive computations one client address may have in flight (waiting or
    /// running); more get 429. On loopback every local client shares one address.
    #[arg(long, value_name = "N", default_value_t = serve::PER_CLIENT_JOBS as u64, value_parser = clap::value_parser!(u64).range(1..=256))]
    per_client: u64,
    /// A distance table (`picture census M N --save-table FILE`), read once at start:
    /// optimal picture solutions of boards of its size and metric are then look-ups
    /// (any size, e.g. 3x3), not searches.
    #[arg(long, value_name = "FILE")]
    picture_table: Option<std::path::PathBuf>,
}

/// Runs `cubelab serve` until Ctrl-C (its one line of output is printed when it is ready).
pub fn run(args: Args) -> anyhow::Result<String> {
    let ip: IpAddr = match args.host.as_str() {
        "localhost" => IpAddr::V4(Ipv4Addr::LOCALHOST),
        h => h.trim_start_matches('[').trim_end_matches(']').parse().map_err(|_| {
            anyhow::anyhow!("--host '{h}' is not an IP address (give one, e.g. 127.0.0.1, or localhost)")
        })?,
    };
    if !ip.is_loopback() && !args.allow_remote {
        bail!(
            "--host {ip} is not a loopback address: the server has no authentication; add --allow-remote to serve other machines"
        );
    }
    let picture_table = match &args.picture_table {
        Some(path) => {
            Some(std::sync::Arc::new(cubelab::picture::census::twobit::distances::DistanceTable::load(path)?))
        }
        None => None,
    };
    let listener = std::net::TcpListener::bind(SocketAddr::new(ip, args.port))
        .with_context(|| format!("cannot listen on {}", SocketAddr::new(ip, args.port)))?;
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let jobs = args.jobs.map_or(cores.max(2), |j| j as usize);
    serve::warn_if_remote(listener.local_addr()?);
    crate::output::write_stdout(format!("{}\n", serve::listening_line(listener.local_addr()?)).as_bytes())?;
    serve::run(
        listener,
        Server {
            limits: Limits::default(),
            jobs,
            per_client: args.per_client as usize,
            allow_remote: args.allow_remote,
            picture_table,
        },
    )?;
    Ok(String::new())
}
