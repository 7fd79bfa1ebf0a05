//! `cubelab serve`: the local web app (the embedded pages of `web/`) and its JSON API over
//! the typed layer (axum on a tokio runtime). Documented in `docs/web.md`.
//!
//! Routes: `POST /api/<command>` (spaces of the command path as `/`) runs
//! [`web::run`] (`cubelab_api::run_any`) on the body, or for `print blocks|stack|magic|picture`
//! [`web::print`] (`cubelab_api::print::run_file`), answered with the file itself; `GET /api/commands` lists the
//! endpoints with their requests' keys (`cubelab_api::keys`);
//! `GET /api/census` and `GET /api/census/<name>` serve the stored census results
//! ([`census`]); every other path is an embedded file or a 404. Errors are JSON objects
//! `{"error": "<one line>"}` (with `"command"` for refused work).
//!
//! Bounds: bodies up to [`BODY_LIMIT`] (413 beyond; `POST /api/print/picture` up to
//! [`PICTURE_BODY_LIMIT`], at most [`PICTURE_BODIES`] such requests at once, 503 beyond),
//! at most [`Server::jobs`] computations
//! at once on the blocking pool (others wait up to the time limit, then 503), each given
//! [`Limits::time`] before its stop flag is raised; the cheap commands
//! ([`CHEAP`]) have slots of their own, so they keep their latency while expensive ones
//! run; one client address has at most [`Server::per_client`] expensive computations in
//! flight and [`clients::PER_CLIENT_QUEUE`] more waiting for one of its places, within
//! the time limit ([`InFlight`]: 429 beyond the queue, 503 past the time). A panic in a
//! computation is caught ([`web::run`] and the blocking task's join)
//! and answered with a 500; each connection is its own task, so the server keeps running.
//!
//! Connections ([`connections`]): at most [`connections::MAX_CONNECTIONS`] at once and
//! [`connections::MAX_PER_CLIENT`] per client address, the oldest idle one closed to
//! make room for a new one; a request's head must arrive within
//! [`connections::HEADER_TIMEOUT`], which is also how long an idle keep-alive connection
//! stays open (hyper's `header_read_timeout`); its body within [`BODY_TIMEOUT`] (408).
//! Every request first passes [`guard`]: exactly one `Host`, naming the server; no
//! absolute-form target for another host; at most one `Origin` and `Content-Type`; no
//! cross-origin request (an `Origin` other than the server's own, or `Sec-Fetch-Site:
//! cross-site`: 403); API posts with `Content-Type: application/json` only (415); a body
//! within its limit (413), well formed (400).

mod clients;
mod connections;
mod guard;

use clients::{InFlight, NoPlace, PER_CLIENT_QUEUE};
use connections::{serve_connections, Peer};
use cubelab_api::web::stored as census;
use guard::guard;

use crate::web::{self, ErrorKind};
use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use axum::Router;
use cubelab_api::Limits;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The largest request body taken (64 KiB): a cube of order 30 or a board of 400 cubes is
/// far smaller. Larger bodies get 413. `POST /api/print/picture` has its own,
/// [`PICTURE_BODY_LIMIT`].
pub(crate) const BODY_LIMIT: usize = 64 * 1024;

/// The endpoint that takes six pictures, with a larger body limit than the others.
const PICTURE_PATH: &str = "/api/print/picture";
/// The largest body of [`PICTURE_PATH`] (48 MiB): six photos of up to 6 MiB each, as
/// base64 (a third larger), with room to spare. Larger bodies get 413.
pub(crate) const PICTURE_BODY_LIMIT: usize = 48 * 1024 * 1024;
/// How long the body of [`PICTURE_PATH`] may take to arrive (a phone on a slow network
/// sends tens of megabytes); every other body has [`BODY_TIMEOUT`].
pub(crate) const PICTURE_BODY_TIMEOUT: Duration = Duration::from_secs(60);
/// Most requests to [`PICTURE_PATH`] held at once (their bodies being read, or their
/// pictures made), so that the memory the large bodies take stays bounded
/// (`PICTURE_BODIES` x [`PICTURE_BODY_LIMIT`] and the decoded pictures); more get 503.
pub(crate) const PICTURE_BODIES: usize = 2;

/// The body limit and the time a body may take for a request to `path`.
fn body_bound(path: &str) -> (usize, Duration) {
    if path == PICTURE_PATH {
        (PICTURE_BODY_LIMIT, PICTURE_BODY_TIMEOUT)
    } else {
        (BODY_LIMIT, BODY_TIMEOUT)
    }
}

/// How long a computation may still take after its stop flag was raised before the
/// request is answered with 503 (the computation ends in the background).
const GRACE: Duration = Duration::from_secs(2);

