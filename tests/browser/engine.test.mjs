// SPDX-License-Identifier: MIT
// btsolve.run in the browser equals the native runner: the studio's btsolve.js (the runner
// compiled to WebAssembly) loaded in Debian's Chromium by playwright-core, each command line
// run by both, the JSON documents compared with their timings removed (Markdown and CSV tables
// as text); bad input gives the same exit code and message; recordings (btsolve.replay) equal
// the native --replay FILE.json. Every problem, every strategy of each problem's --help and the
// engine's CSP switches, generated and pasted instances, compare as the studio runs it.
// Usage: node engine.test.mjs STUDIO_DIR BTSOLVE DATA_DIR (CTest: studio.engine). Prints
// "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeLayouts, launchChromium, stable } from "./lib.mjs";

const [studio, btsolve, data] = process.argv.slice(2);
const text = (f) => readFileSync(path.join(data, f), "utf8");
// [argv, stdin]: files go through stdin (`-i -`), as the page passes pasted text.
const cases = [
  // nqueens: every strategy of its --help, the engine's switches, pre-placed queens
  [["nqueens", "-n", "8"]],
  [["nqueens", "-n", "6", "--count", "--strategy", "naive", "--stats"]],
  [["nqueens", "-n", "8", "--strategy", "board", "--stats"]],
  [["nqueens", "-n", "8", "--place", "1,1", "--strategy", "board", "--stats"]],
  [["nqueens", "-n", "8", "--all", "--strategy", "attack", "--stats"]],
  [["nqueens", "-n", "8", "--all", "--strategy", "arrays", "--stats"]],
  [["nqueens", "-n", "12", "--count", "--unique"]],
  [["nqueens", "-n", "11", "--count", "--strategy", "bitboard", "--stats"]],
  [["nqueens", "-n", "10", "--count", "--strategy", "symmetry", "--unique"]],
  [["nqueens", "-n", "10", "--count", "--strategy", "halves"]],
  [["nqueens", "-n", "30", "--strategy", "heuristic"]],
  [["nqueens", "-n", "50", "--strategy", "min-conflicts"]],
  [["nqueens", "-n", "8", "--limit", "92", "--strategy", "board", "--textbook-backtracks"]],
  [["nqueens", "-n", "6", "--all", "--strategy", "bt", "--stats"]],
  [["nqueens", "-n", "6", "--all", "--strategy", "fc", "--stats"]],
  [["nqueens", "-n", "8", "--strategy", "mac", "--stats"]],
  [["nqueens", "-n", "8", "--strategy", "cbj", "--place", "2,4"]],
  [["nqueens", "-n", "8", "--all", "--strategy", "dom-wdeg+fc"]],
  [["nqueens", "-n", "8", "--strategy", "mrv+fc+lcv"]],
  [["nqueens", "-n", "10", "--count", "--strategy", "mrv+mac+cbj"]],
  [["nqueens", "-n", "8", "--var-order", "dom-deg", "--inference", "fc", "--jump", "cbj"]],
  // colouring: files on stdin, generated graphs, the chromatic number, each strategy family
  [["colouring", "-i", "-", "-m", "3", "--stats"], "coloring/petersen.col"],
  [["colouring", "-i", "-", "-m", "3", "--strategy", "fc", "--stats"], "coloring/petersen.col"],
  [["colouring", "-i", "-", "-m", "3", "--all", "--strategy", "textbook", "--stats"], "coloring/petersen.col"],
  [["colouring", "-i", "-", "-m", "3", "--all", "--strategy", "mac"], "coloring/australia.col"],
  [["colouring", "-i", "-", "-m", "3", "--count", "--strategy", "bt"], "coloring/c5.txt"],
  [["colouring", "-i", "-", "-m", "4", "--strategy", "mrv+fc+cbj"], "coloring/myciel3.col"],
  [["colouring", "-i", "-", "-m", "4", "--strategy", "dom-wdeg+mac+lcv"], "coloring/usa48.col"],
  [["colouring", "-i", "-", "--chromatic"], "coloring/myciel4.col"],
  [["colouring", "-i", "-", "--chromatic"], "coloring/queen5_5.col"],
  [["colouring", "--queen-graph", "5x5", "-m", "5", "--strategy", "mrv+fc"]],
  [["colouring", "--mycielski", "3", "--chromatic"]],
  // hamiltonian: every strategy, files and generated graphs
  [["hamiltonian", "-i", "-", "--all", "--stats"], "hamiltonian/k4.hcp"],
  [["hamiltonian", "-i", "-", "--count", "--stats"], "hamiltonian/dodecahedron.hcp"],
  [["hamiltonian", "-i", "-", "--strategy", "sat"], "hamiltonian/herschel.hcp"],
  [["hamiltonian", "-i", "-", "--all", "--strategy", "textbook"], "hamiltonian/envelope6.hcp"],
  [["hamiltonian", "-i", "-", "--strategy", "pruned"], "hamiltonian/petersen.hcp"],
  [["hamiltonian", "--dodecahedron", "--count", "--strategy", "propagate"]],
  [["hamiltonian", "--hypercube", "3", "--count", "--strategy", "textbook"]],
  [["hamiltonian", "--knight", "4x5", "--strategy", "pruned"]],
  [["hamiltonian", "--petersen", "--strategy", "mrv+mac"]],
  [["hamiltonian", "-i", "-", "--all", "--strategy", "fc"], "hamiltonian/cube_q3.hcp"],
  // subsets: both strategies, the counting methods, a file on stdin
  [["subsets", "--weights", "5,10,12,13,15,18", "--target", "30", "--all", "--stats"]],
  [["subsets", "--weights", "5,10,12,13,15,18", "--target", "30", "--all", "--strategy", "textbook"]],
  [["subsets", "--weights", "5,10,12,13,15,18", "--target", "30", "--count"]],
  [["subsets", "--weights", "5,10,12,13,15,18", "--target", "30", "--count", "--count-method", "dp"]],
  [["subsets", "--weights", "5,10,12,13,15,18", "--target", "30", "--count", "--count-method", "mitm"]],
  [["subsets", "--weights", "5,10,12,13,15,18", "--target", "30", "--count", "--count-method", "search"]],
  [["subsets", "-i", "-", "--all", "--strategy", "reach"], "subset_sum/todd_n12.txt"],
  // sudoku: every strategy it lists, both models, 16x16
  [["sudoku", "--stats"], "sudoku/one.txt"],
  [["sudoku", "--strategy", "mac", "--stats"], "sudoku/two.txt"],
  [["sudoku", "--strategy", "mrv+mac", "--all"], "sudoku/two.txt"],
  [["sudoku", "--strategy", "mrv+fc+cbj"], "sudoku/one.txt"],
  [["sudoku", "--strategy", "dom-wdeg+mac"], "sudoku/hardest.txt"],
  [["sudoku", "--strategy", "mrv"], "sudoku/one.txt"],
  [["sudoku", "--strategy", "bt", "--node-limit", "20000"], "sudoku/one.txt"],
  [["sudoku", "--model", "channelled"], "sudoku/one.txt"],
  [["sudoku"], "sudoku/grid16.txt"],
  // knapsack and tsp: branch and bound, every strategy, improvements and the optimum
  [["knapsack", "-i", "-", "--stats"], "knapsack/hs_bknap8.txt"],
  [["knapsack", "-i", "-", "--all", "--strategy", "plain"], "knapsack/hs_lcbb4.txt"],
  [["knapsack", "-i", "-", "--strategy", "fractional", "--check"], "knapsack/levitin_bb4.txt"],
  [["tsp", "-i", "-", "--strategy", "reduced"], "tsp/burma14.tsp"],
  [["tsp", "-i", "-", "--check"], "tsp/gr17.tsp"],
  [["tsp", "-i", "-", "--strategy", "plain", "--node-limit", "3000"], "tsp/ulysses16.tsp"],
  // compare, as the studio's compare panel runs it (files from the in-memory file system)
  [["compare", "nqueens", "--sizes", "4,6", "--strategies", "board,arrays"]],
  [["compare", "nqueens", "-n", "4..7", "--strategies", "board,bt,fc,mac", "--pivot", "--measure", "checks", "--baseline", "bt"]],
  [["compare", "nqueens", "-n", "4..7", "--strategies", "board,bt,fc,mac", "--pivot", "--baseline", "bt", "--format", "markdown"]],
  [["compare", "nqueens", "-n", "4..7", "--strategies", "bt,fc,mac", "--pivot", "--measure", "removals", "--format", "csv"]],
  [["compare", "colouring", "--inputs", "coloring/petersen.col,coloring/myciel3.col", "--strategies", "dsatur,fc,mac",
    "--colours", "chromatic", "--pivot", "--format", "markdown"]],
  [["compare", "hamiltonian", "--inputs", "hamiltonian/k4.hcp,hamiltonian/cube_q3.hcp", "--strategies", "textbook,fc", "--all"]],
  [["compare", "knapsack", "--inputs", "knapsack/hs_bknap8.txt,knapsack/hs_lcbb4.txt", "--pivot", "--measure", "value"]],
  // bad input: the same one-line error and exit code
  [["nqueens", "-n", "0"]],
  [["nqueens", "-n", "8", "--place", "1,1", "--place", "2,2"]],
  [["nqueens", "-n", "8", "--strategy", "frob"]],
  [["colouring", "-i", "-", "-m", "3"], "coloring/bad_header.col"],
  [["colouring", "-i", "-", "-m", "3"], "coloring/bad_vertex.col"],
  [["hamiltonian", "-i", "-"], "hamiltonian/bad_type.hcp"],
  [["subsets", "--weights", "5,-1", "--target", "3"]],
  [["sudoku"], "sudoku/bad.txt"],
  [["nosuchproblem"]],
];
// Files compare reads (--inputs), put in the page's file system at the paths given.
const files = ["coloring/petersen.col", "coloring/myciel3.col", "coloring/answers.csv", "hamiltonian/k4.hcp",
               "hamiltonian/cube_q3.hcp", "knapsack/hs_bknap8.txt", "knapsack/hs_lcbb4.txt"];
