// solitario.js: the solitario engine for any web page, an ES module.
//
//   import { Solitario } from './solitario.js';
//   const s = new Solitario();          // { base: folder of worker.js, wasm_exec.js, solitario.wasm; started }
//   await s.ready;
//   const answer = await s.solve({ game: 'reloj', seed: 1 }, { signal, onProgress });
//
// The engine is Go's package api compiled to WebAssembly, run in a Web
// Worker so that a search never freezes the page. Each entry point takes a
// request object (game; seed, or deal as tokens; rules; moves; max_nodes;
// timeout_ms) and resolves to exactly the object the matching command
// prints with --json: deal, solve (solve --after … --json when moves are
// given), hint, verify, review, games; and the board's own position, cards
// and checkDeal. A bad request rejects with the command's one-line message.
// A seed past 2^53 is a BigInt or a decimal string in a request, a BigInt
// in an answer; stringify(answer) is the answer's JSON text as the CLI
// writes it (JSON.stringify refuses a BigInt). A request may also be given
// as a file's text (a string): it is read as the CLI reads a solution
// file, its seed a JSON number ("seed":"7" refused as verify refuses it).
// opts.signal (an AbortSignal) cancels a call: it rejects with an
// AbortError, and the search stops (the worker is started again if it does
// not stop within a second). opts.onProgress({nodes, elapsed_ms}) is called
// during a long search. A panic in the engine rejects its call and the
// worker is started again (as for an aborted search that does not stop):
// the other calls waiting are asked again of the new worker; no call ever
// hangs. The load's steps and the first calls leave performance marks.
// The worker fetches and compiles solitario.wasm itself (worker.js?wasm=)
// and sends the module here, kept to start a worker again. options.started
// is a worker a page made so before this module was fetched (the board's
// index.html): {worker, held, url}, held the worker's messages received so
// far, which the module takes in order; url, its script's (named when it
// does not load).

const abortTimeoutMS = 1000; // an aborted search that has not stopped by then: restart the worker

function abortError() {
  try {
    return new DOMException('the call was aborted', 'AbortError');
  } catch {
    const e = new Error('the call was aborted');
    e.name = 'AbortError';
    return e;
  }
}

// markedCalls is how many calls leave marks, asked and answered: the
// start's (bench/cmd/wasmspeed's first answer reads them). Not every call:
// a mark costs 16-23 µs in chromium, a tenth of a short request's round
// trip, and the timeline keeps each one for the page's life.
const markedCalls = 32;

// mark leaves a performance mark (performance.getEntriesByType('mark')):
// the load's steps and the first calls, for whoever times the page
// (bench/cmd/wasmspeed's first answer). at: a time of performance.now()'s.
function mark(name, at) {
  try { performance.mark(name, at === undefined ? undefined : { startTime: Math.max(0, at) }); } catch { /* no User Timing */ }
}

// exactSeed is the answers' JSON.parse reviver: a seed past 2^53, which a
// number would round, comes back as the BigInt of its digits (a request
// takes a BigInt seed too), read from the source text where the browser
// gives it (JSON.parse source text access).
function exactSeed(key, value, context) {
  if (key === 'seed' && typeof value === 'number' && !Number.isSafeInteger(value) && context && context.source) {
    return BigInt(context.source);
  }
  return value;
}

// bigSeed finds the answers exactSeed may change: a "seed" of 16 digits or
// more (2^53 has 16). The others are read without the reviver: it makes
// JSON.parse call a function for every value, 3-4 times slower (a Del
// reloj solve answer: 130-180 µs against 30-40 µs in node 20).
const bigSeed = /"seed"\s*:\s*\d{16}/;

// parseAnswer is an answer's object.
function parseAnswer(text) {
  return bigSeed.test(text) ? JSON.parse(text, exactSeed) : JSON.parse(text);
}

// requestText is the request as JSON; a BigInt seed is written as its
// decimal string (seeds go to 2^64-1, past JavaScript's exact numbers). A
// Number seed that is an integer past 2^53 is refused: it may already be
// rounded (2**53+1 is 2**53), and the engine would answer another deal:
// a bad request, said as package api says one ("seed" N: …), not as the
// module's own failures ("solitario: …").
// A string is a file's text (a solution file's bytes, say), given as it
// is: the engine reads it as the CLI reads a solution file (text: true).
function requestText(request) {
  if (typeof request === 'string') return request;
  const seed = request != null ? request.seed : undefined;
  if (typeof seed === 'number' && Number.isInteger(seed) && !Number.isSafeInteger(seed)) {
    throw new RangeError(`"seed" ${BigInt(seed)}: past 2^53, where a Number is not exact: pass it as a BigInt (${BigInt(seed)}n) or a decimal string ("${BigInt(seed)}")`);
  }
  return JSON.stringify(request ?? {}, (_, v) => (typeof v === 'bigint' ? v.toString() : v));
}

