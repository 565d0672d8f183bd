//! What a solve is asked and what it answers: the options, the solution with its status and
//! advice, the errors, why optimal solutions went uncounted, and the link through which a
//! cluster of processes shares a search.
//!
//! ```
//! use npuzzle::answer::options::SolveOptions;
//! use npuzzle::answer::algorithm::Algorithm;
//!
//! let options = SolveOptions { algorithm: Algorithm::Astar, ..SolveOptions::default() };
//! assert_eq!(options.algorithm.to_string(), "astar");
//! ```

pub mod algorithm;
pub mod options;
pub mod solution;
pub mod solve_error;
pub mod uncounted;
