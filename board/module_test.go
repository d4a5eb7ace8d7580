package board

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/solitario/solitario/api"
	"github.com/solitario/solitario/internal/browser"
	"github.com/solitario/solitario/internal/testkit"
)

// The board's files with the engine built once per test binary: a build
// takes a minute on a busy 2-core machine (then it is in the user's cache,
// keyed by the source).
var (
	filesOnce sync.Once
	filesAll  map[string][]byte
	filesErr  error
)

// testFiles is Files, with the page the module tests load beside them.
func testFiles(t *testing.T) map[string][]byte {
	t.Helper()
	filesOnce.Do(func() { filesAll, filesErr = Files(context.Background(), func(s string) { t.Log(s) }) })
	if filesErr != nil {
		if testing.Short() {
			t.Skipf("-short: solitario.wasm cannot be built here: %v", filesErr)
		}
		t.Fatal(filesErr)
	}
	files := map[string][]byte{}
	for k, v := range filesAll {
		files[k] = v
	}
	files["moduletest.html"] = []byte(`<!doctype html><meta charset="utf-8"><title>module test</title>
<script type="module">
import { Solitario } from './solitario.js';
window.solitario = new Solitario();
window.solitario.ready.then(() => { window.moduleReady = true; }, (e) => { window.moduleReady = String(e); });
</script>`)
	return files
}

// modulePage opens the module test page in chromium, served by the board
// server, and waits for the engine to load.
func modulePage(t *testing.T) context.Context {
	t.Helper()
	files := testFiles(t)
	ctx := browser.New(t)
	srv := httptest.NewServer(Handler(files))
	t.Cleanup(srv.Close)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/moduletest.html")); err != nil {
		t.Fatal(err)
	}
	ready, err := chromedp.Run(ctx, chromedp.Poll[any](`window.moduleReady`, chromedp.WithPollingTimeout(0)))
	if err != nil || ready != true {
		t.Fatalf("the module did not load: %v, %v", ready, err)
	}
	return ctx
}

