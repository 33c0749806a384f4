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
  // The runner's built-in maps of named regions, drawn at their real positions (--map NAME).
  const MAPS = [{ id: "australia", label: "Australia (AIMA map, 7 regions)" },
                { id: "usa", label: "USA (AIMA map, 50 states and DC, 51 regions)" },
                { id: "france", label: "France (AIMA map, 21 regions)" }];
  // How each problem's instance is chosen on the page (problems the runner adds later get the
  // paste box and the free options field).
  const UI = {
    nqueens: { kind: "size" },
    colouring: {
      kind: "source", label: "Graph", files: DATA.colouring, colours: true,
      maps: MAPS, first: "map:australia",
      gens: [{ id: "queen", label: "queen graph R×C (generated)", arg: "--queen-graph", param: "5x5", what: "board R×C" },
             { id: "myc", label: "Mycielski graph K (generated)", arg: "--mycielski", param: "4", what: "K" }],
      paste: "AIMA's neighbour lists with names (SA: WA NT Q; NT: WA Q; T:), DIMACS .col (p edge N M, then e U V), an edge list (U V per line) or TSPLIB HCP",
      example: "SA: WA NT Q NSW V; NT: WA Q; NSW: Q V; T:\n",
    },
    hamiltonian: {
      kind: "source", label: "Graph", files: DATA.hamiltonian, maps: MAPS,
      gens: [{ id: "knight", label: "knight's graph R×C (generated)", arg: "--knight", param: "5x6", what: "board R×C" },
             { id: "cube", label: "hypercube Q_D (generated)", arg: "--hypercube", param: "3", what: "D" },
             { id: "petersen", label: "Petersen graph (generated)", arg: "--petersen" },
             { id: "dodeca", label: "dodecahedron (generated)", arg: "--dodecahedron" }],
      paste: "TSPLIB HCP, DIMACS edge file, an edge list (U V per line) or AIMA's neighbour lists with names (A: B C; B: C)",
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
  const runner = { problems: [], about: {}, help: {}, strategies: {}, engine: {}, switches: {}, options: {}, measures: [] };

  // `btsolve describe` (docs/cli.md): every problem with its summary, strategies, the engine's
  // switches and options, as the runner declares them; null when the engine has no describe
  // (an older build), and the page then reads `list` and each --help as before.
  function describeRunner() {
    try {
      const r = btsolve.exec(["describe"]);
      const doc = r.exit === 0 ? JSON.parse(r.stdout) : null;
      return doc && Array.isArray(doc.problems) ? doc : null;
    } catch (e) {
      return null;
    }
  }
  function learnDescribed(d) {
    const p = d.name;
    runner.about[p] = d.summary || "";
    runner.strategies[p] = (d.strategies || []).map((s) => s.name);
    runner.engine[p] = !!d.engine;
    runner.switches[p] = {};
    for (const k of Object.keys(SWITCH_DEFAULTS)) if (d.switches && d.switches[k]) runner.switches[p][k] = d.switches[k];
    runner.options[p] = d.options || [];
  }

  // Without describe: "Problems:" in `btsolve list`, one "  name  description" line each.
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
  // Long work off the main thread: Run and Make table go to a second copy of the engine in a
  // Web Worker, so the tab stays responsive, shows progress and can cancel (the worker is
  // ended; a new one starts at the next call). The worker is made from this page's own code
  // (a Blob: btsolve.js's module factory as text, and the bytes of its .wasm), which is what
  // works from file://, where a page can load no worker script. The quick calls (the help, the
  // picture before a run) stay on the page's engine. Without Worker, everything runs here.
  function workerMain() {
    let engine = null;
    const failure = (r) => { const lines = r.stderr.trim().split("\n"); return { message: lines[lines.length - 1] || "btsolve: exit " + r.exit, exitCode: r.exit }; };
    const writeFile = (path, text) => {
      const parts = String(path).split("/").filter(Boolean);
      let dir = "";
      for (const q of parts.slice(0, -1)) { dir += "/" + q; try { engine.FS.mkdir(dir); } catch (e) { /* exists */ } }
      engine.FS.writeFile(String(path), String(text));
    };
    const exec = (argv, stdin) => JSON.parse(engine.exec(JSON.stringify(argv.map(String)), stdin == null ? "" : String(stdin)));
    const run = (argv, stdin) => {
      const args = argv.map(String);
      if (!args.includes("--format")) args.push("--format", "json");
      const r = exec(args, stdin);
      if (r.exit === 2 || r.exit === 70) return { error: failure(r) };
      return { value: r.stdout.trim() === "" ? {} : JSON.parse(r.stdout) };
    };
    self.onmessage = async (e) => {
      const m = e.data;
      try {
        if (m.op === "init") {
          engine = await createBtsolveModule({ wasmBinary: m.wasm });
          for (const [path, text] of m.files) writeFile(path, text);
          self.postMessage({ id: m.id, value: true });
        } else if (m.op === "writeFile") {
          writeFile(m.path, m.text);
        } else if (m.op === "exec") {
          self.postMessage({ id: m.id, value: exec(m.argv, m.stdin) });
        } else if (m.op === "run") {
          self.postMessage(Object.assign({ id: m.id }, run(m.argv, m.stdin)));
        } else if (m.op === "replay") {
          const path = "/tmp/btsolve-replay.json";
          try { engine.FS.unlink(path); } catch (e2) { /* none yet */ }
          const r = run(m.argv.concat(["--replay", path]), m.stdin);
          if (r.error) { self.postMessage({ id: m.id, error: r.error }); return; }
          let replay = null;
          try { replay = JSON.parse(engine.FS.readFile(path, { encoding: "utf8" })); engine.FS.unlink(path); } catch (e2) { replay = null; }
          self.postMessage({ id: m.id, value: { result: r.value, replay } });
        }
      } catch (err) {
        self.postMessage({ id: m.id, error: { message: String(err && err.message || err), exitCode: 70 } });
      }
    };
  }
  const work = {
    w: null, ready: null, seq: 0, pending: new Map(), files: new Map(), on: true, started: 0,
    // A file for both engines (the page's and the worker's).
    writeFile(path, text) {
      btsolve.writeFile(path, text);
      this.files.set(path, text);
      if (this.w) this.w.postMessage({ op: "writeFile", path, text });
    },
    start() {
      if (this.w) return this.ready;
      const src = "var _scriptDir;\nvar createBtsolveModule = " + createBtsolveModule.toString() + ";\n(" + workerMain.toString() + ")();\n";
      const url = URL.createObjectURL(new Blob([src], { type: "text/javascript" }));
      this.w = new Worker(url);
      URL.revokeObjectURL(url);
      this.w.onmessage = (e) => {
        const m = e.data, p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if (m.error) p.reject(Object.assign(new Error(m.error.message), { exitCode: m.error.exitCode }));
        else p.resolve(m.value);
      };
      this.w.onerror = (e) => { e.preventDefault(); this.stop(new Error("the worker failed: " + (e.message || "?"))); };
      const text = atob(btsolveWasmBase64), bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; ++i) bytes[i] = text.charCodeAt(i);
      this.ready = this.post({ op: "init", wasm: bytes.buffer, files: [...this.files] }, [bytes.buffer]);
      return this.ready;
    },
    post(msg, transfer) {
      const id = ++this.seq;
      return new Promise((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        this.w.postMessage(Object.assign({ id }, msg), transfer || []);
      });
    },
    // The engine's call (exec, run, replay) in the worker; on the page when there is none.
    async call(op, argv, stdin) {
      if (!this.on) return btsolve[op](argv, stdin);
      this.start();
      await this.ready;
      return this.post({ op, argv, stdin: stdin || "" });
    },
    busy() { return this.pending.size > 0; },
    // Ends the worker and what it was doing: every pending call fails with `cancelled`.
    stop(why) {
      if (!this.w) return;
      this.w.terminate();
      this.w = null;
      this.ready = null;
      for (const p of this.pending.values()) p.reject(why || Object.assign(new Error("cancelled"), { cancelled: true }));
      this.pending.clear();
    },
  };
  work.on = typeof Worker === "function" && typeof btsolveWasmBase64 === "string" && typeof createBtsolveModule === "function";

  // ---------------------------------------------------------------------------------------
  // The engine's file system: the built-in instances at the paths tests/data has them.
  function writeInstances() {
    for (const [p, folder] of Object.entries(FOLDER)) {
      const list = p === "subsets" ? DATA.subsets.map((s) => ({ file: s.file, text: `${s.weights.split(",").length} ${s.target}\n${s.weights.split(",").join(" ")}\n` }))
                                   : DATA[p];
      for (const f of list) work.writeFile(`/${folder}/${f.file}`, f.text);
    }
    work.writeFile("/coloring/answers.csv", DATA.answers);
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
      if (ui.maps) {
        const g0 = h("optgroup", { label: "maps: named regions (--map)" });
        for (const m of ui.maps) g0.appendChild(h("option", { value: "map:" + m.id }, m.label));
        sel.appendChild(g0);
      }
      const g1 = h("optgroup", { label: "built in" });
      for (const f of ui.files) g1.appendChild(h("option", { value: "file:" + f.file }, f.label));
      sel.appendChild(g1);
      if (ui.gens && ui.gens.length) {
        const g2 = h("optgroup", { label: "generated by the runner" });
        for (const g of ui.gens) g2.appendChild(h("option", { value: "gen:" + g.id }, g.label));
        sel.appendChild(g2);
      }
      sel.appendChild(h("option", { value: "paste" }, "paste your own…"));
      sel.value = ui.first || "file:" + ui.files[Math.min(ui.files.length - 1, p === "hamiltonian" ? 3 : 1)].file;
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
      } else if (v.startsWith("map:")) {
        args.push("--map", v.slice(4));
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
    stopExercise();
    $("exercise-start").hidden = true;
    showLocalPanel(false);
    st.showing = "setup";
    ac3Stop();
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
      if (!doc && r.result && r.result.proof) doc = proofPicture(p, stdin);
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
    $("download-replay").hidden = true;
    saveState();
    return error;
  }
  // A graph the runner proves has no solution before any search (Hamiltonian: a cut vertex, a
  // vertex of degree < 2) comes with no recording, so no picture: the picture of the same graph
  // is asked of colouring (which reads the same files and maps, and lays them out the same way),
  // for the proof to be drawn on.
  function proofPicture(p, stdin) {
    if (p !== "hamiltonian") return null;
    const { args } = instanceArgs(p);
    if (!(args[0] === "-i" || args[0] === "--map")) return null;
    try {
      const r = btsolve.replay(["colouring", ...args, "-m", "1", "--node-limit", "1", "--replay-max-steps", "1"], stdin);
      if (!r.replay || !r.replay.view || r.replay.view.kind !== "graph") return null;
      return { format: "btsolve-replay", version: 2, problem: p, steps: [],
               view: Object.assign({}, r.replay.view, { mode: "path", title: r.replay.view.title }) };
    } catch (e) {
      return null;
    }
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
    else st.viewer = BtViewer.mount($("viewer"), doc, { onCellClick: cellClicked, speed: 8, onStep: (i) => { updateBnb(i); if (st.showing === "run") saveState(); } });
    $("viewer").dataset.showing = st.showing;
    updateBnb(st.viewer.step);
  }
  function cellClicked(cell, info) {
    if (ex.on) { exerciseClick(cell, info); return; }
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
    const t0 = performance.now();
    const stopTicking = ticking("run-progress", "running " + argv.slice(0, 3).join(" "), t0, "cancel-run");
    await paint();
    let result = null, replay = null, note = null, error = null;
    try {
      ({ result, replay } = await work.call("replay", argv, stdin));
    } catch (e) {
      if (unwatchable(e)) {
        note = e.message.replace(/^btsolve: error: /, "") + " (so the result is shown, with no steps to watch).";
        const plain = argv.filter((a, i) => !(a === "--replay-max-steps" || argv[i - 1] === "--replay-max-steps"));
        try { result = await work.call("run", plain, stdin); } catch (e2) { error = e2.cancelled ? cancelledText(t0) : e2.message; }
      } else {
        error = e.cancelled ? cancelledText(t0) : e.message;
      }
    }
    const ms = performance.now() - t0;
    stopTicking();
    $("run").disabled = false;
    $("run").textContent = "Run";
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
    const proof = noSolutionReason(result, replay);
    if (replay) mountViewer(proof ? Object.assign({}, replay, { proof }) : replay);
    else mountViewer(Object.assign({}, st.viewer && st.viewer.model && { view: st.viewer.model.view }, { steps: [], proof }));
    $("download-replay").hidden = !replay;
    stopExercise();
    $("exercise-start").hidden = !exercisable(replay);
    ac3Stop();
    showLocalPanel(argv[0] === "nqueens" && argv.includes("min-conflicts"));
    saveState(true);
    document.querySelector("#viewer .btv")?.focus({ preventScroll: true });
  }

  // Why a run has no solution, on the picture: the runner's proof when it gives one (JSON
  // `proof`: Hamiltonian's cut vertex or vertex of degree < 2, found before any search); for
  // subsets, a target above the sum of all weights (the page's own reading of the instance).
  function noSolutionReason(result, replay) {
    if (!result || result.count !== 0 || !result.exhausted) return null;
    if (typeof result.proof === "string" && result.proof) return result.proof;
    const v = replay && replay.view;
    if (v && v.kind === "subsets" && Array.isArray(v.weights)) {
      const sum = v.weights.reduce((a, b) => a + b, 0);
      if (sum < v.target) return `the target m = ${v.target} is unreachable: all ${v.weights.length} weights add up to ${sum}`;
    }
    return null;
  }
  function solutionText(p, s, result, replay) {
    if (p === "nqueens" && Array.isArray(s)) return s.join(" ");
    if (p === "colouring" && Array.isArray(s)) return s.map((c, v) => `${v + 1}:${c}`).join(" ");
    // A graph with names: each name with its colour, in the picture's order when it has one.
    if (p === "colouring" && s && typeof s === "object") {
      const names = replay && replay.view && Array.isArray(replay.view.names) ? replay.view.names.filter((x) => x in s) : Object.keys(s);
      return names.map((x) => `${x}:${s[x]}`).join(" ");
    }
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
    const proof = noSolutionReason(result, replay);
    if (proof) out.push(`<p class="st-warn" data-role="proof">no solution: ${esc(proof)}</p>`);
    if (replay && replay.truncated) out.push(`<p class="st-warn" data-role="truncated">The recording stops at step ${fmt(replay.steps.length)} (the bound on steps recorded); the search went on, and the statistics above are the whole run's.</p>`);
    $("summary").innerHTML = out.join("");
    strategyNote(result);
  }

  function setStatus(t) { $("engine-status").textContent = t; }
  const cancelledText = (t0) => `cancelled after ${((performance.now() - t0) / 1000).toFixed(1)} s: the run was stopped, nothing to show (a time or node limit stops a run and keeps what it found)`;
  // The progress line of a long call: what runs and for how long (updated every 100 ms), and
  // its Cancel button shown; the function returned ends it.
  function ticking(where, what, t0, cancel, more) {
    const el = $(where);
    const show = () => {
      const s = (performance.now() - t0) / 1000;
      el.textContent = `${what}${more ? " · " + more() : ""} · ${s.toFixed(1)} s`;
      setStatus(`working: ${s.toFixed(1)} s`);
    };
    show();
    el.hidden = false;
    $(cancel).hidden = !work.on;
    const timer = setInterval(show, 100);
    return () => { clearInterval(timer); el.hidden = true; $(cancel).hidden = true; setStatus("engine ready"); };
  }

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
        work.writeFile("/" + path, p === form.problem ? $("paste").value : st.pasted[p] || "");
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
  // The command split by column (one size, or one input with its colours), for progress: the
  // runner's compare of each column is the column of the whole command's table.
  function columnsOf(argv) {
    const at = (name) => argv.indexOf(name);
    const with_ = (name, value, more) => { const a = argv.slice(); a[at(name) + 1] = value; if (more) a[at(more[0]) + 1] = more[1]; return a; };
    if (at("-n") >= 0) {
      const sizes = [];
      for (const part of argv[at("-n") + 1].split(",")) {
        const m = part.match(/^(\d+)\.\.(\d+)$/);
        if (m) for (let k = +m[1]; k <= +m[2] && sizes.length < 1000; ++k) sizes.push(String(k));
        else if (part) sizes.push(part);
      }
      return sizes.length > 1 ? sizes.map((n) => with_("-n", n)) : [argv];
    }
    if (at("--inputs") >= 0) {
      const files = argv[at("--inputs") + 1].split(","), c = at("--colours") >= 0 ? argv[at("--colours") + 1].split(",") : null;
      if (files.length < 2) return [argv];
      return files.map((f, k) => with_("--inputs", f, c && c.length === files.length ? ["--colours", c[k]] : null));
    }
    return [argv];
  }
  // Columns' documents as one: the pivot's columns side by side; a column not made (cancelled)
  // is a cell with the status "cancelled".
  function joinColumns(docs, names) {
    const first = docs.find(Boolean), pv0 = first.pivot;
    const doc = Object.assign({}, first, { runs: docs.flatMap((d) => (d ? d.runs || [] : [])) });
    if (!pv0) return doc;
    const rows = pv0.rows.map((r) => ({ strategy: r.strategy, values: [], texts: [], status: [], ratios: r.ratios ? [] : undefined }));
    const columns = [];
    docs.forEach((d, k) => {
      const pv = d && d.pivot;
      const n = pv ? pv.columns.length : 1;
      for (let c = 0; c < n; ++c) {
        columns.push(pv ? pv.columns[c] : names[k]);
        rows.forEach((row) => {
          const r = pv && pv.rows.find((x) => x.strategy === row.strategy);
          row.values.push(r ? r.values[c] : null);
          row.texts.push(r ? r.texts[c] : "cancelled");
          row.status.push(r ? r.status[c] : "cancelled");
          if (row.ratios) row.ratios.push(r && r.ratios ? r.ratios[c] : null);
        });
      }
    });
    doc.pivot = Object.assign({}, pv0, { columns, rows });
    return doc;
  }
  async function tableOnce() {
    const argv = compareArgs();
    $("cmp-cmdline").textContent = shell(argv);
    showError("cmp-error", null);
    $("cmp-run").disabled = true;
    $("cmp-run").textContent = "Running…";
    const parts = work.on ? columnsOf(argv) : [argv], docs = parts.map(() => null);
    const names = parts.map((a) => (a.includes("-n") ? a[a.indexOf("-n") + 1] : a[a.indexOf("--inputs") + 1].split("/").pop()));
    let done = 0;
    const t0 = performance.now();
    const stopTicking = ticking("cmp-progress", "running compare", t0, "cmp-cancel", () => `column ${Math.min(done + 1, parts.length)} of ${parts.length}`);
    await paint();
    let error = null, cancelled = false;
    for (; done < parts.length; ++done) {
      try {
        docs[done] = await work.call("run", [...parts[done], "--format", "json"]);
      } catch (e) {
        if (e.cancelled) cancelled = true; else error = e.message;
        break;
      }
      if (done + 1 < parts.length) { drawTable(joinColumns(docs, names), performance.now() - t0, done + 1); drawPlot(joinColumns(docs, names)); }
    }
    const ms = performance.now() - t0;
    stopTicking();
    $("cmp-run").disabled = false;
    $("cmp-run").textContent = "Make table";
    if (error || (cancelled && !docs[0])) {
      showError("cmp-error", error || cancelledText(t0));
      return;
    }
    const doc = parts.length > 1 ? joinColumns(docs, names) : docs[0];
    // The runner's Markdown and CSV of the same command: made now when the table was quick,
    // else when first copied (the command runs again: counts agree, seconds may not).
    let md = "", csv = "";
    if (!cancelled && ms < 2000) { md = await textTable(argv, "markdown"); csv = await textTable(argv, "csv"); }
    cmp.last = { argv, doc, ms, cancelled };
    drawTable(doc, ms);
    if (cancelled) showError("cmp-error", `cancelled after ${(ms / 1000).toFixed(1)} s, at column ${done + 1} of ${parts.length}: the columns made are kept, the rest marked cancelled`);
    $("cmp-md").value = md;
    $("cmp-csv").value = csv;
    $("cmp-md").placeholder = $("cmp-csv").placeholder = md ? "" : "made when copied (the command runs again)";
    $("cmp-copy").hidden = false;
    $("cmp-texts").hidden = false;
    $("copy-status").textContent = "";
    drawPlot(doc);
  }

  function drawTable(doc, ms, partial) {
    const pv = doc.pivot;
    if (!pv) { $("cmp-table").innerHTML = '<p class="st-note">The runner gave no pivot.</p>'; return; }
    // The best value of each column (lowest, for every measure but solutions) in bold.
    const best = pv.columns.map((_, c) => {
      const vs = pv.rows.map((r) => (r.status[c] === "ok" && typeof r.values[c] === "number" ? r.values[c] : null)).filter((v) => v !== null);
      return vs.length > 1 && pv.measure !== "solutions" ? Math.min(...vs) : null;
    });
    let html = `<table class="st-pivot" data-role="pivot"><caption>${esc(pv.measure.replace(/_/g, " "))} by strategy` +
               (doc.baseline ? `, ratio to <b>${esc(doc.baseline)}</b> in brackets` : "") +
               ` · ${esc(doc.mode)} · ${fmt(doc.runs ? doc.runs.length : 0)} runs in ${Math.round(ms)} ms` +
               (partial ? ` · <span data-role="partial">${partial} of ${pv.columns.length} columns so far</span>` : "") + `</caption><thead><tr><th scope="col">${esc(pv.corner)}</th>` +
               pv.columns.map((c) => `<th scope="col">${esc(c)}</th>`).join("") + "</tr></thead><tbody>";
    for (const r of pv.rows) {
      html += `<tr data-strategy="${esc(r.strategy)}"><th scope="row">${esc(r.strategy)}</th>`;
      r.texts.forEach((t, c) => {
        const ratio = r.ratios && typeof r.ratios[c] === "number" ? ` <small>(${r.ratios[c] < 0.01 ? r.ratios[c].toPrecision(2) : r.ratios[c].toFixed(2)}x)</small>` : "";
        const cls = r.status[c] === "cancelled" ? "st-cancelled" : r.status[c] !== "ok" ? "st-stopped" : best[c] !== null && r.values[c] === best[c] ? "st-best" : "";
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
            s += `<text x="${(x + bw / 2).toFixed(1)}" y="${H - B - 3}" text-anchor="middle" class="st-tick st-miss" data-status="${esc(r.status[c])}">${r.status[c] === "ok" ? "0" : "×"}</text>`;
          }
        });
      }
      const ly = T + 4 + k * 18;
      s += (lines ? `<line x1="${L + pw + 10}" x2="${L + pw + 28}" y1="${ly + 6}" y2="${ly + 6}" stroke="${colour}" stroke-width="2.5" stroke-dasharray="${DASHES[k % DASHES.length]}"/>`
                  : `<rect x="${L + pw + 14}" y="${ly}" width="12" height="12" fill="${colour}"/>`) + `<text x="${L + pw + 31}" y="${ly + 10}" class="st-legend">${esc(r.strategy)}</text>`;
    });
    const stopped = pv.rows.some((r) => r.status.some((x) => x !== "ok" && x !== "cancelled")), cancelled = pv.rows.some((r) => r.status.includes("cancelled"));
    if (lines) pv.columns.forEach((c, k) => { if (pv.rows.some((r) => r.status[k] !== "ok")) s += `<text x="${colX(k)}" y="${H - B - 3}" text-anchor="middle" class="st-tick st-miss" data-status="${pv.rows.some((r) => r.status[k] === "cancelled") ? "cancelled" : "stopped"}">×</text>`; });
    s += `<text x="${L + pw / 2}" y="${H - 10}" text-anchor="middle" class="st-tick">${lines ? "n" : "input"}${stopped || cancelled ? ` (× ${[stopped ? "a run stopped by its limit" : "", cancelled ? "cancelled" : ""].filter(Boolean).join(", ")})` : ""}</text></svg>`;
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

  async function textTable(argv, format) {
    const r = await work.call("exec", [...argv, "--format", format]);
    return r.exit === 0 || r.exit === 3 ? r.stdout : r.stderr.trim().split("\n").pop();
  }
  async function copy(what) {
    const ta = what === "Markdown" ? $("cmp-md") : $("cmp-csv");
    if (!ta.value && cmp.last) ta.value = await textTable(cmp.last.argv, what === "Markdown" ? "markdown" : "csv");
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
  // =========================================================================================
  // Exercise mode (issue 31, item 8): the student is the solver. The page stops the recording
  // where the engine is about to make an assignment (the queen of the next row, the colour of a
  // region) and asks for it; the answer is judged against the recording: the engine's own
  // variable and value, its reasons for the values it rejected there (the recording's `why`),
  // the values inference removed (the domains at that step), the values it tried there before.
  const ex = { on: false, points: [], k: 0, right: 0, wrong: 0, picked: -1, answered: false };
  // The problems an exercise is offered for: a board of queens, a graph to colour.
  function exercisable(replay) {
    if (!replay || !Array.isArray(replay.steps) || !replay.view) return false;
    const v = replay.view;
    if (!(v.kind === "board" || (v.kind === "graph" && v.mode === "colour"))) return false;
    return exercisePoints(replay.steps, replay.csp).length > 0;
  }
  // Each engine assignment: the step j of the assignment, and `from`, the first step of the
  // decision (after the node, or the backtrack, that precedes the rejects of this variable).
  // A variable whose root domain has one value (a queen placed with --place) is no question.
  function exercisePoints(steps, csp) {
    const out = [];
    const forced = (v) => !!(csp && Array.isArray(csp.domains) && csp.domains[v] && csp.domains[v].length === 1);
    steps.forEach((s, j) => {
      if (s.k !== "a" || s.v === undefined || s.x === undefined || forced(s.v)) return;
      let from = j;
      while (from > 0 && steps[from - 1].k === "r" && steps[from - 1].d === s.d && steps[from - 1].v === s.v) --from;
      out.push({ j, from });
    });
    return out;
  }
  function startExercise() {
    const r = st.last && st.last.replay;
    if (!exercisable(r)) return;
    ex.on = true;
    ex.points = exercisePoints(r.steps, r.csp);
    ex.k = 0; ex.right = 0; ex.wrong = 0;
    st.showing = "exercise";
    $("exercise").hidden = false;
    $("exercise-start").hidden = true;
    document.body.dataset.exercise = "1";
    poseExercise();
  }
  function stopExercise() {
    if (!ex.on) return;
    ex.on = false;
    $("exercise").hidden = true;
    delete document.body.dataset.exercise;
    if (st.last && st.last.replay) {
      st.showing = "run";
      $("exercise-start").hidden = !exercisable(st.last.replay);
      $("viewer").dataset.showing = "run";
    }
  }
  const exModel = () => st.viewer.model;
  const isBoard = () => exModel().view.kind === "board";
  const vName = (v) => exModel().varName(v);
  const xName = (x) => exModel().valueName(x);
  // The assignment in force when the decision starts: variable -> value (from the recording's
  // path), and for a board the queens placed with --place too.
  function assignedAt(i) {
    const m = exModel(), out = new Map();
    for (const id of m.pathAt(i)) {
      const s = m.steps[m.t.step[id]];
      if (s && s.v !== undefined && s.x !== undefined) out.set(s.v, s.x);
    }
    return out;
  }
  function placedQueens() {
    return (exModel().view.placed || []).map(([r, c]) => [r, c]);
  }
  // Does v = x clash with the assignment in force? The first clash, in words, or null.
  function clash(v, x, assigned) {
    const m = exModel(), view = m.view;
    if (view.kind === "board") {
      const [r, c] = m.cellOf(v, x);
      const queens = [...assigned].map(([w, y]) => ({ at: m.cellOf(w, y), name: vName(w) }));
      for (const at of placedQueens()) if (!queens.some((q) => q.at[0] === at[0])) queens.push({ at, name: `the queen placed at ${at[0] + 1},${at[1] + 1}` });
      for (const q of queens) {
        if (q.at[1] === c) return { text: `column ${c + 1} is attacked by ${q.name}`, by: q.at };
        if (Math.abs(q.at[0] - r) === Math.abs(q.at[1] - c)) return { text: `a diagonal is attacked by ${q.name} (at ${q.at[0] + 1},${q.at[1] + 1})`, by: q.at };
        if (q.at[0] === r) return { text: `row ${r + 1} already holds ${q.name}`, by: q.at };
      }
      return null;
    }
    for (const [a, b] of view.edges || []) {
      const w = a === v ? b : b === v ? a : -1;
      if (w >= 0 && assigned.get(w) === x) return { text: `its neighbour ${vName(w)} already has colour ${xName(x)}`, by: w };
    }
    return null;
  }
  function strategyWords() {
    const r = st.last.replay, s = String(r.strategy || ""), inf = r.csp && r.csp.inference;
    const varOrder = /dsatur/.test(s) ? "dsatur" : /dom-wdeg/.test(s) ? "dom/wdeg" : /dom-deg/.test(s) ? "dom/deg" : /mrv/.test(s) ? "mrv" : "static";
    const valOrder = /lcv/.test(s) ? "lcv" : "natural";
    return { name: s || "default", varOrder, valOrder, inference: inf && inf !== "none" ? inf : null };
  }
  const VAR_ORDER_WORDS = {
    static: "its variable order is static: the first variable (row, region) in order that has no value yet",
    mrv: "its variable order is MRV: the variable with the fewest values left in its domain (ties: the first in order)",
    "dom/deg": "its variable order is dom/deg: the smallest domain divided by the degree",
    "dom/wdeg": "its variable order is dom/wdeg: the smallest domain divided by the weighted degree (weights grow at each failure)",
    dsatur: "its order is DSATUR: the region with the most colours already among its neighbours",
  };
  const VAL_ORDER_WORDS = {
    natural: "its value order is natural: the smallest value first (the leftmost column, colour 1 first)",
    lcv: "its value order is LCV: the value that removes the fewest values from the neighbours first",
  };
  function poseExercise() {
    const steps = st.last.replay.steps;
    ex.answered = false; ex.tried = false; ex.picked = -1;
    const out = $("exercise-verdict");
    out.textContent = ""; out.className = "st-ex-verdict"; delete out.dataset.verdict;
    $("exercise-next").hidden = true;
    $("exercise-reveal").hidden = false;
    if (ex.k >= ex.points.length) {
      st.viewer.goto(steps.length);
      $("exercise-task").textContent = `The end of the recording: ${ex.right} right, ${ex.wrong} wrong at the first try.`;
      $("exercise-reveal").hidden = true;
      $("exercise").dataset.k = String(ex.k);
      $("exercise-colours").hidden = true;
      return;
    }
    const { j, from } = ex.points[ex.k], prev = ex.k ? ex.points[ex.k - 1].j : -1;
    st.viewer.pause();
    // At the engine's node the viewer would name the variable it chose: the picture is shown at
    // the step before (the same assignment in force), unless that step is a backtrack.
    const at = from > 0 && steps[from - 1].k === "n" ? from - 1 : from;
    st.viewer.goto(at);
    // What happened since the student's last move: the engine's dead ends and backtracks.
    const between = steps.slice(prev + 1, from).filter((s) => s.k === "b" || s.k === "p");
    const back = between.filter((s) => s.k === "b");
    let since = "";
    if (back.length) since = `Since your last move the engine hit dead ends and undid ${back.length} assignment${back.length === 1 ? "" : "s"} (${back.map((s) => s.l).join(", ")}; steps ${prev + 2}–${from}). `;
    else if (between.length) since = `Since your last move: ${between.map((s) => (s.why && s.why.text) || s.l || s.k).join("; ")}. `;
    const what = isBoard() ? "Place the next queen: click a square." : "Colour the next region: click a region on the map, then a colour.";
    $("exercise-task").textContent = `Move ${ex.k + 1} of ${ex.points.length} (step ${at} of the recording, strategy ${strategyWords().name}). ${since}${what}`;
    $("exercise").dataset.k = String(ex.k);
    $("exercise-score").textContent = `${ex.right} right, ${ex.wrong} wrong`;
    fillExerciseColours();
  }
  function fillExerciseColours() {
    const box = $("exercise-colours");
    box.hidden = isBoard();
    if (isBoard()) return;
    const m = exModel(), assigned = assignedAt(ex.points[ex.k].from);
    const sel = $("exercise-region");
    sel.innerHTML = "";
    sel.appendChild(h("option", { value: "" }, "choose a region"));
    for (let v = 0; v < (m.V || m.view.n | 0); ++v) if (!assigned.has(v)) sel.appendChild(h("option", { value: String(v) }, vName(v)));
    const cols = $("exercise-colour-buttons");
    cols.innerHTML = "";
    const argv = st.last.argv, mi = argv.indexOf("-m"), K = m.K || (mi >= 0 ? +argv[mi + 1] : 0);
    for (let x = 0; x < K; ++x) {
      const b = h("button", { type: "button", class: "st-small st-ex-colour", "data-colour": String(x + 1) });
      b.innerHTML = `<span class="st-swatch" style="background:${BtViewer.colourOf(x + 1)}"></span> colour ${esc(xName(x))}`;
      b.addEventListener("click", () => {
        const v = $("exercise-region").value === "" ? -1 : +$("exercise-region").value;
        if (v < 0) { verdict("info", "Choose the region first (click it on the map or pick it in the list), then its colour."); return; }
        answer(v, x);
      });
      cols.appendChild(b);
    }
  }
  function verdict(kind, html) {
    const out = $("exercise-verdict");
    out.innerHTML = html;
    out.className = "st-ex-verdict st-ex-" + kind;
    out.dataset.verdict = kind;
  }
  // The student's move v = x against the engine's at the current point.
  function answer(v, x) {
    if (!ex.on || ex.k >= ex.points.length || ex.answered) return;
    const m = exModel(), steps = st.last.replay.steps, { j, from } = ex.points[ex.k], e = steps[j];
    const assigned = assignedAt(from), sw = strategyWords();
    const mine = `${vName(v)}=${xName(x)}`, theirs = `${e.l || `${vName(e.v)}=${xName(e.x)}`}`;
    const lines = [];
    let ok = false;
    // The values of the engine's variable it passed over here: rejected (with its reason),
    // removed by inference before, or tried before with a failed subtree.
    const rejects = steps.slice(from, j).filter((s) => s.k === "r");
    const dom = m.csp ? m.domainsAt(from, null) : null;
    const removedBy = (w, y) => {
      if (!dom) return null;
      const r = dom.removed[w * m.K + y];
      if (r < 0) return null;
      const rec = dom.recs[r];
      return rec.kind === "hs" ? m.groupName(rec.g) : rec.z < 0 ? "the root's propagation" : vName(rec.z);
    };
    let node = from - 1;
    while (node >= 0 && !(steps[node].k === "n" && steps[node].d === e.d)) --node;
    const triedBefore = steps.slice(Math.max(node, 0), from).filter((s) => s.k === "a" && s.d === e.d && s.v === e.v);
    if (assigned.has(v)) {
      lines.push(`<b>${esc(vName(v))}</b> already has its value (${esc(vName(v))}=${esc(xName(assigned.get(v)))}): ${isBoard() ? "a queen is in that row" : "that region is coloured"}. The engine's next move is on a variable without one.`);
    } else if (v === e.v && x === e.x) {
      ok = true;
      lines.push(`<b>Right:</b> the engine does <code>${esc(theirs)}</code> too (step ${j + 1}).`);
      const why = [];
      if (sw.varOrder === "static") why.push(`${esc(vName(e.v))} is the first variable without a value (${VAR_ORDER_WORDS.static.replace(/^its/, "the")})`);
      else why.push(`${esc(vName(e.v))}: ${VAR_ORDER_WORDS[sw.varOrder]}`);
      for (const s of rejects) why.push(esc(s.why ? s.why.text : `${s.l} rejected`));
      const removed = [];
      for (let y = 0; y < e.x; ++y) { const by = removedBy(e.v, y); if (by) removed.push(`${xName(y)} (by ${by})`); }
      if (removed.length) why.push(`values removed from ${esc(vName(e.v))}'s domain before: ${esc(removed.join(", "))}`);
      for (const s of triedBefore) why.push(`${esc(s.l)} was tried here before and failed below (the engine backtracked)`);
      lines.push(`Why: ${why.join("; ")}.`);
    } else {
      const c = clash(v, x, assigned), by = removedBy(v, x), rej = rejects.find((s) => s.v === v && s.x === x);
      const tried = triedBefore.find((s) => s.v === v && s.x === x);
      if (rej) lines.push(`<b>Not this one:</b> <code>${esc(mine)}</code> is inconsistent; the engine rejects it at step ${steps.indexOf(rej) + 1}: ${esc(rej.why ? rej.why.text : "it fails its test")}.`);
      else if (by) lines.push(`<b>Not this one:</b> <code>${esc(mine)}</code> is no longer in ${esc(vName(v))}'s domain: ${sw.inference === "mac" ? "MAC" : sw.inference === "fc" ? "forward checking" : "propagation"} removed it after ${esc(by)}'s assignment (pruned, never tried).`);
      else if (tried) lines.push(`<b>Not this one:</b> <code>${esc(mine)}</code> was tried here already (step ${steps.indexOf(tried) + 1}) and no solution lay below it: the engine backtracked.`);
      else if (c) lines.push(`<b>Not this one:</b> <code>${esc(mine)}</code> is inconsistent: ${esc(c.text)}.`);
      else lines.push(`<b>Consistent, but not the engine's move:</b> <code>${esc(mine)}</code> breaks no constraint with the values placed so far.`);
      if (v !== e.v) {
        let detail = "";
        if (dom && sw.varOrder !== "static") {
          const left = (w) => { let k = 0; for (let y = 0; y < m.K; ++y) if (m.inRoot[w * m.K + y] && dom.removed[w * m.K + y] < 0) ++k; return k; };
          detail = ` (${vName(e.v)} has ${left(e.v)} value${left(e.v) === 1 ? "" : "s"} left, ${vName(v)} ${left(v)})`;
        }
        lines.push(`The engine (${esc(sw.name)}) moves on <b>${esc(vName(e.v))}</b>, not ${esc(vName(v))}: ${esc(VAR_ORDER_WORDS[sw.varOrder])}${esc(detail)}.`);
      } else if (!rej && !by && !tried) {
        const later = steps.slice(j + 1).find((s) => s.k === "a" && s.d === e.d && s.v === v && s.x === x);
        lines.push(`The engine tries <code>${esc(theirs)}</code> first: ${esc(VAL_ORDER_WORDS[sw.valOrder])}.` +
                   (later ? ` It tries ${esc(mine)} later, at step ${steps.indexOf(later) + 1}, after ${esc(theirs)} fails.` : ` It never tries ${esc(mine)} here: the run ends before the search comes back to this choice.`));
      } else {
        lines.push(`The engine does <code>${esc(theirs)}</code>.`);
      }
    }
    // The score counts each move's first try.
    if (!ex.tried) { ok ? ++ex.right : ++ex.wrong; }
    ex.tried = true;
    verdict(ok ? "right" : "wrong", lines.map((l) => `<p>${l}</p>`).join(""));
    $("exercise-score").textContent = `${ex.right} right, ${ex.wrong} wrong`;
    if (ok) showEngineMove();
  }
  // Shows the engine's move on the picture and offers the next one.
  function showEngineMove() {
    const { j } = ex.points[ex.k];
    st.viewer.goto(j + 1);
    ex.answered = true;
    $("exercise-reveal").hidden = true;
    $("exercise-next").hidden = false;
    $("exercise-next").focus({ preventScroll: true });
  }
  function revealExercise() {
    if (!ex.on || ex.k >= ex.points.length) return;
    const e = st.last.replay.steps[ex.points[ex.k].j];
    if (!ex.tried) ++ex.wrong;
    ex.tried = true;
    verdict("shown", `<p>The engine's move: <code>${esc(e.l)}</code> (step ${ex.points[ex.k].j + 1}).</p>`);
    $("exercise-score").textContent = `${ex.right} right, ${ex.wrong} wrong`;
    showEngineMove();
  }
  function nextExercise() { ++ex.k; poseExercise(); }
  function exerciseClick(cell, info) {
    if (!info) return;
    const m = exModel();
    if (info.kind === "board") {
      // A square: its row's variable and its column's value (the recording's cells, --place aside).
      let v = -1;
      for (let w = 0; w < (m.V || m.view.n | 0); ++w) if (m.cellOf(w, 0)[0] === cell[0]) v = w;
      if (v < 0) { verdict("info", `Row ${cell[0] + 1} holds a queen placed before the search (--place): choose another row.`); return; }
      answer(v, cell[1] - m.cellOf(v, 0)[1]);
    } else if (info.kind === "vertex") {
      const v = cell[0], opt = [...$("exercise-region").options].find((o) => o.value === String(v));
      if (!opt) { verdict("info", `${vName(v)} is coloured already: choose a region without a colour.`); return; }
      $("exercise-region").value = String(v);
      ex.picked = v;
      verdict("info", `${esc(vName(v))} chosen: now its colour.`);
    }
  }

  // =========================================================================================
  // Local search for contrast (issue 31, item 9): min-conflicts on N-Queens, animated. The
  // runner's min-conflicts (--strategy min-conflicts) is no tree search and records no steps, so
  // the page runs its own, small and deterministic: a seeded generator (mulberry32), a greedy
  // start (each row's queen on the column with the fewest conflicts with the rows above, ties
  // by the generator), then at each step a conflicted queen drawn at random moves within its
  // row to a column with the fewest conflicts (ties drawn too), until no queen is attacked or
  // the step limit is reached. `conflicts` is the number of attacking pairs.
  const local = { n: 0, seed: 1, limit: 1000, cols: [], history: [], k: 0, timer: 0, rng: null };
  function mulberry32(a) {
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  // Queens attacking a queen at (r, c), rows other than r (and rows below `upto` only when given).
  function attackers(cols, r, c, upto) {
    let k = 0;
    const n = upto === undefined ? cols.length : upto;
    for (let s = 0; s < n; ++s) if (s !== r && cols[s] >= 0 && (cols[s] === c || Math.abs(cols[s] - c) === Math.abs(s - r))) ++k;
    return k;
  }
  function conflictsOf(cols) {
    let k = 0;
    for (let r = 0; r < cols.length; ++r) for (let s = r + 1; s < cols.length; ++s) if (cols[r] === cols[s] || Math.abs(cols[r] - cols[s]) === s - r) ++k;
    return k;
  }
  // The best columns of row r (fewest attackers), one drawn by the generator.
  function bestColumn(cols, r, upto) {
    let best = Infinity, ties = [];
    for (let c = 0; c < cols.length; ++c) {
      const k = attackers(cols, r, c, upto);
      if (k < best) { best = k; ties = [c]; } else if (k === best) ties.push(c);
    }
    return ties[Math.floor(local.rng() * ties.length)];
  }
  function localReset() {
    localPause();
    const n = Math.floor(+$("size").value);
    local.n = Math.max(4, Math.min(64, n || 8));
    local.seed = Math.floor(+$("local-seed").value) || 1;
    local.limit = Math.max(1, Math.floor(+$("local-limit").value) || 1000);
    local.rng = mulberry32(local.seed);
    local.cols = new Array(local.n).fill(-1);
    for (let r = 0; r < local.n; ++r) local.cols[r] = bestColumn(local.cols, r, r);
    local.start = local.cols.slice();
    local.history = [];
    local.k = 0;
    drawLocalBoard();
    showLocal();
  }
  // One move; false when there is none (solved, or the step limit reached).
  function localStep() {
    const cols = local.cols;
    if (local.k >= local.limit) return false;
    const conflicted = [];
    for (let r = 0; r < cols.length; ++r) if (attackers(cols, r, cols[r]) > 0) conflicted.push(r);
    if (!conflicted.length) return false;
    const r = conflicted[Math.floor(local.rng() * conflicted.length)], from = cols[r], before = conflictsOf(cols);
    cols[r] = bestColumn(cols, r);
    local.history.push({ row: r, from, to: cols[r], before, after: conflictsOf(cols) });
    ++local.k;
    showLocal();
    return true;
  }
  function localPlay() {
    if (local.timer) { localPause(); return; }
    $("local-play").textContent = "❚❚ pause";
    local.timer = setInterval(() => { if (!localStep()) localPause(); }, 250);
  }
  function localPause() {
    clearInterval(local.timer);
    local.timer = 0;
    if ($("local-play")) $("local-play").textContent = "▶ play";
  }
  function localEnd() { localPause(); while (localStep()); }
  function drawLocalBoard() {
    const n = local.n, board = $("local-board");
    board.innerHTML = "";
    board.style.setProperty("--n", n);
    board.style.setProperty("--cell", `${Math.max(12, Math.min(40, Math.floor(360 / n)))}px`);
    for (let r = 0; r < n; ++r) for (let c = 0; c < n; ++c) board.appendChild(h("div", { class: (r + c) % 2 ? "st-lsq st-ldark" : "st-lsq", "data-row": r + 1, "data-col": c + 1 }));
  }
  function showLocal() {
    const n = local.n, cols = local.cols, last = local.history[local.history.length - 1];
    for (const cell of $("local-board").children) {
      const r = cell.dataset.row - 1, c = cell.dataset.col - 1, q = cols[r] === c;
      cell.textContent = q ? "♛" : "";
      cell.toggleAttribute("data-queen", q);
      cell.toggleAttribute("data-attacked", q && attackers(cols, r, c) > 0);
      cell.toggleAttribute("data-moved", !!last && q && r === last.row);
      cell.toggleAttribute("data-from", !!last && r === last.row && c === last.from && last.from !== last.to);
    }
    const now = conflictsOf(cols), done = now === 0, out = $("local-status");
    out.dataset.step = String(local.k);
    out.dataset.conflicts = String(now);
    out.dataset.state = done ? "solved" : local.k >= local.limit ? "limit" : "running";
    const move = !last ? `the greedy start (seed ${local.seed})`
      : last.from === last.to ? `Q${last.row + 1} moved nowhere: column ${last.from + 1} is already one of its row's best (${last.after} conflicts)`
      : `Q${last.row + 1} moved from column ${last.from + 1} to ${last.to + 1} (${last.before} → ${last.after} conflicts)`;
    out.innerHTML = `step <b>${local.k}</b> of at most ${local.limit}: ${esc(move)} · conflicts <b data-role="conflicts">${now}</b>` +
      (done ? ` · <b class="st-good">solved</b>: no queen attacked, after ${local.k} move${local.k === 1 ? "" : "s"}` : local.k >= local.limit ? ' · <b class="st-warn">step limit reached</b>' : "");
    $("local-history").textContent = local.history.slice(-12).map((m, i, a) => `${local.k - a.length + i + 1}: Q${m.row + 1} ${m.from + 1}→${m.to + 1} (${m.after})`).join("  ");
    $("local-step").disabled = done || local.k >= local.limit;
  }
  function showLocalPanel(on) {
    $("local").hidden = !on;
    if (on) localReset(); else localPause();
  }

  // =========================================================================================
  // AC-3, the student revising the arcs (issue 31, item 8): the viewer shows MAC's queue of
  // variables, not arcs, so the page runs AIMA's AC-3 itself on the instance of the last run
  // (a graph to colour with its k colours, or N-Queens: rows as variables, columns as values),
  // with the assignments the student (or the link, or a queen placed with --place) makes: the
  // queue of arcs (Xi, Xj) in the textbook's order (every arc, by variable then neighbour; a
  // seed other than 0 shuffles it), REVISE(Xi, Xj) removing the values of Xi with no support in
  // Xj's domain, and when Di shrinks (Xk, Xi) for each neighbour k ≠ j joining the queue (not
  // twice). The student marks the values to remove, "Revise" judges it with each value's
  // support or its lack of one. Its fixpoint is the engine's MAC's at the root (browser test).
  const ac3 = { on: false, vars: [], values: [], nb: [], board: false, fixed: new Map(), seed: 0, limit: 1000,
                dom: [], queue: [], steps: 0, right: 0, wrong: 0, marked: new Set(), state: "off", last: null, engine: null };
  function ac3able(replay) {
    const v = replay && replay.view;
    return !!v && (v.kind === "board" || (v.kind === "graph" && v.mode === "colour")) && v.n > 0;
  }
  function ac3Instance() {
    const r = st.last.replay, v = r.view, csp = r.csp;
    ac3.board = v.kind === "board";
    const n = v.n;
    if (ac3.board) {
      ac3.vars = Array.from({ length: n }, (_, i) => `Q${i + 1}`);
      ac3.values = Array.from({ length: n }, (_, i) => String(i + 1));
      ac3.nb = ac3.vars.map((_, i) => ac3.vars.map((__, j) => j).filter((j) => j !== i));
      ac3.placed = (v.placed || []).map(([a, b]) => [a, b]);
    } else {
      ac3.vars = Array.isArray(v.names) && v.names.length === n ? v.names.slice() : Array.from({ length: n }, (_, i) => String(i + 1));
      const argv = st.last.argv, m = argv.indexOf("-m");
      const k = csp && Array.isArray(csp.values) ? csp.values.length : m >= 0 ? Math.floor(+argv[m + 1]) || 3 : 3;
      ac3.values = Array.from({ length: k }, (_, i) => String(i + 1));
      const nb = ac3.vars.map(() => new Set());
      for (const [a, b] of v.edges || []) if (a !== b) { nb[a].add(b); nb[b].add(a); }
      ac3.nb = nb.map((s) => [...s].sort((x, y) => x - y));
      ac3.placed = [];
      ac3.positions = v.positions;
    }
  }
  const ac3Ok = (i, x, j, y) => x !== y && !(ac3.board && Math.abs(x - y) === Math.abs(i - j));
  const ac3Support = (i, x, j) => ac3.dom[j].find((y) => ac3Ok(i, x, j, y));
  const ac3Val = (i, x) => `${ac3.vars[i]}=${ac3.values[x]}`;
  const ac3Set = (d) => `{${d.map((x) => ac3.values[x]).join(", ")}}`;
  const ac3Arc = ([i, j]) => `(${ac3.vars[i]}, ${ac3.vars[j]})`;
  function ac3Start(fixes) {
    if (!st.last || !ac3able(st.last.replay)) return;
    ac3Instance();
    ac3.on = true;
    ac3.fixed = new Map();
    for (const [r, c] of ac3.placed) ac3.fixed.set(r, c);
    for (const [i, x] of fixes || []) ac3.fixed.set(i, x);
    const vs = $("ac3-var"), xs = $("ac3-val");
    vs.innerHTML = "";
    ac3.vars.forEach((name, i) => vs.appendChild(h("option", { value: String(i) }, name)));
    xs.innerHTML = "";
    ac3.values.forEach((name, x) => xs.appendChild(h("option", { value: String(x) }, ac3.board ? `column ${name}` : `colour ${name}`)));
    $("ac3").hidden = false;
    $("ac3-start").hidden = true;
    document.body.dataset.ac3 = "1";
    ac3Reset();
  }
  function ac3Stop() {
    ac3.on = false;
    ac3.state = "off";
    $("ac3").hidden = true;
    delete document.body.dataset.ac3;
    $("ac3-start").hidden = !(st.showing === "run" && st.last && ac3able(st.last.replay));
  }
  // A fresh start: every domain whole but the assigned variables' ({value}); the first queue.
  function ac3Reset() {
    ac3.seed = Math.max(0, Math.floor(+$("ac3-seed").value) || 0);
    ac3.limit = Math.max(1, Math.floor(+$("ac3-limit").value) || 1000);
    ac3.dom = ac3.vars.map((_, i) => (ac3.fixed.has(i) ? [ac3.fixed.get(i)] : ac3.values.map((__, x) => x)));
    ac3.queue = [];
    ac3.vars.forEach((_, i) => { for (const j of ac3.nb[i]) ac3.queue.push([i, j]); });
    if (ac3.seed) {
      const rng = mulberry32(ac3.seed);
      for (let a = ac3.queue.length - 1; a > 0; --a) { const b = Math.floor(rng() * (a + 1)); [ac3.queue[a], ac3.queue[b]] = [ac3.queue[b], ac3.queue[a]]; }
    }
    ac3.steps = 0; ac3.right = 0; ac3.wrong = 0;
    ac3.marked = new Set();
    ac3.last = null;
    ac3.engine = null;
    ac3.state = ac3.queue.length ? "running" : "done";
    $("ac3-verdict").textContent = "";
    $("ac3-verdict").className = "st-ex-verdict";
    ac3Show();
  }
  // REVISE(Xi, Xj) on the current domains: the values removed, and each kept one's support.
  function ac3Revision() {
    const [i, j] = ac3.queue[0], removed = [], kept = [];
    for (const x of ac3.dom[i]) { const y = ac3Support(i, x, j); if (y === undefined) removed.push(x); else kept.push([x, y]); }
    return { i, j, before: ac3.dom[i].slice(), dj: ac3.dom[j].slice(), removed, kept };
  }
  function ac3Apply(rev) {
    ac3.queue.shift();
    const { i, j } = rev, added = [], waiting = [];
    if (rev.removed.length) {
      ac3.dom[i] = ac3.dom[i].filter((x) => !rev.removed.includes(x));
      if (ac3.dom[i].length) {
        for (const k of ac3.nb[i]) {
          if (k === j) continue;
          if (ac3.queue.some(([a, b]) => a === k && b === i)) waiting.push([k, i]);
          else { ac3.queue.push([k, i]); added.push([k, i]); }
        }
      }
    }
    ++ac3.steps;
    ac3.last = Object.assign({}, rev, { added, waiting });
    ac3.marked = new Set();
    ac3.state = !ac3.dom[i].length ? "wipeout" : !ac3.queue.length ? "done" : ac3.steps >= ac3.limit ? "limit" : "running";
    return ac3.last;
  }
  function ac3Explain(rev, chosen) {
    const { i, j } = rev, dj = ac3Set(rev.dj), mark = (x, removed) => {
      if (!chosen) return "";
      const you = chosen.has(x);
      return you === removed ? ' <span class="st-good">✓</span>' : ` <b class="st-bad">✗ you ${you ? "removed" : "kept"} it</b>`;
    };
    const lines = rev.before.map((x) => {
      const y = ac3Support(i, x, j) ?? rev.kept.find(([a]) => a === x)?.[1];
      const k = rev.kept.find(([a]) => a === x);
      return k ? `<li>${esc(ac3Val(i, x))} is supported by ${esc(ac3Val(j, k[1]))}: kept${mark(x, false)}</li>`
               : `<li>${esc(ac3Val(i, x))} has no support in ${esc(ac3.vars[j])}'s ${esc(dj)}${ac3.board ? " (each attacks it)" : ""}: removed${mark(x, true)}</li>`;
    });
    return `<ul class="st-ac3-why">${lines.join("")}</ul>`;
  }
  function ac3After(a) {
    if (!a.removed.length) return `${esc(ac3.vars[a.i])}'s domain did not change: no arc joins the queue.`;
    if (!ac3.dom[a.i].length) return `${esc(ac3.vars[a.i])}'s domain is empty: a wipe-out.`;
    const parts = [`${esc(ac3.vars[a.i])} is now ${esc(ac3Set(ac3.dom[a.i]))}, so the arcs into it (but from ${esc(ac3.vars[a.j])}) are checked again: `];
    parts.push(a.added.length ? `<span data-role="added">${esc(a.added.map(ac3Arc).join(" "))}</span> join${a.added.length === 1 ? "s" : ""} the queue` : "no new arc");
    if (a.waiting.length) parts.push(`; ${esc(a.waiting.map(ac3Arc).join(" "))} ${a.waiting.length === 1 ? "is" : "are"} already waiting`);
    return parts.join("") + ".";
  }
  function ac3Revise(judge) {
    if (ac3.state !== "running") return;
    const rev = ac3Revision();
    let ok = null;
    if (judge) {
      ok = rev.removed.length === ac3.marked.size && rev.removed.every((x) => ac3.marked.has(x));
      if (ok) ++ac3.right; else ++ac3.wrong;
    }
    const why = ac3Explain(rev, judge ? new Set(ac3.marked) : null), a = ac3Apply(rev);
    const head = ok === null ? `REVISE${esc(ac3Arc([a.i, a.j]))}, done for you:`
      : ok ? `<b class="st-good">Right</b>: AC-3 does the same with ${esc(ac3Arc([a.i, a.j]))}.`
           : `<b class="st-bad">Not this one</b>: AC-3 removes ${a.removed.length ? esc(ac3Set(a.removed)) : "nothing"} from ${esc(ac3.vars[a.i])}'s ${esc(ac3Set(a.before))}.`;
    const out = $("ac3-verdict");
    out.className = "st-ex-verdict " + (ok === null ? "st-ex-shown" : ok ? "st-ex-right" : "st-ex-wrong");
    out.dataset.verdict = ok === null ? "shown" : ok ? "right" : "wrong";
    out.innerHTML = `<p>${head}</p>${why}<p data-role="queue-change">${ac3After(a)}</p>`;
    ac3Show();
  }
  function ac3End() {
    while (ac3.state === "running") ac3Apply(ac3Revision());
    const out = $("ac3-verdict");
    out.className = "st-ex-verdict st-ex-shown";
    out.dataset.verdict = "shown";
    out.innerHTML = `<p>The rest done for you: ${ac3.steps} revisions in all.</p>`;
    ac3Show();
  }
  // N-Queens: the engine's MAC at the root of the same placement (--place), for comparison.
  function ac3Engine() {
    if (!ac3.board) return null;
    const n = ac3.vars.length, argv = ["nqueens", "-n", String(n)];
    for (const [i, x] of [...ac3.fixed].sort((a, b) => a[0] - b[0])) argv.push("--place", `${i + 1},${x + 1}`);
    argv.push("--strategy", "mac", "--node-limit", "1", "--replay-max-steps", "2");
    try {
      const r = btsolve.replay(argv).replay, dom = r.csp.domains.map((d) => d.slice());
      for (const e of (r.steps[0] && r.steps[0].prop) || []) if (e[0] === "rm") dom[e[1]] = dom[e[1]].filter((x) => !e[2].includes(x));
      return { argv, dom };
    } catch (e) {
      return { argv, error: e.message };
    }
  }
  function ac3Show() {
    const cur = ac3.state === "running" ? ac3.queue[0] : null, box = $("ac3");
    box.dataset.state = ac3.state;
    box.dataset.step = String(ac3.steps);
    box.dataset.queue = ac3.queue.map(([i, j]) => `${i}>${j}`).join(",");
    box.dataset.domains = JSON.stringify(ac3.dom);
    $("ac3-score").textContent = `${ac3.right} right, ${ac3.wrong} wrong · ${ac3.steps} revision${ac3.steps === 1 ? "" : "s"}`;
    $("ac3-fixed").textContent = ac3.fixed.size ? "assigned: " + [...ac3.fixed].sort((a, b) => a[0] - b[0]).map(([i, x]) => ac3Val(i, x)).join(" ") : "nothing assigned";
    $("ac3-unassign").disabled = !ac3.fixed.size;
    for (const id of ["ac3-revise", "ac3-show", "ac3-end"]) $(id).disabled = !cur;
    let task;
    if (cur) {
      const [i, j] = cur;
      task = `Revision ${ac3.steps + 1}: the arc <b data-role="arc">${esc(ac3Arc(cur))}</b>. Which values of ${esc(ac3.vars[i])}'s ${esc(ac3Set(ac3.dom[i]))} have no support in ${esc(ac3.vars[j])}'s ${esc(ac3Set(ac3.dom[j]))}? Click them in ${esc(ac3.vars[i])}'s row below (none, if every value has one), then <b>Revise</b>.`;
    } else if (ac3.state === "wipeout") {
      task = `<b class="st-bad">Wipe-out</b>: ${esc(ac3.vars[ac3.last.i])}'s domain is empty after ${ac3.steps} revisions: ${ac3.fixed.size ? "<b>no solution under these assignments</b>" : "<b>no solution</b> (nothing assigned)"}.`;
    } else if (ac3.state === "limit") {
      task = `<b class="st-warn">step limit reached</b> (${ac3.limit} revisions): ${ac3.queue.length} arcs still wait; AC-3 has not finished.`;
    } else {
      if (!ac3.engine) ac3.engine = ac3Engine() || {};
      const e = ac3.engine;
      const same = e.dom ? e.dom.every((d, i) => d.length === ac3.dom[i].length && d.every((x, k) => x === ac3.dom[i][k])) : null;
      task = `<b class="st-good">AC-3 is done</b> after ${ac3.steps} revisions: the queue is empty, every arc is consistent.` +
        (e.dom ? ` The engine's MAC at the root (<code>btsolve ${esc(e.argv.join(" "))}</code>) leaves ${same ? "the same domains" : "other domains"}${same ? " ✓" : ""}.` : "") +
        (e.error ? ` (The runner refuses this placement: ${esc(e.error.replace(/^btsolve: error: /, ""))}.)` : "");
    }
    $("ac3-task").innerHTML = task;
    // The domains: the current arc's Xi as buttons to mark, Xj outlined.
    const dbox = $("ac3-domains");
    dbox.innerHTML = "";
    dbox.style.setProperty("--k", ac3.values.length);
    ac3.vars.forEach((name, v) => {
      const row = h("div", { class: "st-ac3-row", "data-var": v, role: "group", "aria-label": `${name}'s domain` });
      if (cur && v === cur[0]) row.classList.add("st-ac3-i");
      if (cur && v === cur[1]) row.classList.add("st-ac3-j");
      row.appendChild(h("span", { class: "st-ac3-name" }, name + (ac3.fixed.has(v) ? " (assigned)" : "")));
      ac3.values.forEach((val, x) => {
        const inD = ac3.dom[v].includes(x);
        if (cur && v === cur[0] && inD) {
          const b = h("button", { type: "button", class: "st-ac3-val", "data-value": x, "aria-pressed": ac3.marked.has(x) ? "true" : "false",
                                   title: `${name}=${val}: click to remove it (again to keep it)` }, val);
          b.addEventListener("click", () => {
            if (ac3.marked.has(x)) ac3.marked.delete(x); else ac3.marked.add(x);
            b.setAttribute("aria-pressed", ac3.marked.has(x) ? "true" : "false");
          });
          row.appendChild(b);
        } else if (inD) {
          row.appendChild(h("span", { class: "st-ac3-in", "data-value": x }, val));
        } else {
          row.appendChild(h("s", { class: "st-ac3-gone", "data-value": x, title: `${name}=${val} removed` }, val));
        }
      });
      dbox.appendChild(row);
    });
    ac3Picture(cur);
    $("ac3-queue").textContent = ac3.queue.length ? ac3.queue.slice(0, 40).map(ac3Arc).join(" ") + (ac3.queue.length > 40 ? ` … (${ac3.queue.length} in all)` : "") : "empty";
    $("ac3-queue").dataset.length = String(ac3.queue.length);
    saveState();
  }
  const SVGNS = "http://www.w3.org/2000/svg";
  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  // The picture: the board (each row's domain: removed squares hatched, the assigned queens) or
  // the graph; the current arc's Xi ringed, the arc drawn from Xi to Xj.
  function ac3Picture(cur) {
    const box = $("ac3-picture");
    box.innerHTML = "";
    const n = ac3.vars.length;
    if (ac3.board) {
      const c = Math.max(8, Math.min(36, Math.floor(300 / n))), W = n * c;
      const s = svg("svg", { width: W + 4, height: W + 4, viewBox: `-2 -2 ${W + 4} ${W + 4}` });
      for (let r = 0; r < n; ++r) for (let x = 0; x < n; ++x) {
        const inD = ac3.dom[r].includes(x);
        s.appendChild(svg("rect", { x: x * c, y: r * c, width: c, height: c, class: inD ? ((r + x) % 2 ? "st-ac3-sq st-ac3-dark" : "st-ac3-sq") : "st-ac3-sq st-ac3-out", "data-row": r + 1, "data-col": x + 1 }));
        if (ac3.fixed.has(r) && ac3.fixed.get(r) === x) s.appendChild(svg("text", { x: x * c + c / 2, y: r * c + c * 0.78, "font-size": c * 0.8, "text-anchor": "middle", class: "st-ac3-queen" }, "♛"));
      }
      if (cur) {
        s.appendChild(svg("rect", { x: 0, y: cur[1] * c, width: W, height: c, class: "st-ac3-rowj" }));
        s.appendChild(svg("rect", { x: 0, y: cur[0] * c, width: W, height: c, class: "st-ac3-rowi" }));
      }
      box.appendChild(s);
      return;
    }
    const W = 420, H = 320, R = n > 25 ? 9 : 16, pos = (ac3.positions || []).map(([x, y]) => [24 + x * (W - 48), 20 + y * (H - 52)]);
    if (pos.length !== n) for (let i = 0; i < n; ++i) pos[i] = [W / 2 + (W / 2 - 30) * Math.cos((2 * Math.PI * i) / n), H / 2 + (H / 2 - 30) * Math.sin((2 * Math.PI * i) / n)];
    const s = svg("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}` });
    s.appendChild(svg("defs")).appendChild(svg("marker", { id: "ac3-head", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto" }))
      .appendChild(svg("path", { d: "M0,0 L10,5 L0,10 z", class: "st-ac3-head" }));
    ac3.nb.forEach((ks, a) => { for (const b of ks) if (a < b) s.appendChild(svg("line", { x1: pos[a][0], y1: pos[a][1], x2: pos[b][0], y2: pos[b][1], class: "st-ac3-edge" })); });
    if (cur) {
      const [a, b] = cur, dx = pos[b][0] - pos[a][0], dy = pos[b][1] - pos[a][1], L = Math.hypot(dx, dy) || 1;
      s.appendChild(svg("line", { x1: pos[a][0] + (dx * R) / L, y1: pos[a][1] + (dy * R) / L, x2: pos[b][0] - (dx * (R + 2)) / L, y2: pos[b][1] - (dy * (R + 2)) / L, class: "st-ac3-arc", "marker-end": "url(#ac3-head)" }));
    }
    ac3.vars.forEach((name, v) => {
      const g = s.appendChild(svg("g", { "data-vertex": v }));
      const cls = ["st-ac3-v"];
      if (ac3.fixed.has(v)) cls.push("st-ac3-fixed");
      if (!ac3.dom[v].length) cls.push("st-ac3-empty");
      if (cur && v === cur[0]) cls.push("st-ac3-vi");
      if (cur && v === cur[1]) cls.push("st-ac3-vj");
      g.appendChild(svg("circle", { cx: pos[v][0], cy: pos[v][1], r: R, class: cls.join(" ") }));
      g.appendChild(svg("text", { x: pos[v][0], y: pos[v][1] + 4, "text-anchor": "middle", class: "st-ac3-label", "font-size": n > 25 ? 8 : 11 }, name.slice(0, 4)));
      if (n <= 25) g.appendChild(svg("text", { x: pos[v][0], y: pos[v][1] + R + 11, "text-anchor": "middle", class: "st-ac3-dom" }, ac3Set(ac3.dom[v])));
      g.appendChild(svg("title", {}, `${name}: ${ac3Set(ac3.dom[v])}`));
    });
    box.appendChild(s);
  }
  // After a revision, the keyboard goes on from Revise (or, at the end, from the verdict's panel).
  function focusAc3() { const b = $("ac3-revise"); if (!b.disabled) b.focus({ preventScroll: true }); else $("ac3-reset").focus({ preventScroll: true }); }
  function ac3Assign() {
    const i = +$("ac3-var").value, x = +$("ac3-val").value;
    if (!(i >= 0 && x >= 0)) return;
    ac3.fixed.set(i, x);
    ac3Reset();
  }
  // "SA=1,WA=2" (names, 1-based values) and back, for the address.
  const ac3FixText = () => [...ac3.fixed].sort((a, b) => a[0] - b[0]).map(([i, x]) => ac3Val(i, x)).join(",");
  function ac3ParseFix(text) {
    const out = [];
    for (const part of (text || "").split(",")) {
      const m = part.match(/^(.*)=(\d+)$/);
      if (!m) continue;
      const i = ac3.vars.indexOf(m[1]), x = +m[2] - 1;
      if (i >= 0 && x >= 0 && x < ac3.values.length) out.push([i, x]);
    }
    return out;
  }

  // =========================================================================================
  // Branch and bound (issue 31, item 9): knapsack and TSP recordings hold each improvement (a
  // solution step; the result's `improvements` give their values, in order) and each node cut
  // by its bound (a prune step whose `why.bound` has the bound and the best). Above the viewer,
  // at every step: the incumbent (the best found so far), and at a prune the bound against it
  // and the subtree cut (the assignments above it, the variables left, how many nodes and
  // leaves it held: never visited).
  function bnbOf(last) {
    if (!last || !last.replay || !["knapsack", "tsp"].includes(last.argv[0])) return null;
    const steps = last.replay.steps, imps = Array.isArray(last.result.improvements) ? last.result.improvements : [];
    const sol = [];
    steps.forEach((s, j) => { if (s.k === "s") sol.push(j); });
    const v = last.replay.view, n = last.argv[0] === "knapsack" ? (v.weights || []).length : v.n | 0;
    return { p: last.argv[0], steps, n, sol, values: imps.map((x) => (x.value !== undefined ? x.value : x.length)),
             better: last.result.objective === "minimize" ? "shorter" : "more valuable" };
  }
  // The nodes and leaves below a node with m variables left: knapsack 2 values each, TSP the
  // remaining cities in every order.
  function subtreeSize(p, m) {
    let nodes = 1, leaves = 1;
    if (p === "knapsack") { leaves = 2 ** m; nodes = 2 ** (m + 1) - 1; }
    else { let level = 1; for (let k = m; k >= 1; --k) { level *= k; nodes += level; } leaves = level; }
    return { nodes, leaves };
  }
  const big = (x) => (x < 1e15 ? fmt(x) : x.toExponential(2));
  function updateBnb(i) {
    const el = $("bnb"), b = st.showing === "run" || st.showing === "exercise" ? bnbOf(st.last) : null;
    el.hidden = !b;
    if (!b) return;
    let k = 0;
    while (k < b.sol.length && b.sol[k] < i) ++k;
    const inc = k ? b.values[k - 1] : null;
    let cut = 0, cutNodes = 0;
    for (let j = 0; j < i; ++j) {
      const s = b.steps[j];
      if (s.k === "p" && s.why && s.why.bound) { ++cut; cutNodes += subtreeSize(b.p, Math.max(0, b.n - (b.p === "tsp" ? 1 : 0) - s.d)).nodes; }
    }
    const lines = [`<span class="st-note">branch and bound</span> incumbent (the best so far): ` +
      (inc === null ? '<b data-role="incumbent">none yet</b>' : `<b data-role="incumbent">${fmt(inc)}</b> <span class="st-note">(improvement ${k} of ${b.values.length}, step ${b.sol[k - 1] + 1})</span>`) +
      ` · subtrees cut by the bound so far: <b data-role="cut">${fmt(cut)}</b>, holding up to <b data-role="cut-nodes">${big(cutNodes)}</b> nodes never visited`];
    const ev = i > 0 ? b.steps[i - 1] : null;
    if (ev && ev.k === "p" && ev.why && ev.why.bound) {
      const m = Math.max(0, b.n - (b.p === "tsp" ? 1 : 0) - ev.d), size = subtreeSize(b.p, m), vals = ev.why.bound.values || {};
      const path = st.viewer.model.pathAt(i).map((x) => st.viewer.model.steps[st.viewer.model.t.step[x]].l).filter(Boolean);
      const rule = String(ev.why.bound.rule || "").replace(/[A-Za-z_]+/g, (w) => (w in vals ? `${w} ${fmt(vals[w])}` : w)).replace(/<=/g, "≤").replace(/>=/g, "≥");
      lines.push(`<span data-role="bound">${esc(rule)}</span>: no completion can be ${b.better} than the incumbent, so the subtree below ` +
        `<code data-role="cut-path">${esc(path.join(" ") || "the root")}</code> is cut: ${m} ${b.p === "tsp" ? "cities" : "items"} undecided, <b data-role="cut-size">${big(size.nodes)}</b> nodes (${big(size.leaves)} ${b.p === "tsp" ? "tours" : "leaves"}) never visited`);
    } else if (ev && ev.k === "s") {
      lines.push(`<span data-role="improved">a better solution: the incumbent is now ${fmt(inc)}</span>`);
    }
    el.innerHTML = lines.map((l) => `<div>${l}</div>`).join("");
  }

  // Share and keep: the page's state in its URL (location.hash, so file:// works too) and
  // downloads. The hash holds the Watch setup (problem, instance, strategy, mode, bounds), the
  // tab, and for a run its step ("run=1&step=57"): a link reopens the same view.
  const HASH_FIELDS = { nqueens: ["size", "placed"], source: ["source", "gen-param", "colours"],
                        subsets: ["subsets-preset", "weights", "target"] };
  const BOUND_DEFAULTS = { "max-steps": "20000", "time-limit": "5", "node-limit": "", extra: "" };
  function stateParams() {
    const p = form.problem, ui = UI[p] || { kind: "paste" }, q = new URLSearchParams();
    q.set("p", p);
    const fields = ui.kind === "size" ? HASH_FIELDS.nqueens : ui.kind === "source" ? HASH_FIELDS.source : ui.kind === "subsets" ? HASH_FIELDS.subsets : [];
    for (const id of fields) {
      if (id === "colours" && !ui.colours) continue;
      if (id === "gen-param" && $("gen-box").hidden) continue;
      if ((id === "weights" || id === "target") && $("subsets-preset").value !== "custom") continue;
      if ($(id).value !== "") q.set(id, $(id).value);
    }
    if (ui.colours && $("chromatic").checked) q.set("chromatic", "1");
    if (!$("paste").closest('[data-for="paste"]').hidden) q.set("paste", $("paste").value);
    if ($("strategy").value) q.set("strategy", $("strategy").value);
    if ($("strategy").value === "*switches") for (const sel of document.querySelectorAll("#switches select")) q.set(sel.dataset.switch, sel.value);
    q.set("mode", form.mode);
    if (form.mode === "limit") q.set("limit", $("limit").value);
    for (const [id, d] of Object.entries(BOUND_DEFAULTS)) if ($(id).value !== d) q.set(id, $(id).value);
    if (document.body.classList.contains("st-present")) q.set("present", "1");
    const tab = document.querySelector('[role="tab"][aria-selected="true"]');
    if (tab && tab.dataset.tab !== "watch") q.set("tab", tab.dataset.tab);
    if (st.showing === "run" && st.viewer) {
      q.set("run", "1");
      q.set("step", String(st.viewer.step));
    }
    if (st.showing === "exercise") {
      q.set("run", "1");
      q.set("exercise", String(ex.k + 1));
    }
    if (ac3.on) {
      q.set("run", "1");
      q.set("ac3", "1");
      if (ac3.fixed.size) q.set("ac3fix", ac3FixText());
      if (ac3.seed) q.set("ac3seed", String(ac3.seed));
      if (ac3.limit !== 1000) q.set("ac3limit", String(ac3.limit));
      if (ac3.steps) q.set("ac3step", String(ac3.steps));
    }
    return q;
  }
  let hashTimer = 0, hashWritten = "";
  function saveState(now) {
    clearTimeout(hashTimer);
    const write = () => {
      if (!st.ready || st.restoring) return;
      const hash = "#" + stateParams().toString();
      if (hash === location.hash) return;
      hashWritten = hash;
      try { history.replaceState(null, "", hash); } catch (e) { location.replace(hash); }
    };
    if (now) write(); else hashTimer = setTimeout(write, 150);
  }
  // Sets the page as the hash says, then runs and goes to its step when it names one.
  async function restoreState(hash) {
    const q = new URLSearchParams(hash.replace(/^#/, ""));
    if (!q.has("p") || !runner.problems.includes(q.get("p"))) return false;
    st.restoring = true;
    try {
      const p = q.get("p");
      if (form.problem !== p || st.problem !== p) {
        st.pasted[st.problem] = $("paste").value;
        $("problem").value = p;
        st.problem = p;
        $("paste").value = st.pasted[p] || "";
        st.placed = [];
        fillStrategies();
        fillInstance();
      }
      const set = (id) => { if (q.has(id)) $(id).value = q.get(id); };
      if (q.has("source") && [...$("source").options].some((o) => o.value === q.get("source"))) { $("source").value = q.get("source"); sourceChanged(); }
      if (q.has("subsets-preset")) { $("subsets-preset").value = q.get("subsets-preset"); applyPreset(); sourceChanged(); }
      for (const id of ["size", "gen-param", "colours", "weights", "target", "limit", ...Object.keys(BOUND_DEFAULTS)]) set(id);
      if (q.has("paste")) $("paste").value = q.get("paste");
      $("chromatic").checked = q.get("chromatic") === "1";
      $("colours").disabled = $("chromatic").checked;
      const sv = q.get("strategy") || "";
      $("strategy").value = [...$("strategy").options].some((o) => o.value === sv) ? sv : "";
      for (const sel of document.querySelectorAll("#switches select")) if (q.has(sel.dataset.switch)) sel.value = q.get(sel.dataset.switch);
      showSwitches();
      const radio = document.querySelector(`input[name="mode"][value="${q.get("mode") || "first"}"]`);
      if (radio) radio.checked = true;
      st.placed = [];
      if (q.has("placed")) { $("placed").value = q.get("placed"); st.placed = typedPlacement(); }
      selectTab(q.get("tab") === "compare" ? "compare" : "watch");
      document.body.classList.toggle("st-present", q.get("present") === "1");
      $("present").setAttribute("aria-pressed", q.get("present") === "1" ? "true" : "false");
      preview();
      if (q.get("run") === "1") {
        await run();
        if (st.viewer && q.has("step")) st.viewer.goto(+q.get("step"));
        if (q.has("exercise") && st.last && exercisable(st.last.replay)) {
          startExercise();
          ex.k = Math.max(0, Math.min(ex.points.length, (+q.get("exercise") || 1) - 1));
          poseExercise();
        }
        if (q.get("ac3") === "1" && st.last && ac3able(st.last.replay)) {
          $("ac3-seed").value = q.get("ac3seed") || "0";
          $("ac3-limit").value = q.get("ac3limit") || "1000";
          ac3Instance();
          ac3Start(ac3ParseFix(q.get("ac3fix")));
          for (let k = Math.floor(+q.get("ac3step") || 0); k > 0 && ac3.state === "running"; --k) ac3Apply(ac3Revision());
          ac3Show();
        }
      }
    } finally {
      st.restoring = false;
    }
    saveState(true);
    return true;
  }
  // Presentation mode: large type, the setup column hidden (docs/studio.md).
  function present(on) {
    document.body.classList.toggle("st-present", on);
    $("present").setAttribute("aria-pressed", on ? "true" : "false");
    saveState(true);
  }
  // A file to save: made in the page (a Blob), so it works from file:// too.
  function download(name, type, text) {
    const a = h("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
    document.body.appendChild(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }
  function downloadRecording() {
    const l = st.last;
    if (!l || !l.replay) return;
    const doc = Object.assign({}, l.replay, { argv: l.argv });
    download(`btsolve-${l.argv[0]}-${(l.result && l.result.strategy) || "run"}.replay.json`, "application/json", JSON.stringify(doc, null, 1) + "\n");
  }
  async function downloadTable(format) {
    if (!cmp.last) return;
    const ta = format === "markdown" ? $("cmp-md") : $("cmp-csv");
    if (!ta.value) ta.value = await textTable(cmp.last.argv, format);
    download(`btsolve-compare-${cmp.last.argv[1]}.${format === "markdown" ? "md" : "csv"}`, format === "markdown" ? "text/markdown" : "text/csv", ta.value);
  }
  // The plot as a file of its own: the page's styles for it put inside the SVG.
  const PLOT_STYLE = ".st-plot-title{font:600 13px sans-serif;fill:#1f2430}.st-grid{stroke:#e3e7ee}.st-axis{stroke:#8a93a3}" +
                     ".st-tick{font:11.5px sans-serif;fill:#5f6672}.st-miss{fill:#c62828}.st-legend{font:12px monospace;fill:#1f2430}";
  function plotSvg() {
    const svgEl = $("cmp-plot").querySelector("svg");
    if (!svgEl) return "";
    const copy = svgEl.cloneNode(true);
    const style = document.createElementNS("http://www.w3.org/2000/svg", "style");
    style.textContent = PLOT_STYLE;
    copy.insertBefore(style, copy.firstChild);
    copy.insertBefore(document.createElementNS("http://www.w3.org/2000/svg", "rect"), style.nextSibling);
    const bg = copy.children[1];
    bg.setAttribute("width", "100%"); bg.setAttribute("height", "100%"); bg.setAttribute("fill", "#fff");
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy) + "\n";
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
    saveState();
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
    // Typing a number of solutions chooses "first K"; passing through the field (Tab) changes nothing.
    $("limit").addEventListener("input", () => {
      const r = document.querySelector('input[name="mode"][value="limit"]');
      if (!r.checked) { r.checked = true; r.dispatchEvent(new Event("change")); }
    });
    $("present").addEventListener("click", () => present(!document.body.classList.contains("st-present")));
    document.addEventListener("keydown", (e) => { if (e.key === "Escape" && document.body.classList.contains("st-present")) present(false); });
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
    $("download-replay").addEventListener("click", downloadRecording);
    $("local-reset").addEventListener("click", localReset);
    $("local-step").addEventListener("click", () => { localPause(); localStep(); });
    $("local-play").addEventListener("click", localPlay);
    $("local-end").addEventListener("click", localEnd);
    $("exercise-start").addEventListener("click", () => { startExercise(); saveState(true); });
    $("exercise-stop").addEventListener("click", () => { stopExercise(); saveState(true); });
    $("exercise-reveal").addEventListener("click", revealExercise);
    $("exercise-next").addEventListener("click", () => { nextExercise(); saveState(true); });
    $("exercise-region").addEventListener("change", () => { ex.picked = $("exercise-region").value === "" ? -1 : +$("exercise-region").value; });
    $("ac3-start").addEventListener("click", () => { ac3Start([]); saveState(true); $("ac3").scrollIntoView({ block: "nearest" }); $("ac3-revise").focus({ preventScroll: true }); });
    $("ac3-stop").addEventListener("click", () => { ac3Stop(); saveState(true); });
    $("ac3-reset").addEventListener("click", ac3Reset);
    $("ac3-revise").addEventListener("click", () => { ac3Revise(true); focusAc3(); });
    $("ac3-show").addEventListener("click", () => { ac3Revise(false); focusAc3(); });
    $("ac3-end").addEventListener("click", ac3End);
    $("ac3-assign").addEventListener("click", ac3Assign);
    $("ac3-unassign").addEventListener("click", () => { ac3.fixed = new Map(ac3.placed.map(([r, c]) => [r, c])); ac3Reset(); });
    $("cancel-run").addEventListener("click", () => work.stop());
    $("cmp-cancel").addEventListener("click", () => work.stop());
    $("download-md").addEventListener("click", () => downloadTable("markdown"));
    $("download-csv").addEventListener("click", () => downloadTable("csv"));
    $("download-svg").addEventListener("click", () => { const t = plotSvg(); if (t) download(`btsolve-compare-${cmp.last.argv[1]}.svg`, "image/svg+xml", t); });
    $("copy-link").addEventListener("click", async () => {
      saveState(true);
      let ok = false;
      try { if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(location.href); ok = true; } } catch (e) { ok = false; }
      $("link-status").textContent = ok ? "link copied" : "the address bar holds the link";
    });
    for (const id of ["size", "gen-param", "colours", "weights", "target", "limit", "max-steps", "time-limit", "node-limit"]) $(id).addEventListener("change", () => saveState());
    window.addEventListener("hashchange", () => { if (location.hash !== hashWritten && st.ready) restoreState(location.hash); });
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
    const described = describeRunner();
    if (described) {
      runner.problems = described.problems.map((d) => d.name);
      described.problems.forEach(learnDescribed);
    } else {
      runner.problems = readProblems(btsolve.exec(["list"]).stdout);
      runner.problems.forEach(learnProblem);
    }
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
    if (location.hash.length > 1) await restoreState(location.hash);
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
    runner, setupArgs, preview, run, makeTable, bench, stateParams, plotSvg, local, ac3,
    get worker() { return { on: work.on, started: !!work.w, busy: work.busy() }; },
  };
  start();
})();
