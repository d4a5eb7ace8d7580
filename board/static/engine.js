// engine.js: the board's engine (solitario.js), started as soon as the page
// has fetched this file and the module. index.html loads it as an async
// module script, which runs as soon as it is fetched; board.js, a module
// script that needs the page's elements, runs only once the page is parsed
// and its style sheet loaded, hundreds of milliseconds later on a busy
// machine, and the .wasm's compile and the worker waited for it. board.js
// imports this same instance (a module runs once a page).
import { Solitario } from "./solitario.js";

export const engine = new Solitario();
