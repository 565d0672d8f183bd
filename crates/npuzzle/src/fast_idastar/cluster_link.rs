//! Searching one board with other processes: what the fast IDA* needs from a
//! cluster, with no engine in it. A front end supplies a [`ClusterLink`] (the `npuzzle`
//! command line's runs over timely-dataflow);
//! [`InProcessCluster`](super::in_process_cluster::InProcessCluster) is one inside a
//! single process, for tests and for trying the idea.
//!
//! ```
//! use npuzzle::fast_idastar::cluster_link::{agree, ClusterLink};
//! use npuzzle::fast_idastar::in_process_cluster::InProcessCluster;
//!
//! // Three "processes", each on a thread of this one; the last would search another goal.
//! let answers: Vec<_> = std::thread::scope(|scope| {
//!     let handles: Vec<_> = InProcessCluster::new(&[1, 1, 1])
//!         .into_iter()
//!         .map(|link| {
//!             let goal = if link.process() == 2 { "123456780" } else { "012345678" };
//!             scope.spawn(move || agree(&link, &[("goal", goal.to_string())]))
//!         })
//!         .collect();
//!     handles.into_iter().map(|h| h.join().unwrap()).collect()
//! });
//! for answer in &answers {
//!     // Every process gets the same refusal, naming the process and what differs.
//!     assert_eq!(
//!         answer.as_ref().unwrap_err().to_string(),
//!         "process 2 would search differently: its goal is 123456780, process 0's is 012345678"
//!     );
//! }
//! ```
//!
//! **How a board is shared.** Every process runs the same [`crate::solve`] with the same
//! options and its own link. Before searching, the processes compare what they would
//! search ([`agree`]: the program's version, the board, the goal, the move order, the
//! algorithm, the estimate and a checksum of its tables) and all refuse if one differs.
//! Each iteration of the fast IDA* is then one *round*: every process lists
//! the same frontier (see [`crate::fast_idastar::parallel`]), its threads search the
//! items they [claim](ClusterLink::claim) (handed out in order, a shrinking chunk at a
//! time, to whichever thread asks: the balance of one process's threads across the
//! cluster), and each process hands its counts, next bound and lowest goal to
//! [`ClusterLink::gather`]. Everyone gets everyone's, in process order, and decides
//! the same thing from them. A goal found in item `i` is announced at once
//! ([`ClusterLink::announce_cutoff`]), and items after `i` stop everywhere; items before
//! `i` still run, so the answer is the serial search's path, move for move, on any
//! cluster shape.

use std::sync::Arc;
use std::time::Duration;

use crate::puzzle::board::{moves_to_string, Move};
use crate::puzzle::notation::parse_moves;
use crate::search::GiveUp;

/// The cluster as one process of it sees it. Calls come from the search's threads; an
/// implementation that loses a peer ends the process with an error naming it (a search
/// cannot go on without that peer's share of the items), so no call returns an error.
pub trait ClusterLink: Send + Sync {
    /// This process's index, from 0.
    fn process(&self) -> usize;
    /// The threads searching on each process, in process order (the same list on every
    /// process); its length is the number of processes.
    fn threads(&self) -> &[usize];
    /// A process named for messages, such as `process 1 (10.0.0.2:2101)`.
    fn describe(&self, process: usize) -> String;
    /// Starts this process's part of a round of `items` work items, numbered from 0 (the
    /// same count on every process: each lists the same frontier).
    fn begin_round(&self, items: usize);
    /// The next item of the current round for one of this process's threads, or `None`
    /// once every item has been handed out. Items are handed out across the cluster in
    /// increasing order, each to one thread, as threads ask: the threads that finish
    /// early take more, so no process waits long for another at the round's end.
    fn claim(&self) -> Option<usize>;
    /// Ends this process's part of the current round with `mine` and returns every
    /// process's, in process order, once all have given theirs. Rounds are counted by
    /// the link: the `k`-th call on each process belongs to round `k`.
    fn gather(&self, mine: String) -> Vec<String>;
    /// Tells every process that items from `cutoff` on are not needed in the current
    /// round (a goal was found in item `cutoff - 1`, or 0 when this process gave up).
    fn announce_cutoff(&self, cutoff: usize);
    /// The lowest cutoff other processes have announced in the current round
    /// (`usize::MAX` if none). Called every few thousand nodes by every thread: cheap.
    fn cutoff_elsewhere(&self) -> usize;
    /// Records that this process has expanded `expanded` nodes in the current round so
    /// far, and returns the latest such counts of the other processes, summed (for the
    /// node limit; they may lag). Called as often as [`ClusterLink::cutoff_elsewhere`].
    fn expanded_elsewhere(&self, expanded: u64) -> u64;
}

