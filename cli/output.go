package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/spf13/cobra"
)

// outValue is a file flag that names an output. Where the output's
// default is standard output (stdout set), "-" names it too, as in
// other tools, and is stored as "" (the default); elsewhere "-" is refused:
// a file called "-" is never what a user meant.
type outValue struct {
	stringFlag
	stdout bool
}

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

// outFlag adds an output file flag to c; stdout says that the output goes
// to standard output when the flag is not given (outValue).
func outFlag(c *cobra.Command, p *string, name, shorthand, usage string, stdout bool) {
	c.Flags().VarP(outValue{stringFlag: stringFlag{p}, stdout: stdout}, name, shorthand, usage)
}

// forceFlag adds --force, which lets the file of flag (--out, --html)
// replace a file that holds something (checkOverwrite). A symbolic link is
// written through (writeFileAtomic): the link may be the user's, and is kept.
func forceFlag(c *cobra.Command, p *bool, flag string) {
	c.Flags().BoolVar(p, "force", false, "replace the "+flag+" file if it exists and holds something (refused without it); a symbolic link is kept and the file it names is replaced")
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
