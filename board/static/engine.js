// engine.js: the board's engine (solitario.js). index.html's first script
// has started its worker and the .wasm's download and compile already
// (self.solitarioStarted); this module, an async module script run as soon
// as it and solitario.js are fetched, hands them to the module, which then
// answers the worker's messages. board.js, a module script that needs the
// page's elements, runs only once the page is parsed and its style sheet
// loaded, hundreds of milliseconds later on a busy machine; it imports
// this same instance (a module runs once a page).
import { Solitario } from "./solitario.js";

const started = self.solitarioStarted;
self.solitarioStarted = null; // one engine takes the worker

export const engine = new Solitario(started ? { started } : {});