// stringify is an answer (or a request) as JSON text exactly as the CLI
// writes it, without the line break: a BigInt seed as bare digits (its
// answers' seed past 2^53 is a BigInt, which JSON.stringify refuses), the
// keys in the answer's order. A web game saves the --json object so.
export function stringify(answer) {
  const digits = (v) => v.toString();
  if (typeof JSON.rawJSON === 'function') {
    return JSON.stringify(answer, (_, v) => (typeof v === 'bigint' ? JSON.rawJSON(digits(v)) : v));
  }
  // No JSON.rawJSON (chromium before 114): each BigInt is written as a
  // mark of its own, no string's, then the mark as its digits.
  const mark = 'solitario-bigint-' + Math.random().toString(36).slice(2) + '-';
  const big = [];
  const text = JSON.stringify(answer, (_, v) => (typeof v === 'bigint' ? mark + (big.push(digits(v)) - 1) : v));
  return text === undefined ? text : text.replace(new RegExp(`"${mark}(\\d+)"`, 'g'), (_, i) => big[i]);
}

export class Solitario {
  constructor(options = {}) {
    this.base = new URL(options.base ?? './', options.base ? globalThis.location.href : import.meta.url);
    this._calls = new Map(); // id -> {resolve, reject, onProgress, aborted}
    this._next = 1;
    this._module = null; // the compiled module, once the first worker sent it: kept for restarts
    const started = options.started;
    this._worker = null;
    this._live = null; // the worker once it said ready: calls go to it at once
    // How long an aborted search has to stop before the worker is started
    // again: a test on a loaded machine raises it (TestModuleAbort), where
    // a second of CPU may take several.
    this._abortTimeoutMS = abortTimeoutMS;
    this.ready = this._start(started);
    this.ready.catch(() => {}); // a failed load rejects each call, not the page
  }

  // _start starts a worker: the first fetches and compiles the .wasm
  // (worker.js?wasm=solitario.wasm) and sends the module, a later one is
  // given the module kept; or it takes over the worker a page started
  // (options.started).
  _start(begun) {
    const module = this._module;
    const url = begun ? (begun.url ? new URL(begun.url) : null) : new URL(module ? 'worker.js' : 'worker.js?wasm=solitario.wasm', this.base);
    const w = begun ? begun.worker : new Worker(url);
    if (!begun) mark('solitario: worker created');
    this._worker = w;
    this._live = null;
    let started = false; // ready: a failure after it restarts the worker, before it fails the start
    return new Promise((resolve, reject) => {
      const fail = (err) => { reject(err); if (this._worker === w) { w.terminate(); this._worker = null; } };
      const take = (m) => {
        if (this._worker !== w) return; // a worker ended by a restart
        switch (m.type) {
          case 'compiled':
            mark('solitario: wasm compiled', m.at - performance.timeOrigin);
            this._module = m.module;
            break;
          case 'ready':
            for (const [name, t] of Object.entries(m.times || {})) mark('solitario: worker ' + name, t - performance.timeOrigin);
            mark('solitario: ready');
            started = true;
            this._live = w;
            resolve();
            break;
          case 'fatal': fail(new Error('solitario: the engine did not start: ' + m.error)); break;
          case 'exit':
            if (started) this._restart('the engine stopped');
            else fail(new Error('solitario: the engine stopped as it started'));
            break;
          case 'progress': {
            const c = this._calls.get(m.id);
            if (c && c.onProgress && !c.aborted) {
              try { c.onProgress({ nodes: m.nodes, elapsed_ms: m.elapsed_ms }); } catch (err) { console.error(err); }
            }
            break;
          }
          case 'done': {
            const c = this._calls.get(m.id);
            this._calls.delete(m.id);
            if (m.id <= markedCalls) mark(`solitario: ${c ? c.entry : '?'} #${m.id} answered`);
            if (c) {
              clearTimeout(c.timer);
              if (!c.aborted) {
                if (m.error != null) c.reject(new Error(m.error));
                else {
                  try { c.resolve(parseAnswer(m.answer)); } catch (err) { c.reject(err); }
                }
              }
            }
            if (m.panicked) this._restart('the engine was restarted after an internal error');
            break;
          }
        }
      };
      w.onmessage = (e) => take(e.data);
      w.onerror = (e) => {
        e.preventDefault();
        const why = 'the engine failed: ' + (e.message || 'worker error');
        if (started) {
          if (this._worker === w && this._calls.size > 0) this._restart(why);
        } else if (e.message || !url) fail(new Error('solitario: ' + why));
        else {
          // No message: the worker's script itself did not load (an error
          // in it has one, a wasm_exec.js or .wasm not found included).
          // Its address and the server's answer say which and why.
          const where = String(new URL('worker.js', url));
          fetch(where).then((r) => (r.ok ? `${r.status} ${r.statusText}, but not run as a worker` : `${r.status} ${r.statusText}`), (err) => String(err && err.message || err))
            .then((status) => fail(new Error(`solitario: the engine failed: its worker script ${where} did not load (${status})` + (begun ? '' : '; options.base names the folder of worker.js, wasm_exec.js and solitario.wasm'))));
        }
      };
      if (begun) for (const m of begun.held.splice(0)) take(m);
      else if (module) w.postMessage({ type: 'init', module });
    });
  }

