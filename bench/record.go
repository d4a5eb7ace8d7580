package bench

import (
	"bufio"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/solitario/solitario/solution"
)

// Record says what was run, on what, with which limits: enough to repeat a
// run and to know whether two runs are comparable.
type Record struct {
	Game       string         `json:"game"`
	Source     string         `json:"source"`            // "seeds 1..500" or "corpus DIR"
	Command    []string       `json:"command,omitempty"` // the command line that made the run, program first
	Rules      solution.Rules `json:"rules"`             // as asked; corpus files may set their own
	Strategies []string       `json:"strategies"`
	Deals      int            `json:"deals"`     // deals asked for
	DealsRun   int            `json:"deals_run"` // deals finished (fewer when interrupted)

	// Commit is the VCS revision the binary was built from
	// (runtime/debug.ReadBuildInfo, vcs.revision), "unknown" when the build
	// carries none (go run, go test, or -buildvcs=false); Modified is
	// vcs.modified: the tree had uncommitted changes.
	Commit     string `json:"commit"`
	Modified   bool   `json:"modified"`
	GoVersion  string `json:"go_version"`
	OS         string `json:"os"`
	Arch       string `json:"arch"`
	CPU        string `json:"cpu"`   // /proc/cpuinfo "model name"; "" when unknown
	Cores      int    `json:"cores"` // runtime.NumCPU
	GOMAXPROCS int    `json:"gomaxprocs"`
	MemTotal   uint64 `json:"mem_total_bytes"` // /proc/meminfo MemTotal; 0 when unknown

	MaxNodes   int64         `json:"max_nodes"`    // per search; 0 = none
	Timeout    time.Duration `json:"-"`            // per search; 0 = none
	TimeoutMS  int64         `json:"timeout_ms"`   // Timeout in milliseconds
	TTMemBytes int64         `json:"tt_mem_bytes"` // each search's fresh table
	Started    time.Time     `json:"started"`
	Elapsed    time.Duration `json:"-"`
	ElapsedMS  int64         `json:"elapsed_ms"` // the whole run, wall time
}

func newRecord(cfg Config) Record {
	r := Record{
		Game:       cfg.Game.Name,
		Source:     cfg.Source,
		Command:    cfg.Command,
		Rules:      cfg.Rules.JSON(),
		Deals:      len(cfg.Deals),
		Commit:     "unknown",
		GoVersion:  runtime.Version(),
		OS:         runtime.GOOS,
		Arch:       runtime.GOARCH,
		Cores:      runtime.NumCPU(),
		GOMAXPROCS: runtime.GOMAXPROCS(0),
		MaxNodes:   cfg.MaxNodes,
		Timeout:    cfg.Timeout,
		TimeoutMS:  cfg.Timeout.Milliseconds(),
		TTMemBytes: cfg.TTMem,
		Started:    time.Now().UTC().Truncate(time.Second),
	}
	for _, s := range cfg.Strategies {
		r.Strategies = append(r.Strategies, s.Name)
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				r.Commit = s.Value
			case "vcs.modified":
				r.Modified = s.Value == "true"
			}
		}
	}
	r.CPU, r.MemTotal = cpuName(), memTotal()
	return r
}

// cpuName is /proc/cpuinfo's "model name", "" when unknown.
func cpuName() string { return procField("/proc/cpuinfo", "model name") }

// memTotal is /proc/meminfo's MemTotal in bytes, 0 when unknown.
func memTotal() uint64 {
	// "16318452 kB"
	if f := strings.Fields(procField("/proc/meminfo", "MemTotal")); len(f) == 2 && f[1] == "kB" {
		if kb, err := strconv.ParseUint(f[0], 10, 64); err == nil {
			return kb << 10
		}
	}
	return 0
}

// procField is the value of the first "key : value" line of a /proc file,
// "" when the file or the key is missing (not Linux).
func procField(file, key string) string {
	fh, err := os.Open(file)
	if err != nil {
		return ""
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