// call runs solitario[entry](request) in the page: the answer as JSON, or
// the rejection's message as an error.
func call(ctx context.Context, entry, request string) (string, error) {
	js := fmt.Sprintf(`window.solitario[%q](%s).then(a => JSON.stringify({ok: a}), e => JSON.stringify({err: e.message}))`, entry, request)
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		return "", err
	}
	var r struct {
		OK  json.RawMessage `json:"ok"`
		Err *string         `json:"err"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		return "", err
	}
	if r.Err != nil {
		return "", fmt.Errorf("%s", *r.Err)
	}
	return string(r.OK), nil
}

// TestModuleAnswersAsNative: in chromium, the module's answers to every
// entry point on fixed seeds of every game equal package api's natively
// (the CLI's --json objects): verdict, nodes, line.
func TestModuleAnswersAsNative(t *testing.T) {
	ctx := modulePage(t)
	type req struct{ entry, request string }
	var reqs []req
	for _, g := range api.Games() {
		seed := `{"game":"` + g.Name + `","seed":3}`
		reqs = append(reqs, req{"deal", seed}, req{"solve", seed}, req{"position", seed}, req{"hint", seed})
	}
	// A line, and the position, hint, verify and review along it.
	native, err := api.Call(context.Background(), "solve", []byte(`{"game":"reloj","seed":1}`), api.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var sol struct {
		Moves []json.RawMessage `json:"moves"`
	}
	json.Unmarshal(native, &sol)
	if len(sol.Moves) < 20 {
		t.Fatalf("reloj seed 1: %s; want a winning line", native)
	}
	part := `{"game":"reloj","seed":1,"moves":[` + string(joinRaw(sol.Moves[:20])) + `]}`
	whole := `{"game":"reloj","seed":1,"moves":[` + string(joinRaw(sol.Moves)) + `]}`
	reqs = append(reqs, req{"position", part}, req{"hint", part}, req{"solve", part}, req{"verify", whole}, req{"verify", part},
		req{"review", whole}, req{"games", `{}`}, req{"cards", `{"game":"sietes"}`}, req{"checkDeal", `{"game":"reloj","deal":["1O","1O","XX"]}`},
		req{"solve", `{"game":"ventaglio","seed":1,"max_nodes":20000}`})
	for _, r := range reqs {
		want, err := api.Call(context.Background(), r.entry, []byte(r.request), api.Options{})
		if err != nil {
			t.Fatalf("native %s %s: %v", r.entry, r.request, err)
		}
		got, err := call(ctx, r.entry, r.request)
		if err != nil {
			t.Errorf("module %s %s: %v", r.entry, r.request, err)
			continue
		}
		if !testkit.SameJSON(t, got, string(want)) {
			t.Errorf("%s %s:\n module %.600s\n native %.600s", r.entry, r.request, got, want)
		}
	}
}

func joinRaw(ms []json.RawMessage) []byte {
	var parts []string
	for _, m := range ms {
		parts = append(parts, string(m))
	}
	return []byte(strings.Join(parts, ","))
}

// TestModuleBadRequest: a bad request rejects with the one-line message
// package api gives natively.
func TestModuleBadRequest(t *testing.T) {
	ctx := modulePage(t)
	for _, r := range []string{`{"game":"reloj","seed":"x"}`, `{"game":"reloj","seed":"1.5"}`, `{"game":"reloj","seed":""}`, `{"game":"reloj","seed":1,"max_nodes":"many"}`, `{"game":"nope","seed":1}`, `{"game":"Reloj","seed":1}`,
		`{"game":"reloj","seed":1,"frm":1}`, `{"game":"reloj","seed":1,"moves":[{"from":"waste","to":"pile:3","card":"3O"}]}`} {
		_, want := api.Call(context.Background(), "solve", []byte(r), api.Options{})
		_, got := call(ctx, "solve", r)
		if want == nil || got == nil || got.Error() != want.Error() || strings.Contains(want.Error(), "\n") {
			t.Errorf("%s: module %v, native %v; want the same one-line error", r, got, want)
		}
	}
}

// TestModuleAbort: aborting a long search (ventaglio seed 1, forced play
// and one pass: 9M nodes, seconds natively) once it has reported progress
// rejects it with an AbortError at once, the search stops (the worker is
// not started again, as it is for a search that does not stop within a
// second), and the next call is answered. The abort waits for the first
// progress report, not for a fixed time: on a loaded machine (load 25) a
// 3 s window passed before the worker had searched anything; two minutes
// without one fail the test. There, too, the search took 3 s to stop and
// the worker was started again: the test gives it a minute (a search that
// never stops is still caught: the worker is then started again).
func TestModuleAbort(t *testing.T) {
	ctx := modulePage(t)
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
		const ac = new AbortController();
		let progress = 0, searching;
		const under = new Promise(r => { searching = r; });
		const long = window.solitario.solve({game: "ventaglio", seed: 1, rules: {play: "forced", passes: 1}, max_nodes: 0}, {signal: ac.signal, onProgress: () => { progress++; searching(true); }});
		const worker = window.solitario._worker;
		window.solitario._abortTimeoutMS = 60000;
		if (!await Promise.race([under, new Promise(r => setTimeout(() => r(false), 120000))])) {
			ac.abort();
			return JSON.stringify({how: "no progress within 2 minutes"});
		}
		const t0 = performance.now();
		ac.abort();
		let how;
		try { await long; how = "resolved"; } catch (e) { how = e.name; }
		const next = await window.solitario.solve({game: "reloj", seed: 1});
		return JSON.stringify({how, progress, ms: performance.now() - t0, next: next.result, same: window.solitario._worker === worker});
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		How      string
		Progress int
		Next     string
		Same     bool
	}
	json.Unmarshal([]byte(out), &r)
	t.Log(out)
	if r.How != "AbortError" || r.Progress == 0 || r.Next != "winnable" || !r.Same {
		t.Errorf("abort: %s; want an AbortError after progress, the search stopped in the same worker, then reloj seed 1 winnable", out)
	}
}

// TestModulePanicRestarts: a panic in the engine rejects its call with an
// internal error, and the worker is started again: a call waiting then (a
// search under way) is asked again of the new worker and answered, and
// so is the next call.
func TestModulePanicRestarts(t *testing.T) {
	ctx := modulePage(t)
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
		let msg, during;
		const search = window.solitario.solve({game: "ventaglio", seed: 1}).then(a => a.result, e => e.message);
		try { await window.solitario._call("panic", {}); msg = "resolved"; } catch (e) { msg = e.message; }
		during = await search;
		const next = await window.solitario.solve({game: "reloj", seed: 1});
		return JSON.stringify({msg, during, next: next.result});
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	var r struct{ Msg, During, Next string }
	json.Unmarshal([]byte(out), &r)
	if !strings.HasPrefix(r.Msg, "internal error: a panic asked for") || r.During != "winnable" || r.Next != "winnable" {
		t.Errorf("panic: %s; want an internal error, the search under way winnable, then an answer from the fresh worker", out)
	}
}

// TestWasmSizeAndImports: the engine for the browser weighs at most 8 MB
// with its loader, and imports no CLI, report, page test or chart package.
func TestWasmSizeAndImports(t *testing.T) {
	files := testFiles(t)
	if n := len(files["solitario.wasm"]) + len(files["wasm_exec.js"]); n == 0 || n > 8_000_000 {
		t.Errorf("solitario.wasm and wasm_exec.js: %d bytes; want at most 8 MB", n)
	}
	root, err := ModuleRoot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	deps, err := goCmd(context.Background(), root, wasmEnv, "the engine's packages", "list", "-deps", wasmPackage)
	if err != nil {
		t.Fatal(err)
	}
	// The ristretto table is left out of the browser's build
	// (solver/ristretto.go): its library and what it imports are 0.7 MB
	// and a regular expression compiled as the engine starts.
	for _, bad := range []string{Module + "/cli", Module + "/report", Module + "/show", "github.com/spf13/cobra", "gonum.org/", "github.com/chromedp/", "github.com/dgraph-io/ristretto", "regexp"} {
		for _, d := range strings.Fields(deps) {
			if strings.HasPrefix(d, bad) {
				t.Errorf("cmd/solitario-wasm imports %s", d)
			}
		}
	}
}

// TestModuleAnswersRoundTrip: a seed past 2^53 comes back exact (a BigInt,
// as the request gave it; a number would round it), and the object solve
// answers, difficulty and all, is taken back by verify as it came.
func TestModuleAnswersRoundTrip(t *testing.T) {
	ctx := modulePage(t)
	js := `(async () => {
		const d = await window.solitario.deal({game: 'reloj', seed: 18446744073709551615n});
		const s = await window.solitario.solve({game: 'reloj', seed: 7});
		const v = await window.solitario.verify(s);
		return [typeof d.seed, String(d.seed), typeof s.difficulty, String(v.won)];
	})()`
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"bigint", "18446744073709551615", "object", "true"}; !slices.Equal(got, want) {
		t.Errorf("seed type and value, solve's difficulty, verify's won: %q, want %q", got, want)
	}
}

// TestModuleLoadMessages: a module that cannot load says which file did
// not load, with its address (it said only "worker error"), and an option
// of the wrong kind is named in one line (a signal that is no AbortSignal
// rejected with a TypeError from inside the module).
func TestModuleLoadMessages(t *testing.T) {
	ctx := modulePage(t)
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
		const { Solitario } = await import('./solitario.js');
		const msg = (p) => p.then(() => "resolved", (e) => e.message);
		return JSON.stringify({
			worker: await msg(new Solitario({base: location.origin + '/nope/'}).games()),
			wasm: await msg(new Solitario({started: {worker: new Worker('worker.js?wasm=nope.wasm'), held: []}}).games()),
			signal: await msg(window.solitario.solve({game: "reloj", seed: 1}, {signal: 'x'})),
			progress: await msg(window.solitario.solve({game: "reloj", seed: 1}, {onProgress: 3})),
			ok: await msg(window.solitario.solve({game: "reloj", seed: 1}, {signal: new AbortController().signal})),
		});
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	var r struct{ Worker, Wasm, Signal, Progress, OK string }
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	base, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.origin`))
	if want := "its worker script " + base + "/nope/worker.js did not load (404 Not Found)"; !strings.Contains(r.Worker, want) {
		t.Errorf("base /nope/: the call rejects with %q, want it to say %q", r.Worker, want)
	}
	if want := "nope.wasm: 404 Not Found (" + base + "/nope.wasm)"; !strings.Contains(r.Wasm, want) {
		t.Errorf("the .wasm missing: the call rejects with %q, want it to say %q", r.Wasm, want)
	}
	if r.Signal != "solitario: signal: want an AbortSignal" {
		t.Errorf("signal 'x': the call rejects with %q, want %q", r.Signal, "solitario: signal: want an AbortSignal")
	}
	if r.Progress != "solitario: onProgress: want a function" {
		t.Errorf("onProgress 3: the call rejects with %q, want %q", r.Progress, "solitario: onProgress: want a function")
	}
	if r.OK != "resolved" {
		t.Errorf("an AbortSignal given: the call says %q, want it answered", r.OK)
	}
}

