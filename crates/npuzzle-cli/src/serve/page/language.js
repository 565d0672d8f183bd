// The reader's language: choosing it, writing the page's strings in it, and the status
// lines' messages, kept so that a change of language rewrites them.

import { CATALOGUE, LANGUAGES } from "./catalogues.js";
import { $ } from "./state.js";

/** The language the page is written in. Only `applyLanguage` sets it; importers read it live. */
export let lang = "en";

/**
 * The message `key` in the current language, filled from `values`: `{name}` is the value
 * (numbers grouped as the reader's locale groups them), `{name:one|many}` the value and
 * the noun that agrees with it ("1 move", "2 moves").
 */
export function t(key, values = {}) {
  const text = CATALOGUE[lang][key] ?? CATALOGUE.en[key] ?? key;
  return text.replace(/\{(\w+)(?::([^|}]*)\|([^}]*))?\}/g, (whole, name, one, many) => {
    const value = values[name];
    if (value === undefined || value === null) return whole;
    const shown = typeof value === "number" ? value.toLocaleString() : String(value);
    if (one === undefined) return shown;
    return `${shown} ${Number(String(value).replace(/,/g, "")) === 1 ? one : many}`;
  });
}

/** The language asked for: the link's `?lang=`, the remembered choice, the browser's. */
export function chosenLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGUAGES.includes(asked)) return asked;
  let remembered = null;
  try { remembered = localStorage.getItem("npuzzle.lang"); } catch (_) { /* storage off */ }
  if (LANGUAGES.includes(remembered)) return remembered;
  const browser = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return browser.toLowerCase().startsWith("zh") ? "zh" : "en";
}

/** Writes every static string in `lang` and redraws what messages made. */
export function applyLanguage(next, remember) {
  lang = next;
  if (remember) {
    try { localStorage.setItem("npuzzle.lang", next); } catch (_) { /* storage off */ }
  }
  document.documentElement.lang = next === "zh" ? "zh-CN" : "en";
  document.title = next === "zh" ? "npuzzle · 数字华容道求解器" : "npuzzle";
  $("lang").value = next;
  // Values a label needs (a count, a board's width and height) are data attributes.
  for (const el of document.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n, el.dataset);
  }
  for (const el of document.querySelectorAll("[data-i18n-aria]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nAria));
  }
  for (const el of document.querySelectorAll("[data-i18n-title]")) {
    el.setAttribute("title", t(el.dataset.i18nTitle));
  }
  const url = new URL(location.href);
  if (url.searchParams.has("lang") && url.searchParams.get("lang") !== next) {
    url.searchParams.set("lang", next);
    history.replaceState(null, "", url);
  }
}

// The message each status line shows, kept so that a change of language rewrites it.
const said = {};

/** Shows the message `key` (with `values`) on the status line `where`. */
export function say(key, values = {}, isError = false, where = "status") {
  said[where] = { key, values, isError };
  const line = $(where);
  line.textContent = t(key, resolved(values));
  line.classList.toggle("error", isError);
}

/** `values` with messages inside them (`{key, values}`) written in the current language. */
function resolved(values) {
  const out = {};
  for (const [name, v] of Object.entries(values)) {
    if (typeof v === "function") out[name] = v();
    else if (v && typeof v === "object" && v.key) out[name] = t(v.key, resolved(v.values || {}));
    else out[name] = v;
  }
  return out;
}

/** Writes every status line's message again, in the language now chosen. */
export function resay() {
  for (const [where, m] of Object.entries(said)) say(m.key, m.values, m.isError, where);
}

/** What a length says of its metric, as a message value: nothing in the single-tile
 * metric, " (multi-tile)" in the multi-tile one (as the command line's text names it only
 * then). */
export const inMetric = (metric) => (metric === "mtm" ? { key: "in_mtm" } : "");

/** The name of `value` under `prefix` in the catalogue, or `value` itself if it has none. */
export const named = (prefix, value) => (`${prefix}${value}` in CATALOGUE.en ? t(`${prefix}${value}`) : value);
/** What ran, as the reader's language names it: "IDA* · linear conflict". */
export const label = (r) => named("alg_", r.algorithm) + (r.heuristic ? ` · ${estimateName(r.heuristic)}` : "");

/** An estimate as the reader's language names it: a heuristic, or pattern databases
 * ("pdb 5-5-5 + reflection" in the report). */
function estimateName(name) {
  const pdb = /^pdb (.+?)( \+ reflection)?$/.exec(name);
  if (!pdb) return named("h_", name);
  return t(pdb[2] ? "h_pdb_reflected" : "h_pdb", { set: pdb[1] });
}
