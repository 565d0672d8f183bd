// Every algorithm on one board: a table, and a bar chart per cost.

import { api, why, withBusy } from "./api.js";
import { notation } from "./board.js";
import { compact, formatSeconds, svgEl } from "./chart.js";
import { label, say, t } from "./language.js";
import { $, chosenMetric, state } from "./state.js";

const METRICS = [
  { key: "expanded", title: "m_expanded", value: (r) => r.stats.expanded, format: (v) => v.toLocaleString(), tick: compact },
  { key: "seconds", title: "m_time", value: (r) => r.stats.seconds, format: formatSeconds, tick: formatSeconds },
  { key: "peak", title: "m_peak", value: (r) => r.stats.peak_nodes, format: (v) => v.toLocaleString(), tick: compact },
];

// The runs the table and charts show, kept to draw them again in another language or at
// another width; only this module writes it.
let shown = null;

/** Runs every algorithm on the board and shows what each cost. */
export async function compare() {
  await withBusy($("compare"), async () => {
    say("comparing", {}, false, "compare-status");
    try {
      const data = await api("/api/compare", {
        board: notation(state.cells, state.width),
        goal: notation(state.goal, state.width),
        metric: chosenMetric(),
        // Uninformed searches on big boards would only burn the budget: cap them early.
        max_nodes: 2000000,
      });
      if (data.runs.every((r) => r.status === "unsolvable")) {
        // Nothing ran: empty charts would only suggest every search cost nothing.
        clearComparison();
        say("compare_unsolvable", {}, true, "compare-status");
        return;
      }
      shown = data.runs;
      drawTable(shown);
      drawCharts(shown);
      const gaveUp = data.runs.filter((r) => r.status === "gave-up").length;
      say(gaveUp ? "compared_gave_up" : "compared", { n: data.runs.length, k: gaveUp }, false,
        "compare-status");
    } catch (e) {
      say("no_compare", { why: why(e) }, true, "compare-status");
    }
  });
}

/** Removes the last comparison's table and charts. */
function clearComparison() {
  shown = null;
  $("compare-table").hidden = true;
  $("compare-table").tBodies[0].replaceChildren();
  $("charts").replaceChildren();
}

function drawTable(runs) {
  // The lengths' column names their metric when it is the multi-tile one.
  const header = $("compare-table").querySelector("[data-i18n^=th_moves]");
  header.dataset.i18n = runs[0] && runs[0].metric === "mtm" ? "th_moves_mtm" : "th_moves";
  header.textContent = t(header.dataset.i18n);
  const body = $("compare-table").tBodies[0];
  body.replaceChildren();
  for (const r of runs) {
    const row = body.insertRow();
    if (r.status === "gave-up") row.className = "gave-up";
    const moves = r.status === "solved" ? r.length : t(r.status === "unsolvable" ? "unsolvable_short" : "gave_up_short");
    [label(r), moves, r.stats.expanded.toLocaleString(),
      r.stats.peak_nodes.toLocaleString(), formatSeconds(r.stats.seconds)].forEach((v) => {
      row.insertCell().textContent = v;
    });
  }
  $("compare-table").hidden = false;
}

/** One horizontal bar chart per metric, log scale from the smallest decade to the largest. */
function drawCharts(runs) {
  const charts = $("charts");
  charts.replaceChildren();
  // Drawn in CSS pixels at the panel's width, so the text stays readable on a phone.
  const available = Math.max(300, Math.floor(charts.clientWidth || 560));
  // Wide enough for the longest name (CJK characters are about twice as wide as Latin).
  const textWidth = (text) => [...text].reduce((w, c) => w + (c.charCodeAt(0) > 0x2e80 ? 12 : 6.6), 0);
  const longest = Math.max(...runs.map((r) => textWidth(label(r))));
  const labelWidth = Math.min(Math.floor(available * 0.48), Math.max(available < 480 ? 132 : 170, Math.ceil(longest) + 10));
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
    heading.textContent = t(metric.title);
    figure.append(heading);
    const svg = svgEl("svg", {
      viewBox: `0 0 ${width} ${height}`, role: "img",
      "aria-label": t("log_scale", { title: t(metric.title),
        values: runs.map((r, i) => `${label(r)} ${metric.format(values[i])}`).join("; ") }),
    });
    // A grid line every decade, labelled every `every`-th from the top one down, so that
    // the labels keep apart on a narrow chart (a phone's leaves about 80 px for the bars).
    const decadeWidth = barArea / (hi - lo);
    const widest = Math.max(...Array.from({ length: hi - lo + 1 }, (_, i) => textWidth(metric.tick(10 ** (lo + i)))));
    const every = Math.max(1, Math.ceil((widest + 8) / decadeWidth));
    for (let d = lo; d <= hi; d++) {
      const gx = labelWidth + ((d - lo) / (hi - lo)) * barArea;
      svg.append(svgEl("line", { class: "grid", x1: gx, x2: gx, y1: top - 4, y2: height }));
      if ((hi - d) % every === 0) {
        svg.append(svgEl("text", { class: "tick", x: gx, y: 10, "text-anchor": "middle" }, metric.tick(10 ** d)));
      }
    }
    runs.forEach((r, i) => {
      const y = top + i * rowHeight;
      svg.append(svgEl("text", { x: labelWidth - 6, y: y + 14, "text-anchor": "end" }, label(r)));
      svg.append(svgEl("rect", {
        class: r.status === "gave-up" ? "bar gave-up" : "bar",
        x: labelWidth, y: y + 3, width: x(values[i]), height: rowHeight - 6,
      }));
      svg.append(svgEl("text", { x: labelWidth + x(values[i]) + 4, y: y + 14 },
        metric.format(values[i]) + (r.status === "gave-up" ? ` ${t("gave_up_mark")}` : "")));
    });
    figure.append(svg);
    charts.append(figure);
  }
}

/** Draws the comparison shown again, in the language now chosen. */
export function redrawComparison() {
  if (shown) {
    drawTable(shown);
    drawCharts(shown);
  }
}

/** Draws the charts shown again, at the panel's new width. */
export function redrawCharts() {
  if (shown) drawCharts(shown);
}
