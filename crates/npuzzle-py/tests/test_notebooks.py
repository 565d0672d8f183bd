"""What a notebook uses: traces, the search-cost table by depth, the effective branching
factor, boards and results drawn as SVG; checked against the command line where it has
the same thing (`npuzzle trace --json`, `npuzzle bench --depths --json`).
"""

import json
import time
from pathlib import Path
from xml.etree import ElementTree

import pytest

import npuzzle
from test_npuzzle import HARDEST_8, KORF_1, KORF_GOAL, cli, private_cache  # noqa: F401 (an autouse fixture)

TRACED = ["bfs", "bidirectional", "astar", "idastar", "iddfs"]
# (start, goal, limit): a short one, the hardest 8-puzzle cut by the limit, a 2x3 board,
# one the parity rules out.
TRACE_BOARDS = [
    ("283104765", "123804765", 10_000),
    (HARDEST_8, None, 300),
    ("4 1 2/5 0 3", "1 2 3/4 5 0", 10_000),
    ("2 1 3/4 5 6/7 8 0", None, 100),
]


def cli_trace(board, goal, algorithm, limit, *extra):
    """The events `npuzzle trace --json` prints, parsed."""
    args = ["trace", board, "--algorithm", algorithm, "--json", "--quiet", "--limit", str(limit)]
    if goal is not None:
        args += ["--goal", goal]
    out = cli(*args, *extra, check=False)
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize("algorithm", TRACED)
@pytest.mark.parametrize("board,goal,limit", TRACE_BOARDS)
def test_trace_events_are_the_command_lines(board, goal, limit, algorithm):
    traced = npuzzle.trace(board, goal, algorithm=algorithm, limit=limit)
    expected = cli_trace(board, goal, algorithm, limit)
    assert list(traced) == expected
    assert traced.events == expected and len(traced) == len(expected)
    assert len(traced) <= limit


@pytest.mark.parametrize("algorithm,heuristic", [("astar", "misplaced"), ("idastar", "manhattan")])
def test_trace_with_a_heuristic_and_an_order(algorithm, heuristic):
    traced = npuzzle.trace(HARDEST_8, algorithm=algorithm, heuristic=heuristic, limit=500, order="udlr")
    expected = cli_trace(HARDEST_8, None, algorithm, 500, "--heuristic", heuristic, "--order", "udlr")
    assert list(traced) == expected
    assert traced.result.heuristic == heuristic


def test_a_trace_ends_at_the_goal_or_says_it_was_cut():
    whole = npuzzle.trace("283104765", "123804765", algorithm="bfs")
    assert not whole.truncated
    assert whole.events[-1]["event"] == "goal"
    assert whole.events[-1]["board"] == "1 2 3/8 0 4/7 6 5"
    assert whole.result.status == "solved" and whole.result.length == 4
    assert sum(e["event"] == "expand" for e in whole) == whole.result.stats.expanded
    cut = npuzzle.trace(HARDEST_8, algorithm="bfs", limit=50)
    assert cut.truncated and len(cut) == 50 and cut.limit == 50
    assert cut.result.status == "gave-up"
    assert cut.result.gave_up == "stopped at the limit of 50 events"
    unsolvable = npuzzle.trace("2 1 3/4 5 6/7 8 0", algorithm="astar")
    assert len(unsolvable) == 0 and unsolvable.result.status == "unsolvable"


def test_trace_errors_name_the_argument():
    with pytest.raises(ValueError, match="^algorithm: .*cannot be traced"):
        npuzzle.trace(HARDEST_8, algorithm="table")
    with pytest.raises(ValueError, match="^algorithm: "):
        npuzzle.trace(HARDEST_8, algorithm="dfs")
    with pytest.raises(TypeError, match="^algorithm must be text"):
        npuzzle.trace(HARDEST_8, algorithm=1)
    with pytest.raises(ValueError, match="^limit: .*1 to 10000000"):
        npuzzle.trace(HARDEST_8, algorithm="bfs", limit=0)
    with pytest.raises(ValueError, match="^limit: "):
        npuzzle.trace(HARDEST_8, algorithm="bfs", limit=10_000_001)
    with pytest.raises(TypeError, match="^limit must be a whole number"):
        npuzzle.trace(HARDEST_8, algorithm="bfs", limit="10")
    with pytest.raises(TypeError, match="^limit must be a whole number"):
        npuzzle.trace(HARDEST_8, algorithm="bfs", limit=True)
    with pytest.raises(ValueError, match="^limit must be a whole number from 0"):
        npuzzle.trace(HARDEST_8, algorithm="bfs", limit=-1)
    with pytest.raises(ValueError, match="^heuristic: "):
        npuzzle.trace(HARDEST_8, algorithm="astar", heuristic="euclid")
    with pytest.raises(ValueError, match="^goal"):
        npuzzle.trace(HARDEST_8, "1 2 3 4 5 0", algorithm="bfs")
    with pytest.raises(ValueError, match="^board"):
        npuzzle.trace("1 2 3", algorithm="bfs")
    with pytest.raises(ValueError, match="^order: "):
        npuzzle.trace(HARDEST_8, algorithm="bfs", order="lrdx")


