package board_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/solitario/solitario/internal/browser"
)

// scratch, not committed: screenshots for a person to look at.
func TestZZShots(t *testing.T) {
	dir := os.Getenv("SHOTS")
	if dir == "" {
		t.Skip("SHOTS unset")
	}
	base := serve(t)
	ctx := browser.New(t)
	for _, sz := range [][3]int64{{1280, 900, 1}, {390, 844, 2}} {
		for _, h := range strings.Split(os.Getenv("HASHES"), ",") {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(sz[0], sz[1], chromedp.EmulateScale(float64(sz[2]))), chromedp.Navigate(base+"#"+h), chromedp.Reload()); err != nil {
				t.Fatal(err)
			}
			wait(t, ctx, "dealt", decided)
			if js := os.Getenv("JS"); js != "" {
				if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](js)); err != nil {
					t.Fatal(err)
				}
				chromedp.Do(ctx, chromedp.Sleep(1500e6))
			}
			name := strings.ReplaceAll(h, "/", "-") + "-" + map[int64]string{1280: "desktop", 390: "phone"}[sz[0]]
			full, _ := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			os.WriteFile(filepath.Join(dir, name+"-full.png"), full, 0o644)
			vp, _ := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			os.WriteFile(filepath.Join(dir, name+"-view.png"), vp, 0o644)
		}
	}
}
