// SPDX-License-Identifier: MIT
// The branch-and-bound view (issue 31, item 9): knapsack and TSP runs show, at every step, the
// incumbent (the best found so far), and at each prune the bound against the best and the
// subtree cut. Checked against the native recording and result: the incumbent at each solution
// step is the native improvement of that rank, "none yet" before the first; each prune's bound
// and best are the recording's; the subtree's size is that of the variables left; at the end
// the incumbent is the native optimum and the subtrees cut are the recording's prunes.
// Used by studio.test.mjs (studio.flows); alone: node bnb.mjs STUDIO_DIR BTSOLVE DATA_DIR.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

function nativeRun(btsolve, data, args) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "btsolve-bnb-")), file = path.join(dir, "r.json");
  const r = spawnSync(btsolve, [...args, "--format", "json", "--replay", file], { cwd: data, encoding: "utf8" });
  const out = { result: JSON.parse(r.stdout), replay: JSON.parse(readFileSync(file, "utf8")) };
  rmSync(dir, { recursive: true, force: true });
  return out;
}

export async function bnbChecks(page, index, check, btsolve, data) {
  const js = (f, a) => page.evaluate(f, a);
  const cases = [
    { hash: "#p=knapsack&source=file%3Ahs_bknap8.txt&strategy=sorted&mode=first&run=1", args: ["knapsack", "-i", "knapsack/hs_bknap8.txt", "--strategy", "sorted"], n: (r) => r.view.weights.length, left: (n, d) => n - d, size: (m) => 2 ** (m + 1) - 1 },
    { hash: "#p=tsp&source=file%3Aburma14.tsp&mode=first&run=1", args: ["tsp", "-i", "tsp/burma14.tsp"], n: (r) => r.view.n, left: (n, d) => n - 1 - d,
      size: (m) => { let s = 1, l = 1; for (let k = m; k >= 1; --k) { l *= k; s += l; } return s; } },
  ];
  for (const c of cases) {
    const nat = nativeRun(btsolve, data, c.args), steps = nat.replay.steps, name = c.args[2];
    const values = nat.result.improvements.map((x) => (x.value !== undefined ? x.value : x.length));
    await page.goto("about:blank");
    await page.goto(index + c.hash);
    await page.waitForSelector("body[data-ready=true]", { timeout: 120000 });
    const at = async (i) => {
      await js((k) => window.studio.viewer.goto(k), i);
      return js(() => { const e = document.querySelector("#bnb"), t = (r) => { const x = e.querySelector(`[data-role="${r}"]`); return x ? x.textContent : null; };
        return { hidden: e.hidden, incumbent: t("incumbent"), cut: t("cut"), bound: t("bound"), size: t("cut-size"), path: t("cut-path"), text: e.textContent }; });
    };
    let v = await at(0);
    check(`b&b ${name}: the panel is shown, no incumbent at the start`, !v.hidden && v.incumbent === "none yet", JSON.stringify(v));
    let ok = true, detail = "", k = 0;
    for (let j = 0; j < steps.length && ok; ++j) {
      const s = steps[j];
      if (s.k === "s") {
        v = await at(j + 1);
        ok = v.incumbent === values[k].toLocaleString("en-US");
        if (!ok) detail = `solution ${k + 1} at step ${j + 1}: ${JSON.stringify(v)} vs ${values[k]}`;
        ++k;
      } else if (s.k === "p" && s.why && s.why.bound) {
        v = await at(j + 1);
        const b = s.why.bound.values, m = c.left(c.n(nat.replay), s.d);
        ok = v.bound && Object.entries(b).every(([key, x]) => v.bound.includes(`${key} ${x.toLocaleString("en-US")}`)) &&
             v.size === c.size(m).toLocaleString("en-US") && (k === 0 || v.incumbent === values[k - 1].toLocaleString("en-US"));
        if (!ok) detail = `prune at step ${j + 1}: ${JSON.stringify(v)} vs ${JSON.stringify(b)} m=${m}`;
      }
    }
    check(`b&b ${name}: the incumbent at each improvement and each prune's bound, best and subtree as the native recording's`, ok && k === values.length, detail);
    v = await at(steps.length);
    const prunes = steps.filter((s) => s.k === "p" && s.why && s.why.bound).length;
    const best = nat.result.solutions[0].value !== undefined ? nat.result.solutions[0].value : nat.result.length;
    check(`b&b ${name}: at the end the incumbent is the native optimum (${best}) and ${prunes} subtrees were cut`, v.incumbent === best.toLocaleString("en-US") && v.cut === String(prunes), JSON.stringify(v));
  }
  // Not for the other problems.
  await page.goto("about:blank");
  await page.goto(index + "#p=nqueens&size=6&strategy=bt&mode=first&run=1");
  await page.waitForSelector("body[data-ready=true]", { timeout: 120000 });
  check("b&b: no panel for N-Queens", await js(() => document.querySelector("#bnb").hidden));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { runAlone } = await import("./lib.mjs");
  const [, btsolve, data] = process.argv.slice(2);
  await runAlone((page, index, check) => bnbChecks(page, index, check, path.resolve(btsolve), path.resolve(data)));
}