// TestModuleSeedExact: a seed past 2^53 is kept exact and consistent. The
// answer holding it as a BigInt is written by stringify exactly as the CLI
// writes it (JSON.stringify threw); a Number seed past 2^53 (2**53+2) is
// refused in one line saying to pass a BigInt or a decimal string (it was
// taken silently), in the words of the engine's bad requests; a request object keeps the decimal string; and a text,
// a solution file's bytes, is read as the CLI reads the file: "seed":"7"
// refused with verify's message, as solitario verify refuses the bytes
// (the module took it).
func TestModuleSeedExact(t *testing.T) {
	ctx := modulePage(t)
	js := `(async () => {
		const { stringify } = await import('./solitario.js');
		const msg = (p) => p.then((a) => 'answered ' + stringify(a), (e) => e.message);
		const d = await window.solitario.deal({game: 'reloj', seed: 18446744073709551615n});
		return {
			text: stringify(d), method: window.solitario.stringify(d),
			number: await msg(window.solitario.deal({game: 'reloj', seed: 2**53 + 2})),
			str: await msg(window.solitario.deal({game: 'reloj', seed: '9007199254740994'})),
			verify: await msg(window.solitario.verify('{"game":"reloj","seed":"7","moves":[]}')),
			hint: await msg(window.solitario.hint('{"game":"reloj","seed":"7","moves":[]}')),
			back: await msg(window.solitario.deal(stringify(d))),
		};
	})()`
	got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	native, err := api.Call(context.Background(), "deal", []byte(`{"game":"reloj","seed":18446744073709551615}`), api.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got["text"] != string(native) || got["method"] != string(native) {
		t.Errorf("stringify of deal seed 2^64-1's answer: %q (method %q); want the CLI's %s", got["text"], got["method"], native)
	}
	// A bad request, said as package api says one ("seed" "x": …), not
	// as the module's own failures are ("solitario: terminated").
	if want := `"seed" 9007199254740994: past 2^53, where a Number is not exact: pass it as a BigInt (9007199254740994n) or a decimal string ("9007199254740994")`; got["number"] != want {
		t.Errorf("deal of seed 2**53+2 (a Number): %q; want %q", got["number"], want)
	}
	str, _ := api.Call(context.Background(), "deal", []byte(`{"game":"reloj","seed":9007199254740994}`), api.Options{})
	if got["str"] != "answered "+string(str) {
		t.Errorf("deal of seed \"9007199254740994\" (a request's decimal string): %q; want %s", got["str"], str)
	}
	want := `invalid solution JSON at byte offset 23: "seed" must be a whole number, 0 or more, not a string`
	if got["verify"] != want || got["hint"] != want {
		t.Errorf("verify and hint of the text with \"seed\":\"7\": %q, %q; want verify's %q", got["verify"], got["hint"], want)
	}
	if got["back"] != "answered "+string(native) {
		t.Errorf("deal of stringify's text: %q; want %s", got["back"], native)
	}
}
