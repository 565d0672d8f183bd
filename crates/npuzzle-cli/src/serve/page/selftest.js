// The page's self-test, used by the end-to-end browser tests.
// `/?selftest=SEED` drives the page as a person would — clicks, a key press — and writes
// the outcome into #selftest, which the tests read from the DOM the browser dumps.
// app.js imports this module only when a test is asked for: no reader downloads it.

import { moveForCell, moved, newBoard, notation, parseCells, sameCells, setSize } from "./board.js";
import { CATALOGUE, LANGUAGES } from "./catalogues.js";
import { applyLanguage, label, lang } from "./language.js";
import { scramble } from "./solve.js";
import { $, state } from "./state.js";

const query = new URLSearchParams(location.search);

// What the server's Content-Security-Policy blocked, as app.js collects it from the page's
// start (`run` is handed the list): the page must need nothing it forbids.
let cspViolations = [];

/** Runs the tests the address asks for (`selftest`, `tracetest`, `solvetest`,
 * `metrictest`). */
export function run(violations) {
  cspViolations = violations;
  const selftestSeed = query.get("selftest");
  if (selftestSeed !== null) selftest(selftestSeed);
  const traceTest = query.get("tracetest");
  if (traceTest !== null) tracetest(traceTest);
  const solveTest = query.get("solvetest");
  if (solveTest !== null) solvetest(solveTest);
  const metricTest = query.get("metrictest");
  if (metricTest !== null) metrictest(metricTest);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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
    // Both notations are shown, and the tile runs add up to the blank's moves.
    const runs = [...$("tile-moves").querySelectorAll("span:not(.label)")].map((e) => e.textContent);
    checks.tile_moves = runs.join("");
    checks.tile_count = runs.reduce((n, run) => n + (run.length > 1 ? Number(run.slice(1)) : 1), 0);
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
    // Watch the search on this board (BFS, cut at the limit): the screenshots show it.
    $("trace-algorithm").value = "bfs";
    $("trace-speed").value = "fast";
    checks.trace = await playTrace();
    // However narrow the page, no two labels of a chart run into each other.
    checks.overlaps = overlappingText("#charts svg, #trace-chart svg");
    checks.lang = lang;
    checks.untranslated = lang === "en" ? [] : untranslated();
    checks.checker_works = checkerWorks();
    checks.csp_violations = cspViolations;
    checks.pass = cspViolations.length === 0 && checks.goal && checks.keyboard && checks.click && checks.reset && checks.scrambled && checks.ended_on_goal &&
      checks.rescrambled &&
      checks.solution_moves > 0 && checks.tile_count === checks.solution_moves &&
      checks.table_rows > 0 && checks.charts === 3 &&
      checks.bars === 3 * checks.table_rows && checks.trace.events > 0 &&
      checks.overlaps.length === 0 && checks.untranslated.length === 0 && checks.checker_works;
  } catch (e) {
    checks.error = String(e.message || e);
    checks.pass = false;
  }
  out.textContent = JSON.stringify(checks);
  document.body.append(out);
  document.title = checks.pass ? "selftest: pass" : "selftest: FAIL";
}

/** Pairs of texts drawn over each other in the charts `selector` finds, as "a × b". */
function overlappingText(selector) {
  const found = [];
  for (const svg of document.querySelectorAll(selector)) {
    const texts = [...svg.querySelectorAll("text")]
      .filter((el) => el.textContent.trim() && el.getAttribute("visibility") !== "hidden")
      .map((el) => ({ text: el.textContent, box: el.getBoundingClientRect() }));
    texts.forEach((a, i) => {
      for (const b of texts.slice(i + 1)) {
        const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (across > 0.5 && down > 0.5) found.push(`${a.text} × ${b.text}`);
      }
    });
  }
  return found;
}

/** Traces the current board with the chosen search and plays it to the end: what the
 * counters and the status line then show. */
