//! Shared utilities every band may use: stopping work from outside, whose fault an error
//! is, memory budgets, memory asked for ahead of a read, process-wide stores, counts
//! written with nouns, progress callbacks, proportions estimated from draws, lower bounds
//! a search proves.
//!
//! ```
//! use npuzzle::util::{cancel::CancelToken, plural::counted};
//!
//! let token = CancelToken::default();
//! assert!(!token.is_cancelled());
//! token.cancel();
//! assert!(token.is_cancelled());
//! assert_eq!(counted(1, "move", "moves"), "1 move");
//! ```

pub mod cancel;
pub mod excerpt;
pub mod fault;
pub mod freeing;
pub mod memory;
pub(crate) mod per_process;
pub mod plural;
pub mod prefetch;
pub mod progress;
pub mod proportion;
pub mod proven_bound;
