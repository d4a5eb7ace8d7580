// Package report draws an analysis run (analyze --jsonl files, merged by
// analysis.Merge) as one self-contained HTML page: the run's header, the
// winnable share with its 95% Wilson interval, how that interval narrows as
// deals are added, histograms of nodes, time and line length, and the
// unknown deals with their reasons. The charts are drawn in Go by
// gonum.org/v1/plot to SVG and put in the page inline: the page loads
// nothing. The verdicts are the games' exhaustive solves (RULES.md, each
// game's section); the interval counts unknown deals as lost for its lower
// bound and as won for its upper (analysis.Summary), never as either.
//
// # Data layout
//
// Page is what the template reads: the run header's fields as text rows,
// the summary, the notes of the merge, the unknown deals (seed order) and
// the charts, each a Chart: a name (the figure's data-chart, which the
// browser test looks for), a caption and the SVG text.
package report

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"image/color"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/internal/words"
)

//go:embed page.tmpl
var pageText string

var page = template.Must(template.New("report").Parse(pageText))

// Chart is one figure of the page.
type Chart struct {
	Name    string
	Caption string
	SVG     template.HTML // drawn by gonum/plot here, not user text
	// Legend is the chart's key, drawn by the page inside the chart's
	// frame under the plot: text the page wraps, which the plot would cut
	// at its edge or draw over the data.
	Legend []Key
}

// Key is one entry of a chart's legend: a swatch of Color (a band, or a
// line when Line) and its label.
type Key struct {
	Label string
	Color template.CSS // a CSS colour, made here

	Line bool
}

// Row is one line of the run's header table.
type Row struct{ Key, Value string }

// Page is the report of one run.
type Page struct {
	Title   string
	Header  []Row
	Summary analysis.Summary
	Deals   string // "1 deal", "230 deals"
	Share   string // "23.9% of decided deals (95% Wilson interval 16.2% .. 40.9%)"
	Notes   []string
	Unknown []analysis.Record
	Charts  []Chart
}

// Build draws the charts of m.
func Build(m *analysis.Merged) (*Page, error) {
	recs := slices.Clone(m.Records)
	slices.SortFunc(recs, func(a, b analysis.Record) int {
		switch {
		case a.Seed < b.Seed:
			return -1
		case a.Seed > b.Seed:
			return 1
		}
		return 0
	})
	s := analysis.Summarize(recs)
	h := m.Header
	p := &Page{
		Title:   fmt.Sprintf("%s: %s analyzed", h.Game, words.Count(s.Deals, "deal")),
		Deals:   words.Count(s.Deals, "deal"),
		Summary: s,
		Share: fmt.Sprintf("%s of decided deals; the 95%% Wilson interval over all deals is %s .. %s (unknown deals counted lost for the lower bound, won for the upper)",
			pct(s.WinRate), pct(s.WinLow), pct(s.WinHigh)),
		Notes: m.Notes,
	}
	var files []string
	for _, f := range m.Files {
		files = append(files, f.Name)
	}
	p.Header = []Row{
		{"game", h.Game},
		{"rules", h.Rules.Flags()},
		{"strategy", h.Strategy},
		{"limits", h.Limits.Text()},
		{"seeds", seedsText(m.Files)},
		{"commit", perFile(m.Files, func(h analysis.Header) string { return h.Commit })},
		{"machine", perFile(m.Files, machineText)},
		{"started", perFile(m.Files, func(h analysis.Header) string { return h.Started })},
		{"files", strings.Join(files, ", ")},
	}
	for _, r := range recs {
		if r.Result == analysis.Unknown {
			p.Unknown = append(p.Unknown, r)
		}
	}
	charts := []struct {
		name, caption string
		draw          func([]analysis.Record, analysis.Summary) (*plot.Plot, error)
		legend        []Key
	}{
		{"share", "Winnable share of the decided deals, with the 95% Wilson interval over all deals (unknown deals counted lost, then won)", shareChart, nil},
		{"narrowing", "The 95% Wilson interval as deals are added, in seed order", narrowingChart, []Key{
			{Label: "95% Wilson interval (unknown deals lost / won)", Color: cssColor(bandColor)},
			{Label: "winnable / decided", Color: cssColor(intervalColor), Line: true}}},
		{"nodes", "Nodes searched per deal (log scale)", func(r []analysis.Record, _ analysis.Summary) (*plot.Plot, error) {
			return histogram(r, "nodes", logTicks{}, func(x analysis.Record) (float64, bool) { return math.Log10(float64(max(x.Nodes, 1))), true })
		}, nil},
		{"time", "Solve time per deal (milliseconds, log scale)", func(r []analysis.Record, _ analysis.Summary) (*plot.Plot, error) {
			return histogram(r, "ms", logTicks{}, func(x analysis.Record) (float64, bool) { return math.Log10(max(x.MS, 1e-3)), true })
		}, nil},
		{"moves", "Length of the winning line (moves), winnable deals", func(r []analysis.Record, _ analysis.Summary) (*plot.Plot, error) {
			return histogram(r, "moves", wholeTicks{}, func(x analysis.Record) (float64, bool) { return float64(x.Moves), x.Result == analysis.Winnable })
		}, nil},
		{"difficulty", "Difficulty of the winnable deals (analyze --difficulty, docs/difficulty.md): the plain player's score, percent of play-outs won (ventaglio: cards up per play-out)", func(r []analysis.Record, _ analysis.Summary) (*plot.Plot, error) {
			return histogram(r, "score", wholeTicks{}, func(x analysis.Record) (float64, bool) {
				if x.Difficulty == nil {
					return 0, false
				}
				return x.Difficulty.Score, true
			})
		}, nil},
		{"unknown", "Unknown deals by reason", unknownChart, nil},
	}
	for _, c := range charts {
		pl, err := c.draw(recs, s)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %v", c.name, err)
		}
		if pl == nil {
			continue // nothing to draw (no winnable deal, no unknown deal)
		}
		svg, err := toSVG(pl)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %v", c.name, err)
		}
		p.Charts = append(p.Charts, Chart{Name: c.name, Caption: c.caption, SVG: template.HTML(svg), Legend: c.legend})
	}
	return p, nil
}

