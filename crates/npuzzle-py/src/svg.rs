//! Boards drawn as SVG for Jupyter's rich display (`_repr_svg_`): a board as a grid of
//! tiles in the colours of `npuzzle serve`'s page, and a solve's result as the strip of
//! boards along its path. Only notebooks draw boards this way, so the drawing lives here.
//!
//! Jupyter calls `_repr_svg_` by itself on whatever a cell gives back, so a drawing must
//! never cost more than a small multiple of what it writes: the document is written into
//! one buffer, a result's boards are drawn as its moves are walked (only the board walked
//! is held, never the path's boards), and a path of big boards draws fewer of them
//! ([`MAX_STRIP_CELLS`]): a constructive answer of a 100x100 board has millions of moves.

use std::fmt::Write as _;

use npuzzle::solving::report::SolveReport;
use npuzzle::{parse_board, parse_moves, Board, Move};

use crate::html::escape;

/// The page's colours: tiles, their numbers, the gap between cells, the blank (the
/// page's background) and muted text.
const TILE: &str = "#2f6fde";
const TILE_INK: &str = "#ffffff";
const GAP: &str = "#dcd9cf";
const BLANK: &str = "#f6f5f1";
const MUTED: &str = "#5b6372";

/// The most boards a strip draws: a longer path shows its first boards, an ellipsis, and
/// its last ones.
pub const STRIP_BOARDS: usize = 12;

/// The most cells a result's strip draws in all: a path of bigger boards draws fewer of
/// them (a 40x40 path its start and its goal; a board of over 2,048 cells its start
/// alone). Their numbers are too small to read by then, and each cell is about 250 bytes
/// of SVG, so this also bounds the document: about 1 MB, or one board when that board
/// alone is more.
pub const MAX_STRIP_CELLS: usize = 4096;

/// SVG bytes a drawn cell takes, about (a tile's `rect` and its number): what the buffer
/// is reserved for.
const BYTES_A_CELL: usize = 256;

/// The caption's font size, and the width of one of its characters at most, about: a
/// sans-serif character is 0.5 to 0.6 of the font size wide, digits 0.56.
const CAPTION_FONT: usize = 13;
const CAPTION_CHARACTER: f64 = 0.62 * CAPTION_FONT as f64;

/// The side of one cell in pixels: 40 up to 8 cells a side, less beyond so that a big
/// board stays about 320 pixels wide, and never under 6.
fn cell_side(board: &Board) -> usize {
    let side = board.size().width().max(board.size().height());
    (320 / side).clamp(6, 40)
}

/// The gap between cells of `cell` pixels.
fn gap_of(cell: usize) -> usize {
    (cell / 16).max(1)
}

/// The width and height of `board` drawn with cells of `cell` pixels.
fn drawn_size(board: &Board, cell: usize) -> (usize, usize) {
    let gap = gap_of(cell);
    (
        board.size().width() * cell + gap,
        board.size().height() * cell + gap,
    )
}

/// `board` drawn at (`x`, `y`) with cells of `cell` pixels, as SVG elements: a frame in
/// the gap colour, a `rect` of class `tile` with its number for each tile and one of
/// class `blank` for the blank.
fn grid(out: &mut String, board: &Board, x: usize, y: usize, cell: usize) {
    let width = board.size().width();
    let gap = gap_of(cell);
    let (frame_width, frame_height) = drawn_size(board, cell);
    let _ = write!(
        out,
        r#"<rect class="frame" x="{x}" y="{y}" width="{frame_width}" height="{frame_height}" rx="{}" fill="{GAP}"/>"#,
        gap * 2
    );
    let widest = board
        .cells()
        .iter()
        .max()
        .map_or(1, |n| n.to_string().len());
    // The number fills about half the cell, less when it has many digits.
    let font = (cell as f64 * 0.5).min(cell as f64 * 1.1 / widest as f64);
    for (index, &tile) in board.cells().iter().enumerate() {
        let left = x + gap + (index % width) * cell;
        let top = y + gap + (index / width) * cell;
        let (side, round) = (cell - gap, gap * 2);
        if tile == 0 {
            let _ = write!(
                out,
                r#"<rect class="blank" x="{left}" y="{top}" width="{side}" height="{side}" rx="{round}" fill="{BLANK}"/>"#
            );
            continue;
        }
        let _ = write!(
            out,
            r#"<rect class="tile" x="{left}" y="{top}" width="{side}" height="{side}" rx="{round}" fill="{TILE}"/><text x="{:.1}" y="{:.1}" font-size="{font:.1}" fill="{TILE_INK}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" font-weight="700">{tile}</text>"#,
            left as f64 + side as f64 / 2.0,
            top as f64 + side as f64 / 2.0
        );
    }
}

/// A buffer for an SVG document of `width` × `height` pixels holding about `cells`
/// cells, its opening tag written: the body is written after it, then `</svg>`.
fn open(width: usize, height: usize, cells: usize) -> String {
    let mut out = String::with_capacity(cells * BYTES_A_CELL + 1024);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    out
}

/// `board` as an SVG document.
pub fn board(board: &Board) -> String {
    let cell = cell_side(board);
    let (width, height) = drawn_size(board, cell);
    let mut out = open(width, height, board.cells().len());
    grid(&mut out, board, 0, 0, cell);
    out.push_str("</svg>");
    out
}

