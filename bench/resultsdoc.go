package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/solver"
)

// A result is two committed files in the results directory (bench/results):
// NAME.json, the exact standard output of `solitario analyze ... --json` or
// `solitario bench ... --json`, and NAME.cmd, one line: the command that
// made it. NAME starts with the game's name (reloj-analyze-default); an
// optional NAME.md is a short note printed under its table. A bench result
// named GAME-ablate-VARIANT is one column of the game's ablation table (a
// row per strategy, a column per variant), not a table of its own. ResultsDoc
// makes bench/RESULTS.md from whatever results are there, the games in the
// table's order and each game's results by NAME: a new result needs no
// code. go run ./bench/cmd/resultsdoc regenerates the document, and
// TestResultsDocCurrent fails when the committed one differs.

// result is one result file, decoded.
type result struct {
	name    string // NAME
	command string // NAME.cmd
	note    string // NAME.md, "" when absent
	game    string
	analyze *analyzeResult // one of analyze, bench and wasm is set
	bench   *jsonReport
	wasm    *WasmRun // bench/cmd/wasmspeed's: game "wasm", a section of its own
}

// analyzeResult is what ResultsDoc reads of analyze --json (cli.analyzeJSON)
// or of merge --json (cli.mergeJSON: Run is the first file's header, and
// Files and Notes are set, Complete, Interrupted and ElapsedMS not).
type analyzeResult struct {
	Run         analysis.Header  `json:"run"`
	Summary     analysis.Summary `json:"summary"`
	Complete    bool             `json:"complete"`
	Interrupted bool             `json:"interrupted"`
	ElapsedMS   int64            `json:"elapsed_ms"`
	Files       []mergedFile     `json:"files"`
	Notes       []string         `json:"notes"`
}

// mergedFile is what ResultsDoc reads of one file of merge --json.
type mergedFile struct {
	Name   string         `json:"name"`
	Seeds  analysis.Range `json:"seeds"`
	Deals  int            `json:"deals"`
	Commit string         `json:"commit"`
}

// merged is whether a is merge's: the summary of several files.
func (a *analyzeResult) merged() bool { return len(a.Files) > 0 }

// ResultsDoc is the results document made from the results in dir.
func ResultsDoc(dir string) ([]byte, error) {
	results, err := readResults(dir)
	if err != nil {
		return nil, err
	}
	results = slices.DeleteFunc(results, isTableResult) // TablePage's
	var b bytes.Buffer
	b.WriteString(docIntro)
	writeMachines(&b, results)
	b.WriteString(docBench)
	for _, g := range gameOrder(results) {
		title := g
		if e, err := games.Lookup(g); err == nil {
			title = fmt.Sprintf("%s (`%s`)", e.Title, g)
		}
		fmt.Fprintf(&b, "\n## %s\n", title)
		// An analyze --difficulty result is a row of the difficulty
		// table only: its solves are the analyze rows' again.
		var analyzed, graded []result
		for _, r := range results {
			switch {
			case r.game != g || r.analyze == nil:
			case r.analyze.Summary.Difficulty != nil:
				graded = append(graded, r)
			default:
				analyzed = append(analyzed, r)
			}
		}
		if len(analyzed) > 0 {
			writeAnalyzed(&b, analyzed)
		}
		if len(graded) > 0 {
			writeDifficulty(&b, graded)
		}
		var ablated []result
		for _, r := range results {
			if r.game == g && r.bench != nil && ablationVariant(r) != "" {
				ablated = append(ablated, r)
			}
		}
		if len(ablated) > 0 {
			writeAblation(&b, ablated)
		}
		for _, r := range results {
			if r.game == g && r.bench != nil && ablationVariant(r) == "" {
				writeBench(&b, r)
			}
		}
	}
	if slices.ContainsFunc(results, func(r result) bool { return r.wasm != nil }) {
		b.WriteString("\n## The engine in the browser (WebAssembly)\n")
	}
	for _, r := range results {
		if r.wasm != nil {
			writeWasm(&b, r)
		}
	}
	return b.Bytes(), nil
}

// wasmGame is the game name of wasmspeed's results (NAME wasm-...).
const wasmGame = "wasm"

