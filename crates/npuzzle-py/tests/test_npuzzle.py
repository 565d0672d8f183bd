"""The Python package end to end, checked against the Rust command-line tool.

The command line is found at $NPUZZLE_BIN, else target/release/npuzzle or
target/debug/npuzzle of the workspace; `.ci/run` builds it before running these tests.
"""

import ast
import copy
import functools
import inspect
import json
import multiprocessing
import os
import pickle
import random
import subprocess
import threading
import time
from pathlib import Path

import pytest

import npuzzle

CRATE = Path(__file__).resolve().parent.parent
WORKSPACE = CRATE.parent.parent
HARDEST_8 = "8 6 7/2 5 4/3 0 1"  # 31 moves, one of the two hardest 8-puzzles
KORF_1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"  # Korf's first 15-puzzle (57 moves)
KORF_GOAL = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"


def cli_path():
    given = os.environ.get("NPUZZLE_BIN")
    if given:
        return Path(given)
    for profile in ("release", "debug"):
        path = WORKSPACE / "target" / profile / "npuzzle"
        if path.exists():
            return path
    pytest.fail("the npuzzle command line is not built: set NPUZZLE_BIN or cargo build --release")


def cli(*args, stdin="", check=True):
    done = subprocess.run(
        [str(cli_path()), *args], input=stdin, capture_output=True, text=True, check=False
    )
    if check and done.returncode != 0:
        pytest.fail(f"npuzzle {' '.join(args)} exited {done.returncode}: {done.stderr}")
    return done.stdout


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Tables built by a test go to a directory of its own, never the user's cache."""
    monkeypatch.setenv("NPUZZLE_CACHE_DIR", str(tmp_path / "cache"))


def without_timing(report):
    """A report without what varies from run to run (the time taken)."""
    report = dict(report)
    stats = dict(report.pop("stats"))
    for key in ("seconds", "setup_seconds"):
        stats.pop(key)
    report["stats"] = stats
    return report


def boards_along(start, moves):
    boards = [npuzzle.Board(start)]
    for move in moves:
        boards.append(boards[-1].apply(move))
    return boards


# ---- the seed's judge samples ----------------------------------------------------------


def test_p1379_samples():
    goal = "123804765"
    assert npuzzle.solve("283104765", goal).length == 4
    assert npuzzle.solve("123804765", goal).length == 0
    for unreachable in ("213804765", "283104756"):
        result = npuzzle.solve(unreachable, goal)
        assert (result.status, result.length, result.solvable) == ("unsolvable", None, False)
    for digits in ("283104765", "123804765", "213804765", "283104756"):
        expected = cli("judge", "p1379", stdin=digits + "\n").strip()
        length = npuzzle.solve(digits, goal).length
        assert expected == str(-1 if length is None else length)


def test_path_judge_samples():
    cases = [
        ("1 2 3/8 0 4/7 6 5", "2 8 3/1 0 4/7 6 5"),
        ("0 1 2/3 4 5/6 7 8", "0 1 2/3 4 5/6 7 8"),
        ("1 2 3/4 5 6/7 8 0", "2 1 3/4 5 6/7 8 0"),
    ]
    for start, goal in cases:
        stdin = start.replace("/", "\n") + "\n" + goal.replace("/", "\n") + "\n"
        expected = cli("judge", "path", stdin=stdin).split()
        result = npuzzle.solve(start, goal)
        if result.status == "unsolvable":
            assert expected == ["-1"]
            continue
        states = [b.to_digits() for b in boards_along(start, result.moves)]
        assert expected == [str(result.length), *states]
    assert cli("judge", "path", stdin="1 2 3\n8 0 4\n7 6 5\n2 8 3\n1 0 4\n7 6 5\n").split() == [
        "4", "123804765", "123084765", "023184765", "203184765", "283104765",
    ]


def test_hdu1043_samples():
    goal = "1 2 3 4 5 6 7 8 x"
    cases = ["2 3 4 1 5 x 7 6 8", "1 2 3 4 5 6 7 8 x", "2 1 3 4 5 6 7 8 x", "1 2 3 4 5 6 7 x 8"]
    expected = cli("judge", "hdu1043", stdin="\n".join(cases) + "\n").split("\n")
    for case, line in zip(cases, expected):
        result = npuzzle.solve(case, goal)
        assert line == ("unsolvable" if result.status == "unsolvable" else result.moves)
    first = npuzzle.solve(cases[0], goal)
    assert first.length == 19 and first.optimal
    assert npuzzle.Board(cases[0]).apply(first.moves) == npuzzle.Board(goal)
    assert npuzzle.solve(cases[3], goal).moves == "r"


# ---- the Python package against the command line -----------------------------------------


def test_a_thousand_random_boards_agree_with_the_command_line():
    boards = [npuzzle.random_board(3, seed=seed) for seed in range(1000)]
    lines = cli("batch", "--quiet", stdin="\n".join(str(b) for b in boards) + "\n").splitlines()
    assert len(lines) == 1000
    goal = npuzzle.Board.goal(3)
    for board, line in zip(boards, lines):
        expected = json.loads(line)
        expected.pop("id")
        result = npuzzle.solve(board)
        assert without_timing(result.to_dict()) == without_timing(expected), str(board)
        assert board.apply(result.moves) == goal
        assert result.length == npuzzle.distance(board)
        assert result.optimal


def test_results_are_the_command_lines_json():
    cases = [
        (HARDEST_8, []),
        ("283104765", ["--goal", "123804765", "--algorithm", "astar", "--heuristic", "manhattan"]),
        ("1 2 3/4 5 0", ["--size", "3x2", "--algorithm", "bfs"]),
        ("213456780", []),
        ("4 1 2 3/0 5 6 7/8 9 10 11/12 13 14 15",
         ["--goal", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "-j", "1"]),
    ]
    for board, flags in cases:
        expected = json.loads(cli("solve", board, "--json", "--quiet", *flags))
        options = {}
        it = iter(flags)
        for flag in it:
            value = next(it)
            name = {"--goal": "goal", "--algorithm": "algorithm", "--heuristic": "heuristic",
                    "--size": "size", "-j": "threads"}[flag]
            options[name] = int(value) if name == "threads" else value
        result = npuzzle.solve(board, **options)
        assert without_timing(result.to_dict()) == without_timing(expected), board
        for key, value in result.to_dict().items():
            if key != "stats":
                assert getattr(result, key) == value, key
        assert result.stats.to_dict() == result.to_dict()["stats"]
        for key, value in result.stats.to_dict().items():
            assert getattr(result.stats, key) == value, key


