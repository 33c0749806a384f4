// SPDX-License-Identifier: MIT
// The course studio's flows (docs/studio.md): build/studio/index.html driven in Debian's
// headless Chromium by playwright-core, as a student would use it, each result checked against
// the native runner: place a queen by clicking and run, play / pause, step back, jump to a
// solution, the counters against --stats, forward checking's domains, a pasted graph, a bad
// pasted graph's one-line error, a compare table and its Markdown against the native
// `btsolve compare ... --format markdown`; no page error, no request but file://.
// Usage: node studio.test.mjs STUDIO_DIR BTSOLVE DATA_DIR   (CTest: studio.flows)
// Prints one line per failed check and "N passed, N failed".
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { launchChromium, stable, clickAndWait } from "./lib.mjs";

const [studio, btsolve, data] = process.argv.slice(2);
const text = (f) => readFileSync(path.join(data, f), "utf8");

let passed = 0;
let failed = 0;
function check(what, ok, detail) {
  if (ok) ++passed;
  else { ++failed; console.log(`FAIL ${what}${detail === undefined ? "" : ": " + detail}`); }
  return ok;
}
// The native runner, from DATA_DIR (the page names its built-in files as tests/data does).
function native(args, stdin) {
  const r = spawnSync(btsolve, args, { input: stdin ?? "", encoding: "utf8", cwd: data });
  return { exit: r.status, stdout: r.stdout, stderr: r.stderr };
}
function nativeJson(args, stdin) {
  const r = native([...args, "--format", "json"], stdin);
  return { ...r, doc: r.stdout.trim() ? JSON.parse(r.stdout) : null };
}
// A page run's command line natively, with --replay FILE.json as the page records it: the JSON
// document and the replay document.
const tmp = mkdtempSync(path.join(os.tmpdir(), "btsolve-studio-"));
function nativeReplay(args, stdin) {
  const file = path.join(tmp, "replay.json");
  rmSync(file, { force: true });
  const r = nativeJson([...args, "--replay", file], stdin);
  let replay = null;
  try { replay = JSON.parse(readFileSync(file, "utf8")); } catch (e) { replay = null; }
  return { ...r, replay };
}
const same = (a, b) => JSON.stringify(stable(a)) === JSON.stringify(stable(b));
const short = (x) => JSON.stringify(stable(x)).slice(0, 300);

const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
const errors = [];
const requests = [];
page.on("pageerror", (e) => errors.push(e.message.split("\n")[0].slice(0, 200)));
page.on("console", (m) => { if (m.type() === "error") errors.push("console: " + m.text().slice(0, 200)); });
page.on("request", (r) => { if (!/^(file|data|blob):/.test(r.url())) requests.push(r.url()); });
const index = "file://" + path.resolve(studio, "index.html");
const t0 = Date.now();
await page.goto(index);
await page.waitForSelector("body[data-ready=true]", { timeout: 120000 });
console.log(`page ready in ${Date.now() - t0} ms`);

// Helpers: the page's own controls.
const js = (f, arg) => page.evaluate(f, arg);
const step = () => js(() => window.studio.viewer.step);
async function runPage() {
  await clickAndWait(page, "#run", "runs", 120000);
  return js(() => {
    const l = window.studio.last, e = document.querySelector("#error");
    return { error: e.hidden ? null : e.textContent, argv: l && l.argv, stdin: l && l.stdin, result: l && l.result,
             replay: l && l.replay ? { view: l.replay.view, csp: l.replay.csp, steps: l.replay.steps } : null };
  });
}
async function choose(problem) {
  await page.selectOption("#problem", problem);
  await page.waitForTimeout(50);
}
async function mode(m) { await page.check(`input[name="mode"][value="${m}"]`); }
const counters = () => js(() => {
  const o = {};
  for (const td of document.querySelectorAll("#viewer [data-counter]")) o[td.dataset.counter] = Number(td.textContent.replace(/,/g, ""));
  return o;
});
// The counters the viewer shows equal these stats (every key both have).
function countersEqual(shown, stats) {
  const keys = Object.keys(shown).filter((k) => typeof stats[k] === "number");
  return keys.length >= 7 && keys.every((k) => shown[k] === stats[k]);
}