/// Longest wait for a request's body once its head has arrived.
pub(crate) const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// Slots of their own for the cheap commands.
const CHEAP_JOBS: usize = 2;
/// Most expensive computations one client address may have in flight (waiting for a
/// slot or running, also after a 503 while a stopped computation winds down) unless
/// `serve --per-client N` says otherwise; more wait in the client's queue
/// ([`PER_CLIENT_QUEUE`]).
pub(crate) const PER_CLIENT_JOBS: usize = 4;
/// The commands that take milliseconds whatever their input within the limits: they run
/// in [`CHEAP_JOBS`] slots of their own, not behind expensive computations.
pub(crate) const CHEAP: &[&str] = &[
    "cubes",
    "show",
    "relations",
    "magic check",
    "magic construct",
    "picture check",
    "picture scramble",
    "stack classics",
];

/// The settings of a server.
pub(crate) struct Server {
    /// The limits of every API call.
    pub limits: Limits,
    /// Most computations at once (the rest wait for a slot).
    pub jobs: usize,
    /// Most expensive computations in flight per client address (the rest wait in a
    /// short queue).
    pub per_client: usize,
    /// Whether requests for other hosts than the loopback names are served (`--allow-remote`);
    /// without it the `Host` header must name the loopback interface (no DNS rebinding).
    pub allow_remote: bool,
    /// The picture distance table every request may solve from (`--picture-table`).
    pub picture_table: Option<Arc<cubelab::picture::census::twobit::distances::DistanceTable>>,
}

struct Shared {
    server: Server,
    slots: Arc<Semaphore>,
    cheap_slots: Arc<Semaphore>,
    /// The requests to [`PICTURE_PATH`] held at once ([`PICTURE_BODIES`]).
    picture_bodies: Arc<Semaphore>,
    in_flight: InFlight,
    /// The address and port listened on (a `Host` naming them is this server).
    ip: std::net::IpAddr,
    port: u16,
}

type AppState = Arc<Shared>;

/// Prints a loud warning on stderr when `addr` is not a loopback address (before the
/// `listening on` line).
pub(crate) fn warn_if_remote(addr: SocketAddr) {
    if !addr.ip().is_loopback() {
        eprintln!(
            "WARNING: serving on {addr}, reachable from other machines: anyone who can reach it can run \
             computations on this machine (no authentication, no TLS)"
        );
    }
}

/// Serves on `listener` until Ctrl-C (the caller has printed the `listening on` line).
pub(crate) fn run(listener: std::net::TcpListener, server: Server) -> anyhow::Result<()> {
    let addr = listener.local_addr()?;
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .worker_threads(2)
        .max_blocking_threads(server.jobs.max(1) + CHEAP_JOBS + 2)
        .build()?;
    let shared = Arc::new(Shared {
        slots: Arc::new(Semaphore::new(server.jobs.max(1))),
        cheap_slots: Arc::new(Semaphore::new(CHEAP_JOBS)),
        picture_bodies: Arc::new(Semaphore::new(PICTURE_BODIES)),
        in_flight: InFlight::new(server.per_client, PER_CLIENT_QUEUE),
        server,
        ip: addr.ip(),
        port: addr.port(),
    });
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        tokio::select! {
            r = serve_connections(listener, router(shared)) => r,
            _ = tokio::signal::ctrl_c() => Ok(()),
        }
    })
}

fn router(state: AppState) -> Router {
    Router::new()
        .route("/api/{*path}", any(api_route))
        .fallback(static_route)
        .layer(axum::middleware::from_fn_with_state(state.clone(), guard))
        .with_state(state)
}

/// A message with long quoted values shortened (a header may be kilobytes long).
fn shorten(message: &str) -> String {
    crate::cli::shorten_quoted(message)
}

/// A JSON response with `status`.
fn json_response(status: StatusCode, body: String) -> Response {
    let mut r = (status, body).into_response();
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    r.headers_mut().insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    r
}

/// The error object `{"error": message}` (and `"command"` when given) with `status`.
fn error(status: StatusCode, message: &str, command: Option<&str>) -> Response {
    json_response(status, web::error_body(message, command))
}

/// 405 with the allowed methods.
fn wrong_method(allow: &'static str) -> Response {
    let mut r = error(StatusCode::METHOD_NOT_ALLOWED, &format!("method not allowed (use {allow})"), None);
    r.headers_mut().insert(header::ALLOW, HeaderValue::from_static(allow));
    r
}

