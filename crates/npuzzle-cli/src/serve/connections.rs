//! The server's TCP connections: accepting them, bounding how many are open and how long
//! each may sit without a request, and stopping gracefully.
//!
//! `axum::serve` sets no timer, so a client that sends nothing, or one header line a
//! second, holds its connection (and a descriptor) forever, and once descriptors run out
//! it sleeps a second per failed accept. This loop instead:
//!
//! - closes a connection that has waited [`ConnectionLimits::idle_timeout`] for a request
//!   (a new one or the next on a keep-alive connection) and one whose request head has not
//!   arrived [`ConnectionLimits::head_timeout`] after its first byte;
//! - keeps at most [`ConnectionLimits::max_connections`] open. When that many are open, a
//!   new connection takes the place of the one that has waited longest without a request
//!   being served (an idle or slow-header client); when every connection is serving a
//!   request, the new one is answered 503 and closed at once, never queued;
//! - on [`serve`]'s stop signal, closes the listener (new connections are refused),
//!   closes connections that are not serving a request, lets the requests in flight
//!   finish (their connections close after the response), and gives up waiting after
//!   [`ConnectionLimits::shutdown_grace`].
//!
//! ```no_run
//! use std::sync::Arc;
//! use npuzzle_cli::serve::connections::{serve, ConnectionCount, ConnectionLimits};
//! use npuzzle_cli::serve::{router, AppState, ServerConfig};
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! let app = router(AppState::new(ServerConfig::default()));
//! let stop = async { let _ = tokio::signal::ctrl_c().await; };
//! let count = Arc::new(ConnectionCount::default());
//! let stopped = serve(listener, app, count, ConnectionLimits::default(), stop, |_| {}).await;
//! assert_eq!(stopped.unfinished, 0);
//! # Ok(()) }
//! ```

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use npuzzle::util::plural::counted;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch, Notify, Semaphore};

/// How many connections the server keeps and for how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Most connections open at once (lowered at start to fit the descriptor limit).
    pub max_connections: usize,
    /// Longest a connection may wait for a request to begin.
    pub idle_timeout: Duration,
    /// Longest a request's head may take to arrive, from its first byte.
    pub head_timeout: Duration,
    /// Longest the requests in flight at a stop may take to finish.
    pub shutdown_grace: Duration,
}

impl Default for ConnectionLimits {
    /// A thousand connections (or what the descriptor limit allows), 15 s idle, 5 s for a
    /// request head, 20 s for a stop: enough for a search at the default 10 s limit.
    fn default() -> Self {
        ConnectionLimits {
            max_connections: 1000,
            idle_timeout: Duration::from_secs(15),
            head_timeout: Duration::from_secs(5),
            shutdown_grace: Duration::from_secs(20),
        }
    }
}

/// Descriptors kept back from connections: the listener, the runtime's own, refusals
/// closing ([`LINGERING_REFUSALS`]), and the table files a search opens.
pub const RESERVED_DESCRIPTORS: u64 = 64;

/// The most connections that fit under the process's descriptor limit, if it has one.
pub fn descriptor_cap() -> Option<usize> {
    let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile).current?;
    Some(usize::try_from(limit.saturating_sub(RESERVED_DESCRIPTORS)).unwrap_or(usize::MAX))
}

/// How a [`serve`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// Connections still serving a request when the grace period ran out (closed then).
    pub unfinished: usize,
}

/// Open connections, shared with the handlers (for `/api/health`).
#[derive(Debug, Default)]
pub struct ConnectionCount {
    open: AtomicUsize,
    limit: AtomicUsize,
}

impl ConnectionCount {
    /// Connections open now.
    pub fn open(&self) -> usize {
        self.open.load(Ordering::Relaxed)
    }

    /// The most that may be open (0 when no listener is running, as in tests in-process).
    pub fn limit(&self) -> usize {
        self.limit.load(Ordering::Relaxed)
    }
}

/// What a connection is doing: decides its deadline and whether it may be evicted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Waiting for a request to begin, since then.
    Idle(Instant),
    /// A request's head has begun to arrive, its first byte then.
    Head(Instant),
    /// Serving this many requests; the request guard bounds their bodies and time.
    Busy(usize),
}

/// One connection as the registry and its task see it.
#[derive(Debug)]
struct Tracked {
    phase: Mutex<Phase>,
    /// Told when the phase changes or the connection is evicted.
    wake: Notify,
    evicted: AtomicBool,
}

impl Tracked {
    fn new() -> Tracked {
        Tracked {
            phase: Mutex::new(Phase::Idle(Instant::now())),
            wake: Notify::new(),
            evicted: AtomicBool::new(false),
        }
    }

