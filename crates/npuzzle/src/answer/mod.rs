//! What a solve is asked and what it answers: the options, the algorithm, the solution
//! with its status and advice, the solutions listed beside it, and the errors.
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
pub mod request;
pub mod solution;
pub mod solution_list;
pub mod solve_error;
