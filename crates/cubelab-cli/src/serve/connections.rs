//! The connections of `cubelab serve`: the accept loop ([`serve_connections`]), hyper's
//! HTTP/1 server on each connection, and the caps on open connections
//! ([`MAX_CONNECTIONS`], [`MAX_PER_CLIENT`]) kept by a [`Registry`] that makes room for a
//! new connection by closing the oldest idle one.
//!
//! On loopback every client (every browser tab, script and `curl`) has one address, so a
//! local process holding [`MAX_PER_CLIENT`] idle sockets must not lock the others out. A
//! connection is *busy* while a request of it is being served (from its head to its
//! answer), *started* when it has sent part of a request head, and *silent* when it has
//! sent nothing since it was accepted or last answered. When a connection arrives at a
//! cap, the oldest silent connection (of its address, or of all for the total cap) is
//! closed to make room, else the oldest started one; busy connections are never closed,
//! and only when every connection is busy is the new one refused. Near the cap
//! ([`PRESSURE`] connections of one address), silent connections are closed after
//! [`PRESSURE_IDLE`] instead of [`HEADER_TIMEOUT`].

use axum::Router;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::Notify;

/// Most connections open at once; at the cap the oldest idle one is closed for a new one.
pub(crate) const MAX_CONNECTIONS: usize = 512;
/// Most connections open at once from one client address (idle ones make room as for
/// [`MAX_CONNECTIONS`]).
pub(crate) const MAX_PER_CLIENT: usize = 256;
/// From this many connections of one address on (three quarters of [`MAX_PER_CLIENT`]),
/// its silent connections are closed after [`PRESSURE_IDLE`].
pub(crate) const PRESSURE: usize = MAX_PER_CLIENT * 3 / 4;
/// How long a connection that has sent nothing may stay open when its address holds
/// [`PRESSURE`] connections or more (checked as connections arrive).
pub(crate) const PRESSURE_IDLE: Duration = Duration::from_secs(1);
/// Longest wait for a request's head (headers), and so for the next request on an idle
/// keep-alive connection.
pub(crate) const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// The address of the client of a connection, given to every request as an extension by
/// [`serve_connections`] (absent in requests that did not come through it).
#[derive(Clone, Copy)]
pub(crate) struct Peer(pub SocketAddr);

/// Accepts connections and serves each on its own task with hyper's HTTP/1 server, each
/// request's head within [`HEADER_TIMEOUT`] (hyper's `header_read_timeout`, which also
/// closes idle keep-alive connections), the connections capped by a [`Registry`].
/// `axum::serve` sets no timer, hence no header timeout, and has no connection cap:
/// this loop is the few lines it would otherwise be, with those settings.
pub(crate) async fn serve_connections(listener: tokio::net::TcpListener, app: Router) -> anyhow::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;
    let registry = Arc::new(Mutex::new(Registry::default()));
    let started = Instant::now();
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(x) => x,
            // Out of file descriptors and the like: wait a moment rather than spin.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let now = started.elapsed();
        let admitted = registry.lock().unwrap_or_else(|e| e.into_inner()).admit(peer.ip(), now);
        // Every connection is busy: this one is closed (dropped) as accepted.
        let Some(Admitted { id, activity, close }) = admitted else { continue };
        let tower = TowerToHyperService::new(app.clone().layer(axum::Extension(Peer(peer))));
        let served = activity.clone();
        let service = hyper::service::service_fn(move |request| {
            let busy = Busy::new(served.clone(), started);
            let answer = hyper::service::Service::call(&tower, request);
            async move {
                let answer = answer.await;
                drop(busy);
                answer
            }
        });
        let registry = registry.clone();
        tokio::spawn(async move {
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder.timer(TokioTimer::new()).header_read_timeout(HEADER_TIMEOUT).keep_alive(true);
            let io = TokioIo::new(Counted { stream, activity });
            tokio::select! {
                _ = builder.serve_connection(io, service) => {}
                // Closed to make room: dropping the connection closes its socket.
                _ = close.notified() => {}
            }
            registry.lock().unwrap_or_else(|e| e.into_inner()).leave(id);
        });
    }
}

/// What one connection is doing, shared by its socket ([`Counted`]), its service
/// ([`Busy`]) and the [`Registry`].
#[derive(Default)]
pub(crate) struct Activity {
    /// Requests of the connection being served (head received, not yet answered).
    requests: AtomicUsize,
    /// Bytes read from the connection so far.
    read: AtomicU64,
    /// [`Activity::read`] when the connection was accepted or last answered.
    read_at_rest: AtomicU64,
    /// When it was accepted or last answered (time since the server started, in ns).
    rest_since: AtomicU64,
    /// The order in which connections came to rest (the oldest idle has the least).
    rest_order: AtomicU64,
}

