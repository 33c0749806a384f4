// SPDX-License-Identifier: MIT
// The course studio's flows (docs/studio.md): build/studio/index.html driven in Debian's
// headless Chromium by playwright-core, as a student would use it, each result checked against
// the native runner: place a queen by clicking and run, play / pause, step back, jump to a
// solution, the counters against --stats, forward checking's domains, a pasted graph, a bad
// pasted graph's one-line error, a compare table and its Markdown against the native
// `btsolve compare ... --format markdown`; then what a class needs (issue 31): the maps and a
// pasted AIMA list drawn with names and no overlapping discs, counters / jump buttons / legend in
// one vocabulary, the proof of "no solution" on the picture, a URL reopened to the same step and
// the downloads, tab order, presentation mode at 1024x768, contrast by axe-core; exercise mode
// (exercise.mjs), AC-3 revised by the student (ac3.mjs), min-conflicts (local-search.mjs), branch and bound (bnb.mjs), every studio link
// of the lesson plan (course-links.mjs); no page error, no request but file://.
// Usage: node studio.test.mjs STUDIO_DIR BTSOLVE DATA_DIR   (CTest: studio.flows)
// Prints one line per failed check and "N passed, N failed".
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { launchChromium, stable, clickAndWait, contrast } from "./lib.mjs";
import { exerciseChecks } from "./exercise.mjs";
import { courseLinkChecks } from "./course-links.mjs";
import { localSearchChecks } from "./local-search.mjs";
import { bnbChecks } from "./bnb.mjs";
import { ac3Checks } from "./ac3.mjs";

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

// --- maps: the built-in maps and pasted AIMA neighbour lists, drawn with names, no overlap ----
// The discs as drawn (SVG units), read back from the page: no two may overlap.
const discs = () => js(() => [...document.querySelectorAll("#viewer circle[data-vertex]")].map((c) =>
  [+c.getAttribute("cx"), +c.getAttribute("cy"), +c.getAttribute("r")]));
const shownNames = () => js(() => [...document.querySelectorAll("#viewer text[data-name]")]
  .filter((t) => t.getBoundingClientRect().width > 0).map((t) => t.dataset.name));
function overlaps(ds) {
  const out = [];
  for (let i = 0; i < ds.length; ++i)
    for (let j = i + 1; j < ds.length; ++j)
      if (Math.hypot(ds[i][0] - ds[j][0], ds[i][1] - ds[j][1]) < ds[i][2] + ds[j][2] - 1e-6) out.push([i + 1, j + 1]);
  return out;
}
for (const map of ["australia", "usa", "france"]) {
  await page.selectOption("#source", `map:${map}`);
  await page.fill("#colours", "4");
  await page.selectOption("#strategy", "");
  await mode("first");
  run = await runPage();
  check(`map ${map}: no error`, !run.error, run.error);
  check(`map ${map}: the command line has --map ${map}`, run.argv.join(" ").includes(`--map ${map}`), run.argv.join(" "));
  const want = nativeReplay(run.argv);
  check(`map ${map}: result = native (solutions by name)`, same(run.result, want.doc) && !Array.isArray(run.result.solutions[0]),
        `${short(run.result)} vs ${short(want.doc)}`);
  const names = want.replay ? want.replay.view.names : [];
  const ds = await discs();
  check(`map ${map}: every region drawn`, ds.length === names.length && names.length > 0, `${ds.length} discs, ${names.length} names`);
  check(`map ${map}: no two discs overlap`, overlaps(ds).length === 0, JSON.stringify(overlaps(ds).slice(0, 5)));
  const shown = await shownNames();
  check(`map ${map}: the names are shown`, JSON.stringify(shown) === JSON.stringify(names), `${shown} vs ${names}`);
  const sol = await page.textContent('#summary [data-role="result-solutions"] li, #summary .st-sols summary code');
  check(`map ${map}: the solution is written with names`, sol.includes(`${names[0]}:`), sol);
}
{
  const aima = "SA: WA NT Q NSW V; NT: WA Q; NSW: Q V; T:\n";
  await page.selectOption("#source", "paste");
  await page.fill("#paste", aima);
  await page.fill("#colours", "3");
  await page.selectOption("#strategy", "bt");
  await mode("all");
  run = await runPage();
  check("pasted AIMA neighbour lists: no error", !run.error, run.error);
  const want = nativeReplay(run.argv, aima);
  check("pasted AIMA neighbour lists: result and steps = native", same(run.result, want.doc) && want.replay && same(run.replay.steps, want.replay.steps),
        `${short(run.result)} vs ${short(want.doc)}`);
  const shown = await shownNames();
  check("pasted AIMA neighbour lists: the names are shown", JSON.stringify(shown.slice().sort()) === JSON.stringify(["NSW", "NT", "Q", "SA", "T", "V", "WA"]), `${shown}`);
  check("pasted AIMA neighbour lists: no two discs overlap", overlaps(await discs()).length === 0, JSON.stringify(overlaps(await discs())));
  await page.fill("#paste", australia);
}

