// SPDX-License-Identifier: MIT
// How fast the step viewer moves in a long search: a synthetic document of K steps (10-queens
// --all with the board strategy, 11-queens --all with forward checking, cut at K steps, made by
// fixtures/make-fixtures.mjs) in the recorded --replay page, in Debian's headless Chromium.
// Reports the page's load time and the milliseconds of one step back at the last step, of one
// jump to a random step, of one step forward, each as the median and the 95th percentile of
// 100, the page's style and layout included (forced), as a Markdown table for
// docs/performance.md.
// Usage: node tests/browser/viewer-bench.mjs [K ...]   (default: 100000)
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { bigDoc } from "./fixtures/make-fixtures.mjs";
import { writePage } from "./fixtures/page.mjs";
import { launchChromium } from "./lib.mjs";

const sizes = process.argv.slice(2).map(Number).filter((k) => k > 0);
if (!sizes.length) sizes.push(100000);
const dir = mkdtempSync(path.join(os.tmpdir(), "viewer-bench-"));
const browser = await launchChromium();
const rows = [];
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  for (const K of sizes) {
    for (const kind of ["board", "fc"]) {
      const doc = bigDoc(kind, K);
      const file = path.join(dir, `${kind}-${K}.html`);
      const url = writePage(file, doc);
      const t0 = Date.now();
      await page.goto(url);
      await page.waitForFunction(() => window.btViewer && document.querySelector(".btv").dataset.step === "0");
      const load = Date.now() - t0;
      const m = await page.evaluate(() => {
        const v = window.btViewer, N = v.total;
        // The time of f with the style and layout it leaves to do.
        const time = (f) => {
          const t = performance.now();
          f();
          document.body.getBoundingClientRect();
          return performance.now() - t;
        };
        const stats = (xs) => {
          const s = xs.slice().sort((a, b) => a - b);
          return [s[Math.floor(s.length / 2)], s[Math.floor(s.length * 0.95)]];
        };
        const run = (prepare, act) => {
          const ms = [];
          for (let k = 0; k < 100; ++k) {
            prepare(k);
            document.body.getBoundingClientRect();
            ms.push(time(act));
          }
          return stats(ms);
        };
        let seed = 7;
        const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
        return {
          back: run(() => v.goto(N), () => v.back()),
          jump: run(() => {}, () => v.goto(Math.floor(random() * N))),
          forward: run((k) => v.goto(N - 200 + k), () => v.forward()),
        };
      });
      const f = ([median, p95]) => `${median.toFixed(1)} (${p95.toFixed(1)})`;
      rows.push(`| ${kind} | ${doc.steps.length.toLocaleString("en")} | ${(statSync(file).size / 1e6).toFixed(1)} MB | ${load} | ` +
                `${f(m.back)} | ${f(m.jump)} | ${f(m.forward)} |`);
      console.error(rows[rows.length - 1]);
    }
  }
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log("| document | steps | page | load (ms) | step back (ms) | jump (ms) | step forward (ms) |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const r of rows) console.log(r);
console.log("\nms: median (95th percentile) of 100, style and layout included; Chromium headless, " +
            `${os.cpus().length} cores (${os.cpus()[0].model.trim()}), load average ${os.loadavg()[0].toFixed(1)}.`);
