// Watching a search: the events of /api/trace replayed as a histogram that grows: boards expanded per depth
// (BFS, IDDFS), per depth from each end (bidirectional BFS, the two frontiers meeting in
// the middle), or per f = g + h (A*, IDA*: the open list drained in order of f); for
// IDA* and IDDFS the current iteration is drawn dark over the earlier ones, with the bound
// as a line that moves right at each new iteration.

import { api, why, withBusy } from "./api.js";
import { notation, parseCells } from "./board.js";
import { compact, svgEl } from "./chart.js";
import { inMetric, named, say, t } from "./language.js";
import { chosenHeuristic } from "./solve.js";
import { $, chosenMetric, state } from "./state.js";

const TICK_MS = 30;

/** Where an expansion goes on the x axis. */
function bucketOf(trace, e) {
  if (trace.algorithm === "astar" || trace.algorithm === "idastar") return e.f;
  if (trace.algorithm === "bidirectional" && e.side === "backward") return trace.span - e.g;
  return e.g;
}

/** Traces the board with the chosen search and readies the replay. */
export async function runTrace() {
  await withBusy($("trace"), async () => {
    stopTrace();
    state.trace = null;
    drawTraceChart();
    showTraceCounters();
    say("tracing", {}, false, "trace-status");
    const algorithm = $("trace-algorithm").value;
    const body = {
      board: notation(state.cells, state.width),
      goal: notation(state.goal, state.width),
      algorithm,
      metric: chosenMetric(),
      limit: Number($("trace-limit").value),
    };
    const heuristic = chosenHeuristic(algorithm);
    if (heuristic) body.heuristic = heuristic;
    try {
      const data = await api("/api/trace", body);
      if (data.status === "unsolvable") {
        say("trace_unsolvable", {}, true, "trace-status");
        return;
      }
      loadTrace(data, algorithm);
      say(data.truncated ? "traced_cut" : "traced",
        { n: data.events.length, alg: () => named("alg_", algorithm) }, false, "trace-status");
    } catch (e) {
      say("no_trace", { why: why(e) }, true, "trace-status");
    }
  });
}

function loadTrace(data, algorithm) {
  const events = data.events;
  const trace = { algorithm, events, report: data, index: 0, truncated: data.truncated };
  // Bidirectional: the backward side is drawn from the far end, at the solution's length.
  const deepest = (side) => Math.max(0, ...events.filter((e) => e.side === side).map((e) => e.g));
  trace.span = data.length ?? deepest("forward") + deepest("backward") + 1;
  let width = 1;
  for (const e of events) {
    if (e.event === "expand") width = Math.max(width, bucketOf(trace, e) + 1);
    if (e.bound !== undefined) width = Math.max(width, e.bound + 1);
  }
  trace.width = width;
  // The tallest bar the replay will draw, so the scale stays put while it plays.
  const layered = algorithm === "idastar" || algorithm === "iddfs";
  const earlier = new Array(width).fill(0), current = new Array(width).fill(0);
  let tallest = 1;
  for (const e of events) {
    if (e.event === "iteration" && layered) {
      current.forEach((c, i) => { earlier[i] += c; current[i] = 0; });
    } else if (e.event === "expand") {
      const x = bucketOf(trace, e);
      current[x] += 1;
      tallest = Math.max(tallest, earlier[x] + current[x]);
    }
  }
  // The scale's top: 1, 2 or 5 times a power of ten, so the grid lines fall on round numbers.
  const decade = 10 ** Math.floor(Math.log10(tallest));
  trace.tallest = [1, 2, 5, 10].map((m) => m * decade).find((top) => top >= tallest);
  resetReplay(trace);
  state.trace = trace;
  drawTraceChart();
  showTraceCounters();
  renderTracePlayer();
}

/** The replay at its start: nothing drawn yet. */
function resetReplay(trace) {
  trace.index = 0;
  trace.base = new Array(trace.width).fill(0); // earlier iterations, or the forward side
  trace.top = new Array(trace.width).fill(0); // this iteration, or the backward side
  trace.last = new Array(trace.width).fill(-1); // the last event drawn in each bar
  trace.bound = undefined;
  trace.frontier = 0;
}

/** Applies the next event to the replay. */
function applyEvent(trace) {
  const e = trace.events[trace.index];
  const layered = trace.algorithm === "idastar" || trace.algorithm === "iddfs";
  if (e.event === "iteration") {
    if (layered) trace.top.forEach((c, i) => { trace.base[i] += c; trace.top[i] = 0; });
  } else if (e.event === "expand") {
    const x = bucketOf(trace, e);
    if (layered || e.side === "backward") trace.top[x] += 1;
    else trace.base[x] += 1;
    trace.last[x] = trace.index;
  }
  if (e.bound !== undefined) trace.bound = e.bound;
  if (e.frontier !== undefined) trace.frontier = e.frontier;
  trace.index += 1;
}

