package bench

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
)

// Legend explains the columns of the text table; WriteText prints it under
// the table and RESULTS.md quotes it.
const Legend = `decided: deals given a verdict within the limits, of the deals run.
nodes: positions generated per deal (solver.Stats.Nodes), mean and median over all deals
  (a deal stopped by a limit counts the nodes it used).
time: wall time to decide one deal from scratch: build the fresh table, then the game's Solve
  call; nearest-rank p50 and p95, the maximum and the total over all deals. Each search starts
  after the free heap is returned to the system, so like a fresh solve it faults in the memory
  it touches. On deals of a few hundred nodes this fixed cost dominates time and nodes/s.
cpu: process CPU time (user+system, all threads: search, ristretto's goroutines, GC) over the
  same spans, summed; well below total means the searches waited for a core (a busy machine).
nodes/s: all nodes / total time of the strategy.
peak heap: the search's own heap: the largest runtime/metrics /memory/classes/heap/objects:bytes
  (live and unswept heap objects) sampled after the table is built, every 65536 nodes and at
  the end, minus the same figure just before the table was built (after two garbage
  collections): table, stack, the game's buffers and the search's garbage; max over deals.
cache hits: table hits / table probes (children neither won nor on the search path), all deals.
hardest: the deal on which the strategy generated the most nodes.`

// WriteText prints the record, the strategy table, the legend, the verdict
// tally and every disagreement, for people.
func WriteText(w io.Writer, rep *Report) error { return writeText(w, rep, true) }

// WriteCompact is WriteText with the table's main columns only (strategy,
// decided, nodes mean, time p50, p95 and total, nodes/s, peak heap, cache
// hits: about 100 columns, not 190) and no legend, which bench --help
// holds: what bench prints by default.
func WriteCompact(w io.Writer, rep *Report) error { return writeText(w, rep, false) }

// writeText is WriteText, its table whole and the legend under it when wide.
func writeText(w io.Writer, rep *Report, wide bool) error {
	rec := rep.Record
	fmt.Fprintf(w, "solitario bench: %s, %s, rules %s\n", rec.Game, rec.Source, rec.Rules.Flags())
	fmt.Fprintf(w, "commit %s · %s %s/%s · %d cores (GOMAXPROCS %d)", commitText(rec), rec.GoVersion, rec.OS, rec.Arch, rec.Cores, rec.GOMAXPROCS)
	if rec.CPU != "" {
		fmt.Fprintf(w, " · %s", rec.CPU)
	}
	if rec.MemTotal > 0 {
		fmt.Fprintf(w, " · %s RAM", analysis.SizeText(rec.MemTotal))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "limits per search: max-nodes %s, timeout %s, tt-mem %s (a fresh table per search); started %s, took %s\n\n",
		limitText(rec.MaxNodes), durText(rec.Timeout, "none"), analysis.SizeText(uint64(rec.TTMemBytes)),
		rec.Started.Format(time.RFC3339), rec.Elapsed.Round(time.Millisecond))

	cells := [][]string{{"strategy", "table", "order", "prune", "decided", "nodes mean", "median",
		"time p50", "p95", "max", "total", "cpu", "nodes/s", "peak heap", "cache hits", "hardest"}}
	for _, r := range rep.Rows {
		hit := "-"
		if r.CacheHitRate != nil {
			hit = fmt.Sprintf("%.1f%%", 100**r.CacheHitRate)
		}
		cells = append(cells, []string{
			r.Strategy, r.Table, flag(r.Order), flag(r.Prune),
			fmt.Sprintf("%d/%d %.1f%%", r.Decided, r.Deals, 100*r.DecidedShare()),
			count(r.NodesMean), count(r.NodesMedian),
			durText(r.TimeP50, "0"), durText(r.TimeP95, "0"), durText(r.TimeMax, "0"),
			durText(r.TimeTotal, "0"), durText(r.CPUTotal, "-"),
			count(r.NodesPerSec), analysis.SizeText(r.PeakHeap), hit, shortName(r.Hardest)})
	}
	left := 4 // the first four columns are names (left), the rest figures (right)
	if !wide {
		keep := []int{0, 4, 5, 7, 8, 10, 12, 13, 14}
		for i, row := range cells {
			short := make([]string, len(keep))
			for j, k := range keep {
				short[j] = row[k]
			}
			cells[i] = short
		}
		left = 1
	}
	if err := writeTable(w, cells, left); err != nil {
		return err
	}
	fmt.Fprintln(w)
	if wide {
		fmt.Fprintln(w, Legend)
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, tally(rep))
	for _, d := range rep.Disagreements {
		fmt.Fprintf(w, "DISAGREEMENT %s: %s\n", d.Deal, d.Detail)
	}
	if rep.Interrupted {
		fmt.Fprintf(w, "interrupted after %d of %s\n", rec.DealsRun, words.Count(rec.Deals, "deal"))
	}
	return nil
}