// --- one vocabulary: counters, jump buttons and legend agree, for several strategies ---------
// prunes = rejects + pruned nodes (docs/statistics.md, "Words"); each jump button is enabled
// at the start exactly when its counter at the end is not zero, and at the end going back;
// the clash edge is drawn under every strategy whose reason names the attacker.
async function vocabulary(name) {
  await js(() => window.studio.viewer.goto(0));
  const enabled = () => js(() => Object.fromEntries([...document.querySelectorAll("#viewer [data-action]")]
    .filter((b) => /^(next|prev)-/.test(b.dataset.action)).map((b) => [b.dataset.action, !b.disabled])));
  const atStart = await enabled();
  await js(() => window.studio.viewer.goto(window.studio.viewer.total));
  const atEnd = await enabled();
  const c = await counters();
  const parts = await js(() => Object.fromEntries([...document.querySelectorAll("#viewer [data-part]")].map((t) => [t.dataset.part, Number(t.textContent)])));
  const steps = run.replay.steps, n = (k) => steps.filter((x) => x.k === k).length;
  check(`${name}: prunes = rejects + pruned nodes`, parts.rejects + parts.pruned === c.prunes && parts.rejects === n("r") && parts.pruned === n("p"),
        `${JSON.stringify(parts)} prunes ${c.prunes}`);
  if (typeof c.wipeouts === "number") check(`${name}: wipe-outs are pruned nodes`, c.wipeouts === steps.filter((x) => x.k === "p" && x.w !== undefined).length, `${c.wipeouts}`);
  const want = { s: c.solutions, b: c.backtracks, r: parts.rejects, p: parts.pruned };
  for (const [k, v] of Object.entries(want)) {
    check(`${name}: jump ${k} enabled at the start iff its counter is not zero (${v})`, atStart[`next-${k}`] === v > 0 && atEnd[`prev-${k}`] === v > 0,
          `next ${atStart[`next-${k}`]}, prev at the end ${atEnd[`prev-${k}`]}`);
  }
  const legend = await page.textContent('#viewer [data-role="legend"]');
  // A rejected colour clashes with a neighbour's; a wipe-out with its attacker's when they are
  // neighbours (fc; MAC's attacker may be further away).
  const view = run.replay.view, adjacent = (u, v) => (view.edges || []).some(([a, b]) => (a === u && b === v) || (a === v && b === u));
  const clash = steps.findIndex((x) => x.why && x.why.by && x.why.by.length &&
    ((x.k === "r" && x.c) || (x.k === "p" && x.w !== undefined && x.why.by.some(([u]) => adjacent(u, x.w)))));
  if (clash >= 0 && view.kind === "graph") {
    await js((i) => window.studio.viewer.goto(i), clash + 1);
    check(`${name}: the clash edge is drawn, as the legend says`, /red edge: the clash/.test(legend) &&
          (await page.locator("#viewer line[data-clash]").count()) >= 1, legend);
    const why = await page.textContent('#viewer [data-role="why"]');
    if (steps[clash].k === "r") check(`${name}: a rejected value's reason says rejected`, /rejected/.test(why) && !/pruned|refused/.test(why), why);
  }
}
await page.selectOption("#source", "file:c5.txt");
await page.fill("#colours", "2");
await mode("all");
for (const s of ["bt", "fc", "mac", "textbook", "dsatur", "mrv+fc+cbj"]) {
  await page.selectOption("#strategy", s);
  run = await runPage();
  check(`C5, 2 colours, ${s}: no error`, !run.error && run.replay, run.error);
  if (run.replay) await vocabulary(`C5, 2 colours, ${s}`);
}
await page.fill("#colours", "3");
await choose("nqueens");
await page.fill("#size", "6");
for (const s of ["board", "bt", "fc", "mac"]) {
  await page.selectOption("#strategy", s);
  run = await runPage();
  if (run.replay) await vocabulary(`6-queens, ${s}`);
}
await choose("subsets");
await page.selectOption("#subsets-preset", "textbook_hs4.txt");
await page.selectOption("#strategy", "");
run = await runPage();
if (run.replay) await vocabulary("subsets, textbook 4 weights");
await choose("colouring");
await page.selectOption("#source", "paste");
await page.fill("#paste", australia);
await page.fill("#colours", "3");

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