/** Plays the next `count` events, and says how the search ended after the last. */
export function traceStep(count) {
  const trace = state.trace;
  if (!trace) return;
  const end = Math.min(trace.events.length, trace.index + count);
  while (trace.index < end) applyEvent(trace);
  updateTraceChart();
  showTraceCounters();
  if (trace.index >= trace.events.length) {
    stopTrace();
    const last = trace.events[trace.events.length - 1];
    if (last.event === "goal") {
      say("trace_goal", { moves: last.g, metric: inMetric(trace.report.metric), expanded: last.expanded },
        false, "trace-status");
    } else {
      say("trace_end_cut", { n: trace.events.length, expanded: last.expanded },
        false, "trace-status");
    }
  }
}

function eventsPerTick(trace) {
  const speed = $("trace-speed").value;
  if (speed === "slow") return 1;
  // Normal plays any trace in about nine seconds, fast in about two.
  const ticks = speed === "fast" ? 2000 / TICK_MS : 9000 / TICK_MS;
  return Math.max(1, Math.ceil(trace.events.length / ticks));
}

/** Starts the replay (from the start again once it has ended), or pauses it. */
export function toggleTrace() {
  const trace = state.trace;
  if (!trace) return;
  if (state.traceTimer) { stopTrace(); return; }
  if (trace.index >= trace.events.length) {
    resetReplay(trace);
    updateTraceChart();
  }
  state.traceTimer = setInterval(() => traceStep(eventsPerTick(trace)),
    $("trace-speed").value === "slow" ? 150 : TICK_MS);
  renderTracePlayer();
}

/** Pauses the replay. */
export function stopTrace() {
  if (state.traceTimer) clearInterval(state.traceTimer);
  state.traceTimer = null;
  renderTracePlayer();
}

/** The replay's buttons, as the replay stands. */
export function renderTracePlayer() {
  const trace = state.trace;
  $("trace-play").disabled = !trace;
  $("trace-step").disabled = !trace || trace.index >= trace.events.length;
  $("trace-play").textContent = t(state.traceTimer ? "pause" : "play");
}

/** The counters of the replay: the event reached and the search's state then. */
export function showTraceCounters() {
  const trace = state.trace;
  const e = trace && trace.index > 0 ? trace.events[trace.index - 1] : null;
  $("c-event").textContent = `${trace ? trace.index.toLocaleString() : 0} / ${trace ? trace.events.length.toLocaleString() : 0}`;
  $("c-kind").textContent = e ? t(`k_${e.event}`) : "–";
  $("c-expanded").textContent = e ? e.expanded.toLocaleString() : "0";
  $("c-frontier").textContent = trace ? trace.frontier.toLocaleString() : "0";
  $("c-bound").textContent = trace && trace.bound !== undefined ? String(trace.bound) : "–";
  $("c-ghf").textContent = e && e.board ? `${e.g} · ${e.h} · ${e.f}` : "–";
  const shown = state.traceHover ?? (e && e.board ? trace.index - 1 : null);
  drawMiniBoard(shown);
}

function drawMiniBoard(index) {
  const trace = state.trace;
  const e = trace && index !== null && index !== undefined ? trace.events[index] : null;
  const board = $("trace-board");
  board.replaceChildren();
  $("trace-board-caption").textContent = "";
  if (!e || !e.board) return;
  const cells = parseCells(e.board);
  board.style.setProperty("--n", e.board.split("/")[0].split(" ").length);
  for (const tile of cells) {
    const cell = document.createElement("div");
    cell.className = tile === 0 ? "mini-blank" : "mini-tile";
    if (tile !== 0) cell.textContent = tile;
    board.append(cell);
  }
  const values = { g: e.g, h: e.h, f: e.f };
  const x = bucketOf(trace, e);
  $("trace-board-caption").textContent = state.traceHover !== null && state.traceHover !== undefined
    ? t("under_cursor", { ...values, x, count: trace.base[x] + trace.top[x] })
    : t("now_expanding", { ...values, kind: t(`k_${e.event}`) });
}

// The trace chart's margins, in CSS pixels; its width follows the panel's, and is kept in
// the trace with its height (`trace.frame`) for the bars drawn after.
const MARGINS = { left: 44, right: 12, top: 26, bottom: 40 };

