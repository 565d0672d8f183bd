//! Boards drawn as SVG for Jupyter's rich display (`_repr_svg_`): a board as a grid of
//! tiles in the colours of `npuzzle serve`'s page, and a solve's result as the strip of
//! boards along its path. Only notebooks draw boards this way, so the drawing lives here.

use std::fmt::Write as _;

use npuzzle::report::SolveReport;
use npuzzle::{parse_board, parse_moves, Board};

/// The page's colours: tiles, their numbers, the gap between cells, the blank (the
/// page's background) and muted text.
const TILE: &str = "#2f6fde";
const TILE_INK: &str = "#ffffff";
const GAP: &str = "#dcd9cf";
const BLANK: &str = "#f6f5f1";
const MUTED: &str = "#5b6372";

/// The most boards a strip draws: a longer path shows its first [`STRIP_HEAD`] boards,
/// an ellipsis, and its last ones.
pub const STRIP_BOARDS: usize = 12;
/// Boards drawn before the ellipsis of a long path.
const STRIP_HEAD: usize = 6;

/// The side of one cell in pixels: 40 up to 8 cells a side, less beyond so that a big
/// board stays about 320 pixels wide, and never under 6.
fn cell_side(board: &Board) -> usize {
    let side = board.size().width().max(board.size().height());
    (320 / side).clamp(6, 40)
}

/// `board` drawn at (`x`, `y`) with cells of `cell` pixels, as SVG elements: a frame in
/// the gap colour, a `rect` of class `tile` with its number for each tile and one of
/// class `blank` for the blank.
fn grid(out: &mut String, board: &Board, x: usize, y: usize, cell: usize) {
    let (width, height) = (board.size().width(), board.size().height());
    let gap = (cell / 16).max(1);
    let _ = write!(
        out,
        r#"<rect class="frame" x="{x}" y="{y}" width="{}" height="{}" rx="{}" fill="{GAP}"/>"#,
        width * cell + gap,
        height * cell + gap,
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

/// A whole SVG document of `width` × `height` pixels holding `body`.
fn document(width: usize, height: usize, body: &str) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">{body}</svg>"#
    )
}

/// `board` as an SVG document.
pub fn board(board: &Board) -> String {
    let cell = cell_side(board);
    let gap = (cell / 16).max(1);
    let (width, height) = (board.size().width(), board.size().height());
    let mut body = String::new();
    grid(&mut body, board, 0, 0, cell);
    document(width * cell + gap, height * cell + gap, &body)
}

/// The boards of `report`'s path with their step numbers: all of them up to
/// [`STRIP_BOARDS`], else the first few and the last ones with `None` for the ellipsis
/// between. Just the start when nothing was solved.
fn strip(report: &SolveReport) -> Vec<Option<(usize, Board)>> {
    let Some(start) = report
        .size
        .parse()
        .ok()
        .and_then(|size| parse_board(&report.board, Some(size)).ok())
    else {
        return Vec::new();
    };
    let boards = parse_moves(&report.moves)
        .ok()
        .and_then(|moves| start.boards_along(&moves).ok())
        .unwrap_or_else(|| vec![start]);
    let mut steps: Vec<Option<(usize, Board)>> = boards.into_iter().enumerate().map(Some).collect();
    if steps.len() > STRIP_BOARDS {
        let tail = STRIP_BOARDS - STRIP_HEAD - 1;
        steps.splice(STRIP_HEAD..steps.len() - tail, [None]);
    }
    steps
}

/// `report` as an SVG document: the strip of boards along its path (at most
/// [`STRIP_BOARDS`]: a longer one shows its first boards, `…`, and its last), each with
/// its step number, under a line saying how the solve ended.
pub fn path(report: &SolveReport) -> String {
    let steps = strip(report);
    let Some(Some((_, first))) = steps.first() else {
        return document(1, 1, "");
    };
    let cell = (cell_side(first) / 2).max(6);
    let gap = (cell / 16).max(1);
    let (board_width, board_height) = (
        first.size().width() * cell + gap,
        first.size().height() * cell + gap,
    );
    let space = 12;
    let (caption, label) = (20, 16);
    let mut body = String::new();
    let summary = match report.length {
        Some(length) => format!(
            "{length} move{}{} ({})",
            if length == 1 { "" } else { "s" },
            if report.optimal { ", optimal" } else { "" },
            report.algorithm
        ),
        None => report.status.clone(),
    };
    let _ = write!(
        body,
        r#"<text x="0" y="14" font-size="13" fill="{MUTED}" font-family="sans-serif">{summary}</text>"#
    );
    let mut x = 0;
    for step in &steps {
        if let Some((number, board)) = step {
            grid(&mut body, board, x, caption, cell);
            let _ = write!(
                body,
                r#"<text class="step" x="{}" y="{}" font-size="11" fill="{MUTED}" text-anchor="middle" font-family="sans-serif">{number}</text>"#,
                x + board_width / 2,
                caption + board_height + 12
            );
            x += board_width + space;
        } else {
            let _ = write!(
                body,
                r#"<text class="ellipsis" x="{}" y="{}" font-size="20" fill="{MUTED}" text-anchor="middle" font-family="sans-serif">…</text>"#,
                x + 10,
                caption + board_height / 2
            );
            x += 20 + space;
        }
    }
    document(
        x.saturating_sub(space).max(1),
        caption + board_height + label,
        &body,
    )
}
