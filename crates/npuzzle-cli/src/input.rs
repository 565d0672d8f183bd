//! Reading what users type: boards, goals and sizes, from arguments, stdin or request
//! fields, with errors that name the input at fault. Shared by the commands and the
//! server.

use std::io::Read;

use anyhow::Context;
use npuzzle::puzzle::notation::quoted;
use npuzzle::tables::catalogue::Catalogue;
use npuzzle::util::plural::counted;
use npuzzle::{parse_board, Board, BoardError, ParseError, Size};

/// The boards a command takes, which bound what it reads from stdin: a board of more
/// cells is refused anyway, so its text is read no further.
#[derive(Clone, Copy, Debug)]
pub struct BoardsTaken {
    /// The most cells a board may have.
    pub cells: usize,
    /// The largest of those boards in words, for the error: `the largest board, 1000x1000`.
    pub said: &'static str,
}

/// The boards of any size the library takes, up to [`npuzzle::puzzle::board::MAX_SIDE`]
/// on a side.
pub const ANY_BOARD: BoardsTaken = BoardsTaken {
    cells: npuzzle::puzzle::board::MAX_SIDE * npuzzle::puzzle::board::MAX_SIDE,
    said: "the largest board, 1000x1000",
};

/// The text of an argument that may be `-` for stdin, without a UTF-8 byte-order mark.
/// Stdin may hold at most the longest text of a board `taken`
/// ([`npuzzle::puzzle::notation::longest_board_text`]), or `max_memory` (the command's
/// `--max-memory`, `None` where it has none or it was not given) where that is less:
/// `/dev/zero` or a stream without end is refused as it passes the cap, in that much
/// memory, rather than read until the machine's memory is gone. The error names the cap
/// that applied and nothing the command does not have.
pub fn argument_or_stdin(
    text: &str,
    taken: BoardsTaken,
    max_memory: Option<u64>,
) -> anyhow::Result<String> {
    if text != "-" {
        return Ok(text.to_string());
    }
    let longest = npuzzle::puzzle::notation::longest_board_text(taken.cells);
    let most = max_memory.map_or(longest, |m| m.min(longest));
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(most.saturating_add(1))
        .read_to_end(&mut bytes)
        .context("reading stdin")?;
    if bytes.len() as u64 <= most {
        return utf8(bytes, "stdin");
    }
    if most < longest {
        anyhow::bail!(
            "stdin holds more than {}, the memory allowed by --max-memory (reading stopped there)",
            npuzzle::util::memory::shown(most)
        );
    }
    anyhow::bail!(
        "stdin holds more than {} (reading stopped there), more than the text of any \
         board it can be: the numbers of {} with a separator after each, and {} for spacing",
        counted(most, "byte", "bytes"),
        taken.said,
        npuzzle::util::memory::shown(npuzzle::puzzle::notation::BOARD_TEXT_SPACING)
    )
}

/// The memory a command may fill with what it reads or makes before searching: `limit`
/// (its `--max-memory`), else half the memory available (the default budget of a search);
/// and where that bound came from, for errors (a command without --max-memory, such as
/// the judges, must not point at it).
pub fn memory_bound(limit: Option<u64>) -> (u64, &'static str) {
    match limit {
        Some(bytes) => (bytes, "the memory allowed by --max-memory"),
        None => (
            npuzzle::util::memory::default_budget().unwrap_or(u64::MAX),
            "half the memory available",
        ),
    }
}

/// Everything `reader` holds, `what` naming it in errors; more than `limit` bytes (`None`:
/// half the memory available, the default budget of a search) is refused, so that an
/// input without end (`/dev/zero`, a stream that never closes) stops with an error
/// rather than taking the machine's memory.
pub fn read_bounded(reader: impl Read, limit: Option<u64>, what: &str) -> anyhow::Result<Vec<u8>> {
    let (bound, source) = memory_bound(limit);
    let mut bytes = Vec::new();
    reader
        .take(bound.saturating_add(1))
        .read_to_end(&mut bytes)
        .with_context(|| format!("reading {what}"))?;
    if bytes.len() as u64 > bound {
        anyhow::bail!(
            "{what} holds more than {}, {source}",
            npuzzle::util::memory::shown(bound)
        );
    }
    Ok(bytes)
}

