// What the charts share: SVG elements and the numbers on their axes.

/** 1, 10, 100, 1k, 10k, 100k, 1M, … for axis ticks. */
export function compact(v) {
  if (v >= 1e6) return `${v / 1e6}M`;
  if (v >= 1e3) return `${v / 1e3}k`;
  return String(v);
}

/** A duration in seconds as a reader takes it in: µs, ms or s, to three figures. */
export function formatSeconds(s) {
  // Number() turns toPrecision's "1.5e+2" back into "150".
  if (s < 1e-3) return `${Number((s * 1e6).toPrecision(2))} µs`;
  if (s < 1) return `${Number((s * 1e3).toPrecision(3))} ms`;
  return `${Number(s.toPrecision(3))} s`;
}

const SVG = "http://www.w3.org/2000/svg";
/** An SVG element `name` with `attrs`, holding `text` if given. */
export function svgEl(name, attrs, text) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}
