// SPDX-License-Identifier: MIT
// The AC-3 exercise (issue 31, item 8): the student revises the arcs of AIMA's AC-3, run in the
// page on the last run's instance. Checked: the first queue is every arc in the textbook's
// order; an arc revised wrong and right, with each value's support or lack of one; the queue
// after a revision equals AC-3's (a reference implementation here); the domains at the end
// equal those the engine's MAC leaves at the root of the native runner's recording (Australia
// with SA and then WA assigned; 6-queens with a queen placed); a wipe-out; the seed; the step
// limit; the keyboard; the address; contrast (axe-core).
// Used by studio.test.mjs (studio.flows); alone: node ac3.mjs STUDIO_DIR BTSOLVE DATA_DIR.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/// AIMA's AC-3 (FIFO, an arc already waiting not added twice), `steps` revisions at most.
function referenceAc3(nb, ok, dom, steps = Infinity) {
  dom = dom.map((d) => d.slice());
  const queue = [];
  nb.forEach((ks, i) => { for (const j of ks) queue.push([i, j]); });
  let k = 0, wipe = false;
  while (queue.length && k < steps && !wipe) {
    const [i, j] = queue.shift();
    ++k;
    const keep = dom[i].filter((x) => dom[j].some((y) => ok(i, x, j, y)));
    if (keep.length === dom[i].length) continue;
    dom[i] = keep;
    if (!keep.length) { wipe = true; break; }
    for (const m of nb[i]) if (m !== j && !queue.some(([a, b]) => a === m && b === i)) queue.push([m, i]);
  }
  return { queue: queue.map(([i, j]) => `${i}>${j}`).join(","), dom, wipe };
}

