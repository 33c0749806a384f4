// btsolve in the browser (docs/studio.md): appended to the emscripten module (--extern-post-js),
// it defines the global `btsolve`:
//   btsolve.ready                 a Promise, resolved once the engine is loaded
//   btsolve.exec(argv, stdin)     {exit, stdout, stderr}: the command line as the native runner
//   btsolve.run(argv, stdin)      the document `--format json` prints (added when argv has no
//                                 --format); throws an Error with the runner's one-line message
//                                 (err.exitCode) on bad usage or input (exit 2) or an internal
//                                 error (exit 70)
//   btsolve.replay(argv, stdin)   {result, replay}: run() with --replay, replay being the
//                                 {view, truncated, steps} document the viewer plays
//   btsolve.writeFile(path, text) puts a file in the module's in-memory file system (folders
//                                 made as needed), for options that name files (`compare
//                                 --inputs a.col,b.col`, `-i FILE`); readFile(path) reads one
// argv is an array of strings without the program's name: ["nqueens", "-n", "8"].
(function (root) {
  "use strict";
  let engine = null;
  const api = {};
  // The module's bytes: hoist-wasm.cmake moves them out of the factory to btsolveWasmBase64 at
  // the top of this file (read once, no data: URI fetched); without it, the factory's own copy.
  function wasmBinary() {
    if (typeof btsolveWasmBase64 !== "string" || !btsolveWasmBase64) return undefined;
    if (typeof atob !== "function") return new Uint8Array(Buffer.from(btsolveWasmBase64, "base64"));
    const text = atob(btsolveWasmBase64), bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; ++i) bytes[i] = text.charCodeAt(i);
    return bytes;
  }
  const binary = wasmBinary();
  api.ready = createBtsolveModule(binary ? {wasmBinary: binary} : {}).then((m) => { engine = m; return api; });
  function need() {
    if (!engine) throw new Error("btsolve is still loading: await btsolve.ready first");
    return engine;
  }
  api.exec = function (argv, stdin) {
    if (!Array.isArray(argv)) throw new TypeError("btsolve.exec: argv must be an array of strings");
    const r = JSON.parse(need().exec(JSON.stringify(argv.map(String)), stdin == null ? "" : String(stdin)));
    return r;
  };
  function failure(r) {
    const lines = r.stderr.trim().split("\n");
    const e = new Error(lines[lines.length - 1] || "btsolve: exit " + r.exit);
    e.exitCode = r.exit;
    e.stderr = r.stderr;
    return e;
  }
  api.run = function (argv, stdin) {
    const args = argv.map(String);
    if (!args.includes("--format") && !args.some((a) => a.startsWith("--format="))) args.push("--format", "json");
    const r = api.exec(args, stdin);
    if (r.exit === 2 || r.exit === 70) throw failure(r);
    const doc = r.stdout.trim() === "" ? {} : JSON.parse(r.stdout);
    Object.defineProperty(doc, "$exit", {value: r.exit, enumerable: false});
    Object.defineProperty(doc, "$stderr", {value: r.stderr, enumerable: false});
    return doc;
  };
  api.replay = function (argv, stdin) {
    const path = "/tmp/btsolve-replay.json";
    const m = need();
    try { m.FS.unlink(path); } catch (e) { /* none yet */ }
    const result = api.run(argv.concat(["--replay", path]), stdin);
    let replay = null;
    try { replay = JSON.parse(m.FS.readFile(path, {encoding: "utf8"})); m.FS.unlink(path); } catch (e) { replay = null; }
    return {result, replay};
  };
  api.writeFile = function (path, text) {
    const fs = need().FS;
    const parts = String(path).split("/").filter(Boolean);
    let dir = "";
    for (const p of parts.slice(0, -1)) {
      dir += "/" + p;
      try { fs.mkdir(dir); } catch (e) { /* exists */ }
    }
    fs.writeFile(String(path), String(text));
  };
  api.readFile = function (path) { return need().FS.readFile(String(path), {encoding: "utf8"}); };
  root.btsolve = api;
})(typeof globalThis !== "undefined" ? globalThis : this);
if (typeof module !== "undefined" && module.exports) module.exports = globalThis.btsolve;
