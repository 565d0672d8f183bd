// npuzzle's page: a board to play, a solver to watch, a comparison of the algorithms.
// Plain JavaScript, no libraries: the page is served from the binary with no network.
"use strict";

const $ = (id) => document.getElementById(id);

// The blank's moves, as the solver names them: letter -> [row step, column step].
const STEPS = { u: [-1, 0], d: [1, 0], l: [0, -1], r: [0, 1] };
// An arrow key slides the tile on that side of the gap *towards* the arrow, so the blank
// goes the other way: ArrowUp moves the tile below the gap up, the blank down.
const ARROW_TO_BLANK = { ArrowUp: "d", ArrowDown: "u", ArrowLeft: "r", ArrowRight: "l" };

const state = {
  width: 3,
  height: 3,
  cells: [],
  goal: [],
  solution: null, // { start: cells, moves: "..." , index: n }
  timer: null,
  busy: false,
};

// ---- board model -----------------------------------------------------------------------

function standardGoal(width, height) {
  const cells = [];
  for (let i = 1; i < width * height; i++) cells.push(i);
  cells.push(0);
  return cells;
}

/** "1 2 3/4 5 6/7 8 0" -> [1,2,...]. */
function parseCells(text) {
  return text.trim().split(/[\s/,]+/).filter((t) => t !== "").map((t) => {
    if (t === "x" || t === "_") return 0;
    const n = Number(t);
    return Number.isInteger(n) ? n : NaN;
  });
}

function notation(cells, width) {
  const rows = [];
  for (let r = 0; r * width < cells.length; r++) {
    rows.push(cells.slice(r * width, (r + 1) * width).join(" "));
  }
  return rows.join("/");
}

/** The cells after the blank moves `letter`, or null when it would leave the board. */
function moved(cells, letter) {
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
function moveForCell(cell) {
  return Object.keys(STEPS).find((letter) => {
    const blank = state.cells.indexOf(0);
    const row = Math.floor(blank / state.width) + STEPS[letter][0];
    const col = (blank % state.width) + STEPS[letter][1];
    return row >= 0 && row < state.height && col >= 0 && col < state.width &&
      row * state.width + col === cell;
  });
}

const sameCells = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

// ---- drawing ---------------------------------------------------------------------------

function render(movedTile) {
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
    button.setAttribute("aria-label",
      `tile ${tile}, row ${row} column ${col}${movable ? ", can slide" : ""}`);
    board.append(button);
    if (String(tile) === focusedTile) button.focus();
  });
  board.classList.toggle("solved", sameCells(state.cells, state.goal));
  board.dataset.cells = state.cells.join(" ");
  renderPlayer();
}

function renderPlayer() {
  const s = state.solution;
  const total = s ? s.moves.length : 0;
  const index = s ? s.index : 0;
  $("counter").textContent = `move ${index} / ${total}`;
  $("play").disabled = !s;
  $("step").disabled = !s || index >= total;
  $("back").disabled = !s || index === 0;
  $("play").textContent = state.timer ? "❚❚ Pause" : "▶ Play";
  const movesLine = $("moves");
  movesLine.replaceChildren();
  if (s) {
    [...s.moves].forEach((letter, i) => {
      const span = document.createElement("span");
      span.textContent = letter;
      if (i < index) span.className = "done";
      if (i === index) span.className = "current";
      movesLine.append(span);
    });
  }
}

function say(text, isError = false, where = "status") {
  const line = $(where);
  line.textContent = text;
  line.classList.toggle("error", isError);
}

// ---- playing by hand -------------------------------------------------------------------

function playerMove(letter) {
  const next = moved(state.cells, letter);
  if (!next) return false;
  const tile = state.cells[next.indexOf(0)];
  forgetSolution();
  state.cells = next;
  render(tile);
  if (sameCells(state.cells, state.goal)) say("Solved!");
  return true;
}

function forgetSolution() {
  stopPlaying();
  state.solution = null;
}

function newBoard(cells) {
  forgetSolution();
  state.cells = cells;
  render();
}

function showGoal() {
  $("goal").value = notation(state.goal, state.width);
  $("goal-summary").textContent = notation(state.goal, state.width);
}

function setSize(text) {
  const [w, h] = text.split("x").map(Number);
  state.width = w;
  state.height = h;
  state.goal = standardGoal(w, h);
  showGoal();
  newBoard(state.goal.slice());
  say(`A ${w}×${h} board. Scramble it, then solve.`);
}

