// The board: its model (cells, moves, notation), drawing it, playing it by hand, the goal,
// and the solution player that replays an answer on it.

import { $, state } from "./state.js";
import { inMetric, say, t } from "./language.js";

// The blank's moves, as the solver names them: letter -> [row step, column step].
const STEPS = { u: [-1, 0], d: [1, 0], l: [0, -1], r: [0, 1] };
// An arrow key slides the tile on that side of the gap *towards* the arrow, so the blank
// goes the other way: ArrowUp moves the tile below the gap up, the blank down.
export const ARROW_TO_BLANK = { ArrowUp: "d", ArrowDown: "u", ArrowLeft: "r", ArrowRight: "l" };

// ---- board model -----------------------------------------------------------------------

function standardGoal(width, height) {
  const cells = [];
  for (let i = 1; i < width * height; i++) cells.push(i);
  cells.push(0);
  return cells;
}

/** "1 2 3/4 5 6/7 8 0" -> [1,2,...]. */
export function parseCells(text) {
  return text.trim().split(/[\s/,]+/).filter((t) => t !== "").map((t) => {
    if (t === "x" || t === "_") return 0;
    const n = Number(t);
    return Number.isInteger(n) ? n : NaN;
  });
}

export function notation(cells, width) {
  const rows = [];
  for (let r = 0; r * width < cells.length; r++) {
    rows.push(cells.slice(r * width, (r + 1) * width).join(" "));
  }
  return rows.join("/");
}

/** The cells after the blank moves `letter`, or null when it would leave the board. */
export function moved(cells, letter) {
  const blank = cells.indexOf(0);
  const row = Math.floor(blank / state.width) + STEPS[letter][0];
  const col = (blank % state.width) + STEPS[letter][1];
  if (row < 0 || row >= state.height || col < 0 || col >= state.width) return null;
  const next = cells.slice();
  const other = row * state.width + col;
  next[blank] = next[other];
  next[other] = 0;
  return next;
}

/** The blank move that slides the tile at `cell` into the gap, if it is next to it. */
export function moveForCell(cell) {
  return Object.keys(STEPS).find((letter) => {
    const blank = state.cells.indexOf(0);
    const row = Math.floor(blank / state.width) + STEPS[letter][0];
    const col = (blank % state.width) + STEPS[letter][1];
    return row >= 0 && row < state.height && col >= 0 && col < state.width &&
      row * state.width + col === cell;
  });
}

export const sameCells = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

// ---- drawing ---------------------------------------------------------------------------

export function render(movedTile) {
  const board = $("board");
  board.style.setProperty("--n", state.width);
  const focusedTile = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.tile : undefined;
  board.replaceChildren();
  state.cells.forEach((tile, cell) => {
    if (tile === 0) {
      const gap = document.createElement("div");
      gap.className = "blank";
      gap.setAttribute("aria-hidden", "true");
      board.append(gap);
      return;
    }
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tile";
    button.textContent = tile;
    button.dataset.tile = tile;
    button.dataset.cell = cell;
    const movable = moveForCell(cell) !== undefined;
    if (movable) button.classList.add("movable");
    if (tile === movedTile) button.classList.add("just-moved");
    const row = Math.floor(cell / state.width) + 1;
    const col = (cell % state.width) + 1;
    button.setAttribute("aria-label", t(movable ? "tile_can_slide" : "tile_label", { tile, row, col }));
    board.append(button);
    if (String(tile) === focusedTile) button.focus();
  });
  board.classList.toggle("solved", sameCells(state.cells, state.goal));
  board.dataset.cells = state.cells.join(" ");
  $("analyse").disabled = !playedHere();
  renderPlayer();
}

/** Where a solution's moves end in `metric`: after every blank move in the single-tile
 * metric; after each run of equal blank moves in the multi-tile one, where a run is one
 * move (the player steps over it at once). */
export function stopsOf(moves, metric) {
  const stops = [];
  for (let i = 1; i <= moves.length; i++) {
    if (metric !== "mtm" || i === moves.length || moves[i] !== moves[i - 1]) stops.push(i);
  }
  return stops;
}

export function renderPlayer() {
  const s = state.solution;
  const stops = s ? s.stops : [];
  const index = s ? s.index : 0;
  // Moves in the solution's metric: a run of the multi-tile metric counts once, when done.
  const done = stops.filter((stop) => stop <= index).length;
  $("counter").textContent = t("move_counter", { i: done, n: stops.length });
  $("play").disabled = !s;
  $("step").disabled = !s || index >= s.moves.length;
  $("back").disabled = !s || index === 0;
  $("play").textContent = t(state.timer ? "pause" : "play");
  const movesLine = $("moves");
  movesLine.replaceChildren();
  if (s) {
    // The next move: one letter, or a run of them in the multi-tile metric.
    const next = stops.find((stop) => stop > index) ?? index;
    [...s.moves].forEach((letter, i) => {
      const span = document.createElement("span");
      span.textContent = letter;
      if (i < index) span.className = "done";
      if (i >= index && i < next) span.className = "current";
      movesLine.append(span);
    });
  }
  renderTileMoves(s, index);
}

