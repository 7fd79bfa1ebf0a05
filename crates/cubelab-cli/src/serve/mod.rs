//! `cubelab serve`: the local web app (the embedded pages of `web/`) and its JSON API over
//! [`crate::api`] (axum on a tokio runtime). Documented in `docs/web.md`.
//!
//! Routes: `POST /api/<command>` (spaces of the command path as `/`) runs
//! [`api::call`](crate::api::call) on the body; `GET /api/commands` lists the endpoints;
//! `GET /api/census` and `GET /api/census/<name>` serve the stored census results
//! ([`census`]); every other path is an embedded file or a 404. Errors are JSON objects
//! `{"error": "<one line>"}` (with `"command"` for refused work).
//!
//! Bounds: bodies up to [`BODY_LIMIT`] (413 beyond), at most [`Server::jobs`] computations
//! at once on the blocking pool (others wait up to the time limit, then 503), each given
//! [`Limits::time`](crate::api::Limits) before its stop flag is raised. A panic in a
//! computation is caught ([`api::call`](crate::api::call) and the blocking task's join)
//! and answered with a 500; each connection is its own task, so the server keeps running.

mod census;

use crate::api::{self, Context, ErrorKind, Limits};
use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use axum::Router;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The largest request body taken (64 KiB): a cube of order 30 or a board of 400 cubes is
/// far smaller. Larger bodies get 413.
pub(crate) const BODY_LIMIT: usize = 64 * 1024;

/// How long a computation may still take after its stop flag was raised before the
/// request is answered with 503 (the computation ends in the background).
const GRACE: Duration = Duration::from_secs(2);

/// The settings of a server.
pub(crate) struct Server {
    /// The limits of every API call.
    pub limits: Limits,
    /// Most computations at once (the rest wait for a slot).
    pub jobs: usize,
    /// Whether requests for other hosts than the loopback names are served (`--allow-remote`);
    /// without it the `Host` header must name the loopback interface (no DNS rebinding).
    pub allow_remote: bool,
}

struct Shared {
    server: Server,
    slots: Arc<Semaphore>,
    port: u16,
}

type AppState = Arc<Shared>;

/// Serves on `listener` until Ctrl-C (the caller has printed the `listening on` line).
pub(crate) fn run(listener: std::net::TcpListener, server: Server) -> anyhow::Result<()> {
    let port = listener.local_addr()?.port();
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .worker_threads(2)
        .max_blocking_threads(server.jobs.max(1) + 2)
        .build()?;
    let shared = Arc::new(Shared { slots: Arc::new(Semaphore::new(server.jobs.max(1))), server, port });
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        axum::serve(listener, router(shared))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await?;
        Ok(())
    })
}

fn router(state: AppState) -> Router {
    Router::new().route("/api/{*path}", any(api_route)).fallback(static_route).with_state(state)
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
    let body = match command {
        Some(c) => json!({ "error": message, "command": c }),
        None => json!({ "error": message }),
    };
    json_response(status, format!("{body}\n"))
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
    method: Method,
    headers: HeaderMap,
    Path(path): Path<String>,
    body: Body,
) -> Response {
    if let Some(r) = host_refused(&state, &headers) {
        return r;
    }
    // The body is read first, whatever the route, so that a keep-alive connection stays
    // usable after any answer.
    let declared = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<usize>().ok());
    if declared.is_some_and(|n| n > BODY_LIMIT) {
        return too_large();
    }
    let bytes: Bytes = match axum::body::to_bytes(body, BODY_LIMIT).await {
        Ok(b) => b,
        Err(_) => return too_large(),
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
    if !api::COMMANDS.contains(&command.as_str()) {
        return error(StatusCode::NOT_FOUND, &format!("unknown endpoint /api/{path} (see /api/commands)"), None);
    }
    if method != Method::POST {
        return wrong_method("POST");
    }
    let (input, ctx) = match request(&command, &bytes, &state.server.limits) {
        Ok(x) => x,
        Err(message) => return error(StatusCode::BAD_REQUEST, &message, None),
    };
    compute(&state, command, input, ctx).await
}

