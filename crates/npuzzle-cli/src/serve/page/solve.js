// Asking the server: a scrambled board, and a solution to play.

import { api, why, withBusy } from "./api.js";
import { forgetSolution, newBoard, notation, parseCells, renderPlayer, stopsOf } from "./board.js";
import { inMetric, label, say } from "./language.js";
import { $, chosenMetric, state } from "./state.js";

/** Asks for a board of this size that can reach the goal (from `seed`, if given) and shows it. */
export async function scramble(seed) {
  await withBusy($("scramble"), async () => {
    const params = new URLSearchParams({
      size: `${state.width}x${state.height}`,
      goal: notation(state.goal, state.width),
    });
    if (seed !== undefined) params.set("seed", seed);
    const depth = $("depth").value;
    if (depth !== "random") params.set("walk", depth);
    try {
      const data = await api(`/api/random?${params}`);
      newBoard(parseCells(data.board));
      say("scrambled", { seed: data.seed_text ?? data.seed });
    } catch (e) {
      say("no_scramble", { why: why(e) }, true);
    }
  });
}

// The searches a heuristic guides: A* and IDA*, and auto, which hands it to the search it
// chooses (named, it keeps auto from a distance table or pattern databases).
const GUIDED = ["auto", "astar", "idastar"];

/** The heuristic a request for `algorithm` names: the one chosen in the menu, if the
 * algorithm takes one; none where the reader left the choice to the solver. */
export function chosenHeuristic(algorithm) {
  const chosen = $("heuristic").value;
  return GUIDED.includes(algorithm) && chosen !== "auto" ? chosen : undefined;
}

/** The heuristic menu is open only while the chosen algorithm takes a heuristic. */
export function syncHeuristic() {
  $("heuristic").disabled = !GUIDED.includes($("algorithm").value);
}

/** Solves the board with the chosen algorithm and readies the answer to play. */
export async function solve() {
  await withBusy($("solve"), async () => {
    forgetSolution();
    renderPlayer();
    state.report = null;
    say("solving");
    const algorithm = $("algorithm").value;
    const body = {
      board: notation(state.cells, state.width),
      goal: notation(state.goal, state.width),
      algorithm,
      metric: chosenMetric(),
    };
    const heuristic = chosenHeuristic(algorithm);
    if (heuristic) body.heuristic = heuristic;
    try {
      const report = await api("/api/solve", body);
      state.report = report;
      const cost = { key: "cost", values: {
        n: report.stats.expanded,
        s: report.stats.seconds.toFixed(3),
        how: () => label(report),
      } };
      if (report.status === "unsolvable") {
        say("unsolvable", {}, true);
      } else if (report.status === "gave-up") {
        say("gave_up", { cost }, true);
      } else {
        state.solution = {
          start: state.cells.slice(), moves: report.moves, tiles: report.tile_moves, index: 0,
          metric: report.metric, stops: stopsOf(report.moves, report.metric),
        };
        renderPlayer();
        say(report.optimal ? "optimal_solution" : "a_solution",
          { n: report.length, metric: inMetric(report.metric), cost });
      }
    } catch (e) {
      say("no_solve", { why: why(e) }, true);
    }
  });
}
