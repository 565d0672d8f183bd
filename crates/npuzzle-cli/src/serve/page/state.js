// The page's state, and the one way its modules find an element.
// Every module reads `state`; each field has one writer (board.js the board and the
// solution and the moves played by hand, solve.js the report, trace.js the trace, api.js
// `busy`, analyse.js the analysis shown).

export const $ = (id) => document.getElementById(id);

export const state = {
  width: 3,
  height: 3,
  cells: [],
  goal: [],
  solution: null, // { start: cells, moves: "...", tiles: "R2U...", index: n, stops: [n, ...] }
  played: null, // the moves played by hand: { start: cells, moves: "udr", end: cells }
  analysis: null, // the last answer of /api/analyse
  report: null, // the last answer of /api/solve
  timer: null,
  trace: null, // the replay of /api/trace (see loadTrace)
  traceTimer: null,
  traceHover: null, // the event under the cursor
  busy: false,
};

/** How the page counts moves, as the menu at the top says: "stm" or "mtm", sent as
 * `"metric"` with every solve, comparison, trace and analysis. */
export const chosenMetric = () => $("metric").value;
