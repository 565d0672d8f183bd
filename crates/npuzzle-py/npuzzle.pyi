"""Exact and fast sliding-tile puzzle solving (the 8-, 15- and 24-puzzle, any WxH board).

Boards are written as rows separated by "/" ("1 2 3/8 0 4/7 6 5"), as a flat list of
numbers, or as one run of digits for boards of at most 10 cells ("123804765"); the blank
is 0, x or _. Moves name the blank's motion (u d l r), or, in tile notation, the way the
moved tile slides (U D L R, runs counted: "R2U2L").

A bad request raises ValueError naming the argument at fault (TypeError for a value of the
wrong type); a good one the machine fails (a table cache that cannot be read or written)
raises OSError; a search stopped by a limit raises SearchLimit. Results, verdicts, boards
and SearchLimit pickle and copy, so they cross multiprocessing's process boundaries.
"""

from os import PathLike
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union, overload

__version__: str

SizeLike = Union[str, int, Tuple[int, int]]
MemoryLike = Union[int, str]
BoardLike = Union["Board", str, Sequence[int]]

class SearchLimit(RuntimeError):
    """A search stopped at a limit before it found an answer; `.result` holds what it cost.
    After a memory limit the message ends with a hint of what could finish."""

    result: "SolveResult"

class Board:
    """A board: tiles numbered from 1, the blank 0, cells row-major."""

    def __init__(self, board: BoardLike, size: Optional[SizeLike] = None) -> None: ...
    @classmethod
    def goal(cls, size: SizeLike) -> "Board":
        """The standard goal of `size`: tiles in order, blank last."""
    @classmethod
    def blank_first_goal(cls, size: SizeLike) -> "Board":
        """The goal with the blank first, 0 1 2 ... n-1."""
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def size(self) -> str:
        """The size as "WxH"."""
    @property
    def cells(self) -> List[int]:
        """The tiles, row-major, 0 for the blank."""
    @property
    def blank(self) -> int:
        """The cell holding the blank."""
    def _repr_svg_(self) -> str:
        """The board as an SVG grid (what Jupyter shows)."""
    def grid(self) -> str:
        """The board as rows of aligned numbers, _ for the blank."""
    def to_digits(self) -> Optional[str]:
        """One digit a cell ("123804765"), or None when a tile is above 9."""
    def is_solvable(self, goal: Optional[BoardLike] = None) -> bool:
        """Whether `goal` (default: the standard goal) can be reached."""
    def apply(self, moves: str, notation: str = "blank") -> "Board":
        """The board after `moves` ("blank" letters u d l r, or "tiles": R2U2L)."""
    def boards_along(self, moves: str, notation: str = "blank") -> List["Board"]:
        """This board, then the board after each of `moves`."""
    def __len__(self) -> int:
        """The number of cells."""
    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> List[int]: ...
    def __iter__(self) -> Iterator[int]:
        """The tiles, cell by cell."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class SearchStats:
    """What a search cost."""

    def __init__(self, fields: Dict[str, Any]) -> None:
        """Rebuilt from the dict to_dict() gave (what unpickling does)."""
    @property
    def expanded(self) -> int: ...
    @property
    def generated(self) -> int: ...
    @property
    def peak_nodes(self) -> int: ...
    @property
    def peak_bytes(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def setup_seconds(self) -> float: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def _repr_html_(self) -> str:
        """The statistics as an HTML table (what Jupyter shows)."""

class SolveResult:
    """A solve's result: the fields of `npuzzle solve --json`."""

    def __init__(self, fields: Dict[str, Any]) -> None:
        """Rebuilt from the dict to_dict() gave (what unpickling does)."""
    @property
    def board(self) -> str: ...
    @property
    def goal(self) -> str: ...
    @property
    def size(self) -> str: ...
    @property
    def solvable(self) -> bool: ...
    @property
    def status(self) -> str:
        """"solved", "unsolvable" or "gave-up"."""
    @property
    def gave_up(self) -> Optional[str]: ...
    @property
    def metric(self) -> str:
        """"stm" or "mtm": how `length` counts the moves."""
    @property
    def length(self) -> Optional[int]: ...
    @property
    def moves(self) -> str:
        """The blank's moves, u d l r."""
    @property
    def tile_moves(self) -> str:
        """The same moves in tile notation (R2U2L...)."""
    @property
    def algorithm(self) -> str: ...
    @property
    def heuristic(self) -> Optional[str]: ...
    @property
    def optimal(self) -> bool: ...
    @property
    def any_optimal(self) -> bool:
        """Whether the moves are the first optimal path found, not the smallest in the move order."""
    @property
    def stats(self) -> SearchStats: ...
    @property
    def optimal_solutions(self) -> Optional[int]:
        """The number of distinct optimal move sequences, with count_optimal=True."""
    @property
    def count_gave_up(self) -> Optional[str]:
        """Why a count asked for is missing."""
    @property
    def solutions(self) -> Optional[List[str]]:
        """The solutions listed with all_optimal=True: the answer first, then the others in the move order."""
    @property
    def solutions_complete(self) -> Optional[bool]:
        """Whether solutions holds every one asked for."""
    @property
    def solutions_cut_short(self) -> Optional[str]:
        """Why solutions stops short (the limit, a limit of the solve)."""
    @property
    def lower_bound(self) -> Optional[int]:
        """With status "bounded": a proven lower bound on the optimal length."""
    @property
    def gap(self) -> Optional[int]:
        """With status "bounded": length - lower_bound, the most moves over the optimum."""
    def _repr_svg_(self) -> str:
        """The boards along the path as an SVG strip (what Jupyter shows): up to 12
        boards whole, a longer path as its first 6, an ellipsis and its last 5; big
        boards fewer (at most 4,096 cells in all, the start at least)."""
    def to_dict(self) -> Dict[str, Any]:
        """Exactly the object `npuzzle solve --json` prints."""

