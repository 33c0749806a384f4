// The --replay player: the state at step i is recomputed from the steps before it, so going
// back is as exact as going forward. DATA = {view, truncated, steps} (bt/replay.hpp).
"use strict";
const DATA = JSON.parse(document.getElementById("replay-data").textContent);
const STEPS = DATA.steps, VIEW = DATA.view || {};
let at = 0;
const $ = (id) => document.getElementById(id);
// The state after the first i steps.
function stateAt(i) {
  const s = {nodes: 0, backtracks: 0, solutions: 0, rejected: 0, pruned: 0, path: [],
             cand: [], candl: [], rej: null, tree: [], onPath: new Set()};
  const treeAt = [];  // tree node index of the path's node at each depth (-1: root)
  for (let j = 0; j < i; ++j) {
    const e = STEPS[j];
    s.rej = null;
    if (e.k === "n") { s.nodes++; s.cand = e.cand || []; s.candl = e.candl || []; }
    else if (e.k === "a") {
      s.path.length = e.d; s.path.push(e);
      s.tree.push({l: e.l, d: e.d, m: "on"}); treeAt.length = e.d; treeAt.push(s.tree.length - 1);
      s.cand = []; s.candl = [];
    } else if (e.k === "r") {
      s.rejected++; s.rej = e; s.tree.push({l: e.l + "  rejected", d: e.d, m: "r"});
    } else if (e.k === "p") {
      s.pruned++; s.cand = []; s.candl = [];
      if (treeAt[e.d - 1] !== undefined) s.tree[treeAt[e.d - 1]].m = "b";
      s.path.length = Math.max(0, e.d - 1); treeAt.length = Math.max(0, e.d - 1);
    } else if (e.k === "b") {
      s.backtracks++; s.path.length = e.d;
      const t = treeAt[e.d]; if (t !== undefined && s.tree[t].m === "on") s.tree[t].m = "b";
      treeAt.length = e.d; s.cand = []; s.candl = [];
    } else if (e.k === "s") {
      s.solutions++; treeAt.forEach((t) => { s.tree[t].m = "s"; });
    }
  }
  treeAt.forEach((t) => s.onPath.add(t));
  return s;
}
function drawBoard(s) {
  const n = VIEW.n, q = new Map();
  s.path.forEach((e) => { if (e.c) q.set(e.c[0] + "," + e.c[1], true); });
  const cand = new Set(s.cand.map((c) => c[0] + "," + c[1]));
  let h = '<table class="board" id="board">';
  for (let r = 0; r < n; ++r) {
    h += "<tr>";
    for (let c = 0; c < n; ++c) {
      const k = r + "," + c, rej = s.rej && s.rej.c && s.rej.c[0] === r && s.rej.c[1] === c;
      const cls = (cand.has(k) ? "cand " : "") + (rej ? "rej" : "");
      h += '<td data-row="' + (r + 1) + '" data-col="' + (c + 1) + '" class="' + cls + '">' +
           (q.has(k) ? "\u265B" : rej ? "\u00D7" : "") + "</td>";
    }
    h += "</tr>";
  }
  return h + "</table>";
}
const PALETTE = ["#e6194b", "#3cb44b", "#4363d8", "#ffe119", "#f58231", "#911eb4", "#46f0f0",
                 "#f032e6", "#bcf60c", "#fabebe", "#008080", "#9a6324"];
