// SPDX-License-Identifier: MIT
// Local search for contrast (issue 31, item 9): min-conflicts on N-Queens animated in the page
// (the runner's min-conflicts records no steps). Checked: the panel comes with a min-conflicts
// run (whose result equals the native runner's); each step moves one queen within its row and
// the conflicts shown equal the attacking pairs read back from the board; the same seed gives
// the same moves, another seed others; the search ends solved (no queen attacked) within its
// step limit, and a small limit stops it, said so.
// Used by studio.test.mjs (studio.flows); alone: node local-search.mjs STUDIO_DIR BTSOLVE DATA_DIR.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

export async function localSearchChecks(page, index, check, btsolve, data) {
  const js = (f, a) => page.evaluate(f, a);
  await page.goto("about:blank");
  await page.goto(index + "#p=nqueens&size=8&strategy=min-conflicts&mode=first&run=1");
  await page.waitForSelector("body[data-ready=true]", { timeout: 120000 });
  check("min-conflicts: the local search panel comes with a min-conflicts run", await js(() => !document.querySelector("#local").hidden));
  const result = await js(() => window.studio.last.result);
  const nat = JSON.parse(spawnSync(btsolve, ["nqueens", "-n", "8", "--strategy", "min-conflicts", "--format", "json"], { cwd: data, encoding: "utf8" }).stdout);
  check("min-conflicts: the runner's result in the page equals the native one", JSON.stringify(result.solutions) === JSON.stringify(nat.solutions), JSON.stringify(result.solutions));
  // The board read back: queens per row, attacking pairs, and what the status says.
  const board = () => js(() => {
    const q = [...document.querySelectorAll("#local-board [data-queen]")].map((e) => [+e.dataset.row, +e.dataset.col]);
    const s = document.querySelector("#local-status"), moved = document.querySelector("#local-board [data-moved]");
    return { q, step: +s.dataset.step, conflicts: +s.dataset.conflicts, state: s.dataset.state, text: s.textContent,
             moved: moved ? [+moved.dataset.row, +moved.dataset.col] : null };
  });
  const pairs = (q) => { let k = 0; for (let i = 0; i < q.length; ++i) for (let j = i + 1; j < q.length; ++j) if (q[i][1] === q[j][1] || Math.abs(q[i][1] - q[j][1]) === Math.abs(q[i][0] - q[j][0])) ++k; return k; };
  let b = await board(), ok = b.q.length === 8 && new Set(b.q.map((x) => x[0])).size === 8 && b.conflicts === pairs(b.q) && b.step === 0;
  check("min-conflicts: the start has a queen per row and its conflicts counted right", ok, JSON.stringify(b));
  let prev = b, steps = 0, allOk = true, detail = "";
  while (prev.state === "running" && steps < 200) {
    await page.click("#local-step");
    b = await board();
    ++steps;
    const changed = b.q.filter((x) => !prev.q.some((y) => y[0] === x[0] && y[1] === x[1]));
    const good = b.step === steps && b.conflicts === pairs(b.q) && b.q.length === 8 && changed.length <= 1 &&
                 (!changed.length || (b.moved && b.moved[0] === changed[0][0] && b.moved[1] === changed[0][1] && b.text.includes(`Q${changed[0][0]} moved from`)));
    if (!good && allOk) { allOk = false; detail = JSON.stringify({ prev, b }); }
    prev = b;
  }
  check("min-conflicts: each step moves one queen in its row, named, and the conflicts shown are the board's", allOk && steps > 0, detail);
  check("min-conflicts: seed 1 solves 8-queens (no queen attacked) within the step limit", b.state === "solved" && b.conflicts === 0 && pairs(b.q) === 0 && /solved/.test(b.text), JSON.stringify(b));
  const moves = await js(() => window.studio.local.history.map((m) => `${m.row}:${m.from}>${m.to}`).join(" "));
  await page.click("#local-reset");
  await page.click("#local-end");
  const again = await js(() => window.studio.local.history.map((m) => `${m.row}:${m.from}>${m.to}`).join(" "));
  check("min-conflicts: deterministic: the same seed makes the same moves", again === moves && moves.length > 0, `${moves} | ${again}`);
  await page.fill("#local-seed", "7");
  await page.click("#local-reset");
  await page.click("#local-end");
  const other = await js(() => ({ h: window.studio.local.history.map((m) => `${m.row}:${m.from}>${m.to}`).join(" "), s: window.studio.local.start.join(",") }));
  check("min-conflicts: another seed, another search", other.h !== moves, other.h);
  await page.goto("about:blank");
  await page.goto(index + "#p=nqueens&size=30&strategy=min-conflicts&mode=first&run=1");
  await page.waitForSelector("body[data-ready=true]", { timeout: 120000 });
  await page.fill("#local-limit", "3");
  await page.fill("#local-seed", "1");
  await page.click("#local-reset");
  await page.click("#local-end");
  b = await board();
  check("min-conflicts: the step limit stops it (30 queens, 3 steps), and says so", b.step <= 3 && (b.state === "limit" ? /step limit reached/.test(b.text) : b.state === "solved") && b.q.length === 30, JSON.stringify({ step: b.step, state: b.state, text: b.text }));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { runAlone } = await import("./lib.mjs");
  const [, btsolve, data] = process.argv.slice(2);
  await runAlone((page, index, check) => localSearchChecks(page, index, check, path.resolve(btsolve), path.resolve(data)));
}