/// The most bytes a line of `batch`'s input can hold: a JSON line with a start and a
/// goal of the largest board (two boards' text) and its other fields in
/// [`npuzzle::puzzle::notation::BOARD_TEXT_SPACING`].
pub fn longest_batch_line() -> u64 {
    let board = npuzzle::puzzle::notation::longest_board_text(ANY_BOARD.cells);
    2 * board + npuzzle::puzzle::notation::BOARD_TEXT_SPACING
}

/// Everything `reader` holds, as [`read_bounded`] reads it, a line longer than
/// `longest_line` refused as it passes that length: an input without a line end
/// (`/dev/zero`) is no list of boards, and is refused after megabytes rather than
/// after half the memory. `said` names what bounds a line, for the error.
pub fn read_lines_bounded(
    mut reader: impl Read,
    limit: Option<u64>,
    what: &str,
    longest_line: u64,
    said: &str,
) -> anyhow::Result<Vec<u8>> {
    let (bound, source) = memory_bound(limit);
    let mut bytes = Vec::new();
    let mut block = vec![0u8; 1 << 16];
    let (mut line, mut line_start) = (1u64, 0usize);
    loop {
        let read = match reader.read(&mut block) {
            Ok(0) => return Ok(bytes),
            Ok(read) => read,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(anyhow::Error::new(e).context(format!("reading {what}"))),
        };
        let scanned = bytes.len();
        bytes.extend_from_slice(&block[..read]);
        if bytes.len() as u64 > bound {
            anyhow::bail!(
                "{what} holds more than {}, {source}",
                npuzzle::util::memory::shown(bound)
            );
        }
        for (at, &byte) in bytes.iter().enumerate().skip(scanned) {
            if byte == b'\n' {
                line += 1;
                line_start = at + 1;
            } else if (at + 1 - line_start) as u64 > longest_line {
                anyhow::bail!(
                    "{what}: line {line} is longer than {} (reading stopped there), more \
                     than any line can be: {said}",
                    counted(longest_line, "byte", "bytes")
                );
            }
        }
    }
}

/// The file at `path` read with [`read_bounded`], its path naming it in errors.
pub fn read_file_bounded(path: &std::path::Path, limit: Option<u64>) -> anyhow::Result<Vec<u8>> {
    let what = path.display().to_string();
    let file = std::fs::File::open(path).with_context(|| format!("reading {what}"))?;
    read_bounded(file, limit, &what)
}

/// `bytes` as text (without a UTF-8 byte-order mark), or an error naming `what`.
pub fn utf8(mut bytes: Vec<u8>, what: &str) -> anyhow::Result<String> {
    let mark = bytes.len() - without_byte_order_mark(&bytes).len();
    bytes.drain(..mark);
    String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{what} is not UTF-8 text (byte {} is not valid)",
            e.utf8_error().valid_up_to() + 1
        )
    })
}

/// `bytes` as text without a UTF-8 byte-order mark, each byte that is not UTF-8 read as
/// U+FFFD: for input of many lines, where one bad line must not cost the others (the
/// line's reader then refuses it, see [`not_utf8`]).
pub fn utf8_lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(without_byte_order_mark(bytes)).into_owned()
}