def test_effective_branching_factor_is_the_books():
    assert round(npuzzle.effective_branching_factor(52, 5), 2) == 1.92
    # b* of a full tree of branching b and depth d is b.
    for b in (2, 3):
        for d in (1, 4, 7):
            nodes = sum(b**i for i in range(1, d + 1))
            assert npuzzle.effective_branching_factor(nodes, d) == pytest.approx(b)
    with pytest.raises(ValueError, match="^depth must be a whole number from 1 to 4294967295, not 0: "):
        npuzzle.effective_branching_factor(52, 0)
    for depth in (-1, 2**32):
        with pytest.raises(ValueError, match=f"^depth must be a whole number from 1 to 4294967295, not {depth}"):
            npuzzle.effective_branching_factor(52, depth)
    assert npuzzle.effective_branching_factor(1, 2**32 - 1) < 1
    with pytest.raises(TypeError, match="^depth must be a whole number"):
        npuzzle.effective_branching_factor(52, "5")
    with pytest.raises(TypeError, match="^depth must be a whole number"):
        npuzzle.effective_branching_factor(52, 5.0)
    with pytest.raises(TypeError, match="^nodes must be a number of nodes"):
        npuzzle.effective_branching_factor("52", 5)
    for nodes in (-1, -0.5, float("nan"), float("inf"), 10**400):
        with pytest.raises(ValueError, match="^nodes must be a number of nodes from 0"):
            npuzzle.effective_branching_factor(nodes, 5)


def test_effective_branching_factor_of_a_mean_and_either_equation():
    # A mean count of nodes, as the book's tables give, lies between its neighbours.
    below, above = (npuzzle.effective_branching_factor(n, 5) for n in (52, 53))
    assert below < npuzzle.effective_branching_factor(52.5, 5) < above
    assert npuzzle.effective_branching_factor(52.0, 5) == below
    # bstar names the equation as bench_by_depth's does: "n" counts the root among the
    # nodes, so 6 nodes at depth 2 give the book's 1.79, where N + 1 = ... gives 2.
    assert npuzzle.effective_branching_factor(6, 2, bstar="n-plus-one") == pytest.approx(2)
    assert round(npuzzle.effective_branching_factor(6, 2, bstar="n"), 2) == 1.79
    assert npuzzle.effective_branching_factor(6.5, 2, bstar="n") == pytest.approx(
        npuzzle.effective_branching_factor(5.5, 2))
    with pytest.raises(ValueError, match="^bstar: 'nodes' is not one of: n-plus-one, n"):
        npuzzle.effective_branching_factor(6, 2, bstar="nodes")
    with pytest.raises(TypeError):
        npuzzle.effective_branching_factor(6, 2, "n")  # bstar is keyword-only, as in bench_by_depth


def cli_by_depth(*args):
    """The rows `npuzzle bench --depths ... --json` prints."""
    return json.loads(cli("bench", *args, "--json", "--quiet"))["by_depth"]


def test_bench_by_depth_rows_are_the_command_lines():
    rows = npuzzle.bench_by_depth([2, 6, 10], count=8, seed=7, published="aima")
    assert rows == cli_by_depth("--depths", "2,6,10", "--count", "8", "--seed", "7", "--published", "aima")
    assert [(r["config"], r["depth"]) for r in rows] == [
        (config, depth) for depth in (2, 6, 10) for config in ("astar:misplaced", "astar:manhattan")
    ]
    for row in rows:
        assert row["instances"] == 8 and row["gave_up"] == 0
        assert row["mean_generated"] >= row["mean_expanded"] > 0
        assert row["published"]["source"] == "aima"
    # Another seed draws other boards.
    assert npuzzle.bench_by_depth([10], count=8, seed=8) != [
        {k: v for k, v in r.items() if k != "published"} for r in rows if r["depth"] == 10
    ]


