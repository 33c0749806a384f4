// SPDX-License-Identifier: MIT
// What the browser tests and figures share: Debian's Chromium started the one way they all
// need, JSON compared without its timings, and a click on the studio that waits for its work.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
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

const axeFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "node_modules/axe-core/axe.min.js");
let axeSource = null;  // read on the first contrast check: the engine's tests need no axe-core

/// The colour-contrast violations axe-core finds inside `where` (a selector) on page p, one
/// "target: message" line each; [] when none. axe-core is added to the page on first use.
export async function contrast(p, where) {
  if (!(await p.evaluate(() => typeof window.axe === "object"))) {
    axeSource ??= readFileSync(axeFile, "utf8");
    await p.addScriptTag({ content: axeSource });
  }
  return p.evaluate(async (sel) => {
    const r = await window.axe.run(sel, { runOnly: { type: "rule", values: ["color-contrast"] } });
    return r.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.any.map((a) => a.message).join("; ")}`));
  }, where);
}

/// A group of studio checks run as a program of its own (node FILE.mjs STUDIO_DIR ...):
/// checks(page, index, check) on a 1280x800 page, index the studio's file:// address, check
/// (what, ok, detail) counting; each failure printed, then the tally, exit 1 when any failed.
/// pageErrors: the page's uncaught errors fail a check of their own (off for checks that
/// listen to them themselves).
export async function runAlone(checks, { pageErrors = true } = {}) {
  let passed = 0, failed = 0;
  const check = (what, ok, detail) => { if (ok) ++passed; else { ++failed; console.log(`FAIL ${what}${detail === undefined ? "" : ": " + detail}`); } return ok; };
  const browser = await launchChromium();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const errors = [];
  if (pageErrors) page.on("pageerror", (e) => errors.push(e.message.split("\n")[0]));
  await checks(page, "file://" + path.resolve(process.argv[2], "index.html"), check);
  if (pageErrors) check("no page errors", errors.length === 0, errors.join("; "));
  await browser.close();
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
