//! # npuzzle-cluster
//!
//! The `npuzzle` library's shared searches and batches over several processes, on
//! [timely-dataflow](https://docs.rs/timely): the engine stays out of the library, which
//! sees only the [`npuzzle::fast_idastar::cluster_link::ClusterLink`] a [`Cluster`] gives it.
//!
//! ```no_run
//! use std::time::Duration;
//! use npuzzle::{parse_board, solve, Board, Size, SolveOptions};
//! use npuzzle_cluster::{Cluster, ClusterOptions, HostFile};
//!
//! // Run the same program on every machine, each with its own line's index.
//! let hosts = HostFile::parse("10.0.0.1:2101\n10.0.0.2:2101\n", "hosts.txt")?;
//! let cluster = Cluster::join(&ClusterOptions {
//!     hosts,
//!     process: 0,
//!     threads: 2,
//!     timeout: Duration::from_secs(30),
//! })?;
//! let goal = Board::goal(Size::square(4)?);
//! let start = parse_board("14 13 15 7/11 12 9 5/6 0 2 1/4 8 10 3", None)?;
//! let options = SolveOptions { threads: 2, cluster: Some(cluster.link()), ..SolveOptions::default() };
//! let solution = solve(&start, &goal, &options)?; // the same answer on every process
//! cluster.finish();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Layers, from the bottom: [`host_file`] (the cluster's addresses), `error`, `connect` (the
//! sockets and the hello that checks both ends), `note` (what the processes tell one
//! another), `claims` (a process's share of a round's items), `state` (what a process has heard), `dataflow` (the timely worker that
//! moves notes), `watchdog` (ends the process when a peer is lost), and [`Cluster`].
//!
//! **One timely worker a process.** The worker only moves notes; the search runs on the
//! process's own threads, which share the process's items dynamically (the library's
//! parallel IDA*), so `-j N` on a process means N searching threads and the cluster's
//! slots are the sum of them.

pub mod host_file;

mod claims;
mod cluster;
mod connect;
mod dataflow;
mod error;
mod note;
mod state;
mod watchdog;

pub use cluster::{Cluster, ClusterOptions, Jobs};
pub use error::ClusterError;
pub use host_file::{HostFile, HostFileError};
