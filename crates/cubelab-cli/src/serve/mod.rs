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
//! flight (429 beyond: [`InFlight`]). A panic in a
//! computation is caught ([`web::run`] and the blocking task's join)
//! and answered with a 500; each connection is its own task, so the server keeps running.
//!
//! Connections ([`serve_connections`]): at most [`MAX_CONNECTIONS`] at once and
//! [`MAX_PER_CLIENT`] per client address (others are closed at once); a request's head
//! must arrive within [`HEADER_TIMEOUT`], which is also how long an idle keep-alive
//! connection stays open (hyper's `header_read_timeout`); its body within
//! [`BODY_TIMEOUT`] (408). Every request first passes [`guard`]: exactly one `Host`,
//! naming the server; no absolute-form target for another host; no cross-origin
//! request (an `Origin` other than the server's own, or `Sec-Fetch-Site: cross-site`:
//! 403); API posts with `Content-Type: application/json` only (415).

use cubelab_api::web::stored as census;

use crate::web::{self, ErrorKind};
use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
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

/// Most connections open at once; more are closed as soon as accepted.
pub(crate) const MAX_CONNECTIONS: usize = 512;
/// Most connections open at once from one client address.
pub(crate) const MAX_PER_CLIENT: usize = 256;
/// Longest wait for a request's head (headers), and so for the next request on an idle
/// keep-alive connection.
pub(crate) const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// Longest wait for a request's body once its head has arrived.
pub(crate) const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// Slots of their own for the cheap commands.
const CHEAP_JOBS: usize = 2;
/// Most expensive computations one client address may have in flight (waiting for a
/// slot or running, also after a 503 while a stopped computation winds down) unless
/// `serve --per-client N` says otherwise; more get 429 at once.
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
    /// Most expensive computations in flight per client address (the rest get 429).
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
    port: u16,
}

/// The expensive computations in flight per client address ([`Server::per_client`]).
#[derive(Default)]
struct InFlight(std::sync::Mutex<std::collections::HashMap<std::net::IpAddr, usize>>);

/// One computation counted for its client in [`InFlight`]; dropping it (when the
/// computation ends, not when its answer is sent) gives the place back.
struct ClientSlot {
    state: Arc<Shared>,
    client: std::net::IpAddr,
}

impl InFlight {
    /// Counts one more computation of `client`, unless it already has `most`.
    fn enter(state: &Arc<Shared>, client: std::net::IpAddr, most: usize) -> Option<ClientSlot> {
        let mut map = state.in_flight.0.lock().unwrap_or_else(|e| e.into_inner());
        let n = map.entry(client).or_insert(0);
        if *n >= most {
            return None;
        }
        *n += 1;
        Some(ClientSlot { state: state.clone(), client })
    }
}

impl Drop for ClientSlot {
    fn drop(&mut self) {
        let mut map = self.state.in_flight.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = map.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.client);
            }
        }
    }
}

/// The address of the client of a connection, given to every request as an extension by
/// [`serve_connections`] (absent in requests that did not come through it).
#[derive(Clone, Copy)]
struct Peer(SocketAddr);

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
        in_flight: InFlight::default(),
        server,
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

/// Accepts connections and serves each on its own task with hyper's HTTP/1 server: at
/// most [`MAX_CONNECTIONS`] ([`MAX_PER_CLIENT`] per client address), each request's head
/// within [`HEADER_TIMEOUT`] (hyper's `header_read_timeout`, which also closes idle
/// keep-alive connections). `axum::serve` sets no timer, hence no header timeout, and
/// has no connection cap: this loop is the few lines it would otherwise be, with those
/// settings.
async fn serve_connections(listener: tokio::net::TcpListener, app: Router) -> anyhow::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;
    use std::collections::HashMap;
    use std::sync::Mutex;
    let total = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let per_client: Arc<Mutex<HashMap<std::net::IpAddr, usize>>> = Arc::default();
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(x) => x,
            // Out of file descriptors and the like: wait a moment rather than spin.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = total.clone().try_acquire_owned() else { continue };
        {
            let mut map = per_client.lock().unwrap_or_else(|e| e.into_inner());
            let n = map.entry(peer.ip()).or_insert(0);
            if *n >= MAX_PER_CLIENT {
                continue;
            }
            *n += 1;
        }
        let service = TowerToHyperService::new(app.clone().layer(axum::Extension(Peer(peer))));
        let per_client = per_client.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder.timer(TokioTimer::new()).header_read_timeout(HEADER_TIMEOUT).keep_alive(true);
            let _ = builder.serve_connection(TokioIo::new(stream), service).await;
            let mut map = per_client.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(n) = map.get_mut(&peer.ip()) {
                *n -= 1;
                if *n == 0 {
                    map.remove(&peer.ip());
                }
            }
        });
    }
}

fn router(state: AppState) -> Router {
    Router::new()
        .route("/api/{*path}", any(api_route))
        .fallback(static_route)
        .layer(axum::middleware::from_fn_with_state(state.clone(), guard))
        .with_state(state)
}

