//! The JSON API's handlers. Every error is `{"error": "...", "code": "..."}` with a 4xx
//! status naming the problem (5xx only for "busy", for tables the server cannot read, and
//! for a bug: whose fault a solve's error is, the library says): `error` is an English
//! sentence, `code` one of the stable names of [`ErrorCode`], for programs and for the
//! page, which shows the message in the reader's language.
//!
//! One file an idea: [`error`] (the codes and the error answer), [`fields`] (what each
//! field of a request must be, checked before serde reads it), [`request`] (reading
//! what every request shares: boards, heuristics, limits), [`slots`] (running a search
//! in a free slot), and a file per endpoint.

mod analyse;
mod compare;
mod error;
mod fields;
mod health;
mod random;
mod request;
mod slots;
mod solve;
mod trace;

pub use analyse::analyse;
pub use compare::compare;
pub use error::{method_not_allowed, not_found, ApiError, ErrorCode};
pub use health::health;
pub use random::random;
#[cfg(test)]
pub use random::MAX_WALK;
pub use solve::solve;
pub use trace::{trace_get, trace_post};
