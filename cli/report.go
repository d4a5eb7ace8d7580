package cli

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/report"
)

// reportOptions are the report command's arguments and flags.
type reportOptions struct {
	files  []string // analyze --jsonl files
	out    string   // page file; "" for standard output
	force  bool     // --force: replace an --out file that holds something
	outSet bool     // --out was given (- too: standard output asked for)
}

// newReportCmd draws an analysis run as a page of charts.
func newReportCmd(sio *IO) *cobra.Command {
	var o reportOptions
	c := &cobra.Command{
		Use:   "report FILE.jsonl... [--out report.html]",
		Short: "Draw an analysis run (analyze --jsonl files) as a web page of charts",
		Long: `report reads the JSONL files written by 'analyze --jsonl' (one run, or the shards of one,
merged as 'merge' merges them) and writes one self-contained HTML page: the run's header
(commit, machine, rules, limits), the winnable share with its 95% Wilson interval (unknown
deals counted lost for the lower bound, won for the upper), how the interval narrows as deals
are added, histograms of nodes, time and line length, and the unknown deals with their
reasons. The charts are SVG drawn by gonum.org/v1/plot; the page loads nothing.

Exit codes:
  0    the page was written
  2    error: no file, an unreadable or inconsistent file, --out a directory, a file that
       holds something (without --force) or an input file, --force without --out, no
       --out when standard output is a terminal
  5    the page could not be written
  6    deals are missing (a shard with no file, a file short of its shard): the page of
       the deals there was written
  130  interrupted (Ctrl-C) while waiting for a file (a FIFO that nothing writes) or for a
       reader of --out (a FIFO that nothing reads); nothing was written
  141  standard output was a pipe whose reader went away (| head -1), or the --out file
       was one: no message`,
		Example: `  solitario analyze --game reloj --seeds 1..1000 --jsonl reloj.jsonl
  solitario report reloj.jsonl --out reloj.html
  solitario report reloj-0.jsonl reloj-1.jsonl --out reloj.html`,
		Args: func(c *cobra.Command, files []string) error {
			return fileArgs(c, files, "solitario report reloj.jsonl --out reloj.html")
		},
		RunE: func(c *cobra.Command, files []string) error {
			o.files = files
			o.outSet = c.Flags().Changed("out")
			return runReport(sio, o)
		},
	}
	outFlag(c, &o.out, "out", "", "write the page to this file, which must not hold anything unless --force (needed on a terminal; piped, or -: standard output)", true)
	forceFlag(c, &o.force, "--out")
	return c
}

// runReport merges the files and writes their page.
func runReport(sio *IO, o reportOptions) error {
	if err := pageOut(sio, o.out, o.outSet, o.force); err != nil {
		return err
	}
	ins := make([]input, len(o.files))
	for i, f := range o.files {
		ins[i] = input{"", f}
	}
	if err := checkNotInput(sio, "--out", o.out, ins...); err != nil {
		return err
	}
	if st, err := os.Stat(o.out); o.out != "" && err == nil && st.IsDir() {
		return outputDir("--out", o.out, "") // before the notes on the files
	}
	release, err := claimOutput(sio, "--out", o.out, o.force)
	if err != nil {
		return err
	}
	defer release()
	m, err := mergeFiles(sio, o.files, games.Lookup)
	if err != nil {
		return err
	}
	for _, n := range m.Notes {
		fmt.Fprintln(sio.Err, "solitario: report: note:", n)
	}
	if o.out == "" {
		err = writeStdout(report.Write(sio.Out, m))
	} else {
		err = writeFileAtomic("--out", o.out, o.force, func(f *os.File) error { return report.Write(f, m) })
	}
	if err != nil {
		return err
	}
	if m.Incomplete {
		// As merge: scripts can tell a page of some deals of the run.
		return withCode(ExitIncomplete, errors.New("incomplete: the files miss deals of the analysis (notes above); the page covers the deals there"))
	}
	return nil
}
