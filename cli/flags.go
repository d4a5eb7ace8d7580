package cli

import (
	"bytes"
	"errors"
	"fmt"
	goio "io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/dustin/go-humanize"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/corpus"
	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
)

// dealFlags select a game and one deal: --game with --seed or --deal.
type dealFlags struct {
	game     string
	seed     uint64
	seedSet  bool // --seed was given (0 is a seed)
	dealFile string
	// rulesLine and rulesAt are the deal file's "# rules:" line, if it has
	// one, and where it is ("my.deal:3"); load sets them.
	rulesLine, rulesAt string
}

func (f *dealFlags) add(c *cobra.Command) {
	addGameFlag(c, &f.game, games.Names(), "game: "+strings.Join(games.Names(), ", ")+" (required)")
	c.Flags().VarP((*seedValue)(&f.seed), "seed", "s", "deal number: a decimal seed from 0 to 18446744073709551615 (docs/notation.md)")
	pathFlag(c, &f.dealFile, "deal", "d", "deal file (tokens in dealing order), - for standard input")
}

// given records which of the flags the user set.
func (f *dealFlags) given(c *cobra.Command) { f.seedSet = c.Flags().Changed("seed") }

// gameFlag is the one check of --game: given, and a game of lookup (the
// games table; tests pass one that knows fake games).
func gameFlag(lookup func(string) (games.Entry, error), name string) (games.Entry, error) {
	if name == "" {
		return games.Entry{}, fmt.Errorf("--game is required (games: %s)", strings.Join(games.Names(), ", "))
	}
	return lookup(name)
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

// load resolves the game in lookup (the games table; tests pass one that
// knows fake games) and the deal. seed is nil for a deal file.
func (f *dealFlags) load(io *IO, lookup func(string) (games.Entry, error)) (games.Entry, []deck.Card, *uint64, error) {
	g, err := gameFlag(lookup, f.game)
	if err != nil {
		return g, nil, nil, err
	}
	seedSet := f.seedSet
	switch {
	case seedSet && f.dealFile != "":
		return g, nil, nil, fmt.Errorf("give --seed or --deal, not both")
	case f.dealFile != "":
		d, err := f.readDealFile(g, io)
		return g, d, nil, err
	case seedSet:
		s := f.seed
		return g, g.SeedDeal(s), &s, nil
	}
	return g, nil, nil, fmt.Errorf("give a deal: --seed N or --deal FILE")
}

// readDealFile reads the --deal file (or standard input), its cards and its
// "# rules:" line.
func (f *dealFlags) readDealFile(g games.Entry, io *IO) ([]deck.Card, error) {
	name := f.dealFile
	if name == "-" {
		name = "stdin"
	}
	// ParseDeal refuses a file over its bound; read one byte more so that
	// it sees one.
	data, err := readInput(io, "--deal", f.dealFile, upTo(deck.MaxDealBytes+2))
	if err != nil {
		return nil, err
	}
	cards, err := deck.ParseDeal(bytes.NewReader(data), name, g.Deck, g.Copies)
	if err != nil {
		return nil, err
	}
	val, line, ok, err := corpus.RulesLine(data, name)
	if err != nil {
		return nil, err
	}
	if ok {
		f.rulesLine, f.rulesAt = val, fmt.Sprintf("%s:%d", name, line)
	}
	return cards, nil
}

// readInput reads the file of flag ("-": standard input) with read (upTo,
// or solution.ReadText for a solution). Ctrl-C while it waits (standard input or a FIFO that
// nothing writes) ends the command at once, exit 130: main catches the
// signal to cancel the context, which a blocked read never looks at. The
// read goes on in its goroutine, which the process leaves as it exits.
func readInput(sio *IO, flag, file string, read func(goio.Reader) ([]byte, error)) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		r := sio.In
		if file != "-" {
			fh, err := openInput(flag, file)
			if err != nil {
				done <- result{err: err}
				return
			}
			defer fh.Close()
			r = fh
		}
		data, err := read(r)
		if err != nil {
			err = fileError(flag, file, err)
		}
		done <- result{data, err}
	}()
	select {
	case res := <-done:
		return res.data, res.err
	case <-sio.Done:
		return nil, interruptedInput(flag, file, "nothing was done")
	}
}

