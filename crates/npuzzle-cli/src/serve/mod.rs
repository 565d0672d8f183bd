//! `npuzzle serve`: the web page and its JSON API, on axum, hyper and tokio.
//!
//! ```no_run
//! use npuzzle_cli::serve::{serve, ServerConfig};
//! # async fn run() -> std::io::Result<()> {
//! // Serves until Ctrl-C or SIGTERM, then lets the requests in flight finish.
//! let bind = "127.0.0.1:8080".parse().expect("an address");
//! let stopped = serve(bind, ServerConfig::default(), |addr| println!("on {addr}"), |_| {}).await?;
//! assert_eq!(stopped.unfinished, 0);
//! # Ok(()) }
//! ```
//!
//! The server only translates: puzzle logic stays in the library. What it adds is the
//! protection a shared service needs (docs/RELIABILITY.md has what was tried against it):
//! - every search runs on a blocking thread under node, memory and time limits that a
//!   request can lower but never raise, and at most [`ServerConfig::max_concurrent`]
//!   searches (a solve, or a whole comparison) run at once; one more is answered 503 at
//!   once rather than queued without bound;
//! - a request's body must arrive within [`ServerConfig::body_timeout`] and be at most
//!   [`ServerConfig::body_limit`] bytes, and the whole request is answered within
//!   [`ServerConfig::request_timeout`] ([`guard`]);
//! - connections are capped and timed out, and a stop is graceful ([`connections`]);
//! - every response carries a Content-Security-Policy that allows only the page's own
//!   script and style, and `X-Content-Type-Options: nosniff`.

mod api;
pub mod connections;
pub mod guard;
#[cfg(test)]
mod tests;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::Router;
use npuzzle::tables::cache::Cache;
use tokio::sync::Semaphore;

pub use connections::{ConnectionCount, ConnectionLimits, Stopped};

/// The page and its assets, compiled into the binary so `npuzzle serve` needs no files
/// and no network.
const INDEX_HTML: &str = include_str!("page/index.html");
const APP_CSS: &str = include_str!("page/app.css");
/// The page's scripts, ES modules served at `/NAME`: `app.js` is the entry and imports the
/// others (`selftest.js` only when a browser test asks for it).
const SCRIPTS: [(&str, &str); 12] = [
    ("/app.js", include_str!("page/app.js")),
    ("/analyse.js", include_str!("page/analyse.js")),
    ("/api.js", include_str!("page/api.js")),
    ("/board.js", include_str!("page/board.js")),
    ("/catalogues.js", include_str!("page/catalogues.js")),
    ("/chart.js", include_str!("page/chart.js")),
    ("/compare.js", include_str!("page/compare.js")),
    ("/language.js", include_str!("page/language.js")),
    ("/selftest.js", include_str!("page/selftest.js")),
    ("/solve.js", include_str!("page/solve.js")),
    ("/state.js", include_str!("page/state.js")),
    ("/trace.js", include_str!("page/trace.js")),
];
/// The tab's icon: the 8-puzzle with its blank in the corner, 32 pixels square (an ICO
/// holding a PNG), so a browser's automatic request for it is not answered 404.
const FAVICON: &[u8] = include_bytes!("page/favicon.ico");

/// The server's bounds. Every request is held to these; a request may ask for less.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Most nodes one search may expand.
    pub max_nodes: u64,
    /// Most nodes one search may hold in memory at once.
    pub max_held: u64,
    /// Most bytes all running searches may take together: each has its share (this
    /// divided by [`ServerConfig::max_concurrent`]). `None`: no byte budget.
    pub max_bytes: Option<u64>,
    /// Longest one search may run.
    pub max_time: Duration,
    /// Most searches (a solve, or a whole comparison) running at once.
    pub max_concurrent: usize,
    /// Largest request body accepted, in bytes.
    pub body_limit: usize,
    /// Longest a request's body may take to arrive, from the end of its head.
    pub body_timeout: Duration,
    /// Longest a whole request may take to be answered, body included.
    pub request_timeout: Duration,
    /// How many connections are kept, and for how long.
    pub connections: ConnectionLimits,
    /// Where the searches find cached tables (default: [`Cache::from_env`]).
    pub cache: Option<Cache>,
}

impl Default for ServerConfig {
    /// Bounds that keep one request to seconds and a few hundred megabytes, and leave
    /// the machine responsive with two searches running.
    fn default() -> Self {
        ServerConfig {
            max_nodes: 5_000_000,
            max_held: 5_000_000,
            max_time: Duration::from_secs(10),
            max_concurrent: 2,
            max_bytes: npuzzle::util::memory::default_budget(),
            body_limit: 16 * 1024,
            body_timeout: Duration::from_secs(5),
            // The body's time, the longest search, and room to spare.
            request_timeout: Duration::from_secs(20),
            connections: ConnectionLimits::default(),
            cache: None,
        }
    }
}