/// Which boards of a path a strip draws: the first `head` and the last `tail` of its
/// `boards` (all of them when `head` is `boards`), an ellipsis between; `by_size` when
/// the boards' size left more out than a path of small boards would.
struct Strip {
    boards: usize,
    head: usize,
    tail: usize,
    by_size: bool,
}

impl Strip {
    /// The strip of a path of `boards` boards of `cells` cells each: at most
    /// [`STRIP_BOARDS`] (the ellipsis taking one's place), and at most
    /// [`MAX_STRIP_CELLS`] cells in all, though always the start.
    fn new(boards: usize, cells: usize) -> Strip {
        let most = STRIP_BOARDS.min((MAX_STRIP_CELLS / cells.max(1)).max(1));
        if boards <= most {
            return Strip {
                boards,
                head: boards,
                tail: 0,
                by_size: false,
            };
        }
        let kept = if most == STRIP_BOARDS { most - 1 } else { most };
        Strip {
            boards,
            head: kept - kept / 2,
            tail: kept / 2,
            by_size: most < STRIP_BOARDS,
        }
    }

    /// How many boards are drawn.
    fn drawn(&self) -> usize {
        self.head + self.tail
    }

    /// Whether the board after `step` moves is drawn.
    fn draws(&self, step: usize) -> bool {
        step < self.head || step >= self.boards - self.tail
    }

    /// Whether boards are left out (and the ellipsis drawn).
    fn cut(&self) -> bool {
        self.drawn() < self.boards
    }
}

/// Pixels between boards, and the width of the ellipsis.
const SPACE: usize = 12;
const ELLIPSIS: usize = 20;
/// The heights of the caption above the boards and of the step numbers below.
const CAPTION: usize = 20;
const LABEL: usize = 16;

/// A line saying how the solve ended: its length and algorithm, else its status.
fn summary(report: &SolveReport) -> String {
    match report.length {
        Some(length) => format!(
            "{length} move{}{} ({})",
            if length == 1 { "" } else { "s" },
            if report.optimal { ", optimal" } else { "" },
            report.algorithm
        ),
        None => report.status.clone(),
    }
}

/// `report` as an SVG document: the strip of boards along its path (at most
/// [`STRIP_BOARDS`]: a longer one shows its first boards, `…`, and its last; fewer when
/// the boards are big, [`MAX_STRIP_CELLS`]), each with its step number, under a line
/// saying how the solve ended, as wide as its text needs.
pub fn path(report: &SolveReport) -> String {
    let Some(start) = report
        .size
        .parse()
        .ok()
        .and_then(|size| parse_board(&report.board, Some(size)).ok())
    else {
        return open(1, 1, 0) + "</svg>";
    };
    // Moves that do not walk the board (a result rebuilt from a dict of any text) draw
    // the start alone, as an unsolved result does.
    let moves: Vec<Move> = parse_moves(&report.moves)
        .ok()
        .filter(|moves| start.clone().apply_all(moves).is_ok())
        .unwrap_or_default();
    let strip = Strip::new(moves.len() + 1, start.cells().len());
    let mut caption = summary(report);
    if strip.by_size {
        let _ = write!(
            caption,
            "; {} of {} {} boards drawn",
            strip.drawn(),
            strip.boards,
            start.size()
        );
    }
    let cell = (cell_side(&start) / 2).max(6);
    let (board_width, board_height) = drawn_size(&start, cell);
    let ellipsis = if strip.cut() { ELLIPSIS + SPACE } else { 0 };
    let strip_width = strip.drawn() * (board_width + SPACE) + ellipsis - SPACE;
    let caption_width = (caption.chars().count() as f64 * CAPTION_CHARACTER).ceil() as usize;
    let mut out = open(
        strip_width.max(caption_width),
        CAPTION + board_height + LABEL,
        strip.drawn() * start.cells().len(),
    );
    let _ = write!(
        out,
        r#"<text x="0" y="14" font-size="{CAPTION_FONT}" fill="{MUTED}" font-family="sans-serif">{}</text>"#,
        escape(&caption)
    );
    let mut board = start;
    let mut x = 0;
    for step in 0..strip.boards {
        if step > 0 {
            board.apply(moves[step - 1]);
        }
        if strip.draws(step) {
            grid(&mut out, &board, x, CAPTION, cell);
            let _ = write!(
                out,
                r#"<text class="step" x="{}" y="{}" font-size="11" fill="{MUTED}" text-anchor="middle" font-family="sans-serif">{step}</text>"#,
                x + board_width / 2,
                CAPTION + board_height + 12
            );
            x += board_width + SPACE;
        }
        if strip.cut() && step + 1 == strip.head {
            let _ = write!(
                out,
                r#"<text class="ellipsis" x="{}" y="{}" font-size="20" fill="{MUTED}" text-anchor="middle" font-family="sans-serif">…</text>"#,
                x + ELLIPSIS / 2,
                CAPTION + board_height / 2
            );
            x += ELLIPSIS + SPACE;
        }
    }
    out.push_str("</svg>");
    out
}