// A circle layout; colour mode fills each coloured vertex, path mode draws the path in red
// (and the closing edge once the cycle is a solution).
function drawGraph(s, solved) {
  const n = VIEW.n, R = 150, W = 2 * R + 60, pos = [];
  for (let v = 0; v < n; ++v) {
    const a = 2 * Math.PI * v / n - Math.PI / 2;
    pos.push([W / 2 + R * Math.cos(a), W / 2 + R * Math.sin(a)]);
  }
  const cells = s.path.filter((e) => e.c).map((e) => e.c);
  const colour = new Map(), onPath = new Set(), inPath = new Set();
  const key = (u, v) => Math.min(u, v) + "," + Math.max(u, v);
  if (VIEW.mode === "colour") cells.forEach((c) => colour.set(c[0], c[1]));
  if (VIEW.mode === "path") {
    const order = [VIEW.start].concat(cells.map((c) => c[1]));
    order.forEach((v) => inPath.add(v));
    for (let k = 0; k + 1 < order.length; ++k) onPath.add(key(order[k], order[k + 1]));
    if (solved) onPath.add(key(order[order.length - 1], order[0]));
  }
  let h = '<svg id="graph" width="' + W + '" height="' + W + '" xmlns="http://www.w3.org/2000/svg">';
  for (const [u, v] of VIEW.edges) {
    const p = onPath.has(key(u, v));
    h += '<line data-edge="' + (u + 1) + "-" + (v + 1) + '" data-path="' + p + '" x1="' + pos[u][0] + '" y1="' + pos[u][1] +
         '" x2="' + pos[v][0] + '" y2="' + pos[v][1] + '" stroke="' + (p ? "#c00" : "#aaa") + '" stroke-width="' + (p ? 4 : 1) + '"/>';
  }
  for (let v = 0; v < n; ++v) {
    const c = colour.get(v);
    const fill = c !== undefined ? PALETTE[(c - 1) % PALETTE.length] : inPath.has(v) ? "#fcc" : "#fff";
    h += '<circle data-vertex="' + (v + 1) + '" data-colour="' + (c === undefined ? "" : c) + '" cx="' + pos[v][0] +
         '" cy="' + pos[v][1] + '" r="13" fill="' + fill + '" stroke="#333"/><text x="' + pos[v][0] + '" y="' +
         (pos[v][1] + 4) + '" text-anchor="middle" font-size="11">' + (v + 1) + "</text>";
  }
  return h + "</svg>";
}
function esc(t) { return String(t).replace(/&/g, "&amp;").replace(/</g, "&lt;"); }
function describe(e) {
  if (!e) return "start: nothing searched yet";
  const words = {n: "node", a: "assign", r: "reject (not consistent)", p: "prune (not promising)",
                 b: "backtrack", s: "solution"};
  return words[e.k] + " at depth " + e.d + (e.l ? ": " + e.l : "");
}
function show() {
  const s = stateAt(at);
  $("step").textContent = at;
  $("total").textContent = STEPS.length;
  for (const k of ["nodes", "backtracks", "solutions", "rejected", "pruned"]) $(k).textContent = s[k];
  $("path").textContent = s.path.map((e) => e.l).join(" ");
  $("event").textContent = describe(STEPS[at - 1]);
  if (VIEW.kind === "board") $("picture").innerHTML = drawBoard(s);
  else if (VIEW.kind === "graph") $("picture").innerHTML = drawGraph(s, at > 0 && STEPS[at - 1].k === "s");
  $("domain").textContent = s.candl.length ? "candidates: " + s.candl.join(" ") : "";
  let t = '<div class="on">root</div>';
  s.tree.forEach((x, k) => {
    const cls = (s.onPath.has(k) ? "on " : "") + (x.m === "on" ? "" : x.m) + (k === s.tree.length - 1 ? " cur" : "");
    t += '<div class="' + cls + '" style="margin-left:' + (12 * (x.d + 1)) + 'px">' + esc(x.l) + (x.m === "b" ? "  backtracked" : x.m === "s" ? "  solution" : "") + "</div>";
  });
  $("tree").innerHTML = t;
  const cur = $("tree").querySelector(".cur");
  if (cur) cur.scrollIntoView({block: "nearest"});
}
$("first").onclick = () => { at = 0; show(); };
$("back").onclick = () => { at = Math.max(0, at - 1); show(); };
$("forward").onclick = () => { at = Math.min(STEPS.length, at + 1); show(); };
$("last").onclick = () => { at = STEPS.length; show(); };
document.addEventListener("keydown", (ev) => {
  if (ev.key === "ArrowRight") $("forward").click();
  if (ev.key === "ArrowLeft") $("back").click();
});
if (DATA.truncated) $("truncated").textContent = "(truncated: the search went on past the last step)";
if (VIEW.title) $("title").textContent = VIEW.title;
show();