def test_bench_by_depth_with_other_configurations_conventions_and_boards():
    configs = ["bfs", "iddfs", "idastar:manhattan", "astar:linear-conflict:w=1.5"]
    rows = npuzzle.bench_by_depth(range(3, 8, 2), count=4, configs=configs, counting="expanded", bstar="n")
    assert rows == cli_by_depth(
        "--depths", "3,5,7", "--count", "4", "--configs", ",".join(configs),
        "--counting", "expanded", "--bstar", "n",
    )
    assert {r["config"] for r in rows} == set(configs)
    assert npuzzle.bench_by_depth([4], count=3, configs="bfs,iddfs", size="2x3", seed=5) == cli_by_depth(
        "--depths", "4", "--count", "3", "--configs", "bfs,iddfs", "--size", "2x3", "--seed", "5"
    )
    goal = "1 2 3/8 0 4/7 6 5"
    assert npuzzle.bench_by_depth([6], count=3, goal=goal) == cli_by_depth(
        "--depths", "6", "--count", "3", "--goal", goal
    )


def test_bench_by_depth_runs_the_books_ids_and_past_the_exact_tables_as_the_command_line():
    rows = npuzzle.bench_by_depth([2, 4], count=6, configs="iddfs", iddfs_parent_pruning=False)
    assert rows == cli_by_depth(
        "--depths", "2,4", "--count", "6", "--configs", "iddfs", "--iddfs-parent-pruning", "off"
    )
    pruned = npuzzle.bench_by_depth([2, 4], count=6, configs="iddfs")
    assert all(u["mean_expanded"] > p["mean_expanded"] for u, p in zip(rows, pruned))
    with pytest.raises(TypeError, match="^iddfs_parent_pruning must be"):
        npuzzle.bench_by_depth([2], count=1, iddfs_parent_pruning="off")
    # 12 cells and the 15-puzzle: the boards come from the layers listed from the goal.
    for size in ("3x4", "4x4"):
        assert npuzzle.bench_by_depth([5], count=3, configs="bfs", size=size) == cli_by_depth(
            "--depths", "5", "--count", "3", "--configs", "bfs", "--size", size
        )


def test_bench_by_depth_counts_searches_stopped_by_a_limit():
    rows = npuzzle.bench_by_depth([20], count=2, configs="bfs", max_nodes=10)
    assert rows[0]["gave_up"] == 2 and rows[0]["instances"] == 0
    assert rows[0]["mean_generated"] is None and rows[0]["effective_branching_factor"] is None


def test_bench_by_depth_errors_name_the_argument():
    with pytest.raises(ValueError, match="^depths: depth 0"):
        npuzzle.bench_by_depth([0])
    with pytest.raises(ValueError, match="^depths: no board is 40 moves"):
        npuzzle.bench_by_depth([40], count=1)
    with pytest.raises(ValueError, match="^depths: no depth given"):
        npuzzle.bench_by_depth([])
    with pytest.raises(TypeError, match="^depths must be whole numbers"):
        npuzzle.bench_by_depth("2,4")
    with pytest.raises(TypeError, match="^depths must be a whole number"):
        npuzzle.bench_by_depth([2.0])
    with pytest.raises(ValueError, match="^goal: boards at an exact depth"):
        npuzzle.bench_by_depth([2], count=1, size="5x5")
    # Past what the layers can list: refused at once (it listed for 8 s and 1.6 GB).
    started = time.perf_counter()
    with pytest.raises(ValueError, match="^depths: .*depths 1 to 25 can be drawn"):
        npuzzle.bench_by_depth([2, 30], count=1, size="4x4")
    assert time.perf_counter() - started < 2
    with pytest.raises(ValueError, match="^configs: bfs takes no heuristic"):
        npuzzle.bench_by_depth([2], configs="bfs:manhattan")
    with pytest.raises(ValueError, match="^configs: "):
        npuzzle.bench_by_depth([2], configs=["dfs"])
    with pytest.raises(TypeError, match="^configs must be text"):
        npuzzle.bench_by_depth([2], configs=[1])
    with pytest.raises(ValueError, match="^counting: 'all' is not one of: generated, expanded"):
        npuzzle.bench_by_depth([2], counting="all")
    with pytest.raises(ValueError, match="^bstar: "):
        npuzzle.bench_by_depth([2], bstar="n+1")
    with pytest.raises(ValueError, match="^published: "):
        npuzzle.bench_by_depth([2], published="korf")
    with pytest.raises(ValueError, match="^count must be a whole number from 0"):
        npuzzle.bench_by_depth([2], count=-1)
    with pytest.raises(TypeError, match="^seed must be a whole number"):
        npuzzle.bench_by_depth([2], seed="1")


