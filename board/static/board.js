// The board page: open, enter, play and study a deal of any game, with
// solitario's own referee and solver running in the page (solitario.js, a
// Web Worker around the WebAssembly build).
//
// The page never judges a move. After every change it asks the module for
// position(): the table after the moves played (package replay's steps,
// what `solitario show` draws) and `legal`, every legal move from there; a
// click or a drag only picks one of those. The verdict of the position
// reached comes from hint() (what `solitario hint --json` prints), searched
// in the background; a newer position aborts the older search.
//
// State: one object, st. A game is {game, rules, seed, deal, moves}; redo
// holds the moves undone (last undone last); view is position()'s answer
// for the moves played. Nothing else is kept between draws: the table is
// drawn anew from view each time. The game and the editor's entry are also
// written to the tab's sessionStorage (keep), for a reload.
import { engine as S } from "./engine.js";

performance.mark("board: script run");
window.solitario = S;

const $ = (id) => document.getElementById(id);
const W = 56, H = 80; // a card, in table units (board.css --w, --h)

// Suits by deck (docs/notation.md): the name and the colour class `deal` uses.
const SUITS = {
  french: { S: ["spades", "black"], H: ["hearts", "red"], D: ["diamonds", "red"], C: ["clubs", "black"] },
  spanish: { O: ["oros", "oros"], C: ["copas", "copas"], E: ["espadas", "espadas"], B: ["bastos", "bastos"] },
  italian: { D: ["denari", "oros"], C: ["coppe", "copas"], S: ["spade", "espadas"], B: ["bastoni", "bastos"] },
};
const RANKS = { french: "A23456789TJQK", spanish: "1234567SCR", italian: "1234567FCR" };
// The ranks a player says in words, by deck (the others are their digit).
const RANK_WORDS = {
  french: { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" },
  spanish: { S: "sota", C: "caballo", R: "rey" },
  italian: { F: "fante", C: "cavallo", R: "re" },
};
// otherCard is what the token t, refused by a game of deck, is as a card
// of the other decks: {deck, suit (SUITS' pair), text ("1O, 1 of oros, a
// card of the Spanish deck")}, the first such deck's suit; or null. The
// editor draws it so: 1O (1 of oros) typed under a French or Italian game
// read as the number 10.
function otherCard(deck, t) {
  const ds = Object.keys(SUITS).filter((d) => d !== deck && t.length === 2 && RANKS[d].includes(t[0]) && SUITS[d][t[1]]);
  if (!ds.length) return null;
  const of = [...new Set(ds.map((d) => `${RANK_WORDS[d][t[0]] || t[0]} of ${SUITS[d][t[1]][0]}`))].join(" or ");
  const decks = ds.map((d) => d[0].toUpperCase() + d.slice(1)).join(" or ");
  return { deck: ds[0], suit: SUITS[ds[0]][t[1]], of, text: `${t}, ${of}, a card of the ${decks} deck` };
}
// The deal editor's examples of tokens, by deck (docs/notation.md, "Card
// tokens"): [tokens, what they are]. Only the selected game's deck is
// shown: a French example beside a Spanish game's would be refused.
const EXAMPLES = {
  french: [["AS TH QC", ""], ["10H", "= TH"], ["A♠ q♡", "= AS QH"]],
  spanish: [["6E CE 7O", ""], ["1O SB RC", "one, sota, rey"], ["10O 11B 12C", "= SO CB RC"]],
  italian: [["1D FS RB", ""], ["CC", "cavallo"], ["8D 9C 10S", "= FD CC RS"]],
};

const st = {
  games: [],          // games() as `solitario games --json` prints it
  g: null,            // the entry of the game on the table
  rules: {}, seed: null, deal: [], moves: [], redo: [],
  view: null,         // position() for st.moves
  hint: null,         // hint() for st.moves, once the search is done
  sel: null,          // the place chosen as a move's source
  refocus: null,      // a move chosen by its target: its source, focused after it when the keyboard was on the table
  showHint: false,    // the hint's move is marked on the table
  lost: 0,            // review: the move after which the game was lost
  busy: false,        // a position() is being asked; input waits
};
let searchCtl = null, lineOn = false, ticket = 0;

// ---------- messages ----------
// The message line says what went wrong (showError: an illegal move, a
// malformed deal, red) or, in a quieter blue, what the page did for the
// person that they did not ask for in so many words (showNote: a file's
// game chosen, the first of a file's deals opened): in red, a note read as
// a failure. An error stays until closed or the next action; a note goes
// by itself after #error's data-note-ms (index.html), or at the next click
// or key anywhere but on it: left up, it covered a phone's palette or
// legend until closed (found by a new user).
let noteTimer = 0;
function showMessage(msg, kind) {
  clearTimeout(noteTimer);
  $("error-text").textContent = pageText(String(msg && msg.message ? msg.message : msg));
  $("error").dataset.kind = kind;
  $("error").setAttribute("role", kind === "note" ? "status" : "alert");
  $("error").hidden = false;
  if (kind === "note") noteTimer = setTimeout(clearNote, +$("error").dataset.noteMs || 6000);
}
function showError(msg) { showMessage(msg, "error"); }
function showNote(msg) { showMessage(msg, "note"); }
function clearNote() { if ($("error").dataset.kind === "note") clearError(); }
for (const ev of ["pointerdown", "keydown"]) {
  document.addEventListener(ev, (e) => {
    if (!$("error").contains(e.target) && !["Tab", "Shift", "Control", "Alt", "Meta"].includes(e.key)) clearNote();
  }, true);
}
// pageText is an engine's text without the repository's paths it cites
// for the CLI's reader ("(docs/reloj.md, "Next pass")"): a page's reader
// has no repository to look in. A path that a sentence is about keeps its
// file's name ("(docs/spec/RULES.md, "Solutions (JSON)", lists the
// fields)", past the first pattern's reach for its inner parenthesis, left
// "(, " with the path cut out; found by a new user).
const pageText = (s) => s.replace(/\s*\((?:see )?docs\/[^()]*\)/g, "").replace(/\(docs\/(?:[\w.*-]+\/)*([\w.*-]+)/g, "($1").replace(/[;,]?\s*docs\/[\w./*-]+/g, "");
function clearError() { clearTimeout(noteTimer); $("error").hidden = true; $("error-text").textContent = ""; }
$("error-close").onclick = clearError;
// Each action a person takes clears the message of an earlier one as it
// starts (one that fails shows its own): a message left from before reads
// as this action's failure.

// ---------- requests ----------
// seedProblem is what is wrong with the seed s (typed, or in the
// address), in the CLI's words (--seed), or "" for a seed.
const MAX_SEED = "18446744073709551615";
function seedProblem(s) {
  if (s === "") return `seed: the box is empty: type a seed, a decimal number from 0 to ${MAX_SEED}, or press Random`;
  if (/^\d+$/.test(s) && BigInt(s) <= BigInt(MAX_SEED)) return "";
  return `seed ${JSON.stringify(s)}: not a seed: want a decimal number from 0 to ${MAX_SEED}`;
}
// seedValue is the seed as the module takes it: a number while exact, else
// the decimal string.
function seedValue(s) { return Number.isSafeInteger(Number(s)) ? Number(s) : String(s); }
function request(game, moves, extra) {
  const r = { game: game.game, rules: game.rules, moves };
  if (game.seed != null) r.seed = seedValue(game.seed);
  else r.deal = game.deal;
  return Object.assign(r, extra || {});
}
// Numbers typed in are refused, not bent, with the CLI's wording
// (cli/flagerrors.go, solution.ParsePasses): "abc", "", "-5", "1.5" or
// "1e30" never become 0 (= unlimited). whole is the value of a decimal
// whole number from 0 to max, else null.
const MAX_INT = "9223372036854775807";
function whole(s, max = Number.MAX_SAFE_INTEGER) {
  s = String(s).trim();
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) && n <= max ? n : null;
}
// fieldMsg shows msg beside the input, after its label's words (none:
// clears it).
function fieldMsg(input, msg) {
  const at = input.closest("label") || input;
  let m = at.nextElementSibling;
  if (!m || !m.classList.contains("field-msg")) {
    m = document.createElement("span");
    m.className = "field-msg";
    m.setAttribute("role", "alert");
    at.after(m);
  }
  m.textContent = msg || "";
  m.hidden = !msg;
  input.setAttribute("aria-invalid", msg ? "true" : "false");
}
// limits is the search limit typed in, or null (and the fields say why,
// as limitsWrong does for the verdict and the review).
function limits() {
  const mi = $("max-nodes"), ti = $("timeout");
  const n = whole(mi.value), t = whole(ti.value, 1 << 30);
  const sn = mi.value.trim(), stx = ti.value.trim();
  // A whole number refused is one past the maximum: said so, with it.
  fieldMsg(mi, n != null ? "" : /^-\d+$/.test(sn) ? `--max-nodes ${sn}: must be 0 (no limit) or more` :
    /^\d+$/.test(sn) ? `--max-nodes ${sn}: too large: at most ${Number.MAX_SAFE_INTEGER} nodes; 0 is no limit` :
      `--max-nodes ${JSON.stringify(sn)}: want a whole number, 0 (no limit) or more`);
  fieldMsg(ti, t != null ? "" : /^\d+$/.test(stx) ? `--timeout ${stx}: too large: at most ${1 << 30} seconds (34 years); 0 is none` :
    `--timeout ${JSON.stringify(stx)}: want a whole number of seconds, 0 (none) or more`);
  if (n == null || t == null) return null;
  const l = { max_nodes: n };
  if (t > 0) l.timeout_ms = t * 1000;
  return l;
}
// limitsWrong is what limits() found wrong, as its fields say it, for a
// message elsewhere (the verdict named no field: "not a number" for -3).
const limitsWrong = () => "under Rules & limit, " + ["max-nodes", "timeout"].map((id) => $(id).closest("label").nextElementSibling)
  .filter((m) => m && m.classList.contains("field-msg") && !m.hidden).map((m) => m.textContent).join("; ");
// noSearch is what says, after what (Hint, Play the line), that the limits
// typed in start no search, in the verdict's words; "" when they do (the
// hint waited for a search that was never asked).
const noSearch = (what) => (limits() ? "" : `${what}: no search: ${limitsWrong()}.`);
const current = () => ({ game: st.g.name, rules: st.rules, seed: st.seed, deal: st.deal });

// ---------- loading a game ----------
// setGame asks position() for game (a {game, rules, seed, deal}) and moves;
// only when it answers does the page take them: on a rejection the message
// is shown and the board stays as it was.
async function setGame(game, moves, redo, opts = {}) {
  const my = ++ticket;
  if (!opts.line) stopLine();
  st.busy = true;
  // The search of the table's verdict gives way at once (searched again
  // if the new position is refused), and the new one is asked as soon as
  // the position is answered, not once the table is drawn: the engine
  // runs it while the page draws (asked with the position, it would run
  // first and hold the table back).
  const stopped = searchCtl;
  if (stopped) { stopped.abort(); searchCtl = null; $("stop").hidden = true; }
  let view;
  try {
    view = await S.position(request(game, moves));
  } catch (e) {
    if (my !== ticket) return false;
    st.busy = false;
    showError(e);
    if (stopped && !searchCtl) verdict();
    return false;
  }
  if (my !== ticket) return false;
  // A deal the address asked for, the address moved on meanwhile (back or
  // forward again): the newer address deals its own; this one must not
  // write its address over the newer one's history entry (it did, before
  // that entry's hashchange ran: two quick backs ended one step short).
  if (opts.at != null && location.hash !== opts.at) {
    st.busy = false;
    if (stopped && !searchCtl) verdict();
    return false;
  }
  const lim = opts.known || view.won ? null : limits();
  const search = lim ? startSearch(request(game, moves, lim)) : null;
  st.busy = false;
  const newGame = !st.g || st.g.name !== game.game;
  const newDeal = newGame || st.deal.join() !== game.deal.join() ||
    JSON.stringify(st.rules) !== JSON.stringify(game.rules);
  const sameMoves = !newDeal && st.moves.length === moves.length && st.moves.every((m, i) => same(m, moves[i]));
  if (opts.push) keepEntry(); // the entry left keeps the game as it stands
  st.g = st.games.find((x) => x.name === game.game);
  Object.assign(st, { rules: game.rules, seed: game.seed, deal: game.deal, moves, redo, view, sel: null, showHint: false });
  if (game.seed == null) $("seed").value = ""; // an entered deal has no seed: the box keeps none
  writeAddress(opts.push);
  keepEntry();
  // The review's words and its mark are of the moves reviewed: other moves
  // (a move, an undo, a redo, another game) clear them; the same moves (a
  // reload, a rule that keeps the deal) keep them. The export shown follows
  // the game: the game's JSON is written again for these moves, the deal
  // file cleared with another deal (downloaded, it would be another game).
  if (!sameMoves) { st.lost = 0; $("review-text").textContent = ""; }
  if (newDeal) clearExport();
  else if (exported && exported.game) exportGame();
  keep();
  clearError();
  syncControls(); // the game box, and with it the editor's entry (chooseGame)
  draw();
  verdict(opts.known, search);
  return true;
}

function play(move) {
  stopLine();
  if (!st.view || st.busy) return;
  const moves = st.moves.concat([move]);
  const redo = st.redo.length && same(st.redo[st.redo.length - 1], move) ? st.redo.slice(0, -1) : [];
  return setGame(current(), moves, redo);
}
const same = (a, b) => a.from === b.from && a.to === b.to && (a.card || "") === (b.card || "");
function undo() { if (st.moves.length && !st.busy) setGame(current(), st.moves.slice(0, -1), st.redo.concat([st.moves[st.moves.length - 1]])); }
function redo() { if (st.redo.length && !st.busy) setGame(current(), st.moves.concat([st.redo[st.redo.length - 1]]), st.redo.slice(0, -1)); }
// goTo steps back (or forward along redo) to n moves played.
function goTo(n) {
  const all = st.moves.concat(st.redo.slice().reverse());
  if (n < 0 || n > all.length || n === st.moves.length) return;
  setGame(current(), all.slice(0, n), all.slice(n).reverse());
}

// dealSeed deals game name's seed (under the rules on the table when it is
// the same game). fromStart: the page's first deal may be start()'s, asked
// ahead. at: the address that asked for it (fromAddress), or that was the
// page's when the game box, Deal or Random asked for it (push); once the address is
// another, the deal is dropped (the newer address deals its own). push:
// the deal gets a history entry of its own (writeAddress).
let ahead = null;
async function dealSeed(name, seed, fromStart, at, push, entry) {
  const g = st.games.find((x) => x.name === name);
  const rules = st.g && st.g.name === name ? st.rules : undefined;
  const early = fromStart && !rules && ahead && ahead.name === name && ahead.seed === seed ? ahead.deal : null;
  ahead = null;
  try {
    const d = await (early || S.deal(Object.assign({ game: name, seed: seedValue(seed) }, rules ? { rules } : {})));
    if (at != null && location.hash !== at) return false; // the address moved on (setGame's opts.at)
    // The seed as the engine reads it, 007 as 7: the title, the deal file
    // and the exported JSON (where 007 is no number) write it.
    const game = { game: g.name, rules: d.rules, seed: BigInt(seed).toString(), deal: d.deal };
    // The moves the history entry kept (entry), played again: refused
    // (another engine's moves), the deal as dealt.
    if (entry && await setGame(game, entry.moves, entry.redo, { at, push })) return true;
    if (at != null && location.hash !== at) return false;
    return setGame(game, [], [], { at, push });
  } catch (e) { showError(e); return false; }
}

// keepEntry writes the game on the table, a seed's (game, seed, moves,
// redo), into the history entry it is on (replaceState, the address as
// it is), after each change and before a new entry is pushed: Back or
// Forward to the entry plays its moves again (fromAddress, entryKept),
// where the address alone has only the seed (Back to a deal left after 2
// moves showed it with none; found by a new user). A deal entered has no
// address to come back to: its entry keeps nothing. A bookmark or an
// address typed is a new entry, with nothing kept: the deal as dealt.
function keepEntry() {
  const e = st.g && st.seed != null ? { game: st.g.name, seed: st.seed, moves: st.moves, redo: st.redo } : null;
  try { history.replaceState(e && { board: e }, ""); } catch { /* not kept */ }
}
// entryKept is what keepEntry wrote in the history entry the page is on,
// when it is of game name's seed; or null.
function entryKept(name, seed) {
  const e = history.state && history.state.board;
  const same = (a, b) => { try { return BigInt(a) === BigInt(b); } catch { return false; } };
  if (!e || e.game !== name || !same(e.seed, seed) || !Array.isArray(e.moves)) return null;
  return { moves: e.moves, redo: Array.isArray(e.redo) ? e.redo : [] };
}

// writeAddress names the deal on the table in the address, #reloj/7, as
// fromAddress reads it: a bookmark or a reload opens the same deal (a
// seed's deal is the same under any rules). A deal entered or pasted has
// no seed: the address names none, or a reload would open another deal.
// replaceState: the address follows the table without a history entry
// each, and without a hashchange, which would deal it again; but a game
// chosen in the game box, or a seed dealt by Deal or Random, is a new entry
// (push; pushState, no hashchange either): Back returns to the deal before
// it (it skipped it; found by new users). A deal entered has no address to
// come back to: the next one replaces it.
function writeAddress(push) {
  const want = st.seed != null ? `#${st.g.name}/${st.seed}` : "";
  if (location.hash !== want) history[push ? "pushState" : "replaceState"](null, "", want || location.pathname + location.search);
}
// address is the page's address after its # (#reloj/7: "reloj/7"),
// decoded; one with a bad %-escape (#reloj/7%, #%ZZ: decodeURIComponent
// throws, and the page stayed at "loading the solver…") is its text as
// typed, and bad says why: fromAddress says it as an address not understood.
function address() {
  const raw = location.hash.slice(1);
  try { return { hash: decodeURIComponent(raw), bad: "" }; } catch {
    const m = raw.match(/%(?![0-9a-f]{2})[^%]{0,2}/i);
    return { hash: raw, bad: m ? `${JSON.stringify(m[0])} is no %-escape (a % then two hex digits, as %20 for a space)` : "its %-escapes are no UTF-8 text" };
  }
}

// ---------- the game kept for a reload ----------
// keep writes the game on the table (game, rules, seed or deal, moves,
// redo, the review's words and the move it marks lost) and the editor's
// entries (the game chosen's, game and toks; every other game's, byGame,
// its tokens by its name; the panel open) to the tab's sessionStorage,
// after each change: a reload of the tab opens it again (fromKept), moves
// and all, where the address alone has only the seed, and each game's
// entry comes back with its game. A line being played ("Play the line")
// is not: a reload stops it, as any other action does, at the move it
// reached (kept); its rest is searched again there, not taken from storage
// as winnable unsearched. Storage refused (a private window's quota):
// nothing is kept. Before the first game is on the table the page is
// reading what was kept: nothing is written over it.
const KEPT = "solitario board";
function keep() {
  if (!st.g) return;
  const byGame = {};
  for (const [name, k] of Object.entries(ed.byGame)) if (k.toks.length) byGame[name] = k.toks;
  const o = { editor: { game: ed.game, toks: ed.toks, byGame, open: !$("editor-panel").hidden } };
  Object.assign(o, { game: st.g.name, rules: st.rules, seed: st.seed, deal: st.deal, moves: st.moves, redo: st.redo });
  if (!searchingReview()) Object.assign(o, { review: $("review-text").textContent, lost: st.lost });
  try { sessionStorage.setItem(KEPT, JSON.stringify(o)); } catch { /* not kept */ }
}
// kept is what keep wrote before the page was loaded, or null.
function kept() {
  try { return JSON.parse(sessionStorage.getItem(KEPT)); } catch { return null; }
}
// fromKept opens the game k kept when the address names it (#reloj/7), or
// names none and k is a deal entered (which has no seed): another address
// wins, as a bookmark's or a typed one. True when it opened it.
async function fromKept(k) {
  if (!k || !k.game || !st.games.some((x) => x.name === k.game) || !Array.isArray(k.deal) || !Array.isArray(k.moves)) return false;
  const { hash } = address();
  if (hash !== (k.seed != null ? `${k.game}/${k.seed}` : "")) return false;
  chooseGame(k.game);
  if (!(await setGame({ game: k.game, rules: k.rules, seed: k.seed, deal: k.deal }, k.moves, Array.isArray(k.redo) ? k.redo : []))) return false;
  if (typeof k.review === "string" && k.review) {
    $("review-text").textContent = k.review;
    st.lost = Number.isInteger(k.lost) && k.lost > 0 && k.lost <= st.moves.length ? k.lost : 0;
    drawMoves();
    keep();
  }
  return true;
}
// keptEntries puts back the editor's entries k kept, each game's, before
// a game is chosen: chooseGame then takes the chosen game's own. The page
// before this one kept only the entry of the game chosen ({game, toks},
// no byGame): it is read as such. True when the editor was open.
function keptEntries(k) {
  const e = k && k.editor;
  if (!e || typeof e !== "object") return false;
  const all = Object.assign({}, e.byGame, { [e.game]: e.toks });
  for (const x of st.games) {
    const toks = all[x.name];
    if (Array.isArray(toks) && toks.length) ed.byGame[x.name] = { toks: toks.map(String), from: "" };
  }
  return e.open === true;
}

// ---------- the verdict, searched in the background ----------
// startSearch asks hint() for req; its progress is shown once verdict()
// has taken it as the current search.
function startSearch(req) {
  const ctl = new AbortController();
  const t0 = performance.now();
  const promise = S.hint(req, {
    signal: ctl.signal,
    // Stop is shown with the progress: a search long enough to report it
    // (one answered at once shows neither).
    onProgress: (p) => { if (searchCtl === ctl) { $("progress").textContent = searched(p.nodes, p.elapsed_ms ?? performance.now() - t0); $("stop").hidden = false; } },
  });
  promise.catch(() => {}); // an abort before verdict() takes it
  return { ctl, promise, limits: JSON.stringify([req.max_nodes, req.timeout_ms]) };
}

// verdict shows the verdict of the position on the table: known (the rest
// of a winning line), or search's answer (startSearch, as setGame asks it
// beside the position; none given: asked now).
function verdict(known, search) {
  if (searchCtl) searchCtl.abort();
  searchCtl = null;
  $("stop").hidden = true;
  st.hint = null;
  $("hint-text").textContent = "";
  $("verdict-why").textContent = "";
  delete $("hint-text").dataset.from;
  delete $("hint-text").dataset.choice;
  const v = $("verdict");
  if (search && (st.view.won || known)) search.ctl.abort();
  if (st.view.won) {
    v.dataset.result = "won"; v.textContent = "Won!"; $("progress").textContent = "";
    syncControls();
    return;
  }
  if (known) { // the rest of a winning line: winnable, no search needed
    st.hint = known;
    showVerdict(known);
    return;
  }
  // The limits are read again: changed while the position was asked, the
  // search asked with it is not this one's.
  const lim = limits();
  if (search && (!lim || JSON.stringify([lim.max_nodes, lim.timeout_ms]) !== search.limits)) { search.ctl.abort(); search = null; }
  if (!search && lim) search = startSearch(request(current(), st.moves, lim));
  if (!search) {
    v.dataset.result = "error"; v.textContent = `No search: ${limitsWrong()}.`;
    $("progress").textContent = "";
    // A line waiting for the search, or a hint shown, says there is none.
    if (lineOn === "waiting") { stopLine(); st.showHint = true; }
    if (st.showHint) $("hint-text").textContent = noSearch("Hint");
    syncControls();
    return;
  }
  const { ctl } = search;
  searchCtl = ctl;
  v.dataset.result = "searching"; v.textContent = "Searching…";
  $("progress").textContent = "";
  search.promise.then((h) => {
    if (searchCtl !== ctl) return;
    searchCtl = null;
    $("stop").hidden = true;
    st.hint = h;
    showVerdict(h);
    if (lineOn === "waiting") { stopLine(); playLine(); }
  }, (e) => {
    if (searchCtl !== ctl || (e && e.name === "AbortError")) return;
    stopLine();
    searchCtl = null;
    $("stop").hidden = true;
    v.dataset.result = "error"; v.textContent = "No verdict: the search failed.";
    $("progress").textContent = "";
    showError(e);
  });
  syncControls();
}

// Stop ends the search under way (one with no limit runs until a move
// or this): the verdict is unknown, said stopped; the progress line keeps
// how far it got.
$("stop").onclick = () => {
  if (!searchCtl) return;
  searchCtl.abort();
  searchCtl = null;
  $("stop").hidden = true;
  st.hint = { result: "unknown", stopped: true };
  if (lineOn === "waiting") { stopLine(); st.showHint = true; } // no line: the hint's line says why
  const v = $("verdict");
  v.dataset.result = "unknown"; v.textContent = "Unknown: stopped.";
  $("verdict-why").textContent = "Stopped before a verdict: a move or a new limit searches again.";
  if (st.showHint) markHint();
  syncControls();
};

function showVerdict(h) {
  const v = $("verdict");
  performance.mark("board: verdict shown");
  v.dataset.result = h.result;
  const n = h.moves ? h.moves.length : 0;
  if (h.won) { v.dataset.result = "won"; v.textContent = "Won!"; }
  else if (h.result === "winnable") v.textContent = `Winnable: a win in ${n} ${n === 1 ? "move" : "moves"} from here.`;
  else if (h.result === "unwinnable") v.textContent = "Cannot be won from here.";
  else v.textContent = "Unknown within the search limit.";
  // The verdict is one line (on a phone it stays in sight at the top); why,
  // under it, scrolls with the page.
  $("verdict-why").textContent = h.won || h.result === "winnable" ? "" : h.result === "unwinnable" ?
    "Why: " + (h.reason ? pageText(h.reason) : "every line was searched") + "." :
    "The search stopped at its limit" + (h.reason ? ` (${pageText(h.reason)})` : "") + ": raise it under Rules & limit.";
  const s = h.stats || {};
  // A line's rest is known, not searched: said so in words true while
  // the line plays and once it is stopped.
  $("progress").textContent = h.fromLine ? "the rest of the winning line found: no search needed" :
    s.nodes != null ? searched(s.nodes, s.elapsed_ms || 0) : "";
  if (st.showHint) markHint();
  syncControls();
}
// fmt writes a count with thousands' commas, 179,699, as toLocaleString("en-US")
// would; the first toLocaleString of a page loads the browser's locale
// data, 50-300 ms of the page's thread, and the first call came during the
// first answer's search (its progress), on the same two cores.
const fmt = (n) => String(Number(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
// searched is a search's size and time, as the verdict's line says them.
const searched = (nodes, ms) => `${fmt(nodes)} ${Number(nodes) === 1 ? "position" : "positions"} searched, ${(ms / 1000).toFixed(1)} s`;

// ---------- hint, the line, review ----------
// On a phone the hint's line floats at the window's foot (board.css): its
// height lifts the message over it.
new ResizeObserver(() => document.body.style.setProperty("--hint-h", $("hint-text").offsetHeight + "px")).observe($("hint-text"));
function hint() {
  if (!st.view || st.view.won) return;
  clearError();
  st.showHint = true;
  if (!st.hint) { $("hint-text").textContent = noSearch("Hint") || "Hint: waiting for the search…"; return; }
  markHint();
}
function markHint() {
  const h = st.hint;
  document.querySelectorAll(".hint-from, .hint-to").forEach((e) => e.classList.remove("hint-from", "hint-to"));
  if (!h || !h.next) { $("hint-text").textContent = "Hint: " + noLine(h); return; }
  const ht = $("hint-text");
  ht.textContent = "Hint: " + (h.next_text || moveText(h.next));
  Object.assign(ht.dataset, { from: h.next.from, to: h.next.to, card: h.next.card || "" });
  // The French clock's card in hand is marked there, not on the pile it came from.
  const from = placeEl(h.next.card && topOf("hand") === h.next.card ? "hand" : h.next.from), to = placeEl(h.next.to);
  if (from) from.classList.add("hint-from");
  if (to) to.classList.add("hint-to");
}
// noLine is why the search h (or none) gives no line to play, as Hint and
// Play the line say it after their name.
const noLine = (h) => h && h.result === "unwinnable" ? "no move wins from here." : h && h.stopped ? "none (the search was stopped)." : "none (the search found no winning line within the limit).";
function moveText(m) { return `${m.from.replace(":", " ")} ${m.card || ""} -> ${m.to.replace(":", " ")}`.replace("  ", " "); }

// playLine plays the winning line one move a step, from one press (key p
// or its button): with the search under way it waits for it (lineOn
// "waiting") and plays as it answers (verdict); it asked for the hint
// first, a second press to play (found by a new user). No winning line:
// the hint's line says why, after "Play the line:" (key p on a lost deal,
// its button disabled, said "Hint: no move wins from here."). Any other
// action stops it.
async function playLine() {
  if (lineOn) { stopLine(); return; }
  clearError();
  if (!st.view || st.view.won) return;
  const no = !st.hint && noSearch("Play the line");
  if (no) { $("hint-text").textContent = no; return; }
  if (!st.hint && searchCtl) {
    lineOn = "waiting";
    $("line").textContent = "Stop the line";
    $("hint-text").textContent = "Play the line: waiting for the search…";
    return;
  }
  if (!st.hint || !st.hint.next || st.hint.result !== "winnable") {
    if (!st.hint) { hint(); return; }
    $("hint-text").textContent = "Play the line: " + noLine(st.hint);
    return;
  }
  const rest = st.hint.moves.slice();
  lineOn = true;
  $("line").textContent = "Stop the line";
  while (lineOn && rest.length) {
    const m = rest.shift();
    const left = rest.slice();
    const known = left.length ? { result: "winnable", next: left[0], moves: left, fromLine: true } : null;
    const ok = await setGame(current(), st.moves.concat([m]), [], { known, line: true });
    if (!ok || st.view.won || !left.length) break;
    await new Promise((r) => setTimeout(r, 700));
  }
  stopLine();
}
function stopLine() {
  if (lineOn === "waiting" && !st.showHint) $("hint-text").textContent = "";
  lineOn = false;
  $("line").textContent = "Play the line";
}

// searchingReview: the review's line says a search is under way (not kept:
// after a reload none is).
const searchingReview = () => $("review-text").textContent === "Review: searching…";
async function review() {
  clearError();
  if (!st.moves.length) { $("review-text").textContent = "Review: play some moves first."; return; }
  const moves = st.moves, my = ticket, lim = limits();
  if (!lim) { $("review-text").textContent = `Review: no search: ${limitsWrong()}.`; return; }
  $("review-text").textContent = "Review: searching…";
  try {
    const r = await S.review(request(current(), moves, lim));
    if (my !== ticket) return;
    st.lost = 0;
    let t;
    switch (r.result) {
    case "lost-at":
      st.lost = r.move;
      t = `Review: move ${r.move} (${st.view.steps[r.move].text}) lost the game: it could be won before it, not after.`;
      break;
    case "never": t = "Review: this deal could never be won."; break;
    case "stayed-winnable": t = st.view.won ? "Review: winnable to the end: the moves played win the game." : "Review: the game is still winnable after every move played."; break;
    default: t = `Review: unknown within the limit` + (r.from != null ? `: still winnable after move ${r.from}` : "") +
      (r.to != null ? `, lost by move ${r.to}` : "") + ".";
    }
    $("review-text").textContent = t;
    drawMoves();
    keep();
  } catch (e) { if (my === ticket) { $("review-text").textContent = ""; showError(e); } }
}

// ---------- the table ----------
// layout says where each place of g lies (its top-left corner, in table
// units) and how its cards spread: "stack", "down" or "right" (fanned, in
// room units at most), "arc" (Il Ventaglio's twelve slots). longest is
// the most cards a pile fanned down holds now: Il Ventaglio's piles get
// the room they need, not the most they may (on a phone a table a screen
// tall put the move lists two screens down).
function layout(game, narrow, longest) {
  const P = {};
  let w, h, foot = false;
  switch (game) {
  case "ventaglio": {
    if (narrow) { // a phone: the arc in two rows of six, the rest in rows below
      const col = (k) => 8 + k * 62;
      P.arc = { x: col(0), y: 24, fan: "arc6", w: 6 * 62 - 6, h: 2 * (H + 10) + 8, label: "arc (the outlined card is free)" };
      ["reserve", "stock", "waste", "f1", "f2", "f3"].forEach((n, i) => { P[n] = { x: col(i), y: 24 + 2 * (H + 10) + 34, fan: "stack" }; });
      ["f4", "f5", "f6", "f7", "f8"].forEach((n, i) => { P[n] = { x: col(i + 1), y: 24 + 3 * (H + 10) + 58, fan: "stack" }; });
      const py = 24 + 4 * (H + 10) + 82, room = Math.max(H + 3 * 30, Math.min(390, H + 30 * (longest - 1)));
      [0, 1.66, 3.33, 5].forEach((c, i) => { P["p" + (i + 1)] = { x: col(c), y: py, fan: "down", room }; });
      w = col(6) + 2; h = py + room + 10;
      break;
    }
    const col = (k) => 10 + k * 62;
    P.arc = { x: col(0), y: 26, fan: "arc", w: 12 * 62 - 6, h: H + 18, label: "arc (the outlined card is free)" };
    P.reserve = { x: col(0), y: 150, fan: "stack" };
    for (let i = 1; i <= 8; i++) P["f" + i] = { x: col(i + 1), y: 150, fan: "stack" };
    P.stock = { x: col(10), y: 150, fan: "stack" };
    P.waste = { x: col(11), y: 150, fan: "stack" };
    // The green under p1..p4 is the room their longest fan takes (three
    // cards at least), growing with it up to 390: it was 390 from the
    // deal, 390 px of empty green and the page scrolled at 1366x768
    // (found by a new user).
    const room = Math.max(H + 2 * 30, Math.min(390, H + 30 * (longest - 1)));
    [1, 4, 7, 10].forEach((c, i) => { P["p" + (i + 1)] = { x: col(c), y: 262, fan: "down", room, label: "p" + (i + 1) }; });
    w = col(12) + 4; h = 262 + room + 12;
    break;
  }
  case "reloj": {
    // The circle as a racetrack, so that no pile's fan reaches another:
    // piles 1..5 left to right on top, 6..R right to left below (R beside
    // 1, 6 beside 5), the stock and the waste between.
    const pitch = narrow ? 64 : 100, x0 = narrow ? 8 : 24, room = 80 + 3 * 26;
    const yb = 24 + room + 40 + H + 34;
    for (let r = 0; r < 10; r++) {
      const col = r < 5 ? r : 9 - r;
      P["pile:" + RANKS.spanish[r]] = { x: x0 + col * pitch, y: r < 5 ? 24 : yb, fan: "down", room, always: true };
    }
    P.stock = { x: x0 + 1 * pitch + (narrow ? 0 : 30), y: 24 + room + 34, fan: "stack" };
    P.waste = { x: x0 + 3 * pitch - (narrow ? 0 : 30), y: 24 + room + 34, fan: "stack" };
    // On a phone the green ends under the lowest place as it is now
    // (draw: foot), not under the room its fan may take (100 px of empty
    // green under the deal; found by a new user).
    w = x0 + 4 * pitch + W + x0; h = yb + room + 12; foot = narrow;
    break;
  }
  case "sietes": {
    const cells = [[0, 0], [0, 1], [0, 2], [0, 3], [1, 3], [2, 3], [3, 3], [3, 2], [3, 1], [3, 0], [2, 0], [1, 0]];
    const at = (rc) => ({ x: 14 + rc[1] * 78, y: 26 + rc[0] * 104, fan: "stack" });
    cells.forEach((rc, i) => { P["frame:" + (i + 1)] = at(rc); });
    "OCEB".split("").forEach((s, i) => { P["found:" + s] = at([1 + (i >> 1), 1 + (i & 1)]); });
    P.stock = { x: 14 + 4 * 78 + 20, y: 26, fan: "stack" };
    P.waste = { x: 14 + 4 * 78 + 20, y: 130, fan: "stack" };
    w = 14 + 4 * 78 + 20 + W + 14; h = 26 + 4 * 104 - 10;
    break;
  }
  case "orologio":
  case "orologio52": {
    // Each hour has a cell wide enough for its four face-up cards fanned
    // right with their rank and suit showing (25 units apart, beside the
    // face-down stack), its fan centred in it (mid: a fan from the cell's
    // left put the clock left of the table's centre, 100 units of green on
    // its right; found by a new user): on a desktop the twelve cells ring
    // the centre, 12 at the top, clockwise; on a phone they run in two
    // columns, the centre below. The centre's two places stand under the
    // middles of the middle two cells, half a cell either side of the
    // table's middle.
    const CW = narrow ? 186 : 160, RH = narrow ? 104 : 116, x0 = 8, y0 = 24; // a phone's rows closer: the table fits its window
    const cell = narrow ? (i) => [Math.floor((i - 1) / 2), (i - 1) % 2]
      : (i) => [[0, 0], [0, 1], [0, 2], [0, 3], [1, 3], [2, 3], [3, 3], [3, 2], [3, 1], [3, 0], [2, 0], [1, 0]][(i + 1) % 12];
    for (let i = 1; i <= 12; i++) {
      const [r, c] = cell(i);
      P["hour:" + i] = { x: x0 + c * CW, y: y0 + r * RH, fan: "right", room: CW - 10, step: 25, always: true, mid: true };
    }
    w = x0 + (narrow ? 2 : 4) * CW - 2;
    const cy = narrow ? y0 + 6 * RH : y0 + RH + (2 * RH - H) / 2 - 8, left = w / 2 - CW / 2, right = w / 2 + CW / 2;
    if (game === "orologio") {
      P.well = { x: left - W / 2, y: cy, fan: "stack" };
      P.stock = { x: right - W / 2, y: cy, fan: "stack" };
    } else {
      P.centre = { x: left - (CW - 10) / 2, y: cy, fan: "right", room: CW - 10, step: 25, label: "centre (kings)", mid: true };
      P.hand = { x: right - W / 2, y: cy, fan: "stack", label: "in hand" };
    }
    h = (narrow ? cy + RH : y0 + 4 * RH) - 10;
    break;
  }
  default: w = 800; h = 400;
  }
  return { places: P, w, h, foot };
}

const placeEl = (name) => [...document.querySelectorAll("#table .place")].find((e) => e.dataset.place === name);
const suitOf = (tok) => SUITS[st.g.deck][tok[1]];
const rankText = (tok) => st.g.deck === "french" && tok[0] === "T" ? "10" : tok[0];
const svgUse = (cls, deckName, suit) => `<svg class="${cls}" aria-hidden="true"><use href="#${deckName}-${suit}"/></svg>`;
function cardHTML(tok, x, y, extra) {
  const [suitName, colour] = suitOf(tok) || ["?", "black"];
  return `<div class="card ${colour}${extra || ""}" data-card="${tok}" title="${tok}: ${suitName}" style="left:${x}px;top:${y}px">` +
    `<span class="rank${tok[0] === "T" && st.g.deck === "french" ? " ten" : ""}">${rankText(tok)}</span>${svgUse("small", st.g.deck, tok[1])}` +
    `${svgUse("idx", st.g.deck, tok[1])}${svgUse("pip", st.g.deck, tok[1])}</div>`;
}

// A legal move starts from its place (from); the French clock's card in
// hand is moved "from" the pile it was taken from, and may be picked up
// from the hand too.
function topOf(name) {
  const p = st.view.steps[st.view.steps.length - 1].position.places.find((x) => x.name === name);
  const c = p && p.cards || [];
  return name === "arc" ? c[0] : c[c.length - 1];
}
const movesFrom = (name) => {
  const top = name === "hand" && topOf(name);
  return st.view.legal.filter((l) => l.move.from === name || (top && l.move.card === top));
};
const sources = () => {
  const s = new Set(st.view.legal.map((l) => l.move.from));
  for (const p of st.view.steps[st.view.steps.length - 1].position.places) if (movesFrom(p.name).length) s.add(p.name);
  return s;
};

function draw() {
  const g = st.g, view = st.view;
  // The table's column is as wide as the table at its largest (fit's
  // 1.25), no wider: the side panel stands beside it, not across a gap.
  // Measured on the wide layout, or a narrow table would keep its column
  // narrow when the window grows. Set before the width is read: read
  // first, it was the last game's column (Il Ventaglio's table fitted to
  // Del reloj's narrower one, 300 px of empty column beside it; found by a
  // new user).
  $("tablewrap").parentElement.style.setProperty("--table-most", Math.ceil(layout(g.name, false, 0).w * MOST) + "px");
  const width = $("scaler").clientWidth, narrow = width < 520;
  const pos = view.steps[view.steps.length - 1].position;
  const L = layout(g.name, narrow, Math.max(0, ...pos.places.map((p) => /^p\d$/.test(p.name) && p.cards ? p.cards.length : 0)));
  st.narrow = narrow;
  const last = view.steps[view.steps.length - 1].move;
  const have = new Map(pos.places.map((p) => [p.name, p]));
  const names = pos.places.map((p) => p.name);
  for (const [name, l] of Object.entries(L.places)) if (l.always && !have.has(name)) names.push(name);
  const src = sources();
  let html = "", low = 0; // the lowest place's foot
  names.forEach((name, i) => {
    const p = have.get(name) || { name, cards: [], under: 0 };
    const l = L.places[name] || { x: 10 + i * 62, y: L.h - H - 10, fan: "stack" };
    const cards = p.cards || [], under = p.under || 0;
    let step = 0, pw = l.w || W, ph = l.h || H;
    if (l.fan === "down") { step = Math.min(30, cards.length > 1 ? (l.room - H) / (cards.length - 1) : 30); ph = H + step * Math.max(0, cards.length - 1); }
    const shift = l.fan === "right" && under > 0 && cards.length > 0 ? 20 : 0;
    const most = l.step || 22; // units between fanned cards at most
    if (l.fan === "right") { step = Math.min(most, cards.length > 1 ? (l.room - W - shift) / (cards.length - 1) : most); pw = W + shift + step * Math.max(0, cards.length - 1); }
    const x = l.mid ? l.x + (l.room - pw) / 2 : l.x; // a fan centred in its room
    low = Math.max(low, l.y + ph);
    // The card moved last, if here: its ring reaches up to the place's
    // label, which rises clear of it (board.css).
    const moved = last && last.to === name && cards.length > 0 && cards[cards.length - 1] === last.card ? cards.length - 1 : -1;
    let inner = `<span class="label">${esc(l.label || name.replace(":", " "))}</span>`;
    if (cards.length === 0 && !l.fan.startsWith("arc")) inner += under > 0 ? `<div class="back"></div><span class="count">${under}</span>` : `<div class="slot"></div>`;
    if (shift) inner += `<div class="back"></div><span class="under" style="left:-8px;right:auto;bottom:auto;top:-8px" title="${under} face down">${under}</span>`;
    cards.forEach((tok, k) => {
      let x = 0, y = 0, extra = "";
      if (l.fan === "arc") {
        const slot = 12 - cards.length + k; // the arc empties from the left
        x = slot * 62; y = 16 - 16 * Math.sin(Math.PI * (slot + 0.5) / 12);
        if (k === 0) extra += " free";
      } else if (l.fan === "arc6") {
        const slot = 12 - cards.length + k;
        x = (slot % 6) * 62; y = Math.floor(slot / 6) * (H + 18);
        if (k === 0) extra += " free";
      } else if (l.fan === "down") y = k * step;
      else if (l.fan === "right") x = shift + k * step;
      if (k === moved) extra += " moved";
      inner += cardHTML(tok, Math.round(x), Math.round(y), extra);
    });
    if (under > 0 && cards.length > 0 && !shift) inner += `<span class="under" title="${under} more under">+${under}</span>`;
    const can = src.has(name);
    // Under is face down (the stock, the reserve) or covered (a foundation).
    const nc = (k) => `${k} ${k === 1 ? "card" : "cards"}`;
    const aria = `${name.replace(":", " ")}: ` + (cards.length ? cards.join(" ") + (under ? `, ${nc(under)} under` : "") : under ? `${nc(under)} face down` : "empty");
    html += `<div class="place fan-${l.fan}${can ? " can" : ""}${moved >= 0 ? " holds-moved" : ""}" data-place="${esc(name)}" data-under="${under}" tabindex="-1" role="button" aria-label="${esc(aria)}" ` +
      `style="left:${Math.round(x)}px;top:${Math.round(l.y)}px;width:${Math.round(pw)}px;height:${Math.round(ph)}px">${inner}<div class="hit"></div></div>`;
  });
  const t = $("table");
  // The place with the keyboard's focus is drawn anew: the focus goes to
  // the new one of the same name (it fell to the page's body, and a second
  // Enter on the stock did nothing).
  const ae = document.activeElement, focused = ae && t.contains(ae) && ae.closest(".place") ? ae.closest(".place").dataset.place : null;
  t.innerHTML = html;
  t.style.width = L.w + "px"; t.style.height = (L.foot ? Math.ceil(low) + 12 : L.h) + "px";
  t.classList.toggle("narrow", narrow);
  fit(width);
  focusable();
  // A move made on the table goes back to where it came from, when more
  // moves start there: Enter on the stock, then on the place its card
  // goes, and the stock is focused for the next card.
  const back = st.refocus && src.has(st.refocus) ? st.refocus : null;
  st.refocus = null;
  if (focused != null) {
    const p = placeEl(back || focused) || t.querySelector('.place[tabindex="0"]');
    if (p) p.focus({ preventScroll: true });
  }
  $("title").textContent = `${g.title}` + (st.seed != null ? `, seed ${st.seed}` : ", a deal entered") +
    ` · ${st.moves.length} ${st.moves.length === 1 ? "move" : "moves"} played`;
  $("rules-text").textContent = rulesText();
  // The marks on the table are named beside the suits: the last move's
  // card is outlined, which a new user took for a selection.
  $("legend").innerHTML = "<b>" + g.deck + " suits:</b>" + Object.entries(SUITS[g.deck]).map(([s, [nm, c]]) =>
    `<span class="chip-legend card-legend ${c}">${svgUse("", g.deck, s)} ${s} = ${nm}</span>`).join("") +
    `<span data-mark="moved"><span class="swatch moved"></span> the card moved last</span>`;
  drawLegal();
  drawMoves();
  if (st.showHint && st.hint) markHint(); // a redraw (a resize) keeps the hint marked
}
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
function rulesText() {
  const e = Object.entries(st.rules || {});
  return e.length ? "rules: " + e.map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`).join(", ") : "no choices: the deal decides";
}

const MOST = 1.25; // the table's largest scale
// fit scales the table to the width it has: width, the box's, when the
// caller has it (draw reads it before it changes the table, so that it
// makes the browser lay out the page once, not once for the width and again
// for the new table).
function fit(width) {
  const t = $("table"), box = $("scaler");
  const w = parseFloat(t.style.width) || 1, h = parseFloat(t.style.height) || 1;
  const s = Math.min(MOST, (width ?? box.clientWidth) / w);
  t.style.transform = `scale(${s})`;
  box.style.height = Math.ceil(h * s) + "px";
  st.scale = s;
  st.fitted = width ?? box.clientWidth;
}
// The table is fitted again whenever its box's width changes: the window's,
// or a scroll bar's coming or going as a panel opens or closes (no resize
// event: the table kept its width, clipped or short of its column).
new ResizeObserver(() => {
  const w = $("scaler").clientWidth;
  if (!st.view || w === st.fitted) return;
  if ((w < 520) !== st.narrow) draw(); else fit(w);
}).observe($("scaler"));

// focusable lets Tab reach the places a move starts from, or, with a source
// chosen, the places it may go to.
function focusable() {
  const sel = st.sel;
  // The stock's choice cancelled: its instruction goes, a hint shown comes back.
  const ht = $("hint-text");
  if (!sel && ht.dataset.choice) {
    delete ht.dataset.choice;
    ht.textContent = "";
    if (st.showHint && st.hint) markHint();
  }
  const targets = sel ? new Set(movesFrom(sel).map((l) => l.move.to)) : null;
  // The stock chosen, its next card drawn (it fits more than one place,
  // and the player chooses): the card is shown face up on the stock while
  // the choice is open, as a player holds it up; a choice cancelled puts
  // it back face down.
  // A screen reader is told the card shown, not "face down" (draw's label
  // comes back with the choice cancelled).
  document.querySelectorAll("#table .card.drawn").forEach((e) => e.remove());
  const drawn = sel === "stock" && movesFrom(sel).map((l) => l.move.card).find(Boolean);
  const stock = placeEl("stock");
  if (stock) {
    stock.dataset.aria ??= stock.getAttribute("aria-label");
    const rest = +stock.dataset.under - 1, places = new Set(movesFrom("stock").map((l) => l.move.to)).size;
    stock.setAttribute("aria-label", drawn ? `stock: ${drawn} drawn, face up, to go to one of ${places} places; ${rest} ${rest === 1 ? "card" : "cards"} face down under it` : stock.dataset.aria);
  }
  if (drawn) stock.insertAdjacentHTML("beforeend", cardHTML(drawn, 0, 0, " drawn"));
  const src = sources();
  document.querySelectorAll("#table .place").forEach((e) => {
    const n = e.dataset.place;
    const on = targets ? targets.has(n) || n === sel : src.has(n);
    e.tabIndex = on ? 0 : -1;
    e.classList.toggle("sel", n === sel);
    e.classList.toggle("target", !!targets && targets.has(n));
  });
}

function drawLegal() {
  const ol = $("legal");
  // A legal move played with the keyboard: the focus stays in the list,
  // on the button in the same row (it fell to the page's body).
  const at = [...ol.querySelectorAll("button")].indexOf(document.activeElement);
  ol.innerHTML = "";
  // No move: a sentence under the heading, not a numbered item like a move.
  const none = $("legal-none");
  none.hidden = st.view.legal.length > 0;
  none.textContent = st.view.won ? "None: the game is won." : `None: the game is over (${st.view.end}).`;
  ol.hidden = !none.hidden;
  if (!none.hidden) return;
  st.view.legal.forEach((l, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = l.text;
    b.dataset.from = l.move.from; b.dataset.to = l.move.to; b.dataset.card = l.move.card || "";
    if (i < 9) b.title = `key ${i + 1}`;
    b.onclick = () => play(l.move);
    li.appendChild(b);
    ol.appendChild(li);
  });
  const bs = ol.querySelectorAll("button");
  if (at >= 0 && bs.length) bs[Math.min(at, bs.length - 1)].focus({ preventScroll: true });
}

function drawMoves() {
  const ol = $("moves");
  ol.innerHTML = "";
  ol.dataset.played = st.moves.length;
  const li0 = document.createElement("li");
  li0.value = 0;
  li0.textContent = "the deal";
  li0.dataset.n = 0;
  ol.appendChild(li0);
  st.view.steps.slice(1).forEach((s) => {
    const li = document.createElement("li");
    li.dataset.n = s.n;
    li.textContent = s.text;
    if (s.n === st.lost) li.classList.add("lost");
    ol.appendChild(li);
  });
  st.redo.slice().reverse().forEach((m, i) => {
    const li = document.createElement("li");
    li.dataset.n = st.moves.length + i + 1;
    li.className = "redo";
    li.textContent = moveText(m) + " (undone)";
    ol.appendChild(li);
  });
  const cur = ol.querySelector(`li[data-n="${st.moves.length}"]`);
  if (cur) { // keep the current move in sight inside the list, never scrolling the page
    cur.classList.add("current");
    // Measured in the next frame, when the browser lays out the page
    // anyway: measured now, it would lay it out a second time, as costly
    // as the first (a table of 40 cards: 0.1-0.6 s on a busy machine).
    requestAnimationFrame(() => {
      if (!cur.isConnected) return;
      if (cur.offsetTop < ol.scrollTop || cur.offsetTop + cur.offsetHeight > ol.scrollTop + ol.clientHeight) ol.scrollTop = cur.offsetTop - ol.clientHeight / 2;
    });
  }
}
$("moves").onclick = (e) => { const li = e.target.closest("li[data-n]"); if (li) goTo(+li.dataset.n); };

// ---------- clicking, dragging, keys on the table ----------
function choose(name) {
  if (!st.view || st.busy) return;
  clearError();
  if (st.sel) {
    if (name === st.sel) { st.sel = null; focusable(); return; }
    const m = movesFrom(st.sel).filter((l) => l.move.to === name);
    if (m.length) { st.refocus = st.sel; play(m[0].move); return; }
  }
  const from = movesFrom(name);
  if (!from.length) {
    st.sel = null;
    focusable();
    // The stock clicked empty redeals (the waste turned over) when that is
    // legal, as a person expects of a click on the stock; any other click
    // that moves nothing says why (it did nothing, said nothing).
    const redeal = name === "stock" ? st.view.legal.filter((l) => l.move.from === "waste" && l.move.to === "stock") : [];
    if (redeal.length) { play(redeal[0].move); return; }
    const p = st.view.steps[st.view.steps.length - 1].position.places.find((x) => x.name === name) || {};
    const card = topOf(name), nm = name.replace(":", " ");
    showError(card ? `${card} has no legal move.` : p.under ? `${nm} has no legal move.` : `${nm} is empty: click a card first, then the place it goes to.`);
    return;
  }
  const to = new Set(from.map((l) => l.move.to));
  if (to.size === 1 && from.length === 1) { play(from[0].move); return; }
  st.sel = name;
  focusable();
  // A card drawn face down that fits more than one place: say which it is,
  // or a click on the stock would seem to do nothing.
  if (name === "stock" && from[0].move.card) {
    $("hint-text").textContent = `The stock's card is ${from[0].move.card}: it can go to ${to.size} places, outlined in blue. Click one (the stock again, or Esc: put it back).`;
    $("hint-text").dataset.choice = "stock";
  }
  const first = document.querySelector("#table .place.target");
  if (document.activeElement && document.activeElement.closest && document.activeElement.closest("#table") && first) first.focus();
}

let drag = null;
$("table").addEventListener("pointerdown", (e) => {
  const p = e.target.closest(".place");
  if (!p || e.button > 0) return;
  drag = { name: p.dataset.place, x: e.clientX, y: e.clientY, ghost: null, id: e.pointerId, el: p };
});
window.addEventListener("pointermove", (e) => {
  if (!drag || e.pointerId !== drag.id || drag.stuck) return;
  if (!drag.ghost) {
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 8) return;
    // A card without a move is not lifted; let go, it is said as a click
    // on it is (a drag of it said nothing; found by a new user).
    if (!movesFrom(drag.name).length) { drag.stuck = true; return; }
    const cards = drag.el.querySelectorAll(".card");
    const top = drag.name === "arc" ? cards[0] : cards[cards.length - 1];
    const g = (top || drag.el.querySelector(".back, .slot")).cloneNode(true);
    g.classList.add("ghost");
    g.style.transform = `scale(${st.scale})`;
    document.body.appendChild(g);
    drag.ghost = g;
    st.sel = drag.name;
    focusable();
  }
  drag.ghost.style.left = e.clientX - 20 + "px";
  drag.ghost.style.top = e.clientY - 20 + "px";
});
window.addEventListener("pointerup", (e) => {
  if (!drag || e.pointerId !== drag.id) return;
  const d = drag;
  drag = null;
  if (d.stuck) { if (!st.sel) choose(d.name); return; }
  if (!d.ghost) { choose(d.name); return; }
  d.ghost.remove();
  const under = document.elementFromPoint(e.clientX, e.clientY);
  const p = under && under.closest("#table .place");
  const from = movesFrom(d.name), m = p ? from.filter((l) => l.move.to === p.dataset.place) : [];
  if (m.length) { play(m[0].move); return; }
  st.sel = null;
  focusable();
  // Dropped on another place where no move goes: say so (it did nothing),
  // as the page says what it refuses, gone with the next action (the
  // hint's purple line read as a hint).
  if (p && p.dataset.place !== d.name) {
    const nm = (n) => n.replace(":", " "), card = from[0].move.card, to = [...new Set(from.map((l) => nm(l.move.to)))];
    showError(`Not a legal move: ${card ? card + " from " : ""}${nm(d.name)} cannot go to ${nm(p.dataset.place)}` +
      ` (it can go to ${to.join(", ")}).`);
  }
});
window.addEventListener("pointercancel", () => { if (drag && drag.ghost) drag.ghost.remove(); drag = null; });

$("table").addEventListener("keydown", (e) => {
  const p = e.target.closest(".place");
  if (p && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); e.stopPropagation(); choose(p.dataset.place); }
});
document.addEventListener("keydown", (e) => {
  const tag = e.target.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || e.ctrlKey || e.metaKey || e.altKey) return;
  if (!st.view) return;
  const k = e.key;
  if (/^[1-9]$/.test(k)) { const l = st.view.legal[+k - 1]; if (l) { e.preventDefault(); play(l.move); } return; }
  const act = { u: undo, z: undo, r: redo, y: redo, h: hint, p: playLine, Escape: () => { stopLine(); st.sel = null; focusable(); } }[k];
  if (act) { e.preventDefault(); act(); }
});

