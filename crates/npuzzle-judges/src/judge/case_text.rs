//! The pieces most judges write their cases of, for the local judge: a board's cells as
//! tokens with the judge's blank, and its rows, a line each.

use std::fmt::Write as _;

use npuzzle::puzzle::board::Board;

use super::Instance;

/// The start and goal of a board case: every judge but ABC224 D is given boards.
pub(super) fn boards(instance: &Instance) -> (&Board, &Board) {
    instance
        .boards()
        .expect("the local judge gives board judges boards")
}

/// The cells of `board` as tokens, `blank` for the blank.
pub(super) fn cell_tokens(board: &Board, blank: &str) -> Vec<String> {
    board
        .cells()
        .iter()
        .map(|&t| {
            if t == 0 {
                blank.to_string()
            } else {
                t.to_string()
            }
        })
        .collect()
}

/// The rows of `board`, its tokens apart by spaces, a line a row.
pub(super) fn board_rows(board: &Board, blank: &str) -> String {
    let mut text = String::new();
    for row in cell_tokens(board, blank).chunks(board.size().width()) {
        let _ = writeln!(text, "{}", row.join(" "));
    }
    text
}
