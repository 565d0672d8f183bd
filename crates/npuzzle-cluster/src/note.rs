//! What the processes tell one another: one message type, routed to one process.

use serde::{Deserialize, Serialize};

/// A message from one process to another (a message to everyone is sent once to each).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Note {
    /// The round (IDA* iteration, or agreement) it belongs to: its timely epoch.
    pub round: u64,
    /// The sender.
    pub from: usize,
    /// The receiver.
    pub to: usize,
    /// What it says.
    pub body: Body,
}

/// The content of a [`Note`].
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) enum Body {
    /// The sender's part of a round (see `npuzzle::fast_idastar::cluster_link::ClusterLink::gather`).
    Share(String),
    /// Items from this index on are not needed this round.
    Cutoff(usize),
    /// The sender's expansions in this round so far.
    Progress(u64),
    /// The sender is alive (sent every second).
    Heartbeat,
    /// The sender is done and will send nothing more.
    Finished,
    /// The sender wants this many items of the round, for this many threads (to
    /// process 0).
    Claim(usize, usize),
    /// Items `start..end` of the round for the receiver; an empty range: none are left.
    Grant(usize, usize),
    /// A batch worker of the sender wants a board (to process 0).
    Ready,
    /// A board for the receiver: its index in the input and its line.
    Job(usize, String),
    /// No boards are left.
    NoMore,
    /// A finished board (to process 0): index, record, whether the line was bad.
    Result(usize, String, bool),
}
