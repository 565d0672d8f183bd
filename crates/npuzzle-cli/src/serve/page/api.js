// The JSON API as the page calls it: one request, its error in the reader's language, and
// one request at a time.

import { CATALOGUE } from "./catalogues.js";
import { lang, t } from "./language.js";
import { state } from "./state.js";

/** The answer to a request for `path` (a POST of `body` as JSON if there is one); an error
 * carrying the server's `code` and HTTP status when it is refused. */
export async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch (_) { /* not JSON: reported below */ }
  if (!response.ok) {
    const error = new Error((data && data.error) || `the server answered ${response.status}`);
    error.code = data && data.code;
    error.status = response.status;
    throw error;
  }
  return data;
}

/** What went wrong with a request, in the reader's language: the server's own sentence in
 * English, the message for its `code` in Chinese. Called when shown, so it follows a
 * change of language. */
export function why(error) {
  return () => {
    if (error.code && lang !== "en" && `err_${error.code}` in CATALOGUE.en) return t(`err_${error.code}`);
    if (!error.code && error.status === undefined) return t("server_unreachable");
    if (!error.code && lang !== "en") return t("server_answered", { status: error.status });
    return error.message;
  };
}

/** Runs `work` with `button` shown busy, unless another request is running: the page sends
 * one at a time. */
export async function withBusy(button, work) {
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
