// Package browser starts the real headless Chromium that the page tests of
// show, report and board drive with chromedp (imported by _test.go files,
// and by bench/cmd/wasmspeed, which measures the engine in it).
// Debian's chromium (/usr/bin/chromium; .ci/run installs it) runs headless,
// without the sandbox (the tests run as root), with no network of its own
// (no background or component updates, no QUIC, no sync) and a fresh
// profile folder per test. Without chromium a test skips with a message,
// except under CI (CI set), where a missing browser fails it.
package browser

import (
	"context"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Path is where the test looks for chromium first; then on PATH.
const Path = "/usr/bin/chromium"

// Find is chromium's path, "" when there is none.
func Find() string {
	if _, err := os.Stat(Path); err == nil {
		return Path
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	return ""
}

// New starts chromium for the test and returns a tab's context; the
// browser is stopped when the test ends. A page that does not answer
// within a few minutes fails the test rather than hanging it.
func New(t *testing.T) context.Context {
	t.Helper()
	exe := Find()
	if exe == "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("chromium is not installed (%s, PATH) and CI is set: the browser test must run (.ci/run installs Debian's chromium)", Path)
		}
		t.Skipf("chromium is not installed (%s): skipping the browser test (apt-get install chromium to run it)", Path)
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), Options(exe, t.TempDir())...)
	ctx, cancelTab := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 5*time.Minute)
	t.Cleanup(func() { cancelTime(); cancelTab(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		t.Fatalf("starting %s: %v", exe, err)
	}
	return ctx
}

// Options are the flags chromium exe runs with: headless, no sandbox, no
// network of its own, the profile in dir, and without the address bar's
// popup: chromium 156 loads it (a WebUI page, chrome://omnibox-popup.top-chrome,
// in a renderer of its own) as the first page opens, 1.1 s of CPU at load
// 5-8, half of it while a first page loads on the same two cores; a headless
// browser never shows it.
func Options(exe, dir string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-features", "WebUIOmniboxPopup,WebUIOmniboxAimPopup"),
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(1000, 1000),
	}
}

// FileURL is the file:// address of the local file name.
func FileURL(t *testing.T, name string) string {
	t.Helper()
	abs, err := filepath.Abs(name)
	if err != nil {
		t.Fatal(err)
	}
	return (&url.URL{Scheme: "file", Path: abs}).String()
}

// LayoutJS is a JavaScript expression whose value is a list of what is
// wrong with the page's layout, as text ([] when nothing). Its argument is
// a list of [container, items, others, group] selectors (the last two may
// be left out): for each element matching container, each of its
// descendants matching items must lie inside it (else it is clipped: cut
// by its edge), no two items may overlap (a label over another), and no
// item may overlap an element matching others unless both are inside one
// element matching group (a badge on its own pile's card), each judged by
// its bounding box (getBoundingClientRect), to half a pixel. Call it as
// fmt.Sprintf(LayoutJS, `[["figure svg", "text"], ...]`).
const LayoutJS = `(() => {
  const bad = [], eps = 0.5;
  const name = e => (e.textContent || e.tagName).trim().slice(0, 40) || e.className;
  const box = e => e.getBoundingClientRect();
  const shown = e => { const r = box(e); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden"; };
  const cross = (r, q) => Math.min(r.right, q.right) - Math.max(r.left, q.left) > eps && Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top) > eps;
  for (const [cs, is, os, gs] of %s) {
    for (const c of document.querySelectorAll(cs)) {
      const cr = box(c);
      const items = [...c.querySelectorAll(is)].filter(shown);
      const others = os ? [...c.querySelectorAll(os)].filter(shown) : [];
      items.forEach((e, i) => {
        const r = box(e);
        if (r.left < cr.left - eps || r.right > cr.right + eps || r.top < cr.top - eps || r.bottom > cr.bottom + eps)
          bad.push(cs + ": " + JSON.stringify(name(e)) + " clipped (" + [r.left, r.top, r.right, r.bottom].map(Math.round) + " outside " + [cr.left, cr.top, cr.right, cr.bottom].map(Math.round) + ")");
        for (let j = 0; j < i; j++)
          if (cross(r, box(items[j]))) bad.push(cs + ": " + JSON.stringify(name(e)) + " overlaps " + JSON.stringify(name(items[j])));
        for (const o of others)
          if (o !== e && !(gs && e.closest(gs) && e.closest(gs) === o.closest(gs)) && cross(r, box(o)))
            bad.push(cs + ": " + JSON.stringify(name(e)) + " covered by " + JSON.stringify(name(o)) + " of " + ((gs && o.closest(gs) && o.closest(gs).dataset.place) || "?"));
      });
    }
  }
  return bad;
})()`