// ---- the API ---------------------------------------------------------------------------

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch (_) { /* not JSON: reported below */ }
  if (!response.ok) {
    throw new Error((data && data.error) || `the server answered ${response.status}`);
  }
  return data;
}

async function withBusy(button, work) {
  if (state.busy) return;
  state.busy = true;
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try { await work(); } finally {
    state.busy = false;
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
}

async function scramble(seed) {
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
      say(`Scrambled (seed ${data.seed_text ?? data.seed}). Solve it yourself, or press Solve.`);
    } catch (e) {
      say(`Could not scramble: ${e.message}`, true);
    }
  });
}

async function solve() {
  await withBusy($("solve"), async () => {
    forgetSolution();
    renderPlayer();
    say("Solving…");
    const algorithm = $("algorithm").value;
    try {
      const report = await api("/api/solve", {
        board: notation(state.cells, state.width),
        goal: notation(state.goal, state.width),
        algorithm,
        heuristic: $("heuristic").value,
      });
      const cost = `${report.stats.expanded.toLocaleString()} nodes expanded in ` +
        `${report.stats.seconds.toFixed(3)} s (${report.algorithm}` +
        `${report.heuristic ? ", " + report.heuristic : ""})`;
      if (report.status === "unsolvable") {
        say("This board cannot reach the goal: its tile parity differs. Scramble again or edit the goal.", true);
      } else if (report.status === "gave-up") {
        say(`The solver ${report.gave_up}. ${cost}. Try IDA* with linear conflict, a shorter scramble, or a smaller board.`, true);
      } else {
        state.solution = { start: state.cells.slice(), moves: report.moves, index: 0 };
        renderPlayer();
        say(`${report.optimal ? "Optimal" : "A"} solution: ${report.length} moves; ${cost}. Press Play.`);
      }
    } catch (e) {
      say(`Could not solve: ${e.message}`, true);
    }
  });
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
  if (index === s.moves.length) say(`Reached the goal in ${index} moves.`);
}

function step(delta) {
  const s = state.solution;
  if (!s) return;
  const next = s.index + delta;
  if (next < 0 || next > s.moves.length) return;
  showStep(next);
}

function stopPlaying() {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
  renderPlayer();
}

function togglePlay() {
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

// ---- comparison ------------------------------------------------------------------------

const NAMES = {
  bfs: "BFS", bidirectional: "bidirectional BFS", astar: "A*", idastar: "IDA*", iddfs: "IDDFS",
};
const METRICS = [
  { key: "expanded", title: "Nodes expanded", value: (r) => r.stats.expanded, format: (v) => v.toLocaleString(), tick: compact },
  { key: "seconds", title: "Time", value: (r) => r.stats.seconds, format: formatSeconds, tick: formatSeconds },
  { key: "peak", title: "Peak memory (nodes held at once)", value: (r) => r.stats.peak_nodes, format: (v) => v.toLocaleString(), tick: compact },
];

/** 1, 10, 100, 1k, 10k, 100k, 1M, … for axis ticks. */
function compact(v) {
  if (v >= 1e6) return `${v / 1e6}M`;
  if (v >= 1e3) return `${v / 1e3}k`;
  return String(v);
}

function formatSeconds(s) {
  // Number() turns toPrecision's "1.5e+2" back into "150".
  if (s < 1e-3) return `${Number((s * 1e6).toPrecision(2))} µs`;
  if (s < 1) return `${Number((s * 1e3).toPrecision(3))} ms`;
  return `${Number(s.toPrecision(3))} s`;
}

const label = (r) => NAMES[r.algorithm] + (r.heuristic ? ` · ${r.heuristic}` : "");

async function compare() {
  await withBusy($("compare"), async () => {
    say("Running every algorithm…", false, "compare-status");
    try {
      const data = await api("/api/compare", {
        board: notation(state.cells, state.width),
        goal: notation(state.goal, state.width),
        // Uninformed searches on big boards would only burn the budget: cap them early.
        max_nodes: 2000000,
      });
      drawTable(data.runs);
      drawCharts(data.runs);
      const gaveUp = data.runs.filter((r) => r.status === "gave-up").length;
      say(`Compared ${data.runs.length} runs on this board` +
        (gaveUp ? `; ${gaveUp} gave up at the limits (orange).` : "."), false, "compare-status");
    } catch (e) {
      say(`Could not compare: ${e.message}`, true, "compare-status");
    }
  });
}

function drawTable(runs) {
  const body = $("compare-table").tBodies[0];
  body.replaceChildren();
  for (const r of runs) {
    const row = body.insertRow();
    if (r.status === "gave-up") row.className = "gave-up";
    const moves = r.status === "solved" ? r.length : r.status === "unsolvable" ? "unsolvable" : "gave up";
    [label(r), moves, r.stats.expanded.toLocaleString(),
      r.stats.peak_nodes.toLocaleString(), formatSeconds(r.stats.seconds)].forEach((v) => {
      row.insertCell().textContent = v;
    });
  }
  $("compare-table").hidden = false;
}

const SVG = "http://www.w3.org/2000/svg";
function svgEl(name, attrs, text) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

let lastRuns = null;
let resizeTimer = null;
window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => { if (lastRuns) drawCharts(lastRuns); }, 150);
});