// --- what the page offers is what the runner says -----------------------------------------
{
  const list = native(["list"]).stdout;
  // flatzinc reads MiniZinc models through the native minizinc: not in the browser build.
  const problems = [...list.split("Commands:")[0].matchAll(/^\s{2}(\S+)\s{2,}/gm)].map((m) => m[1]).filter((p) => p !== "flatzinc");
  const offered = await js(() => [...document.querySelectorAll("#problem option")].map((o) => o.value));
  check("the problems are btsolve list's", JSON.stringify(offered) === JSON.stringify(problems), `${offered} vs ${problems}`);
  for (const p of problems) {
    await choose(p);
    const help = native([p, "--help"]).stdout;
    const line = help.split("\n").findIndex((l) => /--strategy arg/.test(l));
    const own = help.split("\n").slice(line).join(" ").replace(/^.*--strategy arg\s+/, "").split(/,| \(/)[0].split("|").map((s) => s.trim());
    const opts = await js(() => [...document.querySelectorAll("#strategy option")].map((o) => o.value));
    check(`${p}: every strategy of its --help is offered`, own.every((s) => opts.includes(s)), `${own} vs ${opts}`);
    if (/engine switches/.test(help)) check(`${p}: the engine's CSP strategies are offered`, ["bt", "fc", "mac", "mrv+mac+cbj"].every((s) => opts.includes(s)), `${opts}`);
  }
}

// --- N-Queens: click a square to place a queen, run, the result has it ---------------------
await choose("nqueens");
await page.fill("#size", "8");
await page.waitForTimeout(300);
await page.click('#viewer [data-row="1"][data-col="3"]');
await page.waitForTimeout(100);
check("a click places a queen", (await page.inputValue("#placed")) === "1,3", await page.inputValue("#placed"));
check("the placed queen is drawn", await page.isVisible('#viewer [data-row="1"][data-col="3"][data-placed]'));
// Typed placements too; one the runner refuses shows its error and is not kept.
await page.fill("#placed", "1,1 2,2");
await page.press("#placed", "Enter");
await page.waitForTimeout(200);
{
  const want = native(["nqueens", "-n", "8", "--place", "1,1", "--place", "2,2"]).stderr.trim().split("\n").pop();
  const shown = await page.textContent("#error");
  check("a refused placement shows the runner's error", (await page.isVisible("#error")) && shown === want, `"${shown}" vs "${want}"`);
  check("and is not kept", (await page.inputValue("#placed")) === "1,3", await page.inputValue("#placed"));
}
await page.selectOption("#strategy", "board");
await mode("all");
let run = await runPage();
check("run with a placed queen: no error", !run.error, run.error);
check("the command line has --place 1,3", run.argv.join(" ").includes("--place 1,3"), run.argv.join(" "));
{
  const want = nativeReplay(run.argv);
  check("placed queen: the page's result equals the native runner's", same(run.result, want.doc), `${short(run.result)} vs ${short(want.doc)}`);
  check("placed queen: the page's steps equal native --replay's", want.replay && same(run.replay.steps, want.replay.steps) &&
        same(run.replay.view, want.replay.view), `${run.replay.steps.length} vs ${want.replay && want.replay.steps.length} steps`);
  const plain = nativeJson(["nqueens", "-n", "8", "--place", "1,3", "--strategy", "board", "--all"]);
  check("placed queen: the solutions are those of btsolve nqueens --place 1,3", same(run.result.solutions, plain.doc.solutions) &&
        same(run.result.stats, plain.doc.stats));
  check("every solution has the queen at row 1, column 3", run.result.solutions.length > 0 && run.result.solutions.every((s) => s[0] === 3));
}
// At the end: the counters equal the run's stats, the self-check says so, a solution has Q1 in column 3.
await page.click('#viewer [data-action="last"]');
check("counters at the last step = the run's --stats", countersEqual(await counters(), run.result.stats), JSON.stringify(await counters()));
check("the viewer's self-check passes", (await page.getAttribute('#viewer [data-role="selfcheck"]', "data-ok")) === "true");

// --- play, pause, step back, jump to a solution ----------------------------------------------
await page.click('#viewer [data-action="first"]');
await page.click('#viewer [data-action="play"]');
await page.waitForTimeout(1200);
const playing = await page.getAttribute("#viewer .btv", "data-playing");
await page.click('#viewer [data-action="play"]');  // pause
const s1 = await step();
await page.waitForTimeout(700);
const s2 = await step();
check("play advances the steps", playing === "true" && s1 > 0, `playing ${playing}, step ${s1}`);
check("pause stops them", s1 === s2 && (await page.getAttribute("#viewer .btv", "data-playing")) === "false", `${s1} then ${s2}`);
await page.click('#viewer [data-action="back"]');
check("step back goes one step back", (await step()) === s2 - 1, `${s2} -> ${await step()}`);
await page.focus("#viewer .btv");
await page.keyboard.press("ArrowRight");
check("the arrow key steps forward", (await step()) === s2, `${await step()}`);
await page.click('#viewer [data-action="first"]');
await page.click('#viewer [data-action="next-s"]');
await page.click('#viewer [data-action="next-s"]');
{
  const at = await step();
  const kind = await js((i) => window.studio.last.replay.steps[i - 1].k, at);
  check("next solution lands on a solution step", kind === "s", `step ${at}: ${kind}`);
  // The counters there are the native runner's when it stops at that (second) solution.
  const want = nativeJson(["nqueens", "-n", "8", "--place", "1,3", "--strategy", "board", "--limit", "2"]);
  check("counters at the 2nd solution = native --limit 2 --stats", countersEqual(await counters(), want.doc.stats),
        `${JSON.stringify(await counters())} vs ${JSON.stringify(want.doc.stats)}`);
  check("the solution's queens are drawn", (await page.locator('#viewer [data-queen="solution"]').count()) === 8);
  check("the solution is listed", (await page.locator("#viewer [data-solution]").count()) >= 2);
}

// --- a rejected square shows its attacker and line ------------------------------------------
{
  const r = await js(() => window.studio.last.replay.steps.findIndex((s) => s.k === "r") + 1);
  await js((i) => window.studio.viewer.goto(i), r);
  check("a rejection marks its attacker", (await page.locator("#viewer [data-attacker]").count()) >= 1);
  check("and draws the attack line", (await page.locator('#viewer [data-role="attack-line"][visibility="visible"]').count()) >= 1);
}

// --- forward checking: the domains, a removed value and who removed it -----------------------
await page.click("#clear-queens");
await page.fill("#size", "6");
await page.selectOption("#strategy", "fc");
await mode("first");
run = await runPage();
check("6-queens fc: no error", !run.error, run.error);
{
  const want = nativeReplay(run.argv);
  check("6-queens fc: result = native", same(run.result, want.doc), `${short(run.result)} vs ${short(want.doc)}`);
  check("6-queens fc: steps, domains and propagation = native --replay's", want.replay && same(run.replay, {
    view: want.replay.view, csp: want.replay.csp, steps: want.replay.steps }));
  check("the result names the strategy and its summary", run.result.strategy === "fc" &&
        (await page.textContent('#summary [data-role="strategy"]')) === "fc" &&
        (await page.textContent('#summary [data-role="strategy-summary"]')).includes("forward checking"));
  await js(() => window.studio.viewer.goto(2));  // after Q1=1
  check("the domains panel is shown", await page.isVisible('#viewer [data-role="domains-card"]'));
  const by = await page.getAttribute('#viewer [data-var="2"][data-value="1"]', "data-removed-by");
  check("Q2=1 removed by Q1 after Q1=1", by === "Q1", `data-removed-by ${by}`);
  check("the board shades the removed squares", (await page.locator("#viewer .btv-board [data-removed-by]").count()) > 0);
  await page.click('#viewer [data-action="last"]');
  check("fc: counters at the end = --stats (propagation counters too)",
        countersEqual(await counters(), run.result.stats) && (await counters()).removals === run.result.stats.removals,
        `${JSON.stringify(await counters())} vs ${JSON.stringify(run.result.stats)}`);
}

// --- colouring: a pasted graph -----------------------------------------------------------------
await choose("colouring");
await page.selectOption("#source", "paste");
const australia = text("coloring/australia.col");
await page.fill("#paste", australia);
await page.fill("#colours", "3");
await page.selectOption("#strategy", "fc");
await mode("all");
run = await runPage();
check("pasted graph: no error", !run.error, run.error);
check("pasted graph: given on stdin with -i -", run.argv.includes("-i") && run.stdin === australia);
{
  const want = nativeReplay(run.argv, australia);
  check("pasted graph: result = native", same(run.result, want.doc), `${short(run.result)} vs ${short(want.doc)}`);
  check("pasted graph: the graph is drawn", (await page.locator("#viewer circle[data-vertex]").count()) === 7);
  await page.click('#viewer [data-action="last"]');
  check("pasted graph: counters at the end = --stats", countersEqual(await counters(), run.result.stats));
}

// --- a bad pasted graph: the runner's one-line error, at once ---------------------------------
{
  const bad = text("coloring/bad_header.col");
  await page.fill("#paste", bad);
  await page.selectOption("#strategy", "");
  const tBad = Date.now();
  run = await runPage();
  const want = native(["colouring", "-i", "-", "-m", "3", "--all", "--format", "json"], bad);
  const line = want.stderr.trim().split("\n").pop();
  check("bad pasted graph: the native runner fails", want.exit === 2, `exit ${want.exit}`);
  check("bad pasted graph: the page shows its one-line error", run.error === line, `"${run.error}" vs "${line}"`);
  check("bad pasted graph: no hang", Date.now() - tBad < 20000, `${Date.now() - tBad} ms`);
}

// --- every problem runs with its default strategy; a strategy without a tree says so ----------
for (const p of ["nqueens", "colouring", "hamiltonian", "subsets", "sudoku"]) {
  await choose(p);
  await mode("first");
  await page.selectOption("#strategy", "");
  run = await runPage();
  check(`${p}: the default run works`, !run.error && run.result && typeof run.result.strategy === "string", run.error);
  if (!run.error) {
    const want = nativeReplay(run.argv, run.stdin);
    check(`${p}: the default run = native`, same(run.result, want.doc), `${short(run.result)} vs ${short(want.doc)}`);
  }
}
await choose("nqueens");
await page.fill("#size", "8");
await page.selectOption("#strategy", "symmetry");
await mode("count");
run = await runPage();
check("nqueens --count --strategy symmetry: counted, no steps, said why",
      !run.error && run.result.count === 92 && (await page.isVisible('#summary [data-role="note"]')), run.error);

// --- the compare panel --------------------------------------------------------------------------
await page.click("#tab-compare");
check("the compare tab shows its panel", await page.isVisible("#panel-compare") && !(await page.isVisible("#panel-watch")));
async function makeTable() {
  await clickAndWait(page, "#cmp-run", "compares", 180000);
  return js(() => {
    const c = window.studio.compare, e = document.querySelector("#cmp-error");
    return { error: e.hidden ? null : e.textContent, argv: c && c.argv, md: document.querySelector("#cmp-md").value,
             csv: document.querySelector("#cmp-csv").value, rows: document.querySelectorAll('[data-role="pivot"] tbody tr').length };
  });
}
async function tick(strategies) {
  for (const cb of await page.locator("#cmp-strategies input").all()) {
    const v = await cb.getAttribute("value");
    if (strategies.includes(v)) await cb.check(); else await cb.uncheck();
  }
}
await page.selectOption("#cmp-problem", "nqueens");
await tick(["board", "bt", "fc", "mac"]);
await page.fill("#cmp-sizes", "4..7");
await page.selectOption("#cmp-measure", "checks");
await page.selectOption("#cmp-baseline", "bt");
let table = await makeTable();
check("compare nqueens: no error", !table.error, table.error);
check("compare nqueens: one row per strategy", table.rows === 4, `${table.rows} rows`);
{
  const want = native([...table.argv, "--format", "markdown"]);
  check("compare nqueens: the Markdown = native compare --format markdown", want.exit === 0 && table.md === want.stdout,
        `\n${table.md}\nvs native\n${want.stdout}${want.stderr}`);
  const wantCsv = native([...table.argv, "--format", "csv"]);
  check("compare nqueens: the CSV = native", table.csv === wantCsv.stdout, `\n${table.csv}\nvs\n${wantCsv.stdout}`);
  check("compare nqueens: the table has ratios to bt", /\(1\.00x\)/.test(await page.textContent('[data-role="pivot"]')));
  check("compare nqueens: the plot draws lines across the sizes",
        (await page.getAttribute('#cmp-plot svg[data-role="plot"]', "data-kind")) === "lines" &&
        (await page.locator("#cmp-plot svg path[data-strategy]").count()) === 4);
}
// Copy as Markdown: the clipboard (or, where the browser refuses it, the selected text) holds it.
await context.grantPermissions(["clipboard-read", "clipboard-write"]).catch(() => {});
await page.click("#copy-md");
await page.waitForTimeout(200);
{
  const status = await page.textContent("#copy-status");
  const clip = await js(() => navigator.clipboard.readText().catch(() => null));
  check("Copy as Markdown copies the runner's Markdown", (clip !== null && clip === table.md) || /copied|select/.test(status), `${status}`);
  await page.click("#copy-csv");
  await page.waitForTimeout(200);
  const clip2 = await js(() => navigator.clipboard.readText().catch(() => null));
  check("Copy as CSV copies the runner's CSV", (clip2 !== null && clip2 === table.csv) || /copied|select/.test(await page.textContent("#copy-status")));
}
// Colouring instances (bars, never lines), the chromatic number of each graph as its colours.
await page.selectOption("#cmp-problem", "colouring");
await tick(["dsatur", "bt", "fc", "mac"]);
await page.selectOption("#cmp-baseline", "");
await page.selectOption("#cmp-measure", "nodes");
table = await makeTable();
check("compare colouring inputs: no error", !table.error, table.error);
{
  const want = native([...table.argv, "--format", "markdown"]);
  check("compare colouring: the Markdown = native", want.exit === 0 && table.md === want.stdout, `\n${table.md}\nvs native\n${want.stdout}${want.stderr}`);
  check("compare colouring: bars, no line joins the inputs",
        (await page.getAttribute('#cmp-plot svg[data-role="plot"]', "data-kind")) === "bars" &&
        (await page.locator("#cmp-plot svg path[data-strategy]").count()) === 0);
}
// A bad strategy: the runner's one-line error.
await page.fill("#cmp-more", "frob");
table = await makeTable();
check("compare with an unknown strategy: the one-line error", table.error && /frob/.test(table.error) && !table.error.includes("\n"), table.error);
await page.fill("#cmp-more", "");

// --- the page at large ---------------------------------------------------------------------------
check("no page errors", errors.length === 0, errors.join("; "));
check("no requests but file://", requests.length === 0, requests.join(", "));
await browser.close();
rmSync(tmp, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