SVG = "{http://www.w3.org/2000/svg}"


def parsed_svg(text):
    """The SVG document `text`, parsed (it must be well-formed XML in the SVG namespace)."""
    root = ElementTree.fromstring(text)
    assert root.tag == SVG + "svg"
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    return root


def rects(root, kind):
    return [r for r in root.iter(SVG + "rect") if r.get("class") == kind]


@pytest.mark.parametrize("text,size", [(HARDEST_8, None), ("4 1 2/5 0 3", None), ("0 1 2 3 4 5 6 7 8 9 10 11", "4x3"), (KORF_1, None)])
def test_a_board_draws_itself_as_a_grid(text, size):
    board = npuzzle.Board(text, size)
    root = parsed_svg(board._repr_svg_())
    tiles, blanks = rects(root, "tile"), rects(root, "blank")
    assert len(tiles) == len(board) - 1 and len(blanks) == 1
    assert blanks[0].get("fill") != tiles[0].get("fill")
    assert sorted(int(t.text) for t in root.iter(SVG + "text")) == list(range(1, len(board)))
    # Cells sit on a width x height grid, the blank in the blank's cell.
    xs = sorted({float(r.get("x")) for r in tiles + blanks})
    ys = sorted({float(r.get("y")) for r in tiles + blanks})
    assert (len(xs), len(ys)) == (board.width, board.height)
    blank = blanks[0]
    assert (xs.index(float(blank.get("x"))), ys.index(float(blank.get("y")))) == (
        board.blank % board.width,
        board.blank // board.width,
    )


def test_a_big_board_stays_drawable():
    board = npuzzle.Board.goal("30x30")
    root = parsed_svg(board._repr_svg_())
    assert len(rects(root, "tile")) == 899 and float(root.get("width")) <= 400


def boards_in_strip(root):
    """The step numbers under the boards of a result's strip, and whether it has an ellipsis."""
    steps = [int(t.text) for t in root.iter(SVG + "text") if t.get("class") == "step"]
    ellipsis = [t for t in root.iter(SVG + "text") if t.get("class") == "ellipsis"]
    return steps, len(ellipsis)


def test_a_result_draws_the_boards_along_its_path():
    result = npuzzle.solve("283104765", "123804765")
    root = parsed_svg(result._repr_svg_())
    assert boards_in_strip(root) == ([0, 1, 2, 3, 4], 0)
    assert len(rects(root, "blank")) == 5 and len(rects(root, "tile")) == 5 * 8
    assert "4 moves, optimal" in "".join(root.itertext())


def test_a_long_path_is_cut_with_an_ellipsis():
    result = npuzzle.solve(HARDEST_8)
    root = parsed_svg(result._repr_svg_())
    assert boards_in_strip(root) == ([0, 1, 2, 3, 4, 5, 27, 28, 29, 30, 31], 1)
    # The last board drawn is the goal.
    last_tiles = [int(t.text) for t in root.iter(SVG + "text") if t.get("class") is None and t.text.isdigit()][-8:]
    assert last_tiles == list(range(1, 9))
    # Twelve boards (11 moves) are drawn whole; thirteen are cut.
    for length, steps, cut in [(11, list(range(12)), 0), (12, [0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12], 1)]:
        board = next(
            b for b in (npuzzle.random_board(seed=s, walk=length) for s in range(10_000))
            if npuzzle.distance(b) == length
        )
        assert boards_in_strip(parsed_svg(npuzzle.solve(board)._repr_svg_())) == (steps, cut)


