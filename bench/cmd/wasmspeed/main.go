// Command wasmspeed measures the engine compiled to WebAssembly, in
// chromium through the board's module (board/static/solitario.js), against
// package api natively (one api.Engine kept across the requests, as the
// page's worker keeps one), on the same solve requests (one worker, the same
// limits) in one run: seeds in chunks, each chunk solved natively then in
// the page, so that the machine's load falls on both sides alike. Every
// deal's verdict and nodes are compared. It also times the board's first
// answer (first.go): from opening the board's page at a default Il
// Ventaglio deal to its verdict shown, in a new browser profile and again
// in a new tab (-first: of a range of seeds, their median and max too;
// -trace: chromium's trace of the first, every process, to a file). It
// prints bench.WasmSpeed as JSON (a result file for
// bench/results, rendered in bench/RESULTS.md by resultsdoc). Run it from
// the repository's root (the .wasm is built from its source):
//
//	go run ./bench/cmd/wasmspeed > bench/results/wasm-speed.json
//
// It is no test: a full run takes several minutes.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/api"
	"github.com/solitario/solitario/bench"
	"github.com/solitario/solitario/board"
	chrome "github.com/solitario/solitario/internal/browser"
	"github.com/solitario/solitario/solver"
)

// page loads the module for the solve requests.
const page = `<!doctype html><meta charset="utf-8"><title>wasmspeed</title>
<script type="module">
import { Solitario } from './solitario.js';
const s = new Solitario();
window.solitario = s;
s.ready.then(() => { window.loaded = true; });
</script>`

type options struct {
	seeds    string
	first    string
	maxNodes int64
	chunk    int
	warmup   int
	cli      string
	trace    string
}

func main() {
	var o options
	flag.StringVar(&o.seeds, "seeds", "ventaglio:1..300,reloj:1..2000,sietes:1..1000", "GAME:A..B,... the deals, each game at its default rules (\"\": the first answer only)")
	flag.StringVar(&o.first, "first", "1", "A..B: the Il Ventaglio seeds whose first answer is timed; the result keeps A's, and stderr says each one's and their median and max")
	flag.Int64Var(&o.maxNodes, "max-nodes", solver.DefaultMaxNodes, "node limit of each solve, natively and in the page")
	flag.IntVar(&o.chunk, "chunk", 50, "seeds a side solves before the other takes its turn")
	flag.StringVar(&o.cli, "cli", "", "also time this solitario binary, a process per request (solve --json), beside the two")
	flag.StringVar(&o.trace, "trace", "", "FILE: write chromium's trace of the first seed's first answer in a new profile (every process; Perfetto or DevTools' Performance panel reads it); tracing costs CPU, so that open's figures are not comparable")
	flag.IntVar(&o.warmup, "warmup", 0, "seeds of each game each side solves untimed first (the browser compiles a function's fast code only once it runs hot)")
	flag.Parse()
	out, err := run(o)
	if err == nil {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(out)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmspeed:", err)
		os.Exit(1)
	}
}

type firstAnswer struct {
	MS     float64 `json:"ms"`
	Result string  `json:"result"`
}

// pageDeal is one solve in the page.
type pageDeal struct {
	Seed   uint64  `json:"seed"`
	MS     float64 `json:"ms"`
	Nodes  int64   `json:"nodes"`
	Result string  `json:"result"`
}

type deal struct {
	seed   uint64
	ms     float64
	nodes  int64
	result string
}