// --- no solution: the reason on the picture (the runner's proof; subsets: the sum) -------------
await choose("hamiltonian");
await mode("first");
for (const [source, vertex] of [["file:bowtie5.hcp", "3"], ["map:australia", "T"], ["map:usa", "ME"]]) {
  await page.selectOption("#source", source);
  await page.selectOption("#strategy", "");
  run = await runPage();
  const want = nativeJson(run.argv, run.stdin);
  check(`hamiltonian ${source}: result = native, with its proof`, !run.error && same(run.result, want.doc) && typeof want.doc.proof === "string",
        `${run.error} ${short(run.result)} vs ${short(want.doc)}`);
  const shown = await js(() => { const e = document.querySelector('#viewer [data-role="proof"]'); return e && !e.hidden ? e.textContent : null; });
  check(`hamiltonian ${source}: the proof is on the picture`, shown === `no solution: ${want.doc.proof}`, shown);
  check(`hamiltonian ${source}: and in the result`, (await page.textContent('#summary [data-role="proof"]')).includes(want.doc.proof));
  const marked = await js(() => [...document.querySelectorAll("#viewer circle[data-proof]")].map((c) => {
    const t = c.parentNode.querySelector("text"); return t.dataset.name || t.textContent; }));
  check(`hamiltonian ${source}: the vertex it names is marked (${vertex})`, JSON.stringify(marked) === JSON.stringify([vertex]), JSON.stringify(marked));
  check(`hamiltonian ${source}: the whole graph is drawn`, (await page.locator("#viewer circle[data-vertex]").count()) === want.doc.vertices);
}
await choose("subsets");
await page.selectOption("#subsets-preset", "custom");
await page.fill("#weights", "2,4,6");
await page.fill("#target", "50");
await page.selectOption("#strategy", "");
run = await runPage();
{
  const shown = await js(() => { const e = document.querySelector('#viewer [data-role="proof"]'); return e && !e.hidden ? e.textContent : null; });
  check("subsets 2,4,6 to 50: unreachable, said on the picture", run.result && run.result.count === 0 && /unreachable: all 3 weights add up to 12/.test(shown || ""), shown);
  await page.fill("#target", "5");
  run = await runPage();
  const none = await js(() => document.querySelector('#viewer [data-role="proof"]').hidden);
  check("subsets 2,4,6 to 5: no solution, but no unreachable-target claim", run.result && run.result.count === 0 && none);
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

// --- share and keep: downloads of the table and the plot ----------------------------------------
async function downloaded(p, selector) {
  const [dl] = await Promise.all([p.waitForEvent("download", { timeout: 30000 }), p.click(selector)]);
  return { name: dl.suggestedFilename(), text: readFileSync(await dl.path(), "utf8") };
}
{
  await page.selectOption("#cmp-problem", "nqueens");
  await tick(["board", "bt", "fc"]);
  await page.fill("#cmp-sizes", "4..6");
  table = await makeTable();
  const csv = await downloaded(page, "#download-csv"), md = await downloaded(page, "#download-md"), svg = await downloaded(page, "#download-svg");
  check("download CSV: the runner's compare --format csv", csv.name.endsWith(".csv") && csv.text === native([...table.argv, "--format", "csv"]).stdout, csv.name);
  check("download Markdown: the runner's compare --format markdown", md.name.endsWith(".md") && md.text === native([...table.argv, "--format", "markdown"]).stdout, md.name);
  check("download plot: an SVG file with its lines and its styles", svg.name.endsWith(".svg") && /^<\?xml/.test(svg.text) &&
        (svg.text.match(/<path [^>]*data-strategy/g) || []).length === 3 && svg.text.includes("<style>") && svg.text.includes('xmlns="http://www.w3.org/2000/svg"'), svg.text.slice(0, 200));
  check("the compare tab is in the URL", new URL(page.url()).hash.includes("tab=compare"), page.url());
}

// --- share and keep: the URL reopens the same view; the recording downloads ---------------------
await page.click("#tab-watch");
await choose("colouring");
await page.selectOption("#source", "map:australia");
await page.fill("#colours", "3");
await page.selectOption("#strategy", "mac");
await mode("limit");
await page.fill("#limit", "2");
run = await runPage();
await js(() => window.studio.viewer.goto(9));
await page.waitForTimeout(400);
{
  const url = page.url();
  check("the URL holds the view", /[#&]p=colouring/.test(url) && /source=map%3Aaustralia/.test(url) && /strategy=mac/.test(url) &&
        /mode=limit/.test(url) && /limit=2/.test(url) && /step=9(&|$)/.test(url), url);
  const rec = await downloaded(page, "#download-replay");
  const doc = JSON.parse(rec.text), want = nativeReplay(run.argv);
  check("download recording: the replay JSON (= native --replay FILE.json)", rec.name.endsWith(".replay.json") && want.replay &&
        same(doc.steps, want.replay.steps) && same(doc.view, want.replay.view) && JSON.stringify(doc.argv) === JSON.stringify(run.argv), rec.name);
  const again = await context.newPage();
  again.on("pageerror", (e) => errors.push("reopened: " + e.message.split("\n")[0].slice(0, 200)));
  await again.goto(url);
  await again.waitForSelector("body[data-ready=true]", { timeout: 120000 });
  const seen = await again.evaluate(() => ({ step: window.studio.viewer.step, argv: window.studio.last && window.studio.last.argv,
    problem: document.querySelector("#problem").value, source: document.querySelector("#source").value,
    strategy: document.querySelector("#strategy").value, mode: document.querySelector('input[name="mode"]:checked').value,
    event: document.querySelector('#viewer [data-role="event"]').textContent }));
  const here = await js(() => document.querySelector('#viewer [data-role="event"]').textContent);
  check("a reopened URL: the same setup", seen.problem === "colouring" && seen.source === "map:australia" && seen.strategy === "mac" && seen.mode === "limit",
        JSON.stringify(seen));
  check("a reopened URL: the same run, at the same step", seen.step === 9 && JSON.stringify(seen.argv) === JSON.stringify(run.argv) && seen.event === here,
        JSON.stringify(seen));
  check("a reopened URL: the same address", again.url() === url, `${again.url()} vs ${url}`);
  await again.close();
}

// --- long work off the main thread: a run and a compare in the worker, progress, cancel ---------
{
  check("runs and compares go to a Web Worker", (await js(() => window.studio.worker)).on === true);
  await page.click("#tab-watch");
  await choose("nqueens");
  await page.fill("#size", "30");
  await page.selectOption("#strategy", "bt");
  await mode("all");
  await page.click("#bounds summary");
  await page.fill("#time-limit", "30");
  await page.fill("#max-steps", "1000");
  const before = await js(() => Number(document.body.dataset.runs || 0));
  const tRun = Date.now();
  await page.click("#run");
  await page.waitForSelector("#run-progress:not([hidden])", { timeout: 10000 });
  await page.waitForTimeout(700);
  const t = Date.now();
  await js(() => 1);
  const lag = Date.now() - t;
  const progress = await page.textContent("#run-progress");
  check("a long run: the page answers while it runs", lag < 250, `${lag} ms`);
  check("a long run: its progress shows the time", /running nqueens -n 30 · \d+\.\d s/.test(progress), progress);
  await page.click("#cancel-run");
  await page.waitForFunction((n) => Number(document.body.dataset.runs || 0) > n, before, { timeout: 10000 });
  const error = await page.textContent("#error");
  check("a long run cancelled: said so, at once", /^cancelled after \d+\.\d s/.test(error) && Date.now() - tRun < 10000, error);
  check("a long run cancelled: Run is back, the progress gone", !(await page.isDisabled("#run")) && !(await page.isVisible("#run-progress")) && !(await page.isVisible("#cancel-run")));
  await page.fill("#time-limit", "5");
  await page.fill("#max-steps", "20000");
  await page.fill("#size", "6");
  run = await runPage();
  const want = nativeReplay(run.argv);
  check("after a cancel, the next run works (a new worker) and = native", !run.error && same(run.result, want.doc), run.error);
}
{
  await page.click("#tab-compare");
  await page.selectOption("#cmp-problem", "nqueens");
  await page.check('input[name="cmp-mode"][value="count"]');
  await tick(["bt", "fc"]);
  await page.fill("#cmp-sizes", "4..15");
  await page.fill("#cmp-time", "20");
  await page.selectOption("#cmp-measure", "nodes");
  const before = await js(() => Number(document.body.dataset.compares || 0));
  await page.click("#cmp-run");
  await page.waitForSelector('#cmp-table [data-role="partial"]', { timeout: 60000 });
  const progress = await page.textContent("#cmp-progress");
  check("a long compare: progress by column", /column \d+ of 12/.test(progress), progress);
  await page.click("#cmp-cancel");
  await page.waitForFunction((n) => Number(document.body.dataset.compares || 0) > n, before, { timeout: 10000 });
  const cells = await js(() => [...document.querySelectorAll('[data-role="pivot"] tbody tr[data-strategy="bt"] td')].map((td) => [td.dataset.status, td.textContent]));
  const done = cells.filter(([st]) => st === "ok").length;
  check("a long compare cancelled: the columns made are kept, the rest marked cancelled", cells.length === 12 && done >= 1 &&
        cells.slice(done).every(([st]) => st === "cancelled"), JSON.stringify(cells));
  check("a long compare cancelled: said so", /^cancelled after .* at column \d+ of 12/.test(await page.textContent("#cmp-error")));
  check("a long compare cancelled: the plot marks the cancelled sizes", (await page.locator('#cmp-plot [data-status="cancelled"]').count()) === 12 - done);
  const argv = await js(() => window.studio.compare.argv);
  const sizes = Array.from({ length: done }, (_, k) => 4 + k).join(",");
  const want = nativeJson(argv.map((a, i) => (argv[i - 1] === "-n" ? sizes : a)));
  const got = await js(() => window.studio.compare.doc.pivot.rows.map((r) => [r.strategy, r.values.filter((v, c) => r.status[c] === "ok")]));
  check("a long compare cancelled: the columns made = native compare of those sizes",
        JSON.stringify(got) === JSON.stringify(want.doc.pivot.rows.map((r) => [r.strategy, r.values])), `${JSON.stringify(got)} vs ${JSON.stringify(want.doc.pivot.rows.map((r) => [r.strategy, r.values]))}`);
  await page.check('input[name="cmp-mode"][value="first"]');
  await page.fill("#cmp-time", "2");
}

// --- projector and keyboard: tab order changes nothing, presentation mode, contrast (axe-core) --
await page.click("#tab-watch");
await choose("nqueens");
await page.fill("#size", "6");
await page.selectOption("#strategy", "fc");
await mode("first");
await page.waitForTimeout(300);
{
  const before = await js(() => JSON.stringify(window.studio.setupArgs()));
  const runsBefore = await js(() => document.body.dataset.runs);
  await page.focus("#problem");
  const passed = [];
  for (let k = 0; k < 40; ++k) {
    await page.keyboard.press("Tab");
    const id = await js(() => document.activeElement && (document.activeElement.id || document.activeElement.name || document.activeElement.tagName));
    passed.push(id);
    if (id === "run") break;
  }
  const after = await js(() => JSON.stringify(window.studio.setupArgs()));
  check("tabbing through the setup form reaches Run", passed.includes("run") && passed.includes("limit"), passed.join(" "));
  check("tabbing through the setup form changes nothing it passes", before === after && runsBefore === (await js(() => document.body.dataset.runs)),
        `${before}\nvs\n${after}`);
  await page.fill("#limit", "4");
  check("typing in the first-K field chooses that mode", (await js(() => document.querySelector('input[name="mode"]:checked').value)) === "limit");
  await mode("first");
}
// The first prune by the bound in Horowitz-Sahni's 8-item knapsack (a step for the contrast check).
const bnbPrune = (() => { const r = nativeReplay(["knapsack", "-i", "knapsack/hs_bknap8.txt", "--strategy", "sorted"]); return r.replay.steps.findIndex((x) => x.k === "p" && x.why && /bound/.test(x.why.text)) + 1; })();
{
  const small = await context.newPage();
  await small.setViewportSize({ width: 1024, height: 768 });
  small.on("pageerror", (e) => errors.push("present: " + e.message.split("\n")[0].slice(0, 200)));
  await small.goto(index + "#p=nqueens&size=6&strategy=fc&mode=first&run=1&step=2");
  await small.waitForSelector("body[data-ready=true]", { timeout: 120000 });
  await small.click("#present");
  await small.waitForTimeout(200);
  const box = (sel) => small.evaluate((s) => { const e = document.querySelector(s); if (!e) return null; const r = e.getBoundingClientRect(); return { l: r.left, t: r.top, r: r.right, b: r.bottom }; }, sel);
  const board = await box("#viewer .btv-board"), doms = await box('#viewer [data-role="domains-card"]'), setup = await box("#setup");
  check("presentation mode: the setup column is hidden", setup && setup.r - setup.l === 0, JSON.stringify(setup));
  check("presentation mode at 1024x768: the board fits", board && board.r <= 1024 && board.b <= 768, JSON.stringify(board));
  check("presentation mode at 1024x768: the domains beside the board, in view", doms && doms.l >= board.r && doms.r <= 1024 && doms.b <= 768 && doms.t < board.b,
        `${JSON.stringify(doms)} board ${JSON.stringify(board)}`);
  const sizes = await small.evaluate(() => ["#viewer [data-role=event]", "#viewer [data-role=legend]", "#viewer .btv-counters td", "#viewer .btv-domains"]
    .map((s) => parseFloat(getComputedStyle(document.querySelector(s)).fontSize)));
  check("presentation mode: large type (event 20px, the rest at least 16px)", sizes[0] >= 20 && sizes.every((x) => x >= 16), sizes.join(" "));
  check("presentation mode is in the URL", /present=1/.test(small.url()), small.url());
  // Contrast >= 4.5:1 on the board and around it, at several kinds of step.
  const steps = await small.evaluate(() => { const s = window.studio.last.replay.steps, at = (k) => s.findIndex((x) => x.k === k) + 1;
    return [0, at("a"), at("r"), at("p"), at("b"), at("s")].filter((x) => x >= 0); });
  for (const i of steps) {
    await small.evaluate((k) => window.studio.viewer.goto(k), i);
    const bad = await contrast(small, "#viewer");
    check(`contrast at least 4.5:1 in the viewer (6-queens fc, step ${i})`, bad.length === 0, bad.slice(0, 4).join(" | "));
  }
  await small.click("#present");
  check("presentation mode: the button leaves it", !(await small.evaluate(() => document.body.classList.contains("st-present"))));
  for (const h of ["#p=colouring&source=map%3Aaustralia&colours=3&strategy=bt&mode=all&run=1&step=6",
                   "#p=subsets&subsets-preset=textbook_hs6.txt&mode=first&run=1&step=5",
                   "#p=colouring&source=map%3Aaustralia&colours=3&strategy=bt&mode=first&run=1&exercise=2",
                   "#p=knapsack&source=file%3Ahs_bknap8.txt&strategy=sorted&mode=first&run=1&step=PRUNE",
                   "#p=nqueens&size=8&strategy=min-conflicts&mode=first&run=1"]) {
    await small.goto("about:blank");
    await small.goto(index + h.replace("PRUNE", String(bnbPrune)));
    await small.waitForSelector("body[data-ready=true]", { timeout: 120000 });
    if (/exercise=/.test(h)) {  // a wrong answer's verdict on show: WA=1 with SA coloured 1
      await small.selectOption("#exercise-region", { label: "WA" });
      await small.click('#exercise-colours [data-colour="1"]');
    }
    if (/min-conflicts/.test(h)) for (let k = 0; k < 3; ++k) await small.click("#local-step");
    const bad = await contrast(small, "body");
    check(`contrast at least 4.5:1 on the whole page (${h})`, bad.length === 0, bad.slice(0, 4).join(" | "));
  }
  await small.close();
}

// --- exercise mode: N-Queens and Australia answered wrong and right (exercise.mjs) ----------------
await exerciseChecks(page, index, check, btsolve, data);

// --- local search for contrast: min-conflicts animated in the page (local-search.mjs) ----------
await localSearchChecks(page, index, check, btsolve, data);

// --- branch and bound: the incumbent, the bound and the subtree cut (bnb.mjs) ----------------------
await bnbChecks(page, index, check, btsolve, data);

// --- AC-3: the student revises the arcs, the fixpoint against the engine's MAC (ac3.mjs) ------------
await ac3Checks(page, index, check, btsolve, data, contrast);

// --- the lesson plan: every studio link of docs/course/*.md loads its view (course-links.mjs) ----
{
  const course = await context.newPage();
  await courseLinkChecks(course, index, check);
  await course.close();
}

// --- the page at large ---------------------------------------------------------------------------
check("no page errors", errors.length === 0, errors.join("; "));
check("no requests but file://", requests.length === 0, requests.join(", "));
await browser.close();
rmSync(tmp, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