/// The orders of [`Activity::rest_order`], shared by every connection.
static REST_ORDER: AtomicU64 = AtomicU64::new(0);

/// What a connection is doing, for choosing which one makes room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum State {
    /// Nothing sent since it was accepted or last answered: closed first.
    Silent,
    /// Part of a request head sent.
    Started,
    /// A request being served: never closed to make room.
    Busy,
}

impl Activity {
    fn state(&self) -> State {
        if self.requests.load(Ordering::SeqCst) > 0 {
            State::Busy
        } else if self.read.load(Ordering::SeqCst) == self.read_at_rest.load(Ordering::SeqCst) {
            State::Silent
        } else {
            State::Started
        }
    }

    /// Marks the connection at rest now (`now`: time since the server started).
    fn rest(&self, now: Duration) {
        self.read_at_rest.store(self.read.load(Ordering::SeqCst), Ordering::SeqCst);
        self.rest_since.store(now.as_nanos() as u64, Ordering::SeqCst);
        self.rest_order.store(REST_ORDER.fetch_add(1, Ordering::SeqCst), Ordering::SeqCst);
    }
}

/// One request being served on a connection: counted from its head to its answer (or
/// until it is dropped with its connection).
struct Busy {
    activity: Arc<Activity>,
    started: Instant,
}

impl Busy {
    fn new(activity: Arc<Activity>, started: Instant) -> Busy {
        activity.requests.fetch_add(1, Ordering::SeqCst);
        Busy { activity, started }
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        if self.activity.requests.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.activity.rest(self.started.elapsed());
        }
    }
}

/// A connection's socket, counting the bytes read from it into its [`Activity`].
struct Counted {
    stream: tokio::net::TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Counted {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        let n = buf.filled().len() - before;
        self.activity.read.fetch_add(n as u64, Ordering::SeqCst);
        polled
    }
}

impl AsyncWrite for Counted {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// One open connection in the [`Registry`].
struct Entry {
    ip: IpAddr,
    activity: Arc<Activity>,
    close: Arc<Notify>,
}

/// A connection let in by [`Registry::admit`]: its number, its activity, and the signal
/// that closes it to make room.
pub(crate) struct Admitted {
    id: u64,
    activity: Arc<Activity>,
    close: Arc<Notify>,
}

/// The open connections, by number and per client address.
#[derive(Default)]
pub(crate) struct Registry {
    open: HashMap<u64, Entry>,
    per_client: HashMap<IpAddr, usize>,
    next_id: u64,
}

impl Registry {
    /// Lets in a connection from `ip` (at `now`, the time since the server started):
    /// first closes `ip`'s silent connections older than [`PRESSURE_IDLE`] if it has
    /// [`PRESSURE`] or more, then at a cap the oldest idle connection of `ip` (per-client
    /// cap) or of all (total cap); `None` when every connection at the cap is busy.
    pub(crate) fn admit(&mut self, ip: IpAddr, now: Duration) -> Option<Admitted> {
        if self.count(ip) >= PRESSURE {
            let stale: Vec<u64> = self
                .open
                .iter()
                .filter(|(_, e)| e.ip == ip && e.activity.state() == State::Silent)
                .filter(|(_, e)| {
                    let since = Duration::from_nanos(e.activity.rest_since.load(Ordering::SeqCst));
                    now.saturating_sub(since) >= PRESSURE_IDLE
                })
                .map(|(&id, _)| id)
                .collect();
            for id in stale {
                self.close(id);
            }
        }
        if self.count(ip) >= MAX_PER_CLIENT && !self.make_room(Some(ip)) {
            return None;
        }
        if self.open.len() >= MAX_CONNECTIONS && !self.make_room(None) {
            return None;
        }
        let id = self.next_id;
        self.next_id += 1;
        let activity = Arc::new(Activity::default());
        activity.rest(now);
        let close = Arc::new(Notify::new());
        self.open.insert(id, Entry { ip, activity: activity.clone(), close: close.clone() });
        *self.per_client.entry(ip).or_insert(0) += 1;
        Some(Admitted { id, activity, close })
    }

    /// The connections open from `ip`.
    fn count(&self, ip: IpAddr) -> usize {
        self.per_client.get(&ip).copied().unwrap_or(0)
    }

