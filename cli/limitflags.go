package cli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dustin/go-humanize"
	"github.com/spf13/cobra"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solver"
)

// Default search limits: generous enough that every seed the issues name is
// decided (bench/RESULTS.md).
const (
	defaultMaxNodes = solver.DefaultMaxNodes
	defaultTimeout  = 0
	defaultTTMem    = "256MiB"
)

// limitFlags bound a search and pick its strategy and table.
type limitFlags struct {
	maxNodes int64
	timeout  time.Duration
	ttMem    string
	tt       string
	strategy string
}

// add adds the flags to c; perWorker says that c runs several searches at
// once (--workers), which share --tt-mem.
func (f *limitFlags) add(c *cobra.Command, perWorker bool) {
	ttMemDoc := "memory for the transposition table, e.g. 64MiB, 1GiB (" + ttMemRange + "); while it grows the process holds up to twice the table, and Il Ventaglio up to 350 MiB more for its search (README, \"Memory\")"
	if perWorker {
		ttMemDoc = "memory for the transposition tables of all workers together, e.g. 64MiB, 1GiB (" + ttMemRange + "); Il Ventaglio needs up to 350 MiB more a worker for its search (README, \"Memory\")"
	}
	decimalVar(c.Flags(), &f.maxNodes, "max-nodes", "", defaultMaxNodes, "stop a deal's search after this many nodes (0 = no limit); the result is unknown")
	c.Flags().DurationVar(&f.timeout, "timeout", defaultTimeout, "stop a deal's search after this wall time, e.g. 30s (0 = none)")
	c.Flags().StringVar(&f.ttMem, "tt-mem", defaultTTMem, ttMemDoc)
	c.Flags().Var(nonEmptyValue{stringFlag{&f.tt}, "empty table name (want flat, ristretto or none)"}, "tt", "transposition table: flat, ristretto or none (default: the strategy's; a strategy named by its table, such as dfs-flat, takes no other)")
	c.Flags().StringVar(&f.strategy, "strategy", solver.DefaultStrategy, "search strategy (see 'solitario strategies')")
	completeValues(c, "tt", "flat", "ristretto", "none")
	completeValues(c, "strategy", strategyNames()...)
}

// searchLimits are limitFlags checked: the strategy (its table kind set by --tt),
// the table budget in bytes and the search options.
type searchLimits struct {
	strategy solver.Strategy
	ttMem    int64
	opts     solver.Options // without Table
	workers  int            // solve's --workers (0: one)
}

// parse checks the flags for a search of game g.
func (f *limitFlags) parse(g games.Entry) (searchLimits, error) {
	var p searchLimits
	st, err := lookupStrategy(f.strategy, g)
	if err != nil {
		return p, fmt.Errorf("--strategy: %v", err)
	}
	if f.tt != "" {
		if err := solver.CheckTable(f.tt); err != nil {
			return p, fmt.Errorf("--tt: %v", err)
		}
		if f.tt != st.Table && st.OwnTable {
			return p, fmt.Errorf("--tt %s contradicts --strategy %s, which uses %s: give a strategy with %s ('solitario strategies' lists them), or leave --tt out",
				f.tt, st.Name, tableWords(st.Table), tableWords(f.tt))
		}
		st.Table = f.tt
	}
	mem, err := parseTTMem(f.ttMem, physicalMemory())
	if err != nil {
		return p, err
	}
	if err := checkLimits(f.maxNodes, f.timeout); err != nil {
		return p, err
	}
	p.strategy, p.ttMem = st, mem
	p.opts = solver.Options{MaxNodes: f.maxNodes, Timeout: f.timeout}
	return p, nil
}

// checkLimits is the one check of --max-nodes and --timeout.
func checkLimits(maxNodes int64, timeout time.Duration) error {
	if maxNodes < 0 {
		return fmt.Errorf("--max-nodes %d: must be 0 (no limit) or more", maxNodes)
	}
	if timeout < 0 {
		return fmt.Errorf("--timeout %s: must be 0 (none) or more", timeout)
	}
	return nil
}

// ttMemRange is what --tt-mem accepts, for the flags' help.
const ttMemRange = "1MiB to 1TiB, at most the machine's memory"

// parseTTMem reads a --tt-mem value with parseBytes and rejects one larger
// than phys, the machine's physical memory in bytes, before anything is
// allocated: such a table would swap or be killed rather than search. phys
// 0 means unknown (not Linux, or sysinfo failed): no check. The error names
// the flag, the value and the machine's memory.
func parseTTMem(s string, phys uint64) (int64, error) {
	n, err := parseBytes(s)
	if err != nil {
		return 0, fmt.Errorf("--tt-mem %q: %v", s, err)
	}
	if phys > 0 && uint64(n) > phys {
		return 0, fmt.Errorf("--tt-mem %q: %s is more than this machine's physical memory (%s)",
			s, humanize.IBytes(uint64(n)), humanize.IBytes(phys))
	}
	return n, nil
}

// parseBytes reads a size like 256MiB, 1GB or 1048576 (bytes), from 1 MiB
// to 1 TiB.
func parseBytes(s string) (int64, error) {
	var n uint64
	if b, err := strconv.ParseUint(s, 10, 64); err == nil {
		n = b
	} else if n, err = humanize.ParseBytes(s); err != nil {
		if strings.Contains(err.Error(), "too large") || errors.Is(err, strconv.ErrRange) {
			return 0, fmt.Errorf("between 1MiB and 1TiB")
		}
		return 0, fmt.Errorf("not a size (e.g. 256MiB)")
	}
	if n < 1<<20 || n > 1<<40 {
		return 0, fmt.Errorf("between 1MiB and 1TiB")
	}
	return int64(n), nil
}

// maxSolveWorkers bounds --workers of one solve: Il Ventaglio's plans have
// at most eight steps to split, so more goroutines would idle.
const maxSolveWorkers = 8

// solveWorkersFlag adds --workers (-j) to a command that makes one solve
// (solve, hint): Il Ventaglio's plan split among that many goroutines.
func solveWorkersFlag(c *cobra.Command, n *int) {
	spanVar(c.Flags(), n, "workers", "j", 1, 1, maxSolveWorkers, "Il Ventaglio: split the plan's steps among this many goroutines, each step keeping its nodes (the same verdict at --max-nodes in less wall time; the line may differ run to run); the other games search once (1 to "+strconv.Itoa(maxSolveWorkers)+")")
}

// solveWorkers checks a --workers n of one solve (set: it was given; an
// options struct's 0 is one).
func solveWorkers(n int, set bool) (int, error) {
	if n < 0 || n > maxSolveWorkers || set && n == 0 {
		return 0, fmt.Errorf("--workers %d: must be 1 to %d (a goroutine for each step of Il Ventaglio's plan at most)", n, maxSolveWorkers)
	}
	return max(n, 1), nil
}