fn too_large() -> Response {
    error(StatusCode::PAYLOAD_TOO_LARGE, &format!("the request body is larger than {} KiB", BODY_LIMIT / 1024), None)
}

/// The input object and the context of a request body (`stdin`, the text `magic check`
/// reads for `"file": "-"`, is taken out of the object).
fn request(command: &str, bytes: &[u8], limits: &Limits) -> Result<(Value, Context), String> {
    let mut input: Value = if bytes.iter().all(u8::is_ascii_whitespace) {
        json!({})
    } else {
        serde_json::from_slice(bytes).map_err(|e| format!("malformed JSON: {e}"))?
    };
    let obj = input.as_object_mut().ok_or("the body must be a JSON object")?;
    let mut ctx = Context::new().with_limits(*limits);
    match obj.remove("stdin") {
        None => {}
        Some(Value::String(text)) if command == "magic check" => ctx = ctx.with_stdin(text),
        Some(_) if command == "magic check" => return Err("'stdin' must be a string".into()),
        Some(_) => return Err(format!("unknown key 'stdin' ({command} reads no standard input)")),
    }
    Ok((input, ctx))
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

/// What a request computes: a command of the typed layer (`cubelab_api::run_any`, the
/// body deserialized straight into its request) or, for the commands not yet ported,
/// the command line's API layer (`api::call`).
enum Job {
    Typed(cubelab_api::Context),
    Legacy(Context),
}

/// Runs one API call on the blocking pool, within the slots and the time limit: the
/// computation's deadline is the time limit (its token is raised then, and when the
/// client goes away), and the answer waits [`GRACE`] more for it to wind down.
async fn compute(state: &Shared, command: String, input: Value, ctx: Context) -> Response {
    let limit = state.server.limits.time;
    let slot = match tokio::time::timeout(limit, state.slots.clone().acquire_owned()).await {
        Ok(Ok(slot)) => slot,
        _ => return error(StatusCode::SERVICE_UNAVAILABLE, "the server is busy; try again", None),
    };
    let stop = ctx.stop();
    let _cancel = CancelOnDrop(stop.clone());
    // `magic check` keeps the body's "stdin" text: the API layer turns it into its typed field.
    let job = if cubelab_api::COMMANDS.contains(&command.as_str()) && command != "magic check" {
        let deadline = std::time::Instant::now() + limit;
        Job::Typed(
            cubelab_api::Context::new()
                .with_stop(stop.clone())
                .with_deadline(deadline)
                .with_limits(state.server.limits),
        )
    } else {
        Job::Legacy(ctx)
    };
    let (cmd, inp) = (command.clone(), input.clone());
    let mut task = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        match job {
            Job::Typed(ctx) => typed(&cmd, inp, &ctx),
            Job::Legacy(ctx) => api::call(&cmd, &inp, &ctx),
        }
    });
    let shown = || api::command_line(&command, &input);
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
        Ok(Ok(out)) => json_response(StatusCode::OK, out),
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

/// Runs a typed command and answers as [`api::call`] does (its JSON, or its error with
/// the command to run for refused or stopped work).
fn typed(command: &str, input: Value, ctx: &cubelab_api::Context) -> Result<String, api::ApiError> {
    let kept = input.clone();
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        cubelab_api::run_any(command, input, ctx).and_then(|r| r.render(cubelab_api::Format::Json))
    }));
    match ran {
        Ok(r) => r.map_err(|e| api::ApiError::of(&e, || api::command_line(command, &kept))),
        Err(_) => Err(api::ApiError::internal("internal error: the computation panicked")),
    }
}

/// `GET /api/commands`: every endpoint with its method and the keys of its input.
fn commands() -> String {
    let list: Vec<Value> = api::COMMANDS
        .iter()
        .map(|c| {
            json!({
                "command": c,
                "method": "POST",
                "endpoint": format!("/api/{}", c.replace(' ', "/")),
                "keys": api::keys(c).unwrap_or_default(),
            })
        })
        .collect();
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
async fn static_route(State(state): State<AppState>, method: Method, headers: HeaderMap, uri: Uri) -> Response {
    if let Some(r) = host_refused(&state, &headers) {
        return r;
    }
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