def test_an_unsolved_result_draws_its_start():
    result = npuzzle.solve("2 1 3/4 5 6/7 8 0")
    root = parsed_svg(result._repr_svg_())
    assert boards_in_strip(root) == ([0], 0)
    assert "unsolvable" in "".join(root.itertext())


def caption(root):
    """The line above a result's strip."""
    return next(t for t in root.iter(SVG + "text") if t.get("class") is None and t.get("y") == "14")


def test_the_caption_is_as_wide_as_its_text():
    # A 0-move result draws one small board under a caption longer than it: the caption
    # was cut at the board's width ("0 moves, o").
    for result in (npuzzle.solve("1 2 3/4 5 6/7 8 0"), npuzzle.solve("1 2 3/4 5 6/7 0 8", algorithm="bfs")):
        root = parsed_svg(result._repr_svg_())
        text = caption(root).text
        assert text.startswith(f"{result.length} move")
        # 13-pixel sans-serif runs 6.5 to 8 pixels a character.
        assert float(root.get("width")) >= 7.5 * len(text), (text, root.get("width"))
        assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"


def test_a_caption_is_escaped():
    fields = npuzzle.solve("1 2 3/4 5 6/7 0 8").to_dict()
    fields["algorithm"] = "<b>&'\""
    root = parsed_svg(npuzzle.SolveResult(fields)._repr_svg_())
    assert caption(root).text == "1 move, optimal (<b>&'\")"


CAPPED_DRAWING = """
import json, resource, sys
import npuzzle
size, budget = sys.argv[1], int(sys.argv[2])
result = npuzzle.solve(npuzzle.random_board(size, seed=1))
def address_space():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:"))
# Only the drawing runs under the cap: the solve before it is not what is measured.
cap = address_space() + budget
resource.setrlimit(resource.RLIMIT_AS, (cap, resource.getrlimit(resource.RLIMIT_AS)[1]))
svg = result._repr_svg_()
print(json.dumps({"moves": len(result.moves), "svg": svg}))
"""


@pytest.mark.parametrize("size,drawn", [("40x40", [0, 1]), ("100x100", [0])])
def test_a_big_result_draws_in_a_small_multiple_of_its_output(size, drawn):
    # Jupyter calls _repr_svg_ by itself: drawn board by board along the path, a 40x40
    # result took 1.3 GB for a 4 MB SVG and a 100x100 one was killed at 24 GB. Now the
    # drawing runs under a cap of 32 MiB of address space more than the solve left.
    import subprocess
    import sys
    budget = 32 << 20
    child = subprocess.run([sys.executable, "-c", CAPPED_DRAWING, size, str(budget)],
                           capture_output=True, text=True, timeout=300)
    assert child.returncode == 0, child.stderr[-2000:]
    answer = json.loads(child.stdout)
    svg = answer["svg"]
    assert len(svg) < budget / 8
    root = parsed_svg(svg)
    steps, cut = boards_in_strip(root)
    # The start is drawn whole, the goal where the cells allow; the caption says how
    # many of the path's boards are drawn.
    assert steps[:1] == [0] and cut == 1
    assert len(steps) == len(drawn) and (len(steps) == 1 or steps[-1] == answer["moves"])
    side = int(size.split("x")[0])
    assert len(rects(root, "tile")) == len(steps) * (side * side - 1)
    assert caption(root).text.endswith(f"; {len(steps)} of {answer['moves'] + 1} {size} boards drawn")


def test_boards_too_big_for_a_whole_strip_draw_fewer():
    # 4,096 cells at most in all: 9 boards of 20x20 (400 cells) and the ellipsis.
    board = npuzzle.random_board("20x20", seed=3, walk=40)
    result = npuzzle.solve(board)
    root = parsed_svg(result._repr_svg_())
    steps, cut = boards_in_strip(root)
    assert cut == 1 and len(steps) == 10 and steps[:5] == [0, 1, 2, 3, 4]
    assert steps[-1] == result.length
    assert len(rects(root, "tile")) == 10 * 399
    # Small boards keep their twelve places.
    assert boards_in_strip(parsed_svg(npuzzle.solve(HARDEST_8)._repr_svg_()))[1] == 1
    assert "boards drawn" not in caption(parsed_svg(npuzzle.solve(HARDEST_8)._repr_svg_())).text