/// Checks every request before its route (see the module documentation): 400 for a
/// missing or repeated `Host` or an absolute-form target naming another host, 403 for
/// another host (DNS rebinding) or a cross-origin request, 415 for an API post that is
/// not JSON, 413 and 408 for a body too large or too slow (the body is read here, within
/// [`BODY_TIMEOUT`], and handed on whole; for `POST /api/print/picture` within
/// [`PICTURE_BODY_TIMEOUT`], up to [`PICTURE_BODY_LIMIT`], holding one of
/// [`PICTURE_BODIES`] places until it is answered: 503 when none is free).
async fn guard(
    State(state): State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let (parts, body) = request.into_parts();
    let (limit, timeout) = body_bound(parts.uri.path());
    // A large body announced larger than its limit is refused before it is read (the
    // connection is closed after the answer, the body unread).
    let declared = parts.headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if limit > BODY_LIMIT && declared.is_some_and(|n| n > limit as u64) {
        let mut r = too_large(limit);
        r.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
        return r;
    }
    // A request with a large body holds one of few places until it is answered.
    let _large = if limit > BODY_LIMIT {
        match state.picture_bodies.clone().try_acquire_owned() {
            Ok(permit) => Some(permit),
            Err(_) => {
                let message = format!("the server is making {PICTURE_BODIES} picture cubes already; try again");
                let mut r = error(StatusCode::SERVICE_UNAVAILABLE, &message, None);
                r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
                r.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
                return r;
            }
        }
    } else {
        None
    };
    // The body is read first, so a keep-alive connection stays usable after a refusal.
    let bytes = match tokio::time::timeout(timeout, axum::body::to_bytes(body, limit)).await {
        Ok(Ok(b)) => b,
        Ok(Err(_)) => return too_large(limit),
        Err(_) => {
            let message = format!("the request body did not arrive within {} s", timeout.as_secs());
            let mut r = error(StatusCode::REQUEST_TIMEOUT, &message, None);
            r.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
            return r;
        }
    };
    if let Some(refusal) = refused(&state, &parts) {
        return refusal;
    }
    next.run(axum::extract::Request::from_parts(parts, Body::from(bytes))).await
}

/// Why a request is refused before its route, if it is.
fn refused(state: &Shared, parts: &axum::http::request::Parts) -> Option<Response> {
    let headers = &parts.headers;
    let mut hosts = headers.get_all(header::HOST).iter();
    let (Some(host), None) = (hosts.next(), hosts.next()) else {
        return Some(error(StatusCode::BAD_REQUEST, "a request needs exactly one Host header", None));
    };
    let host = host.to_str().unwrap_or("");
    if let Some(r) = host_refused(state, headers) {
        return Some(r);
    }
    if let Some(authority) = parts.uri.authority() {
        if !authority.as_str().eq_ignore_ascii_case(host) {
            let message = format!("the request target names host '{authority}', not '{host}'");
            return Some(error(StatusCode::BAD_REQUEST, &shorten(&message), None));
        }
    }
    let text = |name: &str| headers.get(name).map(|v| v.to_str().unwrap_or("?"));
    if let Some(origin) = text("origin") {
        if origin != format!("http://{host}") {
            let message = format!("cross-origin requests are refused (Origin '{origin}' is not this server)");
            return Some(error(StatusCode::FORBIDDEN, &shorten(&message), None));
        }
    }
    if text("sec-fetch-site") == Some("cross-site") {
        return Some(error(StatusCode::FORBIDDEN, "cross-site requests are refused", None));
    }
    if parts.method == Method::POST && parts.uri.path().starts_with("/api/") {
        let mime = text("content-type").unwrap_or("").split(';').next().unwrap_or("").trim().to_ascii_lowercase();
        if mime != "application/json" {
            return Some(error(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "API requests must have Content-Type: application/json",
                None,
            ));
        }
    }
    None
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

/// Refuses a `Host` other than the loopback names (unless `--allow-remote`): a page of
/// another site whose name resolves to 127.0.0.1 cannot use the API.
fn host_refused(state: &Shared, headers: &HeaderMap) -> Option<Response> {
    if state.server.allow_remote {
        return None;
    }
    let host = headers.get(header::HOST)?.to_str().unwrap_or("");
    let port = state.port;
    let ok = ["127.0.0.1", "localhost", "[::1]"].iter().any(|h| host == *h || host == format!("{h}:{port}"));
    (!ok).then(|| error(StatusCode::FORBIDDEN, &format!("host '{host}' is not served (loopback only)"), None))
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
/// expensive one is first counted for its client (`peer`), refused with 429 when the
/// client has [`Server::per_client`] in flight already.
async fn compute(state: &AppState, peer: Option<SocketAddr>, command: String, input: Value) -> Response {
    let limit = state.server.limits.time;
    let cheap = CHEAP.contains(&command.as_str());
    let client = match peer {
        Some(peer) if !cheap => match InFlight::enter(state, peer.ip(), state.server.per_client) {
            Some(counted) => Some(counted),
            None => {
                let message = format!(
                    "this client already has {} computations in flight (the most per client); try again when one has ended",
                    state.server.per_client
                );
                let mut r = error(StatusCode::TOO_MANY_REQUESTS, &message, None);
                r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
                return r;
            }
        },
        _ => None,
    };
    let slots = if cheap { &state.cheap_slots } else { &state.slots };
    let slot = match tokio::time::timeout(limit, slots.clone().acquire_owned()).await {
        Ok(Ok(slot)) => slot,
        _ => return error(StatusCode::SERVICE_UNAVAILABLE, "the server is busy; try again", None),
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