// decimal is an integer flag read in base 10 alone: pflag's IntVar reads
// Go literals (010 is 8, 0x3 is 3, 1_0 is 10, and 08 is refused), where
// every number on the command line is decimal, as --seed is. Type is
// pflag's name for T ("int", "int64", "uint64"), which the help and
// rangeText show. Span, when set, is the flag's own range ("1 to 8"),
// which rangeText names for a number beyond the type's too.
type decimal[T int | int64 | uint64] struct {
	p    *T
	span string
}

func (d decimal[T]) String() string {
	if u, ok := any(*d.p).(uint64); ok {
		return strconv.FormatUint(u, 10)
	}
	return strconv.FormatInt(int64(*d.p), 10)
}

func (d decimal[T]) Set(s string) error {
	var v T
	switch any(v).(type) {
	case uint64:
		u, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return err
		}
		v = T(u)
	case int:
		i, err := strconv.ParseInt(s, 10, strconv.IntSize)
		if err != nil {
			return err
		}
		v = T(i)
	default:
		i, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return err
		}
		v = T(i)
	}
	*d.p = v
	return nil
}

// spanText is the flag's own range, "" for the type's (rangeText).
func (d decimal[T]) spanText() string { return d.span }

func (d decimal[T]) Type() string {
	switch any(*d.p).(type) {
	case int:
		return "int"
	case uint64:
		return "uint64"
	}
	return "int64"
}

// decimalVar defines the decimal flag name (shorthand short, "" for none)
// on fs with default value, as pflag's IntVarP does.
func decimalVar[T int | int64 | uint64](fs *pflag.FlagSet, p *T, name, short string, value T, usage string) {
	*p = value
	fs.VarP(decimal[T]{p: p}, name, short, usage)
}

// spanVar is decimalVar for a flag whose values run lo to hi (checked by
// its command, which says why): a number too large for the type is then
// "out of range (lo to hi)", not the type's bound.
func spanVar(fs *pflag.FlagSet, p *int, name, short string, value, lo, hi int, usage string) {
	*p = value
	fs.VarP(decimal[int]{p: p, span: fmt.Sprintf("%d to %d", lo, hi)}, name, short, usage)
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

// upTo is a read for readInput: the whole input, up to limit bytes.
func upTo(limit int64) func(goio.Reader) ([]byte, error) {
	return func(r goio.Reader) ([]byte, error) { return goio.ReadAll(goio.LimitReader(r, limit)) }
}

// interruptedInput is exit 130 for Ctrl-C while a command waited for the
// file of flag ("-": standard input); done says what was done ("nothing was
// done").
func interruptedInput(flag, file, done string) error {
	what := "the file"
	if file == "-" {
		what = "standard input"
	}
	return withCode(ExitInterrupted, fmt.Errorf("%s %s: interrupted while waiting for %s; %s", flag, file, what, done))
}

// errInputInterrupted is what a read of streamInput's reader returns once
// Ctrl-C came while it waited.
var errInputInterrupted = errors.New("interrupted while waiting for the input")

// streamInput opens the file of flag ("-": standard input) to be read as it
// comes, where readInput reads it whole. Ctrl-C while the open waits (a
// FIFO that nothing writes) ends the command, exit 130, as readInput does;
// a read that waits when it comes returns errInputInterrupted, which the
// caller words (interruptedInput), knowing what it did before. The open
// or read goes on in its goroutine, which the process leaves as it exits.
// The error is openInput's; close closes the file.
func streamInput(sio *IO, flag, file string) (r *doneReader, close func(), err error) {
	if file == "-" {
		return &doneReader{r: sio.In, done: sio.Done}, func() {}, nil
	}
	type result struct {
		fh  *os.File
		err error
	}
	opened := make(chan result, 1)
	go func() {
		fh, err := openInput(flag, file)
		opened <- result{fh, err}
	}()
	select {
	case res := <-opened:
		if res.err != nil {
			return nil, nil, res.err
		}
		return &doneReader{r: res.fh, done: sio.Done}, func() { res.fh.Close() }, nil
	case <-sio.Done:
		return nil, nil, interruptedInput(flag, file, "nothing was done")
	}
}

// doneReader is r, each read of which gives up when done is closed (Ctrl-C)
// before it returns: errInputInterrupted, then on every read after. The
// read goes on in its goroutine, into a buffer of doneReader's own.
type doneReader struct {
	r    goio.Reader
	done <-chan struct{}
	buf  []byte
	err  error // errInputInterrupted once given
}

// interrupted reports whether a read gave up for Ctrl-C.
func (d *doneReader) interrupted() bool { return d.err != nil }

func (d *doneReader) Read(p []byte) (int, error) {
	if d.err != nil {
		return 0, d.err
	}
	if d.done == nil {
		return d.r.Read(p)
	}
	if len(d.buf) < len(p) {
		d.buf = make([]byte, len(p))
	}
	buf := d.buf[:len(p)]
	type result struct {
		n   int
		err error
	}
	read := make(chan result, 1)
	go func() {
		n, err := d.r.Read(buf)
		read <- result{n, err}
	}()
	select {
	case res := <-read:
		return copy(p, buf[:res.n]), res.err
	case <-d.done:
		d.err, d.buf = errInputInterrupted, nil // the abandoned read keeps its buffer
		return 0, d.err
	}
}

// openInput opens the file of flag for reading; the error is fileError's,
// and a directory is refused as one.
func openInput(flag, name string) (*os.File, error) {
	if st, err := os.Stat(name); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s %s: is a directory, not a file", flag, name)
	}
	fh, err := os.Open(name)
	if err != nil {
		return nil, fileError(flag, name, err)
	}
	return fh, nil
}