// Write writes the page of m to w.
func Write(w io.Writer, m *analysis.Merged) error {
	p, err := Build(m)
	if err != nil {
		return err
	}
	return page.Execute(w, p)
}

// The charts' colours: bars steel blue, the interval red.
var (
	barColor      = color.RGBA{R: 70, G: 110, B: 160, A: 255}
	intervalColor = color.RGBA{R: 190, G: 40, B: 40, A: 255}
	bandColor     = color.RGBA{R: 240, G: 180, B: 180, A: 255}
)

// seedsText is the seed ranges of the files, each with the shards of it
// there are files of, in index order: "1..400, shards 0/2, 1/2"; a range
// not split names no shard: "1..400".
func seedsText(files []*analysis.File) string {
	var ranges []string
	shards := map[string][]analysis.Shard{}
	for _, f := range files {
		r := f.Header.Seeds.String()
		if _, ok := shards[r]; !ok {
			ranges = append(ranges, r)
			shards[r] = nil
		}
		if f.Header.Shard.Count > 1 {
			shards[r] = append(shards[r], f.Header.Shard)
		}
	}
	var parts []string
	for _, r := range ranges {
		sh := shards[r]
		if len(sh) == 0 {
			parts = append(parts, r)
			continue
		}
		slices.SortFunc(sh, func(a, b analysis.Shard) int { return a.Index - b.Index })
		names := make([]string, len(sh))
		for i, x := range sh {
			names[i] = x.String()
		}
		parts = append(parts, r+", "+words.Noun(len(sh), "shard")+" "+strings.Join(names, ", "))
	}
	return strings.Join(parts, "; ")
}

// machineText is the machine row of one file's header: "vm, linux/amd64,
// 2 cores, go1.26.8, 2 workers".
func machineText(h analysis.Header) string {
	return fmt.Sprintf("%s, %s/%s, %s, %s, %s", h.Machine.Hostname, h.Machine.GOOS, h.Machine.GOARCH, words.Count(h.Machine.Cores, "core"), h.Machine.Go, words.Count(h.Workers, "worker"))
}