/// The native runner's recording: the domains MAC leaves after step `upto` (every removal of
/// the steps up to it applied to the root domains; the assigned variables' domains their value).
function nativeDomains(btsolve, data, argv, upto) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bt-ac3-"));
  try {
    const file = path.join(dir, "r.json");
    spawnSync(btsolve, [...argv, "--replay", file], { cwd: data, encoding: "utf8" });
    const r = JSON.parse(readFileSync(file, "utf8"));
    const dom = r.csp.domains.map((d) => d.slice());
    for (let s = 0; s <= upto; ++s) {
      const step = r.steps[s];
      if (step.k === "a") dom[step.v] = [step.x];
      for (const e of step.prop || []) if (e[0] === "rm") dom[e[1]] = dom[e[1]].filter((x) => !e[2].includes(x));
    }
    return { dom, steps: r.steps, view: r.view };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function ac3Checks(page, index, check, btsolve, data, contrast) {
  const js = (f, a) => page.evaluate(f, a);
  const open = async (hash) => {
    await page.goto("about:blank");
    await page.goto(index + hash);
    await page.waitForSelector("body[data-ready=true]", { timeout: 120000 });
  };
  const state = () => js(() => {
    const b = document.querySelector("#ac3");
    return { hidden: b.hidden, state: b.dataset.state, step: +b.dataset.step, queue: b.dataset.queue, dom: JSON.parse(b.dataset.domains || "[]"),
             task: document.querySelector("#ac3-task").textContent, verdict: document.querySelector("#ac3-verdict").textContent,
             kind: document.querySelector("#ac3-verdict").dataset.verdict, hash: location.hash };
  });
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

  // Australia, 3 colours, SA assigned colour 1 (the engine's first assignment under mac).
  const au = nativeDomains(btsolve, data, ["colouring", "--map", "australia", "-m", "3", "--strategy", "mac"], 1);
  const names = au.view.names, n = names.length;
  const nb = names.map(() => new Set());
  for (const [a, b] of au.view.edges) { nb[a].add(b); nb[b].add(a); }
  const nbs = nb.map((s) => [...s].sort((x, y) => x - y));
  const differ = (i, x, j, y) => x !== y;
  const sa = names.indexOf("SA"), wa = names.indexOf("WA");
  const start = names.map((_, i) => (i === sa ? [0] : [0, 1, 2]));
  await open("#p=colouring&source=map%3Aaustralia&colours=3&strategy=mac&mode=first&run=1");
  check("ac3: the exercise is offered after a colouring run", await js(() => !document.querySelector("#ac3-start").hidden));
  await page.click("#ac3-start");
  await page.selectOption("#ac3-var", String(sa));
  await page.selectOption("#ac3-val", "0");
  await page.click("#ac3-assign");
  let s = await state();
  check("ac3: SA assigned, the first queue is every arc in the textbook's order", !s.hidden && s.state === "running" && s.queue === referenceAc3(nbs, differ, start, 0).queue && same(s.dom, start), JSON.stringify(s));
  // (SA, WA): SA=1 has support; removing it is wrong, and the page says why.
  await page.click(`#ac3-domains [data-var="${sa}"] button[data-value="0"]`);
  await page.click("#ac3-revise");
  s = await state();
  check("ac3: a wrong revision is judged wrong, with the value's support", s.kind === "wrong" && /SA=1 is supported by WA=2: kept/.test(s.verdict) && /you removed it/.test(s.verdict) && /no arc joins the queue/.test(s.verdict), s.verdict);
  check("ac3: the queue after a revision equals AC-3's (1)", s.queue === referenceAc3(nbs, differ, start, 1).queue, s.queue);
  const bad = contrast ? await contrast(page, "#ac3") : [];
  check("ac3: contrast at least 4.5:1 on the exercise with a wrong verdict", bad.length === 0, bad.slice(0, 4).join(" | "));
  // Through the keyboard: Revise for me up to (WA, SA), then WA=1 marked with the keyboard.
  while ((await state()).queue.split(",")[0] !== `${wa}>${sa}`) await page.click("#ac3-show");
  s = await state();
  await page.focus(`#ac3-domains [data-var="${wa}"] button[data-value="0"]`);
  await page.keyboard.press("Space");
  const pressed = await js((v) => document.querySelector(`#ac3-domains [data-var="${v}"] button[data-value="0"]`).getAttribute("aria-pressed"), wa);
  await page.focus("#ac3-revise");
  await page.keyboard.press("Enter");
  const k = s.step + 1;
  s = await state();
  const ref = referenceAc3(nbs, differ, start, k);
  check("ac3: the keyboard marks a value (Space) and revises (Enter)", pressed === "true" && s.step === k, `${pressed} ${s.step}`);
  check("ac3: a right revision is judged right, with the value that has no support", s.kind === "right" && /WA=1 has no support in SA's \{1\}: removed/.test(s.verdict) && /WA=2 is supported by SA=1|WA=2 is supported by/.test(s.verdict), s.verdict);
  check("ac3: the queue after a revision equals AC-3's, the arcs joining or waiting named", s.queue === ref.queue && same(s.dom, ref.dom) && /already waiting|join/.test(s.verdict), `${s.queue} | ${ref.queue} | ${s.verdict}`);
  await page.click("#ac3-end");
  s = await state();
  check("ac3: Australia with SA=1: AC-3's domains at the end equal the engine's MAC after SA=1 (native recording)", s.state === "done" && same(s.dom, au.dom) && same(s.dom, referenceAc3(nbs, differ, start).dom), `${JSON.stringify(s.dom)} | ${JSON.stringify(au.dom)}`);
  // SA=1 and WA=2: the engine's third step.
  const au2 = nativeDomains(btsolve, data, ["colouring", "--map", "australia", "-m", "3", "--strategy", "mac"], 3);
  await page.selectOption("#ac3-var", String(wa));
  await page.selectOption("#ac3-val", "1");
  await page.click("#ac3-assign");
  await page.click("#ac3-end");
  s = await state();
  check("ac3: Australia with SA=1 and WA=2: the same domains as the engine's MAC after WA=2", au.steps[3].l === "WA=2" && s.state === "done" && same(s.dom, au2.dom), `${JSON.stringify(s.dom)} | ${JSON.stringify(au2.dom)}`);
  // The address holds the exercise: reopened, the same queue and domains.
  await page.click("#ac3-reset");
  for (let i = 0; i < 7; ++i) await page.click("#ac3-show");
  const before = await state();
  await page.waitForFunction(() => /ac3step=7/.test(location.hash));
  const hash = await js(() => location.hash);
  await open(hash);
  s = await state();
  check("ac3: a link reopens the exercise at its revision (assignments, queue, domains)", !s.hidden && s.step === 7 && s.queue === before.queue && same(s.dom, before.dom) && /ac3fix=SA%3D1%2CWA%3D2/.test(hash), `${hash} ${JSON.stringify(s)}`);
  // The seed shuffles the first queue; AC-3 ends with the same domains; the same seed, the same queue.
  await page.fill("#ac3-seed", "5");
  await page.click("#ac3-reset");
  const q5 = (await state()).queue;
  await page.click("#ac3-reset");
  const q5b = (await state()).queue;
  await page.click("#ac3-end");
  s = await state();
  check("ac3: seeded: another first queue, the same again for the same seed, the same fixpoint", q5 === q5b && q5 !== before.queue && q5.split(",").length === referenceAc3(nbs, differ, start, 0).queue.split(",").length && same(s.dom, au2.dom), `${q5} | ${JSON.stringify(s.dom)}`);
  // The step limit.
  await page.fill("#ac3-seed", "0");
  await page.fill("#ac3-limit", "3");
  await page.click("#ac3-reset");
  await page.click("#ac3-end");
  s = await state();
  check("ac3: the step limit stops it, and says so", s.state === "limit" && s.step === 3 && /step limit reached/.test(s.task), JSON.stringify(s));

  // A wipe-out: Australia with 2 colours and SA assigned.
  await open("#p=colouring&source=map%3Aaustralia&colours=2&strategy=fc&mode=first&run=1&ac3=1&ac3fix=SA%3D1");
  await page.click("#ac3-end");
  s = await state();
  check("ac3: a wipe-out ends it: no solution under these assignments", s.state === "wipeout" && /no solution under these assignments/.test(s.task) && s.dom.some((d) => !d.length), JSON.stringify(s));

  // 6-queens with a queen placed at row 2, column 3: the engine's MAC at the root.
  const q6 = nativeDomains(btsolve, data, ["nqueens", "-n", "6", "--place", "2,3", "--strategy", "mac"], 0);
  await open("#p=nqueens&size=6&placed=2%2C3&strategy=mac&mode=first&run=1&ac3=1");
  s = await state();
  const attack = (i, x, j, y) => x !== y && Math.abs(x - y) !== Math.abs(i - j);
  const all6 = Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (__, j) => j).filter((j) => j !== i));
  const start6 = Array.from({ length: 6 }, (_, i) => (i === 1 ? [2] : [0, 1, 2, 3, 4, 5]));
  check("ac3: 6-queens, Q2 placed: rows as variables, columns as values, every arc queued", !s.hidden && same(s.dom, start6) && s.queue === referenceAc3(all6, attack, start6, 0).queue, JSON.stringify(s));
  // (Q1, Q2): Q1's columns 2, 3, 4 are attacked by Q2=3.
  await page.click('#ac3-domains [data-var="0"] button[data-value="1"]');
  await page.click('#ac3-domains [data-var="0"] button[data-value="2"]');
  await page.click('#ac3-domains [data-var="0"] button[data-value="3"]');
  await page.click("#ac3-revise");
  s = await state();
  check("ac3: 6-queens: (Q1, Q2) revised right, Q1=3 with no support in Q2's {3}", s.kind === "right" && /Q1=3 has no support in Q2's \{3\}/.test(s.verdict) && s.queue === referenceAc3(all6, attack, start6, 1).queue, `${s.verdict} | ${s.queue}`);
  const bad6 = contrast ? await contrast(page, "#ac3") : [];
  check("ac3: contrast at least 4.5:1 on the exercise on a board", bad6.length === 0, bad6.slice(0, 4).join(" | "));
  await page.click("#ac3-end");
  s = await state();
  check("ac3: 6-queens with Q2=3: AC-3's domains equal the engine's MAC at the root (native recording)", s.state === "done" && same(s.dom, q6.dom) && /the same domains ✓/.test(s.task), `${JSON.stringify(s.dom)} | ${JSON.stringify(q6.dom)} | ${s.task}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { runAlone, contrast } = await import("./lib.mjs");
  const [, btsolve, data] = process.argv.slice(2);
  await runAlone((page, index, check) => ac3Checks(page, index, check, path.resolve(btsolve), path.resolve(data), contrast));
}