impl ServerConfig {
    /// The most threads one search may take: the cores shared between the searches
    /// running at once ([`ServerConfig::max_concurrent`]), at least one.
    pub fn threads_per_search(&self) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        (cores / self.max_concurrent.max(1)).max(1)
    }
}

/// Puts every thread of the server on the C allocator's main arena; called before the
/// runtime starts its threads. glibc gives threads arenas of their own, and
/// [`give_memory_back`] cannot release the free top of those (`malloc_trim` trims only the
/// main arena's): 6–70 MB stayed after one 10×10 BFS, varying run to run, and 7 MB with
/// one arena. A search does not allocate on a hot path shared between threads, so the one
/// arena's lock costs nothing measurable (the same BFS under load 9: 6.3–6.5 s against
/// 6.3–6.8 s for its 5 s limit).
pub fn share_one_allocator_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[expect(
        unsafe_code,
        reason = "mallopt is a C call with no preconditions; it sets one allocator tunable"
    )]
    // SAFETY: mallopt only records the value; it is called before other threads exist.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

/// Returns the memory a finished search freed to the system. The C allocator keeps freed
/// blocks for reuse, and a search holds millions of small ones (a board each): without
/// this a server that once ran a large search would go on holding its peak.
pub fn give_memory_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[expect(
        unsafe_code,
        reason = "malloc_trim is a C call with no preconditions; it only releases free pages"
    )]
    // SAFETY: malloc_trim takes a byte count and touches only the allocator's free lists.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    config: Arc<ServerConfig>,
    /// One permit per running search; `try_acquire` failing means "busy", answered 503.
    searches: Arc<Semaphore>,
    /// The open connections, as the connection loop counts them.
    connections: Arc<ConnectionCount>,
}

impl AppState {
    /// State for a server held to `config`.
    pub fn new(config: ServerConfig) -> AppState {
        let searches = Arc::new(Semaphore::new(config.max_concurrent));
        AppState {
            config: Arc::new(config),
            searches,
            connections: Arc::default(),
        }
    }
}

/// The whole application: page, assets and API.
pub fn router(state: AppState) -> Router {
    let body_limit = state.config.body_limit;
    let mut router = Router::new()
        .route("/", get(index))
        .route("/app.css", get(css))
        .route("/favicon.ico", get(favicon));
    for (path, source) in SCRIPTS {
        router = router.route(path, get(move || async move { script(source) }));
    }
    router
        .route("/api/health", get(api::health))
        .route("/api/random", get(api::random))
        .route("/api/solve", post(api::solve))
        .route("/api/compare", post(api::compare))
        .route("/api/analyse", post(api::analyse))
        .route("/api/trace", get(api::trace_get).post(api::trace_post))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            guard::bound_request,
        ))
        .with_state(state)
}

async fn index() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        INDEX_HTML,
    )
}

async fn css() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], APP_CSS)
}

/// A module script: `text/javascript`, which a browser requires of a module (and
/// `nosniff` makes it check).
fn script(source: &'static str) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        source,
    )
}

async fn favicon() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "image/x-icon"),
            // It never changes within a version: a day spares the browser asking again.
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        FAVICON,
    )
}

/// Serves on `bind` until Ctrl-C or SIGTERM, then stops gracefully: new connections are
/// refused and the requests in flight finish, for at most the shutdown grace.
/// `on_listening` is told the address actually bound (which differs from `bind` when its
/// port is 0); `on_stop`, the requests in flight when the stop begins. The connection cap
/// is lowered to fit under the process's descriptor limit.
///
/// # Errors
/// When the address cannot be bound.
pub async fn serve(
    bind: SocketAddr,
    mut config: ServerConfig,
    on_listening: impl FnOnce(SocketAddr),
    on_stop: impl FnOnce(usize),
) -> std::io::Result<Stopped> {
    if let Some(cap) = connections::descriptor_cap() {
        let limits = &mut config.connections;
        limits.max_connections = limits.max_connections.min(cap.max(1));
    }
    let listener = tokio::net::TcpListener::bind(bind).await?;
    on_listening(listener.local_addr()?);
    let limits = config.connections;
    let state = AppState::new(config);
    let count = Arc::clone(&state.connections);
    Ok(connections::serve(
        listener,
        router(state),
        count,
        limits,
        stop_signal(),
        on_stop,
    )
    .await)
}

/// Completes at the first Ctrl-C (SIGINT) or SIGTERM. Both are watched from this call on
/// (not from the first poll), so a signal right after "listening" is not missed.
fn stop_signal() -> impl Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let watched = [SignalKind::interrupt(), SignalKind::terminate()].map(signal);
        async move {
            let [Ok(mut interrupt), Ok(mut terminate)] = watched else {
                // Without the handlers, serve until killed.
                return std::future::pending().await;
            };
            tokio::select! {
                _ = interrupt.recv() => {}
                _ = terminate.recv() => {}
            }
        }
    }
    #[cfg(not(unix))]
    async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}
