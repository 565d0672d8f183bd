//! Where `npuzzle batch` writes its results: one JSON line each, in input order, and only
//! whole lines, whatever happens to the disk or the process.
//!
//! - A line is written with one write of the line and its newline; if that fails (a full
//!   disk, a file size limit), the file is cut back to its last whole line and the error
//!   says so, so a run started again on a disk with room goes on from there.
//! - Results arrive from the solving threads in any order; each is written once every
//!   result before it is out. When a stop is asked for (Ctrl-C, SIGTERM), the results
//!   finished but still waiting for an earlier one are written too, in input order, and
//!   the file is synced: nothing finished is lost, and a rerun solves only the rest.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use anyhow::Context;
use npuzzle::util::plural::counted;

use crate::interrupt::{Interrupt, Stop};

/// One result as a solving thread sends it: its place in the input, its JSON line, and
/// whether it is an error record.
pub type Finished = (usize, String, bool);

/// Where the lines go.
pub enum Sink {
    /// A file, appended to.
    File {
        /// Opened for appending.
        file: File,
        /// Its path, for messages.
        path: PathBuf,
        /// Its length after the last whole line written.
        whole: u64,
    },
    /// Standard output.
    Stdout(io::Stdout),
}

impl Sink {
    /// `path` opened for appending (created if missing), or standard output.
    pub fn open(path: Option<&Path>) -> anyhow::Result<Sink> {
        let Some(path) = path else {
            return Ok(Sink::Stdout(io::stdout()));
        };
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("opening {}", path.display()))?;
        let whole = file
            .metadata()
            .with_context(|| format!("reading {}", path.display()))?
            .len();
        Ok(Sink::File {
            file,
            path: path.to_path_buf(),
            whole,
        })
    }

    /// Appends `line` and a newline, whole or not at all.
    fn append(&mut self, line: &str) -> io::Result<()> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        match self {
            Sink::File { file, whole, .. } => match file.write_all(&bytes) {
                Ok(()) => {
                    *whole += bytes.len() as u64;
                    Ok(())
                }
                Err(error) => {
                    // Part of the line may be on disk: cut it off. Shortening a file needs
                    // no space, so this works on a full disk too.
                    let _ = file.set_len(*whole);
                    Err(error)
                }
            },
            Sink::Stdout(out) => {
                let mut out = out.lock();
                out.write_all(&bytes)?;
                out.flush()
            }
        }
    }

    /// Makes what was written durable (a file is synced to disk; a device or a pipe, such
    /// as `-o /dev/null`, has nothing to sync and refuses to).
    fn sync(&mut self) -> io::Result<()> {
        match self {
            Sink::File { file, .. } if file.metadata().is_ok_and(|m| m.is_file()) => {
                file.sync_data()
            }
            Sink::File { .. } => Ok(()),
            Sink::Stdout(out) => out.flush(),
        }
    }

    /// What the lines are written to, for messages.
    pub fn name(&self) -> String {
        match self {
            Sink::File { path, .. } => path.display().to_string(),
            Sink::Stdout(_) => "standard output".to_string(),
        }
    }
}

/// How writing ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Written {
    /// Every result came and was written.
    All {
        /// Results written.
        lines: usize,
        /// Of which error records.
        failed: usize,
        /// Of which answers a limit stopped (status `bounded` or `gave-up`).
        limited: usize,
    },
    /// A stop was asked for; every result finished by then was written.
    Stopped {
        /// The signal.
        stop: Stop,
        /// Results written.
        lines: usize,
    },
}