// ---------- buttons ----------
$("undo").onclick = undo;
$("redo").onclick = redo;
$("hint").onclick = hint;
$("line").onclick = playLine;
$("review").onclick = review;
function syncControls() {
  $("undo").disabled = !st.moves.length;
  $("redo").disabled = !st.redo.length;
  // The arrows and Redo's count are marked out for board.css: a window
  // 700 to 1200 px wide drops the arrows, and the count is a badge on the
  // button's corner, so that the five buttons keep one row.
  $("undo").innerHTML = '<span class="arrow">\u21B6 </span>Undo';
  $("redo").innerHTML = 'Redo<span class="arrow"> \u21B7</span>' + (st.redo.length ? `<span class="n">${st.redo.length}</span>` : "");
  if (st.redo.length) $("redo").setAttribute("aria-label", `Redo (${st.redo.length} undone)`); else $("redo").removeAttribute("aria-label");
  const over = !st.view || st.view.won;
  $("hint").disabled = over;
  $("line").disabled = over || (!lineOn && !!st.hint && st.hint.result !== "winnable");
  $("review").disabled = !st.moves.length;
  if (st.g) { chooseGame(st.g.name); if (st.seed != null) $("seed").value = st.seed; }
  drawRuleOptions();
}

document.querySelectorAll("button.toggle").forEach((b) => {
  b.onclick = () => {
    const p = $(b.dataset.panel);
    p.hidden = !p.hidden;
    b.setAttribute("aria-expanded", String(!p.hidden));
    if (!p.hidden) { const f = p.querySelector("textarea:not([readonly]), input, select, button"); if (f) f.focus(); }
    if (b.dataset.panel === "editor-panel") { if (!p.hidden) editorCheck(); else keep(); }
  };
});

