package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"syscall"

	"github.com/solitario/solitario/deck"
	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/position"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/solver"
	"github.com/solitario/solitario/verify"
)

// line is a solution file read for show, hint and review: its game, deal
// and rules in force, checked as verify checks them.
type line struct {
	name  string // the file as messages name it: "stdin" for "-"
	game  games.Entry
	deal  []deck.Card
	rules games.Rules
	sol   *solution.Solution
	read  position.Game // as read for show, hint and review (its move lines)
}

// checkLine checks sol, read from name, as verify does: its game (it must
// be want, unless want is ""), deal (against its seed, when given) and
// rules. Errors name the file.
func checkLine(name, want string, sol *solution.Solution, lookup func(string) (games.Entry, error)) (line, error) {
	if want != "" && want != sol.Game {
		return line{}, fmt.Errorf("%s: --game %s, but the solution is for %q", name, want, sol.Game)
	}
	g, err := lookup(sol.Game)
	if err != nil {
		return line{}, fmt.Errorf("%s: %v", name, err)
	}
	deal, err := deck.DealTokens(sol.Deal, name, "deal token", g.Deck, g.Copies)
	if err != nil {
		return line{}, err
	}
	if sol.Seed != nil && !slices.Equal(deal, g.SeedDeal(*sol.Seed)) {
		return line{}, fmt.Errorf("%s: the deal is not the deal of seed %d (drop \"seed\" for a deal from a file)", name, *sol.Seed)
	}
	rules, err := g.ResolveJSON(sol.Rules)
	if err != nil {
		return line{}, fmt.Errorf("%s: %v", name, err)
	}
	return line{name: name, game: g, deal: deal, rules: rules, sol: sol}, nil
}

// writeFileAtomic writes what write makes to name, the file of flag
// ("--out"), through a temporary file in the same folder, renamed over name
// only once it is whole: a failed write leaves an existing file as it was.
// A symbolic link is followed (the file it names is written, the link kept);
// an existing file keeps its permissions, and one that may not be written
// is refused; what is not a regular file (a device such as /dev/full, a
// pipe) is written in place, so that its errors are seen (a pipe whose
// reader went away ends the command quietly, as standard output does). A folder is bad
// input (ExitError), and so is a regular file that holds something unless
// force (checkOverwrite); a write that fails is ExitOutput.
func writeFileAtomic(flag, name string, force bool, write func(f *os.File) error) error {
	failed := func(err error) error {
		if errors.Is(err, syscall.EPIPE) {
			return withCode(ExitClosedPipe, nil) // a pipe's reader went away, as on standard output
		}
		return withCode(ExitOutput, outputError(flag, name, err))
	}
	if st, err := os.Stat(name); err == nil && !st.IsDir() && !st.Mode().IsRegular() {
		// Opened by its own name: /dev/stdout on a pipe is a link to
		// "pipe:[N]", which names no file.
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_TRUNC, 0)
		if err != nil {
			return failed(err)
		}
		if err := write(f); err != nil {
			f.Close()
			return failed(err)
		}
		if err := f.Close(); err != nil {
			return failed(err)
		}
		return nil
	}
	target, err := linkTarget(name)
	if err != nil {
		return failed(err)
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(target); err == nil {
		if st.IsDir() {
			return outputDir(flag, name, "")
		}
		if err := checkOverwrite(flag, name, force); err != nil {
			return err
		}
		// The rename would replace a file its owner may not write: ask
		// the system whether it may be written first.
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return failed(err)
		}
		f.Close()
		mode = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*")
	if err != nil {
		return failed(err)
	}
	defer os.Remove(tmp.Name()) // after the rename, a no-op
	if err := write(tmp); err != nil {
		tmp.Close()
		return failed(err)
	}
	if err := tmp.Close(); err != nil {
		return failed(err)
	}
	if err := os.Chmod(tmp.Name(), mode); err != nil {
		return failed(err)
	}
	if err := checkOverwrite(flag, name, force); err != nil {
		return err // made while the page was written
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return failed(err)
	}
	return nil
}

// checkOverwrite refuses name, the output file of flag, when it is a
// regular file that holds something and force (--force) is not given: a
// file the user named is never replaced unasked, as gen and analyze never
// append to one they did not start. A missing or empty file, and what is
// no regular file (/dev/stdout, a pipe), is written. Commands call it
// before their work too, so that a refusal costs nothing.
func checkOverwrite(flag, name string, force bool) error {
	if force || name == "" {
		return nil
	}
	if st, err := os.Stat(name); err == nil && st.Mode().IsRegular() && st.Size() > 0 {
		return withCode(ExitError, fmt.Errorf("%s %s: the file exists: add --force to replace it, or give another file name", flag, name))
	}
	return nil
}