async function playTrace() {
  $("trace").click();
  await waitFor("a trace", () => state.trace !== null || $("trace-status").classList.contains("error"));
  if (!state.trace) return { error: $("trace-status").textContent, events: 0 };
  $("trace-play").click();
  await waitFor("the replay to end", () => state.traceTimer === null, 60000);
  const trace = state.trace;
  const last = trace.events[trace.events.length - 1];
  // The pointer over the tallest bar shows the last board expanded there.
  const tallest = trace.base.map((c, x) => c + trace.top[x]).reduce((best, c, x, all) => (c > all[best] ? x : best), 0);
  const hit = document.querySelectorAll("#trace-chart rect.hit")[tallest];
  hit.dispatchEvent(new MouseEvent("mouseenter"));
  const hovered = trace.events[trace.last[tallest]];
  const hover = {
    board: $("trace-board").textContent === parseCells(hovered.board).filter((v) => v !== 0).join(""),
    caption: $("trace-board-caption").textContent,
  };
  hit.dispatchEvent(new MouseEvent("mouseleave"));
  const drawn = trace.base.concat(trace.top).reduce((a, b) => a + b, 0);
  return {
    events: trace.events.length,
    index: trace.index,
    last_event: last.event,
    last_expanded: last.expanded,
    truncated: trace.truncated,
    counter_event: $("c-event").textContent,
    counter_expanded: $("c-expanded").textContent,
    counter_bound: $("c-bound").textContent,
    // Every expansion is in exactly one bar.
    bars_total: drawn,
    expand_events: trace.events.filter((e) => e.event === "expand").length,
    status: $("trace-status").textContent,
    bound_lines: document.querySelectorAll("#trace-chart line.bound[visibility=visible]").length,
    hover,
  };
}

/** Text the reader sees that is still in English: every text node (and aria-label, and
 * the title) compared with the English catalogue. Strings the two languages share (A*,
 * "f = g + h", numbers) are not English. */
function untranslated() {
  const english = [];
  for (const [key, text] of Object.entries(CATALOGUE.en)) {
    if (CATALOGUE.zh[key] === text) continue;
    for (const piece of text.split(/\{[^}]*\}/)) {
      const trimmed = piece.trim();
      if (/[A-Za-z]{2,}/.test(trimmed)) english.push(trimmed);
    }
  }
  const found = [];
  const check = (text, where) => {
    const trimmed = text.trim();
    if (!trimmed) return;
    for (const piece of english) {
      const whole = trimmed === piece;
      // Inside longer text, as whole words: "puzzle" is English, "npuzzle" a name.
      const inside = /[A-Za-z]{4,}/.test(piece) && piece.length >= 6 && trimmed.includes(piece) &&
        new RegExp(`(^|[^A-Za-z])${piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^A-Za-z])`).test(trimmed);
      if (whole || inside) { found.push(`${where}: ${trimmed} [${piece}]`); return; }
    }
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    // Code, the self-test's own output and the other language's name are not prose.
    if (parent.closest("code, script, #selftest, [lang]:not(html)")) continue;
    check(node.textContent, parent.id || parent.tagName.toLowerCase());
  }
  for (const el of document.querySelectorAll("[aria-label]")) check(el.getAttribute("aria-label"), "aria-label");
  check(document.title, "title");
  return found;
}

/** Whether `untranslated` finds English where there is some: a label from the English
 * catalogue, shown for a moment. */
function checkerWorks() {
  const probe = document.createElement("p");
  probe.textContent = CATALOGUE.en.compare_button;
  document.body.append(probe);
  const caught = untranslated().some((found) => found.includes(CATALOGUE.en.compare_button));
  probe.remove();
  return caught;
}

// `/?tracetest=ALGORITHM` traces a fixed board with that search and plays it to the goal.
const TRACE_TEST_BOARD = [3, 2, 0, 1, 5, 4, 7, 8, 6];
async function tracetest(algorithm) {
  let checks = {};
  const out = document.createElement("pre");
  out.id = "selftest";
  out.hidden = true;
  try {
    newBoard(parseCells(query.get("board") || notation(TRACE_TEST_BOARD, 3)));
    $("trace-algorithm").value = algorithm;
    $("heuristic").value = "manhattan";
    $("trace-speed").value = "fast";
    checks = await playTrace();
    checks.board = notation(state.cells, state.width);
    checks.lang = lang;
    checks.untranslated = lang === "en" ? [] : untranslated();
    checks.checker_works = checkerWorks();
    checks.csp_violations = cspViolations;
    checks.pass = checks.checker_works && checks.hover.board && checks.last_event === "goal" && checks.index === checks.events &&
      checks.bars_total === checks.expand_events && checks.untranslated.length === 0 &&
      cspViolations.length === 0;
  } catch (e) {
    checks.error = String(e.message || e);
    checks.pass = false;
  }
  out.textContent = JSON.stringify(checks);
  document.body.append(out);
  document.title = checks.pass ? "selftest: pass" : "selftest: FAIL";
}