  // _restart ends the worker and starts a fresh one from the compiled
  // module. The calls still waiting are asked again of the fresh worker
  // (a request's answer does not depend on who asks), each once: a call
  // caught in a second restart rejects with why. Aborted calls are dropped.
  _restart(why) {
    if (this._worker) this._worker.terminate();
    this._worker = null;
    const calls = [...this._calls];
    this._calls.clear();
    this.ready = this._start();
    this.ready.catch(() => {});
    for (const [id, c] of calls) {
      clearTimeout(c.timer);
      if (c.aborted) continue;
      if (c.asked > 1) c.reject(new Error('solitario: ' + why));
      else this._post(id, c);
    }
  }

  // _post asks the worker for call c once it is ready: at once when it
  // is, not in a callback of ready's, which would wait for the code that
  // called to finish (the board draws its table right after asking for
  // the verdict's search: the search would be asked only once it is drawn).
  _post(id, c) {
    this._calls.set(id, c);
    const send = () => {
      if (c.aborted || this._calls.get(id) !== c) return;
      c.worker = this._worker;
      c.asked++;
      if (id <= markedCalls) mark(`solitario: ${c.entry} #${id} asked`);
      c.worker.postMessage({ type: 'call', id, entry: c.entry, request: c.text, text: c.file });
    };
    if (this._live && this._live === this._worker) return send();
    this.ready.then(send, (err) => {
      if (this._calls.get(id) !== c) return;
      this._calls.delete(id);
      if (!c.aborted) c.reject(err);
    });
  }

  _call(entry, request, opts = {}) {
    const { signal, onProgress } = opts ?? {};
    return new Promise((resolve, reject) => {
      // Options of the wrong kind: one line naming the option, not a
      // TypeError from inside the module.
      if (signal != null && (typeof signal !== 'object' || typeof signal.aborted !== 'boolean' || typeof signal.addEventListener !== 'function')) {
        return reject(new TypeError('solitario: signal: want an AbortSignal'));
      }
      if (onProgress != null && typeof onProgress !== 'function') return reject(new TypeError('solitario: onProgress: want a function'));
      if (signal && signal.aborted) return reject(abortError());
      let text;
      try { text = requestText(request); } catch (err) { return reject(err); }
      const id = this._next++;
      const c = { entry, text, file: typeof request === 'string', resolve, reject, onProgress, aborted: false, timer: 0, asked: 0, worker: null };
      if (signal) {
        signal.addEventListener('abort', () => {
          if (this._calls.get(id) !== c || c.aborted) return;
          c.aborted = true;
          reject(abortError());
          const worker = c.worker;
          if (!worker) { this._calls.delete(id); return; } // not asked yet
          worker.postMessage({ type: 'abort', id });
          c.timer = setTimeout(() => {
            if (this._calls.get(id) === c && this._worker === worker) this._restart('restarted: an aborted search did not stop');
          }, this._abortTimeoutMS);
        }, { once: true });
      }
      this._post(id, c);
    });
  }

  deal(request, opts) { return this._call('deal', request, opts); }
  solve(request, opts) { return this._call('solve', request, opts); }
  hint(request, opts) { return this._call('hint', request, opts); }
  verify(request, opts) { return this._call('verify', request, opts); }
  review(request, opts) { return this._call('review', request, opts); }
  position(request, opts) { return this._call('position', request, opts); }
  games(opts) { return this._call('games', {}, opts); }
  // cards(game) is the deck for a deal editor: {game, deck, copies, size, cards}.
  cards(game, opts) { return this._call('cards', typeof game === 'string' ? { game } : game, opts); }
  // checkDeal({game, deal}) is the deal-file checks so far: {game, size, count, complete, cards (each token as the engine reads it, canonical; "" for no card), problems:[{index, token, message}]}.
  checkDeal(request, opts) { return this._call('checkDeal', request, opts); }
  // dealFile({game, deal_file, deal_file_name}) reads a deal file's text as solve --deal does (its "# rules:" line too): deal --json's object;
  // a message names the file deal_file_name (a file's name; none: "deal file"), as the CLI names the path. deal_file_base64 instead
  // of deal_file gives the file's bytes (btoa's base64): one that is no UTF-8 text is then said as the CLI says it, byte for byte.
  dealFile(request, opts) { return this._call('dealFile', request, opts); }
  // moveText({game, seed|deal, rules, move_text}) reads a move list in the CLI's notation (as solve prints it) with
  // the referee's own reader, from the deal: {moves, lines}; an unread or illegal move rejects naming its line and number.
  moveText(request, opts) { return this._call('moveText', request, opts); }

  // stringify(answer) is the module's stringify: the answer's JSON text as the CLI writes it.
  stringify(answer) { return stringify(answer); }

  // terminate ends the worker; calls still waiting reject.
  terminate() {
    if (this._worker) this._worker.terminate();
    this._worker = this._live = null;
    for (const c of this._calls.values()) { clearTimeout(c.timer); if (!c.aborted) c.reject(new Error('solitario: terminated')); }
    this._calls.clear();
    this.ready = Promise.reject(new Error('solitario: terminated'));
    this.ready.catch(() => {});
  }
}

export default Solitario;
