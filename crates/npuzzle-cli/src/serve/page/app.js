// npuzzle's page: a board to play, a solver to watch, a comparison of the algorithms.
// Plain JavaScript, no libraries: the page is served from the binary with no network.
// This is the entry, loaded as an ES module: it wires the controls to the modules that
// own each part (board, solve, compare, trace) and opens the page.

import {
  ARROW_TO_BLANK, moveForCell, newBoard, parseCells, playerMove, render, setGoal, setSize, step,
  stopPlaying, togglePlay,
} from "./board.js";
import { analyse } from "./analyse.js";
import { compare, redrawCharts, redrawComparison } from "./compare.js";
import { applyLanguage, chosenLanguage, resay, say } from "./language.js";
import { scramble, solve, syncHeuristic } from "./solve.js";
import { $, state } from "./state.js";
import {
  drawTraceChart, renderTracePlayer, runTrace, showTraceCounters, stopTrace, toggleTrace,
  traceStep,
} from "./trace.js";

// What the server's Content-Security-Policy blocked, from the start: the self-test reports
// it, since the page must need nothing the policy forbids.
const cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"}`);
});

function isFormControl(el) {
  return el && ["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName);
}

function wire() {
  $("size").addEventListener("change", (e) => setSize(e.target.value));
  $("scramble").addEventListener("click", () => scramble());
  $("reset").addEventListener("click", () => { newBoard(state.goal.slice()); say("back_at_goal"); });
  $("solve").addEventListener("click", () => solve());
  $("algorithm").addEventListener("change", syncHeuristic);
  $("play").addEventListener("click", togglePlay);
  $("step").addEventListener("click", () => { stopPlaying(); step(1); });
  $("back").addEventListener("click", () => { stopPlaying(); step(-1); });
  $("compare").addEventListener("click", () => compare());
  $("analyse").addEventListener("click", () => analyse());
  $("metric").addEventListener("change", (e) => {
    try { localStorage.setItem("npuzzle.metric", e.target.value); } catch (_) { /* storage off */ }
  });
  $("trace").addEventListener("click", () => runTrace());
  $("trace-play").addEventListener("click", toggleTrace);
  $("trace-step").addEventListener("click", () => { stopTrace(); traceStep(1); });
  $("lang").addEventListener("change", (e) => {
    applyLanguage(e.target.value, true);
    render();
    redrawComparison();
    drawTraceChart();
    showTraceCounters();
    renderTracePlayer();
    resay();
  });
  $("board").addEventListener("click", (e) => {
    const tile = e.target.closest(".tile");
    if (!tile) return;
    const letter = moveForCell(Number(tile.dataset.cell));
    if (letter) playerMove(letter);
  });
  document.addEventListener("keydown", (e) => {
    // Arrow keys belong to selects and text fields while they have focus.
    if (isFormControl(document.activeElement) || e.altKey || e.ctrlKey || e.metaKey) return;
    const letter = ARROW_TO_BLANK[e.key];
    if (letter && playerMove(letter)) e.preventDefault();
  });
  $("goal-form").addEventListener("submit", (e) => {
    e.preventDefault();
    setGoal(parseCells($("goal").value));
  });
  $("goal-from-board").addEventListener("click", () => setGoal(state.cells.slice()));
  // The charts follow the panel's width, redrawn once the resizing pauses.
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      redrawCharts();
      if (state.trace) drawTraceChart();
    }, 150);
  });
}

/** The metric asked for: the link's `?metric=`, else the remembered choice, else stm. */
function chosenMetricSetting(query) {
  let remembered = null;
  try { remembered = localStorage.getItem("npuzzle.metric"); } catch (_) { /* storage off */ }
  return [query.get("metric"), remembered].find((m) => m === "stm" || m === "mtm") ?? "stm";
}

wire();
applyLanguage(chosenLanguage(), new URLSearchParams(location.search).has("lang"));
const query = new URLSearchParams(location.search);
$("metric").value = chosenMetricSetting(query);
// `/?size=4x4&depth=25` opens with those choices (any of the ones offered).
for (const name of ["size", "depth"]) {
  if ([...$(name).options].some((o) => o.value === query.get(name))) $(name).value = query.get(name);
}
setSize($("size").value);
// A browser that restores form fields on reload may bring back an algorithm that takes
// no heuristic.
syncHeuristic();
// The browser tests' drivers load only when an address asks for one.
if (["selftest", "tracetest", "solvetest", "metrictest"].some((name) => query.has(name))) {
  import("./selftest.js")
    .then((tests) => tests.run(cspViolations))
    .catch((e) => { document.title = `selftest: FAIL (${e.message || e})`; });
}