func run(o options) (bench.WasmSpeed, error) {
	ctx := context.Background()
	r := bench.NewWasmRun()
	r.Command = append([]string{"wasmspeed"}, os.Args[1:]...)
	r.MaxNodes, r.Warmup = o.maxNodes, o.warmup
	files, err := board.Files(ctx, func(s string) { fmt.Fprintln(os.Stderr, s) })
	if err != nil {
		return bench.WasmSpeed{}, err
	}
	r.WasmBytes, r.WasmExecBytes = len(files["solitario.wasm"]), len(files["wasm_exec.js"])
	files["wasmspeed.html"] = []byte(page)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return bench.WasmSpeed{}, err
	}
	go http.Serve(ln, board.Handler(files))
	exe := chrome.Find()
	if exe == "" {
		return bench.WasmSpeed{}, fmt.Errorf("no chromium (%s, PATH)", chrome.Path)
	}
	dir, err := os.MkdirTemp("", "wasmspeed-")
	if err != nil {
		return bench.WasmSpeed{}, err
	}
	defer os.RemoveAll(dir)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, chrome.Options(exe, dir)...)
	defer cancelAlloc()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if v, err := exec.Command(exe, "--version").Output(); err == nil {
		r.Browser = strings.TrimSpace(string(v))
	}
	first, err := analysis.ParseRange(o.first)
	if err != nil {
		return bench.WasmSpeed{}, fmt.Errorf("-first %q: want A..B", o.first)
	}
	var freshMS, reopenMS []float64
	for seed := first.From; seed <= first.To; seed++ {
		trace := ""
		if seed == first.From {
			trace = o.trace
		}
		fresh, reopen, err := firstAnswers(ctx, "http://"+ln.Addr().String()+"/", seed, trace)
		if err != nil {
			return bench.WasmSpeed{}, err
		}
		if seed == first.From {
			r.FirstAnswerMS, r.FirstAnswer, r.FirstSteps, r.Reopen = fresh.MS, fresh.Result, fresh.Steps, &reopen
		}
		freshMS, reopenMS = append(freshMS, fresh.MS), append(reopenMS, reopen.MS)
		fmt.Fprintf(os.Stderr, "first answer: %.0f ms in a new profile, %.0f ms reopened (%s)\n", fresh.MS, reopen.MS, fresh.Result)
	}
	if len(freshMS) > 1 {
		fmt.Fprintf(os.Stderr, "first answers of seeds %s: median %.0f ms, max %.0f ms in a new profile; median %.0f ms, max %.0f ms reopened\n",
			first, median(freshMS), slices.Max(freshMS), median(reopenMS), slices.Max(reopenMS))
	}
	if o.seeds == "" {
		return bench.WasmSpeed{Wasm: r}, nil
	}
	if err := chromedp.Do(bctx, chromedp.Navigate("http://"+ln.Addr().String()+"/wasmspeed.html")); err != nil {
		return bench.WasmSpeed{}, err
	}
	if _, err := chromedp.Run(bctx, chromedp.Poll[bool]("window.loaded", chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		return bench.WasmSpeed{}, fmt.Errorf("loading the module: %v", err)
	}
	// One Engine natively for the whole run, as the page's worker keeps one.
	engine := api.NewEngine()
	for _, spec := range strings.Split(o.seeds, ",") {
		game, span, ok := strings.Cut(spec, ":")
		rng, err := analysis.ParseRange(span)
		if !ok || err != nil {
			return bench.WasmSpeed{}, fmt.Errorf("-seeds %q: want GAME:A..B", spec)
		}
		g, err := measure(bctx, engine, game, rng, o)
		if err != nil {
			return bench.WasmSpeed{}, err
		}
		r.Games = append(r.Games, g)
		fmt.Fprintf(os.Stderr, "%s %s: native %.0f ms, wasm %.0f ms, ratio %.2f, %d differ\n", game, rng, g.NativeMS, g.WasmMS, g.Ratio, g.Differ)
	}
	return bench.WasmSpeed{Wasm: r}, nil
}

