//! Boards as Python values: `npuzzle.Board`, and the forms a board argument may take
//! (text in the library's notation, a `Board`, or a flat list of tile numbers).

#![expect(
    clippy::needless_pass_by_value,
    reason = "the arguments PyO3 hands over are the owned values their from_py_with readers made"
)]

use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{
    PyByteArray, PyBytes, PyIterator, PyList, PySequence, PySlice, PyString, PyTuple, PyType,
};

use npuzzle::puzzle::board::MAX_SIDE;
use npuzzle::puzzle::notation::{grid, quoted, Notation};
use npuzzle::{is_solvable, parse_board, Board, Size};

use crate::arguments::{moves as read_moves, TILES_BY_ARGUMENT};
use crate::errors::bad_input;
use crate::values::{self, integer, optional, type_name, wrong_type};

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

/// What a `size` argument takes.
const SIZE_TAKES: &str = "text such as '3x4', a side (int), or (width, height)";

/// `value` as a board size: `"3x4"`, `3` (square) or `(3, 4)`, read by the library as
/// text so that every form gets its messages.
fn read_size(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Size> {
    let text = if value.is_instance_of::<PyString>() {
        value.extract::<String>()?
    } else if value.is_instance_of::<PyTuple>() || value.is_instance_of::<PyList>() {
        let sides = value
            .try_iter()?
            .map(|side| Ok(integer(&side?, what, SIZE_TAKES)?.to_string()))
            .collect::<PyResult<Vec<String>>>()?;
        let [width, height] = &sides[..] else {
            return Err(bad_input(
                what,
                format!("{} is not (width, height)", value.repr()?),
            ));
        };
        format!("{width}x{height}")
    } else {
        integer(value, what, SIZE_TAKES)?.to_string()
    };
    text.parse().map_err(|e| bad_input(what, e))
}

/// The `size` argument, where it may be left out.
pub fn size(value: &Bound<'_, PyAny>) -> PyResult<Option<Size>> {
    optional(value, "size", read_size)
}

/// The `size` argument, where it must be given.
pub fn given_size(value: &Bound<'_, PyAny>) -> PyResult<Size> {
    read_size(value, "size")
}

/// A board as Python code gives it.
pub enum BoardArgument {
    /// A `Board`.
    Board(Board),
    /// Text in the library's notation.
    Text(String),
    /// A flat list of tile numbers, each written as text: the library reads them with the
    /// same rules and messages as any other board.
    Cells(Vec<String>),
}

/// What a board argument takes.
const BOARD_TAKES: &str = "a Board, text such as '1 2 3/4 5 6/7 8 0', or a list of tile numbers";

impl BoardArgument {
    /// `value` as the board argument `what`: a `Board`, text, or a sequence of ints
    /// (`bytes` are refused rather than read as the numbers of their characters).
    pub fn read(value: &Bound<'_, PyAny>, what: &str) -> PyResult<BoardArgument> {
        if let Ok(board) = value.cast::<PyBoard>() {
            return Ok(BoardArgument::Board(board.get().0.clone()));
        }
        if value.is_instance_of::<PyString>() {
            return Ok(BoardArgument::Text(value.extract()?));
        }
        if value.is_instance_of::<PyBytes>() || value.is_instance_of::<PyByteArray>() {
            return Err(PyTypeError::new_err(format!(
                "{what} must be {BOARD_TAKES}, not {}: decode it to text first",
                type_name(value)
            )));
        }
        let Ok(sequence) = value.cast::<PySequence>() else {
            return Err(wrong_type(what, BOARD_TAKES, value));
        };
        // A board has at most MAX_SIDE² cells: a longer sequence is not read cell by cell.
        let most = MAX_SIDE * MAX_SIDE;
        let count = sequence.len()?;
        if count > most {
            return Err(bad_input(
                what,
                format!("{count} tiles are more than a board holds (at most {most})"),
            ));
        }
        let cells = sequence
            .try_iter()?
            .enumerate()
            .map(|(cell, tile)| {
                let what = format!("{what}'s cell {cell}");
                Ok(integer(&tile?, &what, "a tile number (int)")?.to_string())
            })
            .collect::<PyResult<Vec<String>>>()?;
        Ok(BoardArgument::Cells(cells))
    }

    /// The board meant, of `size` when one is given; a `ValueError` naming `what` and
    /// the token at fault otherwise.
    pub fn board(self, size: Option<Size>, what: &str) -> PyResult<Board> {
        let text = match self {
            BoardArgument::Board(board) => {
                return match size {
                    Some(size) if size != board.size() => Err(bad_input(
                        what,
                        format!("the board is {} but the size given is {size}", board.size()),
                    )),
                    _ => Ok(board),
                };
            }
            BoardArgument::Text(text) => text,
            BoardArgument::Cells(cells) => cells.join(" "),
        };
        parse_board(&text, size).map_err(|e| bad_input(&format!("{what} '{}'", quoted(&text)), e))
    }
}

/// The `board` argument.
pub fn board(value: &Bound<'_, PyAny>) -> PyResult<BoardArgument> {
    BoardArgument::read(value, "board")
}

/// The `goal` argument.
pub fn goal(value: &Bound<'_, PyAny>) -> PyResult<Option<BoardArgument>> {
    optional(value, "goal", BoardArgument::read)
}

/// The start board and its goal (default: tiles in order, blank last, of the start's
/// size), as the functions taking both read them.
pub fn start_and_goal(
    board: BoardArgument,
    goal: Option<BoardArgument>,
    size: Option<Size>,
) -> PyResult<(Board, Board)> {
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
    fn new(
        #[pyo3(from_py_with = self::board)] board: BoardArgument,
        #[pyo3(from_py_with = self::size)] size: Option<Size>,
    ) -> PyResult<PyBoard> {
        Ok(PyBoard(board.board(size, "board")?))
    }

    /// The standard goal of `size`: tiles in order, blank last (`Board.goal(3)` is
    /// `1 2 3/4 5 6/7 8 0`).
    #[classmethod]
    fn goal(_class: &Bound<'_, PyType>, #[pyo3(from_py_with = given_size)] size: Size) -> PyBoard {
        PyBoard(Board::goal(size))
    }

    /// The goal with the blank first, `0 1 2 … n-1` (the goal of Korf's instances).
    #[classmethod]
    fn blank_first_goal(
        _class: &Bound<'_, PyType>,
        #[pyo3(from_py_with = given_size)] size: Size,
    ) -> PyBoard {
        PyBoard(Board::blank_first_goal(size))
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
    fn is_solvable(
        &self,
        #[pyo3(from_py_with = self::goal)] goal: Option<BoardArgument>,
    ) -> PyResult<bool> {
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
    fn apply(
        &self,
        #[pyo3(from_py_with = values::moves)] moves: String,
        #[pyo3(from_py_with = values::notation)] notation: &str,
    ) -> PyResult<PyBoard> {
        let (notation, moves) = read_moves(notation, &moves, TILES_BY_ARGUMENT)?;
        let mut board = self.0.clone();
        board
            .apply_all(&moves)
            .map_err(|index| off_the_board(notation, &moves, index))?;
        Ok(PyBoard(board))
    }

    /// Every board along `moves`: this one first, then the board after each move.
    #[pyo3(signature = (moves, notation="blank"))]
    fn boards_along(
        &self,
        #[pyo3(from_py_with = values::moves)] moves: String,
        #[pyo3(from_py_with = values::notation)] notation: &str,
    ) -> PyResult<Vec<PyBoard>> {
        let (notation, moves) = read_moves(notation, &moves, TILES_BY_ARGUMENT)?;
        let boards = self
            .0
            .boards_along(&moves)
            .map_err(|index| off_the_board(notation, &moves, index))?;
        Ok(boards.into_iter().map(PyBoard).collect())
    }

    /// The number of cells.
    fn __len__(&self) -> usize {
        self.0.cells().len()
    }

    /// The tile in a cell (row-major, from 0; negative from the end), or the tiles of a
    /// slice of cells as a list.
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let cells = self.0.cells();
        if index.is_instance_of::<PySlice>() {
            return PyList::new(py, cells)?.as_any().get_item(index);
        }
        let at = integer(index, "a cell index", "an int or a slice")?;
        let count = cells.len() as i128;
        let cell = at
            .extract::<i128>()
            .ok()
            .map(|i| if i < 0 { i + count } else { i })
            .filter(|i| (0..count).contains(i))
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "cell {at} is not on a {} board (cells 0 to {}, or -{count} to -1)",
                    self.0.size(),
                    count - 1
                ))
            })?;
        Ok(cells[cell as usize].into_pyobject(py)?.into_any())
    }

    /// The tiles, cell by cell.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        PyList::new(py, self.0.cells())?.as_any().try_iter()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// The board drawn as an SVG grid, as Jupyter shows it: tiles numbered in the
    /// colours of `npuzzle serve`'s page, the blank cell left pale.
    fn _repr_svg_(&self) -> String {
        crate::svg::board(&self.0)
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