// writeWasm writes a wasmspeed result: the engine in chromium against the
// same requests natively, a row per game.
func writeWasm(b *bytes.Buffer, r result) {
	w := r.wasm
	browser, _, _ := strings.Cut(w.Browser, " built on")
	fmt.Fprintf(b, "\n`%s` (%s): %s, solitario.wasm %s and wasm_exec.js %s; the same solve requests natively\n"+
		"(one package api Engine kept across them) and in the page (the module and its Web Worker), default rules, one worker, max-nodes %s,\n"+
		"chunks of seeds in turn, after %s of each game untimed (the browser compiles hot code late).\n"+
		"%s\n\n",
		r.command, r.name, browser, analysis.SizeText(uint64(w.WasmBytes)), analysis.SizeText(uint64(w.WasmExecBytes)),
		limitText(w.MaxNodes), words.Count(w.Warmup, "seed"), firstText(w))
	cli := slices.ContainsFunc(w.Games, func(g WasmGame) bool { return g.CLIMS > 0 })
	b.WriteString("| game | seeds | same verdict and nodes | native | in the page | page / native | native p50 / max | page p50 / max |")
	if cli {
		b.WriteString(" CLI, a process each (p50) | page / CLI |")
	}
	b.WriteString("\n|---|---|---|---|---|---|---|---|")
	if cli {
		b.WriteString("---|---|")
	}
	b.WriteString("\n")
	for _, g := range w.Games {
		fmt.Fprintf(b, "| %s | %s | %d of %d | %s | %s | %.2f | %s / %s | %s / %s |", g.Game, g.Seeds, g.Deals-g.Differ, g.Deals,
			msText(g.NativeMS), msText(g.WasmMS), g.Ratio, msText(g.NativeP50), msText(g.NativeMax), msText(g.WasmP50), msText(g.WasmMax))
		if cli {
			fmt.Fprintf(b, " %s (%s) | %.2f |", msText(g.CLIMS), msText(g.CLIP50), g.CLIRatio)
		}
		b.WriteString("\n")
	}
	if r.note != "" {
		fmt.Fprintf(b, "\n%s\n", r.note)
	}
}

// firstText says the first answer: the board's page opened fresh and again
// (wasmspeed since it times the board), or the module's page alone.
func firstText(w *WasmRun) string {
	if w.Reopen == nil {
		return fmt.Sprintf("First answer from opening the page: %s (%s).", msText(w.FirstAnswerMS), w.FirstAnswer)
	}
	return fmt.Sprintf("The board's first answer, from opening its page at the deal to the verdict shown: %s in a new browser profile (%s), %s opened again in a new tab (%s); %s.",
		msText(w.FirstAnswerMS), stepsText(w.FirstSteps), msText(w.Reopen.MS), stepsText(w.Reopen.Steps), w.FirstAnswer)
}

// stepsText is a first answer's timeline in a few steps: the .wasm
// compiled, the engine ready, the verdict's search asked and answered
// (the page's performance marks, wasmspeed's steps).
func stepsText(steps []Step) string {
	var out []string
	for _, want := range []struct{ prefix, say string }{
		{"solitario: wasm compiled", ".wasm compiled"},
		{"solitario: ready", "engine ready"},
		{"solitario: hint #", "search asked"},
	} {
		for _, st := range steps {
			if strings.HasPrefix(st.Name, want.prefix) && !strings.HasSuffix(st.Name, "answered") {
				out = append(out, want.say+" at "+msText(st.MS))
				break
			}
		}
	}
	if len(out) == 0 {
		return "no timeline"
	}
	return strings.Join(out, ", ")
}

const docIntro = `# Benchmark results

The current figures of every game and variant. This file is generated: every table below is
made from result files committed under bench/results/ (NAME.json, the exact output of
` + "`solitario analyze ... --json` or `solitario bench ... --json`" + `; NAME.cmd, the command that made
it; NAME.md, an optional note). NAME starts with the game's name (reloj-analyze-default); the
games come in the games table's order, a game's results in the order of their names. To add
or renew a figure, run the command into bench/results/NAME.json, write the command to
NAME.cmd, and regenerate (no code changes):

    go run ./bench/cmd/resultsdoc        # writes bench/RESULTS.md

The results named GAME-table-VARIANT are the reference table of how often each game and
variant can be won: the same command renders them into docs/winrates.md, not here.

` + "`go test ./bench/`" + ` fails when this file differs from what the result files make. Superseded
figures are in git history; why the defaults are what they are is in docs/design.md, what was
tried and dropped in docs/experiments.md.
`