// fileError words a system error on the file of flag as "--deal FILE: why":
// Go's own names the system call, not the flag ("open FILE: no such file or
// directory"), and, reading a directory, the path twice.
func fileError(flag, name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%s %s: %v", flag, name, err)
}

// outputError is fileError for name, the output file of flag (--out,
// --html, --jsonl), that could not be made because the directory it goes
// in is missing, or is a file: that is said, naming the directory, where
// the system's "no such file or directory" reads as if the file itself
// were wanted. Any other error is fileError's.
func outputError(flag, name string, err error) error {
	if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
		return fileError(flag, name, err)
	}
	target, lerr := linkTarget(name) // a dangling link's file goes in its target's directory
	if lerr != nil {
		target = name
	}
	dir := filepath.Dir(target)
	if _, serr := os.Stat(dir); errors.Is(serr, fs.ErrNotExist) {
		return fmt.Errorf("%s %s: the directory %s does not exist: create it first, or give another file name", flag, name, dir)
	}
	// The directory, or one above it, is a file: name that one.
	for d := dir; ; d = filepath.Dir(d) {
		st, serr := os.Stat(d)
		if serr == nil && !st.IsDir() {
			return fmt.Errorf("%s %s: %s is a file, not a directory: give another file name", flag, name, d)
		}
		if !errors.Is(serr, syscall.ENOTDIR) || filepath.Dir(d) == d {
			return fileError(flag, name, err)
		}
	}
}

// resumeAdvice is what a failed write to name, an appended file (gen --out,
// analyze --jsonl), adds to its error: " (the <what> are whole: finish with
// the same command plus --resume)" for a regular file, which --resume
// continues; nothing for a device (/dev/full) or a pipe, which keep nothing
// to resume.
func resumeAdvice(name, what string) string {
	if st, err := os.Stat(name); err != nil || !st.Mode().IsRegular() {
		return ""
	}
	return " (the " + what + " are whole: finish with the same command plus --resume)"
}

// ruleFlags are the rule options of RULES.md; unset flags take the game's
// defaults.
type ruleFlags struct {
	play             string
	passes           int
	provisionalWrap  bool
	emptyProvisional string
	flags            games.RuleFlags // the flags given, pointing at the values above
	set              []string        // their names, in the order of add
}

func (f *ruleFlags) add(c *cobra.Command) {
	c.Flags().StringVar(&f.play, "play", "", "play mode: free or forced (default: the game's)")
	c.Flags().Var((*passesValue)(&f.passes), "passes", "passes through the stock, 0 = unlimited (default: the game's)")
	c.Flags().BoolVar(&f.provisionalWrap, "provisional-wrap", false, "ventaglio: K and A are neighbours on provisional bases")
	c.Flags().StringVar(&f.emptyProvisional, "empty-provisional", "", "ventaglio: fill (default) or never")
	completeValues(c, "play", "free", "forced")
	completeValues(c, "empty-provisional", "fill", "never")
}

