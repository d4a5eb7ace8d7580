package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteFileAtomicKeepsWhatIsThere: a page written over a symbolic link
// writes the file it names and keeps the link; over a file keeps its
// permissions; over a device (/dev/full) writes in place, so the failure
// is exit 5 and the device stays a device.
func TestWriteFileAtomicKeepsWhatIsThere(t *testing.T) {
	dir := t.TempDir()
	page := func(f *os.File) error { _, err := f.WriteString("<html></html>"); return err }
	target := filepath.Join(dir, "page.html")
	if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.html")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := writeFileAtomic("--out", link, true, page); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", st.Mode(), err)
	}
	if b, _ := os.ReadFile(target); string(b) != "<html></html>" {
		t.Errorf("target holds %q", b)
	}
	if st, _ := os.Stat(target); st.Mode().Perm() != 0o600 {
		t.Errorf("target's mode %v, want 0600 kept", st.Mode().Perm())
	}
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here")
	}
	err := writeFileAtomic("--out", "/dev/full", false, page)
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != ExitOutput {
		t.Errorf("/dev/full: %v, want exit %d", err, ExitOutput)
	}
	if st, err := os.Stat("/dev/full"); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("/dev/full is no longer a device: %v %v", st.Mode(), err)
	}
}

// TestWriteFileAtomicDanglingLink: a link to a file not there yet makes that
// file and stays a link (the rename over the link would replace it); a
// loop of links is an output error.
func TestWriteFileAtomicDanglingLink(t *testing.T) {
	dir := t.TempDir()
	page := func(f *os.File) error { _, err := f.WriteString("<html></html>"); return err }
	link := filepath.Join(dir, "link.html")
	if err := os.Symlink("sub/page.html", link); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := writeFileAtomic("--out", link, false, page); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "sub", "page.html")); string(b) != "<html></html>" {
		t.Errorf("the link's file holds %q (%v)", b, err)
	}
	loop := filepath.Join(dir, "loop")
	if err := os.Symlink("loop", loop); err != nil {
		t.Fatal(err)
	}
	err := writeFileAtomic("--out", loop, false, page)
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != ExitOutput {
		t.Errorf("a loop of links: %v, want exit %d", err, ExitOutput)
	}
	if st, err := os.Lstat(loop); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the loop was replaced: %v", err)
	}
}

// TestWriteFileAtomicPipe: an output named by a link to a pipe, as
// /dev/stdout is under "| wc", is written to the pipe (the link's text,
// "pipe:[N]", names no file: "no such file or directory" before).
func TestWriteFileAtomicPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	name := fmt.Sprintf("/proc/self/fd/%d", w.Fd())
	if _, err := os.Stat(name); err != nil {
		w.Close()
		t.Skip("no /proc/self/fd here")
	}
	page := func(f *os.File) error { _, err := f.WriteString("<html></html>"); return err }
	if err := writeFileAtomic("--out", name, false, page); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	w.Close()
	if b, err := io.ReadAll(r); err != nil || string(b) != "<html></html>" {
		t.Fatalf("the pipe got %q, %v", b, err)
	}
}