    fn phase(&self) -> Phase {
        *self.phase.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn set(&self, change: impl FnOnce(Phase) -> Phase) {
        let mut phase = self.phase.lock().unwrap_or_else(PoisonError::into_inner);
        let next = change(*phase);
        if next != *phase {
            *phase = next;
            self.wake.notify_one();
        }
    }

    /// Bytes arrived: an idle connection has begun a request head.
    fn received(&self) {
        self.set(|phase| match phase {
            Phase::Idle(_) => Phase::Head(Instant::now()),
            other => other,
        });
    }

    fn request_started(self: &Arc<Self>) -> RequestInFlight {
        self.set(|phase| match phase {
            Phase::Busy(n) => Phase::Busy(n + 1),
            _ => Phase::Busy(1),
        });
        RequestInFlight(Arc::clone(self))
    }

    /// When the connection is closed if nothing changes (`None` while serving).
    fn deadline(&self, limits: &ConnectionLimits) -> Option<Instant> {
        match self.phase() {
            Phase::Idle(since) => Some(since + limits.idle_timeout),
            Phase::Head(since) => Some(since + limits.head_timeout),
            Phase::Busy(_) => None,
        }
    }

    /// Since when it has waited without a request being served (`None` while serving).
    fn waiting_since(&self) -> Option<Instant> {
        match self.phase() {
            Phase::Idle(since) | Phase::Head(since) => Some(since),
            Phase::Busy(_) => None,
        }
    }

    fn evict(&self) {
        self.evicted.store(true, Ordering::Release);
        self.wake.notify_one();
    }
}

/// Marks its connection busy while alive; the response is built when it drops.
struct RequestInFlight(Arc<Tracked>);

impl Drop for RequestInFlight {
    fn drop(&mut self) {
        self.0.set(|phase| match phase {
            Phase::Busy(n) if n > 1 => Phase::Busy(n - 1),
            _ => Phase::Idle(Instant::now()),
        });
    }
}

/// The open connections, by number.
struct Registry {
    connections: Mutex<HashMap<u64, Arc<Tracked>>>,
    count: Arc<ConnectionCount>,
    max: usize,
}

impl Registry {
    /// Takes in a new connection: into a free place, or the place of the connection
    /// that has waited longest without a request (evicted); `None` when all are serving.
    fn admit(&self, id: u64) -> Option<Arc<Tracked>> {
        let mut connections = self
            .connections
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if connections.len() >= self.max {
            let victim = connections
                .iter()
                .filter_map(|(&id, c)| c.waiting_since().map(|since| (since, id)))
                .min()?
                .1;
            if let Some(evicted) = connections.remove(&victim) {
                evicted.evict();
            }
        }
        let tracked = Arc::new(Tracked::new());
        connections.insert(id, Arc::clone(&tracked));
        self.count.open.store(connections.len(), Ordering::Relaxed);
        Some(tracked)
    }

    fn remove(&self, id: u64) {
        let mut connections = self
            .connections
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        connections.remove(&id);
        self.count.open.store(connections.len(), Ordering::Relaxed);
    }

