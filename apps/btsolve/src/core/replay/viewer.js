// SPDX-License-Identifier: MIT
// btsolve's step viewer: plays a replay document (docs/replay-format.md, version 2; version 1
// documents {view, truncated, steps} play too) step by step, forward and back, for every problem
// and strategy. The same file runs in the recorded --replay page (page.html) and in the course
// studio (apps/studio/web). Plain JavaScript, no dependencies, no network.
//
// API
//   const v = BtViewer.mount(container, doc, options)   draws into container (emptied first)
//     doc      a replay document (object or JSON text); null: an empty viewer
//     options  onStep(i, sub)          called after every move (i: steps done, 0..N; sub: the
//                                      propagation sub-step, or null)
//              onCellClick(cell, info) a click on the picture: cell as the document's cells
//                                      ([row, col], [vertex], [item], [row * side + col]),
//                                      0-based; info {kind, row, col, vertex, item} 1-based
//              keyboard: "container" (default) | "document" | false   where keys are heard
//              speed: steps per second (default 8), showRejected (false), into (false: step
//              over propagation), at: the first step shown (0)
//   v.load(doc)  v.goto(i, sub)  v.forward()  v.back()  v.play()  v.pause()  v.next(kind)
//   v.prev(kind) (kind "s" | "b" | "r" | "p": solution, backtrack, reject, prune)  v.setSpeed(s)  v.destroy()
//   v.step, v.sub, v.total, v.counters (at the current step), v.model
//   BtViewer.Model(doc): the indexed document alone (counters(i), pathAt(i), domainsAt(i, sub))
//
// Keys: ArrowRight / ArrowLeft step, Space play / pause, Home / End, s / S next / previous
// solution, b / B backtrack, r / R reject, p / P prune (docs/statistics.md, "Words").
//
// Hooks for tests (stable): inside the container's .btv element (data-step, data-total,
// data-sub, data-playing):
//   [data-action=first|back|play|forward|last|next-s|prev-s|next-b|prev-b|next-r|prev-r|next-p|prev-p]
//   [data-role=step|total|event|why|timeline|speed|selfcheck|truncated|candidates|queue|
//              propagation|tree|solutions|show-rejected|into|stop-at]
//   [data-counter=nodes|checks|assigns|prunes|backtracks|solutions|max_depth|
//                 propagation_checks|removals|wipeouts], [data-part=rejects|pruned] (prunes' parts)
//   [data-role=proof]: why there is no solution (the document's `proof`), on the picture
//   board: [data-row][data-col] cells (1-based) with data-queen, data-placed, data-candidate,
//          data-rejected, data-attacker, data-removed-by, data-wiped, data-undone, data-new;
//          [data-role=attack-line] from each attacker to the rejected square (visibility)
//   graph: circle[data-vertex] (1-based) with data-colour (1-based or ""), data-rejected,
//          data-attacker, data-wiped, data-current; line[data-edge="u-v"] with data-path,
//          data-clash; [data-role=missing-edge]
//   subsets: [data-item] (1-based, input order) with data-state=taken|left|undecided,
//          data-rejected; [data-role=sum] with data-s, data-target; [data-role=bound]
//   grid: [data-cell][data-row][data-col] with data-symbol, data-given, data-rejected, data-group-failed,
//          data-attacker, data-wiped
//   domains: [data-var][data-value] (1-based indices) with data-removed-by (the variable's
//          name, "root" for the root's own removals, "group G" for a hidden single), data-by
//          (its short form, shown), data-assigned, data-absent (not in the root domain),
//          data-fresh (removed by the current propagation entry); rows [data-var-row] with
//          data-wiped, data-next, data-assigned
//   propagation: li[data-sub][data-entry=q|rm|hs|w|gw] (a click goes to that sub-step);
//          MAC's queue: [data-queued] chips (1-based variable), in queue order
//   tree: [data-node] lines with data-step (the step a click goes to), data-kind=root|a|r,
//          data-current, data-path, [data-toggle]; solutions: [data-solution] with data-step
"use strict";
(function (global) {
  const MAX_TREE_LINES = 3000;     // a tree render never draws more lines than this
  const MAX_CHILDREN = 400;        // nor more children of one node (the latest are kept)
  const MAX_SOLUTIONS_SHOWN = 200; // the solutions list shows the latest ones
  const MAX_LOG_ENTRIES = 400;     // propagation entries listed around the current one
  const COUNTERS = ["nodes", "checks", "assigns", "prunes", "backtracks", "solutions", "max_depth"];
  const INFERENCE = ["propagation_checks", "removals", "wipeouts"];
  // The words of docs/statistics.md ("Words"): reject, prune, wipe-out, backtrack.
  const COUNTER_WORDS = { max_depth: "max depth", propagation_checks: "propagation checks", wipeouts: "wipe-outs" };
  // Colours 1, 2, ...: red comes last, as red marks conflicts everywhere else.
  const PALETTE = ["#4363d8", "#f58231", "#3cb44b", "#911eb4", "#ffe119", "#42d4f4", "#f032e6",
                   "#9a6324", "#bfef45", "#fabed4", "#469990", "#e6194b"];
  // Tree node flags.
  const PRUNED = 1, SOLUTION = 2, BACKTRACKED = 4, JUMPED = 8;
  // Step kinds as small numbers (Model.kind), so that the passes over 10^5 steps read typed
  // arrays and not the parsed objects, whose many shapes make property reads slow.
  const N_ = 1, A_ = 2, R_ = 3, P_ = 4, B_ = 5, J_ = 6, S_ = 7;
  const KIND = { n: N_, a: A_, r: R_, p: P_, b: B_, j: J_, s: S_ };

  // ---------------------------------------------------------------------------------------
  // Small helpers
  function esc(t) {
    return String(t).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }
  function h(tag, attrs, html) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) e.setAttribute(k, v);
    if (html !== undefined) e.innerHTML = html;
    return e;
  }
  function svg(tag, attrs) {
    const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    return e;
  }
  function colourOf(c) {  // c: 1-based colour
    return c <= PALETTE.length ? PALETTE[c - 1] : `hsl(${(c * 137) % 360},65%,55%)`;
  }
  function plural(k, word) { return `${k} ${word}${k === 1 ? "" : "s"}`; }
  // The last index in the sorted array a whose value is < x (-1 when none).
  function lastBelow(a, x) {
    let lo = 0, hi = a.length;
    while (lo < hi) { const m = (lo + hi) >> 1; if (a[m] < x) lo = m + 1; else hi = m; }
    return lo - 1;
  }

  // Attribute changes made per render, undone at the next one when not made again: a picture
  // is built once and only what changed between two steps is touched (fast at any step).
  class Marks {
    constructor() { this.prev = new Map(); this.next = new Map(); }
    set(el, name, value) {
      if (!el) return;
      let m = this.next.get(el);
      if (!m) this.next.set(el, (m = new Map()));
      m.set(name, value === undefined ? "" : String(value));
    }
    apply() {
      for (const [el, attrs] of this.prev) {
        const now = this.next.get(el);
        for (const name of attrs.keys()) if (!now || !now.has(name)) el.removeAttribute(name);
      }
      for (const [el, attrs] of this.next) {
        const was = this.prev.get(el);
        for (const [name, v] of attrs) if (!was || was.get(name) !== v) el.setAttribute(name, v);
      }
      this.prev = this.next;
      this.next = new Map();
    }
  }

  // ---------------------------------------------------------------------------------------
  // The document, indexed once: counters as prefix sums, the tree, the live path at every
  // step. Going to any step then costs the depth of the path, not the steps before it.
  function normalise(doc) {
    if (typeof doc === "string") doc = JSON.parse(doc);
    doc = doc || {};
    return {
      version: doc.version || 1,
      problem: doc.problem || "", strategy: doc.strategy || "", argv: doc.argv || null,
      view: doc.view && doc.view.kind ? doc.view : {},
      csp: doc.csp && Array.isArray(doc.csp.variables) ? doc.csp : null,
      seed: doc.backtracks === "seed",
      stats: doc.stats || null,
      truncated: !!doc.truncated,
      // Why there is no solution, when the runner proved it before any search (JSON `proof`:
      // "vertex 3 is a cut vertex: ...", "T has degree 0 (a cycle needs 2)"): shown on the picture.
      proof: typeof doc.proof === "string" && doc.proof ? doc.proof : null,
      steps: Array.isArray(doc.steps) ? doc.steps : [],
    };
  }

  class Model {
    constructor(doc) {
      const d = normalise(doc);
      Object.assign(this, d);
      this.N = this.steps.length;
      this.indexSteps();
      this.indexCounters();
      this.indexTree();
      this.indexKinds();
      this.indexCells();
      this.indexDomains();
    }

    // kind[j], depth[j]: step j's kind (N_ ...) and depth; hasInf, hasProp: some step carries
    // `inf`, `prop`.
    indexSteps() {
      const N = this.N, kind = new Uint8Array(N), depth = new Int32Array(N);
      let hasInf = false, hasProp = false;
      for (let j = 0; j < N; ++j) {
        const s = this.steps[j];
        kind[j] = KIND[s.k] || 0;
        depth[j] = s.d | 0;
        if (s.inf) hasInf = true;
        if (s.prop && s.prop.length) hasProp = true;
      }
      this.kind = kind; this.depth = depth; this.hasInf = hasInf; this.hasProp = hasProp;
    }

    // cnt[key][i]: the counter after the first i steps (docs/replay-format.md "Counters").
    indexCounters() {
      const N = this.N, steps = this.steps, kind = this.kind, depth = this.depth;
      const inf = !!(this.stats && INFERENCE.some((k) => k in this.stats)) || this.hasInf;
      this.keys = inf ? COUNTERS.concat(INFERENCE) : COUNTERS.slice();
      const c = {};
      for (const k of this.keys) c[k] = new Float64Array(N + 1);
      const [nodes, checks, assigns, prunes, backtracks, solutions, maxDepth] = COUNTERS.map((k) => c[k]);
      const [pc, rm, wo] = inf ? INFERENCE.map((k) => c[k]) : [null, null, null];
      for (let j = 0; j < N; ++j) {
        const k = kind[j], i = j + 1;
        nodes[i] = nodes[j] + (k === N_ ? 1 : 0);
        assigns[i] = assigns[j] + (k === A_ ? 1 : 0);
        checks[i] = checks[j] + (k === A_ || k === R_ ? 1 : 0);
        prunes[i] = prunes[j] + (k === R_ || k === P_ ? 1 : 0);
        // "seed": a backtrack right after a solution is not counted (--textbook-backtracks).
        backtracks[i] = backtracks[j] + (k === B_ && !(this.seed && j > 0 && kind[j - 1] === S_) ? 1 : 0);
        solutions[i] = solutions[j] + (k === S_ ? 1 : 0);
        maxDepth[i] = k === N_ && depth[j] > maxDepth[j] ? depth[j] : maxDepth[j];
        if (inf) {
          const f = k === N_ || k === A_ ? steps[j].inf : null;
          pc[i] = pc[j] + (f ? f[0] || 0 : 0);
          rm[i] = rm[j] + (f ? f[1] || 0 : 0);
          wo[i] = wo[j] + (f ? f[2] || 0 : 0);
        }
      }
      this.cnt = c;
    }
    counters(i) {
      const o = {};
      for (const k of this.keys) o[k] = this.cnt[k][i];
      return o;
    }
    // The counters at the last step against the run's stats: [] when equal (or not checkable).
    selfCheck() {
      if (this.truncated || !this.stats) return [];
      const got = this.counters(this.N), bad = [];
      for (const k of this.keys) {
        if (typeof this.stats[k] === "number" && this.stats[k] !== got[k]) bad.push(`${k} ${got[k]} \u2260 ${this.stats[k]}`);
      }
      return bad;
    }

    // The tree: node 0 is the root, one node per `a` (an assignment) and per `r` (a rejected
    // candidate). live[i]: the deepest assignment on the board after i steps; focus[i]: the
    // node step i-1 is about.
    indexTree() {
      const N = this.N, cap = N + 1;
      const parent = new Int32Array(cap), depth = new Int32Array(cap), step = new Int32Array(cap);
      const kind = new Uint8Array(cap), flags = new Uint8Array(cap), number = new Int32Array(cap);
      const first = new Int32Array(cap).fill(-1), last = new Int32Array(cap).fill(-1), next = new Int32Array(cap).fill(-1);
      // nodeStep: the `n` step that entered the node; mark: its `p` or `s` step.
      const nodeStep = new Int32Array(cap).fill(-1), mark = new Int32Array(cap).fill(-1);
      const live = new Int32Array(N + 1), focus = new Int32Array(N + 1);
      let count = 1, nodes = 0;
      parent[0] = -1; step[0] = -1;
      const ancestor = (t, dd) => { while (depth[t] > dd) t = parent[t]; return t; };
      const child = (p, k, j) => {
        const c = count++;
        parent[c] = p; depth[c] = depth[p] + (k === 1 ? 1 : 0); step[c] = j; kind[c] = k;
        if (last[p] < 0) first[p] = c; else next[last[p]] = c;
        last[p] = c;
        return c;
      };
      let at = 0;
      for (let j = 0; j < N; ++j) {
        const d = this.depth[j];
        let f = at;
        switch (this.kind[j]) {
          case N_: at = ancestor(at, d); nodeStep[at] = j; number[at] = ++nodes; f = at; break;
          case A_: at = child(ancestor(at, d), 1, j); f = at; break;
          case R_: at = ancestor(at, d); f = child(at, 2, j); break;
          case P_: at = ancestor(at, d); flags[at] |= PRUNED; mark[at] = j; f = at; break;
          case B_: f = ancestor(at, d + 1); if (depth[f] === d + 1) flags[f] |= BACKTRACKED; at = ancestor(at, d); break;
          case J_: at = ancestor(at, d); flags[at] |= JUMPED; f = at; break;
          case S_: at = ancestor(at, d); flags[at] |= SOLUTION; mark[at] = j; f = at; break;
          default: break;
        }
        live[j + 1] = at;
        focus[j + 1] = f;
      }
      // Subtree sizes (assignments) and solutions; a child's id is larger than its parent's.
      const size = new Int32Array(count), sols = new Int32Array(count);
      for (let t = count - 1; t >= 0; --t) {
        if (kind[t] !== 2) size[t] += 1;
        if (flags[t] & SOLUTION) sols[t] += 1;
        if (t > 0) { size[parent[t]] += kind[t] === 2 ? 0 : size[t]; sols[parent[t]] += sols[t]; }
      }
      size[0] -= 1;  // the root is no assignment
      this.t = { count, parent, depth, step, kind, flags, number, first, last, next, nodeStep, mark, size, sols };
      this.live = live;
      this.focus = focus;
    }
    // The assignments on the board after i steps, from the root down (tree node ids).
    pathAt(i) {
      const out = [], t = this.t;
      for (let x = this.live[i]; x > 0; x = t.parent[x]) out.push(x);
      return out.reverse();
    }
    // The step that entered the live node (its candidates, its next variable), or -1.
    nodeStepAt(i) {
      const j = this.t.nodeStep[this.live[i]];
      return j >= 0 && j < i ? j : -1;
    }
    // The tree nodes on the live path at step i, the root included.
    pathNodes(i) {
      const on = new Set();
      for (let y = this.live[i]; y >= 0; y = this.t.parent[y]) on.add(y);
      return on;
    }

    indexKinds() {
      const by = { s: [], b: [], p: [], r: [] }, of = { [S_]: by.s, [B_]: by.b, [P_]: by.p, [R_]: by.r };
      for (let j = 0; j < this.N; ++j) { const a = of[this.kind[j]]; if (a) a.push(j); }
      this.kinds = by;
      this.solutionSteps = by.s;
    }

    // How a CSP (variable, value) is drawn: learnt from the steps that carry both (`a`, `r`),
    // until every variable is known; the variable's own index and the view's convention
    // otherwise.
    indexCells() {
      this.varCell = new Map();
      this.valueOffset = this.view.kind === "board" ? 0 : 1;
      if (!this.csp) return;
      let learnt = false;
      const V = this.csp.variables.length;
      for (let j = 0; j < this.N && this.varCell.size < V; ++j) {
        if (this.kind[j] !== A_ && this.kind[j] !== R_) continue;
        const s = this.steps[j];
        if (s.c && s.v !== undefined && s.x !== undefined) {
          this.varCell.set(s.v, s.c[0]);
          if (!learnt) { this.valueOffset = s.c[1] - s.x; learnt = true; }
        }
      }
    }
    cellOf(v, x) {
      return [this.varCell.has(v) ? this.varCell.get(v) : v, x + this.valueOffset];
    }

    indexDomains() {
      const csp = this.csp;
      if (!csp) { this.V = 0; this.K = 0; return; }
      this.V = csp.variables.length;
      let K = (csp.values || []).length;
      for (const dom of csp.domains || []) for (const x of dom) K = Math.max(K, x + 1);
      this.K = K;
      this.inRoot = new Uint8Array(this.V * K);
      (csp.domains || []).forEach((dom, v) => { for (const x of dom) this.inRoot[v * K + x] = 1; });
      if (!csp.domains) this.inRoot.fill(1);
    }
    varName(v) { return this.csp && this.csp.variables[v] !== undefined ? this.csp.variables[v] : `x${v + 1}`; }
    // An all-different group by its name ("row 3"; csp.groups, docs/replay-format.md).
    groupName(g) { return this.csp && this.csp.groups && this.csp.groups[g] ? this.csp.groups[g].name : `group ${g + 1}`; }
    valueName(x) { return this.csp && this.csp.values && this.csp.values[x] !== undefined ? this.csp.values[x] : String(x + 1); }

    // The domains after i steps (and `sub` entries of step i-1's propagation when not null):
    // the root domains less the removals of the root step and of every assignment on the
    // current path. removed[v*K+x]: index into recs ({y, z, g, kind, step, entry}) or -1.
    domainsAt(i, sub) {
      const V = this.V, K = this.K;
      const removed = new Int32Array(V * K).fill(-1), recs = [], wiped = new Set(), assigned = new Int32Array(V).fill(-1);
      let failedGroup = -1, fresh = null;
      const apply = (j, upto) => {
        const prop = this.steps[j].prop || [];
        const n = upto === null ? prop.length : Math.min(upto, prop.length);
        for (let e = 0; e < n; ++e) {
          const en = prop[e];
          if (en[0] === "rm" || en[0] === "hs") {
            const y = en[1], rec = recs.length;
            recs.push({ kind: en[0], y, z: en[0] === "rm" ? en[3] : -1, g: en[0] === "hs" ? en[3] : -1, step: j, entry: e });
            for (const x of en[2]) if (removed[y * K + x] < 0) removed[y * K + x] = rec;
          } else if (en[0] === "w") {
            wiped.add(en[1]);
          } else if (en[0] === "gw") {
            failedGroup = en[1];
          }
        }
        if (j === i - 1 && upto !== null && n > 0) fresh = prop[n - 1];
      };
      if (i >= 1 && this.steps[0].prop) apply(0, i === 1 ? sub : null);
      for (const x of this.pathAt(i)) {
        const j = this.t.step[x], s = this.steps[j];
        if (s.prop) apply(j, j === i - 1 ? sub : null);
        if (s.v !== undefined && s.x !== undefined && s.v < V) assigned[s.v] = s.x;
      }
      const ev = this.steps[i - 1];
      if (ev && ev.k === "p" && ev.w !== undefined) wiped.add(ev.w);
      if (ev && ev.k === "p" && ev.g !== undefined) failedGroup = ev.g;
      return { removed, recs, wiped, assigned, failedGroup, fresh };
    }

    // MAC's queue during step j's propagation after `upto` entries (docs/replay-format.md):
    // it starts with the assigned variable (the root: every variable), each q takes z off it,
    // each rm (and, as the engine does, each hidden single) appends its variable if not queued.
    queueAt(j, upto) {
      const s = this.steps[j];
      if (!s || !s.prop) return null;
      const queue = j === 0 && s.k === "n" ? [...Array(this.V).keys()] : s.v !== undefined ? [s.v] : [];
      let taken = null;
      const n = upto === null ? s.prop.length : upto;
      for (let e = 0; e < n; ++e) {
        const en = s.prop[e];
        if (en[0] === "q") {
          const at = queue.indexOf(en[1]);
          if (at >= 0) queue.splice(at, 1);
          taken = en[1];
        } else if ((en[0] === "rm" || en[0] === "hs") && !queue.includes(en[1])) {
          queue.push(en[1]);
        } else if (en[0] === "w" || en[0] === "gw") {
          queue.length = 0;
        }
      }
      return { queue, taken };
    }
  }

  // ---------------------------------------------------------------------------------------
  // What the pictures and panels draw at one position: computed once per render.
  function snapshot(m, i, sub) {
    const ev = i > 0 ? m.steps[i - 1] : null;
    const path = m.pathAt(i).map((x) => m.steps[m.t.step[x]]);
    const ns = m.nodeStepAt(i);
    const node = ns >= 0 ? m.steps[ns] : null;
    // A pruned node and a solution have no candidates to show.
    const cands = node && !(ev && (ev.k === "p" || ev.k === "s"));
    const snap = { i, sub, ev, path, node, why: ev && ev.why ? ev.why : null,
                   cand: cands && node.cand ? node.cand : [], candl: cands && node.candl ? node.candl : [],
                   solved: !!(ev && ev.k === "s"), dom: null, next: node && node.v !== undefined ? node.v : -1 };
    if (m.csp) snap.dom = m.domainsAt(i, sub);
    return snap;
  }

  // ---------------------------------------------------------------------------------------
  // Pictures. Each builds its elements once (build) and marks them per step (update).
  class BoardPicture {
    constructor(viewer, view) {
      this.v = viewer; this.n = view.n | 0; this.view = view; this.marks = new Marks();
      const n = this.n, size = Math.max(14, Math.min(46, Math.floor(440 / Math.max(n, 1))));
      this.size = size;
      this.el = h("div", { class: "btv-board-wrap" });
      const outer = h("div", { class: "btv-board-outer", style: `--cell:${size}px;--n:${n}` });
      let cols = '<div class="btv-corner"></div><div class="btv-collabels">';
      for (let c = 0; c < n; ++c) cols += `<span>${c + 1}</span>`;
      outer.innerHTML = cols + '</div><div class="btv-rowlabels"></div>';
      const rl = outer.lastChild;
      for (let r = 0; r < n; ++r) rl.appendChild(h("span", {}, String(r + 1)));
      const board = h("div", { class: "btv-board", role: "grid", "aria-label": view.title || "board" });
      this.cells = [];
      for (let r = 0; r < n; ++r) {
        for (let c = 0; c < n; ++c) {
          const cell = h("div", { class: (r + c) % 2 ? "btv-sq btv-dark" : "btv-sq", "data-row": r + 1, "data-col": c + 1 });
          board.appendChild(cell);
          this.cells.push(cell);
        }
      }
      this.svg = svg("svg", { class: "btv-overlay", width: n * size, height: n * size, "aria-hidden": "true" });
      this.lines = [];  // attack lines, made as needed and hidden when not
      board.appendChild(this.svg);
      outer.appendChild(board);
      this.el.appendChild(outer);
      board.addEventListener("click", (e) => {
        const cell = e.target.closest("[data-row]");
        if (cell) this.v.cellClicked([cell.dataset.row - 1, cell.dataset.col - 1], { kind: "board", row: +cell.dataset.row, col: +cell.dataset.col });
      });
    }
    at(cell) {
      const n = this.n;
      return cell && cell[0] >= 0 && cell[0] < n && cell[1] >= 0 && cell[1] < n ? this.cells[cell[0] * n + cell[1]] : null;
    }
    update(s) {
      const M = this.marks, m = this.v.model, ev = s.ev;
      for (const c of this.view.placed || []) { M.set(this.at(c), "data-queen"); M.set(this.at(c), "data-placed"); }
      for (const st of s.path) if (st.c) M.set(this.at(st.c), "data-queen", s.solved ? "solution" : "");
      if (ev && ev.k === "a" && ev.c) M.set(this.at(ev.c), "data-new");
      for (const c of s.cand) M.set(this.at(c), "data-candidate");
      if (s.dom) this.markDomains(s, M, m);
      if (ev && ev.k === "b" && ev.c) M.set(this.at(ev.c), "data-undone");
      const by = ev && (ev.k === "r" || ev.k === "p") && ev.why && ev.why.by ? ev.why.by : [];
      for (const c of by) M.set(this.at(c), "data-attacker");  // the culprit(s)
      const rejected = ev && ev.k === "r" && ev.c ? ev.c : null;
      if (rejected) M.set(this.at(rejected), "data-rejected");
      this.drawLines(rejected ? by : [], rejected);
      M.apply();
    }
    // Under fc and mac: the squares of unassigned rows removed from their domains, shaded and
    // titled with the variable that removed them; a wiped-out row in red.
    markDomains(s, M, m) {
      const { removed, recs, wiped, assigned } = s.dom;
      for (let v = 0; v < m.V; ++v) {
        if (assigned[v] < 0) {
          for (let x = 0; x < m.K; ++x) {
            const r = removed[v * m.K + x];
            if (r < 0) continue;
            const el = this.at(m.cellOf(v, x));
            M.set(el, "data-removed-by", byName(m, recs[r]));
            M.set(el, "title", `${m.varName(v)}=${m.valueName(x)} removed by ${byName(m, recs[r])}`);
            if (s.dom.fresh && recs[r].step === s.i - 1 && recs[r].entry === s.sub - 1) M.set(el, "data-fresh");
          }
        }
        if (wiped.has(v)) for (let x = 0; x < m.K; ++x) M.set(this.at(m.cellOf(v, x)), "data-wiped");
      }
    }
    // One line from each attacker to the rejected square (column or diagonal).
    drawLines(from, to) {
      const z = this.size;
      while (this.lines.length < from.length) {
        const l = svg("line", { "data-role": "attack-line", class: "btv-attack" });
        this.svg.appendChild(l);
        this.lines.push(l);
      }
      this.lines.forEach((L, k) => {
        if (k >= from.length) { L.setAttribute("visibility", "hidden"); return; }
        L.setAttribute("x1", (from[k][1] + 0.5) * z); L.setAttribute("y1", (from[k][0] + 0.5) * z);
        L.setAttribute("x2", (to[1] + 0.5) * z); L.setAttribute("y2", (to[0] + 0.5) * z);
        L.setAttribute("visibility", "visible");
      });
    }
  }

  // Who removed a value: the variable z of an rm entry (z < 0: the root's own reasons, such as
  // the givens), or the group of a hidden single; short: the few letters a domain cell shows.
  function byName(m, rec) {
    return rec.kind === "hs" ? m.groupName(rec.g) : rec.z < 0 ? "root" : m.varName(rec.z);
  }
  function byShort(m, rec) {
    return rec.kind === "hs" ? `g${rec.g + 1}` : byName(m, rec);
  }

  // Vertex positions: the circle; for small sparse graphs a force-directed layout
  // (Fruchterman-Reingold) from the circle and from a few seeded random starts, keeping the
  // one with the fewest edge crossings. Deterministic: the same graph is drawn the same way.
  function graphLayout(n, edges) {
    const circle = [];
    for (let v = 0; v < n; ++v) {
      const a = (2 * Math.PI * v) / n - Math.PI / 2;
      circle.push([Math.cos(a), Math.sin(a)]);
    }
    let best = circle;
    if (n > 4 && n <= 120 && edges.length <= 3 * n) {
      let seed = 12345;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
      const starts = n <= 40 ? 8 : 1;
      let fewest = Infinity;
      for (let k = 0; k < starts; ++k) {
        const pos = forceLayout(k === 0 ? circle.map((p) => p.slice()) : circle.map(() => [random(), random()]), edges);
        const c = crossings(pos, edges);
        if (c < fewest) { fewest = c; best = pos; }
      }
    }
    // Into [0, 1] x [0, 1], keeping the aspect ratio.
    const xs = best.map((p) => p[0]), ys = best.map((p) => p[1]);
    const x0 = Math.min(...xs), y0 = Math.min(...ys);
    const span = Math.max(Math.max(...xs) - x0, Math.max(...ys) - y0, 1e-9);
    return best.map(([x, y]) => [(x - x0) / span, (y - y0) / span]);
  }
  function crossings(pos, edges) {
    const cross = (a, b, c) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    let k = 0;
    for (let e = 0; e < edges.length; ++e) {
      for (let f = e + 1; f < edges.length; ++f) {
        const [a, b] = edges[e], [c, d] = edges[f];
        if (a === c || a === d || b === c || b === d) continue;
        const P = pos[a], Q = pos[b], R = pos[c], S = pos[d];
        if (cross(P, Q, R) * cross(P, Q, S) < 0 && cross(R, S, P) * cross(R, S, Q) < 0) ++k;
      }
    }
    return k;
  }
  // 300 rounds of Fruchterman-Reingold: vertices repel, edges pull, moves cool down.
  function forceLayout(pos, edges) {
    const n = pos.length, k = Math.sqrt(4 / n), disp = pos.map(() => [0, 0]);
    let temp = 0.2;
    for (let it = 0; it < 300; ++it) {
      for (const d of disp) { d[0] = 0; d[1] = 0; }
      for (let u = 0; u < n; ++u) {
        for (let v = u + 1; v < n; ++v) {
          const dx = pos[u][0] - pos[v][0], dy = pos[u][1] - pos[v][1], dist = Math.max(1e-3, Math.hypot(dx, dy));
          const f = (k * k) / dist;
          disp[u][0] += (dx / dist) * f; disp[u][1] += (dy / dist) * f;
          disp[v][0] -= (dx / dist) * f; disp[v][1] -= (dy / dist) * f;
        }
      }
      for (const [u, v] of edges) {
        const dx = pos[u][0] - pos[v][0], dy = pos[u][1] - pos[v][1], dist = Math.max(1e-3, Math.hypot(dx, dy));
        const f = (dist * dist) / k;
        disp[u][0] -= (dx / dist) * f; disp[u][1] -= (dy / dist) * f;
        disp[v][0] += (dx / dist) * f; disp[v][1] += (dy / dist) * f;
      }
      for (let v = 0; v < n; ++v) {
        const l = Math.max(1e-6, Math.hypot(disp[v][0], disp[v][1]));
        pos[v][0] += (disp[v][0] / l) * Math.min(l, temp);
        pos[v][1] += (disp[v][1] / l) * Math.min(l, temp);
      }
      temp *= 0.985;
    }
    return pos;
  }

  class GraphPicture {
    constructor(viewer, view) {
      this.v = viewer; this.view = view; this.marks = new Marks();
      const n = view.n | 0, edges = (view.edges || []).filter((e) => e[0] < n && e[1] < n);
      this.n = n; this.edges = edges;
      // The runner's layout when the document has one (a map's places, else Boost.Graph's
      // spring layout per component: discs of view.radius never overlap), else the circle here.
      const given = Array.isArray(view.positions) && view.positions.length === n && n > 0;
      const names = Array.isArray(view.names) && view.names.length === n ? view.names.map(String) : null;
      this.names = names;
      // Names longer than a disc holds are written to the right of it: room for them there.
      const W = given && n > 30 ? 560 : 400, pad = 26, padRight = names && names.some((x) => x.length > 3) ? 90 : pad;
      const span = W - pad - padRight;
      const unit = given ? view.positions : graphLayout(n, edges);
      const r = given ? Math.min(16, Math.max(1, (+view.radius || 0) * span)) : n > 60 ? 7 : n > 30 ? 10 : 14;
      this.r = r;
      const tall = given ? Math.max(...unit.map((p) => p[1]), 0) : 1;
      const H = Math.round(2 * pad + tall * span);
      this.pos = unit.map(([x, y]) => [pad + x * span, pad + y * span]);
      this.el = h("div", { class: "btv-graph-wrap" });
      const root = svg("svg", { class: "btv-graph", viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": view.title || "graph" });
      this.edgeEls = new Map();
      const key = (u, v) => (u < v ? `${u},${v}` : `${v},${u}`);
      this.key = key;
      const eg = svg("g", {});
      for (const [u, v] of edges) {
        const l = svg("line", { "data-edge": `${u + 1}-${v + 1}`, x1: this.pos[u][0], y1: this.pos[u][1], x2: this.pos[v][0], y2: this.pos[v][1] });
        eg.appendChild(l);
        this.edgeEls.set(key(u, v), l);
      }
      root.appendChild(eg);
      this.missing = svg("line", { "data-role": "missing-edge", class: "btv-missing", visibility: "hidden" });
      root.appendChild(this.missing);
      this.verts = []; this.dots = [];
      const vg = svg("g", {});
      for (let v = 0; v < n; ++v) {
        const g = svg("g", { class: "btv-vertex" });
        const c = svg("circle", { "data-vertex": v + 1, "data-colour": "", cx: this.pos[v][0], cy: this.pos[v][1], r });
        // A name inside its disc when it fits (up to three letters), else beside it.
        const label = names ? names[v] : String(v + 1), inside = label.length <= 3;
        const size = Math.max(7, Math.min(12, inside ? (2 * r) / Math.max(2, label.length) : 11));
        const t = inside
          ? svg("text", { x: this.pos[v][0], y: this.pos[v][1] + size / 3, "text-anchor": "middle", style: `font-size:${size.toFixed(1)}px` })
          : svg("text", { x: this.pos[v][0] + r + 2, y: this.pos[v][1] + size / 3, "text-anchor": "start", style: `font-size:${size.toFixed(1)}px` });
        if (names) t.setAttribute("data-name", label);
        t.textContent = label.length > 12 ? label.slice(0, 11) + "\u2026" : label;
        if (!inside) c.appendChild(svg("title", {})).textContent = label;  // the whole name on hover
        const dots = svg("g", { class: "btv-dots" });
        g.append(c, t, dots);
        vg.appendChild(g);
        this.verts.push(c); this.dots.push(dots);
      }
      root.appendChild(vg);
      root.addEventListener("click", (e) => {
        const c = e.target.closest(".btv-vertex");
        if (!c) return;
        const v = +c.firstChild.dataset.vertex;
        this.v.cellClicked([v - 1], { kind: "vertex", vertex: v });
      });
      this.el.appendChild(root);
      this.lastDots = null;
    }
    edge(u, v) { return this.edgeEls.get(this.key(u, v)); }
    // The vertex a proof names ("vertex 3 is a cut vertex", "T has degree 0"): ringed, with the
    // proof as its title; its edges drawn as the proof's (a cut vertex's, or the one edge left).
    markProof(text) {
      const m = text.match(/^(?:vertex )?(\S+) (?:is a cut vertex|has degree)/);
      if (!m) return;
      const at = this.names ? this.names.indexOf(m[1]) : /^\d+$/.test(m[1]) ? +m[1] - 1 : -1;
      if (at < 0 || at >= this.n) return;
      this.verts[at].setAttribute("data-proof", "");
      this.verts[at].appendChild(svg("title", {})).textContent = text;
      for (const [key, l] of this.edgeEls) if (key.split(",").map(Number).includes(at)) l.setAttribute("data-proof", "");
    }
    update(s) {
      const M = this.marks, ev = s.ev, view = this.view;
      this.missing.setAttribute("visibility", "hidden");
      if (view.mode === "path") this.markPath(s, M);
      else if (view.mode === "edges") this.markEdges(s, M);
      else this.markColours(s, M);
      const why = s.why || {};
      if (ev && (ev.k === "r" || ev.k === "p")) {
        for (const c of why.by || []) M.set(this.verts[view.mode === "path" ? c[1] : c[0]], "data-attacker");
        if (why.edge) {
          const l = this.edge(why.edge[0], why.edge[1]);
          if (l) M.set(l, "data-clash");
          else this.showMissing(why.edge[0], why.edge[1]);
        } else if (view.mode !== "path") {
          // The clash under every strategy: the edge from the rejected (or wiped-out) vertex to
          // each vertex that attacks it, when the runner names the attackers but not the edge.
          const at = ev.k === "r" && ev.c ? ev.c[0] : ev.k === "p" && ev.w !== undefined ? this.v.model.cellOf(ev.w, 0)[0] : -1;
          for (const c of at >= 0 ? why.by || [] : []) {
            const l = this.edge(at, c[0]);
            if (l) M.set(l, "data-clash");
          }
        }
        if (ev.k === "r" && ev.c) M.set(this.verts[view.mode === "path" ? ev.c[1] : ev.c[0]], "data-rejected", view.mode === "path" ? "" : ev.c[1]);
      }
      // A wiped-out variable is a vertex in colour mode (in path mode it is a position).
      if (s.dom && view.mode !== "path") for (const w of s.dom.wiped) M.set(this.verts[this.v.model.cellOf(w, 0)[0]], "data-wiped");
      if (ev && ev.k === "b" && ev.c) M.set(this.verts[view.mode === "path" ? ev.c[1] : ev.c[0]], "data-undone");
      M.apply();
      this.drawDomains(s);
    }
    markColours(s, M) {
      const colour = new Map();
      for (const st of s.path) if (st.c) colour.set(st.c[0], st.c[1]);
      for (let v = 0; v < this.n; ++v) {
        const c = colour.get(v);
        M.set(this.verts[v], "data-colour", c === undefined ? "" : c);  // "": not coloured yet
        if (c !== undefined) M.set(this.verts[v], "style", `fill:${colourOf(c)}`);
      }
      if (s.ev && s.ev.k === "a" && s.ev.c) M.set(this.verts[s.ev.c[0]], "data-current");
      if (s.ev && s.ev.k === "r" && s.ev.c) M.set(this.verts[s.ev.c[0]], "style", `stroke:${colourOf(s.ev.c[1])}`);
      for (const c of s.cand) if (!colour.has(c[0])) M.set(this.verts[c[0]], "data-candidate");
    }
    // Cells are (position, vertex): positions may fill out of order (the engine's MRV), so an
    // edge is drawn only between consecutive positions that both hold a vertex.
    markPath(s, M) {
      const order = [this.view.start | 0];
      for (const st of s.path) if (st.c) order[st.c[0]] = st.c[1];
      for (const v of order) if (v !== undefined) M.set(this.verts[v], "data-onpath");
      const last = s.ev && s.ev.k === "a" && s.ev.c ? s.ev.c[1] : order.filter((v) => v !== undefined).pop();
      if (last !== undefined) M.set(this.verts[last], "data-current");
      for (let k = 0; k + 1 < order.length; ++k) {
        if (order[k] !== undefined && order[k + 1] !== undefined) M.set(this.edge(order[k], order[k + 1]), "data-path", "true");
      }
      if (s.solved && order.length > 2 && order[order.length - 1] !== undefined) M.set(this.edge(order[order.length - 1], order[0]), "data-path", "true");
      for (const c of s.cand) M.set(this.verts[c[1]], "data-candidate");
    }
    // Cells are chosen edges (u, v) (Hamiltonian propagate): the decisions on the path.
    markEdges(s, M) {
      for (const st of s.path) {
        if (!st.c) continue;
        M.set(this.edge(st.c[0], st.c[1]), "data-path", "true");
        M.set(this.verts[st.c[0]], "data-onpath");
        M.set(this.verts[st.c[1]], "data-onpath");
      }
    }
    showMissing(u, v) {
      const L = this.missing;
      L.setAttribute("x1", this.pos[u][0]); L.setAttribute("y1", this.pos[u][1]);
      L.setAttribute("x2", this.pos[v][0]); L.setAttribute("y2", this.pos[v][1]);
      L.setAttribute("visibility", "visible");
    }
    // Colour mode under fc / mac: the colours left in each uncoloured vertex's domain, as dots.
    drawDomains(s) {
      if (!s.dom || this.view.mode === "path") return;
      const m = this.v.model, { removed, assigned } = s.dom;
      const key = [];
      for (let v = 0; v < this.n; ++v) {
        let k = "";
        if (assigned[v] < 0 && v < m.V) for (let x = 0; x < m.K; ++x) if (m.inRoot[v * m.K + x] && removed[v * m.K + x] < 0) k += x + ",";
        key.push(k);
      }
      const all = key.join("|");
      if (all === this.lastDots) return;
      this.lastDots = all;
      for (let v = 0; v < this.n; ++v) {
        const g = this.dots[v], xs = key[v] ? key[v].split(",").filter(Boolean).map(Number) : [];
        g.textContent = "";
        xs.forEach((x, k) => {
          const c = m.cellOf(v, x)[1];
          g.appendChild(svg("circle", { cx: this.pos[v][0] - ((xs.length - 1) * 4.5) / 2 + k * 4.5, cy: this.pos[v][1] + this.r + 5, r: 2.2, style: `fill:${colourOf(c)}` }));
        });
      }
    }
  }

  class SubsetsPicture {
    constructor(viewer, view) {
      this.v = viewer; this.view = view;
      this.w = view.weights || []; this.M = view.target;
      this.el = h("div", { class: "btv-subsets" });
      this.el.addEventListener("click", (e) => {
        const it = e.target.closest("[data-item]");
        if (it) this.v.cellClicked([it.dataset.item - 1], { kind: "item", item: +it.dataset.item });
      });
    }
    update(s) {
      const ev = s.ev, state = this.w.map(() => "undecided");
      let sum = 0;
      for (const st of s.path) if (st.c) { state[st.c[0]] = st.c[1] ? "taken" : "left"; if (st.c[1]) sum += this.w[st.c[0]] || 0; }
      const rest = this.w.reduce((a, w, k) => a + (state[k] === "undecided" ? w : 0), 0);
      const rej = ev && ev.k === "r" && ev.c ? ev.c : null;
      const cand = new Set(s.cand.map((c) => c[0]));
      let html = '<div class="btv-items">';
      this.w.forEach((w, k) => {
        const r = rej && rej[0] === k ? ` data-rejected="${rej[1] ? "take" : "leave"}"` : "";
        const c = cand.has(k) ? " data-candidate" : "";
        const u = ev && ev.k === "b" && ev.c && ev.c[0] === k ? " data-undone" : "";
        html += `<div class="btv-item" data-item="${k + 1}" data-state="${state[k]}"${r}${c}${u} title="x${k + 1}: weight ${w}, ${state[k]}">` +
                `<small>x${k + 1}</small><b>${w}</b></div>`;
      });
      html += "</div>";
      const scale = Math.max(this.M || 1, sum + rest, 1);
      const pct = (x) => `${Math.max(0, Math.min(100, (100 * x) / scale)).toFixed(2)}%`;
      const over = rej && rej[1] ? this.w[rej[0]] || 0 : 0;
      html += `<div class="btv-sum" data-role="sum" data-s="${sum}" data-target="${this.M}" title="s = ${sum}, undecided r = ${rest}, target M = ${this.M}">` +
              `<div class="btv-sum-s" style="width:${pct(sum)}"></div>` +
              (over ? `<div class="btv-sum-over" style="left:${pct(sum)};width:${pct(over)}"></div>` : "") +
              `<div class="btv-sum-r" style="left:${pct(sum + over)};width:${pct(Math.max(0, rest - over))}"></div>` +
              `<div class="btv-sum-m" style="left:${pct(this.M)}"></div></div>` +
              `<div class="btv-sum-text">s = <b>${sum}</b> of M = <b>${this.M}</b>; undecided r = ${rest}${s.solved ? " \u2014 <b>solution</b>" : ""}</div>`;
      const b = s.why && s.why.bound;
      if (b && ev && (ev.k === "r" || ev.k === "p")) {
        const values = Object.entries(b.values || {}).map(([k, v]) => `${esc(k)} = <b>${esc(v)}</b>`).join(", ");
        html += `<div class="btv-bound" data-role="bound">bound failed: <code>${esc(b.rule)}</code> with ${values}</div>`;
      }
      this.el.innerHTML = html;
    }
  }

  class GridPicture {
    constructor(viewer, view) {
      this.v = viewer; this.view = view;
      this.side = view.side | 0;
      this.box = view.box || [Math.round(Math.sqrt(this.side)), Math.round(Math.sqrt(this.side))];
      this.given = new Map((view.givens || []).map(([r, c, x]) => [r * this.side + c, x]));
      this.el = h("div", { class: "btv-grid-wrap" });
      this.el.addEventListener("click", (e) => {
        const c = e.target.closest("[data-cell]");
        if (c) this.v.cellClicked([c.dataset.cell - 1], { kind: "grid", row: +c.dataset.row, col: +c.dataset.col });
      });
    }
    symbol(x) {  // x: 1-based symbol
      const m = this.v.model;
      if (m.csp && m.csp.values && m.csp.values[x - 1] !== undefined) return m.csp.values[x - 1];
      return x <= 9 ? String(x) : String.fromCharCode(55 + x);  // 10 -> A, as the runner reads
    }
    update(s) {
      const n = this.side, m = this.v.model, ev = s.ev, value = new Map(this.given);
      for (const st of s.path) if (st.c) value.set(st.c[0], st.c[1]);
      const by = new Set(ev && (ev.k === "r" || ev.k === "p") && s.why && s.why.by ? s.why.by.map((c) => c[0]) : []);
      const wiped = new Set(s.dom ? [...s.dom.wiped].map((v) => m.cellOf(v, 0)[0]) : []);
      // A group that can no longer take every value: its cells, outlined (csp.groups).
      const groups = m.csp && m.csp.groups;
      const failed = new Set(s.dom && s.dom.failedGroup >= 0 && groups && groups[s.dom.failedGroup]
        ? groups[s.dom.failedGroup].vars.map((v) => m.cellOf(v, 0)[0]) : []);
      const cellVar = new Map();
      if (s.dom) for (let v = 0; v < m.V; ++v) cellVar.set(m.cellOf(v, 0)[0], v);
      const size = Math.max(22, Math.min(60, Math.floor(400 / Math.max(n, 1))));
      let html = `<div class="btv-grid" style="--side:${n};--gcell:${size}px">`;
      for (let r = 0; r < n; ++r) {
        for (let c = 0; c < n; ++c) {
          const k = r * n + c, x = value.get(k);
          const edge = `${(c + 1) % this.box[1] === 0 && c + 1 < n ? " btv-br" : ""}${(r + 1) % this.box[0] === 0 && r + 1 < n ? " btv-bb" : ""}`;
          let attrs = `data-cell="${k + 1}" data-row="${r + 1}" data-col="${c + 1}"`;
          let body = "";
          if (x !== undefined) {
            attrs += ` data-symbol="${esc(this.symbol(x))}"`;
            if (this.given.has(k)) attrs += " data-given";
            body = esc(this.symbol(x));
          } else if (s.dom && cellVar.has(k)) {
            body = this.pencil(m, s.dom, cellVar.get(k));
          }
          if (ev && ev.k === "r" && ev.c && ev.c[0] === k) { attrs += " data-rejected"; body = esc(this.symbol(ev.c[1])); }
          if (ev && ev.k === "a" && ev.c && ev.c[0] === k) attrs += " data-new";
          if (by.has(k)) attrs += " data-attacker";
          if (wiped.has(k)) attrs += " data-wiped";
          if (failed.has(k)) attrs += " data-group-failed";
          html += `<div class="btv-gc${edge}" ${attrs}>${body}</div>`;
        }
      }
      this.el.innerHTML = html + "</div>";
    }
    // The values left in an empty cell's domain, small, in a box-shaped block.
    pencil(m, dom, v) {
      if (dom.assigned[v] >= 0) return "";
      let out = "";
      for (let x = 0; x < m.K; ++x) {
        const on = m.inRoot[v * m.K + x] && dom.removed[v * m.K + x] < 0;
        out += `<i${on ? "" : ' class="btv-off"'}>${on ? esc(m.valueName(x)) : ""}</i>`;
      }
      return `<span class="btv-pencil" style="--pc:${this.box[1]}">${out}</span>`;
    }
  }

  function makePicture(viewer, view) {
    switch (view.kind) {
      case "board": return new BoardPicture(viewer, view);
      case "graph": return new GraphPicture(viewer, view);
      case "subsets": return new SubsetsPicture(viewer, view);
      case "grid": return new GridPicture(viewer, view);
      default: return null;
    }
  }

  // ---------------------------------------------------------------------------------------
  // Words for an event and for a propagation entry.
  function describe(m, i) {
    if (i === 0) return m.N ? "start: nothing searched yet" : "no steps";
    const s = m.steps[i - 1], t = m.t;
    switch (s.k) {
      case "n": {
        const no = t.number[m.live[i]];
        let w = s.d === 0 ? `enter the root (node #${no})` : `enter node #${no} at depth ${s.d}`;
        if (s.v !== undefined && m.csp) w += `; next variable ${m.varName(s.v)}`;
        if (s.prop) w += ` \u2014 ${propSummary(m, s)}`;
        return w;
      }
      case "a": return `assign ${label(m, s)}` + (s.prop ? ` \u2014 ${propSummary(m, s)}` : "");
      case "r": return `reject ${label(m, s)}`;
      case "p": return (s.d === 0 ? "prune the root" : `prune node #${t.number[m.live[i]]} at depth ${s.d}`) +
                       (s.w !== undefined && m.csp ? `: wipe-out of ${m.varName(s.w)}` : "");
      case "b": return `backtrack: undo ${label(m, s)}`;
      case "j": return `CBJ skips the rest of ${levelName(m, i, s.d)}, jumping back to ${s.to < 0 ? "the root" : levelName(m, i, s.to)}`;
      case "s": return `solution ${m.cnt.solutions[i]}` + (s.text ? `: ${s.text}` : "");
      default: return `event ${s.k}`;
    }
  }
  // "Q5" (the variable assigned at level d of the path after i steps) or "level 5".
  function levelName(m, i, d) {
    if (m.csp) {
      const path = m.pathAt(i), ns = m.nodeStepAt(i);
      const s = d < path.length ? m.steps[m.t.step[path[d]]] : d === path.length && ns >= 0 ? m.steps[ns] : null;
      if (s && s.v !== undefined) return m.varName(s.v);
    }
    return `level ${d + 1}`;
  }
  function label(m, s) {
    if (s.l) return s.l;
    if (s.v !== undefined && m.csp) return `${m.varName(s.v)}=${m.valueName(s.x)}`;
    return `x${s.d + 1}`;
  }
  function propSummary(m, s) {
    let removed = 0, doms = new Set(), wiped = null, hidden = 0, failed = null;
    for (const e of s.prop) {
      if (e[0] === "rm" || e[0] === "hs") { removed += e[2].length; doms.add(e[1]); if (e[0] === "hs") hidden++; }
      if (e[0] === "w") wiped = e[1];
      if (e[0] === "gw") failed = e[1];
    }
    const parts = [];
    parts.push(removed ? `removes ${plural(removed, "value")} from ${plural(doms.size, "domain")}` : "removes nothing");
    if (hidden) parts.push(plural(hidden, "hidden single"));
    if (wiped !== null) parts.push(`wipes out ${m.varName(wiped)}`);
    if (failed !== null) parts.push(`${m.groupName(failed)} fails`);
    return parts.join(", ");
  }
  function entryWords(m, e) {
    const vals = (xs) => xs.map((x) => m.valueName(x)).join(", ");
    switch (e[0]) {
      case "q": return `dequeue ${m.varName(e[1])}: revise its neighbours`;
      case "rm": return `${m.varName(e[1])} loses ${vals(e[2])} (because of ${m.varName(e[3])})`;
      case "hs": return `hidden single in ${m.groupName(e[3])}: ${m.varName(e[1])} loses ${vals(e[2])}`;
      case "w": return `${m.varName(e[1])} is wiped out`;
      case "gw": return `${m.groupName(e[1])} can no longer take every value`;
      default: return JSON.stringify(e);
    }
  }

  // ---------------------------------------------------------------------------------------
  // The viewer: the shell, the controls, the panels, the player.
  const SHELL = `
<div class="btv-head"><span class="btv-title" data-role="title"></span>
 <code class="btv-argv" data-role="argv"></code>
 <span class="btv-badge btv-warn" data-role="truncated" hidden></span>
 <span class="btv-badge" data-role="selfcheck" hidden></span></div>
<div class="btv-controls" role="toolbar" aria-label="player">
 <span class="btv-group">
  <button data-action="first" title="first step (Home)" aria-label="first step">\u21E4</button>
  <button data-action="back" title="step back (\u2190)" aria-label="step back">\u25C2 back</button>
  <button data-action="play" class="btv-play" title="play / pause (Space)" aria-label="play">\u25B6 play</button>
  <button data-action="forward" title="step forward (\u2192)" aria-label="step forward">step \u25B8</button>
  <button data-action="last" title="last step (End)" aria-label="last step">\u21E5</button>
 </span>
 <label class="btv-group" title="steps per second">speed <input type="range" data-role="speed" min="0" max="3" step="0.01" aria-label="speed, steps per second"> <span data-role="speed-text"></span></label>
 <span class="btv-group btv-jumps">
  <span>solution</span><button data-action="prev-s" title="previous solution (S)" aria-label="previous solution">\u25C2</button><button data-action="next-s" title="next solution (s)" aria-label="next solution">\u25B8</button>
  <span>backtrack</span><button data-action="prev-b" title="previous backtrack (B)" aria-label="previous backtrack">\u25C2</button><button data-action="next-b" title="next backtrack (b)" aria-label="next backtrack">\u25B8</button>
  <span>reject</span><button data-action="prev-r" title="previous rejected value (R)" aria-label="previous reject">\u25C2</button><button data-action="next-r" title="next rejected value (r)" aria-label="next reject">\u25B8</button>
  <span>prune</span><button data-action="prev-p" title="previous pruned node: a failed bound or a wipe-out (P)" aria-label="previous prune">\u25C2</button><button data-action="next-p" title="next pruned node: a failed bound or a wipe-out (p)" aria-label="next prune">\u25B8</button>
 </span>
 <label class="btv-group" title="while playing, pause at the next event of this kind">pause at
  <select data-role="stop-at" aria-label="pause at"><option value="">nothing</option><option value="s">solutions</option><option value="b">backtracks</option><option value="r">rejects</option><option value="p">prunes (wipe-outs too)</option></select></label>
 <label class="btv-group" data-role="into-label" hidden title="step through each assignment's propagation entry by entry"><input type="checkbox" data-role="into"> step into propagation</label>
</div>
<div class="btv-timeline"><input type="range" data-role="timeline" min="0" max="0" value="0" aria-label="timeline: go to step">
 <canvas data-role="strip" height="26" aria-hidden="true"></canvas>
 <div class="btv-stepline">step <b data-role="step">0</b> / <span data-role="total">0</span> <span data-role="substep"></span></div></div>
<div class="btv-event" aria-live="polite"><div data-role="event"></div><div class="btv-why" data-role="why"></div></div>
<div class="btv-main">
 <section class="btv-card btv-picture-card" data-role="picture-card"><div class="btv-proof" data-role="proof" role="note" hidden></div><div data-role="picture"></div>
  <div class="btv-cands" data-role="candidates"></div><div class="btv-legend" data-role="legend"></div></section>
 <section class="btv-card" data-role="domains-card" hidden><h4>domains <small data-role="domains-note"></small></h4><div class="btv-domains-box" data-role="domains"></div>
  <div data-role="prop-card" hidden><h4>propagation <small data-role="prop-note"></small></h4>
  <div class="btv-queue" data-role="queue" hidden></div><ol class="btv-log" data-role="propagation"></ol></div></section>
 <section class="btv-card btv-side">
  <h4>counters</h4><table class="btv-counters" data-role="counters"></table>
  <h4>solutions <small data-role="solutions-count"></small></h4><ol class="btv-solutions" data-role="solutions"></ol></section>
 <section class="btv-card btv-tree-card"><h4>tree <label><input type="checkbox" data-role="show-rejected"> rejected candidates</label></h4>
  <div class="btv-tree" data-role="tree" role="tree" aria-label="search tree"></div></section>
</div>`;

  class Viewer {
    constructor(container, doc, options) {
      this.container = container;
      this.options = Object.assign({ keyboard: "container", speed: 8, showRejected: false, into: false, at: 0 }, options || {});
      this.root = h("div", { class: "btv", tabindex: "0" }, SHELL);
      container.textContent = "";
      container.appendChild(this.root);
      const found = new Map();  // the shell's elements by data-role, looked up once
      this.q = (role) => {
        if (!found.has(role)) found.set(role, this.root.querySelector(`[data-role="${role}"]`));
        return found.get(role);
      };
      this.playing = false;
      this.raf = 0;
      this.overrides = new Map();  // tree nodes the reader opened (true) or closed (false)
      this.speed = this.options.speed;
      this.listen();
      this.load(doc);
    }

    // --- loading ---------------------------------------------------------------------------
    load(doc) {
      this.pause();
      this.model = new Model(doc);
      this.overrides.clear();
      this.i = 0; this.sub = null;
      const m = this.model, view = m.view;
      this.q("title").textContent = view.title || m.problem || "btsolve replay";
      this.q("argv").textContent = m.argv ? `btsolve ${m.argv.join(" ")}` : m.strategy ? `strategy ${m.strategy}` : "";
      const tr = this.q("truncated");
      tr.hidden = !m.truncated;
      tr.textContent = `truncated: the search went on past step ${m.N}`;
      this.showSelfCheck();
      this.picture = makePicture(this, view);
      const pc = this.q("picture");
      pc.textContent = "";
      if (this.picture) pc.appendChild(this.picture.el);
      else pc.innerHTML = '<p class="btv-none">no picture for this problem: the tree and the counters show the search</p>';
      this.q("legend").innerHTML = legend(view, m);
      const proof = this.q("proof");
      proof.hidden = !m.proof;
      proof.textContent = m.proof ? `no solution: ${m.proof}` : "";
      if (m.proof && this.picture && this.picture.markProof) this.picture.markProof(m.proof);
      this.buildCounters();
      this.buildDomains();
      const into = this.q("into");
      this.q("into-label").hidden = !m.hasProp;
      into.checked = !!this.options.into;
      this.q("show-rejected").checked = !!this.options.showRejected;
      const tl = this.q("timeline");
      tl.max = String(m.N);
      this.q("total").textContent = m.N;
      this.setSpeed(this.speed);
      this.solutionRange = null;
      this.q("solutions").textContent = "";
      // Deep trees (Sudoku: 60 levels) indent less, so that a line stays in its box.
      const deepest = m.depth.reduce((d, x) => Math.max(d, x), 0) + 1;
      this.indent = Math.max(4, Math.min(14, Math.floor(260 / deepest)));
      this.drawStrip();
      this.goto(Math.max(0, Math.min(m.N, this.options.at | 0)));
    }

    showSelfCheck() {
      const m = this.model, el = this.q("selfcheck"), bad = m.selfCheck();
      el.hidden = !(m.stats && !m.truncated);
      el.classList.toggle("btv-bad", bad.length > 0);
      el.dataset.ok = bad.length ? "false" : "true";
      el.textContent = bad.length ? `self-check failed: the steps count ${bad.join(", ")} (the run's statistics)`
                                  : "counters = --stats \u2713";
      el.title = bad.length ? "the counters computed from the steps at the last step differ from the document's stats"
                            : "at the last step the counters equal the run's statistics";
    }

    buildCounters() {
      const t = this.q("counters"), m = this.model;
      // prunes = rejects (values failing their test) + pruned nodes (a failed bound, a
      // wipe-out): both parts shown under it, as the jump buttons name them.
      const row = (k) => `<tr><th>${COUNTER_WORDS[k] || k.replace(/_/g, " ")}</th><td data-counter="${k}">0</td></tr>` +
        (k === "prunes" ? '<tr class="btv-part"><th>\u2003rejects</th><td data-part="rejects">0</td></tr><tr class="btv-part"><th>\u2003pruned nodes</th><td data-part="pruned">0</td></tr>' : "");
      t.innerHTML = m.keys.map(row).join("");
      this.counterEls = m.keys.map((k) => t.querySelector(`[data-counter="${k}"]`));
      this.partEls = [t.querySelector('[data-part="rejects"]'), t.querySelector('[data-part="pruned"]')];
    }

    buildDomains() {
      const m = this.model, card = this.q("domains-card"), box = this.q("domains");
      this.domMarks = new Marks();
      card.hidden = !m.csp;
      box.textContent = "";
      this.domCells = null;
      if (!m.csp) return;
      this.q("domains-note").textContent = `(${m.csp.inference || "none"}; struck out: removed, by whom)`;
      // A grid of fixed-size cells (rows are display: contents): a step relays out no table.
      const tbl = h("div", { class: "btv-domains", style: `--k:${m.K}`, role: "table" });
      this.domRows = []; this.domCells = [];
      for (let v = 0; v < m.V; ++v) {
        const tr = h("div", { class: "btv-drow", "data-var-row": v + 1, role: "row" });
        tr.appendChild(h("b", { title: m.varName(v), role: "rowheader" }, esc(m.varName(v))));
        for (let x = 0; x < m.K; ++x) {
          const td = h("span", { "data-var": v + 1, "data-value": x + 1, role: "cell" }, esc(m.valueName(x)));
          tr.appendChild(td);
          this.domCells.push(td);
        }
        tbl.appendChild(tr);
        this.domRows.push(tr);
      }
      box.appendChild(tbl);
    }

    // --- moving ----------------------------------------------------------------------------
    get step() { return this.i; }
    get total() { return this.model.N; }
    get counters() { return this.model.counters(this.i); }

    goto(i, sub) {
      const m = this.model;
      i = Math.max(0, Math.min(m.N, Number(i) | 0));
      const len = i > 0 && m.steps[i - 1].prop ? m.steps[i - 1].prop.length : 0;
      this.i = i;
      this.sub = sub === undefined || sub === null || !len ? null : Math.max(0, Math.min(len, sub | 0));
      if (this.sub === len) this.sub = null;
      this.render();
      if (this.options.onStep) this.options.onStep(this.i, this.sub);
    }
    // One step (or one propagation entry, stepping into propagation) forward / back.
    forward() {
      if (this.sub === null && this.i >= this.model.N) return;
      this.advanceQuietly();
      this.goto(this.i, this.sub);
    }
    back() {
      const m = this.model, into = this.q("into").checked;
      if (this.sub !== null && this.sub > 0) return this.goto(this.i, this.sub - 1);
      if (this.sub === null && into && this.i > 0 && m.steps[this.i - 1].prop && m.steps[this.i - 1].prop.length) {
        return this.goto(this.i, m.steps[this.i - 1].prop.length - 1);
      }
      if (this.i > 0) this.goto(this.i - 1);
    }
    // To the next / previous step of a kind ("s", "b", "r", "p"): false when there is none.
    next(kind) {
      const a = this.model.kinds[kind] || [], k = lastBelow(a, this.i) + 1;
      if (k >= a.length) return false;
      this.goto(a[k] + 1);
      return true;
    }
    prev(kind) {
      const a = this.model.kinds[kind] || [], k = lastBelow(a, this.i - 1);
      if (k < 0) return false;
      this.goto(a[k] + 1);
      return true;
    }

    // --- playing: a frame advances as many steps as the speed asks, and draws once ----------
    setSpeed(s) {
      this.speed = Math.max(1, Math.min(1000, Math.round(s)));
      this.q("speed").value = String(Math.log10(this.speed));
      this.q("speed-text").textContent = `${this.speed}/s`;
    }
    play() {
      if (this.playing || !this.model.N) return;
      if (this.i >= this.model.N && this.sub === null) this.goto(0);
      this.playing = true;
      this.credit = 1;  // the first step at once
      this.then = performance.now();
      this.showPlaying();
      const tick = (now) => {
        if (!this.playing) return;
        this.credit += ((now - this.then) * this.speed) / 1000;
        this.then = now;
        const stopAt = this.q("stop-at").value;
        let moved = false, stop = false;
        while (this.credit >= 1 && !stop) {
          this.credit -= 1;
          if (this.i >= this.model.N && this.sub === null) { stop = true; break; }
          this.advanceQuietly();
          moved = true;
          const ev = this.model.steps[this.i - 1];
          if (stopAt && this.sub === null && ev && ev.k === stopAt) stop = true;
        }
        if (moved) this.goto(this.i, this.sub);
        if (stop || (this.i >= this.model.N && this.sub === null)) this.pause();
        else this.raf = requestAnimationFrame(tick);
      };
      this.raf = requestAnimationFrame(tick);
    }
    // forward() without drawing: play draws once per frame.
    advanceQuietly() {
      const m = this.model, into = this.q("into").checked;
      if (this.sub !== null) {
        this.sub += 1;
        if (this.sub >= m.steps[this.i - 1].prop.length) this.sub = null;
        return;
      }
      const next = m.steps[this.i];
      this.i += 1;
      this.sub = into && next.prop && next.prop.length ? 0 : null;
    }
    pause() {
      this.playing = false;
      if (this.raf) cancelAnimationFrame(this.raf);
      this.raf = 0;
      if (this.root) this.showPlaying();
    }
    showPlaying() {
      const b = this.root.querySelector('[data-action="play"]');
      b.textContent = this.playing ? "\u275A\u275A pause" : "\u25B6 play";
      b.setAttribute("aria-label", this.playing ? "pause" : "play");
      this.root.dataset.playing = this.playing ? "true" : "false";
    }

    // --- input -----------------------------------------------------------------------------
    listen() {
      const r = this.root;
      this.onClick = (e) => {
        const b = e.target.closest("[data-action]");
        if (!b || !r.contains(b)) return;
        const a = b.dataset.action;
        if (a === "play") return this.playing ? this.pause() : this.play();
        this.pause();
        if (a === "first") this.goto(0);
        else if (a === "back") this.back();
        else if (a === "forward") this.forward();
        else if (a === "last") this.goto(this.model.N);
        else if (a.startsWith("next-")) this.next(a.slice(5));
        else if (a.startsWith("prev-")) this.prev(a.slice(5));
      };
      r.addEventListener("click", this.onClick);
      // Buttons take no focus from a mouse click, so that the keys keep working after one.
      r.addEventListener("mousedown", (e) => { if (e.target.closest("button")) e.preventDefault(); });
      this.q("timeline").addEventListener("input", (e) => { this.pause(); this.goto(+e.target.value); });
      this.q("speed").addEventListener("input", (e) => this.setSpeed(Math.pow(10, +e.target.value)));
      this.q("show-rejected").addEventListener("change", () => { this.renderTree(); this.flushScrolls(); });
      this.q("into").addEventListener("change", () => this.goto(this.i));
      this.q("tree").addEventListener("click", (e) => this.treeClicked(e));
      this.q("solutions").addEventListener("click", (e) => {
        const li = e.target.closest("[data-step]");
        if (li) { this.pause(); this.goto(+li.dataset.step); }
      });
      this.q("propagation").addEventListener("click", (e) => {
        const li = e.target.closest("[data-sub]");
        if (li) { this.pause(); this.goto(this.i, +li.dataset.sub); }
      });
      const strip = this.q("strip");
      const seek = (e) => {
        const rect = strip.getBoundingClientRect();
        this.pause();
        this.goto(Math.round(((e.clientX - rect.left) / Math.max(1, rect.width)) * this.model.N));
      };
      strip.addEventListener("pointerdown", (e) => { seek(e); strip.setPointerCapture(e.pointerId); });
      strip.addEventListener("pointermove", (e) => { if (e.buttons & 1) seek(e); });
      this.onKey = (e) => this.key(e);
      const where = this.options.keyboard === "document" ? document : this.options.keyboard === false ? null : r;
      if (where) where.addEventListener("keydown", this.onKey);
      this.keyTarget = where;
      if (typeof ResizeObserver !== "undefined") {
        this.resize = new ResizeObserver(() => this.drawStrip());
        this.resize.observe(strip);
      }
    }
    key(e) {
      const t = e.target, tag = t && t.tagName;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || (t && t.isContentEditable)) return;
      if (tag === "BUTTON" && (e.key === " " || e.key === "Enter")) return;  // the button's own
      if (this.options.keyboard === "document" && t && t !== document.body && !this.root.contains(t) && t !== document.documentElement) return;
      const acts = {
        ArrowRight: () => { this.pause(); this.forward(); }, ArrowLeft: () => { this.pause(); this.back(); },
        " ": () => (this.playing ? this.pause() : this.play()), Home: () => { this.pause(); this.goto(0); },
        End: () => { this.pause(); this.goto(this.model.N); },
        s: () => this.next("s"), S: () => this.prev("s"), b: () => this.next("b"), B: () => this.prev("b"),
        p: () => this.next("p"), P: () => this.prev("p"), r: () => this.next("r"), R: () => this.prev("r"),
      };
      const act = acts[e.key];
      if (!act) return;
      e.preventDefault();
      act();
    }
    treeClicked(e) {
      const line = e.target.closest("[data-node]");
      if (!line) return;
      const id = +line.dataset.node;
      if (e.target.closest("[data-toggle]")) {
        this.overrides.set(id, !this.expanded(id));
        this.renderTree();
        this.flushScrolls();
        return;
      }
      this.pause();
      this.goto(+line.dataset.step);
    }
    cellClicked(cell, info) {
      if (this.options.onCellClick) this.options.onCellClick(cell, info);
    }

    destroy() {
      this.pause();
      if (this.keyTarget) this.keyTarget.removeEventListener("keydown", this.onKey);
      if (this.resize) this.resize.disconnect();
      this.root.remove();
      this.root = null;
    }

    // --- drawing ---------------------------------------------------------------------------
    render() {
      const m = this.model, i = this.i, s = snapshot(m, i, this.sub);
      this.root.dataset.step = String(i);
      this.root.dataset.total = String(m.N);
      this.root.dataset.sub = this.sub === null ? "" : String(this.sub);
      this.q("step").textContent = i;
      this.q("timeline").value = String(i);
      this.q("substep").textContent = this.sub === null ? "" : `\u00B7 propagation ${this.sub} / ${m.steps[i - 1].prop.length}`;
      this.renderEvent(s);
      if (this.picture) this.picture.update(s);
      this.renderCandidates(s);
      const c = m.counters(i);
      m.keys.forEach((k, n) => { this.counterEls[n].textContent = c[k]; });
      if (this.partEls[0]) {
        const r = lastBelow(m.kinds.r, i) + 1, p = lastBelow(m.kinds.p, i) + 1;
        this.partEls[0].textContent = r;
        this.partEls[1].textContent = p;
      }
      if (m.csp) this.renderDomains(s);
      this.renderPropagation(s);
      this.renderSolutions();
      this.renderTree();
      this.drawCursor();
      this.root.querySelectorAll('[data-action="first"],[data-action="back"]').forEach((b) => { b.disabled = i === 0 && this.sub === null; });
      this.root.querySelectorAll('[data-action="forward"],[data-action="last"]').forEach((b) => { b.disabled = i === m.N && this.sub === null; });
      for (const k of ["s", "b", "r", "p"]) {
        const a = m.kinds[k];
        this.root.querySelector(`[data-action="next-${k}"]`).disabled = lastBelow(a, i) + 1 >= a.length;
        this.root.querySelector(`[data-action="prev-${k}"]`).disabled = lastBelow(a, i - 1) < 0;
      }
      this.flushScrolls();
    }

    // Scrolling reads the layout: done once, after every change of a render, so that the
    // browser lays the page out once per step and not once per panel.
    scrollLater(box, el) {
      (this.scrolls || (this.scrolls = [])).push([box, el]);
    }
    flushScrolls() {
      for (const [box, el] of this.scrolls || []) scrollInto(box, el);
      this.scrolls = [];
    }

    renderEvent(s) {
      const m = this.model, ev = s.ev;
      const el = this.q("event");
      el.textContent = describe(m, s.i);
      el.dataset.kind = ev ? ev.k : "";
      const why = this.q("why");
      let text = s.why && s.why.text ? reason(ev, s.why.text) : "";
      if (this.sub !== null) {
        text = this.sub === 0 ? "propagation: before the first entry" : `propagation ${this.sub}: ${entryWords(m, ev.prop[this.sub - 1])}`;
      }
      why.textContent = text;
      why.hidden = !text;
    }

    renderCandidates(s) {
      const el = this.q("candidates");
      const ev = s.ev;
      if (s.candl.length && (!ev || ev.k === "n" || ev.k === "r")) el.textContent = `candidates: ${s.candl.join(" ")}`;
      else if (s.next >= 0 && this.model.csp) el.textContent = `next variable: ${this.model.varName(s.next)}`;
      else el.textContent = "";
    }

    renderDomains(s) {
      const m = this.model, M = this.domMarks, { removed, recs, wiped, assigned } = s.dom;
      for (let v = 0; v < m.V; ++v) {
        const row = this.domRows[v];
        if (wiped.has(v) || (s.next === v && !wiped.size)) this.scrollLater(this.q("domains"), row.firstChild);
        if (wiped.has(v)) M.set(row, "data-wiped");
        if (s.next === v && !s.solved) M.set(row, "data-next");
        if (assigned[v] >= 0) M.set(row, "data-assigned");
        for (let x = 0; x < m.K; ++x) {
          const k = v * m.K + x, td = this.domCells[k];
          if (!m.inRoot[k]) { M.set(td, "data-absent"); M.set(td, "title", `${m.varName(v)}=${m.valueName(x)}: not in the root domain`); continue; }
          if (assigned[v] === x) { M.set(td, "data-assigned"); M.set(td, "title", `${m.varName(v)}=${m.valueName(x)}: assigned`); }
          const r = removed[k];
          if (r >= 0) {
            const rec = recs[r], by = byName(m, rec);
            M.set(td, "data-removed-by", by);
            M.set(td, "data-by", byShort(m, rec));
            const origin = m.steps[rec.step];
            const cause = rec.kind === "hs" ? `a hidden single in ${m.groupName(rec.g)}`
              : rec.z < 0 ? "the root's propagation"
              : `${by}${origin.k === "a" && rec.z !== origin.v ? ` (no support left; propagating ${label(m, origin)})` : ""}`;
            M.set(td, "title", `${m.varName(v)}=${m.valueName(x)} removed by ${cause}, step ${rec.step + 1}`);
            if (this.sub !== null && rec.step === s.i - 1 && rec.entry === this.sub - 1) M.set(td, "data-fresh");
          }
        }
      }
      M.apply();
    }

    renderPropagation(s) {
      const m = this.model, card = this.q("prop-card"), ev = s.ev;
      const has = ev && ev.prop && ev.prop.length;
      card.hidden = !m.csp || !has;
      if (card.hidden) return;
      const L = ev.prop.length, cur = this.sub === null ? L : this.sub;
      this.q("prop-note").textContent = `of ${ev.k === "n" ? "the root" : label(m, ev)}: ${cur} / ${L}`;
      const mac = ev.prop.some((e) => e[0] === "q");
      const qel = this.q("queue");
      qel.hidden = !mac;
      if (mac) {
        const st = m.queueAt(s.i - 1, this.sub);
        qel.innerHTML = `<b>arc queue</b> ` + (st.queue.length ? st.queue.map((v) => `<span class="btv-chip" data-queued="${v + 1}">${esc(m.varName(v))}</span>`).join(" ") : "<i>empty</i>") +
          (st.taken !== null && cur < L ? ` <span class="btv-taken">revising the neighbours of <b>${esc(m.varName(st.taken))}</b></span>` : "");
      }
      // The entries, the applied ones marked, the last applied one current; long logs are cut
      // around it.
      const from = Math.max(0, Math.min(cur - MAX_LOG_ENTRIES / 2, L - MAX_LOG_ENTRIES)), to = Math.min(L, from + MAX_LOG_ENTRIES);
      let html = from > 0 ? `<li class="btv-more">\u2026 ${from} earlier</li>` : "";
      for (let e = from; e < to; ++e) {
        const cls = e < cur ? (e === cur - 1 ? "btv-done btv-cur" : "btv-done") : "";
        html += `<li data-sub="${e + 1}" data-entry="${ev.prop[e][0]}" class="${cls}">${esc(entryWords(m, ev.prop[e]))}</li>`;
      }
      if (to < L) html += `<li class="btv-more">\u2026 ${L - to} more</li>`;
      const log = this.q("propagation");
      log.innerHTML = html;
      log.start = from + 1;
      const c = log.querySelector(".btv-cur");
      if (c) this.scrollLater(log, c);
    }

    // The solutions found so far, the latest MAX_SOLUTIONS_SHOWN of them: the list is a range
    // [from, k) of the solutions, moved at both ends, so a step costs what it adds or removes.
    renderSolutions() {
      const m = this.model, k = m.cnt.solutions[this.i], ol = this.q("solutions");
      this.q("solutions-count").textContent = `(${k}${m.solutionSteps.length > k ? ` of ${m.solutionSteps.length}` : ""})`;
      const from = Math.max(0, k - MAX_SOLUTIONS_SHOWN);
      let [was, wasK] = this.solutionRange || [0, -1];
      if (from >= wasK || k <= was) {  // nothing kept: start again
        ol.textContent = "";
        was = wasK = from;
      }
      const item = (n) => {
        const j = m.solutionSteps[n];
        return h("li", { "data-solution": n + 1, "data-step": j + 1, title: `step ${j + 1}` }, `<b>#${n + 1}</b> ${esc(solutionText(m, j))}`);
      };
      const note = ol.querySelector(".btv-more");
      if (note) note.remove();
      for (let n = wasK - 1; n >= k; --n) ol.lastChild.remove();
      for (let n = was; n < from; ++n) ol.firstChild.remove();
      for (let n = Math.max(wasK, from); n < k; ++n) ol.appendChild(item(n));
      for (let n = Math.min(was, k) - 1; n >= from; --n) ol.insertBefore(item(n), ol.firstChild);
      this.solutionRange = [from, k];
      if (from) ol.insertBefore(h("li", { class: "btv-more" }, `\u2026 ${from} earlier`), ol.firstChild);
      if (!k) ol.appendChild(h("li", { class: "btv-more" }, "none yet"));
      ol.start = from + 1;
      this.markSolution();
    }
    markSolution() {
      const ol = this.q("solutions");
      const was = ol.querySelector("[data-current]");
      if (was) was.removeAttribute("data-current");
      const now = ol.querySelector(`[data-step="${this.i}"]`);
      if (now) { now.setAttribute("data-current", ""); this.scrollLater(ol, now); }
    }

    // --- the tree: only the expanded parts are drawn ----------------------------------------
    expanded(x, onPath = this.model.pathNodes(this.i)) {
      if (this.overrides.has(x)) return this.overrides.get(x);
      return onPath.has(x);
    }
    renderTree() {
      const m = this.model, t = m.t, i = this.i, box = this.q("tree");
      const showRej = this.q("show-rejected").checked, focus = m.focus[i];
      const onPath = m.pathNodes(i);
      const lines = [];
      // Depth-first, without recursion (trees can be deep): a stack of nodes to draw.
      const stack = [0];
      while (stack.length && lines.length < MAX_TREE_LINES) {
        const x = stack.pop();
        if (typeof x === "string") { lines.push(x); continue; }
        const kids = [];
        for (let c = t.first[x]; c >= 0 && t.step[c] < i; c = t.next[c]) {
          if (t.kind[c] === 2 && !showRej && c !== focus) continue;
          kids.push(c);
        }
        const open = x === 0 || (kids.length > 0 && this.expanded(x, onPath));
        lines.push(this.treeLine(x, kids.length, open, onPath, focus));
        if (!open) continue;
        const shown = kids.length > MAX_CHILDREN ? kids.slice(kids.length - MAX_CHILDREN) : kids;
        for (let k = shown.length - 1; k >= 0; --k) stack.push(shown[k]);
        if (shown.length < kids.length) stack.push(`<div class="btv-tn btv-more" style="padding-left:${(t.depth[x] + 1) * this.indent + 4}px">\u2026 ${kids.length - shown.length} earlier</div>`);
      }
      if (stack.length) lines.push('<div class="btv-tn btv-more">\u2026 (more lines than drawn)</div>');
      box.innerHTML = lines.join("");
      const cur = box.querySelector("[data-current]");
      if (cur) this.scrollLater(box, cur);
    }
    treeLine(x, kids, open, onPath, focus) {
      const m = this.model, t = m.t, i = this.i;
      const kind = x === 0 ? "root" : t.kind[x] === 2 ? "r" : "a";
      const s = x > 0 ? m.steps[t.step[x]] : null;
      // A rejected candidate sits with its siblings, the assignments of its parent's node.
      const level = x === 0 ? 0 : kind === "r" ? t.depth[x] + 1 : t.depth[x];
      const pad = level * this.indent + 4;
      const attrs = [`data-node="${x}"`, `data-kind="${kind}"`, `data-step="${x === 0 ? Math.min(1, m.N) : t.step[x] + 1}"`];
      if (x === focus) attrs.push("data-current");
      if (onPath.has(x)) attrs.push("data-path");
      const tog = kids ? `<span class="btv-tog" data-toggle title="${open ? "collapse" : "expand"}">${open ? "\u25BE" : "\u25B8"}</span>` : '<span class="btv-tog"></span>';
      if (kind === "r") {
        const why = s.why && s.why.text ? reason(s, s.why.text) : "rejected";
        return `<div class="btv-tn btv-rej" ${attrs.join(" ")} style="padding-left:${pad}px" title="${esc(why)}"><span class="btv-tog"></span>\u2717 ${esc(label(m, s))}</div>`;
      }
      const no = t.number[x] && (t.nodeStep[x] < i) ? ` <small>#${t.number[x]}</small>` : "";
      const name = x === 0 ? "root" : esc(label(m, s));
      let note = "";
      const finished = x > 0 && !onPath.has(x);
      const f = t.flags[x];
      const seen = t.mark[x] >= 0 && t.mark[x] < i;  // its solution or prune already happened
      if (f & SOLUTION && seen) note = '<span class="btv-ok">\u2713 solution</span>';
      else if (f & PRUNED && seen) note = `<span class="btv-bad" title="${esc(shortWhy(m.steps[t.mark[x]]))}">\u2702 ${esc(shortWhy(m.steps[t.mark[x]]))}</span>`;
      else if (finished && !open) {
        const below = t.size[x] - 1, sols = t.sols[x];
        note = below ? `<span class="btv-sum-note">+${below} below, ${sols ? `<span class="btv-ok">${plural(sols, "solution")}</span>` : "no solution"}</span>`
                     : '<span class="btv-sum-note">dead end</span>';
        if (f & JUMPED) note += ' <span class="btv-sum-note">\u21B0 CBJ</span>';
      }
      return `<div class="btv-tn${finished ? " btv-done" : ""}" ${attrs.join(" ")} style="padding-left:${pad}px" role="treeitem">${tog}${name}${no} ${note}</div>`;
    }

    // --- the timeline strip: the depth over time, solutions green, prunes red ---------------
    drawStrip() {
      const c = this.q("strip");
      if (!c || !this.model) return;
      const w = Math.max(50, Math.round(c.clientWidth || 600)), H = 26, m = this.model;
      c.width = w; c.height = H;
      // The strip is drawn once on a canvas of its own, then copied under each cursor move.
      const img = document.createElement("canvas");
      img.width = w; img.height = H;
      const g = img.getContext("2d");
      if (!g) return;
      this.stripImage = null;
      if (!m.N) { const cg = c.getContext("2d"); if (cg) cg.clearRect(0, 0, w, H); return; }
      const deep = new Float32Array(w), sol = new Uint8Array(w), pr = new Uint8Array(w);
      let maxD = 1;
      for (let j = 0; j < m.N; ++j) {
        const x = Math.min(w - 1, Math.floor((j * w) / m.N)), d = m.depth[j], k = m.kind[j];
        if (d > deep[x]) deep[x] = d;
        if (d > maxD) maxD = d;
        if (k === S_) sol[x] = 1;
        else if (k === P_) pr[x] = 1;
      }
      g.fillStyle = "#c9d3e0";
      for (let x = 0; x < w; ++x) { const hh = Math.round((deep[x] / maxD) * (H - 4)); g.fillRect(x, H - hh, 1, hh); }
      g.fillStyle = "#d33";
      for (let x = 0; x < w; ++x) if (pr[x]) g.fillRect(x, H - 4, 1, 4);
      g.fillStyle = "#1a9c3b";
      for (let x = 0; x < w; ++x) if (sol[x]) g.fillRect(Math.max(0, x - 1), 0, 2, H);
      this.stripImage = img;
      this.drawCursor();
    }
    drawCursor() {
      const c = this.q("strip");
      if (!this.stripImage || !c || c.width !== this.stripImage.width) return;
      const g = c.getContext("2d"), m = this.model;
      g.clearRect(0, 0, c.width, c.height);
      g.drawImage(this.stripImage, 0, 0);
      const x = m.N ? Math.round((this.i / m.N) * (c.width - 1)) : 0;
      g.fillStyle = "#1f4fa3";
      g.fillRect(Math.max(0, x - 1), 0, 2, c.height);
    }
  }

  function shortWhy(s) {
    if (!s) return "pruned";
    if (s.why && s.why.text) return reason(s, s.why.text);
    return s.k === "r" ? "rejected" : "pruned";
  }
  // The runner's reason in the page's words (docs/statistics.md, "Words"): a value that fails
  // its test is "rejected" (some problems' texts say "pruned" or "refused"), a node is "pruned".
  function reason(ev, text) {
    if (ev && ev.k === "r") return text.replace(/\b(pruned|refused)\b/, "rejected");
    return text;
  }
  function solutionText(m, j) {
    const s = m.steps[j];
    if (s.text) return s.text;
    const labels = [];
    for (let x = m.live[j + 1]; x > 0; x = m.t.parent[x]) labels.push(label(m, m.steps[m.t.step[x]]));
    return labels.reverse().join(" ");
  }
  function legend(view, m) {
    const dom = m.csp ? '; <span class="btv-key btv-key-removed"></span> removed from a domain (hover: by whom)' : "";
    switch (view.kind) {
      case "board": return '<span class="btv-key btv-key-cand"></span> candidates of the next row; <span class="btv-key btv-key-rej"></span> rejected square, its attacker and the line' + dom + (m.csp ? "; a red row: wiped out" : "");
      case "graph": return view.mode === "path" ? "red: the path (closed at a solution); dashed red: a missing edge; red ring: rejected"
                                                 : "fill: the colour; dashed ring: a rejected colour (in that colour); red ring: the neighbour that has it; red edge: the clash" +
                                                   (m.csp ? "; dots: the colours left; pink: wiped out, the assignment that emptied it in a red ring (the edge between them red when they are neighbours)" : "");
      case "subsets": return "green: taken; grey: left out; red ring: a rejected value (a failed bound shown under the bar); the bar: s (green) and the undecided r (light) against M (the line)";
      case "grid": return "bold: givens; red: rejected or wiped out" + (m.csp ? "; small: the values left" : "");
      default: return "";
    }
  }
  // Scroll box (not the page) so that el is visible.
  function scrollInto(box, el) {
    const top = el.offsetTop, bottom = top + el.offsetHeight;  // box is position: relative
    if (top < box.scrollTop) box.scrollTop = Math.max(0, top - 24);
    else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight + 24;
    const left = parseFloat(el.style.paddingLeft) || 0;  // a tree line: its label in view
    if (left < box.scrollLeft || left > box.scrollLeft + box.clientWidth - 140) box.scrollLeft = Math.max(0, left - 40);
  }

  global.BtViewer = {
    version: 2,
    mount(container, doc, options) { return new Viewer(container, doc, options); },
    Model,
    // For the pages around a viewer (the studio): the same escaping and counter names.
    esc,
    colourOf,
    COUNTERS,
    INFERENCE,
  };
})(typeof window !== "undefined" ? window : globalThis);
