// first-node.js: the board's first answer without a browser. A cold start
// of the engine's WebAssembly build (cmd/solitario-wasm) in node, the
// requests board.js asks at its start (deal and games together, then the
// position), then the verdict's search (hint) of a default Il Ventaglio
// deal, seed 1; it prints the time to the engine's start, of the requests,
// of the search, and the process's CPU. Node runs the same V8 as chromium,
// so V8's tier-up (docs/design.md, "The board's first answer") shows: with
// --trace-wasm-compilation-times, each function TurboFan compiles is a line
// "using TurboFan", and "MARK start done" is printed once the start's
// requests are answered. ONLYSTART=1 stops after them (3 s later, for the
// compiles they caused to finish). From the repository's root:
//
//	GOOS=js GOARCH=wasm go build -o /tmp/s.wasm ./cmd/solitario-wasm
//	node bench/cmd/wasmspeed/first-node.js /tmp/s.wasm
//	node --trace-wasm-compilation-times bench/cmd/wasmspeed/first-node.js /tmp/s.wasm | grep -c TurboFan
//
// A fresh process each run: what it measures is the cold start. Compare
// builds run one beside the other, several times (a shared machine's
// noise is larger than the difference in one run).
"use strict";
globalThis.require = require;
globalThis.fs = require("fs");
globalThis.TextEncoder = require("util").TextEncoder;
globalThis.TextDecoder = require("util").TextDecoder;
globalThis.performance ??= require("performance");
globalThis.crypto ??= require("crypto");
require(require("path").join(require("child_process").execFileSync("go", ["env", "GOROOT"]).toString().trim(), "lib/wasm/wasm_exec.js"));

const t0 = performance.now();
const pending = new Map();
let id = 0;
globalThis.solitarioProgress = () => {};
globalThis.solitarioDone = (i, answer, error) => {
  const p = pending.get(i);
  pending.delete(i);
  error ? p.reject(new Error(error)) : p.resolve(JSON.parse(answer));
};
// call asks the engine as worker.js does, the request as board.js words it.
const call = (entry, req) => new Promise((resolve, reject) => {
  const i = ++id;
  pending.set(i, { resolve, reject });
  const refused = globalThis.solitarioCall(i, entry, req == null ? "" : JSON.stringify(req));
  if (typeof refused === "string") reject(new Error(refused));
});
globalThis.solitarioReady = async () => {
  const tReady = performance.now();
  const deal = call("deal", { game: "ventaglio", seed: 1 });
  await call("games");
  const d = await deal;
  await call("position", { game: "ventaglio", rules: d.rules, moves: [], seed: 1 });
  const tStart = performance.now();
  fs.writeSync(1, "MARK start done\n");
  if (process.env.ONLYSTART) {
    setTimeout(() => process.exit(0), 3000);
    return;
  }
  // index.html's limits: 5,000,000 nodes, 20 s.
  const h = await call("hint", { game: "ventaglio", rules: d.rules, moves: [], seed: 1, max_nodes: 5000000, timeout_ms: 20000 });
  const t2 = performance.now();
  const cpu = process.cpuUsage();
  fs.writeSync(1, `engine started ${(tReady - t0).toFixed(0)} ms, start's requests ${(tStart - tReady).toFixed(0)} ms, ` +
    `search ${(t2 - tStart).toFixed(0)} ms, total ${(t2 - t0).toFixed(0)} ms, CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms: ` +
    `${h.result}, ${h.stats.nodes} nodes\n`);
  process.exit(0);
};
const go = new Go();
WebAssembly.instantiate(fs.readFileSync(process.argv[2]), go.importObject).then((r) => go.run(r.instance));
