package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/cdp/jsonv2"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"

	"github.com/solitario/solitario/bench"
	chrome "github.com/solitario/solitario/internal/browser"
)

// firstGame is the game whose deal the first answer opens (at its
// default rules), by the board's address: #ventaglio/SEED.
const firstGame = "ventaglio"

// readFirst is the page's verdict and its timeline once the verdict is
// shown: the navigation's steps, each file's response and the marks that
// board.js and solitario.js leave (the module's load and each call), in
// milliseconds from opening the page (performance.now()).
const readFirst = `(() => {
  const steps = [];
  const nav = performance.getEntriesByType("navigation")[0];
  if (nav) {
    steps.push({name: "index.html received", ms: nav.responseEnd});
    steps.push({name: "DOMContentLoaded", ms: nav.domContentLoadedEventEnd});
  }
  for (const r of performance.getEntriesByType("resource")) {
    const name = r.name.replace(/^.*\//, "");
    steps.push({name: name + " asked", ms: r.startTime});
    steps.push({name: name + " received" + (r.transferSize === 0 ? " (cache)" : ""), ms: r.responseEnd});
  }
  for (const m of performance.getEntriesByType("mark")) steps.push({name: m.name, ms: m.startTime});
  const shown = performance.getEntriesByName("board: verdict shown")[0];
  return {ms: shown ? shown.startTime : -1, result: document.getElementById("verdict").dataset.result, steps};
})()`

// firstAnswers times the board's first answer: the page opened at
// firstGame's seed in a new browser with a new profile (nothing cached), until
// the verdict of the deal's start is shown; then the same in a new tab of
// that browser (a reopen: the files in the browser's cache, and the code
// it compiled from solitario.wasm in its code cache). trace, when not "",
// is the file that chromium's trace of the first is written to.
func firstAnswers(ctx context.Context, base string, seed uint64, trace string) (fresh, reopen bench.FirstAnswer, err error) {
	exe := chrome.Find()
	if exe == "" {
		return fresh, reopen, fmt.Errorf("no chromium (%s, PATH)", chrome.Path)
	}
	dir, err := os.MkdirTemp("", "wasmspeed-first-")
	if err != nil {
		return fresh, reopen, err
	}
	defer os.RemoveAll(dir)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, chrome.Options(exe, dir)...)
	defer cancelAlloc()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if err := chromedp.Do(bctx); err != nil { // the browser started, before the clock does
		return fresh, reopen, err
	}
	open := func(tab context.Context) (bench.FirstAnswer, error) {
		if tab == bctx && trace != "" {
			stop, err := startTrace(bctx)
			if err != nil {
				return bench.FirstAnswer{}, err
			}
			defer func() {
				if err := stop(trace); err != nil {
					fmt.Fprintf(os.Stderr, "the trace: %v\n", err)
				}
			}()
		}
		before := threadCPU(dir)
		if err := chromedp.Do(tab, chromedp.Navigate(fmt.Sprintf("%s#%s/%d", base, firstGame, seed))); err != nil {
			return bench.FirstAnswer{}, err
		}
		const done = `["winnable", "unwinnable", "unknown", "won", "error"].includes(document.getElementById("verdict")?.dataset.result)`
		if _, err := chromedp.Run(tab, chromedp.Poll[bool](done, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
			return bench.FirstAnswer{}, fmt.Errorf("the first answer: %v", err)
		}
		// The browser's CPU by thread, from opening the page to the
		// verdict shown (and the poll's last turn): on two cores the
		// first answer waits for CPU more than for anything else.
		cpu := cpuText(before, threadCPU(dir))
		a, err := chromedp.Run(tab, chromedp.Evaluate[bench.FirstAnswer](readFirst))
		if err != nil {
			return a, err
		}
		fmt.Fprintf(os.Stderr, "seed %d: verdict at %.0f ms; %s\n", seed, a.MS, cpu)
		a.Result = fmt.Sprintf("%s seed %d start: %s", firstGame, seed, a.Result)
		slices.SortStableFunc(a.Steps, func(x, y bench.Step) int { return compareMS(x.MS, y.MS) })
		return a, nil
	}
	if fresh, err = open(bctx); err != nil {
		return fresh, reopen, err
	}
	// The first tab leaves the page (cancelling its context would end the
	// browser), and a new tab opens it again.
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		return fresh, reopen, err
	}
	tab, cancelTab := chromedp.NewContext(bctx)
	defer cancelTab()
	reopen, err = open(tab)
	return fresh, reopen, err
}

// traceCategories are what a trace of the first answer records: the
// page's tasks (layout, style, paint, scripts, messages), the fonts the
// renderer asks the browser for, and V8's compiles.
var traceCategories = []string{"toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline",
	"blink", "blink.user_timing", "loading", "fonts", "v8.execute", "disabled-by-default-v8.compile"}

// startTrace starts chromium's tracing in every process of the browser of
// ctx; stop ends it and writes the events to a file as {"traceEvents": [...]}.
func startTrace(ctx context.Context) (stop func(file string) error, err error) {
	var mu sync.Mutex
	var events []jsonv2.Value
	done := make(chan struct{})
	lctx, cancel := context.WithCancel(ctx)
	err = chromedp.ListenBrowser(lctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			events = append(events, ev.Value...)
			mu.Unlock()
		case *tracing.EventTracingComplete:
			close(done)
		}
	})
	if err == nil {
		_, err = chromedp.CallBrowser(ctx, tracing.Start, tracing.StartParams{
			TransferMode: tracing.StartTransferModeReportEvents,
			TraceConfig:  &tracing.TraceConfig{IncludedCategories: traceCategories},
		})
	}
	if err != nil {
		cancel()
		return nil, fmt.Errorf("starting chromium's trace: %v", err)
	}
	return func(file string) error {
		defer cancel()
		if _, err := chromedp.CallBrowser(ctx, tracing.End, cdp.Empty{}); err != nil {
			return err
		}
		select {
		case <-done:
		case <-time.After(time.Minute):
			return fmt.Errorf("chromium did not say the trace was complete within a minute")
		}
		mu.Lock()
		defer mu.Unlock()
		var b bytes.Buffer
		b.WriteString(`{"traceEvents":[`)
		for i, e := range events {
			if i > 0 {
				b.WriteString(",\n")
			}
			b.Write(e)
		}
		b.WriteString("]}\n")
		if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "chromium's trace of the first answer: %s (%d events)\n", file, len(events))
		return nil
	}, nil
}

func compareMS(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
