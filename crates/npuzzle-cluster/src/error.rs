//! Why a process could not join a cluster.

/// Why a process could not join, or its cluster failed.
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    /// A process index outside the host file.
    #[error("process {process} is not in the host file, which gives {processes} (0 to {last})", last = processes - 1)]
    NoSuchProcess {
        /// The index asked for.
        process: usize,
        /// How many the file gives.
        processes: usize,
    },
    /// An address that does not resolve.
    #[error("cannot resolve {address}: {why}")]
    Resolve {
        /// The address.
        address: String,
        /// Why not.
        why: String,
    },
    /// This process's own address cannot be listened on.
    #[error("cannot listen on {address}, this process's address in the host file: {why}")]
    Listen {
        /// The address.
        address: String,
        /// Why not.
        why: String,
    },
    /// A process before this one could not be reached in time.
    #[error("{who} could not be reached before the timeout ({why}): is every process started, with this host file?")]
    Unreachable {
        /// The process and its address.
        who: String,
        /// The last error.
        why: String,
    },
    /// Processes after this one never connected in time.
    #[error("{missing} did not connect within {seconds} s: is every process started, with this host file?")]
    NeverConnected {
        /// The processes and their addresses.
        missing: String,
        /// The timeout.
        seconds: f64,
    },
    /// A peer's hello was not what this process expects.
    #[error("{who} cannot join: {why}")]
    Hello {
        /// The peer.
        who: String,
        /// What was wrong.
        why: String,
    },
    /// timely could not start over the sockets.
    #[error("the dataflow could not start: {0}")]
    Start(String),
}