class Verdict:
    """What the checker found."""

    def __init__(self, fields: Dict[str, Any]) -> None:
        """Rebuilt from the dict to_dict() gave (what unpickling does)."""
    @property
    def valid(self) -> bool: ...
    @property
    def optimal(self) -> Optional[bool]: ...
    @property
    def metric(self) -> str:
        """"stm" or "mtm": how `length` and `minimum` count (in mtm a run of equal
        blank moves is one move)."""
    @property
    def length(self) -> int: ...
    @property
    def minimum(self) -> Optional[int]: ...
    @property
    def lower_bound(self) -> Optional[int]: ...
    @property
    def message(self) -> str: ...
    @property
    def canonical(self) -> Optional[bool]:
        """Whether the moves are the smallest optimal solution in `order`."""
    @property
    def order(self) -> str: ...
    def to_dict(self) -> Dict[str, Any]:
        """Exactly the object `npuzzle check --json` prints."""
    def _repr_html_(self) -> str:
        """The verdict as an HTML table under its message (what Jupyter shows)."""

def solve(
    board: BoardLike,
    goal: Optional[BoardLike] = None,
    algorithm: str = "auto",
    heuristic: Optional[str] = None,
    pdb: Optional[str] = None,
    max_nodes: Optional[int] = None,
    max_seconds: Optional[float] = None,
    threads: Optional[int] = None,
    *,
    size: Optional[SizeLike] = None,
    reflection: bool = True,
    weight: float = 1.0,
    max_memory: Optional[MemoryLike] = None,
    cache_dir: Optional[Union[str, PathLike]] = None,
    order: Optional[str] = None,
    count_optimal: bool = False,
    progress: Optional[Callable[[Dict[str, Any]], Any]] = None,
    metric: Optional[str] = "stm",
    all_optimal: bool = False,
    within: Optional[int] = None,
    limit: Optional[int] = None,
    catalogue: Optional[str] = None,
    visited: Optional[str] = "hash",
    max_memory_nodes: Optional[int] = None,
    any_optimal: bool = False,
) -> SolveResult:
    """Solves `board` towards `goal`; raises SearchLimit when a limit stops the search
    (its `.result` a bounded answer, status "bounded", when a time or node limit stopped
    the optimal search and an answer was found beside it). `progress` is called at most
    every 0.2 s, while the search or a table build reports, with {"message", "nodes",
    "bound", "done", "total", "seconds"}; what it raises stops the search."""

