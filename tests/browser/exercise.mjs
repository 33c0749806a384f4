// SPDX-License-Identifier: MIT
// Exercise mode (issue 31, item 8), driven as a student: the page stops before each of the
// engine's assignments, the student makes it, and the page says whether the engine does the
// same, and why. N-Queens (a square clicked) and AIMA's Australia (a region, then a colour),
// each answered wrong and right; the verdicts are checked against the native recording.
// Used by studio.test.mjs (studio.flows); alone: node exercise.mjs STUDIO_DIR BTSOLVE DATA_DIR.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/// The engine's assignments (`a` steps) of the native recording of args: [{l, v, x}].
function nativeAssigns(btsolve, data, args) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "btsolve-ex-")), file = path.join(dir, "r.json");
  spawnSync(btsolve, [...args, "--replay", file], { cwd: data, encoding: "utf8" });
  const doc = JSON.parse(readFileSync(file, "utf8"));
  rmSync(dir, { recursive: true, force: true });
  return doc.steps.filter((s) => s.k === "a");
}

/// Opens each exercise on `page` (the studio at `index`, ready) and checks it with check(what, ok, detail).
export async function exerciseChecks(page, index, check, btsolve, data) {
  const js = (f, a) => page.evaluate(f, a);
  const verdict = () => js(() => { const e = document.querySelector("#exercise-verdict"); return { kind: e.dataset.verdict || "", text: e.textContent }; });
  const open = async (hash) => {
    await page.goto("about:blank");
    await page.goto(index + hash);
    await page.waitForSelector("body[data-ready=true]", { timeout: 120000 });
    await page.waitForFunction(() => window.studio && window.studio.last && !document.querySelector("#exercise-start").hidden, null, { timeout: 60000 });
    await page.click("#exercise-start");
    await page.waitForSelector("#exercise:not([hidden])");
  };
  const square = (r, c) => page.click(`#viewer [data-row="${r}"][data-col="${c}"]`);
  const queens = () => js(() => [...document.querySelectorAll("#viewer [data-queen]")].map((e) => `${e.dataset.row},${e.dataset.col}`).sort());

  // --- N-Queens 6 under bt: Q1=1 first (natural order), Q2=2 rejected (diagonal with Q1).
  {
    const a = nativeAssigns(btsolve, data, ["nqueens", "-n", "6", "--strategy", "bt"]);
    await open("#p=nqueens&size=6&strategy=bt&mode=first&run=1");
    check("exercise: 6-queens bt starts at move 1 with an empty board", (await queens()).length === 0, (await queens()).join(" "));
    await square(1, 2);
    let v = await verdict();
    check("exercise: Q1=2 judged wrong (the engine's value order tries Q1=1 first)", v.kind === "wrong" && /Q1=1/.test(v.text) && /natural/.test(v.text) && /later, at step/.test(v.text), v.text);
    await square(1, 1);
    v = await verdict();
    check(`exercise: Q1=1 judged right, as the native recording's first assignment (${a[0].l})`, v.kind === "right" && a[0].l === "Q1=1" && /Right/.test(v.text), v.text);
    check("exercise: after a right answer the board shows the engine's queen", JSON.stringify(await queens()) === JSON.stringify(["1,1"]), (await queens()).join(" "));
    await page.click("#exercise-next");
    await square(2, 2);
    v = await verdict();
    check("exercise: Q2=2 wrong, with the engine's reason (diagonal with Q1)", v.kind === "wrong" && /inconsistent/.test(v.text) && /diagonal with Q1/.test(v.text), v.text);
    await square(1, 4);
    v = await verdict();
    check("exercise: a row that has its queen is refused", v.kind === "wrong" && /already has its value/.test(v.text), v.text);
    await square(2, 3);
    v = await verdict();
    check(`exercise: Q2=3 right (native: ${a[1].l}), its reasons list the rejects`, v.kind === "right" && a[1].l === "Q2=3" && /column 1 rejected: column with Q1/.test(v.text) && /column 2 rejected: diagonal with Q1/.test(v.text), v.text);
    const score = await js(() => document.querySelector("#exercise-score").textContent);
    check("exercise: the score counts first tries", score === "0 right, 2 wrong", score);
    check("exercise: the URL names the exercise and its move", /exercise=2/.test(page.url()), page.url());
    // The engine's move revealed, then the next one; its reasons under fc: removed from the domain.
    await page.click("#exercise-next");
    await page.click("#exercise-reveal");
    v = await verdict();
    check(`exercise: "show the engine's move" gives ${a[2].l}`, v.kind === "shown" && v.text.includes(a[2].l), v.text);
  }
  {
    await open("#p=nqueens&size=6&strategy=fc&mode=first&run=1");
    await square(1, 1);
    await page.click("#exercise-next");
    await square(2, 2);
    const v = await verdict();
    check("exercise: under fc, Q2=2 is judged pruned (removed from Q2's domain by Q1's forward check)", v.kind === "wrong" && /no longer in Q2's domain/.test(v.text) && /forward checking/.test(v.text) && /Q1/.test(v.text), v.text);
  }

  {
    // A queen placed with --place is no question: the first move is the next row's.
    await open("#p=nqueens&size=8&placed=1%2C1&strategy=bt&mode=first&run=1");
    await square(2, 3);
    const v = await verdict();
    check("exercise: with Q1 placed (--place 1,1) the first move asked is Q2's, Q2=3 right", v.kind === "right" && /Q2=3/.test(v.text), v.text);
  }

  // --- Australia, 3 colours, bt: SA first (the first region in order), WA=1 clashes with SA.
  {
    const a = nativeAssigns(btsolve, data, ["colouring", "--map", "australia", "-m", "3", "--strategy", "bt"]);
    await open("#p=colouring&source=map%3Aaustralia&colours=3&strategy=bt&mode=first&run=1");
    const vertex = (name) => js((n) => window.studio.viewer.model.csp.variables.indexOf(n) + 1, name);
    await page.click(`#viewer circle[data-vertex="${await vertex("WA")}"]`, { force: true });
    await page.click('#exercise-colours [data-colour="2"]');
    let v = await verdict();
    check("exercise: Australia, WA=2 first judged wrong: the engine colours SA first (static order)", v.kind === "wrong" && /moves on SA/.test(v.text) && /static/.test(v.text), v.text);
    await page.click(`#viewer circle[data-vertex="${await vertex("SA")}"]`, { force: true });
    await page.click('#exercise-colours [data-colour="1"]');
    v = await verdict();
    check(`exercise: SA=1 right (native: ${a[0].l})`, v.kind === "right" && a[0].l === "SA=1", v.text);
    const coloured = await js(() => [...document.querySelectorAll("#viewer circle[data-vertex]")].filter((c) => c.dataset.colour).map((c) => c.dataset.vertex + ":" + c.dataset.colour));
    check("exercise: the map shows SA coloured 1", JSON.stringify(coloured) === JSON.stringify([`${await vertex("SA")}:1`]), coloured.join(" "));
    await page.click("#exercise-next");
    await page.selectOption("#exercise-region", { label: "WA" });
    await page.click('#exercise-colours [data-colour="1"]');
    v = await verdict();
    check("exercise: WA=1 wrong: SA already has colour 1 (the engine rejects it)", v.kind === "wrong" && /inconsistent/.test(v.text) && /SA/.test(v.text), v.text);
    await page.click('#exercise-colours [data-colour="2"]');
    v = await verdict();
    check(`exercise: WA=2 right (native: ${a[1].l})`, v.kind === "right" && a[1].l === "WA=2", v.text);
    await page.click("#exercise-stop");
    check("exercise: ended, the panel hidden and the button back", await js(() => document.querySelector("#exercise").hidden && !document.querySelector("#exercise-start").hidden));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { runAlone } = await import("./lib.mjs");
  const [, btsolve, data] = process.argv.slice(2);
  await runAlone((page, index, check) => exerciseChecks(page, index, check, path.resolve(btsolve), path.resolve(data)));
}