def test_a_results_repr_names_its_heuristic():
    runs = npuzzle.compare("283104765", "123804765")
    # The runs of one algorithm differ only in their heuristic.
    assert len({repr(run) for run in runs}) == len(runs)
    astar = [run for run in runs if run.algorithm == "astar"]
    assert [repr(run) for run in astar] == [
        f"SolveResult(status='solved', length=4, moves='uldr', algorithm='astar', heuristic='{h}', optimal=True)"
        for h in ("misplaced", "manhattan", "linear-conflict")
    ]
    assert "heuristic=None" in repr(runs[0])


def html_table(text):
    """The HTML table `text`, parsed (it must be well-formed), its header and its rows' cells."""
    root = ElementTree.fromstring(text)
    assert root.tag == "table"
    header = [th.text or "" for th in root.iter("th")]
    rows = [[td.text or "" for td in tr.iter("td")] for tr in root.find("tbody")]
    return root, header, rows


def test_stats_verdicts_and_comparisons_show_as_tables():
    result = npuzzle.solve(HARDEST_8, algorithm="astar", heuristic="manhattan")
    _, header, rows = html_table(result.stats._repr_html_())
    assert header == ["expanded", "generated", "peak nodes", "peak bytes", "seconds", "setup seconds"]
    assert rows[0][:4] == [str(result.stats.expanded), str(result.stats.generated),
                           str(result.stats.peak_nodes), str(result.stats.peak_bytes)]
    verdict = npuzzle.check(HARDEST_8, result.moves[:-1])
    root, header, rows = html_table(verdict._repr_html_())
    assert root.find("caption").text == verdict.message
    assert header == ["valid", "optimal", "metric", "length", "minimum", "lower bound", "canonical", "order"]
    fields = (verdict.valid, verdict.optimal, verdict.metric, verdict.length, verdict.minimum,
              verdict.lower_bound, verdict.canonical, verdict.order)
    assert rows == [["" if value is None else str(value) for value in fields]]
    assert rows[0][:5] == ["False", "", "stm", "30", ""]
    runs = npuzzle.compare("283104765", "123804765", metric="mtm")
    assert isinstance(runs, list) and type(runs) is npuzzle.Comparison
    root, header, rows = html_table(runs._repr_html_())
    assert root.find("caption").text == "board 2 8 3/1 0 4/7 6 5, goal 1 2 3/8 0 4/7 6 5, metric mtm"
    assert header[:5] == ["algorithm", "heuristic", "status", "length", "optimal"]
    assert [row[:5] for row in rows] == [
        [run.algorithm, run.heuristic or "", run.status, str(run.length), str(run.optimal)] for run in runs
    ]
    # Still a list: it pickles, copies and compares as one.
    import copy
    import pickle
    again = pickle.loads(pickle.dumps(runs))
    assert type(again) is npuzzle.Comparison and [r.to_dict() for r in again] == [r.to_dict() for r in runs]
    assert copy.copy(runs) == runs and json.dumps([r.to_dict() for r in runs])
    # A list holding anything but results shows its repr instead.
    runs.append("not a result")
    assert runs._repr_html_() is None


def test_every_table_escapes_what_it_shows():
    fields = npuzzle.solve("1 2 3/4 5 6/7 0 8").to_dict()
    fields["algorithm"] = "<script>alert('x')</script>"
    fields["board"] = "1 2 3/4 5 6/7 0 8 & <b>"
    table = npuzzle.Comparison([npuzzle.SolveResult(fields)])._repr_html_()
    assert "<script>" not in table and "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in table
    root, _, rows = html_table(table)
    assert rows[0][0] == "<script>alert('x')</script>"
    assert root.find("caption").text.startswith("board 1 2 3/4 5 6/7 0 8 & <b>,")
    verdict = npuzzle.check("1 2 3/4 5 6/7 0 8", "r").to_dict()
    verdict["message"] = "<i>valid</i>"
    root, _, _ = html_table(npuzzle.Verdict(verdict)._repr_html_())
    assert root.find("caption").text == "<i>valid</i>"