/// A link shared by options and searches.
#[derive(Clone)]
pub struct SharedLink(pub Arc<dyn ClusterLink>);

impl std::fmt::Debug for SharedLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "SharedLink(process {} of {})",
            self.0.process(),
            self.0.threads().len()
        )
    }
}

impl PartialEq for SharedLink {
    fn eq(&self, other: &SharedLink) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// Why processes will not search together.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{process} would search differently: its {field} is {theirs}, process 0's is {ours}")]
pub struct Disagreement {
    /// The process that differs, described by its link.
    pub process: String,
    /// What differs.
    pub field: String,
    /// Process 0's value.
    pub ours: String,
    /// The other process's value.
    pub theirs: String,
}

/// Compares `fields` (name, value) with every process's, through one round of `link`.
///
/// # Errors
/// The first process, in order, whose fields differ from process 0's, and the first
/// field that does: the same error on every process.
pub fn agree(link: &dyn ClusterLink, fields: &[(&str, String)]) -> Result<(), Disagreement> {
    let mine = fields
        .iter()
        .fold(String::new(), |mut text, (name, value)| {
            let value = value.replace(['\t', '\n'], " ");
            text.extend([name, "\t", &value, "\n"]);
            text
        });
    let all = link.gather(mine);
    let parse = |text: &str| -> Vec<(String, String)> {
        text.lines()
            .map(|l| {
                let (n, v) = l.split_once('\t').unwrap_or((l, ""));
                (n.to_string(), v.to_string())
            })
            .collect()
    };
    let first = parse(&all[0]);
    for (process, text) in all.iter().enumerate().skip(1) {
        let theirs = parse(text);
        for i in 0..first.len().max(theirs.len()) {
            let ours = first.get(i);
            let other = theirs.get(i);
            if ours != other {
                let missing = || ("a field".to_string(), "missing".to_string());
                let (field, ours) = ours.cloned().unwrap_or_else(missing);
                return Err(Disagreement {
                    process: link.describe(process),
                    theirs: other.map_or_else(|| "missing".to_string(), |o| o.1.clone()),
                    field,
                    ours,
                });
            }
        }
    }
    Ok(())
}

/// The least of every process's `mine` (`None` is no bound, more than any number),
/// through one round of `link`: the same on every process. For a bound each process
/// has its own default for (the memory budget, half of each machine's memory), which
/// processes must hold to alike: the least is one that none passes.
pub fn least(link: &dyn ClusterLink, mine: Option<u64>) -> Option<u64> {
    let text = mine.map_or_else(|| "none".to_string(), |n| n.to_string());
    link.gather(text)
        .iter()
        // Every process runs this same program: anything but a number is no bound.
        .filter_map(|text| text.parse::<u64>().ok())
        .min()
}

/// What one process found in one round of the fast IDA*.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundShare {
    /// Nodes it expanded.
    pub expanded: u64,
    /// Nodes it generated.
    pub generated: u64,
    /// The least `f` it cut off (`u32::MAX` if none).
    pub next_bound: u32,
    /// The lowest item it found a goal in, with the whole path.
    pub goal: Option<(usize, Vec<Move>)>,
    /// The limit it reached, if any.
    pub gave_up: Option<GiveUp>,
}