// measure solves game's seeds in rng natively and in the page, a chunk at a
// time on each side.
func measure(bctx context.Context, engine *api.Engine, game string, rng analysis.Range, o options) (bench.WasmGame, error) {
	g := bench.WasmGame{Game: game, Seeds: rng.String()}
	if o.warmup > 0 {
		w := o
		w.warmup = 0
		if _, err := measure(bctx, engine, game, analysis.Range{From: rng.From, To: rng.From + uint64(o.warmup) - 1}, w); err != nil {
			return g, err
		}
	}
	var native, wasm, cli []deal
	for from := rng.From; from <= rng.To; from += uint64(o.chunk) {
		to := min(from+uint64(o.chunk)-1, rng.To)
		for seed := from; seed <= to && o.cli != ""; seed++ {
			t0 := time.Now()
			answer, err := exec.Command(o.cli, "solve", "--game", game, "--seed", fmt.Sprint(seed), "--max-nodes", fmt.Sprint(o.maxNodes), "--json").Output()
			ms := float64(time.Since(t0).Microseconds()) / 1000
			var ee *exec.ExitError
			if err != nil && !(errors.As(err, &ee) && (ee.ExitCode() == 3 || ee.ExitCode() == 4)) {
				return g, fmt.Errorf("%s seed %d by %s: %v", game, seed, o.cli, err)
			}
			cli = append(cli, answerDeal(seed, ms, answer))
		}
		for seed := from; seed <= to; seed++ {
			req := fmt.Sprintf(`{"game":%q,"seed":%d,"max_nodes":%d}`, game, seed, o.maxNodes)
			t0 := time.Now()
			answer, err := engine.Call(context.Background(), "solve", []byte(req), api.Options{})
			ms := float64(time.Since(t0).Microseconds()) / 1000
			if err != nil {
				return g, fmt.Errorf("%s seed %d natively: %v", game, seed, err)
			}
			native = append(native, answerDeal(seed, ms, answer))
		}
		js := fmt.Sprintf(`(async () => {
			const out = [];
			for (let seed = %d; seed <= %d; seed++) {
				const t0 = performance.now();
				const a = await window.solitario.solve({game: %q, seed, max_nodes: %d});
				out.push({seed, ms: performance.now() - t0, nodes: a.stats.nodes, result: a.result});
			}
			return out;
		})()`, from, to, game, o.maxNodes)
		chunk, err := chromedp.Run(bctx, chromedp.Evaluate[[]pageDeal](js, chromedp.EvalAwaitPromise))
		if err != nil {
			return g, fmt.Errorf("%s seeds %d..%d in the page: %v", game, from, to, err)
		}
		for _, d := range chunk {
			wasm = append(wasm, deal{d.Seed, d.MS, d.Nodes, d.Result})
		}
	}
	if len(native) != len(wasm) {
		return g, fmt.Errorf("%s: %d native answers, %d in the page", game, len(native), len(wasm))
	}
	var nms, wms, cms []float64
	for i := range native {
		n, w := native[i], wasm[i]
		if i < len(cli) {
			c := cli[i]
			g.CLIMS += c.ms
			cms = append(cms, c.ms)
			if c.seed != n.seed || c.nodes != n.nodes || c.result != n.result {
				g.Differ++
				fmt.Fprintf(os.Stderr, "%s seed %d: api %s in %d nodes, CLI %s in %d\n", game, n.seed, n.result, n.nodes, c.result, c.nodes)
			}
		}
		if n.seed != w.seed || n.nodes != w.nodes || n.result != w.result {
			g.Differ++
			fmt.Fprintf(os.Stderr, "%s seed %d: native %s in %d nodes, page %s in %d\n", game, n.seed, n.result, n.nodes, w.result, w.nodes)
		}
		g.Nodes += n.nodes
		g.NativeMS += n.ms
		g.WasmMS += w.ms
		g.NativeMax, g.WasmMax = max(g.NativeMax, n.ms), max(g.WasmMax, w.ms)
		nms, wms = append(nms, n.ms), append(wms, w.ms)
	}
	g.Deals = len(native)
	g.NativeP50, g.WasmP50 = median(nms), median(wms)
	if g.NativeMS > 0 {
		g.Ratio = g.WasmMS / g.NativeMS
	}
	if len(cli) > 0 {
		g.CLIP50, g.CLIRatio = median(cms), g.WasmMS/g.CLIMS
	}
	return g, nil
}

// answerDeal reads a solve answer's verdict and nodes.
func answerDeal(seed uint64, ms float64, answer []byte) deal {
	var a struct {
		Result string `json:"result"`
		Stats  struct {
			Nodes int64 `json:"nodes"`
		} `json:"stats"`
	}
	json.Unmarshal(answer, &a)
	return deal{seed, ms, a.Stats.Nodes, a.Result}
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	slices.Sort(xs)
	return xs[(len(xs)-1)/2]
}
