// worker.js: runs the engine (solitario.wasm, Go compiled for the browser)
// inside a Web Worker for solitario.js. Classic worker: wasm_exec.js, Go's
// loader, comes in with importScripts from this file's own folder.
//
// Made as worker.js?wasm=NAME, it fetches NAME (beside worker.js) at once
// and compiles it as it streams in, on this thread: the page's thread,
// which compiled it before, stays free to read and draw the page (in
// chromium the page's compile held its thread for 0.1-0.3 s more than the
// worker's does), and the compiled module goes to the page, which keeps it
// to start a worker again. Made as worker.js, it waits for 'init'.
//
// Messages in:  {type:'init', module}              a compiled WebAssembly.Module
//               {type:'call', id, entry, request, text}  request: the JSON text;
//                                                  text: a file's text, read as the CLI reads a solution file
//               {type:'abort', id}
// Messages out: {type:'compiled', module, at}      ?wasm=: the module compiled (at: ms since the epoch)
//               {type:'ready'} | {type:'fatal', error}
//               {type:'progress', id, nodes, elapsed_ms}
//               {type:'done', id, answer, error, panicked}  answer: JSON text
//               {type:'exit'}                      the Go program ended
'use strict';
// times: when each step of the start was done (timeOrigin + now, ms since
// the epoch), sent with 'ready' for the page's performance marks.
const now = () => performance.timeOrigin + performance.now();
const times = { started: now() };

// compile is the promise of the module named by ?wasm=, or null.
const compile = (() => {
  const name = new URL(self.location.href).searchParams.get('wasm');
  if (!name) return null;
  const url = new URL(name, self.location.href);
  return fetch(url).then((res) => {
    if (!res.ok) throw new Error(`${name}: ${res.status} ${res.statusText} (${url})`);
    if (WebAssembly.compileStreaming && (res.headers.get('Content-Type') || '').startsWith('application/wasm')) {
      return WebAssembly.compileStreaming(res);
    }
    return res.arrayBuffer().then((b) => WebAssembly.compile(b));
  });
})();

importScripts('wasm_exec.js');
times['wasm_exec.js loaded'] = now();

self.solitarioProgress = (id, nodes, ms) => postMessage({ type: 'progress', id, nodes, elapsed_ms: ms });
self.solitarioDone = (id, answer, error, panicked) => postMessage({ type: 'done', id, answer, error, panicked: !!panicked });

// run starts the Go program in module.
function run(module) {
  const go = new Go();
  self.solitarioReady = () => { times['go ready'] = now(); postMessage({ type: 'ready', times }); };
  WebAssembly.instantiate(module, go.importObject)
    .then((inst) => { times.instantiated = now(); return go.run(inst); })
    .then(() => postMessage({ type: 'exit' }))
    .catch((err) => postMessage({ type: 'fatal', error: String(err && err.message || err) }));
}

if (compile) {
  compile.then((module) => {
    postMessage({ type: 'compiled', module, at: now() });
    run(module);
  }, (err) => postMessage({ type: 'fatal', error: String(err && err.message || err) }));
}

self.onmessage = (e) => {
  const m = e.data;
  switch (m.type) {
    case 'init':
      times['module received'] = now();
      run(m.module);
      break;
    case 'call': {
      let refused;
      try {
        refused = self.solitarioCall(m.id, m.entry, m.request, !!m.text);
      } catch (err) {
        refused = 'internal error: ' + String(err && err.message || err);
        postMessage({ type: 'done', id: m.id, answer: null, error: refused, panicked: true });
        return;
      }
      if (typeof refused === 'string') postMessage({ type: 'done', id: m.id, answer: null, error: refused, panicked: false });
      break;
    }
    case 'abort':
      if (self.solitarioAbort) self.solitarioAbort(m.id);
      break;
  }
};
