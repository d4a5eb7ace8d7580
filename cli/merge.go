package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/words"
)

// mergeJSON is merge --json's object.
type mergeJSON struct {
	Run     analysis.Header  `json:"run"` // the first file's header
	Files   []mergeFile      `json:"files"`
	Summary analysis.Summary `json:"summary"`
	Notes   []string         `json:"notes,omitempty"`
}

type mergeFile struct {
	Name     string         `json:"name"`
	Seeds    analysis.Range `json:"seeds"`
	Shard    analysis.Shard `json:"shard"`
	Deals    int            `json:"deals"`
	Expected json.Number    `json:"expected"` // 2^64 for all seeds: beyond uint64
	Commit   string         `json:"commit"`
	Host     string         `json:"host"`
}

// mergeOptions are the merge command's flags and files.
type mergeOptions struct {
	files  []string
	json   bool
	lookup func(string) (games.Entry, error) // the games table; tests pass fakes
}

// newMergeCmd summarises shard files. The flags fill a mergeOptions, which
// runF (nil: runMerge) gets: tests pass their own.
func newMergeCmd(io *IO, runF func(*mergeOptions) error) *cobra.Command {
	o := mergeOptions{lookup: games.Lookup}
	c := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Combine the JSONL files of analyze shards into one summary",
		Long: `merge reads JSONL files written by 'analyze --jsonl' (typically one per --shard) and
prints the summary of all their deals together, as analyze would for one run.

The files must be one analysis: the same game, rules, strategy and limits (their headers
are compared), the files of one seed range must be shards of one split (the same shard
count N), and no seed may appear twice. A line torn by a crash at the end of a file
is ignored with a note on stderr. A file missing some deals of its shard, or a shard with
no file, is merged with a note, and merge exits 6: the summary covers only the deals
there (resume the shard, then merge again).

Exit codes:
  0    every deal of the analysis merged
  2    error: a file unreadable, not analyze's, of another analysis, a seed range cut into
       different shard counts, a seed twice
  5    the output could not be written
  6    deals missing (the summary of those present is printed)
  130  interrupted (Ctrl-C) while waiting for a file (a FIFO that nothing writes)
  141  standard output was a pipe whose reader went away (| head -1): no message`,
		Example: `  solitario merge reloj-0.jsonl reloj-1.jsonl
  solitario merge results/reloj-*.jsonl --json > reloj-summary.json`,
		Args: func(c *cobra.Command, files []string) error {
			return fileArgs(c, files, "solitario merge reloj-0.jsonl reloj-1.jsonl")
		},
		RunE: func(_ *cobra.Command, files []string) error {
			o.files = files
			if runF != nil {
				return runF(&o)
			}
			return runMerge(io, &o)
		},
	}
	c.Flags().BoolVar(&o.json, "json", false, "print the first header, the files and the summary as JSON")
	return c
}

// runMerge reads the files and prints their summary, as text or JSON.
func runMerge(io *IO, o *mergeOptions) error {
	m, err := mergeFiles(io, o.files, o.lookup)
	if err != nil {
		return err
	}
	sum := analysis.Summarize(m.Records)
	for _, n := range m.Notes {
		fmt.Fprintln(io.Err, "solitario: merge: note:", n)
	}
	if o.json {
		out := mergeJSON{Run: m.Header, Summary: sum, Notes: m.Notes}
		for _, f := range m.Files {
			out.Files = append(out.Files, mergeFile{Name: f.Name, Seeds: f.Header.Seeds, Shard: f.Header.Shard,
				Deals: len(f.Records), Expected: json.Number(analysis.CountSeedsText(f.Header.Seeds, f.Header.Shard)),
				Commit: f.Header.Commit, Host: f.Header.Machine.Hostname})
		}
		enc := json.NewEncoder(io.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return withCode(ExitError, err)
		}
		return mergeIncomplete(m)
	}
	h := m.Header
	fmt.Fprintf(io.Out, "game        %s  (%s)\n", h.Game, analysis.RulesString(h.Rules))
	fmt.Fprintf(io.Out, "search      strategy %s, %s\n", h.Strategy, h.Limits.Text())
	var parts []string
	for _, f := range m.Files {
		parts = append(parts, fmt.Sprintf("%s (seeds %s shard %s, %s)", f.Name, f.Header.Seeds, f.Header.Shard, words.Count(len(f.Records), "deal")))
	}
	fmt.Fprintf(io.Out, "files       %s\n", strings.Join(parts, ", "))
	fmt.Fprint(io.Out, sum.Text())
	return mergeIncomplete(m)
}

// mergeIncomplete is exit 6 when deals are missing, for the text and the
// JSON alike: the notes say which, the status lets a script tell.
func mergeIncomplete(m *analysis.Merged) error {
	if m.Incomplete {
		return withCode(ExitIncomplete, errors.New("incomplete: the files miss deals of the analysis (notes above); the summary covers the deals there"))
	}
	return nil
}

// mergeFiles is analysis.Merge of files, the error with its exit code.
// Ctrl-C while it waits for a file (a FIFO that nothing writes) ends the
// command at once, exit 130, as readInput does; the merge goes on in its
// goroutine, which the process leaves as it exits.
func mergeFiles(sio *IO, files []string, lookup func(string) (games.Entry, error)) (*analysis.Merged, error) {
	type result struct {
		m   *analysis.Merged
		err error
	}
	done := make(chan result, 1)
	go func() {
		m, err := analysis.Merge(files, lookup)
		done <- result{m, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			return nil, withCode(ExitError, r.err)
		}
		return r.m, nil
	case <-sio.Done:
		for _, f := range files {
			if st, err := os.Stat(f); err == nil && st.Mode()&os.ModeNamedPipe != 0 {
				// The first FIFO: the one a blocked open waits on, most likely.
				return nil, withCode(ExitInterrupted, fmt.Errorf("%s: interrupted while waiting for the file; nothing was done", f))
			}
		}
		return nil, withCode(ExitInterrupted, errors.New("interrupted while reading the files; nothing was done"))
	}
}
