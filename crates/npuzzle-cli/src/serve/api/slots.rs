//! The search slots: a request's search runs on a blocking thread when a slot is free,
//! and stops when the request is dropped.

use axum::http::StatusCode;
use npuzzle::util::cancel::CancelToken;
use npuzzle::util::plural::counted;

use super::error::{ApiError, ErrorCode};
use crate::serve::AppState;

/// Runs `work` on a blocking thread if a search slot is free, or answers 503 at once:
/// queueing would let a burst of requests pile up without bound. A request dropped
/// before its answer (its client gone, its time up) sets `cancel`, which `work`'s
/// search reads: the search stops within milliseconds and its slot is free again,
/// rather than at the search's own limit.
pub(super) async fn run_search<T: Send + 'static>(
    state: &AppState,
    cancel: Option<CancelToken>,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let _stop_when_dropped = CancelOnDrop(cancel);
    let permit = state.searches.clone().try_acquire_owned().map_err(|_| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::Busy,
            format!(
                "the server is busy: {} already running; try again shortly",
                counted(
                    state.config.max_concurrent as u64,
                    "search is",
                    "searches are"
                )
            ),
        )
    })?;
    tokio::task::spawn_blocking(move || {
        // Held until the search ends (soon after the request is dropped, see above).
        let _permit = permit;
        let answer = work();
        // The search's big maps are freed on threads of their own: wait, then trim.
        npuzzle::util::freeing::wait_for_frees();
        crate::serve::give_memory_back();
        answer
    })
    .await
    .map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::Internal,
            format!("the search failed: {e}"),
        )
    })?
}

/// Sets its token when dropped: when the request holding it is dropped, whether or not
/// its search has ended (setting a finished search's token does nothing).
struct CancelOnDrop(Option<CancelToken>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(token) = &self.0 {
            token.cancel();
        }
    }
}
