// worker.js: runs the engine (solitario.wasm, Go compiled for the browser)
// inside a Web Worker for solitario.js. Classic worker: wasm_exec.js, Go's
// loader, comes in with importScripts from this file's own folder.
//
// Messages in:  {type:'init', module}              a compiled WebAssembly.Module
//               {type:'call', id, entry, request}  request: the JSON text
//               {type:'abort', id}
// Messages out: {type:'ready'} | {type:'fatal', error}
//               {type:'progress', id, nodes, elapsed_ms}
//               {type:'done', id, answer, error, panicked}  answer: JSON text
//               {type:'exit'}                      the Go program ended
'use strict';
// times: when each step of the start was done (timeOrigin + now, ms since
// the epoch), sent with 'ready' for the page's performance marks.
const times = { started: performance.timeOrigin + performance.now() };
importScripts('wasm_exec.js');
times['wasm_exec.js loaded'] = performance.timeOrigin + performance.now();

self.solitarioProgress = (id, nodes, ms) => postMessage({ type: 'progress', id, nodes, elapsed_ms: ms });
self.solitarioDone = (id, answer, error, panicked) => postMessage({ type: 'done', id, answer, error, panicked: !!panicked });

self.onmessage = (e) => {
  const m = e.data;
  switch (m.type) {
    case 'init': {
      const go = new Go();
      self.solitarioReady = () => { times['go ready'] = performance.timeOrigin + performance.now(); postMessage({ type: 'ready', times }); };
      times['module received'] = performance.timeOrigin + performance.now();
      WebAssembly.instantiate(m.module, go.importObject)
        .then((inst) => { times.instantiated = performance.timeOrigin + performance.now(); return go.run(inst); })
        .then(() => postMessage({ type: 'exit' }))
        .catch((err) => postMessage({ type: 'fatal', error: String(err && err.message || err) }));
      break;
    }
    case 'call': {
      let refused;
      try {
        refused = self.solitarioCall(m.id, m.entry, m.request);
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