// `/?solvetest=BOARD` solves BOARD through the page with every algorithm of the menu (or
// those listed in `&algorithms=`), the heuristic menu left as it is, and reads what the
// page shows; then a board one move from the goal, and a comparison on a board that
// cannot reach the goal. It also notes the heading of every size in both languages.
async function solvetest(boardText) {
  let checks = {};
  const out = document.createElement("pre");
  out.id = "selftest";
  out.hidden = true;
  try {
    checks.labels = labelsInEachLanguage();
    const cells = parseCells(boardText);
    const side = Math.round(Math.sqrt(cells.length));
    $("size").value = `${side}x${side}`;
    setSize($("size").value);
    const asked = query.get("algorithms");
    const algorithms = asked ? asked.split(",") : [...$("algorithm").options].map((o) => o.value);
    checks.solves = [];
    for (const algorithm of algorithms) {
      newBoard(cells.slice());
      checks.solves.push(await solveWith(algorithm));
    }
    // One move from the goal: every count on the way says "1 move", not "1 moves".
    newBoard(moved(state.goal, "l"));
    const one = await solveWith("bfs");
    $("trace-algorithm").value = "bfs";
    $("trace-speed").value = "fast";
    one.trace = (await playTrace()).status;
    $("step").click();
    one.reached = $("status").textContent;
    checks.one_move = one;
    // Tiles 1 and 2 swapped: no search can reach the goal, so there is nothing to chart.
    const swapped = state.goal.slice();
    [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
    newBoard(swapped);
    $("compare").click();
    await waitFor("the comparison", () => !state.busy);
    checks.unsolvable_compare = {
      status: $("compare-status").textContent,
      error: $("compare-status").classList.contains("error"),
      charts: $("charts").childElementCount,
      table_hidden: $("compare-table").hidden,
    };
    checks.lang = lang;
    checks.untranslated = lang === "en" ? [] : untranslated();
    checks.checker_works = checkerWorks();
    checks.csp_violations = cspViolations;
    checks.pass = checks.solves.every((r) => !r.error && r.shown_length === r.reported.length) &&
      checks.unsolvable_compare.charts === 0 && checks.untranslated.length === 0 &&
      checks.checker_works && cspViolations.length === 0;
  } catch (e) {
    checks.error = String(e.message || e);
    checks.pass = false;
  }
  out.textContent = JSON.stringify(checks);
  document.body.append(out);
  document.title = checks.pass ? "selftest: pass" : "selftest: FAIL";
}

/** Chooses `algorithm` in the menu as a reader would, presses Solve, and returns what
 * the page then shows: the counter, the status line, the length the counter gives, and
 * the answer it showed them from. */
async function solveWith(algorithm) {
  $("algorithm").value = algorithm;
  $("algorithm").dispatchEvent(new Event("change"));
  $("solve").click();
  await waitFor(`an answer from ${algorithm}`, () => !state.busy);
  const counter = $("counter").textContent;
  const report = state.report;
  return {
    algorithm,
    heuristic_menu: $("heuristic").disabled ? "disabled" : $("heuristic").value,
    counter,
    status: $("status").textContent,
    error: $("status").classList.contains("error"),
    // The counter's total ("move 0 / 20", "第 0 / 20 步").
    shown_length: Number(counter.split("/").pop().replace(/\D/g, "")),
    how: report ? label(report) : null,
    reported: report && { algorithm: report.algorithm, heuristic: report.heuristic, length: report.length },
  };
}

/** What the page calls each size of the menu, and the depth menu's label beside the
 * Scramble button, in every language; the page is left as it was. */
function labelsInEachLanguage() {
  const [wasLang, wasSize] = [lang, $("size").value];
  const seen = {};
  for (const each of LANGUAGES) {
    applyLanguage(each, false);
    seen[each] = {
      depth: $("depth").closest("label").querySelector("span").textContent,
      scramble: $("scramble").textContent,
    };
    for (const option of $("size").options) {
      setSize(option.value);
      seen[each][option.value] = $("play-title").textContent;
    }
  }
  applyLanguage(wasLang, false);
  setSize(wasSize);
  return seen;
}

/** Chooses `metric` in the menu at the top, as a reader would. */
function chooseMetric(metric) {
  $("metric").value = metric;
  $("metric").dispatchEvent(new Event("change"));
}

/** Clicks the tile that the blank's move `letter` slides into the gap. */
function clickTileFor(letter) {
  const tile = [...document.querySelectorAll("#board .tile")]
    .find((b) => moveForCell(Number(b.dataset.cell)) === letter);
  if (!tile) throw new Error(`no tile for the blank's move ${letter}`);
  tile.click();
}

// `/?metrictest=BOARD&from=START&played=MOVES` solves BOARD in each metric through the
// menu at the top and plays each answer to the end; then, in each metric, plays MOVES by
// hand from START (clicking tiles), presses Analyse and reads the table; and traces START
// with BFS in the multi-tile metric. What the page showed is checked against the command
// line by the test.
async function metrictest(boardText) {
  let checks = {};
  const out = document.createElement("pre");
  out.id = "selftest";
  out.hidden = true;
  try {
    const cells = parseCells(boardText);
    checks.solves = {};
    for (const metric of ["stm", "mtm"]) {
      chooseMetric(metric);
      newBoard(cells.slice());
      const solve = await solveWith("auto");
      $("speed").value = "80";
      $("play").click();
      await waitFor("the animation to end", () => state.timer === null);
      solve.played_counter = $("counter").textContent;
      solve.reached = $("status").textContent;
      checks.solves[metric] = solve;
    }
    try { checks.remembered = localStorage.getItem("npuzzle.metric"); } catch (_) { checks.remembered = null; }
    checks.analyses = {};
    const start = parseCells(query.get("from"));
    for (const metric of ["stm", "mtm"]) {
      chooseMetric(metric);
      newBoard(start.slice());
      const before = $("analyse").disabled;
      for (const letter of query.get("played")) clickTileFor(letter);
      const enabled = !$("analyse").disabled;
      $("analyse").click();
      await waitFor("an analysis", () => !state.busy);
      const table = $("analyse-table");
      checks.analyses[metric] = {
        disabled_before: before,
        enabled_after_playing: enabled,
        played: state.played ? state.played.moves : null,
        error: $("analyse-status").classList.contains("error"),
        status: $("analyse-status").textContent,
        hidden: table.hidden,
        headers: [...table.tHead.rows[0].cells].map((c) => c.textContent),
        rows: [...table.tBodies[0].rows].map((r) => [...r.cells].map((c) => c.textContent)),
        mistakes: [...table.tBodies[0].rows].map((r) => r.classList.contains("mistake")),
      };
    }
    newBoard(start.slice());
    $("trace-algorithm").value = "bfs";
    $("trace-speed").value = "fast";
    checks.trace_mtm = (await playTrace()).status;
    checks.lang = lang;
    checks.untranslated = lang === "en" ? [] : untranslated();
    checks.checker_works = checkerWorks();
    checks.csp_violations = cspViolations;
    const solves = Object.values(checks.solves);
    const analyses = Object.values(checks.analyses);
    checks.pass = solves.every((r) => !r.error && r.shown_length === r.reported.length) &&
      analyses.every((a) => !a.error && !a.hidden && a.disabled_before && a.enabled_after_playing) &&
      checks.untranslated.length === 0 && checks.checker_works && cspViolations.length === 0;
  } catch (e) {
    checks.error = String(e.message || e);
    checks.pass = false;
  }
  out.textContent = JSON.stringify(checks);
  document.body.append(out);
  document.title = checks.pass ? "selftest: pass" : "selftest: FAIL";
}