def test_a_trace_shows_as_a_table_of_its_events():
    traced = npuzzle.trace("283104765", "123804765", algorithm="bfs")
    root, header, rows = html_table(traced._repr_html_())
    assert header == [field for field in ["event", "board", "g", "h", "f", "depth", "move", "bound",
                                          "side", "frontier", "expanded"]
                      if any(field in event for event in traced)]
    assert len(rows) == len(traced) == 21
    for row, event in zip(rows, traced):
        assert row == ["" if event.get(field) is None else str(event[field]) for field in header]
    assert root.find("caption").text == "bfs: 21 events, solved in 4 moves"
    # A long trace shows its first and last 50 events and says how many are left out.
    long = npuzzle.trace(HARDEST_8, algorithm="idastar", heuristic="manhattan", limit=500)
    root, header, rows = html_table(long._repr_html_())
    assert len(rows) == 101 and rows[50] == [f"… {len(long) - 100} events left out (trace.events holds them all)"]
    assert rows[0][0] == long.events[0]["event"] and rows[-1][-1] == str(long.events[-1]["expanded"])
    assert "bound" in header
    assert root.find("caption").text == "idastar (manhattan): 500 events, cut by the limit, gave-up"


@pytest.mark.parametrize("algorithm", ["bfs", "astar", "idastar"])
def test_trace_takes_the_metric_as_the_command_line_does(algorithm):
    board = "4 1 3/7 2 6/0 5 8"
    traced = npuzzle.trace(board, algorithm=algorithm, metric="mtm", limit=2000)
    assert list(traced) == cli_trace(board, None, algorithm, 2000, "--metric", "mtm")
    assert traced.result.metric == "mtm"
    assert list(traced) != list(npuzzle.trace(board, algorithm=algorithm, limit=2000))
    with pytest.raises(ValueError, match="^metric: unknown metric 'htm'"):
        npuzzle.trace(board, algorithm=algorithm, metric="htm")


def test_compare_takes_the_order_and_the_metric():
    # Of its optimal answers, lrdu and dlru pick different ones (docs/GUIDE.md).
    board = "1 6 0/4 3 2/7 5 8"
    answers = {}
    for order in ("lrdu", "dlru"):
        runs = npuzzle.compare(board, order=order)
        for run in runs:
            alone = npuzzle.solve(board, algorithm=run.algorithm, heuristic=run.heuristic, order=order)
            assert run.moves == alone.moves, (order, run)
        answers[order] = [run.moves for run in runs]
    assert answers["lrdu"] == [run.moves for run in npuzzle.compare(board)]
    assert answers["lrdu"] != answers["dlru"]
    # As `npuzzle compare --metric mtm --json` (which takes no order).
    runs = npuzzle.compare(board, metric="mtm")
    cli_runs = json.loads(cli("compare", board, "--metric", "mtm", "--json"))
    assert [(r.algorithm, r.heuristic, r.metric, r.length, r.moves) for r in runs] == [
        (r["algorithm"], r["heuristic"], r["metric"], r["length"], r["moves"]) for r in cli_runs
    ]
    with pytest.raises(ValueError, match="^order: "):
        npuzzle.compare(board, order="lrdx")


def test_progress_is_reported_while_a_long_search_runs():
    reports = []
    with pytest.raises(npuzzle.SearchLimit):
        npuzzle.solve(KORF_1, KORF_GOAL, algorithm="idastar", heuristic="manhattan", max_seconds=2.5, progress=reports.append)
    assert reports, "no progress in 2.5 s"
    for report in reports:
        assert set(report) == {"message", "done", "total", "nodes", "bound", "seconds"}
        assert report["bound"] is None  # the generic IDA* says no bound
    # The optimal search reports its nodes; once the limit nears, the search for a
    # shorter answer beside it (a bounded answer) reports both ends, without nodes.
    searching = [r for r in reports if r["nodes"] is not None]
    assert searching
    for report in searching:
        assert f"{report['nodes']} nodes expanded" in report["message"]
    assert all("optimum" in r["message"] for r in reports if r["nodes"] is None)
    seconds = [r["seconds"] for r in reports]
    assert seconds == sorted(seconds)
    assert all(b - a >= 0.19 for a, b in zip(seconds, seconds[1:]))
    nodes = [r["nodes"] for r in searching]
    assert nodes == sorted(nodes) and nodes[0] > 0
    # The fast IDA* says each iteration's bound.
    fast = []
    with pytest.raises(npuzzle.SearchLimit):
        npuzzle.solve(KORF_1, KORF_GOAL, algorithm="fast-idastar", heuristic="manhattan", max_seconds=1.5, progress=fast.append)
    bounds = [r["bound"] for r in fast if r["bound"] is not None]
    assert bounds and bounds == sorted(bounds) and all(b >= 41 for b in bounds)  # Manhattan of #1 is 41
    assert all(f"bound {r['bound']}" in r["message"] for r in fast if r["bound"] is not None)
    # A quick solve need not report anything, and gives the same answer.
    quiet = []
    assert npuzzle.solve(HARDEST_8, progress=quiet.append).moves == npuzzle.solve(HARDEST_8).moves


