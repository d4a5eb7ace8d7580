package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
	if err := writeFileAtomic("--out", link, page); err != nil {
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
	err := writeFileAtomic("--out", "/dev/full", page)
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
	if err := writeFileAtomic("--out", link, page); err != nil {
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
	err := writeFileAtomic("--out", loop, page)
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
	if err := writeFileAtomic("--out", name, page); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	w.Close()
	if b, err := io.ReadAll(r); err != nil || string(b) != "<html></html>" {
		t.Fatalf("the pipe got %q, %v", b, err)
	}
}