// perFile is a run row over the files' headers (each file's first, then
// those of its resumed runs): the one value when every header has it, else
// each distinct value once, in the files' order, with the files that have
// it ("a1 (s0.jsonl); b2 (s1.jsonl, s2.jsonl)"): shards run on several
// machines, or at several commits, say so.
func perFile(files []*analysis.File, value func(analysis.Header) string) string {
	var values []string
	names := map[string][]string{}
	for _, f := range files {
		for _, h := range append([]analysis.Header{f.Header}, f.Resumes...) {
			v := value(h)
			if _, ok := names[v]; !ok {
				values = append(values, v)
			}
			if !slices.Contains(names[v], f.Name) {
				names[v] = append(names[v], f.Name)
			}
		}
	}
	if len(values) == 1 {
		return values[0]
	}
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = fmt.Sprintf("%s (%s)", v, strings.Join(names[v], ", "))
	}
	return strings.Join(parts, "; ")
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// toSVG renders pl as an SVG element (the XML prolog dropped: it sits in
// HTML).
func toSVG(pl *plot.Plot) (string, error) {
	// Drawn as wide as the page's column (CSS scales it to the width), a
	// margin on the right and at the top so that the last tick's label and
	// the highest bar stay whole inside the frame.
	c := vgsvg.New(chartWidth, chartHeight)
	pl.X.Label.Padding += vg.Points(3) // clear of the tick labels' boxes
	pl.Draw(draw.Crop(draw.New(c), chartMargin/2, -chartMargin, chartMargin/2, -chartMargin/2))
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return "", err
	}
	s := b.String()
	if i := strings.Index(s, "<svg"); i >= 0 {
		s = s[i:]
	}
	return s, nil
}

// The charts' size: 9.6 by 3.8 inches, 922 by 365 pixels, about the page's
// column (1000 px less its padding), and the margin kept free around them.
const (
	chartWidth  = 9.6 * vg.Inch
	chartHeight = 3.8 * vg.Inch
	chartMargin = 16 * vg.Millimeter / 4
)

// cssColor is c as CSS writes it.
func cssColor(c color.RGBA) template.CSS {
	return template.CSS(fmt.Sprintf("rgb(%d,%d,%d)", c.R, c.G, c.B))
}

// shareChart is the share of winnable deals among the decided ones, with
// the Wilson interval as an error bar, beside the counts' shares.
func shareChart(_ []analysis.Record, s analysis.Summary) (*plot.Plot, error) {
	p := plot.New()
	p.Y.Label.Text = "share of deals"
	p.Y.Min, p.Y.Max = 0, 1
	n := float64(max(s.Deals, 1))
	bars, err := plotter.NewBarChart(plotter.Values{float64(s.Winnable) / n, float64(s.Unwinnable) / n, float64(s.Unknown) / n}, vg.Points(40))
	if err != nil {
		return nil, err
	}
	bars.Color = barColor
	bars.LineStyle.Width = 0
	p.Add(bars)
	est := plotter.XYs{{X: 3, Y: s.WinRate}}
	sc, err := plotter.NewScatter(est)
	if err != nil {
		return nil, err
	}
	eb, err := plotter.NewYErrorBars(struct {
		plotter.XYer
		plotter.YErrorer
	}{est, plotter.YErrors{{Low: s.WinRate - s.WinLow, High: s.WinHigh - s.WinRate}}})
	if err != nil {
		return nil, err
	}
	eb.LineStyle.Width = vg.Points(2)
	eb.LineStyle.Color = intervalColor
	sc.Color = intervalColor
	p.Add(sc, eb)
	p.NominalX("winnable", "unwinnable", "unknown", "winnable share (95% Wilson)")
	p.X.Min, p.X.Max = -0.6, 3.6
	return p, nil
}

// narrowingChart is the Wilson interval (lower and upper bound) and the
// share of decided deals after the first k deals, k = 1..n in seed order.
func narrowingChart(recs []analysis.Record, _ analysis.Summary) (*plot.Plot, error) {
	p := plot.New()
	p.X.Label.Text = "deals"
	p.Y.Label.Text = "winnable share"
	p.Y.Min, p.Y.Max = 0, 1
	var lo, hi, est plotter.XYs
	step := max(1, len(recs)/400) // at most ~400 points a line
	for k := 1; k <= len(recs); k++ {
		if k%step != 0 && k != len(recs) {
			continue
		}
		s := analysis.Summarize(recs[:k])
		x := float64(k)
		lo = append(lo, plotter.XY{X: x, Y: s.WinLow})
		hi = append(hi, plotter.XY{X: x, Y: s.WinHigh})
		est = append(est, plotter.XY{X: x, Y: s.WinRate})
	}
	// The interval as a band (the lower bound out, the upper back), the
	// share of decided deals as a line over it.
	ring := append(slices.Clone(lo), hi...)
	slices.Reverse(ring[len(lo):])
	band, err := plotter.NewPolygon(ring)
	if err != nil {
		return nil, err
	}
	band.Color = bandColor
	band.LineStyle.Width = 0
	line, err := plotter.NewLine(est)
	if err != nil {
		return nil, err
	}
	line.Color = intervalColor
	line.Width = vg.Points(1.5)
	p.Add(band, line) // the legend is the page's (Chart.Legend), under the plot
	return p, nil
}