/// `bytes` without the UTF-8 byte-order mark some editors write first.
fn without_byte_order_mark(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// Fails when `line`, read with [`utf8_lossy`], held bytes that are not UTF-8.
pub fn not_utf8(line: &str) -> anyhow::Result<()> {
    if line.contains(char::REPLACEMENT_CHARACTER) {
        anyhow::bail!(
            "the line is not UTF-8 text (the bytes shown as '{}' are not valid)",
            char::REPLACEMENT_CHARACTER
        );
    }
    Ok(())
}

/// The start board written `board` and the goal written `goal` (default: the standard
/// goal of the start's size).
pub fn start_and_goal(
    board: &str,
    goal: Option<&str>,
    size: Option<Size>,
) -> anyhow::Result<(Board, Board)> {
    let start = parse_board(board, size).with_context(|| format!("board '{}'", quoted(board)))?;
    let goal = goal_of(goal, start.size())?;
    Ok((start, goal))
}

/// The goal written `goal` for boards of `size`, or the standard goal of `size`.
pub fn goal_of(goal: Option<&str>, size: Size) -> anyhow::Result<Board> {
    let Some(text) = goal else {
        return Ok(Board::goal(size));
    };
    let context = || format!("goal '{}'", quoted(text));
    match parse_board(text, Some(size)) {
        // The size was the board's, not one given: say which two disagree.
        Err(ParseError::SizeMismatch { found, .. }) => Err(anyhow::anyhow!(
            "it is a {found} board but the board to solve is {size}"
        ))
        .with_context(context),
        Err(ParseError::Board(BoardError::WrongCount { found, .. })) => Err(anyhow::anyhow!(
            "it has {} but the board to solve is {size} ({} cells)",
            counted(found as u64, "cell", "cells"),
            size.cells()
        ))
        .with_context(context),
        other => other.with_context(context),
    }
}

/// The goal of a command with no board to take a size from: `goal` when given (a square
/// goal names its own size; `size` shapes one that is not square), else the standard goal
/// of `size`, else of `default`.
pub fn goal_alone(goal: Option<&str>, size: Option<Size>, default: Size) -> anyhow::Result<Board> {
    match goal {
        Some(text) => parse_board(text, size).with_context(|| format!("goal '{}'", quoted(text))),
        None => Ok(Board::goal(size.unwrap_or(default))),
    }
}

/// The most bytes a catalogue file may hold: a catalogue has at most
/// [`npuzzle::tables::catalogue::MAX_PARTITIONS`] partitions, a line each, and room for comments;
/// a larger file is not a catalogue and is not read into memory.
const MAX_CATALOGUE_FILE: u64 = 1 << 20;

/// The catalogue `text` names: a catalogue file if `text` is the path of one (a partition
/// a line, `#` comments), else a catalogue's name or partitions separated by `;`. Text that
/// is neither and looks like a path says what is wrong with the path.
pub fn catalogue(text: &str) -> anyhow::Result<Catalogue> {
    let path = std::path::Path::new(text);
    if path.is_file() {
        let length = path.metadata().map_or(0, |m| m.len());
        if length > MAX_CATALOGUE_FILE {
            anyhow::bail!(
                "catalogue file {text} holds {length} bytes; a catalogue file holds at most {MAX_CATALOGUE_FILE} (a partition a line)"
            );
        }
        let bytes =
            std::fs::read(path).with_context(|| format!("reading catalogue file {text}"))?;
        let contents = utf8(bytes, &format!("catalogue file {text}"))?;
        return contents
            .parse()
            .with_context(|| format!("catalogue file {text}"));
    }
    text.parse::<Catalogue>().map_err(|error| {
        // Partitions are written with ',' and '/': only text without a ',' is read as a
        // path that was meant.
        let looks_like_a_path = text.contains(['/', '\\']) && !text.contains(',');
        match path.metadata() {
            Ok(meta) if meta.is_dir() => {
                anyhow::anyhow!("{error}; {text} is a directory, not a catalogue file")
            }
            Ok(_) => {
                anyhow::anyhow!("{error}; {text} is not a regular file to read a catalogue from")
            }
            Err(_) if looks_like_a_path => {
                anyhow::anyhow!("{error}; no catalogue file {text} exists")
            }
            Err(_) => error.into(),
        }
    })
}
