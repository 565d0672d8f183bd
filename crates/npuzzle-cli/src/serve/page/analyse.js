// Analysing the moves played by hand: /api/analyse, shown as a table (each move, what it
// left, what it lost, the better moves where it lost some) and a summary line, as
// `npuzzle analyse` prints them. The library decides; this only draws its answer.

import { api, why, withBusy } from "./api.js";
import { notation, playedHere } from "./board.js";
import { inMetric, say } from "./language.js";
import { $, chosenMetric, state } from "./state.js";

/** Sends the moves played by hand since the board was last set, in the chosen metric, and
 * shows the analysis. */
export async function analyse() {
  await withBusy($("analyse"), async () => {
    if (!playedHere()) {
      say("analyse_nothing", {}, true, "analyse-status");
      return;
    }
    const played = state.played;
    clearAnalysis();
    say("analysing", {}, false, "analyse-status");
    try {
      const report = await api("/api/analyse", {
        board: notation(played.start, state.width),
        goal: notation(state.goal, state.width),
        moves: played.moves,
        metric: chosenMetric(),
      });
      state.analysis = report;
      drawAnalysis(report);
      say("analysed", summary(report), false, "analyse-status");
    } catch (e) {
      say("no_analyse", { why: why(e) }, true, "analyse-status");
    }
  });
  // The button follows the board: the moves may have changed while the request ran.
  $("analyse").disabled = !playedHere();
}

/** Removes the last analysis's table. */
function clearAnalysis() {
  state.analysis = null;
  $("analyse-table").hidden = true;
  $("analyse-table").tBodies[0].replaceChildren();
}

/** One row a move: its number, the move, the fewest moves left after it (`~` where that
 * is a bounded answer's length), what it lost (`+2`, the row marked), the better moves. */
function drawAnalysis(report) {
  const body = $("analyse-table").tBodies[0];
  body.replaceChildren();
  report.steps.forEach((step, i) => {
    const row = body.insertRow();
    if (step.lost > 0) row.className = "mistake";
    [String(i + 1), step.move, `${step.exact ? "" : "~"}${step.remaining}`,
      step.lost > 0 ? `+${step.lost}` : "", step.better.join(" ")].forEach((text) => {
      row.insertCell().textContent = text;
    });
  });
  $("analyse-table").hidden = false;
}

/** The summary line's values: the optimum, the moves played and lost, how far from the
 * goal an unfinished solve ended, and the first mistake with the finish from it. */
function summary(report) {
  const metric = inMetric(report.metric);
  const last = report.steps[report.steps.length - 1];
  const rest = report.reached_goal ? "" : {
    key: "analysis_unfinished",
    values: { n: last ? last.remaining : report.optimum, metric },
  };
  const mistake = report.first_mistake;
  let close;
  if (mistake !== null && report.finish === "") {
    close = { key: "analysis_mistake_on_goal", values: { n: mistake } };
  } else if (mistake !== null) {
    close = { key: "analysis_mistake", values: { n: mistake, finish: report.finish } };
  } else if (report.reached_goal) {
    close = { key: "analysis_no_mistake" };
  } else {
    close = { key: "analysis_no_mistake_yet", values: { finish: report.finish } };
  }
  return {
    optimum: report.optimum, metric, played: report.steps.length, lost: report.lost,
    approx: report.exact ? "" : { key: "analysis_inexact" }, rest, close,
  };
}
