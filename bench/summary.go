package bench

import (
	"slices"
	"time"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/solver"
)

// Row is one strategy's summary over the deals of a run. Node and time
// figures cover every deal, undecided ones counted up to the limit that
// stopped them, so that all strategies are measured on the same deals.
type Row struct {
	Strategy string `json:"strategy"`
	Table    string `json:"table"` // none, flat or ristretto
	Order    bool   `json:"order"`
	Prune    bool   `json:"prune"`

	Deals      int `json:"deals"`
	Decided    int `json:"decided"` // winnable + unwinnable
	Winnable   int `json:"winnable"`
	Unwinnable int `json:"unwinnable"`
	Unknown    int `json:"unknown"` // stopped by a limit

	NodesMean   float64 `json:"nodes_mean"`
	NodesMedian float64 `json:"nodes_median"`
	NodesMax    int64   `json:"nodes_max"`
	NodesTotal  int64   `json:"nodes_total"`
	Hardest     string  `json:"hardest"` // the deal with NodesMax

	TimeP50   time.Duration `json:"-"` // nearest rank; wall time of table build + Solve
	TimeP95   time.Duration `json:"-"`
	TimeMax   time.Duration `json:"-"`
	TimeTotal time.Duration `json:"-"`
	TimeP50MS float64       `json:"time_p50_ms"`
	TimeP95MS float64       `json:"time_p95_ms"`
	TimeMaxMS float64       `json:"time_max_ms"`
	TotalMS   float64       `json:"time_total_ms"`
	// CPUTotal is the process CPU time of all the strategy's searches (all
	// threads: the search, ristretto's goroutines, the garbage collector).
	// On a busy machine wall time grows and CPU time does not.
	CPUTotal time.Duration `json:"-"`
	CPUMS    float64       `json:"cpu_total_ms"`

	NodesPerSec float64 `json:"nodes_per_sec"` // NodesTotal / TimeTotal
	PeakHeap    uint64  `json:"peak_heap_bytes"`
	// CacheHitRate is table hits / table probes over all deals; nil for a
	// strategy without a table.
	CacheHitRate *float64 `json:"cache_hit_rate"`
}

// DecidedShare is Decided / Deals, 0 for no deals.
func (r Row) DecidedShare() float64 {
	if r.Deals == 0 {
		return 0
	}
	return float64(r.Decided) / float64(r.Deals)
}

// summarize builds one row per strategy from the deals' results.
func summarize(strategies []solver.Strategy, deals []DealResult) []Row {
	rows := make([]Row, 0, len(strategies))
	for i, st := range strategies {
		row := Row{Strategy: st.Name, Table: st.Table, Order: st.Order, Prune: st.Prune}
		var nodes []float64
		var times []time.Duration
		var hits, probes int64
		for _, dr := range deals {
			if i >= len(dr.Runs) {
				continue
			}
			r := dr.Runs[i]
			row.Deals++
			switch r.Verdict {
			case solver.Winnable:
				row.Winnable++
			case solver.Unwinnable:
				row.Unwinnable++
			default:
				row.Unknown++
			}
			nodes = append(nodes, float64(r.Nodes))
			times = append(times, r.Elapsed)
			row.NodesTotal += r.Nodes
			row.TimeTotal += r.Elapsed
			row.CPUTotal += r.CPU
			if r.Nodes > row.NodesMax || row.Hardest == "" {
				row.NodesMax, row.Hardest = r.Nodes, dr.Deal.Name
			}
			row.PeakHeap = max(row.PeakHeap, r.PeakHeap)
			hits += r.CacheHits
			probes += r.Probes
		}
		row.Decided = row.Winnable + row.Unwinnable
		row.NodesMean = Mean(nodes)
		row.NodesMedian = Median(nodes)
		slices.Sort(times)
		row.TimeP50 = analysis.Percentile(times, 50)
		row.TimeP95 = analysis.Percentile(times, 95)
		row.TimeMax = analysis.Percentile(times, 100)
		row.TimeP50MS = ms(row.TimeP50)
		row.TimeP95MS = ms(row.TimeP95)
		row.TimeMaxMS = ms(row.TimeMax)
		row.TotalMS = ms(row.TimeTotal)
		row.CPUMS = ms(row.CPUTotal)
		if row.TimeTotal > 0 {
			row.NodesPerSec = float64(row.NodesTotal) / row.TimeTotal.Seconds()
		}
		if st.Table != solver.TableNone {
			rate := 0.0
			if probes > 0 {
				rate = float64(hits) / float64(probes)
			}
			row.CacheHitRate = &rate
		}
		rows = append(rows, row)
	}
	return rows
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