$("dealform").onsubmit = (e) => {
  e.preventDefault();
  clearError();
  const seed = $("seed").value.trim(), why = seedProblem(seed);
  if (why) { showError(why); $("seed").focus(); return; }
  dealSeed($("game").value, seed, false, location.hash, !!location.hash); // a history entry, as for the game box
};
$("randombtn").onclick = () => {
  clearError();
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  const seed = String(a[0] % 1000000);
  $("seed").value = seed;
  dealSeed($("game").value, seed, false, location.hash, !!location.hash);
};
// chooseGame sets the game box to game now; every change of the game goes
// through it (the box, setGame for an address, a file opened, back and
// forward), so that the editor's entry is always ed.game's, the box's.
// Each game's entry is its own: a deal half-entered for one deck is put
// aside, not read again under another's (Del reloj's 4C taken as a French
// club, its 1O refused by Il Ventaglio), and comes back with its game.
function chooseGame(now) {
  $("game").value = now;
  if (ed.game === now) return;
  if (ed.game) ed.byGame[ed.game] = { toks: ed.toks, from: $("ed-from").textContent };
  const k = ed.byGame[now] || { toks: [], from: "" };
  delete ed.byGame[now];
  ed.toks = k.toks; $("ed-from").textContent = k.from; ed.sel = -1; ed.ins = false;
  ed.cleared = null; $("ed-unclear").hidden = true; // what Clear took was the other game's
  ed.game = now;
  ed.checked++; // a check under way is of the entry put aside: not drawn
  if (!$("editor-panel").hidden) editorCheck(); else keep(); // (folded, it is checked when unfolded)
}
$("game").onchange = () => {
  clearError();
  chooseGame($("game").value);
  const seed = $("seed").value.trim();
  // A new history entry when the address names the deal left (a deal
  // entered has none to come back to).
  dealSeed($("game").value, seedProblem(seed) ? "1" : seed, false, location.hash, !!location.hash); // no seed to keep (a deal entered): the game's first
};