const docBench = `
## How to read the tables

Analyze tables: one row per run (one result file): deals, the winnable share with the 95%
Wilson interval (unknown deals counted lost for the lower bound and won for the upper),
nodes and wall time per deal at p50/p90/p99/max (each worker reuses its table), winning line
length, and the run's wall time. Every winning line was replayed by the game's referee.

Difficulty tables (analyze --difficulty, docs/difficulty.md): the winnable deals' scores, their
terciles (difficulty/cuts.go), deals per grade, check play-outs lost per grade, and the
play-outs' time against the same deals' solves, summed (ratio).

Bench tables compare strategies on the same deals, one search at a time, each from a fresh
table (solitario bench --help). The columns:

` + "```\n" + Legend + "\n```\n"

// readResults reads every NAME.json of dir with its NAME.cmd (required) and
// NAME.md (optional), sorted by name.
func readResults(dir string) ([]result, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no result files (NAME.json)", dir)
	}
	slices.Sort(files)
	var out []result
	for _, f := range files {
		r := result{name: strings.TrimSuffix(filepath.Base(f), ".json")}
		cmd, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".cmd")
		if err != nil {
			return nil, fmt.Errorf("%s: no command file: %v", f, err)
		}
		if r.command = strings.TrimSpace(string(cmd)); r.command == "" || strings.Contains(r.command, "\n") {
			return nil, fmt.Errorf("%s.cmd: want one line, the command", strings.TrimSuffix(f, ".json"))
		}
		if note, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".md"); err == nil {
			r.note = strings.TrimSpace(string(note))
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var head struct {
			Run    *json.RawMessage `json:"run"`
			Record *json.RawMessage `json:"record"`
			Wasm   *json.RawMessage `json:"wasm"`
		}
		if err := json.Unmarshal(data, &head); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		switch {
		case head.Run != nil:
			r.analyze = &analyzeResult{}
			err = json.Unmarshal(data, r.analyze)
			r.game = r.analyze.Run.Game
		case head.Record != nil:
			r.bench = &jsonReport{}
			err = json.Unmarshal(data, r.bench)
			r.game = r.bench.Record.Game
		case head.Wasm != nil:
			var w WasmSpeed
			err = json.Unmarshal(data, &w)
			r.wasm, r.game = &w.Wasm, wasmGame
		default:
			err = fmt.Errorf("neither analyze --json (\"run\") nor bench --json (\"record\") nor wasmspeed's (\"wasm\")")
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		var argv []string // the JSON's own record of its command, if it has one
		switch {
		case r.analyze != nil && r.analyze.merged():
			// Run.Command is the first shard's analyze, not the merge.
			if !strings.Contains(r.command, "solitario merge ") {
				return nil, fmt.Errorf("%s.cmd says %q, but the JSON was made by solitario merge", strings.TrimSuffix(f, ".json"), r.command)
			}
		case r.analyze != nil:
			argv = r.analyze.Run.Command
		case r.bench != nil:
			argv = r.bench.Record.Command
		case len(r.wasm.Command) > 0 && !strings.HasSuffix(r.command, strings.Join(r.wasm.Command[1:], " ")):
			// go run ./bench/cmd/wasmspeed records itself as "wasmspeed".
			return nil, fmt.Errorf("%s.cmd says %q, but the JSON was made by %q", strings.TrimSuffix(f, ".json"), r.command, strings.Join(r.wasm.Command, " "))
		}
		if len(argv) > 0 && strings.Join(argv, " ") != r.command {
			return nil, fmt.Errorf("%s.cmd says %q, but the JSON was made by %q", strings.TrimSuffix(f, ".json"), r.command, strings.Join(argv, " "))
		}
		if !strings.HasPrefix(r.name, r.game+"-") {
			return nil, fmt.Errorf("%s: a %s result: name it %s-...", f, r.game, r.game)
		}
		out = append(out, r)
	}
	return out, nil
}

// gameOrder is the games of results in the games table's order, unknown
// names after them.
func gameOrder(results []result) []string {
	var order []string
	for _, e := range games.All() {
		order = append(order, e.Name)
	}
	var out []string
	for _, g := range order {
		if slices.ContainsFunc(results, func(r result) bool { return r.game == g }) {
			out = append(out, g)
		}
	}
	for _, r := range results {
		if r.game != wasmGame && !slices.Contains(order, r.game) && !slices.Contains(out, r.game) {
			out = append(out, r.game)
		}
	}
	return out
}