// given records the flags the user set: the others take the game's
// defaults (games.Entry.WithFlags).
func (f *ruleFlags) given(c *cobra.Command) {
	f.set, f.flags = nil, games.RuleFlags{}
	changed := func(name string) bool {
		if !c.Flags().Changed(name) {
			return false
		}
		f.set = append(f.set, name)
		return true
	}
	if changed("play") {
		f.flags.Play = &f.play
	}
	if changed("passes") {
		f.flags.Passes = &f.passes
	}
	if changed("provisional-wrap") {
		f.flags.ProvisionalWrap = &f.provisionalWrap
	}
	if changed("empty-provisional") {
		f.flags.EmptyProvisional = &f.emptyProvisional
	}
}

// rules are g's rules with the flags given (games.Entry.WithFlags checks them).
func (f *ruleFlags) rules(g games.Entry) (games.Rules, error) {
	if err := f.noChoices(g); err != nil {
		return games.Rules{}, err
	}
	return g.WithFlags(f.flags)
}

// noChoices refuses --play and --passes on a game without choices whatever
// their value: WithFlags, like a solution file's rules, accepts the one rule
// set ("none", 1), but on the command line --passes 1 is a choice the game
// lacks as much as --passes 2.
func (f *ruleFlags) noChoices(g games.Entry) error {
	if g.Defaults.Choices != games.NoChoices {
		return nil
	}
	switch {
	case f.flags.Play != nil:
		return fmt.Errorf("%s: the game has no choices; --play does not apply", g.Name)
	case f.flags.Passes != nil:
		return fmt.Errorf("%s: the game has no choices; --passes does not apply", g.Name)
	}
	return nil
}

// rulesWithLine is rules with a deal file's "# rules:" line (at says where)
// under the flags: the file's rules hold unless a flag given on the command
// line sets the same option.
func (f *ruleFlags) rulesWithLine(g games.Entry, line, at string) (games.Rules, error) {
	if line == "" {
		return f.rules(g)
	}
	if err := f.noChoices(g); err != nil {
		return games.Rules{}, err
	}
	const unset = -1
	fr, err := corpus.ApplyRules(solution.Rules{Passes: unset}, line, g)
	if err != nil {
		return games.Rules{}, fmt.Errorf("%s: %v", at, err)
	}
	var own games.RuleFlags // the line's rules alone, checked first so that
	// an error names the line's words, not flags the user did not give
	if fr.Play != "" {
		own.Play = &fr.Play
	}
	if fr.Passes != unset {
		own.Passes = &fr.Passes
	}
	own.ProvisionalWrap = fr.ProvisionalWrap
	if fr.EmptyProvisional != "" {
		own.EmptyProvisional = &fr.EmptyProvisional
	}
	if _, err := g.WithFlags(own); err != nil {
		return games.Rules{}, fmt.Errorf("%s: \"# rules: %s\": %s", at, line, lineRules(err))
	}
	given := f.flags // a copy: the file fills what the flags leave unset
	if given.Play == nil && fr.Play != "" {
		given.Play = &fr.Play
	}
	if given.Passes == nil && fr.Passes != unset {
		given.Passes = &fr.Passes
	}
	if given.ProvisionalWrap == nil && fr.ProvisionalWrap != nil {
		given.ProvisionalWrap = fr.ProvisionalWrap
	}
	if given.EmptyProvisional == nil && fr.EmptyProvisional != "" {
		given.EmptyProvisional = &fr.EmptyProvisional
	}
	r, err := g.WithFlags(given)
	if err != nil {
		return r, fmt.Errorf("%v (the rules of %s's \"# rules: %s\" under the flags given)", err, at, line)
	}
	return r, nil
}

// lineRules words a rules error of games (which names flags) in the words
// of a "# rules:" line: --play "x" as play=x.
func lineRules(err error) string {
	return strings.NewReplacer(`--play "`, `play="`, `--passes "`, `passes="`, "--play", "play", "--passes", "passes",
		"--provisional-wrap", "provisional-wrap", "--empty-provisional", "empty-provisional").Replace(err.Error())
}

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
	c.Flags().Var(nonEmptyValue{&f.tt, "empty table name (want flat, ristretto or none)"}, "tt", "transposition table: flat, ristretto or none (default: the strategy's; a strategy named by its table, such as dfs-flat, takes no other)")
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

