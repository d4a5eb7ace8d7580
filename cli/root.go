package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/internal/words"
)

// Exit codes of the solitario command.
const (
	ExitOK         = 0 // success; for solve, a winnable deal; for verify, a legal win
	ExitFailed     = 1 // verify: the line is illegal or does not win; bench: verdicts disagree
	ExitError      = 2 // bad input or usage: unknown game, card, flag, file; nothing was solved
	ExitUnwinnable = 3 // solve: the deal cannot be won
	ExitUnknown    = 4 // solve: a limit stopped the search before a verdict; gen: --count not reached
	// ExitOutput: output could not be written (standard output, a --out or
	// --jsonl file: a full disk, no permission); what was computed may be
	// lost. A closed pipe is ExitClosedPipe.
	ExitOutput = 5
	// ExitIncomplete: merge summed files that miss some deals of the
	// analysis (a shard with no file, a file short of its shard).
	ExitIncomplete = 6
	// ExitInternal: solve, hint, review, analyze or gen found a winning
	// line that the plain referee (package verify) rejects: a bug,
	// reported instead of the line.
	ExitInternal = 7
	// ExitClosedPipe: standard output (or an output file) is a pipe whose reader went away
	// ("| head -1"): the command ends with no message, with the status a
	// shell gives a program SIGPIPE ends (128+13), so a pipeline under
	// "set -o pipefail" sees it as it sees yes or cat cut short.
	ExitClosedPipe = 141
)

// Version is the program version printed by --version.
const Version = "0.1.0"

// versionText is what --version prints after "solitario version ": the
// version, the commit the binary was built from (as analyze records it)
// and its Go: "0.1.0 (commit 8ceece40694b, go1.26.8)".
func versionText() string {
	return fmt.Sprintf("%s (commit %s, %s)", Version, analysis.ShortCommit(analysis.Commit()), runtime.Version())
}

// IO is what a command may touch: its streams, the environment and whether
// stderr is a terminal. Tests fill it with buffers.
type IO struct {
	In       io.Reader
	Out      io.Writer
	Err      io.Writer
	Getenv   func(string) string
	ErrIsTTY bool // progress bars are drawn only on a terminal (not TERM=dumb)
	OutIsTTY bool // colour only on a terminal without NO_COLOR
	Width    int  // standard output's columns when it is a terminal, else 0: help is wrapped to it (80 for 0)
	// Done is closed on Ctrl-C (Run sets it from its context): a command
	// waiting for its input gives up then (readInput).
	Done <-chan struct{}
	// Command is the command line, "solitario" first (Run sets it): the
	// JSON of analyze and bench records it, so a result file says what
	// made it.
	Command []string
}

// exitError carries a chosen exit code up through cobra.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return ""
	}
	return e.err.Error()
}

// withCode wraps err (nil allowed: exit silently) with an exit code. An
// error that carries its code already keeps it: the code is chosen where
// the error is known best (a read interrupted by Ctrl-C is exit 130 under
// a caller's "bad input").
func withCode(code int, err error) error {
	if ee, ok := err.(*exitError); ok {
		return ee
	}
	return &exitError{code: code, err: err}
}

// Run executes the command line args (without the program name) and returns
// the exit code. An error is printed as one line on Err,
// "solitario: <command>: <what>: <why>" (without the command for errors
// before one is known, such as an unknown command).
func Run(ctx context.Context, args []string, io IO) int {
	out := &stickyWriter{w: io.Out}
	io.Out = out
	io.Command = append([]string{"solitario"}, args...)
	io.Done = ctx.Done()
	return execute(ctx, newRoot(&io), args, io.Err, func() error { return out.err })
}

