//! `GET /api/health`.

use axum::extract::State;
use axum::Json;
use serde_json::json;

use crate::serve::AppState;

/// `GET /api/health`: alive, and how loaded (searches running, connections open, and
/// the limit of each; a connection limit of 0 means no listener counts them).
pub async fn health(State(state): State<AppState>) -> Json<serde_json::Value> {
    let searches_limit = state.config.max_concurrent;
    Json(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "searches": {
            "running": searches_limit - state.searches.available_permits(),
            "limit": searches_limit,
        },
        "connections": {
            "open": state.connections.open(),
            "limit": state.connections.limit(),
        },
    }))
}