// writeTable prints cells as aligned columns two spaces apart: the first
// left columns flush left, the others flush right.
func writeTable(w io.Writer, cells [][]string, left int) error {
	width := map[int]int{}
	for _, row := range cells {
		for i, c := range row {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	for _, row := range cells {
		var b strings.Builder
		for i, c := range row {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if i > 0 {
				b.WriteString("  ")
			}
			if i < left {
				b.WriteString(c + pad)
			} else {
				b.WriteString(pad + c)
			}
		}
		if _, err := fmt.Fprintln(w, strings.TrimRight(b.String(), " ")); err != nil {
			return err
		}
	}
	return nil
}

// tally is the one-line verdict summary.
func tally(rep *Report) string {
	var won, lost, open int
	for _, dr := range rep.Deals {
		switch dr.Verdict {
		case solver.Winnable:
			won++
		case solver.Unwinnable:
			lost++
		default:
			open++
		}
	}
	s := fmt.Sprintf("verdicts: %s: %d winnable (every winning line replayed by the referee), %d unwinnable, %d undecided or disputed",
		words.Count(len(rep.Deals), "deal"), won, lost, open)
	if len(rep.Disagreements) == 0 {
		return s + "; no disagreement"
	}
	return s + fmt.Sprintf("; DISAGREEMENTS on %s", words.Count(rep.DisputedDeals(), "deal"))
}

func commitText(r Record) string {
	c := r.Commit
	if len(c) > 12 {
		c = c[:12]
	}
	if r.Modified {
		c += " (modified tree)"
	}
	return c
}

func limitText(n int64) string {
	if n == 0 {
		return "none"
	}
	return strconv.FormatInt(n, 10)
}

func flag(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// count prints a count compactly with three significant digits: 987, 12.3k, 4.56M.
func count(x float64) string {
	switch {
	case x < 1e3 && x == math.Trunc(x):
		return strconv.FormatFloat(x, 'f', 0, 64)
	case x < 1e3:
		return strconv.FormatFloat(x, 'f', 1, 64)
	case x < 1e6:
		return sig3(x/1e3) + "k"
	case x < 1e9:
		return sig3(x/1e6) + "M"
	}
	return sig3(x/1e9) + "G"
}

func sig3(x float64) string {
	switch {
	case x < 10:
		return strconv.FormatFloat(x, 'f', 2, 64)
	case x < 100:
		return strconv.FormatFloat(x, 'f', 1, 64)
	}
	return strconv.FormatFloat(x, 'f', 0, 64)
}

// durText rounds a duration to three significant digits; zero prints zero.
func durText(d time.Duration, zero string) string {
	switch {
	case d == 0:
		return zero
	case d < time.Microsecond:
		return d.String()
	case d < time.Millisecond:
		return sig3(float64(d)/1e3) + "µs"
	case d < time.Second:
		return sig3(float64(d)/1e6) + "ms"
	}
	return sig3(d.Seconds()) + "s"
}

// shortName drops a deal file's directories; seeds stay "seed N".
func shortName(name string) string {
	if strings.HasPrefix(name, "seed ") {
		return name
	}
	return filepath.Base(name)
}

// jsonReport is the shape of --json.
type jsonReport struct {
	Record        Record         `json:"record"`
	Strategies    []Row          `json:"strategies"`
	Disagreements []Disagreement `json:"disagreements"`
	Interrupted   bool           `json:"interrupted"`
	Deals         []jsonDeal     `json:"deals"`
}

type jsonDeal struct {
	Deal    string         `json:"deal"`
	Seed    *uint64        `json:"seed,omitempty"`
	File    string         `json:"file,omitempty"`
	Rules   solution.Rules `json:"rules"`
	Expect  string         `json:"expect,omitempty"`
	Verdict string         `json:"verdict"` // agreed verdict; unknown if none or disputed
	Runs    []jsonRun      `json:"runs"`
}

type jsonRun struct {
	Strategy    string  `json:"strategy"`
	Verdict     string  `json:"verdict"`
	Reason      string  `json:"reason,omitempty"`
	Nodes       int64   `json:"nodes"`
	CacheHits   int64   `json:"cache_hits"`
	Probes      int64   `json:"probes"`
	ElapsedMS   float64 `json:"elapsed_ms"`
	CPUMS       float64 `json:"cpu_ms"`
	PeakHeap    uint64  `json:"peak_heap_bytes"`
	Moves       int     `json:"moves,omitempty"` // a winning line's length as written
	VerifyError string  `json:"verify_error,omitempty"`
}

// WriteJSON prints the report as one JSON object: "record", "strategies"
// (the rows), "disagreements" (always an array), "interrupted" and "deals"
// (every deal with every strategy's run).
func WriteJSON(w io.Writer, rep *Report) error {
	out := jsonReport{Record: rep.Record, Strategies: rep.Rows, Disagreements: rep.Disagreements, Interrupted: rep.Interrupted}
	if out.Disagreements == nil {
		out.Disagreements = []Disagreement{}
	}
	out.Deals = make([]jsonDeal, 0, len(rep.Deals))
	for _, dr := range rep.Deals {
		jd := jsonDeal{Deal: dr.Deal.Name, Seed: dr.Deal.Seed, File: dr.Deal.File, Rules: dr.Deal.Rules.JSON(), Verdict: dr.Verdict.String()}
		if dr.Deal.Expect != solver.Unknown {
			jd.Expect = dr.Deal.Expect.String()
		}
		for _, r := range dr.Runs {
			jr := jsonRun{Strategy: r.Strategy, Verdict: r.Verdict.String(), Reason: r.Reason, Nodes: r.Nodes,
				CacheHits: r.CacheHits, Probes: r.Probes, ElapsedMS: ms(r.Elapsed), CPUMS: ms(r.CPU), PeakHeap: r.PeakHeap, Moves: r.Moves}
			if r.VerifyErr != nil {
				jr.VerifyError = r.VerifyErr.Error()
			}
			jd.Runs = append(jd.Runs, jr)
		}
		out.Deals = append(out.Deals, jd)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// CSVHeader is the first line of --csv. Each row is one strategy and repeats
// the record's essentials, so rows of several runs can be concatenated.
func CSVHeader() []string {
	return []string{
		"game", "source", "strategy", "table", "order", "prune",
		"deals", "decided", "winnable", "unwinnable", "unknown",
		"nodes_mean", "nodes_median", "nodes_max", "hardest",
		"time_p50_ms", "time_p95_ms", "time_max_ms", "time_total_ms", "cpu_total_ms",
		"nodes_per_sec", "peak_heap_bytes", "cache_hit_rate",
		"disagreements", "commit", "go_version", "cores", "max_nodes", "timeout_ms", "tt_mem_bytes",
	}
}

// WriteCSV prints CSVHeader() and one row per strategy. cache_hit_rate is
// empty for a strategy without a table; times are milliseconds.
func WriteCSV(w io.Writer, rep *Report) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader()); err != nil {
		return err
	}
	rec := rep.Record
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	for _, r := range rep.Rows {
		hit := ""
		if r.CacheHitRate != nil {
			hit = f(*r.CacheHitRate)
		}
		row := []string{
			rec.Game, rec.Source, r.Strategy, r.Table, strconv.FormatBool(r.Order), strconv.FormatBool(r.Prune),
			strconv.Itoa(r.Deals), strconv.Itoa(r.Decided), strconv.Itoa(r.Winnable), strconv.Itoa(r.Unwinnable), strconv.Itoa(r.Unknown),
			f(r.NodesMean), f(r.NodesMedian), strconv.FormatInt(r.NodesMax, 10), r.Hardest,
			f(r.TimeP50MS), f(r.TimeP95MS), f(r.TimeMaxMS), f(r.TotalMS), f(r.CPUMS),
			f(r.NodesPerSec), strconv.FormatUint(r.PeakHeap, 10), hit,
			strconv.Itoa(len(rep.Disagreements)), rec.Commit, rec.GoVersion, strconv.Itoa(rec.Cores),
			strconv.FormatInt(rec.MaxNodes, 10), strconv.FormatInt(rec.TimeoutMS, 10), strconv.FormatInt(rec.TTMemBytes, 10),
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
