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
importScripts('wasm_exec.js');

self.solitarioProgress = (id, nodes, ms) => postMessage({ type: 'progress', id, nodes, elapsed_ms: ms });
self.solitarioDone = (id, answer, error, panicked) => postMessage({ type: 'done', id, answer, error, panicked: !!panicked });

self.onmessage = (e) => {
  const m = e.data;
  switch (m.type) {
    case 'init': {
      const go = new Go();
      self.solitarioReady = () => postMessage({ type: 'ready' });
      WebAssembly.instantiate(m.module, go.importObject)
        .then((inst) => go.run(inst))
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
