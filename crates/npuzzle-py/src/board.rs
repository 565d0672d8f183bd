//! Boards as Python values: `npuzzle.Board`, and the forms a board argument may take
//! (text in the library's notation, a `Board`, or a flat list of tile numbers).

use pyo3::prelude::*;
use pyo3::types::PyType;

use npuzzle::notation::{grid, quoted, Notation};
use npuzzle::{is_solvable, parse_board, Board, Size};

use crate::arguments::{moves as read_moves, TILES_BY_ARGUMENT};
use crate::errors::bad_input;

/// A board of a sliding-tile puzzle: tiles numbered from 1, the blank 0, cells row-major.
///
/// `Board(text, size=None)` reads the library's notation: rows separated by `/`
/// (`"1 2 3/8 0 4/7 6 5"`), a flat list of numbers, or one run of digits for boards of
/// at most 10 cells (`"123804765"`); the blank may be written `0`, `x` or `_`. A flat
/// list of ints is taken too. Boards that are not square need `size` (`"3x4"`: 3
/// columns, 4 rows, or `(3, 4)`). `str(board)` writes it back in the same notation.
#[pyclass(frozen, eq, hash, from_py_object, name = "Board", module = "npuzzle")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyBoard(pub Board);

/// A board size as Python code gives it: `"3x4"`, `3` (square) or `(3, 4)`.
#[derive(FromPyObject)]
pub enum SizeArgument {
    /// `(width, height)`.
    Pair(usize, usize),
    /// The side of a square.
    Side(usize),
    /// `"WxH"` or `"N"`.
    Text(String),
}

impl SizeArgument {
    /// The size meant, or a `ValueError` naming it.
    pub fn size(self) -> PyResult<Size> {
        match self {
            SizeArgument::Pair(width, height) => Size::new(width, height),
            SizeArgument::Side(side) => Size::square(side),
            SizeArgument::Text(text) => text.parse(),
        }
        .map_err(|e| bad_input("size", e))
    }
}

/// A board as Python code gives it.
#[derive(FromPyObject)]
pub enum BoardArgument {
    /// A `Board`.
    Board(PyBoard),
    /// Text in the library's notation.
    Text(String),
    /// A flat list of tile numbers.
    Cells(Vec<i64>),
}

impl BoardArgument {
    /// The board meant, of `size` when one is given; a `ValueError` naming `what` and
    /// the token at fault otherwise.
    pub fn board(self, size: Option<Size>, what: &str) -> PyResult<Board> {
        let text = match self {
            BoardArgument::Board(board) => {
                return match size {
                    Some(size) if size != board.0.size() => Err(bad_input(
                        what,
                        format!(
                            "the board is {} but the size given is {size}",
                            board.0.size()
                        ),
                    )),
                    _ => Ok(board.0),
                };
            }
            BoardArgument::Text(text) => text,
            // The library reads a list of numbers as text, with the same rules and
            // messages as any other board.
            BoardArgument::Cells(cells) => cells
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        };
        parse_board(&text, size).map_err(|e| bad_input(&format!("{what} '{}'", quoted(&text)), e))
    }
}

/// The start board and its goal (default: tiles in order, blank last, of the start's
/// size), as the functions taking both read them.
pub fn start_and_goal(
    board: BoardArgument,
    goal: Option<BoardArgument>,
    size: Option<SizeArgument>,
) -> PyResult<(Board, Board)> {
    let size = size.map(SizeArgument::size).transpose()?;
    let start = board.board(size, "board")?;
    let goal = match goal {
        Some(goal) => goal.board(Some(start.size()), "goal")?,
        None => Board::goal(start.size()),
    };
    Ok((start, goal))
}

