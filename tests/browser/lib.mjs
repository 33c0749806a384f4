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
/// not differ between two runs of the same command line.
export function stable(doc) {
  if (Array.isArray(doc)) return doc.map(stable);
  if (doc && typeof doc === "object") {
    const out = {};
    for (const k of Object.keys(doc).sort()) {
      if (k === "seconds" || k === "seconds_all" || k.endsWith("_per_second")) continue;
      out[k] = stable(doc[k]);
    }
    return out;
  }
  return doc;
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
