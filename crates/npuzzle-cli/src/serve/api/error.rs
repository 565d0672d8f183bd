//! The API's errors: a stable code for programs, an English sentence for people, and the
//! HTTP status that says whose fault it is.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;
use npuzzle::util::fault::Fault;
use npuzzle::SolveError;
use serde_json::json;

/// What went wrong, as a stable name programs can rely on (the `code` of an error).
/// Names are added, never changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorCode {
    /// A request the server cannot read, of no more specific kind.
    BadRequest,
    /// The start board cannot be read.
    BadBoard,
    /// The goal board cannot be read, or does not fit the start.
    BadGoal,
    /// The size cannot be read, or is too large to serve.
    BadSize,
    /// An unknown algorithm, or one the request cannot use.
    BadAlgorithm,
    /// An unknown heuristic.
    BadHeuristic,
    /// A pattern-database partition or catalogue that cannot be read.
    BadPdb,
    /// A limit out of range (`max_seconds`, `max_memory`, `walk`, `limit`).
    BadLimit,
    /// A move order that is not l, r, d, u each once.
    BadOrder,
    /// A metric that is not `stm` or `mtm`.
    BadMetric,
    /// Moves to analyse that cannot be read in their notation (or a notation that is
    /// neither `blank` nor `tiles`), or a move that takes the blank off the board: the
    /// message names the move and its place.
    BadMoves,
    /// A goal the start cannot reach (its parity differs): there is no optimum to measure
    /// moves by; answered 422, as `npuzzle analyse` refuses it.
    Unreachable,
    /// A search gave up at a limit with no answer at all, where an answer needs one
    /// (`/api/analyse`); answered 422: the same request would give up again.
    GaveUp,
    /// Options the solver refuses together (such as a heuristic for BFS).
    BadOptions,
    /// A body that is not JSON.
    BadJson,
    /// JSON of the wrong shape (unknown or mistyped fields).
    BadFields,
    /// A body sent without `content-type: application/json`.
    UnsupportedMediaType,
    /// A body over the length limit.
    BodyTooLarge,
    /// A body that did not arrive in time.
    BodyTimeout,
    /// No such path.
    NotFound,
    /// A known path, the wrong method.
    MethodNotAllowed,
    /// Every search slot is taken: try again shortly.
    Busy,
    /// The request was not answered in time.
    Timeout,
    /// A bug.
    Internal,
    /// The server could not read the tables a good request needs (its cache failed):
    /// the operator must mend it; answered 500.
    TablesUnavailable,
}

impl ErrorCode {
    /// The code as the API writes it (`bad_board`, `busy`, …).
    pub fn name(self) -> &'static str {
        match self {
            ErrorCode::BadRequest => "bad_request",
            ErrorCode::BadBoard => "bad_board",
            ErrorCode::BadGoal => "bad_goal",
            ErrorCode::BadSize => "bad_size",
            ErrorCode::BadAlgorithm => "bad_algorithm",
            ErrorCode::BadHeuristic => "bad_heuristic",
            ErrorCode::BadPdb => "bad_pdb",
            ErrorCode::BadLimit => "bad_limit",
            ErrorCode::BadOrder => "bad_order",
            ErrorCode::BadMetric => "bad_metric",
            ErrorCode::BadMoves => "bad_moves",
            ErrorCode::Unreachable => "unreachable",
            ErrorCode::GaveUp => "gave_up",
            ErrorCode::BadOptions => "bad_options",
            ErrorCode::BadJson => "bad_json",
            ErrorCode::BadFields => "bad_fields",
            ErrorCode::UnsupportedMediaType => "unsupported_media_type",
            ErrorCode::BodyTooLarge => "body_too_large",
            ErrorCode::BodyTimeout => "body_timeout",
            ErrorCode::NotFound => "not_found",
            ErrorCode::MethodNotAllowed => "method_not_allowed",
            ErrorCode::Busy => "busy",
            ErrorCode::Timeout => "timeout",
            ErrorCode::Internal => "internal",
            ErrorCode::TablesUnavailable => "tables_unavailable",
        }
    }
}

/// An error answered as JSON.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: ErrorCode,
    message: String,
}

impl ApiError {
    /// An error answered with `status` and `code`.
    pub fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    /// The sentence answered.
    #[cfg(test)]
    pub(super) fn message(&self) -> &str {
        &self.message
    }

    pub(super) fn bad_request(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(json!({ "error": self.message, "code": self.code.name() }));
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            // Tells well-behaved clients when trying again makes sense.
            (self.status, [(header::RETRY_AFTER, "1")], body).into_response()
        } else {
            (self.status, body).into_response()
        }
    }
}

/// Malformed JSON (400), a wrong content type (415), a body over the limit (413) or
/// fields of the wrong shape (422): axum's status, our JSON.
impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        let code = match rejection {
            JsonRejection::JsonSyntaxError(_) => ErrorCode::BadJson,
            JsonRejection::JsonDataError(_) => ErrorCode::BadFields,
            JsonRejection::MissingJsonContentType(_) => ErrorCode::UnsupportedMediaType,
            _ if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => ErrorCode::BodyTooLarge,
            _ => ErrorCode::BadRequest,
        };
        ApiError::new(rejection.status(), code, rejection.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::bad_request(ErrorCode::BadFields, rejection.body_text())
    }
}

/// Any path that names nothing.
pub async fn not_found(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        ErrorCode::NotFound,
        format!("nothing at {}", uri.path()),
    )
}

/// A known path asked with the wrong method.
pub async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        ErrorCode::MethodNotAllowed,
        format!("{} does not answer {method}", uri.path()),
    )
}

/// An error of the library answered by whose fault it is: 400 with `code` for the
/// request's; 500 `tables_unavailable` for the machine's (the server's cache), which no
/// change to the request mends.
pub(super) fn refused(code: ErrorCode, fault: Fault, message: String) -> ApiError {
    match fault {
        Fault::Request => ApiError::bad_request(code, message),
        Fault::Environment => ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::TablesUnavailable,
            message,
        ),
    }
}

/// A solve the library refused: options it does not take together (`bad_options`), or
/// tables the server cannot read ([`refused`]); the message with its causes.
pub(super) fn solve_error(error: SolveError) -> ApiError {
    let fault = error.fault();
    refused(
        ErrorCode::BadOptions,
        fault,
        format!("{:#}", anyhow::Error::from(error)),
    )
}

/// Turns an error about the request's input into a 400 answer with `code`.
pub(super) fn bad_input<E: Into<anyhow::Error>>(code: ErrorCode) -> impl FnOnce(E) -> ApiError {
    move |error| ApiError::bad_request(code, format!("{:#}", error.into()))
}
