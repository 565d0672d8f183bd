//! `npuzzle serve`: the web page and its JSON API, on axum and tokio.
//!
//! The server only translates: puzzle logic stays in the library. What it adds is the
//! protection a shared service needs: bodies are size-limited, every search runs on a
//! blocking thread under node, memory and time limits that a request can lower but never
//! raise, and at most [`ServerConfig::max_concurrent`] searches run at once; a request
//! over that cap is answered 503 at once rather than queued without bound.

mod api;
#[cfg(test)]
mod tests;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::Router;
use npuzzle::cache::Cache;
use tokio::sync::Semaphore;

/// The page and its assets, compiled into the binary so `npuzzle serve` needs no files
/// and no network.
const INDEX_HTML: &str = include_str!("page/index.html");
const APP_CSS: &str = include_str!("page/app.css");
const APP_JS: &str = include_str!("page/app.js");

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
            max_bytes: npuzzle::memory::default_budget(),
            body_limit: 16 * 1024,
            cache: None,
        }
    }
}

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    config: Arc<ServerConfig>,
    /// One permit per running search; `try_acquire` failing means "busy", answered 503.
    searches: Arc<Semaphore>,
}

impl AppState {
    /// State for a server held to `config`.
    pub fn new(config: ServerConfig) -> AppState {
        let searches = Arc::new(Semaphore::new(config.max_concurrent));
        AppState {
            config: Arc::new(config),
            searches,
        }
    }
}

/// The whole application: page, assets and API.
pub fn router(state: AppState) -> Router {
    let body_limit = state.config.body_limit;
    Router::new()
        .route("/", get(index))
        .route("/app.css", get(css))
        .route("/app.js", get(js))
        .route("/api/health", get(api::health))
        .route("/api/random", get(api::random))
        .route("/api/solve", post(api::solve))
        .route("/api/compare", post(api::compare))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(DefaultBodyLimit::max(body_limit))
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

async fn js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        APP_JS,
    )
}

/// Serves on `bind` until Ctrl-C; `on_listening` is told the address actually bound
/// (which differs from `bind` when its port is 0).
pub async fn serve(
    bind: SocketAddr,
    config: ServerConfig,
    on_listening: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(bind).await?;
    on_listening(listener.local_addr()?);
    axum::serve(listener, router(AppState::new(config)))
        .with_graceful_shutdown(async {
            // If the signal cannot be installed, serve until killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await
}