// Recordings: the page's btsolve.replay against the native --replay FILE.json.
const replays = [
  [["nqueens", "-n", "4", "--strategy", "board"]],
  [["nqueens", "-n", "6", "--strategy", "fc", "--place", "1,2"]],
  [["nqueens", "-n", "6", "--all", "--strategy", "mrv+mac+cbj"]],
  [["colouring", "-i", "-", "-m", "3", "--strategy", "mac"], "coloring/petersen.col"],
  [["hamiltonian", "-i", "-", "--all", "--strategy", "textbook"], "hamiltonian/k4.hcp"],
  [["subsets", "--weights", "5,10,12,13,15,18", "--target", "30", "--all", "--strategy", "textbook"]],
  [["sudoku", "--strategy", "mrv+mac"], "sudoku/one.txt"],
  [["knapsack", "-i", "-"], "knapsack/hs_lcbb4.txt"],
  [["tsp", "-i", "-", "--strategy", "reduced"], "tsp/burma14.tsp"],
];
function native(args, stdin) {
  const withFormat = args.includes("--format") ? args : [...args, "--format", "json"];
  const r = spawnSync(btsolve, withFormat, { input: stdin ?? "", encoding: "utf8", cwd: data });
  return { exit: r.status, stdout: r.stdout, stderr: r.stderr };
}