def test_an_exception_in_the_progress_callback_stops_the_search():
    class Enough(Exception):
        pass

    def stop(report):
        raise Enough(report["message"])

    began = time.monotonic()
    with pytest.raises(Enough, match="nodes expanded"):
        npuzzle.solve(KORF_1, KORF_GOAL, algorithm="idastar", heuristic="manhattan", max_seconds=60, progress=stop)
    assert time.monotonic() - began < 10
    with pytest.raises(TypeError, match="^progress must be a callable"):
        npuzzle.solve(HARDEST_8, progress=3)


def test_the_guides_notebook_example_runs():
    """The Python block of docs/GUIDE.md's "In a notebook" runs as written (its last
    call stops at its time limit, as its comment says)."""
    guide = (Path(__file__).resolve().parents[3] / "docs" / "GUIDE.md").read_text()
    section = guide[guide.index("### In a notebook"):]
    block = section[section.index("```python\n") + len("```python\n"):]
    block = block[: block.index("```")]
    with pytest.raises(npuzzle.SearchLimit):
        exec(compile(block, "GUIDE.md", "exec"), {})


def test_bench_by_depth_refuses_more_boards_than_the_memory_holds():
    with pytest.raises(ValueError, match="^count: .* more than the memory budget"):
        npuzzle.bench_by_depth([2, 4], count=10**15)
    with pytest.raises(ValueError, match="^count: 100000 boards at 1 depths take .* more than the memory budget"):
        npuzzle.bench_by_depth([2], count=100_000, max_memory="1M")


TRACE_UNDER_A_CAP = """
import resource
import npuzzle
def address_space():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:"))
# Room for the trace's budget of 256 MiB and the threads' arenas, not for its dicts.
cap = address_space() + (512 << 20)
resource.setrlimit(resource.RLIMIT_AS, (cap, resource.getrlimit(resource.RLIMIT_AS)[1]))
try:
    t = npuzzle.trace({board!r}, algorithm={algorithm!r}, limit=5_000_000, max_memory="256M")
except npuzzle.SearchLimit as e:
    print("SearchLimit", e.result.status, str(e).split(";")[0])
else:
    print("returned", len(t))
"""


@pytest.mark.parametrize("algorithm", ["idastar", "bfs"])
def test_a_long_trace_keeps_to_max_memory_and_raises_search_limit(algorithm):
    # Five million events, held as dicts, took gigabytes and aborted the interpreter
    # under the cap; held compactly and counted, they stop at the budget and raise.
    import subprocess
    import sys
    board = "0 11 9 13 12 15 10 14 3 7 6 2 4 8 5 1"
    child = subprocess.run(
        [sys.executable, "-c", TRACE_UNDER_A_CAP.format(board=board, algorithm=algorithm)],
        capture_output=True, text=True, timeout=300,
    )
    assert child.returncode == 0, child.stderr
    assert child.stdout.startswith("SearchLimit gave-up gave up: memory budget of 256 MiB reached"), child.stdout


def test_a_trace_is_indexed_and_iterated_lazily():
    traced = npuzzle.trace("283104765", "123804765", algorithm="bfs")
    events = traced.events
    assert traced[0] == events[0] and traced[-1] == events[-1] and traced[-1]["event"] == "goal"
    assert [traced[i] for i in range(len(traced))] == events == list(traced)
    assert traced.events is not events  # a new list each time: the trace holds no dicts
    with pytest.raises(IndexError):
        traced[len(traced)]
    it = iter(traced)
    assert next(it) == events[0] and next(it) == events[1]