// seedValue is a --seed flag, read as each end of a --seeds range is
// (analysis.ParseSeed: decimal only; pflag's Uint64 would read 010 as octal
// 8 and 0x10 as 16).
type seedValue uint64

func (v *seedValue) String() string { return strconv.FormatUint(uint64(*v), 10) }

// Type names the value in --help.
func (v *seedValue) Type() string { return "N" }

// Set parses a decimal seed; the error says what a seed is.
func (v *seedValue) Set(s string) error {
	n, err := analysis.ParseSeed(s)
	if err != nil {
		return refusal{err}
	}
	*v = seedValue(n)
	return nil
}

// passesValue is a --passes flag, read as a deal file's "# rules:
// passes=N" is (solution.ParsePasses: decimal, no sign; pflag's Int would
// read 010 as octal 8) and refused with the range a solution's "rules.passes" is (a value
// past int, a fraction, 1e+30, a negative: solution.PassesRange).
type passesValue int

func (v *passesValue) String() string { return strconv.Itoa(int(*v)) }

// Type names the value in --help, as pflag's Int does.
func (v *passesValue) Type() string { return "int" }

// Set parses a pass count, 0 or more.
func (v *passesValue) Set(s string) error {
	n, err := solution.ParsePasses(s)
	if err != nil {
		return refusal{fmt.Errorf("must be %v", err)}
	}
	*v = passesValue(n)
	return nil
}

// ablationGame is the game whose solve the ablations (solver.Ablations)
// take parts out of: Il Ventaglio's.
const ablationGame = "ventaglio"

// lookupStrategy is solver.LookupStrategy for game g, with the error
// listing the names as the unknown-game error does: "unknown strategy "x"
// (strategies: a, b, or an ablation ...)"; the ablations, many, are left to
// 'solitario strategies'. An ablation on another game is refused: the
// solver would run that game's plan unchanged and report its verdict as the
// ablation's (an "unwinnable" from portfolio-no-exact, which proves nothing
// lost). Every command resolves its strategies here.
func lookupStrategy(name string, g games.Entry) (solver.Strategy, error) {
	st, err := solver.LookupStrategy(name)
	if err != nil {
		var names []string
		for _, s := range solver.Strategies() {
			names = append(names, s.Name)
		}
		return st, fmt.Errorf("unknown strategy %q (strategies: %s, or an ablation: 'solitario strategies' lists them)", name, strings.Join(names, ", "))
	}
	if st.Ablation() && g.Name != ablationGame {
		return st, fmt.Errorf("%s is an ablation of Il Ventaglio's solve (--game %s only), not a strategy for %s", name, ablationGame, g.Name)
	}
	return st, nil
}

// gameValue is a --game flag: given, it must name a game. pflag's string
// would take --game "" as the flag not given: "--game is required", or for
// verify no check of the object's game (a script's --game "$G" with G
// unset). names are the games the command takes, listed in the refusal as
// the unknown-game error lists them.
type gameValue struct {
	p     *string
	names []string
}

func (v gameValue) String() string {
	if v.p == nil {
		return ""
	}
	return *v.p
}

// Type is "string", as --help showed it before.
func (v gameValue) Type() string { return "string" }

func (v gameValue) Set(s string) error {
	if s == "" {
		return refusal{fmt.Errorf("empty game name (games: %s)", strings.Join(v.names, ", "))}
	}
	*v.p = s
	return nil
}

// addGameFlag adds --game (-g) to c, one of names (gameValue).
func addGameFlag(c *cobra.Command, p *string, names []string, usage string) {
	c.Flags().VarP(gameValue{p: p, names: names}, "game", "g", usage)
	completeValues(c, "game", names...)
}

