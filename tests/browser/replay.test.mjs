// SPDX-License-Identifier: MIT
// The --replay page in a real browser: Debian's Chromium, headless, driven by playwright-core.
// Usage: node replay.test.mjs BTSOLVE WORKDIR   (CTest: browser.replay). Prints "N passed, N failed".
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

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
function replay(name, args) {
  const file = path.join(workdir, name);
  execFileSync(btsolve, [...args, "--replay", file], { stdio: ["ignore", "ignore", "inherit"] });
  return "file://" + path.resolve(file);
}
async function counters(page) {
  const read = (id) => page.textContent("#" + id);
  return { step: Number(await read("step")), nodes: Number(await read("nodes")),
           backtracks: Number(await read("backtracks")), solutions: Number(await read("solutions")) };
}
async function queens(page) {
  return page.$$eval("#board td", (cells) =>
    cells.filter((c) => c.textContent === "\u265B").map((c) => [Number(c.dataset.row), Number(c.dataset.col)]));
}
async function click(page, id, times) {
  for (let i = 0; i < times; ++i) await page.click("#" + id);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
                                         headless: true, args: ["--no-sandbox"] });
try {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const requests = [];
  page.on("request", (r) => { if (!r.url().startsWith("file:")) requests.push(r.url()); });

  // 4-queens, board strategy, first solution: 40 steps; 9 nodes and 4 backtracks (--stats).
  await page.goto(replay("queens4.html", ["nqueens", "-n", "4", "--strategy", "board"]));
  check("4q: start", await counters(page), { step: 0, nodes: 0, backtracks: 0, solutions: 0 });
  check("4q: total steps", Number(await page.textContent("#total")), 40);
  await click(page, "forward", 16);  // Q1=1, Q2=3 failed (one backtrack), Q2=4, Q3=2
  check("4q: step 16 counters", await counters(page), { step: 16, nodes: 4, backtracks: 1, solutions: 0 });
  check("4q: step 16 queens", await queens(page), [[1, 1], [2, 4], [3, 2]]);
  await click(page, "forward", 10);  // ... back to the empty board
  check("4q: step 26 queens", await queens(page), []);
  check("4q: step 26 backtracks", (await counters(page)).backtracks, 4);
  await click(page, "back", 13);     // step 13: Q1=1, Q2=4 just placed
  check("4q: back to 13", await counters(page), { step: 13, nodes: 3, backtracks: 1, solutions: 0 });
  check("4q: step 13 queens", await queens(page), [[1, 1], [2, 4]]);
  await click(page, "last", 1);
  check("4q: last", await counters(page), { step: 40, nodes: 9, backtracks: 4, solutions: 1 });
  check("4q: the solution", await queens(page), [[1, 2], [2, 4], [3, 1], [4, 3]]);
  await click(page, "first", 1);
  check("4q: first", await queens(page), []);
  await click(page, "forward", 3);   // the root's node, Q1=1, then Q2's candidates
  check("4q: candidates", await page.textContent("#domain"), "candidates: Q2=3 Q2=4");

  // A 5-cycle in 3 colours, textbook order: counters at the end equal the run's statistics.
  const stats = spawnSync(btsolve, ["colouring", "--input", process.env.C5, "--colours", "3",
                                    "--strategy", "textbook", "--stats"], { encoding: "utf8" }).stderr;
  await page.goto(replay("c5.html", ["colouring", "--input", process.env.C5, "--colours", "3",
                                     "--strategy", "textbook"]));
  await click(page, "last", 1);
  const c = await counters(page);
  check("c5: nodes as --stats", c.nodes, Number(/nodes: (\d+)/.exec(stats)[1]));
  check("c5: backtracks as --stats", c.backtracks, Number(/backtracks: (\d+)/.exec(stats)[1]));
  check("c5: solutions", c.solutions, 1);
  check("c5: path", await page.textContent("#path"), "v1=1 v2=2 v3=1 v4=2 v5=3");
  check("c5: vertex colours", await page.$$eval("#graph circle", (cs) => cs.map((c) => c.dataset.colour)),
        ["1", "2", "1", "2", "3"]);
  await click(page, "back", 3);  // the solution node, its node event, v5=3
  check("c5: path three steps back", await page.textContent("#path"), "v1=1 v2=2 v3=1 v4=2");
  check("c5: v5 uncoloured", await page.$$eval("#graph circle", (cs) => cs.map((c) => c.dataset.colour)),
        ["1", "2", "1", "2", ""]);

  // Hamiltonian cycle of K4 from vertex 1: the first cycle is 1-2-3-4-1, drawn when found.
  // The path strategies draw the path (propagate, the default, branches on edges: no path).
  await page.goto(replay("k4.html", ["hamiltonian", "--strategy", "pruned", "--input", process.env.K4]));
  const pathEdges = () => page.$$eval("#graph line", (ls) =>
    ls.filter((l) => l.dataset.path === "true").map((l) => l.dataset.edge).sort());
  await click(page, "forward", 4);   // node, x2=2, node, x3=3
  check("k4: path after 4 steps", await pathEdges(), ["1-2", "2-3"]);
  await click(page, "last", 1);
  check("k4: the cycle", await pathEdges(), ["1-2", "1-4", "2-3", "3-4"]);
  check("k4: solutions", (await counters(page)).solutions, 1);
  check("no page errors", errors, []);
  check("no network", requests, []);
} finally {
  await browser.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
