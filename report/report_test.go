package report_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/cli"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/browser"
	"github.com/solitario/solitario/report"
)

// analyzeFile runs a real analysis (sietes seeds 1..200, a node limit low
// enough to leave some deals unknown: about one in ten needs more than 60
// nodes since the buried-card dead end sees the stock) and returns its
// --jsonl file.
func analyzeFile(t *testing.T) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "sietes.jsonl")
	runCLI(t, "analyze", "--game", "sietes", "--seeds", "1..200", "--max-nodes", "60", "--jsonl", file, "--quiet")
	return file
}

// runCLI runs the solitario command line and returns its standard output,
// failing the test unless it exits 0.
func runCLI(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	io := cli.IO{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
	if code := cli.Run(context.Background(), args, io); code != 0 {
		t.Fatalf("%s: exit %d: %s", args[0], code, errb.String())
	}
	return out.String()
}

// TestBuild: the page's numbers are the records' (every unknown deal listed
// with its reason), every chart is drawn, and nothing outside the page is
// named.
func TestBuild(t *testing.T) {
	file := analyzeFile(t)
	m, p := mergeAndBuild(t, file)
	s := analysis.Summarize(m.Records)
	if s.Deals != 200 || s.Unknown == 0 || s.Winnable == 0 || len(p.Unknown) != s.Unknown {
		t.Fatalf("summary %+v, %d unknown listed", s, len(p.Unknown))
	}
	for i, r := range p.Unknown {
		if r.Result != "unknown" || r.Reason != "max-nodes" || i > 0 && r.Seed <= p.Unknown[i-1].Seed {
			t.Errorf("unknown deal %+v", r)
		}
	}
	var names []string
	for _, c := range p.Charts {
		names = append(names, c.Name)
		if !strings.HasPrefix(string(c.SVG), "<svg") || strings.Count(string(c.SVG), "<path") < 5 {
			t.Errorf("chart %s: %.80q", c.Name, c.SVG)
		}
	}
	if got := strings.Join(names, " "); got != "share narrowing nodes time moves unknown" {
		t.Errorf("charts %q", got)
	}
	var buf bytes.Buffer
	if err := report.Write(&buf, m); err != nil {
		t.Fatal(err)
	}
	// The SVG namespaces are names, not addresses loaded.
	page := strings.NewReplacer(`xmlns="http://www.w3.org/2000/svg"`, "", `xmlns:xlink="http://www.w3.org/1999/xlink"`, "").Replace(buf.String())
	for _, bad := range []string{"http:", "https:", "@import", " src=", "<link", "<script"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page contains %q", bad)
		}
	}
	want := fmt.Sprintf("%.1f%% of decided deals; the 95%% Wilson interval over all deals is %.1f%% .. %.1f%%", 100*s.WinRate, 100*s.WinLow, 100*s.WinHigh)
	if !strings.Contains(page, want) {
		t.Errorf("the page lacks %q", want)
	}
	if n := len(regexp.MustCompile(`<tr><td>\d+</td><td>max-nodes</td>`).FindAllString(page, -1)); n != s.Unknown {
		t.Errorf("%d unknown rows, want %d", n, s.Unknown)
	}
}

// TestBrowserReport: the page of an analyze --jsonl file, made by 'solitario
// report', opened in headless chromium: every chart is an SVG drawn with a
// real size and its marks, the header and the unknown deals are shown, and
// nothing is loaded.
func TestBrowserReport(t *testing.T) {
	ctx := browser.New(t)
	file := analyzeFile(t)
	page := filepath.Join(t.TempDir(), "report.html")
	runCLI(t, "report", file, "--out", page)
	if _, err := os.Stat(page); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(browser.FileURL(t, page)), chromedp.WaitReady("#unknown")); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify({
  charts: [...document.querySelectorAll("figure[data-chart]")].map(f => {
    const s = f.querySelector("svg"); const r = s ? s.getBoundingClientRect() : {width: 0, height: 0};
    return f.dataset.chart + ":" + (r.width > 300 && r.height > 150 ? "drawn" : "empty") + ":" + (s ? s.querySelectorAll("path").length : 0);
  }),
  header: document.querySelectorAll("#header tr").length,
  unknown: document.querySelectorAll("#unknown tr").length,
  loads: performance.getEntriesByType("resource").length})`))
	if err != nil {
		t.Fatal(err)
	}
	t.Log(got)
	m := regexp.MustCompile(`"charts":\[(.*?)\]`).FindStringSubmatch(got)
	if m == nil {
		t.Fatal(got)
	}
	for _, name := range []string{"share", "narrowing", "nodes", "time", "moves", "unknown"} {
		c := regexp.MustCompile(`"` + name + `:(\w+):(\d+)"`).FindStringSubmatch(m[1])
		if c == nil || c[1] != "drawn" || len(c[2]) < 1 || c[2] == "0" {
			t.Errorf("chart %s: %v (page: %s)", name, c, got)
		}
	}
	if !strings.Contains(got, `"header":9`) || strings.Contains(got, `"unknown":0`) || strings.Contains(got, `"unknown":1,`) || !strings.Contains(got, `"loads":0`) {
		t.Errorf("page: %s", got)
	}
	checkChartLayout(t, ctx)
}

// checkChartLayout: at 1000 px and in a phone's window, every chart is as
// wide as the page's column, and no chart text (tick and axis labels, in
// the SVG) nor legend entry is cut by its frame or drawn over another
// (bounding boxes): the Wilson chart's legend was cut after "lost /", its
// last x label cut, and on Il Ventaglio the legend sat on the band.
func checkChartLayout(t *testing.T, ctx context.Context) {
	t.Helper()
	for _, size := range [][2]int64{{1000, 1000}, {390, 844}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1])); err != nil {
			t.Fatal(err)
		}
		bad, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(browser.LayoutJS,
			`[["figure[data-chart] svg", "text"], ["figure[data-chart]", "figcaption, svg, .legend span"]]`)))
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range bad {
			t.Errorf("%d px: %s", size[0], b)
		}
		narrow, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("figure[data-chart]")].filter(f =>
  f.querySelector("svg").getBoundingClientRect().width < 0.9 * document.body.clientWidth - 60).map(f => f.dataset.chart)`))
		if err != nil || len(narrow) > 0 {
			t.Errorf("%d px: charts narrower than the page's column: %v %v", size[0], narrow, err)
		}
	}
}

