// The page's state, and the one way its modules find an element.
// Every module reads `state`; each field has one writer (board.js the board and the
// solution, solve.js the report, trace.js the trace, api.js `busy`).

export const $ = (id) => document.getElementById(id);

export const state = {
  width: 3,
  height: 3,
  cells: [],
  goal: [],
  solution: null, // { start: cells, moves: "...", tiles: "R2U...", index: n }
  report: null, // the last answer of /api/solve
  timer: null,
  trace: null, // the replay of /api/trace (see loadTrace)
  traceTimer: null,
  traceHover: null, // the event under the cursor
  busy: false,
};