def test_random_boards_are_the_command_lines():
    for seed in (0, 7, 123456789):
        expected = cli("random", "--size", "4x4", "--seed", str(seed)).strip()
        assert str(npuzzle.random_board("4x4", seed=seed)) == expected
        walked = cli("random", "--size", "3x3", "--seed", str(seed), "--walk", "20").strip()
        assert str(npuzzle.random_board(3, seed=seed, walk=20)) == walked
    assert npuzzle.random_board((5, 2), seed=1).size == "5x2"
    goal = npuzzle.Board("1 2 3/8 0 4/7 6 5")
    assert npuzzle.random_board(seed=3, goal=goal).is_solvable(goal)
    # A walk longer than anyone waits for is refused, not run for hours.
    with pytest.raises(ValueError, match=r"walk: a walk of 100000000000000000 moves is more than the 100000000 allowed"):
        npuzzle.random_board(3, walk=10**17)


def test_lazy_walks_are_the_command_lines():
    for seed, steps in ((0, "1000"), (7, "1000..10000"), (9, 1000)):
        expected = cli("random", "--size", "6x6", "--seed", str(seed), "--lazy-walk", str(steps)).strip()
        assert str(npuzzle.random_board("6x6", seed=seed, lazy_walk=steps)) == expected
    with pytest.raises(ValueError, match=r"lazy_walk: the range 9\.\.3 is empty"):
        npuzzle.random_board(3, lazy_walk="9..3")
    with pytest.raises(ValueError, match=r"lazy_walk: give walk or lazy_walk, not both"):
        npuzzle.random_board(3, walk=3, lazy_walk=3)
    with pytest.raises(TypeError, match=r"lazy_walk must be a number of steps"):
        npuzzle.random_board(3, lazy_walk=2.5)


def test_check_agrees_with_the_command_line():
    cases = [
        ("283104765", "uldr", "123804765", "blank"),
        ("283104765", "ulld", "123804765", "blank"),
        ("283104765", "uldrlr", "123804765", "blank"),
        ("8 2 0/4 6 1/3 7 5", "R2U2LDLDRURDLULDRULURDLU", None, "tiles"),
    ]
    for board, moves, goal, notation in cases:
        args = ["check", board, moves, "--json", "--quiet", "--notation", notation]
        if goal:
            args += ["--goal", goal]
        expected = json.loads(cli(*args, check=False))
        verdict = npuzzle.check(board, moves, goal, notation=notation)
        assert verdict.to_dict() == expected
        assert verdict.valid == expected["valid"] and verdict.message == expected["message"]
    assert npuzzle.check("283104765", "uldr", "123804765").optimal is True
    assert npuzzle.check("283104765", "ulld", "123804765").valid is False


def test_compare_runs_every_algorithm():
    results = npuzzle.compare("283104765", "123804765")
    expected = json.loads(cli("compare", "283104765", "--goal", "123804765", "--json"))
    assert [without_timing(r.to_dict()) for r in results] == [without_timing(e) for e in expected]
    assert {r.length for r in results} == {4}
    assert {r.algorithm for r in results} == {"bfs", "bidirectional", "astar", "idastar", "iddfs"}


# ---- errors ------------------------------------------------------------------------------


def test_bad_boards_raise_value_error_naming_the_token():
    with pytest.raises(ValueError, match=r"token 8 \('y'\)"):
        npuzzle.solve("1 2 3 8 0 4 7 y 5")
    with pytest.raises(ValueError, match=r"tile 6 appears twice, in cells 7 and 8"):
        npuzzle.Board("1 2 3 8 0 4 7 6 6")
    with pytest.raises(ValueError, match=r"row 2 has 2 tiles but row 1 has 3"):
        npuzzle.solve("1 2 3/4 5")
    with pytest.raises(ValueError, match=r"token 3 \('-1'\)"):
        npuzzle.Board([1, 2, -1, 0])
    with pytest.raises(ValueError, match=r"goal '1 2 3 z'"):
        npuzzle.solve("1 2 3 0", goal="1 2 3 z")
    with pytest.raises(ValueError, match=r"character 5 \('x'\)"):
        npuzzle.check(HARDEST_8, "R2U2x", notation="tiles")
    with pytest.raises(ValueError, match=r"move 3 \('q'\)"):
        npuzzle.check(HARDEST_8, "ulq")
    with pytest.raises(ValueError, match=r"takes the blank off the board"):
        npuzzle.Board(HARDEST_8).apply("dd")


def test_bad_options_raise_value_error_naming_the_argument():
    for kwargs, needle in [
        ({"algorithm": "dfs"}, "unknown algorithm 'dfs'"),
        ({"heuristic": "euclid"}, "unknown heuristic 'euclid'"),
        ({"heuristic": "manhattan", "pdb": "7-8"}, "give one"),
        ({"max_seconds": -1.0}, "max_seconds"),
        ({"max_seconds": float("nan")}, "max_seconds"),
        ({"max_nodes": -5}, "max_nodes must be a whole number"),
        ({"threads": 100000}, "threads"),
        ({"algorithm": "bfs", "heuristic": "manhattan"}, "bfs takes no heuristic"),
        ({"size": "1x9"}, "size"),
        ({"max_memory": "lots"}, "max_memory"),
        ({"max_memory": -1}, "max_memory must be a whole number"),
        # As on the command line, a budget no search fits in is refused.
        ({"max_memory": 0}, r"max_memory: 0 bytes is less than 1 MiB: no search or table fits"),
        ({"max_memory": "512K"}, r"max_memory: 512 KiB is less than 1 MiB"),
        # A partition the board cannot take: the argument and the library's reason.
        ({"pdb": "9-9"}, r"pdb: .*partition '9-9': the groups hold 18 tiles but a 3x3 board has 8"),
        ({"pdb": "9-9", "cache_dir": "/proc"}, r"pdb: .*partition '9-9'"),
    ]:
        with pytest.raises(ValueError, match=needle):
            npuzzle.solve("1 2 3 4 5 6 7 0 8", **kwargs)
    with pytest.raises(ValueError, match="distance tables cover boards of at most 12 cells"):
        npuzzle.distance(npuzzle.Board.goal(4))
    with pytest.raises(ValueError, match="notation"):
        npuzzle.check(HARDEST_8, "ul", notation="klingon")
    # Tables the memory budget does not allow name the budget.
    with pytest.raises(ValueError, match=r"max_memory: .*7-8.*the memory budget is 1 MiB"):
        npuzzle.solve(KORF_1, KORF_GOAL, pdb="7-8", max_memory="1M")


