//! What every request passes through: its body must arrive within the body timeout (else
//! 408, and the connection closes), the whole request is answered within the request
//! timeout (else 503), and every response carries the security headers.
//!
//! The connection loop (`super::connections`) bounds the time to a request's head; this
//! bounds what follows. A body is read whole here, under the size limit and the deadline,
//! because a limit per chunk lets a client that sends a byte a second go on for ever.

use std::time::{Duration, Instant};

use axum::body::{to_bytes, Body};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::api::{ApiError, ErrorCode};
use super::AppState;

/// The page's Content-Security-Policy: its own script, style and API, nothing inline,
/// nothing from elsewhere, never in a frame.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; \
     form-action 'none'; frame-ancestors 'none'";

/// Bounds one request (see the module documentation).
pub async fn bound_request(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let started = Instant::now();
    let config = &state.config;
    let (parts, body) = request.into_parts();
    let body =
        match tokio::time::timeout(config.body_timeout, to_bytes(body, config.body_limit)).await {
            Ok(Ok(bytes)) => bytes,
            Ok(Err(error)) => return with_headers(body_error(&error, config.body_limit)),
            Err(_) => {
                let mut response = ApiError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    ErrorCode::BodyTimeout,
                    format!(
                        "the request body did not arrive within {} s",
                        seconds(config.body_timeout)
                    ),
                )
                .into_response();
                // Whatever the client sends next is not worth reading.
                response
                    .headers_mut()
                    .insert(header::CONNECTION, HeaderValue::from_static("close"));
                return with_headers(response);
            }
        };
    let request = Request::from_parts(parts, Body::from(body));
    let left = config.request_timeout.saturating_sub(started.elapsed());
    let response = match tokio::time::timeout(left, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::Timeout,
            format!(
                "the request was not answered within {} s; a search still running stops at its own limit",
                seconds(config.request_timeout)
            ),
        )
        .into_response(),
    };
    with_headers(response)
}

/// A body over the size limit (413) or one cut off by the client (400).
fn body_error(error: &axum::Error, limit: usize) -> Response {
    let too_long = std::error::Error::source(error)
        .is_some_and(<dyn std::error::Error>::is::<http_body_util::LengthLimitError>);
    if too_long {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::BodyTooLarge,
            format!("the request body is over the length limit of {limit} bytes"),
        )
    } else {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            ErrorCode::BadRequest,
            format!("reading the request body: {error}"),
        )
    }
    .into_response()
}

fn with_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}

fn seconds(duration: Duration) -> String {
    format!("{}", duration.as_secs_f64())
}
