package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/solitario/solitario/board"
)

// boardFiles stands for the board's folder without building the engine.
func boardFiles() map[string][]byte {
	return map[string][]byte{"index.html": []byte("<p>board</p>"), "solitario.js": []byte("export {}"), "solitario.wasm": []byte("\x00asm")}
}

// TestBoardExportRefuses: --export writes every file byte for byte and
// touches nothing else; a user's file of one of the board's names is
// refused (exit 2, one line naming it) before anything is written, unless
// --force; a symbolic link or a folder of such a name is refused even with
// --force, and the file behind the link is kept.
func TestBoardExportRefuses(t *testing.T) {
	files := boardFiles()
	check := func(name string, err error, code int, want string) {
		t.Helper()
		if err == nil {
			t.Fatalf("%s: accepted", name)
		}
		c := -1
		if ee, ok := err.(*exitError); ok {
			c = ee.code
		}
		if c != code || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: exit %d, %q; want exit %d and one line with %q", name, c, err, code, want)
		}
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "keep.txt"), []byte("mine"), 0o644)
	if err := exportBoard(files, dir, false); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != string(data) {
			t.Errorf("%s: %q, %v; want %q", name, got, err, data)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "keep.txt")); string(got) != "mine" {
		t.Errorf("keep.txt: %q; want it untouched", got)
	}

	// A user's index.html: refused, and solitario.js (after it) not written.
	dir = t.TempDir()
	index := filepath.Join(dir, "index.html")
	os.WriteFile(index, []byte("my page"), 0o644)
	check("existing file", exportBoard(files, dir, false), ExitError, index+": the file exists: add --force")
	if got, _ := os.ReadFile(index); string(got) != "my page" {
		t.Errorf("index.html: %q; want the user's", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "solitario.js")); err == nil {
		t.Errorf("solitario.js written before the refusal")
	}
	if err := exportBoard(files, dir, true); err != nil {
		t.Fatalf("--force: %v", err)
	}
	if got, _ := os.ReadFile(index); string(got) != "<p>board</p>" {
		t.Errorf("--force: index.html %q", got)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}

	// A link to the user's file: refused with --force, the file kept.
	dir = t.TempDir()
	mine := filepath.Join(t.TempDir(), "mine.js")
	os.WriteFile(mine, []byte("mine"), 0o644)
	link := filepath.Join(dir, "solitario.js")
	if err := os.Symlink(mine, link); err != nil {
		t.Fatal(err)
	}
	check("symlink", exportBoard(files, dir, true), ExitError, link+" is a symbolic link")
	if got, _ := os.ReadFile(mine); string(got) != "mine" {
		t.Errorf("the link's file: %q; want it kept", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err == nil {
		t.Errorf("index.html written before the refusal")
	}

	// A folder of one of the names: refused with --force, nothing written.
	dir = t.TempDir()
	wasm := filepath.Join(dir, "solitario.wasm")
	os.Mkdir(wasm, 0o755)
	check("folder", exportBoard(files, dir, true), ExitError, wasm+": is a directory")
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err == nil {
		t.Errorf("index.html written before the refusal")
	}
}

// TestBoardForceNeedsExport: --force alone is refused, as show's is.
func TestBoardForceNeedsExport(t *testing.T) {
	code, _, errOut := runOut("board", "--force")
	if code != ExitError || errOut != "solitario: board: --force needs --export DIR: it lets the board's files replace files that hold something\n" {
		t.Errorf("board --force: exit %d, %q", code, errOut)
	}
	// --addr with --export was taken and ignored: refused, nothing written.
	dir := filepath.Join(t.TempDir(), "site")
	code, _, errOut = runOut("board", "--export", dir, "--addr", "127.0.0.1:8080")
	if _, err := os.Stat(dir); code != ExitError || errOut != "solitario: board: --addr and --export: --export writes the board's files and serves nothing; give one of them\n" || err == nil {
		t.Errorf("board --export DIR --addr: exit %d, %q, folder made: %v", code, errOut, err == nil)
	}
}

// TestBoardEmptyAddr: --addr "" is refused (net.Listen took it for every
// interface), as --export "" is.
func TestBoardEmptyAddr(t *testing.T) {
	code, out, errOut := runOut("board", "--addr", "")
	if code != ExitError || out != "" || errOut != "solitario: board: --addr: empty address (want HOST:PORT, e.g. 127.0.0.1:8080; the default is 127.0.0.1 at a free port)\n" {
		t.Errorf("board --addr \"\": exit %d, %q, %q", code, out, errOut)
	}
}

// TestBoardExportChecksFirst: board --export checks the folder before the
// engine is built (a minute): run where no engine can be built (outside
// the source tree), a user's file, a symbolic link or a file for the
// folder is refused for what it is, not for the missing build.
func TestBoardExportChecksFirst(t *testing.T) {
	for _, name := range board.Generated {
		if _, err := os.Stat(filepath.Join("..", "board", "static", name)); err == nil {
			t.Skip("this solitario embeds the engine (go generate ./board): no build to come first")
		}
	}
	dir := t.TempDir()
	t.Chdir(t.TempDir()) // no go.mod of solitario's: a build would fail at once
	index := filepath.Join(dir, "index.html")
	os.WriteFile(index, []byte("my page"), 0o644)
	code, _, errOut := runOut("board", "--export", dir)
	if want := "solitario: board: --export " + index + ": the file exists: add --force to replace it, or give another file name\n"; code != ExitError || errOut != want {
		t.Errorf("a user's index.html: exit %d, %q; want exit %d, %q", code, errOut, ExitError, want)
	}
	os.Remove(index)
	link := filepath.Join(dir, "solitario.wasm")
	os.Symlink(filepath.Join(t.TempDir(), "x"), link)
	code, _, errOut = runOut("board", "--export", dir, "--force")
	if code != ExitError || !strings.Contains(errOut, link+" is a symbolic link") {
		t.Errorf("a symbolic link: exit %d, %q; want exit %d naming it", code, errOut, ExitError)
	}
	// A file for the folder, or above it: a usage error (exit 2, as a
	// folder given to --out is) naming the file, which is left as it was.
	afile := index + "x"
	os.WriteFile(afile, []byte("the user's"), 0o644)
	for _, c := range []struct{ arg, want string }{
		{afile, "solitario: board: --export " + afile + ": is a file, not a folder: give a folder, new or the board's (the file is left as it is)\n"},
		{filepath.Join(afile, "site"), "solitario: board: --export " + filepath.Join(afile, "site") + ": " + afile + " is a file, not a folder: give a folder, new or the board's (the file is left as it is)\n"},
	} {
		for _, force := range []bool{false, true} {
			args := []string{"board", "--export", c.arg}
			if force {
				args = append(args, "--force")
			}
			code, _, errOut = runOut(args...)
			if code != ExitError || errOut != c.want {
				t.Errorf("%s: exit %d, %q; want exit %d, %q", strings.Join(args, " "), code, errOut, ExitError, c.want)
			}
			if b, err := os.ReadFile(afile); err != nil || string(b) != "the user's" {
				t.Errorf("%s: the file now holds %q (%v); want it untouched", strings.Join(args, " "), b, err)
			}
		}
	}
}