    fn busy(&self) -> usize {
        let connections = self
            .connections
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        connections
            .values()
            .filter(|c| c.waiting_since().is_none())
            .count()
    }
}

/// The answer to a connection over the cap when every open one is serving a request.
fn refusal(max: usize) -> String {
    let body = format!(
        "{{\"error\":\"the server has {} open, its limit, all serving requests; try \
         again shortly\",\"code\":\"busy\"}}",
        counted(max as u64, "connection", "connections")
    );
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         retry-after: 1\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
}

/// Refused connections whose close may wait for the client's request to be read, so that
/// the refusal arrives instead of a reset; more are closed at once.
const LINGERING_REFUSALS: usize = 16;

/// Answers a connection over the cap 503 and closes it, never waiting in the accept loop.
/// Closing a socket with an unread request resets it, and the client may lose the answer,
/// so while few refusals are pending the close waits (at most half a second) for the
/// request to be read and the client to close its side.
fn refuse(stream: TcpStream, max: usize, lingering: &Arc<Semaphore>) {
    let answer = refusal(max);
    let Ok(permit) = Arc::clone(lingering).try_acquire_owned() else {
        let _ = stream.try_write(answer.as_bytes());
        return;
    };
    tokio::spawn(async move {
        let _permit = permit;
        let mut stream = stream;
        let linger = async {
            stream.write_all(answer.as_bytes()).await?;
            stream.shutdown().await?;
            let mut sink = [0u8; 4096];
            while stream.read(&mut sink).await? > 0 {}
            io::Result::Ok(())
        };
        let _ = tokio::time::timeout(Duration::from_millis(500), linger).await;
    });
}

/// Accept errors that mean "out of descriptors or memory for now": worth a short pause.
fn is_resource_shortage(error: &io::Error) -> bool {
    use rustix::io::Errno;
    Errno::from_io_error(error)
        .is_some_and(|e| [Errno::MFILE, Errno::NFILE, Errno::NOBUFS, Errno::NOMEM].contains(&e))
}

/// Serves `app` on `listener` within `limits` until `stop` completes, then stops
/// gracefully (see the module documentation); `on_stop` is told how many requests are in
/// flight when the stop begins. `count` follows the open connections. Accept errors are
/// waited out (a short pause when descriptors run out), never fatal.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    count: Arc<ConnectionCount>,
    limits: ConnectionLimits,
    stop: impl Future<Output = ()>,
    on_stop: impl FnOnce(usize),
) -> Stopped {
    count.limit.store(limits.max_connections, Ordering::Relaxed);
    let registry = Arc::new(Registry {
        connections: Mutex::new(HashMap::new()),
        count,
        max: limits.max_connections,
    });
    let service = TowerToHyperService::new(app);
    let (stopping, stop_seen) = watch::channel(false);
    // Every connection task holds a sender: when all are gone, `recv` returns `None`.
    let (alive, mut all_closed) = mpsc::channel::<Infallible>(1);
    let mut stop = std::pin::pin!(stop);
    let mut next_id = 0u64;
    let refusals = Arc::new(Semaphore::new(LINGERING_REFUSALS));
    loop {
        let (stream, _) = tokio::select! {
            biased;
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) if is_resource_shortage(&e) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
                // The client gave up before the accept (reset, aborted): nothing to do.
                Err(_) => continue,
            },
        };
        next_id += 1;
        let Some(tracked) = registry.admit(next_id) else {
            refuse(stream, limits.max_connections, &refusals);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let task = ConnectionTask {
            id: next_id,
            tracked,
            registry: Arc::clone(&registry),
            limits,
            stopping: stop_seen.clone(),
            _alive: alive.clone(),
        };
        tokio::spawn(task.run(stream, service.clone()));
    }
    drop(listener);
    on_stop(registry.busy());
    let _ = stopping.send(true);
    drop(alive);
    let finished = tokio::time::timeout(limits.shutdown_grace, all_closed.recv()).await;
    Stopped {
        unfinished: if finished.is_ok() { 0 } else { registry.busy() },
    }
}

/// One connection's task: serves it, and closes it at its deadline, when evicted, or
/// (when not serving a request) at a stop.
struct ConnectionTask {
    id: u64,
    tracked: Arc<Tracked>,
    registry: Arc<Registry>,
    limits: ConnectionLimits,
    stopping: watch::Receiver<bool>,
    /// Dropped with the task: tells [`serve`] this connection is closed.
    _alive: mpsc::Sender<Infallible>,
}

impl ConnectionTask {
    async fn run(mut self, stream: TcpStream, service: TowerToHyperService<Router>) {
        let tracked = Arc::clone(&self.tracked);
        let io = TokioIo::new(Watched {
            stream,
            tracked: Arc::clone(&tracked),
        });
        let service = service_fn(move |request: hyper::Request<Incoming>| {
            let in_flight = tracked.request_started();
            let response = hyper::service::Service::call(&service, request.map(Body::new));
            async move {
                let response = response.await;
                drop(in_flight);
                response
            }
        });
        let mut builder = http1::Builder::new();
        // The deadlines below replace hyper's own header timer, which would also count
        // the time a keep-alive connection waits for its next request.
        builder
            .timer(TokioTimer::new())
            .header_read_timeout(None)
            .keep_alive(true);
        let connection = builder.serve_connection(io, service);
        let mut connection = std::pin::pin!(connection);
        let mut draining = false;
        loop {
            if self.tracked.evicted.load(Ordering::Acquire) {
                break;
            }
            let deadline = self.tracked.deadline(&self.limits);
            if deadline.is_some_and(|d| d <= Instant::now()) {
                break;
            }
            if *self.stopping.borrow() && !draining {
                if self.tracked.waiting_since().is_some() {
                    break;
                }
                connection.as_mut().graceful_shutdown();
                draining = true;
            }
            let sleep = async {
                match deadline {
                    Some(d) => tokio::time::sleep_until(d.into()).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                _ = connection.as_mut() => break,
                () = sleep => {}
                () = self.tracked.wake.notified() => {}
                _ = self.stopping.changed(), if !draining => {}
            }
        }
        self.registry.remove(self.id);
    }
}

/// A connection's socket, telling its [`Tracked`] when bytes arrive.
struct Watched {
    stream: TcpStream,
    tracked: Arc<Tracked>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.tracked.received();
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}