// execute runs root on args, prints the error line on errw and returns the
// exit code; outErr is the first error writing standard output, if any.
func execute(ctx context.Context, root *cobra.Command, args []string, errw io.Writer, outErr func() error) int {
	root.SetArgs(args)
	root.InitDefaultVersionFlag() // known to Find: a bool, it takes no value
	cmd, rest, findErr := root.Find(args)
	err := repeatedFlag(root, args)
	if findErr == nil && !cmd.HasParent() && slices.Contains(rest, "") {
		// Find skips an empty word: `solitario ""` printed the help, exit
		// 0. The root's only flags (--help, --version) take no value, so
		// the word is a command's name.
		err = withCode(ExitError, fmt.Errorf("unknown command %q for %q", "", root.Name()))
	}
	if findErr != nil && (slices.Contains(args, "--version") || slices.Contains(args, "-v")) {
		// cobra prints the version before it looks at the arguments:
		// "--version extra" would exit 0.
		err = withCode(ExitError, findErr)
	}
	if err == nil {
		cmd, err = root.ExecuteContextC(ctx)
	}
	code, msg := ExitOK, ""
	var ee *exitError
	switch {
	case errors.Is(outErr(), syscall.EPIPE):
		// The reader went away: nothing more is wanted, and nothing is
		// wrong to say.
		code = ExitClosedPipe
	case outErr() != nil:
		// Output that did not get out (a full disk) is a
		// failure whatever the verdict was; it is the one error said, as
		// a command that checks its writes fails because of it.
		why := outErr()
		var pe *fs.PathError
		if errors.As(why, &pe) {
			why = pe.Err // "write /dev/stdout: …" names the file again
		}
		code, msg = ExitOutput, "writing standard output: "+why.Error()
	case errors.As(err, &ee):
		code = ee.code
		if ee.err != nil {
			msg = ee.err.Error()
		}
	case err != nil:
		code, msg = ExitError, err.Error()
	}
	if msg != "" {
		if cmd != nil && !cmd.HasParent() && strings.HasPrefix(msg, "unknown command ") && !strings.Contains(msg, "Did you mean") {
			// cobra suggests only a near name: say which there are, as help does.
			msg += " (commands: " + strings.Join(commandNames(cmd), ", ") + ")"
		}
		fmt.Fprintln(errw, errorLine(cmd, msg))
	}
	return code
}

// errorLine is msg as the one error line of command c: "solitario: c: msg",
// on one line, with no second "c: " when msg starts with it already.
func errorLine(c *cobra.Command, msg string) string {
	msg = oneLine(msg)
	for c != nil && c.HasParent() && c.Parent().HasParent() {
		c = c.Parent() // "completion bash": the command is completion
	}
	if c == nil || !c.HasParent() {
		return "solitario: " + msg
	}
	return "solitario: " + c.Name() + ": " + strings.TrimPrefix(msg, c.Name()+": ")
}

// stickyWriter keeps the first error of its writer and fails every later
// write with it, so that Run can tell a command whose output was lost.
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	s.err = err
	return n, err
}

// oneLine keeps an error to one line: cobra's "unknown command" error adds
// "\n\nDid you mean this?\n\tdeal\n" suggestions, which become
// " (did you mean deal?)"; any other line breaks become "; ".
func oneLine(msg string) string {
	msg = cutLongWords(strings.TrimSpace(msg))
	if head, sugg, ok := strings.Cut(msg, "\n\nDid you mean this?\n"); ok {
		return head + " (did you mean " + strings.Join(strings.Fields(sugg), " or ") + "?)"
	}
	var parts []string
	for _, l := range strings.Split(msg, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, "; ")
}

// longWord is the longest run without white space an error message shows
// whole: user values (a game name, a flag value, a card in a solution file)
// are quoted in errors, and a 100 KB junk value must not make a 100 KB line
// (200: file paths stay whole).
const longWord = 200

// cutLongWords shortens every run of more than longWord bytes without white
// space to its first 24 bytes (whole characters), "…" and its size, as
// words.Quote cuts a token: "xxx"… (300 bytes), a quoted value by its
// text's size, not its escapes'. A token words.Quote quoted or cut already
// (its own 60 characters, which escaped may be longer than longWord) is
// left as it is. White space between words becomes one space (an error is
// one line anyway).
func cutLongWords(msg string) string {
	fields := strings.Fields(msg)
	long := false
	for _, f := range fields {
		long = long || len(f) > longWord
	}
	if !long {
		return msg
	}
	for i, f := range fields {
		if len(f) <= longWord || strings.HasSuffix(f, `"…`) { // words.Quote's cut
			continue
		}
		body, close := f, ""
		if b, ok := strings.CutSuffix(body, ":"); ok { // "NAME: reason": the colon stays
			body, close = b, ":"
		}
		if strings.HasPrefix(body, `"`) {
			if k := strings.LastIndexByte(body, '"'); k > 0 && len(body)-k <= 3 {
				if text, err := strconv.Unquote(body[:k+1]); err == nil {
					if utf8.RuneCountInString(text) <= quoteMax {
						continue // words.Quote's whole, its escapes long
					}
					fields[i] = words.Quote(text, 24) + body[k+1:] + close
					continue
				}
				body, close = body[1:k], body[k+1:]+close
			} else {
				body = body[1:]
			}
			fields[i] = fmt.Sprintf("\"%s\"… (%d bytes)%s", cut24(body), len(body), close)
			continue
		}
		fields[i] = fmt.Sprintf("%s… (%d bytes)%s", cut24(body), len(body), close)
	}
	return strings.Join(fields, " ")
}

// quoteMax is the most characters words.Quote shows of a token in the
// messages of package solution and the referee.
const quoteMax = 60

// cut24 is s's first 24 bytes or fewer, whole characters.
func cut24(s string) string {
	n := 0
	for j := range s { // j: the byte offset of each character
		if j > 24 {
			break
		}
		n = j
	}
	return s[:n]
}