impl RoundShare {
    /// The share as one line of text, as [`RoundShare::decode`] reads it.
    pub fn encode(&self) -> String {
        let goal = match &self.goal {
            Some((item, path)) => format!("{item} {}", moves_to_string(path)),
            None => "- -".to_string(),
        };
        let gave_up = match self.gave_up {
            None => "-".to_string(),
            Some(GiveUp::Expanded(n)) => format!("expanded:{n}"),
            Some(GiveUp::Held(n)) => format!("held:{n}"),
            Some(GiveUp::Time(t)) => format!("time:{}", t.as_nanos()),
            Some(GiveUp::Memory { budget, held }) => format!("memory:{budget}:{held}"),
            Some(GiveUp::Interrupted) => "interrupted".to_string(),
        };
        format!(
            "{} {} {} {goal} {gave_up}",
            self.expanded, self.generated, self.next_bound
        )
    }

    /// Reads what [`RoundShare::encode`] wrote; `None` for anything else.
    pub fn decode(text: &str) -> Option<RoundShare> {
        let mut words = text.split(' ');
        let mut next = || words.next();
        let expanded = next()?.parse().ok()?;
        let generated = next()?.parse().ok()?;
        let next_bound = next()?.parse().ok()?;
        let (item, path) = (next()?, next()?);
        let goal = if item == "-" {
            None
        } else {
            let path = if path == "-" {
                Vec::new()
            } else {
                parse_moves(path).ok()?
            };
            Some((item.parse().ok()?, path))
        };
        let gave_up = match next()? {
            "-" => None,
            word => {
                let mut parts = word.split(':');
                let kind = parts.next()?;
                let mut number = || parts.next().and_then(|n| n.parse::<u64>().ok());
                Some(match kind {
                    "expanded" => GiveUp::Expanded(number()?),
                    "held" => GiveUp::Held(number()?),
                    "time" => GiveUp::Time(Duration::from_nanos(number()?)),
                    "memory" => GiveUp::Memory {
                        budget: number()?,
                        held: number()?,
                    },
                    "interrupted" => GiveUp::Interrupted,
                    _ => return None,
                })
            }
        };
        Some(RoundShare {
            expanded,
            generated,
            next_bound,
            goal,
            gave_up,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast_idastar::in_process_cluster::InProcessCluster;

    #[test]
    fn shares_survive_the_round_trip() {
        let shares = [
            RoundShare::default(),
            RoundShare {
                expanded: 12,
                generated: 30,
                next_bound: 41,
                goal: Some((7, parse_moves("lrdu").unwrap())),
                gave_up: Some(GiveUp::Memory {
                    budget: 1 << 30,
                    held: 5,
                }),
            },
            RoundShare {
                goal: Some((0, Vec::new())),
                gave_up: Some(GiveUp::Time(Duration::from_millis(1500))),
                ..RoundShare::default()
            },
            RoundShare {
                gave_up: Some(GiveUp::Interrupted),
                ..RoundShare::default()
            },
        ];
        for share in shares {
            assert_eq!(RoundShare::decode(&share.encode()), Some(share));
        }
        assert_eq!(RoundShare::decode("1 2"), None);
        assert_eq!(RoundShare::decode("1 2 3 - - bogus:1"), None);
    }

    #[test]
    fn the_least_bound_is_everyone_s() {
        for (bounds, least_one) in [
            (vec![Some(5), None, Some(3)], Some(3)),
            (vec![None, None], None),
            (vec![Some(7)], Some(7)),
        ] {
            let links = InProcessCluster::new(&vec![1; bounds.len()]);
            let all: Vec<Option<u64>> = std::thread::scope(|scope| {
                let handles: Vec<_> = links
                    .iter()
                    .zip(&bounds)
                    .map(|(link, &mine)| scope.spawn(move || least(link, mine)))
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            assert!(all.iter().all(|&l| l == least_one), "{bounds:?}: {all:?}");
        }
    }

    #[test]
    fn agreement_names_the_process_and_field_that_differ() {
        let links = InProcessCluster::new(&[1, 1, 1]);
        let results: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = links
                .iter()
                .map(|link| {
                    scope.spawn(move || {
                        let tables = if link.process() == 2 { "b" } else { "a" };
                        agree(
                            link,
                            &[
                                ("board", "1 2 3".to_string()),
                                ("tables checksum", tables.into()),
                            ],
                        )
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for result in results {
            let error = result.unwrap_err();
            assert_eq!(
                error.to_string(),
                "process 2 would search differently: its tables checksum is b, process 0's is a"
            );
        }
    }
}