// machine is where a result ran, as its file tells.
type machine struct {
	system, cpu, memory string
	cores               int
}

func (m machine) String() string {
	s := fmt.Sprintf("%s, %d cores", m.system, m.cores)
	if m.cpu != "" {
		s += ", " + m.cpu
	}
	if m.memory != "" {
		s += ", " + m.memory + " RAM"
	}
	return s
}

func machineOf(r result) machine {
	if w := r.wasm; w != nil {
		m := machine{system: fmt.Sprintf("%s %s/%s", w.GoVersion, w.OS, w.Arch), cores: w.Cores, cpu: w.CPU}
		if w.MemTotal > 0 {
			m.memory = analysis.SizeText(w.MemTotal)
		}
		return m
	}
	if r.analyze != nil {
		m := r.analyze.Run.Machine
		return machine{system: fmt.Sprintf("%s %s/%s", m.Go, m.GOOS, m.GOARCH), cores: m.Cores}
	}
	rec := r.bench.Record
	m := machine{system: fmt.Sprintf("%s %s/%s", rec.GoVersion, rec.OS, rec.Arch), cores: rec.Cores, cpu: rec.CPU}
	if rec.MemTotal > 0 {
		m.memory = analysis.SizeText(rec.MemTotal)
	}
	return m
}

// writeMachines describes the machines once: analyze records no CPU or
// memory, so a bench result on the same system and cores completes them.
func writeMachines(b *bytes.Buffer, results []result) {
	var ms []machine
	for _, r := range results {
		m := machineOf(r)
		i := slices.IndexFunc(ms, func(o machine) bool { return o.system == m.system && o.cores == m.cores })
		switch {
		case i < 0:
			ms = append(ms, m)
		case ms[i].cpu == "":
			ms[i].cpu, ms[i].memory = m.cpu, m.memory
		}
	}
	b.WriteString("\n## Machine\n\n")
	for _, m := range ms {
		fmt.Fprintf(b, "- %s\n", m)
	}
	b.WriteString("\nThe machine is shared by several developers' builds and tests: wall times are pessimistic\n" +
		"and swing between runs; node counts and verdicts do not depend on the load.\n")
}

// writeAnalyzed writes one table of a game's analyze results, one row each.
func writeAnalyzed(b *bytes.Buffer, rs []result) {
	b.WriteString("\n| rules | seeds | won | 95% Wilson | unknown | nodes p50 / p90 / p99 / max | time p50 / p99 / max | line p50 / max | elapsed | result |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rs {
		a := r.analyze
		s := a.Summary
		won := fmt.Sprintf("%d of %d (%.2f%%)", s.Winnable, s.Deals, 100*float64(s.Winnable)/float64(max(s.Deals, 1)))
		line := "-"
		if s.Winnable > 0 {
			line = fmt.Sprintf("%d / %d", s.Moves.P50, s.Moves.Max)
		}
		workers := "workers"
		if a.Run.Workers == 1 {
			workers = "worker"
		}
		elapsed := fmt.Sprintf("%s, %d %s", time.Duration(a.ElapsedMS)*time.Millisecond, a.Run.Workers, workers)
		if a.Interrupted || !a.Complete {
			elapsed += " (incomplete)"
		}
		fmt.Fprintf(b, "| %s | %s | %s | %.2f%% .. %.2f%% | %d | %s / %s / %s / %s | %s / %s / %s | %s | %s | %s |\n",
			a.Run.Rules, a.Run.Seeds, won, 100*s.WinLow, 100*s.WinHigh, s.Unknown,
			count(float64(s.Nodes.P50)), count(float64(s.Nodes.P90)), count(float64(s.Nodes.P99)), count(float64(s.Nodes.Max)),
			msText(s.MS.P50), msText(s.MS.P99), msText(s.MS.Max), line, elapsed, r.name)
	}
	b.WriteString("\n")
	for _, r := range rs {
		h := r.analyze.Run
		writeItem(b, fmt.Sprintf("%s: `%s` (commit %s, strategy %s, tt %s, tt-mem %s, max-nodes %s, started %s)",
			r.name, r.command, analysis.ShortCommit(h.Commit), h.Strategy, h.Limits.Table, analysis.SizeText(uint64(h.Limits.TTMem)),
			limitText(h.Limits.MaxNodes), h.Started), r.note)
	}
}