// StdIO is the process's real streams and environment.
func StdIO() IO {
	return IO{
		In: os.Stdin, Out: os.Stdout, Err: os.Stderr, Getenv: os.Getenv,
		// A dumb terminal cannot erase a line: no progress bars there.
		ErrIsTTY: term.IsTerminal(int(os.Stderr.Fd())) && os.Getenv("TERM") != "dumb",
		OutIsTTY: term.IsTerminal(int(os.Stdout.Fd())),
		Width:    terminalWidth(),
	}
}

// terminalWidth is standard output's columns, 0 when it is no terminal.
func terminalWidth() int {
	if w, _, err := term.GetSize(int(os.Stdout.Fd())); err == nil {
		return w
	}
	return 0
}

func newRoot(io *IO) *cobra.Command {
	root := &cobra.Command{
		Use:   "solitario",
		Short: "Exhaustive solver and deal analyzer for Italian and Spanish patience games",
		Long: `solitario decides whether a deal of Il Ventaglio, Del reloj, De los sietes or the
Solitario dell'orologio (Italian or French deck) can be won under optimal play, prints the
winning line, verifies lines, measures winnability over many deals and benchmarks search
strategies. Commands take flags only ('solitario solve --game reloj --seed 42'), except
merge and report, which take files.`,
		Example: `  solitario solve --game reloj --seed 1
  solitario deal --game ventaglio --seed 1
  solitario games`,
		Version:       versionText(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return withCode(ExitError, flagError(c, err)) // execute names the command
	})
	root.AddCommand(
		newGamesCmd(io),
		newDealCmd(io),
		newSolveCmd(io, nil),
		newVerifyCmd(io, nil),
		newOddsCmd(io),
		newAnalyzeCmd(io, nil),
		newMergeCmd(io, nil),
		newGenCmd(io, nil),
		newBenchCmd(io, nil),
		newStrategiesCmd(io),
		newShowCmd(io),
		newHintCmd(io),
		newReviewCmd(io),
		newReportCmd(io),
		newBoardCmd(io),
	)
	// Set before the completion command is made: it keeps the writer it
	// finds then.
	root.SetIn(io.In)
	root.SetOut(io.Out)
	root.SetErr(io.Err)
	strictHelpAndCompletion(root)
	wrapHelp(root, io)
	return root
}

// commandNames is the commands of root a user may give, help among them.
func commandNames(root *cobra.Command) []string {
	var names []string
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() || c.Name() == "help" {
			names = append(names, c.Name())
		}
	}
	return names
}

// strictHelpAndCompletion makes cobra's own help and completion commands
// refuse what they do not know with one line and exit 2: by default "help
// bogus" prints "Unknown help topic" and the usage, and "completion bogus"
// the completion help, both with exit 0.
func strictHelpAndCompletion(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	names := commandNames(root)
	for _, c := range root.Commands() {
		switch c.Name() {
		case "help":
			c.Run = nil
			c.RunE = func(c *cobra.Command, args []string) error {
				cmd, rest, err := c.Root().Find(args)
				if cmd == nil || err != nil || len(args) > 0 && !cmd.HasParent() {
					// The root found for words given: "help """ (Find skips
					// an empty word) printed the root's help, exit 0.
					return withCode(ExitError, fmt.Errorf("help: unknown command %q (commands: %s)", strings.Join(args, " "), strings.Join(names, ", ")))
				}
				if len(rest) > 0 {
					// "help solve extra": Find leaves the words after a
					// command without subcommands; they were ignored.
					return withCode(ExitError, fmt.Errorf("help: unexpected argument %q: help takes one command, e.g. 'solitario help %s'", rest[0], strings.TrimPrefix(cmd.CommandPath(), c.Root().Name()+" ")))
				}
				cmd.InitDefaultHelpFlag()
				cmd.InitDefaultVersionFlag()
				return cmd.Help()
			}
		case "completion":
			var shells []string
			for _, sh := range c.Commands() {
				shells = append(shells, sh.Name())
				// cobra's NoArgs says `unknown command "x" for "solitario completion bash"`.
				sh.Args = func(sh *cobra.Command, args []string) error {
					if len(args) == 0 {
						return nil
					}
					return withCode(ExitError, fmt.Errorf("completion: unexpected argument %q: %s takes no arguments (see '%s --help')", args[0], sh.Name(), sh.CommandPath()))
				}
			}
			c.Args = func(_ *cobra.Command, args []string) error {
				if len(args) > 0 {
					return withCode(ExitError, fmt.Errorf("completion: unknown shell %q (shells: %s)", args[0], strings.Join(shells, ", ")))
				}
				return nil
			}
			c.RunE = func(c *cobra.Command, _ []string) error { return c.Help() }
		}
	}
}
