//! The expensive computations in flight per client address ([`InFlight`]): at most K
//! (`serve --per-client K`) at once, and behind them a short queue of at most
//! [`PER_CLIENT_QUEUE`] that wait for one of the K places (within the request's time
//! limit) instead of being refused at once. On loopback every local client shares one
//! address, and most requests take milliseconds, so a burst of them waits a moment rather
//! than getting 429.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Most expensive requests of one client address that wait for one of its places (behind
/// the K in flight); one more is refused at once with 429.
pub(crate) const PER_CLIENT_QUEUE: usize = 32;

/// Why a client's request got no place.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum NoPlace {
    /// K in flight and [`PER_CLIENT_QUEUE`] waiting already (429).
    QueueFull,
    /// It waited until its deadline (503).
    TimedOut,
}

/// One client's places: K permits, and how many requests hold or wait for one.
struct Client {
    places: Arc<Semaphore>,
    /// Places held plus requests waiting: the entry is removed at 0.
    users: usize,
    waiting: usize,
}

/// The expensive computations in flight, and waiting, per client address.
#[derive(Clone)]
pub(crate) struct InFlight {
    clients: Arc<Mutex<HashMap<IpAddr, Client>>>,
    most: usize,
    queue: usize,
}

/// One place held by a client's computation; dropping it (when the computation ends, not
/// when its answer is sent) gives the place to the next waiting request.
pub(crate) struct ClientSlot {
    _permit: OwnedSemaphorePermit,
    _owner: Leaving,
}

/// A request counted for its client (holding or waiting for a place): uncounted when
/// dropped, also when a waiting request is abandoned.
struct Leaving {
    in_flight: InFlight,
    client: IpAddr,
}

impl Drop for Leaving {
    fn drop(&mut self) {
        let mut map = self.in_flight.lock();
        if let Some(c) = map.get_mut(&self.client) {
            c.users -= 1;
            if c.users == 0 {
                map.remove(&self.client);
            }
        }
    }
}

impl InFlight {
    /// At most `most` computations per client in flight, `queue` more waiting.
    pub(crate) fn new(most: usize, queue: usize) -> InFlight {
        InFlight { clients: Arc::default(), most: most.max(1), queue }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, Client>> {
        self.clients.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A place for one more computation of `client`: at once when it has fewer than K in
    /// flight, else after waiting in its queue (first come, first served) until
    /// `deadline`; refused at once when the queue is full.
    pub(crate) async fn enter(&self, client: IpAddr, deadline: tokio::time::Instant) -> Result<ClientSlot, NoPlace> {
        let (places, waiting) = {
            let mut map = self.lock();
            let c = map.entry(client).or_insert_with(|| Client {
                places: Arc::new(Semaphore::new(self.most)),
                users: 0,
                waiting: 0,
            });
            match c.places.clone().try_acquire_owned() {
                Ok(permit) => {
                    c.users += 1;
                    let owner = Leaving { in_flight: self.clone(), client };
                    return Ok(ClientSlot { _permit: permit, _owner: owner });
                }
                Err(_) if c.waiting >= self.queue => {
                    if c.users == 0 {
                        map.remove(&client);
                    }
                    return Err(NoPlace::QueueFull);
                }
                Err(_) => {
                    c.users += 1;
                    c.waiting += 1;
                    (c.places.clone(), Waiting(Some(Leaving { in_flight: self.clone(), client })))
                }
            }
        };
        let permit = tokio::time::timeout_at(deadline, places.acquire_owned()).await;
        let owner = waiting.done();
        match permit {
            Ok(Ok(permit)) => Ok(ClientSlot { _permit: permit, _owner: owner }),
            _ => Err(NoPlace::TimedOut),
        }
    }

    /// The requests of `client` holding or waiting for a place (tests).
    #[cfg(test)]
    fn users(&self, client: IpAddr) -> usize {
        self.lock().get(&client).map_or(0, |c| c.users)
    }
}

/// A request in a client's queue: leaves the queue when done waiting or dropped.
struct Waiting(Option<Leaving>);

impl Waiting {
    /// The request has left the queue (with a place or not).
    fn done(mut self) -> Leaving {
        let owner = self.0.take().expect("still waiting");
        Self::leave_queue(&owner);
        owner
    }

    fn leave_queue(owner: &Leaving) {
        if let Some(c) = owner.in_flight.lock().get_mut(&owner.client) {
            c.waiting -= 1;
        }
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        if let Some(owner) = &self.0 {
            Self::leave_queue(owner);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::future::Future;
    use std::task::{Context, Poll, Waker};

    const LOCAL: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

    /// Polls a future once, without a clock (no timer fires: the deadline is far away).
    fn poll_once<F: Future + Unpin>(f: &mut F) -> Poll<F::Output> {
        std::pin::Pin::new(f).poll(&mut Context::from_waker(Waker::noop()))
    }

    /// K places at once; the next requests wait in turn and get a place as one is given
    /// back; one more than the queue holds is refused at once; abandoned waiters leave the
    /// queue; the entry of a client is gone when it has nothing in flight.
    #[test]
    fn requests_wait_in_a_bounded_queue_for_a_place() {
        let rt = tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap();
        let _guard = rt.enter();
        let in_flight = InFlight::new(2, 3);
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(3600);
        let enter = || Box::pin(in_flight.enter(LOCAL, deadline));
        let Poll::Ready(Ok(a)) = poll_once(&mut enter()) else { panic!("first place") };
        let Poll::Ready(Ok(b)) = poll_once(&mut enter()) else { panic!("second place") };
        let mut waiting: Vec<_> = (0..3).map(|_| enter()).collect();
        for w in &mut waiting {
            assert!(poll_once(w).is_pending());
        }
        assert!(matches!(poll_once(&mut enter()), Poll::Ready(Err(NoPlace::QueueFull))));
        assert_eq!(in_flight.users(LOCAL), 5);
        // A place given back goes to the first in the queue.
        drop(a);
        let Poll::Ready(Ok(c)) = poll_once(&mut waiting[0]) else { panic!("the first waiter's place") };
        assert!(poll_once(&mut waiting[1]).is_pending());
        // The queue has room again for one.
        let mut d = enter();
        assert!(poll_once(&mut d).is_pending());
        assert!(matches!(poll_once(&mut enter()), Poll::Ready(Err(NoPlace::QueueFull))));
        // Abandoned waiters leave the queue and the count.
        drop(d);
        drop(waiting);
        assert_eq!(in_flight.users(LOCAL), 2);
        drop((b, c));
        assert_eq!(in_flight.users(LOCAL), 0);
        assert!(in_flight.lock().is_empty());
    }

    /// A request that waits until its deadline gets [`NoPlace::TimedOut`] and leaves the
    /// queue (the deadline is already past: no clock is waited on).
    #[test]
    fn a_wait_ends_at_the_deadline() {
        let rt = tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap();
        let in_flight = InFlight::new(1, 4);
        rt.block_on(async {
            let now = tokio::time::Instant::now();
            let held = in_flight.enter(LOCAL, now).await.unwrap();
            assert_eq!(in_flight.enter(LOCAL, now).await.err(), Some(NoPlace::TimedOut));
            assert_eq!(in_flight.users(LOCAL), 1);
            drop(held);
            assert!(in_flight.enter(LOCAL, now).await.is_ok());
        });
    }
}