// histogram of value over the records it accepts; nil when none does.
func histogram(recs []analysis.Record, label string, ticks plot.Ticker, value func(analysis.Record) (float64, bool)) (*plot.Plot, error) {
	var v plotter.Values
	for _, r := range recs {
		if x, ok := value(r); ok {
			v = append(v, x)
		}
	}
	if len(v) == 0 {
		return nil, nil
	}
	bins := min(40, max(5, int(math.Sqrt(float64(len(v))))))
	if lo, hi := slices.Min(v), slices.Max(v); lo == hi {
		bins = 1
	}
	h, err := plotter.NewHist(v, bins)
	if err != nil {
		return nil, err
	}
	h.FillColor = barColor
	p := plot.New()
	p.X.Label.Text = label
	p.X.Tick.Marker = ticks
	p.Y.Label.Text = "deals"
	p.Y.Tick.Marker = wholeTicks{} // a count of deals: never "25.00"
	p.Add(h)
	return p, nil
}

// logTicks marks an axis of log10 values with the values themselves, at 1,
// 2 and 5 times the powers of ten in its range (every whole multiple when
// those are fewer than two, the powers alone over more than three
// decades): "20", "50", "100", "2k", "0.5". Labelled with
// their logarithms, 10 nodes read as "1" and 50 as "1.7".
type logTicks struct{}

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	at := func(mults []float64) []plot.Tick {
		var ticks []plot.Tick
		for e := math.Floor(lo); e <= math.Ceil(hi); e++ {
			for _, m := range mults {
				x := e + math.Log10(m)
				if x >= lo-1e-9 && x <= hi+1e-9 {
					ticks = append(ticks, plot.Tick{Value: x, Label: tickValue(m * math.Pow(10, e))})
				}
			}
		}
		return ticks
	}
	if hi-lo > 3 { // more than three decades: the powers of ten alone
		return at([]float64{1})
	}
	if ticks := at([]float64{1, 2, 5}); len(ticks) >= 2 {
		return ticks
	}
	return at([]float64{1, 2, 3, 4, 5, 6, 7, 8, 9})
}

// tickValue is v for a tick label: "50", "0.02", "2k", "5M".
func tickValue(v float64) string {
	for _, u := range []struct {
		size float64
		name string
	}{{1e9, "G"}, {1e6, "M"}, {1e3, "k"}} {
		if v >= u.size {
			return strconv.FormatFloat(v/u.size, 'g', 3, 64) + u.name
		}
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// wholeTicks marks an axis of whole numbers (moves, deals) at whole
// numbers only: a line of 52.5 moves is no length, "25.00" deals no count.
type wholeTicks struct{}

func (wholeTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for _, t := range (plot.DefaultTicks{}).Ticks(lo, hi) {
		if t.Label != "" && t.Value == math.Trunc(t.Value) {
			ticks = append(ticks, plot.Tick{Value: t.Value, Label: strconv.FormatFloat(t.Value, 'f', 0, 64)})
		}
	}
	if len(ticks) < 2 {
		// Every whole number a tick, at most about 8 of them labelled:
		// more crowd each other and the axis's own label.
		ticks = nil
		step := max(1, int(math.Ceil((math.Floor(hi)-math.Ceil(lo)+1)/8)))
		for i, v := 0, math.Ceil(lo); v <= math.Floor(hi); i, v = i+1, v+1 {
			t := plot.Tick{Value: v}
			if i%step == 0 {
				t.Label = strconv.FormatFloat(v, 'f', 0, 64)
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// unknownChart counts the unknown deals by reason; nil when there are none.
func unknownChart(_ []analysis.Record, s analysis.Summary) (*plot.Plot, error) {
	if s.Unknown == 0 {
		return nil, nil
	}
	var reasons []string
	for r := range s.UnknownBy {
		reasons = append(reasons, r)
	}
	slices.Sort(reasons)
	var v plotter.Values
	for _, r := range reasons {
		v = append(v, float64(s.UnknownBy[r]))
	}
	bars, err := plotter.NewBarChart(v, vg.Points(40))
	if err != nil {
		return nil, err
	}
	bars.Color = barColor
	bars.LineStyle.Width = 0
	p := plot.New()
	p.Y.Label.Text = "deals"
	p.Add(bars)
	p.NominalX(reasons...)
	return p, nil
}
