//! The checks every request passes before its route ([`guard`]): one `Host`, naming
//! this server; no cross-origin request; API posts in JSON; a body within its limit and
//! its time, well formed. Documented in `docs/web.md` ("Security choices").

use super::{body_bound, error, shorten, too_large, AppState, Shared, BODY_LIMIT, PICTURE_BODIES};
use axum::body::{Body, Bytes, HttpBody};
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::Response;

/// Checks every request before its route (see the module documentation): 400 for a
/// missing or repeated `Host` or an absolute-form target naming another host, 403 for
/// another host (DNS rebinding) or a cross-origin request, 415 for an API post that is
/// not JSON, 413 and 408 for a body too large or too slow (the body is read here, within
/// [`BODY_TIMEOUT`](super::BODY_TIMEOUT), and handed on whole; for `POST /api/print/picture` within
/// [`PICTURE_BODY_TIMEOUT`](super::PICTURE_BODY_TIMEOUT), up to [`PICTURE_BODY_LIMIT`](super::PICTURE_BODY_LIMIT), holding one of
/// [`PICTURE_BODIES`] places until it is answered: 503 when none is free).
pub(super) async fn guard(
    State(state): State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let (parts, body) = request.into_parts();
    let (limit, timeout) = body_bound(parts.uri.path());
    // (With both `Content-Length` and `Transfer-Encoding`, hyper drops the length and
    // reads the body as chunked, RFC 9112 section 6.3, closing the connection after: a
    // body sent by its length is then malformed, 400 below.)
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
    let bytes = match tokio::time::timeout(timeout, read_body(body, limit)).await {
        Ok(Ok(b)) => b,
        Ok(Err(BodyError::TooLarge)) => return too_large(limit),
        Ok(Err(BodyError::Malformed(why))) => {
            // The connection cannot be read on after a broken body: closed.
            let message = format!("the request body is malformed ({why})");
            return closing(error(StatusCode::BAD_REQUEST, &shorten(&message), None));
        }
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
    for name in [header::ORIGIN, header::CONTENT_TYPE] {
        if headers.get_all(&name).iter().nth(1).is_some() {
            let message = format!("a request may have at most one {} header", canonical(name.as_str()));
            return Some(error(StatusCode::BAD_REQUEST, &message, None));
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

/// Refuses a `Host` other than the loopback names (unless `--allow-remote`): a page of
/// another site whose name resolves to 127.0.0.1 cannot use the API.
fn host_refused(state: &Shared, headers: &HeaderMap) -> Option<Response> {
    if state.server.allow_remote {
        return None;
    }
    let host = headers.get(header::HOST)?.to_str().unwrap_or("");
    let port = state.port;
    // The address it listens on (any loopback address, `--host 127.0.0.2`) is its own.
    let listening = match state.ip {
        std::net::IpAddr::V4(ip) => ip.to_string(),
        std::net::IpAddr::V6(ip) => format!("[{ip}]"),
    };
    let names = ["127.0.0.1", "localhost", "[::1]", listening.as_str()];
    let ok = names.iter().any(|h| host.eq_ignore_ascii_case(h) || host.eq_ignore_ascii_case(&format!("{h}:{port}")));
    (!ok).then(|| error(StatusCode::FORBIDDEN, &format!("host '{host}' is not served (loopback only)"), None))
}

/// `response` with `Connection: close`.
fn closing(mut response: Response) -> Response {
    response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// A header name as it is usually written (`content-type` → `Content-Type`).
fn canonical(name: &str) -> String {
    name.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next().map_or(String::new(), |f| f.to_ascii_uppercase().to_string() + c.as_str())
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// Why a body was not read whole.
enum BodyError {
    /// More than its limit.
    TooLarge,
    /// Broken framing (a malformed chunk, a connection closed midway): hyper's words.
    Malformed(String),
}

/// Reads a body whole, up to `limit` bytes: a larger one and a broken one are told apart
/// (413 and 400).
async fn read_body(body: Body, limit: usize) -> Result<Bytes, BodyError> {
    let mut body = std::pin::pin!(body);
    let mut bytes = Vec::new();
    while let Some(frame) = std::future::poll_fn(|cx| body.as_mut().poll_frame(cx)).await {
        let frame = frame.map_err(|e| {
            let mut why = e.to_string();
            let mut source = std::error::Error::source(&e);
            while let Some(s) = source {
                why = format!("{why}: {s}");
                source = s.source();
            }
            BodyError::Malformed(why)
        })?;
        if let Ok(data) = frame.into_data() {
            if bytes.len() + data.len() > limit {
                return Err(BodyError::TooLarge);
            }
            bytes.extend_from_slice(&data);
        }
    }
    Ok(Bytes::from(bytes))
}

#[cfg(test)]
mod tests {
    #[test]
    fn header_names_are_written_as_usual() {
        assert_eq!(super::canonical("content-type"), "Content-Type");
        assert_eq!(super::canonical("origin"), "Origin");
    }
}