// ---------- rules and limits ----------
// The rule options in a player's words (RULES.md's), each value's after
// the value itself; the CLI's flag follows the words, small, in monospace.
const RULE_WORDS = {
  play: ["A drawn card that fits", { forced: "must be placed", free: "may go to the waste" }],
  passes: ["Passes through the stock (0 = unlimited)"],
  "provisional-wrap": ["Provisional bases wrap (K and A neighbours)"],
  "empty-provisional": ["An emptied provisional base", { fill: "takes any card that fits there", never: "stays empty" }],
};
// A rule option of games(): flag "provisional-wrap" is the rules object's
// key "provisional_wrap"; its type is the default's.
function drawRuleOptions() {
  const box = $("rules-opts");
  if (!st.g) return;
  const key = box.dataset.for;
  const want = st.g.name + JSON.stringify(st.rules);
  if (key === want) return;
  box.dataset.for = want;
  box.innerHTML = "";
  if (!st.g.options.length) { box.innerHTML = `<span class="note">${esc(st.g.title)} has no options: the deal decides everything.</span>`; return; }
  st.g.options.forEach((o) => {
    const k = o.flag.replace(/-/g, "_");
    const cur = st.rules[k] ?? st.g.defaults[k];
    const lab = document.createElement("label");
    lab.title = o.doc;
    const [words, valueWords] = RULE_WORDS[o.flag] || [o.flag];
    const flag = document.createElement("code");
    flag.className = "flag";
    flag.textContent = "--" + o.flag;
    lab.append(words + " ", flag, " ");
    let input;
    if (o.values) {
      input = document.createElement("select");
      o.values.forEach((v) => {
        const op = document.createElement("option");
        op.value = v;
        op.textContent = valueWords && valueWords[v] ? `${v}: ${valueWords[v]}` : v;
        input.appendChild(op);
      });
      input.value = cur;
    } else if (typeof st.g.defaults[k] === "boolean") {
      // The box before its words, on their first line (after them, its
      // 32 px of height sat it above or below them).
      input = document.createElement("input"); input.type = "checkbox"; input.checked = !!cur;
      const words = document.createElement("span");
      words.append(...lab.childNodes);
      lab.append(input, words);
      lab.className = "check";
    } else {
      // text, not number: a number input shows "abc" but reads it as "".
      input = document.createElement("input"); input.inputMode = "numeric"; input.value = cur; input.style.width = "5em";
    }
    input.dataset.key = k;
    input.id = "rule-" + k;
    input.onchange = () => setRule(k, input);
    if (input.parentNode !== lab) lab.appendChild(input);
    box.appendChild(lab);
    fieldMsg(input, "");
  });
}
function setRule(k, input) {
  const def = st.g.defaults[k];
  let v = typeof def === "boolean" ? input.checked : input.value;
  if (typeof def === "number") {
    v = whole(input.value);
    const flag = "--" + k.replace(/_/g, "-");
    if (v == null) {
      // The CLI's words; beyond 2^53 a page's number would round.
      const big = /^\d+$/.test(input.value.trim()) && BigInt(input.value.trim()) <= BigInt(MAX_INT);
      fieldMsg(input, big ? `${flag} ${JSON.stringify(input.value.trim())}: too large: at most ${Number.MAX_SAFE_INTEGER} ${k.replace(/_/g, " ")} on the board; 0 is unlimited` :
        `${flag}${input.value.trim() ? " " + JSON.stringify(input.value.trim()) : ""}: must be a whole number from 0 (unlimited) to ${MAX_INT}`);
      return; // the rules stay as they were
    }
  }
  fieldMsg(input, "");
  const rules = Object.assign({}, st.rules, { [k]: v });
  setGame(Object.assign(current(), { rules }), st.moves, []).then((ok) => { if (!ok) { $("rules-opts").dataset.for = ""; drawRuleOptions(); } });
}
$("max-nodes").onchange = $("timeout").onchange = () => { if (st.view) verdict(); else limits(); };