// TestPageFilesNotReplaced: solve --html, show --out and report --out
// refuse a file that holds something, before any work, with one line
// naming the flag and the file, and leave it as it was; --force replaces
// it; an empty file is written without --force (as gen --out and analyze
// --jsonl take one).
func TestPageFilesNotReplaced(t *testing.T) {
	dir, sol, jsonl := pageInputs(t)
	page := filepath.Join(dir, "page.html")
	for _, c := range []struct {
		cmd  string
		args []string // the flag and file come last
	}{
		{"solve", []string{"solve", "--game", "reloj", "--seed", "1", "--html", page}},
		{"show", []string{"show", "--solution", sol, "--out", page}},
		{"report", []string{"report", jsonl, "--out", page}},
	} {
		flag := c.args[len(c.args)-2]
		if err := os.WriteFile(page, []byte("keep me"), 0o600); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runOut(c.args...)
		want := "solitario: " + c.cmd + ": " + flag + " " + page + ": the file exists: add --force to replace it, or give another file name\n"
		if code != ExitError || out != "" || errOut != want {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q; want exit %d and %q", c.args, code, len(out), errOut, ExitError, want)
		}
		if b, _ := os.ReadFile(page); string(b) != "keep me" {
			t.Errorf("%v: the file was changed to %d bytes", c.args, len(b))
		}
		if code, _, errOut := runOut(append(c.args, "--force")...); code != ExitOK {
			t.Errorf("%v --force: exit %d, %s", c.args, code, errOut)
		}
		if b, _ := os.ReadFile(page); !strings.HasPrefix(string(b), "<!DOCTYPE html>") {
			t.Errorf("%v --force: the file holds %.20q", c.args, b)
		}
		if st, _ := os.Stat(page); st.Mode().Perm() != 0o600 {
			t.Errorf("%v --force: mode %v, want 0600 kept", c.args, st.Mode().Perm())
		}
		if err := os.WriteFile(page, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if code, _, errOut := runOut(c.args...); code != ExitOK {
			t.Errorf("%v over an empty file: exit %d, %s", c.args, code, errOut)
		}
	}
	// The refusal comes before the work: a --force-less page over a full
	// file at the end of a long search would waste it.
	if err := os.WriteFile(page, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runOut("solve", "--game", "reloj", "--seed", "1", "--html", page)
	if code != ExitError || out != "" {
		t.Errorf("solve --html over a file: exit %d, printed %d bytes, want nothing solved", code, len(out))
	}
}

// TestForceHelpSaysLinkKept: the --force help of each command that has it
// says that a symbolic link is written through, as writeFileAtomic does.
func TestForceHelpSaysLinkKept(t *testing.T) {
	for _, name := range []string{"show", "report", "solve"} {
		c, _, err := newRoot(&IO{}).Find([]string{name})
		if err != nil {
			t.Fatal(err)
		}
		f := c.Flags().Lookup("force")
		if f == nil {
			t.Fatalf("%s: no --force", name)
		}
		if want := "a symbolic link is kept and the file it names is replaced"; !strings.Contains(f.Usage, want) {
			t.Errorf("%s --force: usage %q lacks %q", name, f.Usage, want)
		}
	}
}

// TestOutputInMissingDirectory: an output file whose directory is missing
// (or is a file) is exit 5, as a write that fails (the README's exit
// table), with one line naming the flag, the file and the directory, not
// the system's "no such file or directory", which reads as if the file
// were wanted; nothing is written to standard output.
func TestOutputInMissingDirectory(t *testing.T) {
	dir, sol, jsonl := pageInputs(t)
	noDir := filepath.Join(dir, "no", "such")
	inFile := filepath.Join(sol, "x") // below a file
	for _, c := range []struct {
		cmd  string
		args []string // the flag comes last, then the file
	}{
		{"solve", []string{"solve", "--game", "reloj", "--seed", "1", "--html"}},
		{"show", []string{"show", "--solution", sol, "--out"}},
		{"report", []string{"report", jsonl, "--out"}},
		{"gen", []string{"gen", "--game", "reloj", "--count", "1", "--workers", "1", "--quiet", "--out"}},
		{"analyze", []string{"analyze", "--game", "reloj", "--seeds", "1..2", "--workers", "1", "--quiet", "--jsonl"}},
	} {
		flag := c.args[len(c.args)-1]
		for _, d := range []struct{ file, why string }{
			{filepath.Join(noDir, "x.out"), "the directory " + noDir + " does not exist: create it first, or give another file name"},
			{filepath.Join(sol, "x.out"), sol + " is a file, not a directory: give another file name"},
			{filepath.Join(inFile, "x.out"), sol + " is a file, not a directory: give another file name"},
		} {
			code, out, errOut := runOut(append(c.args, d.file)...)
			want := "solitario: " + c.cmd + ": " + flag + " " + d.file + ": " + d.why + "\n"
			if code != ExitOutput || out != "" || errOut != want {
				t.Errorf("%s %s %s: exit %d, stdout %d bytes, stderr %q; want exit %d and %q", c.cmd, flag, d.file, code, len(out), errOut, ExitOutput, want)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "no")); err == nil {
		t.Errorf("a directory was made")
	}
	// The pages are refused before any work (claimOutput), as a file that
	// holds something is: a long solve would be lost at its end.
	_, err := claimOutput(&IO{}, "--html", filepath.Join(noDir, "p.html"), false)
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != ExitOutput || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("claimOutput in a missing directory: %v, want exit %d before the work", err, ExitOutput)
	}
}

// pageInputs is the input of show and report for the output tests: in a
// fresh directory, a solution of reloj seed 1 (r1.json) and analyze's
// lines for reloj 1..3 (r.jsonl).
func pageInputs(t *testing.T) (dir, sol, jsonl string) {
	t.Helper()
	dir = t.TempDir()
	sol = filepath.Join(dir, "r1.json")
	if err := os.WriteFile(sol, []byte(relojSeed1(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	jsonl = filepath.Join(dir, "r.jsonl")
	if code, _, errOut := runOut("analyze", "--game", "reloj", "--seeds", "1..3", "--workers", "1", "--quiet", "--jsonl", jsonl); code != ExitOK {
		t.Fatalf("analyze: exit %d, %s", code, errOut)
	}
	return dir, sol, jsonl
}