async fn api_route(
    State(state): State<AppState>,
    peer: Option<axum::Extension<Peer>>,
    method: Method,
    Path(path): Path<String>,
    body: Body,
) -> Response {
    // `guard` has refused other hosts and bodies over their limit, and read the body whole
    // (so a keep-alive connection stays usable after any answer): this only takes it.
    let (limit, _) = body_bound(&format!("/api/{path}"));
    let bytes: Bytes = match axum::body::to_bytes(body, limit).await {
        Ok(b) => b,
        Err(_) => return too_large(limit),
    };
    let get = method == Method::GET || method == Method::HEAD;
    if path == "commands" {
        return if get { json_response(StatusCode::OK, commands()) } else { wrong_method("GET") };
    }
    if path == "census" || path.starts_with("census/") {
        if !get {
            return wrong_method("GET");
        }
        return match path.strip_prefix("census/") {
            None => json_response(StatusCode::OK, census::index()),
            Some(name) => match census::find(name) {
                Some(stored) => {
                    let mut r = json_response(StatusCode::OK, stored.json.to_string());
                    if let Ok(v) = HeaderValue::from_str(stored.command) {
                        r.headers_mut().insert("x-cubelab-command", v);
                    }
                    r
                }
                None => error(StatusCode::NOT_FOUND, &format!("no stored census '{name}' (see /api/census)"), None),
            },
        };
    }
    let command = path.replace('/', " ");
    if !web::COMMANDS.contains(&command.as_str()) && !web::FILE_COMMANDS.contains(&command.as_str()) {
        return error(StatusCode::NOT_FOUND, &format!("unknown endpoint /api/{path} (see /api/commands)"), None);
    }
    if method != Method::POST {
        return wrong_method("POST");
    }
    let input = match web::input(&command, &bytes) {
        Ok(x) => x,
        Err(message) => return error(StatusCode::BAD_REQUEST, &message, None),
    };
    compute(&state, peer.map(|p| p.0 .0), command, input).await
}

/// 413 for a body larger than `limit` bytes (stated in KiB, or MiB from 1 MiB up).
fn too_large(limit: usize) -> Response {
    let size = if limit >= 1 << 20 { format!("{} MiB", limit >> 20) } else { format!("{} KiB", limit >> 10) };
    error(StatusCode::PAYLOAD_TOO_LARGE, &format!("the request body is larger than {size}"), None)
}

/// What a computation answers: the JSON of a report, or a printed file.
enum Answer {
    Json(String),
    File(cubelab_api::print::PrintedFile),
}

/// A printed file as a download: its media type and `Content-Disposition: attachment`
/// with its name.
fn file_response(file: cubelab_api::print::PrintedFile) -> Response {
    let disposition = format!("attachment; filename=\"{}\"", file.name);
    let mut r = (StatusCode::OK, file.bytes).into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(file.format.media_type()));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    r
}

/// Raises a cancellation token when dropped: held by the request's handler future, so a
/// client that disconnects (hyper then drops the future) stops its computation, which
/// gives its job slot back within a batch of the computation's stop checks. Dropped after
/// an answer too, when the computation is over anyway.
struct CancelOnDrop(cubelab::run::Stop);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.request();
    }
}