/// The `ValueError` of `moves[index]` taking the blank off the board, naming the move
/// in the notation it was given in.
fn off_the_board(notation: Notation, moves: &[npuzzle::Move], index: usize) -> PyErr {
    bad_input(
        "moves",
        format!(
            "move {} ('{}') takes the blank off the board",
            index + 1,
            notation.write(&moves[index..=index])
        ),
    )
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (board, size=None))]
    fn new(board: BoardArgument, size: Option<SizeArgument>) -> PyResult<PyBoard> {
        let size = size.map(SizeArgument::size).transpose()?;
        Ok(PyBoard(board.board(size, "board")?))
    }

    /// The standard goal of `size`: tiles in order, blank last (`Board.goal(3)` is
    /// `1 2 3/4 5 6/7 8 0`).
    #[classmethod]
    fn goal(_class: &Bound<'_, PyType>, size: SizeArgument) -> PyResult<PyBoard> {
        Ok(PyBoard(Board::goal(size.size()?)))
    }

    /// The goal with the blank first, `0 1 2 … n-1` (the goal of Korf's instances).
    #[classmethod]
    fn blank_first_goal(_class: &Bound<'_, PyType>, size: SizeArgument) -> PyResult<PyBoard> {
        Ok(PyBoard(Board::blank_first_goal(size.size()?)))
    }

    /// Number of columns.
    #[getter]
    fn width(&self) -> usize {
        self.0.size().width()
    }

    /// Number of rows.
    #[getter]
    fn height(&self) -> usize {
        self.0.size().height()
    }

    /// The size as `"WxH"`.
    #[getter]
    fn size(&self) -> String {
        self.0.size().to_string()
    }

    /// The tiles, row-major, 0 for the blank.
    #[getter]
    fn cells(&self) -> Vec<u32> {
        self.0.cells().to_vec()
    }

    /// The cell holding the blank (row-major, from 0).
    #[getter]
    fn blank(&self) -> usize {
        self.0.blank()
    }

    /// The board drawn as rows of aligned numbers, `_` for the blank.
    fn grid(&self) -> String {
        grid(&self.0)
    }

    /// The board as one digit a cell (`"123804765"`), or None when a tile is above 9.
    fn to_digits(&self) -> Option<String> {
        self.0.to_digits()
    }

    /// Whether `goal` (default: the standard goal of this size) can be reached.
    #[pyo3(signature = (goal=None))]
    fn is_solvable(&self, goal: Option<BoardArgument>) -> PyResult<bool> {
        let goal = match goal {
            Some(goal) => goal.board(Some(self.0.size()), "goal")?,
            None => Board::goal(self.0.size()),
        };
        Ok(is_solvable(&self.0, &goal))
    }

    /// The board after `moves`: the blank's moves (`"uldr"`, the default notation) or
    /// tile notation (`"R2U2L"`, with `notation="tiles"`). A move that takes the blank
    /// off the board raises `ValueError` naming it.
    #[pyo3(signature = (moves, notation="blank"))]
    fn apply(&self, moves: &str, notation: &str) -> PyResult<PyBoard> {
        let (notation, moves) = read_moves(notation, moves, TILES_BY_ARGUMENT)?;
        let mut board = self.0.clone();
        board
            .apply_all(&moves)
            .map_err(|index| off_the_board(notation, &moves, index))?;
        Ok(PyBoard(board))
    }

    /// Every board along `moves`: this one first, then the board after each move.
    #[pyo3(signature = (moves, notation="blank"))]
    fn boards_along(&self, moves: &str, notation: &str) -> PyResult<Vec<PyBoard>> {
        let (notation, moves) = read_moves(notation, moves, TILES_BY_ARGUMENT)?;
        let boards = self
            .0
            .boards_along(&moves)
            .map_err(|index| off_the_board(notation, &moves, index))?;
        Ok(boards.into_iter().map(PyBoard).collect())
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Board('{}')", self.0)
    }

    /// Pickles as its notation and size, so boards cross process boundaries.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String, String)) {
        let board = &slf.get().0;
        (
            slf.get_type(),
            (board.to_string(), board.size().to_string()),
        )
    }
}