/// Writes the results `finished` sends, in input order, until it closes or `interrupt`
/// asks to stop (see the module documentation).
///
/// # Errors
/// When a line cannot be written: the message names the sink and the cause, and says
/// that the file ends on a whole line and a rerun goes on from it.
pub fn write_in_order(
    finished: &Receiver<Finished>,
    mut sink: Sink,
    interrupt: &Interrupt,
) -> anyhow::Result<Written> {
    let mut pending = BTreeMap::new();
    let (mut next, mut lines, mut failed, mut limited) = (0, 0, 0, 0);
    let mut write = |sink: &mut Sink, record: &str, bad: bool| -> anyhow::Result<()> {
        sink.append(record)
            .map_err(|error| write_error(sink, lines, &error))?;
        lines += 1;
        failed += usize::from(bad);
        limited += usize::from(!bad && stopped_by_a_limit(record));
        Ok(())
    };
    loop {
        // Woken often enough to notice a stop while a long search holds up the rest.
        match finished.recv_timeout(Duration::from_millis(50)) {
            Ok((index, record, bad)) => {
                pending.insert(index, (record, bad));
                while let Some((record, bad)) = pending.remove(&next) {
                    write(&mut sink, &record, bad)?;
                    next += 1;
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        if let Some(stop) = interrupt.requested() {
            for (record, bad) in std::mem::take(&mut pending).into_values() {
                write(&mut sink, &record, bad)?;
            }
            sink.sync()
                .with_context(|| format!("syncing {}", sink.name()))?;
            return Ok(Written::Stopped { stop, lines });
        }
    }
    sink.sync()
        .with_context(|| format!("syncing {}", sink.name()))?;
    Ok(Written::All {
        lines,
        failed,
        limited,
    })
}

/// Whether a result record is an answer a limit stopped. The record is the `solve --json`
/// object, written by serde with no spaces, whose one top-level `status` is read here
/// rather than carried beside it (the cluster's results travel as text and a flag).
fn stopped_by_a_limit(record: &str) -> bool {
    record.contains(r#""status":"bounded""#) || record.contains(r#""status":"gave-up""#)
}

fn write_error(sink: &Sink, lines: usize, error: &io::Error) -> anyhow::Error {
    match sink {
        // The failure stays an I/O error in the chain: the machine's fault (exit 1).
        Sink::File { path, .. } => anyhow::Error::new(io::Error::new(
            error.kind(),
            format!(
                "{error}; it ends on its last whole line ({} of this run {} there): run the \
                 same command again when there is room, and it goes on from there",
                counted(lines as u64, "result", "results"),
                if lines == 1 { "is" } else { "are" }
            ),
        ))
        .context(format!("writing results to {}", path.display())),
        Sink::Stdout(_) => anyhow::Error::new(io::Error::new(error.kind(), error.to_string()))
            .context(format!(
                "writing results to standard output ({lines} written)"
            )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_a_limit_stopped_are_told_apart() {
        assert!(stopped_by_a_limit(
            r#"{"id":1,"status":"bounded","gave_up":"x"}"#
        ));
        assert!(stopped_by_a_limit(r#"{"id":1,"status":"gave-up"}"#));
        assert!(!stopped_by_a_limit(
            r#"{"id":1,"status":"solved","gave_up":null}"#
        ));
        assert!(!stopped_by_a_limit(r#"{"id":1,"error":"bad board"}"#));
    }
    use std::sync::mpsc;

    #[test]
    fn results_out_of_order_are_written_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.jsonl");
        std::fs::write(&path, "{\"id\":0}\n").unwrap();
        let (send, receive) = mpsc::channel();
        for index in [2, 0, 3, 1] {
            send.send((index, format!("{{\"id\":{}}}", index + 1), index == 3))
                .unwrap();
        }
        drop(send);
        let sink = Sink::open(Some(&path)).unwrap();
        let written = write_in_order(&receive, sink, &Interrupt::never()).unwrap();
        assert_eq!(
            written,
            Written::All {
                lines: 4,
                failed: 1,
                limited: 0
            }
        );
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            "{\"id\":0}\n{\"id\":1}\n{\"id\":2}\n{\"id\":3}\n{\"id\":4}\n"
        );
    }

    #[test]
    fn a_failed_write_leaves_whole_lines_and_says_so() {
        let Ok(full) = OpenOptions::new().append(true).open("/dev/full") else {
            return; // No /dev/full here: the batch tests cover a full disk another way.
        };
        let mut sink = Sink::File {
            file: full,
            path: PathBuf::from("/dev/full"),
            whole: 0,
        };
        let error = sink.append("{\"id\":1}").unwrap_err();
        let message = format!("{:#}", write_error(&sink, 0, &error));
        assert!(message.contains("No space left on device"), "{message}");
        assert!(message.contains("whole line"), "{message}");
    }
}