class SolutionStream:
    """The solutions optimal_solutions lists, as they are found."""
    def __iter__(self) -> Iterator[str]: ...
    def __next__(self) -> str: ...
    def close(self) -> None:
        """Stops the listing."""

def optimal_solutions(
    board: BoardLike,
    goal: Optional[BoardLike] = None,
    *,
    size: Optional[SizeLike] = None,
    metric: Optional[str] = "stm",
    order: Optional[str] = None,
    within: Optional[int] = None,
    limit: Optional[int] = None,
    max_seconds: Optional[float] = None,
    max_memory: Optional[MemoryLike] = None,
    cache_dir: Optional[Union[str, PathLike]] = None,
) -> SolutionStream:
    """Every optimal solution (and with within=K those up to K moves over), streamed as the
    library lists them: the canonical one first; closing the stream stops the search."""

def compare(
    board: BoardLike,
    goal: Optional[BoardLike] = None,
    *,
    size: Optional[SizeLike] = None,
    max_nodes: Optional[int] = None,
    max_seconds: Optional[float] = None,
    max_memory: Optional[MemoryLike] = None,
    cache_dir: Optional[Union[str, PathLike]] = None,
    metric: Optional[str] = "stm",
    order: Optional[str] = None,
) -> Comparison:
    """Every algorithm and heuristic on one board, side by side; with `metric="mtm"`
    each minimises multi-tile moves, `order` the order each tries the blank's moves in."""

class Comparison(List[SolveResult]):
    """The runs of compare(), one SolveResult a run in order: a list, which a notebook
    shows as a table."""

    def _repr_html_(self) -> Optional[str]:
        """The runs as an HTML table; None once the list holds anything but results."""

def check(
    board: BoardLike,
    moves: str,
    goal: Optional[BoardLike] = None,
    *,
    notation: str = "blank",
    size: Optional[SizeLike] = None,
    max_nodes: Optional[int] = None,
    max_seconds: Optional[float] = None,
    max_memory: Optional[MemoryLike] = None,
    cache_dir: Optional[Union[str, PathLike]] = None,
    order: Optional[str] = None,
    metric: Optional[str] = "stm",
) -> Verdict:
    """Do `moves` solve `board`, and are they as few as possible (counted in `metric`:
    "stm", or "mtm" where a run of equal blank moves is one move)?"""

def analyse(
    board: BoardLike,
    moves: Optional[str] = None,
    goal: Optional[BoardLike] = None,
    *,
    notation: str = "blank",
    size: Optional[SizeLike] = None,
    max_nodes: Optional[int] = None,
    max_seconds: Optional[float] = None,
    max_memory: Optional[MemoryLike] = None,
    cache_dir: Optional[Union[str, PathLike]] = None,
    metric: Optional[str] = "stm",
) -> Dict[str, Any]:
    """A recorded solve move by move, as `npuzzle analyse --json` prints it: "steps" (each
    move's "move", "remaining", "lost", "better", "exact"), "lost", "first_mistake",
    "finish", "optimum", "reached_goal", "searches" (each board is searched once). Without
    `moves`: each first move ("moves") and the board's "optimum"."""

def random_board(
    size: Optional[SizeLike] = None,
    seed: Optional[int] = None,
    walk: Optional[int] = None,
    goal: Optional[BoardLike] = None,
    lazy_walk: Optional[Union[int, str]] = None,
) -> Board:
    """A random board that can reach the goal (uniform, or `walk` moves from it, at most
    100,000,000: more is a ValueError; or `lazy_walk` steps, a number or a range "a..b",
    of a lazy random walk back from it, as DeepCubeA made its test states)."""

def distance(
    board: BoardLike,
    goal: Optional[BoardLike] = None,
    *,
    size: Optional[SizeLike] = None,
    cache_dir: Optional[Union[str, PathLike]] = None,
) -> Optional[int]:
    """The fewest moves to the goal from a distance table (at most 12 cells), or None."""