let passed = 0;
let failed = 0;
function check(what, ok, detail) {
  if (ok) ++passed;
  else { ++failed; console.log(`FAIL ${what}: ${detail}`); }
}
const browser = await launchChromium();
const page = await browser.newPage();
const index = path.resolve(studio, "index.html");
if (existsSync(index)) {
  await page.goto("file://" + index);
} else {
  await page.goto("about:blank");
  await page.addScriptTag({ path: path.resolve(studio, "btsolve.js") });
}
await page.evaluate(() => globalThis.btsolve.ready.then(() => true));
await page.evaluate((fs) => { for (const [name, body] of fs) globalThis.btsolve.writeFile(name, body); },
                    files.map((f) => [f, text(f)]));
const textFormat = (args) => { const i = args.indexOf("--format"); return i >= 0 && args[i + 1] !== "json"; };
for (const [args, file] of cases) {
  const stdin = file ? text(file) : "";
  const what = args.join(" ") + (file ? " < " + file : "");
  const want = native(args, stdin);
  if (textFormat(args)) {
    // Markdown, CSV: the text itself (tables without timing columns).
    const got = await page.evaluate(([a, s]) => globalThis.btsolve.exec(a, s), [args, stdin]);
    check(what, got.exit === want.exit && got.stdout === want.stdout,
          `exit ${got.exit} vs ${want.exit}\n  wasm:\n${got.stdout}${got.stderr}\n  native:\n${want.stdout}${want.stderr}`);
    continue;
  }
  const got = await page.evaluate(([a, s]) => {
    try {
      const doc = globalThis.btsolve.run(a, s);
      return { exit: doc.$exit, doc };
    } catch (e) {
      return { exit: e.exitCode, error: e.message };
    }
  }, [args, stdin]);
  if (want.exit === 2 || want.exit === 70) {
    const line = want.stderr.trim().split("\n").pop();
    check(what, got.exit === want.exit && got.error === line,
          `exit ${got.exit} "${got.error}", native exit ${want.exit} "${line}"`);
    continue;
  }
  const a = JSON.stringify(stable(got.doc));
  const b = JSON.stringify(stable(JSON.parse(want.stdout)));
  check(what, got.exit === want.exit && a === b,
        `exit ${got.exit} vs ${want.exit}\n  wasm:   ${a.slice(0, 400)}\n  native: ${b.slice(0, 400)}`);
}
// --replay through the page: the same document as the native --replay FILE.json (timings aside).
const tmp = mkdtempSync(path.join(os.tmpdir(), "btsolve-engine-"));
for (const [args, file] of replays) {
  const stdin = file ? text(file) : "";
  const what = "replay " + args.join(" ") + (file ? " < " + file : "");
  const out = path.join(tmp, "replay.json");
  rmSync(out, { force: true });
  const want = native([...args, "--replay", out], stdin);
  let doc = null;
  try { doc = JSON.parse(readFileSync(out, "utf8")); } catch (e) { doc = null; }
  const got = await page.evaluate(([a, s]) => {
    const r = globalThis.btsolve.replay(a, s);
    return { replay: r.replay, exit: r.result.$exit };
  }, [args, stdin]);
  const a = JSON.stringify(stable(got.replay));
  const b = JSON.stringify(stable(doc));
  // The layout within a thousandth of the picture (a pixel is about 1/600).
  check(what, want.exit === 0 && doc && doc.steps.length > 0 && a === b &&
              closeLayouts(got.replay, doc, 1e-3),
        `native exit ${want.exit}, ${doc ? doc.steps.length : "no"} steps\n  wasm:   ${a.slice(0, 300)}\n  native: ${b.slice(0, 300)}`);
}
rmSync(tmp, { recursive: true, force: true });
await browser.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