/** One horizontal bar chart per metric, log scale from the smallest decade to the largest. */
function drawCharts(runs) {
  const charts = $("charts");
  charts.replaceChildren();
  lastRuns = runs;
  // Drawn in CSS pixels at the panel's width, so the text stays readable on a phone.
  const available = Math.max(300, Math.floor(charts.clientWidth || 560));
  const labelWidth = available < 480 ? 132 : 170;
  // Room for the longest value label, "599,436 (gave up)".
  const valueWidth = runs.some((r) => r.status === "gave-up") ? 140 : 92;
  const barArea = available - labelWidth - valueWidth;
  for (const metric of METRICS) {
    const values = runs.map(metric.value);
    const positive = values.filter((v) => v > 0);
    const lo = Math.floor(Math.log10(Math.min(...positive, 1)));
    let hi = Math.ceil(Math.log10(Math.max(...positive, 1)));
    if (hi <= lo) hi = lo + 1;
    const rowHeight = 20, top = 16;
    const width = labelWidth + barArea + valueWidth;
    const height = top + runs.length * rowHeight + 4;
    const x = (v) => v > 0 ? Math.max(2, ((Math.log10(v) - lo) / (hi - lo)) * barArea) : 0;
    const figure = document.createElement("figure");
    figure.className = "chart";
    figure.dataset.metric = metric.key;
    figure.style.margin = "0";
    const heading = document.createElement("h3");
    heading.textContent = metric.title;
    figure.append(heading);
    const svg = svgEl("svg", {
      viewBox: `0 0 ${width} ${height}`, role: "img",
      "aria-label": `${metric.title}, log scale: ` +
        runs.map((r, i) => `${label(r)} ${metric.format(values[i])}`).join("; "),
    });
    for (let d = lo; d <= hi; d++) {
      const gx = labelWidth + ((d - lo) / (hi - lo)) * barArea;
      svg.append(svgEl("line", { class: "grid", x1: gx, x2: gx, y1: top - 4, y2: height }));
      svg.append(svgEl("text", { class: "tick", x: gx, y: 10, "text-anchor": "middle" }, metric.tick(10 ** d)));
    }
    runs.forEach((r, i) => {
      const y = top + i * rowHeight;
      svg.append(svgEl("text", { x: labelWidth - 6, y: y + 14, "text-anchor": "end" }, label(r)));
      svg.append(svgEl("rect", {
        class: r.status === "gave-up" ? "bar gave-up" : "bar",
        x: labelWidth, y: y + 3, width: x(values[i]), height: rowHeight - 6,
      }));
      svg.append(svgEl("text", { x: labelWidth + x(values[i]) + 4, y: y + 14 },
        metric.format(values[i]) + (r.status === "gave-up" ? " (gave up)" : "")));
    });
    figure.append(svg);
    charts.append(figure);
  }
}

// ---- wiring ----------------------------------------------------------------------------

function setGoal(cells) {
  const n = state.width * state.height;
  const sorted = cells.slice().sort((a, b) => a - b);
  if (cells.length !== n || !sorted.every((v, i) => v === i)) {
    say(`A ${state.width}×${state.height} goal needs each of 0…${n - 1} exactly once.`, true);
    return false;
  }
  state.goal = cells;
  showGoal();
  forgetSolution();
  render();
  say("Goal set. Scramble makes boards that can reach it.");
  return true;
}

