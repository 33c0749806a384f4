// SPDX-License-Identifier: MIT
// The step viewer (apps/btsolve/src/core/replay/viewer.js) in a real browser: Debian's
// Chromium, headless, driven by playwright-core. It plays the recorded --replay pages of
// documents made by fixtures/make-fixtures.mjs (docs/replay-format.md, version 2, made the way
// the runner makes the page), and of real runs of BTSOLVE.
// Usage: node replay.test.mjs BTSOLVE WORKDIR   (CTest: browser.replay). Prints "N passed, N failed".
// SCREENSHOTS=DIR also writes the viewer's screenshots (docs/images/viewer-*.png) into DIR.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { bigDoc, fixtures } from "./fixtures/make-fixtures.mjs";
import { writePage } from "./fixtures/page.mjs";
import { launchChromium } from "./lib.mjs";

const [btsolve, workdir] = process.argv.slice(2);
mkdirSync(workdir, { recursive: true });
let passed = 0;
let failed = 0;
function check(what, got, want) {
  if (JSON.stringify(got) === JSON.stringify(want)) {
    ++passed;
  } else {
    ++failed;
    console.log(`FAIL ${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  }
}
const docs = fixtures();
// Runs BTSOLVE with --replay WORKDIR/name; returns the file.
function record(name, args) {
  const file = path.join(workdir, name);
  execFileSync(btsolve, [...args, "--replay", file], { stdio: ["ignore", "ignore", "inherit"] });
  return file;
}
const pageOf = (name, doc = docs[name]) => writePage(path.join(workdir, name.replace(/\.json$/, ".html")), doc);

// --- reading the page through its hooks (viewer.js's header) --------------------------------
const step = async (page) => Number(await page.getAttribute(".btv", "data-step"));
async function counters(page) {
  return page.$$eval("[data-counter]", (tds) => Object.fromEntries(tds.map((t) => [t.dataset.counter, Number(t.textContent)])));
}
async function queens(page) {
  return page.$$eval(".btv-board [data-queen]", (cells) => cells.map((c) => [Number(c.dataset.row), Number(c.dataset.col)]));
}
async function click(page, action, times = 1) {
  for (let i = 0; i < times; ++i) await page.click(`[data-action="${action}"]`);
}
const goto = (page, i, sub) => page.evaluate(([i, sub]) => window.btViewer.goto(i, sub), [i, sub ?? null]);
const kindAt = (page, doc) => step(page).then((i) => (i > 0 ? doc.steps[i - 1].k : null));
// The counters of docs/replay-format.md, counted here independently of the viewer.
function countersAt(doc, i) {
  const c = { nodes: 0, checks: 0, assigns: 0, prunes: 0, backtracks: 0, solutions: 0, max_depth: 0 };
  const inf = [0, 0, 0];
  doc.steps.slice(0, i).forEach((s, j) => {
    if (s.k === "n") { c.nodes++; c.max_depth = Math.max(c.max_depth, s.d); }
    if (s.k === "a") { c.assigns++; c.checks++; }
    if (s.k === "r") { c.checks++; c.prunes++; }
    if (s.k === "p") c.prunes++;
    if (s.k === "b" && !(doc.backtracks === "seed" && j > 0 && doc.steps[j - 1].k === "s")) c.backtracks++;
    if (s.k === "s") c.solutions++;
    if (s.inf) s.inf.forEach((x, k) => { inf[k] += x; });
  });
  if (doc.stats && "removals" in doc.stats) Object.assign(c, { propagation_checks: inf[0], removals: inf[1], wipeouts: inf[2] });
  return c;
}
const pick = (o, keys) => Object.fromEntries(keys.map((k) => [k, o[k]]));

const browser = await launchChromium();
const shots = process.env.SCREENSHOTS;
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.setDefaultTimeout(10000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") errors.push(m.text()); });
  const requests = [];
  page.on("request", (r) => { if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) requests.push(r.url()); });

  // --- 4-queens, board strategy, first solution: 40 steps; 9 nodes and 4 backtracks -------
  const q4 = docs["queens4-board.json"];
  await page.goto(pageOf("queens4-board.json"));
  check("4q: start", [await step(page), pick(await counters(page), ["nodes", "backtracks", "solutions"])],
        [0, { nodes: 0, backtracks: 0, solutions: 0 }]);
  check("4q: total steps", Number(await page.textContent("[data-role=total]")), 40);
  await click(page, "forward", 16);  // Q1=1, Q2=3 failed (one backtrack), Q2=4, Q3=2
  check("4q: step 16", [await step(page), pick(await counters(page), ["nodes", "backtracks", "solutions"])],
        [16, { nodes: 4, backtracks: 1, solutions: 0 }]);
  check("4q: step 16 queens", await queens(page), [[1, 1], [2, 4], [3, 2]]);
  await click(page, "forward", 10);  // ... back to the empty board
  check("4q: step 26 queens", await queens(page), []);
  check("4q: step 26 backtracks", (await counters(page)).backtracks, 4);
  await click(page, "back", 13);     // step 13: Q1=1, Q2=4 just placed
  check("4q: back to 13", [await step(page), pick(await counters(page), ["nodes", "backtracks"])], [13, { nodes: 3, backtracks: 1 }]);
  check("4q: step 13 queens", await queens(page), [[1, 1], [2, 4]]);
  check("4q: step 13 event", await page.textContent("[data-role=event]"), "assign Q2=4");
  await click(page, "last");
  check("4q: last = stats", await counters(page), pick(q4.stats, Object.keys(await counters(page))));
  check("4q: the solution", await queens(page), [[1, 2], [2, 4], [3, 1], [4, 3]]);
  check("4q: self-check", await page.getAttribute("[data-role=selfcheck]", "data-ok"), "true");
  await click(page, "first");
  check("4q: first", await queens(page), []);
  await click(page, "forward", 3);   // the root's node, Q1=1, then Q2's candidates
  check("4q: candidates", await page.textContent("[data-role=candidates]"), "candidates: Q2=3 Q2=4");
  check("4q: candidate squares", await page.$$eval("[data-candidate]", (cs) => cs.map((c) => [+c.dataset.row, +c.dataset.col])), [[2, 3], [2, 4]]);
  // Keys (the page listens on the document).
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  check("4q: two arrows right", await step(page), 5);
  await page.keyboard.press("ArrowLeft");
  check("4q: arrow left", await step(page), 4);

  // A rejected step: Q2=1 is rejected, column with Q1 (step 4): the attacker and its line.
  check("4q: step 4 rejects", q4.steps[3].k, "r");
  check("4q: rejected square", await page.$$eval("[data-rejected]", (cs) => cs.map((c) => [+c.dataset.row, +c.dataset.col])), [[2, 1]]);
  check("4q: attacker", await page.$$eval("[data-attacker]", (cs) => cs.map((c) => [+c.dataset.row, +c.dataset.col])), [[1, 1]]);
  const lines = () => page.$$eval('[data-role=attack-line][visibility="visible"]', (ls) => ls.length);
  check("4q: attack line drawn", await lines(), 1);
  check("4q: why", await page.textContent("[data-role=why]"), q4.steps[3].why.text);
  await click(page, "forward");
  check("4q: step 5, Q2=2 rejected: diagonal with Q1", await page.$$eval("[data-attacker]", (cs) => cs.map((c) => [+c.dataset.row, +c.dataset.col])), [[1, 1]]);
  await click(page, "forward");
  check("4q: no line on an assignment", await lines(), 0);

  // --- counters at every step, and equal to stats at the last one, for every fixture -------
  for (const [name, doc] of Object.entries(docs)) {
    await page.goto(pageOf(name, doc));
    const seen = await page.evaluate((N) => {
      const out = [];
      for (let i = 0; i <= N; ++i) {
        window.btViewer.goto(i);
        out.push(Object.fromEntries([...document.querySelectorAll("[data-counter]")].map((t) => [t.dataset.counter, Number(t.textContent)])));
      }
      return out;
    }, doc.steps.length);
    const bad = seen.findIndex((c, i) => JSON.stringify(c) !== JSON.stringify(countersAt(doc, i)));
    check(`${name}: counters at every step`, bad < 0 ? "all equal" : { step: bad, got: seen[bad], want: countersAt(doc, bad) }, "all equal");
    const last = seen[seen.length - 1];
    check(`${name}: last step = stats`, last, pick(doc.stats, Object.keys(last)));
    check(`${name}: self-check`, await page.getAttribute("[data-role=selfcheck]", "data-ok"), "true");
  }

  // A document whose steps do not add up to its stats says so.
  await page.goto(pageOf("bad-stats.json", { ...q4, stats: { ...q4.stats, nodes: 10 } }));
  check("bad stats: warned", [await page.getAttribute("[data-role=selfcheck]", "data-ok"),
                              await page.isVisible("[data-role=selfcheck]")], ["false", true]);
  check("bad stats: says which", /nodes 9 \u2260 10/.test(await page.textContent("[data-role=selfcheck]")), true);
  // A truncated document says so.
  await page.goto(pageOf("truncated.json", { ...q4, truncated: true, steps: q4.steps.slice(0, 20) }));
  check("truncated: shown", await page.isVisible("[data-role=truncated]"), true);
  check("truncated: no self-check", await page.isVisible("[data-role=selfcheck]"), false);

  // A version 1 document (the runner before version 2: {view, truncated, steps}) plays too.
  await page.goto(pageOf("v1.json", { view: q4.view, truncated: false,
                                      steps: q4.steps.map(({ why, ...s }) => s) }));
  await click(page, "forward", 16);
  check("v1: step 16 queens", await queens(page), [[1, 1], [2, 4], [3, 2]]);
  check("v1: no self-check", await page.isVisible("[data-role=selfcheck]"), false);

  // --- play / pause, speed, slider, jumps ----------------------------------------------------
  const q5 = docs["queens5-board-all.json"];
  await page.goto(pageOf("queens5-board-all.json"));
  await page.evaluate(() => window.btViewer.setSpeed(40));
  await click(page, "play");
  check("play: playing", await page.getAttribute(".btv", "data-playing"), "true");
  await page.waitForTimeout(400);
  await click(page, "play");  // the same button pauses
  const paused = await step(page);
  check("play: advanced", paused > 2, true);
  check("play: paused", await page.getAttribute(".btv", "data-playing"), "false");
  await page.waitForTimeout(300);
  check("pause: stays", await step(page), paused);
  await page.keyboard.press(" ");
  await page.waitForTimeout(200);
  await page.keyboard.press(" ");
  check("space: plays and pauses", (await step(page)) > paused, true);
  // Pause at the next solution while playing fast.
  await goto(page, 0);
  await page.selectOption("[data-role=stop-at]", "s");
  await page.evaluate(() => window.btViewer.setSpeed(1000));
  await click(page, "play");
  await page.waitForFunction(() => document.querySelector(".btv").dataset.playing === "false");
  check("play: pauses at the first solution", [await kindAt(page, q5), await step(page)], ["s", q5.steps.findIndex((s) => s.k === "s") + 1]);
  await page.selectOption("[data-role=stop-at]", "");
  // The timeline slider.
  await page.fill("[data-role=timeline]", "123");
  check("slider: jumps", [await step(page), Number(await page.textContent("[data-role=step]"))], [123, 123]);
  check("slider: counters", await counters(page), countersAt(q5, 123));
  // Clicking the strip under it.
  const box = await page.locator("[data-role=strip]").boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  check("strip: jumps to the middle", Math.abs((await step(page)) - q5.steps.length / 2) <= q5.steps.length / 50, true);
  // Next / previous solution, backtrack.
  await click(page, "first");
  const sols = q5.steps.map((s, j) => (s.k === "s" ? j + 1 : -1)).filter((j) => j > 0);
  await click(page, "next-s");
  check("next solution: an s step", [await kindAt(page, q5), await step(page), (await counters(page)).solutions], ["s", sols[0], 1]);
  await click(page, "next-s");
  check("next solution again", [await step(page), (await counters(page)).solutions], [sols[1], 2]);
  check("solutions list", await page.$$eval("[data-solution]", (ls) => ls.map((l) => l.textContent)), ["#1 (1,3,5,2,4)", "#2 (1,4,2,5,3)"]);
  await click(page, "prev-s");
  check("previous solution", await step(page), sols[0]);
  await click(page, "last");
  await page.click('[data-solution="2"]');
  check("solutions list: click jumps", [await step(page), await kindAt(page, q5)], [sols[1], "s"]);
  await page.keyboard.press("b");
  check("next backtrack (key b)", await kindAt(page, q5), "b");
  await click(page, "last");
  check("all 10 solutions listed", await page.$$eval("[data-solution]", (ls) => ls.length), 10);

  // --- the tree -------------------------------------------------------------------------------
  // At Q1=2 (the second value of the root), Q1=1's subtree is finished.
  await goto(page, q5.steps.findIndex((s, j) => s.k === "a" && s.d === 0 && j > 1) + 1);
  const tree = () => page.$$eval("[data-node]", (ls) => ls.map((l) => ({ id: l.dataset.node, kind: l.dataset.kind, text: l.textContent.trim(), step: +l.dataset.step, cur: l.hasAttribute("data-current") })));
  let t = await tree();
  check("tree: root first", t[0].kind, "root");
  check("tree: rejected hidden by default", t.filter((l) => l.kind === "r" && !l.cur).length, 0);
  check("tree: one current line", t.filter((l) => l.cur).length, 1);
  check("tree: the finished subtree of Q1=1 collapsed with its size", /^▸Q1=1 #2 \+\d+ below, 2 solutions/.test(t.find((l) => l.text.includes("Q1=1")).text), true);
  // Open the collapsed Q1=1 and click a node inside: the viewer goes to its step.
  await page.click(`[data-node="${t.find((l) => l.text.includes("Q1=1")).id}"] [data-toggle]`);
  t = await tree();
  const inner = t.find((l) => /^▸?Q2=3/.test(l.text));
  check("tree: expanded Q1=1 shows Q2=3", !!inner, true);
  await page.click(`[data-node][data-step="${inner.step}"]`);
  check("tree: a click jumps to the node's step", [await step(page), await kindAt(page, q5)], [inner.step, "a"]);
  check("tree: clicked node is current", (await tree()).find((l) => l.cur).step, inner.step);
  check("tree: its queens", await queens(page), [[1, 1], [2, 3]]);
  await page.check("[data-role=show-rejected]");  // Q2=1 and Q2=2 were rejected under Q1=1
  check("tree: rejected shown", (await tree()).filter((l) => l.kind === "r").map((l) => l.text), ["✗ Q2=1", "✗ Q2=2"]);
  await page.uncheck("[data-role=show-rejected]");
  check("tree: rejected hidden again", (await tree()).some((l) => l.kind === "r"), false);

  // --- forward checking: domains, removed-by, wipe-outs ------------------------------------
  const fc = docs["queens6-fc.json"];
  await page.goto(pageOf("queens6-fc.json"));
  await goto(page, 2);  // the root, Q1=1 with its propagation
  const removedBy = (v) => page.$$eval(`[data-var="${v}"]`, (cs) => cs.map((c) => c.dataset.removedBy ?? null));
  check("fc: Q2 loses 1, 2 by Q1", await removedBy(2), ["Q1", "Q1", null, null, null, null]);
  check("fc: Q1 assigned 1", await page.$$eval('[data-var="1"][data-assigned]', (cs) => cs.map((c) => +c.dataset.value)), [1]);
  check("fc: removed squares shaded on the board", await page.$$eval('.btv-board [data-removed-by="Q1"]', (cs) => cs.length), 10);
  check("fc: next variable marked", await page.$$eval("[data-var-row][data-next]", (rs) => rs.map((r) => +r.dataset.varRow)), []);
  await click(page, "forward");  // the node of depth 1: next Q2
  check("fc: next variable Q2", await page.$$eval("[data-var-row][data-next]", (rs) => rs.map((r) => +r.dataset.varRow)), [2]);
  await click(page, "next-p");   // the first wipe-out
  const p = fc.steps[(await step(page)) - 1];
  check("fc: next prune is a wipe-out", [p.k, typeof p.w], ["p", "number"]);
  check("fc: wiped domain red", await page.$$eval("[data-var-row][data-wiped]", (rs) => rs.map((r) => +r.dataset.varRow)), [p.w + 1]);
  check("fc: wiped row on the board", await page.$$eval(".btv-board [data-wiped]", (cs) => [...new Set(cs.map((c) => +c.dataset.row))]), [p.w + 1]);
  check("fc: why", await page.textContent("[data-role=why]"), p.why.text);
  check("fc: wiped row all removed", (await removedBy(p.w + 1)).every((b) => b !== null), true);
  await click(page, "forward");  // the next value: the wiped-out assignment's removals are gone
  check("fc: removals undone with the assignment", await page.$$eval("[data-var-row][data-wiped]", (rs) => rs.length), 0);

  // MAC: stepping into an assignment's propagation, the arc queue rebuilt.
  const mac = docs["queens6-mac.json"];
  await page.goto(pageOf("queens6-mac.json"));
  await goto(page, 1);
  await page.check("[data-role=into]");
  await click(page, "forward");  // Q1=1, before its propagation
  check("mac: into, sub-step 0", [await step(page), await page.getAttribute(".btv", "data-sub")], [2, "0"]);
  const queue = () => page.$$eval("[data-queued]", (cs) => cs.map((c) => c.textContent));
  check("mac: the queue holds Q1", await queue(), ["Q1"]);
  await click(page, "forward", 3);  // q Q1, rm Q2, rm Q3
  check("mac: queue after 3 entries", await queue(), ["Q2", "Q3"]);
  check("mac: Q3 loses 1, 3", await removedBy(3), [ "Q1", null, "Q1", null, null, null]);
  check("mac: fresh removal marked", await page.$$eval("[data-fresh][data-var]", (cs) => cs.map((c) => `${c.dataset.var}:${c.dataset.value}`)), ["3:1", "3:3"]);
  await click(page, "back");
  check("mac: back one entry", [await page.getAttribute(".btv", "data-sub"), await removedBy(3)], ["2", [null, null, null, null, null, null]]);
  await page.click('[data-role=propagation] [data-sub="11"]');
  check("mac: the log jumps to the end of the propagation", [await step(page), await page.getAttribute(".btv", "data-sub")], [2, ""]);
  await page.uncheck("[data-role=into]");
  await click(page, "last");
  check("mac: seed backtracks = stats", (await counters(page)).backtracks, mac.stats.backtracks);

  // --- the other pictures --------------------------------------------------------------------
  const pet = docs["petersen-colour.json"];
  await page.goto(pageOf("petersen-colour.json"));
  const rj = pet.steps.findIndex((s) => s.k === "r") + 1;
  await goto(page, rj);
  const r = pet.steps[rj - 1];
  check("graph: the clashing edge red", await page.$$eval("line[data-clash]", (ls) => ls.map((l) => l.dataset.edge)),
        [`${r.why.edge[0] + 1}-${r.why.edge[1] + 1}`]);
  check("graph: the neighbour with the colour", await page.$$eval("circle[data-attacker]", (cs) => cs.map((c) => +c.dataset.vertex)), [r.why.by[0][0] + 1]);
  check("graph: the rejected vertex", await page.$$eval("circle[data-rejected]", (cs) => cs.map((c) => +c.dataset.vertex)), [r.c[0] + 1]);
  await click(page, "last");
  check("graph: colours", await page.$$eval("circle[data-vertex]", (cs) => cs.map((c) => c.dataset.colour).join(" ")),
        pet.steps[pet.steps.length - 1].text.replace("colours: ", ""));
  const ham = docs["grid34-path.json"];
  await page.goto(pageOf("grid34-path.json"));
  await click(page, "next-p");
  check("path: missing closing edge drawn", await page.getAttribute("[data-role=missing-edge]", "visibility"), "visible");
  await click(page, "last");
  check("path: the cycle closed", await page.$$eval('line[data-path="true"]', (ls) => ls.length), 12);
  check("path: solutions", (await counters(page)).solutions, ham.stats.solutions);
  const sub = docs["subsets.json"];
  await page.goto(pageOf("subsets.json"));
  await goto(page, sub.steps.findIndex((s) => s.k === "r" && s.why.bound) + 1);
  check("subsets: the bound and its numbers", /bound failed: s \+ w > m with s = 18, w = 15, m = 30/.test(await page.textContent("[data-role=bound]")), true);
  check("subsets: the rejected item", await page.$$eval("[data-item][data-rejected]", (is) => is.map((i) => [+i.dataset.item, i.dataset.rejected])), [[5, "take"]]);
  check("subsets: the running sum", await page.getAttribute("[data-role=sum]", "data-s"), "18");
  await page.goto(pageOf("sudoku4.json"));
  await click(page, "last");
  check("grid: givens bold", await page.$$eval("[data-cell][data-given]", (cs) => cs.map((c) => c.dataset.symbol)), ["1", "2", "3"]);
  check("grid: filled", await page.$$eval("[data-cell][data-symbol]", (cs) => cs.length), 16);

  // --- 10^5 steps: stepping back and jumping cost a path, not the steps before ---------------
  for (const kind of ["board", "fc"]) {
    const big = bigDoc(kind, 100000);
    const t0 = Date.now();
    await page.goto(pageOf(`big-${kind}.json`, big));
    const loadMs = Date.now() - t0;
    const times = await page.evaluate(() => {
      const v = window.btViewer, N = v.total, ms = (f) => { const t = performance.now(); f(); return performance.now() - t; };
      v.goto(N);
      const back = [];
      for (let k = 0; k < 20; ++k) back.push(ms(() => v.back()));
      const jump = [];
      for (let k = 0; k < 20; ++k) jump.push(ms(() => v.goto(Math.floor(((k * 7919) % 100) / 100 * N))));
      back.sort((a, b) => a - b); jump.sort((a, b) => a - b);
      return { back: back[10], jump: jump[10], backMax: back[19] };
    });
    console.log(`${kind}, ${big.steps.length} steps: load ${loadMs} ms, step back ${times.back.toFixed(2)} ms (median; max ${times.backMax.toFixed(2)}), jump ${times.jump.toFixed(2)} ms`);
    // Going back shows what going there directly shows.
    await goto(page, 99990);
    const direct = [await queens(page), await counters(page)];
    await goto(page, 100000);
    for (let k = 0; k < 10; ++k) await page.keyboard.press("ArrowLeft");
    check(`big ${kind}: back 10 = goto`, [await queens(page), await counters(page)], direct);
    check(`big ${kind}: counters`, await counters(page), countersAt(big, 99990));
  }

  // --- an empty board: drawn, clickable (the studio places queens on it) --------------------
  await page.goto("file://" + path.join(workdir, "queens4-board.html"));
  const clicked = await page.evaluate(() => {
    const got = [];
    const div = document.createElement("div");
    document.body.appendChild(div);
    const v = BtViewer.mount(div, { version: 2, view: { kind: "board", n: 5, title: "5-queens", placed: [[0, 1]] }, steps: [] },
                             { onCellClick: (cell, info) => got.push([cell, info.row, info.col]) });
    div.querySelector('[data-row="3"][data-col="4"]').click();
    const placed = [...div.querySelectorAll("[data-placed]")].map((c) => [+c.dataset.row, +c.dataset.col]);
    const cells = div.querySelectorAll(".btv-board [data-row]").length;
    v.destroy();
    return { got, placed, cells };
  });
  check("empty board: clickable", clicked, { got: [[[2, 3], 3, 4]], placed: [[1, 2]], cells: 25 });

  // --- the studio's way: a viewer in a container, its keys, onStep, load, destroy ----------------
  const studio = await page.evaluate(async (doc) => {
    window.btViewer.destroy();  // the page's own viewer (it listens on the document)
    const div = document.createElement("div");
    document.body.appendChild(div);
    const steps = [];
    const v = BtViewer.mount(div, doc, { onStep: (i, sub) => steps.push([i, sub]) });
    div.querySelector(".btv").focus();
    const key = (k) => div.querySelector(".btv").dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
    key("ArrowRight"); key("ArrowRight"); key("ArrowLeft"); key("End");
    const atEnd = v.step;
    v.load({ ...doc, steps: doc.steps.slice(0, 10), truncated: true });
    const reloaded = [v.step, v.total, div.querySelector("[data-role=truncated]").hidden];
    v.destroy();
    return { steps, atEnd, reloaded, left: div.children.length };
  }, docs["queens4-board.json"]);
  check("studio: keys in the container, onStep", studio.steps, [[0, null], [1, null], [2, null], [1, null], [40, null], [0, null]]);
  check("studio: End", studio.atEnd, 40);
  check("studio: load another document", studio.reloaded, [0, 10, false]);
  check("studio: destroy empties the container", studio.left, 0);

  // --- the Python package shows the page in a sandboxed iframe (srcdoc) ---------------------
  const framed = await browser.newPage();
  const frameErrors = [];
  framed.on("pageerror", (e) => frameErrors.push(String(e)));
  framed.on("console", (m) => { if (m.type() === "error") frameErrors.push(m.text()); });
  const html = readFileSync(path.join(workdir, "queens4-board.html"), "utf8");
  await framed.setContent(`<iframe sandbox="allow-scripts" width="1200" height="800" srcdoc="${html.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"></iframe>`);
  const frame = framed.frames()[1];
  await frame.waitForSelector(".btv[data-step]");
  await frame.click('[data-action="last"]');
  check("iframe: the page plays in a sandbox", [await frame.getAttribute(".btv", "data-step"), frameErrors], ["40", []]);
  await framed.close();

  // --- real runs of the runner -----------------------------------------------------------------
  await realRuns(page);

  check("no page errors", errors, []);
  check("no network", requests, []);
  if (shots && !failed) await screenshots(page, shots);
} finally {
  await browser.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

// The runner's own pages: version 2 documents once the runner writes them, version 1 before
// (the viewer plays both). Counters at the last step equal the run's --format json stats.
async function realRuns(page) {
  const json = (args) => JSON.parse(execFileSync(btsolve, [...args, "--format", "json"], { encoding: "utf8" }));
  const data = JSON.parse(readFileSync(record("real.json", ["nqueens", "-n", "4", "--strategy", "board"]), "utf8"));
  const v2 = data.version === 2;
  console.log(`the runner writes replay version ${data.version || 1}`);
  const runs = [["nqueens", "-n", "4", "--strategy", "board"], ["nqueens", "-n", "6", "--strategy", "board", "--all"]];
  if (process.env.C5) runs.push(["colouring", "--input", process.env.C5, "--colours", "3", "--strategy", "textbook"]);
  if (process.env.K4) runs.push(["hamiltonian", "--strategy", "pruned", "--input", process.env.K4]);
  if (v2) {
    runs.push(["nqueens", "-n", "6", "--strategy", "fc", "--all"], ["nqueens", "-n", "6", "--strategy", "mac"],
              ["nqueens", "-n", "6", "--strategy", "mrv+fc+cbj"], ["subsets", "-w", "5,10,12,13,15,18", "-m", "30", "--all"]);
  }
  for (const [k, args] of runs.entries()) {
    await page.goto("file://" + path.resolve(record(`real${k}.html`, args)));
    await click(page, "last");
    const got = await counters(page), stats = json(args).stats;
    check(`runner ${args.join(" ")}: counters = --stats`, got, pick(stats, Object.keys(got)));
  }
  // The 4-queens trace on the runner's own page.
  await page.goto("file://" + path.resolve(record("real-q4.html", ["nqueens", "-n", "4", "--strategy", "board"])));
  await click(page, "forward", 16);
  check("runner 4q: step 16 queens", await queens(page), [[1, 1], [2, 4], [3, 2]]);
  await click(page, "back", 3);
  check("runner 4q: step 13 queens", await queens(page), [[1, 1], [2, 4]]);
  if (v2) await realFlows(page);
}

// With version 2 documents, the flows of the fixtures on real runs.
async function realFlows(page) {
  const json = (args) => JSON.parse(execFileSync(btsolve, [...args, "--format", "json"], { encoding: "utf8" }));
  const open = async (name, args) => {
    const doc = JSON.parse(readFileSync(record(`${name}.json`, args), "utf8"));
    await page.goto("file://" + path.resolve(record(`${name}.html`, args)));
    return doc;
  };
  const firstOf = (doc, k) => doc.steps.findIndex((s) => s.k === k) + 1;
  // Board: a rejected square, its attacker and the line.
  let doc = await open("real-q4", ["nqueens", "-n", "4", "--strategy", "board"]);
  await goto(page, firstOf(doc, "r"));
  const r = doc.steps[firstOf(doc, "r") - 1];
  check("runner board: rejected square", await page.$$eval("[data-rejected]", (cs) => cs.map((c) => [+c.dataset.row, +c.dataset.col])), [[r.c[0] + 1, r.c[1] + 1]]);
  check("runner board: attacker", await page.$$eval("[data-attacker]", (cs) => cs.map((c) => [+c.dataset.row, +c.dataset.col])), r.why.by.map(([a, b]) => [a + 1, b + 1]));
  check("runner board: a line per attacker", await page.$$eval('[data-role=attack-line][visibility="visible"]', (ls) => ls.length), r.why.by.length);
  check("runner board: why", await page.textContent("[data-role=why]"), r.why.text);
  // Forward checking: removed-by, a wipe-out.
  doc = await open("real-fc", ["nqueens", "-n", "6", "--strategy", "fc", "--all"]);
  await goto(page, 2);
  check("runner fc: Q2 loses columns 1, 2 by Q1", await page.$$eval('[data-var="2"][data-removed-by]', (cs) => cs.map((c) => [+c.dataset.value, c.dataset.removedBy])), [[1, "Q1"], [2, "Q1"]]);
  await click(page, "next-p");
  const p = doc.steps[(await step(page)) - 1];
  check("runner fc: wiped domain red", await page.$$eval("[data-var-row][data-wiped]", (rs) => rs.map((r) => +r.dataset.varRow)), [p.w + 1]);
  // Next solution of an --all run.
  await click(page, "first");
  await click(page, "next-s", 2);
  check("runner fc: second solution", [await kindAt(page, doc), (await counters(page)).solutions], ["s", 2]);
  // MAC: into the first assignment's propagation; the queue.
  doc = await open("real-mac", ["nqueens", "-n", "6", "--strategy", "mac"]);
  await page.check("[data-role=into]");
  await goto(page, 2, 1);  // Q1=1, its first entry (Q1 off the queue)
  check("runner mac: first entry", doc.steps[1].prop[0], ["q", 0]);
  check("runner mac: queue empty after it", await page.$$eval("[data-queued]", (cs) => cs.length), 0);
  await click(page, "forward", 2);
  check("runner mac: queue after two removals", await page.$$eval("[data-queued]", (cs) => cs.map((c) => c.textContent)), ["Q2", "Q3"]);
  await page.uncheck("[data-role=into]");
  // Colouring: the clashing edge; subsets: the bound; Sudoku: the givens.
  if (process.env.C5) {
    doc = await open("real-c5", ["colouring", "--input", process.env.C5, "--colours", "3", "--strategy", "textbook"]);
    const j = firstOf(doc, "r");
    await goto(page, j);
    check("runner colouring: clash", await page.$$eval("line[data-clash]", (ls) => ls.length), doc.steps[j - 1].why.edge ? 1 : 0);
  }
  // Hamiltonian: propagate branches on edges (the chosen edges drawn); the engine's MRV fills
  // path positions out of order (an edge only between consecutive positions).
  if (process.env.K4) {
    doc = await open("real-k4-edges", ["hamiltonian", "--strategy", "propagate", "--input", process.env.K4, "--all"]);
    check("runner hamiltonian propagate: edges picture", doc.view.mode, "edges");
    const a = firstOf(doc, "a");
    await goto(page, a);
    const e = doc.steps[a - 1].c;
    const sorted = (uv) => uv.split("-").map(Number).sort((x, y) => x - y).join("-");
    check("runner hamiltonian propagate: the chosen edge drawn",
          (await page.$$eval('line[data-path="true"]', (ls) => ls.map((l) => l.dataset.edge))).map(sorted),
          [sorted(`${e[0] + 1}-${e[1] + 1}`)]);
    doc = await open("real-k4-mrv", ["hamiltonian", "--strategy", "mrv+fc", "--input", process.env.K4, "--all"]);
    await click(page, "last");
    const got = await counters(page), stats = json(["hamiltonian", "--strategy", "mrv+fc", "--input", process.env.K4, "--all"]).stats;
    check("runner hamiltonian mrv+fc: counters = --stats", got, pick(stats, Object.keys(got)));
  }
  doc = await open("real-subsets", ["subsets", "-w", "5,10,12,13,15,18", "-m", "30", "--all"]);
  await goto(page, doc.steps.findIndex((s) => s.why && s.why.bound) + 1);
  check("runner subsets: bound shown", await page.isVisible("[data-role=bound]"), true);
  await click(page, "last");
  check("runner subsets: 3 solutions listed", await page.$$eval("[data-solution]", (ls) => ls.length), 3);
}

// The screenshots of docs/images (looked at before they are committed), of real runs.
async function screenshots(page, dir) {
  mkdirSync(dir, { recursive: true });
  const data = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../data");
  const shot = async (file, args, at, into) => {
    const doc = JSON.parse(readFileSync(record("shot.json", args), "utf8"));
    await page.goto("file://" + path.resolve(record("shot.html", args)));
    if (into) await page.check("[data-role=into]");
    const [kind, n, sub] = at;
    const j = doc.steps.map((s, k) => (s.k === kind ? k + 1 : -1)).filter((k) => k > 0)[n];
    await goto(page, j, sub);
    await page.mouse.move(0, 0);  // no button hovered
    await page.locator(".btv").screenshot({ path: path.join(dir, file) });
  };
  await shot("viewer-board.png", ["nqueens", "-n", "6", "--strategy", "board"], ["r", 20]);
  await shot("viewer-fc-domains.png", ["nqueens", "-n", "8", "--strategy", "fc"], ["p", 3]);
  await shot("viewer-mac-queue.png", ["nqueens", "-n", "6", "--strategy", "mac"], ["a", 1, 6], true);
  await shot("viewer-graph.png", ["colouring", "-i", path.join(data, "coloring/petersen.col"), "-m", "3", "--strategy", "textbook"], ["r", 3]);
  await shot("viewer-subsets.png", ["subsets", "-w", "5,10,12,13,15,18", "-m", "30", "--all"], ["r", 1]);
  await shot("viewer-sudoku.png", ["sudoku", "-i", path.join(data, "sudoku/one.txt"), "--strategy", "mrv+fc"], ["p", 0]);
}