    /// Closes the oldest idle connection (silent first, then started) of `ip`, or of all
    /// when `None`; false when every one is busy.
    fn make_room(&mut self, ip: Option<IpAddr>) -> bool {
        let oldest = self
            .open
            .iter()
            .filter(|(_, e)| ip.is_none_or(|ip| e.ip == ip))
            .map(|(&id, e)| (e.activity.state(), e.activity.rest_order.load(Ordering::SeqCst), id))
            .filter(|(state, _, _)| *state != State::Busy)
            .min();
        match oldest {
            Some((_, _, id)) => {
                self.close(id);
                true
            }
            None => false,
        }
    }

    /// Closes connection `id`: it leaves the counts now (its room is free at once) and its
    /// task drops it.
    fn close(&mut self, id: u64) {
        if let Some(entry) = self.leave(id) {
            entry.close.notify_one();
        }
    }

    /// Forgets connection `id` (its task has ended, or it was closed to make room).
    fn leave(&mut self, id: u64) -> Option<Entry> {
        let entry = self.open.remove(&id)?;
        if let Some(n) = self.per_client.get_mut(&entry.ip) {
            *n -= 1;
            if *n == 0 {
                self.per_client.remove(&entry.ip);
            }
        }
        Some(entry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOCAL: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);
    const OTHER: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 7));

    /// At the per-client cap, a new connection closes the oldest silent one of its
    /// address (then the oldest started one); busy ones are kept, and when all are busy the
    /// new one is refused.
    #[test]
    fn a_new_connection_closes_the_oldest_idle_one_at_the_cap() {
        let mut r = Registry::default();
        let t = Duration::ZERO;
        let all: Vec<Admitted> = (0..MAX_PER_CLIENT).map(|_| r.admit(LOCAL, t).unwrap()).collect();
        // The first is busy, the second has started a request head: the third goes first.
        all[0].activity.requests.store(1, Ordering::SeqCst);
        all[1].activity.read.fetch_add(5, Ordering::SeqCst);
        let new = r.admit(LOCAL, t).unwrap();
        assert_eq!(r.count(LOCAL), MAX_PER_CLIENT);
        assert!(!r.open.contains_key(&all[2].id) && r.open.contains_key(&all[0].id));
        // Every silent one goes before the started one, however young.
        for _ in 3..MAX_PER_CLIENT + 5 {
            r.admit(LOCAL, t).unwrap();
        }
        assert!(r.open.contains_key(&all[1].id));
        assert!(!r.open.contains_key(&new.id));
        // With no silent one left, the started one makes room.
        for (&id, e) in &r.open {
            if id != all[1].id {
                e.activity.requests.store(1, Ordering::SeqCst);
            }
        }
        r.admit(LOCAL, t).unwrap();
        assert!(!r.open.contains_key(&all[1].id));
        // Another address is not touched by this one's cap.
        assert!(r.admit(OTHER, t).is_some());
        // Every connection busy: refused.
        for e in r.open.values() {
            e.activity.requests.store(1, Ordering::SeqCst);
        }
        assert!(r.admit(LOCAL, t).is_none());
        assert_eq!(r.count(LOCAL), MAX_PER_CLIENT);
    }

    /// Near the cap, silent connections older than [`PRESSURE_IDLE`] are closed as others
    /// arrive; below it, they stay.
    #[test]
    fn near_the_cap_silent_connections_close_sooner() {
        let mut r = Registry::default();
        let old: Vec<Admitted> = (0..PRESSURE - 1).map(|_| r.admit(LOCAL, Duration::ZERO).unwrap()).collect();
        let later = PRESSURE_IDLE * 2;
        r.admit(LOCAL, later).unwrap();
        assert_eq!(r.count(LOCAL), PRESSURE, "below the pressure mark nothing is closed");
        old[0].activity.requests.store(1, Ordering::SeqCst);
        r.admit(LOCAL, later).unwrap();
        // The busy one and the young one are kept, the new one let in.
        assert_eq!(r.count(LOCAL), 3);
        assert!(r.open.contains_key(&old[0].id));
    }

    /// At the total cap, the oldest idle connection of any address makes room.
    #[test]
    fn the_total_cap_makes_room_too() {
        let mut r = Registry::default();
        let ips: Vec<IpAddr> = (0..MAX_CONNECTIONS).map(|k| IpAddr::from([10, 1, (k >> 8) as u8, k as u8])).collect();
        let first = r.admit(ips[0], Duration::ZERO).unwrap();
        for ip in &ips[1..] {
            r.admit(*ip, Duration::ZERO).unwrap();
        }
        r.admit(LOCAL, Duration::ZERO).unwrap();
        assert_eq!(r.open.len(), MAX_CONNECTIONS);
        assert!(!r.open.contains_key(&first.id));
        assert_eq!(r.count(ips[0]), 0);
    }
}