def test_wrong_types_raise_type_error_naming_the_argument():
    cases = [
        (lambda: npuzzle.solve(123456780), "board must be a Board, text .*, not int"),
        (lambda: npuzzle.solve(3.5), "board must be .*, not float"),
        # Bytes are not read as the numbers of their characters (tiles 49 to 56).
        (lambda: npuzzle.solve(b"123456780"), "board must be .*, not bytes: decode it"),
        (lambda: npuzzle.Board(bytearray(b"1230")), "board must be .*, not bytearray"),
        (lambda: npuzzle.solve("1 2 3 0", goal=7), "goal must be .*, not int"),
        (lambda: npuzzle.Board([1, 2, 3.0, 0]), r"board's cell 2 must be a tile number \(int\), not float"),
        (lambda: npuzzle.Board([1, True, 3, 0]), "board's cell 1 must be a tile number .*, not bool"),
        (lambda: npuzzle.solve(HARDEST_8, size=3.5), r"size must be text such as '3x4', .*, not float"),
        (lambda: npuzzle.Board.goal(True), "size must be .*, not bool"),
        (lambda: npuzzle.random_board((3, "x")), "size must be .*, not str"),
        (lambda: npuzzle.solve(HARDEST_8, max_memory=3.5), r"max_memory must be a number of bytes \(int\) or text such as '4G', not float"),
        (lambda: npuzzle.solve(HARDEST_8, max_seconds=True), "max_seconds must be a number of seconds .*, not bool"),
        (lambda: npuzzle.solve(HARDEST_8, max_seconds="1"), "max_seconds must be .*, not str"),
        (lambda: npuzzle.solve(HARDEST_8, max_nodes=True), r"max_nodes must be a whole number \(int\), not bool"),
        (lambda: npuzzle.solve(HARDEST_8, max_nodes=1.0), "max_nodes must be .*, not float"),
        (lambda: npuzzle.solve(HARDEST_8, threads=True), "threads must be .*, not bool"),
        (lambda: npuzzle.solve(HARDEST_8, weight=True), "weight must be a number .*, not bool"),
        (lambda: npuzzle.solve(HARDEST_8, algorithm=3), r"algorithm must be text \(str\), not int"),
        (lambda: npuzzle.solve(HARDEST_8, heuristic=["manhattan"]), "heuristic must be text .*, not list"),
        (lambda: npuzzle.solve(HARDEST_8, pdb=78), "pdb must be text .*, not int"),
        (lambda: npuzzle.solve(HARDEST_8, reflection="no"), "reflection must be True or False, not str"),
        (lambda: npuzzle.solve(HARDEST_8, cache_dir=3), "cache_dir must be a path .*, not int"),
        (lambda: npuzzle.compare(HARDEST_8, max_memory=[1]), "max_memory must be .*, not list"),
        (lambda: npuzzle.check(HARDEST_8, 5), "moves must be text .*, not int"),
        (lambda: npuzzle.check(HARDEST_8, "ul", notation=1), "notation must be text .*, not int"),
        (lambda: npuzzle.distance(HARDEST_8, cache_dir=1.5), "cache_dir must be .*, not float"),
        (lambda: npuzzle.random_board(3, seed=True), "seed must be a whole number .*, not bool"),
        (lambda: npuzzle.random_board(3, walk=2.0), "walk must be a whole number .*, not float"),
        (lambda: npuzzle.to_tiles(b"ul"), "moves must be text .*, not bytes"),
        (lambda: npuzzle.Board(HARDEST_8).apply(["u"]), "moves must be text .*, not list"),
        (lambda: npuzzle.Board(HARDEST_8).is_solvable(goal=1), "goal must be .*, not int"),
    ]
    for call, needle in cases:
        with pytest.raises(TypeError, match=needle) as caught:
            call()
        message = str(caught.value)
        assert "\n" not in message and "extract" not in message, message
    # Out of range rather than of the wrong type: a ValueError, naming the argument too.
    with pytest.raises(ValueError, match=r"size: \(3, 3, 3\) is not \(width, height\)"):
        npuzzle.Board.goal((3, 3, 3))
    with pytest.raises(ValueError, match="size: '-3' is not a board size"):
        npuzzle.random_board(-3)
    with pytest.raises(ValueError, match="max_nodes must be a whole number from 0 to"):
        npuzzle.solve(HARDEST_8, max_nodes=2**64)
    with pytest.raises(ValueError, match="max_seconds: a time limit of inf seconds is not allowed"):
        npuzzle.solve(HARDEST_8, max_seconds=10**400)
    with pytest.raises(ValueError, match="weight: weight inf is not allowed"):
        npuzzle.solve(HARDEST_8, weight=10**400)
    with pytest.raises(ValueError, match="board: 1000000000000 tiles are more than a board holds"):
        npuzzle.Board(range(10**12))


def test_the_machine_failing_is_an_os_error(tmp_path):
    # A cache under a file: tables can be neither read nor written there. The request is
    # fine, so the error is the machine's: an OSError of the errno beneath, naming the file.
    under_a_file = tmp_path / "file"
    under_a_file.write_text("not a directory")
    fifteen = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"
    for call in [
        lambda: npuzzle.solve(fifteen, pdb="3-3", cache_dir=under_a_file),
        lambda: npuzzle.solve("1 2 3 4/5 6 7 8/9 10 0 11", algorithm="table", cache_dir=under_a_file),
        lambda: npuzzle.distance("1 2 3 4/5 6 7 8/9 10 0 11", cache_dir=under_a_file),
    ]:
        with pytest.raises(NotADirectoryError) as caught:
            call()
        assert isinstance(caught.value, OSError) and not isinstance(caught.value, ValueError)
        assert caught.value.errno == 20
        assert str(under_a_file) in str(caught.value) and "Not a directory" in str(caught.value)
    # The same cache with a bad request: the request's fault, a ValueError.
    with pytest.raises(ValueError, match="pdb: .*partition '9-9'"):
        npuzzle.solve(fifteen, pdb="9-9", cache_dir=under_a_file)


def test_a_limit_raises_search_limit_with_the_partial_result():
    with pytest.raises(npuzzle.SearchLimit, match="node limit of 1000") as caught:
        npuzzle.solve(HARDEST_8, algorithm="bfs", max_nodes=1000)
    # The optimal search stopped: the result is the best answer found beside it, bounded.
    result = caught.value.result
    assert (result.status, result.optimal) == ("bounded", False)
    assert result.gave_up == str(caught.value)
    assert result.lower_bound <= 31 <= result.length  # the hardest 8-puzzle: 31 moves
    assert result.gap == result.length - result.lower_bound
    assert npuzzle.check(HARDEST_8, result.moves).valid
    assert result.to_dict()["gap"] == result.gap
    # The search's 1000 nodes, and up to a third as many for the upper bound.
    assert 1000 <= result.stats.expanded <= 1333
    # Where no answer was found at all, the status stays "gave-up".
    with pytest.raises(npuzzle.SearchLimit, match="memory budget") as caught:
        npuzzle.solve(HARDEST_8, algorithm="bfs", max_memory="1M")
    result = caught.value.result
    assert (result.status, result.length, result.lower_bound, result.gap) == (
        "gave-up", None, None, None)
    started = time.perf_counter()
    with pytest.raises(npuzzle.SearchLimit, match="time limit of 0.200 s") as caught:
        npuzzle.solve(KORF_1, KORF_GOAL, algorithm="idastar", heuristic="manhattan",
                      max_seconds=0.2)
    assert caught.value.result.status == "bounded"
    assert time.perf_counter() - started < 5
    assert issubclass(npuzzle.SearchLimit, RuntimeError)
    # A memory budget: a breadth-first search of a 4x4 board cannot stay in 2 MB.
    with pytest.raises(npuzzle.SearchLimit, match="memory budget") as caught:
        npuzzle.solve(KORF_1, KORF_GOAL, algorithm="bfs", max_memory="2M")
    assert caught.value.result.stats.expanded > 0
    assert caught.value.result.stats.peak_bytes > 0
    # With the hint the command line prints: the library's text, shared.
    message = str(caught.value)
    assert message.startswith(caught.value.result.gave_up + "; hint: try an informed search"), message
    cli_hint = subprocess.run(
        [str(cli_path()), "solve", KORF_1, "--goal", KORF_GOAL, "-a", "bfs", "--max-memory", "2M"],
        capture_output=True, text=True, check=False,
    ).stderr
    assert "hint: " + message.split("; hint: ")[1] in cli_hint, cli_hint
    with pytest.raises(npuzzle.SearchLimit, match="memory budget"):
        npuzzle.solve(KORF_1, KORF_GOAL, algorithm="bfs", max_memory=2 << 20)


