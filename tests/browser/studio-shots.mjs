// SPDX-License-Identifier: MIT
// The studio's screenshots in docs/images (docs/studio.md): the page at 1280x800 in Debian's
// headless Chromium, driven as a student would.
// Usage: node studio-shots.mjs STUDIO_DIR OUT_DIR   (OUT_DIR: docs/images)
import path from "node:path";
import { launchChromium, clickAndWait } from "./lib.mjs";

const [studio, out] = process.argv.slice(2);
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
page.on("pageerror", (e) => console.log("page error:", e.message.split("\n")[0]));
await page.goto("file://" + path.resolve(studio, "index.html"));
await page.waitForSelector("body[data-ready=true]", { timeout: 120000 });
async function run() {
  await clickAndWait(page, "#run", "runs", 120000);
}
const goto = (i) => page.evaluate((k) => window.studio.viewer.goto(k), i);
// The first step after `from` whose kind is k (1-based position for goto).
const find = (k, from = 0) => page.evaluate(([kk, f]) => window.studio.last.replay.steps.findIndex((s, j) => j >= f && s.k === kk) + 1, [k, from]);
async function shot(name, clip) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(250);
  const file = path.join(out, name);
  await page.screenshot({ path: file, clip });
  console.log("wrote", file);
}

// 1. The board: a queen placed by a click at (2,3), the textbook board strategy mid-run, at a
// rejected square with its attacker and line.
await page.selectOption("#problem", "nqueens");
await page.fill("#size", "8");
await page.waitForTimeout(300);
await page.click('#viewer [data-row="2"][data-col="3"]');
await page.selectOption("#strategy", "board");
await run();
await goto((await find("r", 40)));
await page.evaluate(() => window.scrollTo(0, document.querySelector("#result").offsetTop - 6));
await shot("studio-board.png", { x: 0, y: 0, width: 1280, height: 800 });

// 2. Forward checking's domains: 6 queens, fc, at a wipe-out.
await page.click("#edit");
await page.click("#clear-queens");
await page.fill("#size", "6");
await page.selectOption("#strategy", "fc");
await run();
await goto(await find("p"));
await page.evaluate(() => window.scrollTo(0, document.querySelector("#result").offsetTop - 6));
await shot("studio-fc-domains.png", { x: 0, y: 0, width: 1280, height: 800 });

// 3. Colouring the Petersen graph with 3 colours under MAC, mid-run.
await page.selectOption("#problem", "colouring");
await page.selectOption("#source", "file:petersen.col");
await page.fill("#colours", "3");
await page.selectOption("#strategy", "mac");
await run();
await goto(12);
await page.evaluate(() => window.scrollTo(0, 0));
await shot("studio-colouring.png", { x: 0, y: 0, width: 1280, height: 800 });

// 4. The compare panel: N-Queens 4..10, four strategies, checks, ratios to bt.
await page.click("#tab-compare");
await page.selectOption("#cmp-problem", "nqueens");
for (const cb of await page.locator("#cmp-strategies input").all()) {
  const v = await cb.getAttribute("value");
  if (["board", "bt", "fc", "mac", "mrv+mac"].includes(v)) await cb.check(); else await cb.uncheck();
}
await page.fill("#cmp-sizes", "4..10");
await page.selectOption("#cmp-measure", "checks");
await page.selectOption("#cmp-baseline", "bt");
await clickAndWait(page, "#cmp-run", "compares", 120000);
await page.evaluate(() => { window.scrollTo(0, 0); document.querySelector("#cmp-form").scrollTop = 0; });
await shot("studio-compare.png", { x: 0, y: 0, width: 1280, height: 800 });

// 5. A map: the USA coloured with 4 colours under bt, names at their places, at a rejected
// colour with its clash edge.
await page.click("#tab-watch");
await page.selectOption("#problem", "colouring");
await page.selectOption("#source", "map:usa");
await page.fill("#colours", "4");
await page.selectOption("#strategy", "bt");
await page.check('input[name="mode"][value="first"]');
await run();
await goto(await find("r", 60));
await page.evaluate(() => window.scrollTo(0, document.querySelector("#result").offsetTop - 6));
await shot("studio-map.png", { x: 0, y: 0, width: 1280, height: 800 });

// 6. Presentation mode at 1024x768: 8 queens under MAC, after Q1=1's propagation.
const small = await browser.newPage({ viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1 });
await small.goto("file://" + path.resolve(studio, "index.html") + "#p=nqueens&size=8&strategy=mac&mode=first&present=1&run=1&step=2");
await small.waitForSelector("body[data-ready=true]", { timeout: 120000 });
await small.mouse.move(0, 0);
await small.waitForTimeout(250);
await small.screenshot({ path: path.join(out, "studio-present.png") });
console.log("wrote", path.join(out, "studio-present.png"));

// 7. Exercise mode: Australia, 3 colours under bt, the student's second move WA=1 judged
// against the engine's (SA already has colour 1); and 8 queens under fc, Q3=1 judged pruned.
await page.goto("about:blank");
await page.goto("file://" + path.resolve(studio, "index.html") + "#p=colouring&source=map%3Aaustralia&colours=3&strategy=bt&mode=first&run=1");
await page.waitForSelector("body[data-ready=true]", { timeout: 120000 });
await page.waitForFunction(() => !document.querySelector("#exercise-start").hidden);
await page.click("#exercise-start");
await page.click("#exercise-reveal");
await page.click("#exercise-next");
await page.click('#viewer circle[data-vertex="2"]', { force: true });
await page.click('#exercise-colours [data-colour="1"]');
await page.evaluate(() => window.scrollTo(0, document.querySelector("#result").offsetTop - 6));
await shot("studio-exercise-map.png", { x: 0, y: 0, width: 1280, height: 800 });
await page.goto("about:blank");
await page.goto("file://" + path.resolve(studio, "index.html") + "#p=nqueens&size=8&strategy=fc&mode=first&run=1&exercise=3");
await page.waitForSelector("body[data-ready=true]", { timeout: 120000 });
await page.waitForSelector("#exercise:not([hidden])");
await page.click('#viewer [data-row="3"][data-col="4"]');
await page.evaluate(() => window.scrollTo(0, document.querySelector("#result").offsetTop - 6));
await shot("studio-exercise-board.png", { x: 0, y: 0, width: 1280, height: 800 });

// 8. The AC-3 exercise: Australia, 3 colours, SA assigned colour 1; the first five arcs revised
// for the student, then (WA, SA) answered wrong (both WA=1 and WA=2 removed): each value with
// its support or lack of one, the arcs that join the queue, the arc drawn on the map.
await page.goto("about:blank");
await page.goto("file://" + path.resolve(studio, "index.html") + "#p=colouring&source=map%3Aaustralia&colours=3&strategy=mac&mode=first&run=1&ac3=1&ac3fix=SA%3D1&ac3step=5");
await page.waitForSelector("body[data-ready=true]", { timeout: 120000 });
await page.click('#ac3-domains .st-ac3-i button[data-value="0"]');
await page.click('#ac3-domains .st-ac3-i button[data-value="1"]');
await page.click("#ac3-revise");
await page.evaluate(() => window.scrollTo(0, document.querySelector("#ac3").offsetTop - 6));
await shot("studio-ac3.png", { x: 0, y: 0, width: 1280, height: 800 });
await browser.close();