/// Runs one API call on the blocking pool, within the slots and the time limit: the
/// computation's deadline is the time limit (its token is raised then, and when the
/// client goes away), and the answer waits [`GRACE`] more for it to wind down. An
/// expensive one is first counted for its client (`peer`), waiting in the client's
/// queue when it has [`Server::per_client`] in flight already (429 when the queue is
/// full; 503 when its place and a job slot have not come within the time limit).
async fn compute(state: &AppState, peer: Option<SocketAddr>, command: String, input: Value) -> Response {
    let limit = state.server.limits.time;
    let cheap = CHEAP.contains(&command.as_str());
    // The wait for the client's place and for a job slot share one time limit.
    let waited = tokio::time::Instant::now() + limit;
    let busy = |message: &str| {
        let mut r = error(StatusCode::SERVICE_UNAVAILABLE, message, None);
        r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        r
    };
    let client = match peer {
        Some(peer) if !cheap => match state.in_flight.enter(peer.ip(), waited).await {
            Ok(counted) => Some(counted),
            Err(NoPlace::QueueFull) => {
                let message = format!(
                    "this client already has {} computations in flight and {PER_CLIENT_QUEUE} waiting (the most per client); try again when one has ended",
                    state.server.per_client
                );
                let mut r = error(StatusCode::TOO_MANY_REQUESTS, &message, None);
                r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
                return r;
            }
            Err(NoPlace::TimedOut) => {
                let message = format!(
                    "this client's {} computations in flight did not end within {} s; try again",
                    state.server.per_client,
                    limit.as_secs()
                );
                return busy(&message);
            }
        },
        _ => None,
    };
    let slots = if cheap { &state.cheap_slots } else { &state.slots };
    let slot = match tokio::time::timeout_at(waited, slots.clone().acquire_owned()).await {
        Ok(Ok(slot)) => slot,
        _ => return busy("the server is busy; try again"),
    };
    let stop = cubelab::run::Stop::new();
    let _cancel = CancelOnDrop(stop.clone());
    let deadline = std::time::Instant::now() + limit;
    let mut ctx =
        cubelab_api::Context::new().with_stop(stop.clone()).with_deadline(deadline).with_limits(state.server.limits);
    if let Some(table) = &state.server.picture_table {
        ctx = ctx.with_picture_table(table.clone());
    }
    let shown_input = web::command_input(&input);
    let cmd = command.clone();
    let mut task = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        let _client = client;
        if web::FILE_COMMANDS.contains(&cmd.as_str()) {
            web::print(&cmd, input, &ctx).map(Answer::File)
        } else {
            web::run(&cmd, input, &ctx).map(Answer::Json)
        }
    });
    let shown = || web::command_line(&command, &shown_input);
    let joined = match tokio::time::timeout(limit, &mut task).await {
        Ok(j) => j,
        Err(_) => {
            stop.request();
            match tokio::time::timeout(GRACE, &mut task).await {
                Ok(j) => j,
                Err(_) => {
                    let shown = shown();
                    let message = format!("the request took longer than {} s; run it with: {shown}", limit.as_secs());
                    return error(StatusCode::SERVICE_UNAVAILABLE, &message, Some(&shown));
                }
            }
        }
    };
    match joined {
        Ok(Ok(Answer::Json(out))) => json_response(StatusCode::OK, out),
        Ok(Ok(Answer::File(file))) => file_response(file),
        Ok(Err(e)) => {
            let status = match e.kind() {
                ErrorKind::BadInput => StatusCode::BAD_REQUEST,
                ErrorKind::Refused => StatusCode::UNPROCESSABLE_ENTITY,
                ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            };
            error(status, e.message(), e.command())
        }
        Err(_) => error(StatusCode::INTERNAL_SERVER_ERROR, "internal error: the computation failed", None),
    }
}

/// `GET /api/commands`: every endpoint with its method and the keys of its input (the
/// print endpoints also take `format` and answer with a file: `"answer"` names its media
/// types).
fn commands() -> String {
    let endpoint = |c: &str| format!("/api/{}", c.replace(' ', "/"));
    let mut list: Vec<Value> = web::COMMANDS
        .iter()
        .map(|c| {
            json!({
                "command": c,
                "method": "POST",
                "endpoint": endpoint(c),
                "keys": cubelab_api::keys(c).unwrap_or_default(),
            })
        })
        .collect();
    list.extend(web::FILE_COMMANDS.iter().map(|c| {
        let mut keys = cubelab_api::keys(c).unwrap_or_default().to_vec();
        keys.push(cubelab_api::print::FORMAT_KEY);
        let mut entry = json!({
            "command": c,
            "method": "POST",
            "endpoint": endpoint(c),
            "keys": keys,
            "answer": ["image/svg+xml", "application/pdf"],
        });
        let (limit, _) = body_bound(&endpoint(c));
        if limit != BODY_LIMIT {
            entry["body_limit"] = json!(limit);
        }
        entry
    }));
    let body = json!({
        "commands": list,
        "census": { "method": "GET", "endpoint": "/api/census", "names": census::names() },
        "body_limit": BODY_LIMIT,
    });
    serde_json::to_string_pretty(&body).expect("JSON") + "\n"
}

/// The content type of an embedded file, from its extension.
fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// Every path outside `/api/`: an embedded file (`/` and `…/` are `index.html`), else 404.
async fn static_route(method: Method, uri: Uri) -> Response {
    // Other hosts were refused by `guard`.
    let mut path = uri.path().trim_start_matches('/').to_string();
    if path.is_empty() || path.ends_with('/') {
        path.push_str("index.html");
    }
    let Some((name, bytes)) = ASSETS.iter().find(|(p, _)| *p == path) else {
        return error(StatusCode::NOT_FOUND, &format!("not found: {}", uri.path()), None);
    };
    if method != Method::GET && method != Method::HEAD {
        return wrong_method("GET");
    }
    let mut r = (StatusCode::OK, *bytes).into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type(name)));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

/// The address line printed when the server is ready: `listening on http://HOST:PORT/`.
pub(crate) fn listening_line(addr: SocketAddr) -> String {
    format!("listening on http://{addr}/")
}
