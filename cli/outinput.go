package cli

import (
	"fmt"
	"os"
)

// input is a file a command reads: its flag ("--deal"; "" for an argument)
// and its name ("-" for standard input, after a flag).
type input struct{ flag, name string }

// checkNotInput refuses out, the output file of flag, when it is one of the
// command's inputs: writing it would destroy what the command read.
// os.SameFile sees one file through links and other spellings of its path;
// standard input is compared when it is a file. A missing output, and one
// that is no regular file (/dev/null, a pipe), is no input destroyed.
func checkNotInput(sio *IO, flag, out string, ins ...input) error {
	if out == "" {
		return nil
	}
	ost, err := os.Stat(out)
	if err != nil || !ost.Mode().IsRegular() {
		return nil // writeFileAtomic says what is wrong with it
	}
	for _, in := range ins {
		var st os.FileInfo
		switch {
		case in.name == "":
			continue
		case in.name == "-" && in.flag != "":
			f, ok := sio.In.(*os.File)
			if !ok {
				continue
			}
			st, err = f.Stat()
		default:
			st, err = os.Stat(in.name)
		}
		if err != nil || !os.SameFile(ost, st) {
			continue
		}
		what := "the input file " + in.name
		switch {
		case in.name == "-" && in.flag != "":
			what = "standard input (" + in.flag + " -)"
		case in.flag != "":
			what = "the " + in.flag + " file " + in.name
		}
		return withCode(ExitError, fmt.Errorf("%s %s: is %s: writing it would destroy it; give another file name", flag, out, what))
	}
	return nil
}

// checkNotStdout refuses out, the output file of flag, when it is the file
// or pipe standard output goes to (/dev/stdout, or the file the shell
// redirected it to), while the command prints there too (what): the file
// written apart from standard output would be overwritten by it, or replace
// it (a page renamed over a redirected file, the text printed lost), or the
// two would mix in the pipe.
func checkNotStdout(sio *IO, flag, out, what string) error {
	if out == "" {
		return nil
	}
	w := sio.Out
	if s, ok := w.(*stickyWriter); ok {
		w = s.w
	}
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	ost, err := os.Stat(out)
	if err != nil {
		return nil
	}
	st, err := f.Stat()
	if err != nil || !os.SameFile(ost, st) || !(st.Mode().IsRegular() || st.Mode()&os.ModeNamedPipe != 0) {
		return nil // a device (/dev/null, a terminal) keeps nothing to spoil
	}
	return withCode(ExitError, fmt.Errorf("%s %s: is standard output, where %s: give another file name", flag, out, what))
}