CAPPED_SEARCH = """
import resource, sys
import npuzzle
headroom = int(sys.argv[1])
def address_space():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:"))
cap = address_space() + headroom
resource.setrlimit(resource.RLIMIT_AS, (cap, resource.getrlimit(resource.RLIMIT_AS)[1]))
try:
    result = npuzzle.solve(sys.argv[2], sys.argv[3], algorithm="bfs", max_seconds=120)
    sys.exit(f"no limit reached: {result!r}")
except npuzzle.SearchLimit as limit:
    print(limit.result.stats.peak_bytes)
    print(limit)
"""


def test_the_default_budget_keeps_within_an_address_space_limit():
    # Without max_memory the budget was half the machine's memory whatever RLIMIT_AS
    # allowed: a breadth-first search of a hard 15-puzzle under a cap failed an
    # allocation and aborted the interpreter (signal 6). Now it is half the address space
    # the cap leaves, and the search raises SearchLimit within it.
    import sys
    headroom = 768 << 20
    child = subprocess.run([sys.executable, "-c", CAPPED_SEARCH, str(headroom), KORF_1, KORF_GOAL],
                           capture_output=True, text=True, timeout=300)
    assert child.returncode == 0, (child.returncode, child.stderr[-2000:])
    peak, message = child.stdout.splitlines()[:2]
    assert "memory budget" in message, child.stdout
    assert 0 < int(peak) <= headroom // 2


def test_analyse_is_the_command_lines_object():
    for board, moves, notation, metric in [
        ("1 2 3/4 5 6/0 7 8", "udrr", "blank", "stm"),
        ("1 2 3/4 5 6/0 7 8", "DULL", "tiles", "stm"),
        ("8 2 0/4 6 1/3 7 5", "lldrurddlu", "blank", "mtm"),
    ]:
        expected = json.loads(
            cli("analyse", board, moves, "--json", "-q", "--notation", notation, "--metric", metric)
        )
        assert npuzzle.analyse(board, moves, notation=notation, metric=metric) == expected
    first = npuzzle.analyse("1 2 3/4 5 6/0 7 8")
    assert first == json.loads(cli("analyse", "1 2 3/4 5 6/0 7 8", "--json", "-q"))
    assert [m["move"] for m in first["moves"] if m["good"]] == ["r"]
    with pytest.raises(ValueError, match=r"moves: move 3 \('R'\) takes the blank off the board"):
        npuzzle.analyse("1 2 3/4 5 6/0 7 8", "LRR", notation="tiles")
    with pytest.raises(ValueError, match="board: the goal cannot be reached"):
        npuzzle.analyse("2 1 3/4 5 6/7 8 0", "l")


def test_check_says_how_far_over_optimal_from_a_bounded_search():
    with pytest.raises(npuzzle.SearchLimit) as caught:
        npuzzle.solve(KORF_1, KORF_GOAL, algorithm="fast-idastar", max_nodes=200_000)
    bounded = caught.value.result
    assert bounded.lower_bound <= 57 <= bounded.length  # Korf's first: 57 moves
    verdict = npuzzle.check(KORF_1, bounded.moves, KORF_GOAL, max_nodes=200_000)
    assert verdict.valid and verdict.optimal is None
    assert verdict.lower_bound <= 57
    over = bounded.length - verdict.lower_bound
    assert verdict.message.startswith(f"valid, at most {over} move"), verdict.message


def test_results_pickle_and_copy():
    result = npuzzle.solve(HARDEST_8)
    verdict = npuzzle.check("283104765", "uldr", "123804765")
    for value in (result, result.stats, verdict):
        for clone in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
            assert type(clone) is type(value) and clone.to_dict() == value.to_dict()
            assert repr(clone) == repr(value)
    assert npuzzle.SolveResult(result.to_dict()).to_dict() == result.to_dict()
    assert npuzzle.SolveResult(result.to_dict()).stats.seconds == result.stats.seconds
    assert len({result, result.stats, verdict}) == 3, "results stay hashable"
    # Floats come back exactly, whatever their digits.
    rng = random.Random(3)
    for _ in range(2000):
        seconds = rng.random() * 10.0 ** rng.randint(-12, 12)
        fields = dict(result.stats.to_dict(), seconds=seconds)
        assert pickle.loads(pickle.dumps(npuzzle.SearchStats(fields))).seconds == seconds
    with pytest.raises(TypeError, match="fields must be a dict, as to_dict"):
        npuzzle.SolveResult(3)
    with pytest.raises(ValueError, match="fields: missing field `board`"):
        npuzzle.SolveResult({})
    with pytest.raises(ValueError, match="fields: invalid type"):
        npuzzle.Verdict(dict(verdict.to_dict(), length="four"))


def test_results_and_limits_cross_a_process_pool():
    boards = [npuzzle.random_board(3, seed=seed) for seed in range(6)]
    # Spawned workers share nothing with this process: every argument, result and
    # exception crosses as a pickle.
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        results = pool.map(npuzzle.solve, boards)
        assert [without_timing(r.to_dict()) for r in results] == [
            without_timing(npuzzle.solve(board).to_dict()) for board in boards]
        verdicts = pool.starmap(npuzzle.check, [(b, r.moves) for b, r in zip(boards, results)])
        assert all(v.valid and v.optimal for v in verdicts)
        # A worker's SearchLimit is raised again here, with its partial result.
        limited = functools.partial(npuzzle.solve, algorithm="bfs", max_nodes=10)
        with pytest.raises(npuzzle.SearchLimit, match="node limit of 10") as caught:
            pool.map(limited, [HARDEST_8])
        assert caught.value.result.status == "bounded"
        assert 10 <= caught.value.result.stats.expanded <= 13


# ---- threads -----------------------------------------------------------------------------