function isFormControl(el) {
  return el && ["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName);
}

function wire() {
  $("size").addEventListener("change", (e) => setSize(e.target.value));
  $("scramble").addEventListener("click", () => scramble());
  $("reset").addEventListener("click", () => { newBoard(state.goal.slice()); say("Back at the goal."); });
  $("solve").addEventListener("click", () => solve());
  // Only A* and IDA* (and auto, which picks IDA*) are guided by a heuristic.
  $("algorithm").addEventListener("change", (e) => {
    $("heuristic").disabled = !["auto", "astar", "idastar"].includes(e.target.value);
  });
  $("play").addEventListener("click", togglePlay);
  $("step").addEventListener("click", () => { stopPlaying(); step(1); });
  $("back").addEventListener("click", () => { stopPlaying(); step(-1); });
  $("compare").addEventListener("click", () => compare());
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
}

// ---- self-test (used by the end-to-end browser tests) ----------------------------------
// `/?selftest=SEED` drives the page as a person would — clicks, a key press — and writes
// the outcome into #selftest, which the tests read from the DOM the browser dumps.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// What the server's Content-Security-Policy blocked: the page must need nothing it forbids.
const cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"}`);
});

async function waitFor(what, test, ms = 20000) {
  for (let waited = 0; waited < ms; waited += 50) {
    if (test()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function selftest(seed) {
  const checks = {};
  const out = document.createElement("pre");
  out.id = "selftest";
  out.hidden = true;
  try {
    // The goal editor: the blank-first goal, typed and submitted; all that follows
    // (scramble, solve, the animation's last board) is against it.
    const blankFirst = state.goal.map((_, i) => i);
    $("goal").value = notation(blankFirst, state.width);
    $("goal-form").requestSubmit();
    checks.goal = sameCells(state.goal, blankFirst);
    $("reset").click();
    // Keyboard: from the goal, ArrowUp slides the tile below the gap (top left) up.
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true }));
    checks.keyboard = !sameCells(state.cells, state.goal);
    $("reset").click();
    checks.reset = sameCells(state.cells, state.goal);
    // Mouse: clicking a tile beside the gap slides it there.
    document.querySelector("#board .tile.movable").click();
    checks.click = !sameCells(state.cells, state.goal);
    $("reset").click();
    const before = state.cells.join(" ");
    await scramble(seed);
    checks.scrambled = state.cells.join(" ") !== before;
    $("solve").click();
    await waitFor("a solution", () => state.solution !== null || $("status").classList.contains("error"));
    checks.solution_moves = state.solution ? state.solution.moves.length : -1;
    $("speed").value = "80";
    $("play").click();
    checks.playing = state.timer !== null;
    await waitFor("the animation to end", () => state.timer === null);
    checks.counter = $("counter").textContent;
    checks.ended_on_goal = sameCells(state.cells, state.goal) && $("board").classList.contains("solved");
    await scramble(String(BigInt(seed) + 1n));
    checks.rescrambled = !sameCells(state.cells, state.goal);
    $("compare").click();
    await waitFor("the comparison", () => !$("compare-table").hidden || $("compare-status").classList.contains("error"));
    checks.table_rows = $("compare-table").tBodies[0].rows.length;
    checks.charts = document.querySelectorAll("#charts figure").length;
    checks.bars = document.querySelectorAll("#charts rect.bar").length;
    checks.status = $("status").textContent;
    checks.csp_violations = cspViolations;
    checks.pass = cspViolations.length === 0 && checks.goal && checks.keyboard && checks.click && checks.reset && checks.scrambled && checks.ended_on_goal &&
      checks.rescrambled &&
      checks.solution_moves > 0 && checks.table_rows > 0 && checks.charts === 3 &&
      checks.bars === 3 * checks.table_rows;
  } catch (e) {
    checks.error = String(e.message || e);
    checks.pass = false;
  }
  out.textContent = JSON.stringify(checks);
  document.body.append(out);
  document.title = checks.pass ? "selftest: pass" : "selftest: FAIL";
}

wire();
const query = new URLSearchParams(location.search);
// `/?size=4x4&depth=25` opens with those choices (any of the ones offered).
for (const name of ["size", "depth"]) {
  if ([...$(name).options].some((o) => o.value === query.get(name))) $(name).value = query.get(name);
}
setSize($("size").value);
const selftestSeed = query.get("selftest");
if (selftestSeed !== null) selftest(selftestSeed);
