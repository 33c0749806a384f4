// SPDX-License-Identifier: MIT
// Every studio link of the course's lesson plan (docs/course/*.md: the instructor's guide and
// the lab sheets) opened in the page: the view it names loads without error. A link is
// `...index.html#STATE` (the page's address state, docs/studio.md "Share and keep"); the page
// must show its problem, its instance and strategy, run when it says run=1 (a recording or a
// result, no error), stand at its step, and open the exercise it names.
// Used by studio.test.mjs (studio.flows); alone: node course-links.mjs STUDIO_DIR [COURSE_DIR].
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

/// The studio links of the Markdown files in dir: [{file, hash}], each hash once.
export function courseLinks(dir = path.join(here, "../../docs/course")) {
  const out = [], seen = new Set();
  for (const f of readdirSync(dir).filter((x) => x.endsWith(".md")).sort()) {
    for (const m of readFileSync(path.join(dir, f), "utf8").matchAll(/\]\(([^)\s]*index\.html)(#[^)\s]*)\)/g)) {
      if (!m[1].endsWith("build/studio/index.html")) continue;
      if (!seen.has(m[2])) { seen.add(m[2]); out.push({ file: f, hash: m[2] }); }
    }
  }
  return out;
}

/// Opens each link on `page` (a page of its own: it is navigated) and checks it.
export async function courseLinkChecks(page, index, check, dir) {
  const links = courseLinks(dir);
  check("the lesson plan has studio links in each of its files", links.length >= 20 && new Set(links.map((l) => l.file)).size >= 3, `${links.length} links`);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message.split("\n")[0]));
  for (const { file, hash } of links) {
    const q = new URLSearchParams(hash.slice(1)), before = errors.length;
    await page.goto("about:blank");
    await page.goto(index + hash);
    await page.waitForSelector("body[data-ready=true]", { timeout: 120000 });
    const got = await page.evaluate(() => {
      const s = window.studio, e = document.querySelector("#error");
      return { problem: document.querySelector("#problem").value, source: document.querySelector("#source").value,
               strategy: document.querySelector("#strategy").value, size: document.querySelector("#size").value,
               placed: document.querySelector("#placed").value,
               error: e.hidden ? null : e.textContent, last: s.last ? { argv: s.last.argv, steps: s.last.replay ? s.last.replay.steps.length : -1, count: s.last.result.count } : null,
               step: s.viewer ? s.viewer.step : -1, exercise: !document.querySelector("#exercise").hidden,
               ac3: !document.querySelector("#ac3").hidden, ac3step: +(document.querySelector("#ac3").dataset.step || 0),
               present: document.body.classList.contains("st-present") };
    });
    const where = `${file} ${hash}`;
    let ok = got.problem === q.get("p") && !got.error && errors.length === before;
    if (q.has("source")) ok = ok && got.source === q.get("source");
    if (q.has("strategy")) ok = ok && got.strategy === q.get("strategy");
    if (q.has("size")) ok = ok && got.size === q.get("size");
    if (q.has("placed")) ok = ok && got.placed === q.get("placed");
    if (q.get("present") === "1") ok = ok && got.present;
    if (q.get("run") === "1") {
      ok = ok && !!got.last && got.last.argv[0] === q.get("p") && typeof got.last.count === "number";
      if (q.has("step")) ok = ok && got.step === +q.get("step") && got.last.steps >= +q.get("step");
      if (q.has("exercise")) ok = ok && got.exercise;
      if (q.get("ac3") === "1") ok = ok && got.ac3 && got.ac3step === +(q.get("ac3step") || 0);
    } else {
      ok = ok && !got.last;
    }
    check(`course link loads its view: ${where}`, ok, JSON.stringify(got).slice(0, 400) + (errors.length > before ? " " + errors.slice(before).join("; ") : ""));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { runAlone } = await import("./lib.mjs");
  const dir = process.argv[3];
  // The checks listen to the page's errors themselves, per link.
  await runAlone((page, index, check) => courseLinkChecks(page, index, check, dir), { pageErrors: false });
}