// writeItem writes a list item, head, with its note (if any) under it in the
// same item after a hard line break: no blank lines, so the list stays tight.
func writeItem(b *bytes.Buffer, head, note string) {
	b.WriteString("- " + head)
	if note != "" {
		b.WriteString("\\\n  " + strings.ReplaceAll(note, "\n", "\n  "))
	}
	b.WriteString("\n")
}

// writeDifficulty writes the difficulty table of the analyze --difficulty
// results (docs/difficulty.md): a row per result, then their commands.
func writeDifficulty(b *bytes.Buffer, rs []result) {
	b.WriteString("\n| difficulty: rules | seeds | graded | score min / p50 / p90 / max | terciles | easy / medium / hard | check lost: easy / medium / hard | play-outs / solves | result |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rs {
		a := r.analyze
		d := a.Summary.Difficulty
		grades, check := "-", "-"
		if len(d.Grades) > 0 {
			grades = fmt.Sprintf("%d / %d / %d", d.Grades["easy"], d.Grades["medium"], d.Grades["hard"])
		}
		if len(d.Check) > 0 {
			var parts []string
			for _, g := range []string{"easy", "medium", "hard"} {
				c := d.Check[g]
				parts = append(parts, fmt.Sprintf("%.3f%%", 100*float64(c.Lost)/float64(max(c.Playouts, 1))))
			}
			check = strings.Join(parts, " / ")
		}
		fmt.Fprintf(b, "| %s | %s | %d of %d | %.4g / %.4g / %.4g / %.4g | %.4g, %.4g | %s | %s | %s / %s (%.2f) | %s |\n",
			a.Run.Rules, a.Run.Seeds, d.Graded, a.Summary.Deals, d.Min, d.Score.P50, d.Score.P90, d.Score.Max, d.Hard, d.Easy,
			grades, check, msText(d.MS), msText(d.WinnableMS), d.MS/max(d.WinnableMS, 1e-9), r.name)
	}
	b.WriteString("\n")
	for _, r := range rs {
		h := r.analyze.Run
		fmt.Fprintf(b, "- %s: `%s` (commit %s, %d workers, started %s)\n", r.name, r.command, analysis.ShortCommit(h.Commit), h.Workers, h.Started)
	}
}

// writeBench writes one bench result: its strategy table.
func writeBench(b *bytes.Buffer, r result) {
	rep := r.bench
	rec := rep.Record
	fmt.Fprintf(b, "\n### bench: %s, rules %s\n\n", rec.Source, rec.Rules)
	fmt.Fprintf(b, "`%s` (%s; commit %s, max-nodes %s, tt-mem %s, started %s)\n\n",
		r.command, r.name, analysis.ShortCommit(rec.Commit), limitText(rec.MaxNodes), analysis.SizeText(uint64(rec.TTMemBytes)),
		rec.Started.Format(time.RFC3339))
	b.WriteString("| strategy | table | order | prune | decided | nodes mean | median | time p50 | p95 | max | total | cpu | nodes/s | peak heap | cache hits | hardest |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, row := range rep.Strategies {
		if !current(row.Strategy) {
			continue
		}
		hit := "-"
		if row.CacheHitRate != nil {
			hit = fmt.Sprintf("%.1f%%", 100**row.CacheHitRate)
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %d/%d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			row.Strategy, row.Table, flag(row.Order), flag(row.Prune), row.Decided, row.Deals,
			count(row.NodesMean), count(row.NodesMedian),
			msText(row.TimeP50MS), msText(row.TimeP95MS), msText(row.TimeMaxMS), msText(row.TotalMS), msText(row.CPUMS),
			count(row.NodesPerSec), analysis.SizeText(row.PeakHeap), hit, shortName(row.Hardest))
	}
	var won, lost, open int
	for _, d := range rep.Deals {
		switch d.Verdict {
		case "winnable":
			won++
		case "unwinnable":
			lost++
		default:
			open++
		}
	}
	fmt.Fprintf(b, "\nVerdicts: %d winnable, %d unwinnable, %d undecided; %d disagreements.\n", won, lost, open, len(rep.Disagreements))
	if r.note != "" {
		fmt.Fprintf(b, "\n%s\n", r.note)
	}
}

