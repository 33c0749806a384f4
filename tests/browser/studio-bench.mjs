// SPDX-License-Identifier: MIT
// The studio's figures for docs/performance.md ("The course studio"): the folder's size, the
// page's load time, the engine's speed in the browser against the native runner on the same
// machine in the same run, and the viewer's live steps per second and step-back time on a
// recording of 10^5 steps. Medians of REPEAT (default 5).
// Usage: node studio-bench.mjs STUDIO_DIR BTSOLVE [REPEAT]   (bash .ci/studio bench)
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { launchChromium } from "./lib.mjs";

const [studio, btsolve, repeatArg] = process.argv.slice(2);
const repeat = Number(repeatArg || 5);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const ms = (x) => `${Math.round(x)} ms`;
console.log(`machine: ${os.cpus().length} x ${os.cpus()[0].model}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}`);
const files = readdirSync(studio).filter((f) => statSync(path.join(studio, f)).isFile());
const bytes = files.reduce((t, f) => t + statSync(path.join(studio, f)).size, 0);
console.log(`studio folder: ${(bytes / 1e6).toFixed(2)} MB, btsolve.js ${(statSync(path.join(studio, "btsolve.js")).size / 1e6).toFixed(2)} MB ` +
            `(${files.map((f) => `${f} ${Math.round(statSync(path.join(studio, f)).size / 1024)} KB`).join(", ")})`);

const browser = await launchChromium();
// Load: from navigation to the engine loaded (btsolve.ready) and to the page usable (the
// problems read from the runner, the first picture drawn: body[data-ready]).
const engine = [];
const usable = [];
let page = null;
for (let i = 0; i < repeat; ++i) {
  if (page) await page.close();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const t0 = Date.now();
  await page.goto("file://" + path.resolve(studio, "index.html"));
  await page.waitForSelector("body[data-ready=true]", { timeout: 120000 });
  usable.push(Date.now() - t0);
  const t = await page.evaluate(() => window.studio.timing);
  engine.push(t.sinceNavigation - t.ready + t.engine);
}
console.log(`load from file://, median of ${repeat}: engine ready ${ms(median(engine))}, page usable ${ms(median(usable))}`);

// The engine: wall time of btsolve.run in the page against the native process (its start
// included), and the search's own seconds (the runner's stats) on both sides.
const runs = [
  [["nqueens", "-n", "12", "--count"], ["--threads", "1"]],
  [["nqueens", "-n", "15", "--count"], ["--threads", "1"]],
  [["nqueens", "-n", "12", "--count", "--strategy", "bitboard"], []],
  [["nqueens", "-n", "14", "--count", "--strategy", "bitboard"], []],
  [["nqueens", "-n", "12", "--count", "--strategy", "board"], []],
  [["nqueens", "-n", "10", "--all", "--strategy", "fc"], []],
];
for (const [args, nativeExtra] of runs) {
  const wasm = [];
  const wasmSearch = [];
  const native = [];
  const nativeSearch = [];
  for (let i = 0; i < repeat; ++i) {
    const w = await page.evaluate((a) => {
      const t0 = performance.now();
      const doc = globalThis.btsolve.run(a);
      return { wall: (performance.now() - t0) / 1000, search: doc.stats.seconds, count: doc.count };
    }, args);
    wasm.push(w.wall);
    wasmSearch.push(w.search);
    const t0 = process.hrtime.bigint();
    const r = spawnSync(btsolve, [...args, ...nativeExtra, "--format", "json"], { encoding: "utf8" });
    native.push(Number(process.hrtime.bigint() - t0) / 1e9);
    const doc = JSON.parse(r.stdout);
    nativeSearch.push(doc.stats.seconds);
    if (doc.count !== w.count) console.log(`  counts differ: ${w.count} vs ${doc.count}`);
  }
  const [w, n, ws, ns] = [median(wasm), median(native), median(wasmSearch), median(nativeSearch)];
  console.log(`${args.join(" ")}${nativeExtra.length ? ` (native ${nativeExtra.join(" ")})` : ""}: ` +
              `browser ${w.toFixed(3)} s (search ${ws.toFixed(3)} s), native ${n.toFixed(3)} s with the process ` +
              `(search ${ns.toFixed(3)} s): ${(ws / ns).toFixed(2)}x the native search time`);
}

// The viewer: a recording of 10^5 steps, played at the top speed, every step drawn, stepped
// back from the end, jumped to random steps (studio.bench, apps/studio/web/studio.js).
const argv = ["nqueens", "-n", "10", "--all", "--strategy", "board", "--replay-max-steps", "100000"];
const v = await page.evaluate((a) => globalThis.studio.bench(a), argv);
console.log(`viewer (btsolve ${argv.join(" ")}): ${v.steps} steps recorded in ${ms(v.recordMs)}, loaded in ` +
            `${ms(v.loadMs)}; playing at the top speed ${Math.round(v.stepsPerSecond)} steps/s; every step drawn ` +
            `${Math.round(v.drawnPerSecond)} steps/s; step back at step ${v.steps}: median ${v.stepBackMs.toFixed(2)} ms; ` +
            `slider jump: median ${v.jumpMs.toFixed(2)} ms`);
await browser.close();