// ---------- open: deal files and solution objects ----------
// dealTokens is the tokens of typed deal text (docs/notation.md, "Deal
// files": white space or commas between tokens, # to the end of a line a
// comment), for the editor; a whole deal file is read by the engine
// (dealFile), rules line included.
function dealTokens(text) {
  const toks = [];
  text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/).forEach((line) => {
    const c = line.indexOf("#");
    if (c >= 0) line = line.slice(0, c);
    // One push a token: spread (push(...)), a long line's tokens overflowed
    // the call stack (a 720 KB deal file: RangeError, nothing said).
    for (const tok of line.split(/[\s,]+/)) if (tok) toks.push(tok);
  });
  return toks;
}

// MAX_OPEN is the most bytes Open… takes, a file or text pasted: a deal
// file or a solution of this board is far less.
const MAX_OPEN = 1 << 20;
// file: the file (opened) the text was read from, or null (text pasted).
async function openText(text, file) {
  // Text pasted is held to what a file may be (the file input's limit).
  if (!file && text.length > MAX_OPEN / 3 && new Blob([text]).size > MAX_OPEN) { showError(`the text pasted is over 1 MiB, not a deal file or a solution of this board`); return false; }
  let t = text.replace(/^\uFEFF/, "").trim();
  if (!t) { showError("nothing to open: paste a deal file or a solution's JSON, or choose a file"); return false; }
  // Text that is JSON of any kind (null, true, 7, "1O", a list) is no deal
  // file: it is read as the CLI reads a solution file ("null" was read as
  // a deal file, its token refused as a card).
  let isJSON = false;
  if (t[0] !== "{" && t[0] !== "[") try { JSON.parse(t); isJSON = true; } catch { /* a deal file, or a move list */ }
  if (t[0] === "{" || t[0] === "[" || isJSON) {
    // A file of JSON lines, a solution object each (what gen writes, and
    // analyze --jsonl's lines): its first is opened, and said so.
    const lines = t.split(/\r\n|\r|\n/).filter((l) => l.trim());
    const several = lines.length > 1 && lines.every((l) => { try { const v = JSON.parse(l); return v !== null && typeof v === "object" && !Array.isArray(v); } catch { return false; } });
    if (several) {
      t = lines[0];
      const ok = await openText(t, null);
      if (ok) showNote(`${file ? file.name + ": " : ""}opened the first of ${lines.length} deals (the file holds one a line, as gen writes them)`);
      return ok;
    }
    let o;
    // Text that is no JSON: the engine says what and where, as the CLI
    // does (the browser's words were "Unexpected end of JSON input").
    try { o = JSON.parse(t); } catch (e) { showError(await S.deal(t).then(() => "the JSON cannot be read: " + e.message, (f) => f)); return false; }
    // The engine's words, the CLI's ("not a solution object: the file
    // holds JSON null").
    if (Array.isArray(o) || typeof o !== "object" || o === null) { showError(await S.deal(t).then(() => "the JSON is not a solution object (a game, its deal and its moves)", (f) => f)); return false; }
    const g = st.games.find((x) => x.name === o.game);
    if (!g) { showError(`solution: unknown game ${JSON.stringify(o.game)} (games: ${st.games.map((x) => x.name).join(", ")})`); return false; }
    if (!Array.isArray(o.deal) && o.seed == null) { showError('solution has no "deal"'); return false; }
    // The engine reads the text itself, as the CLI reads a solution file:
    // a seed written 1e3, 7.5, -1 or true, moves that are no move objects
    // are refused in the CLI's words (read here, 1e3 opened seed 1).
    try {
      const d = await S.deal(t);
      const seed = o.seed != null ? String(d.seed) : null;
      const was = st.g && st.g.name !== g.name ? st.g : null;
      const ok = await setGame({ game: g.name, rules: d.rules, seed, deal: d.deal }, Array.isArray(o.moves) ? o.moves : [], []);
      // Of another game: said, as a deal file's game is (it changed game
      // without a word; found by a new user).
      if (ok && was) showNote(`${file ? file.name + ": " : ""}${g.title} chosen (the solution's game; ${was.title} was).`);
      return ok;
    } catch (e) { showError(e); return false; }
  }
  if (isMoveList(t)) return openMoveList(t);
  let g = st.games.find((x) => x.name === $("game").value);
  const lines = t.split(/\r\n|\r|\n/), entered = ENTERED.test(lines[0]);
  // A deal file that names its game in its first comment lines, as this
  // board's Save and Export and the corpus's files do ("# Del reloj
  // (reloj), seed 5, …", "# Del reloj, seed 505, …"), is that game's: of
  // another game, that game is chosen, as the game box chooses it (read as
  // the game chosen, its tokens were refused as another deck's, or read as
  // another game's deal of the same deck).
  const named = fileGame(lines);
  let was = named && named.name !== g.name ? g : null;
  // A deal being entered, or a part of one, goes into the named game's
  // editor, that game chosen first (the seed in the box dealt).
  if (was && (entered || dealTokens(t).length < named.cards)) {
    chooseGame(named.name);
    const seed = $("seed").value.trim();
    if (!(await dealSeed(named.name, seedProblem(seed) ? "1" : seed))) return false;
    g = named;
    if (await openPartial(g, text, entered)) {
      $("ed-from").textContent = `${g.title} chosen (the file's game; ${was.title} was). ` + $("ed-from").textContent;
      return true;
    }
    was = null; // chosen already: its deal file's message says what is wrong
  } else if (await openPartial(g, text, entered)) return true;
  const read = (x) => S.dealFile(Object.assign({ game: x.name }, file ? { deal_file_name: file.name, deal_file_base64: file.bytes } : { deal_file: text }));
  let d = null, why = "the file's game";
  if (was) {
    try { d = await read(named); g = named; } catch { was = null; } // not its deal after all: read as the game chosen's
  }
  if (!d) {
    try { d = await read(g); } catch (e) {
      // A file that names no game, refused by the game chosen: the game
      // whose deck alone holds its cards is chosen (104 French cards are
      // Il Ventaglio's); two that take them (Del reloj and De los sietes,
      // one deck) are named for the person to choose.
      const fits = [];
      if (!named) for (const x of st.games) if (x !== g) { try { fits.push([x, await read(x)]); } catch { /* not this game's either */ } }
      if (fits.length !== 1) {
        showError(fits.length ? `${e.message || e} (the cards of a deal of ${fits.map(([x]) => x.title).join(" or ")}: choose its game above)` : e);
        return false;
      }
      was = g; [g, d] = fits[0]; why = "the only game of these cards";
    }
  }
  try {
    // The rules chosen under Rules & limit apply, as "Play this deal"
    // takes them: those changed from the game's defaults win over the
    // file's "# rules:" line, as solve --deal's rule flags do (a file's
    // line sets the others). The engine checks the rules so made.
    const mine = st.g && st.g.name === g.name ? Object.entries(st.rules).filter(([k, v]) => g.defaults[k] !== v) : [];
    const rules = Object.assign({}, d.rules, Object.fromEntries(mine));
    const e = mine.length ? await S.deal({ game: g.name, deal: d.deal, rules }) : d;
    const ok = await setGame({ game: g.name, rules: e.rules, seed: null, deal: e.deal }, [], []);
    if (ok && was) showNote(`${file ? file.name + ": " : ""}${g.title} chosen (${why}; ${was.title} was).`);
    return ok;
  } catch (e) { showError(e); return false; }
}
// fileGame is the game a deal file names at the start of a comment line
// before its first token, by its title or its name ("# Del reloj (reloj),
// seed 5", "# reloj, seed 1:"), or null.
function fileGame(lines) {
  for (const line of lines) {
    const l = line.trim();
    if (!l) continue;
    if (l[0] !== "#") return null;
    const c = l.slice(1).trim();
    const g = st.games.find((x) => [x.title, x.name].some((w) => c.startsWith(w) && !/^[\w'-]/.test(c.slice(w.length))));
    if (g) return g;
  }
  return null;
}
// openPartial takes a deal file that holds only part of a deal, every
// token a good card, back into the editor to go on with: it is no deal to
// lay out (RULES.md: a deal file holds exactly the game's cards; the CLI
// refuses it, missing cards named), but the cards entered are not lost.
// entered: the file's first line is the one the editor's Save writes of a
// deal being entered (ENTERED): then every token goes back, refused ones
// (not a card, a duplicate, one too many) too, marked as while typing; a
// deal file without that line that has a bad token is refused as the CLI
// refuses it. True when it opened the file.
async function openPartial(g, text, entered) {
  const toks = dealTokens(text).map((t) => t.toUpperCase()); // as edAdd takes them
  // Past the editor's bound (edPut's) the file is read as a deal file,
  // whose message names the count: thousands of tokens in a file said to
  // be a deal being entered made as many chips (found by a new user).
  if (!toks.length || (!entered && toks.length >= g.cards) || toks.length > 2 * g.cards) return false;
  let c;
  try { c = await S.checkDeal({ game: g.name, deal: toks }); } catch { return false; }
  const bad = new Set(c.problems.filter((p) => p.index > 0).map((p) => p.index)).size;
  if (bad && !entered) return false; // a bad token: the deal file's own message says it
  ed.toks = toks;
  foldEditor(false);
  $("ed-from").textContent = `Opened in the editor: the file held ${bad ? `${toks.length} tokens, ${toks.length - bad} of them good cards` : toks.length} of the ${g.cards} cards of a deal of ${g.title}, a deal being entered: ` +
    (bad ? "the refused tokens are marked: take them out (a click), then go on." : "go on with the cards after them.");
  await editorCheck();
  $("ed-input").focus();
  return true;
}
// isMoveList: the text is a move list in the CLI's notation (a move a
// line, "stock CE -> waste", numbered or not, as solve prints it), not a
// deal file: a line has an arrow.
const isMoveList = (t) => /->/.test(t);
// openMoveList plays a move list on the game and seed chosen above, as the
// panel says: a seed typed but not dealt yet is dealt for it (the list was
// played on the table's deal, another seed's). With the seed box empty it
// is played on the deal entered on the table. The list is read by the
// referee's own reader (moveText), which names a line that is no move or
// an illegal move by its line and number, in the CLI's words.
async function openMoveList(text) {
  if (!st.view) { showError("a move list needs its game and deal: choose the game and seed (Deal) first, then open the list"); return false; }
  const name = $("game").value, typed = $("seed").value.trim(), g = st.games.find((x) => x.name === name);
  let game;
  if (typed === "" && st.seed == null && st.g.name === name) game = current();
  else {
    const why = seedProblem(typed);
    if (why) { showError(`${why} (a move list is played on the game and seed chosen above)`); $("seed").focus(); return false; }
    const seed = BigInt(typed).toString();
    if (st.g.name === name && st.seed === seed) game = current();
    else {
      const rules = st.g.name === name ? st.rules : undefined;
      try {
        const d = await S.deal(Object.assign({ game: name, seed: seedValue(seed) }, rules ? { rules } : {}));
        game = { game: name, rules: d.rules, seed, deal: d.deal };
      } catch (e) { showError(e); return false; }
    }
  }
  const said = `${g.title}` + (game.seed != null ? `, seed ${game.seed}` : ", the deal entered");
  const head = /^\s*(\S+) seed (\d+)\b/m.exec(text);
  if (head && (head[1] !== name || head[2] !== String(game.seed))) {
    showError(`the move list is of ${head[1]} seed ${head[2]}, the game and seed chosen above are ${said}: choose game ${head[1]} and seed ${head[2]} (Deal) first, then open the list`);
    return false;
  }
  let read;
  try { read = await S.moveText(Object.assign(request(game, []), { move_text: text })); } catch (e) {
    showError(`${e.message || e} (the list is played on ${said}, the game and seed chosen above)`);
    return false;
  }
  return setGame(game, read.moves, []);
}
// opened is the file last chosen in the panel, {name, text, bytes (base64)}:
// while the text box holds its text, a deal file's messages name it by its
// name, as the CLI names the path it read (not "deal file"), and the engine
// reads its bytes as they are in the file, as the CLI does (its text in the
// box has each byte that is no UTF-8 made U+FFFD, and its line ends LF).
let opened = null;
$("open-btn").onclick = async () => { clearError(); if (await openText($("open-text").value, opened && opened.text === $("open-text").value ? opened : null)) { $("open-panel").hidden = true; document.querySelector('[data-panel="open-panel"]').setAttribute("aria-expanded", "false"); } };
$("open-file").onchange = async () => {
  const file = $("open-file").files[0];
  if (!file) return;
  $("open-file").value = ""; // the same file chosen again is a change again (it did nothing)
  if (file.size > MAX_OPEN) { showError(`${file.name}: over 1 MiB, not a deal file or a solution of this board`); return; }
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = "";
  for (let i = 0; i < bytes.length; i += 8192) bin += String.fromCharCode(...bytes.subarray(i, i + 8192));
  $("open-text").value = new TextDecoder().decode(bytes);
  opened = { name: file.name, text: $("open-text").value, bytes: btoa(bin) }; // text as the box holds it
  $("open-btn").click();
};

// ---------- export ----------
let exported = null;
// exportGame writes the game as JSON (docs/spec/RULES.md's format): a won
// game is a solution, "result": "winnable" and its winning moves; any
// other is a game in progress, with no "result" (no verdict of its own:
// the moves are where it stands, not a line), which verify, hint, review
// and show read as such.
function exportGame() {
  const won = st.view.won;
  const o = { game: st.g.name, rules: st.rules };
  if (st.seed != null) o.seed = "@SEED@";
  o.deal = st.deal;
  if (won) o.result = "winnable";
  o.moves = st.moves;
  let text = JSON.stringify(o);
  if (st.seed != null) text = text.replace('"@SEED@"', st.seed);
  setExport(text + "\n", true, `${st.g.name}${st.seed != null ? "-" + st.seed : ""}-${st.moves.length}moves.json`, "application/json",
    won ? `${st.moves.length} moves, won: a solution; solitario verify / show --solution FILE read it.` :
      `a game in progress, ${st.moves.length} ${st.moves.length === 1 ? "move" : "moves"} played: solitario hint / review / verify / show --solution FILE read it.`);
}
function dealFileText(game, toks, rules, seed) {
  const g = st.games.find((x) => x.name === game);
  const nondefault = Object.entries(rules || {}).filter(([k, v]) => g.defaults[k] !== v);
  let s = `# ${g.title} (${game})` + (seed != null ? `, seed ${seed}` : "") + ", in dealing order: " + dealingNote(game) + "\n";
  if (nondefault.length) s += "# rules: " + nondefault.map(([k, v]) => `${k.replace(/_/g, "-")}=${v}`).join(" ") + "\n";
  for (let i = 0; i < toks.length; i += 10) s += toks.slice(i, i + 10).join(" ") + "\n";
  return s;
}
function dealingNote(game) {
  return {
    ventaglio: "the arc a1..a12, the first base, p1..p4, the reserve (top first), then the stock (first drawn first)",
    reloj: "the first base, then the stock (first drawn first)",
    sietes: "the stock, first drawn first",
    orologio: "hours 1..12, then the stock (first drawn first)",
    orologio52: "card i to hour (i mod 12)+1, the last four the centre (its top last)",
  }[game] || "";
}
// game: text is the game's JSON (exportGame), else the deal file.
function setExport(text, game, name, type, note) {
  clearError();
  exported = { text, game, name, type };
  $("export-text").value = text;
  $("ex-note").textContent = note;
  $("ex-download").disabled = $("ex-copy").disabled = false;
}
// clearExport empties the export panel: a game exported before another
// deal was laid out would be downloaded as this one's.
function clearExport() {
  exported = null;
  $("export-text").value = "";
  $("ex-note").textContent = "";
  $("ex-download").disabled = $("ex-copy").disabled = true;
}
function download(text, name, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}
$("ex-game").onclick = () => { if (st.view) exportGame(); };
$("ex-deal").onclick = () => {
  if (!st.view) return;
  setExport(dealFileText(st.g.name, st.deal, st.rules, st.seed), false, `${st.g.name}${st.seed != null ? "-" + st.seed : ""}.deal`, "text/plain",
    "solitario solve --game " + st.g.name + " --deal FILE reads it.");
};
$("ex-download").onclick = () => { clearError(); if (exported) download(exported.text, exported.name, exported.type); };
$("ex-copy").onclick = async () => {
  clearError();
  try { await navigator.clipboard.writeText($("export-text").value); $("ex-note").textContent = "copied"; }
  catch { $("export-text").select(); document.execCommand("copy"); }
};

// ---------- the deal editor ----------
// The cards entered, as typed (an unknown token stays, so that the check
// names it), in dealing order; complete and good: the last check's (false
// and 0 while one is under way).
// sel: the entered card selected (a click on it), -1 for none: the next
// card picked or typed replaces it, or goes in before it (ins).
// game: the game of ed.toks, the one in the game box (chooseGame);
// byGame: the other games' entries, put aside when the game was changed.
const ed = { toks: [], checked: 0, complete: false, good: 0, last: null, sel: -1, ins: false, game: "", byGame: {}, cleared: null };
// ENTERED is the first line of a deal file the editor's Save writes of a
// deal being entered (not whole, or with refused tokens): Open… takes such
// a file back into the editor, every token.
const ENTERED = /^# a deal being entered:/;
// where says where dealing index i goes (RULES.md, each game's deal); a
// token past the deal's cards goes nowhere (Del reloj's 41st was "stock 40").
function where(game, i) {
  const g = st.games.find((x) => x.name === game);
  if (g && i >= g.cards) return "past the deal";
  switch (game) {
  case "ventaglio":
    if (i < 12) return "arc a" + (i + 1);
    if (i === 12) return "base f1";
    if (i < 17) return "p" + (i - 12);
    if (i < 29) return i === 17 ? "reserve top" : "reserve " + (i - 16);
    return "stock " + (i - 28);
  case "reloj": return i === 0 ? "first base" : "stock " + i;
  case "sietes": return "stock " + (i + 1);
  case "orologio":
    if (i < 12) return "hour " + (i + 1);
    return (i - 12) % 2 === 0 ? "to the well" : "turned up";
  case "orologio52": return i < 48 ? "hour " + ((i % 12) + 1) : i === 51 ? "centre top" : "centre";
  }
  return "";
}
// foldEditor folds the editor's panel (or unfolds it), as its button does.
function foldEditor(fold) {
  $("editor-panel").hidden = fold;
  document.querySelector('[data-panel="editor-panel"]').setAttribute("aria-expanded", String(!fold));
}
function edGame() { return st.games.find((x) => x.name === $("game").value); }
// edAdd enters the tokens of text; false when it refused them (too many).
function edAdd(text) {
  const toks = dealTokens(text);
  return !toks.length || edPut(toks.map((t) => t.toUpperCase())); // as the palette writes them (the engine reads any case)
}
// edPut enters toks: in place of the card selected, or before it (ed.ins),
// else after the last; the selection is let go and the deal checked again.
// An entry is held to twice the deal's cards, refused tokens counted (each
// holds its place): a whole deal typed in the wrong deck, every token
// refused, and the deal typed again after it still fit; 20,000 tokens
// pasted made 20,000 chips, a page 531,045 px tall (found by a new user).
// Past that the tokens are refused, one message, the entry as it was.
// False when refused.
function edPut(toks) {
  clearError();
  const g = edGame(), replace = ed.sel >= 0 && ed.sel < ed.toks.length && !ed.ins;
  if (g && ed.toks.length - replace + toks.length > 2 * g.cards) {
    const kept = ed.toks.length - replace;
    showError(`too many tokens: ${fmt(toks.length)} given${kept ? `, ${fmt(kept)} entered already` : ""}; a deal of ${g.title} has ${g.cards} cards (the editor holds at most ${2 * g.cards} tokens, refused ones too)`);
    return false;
  }
  // concat, not a spread: a text of 100,000 tokens overflows the stack.
  const at = ed.sel >= 0 && ed.sel < ed.toks.length ? ed.sel : ed.toks.length;
  ed.toks = ed.toks.slice(0, at).concat(toks, ed.toks.slice(ed.sel === at && !ed.ins ? at + 1 : at));
  ed.sel = -1; ed.ins = false;
  editorCheck();
  return true;
}
// edTakeOut takes entered card i out, the later ones moving up.
function edTakeOut(i) {
  clearError();
  ed.toks.splice(i, 1);
  ed.sel = -1; ed.ins = false;
  return editorCheck();
}
// drawSel marks the card selected and says what the next card does.
function drawSel() {
  const on = ed.sel >= 0 && ed.sel < ed.toks.length;
  if (!on) { ed.sel = -1; ed.ins = false; }
  [...$("ed-list").children].forEach((li, i) => { li.classList.toggle("sel", i === ed.sel); li.firstChild.setAttribute("aria-pressed", String(i === ed.sel)); });
  $("ed-back").textContent = on ? `Take out card ${ed.sel + 1}` : "Take out the last";
  $("ed-insert").hidden = !on;
  $("ed-insert").setAttribute("aria-pressed", String(ed.ins));
  $("ed-sel").textContent = on ? `Card ${ed.sel + 1} (${ed.toks[ed.sel]}) selected: the next card picked or typed ${ed.ins ? "goes in before it" : "replaces it"}. ` +
    "Delete or Take out removes it; Esc, or a click on it again, lets it go." : "";
}
// named is the first of the refused tokens (or their problems) that the
// editor names one by one: all of up to 8, else 5, the rest counted.
const named = (xs) => xs.length <= 8 ? xs : xs.slice(0, 5);
// editorCheck checks the cards entered and draws the editor; ed.last is
// its promise, which Save waits for (the file's first line says the check's
// counts).
function editorCheck() {
  if (ed.toks.length) ed.cleared = null; // a card entered: the cleared ones are gone
  $("ed-unclear").hidden = !ed.cleared;
  if (ed.cleared) $("ed-unclear").textContent = `Undo clear (${fmt(ed.cleared.toks.length)} ${ed.cleared.toks.length === 1 ? "token" : "tokens"})`;
  keep();
  return (ed.last = checkEditor());
}
// paletteCols lays each suit of the palette out as one group: in one row
// when it fits, else in the fewest rows of an even split that fit (a
// phone's ten Spanish cards wrapped 7 + 3, the sota, caballo and rey
// alone; found by a new user). Each column is as wide as its widest card.
function paletteCols() {
  const pal = $("ed-palette"), room = pal.clientWidth, gap = 3; // board.css
  if (!room) return; // folded: laid out when unfolded
  const rows = [...pal.children], widths = rows.map((r) => [...r.children].map((b) => b.offsetWidth));
  rows.forEach((r, i) => {
    const ws = widths[i], n = ws.length;
    let cols = n;
    for (let lines = 1; lines <= n; lines++) {
      cols = Math.ceil(n / lines);
      let need = gap * (cols - 1);
      for (let j = 0; j < cols; j++) need += Math.max(...ws.filter((_, k) => k % cols === j));
      if (need <= room) break;
    }
    r.style.setProperty("--cols", cols);
  });
}
new ResizeObserver(paletteCols).observe($("ed-palette"));
async function checkEditor() {
  const g = edGame();
  if (!g) return;
  $("ed-examples").innerHTML = EXAMPLES[g.deck].map(([t, what]) => `<code>${esc(t)}</code>` + (what ? ` (${esc(what)})` : "")).join(", ");
  const n = g.cards, my = ++ed.checked;
  const toks = ed.toks.slice();
  ed.complete = false; ed.good = 0;
  let c, palette;
  try {
    c = await S.checkDeal({ game: g.name, deal: toks });
    palette = await S.cards(g.name);
  } catch (e) { showError(e); return; }
  if (my !== ed.checked) return;
  // Each card as the engine reads it, canonical (11C is CC, 10o is SO):
  // the list and the palette's counts show what was entered, not how it
  // was typed (11C left CC enabled, and CC picked then was a duplicate).
  c.cards.forEach((k, i) => { if (k) ed.toks[i] = toks[i] = k; });
  // A problem at a token is shown at once; one of the whole deal (the
  // count, the cards missing) once every card is entered.
  const ps = c.problems.filter((p) => p.index > 0 || toks.length >= n);
  const bad = new Set(ps.filter((p) => p.index > 0).map((p) => p.index - 1));
  const list = $("ed-list");
  list.innerHTML = "";
  toks.forEach((t, i) => {
    const li = document.createElement("li");
    if (bad.has(i)) li.className = "bad";
    const b = document.createElement("button");
    b.type = "button";
    // A card's suit letter in its suit's colour, its sign after it: 1O
    // (one of oros) read as 10 in one colour. A token refused as another
    // deck's card is drawn as that deck's card, and named.
    const other = bad.has(i) && !c.cards[i] ? otherCard(g.deck, t) : null; // a duplicate is this deck's card
    const suit = t.length === 2 && (other ? other.suit : (!bad.has(i) || c.cards[i]) && SUITS[g.deck][t[1]]); // a duplicate too (1O read as 10)
    b.title = `card ${i + 1}: ${other ? other.text : t} (${where(g.name, i)}); click to select it: the next card replaces it`;
    b.innerHTML = `<span class="tok">${suit ? `${esc(t[0])}<span class="suit ${suit[1]}">${esc(t[1])}</span>${svgUse(suit[1], other ? other.deck : g.deck, t[1])}` : esc(t)}</span>` +
      `<span class="where">${i + 1} ${esc(where(g.name, i))}</span>`;
    if (suit) b.setAttribute("aria-label", `card ${i + 1}: ${other ? other.text + ", refused" : t + ", " + suit[0] + (bad.has(i) ? ", refused" : "")}, ${where(g.name, i)}`);
    b.onclick = () => { clearError(); ed.sel = ed.sel === i ? -1 : i; ed.ins = false; drawSel(); };
    b.onkeydown = (e) => {
      if (e.key === "Delete" || e.key === "Backspace") {
        e.preventDefault();
        edTakeOut(i).then(() => { const bs = $("ed-list").querySelectorAll("button"); if (bs.length) bs[Math.min(i, bs.length - 1)].focus(); else $("ed-input").focus(); });
      } else if (e.key === "Escape" && ed.sel >= 0) { e.preventDefault(); ed.sel = -1; drawSel(); }
    };
    li.appendChild(b);
    list.appendChild(li);
  });
  // The count left of each card of the palette.
  const count = new Map();
  toks.forEach((t, i) => { if (!bad.has(i)) count.set(t, (count.get(t) || 0) + 1); });
  const pal = $("ed-palette");
  pal.innerHTML = "";
  const byS = new Map();
  palette.cards.forEach((c) => { if (!byS.has(c[1])) byS.set(c[1], []); if (!byS.get(c[1]).includes(c)) byS.get(c[1]).push(c); });
  for (const [s, cs] of byS) {
    const row = document.createElement("div");
    row.className = "row";
    cs.forEach((c) => {
      const b = document.createElement("button");
      b.type = "button";
      const left = g.copies - (count.get(c) || 0);
      const [nm, colour] = SUITS[g.deck][s];
      b.className = "chip " + colour;
      b.dataset.card = c;
      b.disabled = left <= 0;
      b.title = `${c}: ${nm}`;
      b.setAttribute("aria-label", `${c} (${nm})` + (g.copies > 1 ? `, ${left} left` : ""));
      b.innerHTML = `${g.deck === "french" && c[0] === "T" ? "10" : c[0]}${svgUse("", g.deck, s)}` + (g.copies > 1 ? `<span class="left">${left}</span>` : "");
      b.onclick = () => edPut([c]);
      row.appendChild(b);
    });
    pal.appendChild(row);
  }
  paletteCols();
  const ul = $("ed-problems");
  ul.innerHTML = "";
  // Tokens beyond the deal's size that the engine let pass (a bad token
  // before them is left out of its count) are a problem too.
  // Tokens refused by the thousand (a paste) are named by the first few
  // and counted past them: a line for each was a page of red.
  const at = ps.filter((p) => p.index > 0);
  const msgs = named(at).map((p) => {
    const other = !c.cards[p.index - 1] && otherCard(g.deck, toks[p.index - 1]);
    return other ? p.message.replace(/^token \d+/, (w) => `${w} (${toks[p.index - 1]}, ${other.of})`) : p.message;
  });
  if (at.length > msgs.length) msgs.push(`and ${fmt(at.length - msgs.length)} more tokens refused, each marked in the list`);
  msgs.push(...ps.filter((p) => p.index === 0).map((p) => p.message));
  if (toks.length > n && !ps.some((p) => p.index > n)) msgs.push(`wrong count: ${toks.length} tokens, the deal has ${n} cards`);
  msgs.forEach((m) => { const li = document.createElement("li"); li.textContent = m; ul.appendChild(li); });
  const next = toks.length < n ? `; next: card ${toks.length + 1}, ${where(g.name, toks.length)}` : "";
  // Only good cards are counted; a refused token stays in the list, in its
  // place (the next card goes after it), until it is taken out: said so,
  // or "next: card 8" after one good card reads as a miscount.
  const out = [...bad].sort((a, b) => a - b).map((i) => i + 1), some = named(out);
  const notCounted = out.length === 1 ? `; token ${out[0]} refused: it holds its place until replaced or taken out (click it)` :
    out.length ? `; tokens ${some.join(", ")}${out.length > some.length ? ` and ${fmt(out.length - some.length)} more` : ""} refused: each holds its place until replaced or taken out (click it)` : "";
  // A complete deal says what comes next: the buttons are under the palette.
  $("ed-status").textContent = c.complete ? `${g.title}: all ${n} cards entered: Play this deal lays it out, Save as a deal file keeps it.` :
    `${g.title}: ${toks.length - bad.size} of ${n} cards entered${notCounted}${next}.`;
  ed.complete = c.complete; ed.good = toks.length - bad.size;
  drawSel();
  $("ed-play").disabled = !c.complete;
  $("ed-save").disabled = !toks.length; // an empty file would be saved
}
// Tokens refused as too many stay in the box, for the person to cut.
$("ed-add").onclick = () => { if (edAdd($("ed-input").value)) $("ed-input").value = ""; $("ed-input").focus(); };
$("ed-input").onkeydown = (e) => { if (e.key === "Enter") { e.preventDefault(); $("ed-add").click(); } };
$("ed-back").onclick = () => { if (ed.toks.length) edTakeOut(ed.sel >= 0 ? ed.sel : ed.toks.length - 1); };
$("ed-insert").onclick = () => { ed.ins = !ed.ins; drawSel(); };
$("ed-input").addEventListener("keydown", (e) => { if (e.key === "Escape" && ed.sel >= 0) { ed.sel = -1; drawSel(); } });
// Clear keeps what it took out until a card is entered again or the game
// changes: a whole deal went with one click, without a way back (found by
// a new user). Undo clear puts it back as it was.
$("ed-clear").onclick = () => {
  clearError();
  if (ed.toks.length) ed.cleared = { toks: ed.toks, from: $("ed-from").textContent };
  $("ed-from").textContent = ""; ed.toks = []; ed.sel = -1; editorCheck();
};
$("ed-unclear").onclick = () => {
  if (!ed.cleared) return;
  clearError();
  ed.toks = ed.cleared.toks; $("ed-from").textContent = ed.cleared.from; ed.sel = -1;
  editorCheck();
  $("ed-clear").focus();
};
$("ed-play").onclick = async () => {
  clearError();
  const g = edGame();
  try {
    const d = await S.deal({ game: g.name, deal: ed.toks, rules: st.g && st.g.name === g.name ? st.rules : g.defaults });
    if (await setGame({ game: g.name, rules: d.rules, seed: null, deal: d.deal }, [], [])) {
      foldEditor(true);
      keep();
    }
  } catch (e) { showError(e); }
};
// Save keeps the cards entered so far; a deal not yet whole, or with a
// refused token, is said to be one being entered, in the file (its first
// line, ENTERED) and its name: solitario refuses it as a deal, the board's
// Open… puts it back in the editor, every token.
$("ed-save").onclick = async () => {
  clearError();
  for (let p; p !== ed.last;) { p = ed.last; await p; }
  const g = edGame(), n = ed.toks.length, part = !ed.complete, bad = n - ed.good;
  let text = dealFileText(g.name, ed.toks, g.defaults, null);
  if (part) {
    text = `# a deal being entered: ${ed.good} of ${g.cards} cards` + (bad ? `, ${bad} refused ${bad === 1 ? "token" : "tokens"} kept in place` : "") +
      "; Open… on the solitario board takes it back into its editor\n" + text;
  }
  download(text, `${g.name}-entered${part ? `-${ed.good}of${g.cards}` : ""}.deal`, "text/plain");
};

// ---------- start ----------
// Until the solver is loaded the page says so (index.html's "loading the
// solver…"), and why when it fails: a slow load is seen, not an empty menu.
async function start() {
  // The deal the address names is asked beside the games (one round trip
  // to the engine, not two); fromAddress takes its answer.
  const [game, seed] = address().hash.split("/");
  if (/^\d+$/.test(seed || "1")) {
    const name = game || "reloj", req = { game: name, seed: seedValue(seed || "1") };
    ahead = { name, seed: seed || "1", deal: S.deal(req) };
    ahead.deal.catch(() => {}); // a game not known: fromAddress deals another
  }
  try {
    st.games = await S.games();
  } catch (e) {
    const msg = "the solver did not start: " + (e.message || e);
    $("verdict").dataset.result = "error"; $("verdict").textContent = msg;
    $("game").options[0].textContent = "(no solver)";
    showError(msg);
    return;
  }
  const sel = $("game");
  sel.innerHTML = "";
  // Each game by its title and its name (the address's, the CLI's); a
  // title with words in brackets takes the name in them: "Orologio (French,
  // classic Clock; orologio52)", the widest, sets the menu's width.
  st.games.forEach((g) => {
    const o = document.createElement("option");
    o.value = g.name;
    o.textContent = g.title.endsWith(")") ? `${g.title.slice(0, -1)}; ${g.name})` : `${g.title} (${g.name})`;
    sel.appendChild(o);
  });
  // The game kept by this tab before a reload, when the address is its.
  const k = kept(), open = keptEntries(k);
  if (!(await fromKept(k))) await fromAddress();
  if (open) { foldEditor(false); editorCheck(); }
  window.addEventListener("hashchange", fromAddress);
  document.body.dataset.ready = "1";
}
// fromAddress deals what the address names: index.html#reloj/42.
// An address not understood is said: on the page's first load with what
// was opened instead; with a game on the table (the address changed
// after), the game is kept, moves and all, and the address is its own
// again (a typo took the game in progress away for seed 1).
async function fromAddress() {
  const { hash, bad } = address();
  const parts = hash.split("/"), [game, seed] = parts;
  if (st.g && !game && !bad) return;
  // A game's name as the CLI takes it (--game), exactly: "Reloj" is
  // refused there too, in these words (games.Lookup's).
  const known = st.games.find((x) => x.name === game);
  const seedWhy = seed === undefined || seed === "" ? "" : seedProblem(seed);
  let why = "";
  if (bad) why = bad;
  else if (game && !known) why = `unknown game ${JSON.stringify(game)} (games: ${st.games.map((x) => x.name).join(", ")})`;
  else if (seedWhy) why = seedWhy;
  else if (seed === "" && st.g) why = "the seed is missing: it is #game/seed";
  else if (parts.length > 2) why = "it is #game/seed";
  if (why && st.g) {
    writeAddress();
    keepEntry(); // the entry typed is the game's now, moves and all
    showError(`The address #${hash} was not understood: ${why}; the game on the table is kept.`);
    return;
  }
  const g = known || st.games.find((x) => x.name === "reloj") || st.games[0];
  const s = seed && !seedWhy ? seed : "1";
  chooseGame(g.name);
  const ok = await dealSeed(g.name, s, true, location.hash, false, why ? null : entryKept(g.name, s));
  if (why && ok) showError(`The address #${hash} was not understood: ${why}; opened ${g.title}, seed ${s} instead.`);
}
start();
