//! Boards, sizes, move lists and pattern-database partitions as people type them. The
//! first byte chooses: 0 a board alone; 1 a size on the first line, then a board; 2 a
//! move list; 3 a partition, on the 4x4 and 5x5 goals.

use npuzzle::tables::partition::Partition;
use npuzzle::{moves_to_string, parse_board, parse_moves, pdb, Board, Size};

use crate::{choose, first_line};

/// Feeds `bytes` to the parsers (see the module documentation).
///
/// # Panics
/// When a parser breaks its promise on `bytes` (see the module documentation).
pub fn check(bytes: &[u8]) {
    let (choice, rest) = choose(bytes, 4);
    let text = String::from_utf8_lossy(rest);
    match choice {
        0 => board(&text, None),
        1 => {
            let (size, board_text) = first_line(&text);
            match size.parse::<Size>() {
                Ok(size) => board(board_text, Some(size)),
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
        2 => moves(&text),
        _ => partition(&text),
    }
}

fn board(text: &str, size: Option<Size>) {
    match parse_board(text, size) {
        Ok(board) => {
            if let Some(size) = size {
                assert_eq!(board.size(), size, "the board has the size given");
            }
            // What is written is read back as the same board, in each of its forms.
            let written = board.to_string();
            assert_eq!(
                parse_board(&written, None).as_ref(),
                Ok(&board),
                "{written}"
            );
            let flat = written.replace('/', " ");
            assert_eq!(parse_board(&flat, Some(board.size())).as_ref(), Ok(&board));
            if let Some(digits) = board.to_digits().filter(|_| board.size().cells() <= 10) {
                assert_eq!(
                    parse_board(&digits, Some(board.size())).as_ref(),
                    Ok(&board)
                );
            }
        }
        Err(e) => assert!(!e.to_string().is_empty(), "an error says what is wrong"),
    }
}

fn moves(text: &str) {
    match parse_moves(text) {
        Ok(moves) => {
            let written = moves_to_string(&moves);
            assert_eq!(
                parse_moves(&written).as_deref(),
                Ok(&moves[..]),
                "{written}"
            );
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

fn partition(text: &str) {
    for side in [4, 5] {
        let goal = Board::goal(Size::square(side).expect("a valid side"));
        match text.parse::<Partition>() {
            Ok(partition) => match partition.groups(&goal) {
                Ok(groups) => {
                    // Disjoint, none holds the blank, every tile on the board.
                    let mut seen = vec![false; goal.size().cells()];
                    for &tile in groups.iter().flatten() {
                        assert!(tile != 0 && usize::from(tile) < seen.len(), "{groups:?}");
                        assert!(!seen[usize::from(tile)], "{groups:?}");
                        seen[usize::from(tile)] = true;
                    }
                }
                Err(e) => assert!(!e.to_string().is_empty()),
            },
            Err(e) => assert!(!e.to_string().is_empty()),
        }
        if let Err(e) = pdb::parse_groups(text, &goal) {
            assert!(!e.to_string().is_empty());
        }
    }
}
