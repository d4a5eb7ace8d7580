package board_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/solitario/solitario/internal/browser"
)

// scratch, not committed: run PROBE steps (JS, one per line; "sleep" waits 1 s) and print what each returns.
func TestZZProbe(t *testing.T) {
	steps := os.Getenv("PROBE")
	if steps == "" {
		t.Skip()
	}
	base := serve(t)
	ctx := browser.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"#"+os.Getenv("HASH"))); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, "dealt", decided)
	for _, s := range strings.Split(steps, "\n") {
		if s == "sleep" {
			time.Sleep(time.Second)
			continue
		}
		out, err := chromedp.Run(ctx, chromedp.Evaluate[any](s, chromedp.EvalAwaitPromise))
		t.Logf("%s\n  => %v %v", s, out, err)
	}
	if f := os.Getenv("SHOT"); f != "" {
		png, _ := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		os.WriteFile(f, png, 0o644)
	}
}
