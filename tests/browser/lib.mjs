// SPDX-License-Identifier: MIT
// What the browser tests and figures share: Debian's Chromium started the one way they all
// need, JSON compared without its timings, and a click on the studio that waits for its work.
import { chromium } from "playwright-core";

/// Chromium, headless ($CHROMIUM, else Debian's /usr/bin/chromium); no sandbox, as CI runs
/// as root in a container.
export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
                           headless: true, args: ["--no-sandbox"] });
}

/// doc with its timings left out (seconds, seconds_all, *_per_second), keys sorted: what must
/// not differ between two runs of the same command line. A picture's computed layout
/// (positions, radius) is left out too: Boost's spring layout in floating point is not bit for
/// bit the same under GCC and under emscripten's clang; closeLayouts() compares it apart.
export function stable(doc) {
  if (Array.isArray(doc)) return doc.map(stable);
  if (doc && typeof doc === "object") {
    const out = {};
    for (const k of Object.keys(doc).sort()) {
      if (k === "seconds" || k === "seconds_all" || k.endsWith("_per_second")) continue;
      if (k === "positions" || k === "radius") continue;
      out[k] = stable(doc[k]);
    }
    return out;
  }
  return doc;
}

/// The layouts (positions arrays, radii) in doc, in document order.
function layouts(doc, out = []) {
  if (Array.isArray(doc)) {
    for (const d of doc) layouts(d, out);
  } else if (doc && typeof doc === "object") {
    for (const k of Object.keys(doc).sort()) {
      if (k === "positions" || k === "radius") out.push([k, doc[k]]);
      else layouts(doc[k], out);
    }
  }
  return out;
}

/// Whether a and b hold the same layouts within `tolerance` (a fraction of the picture, whose
/// coordinates run from 0 to 1): the same keys, the same number of points, each coordinate
/// that close.
export function closeLayouts(a, b, tolerance) {
  const la = layouts(a);
  const lb = layouts(b);
  if (la.length !== lb.length) return false;
  const flat = (v) => (Array.isArray(v) ? v.flat(2) : [v]);
  for (let i = 0; i < la.length; ++i) {
    const [ka, va] = la[i];
    const [kb, vb] = lb[i];
    const fa = flat(va);
    const fb = flat(vb);
    if (ka !== kb || fa.length !== fb.length) return false;
    for (let j = 0; j < fa.length; ++j) {
      if (!(Math.abs(fa[j] - fb[j]) <= tolerance)) return false;
    }
  }
  return true;
}

/// Clicks `selector` on the studio and waits until the page's counter document.body.dataset
/// [counter] ("runs", "compares") has gone up: the run or the table it started is done.
export async function clickAndWait(page, selector, counter, timeout) {
  const count = (key) => Number(document.body.dataset[key] || 0);
  const before = await page.evaluate(count, counter);
  await page.click(selector);
  await page.waitForFunction(([key, n]) => Number(document.body.dataset[key] || 0) > n,
                             [counter, before], { timeout });
}