// TestRunRowsAsAnalyzePrintsThem: the page's run rows say the limits and
// the machine in the words of analyze's own summary (tt-mem 256MiB, timeout
// none, 1 worker), not as raw numbers (268435456 bytes, 0 ms, 1 workers).
func TestRunRowsAsAnalyzePrintsThem(t *testing.T) {
	file := filepath.Join(t.TempDir(), "reloj.jsonl")
	out := runCLI(t, "analyze", "--game", "reloj", "--seeds", "1..3", "--workers", "1", "--jsonl", file, "--quiet")
	_, p := mergeAndBuild(t, file)
	rows := map[string]string{}
	for _, r := range p.Header {
		rows[r.Key] = r.Value
	}
	if got, want := rows["limits"], "tt flat, tt-mem 256MiB, max-nodes 50000000, timeout none"; got != want {
		t.Errorf("limits row %q, want %q", got, want)
	}
	if got := rows["machine"]; !strings.HasSuffix(got, ", 1 worker") {
		t.Errorf("machine row %q, want it to end in \", 1 worker\"", got)
	}
	if !strings.Contains(out, "search      strategy default, tt flat, tt-mem 256MiB, max-nodes 50000000, timeout none\n") {
		t.Errorf("analyze's search line is no longer what the page is checked against:\n%s", out)
	}
}

// TestSeedsRowNamesEveryShard: the seeds row of a page made of several
// shards names them all ("1..6, shards 0/2, 1/2"; it named the first file's
// alone, "shard 1/2"), and an analysis not split names no shard ("1..6",
// not "1..6, shard 0/1").
func TestSeedsRowNamesEveryShard(t *testing.T) {
	dir := t.TempDir()
	analyze := func(name string, args ...string) string {
		t.Helper()
		file := filepath.Join(dir, name)
		runCLI(t, append([]string{"analyze", "--game", "reloj", "--seeds", "1..6", "--workers", "1", "--jsonl", file, "--quiet"}, args...)...)
		return file
	}
	seedsRow := func(files ...string) string {
		t.Helper()
		_, p := mergeAndBuild(t, files...)
		for _, r := range p.Header {
			if r.Key == "seeds" {
				return r.Value
			}
		}
		t.Fatal("no seeds row")
		return ""
	}
	one, second, first := analyze("all.jsonl"), analyze("s1.jsonl", "--shard", "1/2"), analyze("s0.jsonl", "--shard", "0/2")
	if got := seedsRow(one); got != "1..6" {
		t.Errorf("one file: seeds %q, want %q", got, "1..6")
	}
	if got := seedsRow(second, first); got != "1..6, shards 0/2, 1/2" {
		t.Errorf("two shards: seeds %q, want %q", got, "1..6, shards 0/2, 1/2")
	}
	if got := seedsRow(second); got != "1..6, shard 1/2" {
		t.Errorf("one shard of two: seeds %q, want %q", got, "1..6, shard 1/2")
	}
}