// outputDir is the error for an output file flag that names a folder;
// example, when not "", is a file name to suggest in it.
func outputDir(flag, name, example string) error {
	if example != "" {
		return withCode(ExitError, fmt.Errorf("%s %s: is a directory, not a file (give a file name, e.g. %s)", flag, name, filepath.Join(name, example)))
	}
	return withCode(ExitError, fmt.Errorf("%s %s: is a directory, not a file", flag, name))
}

// linkTarget is the file that name names, symbolic links followed, also
// when a link dangles: it names the file to create, and renaming over the
// link would replace it (a user's file) with a plain file.
func linkTarget(name string) (string, error) {
	if t, err := filepath.EvalSymlinks(name); err == nil {
		return t, nil
	}
	target := name
	for range 40 { // the kernel's own bound on the links a name may pass
		st, err := os.Lstat(target)
		if err != nil || st.Mode()&os.ModeSymlink == 0 {
			return target, nil
		}
		link, err := os.Readlink(target)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(target), link)
		}
		target = link
	}
	return "", syscall.ELOOP
}

// writeStdout is err, an error writing standard output, with ExitOutput.
func writeStdout(err error) error {
	if err == nil {
		return nil
	}
	return withCode(ExitOutput, fmt.Errorf("writing standard output: %v", err))
}

// searchConfig is the search that limits describe, for rules r: the table
// (release it with the returned func, which also lifts the heap bound) and
// the strategy.
func searchConfig(sio *IO, lim searchLimits, g games.Entry, r games.Rules) (games.Config, func(), error) {
	table, err := solver.NewTable(lim.strategy.Table, lim.ttMem)
	if err != nil {
		return games.Config{}, nil, err
	}
	// As solve: the table and the game's search heap bound the collector.
	unbound := boundMemory(sio, lim.ttMem+int64(max(lim.workers, 1))*g.SearchHeap, 1)
	search := lim.opts
	search.Table = table
	return games.Config{Rules: r, Strategy: lim.strategy, Search: search, Workers: lim.workers}, func() { unbound(); solver.CloseTable(table) }, nil
}

// positionOf is l's position after its first k moves; k < 0 takes them
// all. The error names the flag.
func positionOf(l line, k int) (position.Position, error) {
	moves := l.sol.Moves
	if k > len(moves) {
		if l.read.IllegalMove() == 0 {
			return position.Position{}, fmt.Errorf("--moves %d: the line has %s", k, words.Count(len(moves), "move"))
		}
		k = len(moves) // the line has an illegal move: the replay names it
	}
	var rest []solution.Move // the file's own moves after k, which may win sooner
	if k >= 0 {
		moves, rest = moves[:k], moves[k:]
	}
	return position.Position{Game: l.game, Deal: l.deal, Rules: l.rules, Moves: moves, Rest: rest}, nil
}

// dealName is "reloj seed 1" or "reloj deal" for messages.
func dealName(g games.Entry, seed *uint64) string {
	if seed != nil {
		return fmt.Sprintf("%s seed %d", g.Name, *seed)
	}
	return g.Name + " deal"
}

// positionError is err from position's replay or search as one line with
// its exit code: an illegal move with the file's name (ExitError), a found
// line the referee refused (ExitInternal, a bug), anything else ExitError.
func positionError(file string, err error) error {
	var me *verify.MoveError
	var ue *position.UnverifiedError
	switch {
	case errors.As(err, &ue):
		return withCode(ExitInternal, err)
	case errors.As(err, &me):
		var le *position.LineError // a move list's move: its line too
		if errors.As(err, &le) {
			return withCode(ExitError, fmt.Errorf("%s: %v", file, le))
		}
		return withCode(ExitError, fmt.Errorf("%s: %v", file, me))
	}
	return withCode(ExitError, err)
}

// loadPosition reads file's game in progress (with what the flags know
// of it) and the limits for hint and review: the line, its position after
// k moves (k < 0: all), and the search (call done when it is over).
func loadPosition(sio *IO, file string, known position.Known, k int, limits *limitFlags, workers int, lookup func(string) (games.Entry, error)) (l line, p position.Position, cfg games.Config, done func(), err error) {
	if l, err = readGame(sio, file, known, lookup); err != nil {
		return
	}
	lim, err := limits.parse(l.game)
	if err != nil {
		return
	}
	lim.workers = workers
	if p, err = positionOf(l, k); err != nil {
		return
	}
	cfg, done, err = searchConfig(sio, lim, l.game, l.rules)
	return
}