// msText is a time in milliseconds as durText writes it.
func msText(ms float64) string { return durText(time.Duration(ms*1e6), "0") }

// current reports whether strategy name exists now (solitario strategies):
// the rows of strategies since deleted stay in their result files and in
// git history (docs/experiments.md cites them), not among the current
// figures.
func current(name string) bool {
	for _, s := range solver.Strategies() {
		if s.Name == name {
			return true
		}
	}
	for _, s := range games.Ablations() {
		if s.Name == name {
			return true
		}
	}
	return false
}

// ablationVariant is the VARIANT of a result named GAME-ablate-VARIANT, or
// "" for any other.
func ablationVariant(r result) string {
	v, ok := strings.CutPrefix(r.name, r.game+"-ablate-")
	if !ok {
		return ""
	}
	return v
}

// writeAblation writes a game's ablation results as one table: a row per
// strategy (in the order of the first result's command, then any others),
// a column per result (its variant; the title names the first's deals and
// limits). A cell is won/lost/unknown, the mean
// nodes, the total time and the longest winning line; it is in bold when
// the strategy decided another number of deals than its base, the
// strategy of the same plan with nothing left out (ablationBase).
func writeAblation(b *bytes.Buffer, rs []result) {
	var names []string
	for _, r := range rs {
		for _, row := range r.bench.Strategies {
			if current(row.Strategy) && !slices.Contains(names, row.Strategy) {
				names = append(names, row.Strategy)
			}
		}
	}
	rec := rs[0].bench.Record
	fmt.Fprintf(b, "\n### ablation: %s, max-nodes %s, one part switched off in turn\n\n", rec.Source, limitText(rec.MaxNodes))
	b.WriteString("Each cell: won/lost/unknown · nodes mean · total time · longest line (moves). **Bold**: decided another\n" +
		"number of deals than `default`; `solitario strategies` says what each switches off. Strategies deleted\n" +
		"since (`portfolio…`) have no row: their figures are in these result files at tag pre-house-redesign.\n\n")
	b.WriteString("| strategy |")
	for _, r := range rs {
		// A column of other deals or limits than the title's says so.
		fmt.Fprintf(b, " %s", ablationVariant(r))
		if o := r.bench.Record; o.Source != rec.Source || o.MaxNodes != rec.MaxNodes {
			fmt.Fprintf(b, " (%s, max-nodes %s)", o.Source, limitText(o.MaxNodes))
		}
		b.WriteString(" |")
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(rs)) + "\n")
	for _, name := range names {
		fmt.Fprintf(b, "| %s |", name)
		for _, r := range rs {
			b.WriteString(" " + ablationCell(r, name) + " |")
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	for _, r := range rs {
		rec := r.bench.Record
		writeItem(b, fmt.Sprintf("%s: `%s` (%s; commit %s, started %s; %s)", ablationVariant(r), r.command, r.name, analysis.ShortCommit(rec.Commit),
			rec.Started.Format(time.RFC3339), words.Count(len(r.bench.Disagreements), "disagreement")), r.note)
	}
}

// ablationCell is strategy name's cell in result r (see writeAblation).
func ablationCell(r result, name string) string {
	i := slices.IndexFunc(r.bench.Strategies, func(row Row) bool { return row.Strategy == name })
	if i < 0 {
		return "-"
	}
	row := r.bench.Strategies[i]
	line := 0
	for _, d := range r.bench.Deals {
		for _, run := range d.Runs {
			if run.Strategy == name {
				line = max(line, run.Moves)
			}
		}
	}
	lineText := "-"
	if line > 0 {
		lineText = strconv.Itoa(line)
	}
	cell := fmt.Sprintf("%d/%d/%d · %s · %s · %s", row.Winnable, row.Unwinnable, row.Unknown, count(row.NodesMean), msText(row.TotalMS), lineText)
	if base := ablationBase(name); base != "" {
		j := slices.IndexFunc(r.bench.Strategies, func(row Row) bool { return row.Strategy == base })
		if j >= 0 && r.bench.Strategies[j].Decided != row.Decided {
			cell = "**" + cell + "**"
		}
	}
	return cell
}

// ablationBase is the strategy an ablation leaves a part of out, by its
// name: default for plan-… ("" for a strategy that is no ablation).
func ablationBase(name string) string {
	if strings.HasPrefix(name, "plan-") {
		return solver.DefaultStrategy
	}
	return ""
}