/** Draws the empty chart of the loaded trace: axes, legend, one bar pair per bucket. */
export function drawTraceChart() {
  const host = $("trace-chart");
  host.replaceChildren();
  const trace = state.trace;
  if (!trace) return;
  const chartWidth = Math.max(300, Math.floor(host.clientWidth || 640));
  trace.frame = { ...MARGINS, width: chartWidth, height: chartWidth < 480 ? 200 : 240 };
  const { width, height, left, right, top, bottom } = trace.frame;
  const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": t("trace_title") });
  const plotW = width - left - right, plotH = height - top - bottom;
  const slot = plotW / trace.width;
  trace.bars = [];
  // Grid lines on round numbers: the top is 1, 2 or 5 times a power of ten.
  const lines = trace.tallest / 10 ** Math.floor(Math.log10(trace.tallest)) === 2 ? 4 : 5;
  for (let y = 0; y <= lines; y++) {
    const gy = top + plotH - (y / lines) * plotH;
    svg.append(svgEl("line", { class: "grid", x1: left, x2: left + plotW, y1: gy, y2: gy }));
    svg.append(svgEl("text", { class: "tick", x: left - 4, y: gy + 4, "text-anchor": "end" },
      compact(Math.round((y / lines) * trace.tallest))));
  }
  const labelEvery = Math.ceil(trace.width / Math.max(6, Math.floor(plotW / 26)));
  for (let x = 0; x < trace.width; x++) {
    const bx = left + x * slot;
    const base = svgEl("rect", { class: "bar base", x: bx + 1, width: Math.max(1, slot - 2), y: top + plotH, height: 0 });
    const upper = svgEl("rect", { class: "bar top", x: bx + 1, width: Math.max(1, slot - 2), y: top + plotH, height: 0 });
    const hit = svgEl("rect", { class: "hit", x: bx, width: slot, y: top, height: plotH });
    hit.addEventListener("mouseenter", () => {
      if (trace.last[x] >= 0) { state.traceHover = trace.last[x]; showTraceCounters(); }
    });
    hit.addEventListener("mouseleave", () => { state.traceHover = null; showTraceCounters(); });
    svg.append(base, upper, hit);
    trace.bars.push({ base, upper });
    if (x % labelEvery === 0) {
      const shown = trace.algorithm === "bidirectional" ? Math.min(x, trace.span - x) : x;
      svg.append(svgEl("text", { class: "tick", x: bx + slot / 2, y: top + plotH + 14, "text-anchor": "middle" }, String(Math.max(0, shown))));
    }
  }
  trace.boundLine = svgEl("line", { class: "bound", x1: 0, x2: 0, y1: top - 6, y2: top + plotH, visibility: "hidden" });
  trace.boundText = svgEl("text", { class: "bound-text", x: 0, y: top - 10, "text-anchor": "middle", visibility: "hidden" }, "");
  svg.append(trace.boundLine, trace.boundText);
  const axis = trace.algorithm === "astar" || trace.algorithm === "idastar" ? "axis_f"
    : trace.algorithm === "bidirectional" ? "axis_sides" : "axis_depth";
  svg.append(svgEl("text", { class: "axis", x: left + plotW / 2, y: height - 6, "text-anchor": "middle" }, t(axis)));
  svg.append(svgEl("text", { class: "axis", x: 4, y: 12 }, t("axis_count")));
  const legend = trace.algorithm === "bidirectional" ? ["forward", "backward"]
    : ["idastar", "iddfs"].includes(trace.algorithm) ? ["earlier_iterations", "this_iteration"] : [];
  host.className = `trace-chart ${trace.algorithm}`;
  host.append(svg);
  if (legend.length) {
    const keys = document.createElement("p");
    keys.className = "legend";
    legend.forEach((key, i) => {
      const swatch = document.createElement("span");
      swatch.className = `swatch ${i === 0 ? "base" : "top"}`;
      const text = document.createElement("span");
      text.textContent = t(key);
      keys.append(swatch, text);
    });
    host.append(keys);
  }
  updateTraceChart();
}

/** Sets the bars' heights and the bound line to the replay's state. */
function updateTraceChart() {
  const trace = state.trace;
  if (!trace || !trace.bars) return;
  const { left, right, top, bottom, width, height } = trace.frame;
  const plotH = height - top - bottom;
  const slot = (width - left - right) / trace.width;
  const scale = plotH / trace.tallest;
  trace.bars.forEach(({ base, upper }, x) => {
    const hb = trace.base[x] * scale, ht = trace.top[x] * scale;
    base.setAttribute("y", top + plotH - hb);
    base.setAttribute("height", hb);
    upper.setAttribute("y", top + plotH - hb - ht);
    upper.setAttribute("height", ht);
  });
  if (trace.bound !== undefined) {
    const bx = left + (trace.bound + 1) * slot;
    for (const el of [trace.boundLine, trace.boundText]) el.setAttribute("visibility", "visible");
    trace.boundLine.setAttribute("x1", bx);
    trace.boundLine.setAttribute("x2", bx);
    trace.boundText.setAttribute("x", Math.min(bx, width - 40));
    trace.boundText.textContent = t("bound_marker", { b: trace.bound });
  }
}