def long_search():
    """A search of a second or so that stops at its node limit: Korf's first 15-puzzle
    with the generic IDA* and linear conflict."""
    with pytest.raises(npuzzle.SearchLimit) as caught:
        npuzzle.solve(KORF_1, KORF_GOAL, algorithm="idastar", heuristic="linear-conflict",
                      max_nodes=1_000_000)
    return caught.value.result


def test_two_solves_in_python_threads_overlap_in_time():
    # Each search's own clock (stats.seconds) runs inside the call. Were the GIL held
    # while searching, the two searches would run one after the other and the whole would
    # take at least the sum of the two; overlapping, it takes less.
    seconds = []
    threads = [threading.Thread(target=lambda: seconds.append(long_search().stats.seconds))
               for _ in range(2)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    assert len(seconds) == 2, "a search failed"
    assert elapsed < sum(seconds), (elapsed, seconds)


def test_python_runs_while_a_search_runs():
    done = threading.Event()
    results = []

    def search():
        try:
            results.append(long_search())
        finally:
            done.set()

    thread = threading.Thread(target=search)
    thread.start()
    ticks = 0
    while not done.wait(0.01):
        ticks += 1
    thread.join()
    assert len(results) == 1, "the search failed"
    # About 100 ticks a second while the search held no GIL; none if it held it.
    assert ticks >= 0.3 * 100 * results[0].stats.seconds, (ticks, results[0].stats.seconds)


# ---- tile notation -----------------------------------------------------------------------


def test_slidy_examples():
    # slidy's crate documentation: this board and these moves end solved.
    board = npuzzle.Board("8 2 0/4 6 1/3 7 5")
    assert board.apply("R2U2LDLDRURDLULDRULURDLU", notation="tiles") == npuzzle.Board.goal(3)
    # slidy's tests: the solved 4x4 after these moves.
    goal4 = npuzzle.Board.goal(4)
    assert goal4.apply("D3RU2RD2RU3L3", notation="tiles").cells == [
        5, 1, 7, 3, 9, 2, 11, 4, 13, 6, 10, 8, 14, 15, 12, 0]
    assert goal4.apply("D2R3U", notation="tiles").cells == [
        1, 2, 3, 4, 9, 5, 6, 7, 0, 10, 11, 8, 13, 14, 15, 12]
    assert npuzzle.from_tiles("U2RDL3") == npuzzle.from_tiles("UURDLLL")
    assert npuzzle.to_tiles(npuzzle.from_tiles("U2RDL3")) == "U2RDL3"


def test_capitals_are_not_the_blanks_moves():
    # R is tile notation for the blank's l: never read as the blank's r.
    with pytest.raises(ValueError, match=r"move 1 \('R'\) is not one of u, d, l, r: a capital is tile notation.*needs notation=\"tiles\""):
        npuzzle.check("123456708", "R")
    assert npuzzle.check("123456708", "r").optimal
    board, goal = "2 8 3/1 0 4/7 6 5", "1 2 3/8 0 4/7 6 5"
    with pytest.raises(ValueError, match=r"needs notation=\"tiles\""):
        npuzzle.check(board, "DRUL", goal)
    assert npuzzle.check(board, "DRUL", goal, notation="tiles").optimal
    for call in (lambda: npuzzle.Board(board).apply("DRUL"),
                 lambda: npuzzle.Board(board).boards_along("DRUL")):
        with pytest.raises(ValueError, match=r"move 1 \('D'\).*blank's 'u'"):
            call()
    with pytest.raises(ValueError, match=r"move 1 \('D'\).*is read by from_tiles"):
        npuzzle.to_tiles("DRUL")
    assert npuzzle.to_tiles("uldr") == "DRUL"


def test_long_runs_round_trip():
    # Counts are read up to 999: a longer run is written as several.
    for n in (998, 999, 1000, 1998, 2500):
        moves = "l" * n
        assert npuzzle.from_tiles(npuzzle.to_tiles(moves)) == moves
    assert npuzzle.to_tiles("l" * 1000) == "R999R"


def test_tile_notation_round_trips_on_random_solutions():
    rng = random.Random(17)
    for _ in range(200):
        size = rng.choice(["3x3", "2x4", "4x2", "2x3"])
        board = npuzzle.random_board(size, seed=rng.randrange(2**64))
        result = npuzzle.solve(board)
        assert npuzzle.from_tiles(result.tile_moves) == result.moves
        assert npuzzle.to_tiles(result.moves) == result.tile_moves
        assert board.apply(result.tile_moves, notation="tiles") == board.apply(result.moves)


# ---- the Python surface ------------------------------------------------------------------


def test_boards():
    board = npuzzle.Board("1 2 3/8 _ 4/7 6 5")
    assert (board.width, board.height, board.size, board.blank) == (3, 3, "3x3", 4)
    assert board.cells == [1, 2, 3, 8, 0, 4, 7, 6, 5]
    assert str(board) == "1 2 3/8 0 4/7 6 5"
    assert repr(board) == "Board('1 2 3/8 0 4/7 6 5')"
    assert board == npuzzle.Board("123804765") == npuzzle.Board([1, 2, 3, 8, 0, 4, 7, 6, 5])
    assert len({board, npuzzle.Board("123804765")}) == 1
    assert board.grid() == "1 2 3\n8 _ 4\n7 6 5\n"
    assert pickle.loads(pickle.dumps(board)) == board
    along = board.boards_along("ur")
    assert [str(b) for b in along] == ["1 2 3/8 0 4/7 6 5", "1 0 3/8 2 4/7 6 5", "1 3 0/8 2 4/7 6 5"]
    assert board.boards_along("DL", notation="tiles") == along
    with pytest.raises(ValueError, match=r"move 2 \('u'\) takes the blank off the board"):
        board.boards_along("uu")
    wide = npuzzle.Board("1 2 3 4 5 0", size="3x2")
    assert pickle.loads(pickle.dumps(wide)) == wide
    assert npuzzle.Board([1, 2, 3, 4, 5, 0], size=(2, 3)).size == "2x3"
    assert npuzzle.Board.blank_first_goal(4).cells == list(range(16))
    # A board is a sequence of its cells.
    assert len(board) == 9 and list(board) == board.cells
    assert (board[0], board[4], board[-1], board[-9]) == (1, 0, 5, 1)
    assert board[1:4] == [2, 3, 8] and board[::-1] == board.cells[::-1]
    assert 0 in board and 9 not in board
    for index in (9, -10, 2**70):
        with pytest.raises(IndexError, match="is not on a 3x3 board"):
            board[index]
    with pytest.raises(TypeError, match="a cell index must be an int or a slice, not str"):
        board["0"]
    assert copy.copy(board) == board and copy.deepcopy(wide) == wide
    assert not npuzzle.Board("213456780").is_solvable()
    assert npuzzle.Board(board, size="3x3") == board


def test_distance():
    assert npuzzle.distance(HARDEST_8) == 31
    assert npuzzle.distance("213456780") is None
    assert npuzzle.distance("283104765", "123804765") == 4
    with pytest.raises(ValueError, match="10 tiles do not make a square board"):
        npuzzle.distance("1 2 3 4 5 6 7 0 8 9")
    assert npuzzle.distance("1 2 3 4 5 0 6 7 8 9", size="5x2") == 4


def test_ranks_round_trip_and_agree_with_the_command_line():
    for text in (HARDEST_8, "1 2 3/4 5 6/7 8 0", KORF_1):
        r = npuzzle.rank(text)
        board = npuzzle.Board(text)
        assert npuzzle.unrank(r, board.size) == board
        shown = json.loads(cli("rank", text, "--json"))
        assert int(shown["rank"]) == r and int(shown["cantor"]) == r + 1
    # Past 20 cells a rank passes 2^64; Python's ints hold it exactly.
    reversed_25 = list(range(24, -1, -1))
    r = npuzzle.rank(reversed_25)
    assert r == __import__("math").factorial(25) - 1
    assert list(npuzzle.unrank(r, "5x5")) == reversed_25
    rng = random.Random(7)
    for _ in range(200):
        cells = list(range(30))
        rng.shuffle(cells)
        assert list(npuzzle.unrank(npuzzle.rank(cells, size="6x5"), "6x5")) == cells


def test_rank_errors_name_the_argument():
    with pytest.raises(ValueError, match="rank .*out of range.*362879"):
        npuzzle.unrank(362880, "3x3")
    with pytest.raises(ValueError, match="rank must be a whole number from 0"):
        npuzzle.unrank(-1, "3x3")
    with pytest.raises(ValueError, match="36 cells"):
        npuzzle.rank(list(range(36)))
    with pytest.raises(TypeError, match="rank"):
        npuzzle.unrank("12", "3x3")


def test_effective_branching_factor():
    assert round(npuzzle.effective_branching_factor(52, 5), 2) == 1.92
    assert npuzzle.effective_branching_factor(9, 1) == pytest.approx(9)
    assert npuzzle.effective_branching_factor(100, 6) < npuzzle.effective_branching_factor(101, 6)
    with pytest.raises(ValueError, match="depth must be a whole number from 1 to 4294967295, not 0"):
        npuzzle.effective_branching_factor(10, 0)
    with pytest.raises(ValueError, match="nodes"):
        npuzzle.effective_branching_factor(-1, 3)


def test_stubs_name_what_the_module_has():
    stubs = ast.parse((CRATE / "npuzzle.pyi").read_text())
    names = set()
    for node in stubs.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
            target = getattr(npuzzle, node.name)
            assert target.__doc__, node.name
            if isinstance(node, ast.ClassDef):
                members = {item.name for item in node.body if isinstance(item, ast.FunctionDef)
                           and not item.name.startswith("__")}
                members |= {item.target.id for item in node.body
                            if isinstance(item, ast.AnnAssign)}
                # Public names, and Jupyter's display hooks (_repr_svg_).
                real = {name for name in dir(target)
                        if not name.startswith("_") or name.startswith("_repr_")}
                if issubclass(target, BaseException):
                    # `result` is set on each exception raised, not on the class.
                    real = (real - set(dir(BaseException))) | {"result"}
                if issubclass(target, list):
                    # A list's own methods (Comparison): the stub's base names them.
                    real -= set(dir(list))
                assert members == real, node.name
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
    # The package re-exports its extension module, named `npuzzle` too.
    public = {name for name in dir(npuzzle) if not name.startswith("_")} - {"npuzzle"}
    public |= {"__version__"}
    assert names - {"SizeLike", "BoardLike", "MemoryLike"} == public


def stub_parameters(node):
    arguments = node.args
    return [a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs]


def test_stub_signatures_are_the_real_ones():
    stubs = ast.parse((CRATE / "npuzzle.pyi").read_text())
    checked = 0
    for node in stubs.body:
        if isinstance(node, ast.FunctionDef):
            real = inspect.signature(getattr(npuzzle, node.name))
            assert stub_parameters(node) == list(real.parameters), node.name
            checked += 1
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and not item.name.startswith("__") and \
                        not any(isinstance(d, ast.Name) and d.id == "property"
                                for d in item.decorator_list):
                    real = inspect.signature(getattr(getattr(npuzzle, node.name), item.name))
                    receiver = {"self", "cls"}
                    expected = [p for p in stub_parameters(item) if p not in receiver]
                    actual = [p for p in real.parameters if p not in receiver]
                    assert expected == actual, f"{node.name}.{item.name}"
                    checked += 1
    assert checked >= 15


def test_every_function_has_a_signature_and_docstring():
    for name in ("solve", "compare", "check", "random_board", "distance", "to_tiles", "from_tiles"):
        function = getattr(npuzzle, name)
        assert function.__doc__ and len(function.__doc__) > 40, name
        assert function.__text_signature__, name


def test_order_is_the_command_lines():
    """`order=` answers as `--order`: the smallest optimal solution in it, and the
    verdict says whether moves are that solution; a bad order names the letter."""
    boards = cli("random", "--size", "3x3", "--count", "12", "--seed", "36").splitlines()
    orders = ["lrdu", "dlru", "urdl", "rdul"]
    told_apart = 0
    for board in boards:
        answers = {}
        for order in orders:
            expected = json.loads(cli("solve", board, "--order", order, "--json"))
            result = npuzzle.solve(board, order=order)
            assert result.moves == expected["moves"], (board, order)
            answers[order] = result.moves
            verdict = npuzzle.check(board, result.moves, order=order)
            assert (verdict.optimal, verdict.canonical, verdict.order) == (True, True, order)
            line = json.loads(cli("check", board, result.moves, "--order", order, "--json"))
            assert verdict.to_dict() == line
        assert npuzzle.solve(board).moves == answers["lrdu"]
        if len(set(answers.values())) > 1:
            told_apart += 1
            other = next(m for m in answers.values() if m != answers["lrdu"])
            assert npuzzle.check(board, other).canonical is False
    assert told_apart >= 2, "the orders chose one path on most boards"
    for order, words in [
        ("lrxu", "'x' at position 3 is not a move (l, r, d, u)"),
        ("lrdl", "'l' at position 4 repeats the move at position 1"),
        ("lrd", "leaves out u"),
        ("Lrdu", "a capital is tile notation"),
    ]:
        for call in (lambda: npuzzle.solve(HARDEST_8, order=order),
                     lambda: npuzzle.check(HARDEST_8, "l", order=order)):
            with pytest.raises(ValueError) as caught:
                call()
            assert "order" in str(caught.value) and words in str(caught.value), caught.value
    with pytest.raises(TypeError):
        npuzzle.solve(HARDEST_8, order=4)


def _multi_tile_distances_3x3():
    """Every 3x3 board's distance to 1 2 3/4 5 6/7 8 0 in the multi-tile metric,
    counted here: a breadth-first search whose moves are the blank's jumps of one or two
    cells along its row or column."""
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    far = {goal: 0}
    layer = [goal]
    while layer:
        following = []
        for cells in layer:
            blank = cells.index(0)
            row, col = divmod(blank, 3)
            for d_row, d_col in ((0, -1), (0, 1), (1, 0), (-1, 0)):
                moved, at = list(cells), blank
                for jump in (1, 2):
                    r, c = row + d_row * jump, col + d_col * jump
                    if not (0 <= r < 3 and 0 <= c < 3):
                        break
                    moved[at], moved[r * 3 + c] = moved[r * 3 + c], 0
                    at = r * 3 + c
                    key = tuple(moved)
                    if key not in far:
                        far[key] = far[cells] + 1
                        following.append(key)
        layer = following
    return far


def _runs(moves):
    """The number of runs of equal letters: multi-tile moves of blank steps."""
    return sum(1 for i, m in enumerate(moves) if i == 0 or moves[i - 1] != m)


def test_metric_is_the_command_lines_and_counts_multi_tile_moves():
    """`metric=` answers as `--metric`: in "mtm" the length is the fewest multi-tile
    moves (checked against a search written here), the verdict counts a run of equal
    blank moves once, results keep their metric through pickling, and a bad metric is
    refused naming it."""
    far = _multi_tile_distances_3x3()
    boards = cli("random", "--size", "3x3", "--count", "8", "--seed", "38").splitlines()
    for board in boards:
        cells = tuple(int(t) for t in board.replace("/", " ").split())
        result = npuzzle.solve(board, metric="mtm")
        assert (result.metric, result.length) == ("mtm", far[cells]), board
        assert _runs(result.moves) == result.length
        expected = json.loads(cli("solve", board, "--metric", "mtm", "--json"))
        ours = result.to_dict()
        assert {k: v for k, v in ours.items() if k != "stats"} == \
            {k: v for k, v in expected.items() if k != "stats"}
        assert pickle.loads(pickle.dumps(result)).metric == "mtm"
        verdict = npuzzle.check(board, result.moves, metric="mtm")
        assert (verdict.metric, verdict.optimal, verdict.length) == ("mtm", True, far[cells])
        line = json.loads(cli("check", board, result.moves, "--metric", "mtm", "--json"))
        assert verdict.to_dict() == line
        assert pickle.loads(pickle.dumps(verdict)).metric == "mtm"
        stm = npuzzle.solve(board)
        assert stm.metric == "stm" and stm.length == len(stm.moves)
        assert npuzzle.check(board, stm.moves).metric == "stm"
    runs = npuzzle.compare("1 2 3/4 5 6/0 7 8", metric="mtm")
    assert len(runs) == len(npuzzle.compare("1 2 3/4 5 6/0 7 8"))
    assert {(run.metric, run.length) for run in runs} == {("mtm", 1)}
    one = npuzzle.solve("1 2 3/4 5 6/0 7 8", metric="mtm")
    assert (one.length, one.moves, one.tile_moves) == (1, "rr", "L2")
    assert npuzzle.solve("1 2 3/4 5 6/0 7 8", metric=None).length == 2
    assert npuzzle.check("1 2 3/4 5 6/0 7 8", "L2", notation="tiles", metric="mtm").length == 1
    for call in (lambda: npuzzle.solve(HARDEST_8, metric="MTM"),
                 lambda: npuzzle.check(HARDEST_8, "l", metric="htm"),
                 lambda: npuzzle.compare(HARDEST_8, metric="xtm")):
        with pytest.raises(ValueError) as caught:
            call()
        assert str(caught.value).startswith("metric: ") and "stm, mtm" in str(caught.value)
    with pytest.raises(ValueError, match="'htm'"):
        npuzzle.solve(HARDEST_8, metric="htm")
    with pytest.raises(TypeError):
        npuzzle.solve(HARDEST_8, metric=2)
    # What counts single-tile moves is the library's to refuse, in words.
    with pytest.raises(ValueError, match="^metric: .*cannot be used in the multi-tile metric"):
        npuzzle.solve("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", metric="mtm", pdb="7-8")


def _optimal_path_counts_2x3():
    """Every 2x3 board (goal 1 2 3/4 5 0) with its number of optimal move sequences,
    counted here: breadth-first layers from the goal, then each board sums the counts
    of its neighbours one layer nearer."""
    goal = (1, 2, 3, 4, 5, 0)

    def neighbours(cells):
        blank = cells.index(0)
        row, col = divmod(blank, 3)
        for d_row, d_col in ((0, -1), (0, 1), (1, 0), (-1, 0)):
            r, c = row + d_row, col + d_col
            if 0 <= r < 2 and 0 <= c < 3:
                moved = list(cells)
                moved[blank], moved[r * 3 + c] = moved[r * 3 + c], 0
                yield tuple(moved)

    distance = {goal: 0}
    layers = [[goal]]
    while layers[-1]:
        layer = []
        for board in layers[-1]:
            for nxt in neighbours(board):
                if nxt not in distance:
                    distance[nxt] = len(layers)
                    layer.append(nxt)
        layers.append(layer)
    count = {goal: 1}
    for layer in layers[1:]:
        for board in layer:
            count[board] = sum(
                count[n] for n in neighbours(board) if distance.get(n) == distance[board] - 1
            )
    return count


def test_count_optimal_is_the_command_lines_and_exact():
    """`count_optimal=True` counts every optimal move sequence: on every 2x3 board as an
    independent count does, on 3x3 and 4x4 boards as `solve --count-optimal`; the count
    survives pickling; asked of a search that is not optimal it is a ValueError naming
    the argument."""
    for cells, expected in _optimal_path_counts_2x3().items():
        board = "/".join(" ".join(str(c) for c in cells[r * 3:(r + 1) * 3]) for r in (0, 1))
        result = npuzzle.solve(board, count_optimal=True)
        assert result.optimal_solutions == expected, board
    boards = cli("random", "--size", "3x3", "--count", "5", "--seed", "38").splitlines()
    boards += cli("random", "--size", "4x4", "--count", "2", "--walk", "30", "--seed", "38").splitlines()
    for board in boards:
        line = json.loads(cli("solve", board, "--count-optimal", "--json"))
        result = npuzzle.solve(board, count_optimal=True)
        assert result.optimal_solutions == line["optimal_solutions"], board
        assert result.optimal_solutions >= 1
        assert pickle.loads(pickle.dumps(result)).optimal_solutions == result.optimal_solutions
    assert npuzzle.solve(boards[0]).optimal_solutions is None
    with pytest.raises(ValueError, match="count_optimal"):
        npuzzle.solve(boards[0], algorithm="constructive", count_optimal=True)
    with pytest.raises(TypeError, match="count_optimal"):
        npuzzle.solve(boards[0], count_optimal="yes")


def test_all_optimal_lists_what_the_command_line_lists():
    """`all_optimal=True` lists the solutions as `solve --all-optimal` does, in both
    metrics, with `within` and `limit`; `within` or `limit` alone, or a wrong type, is an
    error naming the argument."""
    boards = cli("random", "--size", "3x3", "--count", "3", "--seed", "45").splitlines()
    boards += cli("random", "--size", "4x4", "--count", "2", "--walk", "30", "--seed", "45").splitlines()
    for board in boards:
        for metric in ("stm", "mtm"):
            line = json.loads(cli("solve", board, "--all-optimal", "--within", "2",
                                  "--limit", "50", "--metric", metric, "--json"))
            result = npuzzle.solve(board, all_optimal=True, within=2, limit=50, metric=metric)
            assert result.solutions == line["solutions"], board
            assert result.solutions[0] == result.moves
            assert result.solutions_complete == line["solutions_complete"]
            assert result.solutions_cut_short == line.get("solutions_cut_short")
    hardest = "8 6 7/2 5 4/3 0 1"
    result = npuzzle.solve(hardest, all_optimal=True, limit=3)
    assert (len(result.solutions), result.optimal_solutions) == (3, 40)
    assert result.solutions_complete is False and "limit of 3" in result.solutions_cut_short
    assert npuzzle.solve(hardest).solutions is None
    with pytest.raises(ValueError, match="within"):
        npuzzle.solve(hardest, within=2)
    with pytest.raises(TypeError, match="all_optimal"):
        npuzzle.solve(hardest, all_optimal=1)
    # A method that is not optimal is refused naming the argument that asked for a list.
    with pytest.raises(ValueError, match="all_optimal") as refused:
        npuzzle.solve(hardest, all_optimal=True, algorithm="constructive")
    assert "count_optimal" not in str(refused.value)


def test_optimal_solutions_streams_what_solve_lists():
    """`optimal_solutions` yields the solutions `solve(all_optimal=True)` lists, in its
    order and in both metrics, one at a time; closing it early stops the search; refused
    options raise at once."""
    hardest = "8 6 7/2 5 4/3 0 1"
    for metric in ("stm", "mtm"):
        listed = npuzzle.solve(hardest, all_optimal=True, metric=metric).solutions
        stream = npuzzle.optimal_solutions(hardest, metric=metric)
        assert iter(stream) is stream
        assert list(stream) == listed
        assert next(stream, None) is None
    board = cli("random", "--size", "4x4", "--walk", "40", "--seed", "46")
    stream = npuzzle.optimal_solutions(board, within=2)
    first = next(stream)
    assert first == npuzzle.solve(board).moves
    stream.close()
    assert list(stream) == []
    assert list(npuzzle.optimal_solutions("1 2 3/4 5 6/7 8 0")) == [""]
    assert list(npuzzle.optimal_solutions("1 2 3/4 5 6/8 7 0")) == []
    with pytest.raises(ValueError, match="limit"):
        npuzzle.optimal_solutions(hardest, limit=-1)


def test_a_big_board_under_a_time_limit_is_searched_and_bounded():
    board = npuzzle.random_board("6x6", seed=44)
    constructed = npuzzle.solve(board)
    assert (constructed.status, constructed.algorithm) == ("solved", "constructive")
    started = time.perf_counter()
    with pytest.raises(npuzzle.SearchLimit, match="time limit of 1.000 s") as caught:
        npuzzle.solve(board, max_seconds=1)
    assert time.perf_counter() - started < 3
    result = caught.value.result
    assert result.status == "bounded"
    assert result.lower_bound <= result.length < constructed.length
    assert npuzzle.check(board, result.moves).valid


def test_solve_takes_every_estimate_the_command_line_takes(tmp_path):
    """One request behind every door: `catalogue`, `visited` and `max_memory_nodes` as
    the command line's flags, the same answer as `npuzzle solve`, and the library's
    rules between the arguments refused in the arguments' words."""
    cache = str(tmp_path)
    for kwargs, flags in [
        ({"catalogue": "4-4"}, ["--catalogue", "4-4"]),
        ({"pdb": "1,2,3,4/5,6,7,8", "reflection": False}, ["--pdb", "1,2,3,4/5,6,7,8", "--no-reflection"]),
        ({"algorithm": "astar", "visited": "ranked"}, ["--algorithm", "astar", "--visited", "ranked"]),
        ({"max_memory_nodes": 10**6}, ["--max-memory-nodes", "1000000"]),
    ]:
        result = npuzzle.solve(HARDEST_8, cache_dir=cache, **kwargs)
        line = json.loads(cli("solve", HARDEST_8, "--json", "-q", "--cache-dir", cache, *flags))
        assert (result.moves, result.algorithm, result.heuristic) == (
            line["moves"], line["algorithm"], line.get("heuristic")), kwargs
    refusals = [
        ({"heuristic": "manhattan", "catalogue": "4-4"},
         "heuristic and catalogue both name an estimate: give one (catalogue guides the "
         "puzzle-specific IDA* with pattern databases)"),
        ({"pdb": "4-4", "catalogue": "4-4"}, "pdb and catalogue both name pattern databases: give one"),
        ({"reflection": False}, "reflection=False applies to pattern databases: give pdb or catalogue too"),
        ({"limit": 3}, "limit applies to the solutions listed: give all_optimal=True with it"),
        ({"any_optimal": True, "all_optimal": True},
         "any_optimal=True stops at the first optimal path and all_optimal=True lists them all, "
         "the smallest first: give one"),
    ]
    for kwargs, said in refusals:
        with pytest.raises(ValueError) as caught:
            npuzzle.solve(HARDEST_8, cache_dir=cache, **kwargs)
        assert str(caught.value) == said, kwargs
    with pytest.raises(ValueError, match="visited: "):
        npuzzle.solve(HARDEST_8, visited="tree")
    with pytest.raises(ValueError, match="catalogue: "):
        npuzzle.solve(HARDEST_8, catalogue="")


def test_any_optimal_answers_an_optimal_path_marked_so():
    """`any_optimal=True` as `--any-optimal`: the puzzle-specific IDA* stops at the first
    optimal path it meets, as long as the smallest, marked on the result."""
    korf_1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
    goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
    asked = dict(goal=goal, algorithm="fast-idastar", heuristic="linear-conflict", threads=1)
    smallest = npuzzle.solve(korf_1, **asked)
    first = npuzzle.solve(korf_1, any_optimal=True, **asked)
    assert (first.length, first.optimal, first.any_optimal) == (57, True, True)
    assert not smallest.any_optimal and smallest.length == 57
    assert first.stats.expanded < smallest.stats.expanded
    line = json.loads(cli("solve", korf_1, "--goal", goal, "-a", "fast-idastar", "--heuristic",
                          "linear-conflict", "-j", "1", "--any-optimal", "--json", "-q"))
    assert (line["moves"], line["any_optimal"]) == (first.moves, True)
    with pytest.raises(TypeError, match="any_optimal"):
        npuzzle.solve(korf_1, any_optimal="yes")