/**
 * The solution in tile notation, as the solver wrote it ("R2U2L": the way each tile
 * slides, runs counted), one span a run; the run holding the next move is marked.
 */
function renderTileMoves(s, index) {
  const line = $("tile-moves");
  line.replaceChildren();
  if (!s || !s.tiles) return;
  const label = document.createElement("span");
  label.className = "label";
  label.dataset.i18n = "tiles_label";
  label.textContent = t("tiles_label");
  line.append(label);
  let first = 0; // the move a run starts at
  for (const run of s.tiles.match(/[UDLR]\d*/g) || []) {
    const length = run.length > 1 ? Number(run.slice(1)) : 1;
    const span = document.createElement("span");
    span.textContent = run;
    if (first + length <= index) span.className = "done";
    else if (first <= index && index < first + length) span.className = "current";
    line.append(span);
    first += length;
  }
}

// ---- playing by hand -------------------------------------------------------------------

export function playerMove(letter) {
  const next = moved(state.cells, letter);
  if (!next) return false;
  const tile = state.cells[next.indexOf(0)];
  forgetSolution();
  // A board that is not where the last hand-played move left it (a new board, or the
  // solution player moved it) starts a new record.
  if (!playedHere()) state.played = { start: state.cells.slice(), moves: "", end: null };
  state.played.moves += letter;
  state.played.end = next;
  state.cells = next;
  render(tile);
  if (sameCells(state.cells, state.goal)) say("solved");
  return true;
}

/** Whether the board is where moves played by hand left it: those moves can be analysed. */
export function playedHere() {
  const p = state.played;
  return Boolean(p && p.moves && sameCells(p.end, state.cells));
}

export function forgetSolution() {
  stopPlaying();
  state.solution = null;
}

export function newBoard(cells) {
  forgetSolution();
  state.played = null;
  state.cells = cells;
  render();
}

function showGoal() {
  $("goal").value = notation(state.goal, state.width);
  $("goal-summary").textContent = notation(state.goal, state.width);
}

// The boards with names of their own; the others are called by their size.
const NAMED_SIZES = { "3x3": "puzzle_8", "4x4": "puzzle_15", "5x5": "puzzle_24" };

export function setSize(text) {
  const [w, h] = text.split("x").map(Number);
  state.width = w;
  state.height = h;
  state.goal = standardGoal(w, h);
  const title = $("play-title");
  Object.assign(title.dataset, { i18n: NAMED_SIZES[text] ?? "puzzle_wxh", w, h });
  title.textContent = t(title.dataset.i18n, title.dataset);
  showGoal();
  newBoard(state.goal.slice());
  say("board_ready", { w, h });
}

// ---- the solution player ---------------------------------------------------------------

function showStep(index) {
  const s = state.solution;
  let cells = s.start;
  let previous = null;
  for (let i = 0; i < index; i++) {
    previous = cells;
    cells = moved(cells, s.moves[i]);
  }
  // The tile that last moved now stands where the blank was.
  const tile = previous ? cells[previous.indexOf(0)] : undefined;
  s.index = index;
  state.cells = cells;
  render(tile);
  if (index === s.moves.length) say("reached_goal", { n: s.stops.length, metric: inMetric(s.metric) });
}

export function step(delta) {
  const s = state.solution;
  if (!s) return;
  // The next or the last stop: a run of the multi-tile metric is stepped over at once.
  const next = delta > 0 ? s.stops.find((stop) => stop > s.index)
    : [0, ...s.stops].filter((stop) => stop < s.index).pop();
  if (next === undefined) return;
  showStep(next);
}

export function stopPlaying() {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
  renderPlayer();
}

export function togglePlay() {
  const s = state.solution;
  if (!s) return;
  if (state.timer) { stopPlaying(); return; }
  if (s.index >= s.moves.length) showStep(0);
  state.timer = setInterval(() => {
    if (!state.solution || state.solution.index >= state.solution.moves.length) {
      stopPlaying();
      return;
    }
    step(1);
    if (state.solution.index >= state.solution.moves.length) stopPlaying();
  }, Number($("speed").value));
  renderPlayer();
}

// ---- the goal --------------------------------------------------------------------------

/** Makes `cells` the goal if it is one for this board's size; says why not otherwise. */
export function setGoal(cells) {
  const n = state.width * state.height;
  const sorted = cells.slice().sort((a, b) => a - b);
  if (cells.length !== n || !sorted.every((v, i) => v === i)) {
    say("goal_needs", { w: state.width, h: state.height, max: n - 1 }, true);
    return false;
  }
  state.goal = cells;
  showGoal();
  forgetSolution();
  state.played = null;
  render();
  say("goal_set");
  return true;
}
