// Package api is the one request/answer layer over the engine that the CLI,
// the board page (through the WebAssembly build, cmd/solitario-wasm) and any
// Go program share, so that the three cannot drift apart: a Request names a
// deal, the rules, the moves played and the search limits, and each entry
// point answers with exactly the object the matching command prints with
// --json (Deal: deal --json; Solve: solve --json, or solve --after … --json
// when moves are given; Hint: hint --json; Review: review --json; Games:
// games --json), or with the board's own objects (Position, Verify, Cards,
// CheckDeal).
//
// The rules are RULES.md's (docs/spec/RULES.md): each game's own section for
// the moves, "Deals from a seed" for the seed, "Solutions (JSON) and the
// move line" for the move objects, the rules object and the answers' keys.
// Every move given is replayed by the plain referee (package verify) before
// anything is searched, and every winning line returned has replayed
// through it to a win; Position's legal moves are each confirmed by it.
//
// # Data layout
//
// A Request is the game's name; the deal as a seed (Seed) or as tokens in
// dealing order (Deal, docs/notation.md); the rules object (nil: the game's
// defaults); the moves played, in RULES.md notation; the node limit (nil:
// the CLI's default, solver.DefaultMaxNodes; 0: none) and the time limit in
// milliseconds (0 or nil: none). Its JSON form (ParseRequest) has the keys
// game, seed (a number, or a decimal string: seeds go to 2^64-1, and
// JavaScript's numbers are exact to 2^53 only; any other string, "abc",
// "1.5", "-1" or "", is refused naming "seed"; a solution file the CLI reads
// writes its seed as a number), deal, rules, moves, max_nodes and
// timeout_ms (numbers only). A file's text (ParseText, Options.Text) is
// read as the CLI reads a solution file instead: its seed a number. Answers are plain structs with the
// CLI's JSON keys; Call runs an entry point by name on a JSON request and
// returns its answer as JSON, the CLI's --json bytes. An Engine holds the
// games table and, for each search under way, a workspace (transposition
// table, search buffers) that the next request reuses, reset as fresh: a
// caller with many requests (the WebAssembly build) keeps one and calls
// its methods; the package's functions make one per request.
//
// A bad request (an unknown key, a value of the wrong type, an unknown game,
// a bad token, an illegal move) is an error of one line in the CLI's
// wording; only an internal error (a winning line the referee refuses) is
// an *position.UnverifiedError.
package api
