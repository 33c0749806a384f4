// SPDX-License-Identifier: MIT
// btsolve's course studio (docs/studio.md): the page around the runner compiled to WebAssembly
// (btsolve.js: btsolve.run / exec / replay, the same arguments as the command line) and the
// step viewer (viewer.js: BtViewer.mount). Two panels:
//   Watch    choose the problem, the instance, the strategy and the mode, place queens with the
//            mouse, run (bounded: --replay-max-steps, --time-limit, --node-limit), watch the
//            recorded search in the viewer; the result and the runner's statistics beside it.
//   Compare  `btsolve compare ... --pivot` run on the page: the pivot table with ratios to a
//            baseline, a log-scale plot drawn here, the runner's own Markdown and CSV to copy.
// What the page offers (problems, strategies, engine switches, measures) is read from the
// runner's help text and JSON, not written here; only the built-in instances (copied from
// tests/data) and the labels of the instance choosers are the page's own.
// Plain JavaScript, no dependencies, no network. window.studio is a small hook for tests and
// the figures (tests/browser/studio.test.mjs, studio-bench.mjs).
"use strict";
(function () {
  // Built-in instances: instances.js, made from tests/data at build time (tools/instances.mjs).
  const DATA = globalThis.BT_INSTANCES;

  const MAX_STEPS = 100000;         // --replay-max-steps the page allows (the viewer's design point)
  const PASTED_NAME = { colouring: "pasted.col", hamiltonian: "pasted.hcp", sudoku: "pasted.txt", subsets: "pasted.txt",
                        knapsack: "pasted.txt", tsp: "pasted.tsp" };
  // Where the built-in instances sit in the engine's in-memory file system (as in tests/data, so
  // that a command line shown on the page runs natively from tests/data as it is).
  const FOLDER = { colouring: "coloring", hamiltonian: "hamiltonian", sudoku: "sudoku", subsets: "subset_sum",
                   knapsack: "knapsack", tsp: "tsp" };
  // The engine's CSP strategies offered as presets (each kept only when the runner's help lists
  // its switches for the problem); "engine: choose switches" builds any other.
  const CSP_PRESETS = ["bt", "fc", "mac", "cbj", "fc+cbj", "mrv", "mrv+fc", "mrv+mac", "mrv+fc+cbj",
                       "mrv+mac+cbj", "dom-deg+fc", "dom-wdeg+mac", "mrv+fc+lcv"];
  const SWITCH_DEFAULTS = { "var-order": "static", "val-order": "natural", inference: "none", jump: "bt" };
  // How each problem's instance is chosen on the page (problems the runner adds later get the
  // paste box and the free options field).
  const UI = {
    nqueens: { kind: "size" },
    colouring: {
      kind: "source", label: "Graph", files: DATA.colouring, colours: true,
      gens: [{ id: "queen", label: "queen graph R×C (generated)", arg: "--queen-graph", param: "5x5", what: "board R×C" },
             { id: "myc", label: "Mycielski graph K (generated)", arg: "--mycielski", param: "4", what: "K" }],
      paste: "DIMACS .col (p edge N M, then e U V), an edge list (U V per line) or TSPLIB HCP",
      example: "p edge 4 5\ne 1 2\ne 2 3\ne 3 4\ne 4 1\ne 1 3\n",
    },
    hamiltonian: {
      kind: "source", label: "Graph", files: DATA.hamiltonian,
      gens: [{ id: "knight", label: "knight's graph R×C (generated)", arg: "--knight", param: "5x6", what: "board R×C" },
             { id: "cube", label: "hypercube Q_D (generated)", arg: "--hypercube", param: "3", what: "D" },
             { id: "petersen", label: "Petersen graph (generated)", arg: "--petersen" },
             { id: "dodeca", label: "dodecahedron (generated)", arg: "--dodecahedron" }],
      paste: "TSPLIB HCP, DIMACS edge file or an edge list (U V per line)",
      example: "1 2\n2 3\n3 4\n4 5\n5 1\n1 3\n",
    },
    subsets: { kind: "subsets", presets: DATA.subsets, paste: "n and the target m, then the n weights", example: "4 31\n11 13 24 7\n" },
    knapsack: { kind: "source", label: "Items", files: DATA.knapsack,
                paste: "n and the capacity, then n lines 'weight value'",
                example: "4 15\n2 10\n4 10\n6 12\n9 18\n" },
    tsp: { kind: "source", label: "Cities", files: DATA.tsp,
           paste: "a TSPLIB file, a weighted edge list (U V LENGTH per line) or a graph (every edge 1)",
           example: "1 2 3\n2 3 4\n3 4 2\n4 1 5\n1 3 7\n2 4 6\n" },
    sudoku: { kind: "source", label: "Puzzle", files: DATA.sudoku, stdinOnly: true,
              paste: "one puzzle per line: 81 cells for 9×9 (16 for 4×4), '.' or '0' blank",
              example: "..3.3..2.1.3..2.\n" },
  };

  const $ = (id) => document.getElementById(id);
  function h(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  const { esc, COUNTERS, INFERENCE } = globalThis.BtViewer;  // viewer.js, loaded first
  const fmt = (x) => (typeof x === "number" ? (Number.isInteger(x) ? x.toLocaleString("en-US") : String(+x.toPrecision(4))) : String(x));
  // Lets the browser paint (a "running" status) before a synchronous run takes the thread.
  const paint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  // A command line as a shell would take it.
  const quote = (a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`);
  const shell = (argv) => "btsolve " + argv.map(quote).join(" ");

  // ---------------------------------------------------------------------------------------
  // What the runner says about itself.
  const runner = { problems: [], about: {}, help: {}, strategies: {}, engine: {}, switches: {}, measures: [] };

  // "Problems:" in `btsolve list`: one "  name  description" line each.
  function readProblems(text) {
    const out = [];
    let inside = false;
    for (const line of text.split("\n")) {
      if (/^Problems:/.test(line)) { inside = true; continue; }
      if (inside && /^\S/.test(line)) break;
      const m = inside && line.match(/^\s+(\S+)\s+(.*)$/);
      if (m) { out.push(m[1]); runner.about[m[1]] = m[2]; }
    }
    return out;
  }
  // The description of --name in a help text, its continuation lines joined.
  function optionText(help, name) {
    const lines = help.split("\n");
    const start = new RegExp(`^\\s+(?:-\\w \\[ )?--${name}(?: \\])?(?: arg)?\\s+(.*)$`);
    for (let i = 0; i < lines.length; ++i) {
      const m = lines[i].match(start);
      if (!m) continue;
      let text = m[1];
      for (let j = i + 1; j < lines.length && /^\s{10,}\S/.test(lines[j]) && !/^\s+-/.test(lines[j]); ++j) text += " " + lines[j].trim();
      return text;
    }
    return null;
  }
  // "a | b | c, or engine switches ... (default: ...)" -> ["a", "b", "c"].
  const alternatives = (text) => text.replace(/\s*\(.*$/, "").split(",")[0].split("|").map((s) => s.trim()).filter(Boolean);

  function learnProblem(p) {
    const r = btsolve.exec([p, "--help"]);
    const help = r.stdout || "";
    runner.help[p] = help;
    const st = optionText(help, "strategy");
    runner.strategies[p] = st ? alternatives(st) : [];
    runner.engine[p] = !!st && /engine switches/.test(st);
    runner.switches[p] = {};
    for (const k of Object.keys(SWITCH_DEFAULTS)) {
      const t = optionText(help, k);
      if (t) runner.switches[p][k] = t.replace(/^.*?:\s*/, "").split("|").map((s) => s.trim()).filter(Boolean);
    }
  }
  // The engine's strategies offered for a problem: the presets whose switches its help lists.
  function cspPresets(p) {
    if (!runner.engine[p]) return [];
    const known = new Set(Object.values(runner.switches[p]).flat());
    const own = new Set(runner.strategies[p]);
    return CSP_PRESETS.filter((s) => s.split("+").every((x) => known.has(x)) && !own.has(s));
  }

  // ---------------------------------------------------------------------------------------
  // The engine's file system: the built-in instances at the paths tests/data has them.
  function writeInstances() {
    for (const [p, folder] of Object.entries(FOLDER)) {
      const list = p === "subsets" ? DATA.subsets.map((s) => ({ file: s.file, text: `${s.weights.split(",").length} ${s.target}\n${s.weights.split(",").join(" ")}\n` }))
                                   : DATA[p];
      for (const f of list) btsolve.writeFile(`/${folder}/${f.file}`, f.text);
    }
    btsolve.writeFile("/coloring/answers.csv", DATA.answers);
  }

  // =========================================================================================
  // The Watch panel
  const st = {
    problem: "nqueens", placed: [],  // placed queens: [row, col] 0-based
    viewer: null, showing: "setup",  // "setup": the instance's picture, clickable; "run": a run
    last: null,                      // the last run: {argv, stdin, result, replay, ms, note}
    previewTimer: 0,
    pasted: {},                      // the text pasted for each problem but the one shown
  };
  const form = {
    get problem() { return $("problem").value; },
    get mode() { return document.querySelector('input[name="mode"]:checked').value; },
  };

  function fillProblems() {
    for (const id of ["problem", "cmp-problem"]) {
      const sel = $(id);
      sel.textContent = "";
      for (const p of runner.problems) sel.appendChild(h("option", { value: p }, p));
    }
  }

  function fillStrategies() {
    const p = form.problem, sel = $("strategy"), was = sel.value;
    sel.textContent = "";
    sel.appendChild(h("option", { value: "" }, "default (the runner's choice)"));
    const own = h("optgroup", { label: `${p}'s strategies` });
    for (const s of runner.strategies[p]) own.appendChild(h("option", { value: s }, s));
    if (own.children.length) sel.appendChild(own);
    const presets = cspPresets(p);
    if (presets.length) {
      const g = h("optgroup", { label: "the engine's CSP search" });
      for (const s of presets) g.appendChild(h("option", { value: s }, s));
      g.appendChild(h("option", { value: "*switches" }, "engine: choose the switches…"));
      sel.appendChild(g);
    }
    if ([...sel.options].some((o) => o.value === was)) sel.value = was;
    for (const s of document.querySelectorAll("#switches select")) {
      const k = s.dataset.switch, list = runner.switches[p][k] || [SWITCH_DEFAULTS[k]];
      s.textContent = "";
      for (const v of list) s.appendChild(h("option", { value: v }, v));
      s.value = SWITCH_DEFAULTS[k];
    }
    showSwitches();
  }
  function showSwitches() { $("switches").hidden = $("strategy").value !== "*switches"; }
  function strategyArg() {
    const v = $("strategy").value;
    if (v !== "*switches") return v;
    const parts = [];
    for (const s of document.querySelectorAll("#switches select")) if (s.value !== SWITCH_DEFAULTS[s.dataset.switch]) parts.push(s.value);
    return parts.length ? parts.join("+") : "bt";
  }

  function fillInstance() {
    const p = form.problem, ui = UI[p] || { kind: "paste" };
    const show = (key, on) => { for (const e of document.querySelectorAll(`#instance-box [data-for="${key}"]`)) e.hidden = !on; };
    show("nqueens", ui.kind === "size");
    show("graph", ui.kind === "source");
    show("subsets", ui.kind === "subsets");
    show("colours", !!ui.colours);
    $("problem-about").textContent = runner.about[p] || "";
    if (ui.kind === "source") {
      $("source-label").textContent = ui.label;
      const sel = $("source");
      sel.textContent = "";
      const g1 = h("optgroup", { label: "built in" });
      for (const f of ui.files) g1.appendChild(h("option", { value: "file:" + f.file }, f.label));
      sel.appendChild(g1);
      if (ui.gens && ui.gens.length) {
        const g2 = h("optgroup", { label: "generated by the runner" });
        for (const g of ui.gens) g2.appendChild(h("option", { value: "gen:" + g.id }, g.label));
        sel.appendChild(g2);
      }
      sel.appendChild(h("option", { value: "paste" }, "paste your own…"));
      sel.value = "file:" + ui.files[Math.min(ui.files.length - 1, p === "colouring" ? 2 : p === "hamiltonian" ? 3 : 1)].file;
    }
    if (ui.kind === "subsets") {
      const sel = $("subsets-preset");
      sel.textContent = "";
      for (const s of ui.presets) sel.appendChild(h("option", { value: s.file }, s.label));
      sel.appendChild(h("option", { value: "custom" }, "your own weights (edit below)"));
      sel.appendChild(h("option", { value: "paste" }, "paste a file…"));
      applyPreset();
    }
    $("paste-hint").textContent = ui.paste ? `(${ui.paste})` : "(the instance as a file, given on stdin)";
    $("paste").placeholder = ui.example || "";
    sourceChanged();
  }
  function applyPreset() {
    const s = UI.subsets.presets.find((x) => x.file === $("subsets-preset").value);
    if (s) { $("weights").value = s.weights; $("target").value = s.target; }
  }
  function sourceChanged() {
    const p = form.problem, ui = UI[p] || { kind: "paste" };
    let paste = ui.kind === "paste";
    if (ui.kind === "source") {
      const v = $("source").value;
      paste = v === "paste";
      const gen = v.startsWith("gen:") ? ui.gens.find((g) => "gen:" + g.id === v) : null;
      $("gen-box").hidden = !(gen && gen.param);
      if (gen && gen.param) {
        $("gen-label").textContent = gen.what;
        if ($("gen-param").dataset.gen !== gen.id) { $("gen-param").value = gen.param; $("gen-param").dataset.gen = gen.id; }
      }
    }
    if (ui.kind === "subsets") {
      paste = $("subsets-preset").value === "paste";
      document.querySelector('[data-role="subsets-fields"]').hidden = paste;
    }
    for (const e of document.querySelectorAll('#instance-box [data-for="paste"]')) e.hidden = !paste;
    if (paste && !$("paste").value.trim() && ui.example) $("paste").value = ui.example;
  }

  // The command line of the setup: {argv, stdin, shown} (shown: as one would type it natively).
  function instanceArgs(p) {
    const ui = UI[p] || { kind: "paste" };
    const args = [];
    let stdin = "", from = null;
    const pasted = () => { stdin = $("paste").value; from = PASTED_NAME[p] || "pasted.txt"; if (!ui.stdinOnly) args.push("-i", "-"); };
    if (ui.kind === "size") {
      args.push("-n", String($("size").value || "").trim());
      for (const [r, c] of st.placed) args.push("--place", `${r + 1},${c + 1}`);
    } else if (ui.kind === "source") {
      const v = $("source").value;
      if (v.startsWith("file:")) {
        const f = ui.files.find((x) => "file:" + x.file === v);
        stdin = f.text; from = `${FOLDER[p]}/${f.file}`;
        if (!ui.stdinOnly) args.push("-i", "-");
      } else if (v.startsWith("gen:")) {
        const g = ui.gens.find((x) => "gen:" + x.id === v);
        args.push(g.arg);
        if (g.param) args.push($("gen-param").value.trim());
      } else {
        pasted();
      }
      if (ui.colours) {
        if ($("chromatic").checked) args.push("--chromatic");
        else args.push("-m", String($("colours").value || "").trim());
      }
    } else if (ui.kind === "subsets") {
      if ($("subsets-preset").value === "paste") pasted();
      else args.push("-w", $("weights").value.replace(/[\s;]+/g, ",").replace(/,+/g, ",").replace(/^,|,$/g, ""), "-m", String($("target").value).trim());
    } else {
      pasted();
    }
    return { args, stdin, from };
  }
  function extraArgs() {
    return ($("extra").value.match(/'[^']*'|"[^"]*"|\S+/g) || []).map((a) => a.replace(/^(['"])(.*)\1$/, "$2"));
  }
  function modeArgs() {
    const m = form.mode;
    if (m === "all") return ["--all"];
    if (m === "count") return ["--count"];
    if (m === "limit") return ["--limit", String($("limit").value || 1)];
    return [];
  }
  function boundArgs() {
    const out = [];
    const steps = Math.max(1, Math.min(MAX_STEPS, Math.floor(+$("max-steps").value || 20000)));
    $("max-steps").value = steps;
    out.push("--replay-max-steps", String(steps));
    const t = +$("time-limit").value;
    out.push("--time-limit", String(t > 0 ? Math.min(t, 60) : 5));
    const n = +$("node-limit").value;
    if (n > 0) out.push("--node-limit", String(Math.floor(n)));
    return out;
  }
  function setupArgs() {
    const p = form.problem, inst = instanceArgs(p), s = strategyArg();
    const argv = [p, ...inst.args, ...(s ? ["--strategy", s] : []), ...modeArgs(), ...extraArgs(), ...boundArgs()];
    return { argv, stdin: inst.stdin, from: inst.from };
  }

  function showError(where, message) {
    const e = $(where);
    e.hidden = !message;
    e.textContent = message || "";
  }

  // --- the picture before a run: the instance, and for N-Queens the queens placed so far ----
  function boardDoc(n) {
    return { format: "btsolve-replay", version: 2, problem: "nqueens",
             view: { kind: "board", n, placed: st.placed.map((c) => c.slice()), title: `${n}-queens: click squares to place queens` }, steps: [] };
  }
  function schedulePreview() {
    clearTimeout(st.previewTimer);
    st.previewTimer = setTimeout(preview, 120);
  }
  // Shows the setup's picture (a run of one node, its steps dropped) and checks the input: the
  // runner's one-line error for a bad size, placement or pasted text.
  function preview() {
    clearTimeout(st.previewTimer);
    if (!st.ready) return;
    const p = form.problem, { argv, stdin, from } = setupArgs();
    st.showing = "setup";
    $("edit").hidden = true;
    $("cmdline").textContent = shell(argv) + (from ? ` < ${from}` : "");
    const bounds = ["--time-limit", "--replay-max-steps", "--node-limit"];
    const probe = argv.filter((a, i) => !(bounds.includes(a) || bounds.includes(argv[i - 1])))
                      .concat(["--node-limit", "1", "--time-limit", "2", "--replay-max-steps", "1"]);
    let doc = null, error = null;
    if (p === "nqueens") {
      const n = Math.floor(+$("size").value);
      st.placed = st.placed.filter(([r, c]) => r < n && c < n);
      showPlaced();
      if (n >= 1 && n <= 64) doc = boardDoc(n);
    }
    try {
      const r = btsolve.replay(probe, stdin);
      if (!doc && r.replay) {
        doc = Object.assign({}, r.replay, { steps: [], stats: null, truncated: false, argv: null });
        if (doc.view && (!doc.view.title || doc.view.title === "-")) doc.view = Object.assign({}, doc.view, { title: from ? from.split("/").pop() : "your instance" });
      }
      strategyNote(r.result);
    } catch (e) {
      if (unwatchable(e)) {
        try { strategyNote(btsolve.run(probe.filter((a, i) => !(a === "--replay-max-steps" || probe[i - 1] === "--replay-max-steps")), stdin)); } catch (e2) { error = e2.message; }
      } else {
        error = e.message;
      }
    }
    showError("error", error);
    $("summary").innerHTML = error ? "" : '<p class="st-note">Not run yet: press <b>Run</b>.</p>';
    if (!doc) doc = { format: "btsolve-replay", version: 2, view: {}, steps: [] };
    mountViewer(doc);
    return error;
  }
  function strategyNote(result) {
    if (!result || !result.strategy) { $("strategy-about").textContent = ""; return; }
    $("strategy-about").textContent = `${result.strategy}: ${result.strategy_summary || ""}`;
  }
  function showPlaced() {
    $("placed").value = st.placed.map(([r, c]) => `${r + 1},${c + 1}`).join(" ");
    $("placed-text").textContent = st.placed.length ? `${st.placed.length} queen${st.placed.length === 1 ? "" : "s"} placed (--place)` : "no queen placed";
    $("clear-queens").disabled = !st.placed.length;
  }
  // The placement typed in the field: "1,3 5,8" (1-based); what cannot be read is left out.
  function typedPlacement() {
    const out = [];
    for (const m of $("placed").value.matchAll(/(\d+)\s*,\s*(\d+)/g)) {
      const r = +m[1] - 1, c = +m[2] - 1;
      if (r >= 0 && c >= 0 && !out.some(([a]) => a === r)) out.push([r, c]);
    }
    return out.sort((x, y) => x[0] - y[0]);
  }
  // A new placement: kept when the runner takes it, else its error shown and the old one back.
  function place(next) {
    const old = st.placed;
    st.placed = next;
    const error = preview();
    if (error) {
      st.placed = old;
      preview();
      showError("error", error);
    }
  }

  function mountViewer(doc) {
    // The command line is shown above the viewer already: not again in its head.
    if (doc && doc.argv) doc = Object.assign({}, doc, { argv: null });
    if (st.viewer) st.viewer.load(doc);
    else st.viewer = BtViewer.mount($("viewer"), doc, { onCellClick: cellClicked, speed: 8 });
    $("viewer").dataset.showing = st.showing;
  }
  function cellClicked(cell, info) {
    if (form.problem !== "nqueens" || !info || info.kind !== "board") return;
    if (st.showing !== "setup") {
      $("summary").querySelector('[data-role="hint"]')?.remove();
      $("summary").appendChild(h("p", { class: "st-note", "data-role": "hint" }, "To place queens, go back to the setup (the button under Run) and click the board."));
      return;
    }
    const [r, c] = cell, at = st.placed.findIndex(([a, b]) => a === r && b === c);
    const next = at >= 0 ? st.placed.filter((_, k) => k !== at)
                         : st.placed.filter(([a]) => a !== r).concat([[r, c]]).sort((x, y) => x[0] - y[0]);
    place(next);
  }

  // --- running ----------------------------------------------------------------------------
  // A run the runner cannot record (no tree search: symmetry, halves, min-conflicts, sat; or a
  // run of several searches: --chromatic) is run again without --replay: its result, no steps.
  const unwatchable = (e) => e.exitCode === 2 && /no tree|--replay/.test(e.message);
  let runs = 0, compares = 0;  // finished runs and tables (body data-runs, data-compares: for tests)
  async function run() {
    if (!st.ready) return;
    try { await runOnce(); } finally { document.body.dataset.runs = String(++runs); }
  }
  async function runOnce() {
    clearTimeout(st.previewTimer);  // a preview still due would replace the run
    const { argv, stdin, from } = setupArgs();
    $("cmdline").textContent = shell(argv) + (from ? ` < ${from}` : "");
    showError("error", null);
    $("run").disabled = true;
    $("run").textContent = "Running…";
    setStatus("running " + argv.slice(0, 3).join(" ") + " …");
    await paint();
    const t0 = performance.now();
    let result = null, replay = null, note = null, error = null;
    try {
      ({ result, replay } = btsolve.replay(argv, stdin));
    } catch (e) {
      if (unwatchable(e)) {
        note = e.message.replace(/^btsolve: error: /, "") + " (so the result is shown, with no steps to watch).";
        const plain = argv.filter((a, i) => !(a === "--replay-max-steps" || argv[i - 1] === "--replay-max-steps"));
        try { result = btsolve.run(plain, stdin); } catch (e2) { error = e2.message; }
      } else {
        error = e.message;
      }
    }
    const ms = performance.now() - t0;
    $("run").disabled = false;
    $("run").textContent = "Run";
    setStatus("engine ready");
    if (error) {
      showError("error", error);
      $("summary").textContent = "";
      return;
    }
    st.last = { argv, stdin, from, result, replay, ms, note };
    st.showing = "run";
    $("edit").hidden = false;
    showResult(st.last);
    if (replay && replay.view && (!replay.view.title || replay.view.title === "-")) {
      replay.view.title = from ? from.split("/").pop() : (PASTED_NAME[argv[0]] || "your instance");
    }
    if (replay) mountViewer(replay);
    else mountViewer(st.viewer ? Object.assign({}, st.viewer.model && { view: st.viewer.model.view }, { steps: [] }) : { steps: [] });
    document.querySelector("#viewer .btv")?.focus({ preventScroll: true });
  }

  function solutionText(p, s, result, replay) {
    if (p === "nqueens" && Array.isArray(s)) return s.join(" ");
    if (p === "colouring" && Array.isArray(s)) return s.map((c, v) => `${v + 1}:${c}`).join(" ");
    if (p === "hamiltonian" && Array.isArray(s)) return s.join("–");
    if (p === "subsets" && Array.isArray(s)) {
      const w = replay && replay.view && replay.view.weights;
      if (!w) return s.join("");
      const taken = w.filter((x, i) => s[i]);
      return `${taken.join(" + ")} = ${taken.reduce((a, b) => a + b, 0)}`;
    }
    if (p === "sudoku" && s && Array.isArray(s.solutions)) return s.solutions.join("\n") || s.status;
    return JSON.stringify(s);
  }
  function showResult({ argv, result, replay, ms, note }) {
    const p = argv[0], stats = result.stats || {}, out = [];
    const bits = [];
    if (result.chromatic_number !== undefined) bits.push(`chromatic number <b>${fmt(result.chromatic_number)}</b>`);
    else if (result.lower_bound !== undefined && result.upper_bound !== undefined) bits.push(`chromatic number in [${result.lower_bound}..${result.upper_bound}]`);
    if (typeof result.count === "number") bits.push(`<b data-role="count">${fmt(result.count)}</b> solution${result.count === 1 ? "" : "s"}${argv.includes("--count") ? " counted" : " found"}`);
    if (result.exhausted) bits.push("the whole tree searched");
    if (result.stopped) bits.push(`<span class="st-warn" data-role="stopped">stopped: ${esc(result.stopped)}</span>`);
    bits.push(`${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms in this page`);
    out.push(`<div class="st-strategy"><span class="st-note">strategy</span> <b data-role="strategy">${esc(result.strategy || "?")}</b>` +
             (result.strategy_summary ? ` <span data-role="strategy-summary">${esc(result.strategy_summary)}</span>` : "") +
             ` <span class="st-outcome">— ${bits.join(" · ")}</span></div>`);
    // The runner's statistics, in the order of --stats.
    const order = [...COUNTERS, ...INFERENCE, "seconds"];
    const rank = (k) => (order.includes(k) ? order.indexOf(k) : order.length);
    const keys = Object.keys(stats).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    out.push('<div class="st-stats" data-role="stats"><span class="st-note">--stats</span> ' +
             keys.map((k) => `<span><small>${esc(k.replace(/_/g, " "))}</small> <b data-stat="${esc(k)}">${fmt(stats[k])}</b></span>`).join("") + "</div>");
    const sols = Array.isArray(result.solutions) ? result.solutions : [];
    if (sols.length) {
      const shown = sols.slice(0, 8).map((s) => `<li><code>${esc(solutionText(p, s, result, replay))}</code></li>`).join("");
      const first = esc(solutionText(p, sols[0], result, replay)).split("\n")[0];
      out.push(`<details class="st-sols"><summary><span class="st-note">solution${sols.length > 1 ? "s" : ""}</span> <code>${first}</code>` +
               `${sols.length > 1 ? ` <span class="st-note">and ${fmt(sols.length - 1)} more</span>` : ""}</summary>` +
               `<ol data-role="result-solutions">${shown}</ol>${sols.length > 8 ? `<p class="st-note">the first 8 of ${fmt(sols.length)}</p>` : ""}</details>`);
    }
    if (note) out.push(`<p class="st-note" data-role="note">${esc(note)}</p>`);
    if (replay && replay.truncated) out.push(`<p class="st-warn" data-role="truncated">The recording stops at step ${fmt(replay.steps.length)} (the bound on steps recorded); the search went on, and the statistics above are the whole run's.</p>`);
    $("summary").innerHTML = out.join("");
    strategyNote(result);
  }

  function setStatus(t) { $("engine-status").textContent = t; }

  // =========================================================================================
  // The Compare panel
  const cmp = { last: null };
  const cmpForm = { get problem() { return $("cmp-problem").value; }, get mode() { return document.querySelector('input[name="cmp-mode"]:checked').value; } };

  // The strategies compare runs for a problem and mode when none are given (its JSON says).
  function compareDefaults(p, mode) {
    const inst = p === "nqueens" ? ["-n", "4"] : UI[p] && FOLDER[p] ? ["--inputs", `${FOLDER[p]}/${(UI[p].files || UI[p].presets)[0].file}`] : null;
    if (!inst) return runner.strategies[p];
    try {
      const extra = p === "colouring" ? ["--colours", "3"] : [];
      const d = btsolve.run(["compare", p, ...inst, ...extra, ...(mode === "first" ? [] : ["--" + mode]), "--node-limit", "1"]);
      return d.strategies || runner.strategies[p];
    } catch (e) {
      return runner.strategies[p];
    }
  }
  function fillCompare() {
    const p = cmpForm.problem, mode = cmpForm.mode, box = $("cmp-strategies");
    const was = new Set([...box.querySelectorAll("input:checked")].map((i) => i.value));
    const keep = box.dataset.problem === p;
    box.dataset.problem = p;
    box.textContent = "";
    const own = compareDefaults(p, mode), csp = cspPresets(p);
    const dflt = new Set(csp.length ? [own.includes("bitboard") ? "bitboard" : own[0], "bt", "fc", "mac"] : own.slice(0, 4));
    const add = (s, group) => {
      const id = "cmp-s-" + s.replace(/[^\w]/g, "_");
      const lab = h("label", { class: "st-check", for: id });
      const cb = h("input", { type: "checkbox", id, value: s, "data-group": group });
      cb.checked = keep ? was.has(s) : dflt.has(s);
      lab.append(cb, " " + s);
      box.appendChild(lab);
    };
    own.forEach((s) => add(s, "own"));
    if (csp.length) box.appendChild(h("span", { class: "st-sep" }, "engine:"));
    csp.forEach((s) => add(s, "csp"));
    const inputs = $("cmp-inputs"), ui = UI[p];
    const sized = p === "nqueens";
    for (const e of document.querySelectorAll('#cmp-instances-box [data-for="sizes"]')) e.hidden = !sized;
    inputs.hidden = sized;
    document.querySelector('#cmp-instances-box [data-for="cmp-colours"]').hidden = !(ui && ui.colours);
    $("cmp-instances-legend").textContent = sized ? "Sizes" : "Instances";
    if (!sized && inputs.dataset.problem !== p) {
      inputs.dataset.problem = p;
      inputs.textContent = "";
      const files = ui ? ui.files || ui.presets : [];
      files.forEach((f, k) => {
        const id = "cmp-i-" + f.file.replace(/[^\w]/g, "_");
        const lab = h("label", { class: "st-check", for: id });
        const cb = h("input", { type: "checkbox", id, value: `${FOLDER[p]}/${f.file}` });
        cb.checked = k < 3 && !/16|usa|knight|escargot|q4|somatoth/.test(f.file);
        lab.append(cb, " " + f.label);
        inputs.appendChild(lab);
      });
      const lab = h("label", { class: "st-check", for: "cmp-i-pasted" });
      const cb = h("input", { type: "checkbox", id: "cmp-i-pasted", value: "*pasted" });
      lab.append(cb, " the text pasted in Watch");
      inputs.appendChild(lab);
    }
    fillBaseline();
  }
  function checkedStrategies() {
    const list = [...$("cmp-strategies").querySelectorAll("input:checked")].map((i) => i.value);
    for (const s of $("cmp-more").value.split(/[,\s]+/)) if (s && !list.includes(s)) list.push(s);
    return list;
  }
  function fillBaseline() {
    const sel = $("cmp-baseline"), was = sel.value;
    sel.textContent = "";
    sel.appendChild(h("option", { value: "" }, "none"));
    for (const s of checkedStrategies()) sel.appendChild(h("option", { value: s }, s));
    const list = checkedStrategies();
    sel.value = list.includes(was) ? was : was === "" && sel.dataset.touched ? "" : list.includes("bt") ? "bt" : list[0] || "";
  }
  function fillMeasures() {
    const sel = $("cmp-measure");
    sel.textContent = "";
    for (const m of runner.measures) sel.appendChild(h("option", { value: m }, m.replace(/_/g, " ")));
    // compare's default measure: checks and propagation checks (issue 31), when the runner has it.
    sel.value = runner.measures.includes("work") ? "work" : "nodes";
  }

  function compareArgs() {
    const p = cmpForm.problem, argv = ["compare", p];
    if (p === "nqueens") argv.push("-n", $("cmp-sizes").value.replace(/\s+/g, ""));
    else {
      const files = [...$("cmp-inputs").querySelectorAll("input:checked")].map((i) => i.value).map((v) => {
        if (v !== "*pasted") return v;
        const path = `pasted/${PASTED_NAME[p] || "pasted.txt"}`;
        btsolve.writeFile("/" + path, p === form.problem ? $("paste").value : st.pasted[p] || "");
        return path;
      });
      argv.push("--inputs", files.join(","));
      if (UI[p] && UI[p].colours) argv.push("--colours", $("cmp-colours").value.replace(/\s+/g, "") || "chromatic");
    }
    argv.push("--strategies", checkedStrategies().join(","));
    if (cmpForm.mode !== "first") argv.push("--" + cmpForm.mode);
    argv.push("--time-limit", String(+$("cmp-time").value > 0 ? Math.min(+$("cmp-time").value, 60) : 2));
    const k = Math.max(1, Math.min(100, Math.floor(+$("cmp-repeat").value || 1)));
    if (k > 1) argv.push("--repeat", String(k));
    argv.push("--pivot", "--measure", $("cmp-measure").value || "nodes");
    if ($("cmp-baseline").value) argv.push("--baseline", $("cmp-baseline").value);
    return argv;
  }

  async function makeTable() {
    if (!st.ready) return;
    try { await tableOnce(); } finally { document.body.dataset.compares = String(++compares); }
  }
  async function tableOnce() {
    const argv = compareArgs();
    $("cmp-cmdline").textContent = shell(argv);
    showError("cmp-error", null);
    $("cmp-run").disabled = true;
    $("cmp-run").textContent = "Running…";
    setStatus("running compare …");
    await paint();
    let doc = null, error = null;
    const t0 = performance.now();
    try {
      doc = btsolve.run([...argv, "--format", "json"]);
    } catch (e) {
      error = e.message;
    }
    const ms = performance.now() - t0;
    // The runner's Markdown and CSV of the same command: made now when the table was quick,
    // else when first copied (the command runs again: counts agree, seconds may not).
    let md = "", csv = "";
    if (!error && ms < 2000) { md = textTable(argv, "markdown"); csv = textTable(argv, "csv"); }
    $("cmp-run").disabled = false;
    $("cmp-run").textContent = "Make table";
    setStatus("engine ready");
    if (error) {
      showError("cmp-error", error);
      return;
    }
    cmp.last = { argv, doc, ms };
    drawTable(doc, ms);
    $("cmp-md").value = md;
    $("cmp-csv").value = csv;
    $("cmp-md").placeholder = $("cmp-csv").placeholder = md ? "" : "made when copied (the command runs again)";
    $("cmp-copy").hidden = false;
    $("cmp-texts").hidden = false;
    $("copy-status").textContent = "";
    drawPlot(doc);
  }

  function drawTable(doc, ms) {
    const pv = doc.pivot;
    if (!pv) { $("cmp-table").innerHTML = '<p class="st-note">The runner gave no pivot.</p>'; return; }
    // The best value of each column (lowest, for every measure but solutions) in bold.
    const best = pv.columns.map((_, c) => {
      const vs = pv.rows.map((r) => (r.status[c] === "ok" && typeof r.values[c] === "number" ? r.values[c] : null)).filter((v) => v !== null);
      return vs.length > 1 && pv.measure !== "solutions" ? Math.min(...vs) : null;
    });
    let html = `<table class="st-pivot" data-role="pivot"><caption>${esc(pv.measure.replace(/_/g, " "))} by strategy` +
               (doc.baseline ? `, ratio to <b>${esc(doc.baseline)}</b> in brackets` : "") +
               ` · ${esc(doc.mode)} · ${fmt(doc.runs ? doc.runs.length : 0)} runs in ${Math.round(ms)} ms</caption><thead><tr><th scope="col">${esc(pv.corner)}</th>` +
               pv.columns.map((c) => `<th scope="col">${esc(c)}</th>`).join("") + "</tr></thead><tbody>";
    for (const r of pv.rows) {
      html += `<tr data-strategy="${esc(r.strategy)}"><th scope="row">${esc(r.strategy)}</th>`;
      r.texts.forEach((t, c) => {
        const ratio = r.ratios && typeof r.ratios[c] === "number" ? ` <small>(${r.ratios[c] < 0.01 ? r.ratios[c].toPrecision(2) : r.ratios[c].toFixed(2)}x)</small>` : "";
        const cls = r.status[c] !== "ok" ? "st-stopped" : best[c] !== null && r.values[c] === best[c] ? "st-best" : "";
        html += `<td class="${cls}" data-status="${esc(r.status[c])}">${esc(t)}${ratio}</td>`;
      });
      html += "</tr>";
    }
    html += "</tbody></table>";
    $("cmp-table").innerHTML = html;
  }

  // The plot: the measure on a log scale; lines across sizes (-n), bars per input (inputs are
  // unrelated: never joined by a line). Stopped runs and zeros are left out (marked under the axis).
  const PALETTE = ["#1f4fa3", "#e07b00", "#2e9d4f", "#c2185b", "#6a3d9a", "#00838f", "#8d6e63", "#7cb342", "#5c6bc0", "#d81b60", "#546e7a", "#f9a825"];
  const DASHES = ["none", "7 4", "2 3", "10 3 2 3"];
  function drawPlot(doc) {
    const fig = $("cmp-plot"), pv = doc.pivot;
    if (!pv || !pv.rows.length || !pv.columns.length) { fig.hidden = true; return; }
    const lines = doc.by === "n" && pv.columns.length > 1;
    const W = 760, H = 330, L = 70, R = 150, T = 28, B = 58;
    const vals = [];
    for (const r of pv.rows) r.values.forEach((v, c) => { if (r.status[c] === "ok" && typeof v === "number" && v > 0) vals.push(v); });
    if (!vals.length) { fig.hidden = true; return; }
    let lo = Math.floor(Math.log10(Math.min(...vals))), hi = Math.ceil(Math.log10(Math.max(...vals)));
    if (hi === lo) hi = lo + 1;
    const y = (v) => T + (H - T - B) * (1 - (Math.log10(v) - lo) / (hi - lo));
    const nc = pv.columns.length, pw = W - L - R;
    const colX = (c) => L + (pw * (c + 0.5)) / nc;
    let s = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(pv.measure)} by strategy, log scale" data-role="plot" data-kind="${lines ? "lines" : "bars"}">`;
    s += `<text x="${L}" y="16" class="st-plot-title">${esc(pv.measure.replace(/_/g, " "))} (log scale)${lines ? " against n" : " per input"}</text>`;
    for (let e = lo; e <= hi; ++e) {
      const yy = y(Math.pow(10, e));
      s += `<line x1="${L}" x2="${L + pw}" y1="${yy}" y2="${yy}" class="st-grid"/><text x="${L - 6}" y="${yy + 4}" text-anchor="end" class="st-tick">${tickText(e, pv.measure)}</text>`;
    }
    s += `<line x1="${L}" x2="${L}" y1="${T}" y2="${H - B}" class="st-axis"/><line x1="${L}" x2="${L + pw}" y1="${H - B}" y2="${H - B}" class="st-axis"/>`;
    pv.columns.forEach((c, k) => {
      const label = c.length > 22 ? c.slice(0, 21) + "…" : c;
      s += `<text x="${colX(k)}" y="${H - B + 16}" text-anchor="middle" class="st-tick">${esc(label)}</text>`;
    });
    const nr = pv.rows.length;
    pv.rows.forEach((r, k) => {
      const colour = PALETTE[k % PALETTE.length];
      if (lines) {
        let path = "", pen = false;
        r.values.forEach((v, c) => {
          const ok = r.status[c] === "ok" && typeof v === "number" && v > 0;
          if (!ok) { pen = false; return; }
          path += `${pen ? "L" : "M"}${colX(c).toFixed(1)},${y(v).toFixed(1)}`;
          pen = true;
        });
        // Dashes differ too, so that two strategies with the same counts both show.
        s += `<path d="${path}" fill="none" stroke="${colour}" stroke-width="2" stroke-dasharray="${DASHES[k % DASHES.length]}" data-strategy="${esc(r.strategy)}"/>`;
        r.values.forEach((v, c) => {
          if (r.status[c] === "ok" && typeof v === "number" && v > 0) s += `<circle cx="${colX(c).toFixed(1)}" cy="${y(v).toFixed(1)}" r="3.2" fill="${colour}"><title>${esc(r.strategy)}, ${esc(pv.columns[c])}: ${esc(r.texts[c])}</title></circle>`;
        });
      } else {
        const bw = Math.max(3, Math.min(26, (pw / nc) * 0.8 / nr));
        r.values.forEach((v, c) => {
          const x = colX(c) - (bw * nr) / 2 + k * bw;
          if (r.status[c] === "ok" && typeof v === "number" && v > 0) {
            const yy = y(v);
            s += `<rect x="${x.toFixed(1)}" y="${yy.toFixed(1)}" width="${(bw - 1).toFixed(1)}" height="${(H - B - yy).toFixed(1)}" fill="${colour}" data-strategy="${esc(r.strategy)}"><title>${esc(r.strategy)}, ${esc(pv.columns[c])}: ${esc(r.texts[c])}</title></rect>`;
          } else {
            s += `<text x="${(x + bw / 2).toFixed(1)}" y="${H - B - 3}" text-anchor="middle" class="st-tick st-miss">${r.status[c] === "ok" ? "0" : "×"}</text>`;
          }
        });
      }
      const ly = T + 4 + k * 18;
      s += (lines ? `<line x1="${L + pw + 10}" x2="${L + pw + 28}" y1="${ly + 6}" y2="${ly + 6}" stroke="${colour}" stroke-width="2.5" stroke-dasharray="${DASHES[k % DASHES.length]}"/>`
                  : `<rect x="${L + pw + 14}" y="${ly}" width="12" height="12" fill="${colour}"/>`) + `<text x="${L + pw + 31}" y="${ly + 10}" class="st-legend">${esc(r.strategy)}</text>`;
    });
    s += `<text x="${L + pw / 2}" y="${H - 10}" text-anchor="middle" class="st-tick">${lines ? "n" : "input"}${pv.rows.some((r) => r.status.some((x) => x !== "ok")) ? " (× a run stopped by its limit)" : ""}</text></svg>`;
    fig.innerHTML = s + `<figcaption class="st-note">${lines ? "One line per strategy across the sizes." : "Bars per input: inputs are unrelated, so no line joins them."} Drawn from the runner's JSON.</figcaption>`;
    fig.hidden = false;
  }
  function tickText(e, measure) {
    if (measure === "seconds") {
      const v = Math.pow(10, e);
      return v >= 1 ? `${v} s` : v >= 1e-3 ? `${+(v * 1e3).toPrecision(3)} ms` : `${+(v * 1e6).toPrecision(3)} µs`;
    }
    return e <= 5 ? Math.pow(10, e).toLocaleString("en-US") : `1e${e}`;
  }

  function textTable(argv, format) {
    const r = btsolve.exec([...argv, "--format", format]);
    return r.exit === 0 || r.exit === 3 ? r.stdout : r.stderr.trim().split("\n").pop();
  }
  async function copy(what) {
    const ta = what === "Markdown" ? $("cmp-md") : $("cmp-csv");
    if (!ta.value && cmp.last) ta.value = textTable(cmp.last.argv, what === "Markdown" ? "markdown" : "csv");
    const text = ta.value;
    let ok = false;
    try {
      if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(text); ok = true; }
    } catch (e) { ok = false; }
    if (!ok) {
      $("cmp-texts").open = true;
      ta.focus();
      ta.select();
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    }
    $("copy-status").textContent = ok ? `${what} copied (${text.split("\n").filter(Boolean).length} lines)` : `select the ${what} below and copy it`;
  }

  // =========================================================================================
  // Tabs, events, start.
  function selectTab(name) {
    for (const b of document.querySelectorAll('[role="tab"]')) {
      const on = b.dataset.tab === name;
      b.setAttribute("aria-selected", on ? "true" : "false");
      b.tabIndex = on ? 0 : -1;
      $("panel-" + b.dataset.tab).hidden = !on;
    }
  }
  function listen() {
    for (const b of document.querySelectorAll('[role="tab"]')) {
      b.addEventListener("click", () => selectTab(b.dataset.tab));
      b.addEventListener("keydown", (e) => {
        if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
        const tabs = [...document.querySelectorAll('[role="tab"]')];
        const k = (tabs.indexOf(b) + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length;
        selectTab(tabs[k].dataset.tab);
        tabs[k].focus();
      });
    }
    $("problem").addEventListener("change", () => {
      // Each problem keeps its own pasted text.
      st.pasted[st.problem] = $("paste").value;
      st.problem = form.problem;
      $("paste").value = st.pasted[st.problem] || "";
      st.placed = [];
      fillStrategies();
      fillInstance();
      preview();
    });
    $("strategy").addEventListener("change", () => { showSwitches(); schedulePreview(); });
    for (const s of document.querySelectorAll("#switches select")) s.addEventListener("change", schedulePreview);
    $("source").addEventListener("change", () => { sourceChanged(); preview(); });
    $("subsets-preset").addEventListener("change", () => { applyPreset(); sourceChanged(); preview(); });
    for (const id of ["size", "gen-param", "colours", "weights", "target"]) $(id).addEventListener("input", schedulePreview);
    $("chromatic").addEventListener("change", () => { $("colours").disabled = $("chromatic").checked; preview(); });
    $("weights").addEventListener("input", () => { $("subsets-preset").value = "custom"; });
    $("target").addEventListener("input", () => { $("subsets-preset").value = "custom"; });
    $("paste").addEventListener("change", preview);
    $("extra").addEventListener("change", preview);
    for (const r of document.querySelectorAll('input[name="mode"]')) r.addEventListener("change", () => { if (st.showing === "setup") schedulePreview(); });
    $("limit").addEventListener("focus", () => { document.querySelector('input[name="mode"][value="limit"]').checked = true; });
    $("clear-queens").addEventListener("click", () => { st.placed = []; preview(); });
    $("placed").addEventListener("change", () => place(typedPlacement()));
    $("placed").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); place(typedPlacement()); } });
    $("edit").addEventListener("click", () => { preview(); $("problem").focus(); });
    $("setup").addEventListener("submit", (e) => { e.preventDefault(); run(); });

    $("cmp-problem").addEventListener("change", fillCompare);
    for (const r of document.querySelectorAll('input[name="cmp-mode"]')) r.addEventListener("change", fillCompare);
    $("cmp-strategies").addEventListener("change", fillBaseline);
    $("cmp-more").addEventListener("change", fillBaseline);
    $("cmp-baseline").addEventListener("change", () => { $("cmp-baseline").dataset.touched = "1"; });
    $("cmp-form").addEventListener("submit", (e) => { e.preventDefault(); makeTable(); });
    $("copy-md").addEventListener("click", () => copy("Markdown"));
    $("copy-csv").addEventListener("click", () => copy("CSV"));
  }

  // The figures of docs/performance.md (tests/browser/studio-bench.mjs): a long recording
  // loaded in the viewer, played at its top speed, stepped back from the end, jumped around.
  async function bench(argv, stdin) {
    const t0 = performance.now();
    const { replay } = btsolve.replay(argv, stdin || "");
    const recordMs = performance.now() - t0;
    const t1 = performance.now();
    mountViewer(replay);
    const loadMs = performance.now() - t1;
    const v = st.viewer, N = v.total;
    const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
    // Live play at the top speed for two seconds: steps shown per second.
    v.goto(0);
    v.setSpeed(1e9);
    const p0 = performance.now();
    v.play();
    await new Promise((r) => setTimeout(r, 2000));
    v.pause();
    const stepsPerSecond = (v.step * 1000) / (performance.now() - p0);
    // Drawing every step, as fast as the page goes: the ceiling for live play.
    v.goto(0);
    let k = 0;
    const d0 = performance.now();
    while (performance.now() - d0 < 1000 && k < N) v.goto(++k);
    const drawnPerSecond = (k * 1000) / (performance.now() - d0);
    // Step back at the end of the recording, and slider jumps to random steps.
    const back = [], jump = [];
    v.goto(N);
    for (let j = 0; j < 31; ++j) { const a = performance.now(); v.back(); back.push(performance.now() - a); }
    let seed = 7;
    for (let j = 0; j < 31; ++j) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const a = performance.now();
      v.goto(seed % (N + 1));
      jump.push(performance.now() - a);
    }
    return { steps: N, recordMs, loadMs, stepsPerSecond, drawnPerSecond, stepBackMs: median(back), jumpMs: median(jump) };
  }

  async function start() {
    listen();
    const t0 = performance.now();
    try {
      await btsolve.ready;
      timing.engine = performance.now() - t0;
    } catch (e) {
      setStatus("the engine failed to load: " + e.message);
      return;
    }
    runner.problems = readProblems(btsolve.exec(["list"]).stdout);
    runner.problems.forEach(learnProblem);
    try {
      runner.measures = btsolve.run(["compare", "nqueens", "-n", "1", "--strategies", runner.strategies.nqueens[0] || "board", "--node-limit", "1"]).measures || [];
    } catch (e) {
      runner.measures = [...COUNTERS, "seconds"];
    }
    writeInstances();
    fillProblems();
    fillMeasures();
    st.ready = true;
    $("problem").value = runner.problems.includes("nqueens") ? "nqueens" : runner.problems[0];
    st.problem = $("problem").value;
    fillStrategies();
    fillInstance();
    $("cmp-problem").value = $("problem").value;
    fillCompare();
    preview();
    $("run").disabled = false;
    $("cmp-run").disabled = false;
    setStatus("engine ready");
    timing.ready = performance.now() - t0;
    timing.sinceNavigation = performance.now();
    document.body.dataset.ready = "true";
  }

  const timing = {};  // ms: the engine loaded, the page ready (from start()), since navigation
  window.studio = {
    timing,
    get viewer() { return st.viewer; },
    get last() { return st.last; },
    get compare() { return cmp.last; },
    runner, setupArgs, preview, run, makeTable, bench,
  };
  start();
})();