// completeValues makes the shell completion of a flag offer its accepted
// values, no file names.
func completeValues(c *cobra.Command, flag string, values ...string) {
	// The error says only that the flag is missing or has a function already.
	_ = c.RegisterFlagCompletionFunc(flag, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
}

// strategyNames is every name --strategy takes: the strategies, then the
// ablations.
func strategyNames() []string {
	var names []string
	for _, s := range append(solver.Strategies(), solver.Ablations()...) {
		names = append(names, s.Name)
	}
	return names
}

// nonEmptyValue is a string flag that refuses "" with why: pflag's string
// would take --tt "" as the flag not given (a script's --tt "$T" with T
// unset would run the strategy's table unseen).
type nonEmptyValue struct {
	p   *string
	why string
}

func (v nonEmptyValue) String() string {
	if v.p == nil {
		return ""
	}
	return *v.p
}

// Type is "string", as --help showed it before.
func (v nonEmptyValue) Type() string { return "string" }

func (v nonEmptyValue) Set(s string) error {
	if s == "" {
		return refusal{errors.New(v.why)}
	}
	*v.p = s
	return nil
}

// pathValue is a flag naming a file: given, it must name one. pflag's string
// would take --after "" as the flag not given (solve from the start, a page
// to standard output).
type pathValue string

func (v *pathValue) String() string { return string(*v) }

// Type is "string", as --help showed it before.
func (v *pathValue) Type() string { return "string" }

// refusal is the error of one of our flag values: flagError words it as
// run's own checks word a bad value, the flag and the value first
// (`--seed "abc": not a seed: ...`, as `--tt-mem "abc": not a size`), not as
// pflag does (`invalid argument "abc" for "-s, --seed" flag: ...`). An empty
// value and "-" are not quoted: the refusal names them ("empty file name").
type refusal struct{ error }

// errEmptyPath is pathValue's refusal.
var errEmptyPath = refusal{errors.New("empty file name")}

// Set refuses an empty name.
func (v *pathValue) Set(s string) error {
	if s == "" {
		return errEmptyPath
	}
	*v = pathValue(s)
	return nil
}

// pathFlag adds a file flag to c: a string flag, but for the empty name
// (pathValue).
func pathFlag(c *cobra.Command, p *string, name, shorthand, usage string) {
	c.Flags().VarP((*pathValue)(p), name, shorthand, usage)
}

// outValue is a file flag that names an output. Where the output's
// default is standard output (stdout set), "-" names it too, as in
// other tools, and is stored as "" (the default); elsewhere "-" is refused:
// a file called "-" is never what a user meant.
type outValue struct {
	p      *string
	stdout bool
}

func (v outValue) String() string {
	if v.p == nil {
		return ""
	}
	return *v.p
}

func (v outValue) Type() string { return "string" }

// errDashOut is outValue's refusal of "-" for an output that has a file of
// its own.
var errDashOut = refusal{errors.New("- (standard output) is not an output here: give a file name")}

func (v outValue) Set(s string) error {
	switch {
	case s == "":
		return errEmptyPath
	case s == "-" && v.stdout:
		*v.p = ""
	case s == "-":
		return errDashOut
	default:
		*v.p = s
	}
	return nil
}

// forceFlag adds --force, which lets the file of flag (--out, --html)
// replace a file that holds something (checkOverwrite). A symbolic link is
// written through (writeFileAtomic): the link may be the user's, and is kept.
func forceFlag(c *cobra.Command, p *bool, flag string) {
	c.Flags().BoolVar(p, "force", false, "replace the "+flag+" file if it exists and holds something (refused without it); a symbolic link is kept and the file it names is replaced")
}

// outFlag adds an output file flag to c; stdout says that the output goes
// to standard output when the flag is not given (outValue).
func outFlag(c *cobra.Command, p *string, name, shorthand, usage string, stdout bool) {
	c.Flags().VarP(outValue{p: p, stdout: stdout}, name, shorthand, usage)
}

// refusalError is pflag's error for a refusal, worded `--seed "abc": why`
// or "--after: empty file name"; nil for other errors.
func refusalError(err error) error {
	var ie *pflag.InvalidValueError
	var r refusal
	if !errors.As(err, &ie) || !errors.As(err, &r) {
		return nil
	}
	if v := ie.GetValue(); v != "" && v != "-" {
		return fmt.Errorf("--%s %q: %v", ie.GetFlag().Name, v, r.error)
	}
	return fmt.Errorf("--%s: %v", ie.GetFlag().Name, r.error)
}

// tableWords is a table kind as a noun: "the flat table", "no table".
func tableWords(kind string) string {
	if kind == solver.TableNone {
		return "no table"
	}
	return "the " + kind + " table"
}