// TestRunRowsNameEveryFile: shards run at other commits or on other
// machines are named, each value once with its files (the page showed the
// first file's alone); one value over all files is shown as it is.
func TestRunRowsNameEveryFile(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i, commit := range []string{"aaaa", "bbbb", "aaaa"} {
		file := filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i))
		runCLI(t, "analyze", "--game", "reloj", "--seeds", "1..6", "--workers", "1", "--jsonl", file, "--quiet", "--shard", fmt.Sprintf("%d/3", i))
		// The header as another build on another machine would write it.
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		head, rest, _ := strings.Cut(string(b), "\n")
		head = regexp.MustCompile(`"commit":"[^"]*"`).ReplaceAllString(head, `"commit":"`+commit+`"`)
		head = regexp.MustCompile(`"hostname":"[^"]*"`).ReplaceAllString(head, `"hostname":"host-`+commit[:1]+`"`)
		if err := os.WriteFile(file, []byte(head+"\n"+rest), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, file)
	}
	rows := func(files ...string) map[string]string {
		_, p := mergeAndBuild(t, files...)
		rows := map[string]string{}
		for _, r := range p.Header {
			rows[r.Key] = r.Value
		}
		return rows
	}
	all := rows(files...)
	if want := fmt.Sprintf("aaaa (%s, %s); bbbb (%s)", files[0], files[2], files[1]); all["commit"] != want {
		t.Errorf("commit row %q, want %q", all["commit"], want)
	}
	if got := all["machine"]; !strings.HasPrefix(got, "host-a, ") || !strings.Contains(got, " ("+files[0]+", "+files[2]+"); host-b, ") || !strings.HasSuffix(got, " ("+files[1]+")") {
		t.Errorf("machine row %q, want host-a's with files 0 and 2, then host-b's with file 1", got)
	}
	if got := rows(files[0], files[2])["commit"]; got != "aaaa" {
		t.Errorf("one commit over two files: row %q, want %q", got, "aaaa")
	}
}

// TestChartTicksAreCounts: the log-scale charts mark nodes and time with
// the values (orologio52's deals take 10 to 53 nodes: "20", "50"), not
// their logarithms ("1.1", "1.4", "1.7": 10 nodes read as "1"), and the
// line-length chart marks whole moves only (52 and 53, not 52.5).
func TestChartTicksAreCounts(t *testing.T) {
	file := filepath.Join(t.TempDir(), "o52.jsonl")
	runCLI(t, "analyze", "--game", "orologio52", "--seeds", "1..200", "--workers", "1", "--jsonl", file, "--quiet")
	_, p := mergeAndBuild(t, file)
	labels := func(name string) string {
		for _, c := range p.Charts {
			if c.Name == name {
				var ls []string
				for _, m := range regexp.MustCompile(`>([^<>]+)\s*</text>`).FindAllStringSubmatch(string(c.SVG), -1) {
					ls = append(ls, strings.TrimSpace(m[1]))
				}
				return strings.Join(ls, " ")
			}
		}
		t.Fatalf("no chart %s", name)
		return ""
	}
	if got := labels("nodes"); !strings.HasPrefix(got, "nodes 20 50 deals") {
		t.Errorf("nodes chart labels %q, want the axis marked 20, 50", got)
	}
	if got := labels("moves"); !strings.HasPrefix(got, "moves 52 53 deals") {
		t.Errorf("moves chart labels %q, want the axis marked 52, 53", got)
	}
	for _, name := range []string{"nodes", "time", "moves"} {
		if got := labels(name); regexp.MustCompile(`deals.*\.`).MatchString(got) {
			t.Errorf("%s chart labels %q: a count of deals with decimals", name, got)
		}
	}
	if got := labels("time"); strings.Contains(got, "-") {
		t.Errorf("time chart labels %q: a logarithm", got)
	}
}

// mergeAndBuild merges the record files and builds their page, failing the
// test on any error.
func mergeAndBuild(t *testing.T, files ...string) (*analysis.Merged, *report.Page) {
	t.Helper()
	m, err := analysis.Merge(files, games.Lookup)
	if err != nil {
		t.Fatal(err)
	}
	p, err := report.Build(m)
	if err != nil {
		t.Fatal(err)
	}
	return m, p
}

// TestOneDeal: a run of one deal is "1 deal", not "1 deals", in the title
// and the counts line.
func TestOneDeal(t *testing.T) {
	m := &analysis.Merged{Header: analysis.Header{Game: "reloj"}, Records: []analysis.Record{{Seed: 1, Result: analysis.Winnable, Nodes: 63, MS: 0.3, Moves: 62}}}
	var b bytes.Buffer
	if err := report.Write(&b, m); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<title>reloj: 1 deal analyzed</title>", "<h1>reloj: 1 deal analyzed</h1>", "<p>1 deal: 1 winnable, 0 unwinnable, 0 unknown.</p>"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the page has no %q", want)
		}
	}
}

// TestDifficultyChart: records with a difficulty (analyze --difficulty)
// get a histogram of their scores, placed before the unknown deals; the
// charts of TestBuild, without it, have none.
func TestDifficultyChart(t *testing.T) {
	file := filepath.Join(t.TempDir(), "reloj.jsonl")
	runCLI(t, "analyze", "--game", "reloj", "--seeds", "1..60", "--workers", "1", "--difficulty", "--jsonl", file, "--quiet")
	_, p := mergeAndBuild(t, file)
	var names []string
	for _, c := range p.Charts {
		names = append(names, c.Name)
		if c.Name == "difficulty" && (!strings.Contains(string(c.SVG), ">score") || strings.Count(string(c.SVG), "<path") < 5) {
			t.Errorf("difficulty chart: %.200q", c.SVG)
		}
	}
	if got := strings.Join(names, " "); got != "share narrowing nodes time moves difficulty" {
		t.Errorf("charts %q", got)
	}
}