def to_tiles(moves: str) -> str:
    """Blank moves ("uldr", lowercase only) in tile notation ("DRUL")."""

def from_tiles(moves: str) -> str:
    """Tile notation ("R2U2L") as blank moves ("llddr")."""

def rank(board: BoardLike, *, size: Optional[SizeLike] = None) -> int:
    """The board's lexicographic rank among all arrangements of its cells (read row by
    row, the blank as 0), from 0: its Lehmer code (at most 34 cells)."""

def unrank(rank: int, size: SizeLike) -> Board:
    """The board of `size` with rank `rank` (from 0, below cells!)."""

def effective_branching_factor(nodes: float, depth: int, *, bstar: str = "n-plus-one") -> float:
    """b* with nodes + 1 = 1 + b* + ... + b*^depth (52 nodes at depth 5: 1.92), or with
    bstar="n" nodes = 1 + b* + ...; nodes may be a mean (a float), depth 1 to 2**32 - 1."""

class TraceIterator:
    """The iterator over a trace's events, made into dicts one at a time."""

    def __iter__(self) -> "TraceIterator": ...
    def __next__(self) -> Dict[str, Any]: ...

class Trace:
    """The events of a traced search, each a dict equal to a line of `npuzzle trace --json`.
    Iterate it for the events (made into dicts as they are read: the trace holds them
    compactly); `pandas.DataFrame(trace.events)` is a table of them."""

    @property
    def events(self) -> List[Dict[str, Any]]:
        """The events, a new list of dicts at each call."""
    @property
    def result(self) -> SolveResult:
        """How the traced search ended and what it cost ("gave-up" when the limit stopped it)."""
    @property
    def truncated(self) -> bool:
        """Whether the limit cut the trace short."""
    @property
    def limit(self) -> int: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Dict[str, Any]: ...
    def __iter__(self) -> TraceIterator: ...
    def _repr_html_(self) -> str:
        """The events as an HTML table (what Jupyter shows; past 100, the first and last 50)."""

def trace(
    board: BoardLike,
    goal: Optional[BoardLike] = None,
    algorithm: str = "bfs",
    heuristic: Optional[str] = None,
    limit: int = 10_000,
    *,
    size: Optional[SizeLike] = None,
    order: Optional[str] = None,
    max_nodes: Optional[int] = None,
    max_seconds: Optional[float] = None,
    max_memory: Optional[MemoryLike] = None,
    metric: Optional[str] = "stm",
) -> Trace:
    """What a classic search (bfs, bidirectional, astar, idastar, iddfs) did, event by
    event, as `npuzzle trace --json` prints it; at most `limit` events (1 to 10,000,000).
    The events held count against `max_memory` with the search (half each); past it,
    raises `SearchLimit` (its `.result` what the search cost)."""

def bench_by_depth(
    depths: Iterable[int],
    count: int = 100,
    configs: Optional[Union[str, Sequence[str]]] = None,
    seed: int = 1,
    *,
    goal: Optional[BoardLike] = None,
    size: Optional[SizeLike] = None,
    counting: str = "generated",
    bstar: str = "n-plus-one",
    published: Optional[str] = None,
    max_nodes: Optional[int] = None,
    max_seconds: Optional[float] = None,
    max_memory: Optional[MemoryLike] = None,
    cache_dir: Optional[Union[str, PathLike]] = None,
    iddfs_parent_pruning: bool = True,
) -> List[Dict[str, Any]]:
    """The search-cost table by solution depth (Russell & Norvig): the rows of
    `npuzzle bench --depths ... --json`'s "by_depth" array, one per configuration and
    depth, ready for pandas.DataFrame(rows). `configs` default: the book's A* columns
    ("astar:misplaced,astar:manhattan"); `counting` "generated" or "expanded"; `bstar`
    "n-plus-one" or "n"; `published="aima"` adds the book's figures to each row;
    `iddfs_parent_pruning=False` runs "iddfs" as the book's IDS (its column: nodes
    expanded)."""
